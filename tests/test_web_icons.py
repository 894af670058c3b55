"""Icons never depend on an emoji or symbol font: the served pages, scripts and style sheets use
no symbol characters but the four card suits, and every icon is inline SVG hidden from assistive
technology inside a control that keeps its translated name."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from heartsuite.web.app import STATIC
from heartsuite.web.i18n import LANGUAGES

# Arrows, technical, geometric and miscellaneous symbols, dingbats, emoji, full-width forms.
SYMBOL = re.compile("[\u2190-\u2bff\U0001f000-\U0001faff\uff00-\uffef\ufe0f]")
SUITS = set("♠♣♥♦")
PAGES = ["/", "/h2h", "/hearts", "/rules/h2h", "/rules/hearts", "/stats", "/settings"]


def foreign_symbols(text: str) -> set[str]:
    return {c for c in SYMBOL.findall(text) if c not in SUITS}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_pages_use_no_symbol_font(client, lang) -> None:
    client.cookies.set("hs_lang", lang)
    for path in PAGES:
        page = client.get(path).text
        assert not foreign_symbols(page), (path, foreign_symbols(page))


@pytest.mark.parametrize("path", sorted(p.relative_to(STATIC).as_posix()
                                        for p in STATIC.rglob("*") if p.suffix in (".js", ".css")))
def test_scripts_and_styles_use_no_symbol_font(path) -> None:
    text = (STATIC / path).read_text(encoding="utf-8")
    assert not foreign_symbols(text), foreign_symbols(text)


class Controls(HTMLParser):
    """Collects, per control (button or link) holding an icon, its accessible name."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict] = []
        self.found: list[dict] = []
        self.hidden_icons = 0
        self.icons = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag in ("button", "a"):
            self.stack.append({"label": a.get("aria-label", ""), "text": "", "icon": False})
        if tag == "svg" and "glyph" in (a.get("class") or "").split():
            self.icons += 1
            self.hidden_icons += a.get("aria-hidden") == "true"
            if self.stack:
                self.stack[-1]["icon"] = True

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1]["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("button", "a") and self.stack:
            control = self.stack.pop()
            if control["icon"]:
                self.found.append(control)


@pytest.mark.parametrize("path", ["/h2h", "/hearts"])
def test_icons_are_svg_and_their_controls_keep_a_name(client, path) -> None:
    parser = Controls()
    parser.feed(client.get(path).text)
    assert parser.icons >= 8 and parser.hidden_icons == parser.icons
    assert len(parser.found) >= 8
    for control in parser.found:
        assert (control["label"] or control["text"]).strip(), control


def test_the_toolbar_icons_are_svg_not_text(client) -> None:
    page = client.get("/hearts").text
    spans = re.findall(r'<span class="icon" aria-hidden="true">(.*?)</span>', page, re.S)
    assert spans and all(s.startswith("<svg") for s in spans)


def test_every_static_icon_name_is_drawn() -> None:
    """Each icon the scripts ask for exists in icons.js (a typo would draw 'undefined')."""
    source = Path(STATIC / "js" / "icons.js").read_text(encoding="utf-8")
    names = set(re.findall(r"^  (\w+): ", source, re.M))
    used = set()
    for script in (STATIC / "js").glob("*.js"):
        used |= set(re.findall(r'icon\("(\w+)"\)', script.read_text(encoding="utf-8")))
    assert used and used <= names, used - names
