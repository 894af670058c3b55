#!/usr/bin/env bash
# Set up (venv, test tools, Debian's chromium) and run the whole test suite: ruff, the import
# contracts (lint-imports, pyproject.toml), then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/ruff check heartsuite tests bench
.venv/bin/lint-imports
.venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
