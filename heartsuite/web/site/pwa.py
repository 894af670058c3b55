"""The installable app: the web app manifest (`/manifest.webmanifest`, in the request's language),
the service worker (`/sw.js`, scope "/", source `static/js/sw.js`) and the offline page it keeps
(`/offline`).

The worker precaches every static file and the offline page in a cache named after this release's
`version()`, a hash of the static files, the offline page and the worker itself: a release that
changes any of them changes `/sw.js`, so browsers install the new worker, which drops the old
cache. Static files are answered cache-first; pages go to the server and fall back to the offline
page when it cannot be reached; `/api/` (and the sockets under it) is never cached."""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from heartsuite.web.i18n import LANGUAGES, direction, language_of, translate
from heartsuite.web.shell import ENV, THEME_COLOR

router = APIRouter()
STATIC = Path(__file__).resolve().parent.parent / "static"
WORKER = STATIC / "js" / "sw.js"
OFFLINE = "/offline"
# file in static/icons/, size in px, purpose
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
# the line of sw.js that the server fills in
_CONFIG = re.compile(r"^const CONFIG = .*;$", re.MULTILINE)
NO_CACHE = {"Cache-Control": "no-cache"}


def static_files() -> list[str]:
    """The URLs the worker precaches: every static file but the worker's own source."""
    return sorted(f"/static/{path.relative_to(STATIC).as_posix()}"
                  for path in STATIC.rglob("*") if path.is_file() and path != WORKER)


@lru_cache(maxsize=1)
def offline_page() -> str:
    """The offline page, with its three texts in every language (the worker caches it once)."""
    strings = {lang: {"title": translate(lang, "offline.title"),
                      "body": translate(lang, "offline.body"),
                      "retry": translate(lang, "common.retry"),
                      "dir": direction(lang)} for lang in LANGUAGES}
    return ENV.get_template("offline.html").render(strings=strings)


@lru_cache(maxsize=1)
def version() -> str:
    """This release's cache version: a hash of the static files, the offline page and the
    worker's source."""
    digest = hashlib.sha256()
    for url in static_files():
        digest.update(url.encode() + b"\0")
        digest.update((STATIC / url.removeprefix("/static/")).read_bytes())
    digest.update(offline_page().encode())
    digest.update(WORKER.read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def service_worker() -> str:
    """static/js/sw.js with this release's version and files in its CONFIG line."""
    config = {"version": version(), "offline": OFFLINE, "files": static_files()}
    source, count = _CONFIG.subn(
        lambda _: f"const CONFIG = {json.dumps(config, separators=(',', ':'))};",
        WORKER.read_text(encoding="utf-8"), count=1)
    if count != 1:
        raise RuntimeError(f"{WORKER} has no `const CONFIG = …;` line")
    return source


def manifest(lang: str) -> dict[str, Any]:
    """The web app manifest in `lang` (the name stays "heartsuite" in every language)."""
    return {
        "name": translate(lang, "app.name"),
        "short_name": translate(lang, "app.name"),
        "description": translate(lang, "app.tagline"),
        "lang": lang,
        "dir": direction(lang),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": THEME_COLOR,
        "icons": [{"src": f"/static/icons/{name}", "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": purpose} for name, size, purpose in ICONS],
    }


@router.get("/manifest.webmanifest")
async def manifest_route(request: Request) -> Response:
    body = json.dumps(manifest(language_of(request)), ensure_ascii=False, indent=1)
    return Response(body, media_type="application/manifest+json",
                    headers={**NO_CACHE, "Vary": "Cookie, Accept-Language"})


@router.get("/sw.js")
async def worker_route() -> Response:
    """The worker, never taken from the HTTP cache, so a release is seen at the next visit."""
    return Response(service_worker(), media_type="text/javascript",
                    headers={**NO_CACHE, "Service-Worker-Allowed": "/"})


@router.get(OFFLINE, response_class=HTMLResponse)
async def offline_route() -> HTMLResponse:
    return HTMLResponse(offline_page(), headers=NO_CACHE)
