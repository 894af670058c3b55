#!/usr/bin/env bash
# Set up (first run only) and start the app: heartsuite serve, SQLite in the user's data directory.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/heartsuite serve "$@"
