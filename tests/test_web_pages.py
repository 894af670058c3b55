"""Pages and languages: every page renders in every language with `<html lang dir>`, the language
comes from the cookie or the browser, and every key the scripts ask for exists in English."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from markupsafe import escape

from heartsuite.h2h.state import MESSAGES
from heartsuite.web.i18n import LANGUAGES, best_language, catalog, translate

WEB = Path(__file__).resolve().parents[1] / "heartsuite" / "web"
ENGLISH = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
PAGES = ["/", "/h2h", "/stats", "/settings", "/rules/h2h", "/rules/hearts"]


@pytest.mark.parametrize(("header", "lang"), [
    ("ar-EG,ar;q=0.9,en;q=0.8", "ar"),
    ("de-DE,de;q=0.9,ur;q=0.5,hi;q=0.7", "hi"),
    ("ms", "ms"),
    ("fr-FR, fr;q=0.9", "en"),
    ("", "en"),
    ("en;q=0, ur", "ur"),
    ("hi;q=abc, ms;q=0.2", "ms"),
])
def test_best_language_follows_the_browser(header, lang) -> None:
    assert best_language(header) == lang


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_in_every_language(client, path, lang) -> None:
    response = client.get(path, headers={"cookie": f"hs_lang={lang}"})
    assert response.status_code == 200
    direction = "rtl" if lang in ("ar", "ur") else "ltr"
    assert f'<html lang="{lang}" dir="{direction}" data-theme="felt"' in response.text
    assert f'<option value="{lang}" lang="{lang}" selected>' in response.text


def test_the_browser_language_is_used_without_a_cookie(client) -> None:
    response = client.get("/h2h", headers={"accept-language": "ur-PK,ur;q=0.9"})
    assert '<html lang="ur" dir="rtl" ' in response.text


def test_the_remembered_language_wins_over_the_browser(client) -> None:
    response = client.get("/", headers={"accept-language": "ar", "cookie": "hs_lang=ms"})
    assert '<html lang="ms" dir="ltr" ' in response.text


def test_the_heart_to_heart_page_has_its_hooks(client) -> None:
    text = client.get("/h2h").text
    for hook in ('data-pile="stock"', 'data-pile="waste"', 'data-info="time"',
                 'data-info="score"', 'data-info="moves"', 'data-info="code"', 'role="dialog"'):
        assert hook in text
    data = json.loads(re.search(r'id="page-data">(.*?)</script>', text).group(1))
    assert len(data["geometry"]) == 25 and data["geometry"][24] == {"pos": 25, "row": 7, "x": 0}


def test_the_rules_page_carries_the_example_section(client) -> None:
    text = client.get("/rules/h2h").text
    assert 'data-example="heart-to-heart"' in text
    assert client.get("/rules/chess").status_code == 404  # a game we do not have: see below


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("path", ["/nonexistent", "/rules/poker", "/h2h/nothing/here"])
def test_an_unknown_address_gets_a_translated_page_with_a_way_home(client, path, lang) -> None:
    """A person who mistypes an address sees the site's own page in their language (not raw
    JSON), with the home page one tap away; the status stays 404."""
    response = client.get(path, headers={"cookie": f"hs_lang={lang}"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    direction = "rtl" if lang in ("ar", "ur") else "ltr"
    assert f'<html lang="{lang}" dir="{direction}" data-theme="felt"' in response.text
    for key in ("notfound.title", "notfound.heading", "notfound.body", "notfound.home"):
        assert escape(translate(lang, key)) in response.text, key
    assert '<a class="btn primary" href="/">' in response.text
    assert f'<bdi dir="ltr">{path}</bdi>' in response.text


def test_the_not_found_page_escapes_and_shortens_the_address(client) -> None:
    response = client.get("/%3Cscript%3Ealert(1)%3C/script%3E" + "x" * 200)
    assert response.status_code == 404
    assert "<script>alert" not in response.text and "&lt;script&gt;alert" in response.text
    assert "x" * 100 not in response.text


@pytest.mark.parametrize("path", ["/api/nothing", "/api/h2h/games/nope", "/static/nope.js"])
def test_the_api_and_static_files_keep_json_errors(client, path) -> None:
    response = client.get(path, headers={"accept": "text/html"})
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_other_failures_at_page_addresses_stay_json(client) -> None:
    """Only a GET of an unknown address is a page; a wrong method is still the API's answer."""
    response = client.post("/stats")
    assert response.status_code == 405 and response.json()["error"] == "method_not_allowed"


def test_the_example_replay_ends_won(client) -> None:
    frames = client.get("/api/rules/h2h/example").json()["frames"]
    assert frames[0]["score"] == 0 and frames[-1]["score"] == 250
    assert all(f["layout"][24] is None for f in frames[-1:])


def _keys_in_scripts() -> set[str]:
    keys = set()
    for path in (WEB / "static" / "js").glob("*.js"):
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", path.read_text(encoding="utf-8")))
    return keys


def test_every_key_the_scripts_use_is_in_english() -> None:
    used = _keys_in_scripts()
    assert len(used) > 40
    assert used - set(ENGLISH) == set()


def test_every_refusal_reason_of_the_engine_is_translatable() -> None:
    assert {f"h2h.reason.{k}" for k in MESSAGES} <= set(ENGLISH)


def test_other_languages_fall_back_to_english_per_key() -> None:
    for lang in LANGUAGES:
        assert set(catalog(lang)) == set(ENGLISH)
    assert translate("en", "h2h.copied", code="HH1-N-AAAAAAM") == "Deal code HH1-N-AAAAAAM copied."


def test_the_hearts_example_is_a_legal_round_card_by_card(client) -> None:
    frames = client.get("/api/rules/hearts/example").json()["frames"]
    kinds = [f["kind"] for f in frames]
    assert kinds[:2] == ["deal", "pass"] and kinds[-1] == "end"
    assert kinds.count("play") == 52 and kinds.count("take") == 13
    assert [sum(len(h) for h in f["hands"]) for f in frames[:3]] == [52, 52, 51]
    assert frames[1]["received"] == [sorted(r, key=lambda c: ("CDSH".index(c[1]),
                                     "23456789TJQKA".index(c[0]))) for r in frames[1]["received"]]
    assert all(len(r) == 3 for r in frames[1]["received"])
    assert frames[-1]["points"] == [0, 1, 4, 21] and frames[-1]["seat"] == 0
    assert sum(f["count"] for f in frames if f["kind"] == "take") == 26


def test_the_hearts_rules_page_has_its_example_section(client) -> None:
    assert 'data-example="hearts"' in client.get("/rules/hearts").text


@pytest.fixture
def catalog_dir(tmp_path, monkeypatch) -> Iterator[Path]:
    """The catalogs read from `tmp_path` for one test; the cached real ones come back after."""
    from heartsuite.web import i18n

    monkeypatch.setattr(i18n, "DIR", tmp_path)
    i18n.catalog.cache_clear()
    yield tmp_path
    monkeypatch.undo()
    i18n.catalog.cache_clear()


def test_an_unreadable_catalog_falls_back_to_english(catalog_dir) -> None:
    (catalog_dir / "en.json").write_text(json.dumps(ENGLISH), encoding="utf-8")
    (catalog_dir / "ms.json").write_text("{ not json", encoding="utf-8")
    (catalog_dir / "ar.json").write_text("[1, 2]", encoding="utf-8")
    assert catalog("ms") == ENGLISH and catalog("ar") == ENGLISH
    assert catalog("hi") == ENGLISH  # no file at all
