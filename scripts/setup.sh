#!/usr/bin/env bash
# Create .venv and install heartsuite into it. With --test, also the test tools (Python's, and
# TypeScript in tools/js with Debian's nodejs and npm when npm is missing) and Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if [ "${1:-}" = "--test" ]; then
    .venv/bin/python -m pip install -q -e '.[test]'
    if [ ! -x /usr/bin/chromium ]; then
        SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
    fi
    # The JS type checker (tools/js, TypeScript pinned by its lock file) needs Node's npm.
    if ! command -v npm >/dev/null; then
        SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
    fi
    if [ tools/js/package-lock.json -nt tools/js/node_modules/.package-lock.json ]; then
        (cd tools/js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    fi
else
    .venv/bin/python -m pip install -q -e .
fi
