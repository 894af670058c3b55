"""The translations stay in step with English: catalogs (keys, placeholders, plural forms) and the
rules pages (present, well-formed fragments that end with the replay's example section)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.plural import PluralRule
from hypothesis import given
from hypothesis import strategies as st

WEB = Path(__file__).resolve().parents[1] / "heartsuite" / "web"
I18N = WEB / "i18n"
RULES = WEB / "rules"
LANGS = ("hi", "ms", "ar", "ur")
ALL_LANGS = ("en", *LANGS)
RTL = frozenset({"ar", "ur"})
GAMES = ("heart-to-heart", "hearts")

# A plural object gives exactly the CLDR cardinal categories of its language (Babel's copy of the
# CLDR data, which `Intl.PluralRules` in the browser follows too). Malay has only "other"; a "one"
# form is tolerated there. Should English give a "zero" form (an explicit wording for a count of
# 0), every language must carry it too.
TOLERATED_CATEGORIES: dict[str, frozenset[str]] = {"ms": frozenset({"one"})}
# Values that may stay as in English in every language: the names of the product, the games and
# the variants (kept in Latin letters, as on the rules pages), and symbols.
SAME_IN_EVERY_LANGUAGE = frozenset({
    "heartsuite", "Heart to Heart", "Hearts", "–",
    "Original Hearts", "Spot Hearts", "Partnership Hearts", "Reverse Hearts",
})
# Words a language spells exactly as English does (Malay keeps the players' names in Latin).
SAME_AS_ENGLISH: dict[str, frozenset[str]] = {
    "ms": frozenset({"Menu", "Asha", "Bilal", "Mei"}),
}
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
CARD = re.compile(r"(?:10|[2-9AKQJ])[♥♠♦♣]")
INLINE = frozenset({"a", "bdi", "code", "em", "span", "strong"})
VOID = frozenset({"br", "hr", "img", "wbr"})
FORBIDDEN_TAGS = frozenset({"html", "head", "body", "script", "style", "link", "meta", "iframe"})
# Facts every rules page must carry through translation (numbers, codes and card indices are
# written the same way in every language).
FACTS = {
    "heart-to-heart": ("HH1-N-AAAAAAM", "52", "25", "26", "250", "100", "W25", "23-24", "4♥"),
    "hearts": (
        "2♣", "Q♠", "K♠", "A♠", "13", "26", "43", "50", "150", "17", "25", "HT1-",
        "Black Lady", "Original Hearts", "Black Maria", "Spot Hearts", "Partnership Hearts",
        "Reverse Hearts", "Old Moon", "New Moon", "Mixed Moon", "J♦",
    ),
}


@cache
def _load(lang: str) -> dict[str, Any]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def english() -> dict[str, Any]:
    return _load("en")


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _forms(value: str | dict[str, str]) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_catalog_is_flat_json_of_strings_and_plural_objects(lang: str) -> None:
    catalog = _load(lang)
    assert isinstance(catalog, dict) and catalog
    for key, value in catalog.items():
        assert isinstance(key, str) and key, key
        if isinstance(value, dict):
            assert value and all(isinstance(v, str) for v in value.values()), key
        else:
            assert isinstance(value, str), key


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_has_exactly_the_english_keys(lang: str, english: dict[str, Any]) -> None:
    keys = set(_load(lang))
    assert sorted(set(english) - keys) == [], "missing"
    assert sorted(keys - set(english)) == [], "not in en.json"


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_no_string_is_empty(lang: str) -> None:
    for key, value in _load(lang).items():
        for form in _forms(value):
            assert form.strip(), key


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_english(lang: str, english: dict[str, Any]) -> None:
    for key, value in _load(lang).items():
        source = english[key]
        wanted = set().union(*(_names(f) for f in _forms(source)))
        assert isinstance(value, dict) == isinstance(source, dict), f"{key}: plural or not"
        found = [_names(f) for f in _forms(value)]
        assert set().union(*found) == wanted, key
        for names in found:
            # A plural form may spell the number out ("بطاقتان"), so only {count} may be left out.
            assert wanted - {"count"} <= names <= wanted, key


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_plural_objects_have_the_language_categories(lang: str, english: dict[str, Any]) -> None:
    for key, value in _load(lang).items():
        if not isinstance(value, dict):
            continue
        explicit_zero = {"zero"} if "zero" in english[key] else set()
        required = plural_categories(lang) | explicit_zero
        tolerated = TOLERATED_CATEGORIES.get(lang, frozenset())
        assert required <= set(value) <= required | tolerated, f"{key}: {sorted(value)}"


def test_arabic_counted_forms_show_the_number(english: dict[str, Any]) -> None:
    """"few" (3–10), "many" (11–99) and "other" (100…) need the digits; zero/one/two may not."""
    for key, value in _load("ar").items():
        if isinstance(value, dict) and "count" in _names(english[key]["other"]):
            for category in ("few", "many", "other"):
                assert "{count}" in value[category], f"{key}.{category}"


@cache
def _plural_rule(lang: str) -> PluralRule:
    return Locale.parse(lang).plural_form


def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR cardinal categories of a language ("other" always among them)."""
    return frozenset(_plural_rule(lang).tags | {"other"})


def cldr_category(lang: str, n: int) -> str:
    """CLDR cardinal plural category of a whole number, as `Intl.PluralRules` picks it."""
    return _plural_rule(lang)(n)


@pytest.mark.parametrize("lang", ALL_LANGS)
@given(count=st.integers(min_value=0, max_value=10**6))
def test_every_count_finds_its_form_and_fills_every_placeholder(lang: str, count: int) -> None:
    catalog = _load(lang)
    category = cldr_category(lang, count)
    for key, value in catalog.items():
        if not isinstance(value, dict):
            continue
        assert category in value, f"{key}: no {category} form for {count}"
        text = value[category]
        for name in _names(text):
            text = text.replace("{" + name + "}", str(count) if name == "count" else "x")
        assert "{" not in text and "}" not in text, key


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_translated(lang: str, english: dict[str, Any]) -> None:
    same = [
        key
        for key, value in _load(lang).items()
        if value == english[key]
        and value not in SAME_IN_EVERY_LANGUAGE | SAME_AS_ENGLISH.get(lang, frozenset())
        and re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", json.dumps(value)))
    ]
    assert same == []


@pytest.mark.parametrize("lang", ("ar", "ur"))
def test_right_to_left_catalogs_are_in_arabic_script(lang: str, english: dict[str, Any]) -> None:
    for key, value in _load(lang).items():
        for form in _forms(value):
            text = PLACEHOLDER.sub("", form)
            if re.search(r"[A-Za-z]{3}", text) and text not in SAME_IN_EVERY_LANGUAGE:
                assert re.search(r"[\u0600-\u06FF]", text), key


# ---- rules pages -------------------------------------------------------------------------------


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


class FragmentParser(HTMLParser):
    """Builds an element tree and records every way the fragment is not well-formed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#fragment", {})
        self.stack = [self.root]
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(element)
        if tag in FORBIDDEN_TAGS:
            self.errors.append(f"<{tag}> does not belong in a fragment")
        for name in element.attrs:
            if name == "style" or name.startswith("on"):
                self.errors.append(f"<{tag} {name}=…>: no inline styles or scripts")
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if len(self.stack) == 1 or self.stack[-1].tag != tag:
            self.errors.append(f"</{tag}> does not close <{self.stack[-1].tag}>")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.stack[-1].text.append(data.strip())

    def close(self) -> None:
        super().close()
        self.errors.extend(f"<{e.tag}> is never closed" for e in self.stack[1:])


def _parse(path: Path) -> FragmentParser:
    parser = FragmentParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def _text(element: Element) -> str:
    return " ".join([*element.text, *(_text(c) for c in element.children)])


PAGES = [(lang, game) for lang in ALL_LANGS for game in GAMES]


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_rules_page_is_a_well_formed_article(lang: str, game: str) -> None:
    path = RULES / lang / f"{game}.html"
    assert path.is_file(), f"missing {path}"
    parser = _parse(path)
    assert parser.errors == []
    assert [e.tag for e in parser.root.children] == ["article"]
    assert parser.root.text == [], "text outside the <article>"
    article = parser.root.children[0]
    assert article.attrs.get("lang") == lang
    assert article.attrs.get("dir") == ("rtl" if lang in RTL else "ltr")
    assert article.attrs.get("class") == "rules-text"
    assert article.attrs.get("data-game") == game
    assert article.children[0].tag == "h1"


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_rules_page_ends_with_the_example_section(lang: str, game: str) -> None:
    article = _parse(RULES / lang / f"{game}.html").root.children[0]
    last = article.children[-1]
    assert last.tag == "section"
    assert last.attrs.get("class", "").split() == ["example"]
    assert last.attrs.get("data-example") == game
    assert last.children[0].tag == "h2" and _text(last.children[0])
    assert any(c.tag == "p" and _text(c) for c in last.children[1:])
    examples = [e for e in article.children if "example" in e.attrs.get("class", "").split()]
    assert examples == [last], "exactly one example section"


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_rules_page_carries_the_facts(lang: str, game: str) -> None:
    text = _text(_parse(RULES / lang / f"{game}.html").root)
    missing = [fact for fact in FACTS[game] if fact not in text]
    assert missing == []


def _elements(element: Element) -> list[Element]:
    return [element, *(e for child in element.children for e in _elements(child))]


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_card_names_are_isolated_for_right_to_left_text(lang: str, game: str) -> None:
    """"Q♠" or "10♦" inside Arabic or Urdu text would show as "♠Q" or "♦10" unless it is its own
    left-to-right island."""
    for element in _elements(_parse(RULES / lang / f"{game}.html").root):
        text = " ".join(element.text)
        if element.tag == "bdi" and element.attrs.get("class") == "card-name":
            assert CARD.fullmatch(text), text
            # "10♦" has no strong letter: left to `auto`, it would take the paragraph's direction.
            assert element.attrs.get("dir") == "ltr", text
        else:
            assert CARD.findall(text) == [], f"<{element.tag}>: {text}"


# Catalog strings each rules page must use word for word, so the buttons, settings and messages
# a player sees are named the same way in the rules.
SHARED_TERMS = {
    "heart-to-heart": (
        "h2h.stock", "h2h.waste", "h2h.reason.must_be_same_rank", "h2h.blocked.title",
        "h2h.settings.move_errors", "h2h.settings.placement_help", "h2h.settings.winnable_only",
        "h2h.action.undo", "h2h.action.solution",
    ),
    "hearts": (
        "hearts.opt.moon", "hearts.opt.qs_breaks_hearts", "hearts.action.pass",
        "hearts.opt.move_errors", "hearts.reason.must_follow_suit", "hearts.action.hint",
        "hearts.strength.easy", "hearts.strength.expert", "hearts.opt.omnibus",
    ),
}


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_rules_pages_use_the_catalog_words(lang: str, game: str) -> None:
    catalog = _load(lang)
    page = " ".join(_text(_parse(RULES / lang / f"{game}.html").root).split()).casefold()
    missing = [key for key in SHARED_TERMS[game] if catalog[key].casefold() not in page]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_have_the_same_outline_in_every_language(game: str) -> None:
    def outline(lang: str) -> list[tuple[str, int]]:
        article = _parse(RULES / lang / f"{game}.html").root.children[0]
        return [(e.tag, sum(c.tag not in INLINE for c in e.children)) for e in article.children]

    english = outline("en")
    for lang in LANGS:
        assert outline(lang) == english, lang
