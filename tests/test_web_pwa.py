"""The installable app: the manifest (valid JSON, the fields an install needs, icons that exist
with the sizes it claims), the service worker's route (content type, scope header, this release's
version and precache list filled in) and the offline page (translated, no inline script), and
every page linking them."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

from heartsuite.web.app import STATIC
from heartsuite.web.i18n import LANGUAGES, translate
from heartsuite.web.icons import app_icon_svg
from heartsuite.web.shell import THEME_COLOR
from heartsuite.web.site import pwa

PAGES = ["/", "/h2h", "/hearts", "/rules/h2h", "/rules/hearts", "/stats", "/nowhere"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (the first one, right after the signature)."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE, f"{path} is not a PNG"
    assert head[12:16] == b"IHDR"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_is_json_with_what_an_install_needs(client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text)
    assert manifest["name"] == manifest["short_name"] == "heartsuite"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == THEME_COLOR
    assert manifest["lang"] == "en" and manifest["dir"] == "ltr"
    assert "x-content-type-options" in response.headers  # the security headers too


def test_the_manifest_icons_exist_with_the_sizes_claimed(client) -> None:
    icons = json.loads(client.get("/manifest.webmanifest").text)["icons"]
    purposes = {icon["purpose"] for icon in icons}
    assert purposes == {"any", "maskable"}
    assert {icon["sizes"] for icon in icons if icon["purpose"] == "any"} >= {"192x192", "512x512"}
    for icon in icons:
        assert icon["type"] == "image/png"
        served = client.get(icon["src"])
        assert served.status_code == 200 and served.headers["content-type"] == "image/png"
        width, height = png_size(STATIC / icon["src"].removeprefix("/static/"))
        assert f"{width}x{height}" == icon["sizes"]
        assert served.content[:8] == PNG_SIGNATURE


def test_the_apple_touch_icon_is_180_px() -> None:
    assert png_size(STATIC / "icons" / "apple-touch-icon.png") == (180, 180)


def test_the_favicon_is_the_icon_drawing() -> None:
    """favicon.svg and the PNGs come from the same drawing (scripts/build_icons.py)."""
    assert (STATIC / "favicon.svg").read_text(encoding="utf-8").strip() == app_icon_svg()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_manifest_speaks_the_persons_language(client, lang) -> None:
    client.cookies.set("hs_lang", lang)
    manifest = json.loads(client.get("/manifest.webmanifest").text)
    assert manifest["lang"] == lang
    assert manifest["dir"] == ("rtl" if lang in {"ar", "ur"} else "ltr")
    assert manifest["description"] == translate(lang, "app.tagline")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_the_manifest_and_icons(client, path) -> None:
    html = client.get(path).text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert f'<meta name="theme-color" content="{THEME_COLOR}">' in html
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in html


def test_the_service_worker_is_served_at_the_root(client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["service-worker-allowed"] == "/"
    assert response.headers["cache-control"] == "no-cache"
    config_line = next(line for line in response.text.splitlines()
                       if line.startswith("const CONFIG = "))
    config = json.loads(config_line.removeprefix("const CONFIG = ").removesuffix(";"))
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])
    assert config["version"] == pwa.version()
    assert config["offline"] == "/offline"
    files = set(config["files"])
    for wanted in ("/static/css/app.css", "/static/js/shell.js", "/static/js/offline.js",
                   "/static/fonts/NotoNaskhArabic-Regular.woff2", "/static/icons/icon-512.png",
                   "/static/favicon.svg"):
        assert wanted in files
    assert "/static/js/sw.js" not in files
    assert not any(f.startswith("/api/") for f in files)
    for url in files:  # every precached file is there (one missing would fail the install)
        assert client.get(url).status_code == 200, url


def test_the_worker_never_caches_the_api() -> None:
    source = pwa.service_worker()
    assert 'url.pathname.startsWith("/api/")) return;' in source


def test_the_version_follows_the_static_files(monkeypatch, tmp_path) -> None:
    """A changed static file gives another cache name (so a release replaces the old cache)."""
    (tmp_path / "js").mkdir()
    (tmp_path / "a.css").write_text("a")
    (tmp_path / "js" / "sw.js").write_bytes(pwa.WORKER.read_bytes())
    monkeypatch.setattr(pwa, "STATIC", tmp_path)
    monkeypatch.setattr(pwa, "WORKER", tmp_path / "js" / "sw.js")
    pwa.version.cache_clear()
    try:
        first = pwa.version()
        (tmp_path / "a.css").write_text("b")
        pwa.version.cache_clear()
        assert pwa.version() != first
        assert pwa.static_files() == ["/static/a.css"]
    finally:
        pwa.version.cache_clear()


def test_the_offline_page_carries_every_language(client) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    html = response.text
    match = re.search(r'<script type="application/json" id="offline-data">(.*?)</script>', html,
                      re.DOTALL)
    assert match
    strings = json.loads(match.group(1))
    assert set(strings) == set(LANGUAGES)
    for lang, texts in strings.items():
        assert texts["title"] == translate(lang, "offline.title")
        assert texts["retry"] == translate(lang, "common.retry")
        assert texts["dir"] == ("rtl" if lang in {"ar", "ur"} else "ltr")
    assert translate("en", "offline.title") in html  # readable before its script runs
    assert '<button type="button" class="btn primary" id="offline-retry"' in html
    # no inline script (the CSP allows none): only the JSON block and the module file
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts == [' type="application/json" id="offline-data"',
                       ' type="module" src="/static/js/offline.js"']
