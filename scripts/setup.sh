#!/usr/bin/env bash
# Create .venv and install heartsuite into it. With --test, also the test tools (Python's, and
# TypeScript and axe-core in tools/js with Debian's nodejs and npm when npm is missing), Debian's
# chromium, PostgreSQL, Redis and nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if [ "${1:-}" = "--test" ]; then
    .venv/bin/python -m pip install -q -e '.[test]'
    # Debian's packages the tests use: chromium for the browser tests, Noto fonts so screenshots
    # show every script (Arabic, Devanagari, CJK names, emoji reactions), Node's npm for the JS
    # type checker and the accessibility audit (tools/js: TypeScript and axe-core, pinned by its
    # lock file). Installed once, when missing.
    MISSING=""
    [ -x /usr/bin/chromium ] || MISSING="$MISSING chromium chromium-driver"
    for font in fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji; do
        dpkg -s "$font" >/dev/null 2>&1 || MISSING="$MISSING $font"
    done
    command -v npm >/dev/null || MISSING="$MISSING nodejs npm"
    # PostgreSQL for the store tests on both backends (each test session starts its own server).
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || MISSING="$MISSING postgresql"
    # Redis for the tests of several server processes (events, leases, the bot-worker queue).
    command -v redis-server >/dev/null || MISSING="$MISSING redis-server"
    # nginx: the load balancer of docs/deploy.md (deploy/nginx.conf) in front of two servers
    [ -x /usr/sbin/nginx ] || MISSING="$MISSING nginx-light"
    if [ -n "$MISSING" ]; then
        SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
        $SUDO apt-get update -qq
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
    fi
    # npm ci again whenever the lock file changed (a tool added or updated), e.g. after a pull
    if [ tools/js/package-lock.json -nt tools/js/node_modules/.package-lock.json ]; then
        (cd tools/js && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    fi
else
    .venv/bin/python -m pip install -q -e .
fi
# Compile the play-out core once (numba keeps the machine code on disk), so that the first Hard
# move of the app or of a test does not wait for it (scripts/test.sh does it itself, beside the
# static checks: HEARTSUITE_NO_WARM=1).
[ -n "${HEARTSUITE_NO_WARM:-}" ] || .venv/bin/python -m heartsuite.players.warm
