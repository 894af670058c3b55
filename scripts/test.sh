#!/usr/bin/env bash
# Set up (venv, test tools, Debian's chromium) and run the whole test suite: ruff, mypy --strict,
# the JS type check (tsc, see jsconfig.json), the layer contracts (import-linter, see
# pyproject.toml), then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
HEARTSUITE_NO_WARM=1 bash scripts/setup.sh --test
# The play-out core's compile (one core, ~16 s the first time) runs beside the static checks.
.venv/bin/python -m heartsuite.players.warm &
warm=$!
.venv/bin/ruff check heartsuite tests bench scripts
.venv/bin/mypy --strict heartsuite
tools/js/node_modules/.bin/tsc -p jsconfig.json
# quiet when the contracts hold; run again to print the report when one is broken
.venv/bin/lint-imports --no-cache >/dev/null || .venv/bin/lint-imports --no-cache
wait "$warm"
.venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
