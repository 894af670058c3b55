"""The page shell every page shares: `<html lang dir>`, the top bar with the language menu, the
translations and page data embedded as JSON, one ES module per page. Pages pass their own body."""

from __future__ import annotations

import html
import json
from typing import Any

from fastapi.responses import HTMLResponse
from starlette.requests import Request

from heartsuite.web.i18n import LANGUAGES, catalog, direction, language_of, translate


def _json_script(element_id: str, value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def render_page(
    request: Request,
    *,
    page: str,
    title_key: str,
    body: str,
    module: str,
    data: dict[str, Any] | None = None,
    styles: tuple[str, ...] = (),
) -> HTMLResponse:
    """A whole HTML page in the request's language. `body` is trusted markup whose visible texts
    carry `data-i18n` keys (the page's module fills them); `module` is a file in /static/js/."""
    lang = language_of(request)

    def t(key: str) -> str:
        return html.escape(translate(lang, key))

    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>'
        f"{html.escape(name)}</option>"
        for code, name in LANGUAGES.items()
    )
    links = "".join(f'<link rel="stylesheet" href="/static/css/{s}">' for s in styles)
    page_html = f"""<!doctype html>
<html lang="{lang}" dir="{direction(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light">
<title>{t(title_key)} · {t("app.name")}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/css/app.css">{links}
{_json_script("i18n-data", {"lang": lang, "dir": direction(lang), "strings": catalog(lang)})}
{_json_script("page-data", data or {})}
<script type="module" src="/static/js/{module}.js"></script>
</head>
<body data-page="{page}">
<a class="skip" href="#main" data-i18n="common.skip">{t("common.skip")}</a>
<header class="topbar">
  <a class="brand" href="/" aria-label="{t("nav.back_home")}"><span aria-hidden="true">♥</span>
    <span data-i18n="app.name">{t("app.name")}</span></a>
  <h1 class="page-title" data-i18n="{title_key}">{t(title_key)}</h1>
  <label class="lang"><span class="visually-hidden">{t("nav.language")}</span>
    <select id="lang-select" aria-label="{t("nav.language")}">{options}</select></label>
</header>
<main id="main" tabindex="-1">
{body}
</main>
<div class="toast" id="toast" role="status" aria-live="polite"></div>
<div class="visually-hidden" id="announcer" aria-live="polite"></div>
</body>
</html>"""
    return HTMLResponse(page_html, headers={"Cache-Control": "no-store"})
