#!/usr/bin/env bash
# Set up (venv, test tools, Debian's chromium) and run the whole test suite: ruff, mypy --strict,
# the JS type check (tsc, see jsconfig.json), the layer contracts (import-linter, see
# pyproject.toml), then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/ruff check heartsuite tests bench
.venv/bin/mypy --strict heartsuite
tools/js/node_modules/.bin/tsc -p jsconfig.json
# quiet when the contracts hold; run again to print the report when one is broken
.venv/bin/lint-imports --no-cache >/dev/null || .venv/bin/lint-imports --no-cache
.venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
