"""The page shell every page shares, rendered from Jinja2 templates with autoescaping on, so every
value a page puts in its markup is escaped unless it is marked as trusted (`Markup`): the icons,
the rules fragments and the JSON data blocks.

`templates/base.html` is the shell: `<html lang dir>`, the top bar with the language menu, the
translations and page data embedded as JSON, one ES module per page. Each page's template extends
it and fills `{% block body %}`; `templates/macros.html` holds the dialogs and toolbar buttons both
games build the same way."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.requests import Request

from heartsuite.web.i18n import LANGUAGES, catalog, direction, language_of, translate
from heartsuite.web.icons import icon
from heartsuite.web.look import DEFAULT as DEFAULT_LOOK
from heartsuite.web.look import THEME_COLORS, look_of

TEMPLATES = Path(__file__).with_name("templates")
THEME_COLOR = "#0f3a2a"  # the pages' felt (`--felt-dark` in app.css): the browser's bar, the app


def json_script(element_id: str, value: Any) -> Markup:
    """A `<script type="application/json">` block: JSON is not HTML, so it is not HTML-escaped;
    `</` is written `<\\/` so no value can close the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return Markup('<script type="application/json" id="{}">').format(element_id) + Markup(
        text) + Markup("</script>")


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,  # a misspelt variable is an error, not an empty string
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals.update(icon=icon, json_script=json_script, languages=LANGUAGES,
                       theme_color=THEME_COLOR)
    return env


ENV = _environment()


def translator(lang: str) -> Callable[..., str]:
    """`t(key, **params)` in `lang`, for templates (whose autoescaping escapes what it returns)."""

    def t(key: str, **params: Any) -> str:
        return translate(lang, key, **params)

    return t


def page_look(request: Request) -> dict[str, str]:
    """The look the page is drawn in: the person's (web/look.py), the default for a request
    without a person or a store."""
    store = getattr(request.app.state, "store", None)
    person = (request.scope.get("state") or {}).get("person")
    if store is None or not isinstance(person, str):
        return dict(DEFAULT_LOOK)
    return look_of(store, person)


def render_page(
    request: Request,
    *,
    template: str,
    page: str,
    title_key: str,
    module: str,
    data: dict[str, Any] | None = None,
    styles: tuple[str, ...] = (),
    **context: Any,
) -> HTMLResponse:
    """A whole HTML page in the request's language, from `template` (which extends base.html).
    Visible texts carry `data-i18n` keys (the page's module fills them); `module` is a file in
    /static/js/; `context` is whatever else the template shows."""
    lang = language_of(request)
    look = page_look(request)
    html = ENV.get_template(template).render(
        lang=lang,
        dir=direction(lang),
        look=look,
        theme_color=THEME_COLORS[look["theme"]],
        t=translator(lang),
        i18n={"lang": lang, "dir": direction(lang), "strings": catalog(lang)},
        page=page,
        title_key=title_key,
        module=module,
        data=data or {},
        styles=styles,
        **context,
    )
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})
