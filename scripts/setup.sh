#!/usr/bin/env bash
# Create .venv and install heartsuite into it. With --test, also the test tools and Debian's chromium.
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
else
    .venv/bin/python -m pip install -q -e .
fi
