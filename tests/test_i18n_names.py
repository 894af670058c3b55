"""The names of the Hearts variants and moon rules are translated in every language (issue 25,
item 10), the English name kept as a gloss in brackets since it is the one players know; Arabic
writes "Hearts" in Arabic letters."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "heartsuite" / "web"
NAMES = {"hearts.variant.black-lady": "Black Lady", "hearts.variant.black-maria": "Black Maria",
         "hearts.variant.original": "Original Hearts", "hearts.variant.spot": "Spot Hearts",
         "hearts.variant.partnership": "Partnership Hearts",
         "hearts.variant.reverse": "Reverse Hearts", "hearts.moon.old": "Old Moon",
         "hearts.moon.new": "New Moon", "hearts.moon.mixed": "Mixed Moon"}
LANGS = ["hi", "ms", "ar", "ur"]


def catalog(lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def bare(text: str, name: str) -> list[str]:
    """The places `name` appears outside a gloss: not right after an opening bracket."""
    return [m.group(0) for m in re.finditer(rf"(?<!\(){re.escape(name)}", text)]


@pytest.mark.parametrize("lang", LANGS)
def test_variant_and_moon_names_are_translated_with_the_english_gloss(lang: str) -> None:
    texts = catalog(lang)
    for key, english in NAMES.items():
        value = texts[key]
        assert isinstance(value, str) and not value.startswith(english), (key, value)
        assert f"({english}" in value, (key, value)
    rules = re.sub(r"\s+", " ", (WEB / "rules" / lang / "hearts.html").read_text("utf-8"))
    for english in NAMES.values():
        assert not bare(rules, english), (lang, english)
        assert f"({english}" in rules, (lang, english)


def test_arabic_writes_hearts_in_arabic_letters() -> None:
    texts = [v for v in catalog("ar").values() if isinstance(v, str)]
    texts.append((WEB / "rules" / "ar" / "hearts.html").read_text("utf-8"))
    for text in texts:
        assert not re.findall(r"(?<![(A-Za-z])Hearts(?![A-Za-z)])", text), text
