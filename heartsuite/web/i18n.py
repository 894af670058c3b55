"""Languages of the UI: catalogs in `i18n/<lang>.json` (flat keys; values are whole sentences with
`{placeholders}` or plural objects keyed by CLDR categories), English as the fallback for any
missing key. The language comes from a remembered cookie, else the browser's Accept-Language."""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection

from heartsuite.web.people import cookies_of

DIR = Path(__file__).with_name("i18n")
LANGUAGES: dict[str, str] = {
    "en": "English",
    "hi": "हिन्दी",
    "ms": "Bahasa Melayu",
    "ar": "العربية",
    "ur": "اردو",
}
RTL = frozenset({"ar", "ur"})
DEFAULT = "en"
COOKIE = "hs_lang"
log = logging.getLogger(__name__)


def direction(lang: str) -> str:
    """"rtl" for Arabic and Urdu, else "ltr"."""
    return "rtl" if lang in RTL else "ltr"


def _read(lang: str) -> dict[str, Any]:
    """A catalog file; a missing or unreadable one counts as empty (English shows instead)."""
    path = DIR / f"{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=len(LANGUAGES))
def catalog(lang: str) -> dict[str, Any]:
    """Every UI string in `lang`, English where a translation is missing."""
    english = _read(DEFAULT)
    if lang == DEFAULT:
        return english
    own = {k: v for k, v in _read(lang).items() if k in english}
    return english | own


def best_language(accept: str) -> str:
    """The first supported language in an Accept-Language header (q-values respected)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and q > 0:
            ranked.append((-q, i, base))
    return min(ranked)[2] if ranked else DEFAULT


def language_of(conn: HTTPConnection) -> str:
    """The language for this request: the remembered choice, else the browser's."""
    chosen = cookies_of(conn.scope).get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    return best_language(conn.headers.get("accept-language", ""))


def translate(lang: str, key: str, **params: Any) -> str:
    """A catalog string with its placeholders filled (plural objects use their `other` form)."""
    value = catalog(lang).get(key, key)
    text: str = value.get("other", key) if isinstance(value, dict) else value
    for name, val in params.items():
        text = text.replace("{" + name + "}", str(val))
    return text
