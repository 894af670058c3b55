"""How the pages look, a preference of each person (`look` in their preferences): the table's
colour (`theme`: the felt green, blue, burgundy, or a high-contrast black), the card back
(`back`), and the suits' colours (`suits`: two, or four so that no suit shares a colour: spades
black, hearts red, diamonds blue, clubs teal — chosen to stay apart for colour-blind people too,
tests/test_web_suit_colours.py; the suit symbol is always drawn as well).

The page shell writes them on `<html data-theme data-back data-suits>` (static/css/themes.css
turns them into colours), so every page is drawn in them from its first paint."""

from __future__ import annotations

from typing import Any, Literal

from heartsuite.web.api_types import Strict
from heartsuite.web.store import Store

PREF = "look"
THEMES = ("felt", "blue", "burgundy", "contrast")
BACKS = ("lattice", "stripes")
SUITS = ("two", "four")
DEFAULT = {"theme": THEMES[0], "back": BACKS[0], "suits": SUITS[0]}
CHOICES = {"theme": THEMES, "back": BACKS, "suits": SUITS}
# The browser's bar in each theme: the theme's darkest felt (`--felt-dark` in themes.css).
THEME_COLORS = {"felt": "#0f3a2a", "blue": "#0d2a4a", "burgundy": "#3d0f1c", "contrast": "#000000"}


class LookChange(Strict):
    """Any subset of the look (an unknown name or value is a 422 and changes nothing)."""

    theme: Literal["felt", "blue", "burgundy", "contrast"] | None = None
    back: Literal["lattice", "stripes"] | None = None
    suits: Literal["two", "four"] | None = None


def look_of(store: Store, person: str) -> dict[str, str]:
    """The person's look: each saved choice that is still offered, else the default."""
    saved: Any = store.prefs(person).get(PREF)
    saved = saved if isinstance(saved, dict) else {}
    return {name: saved[name] if saved.get(name) in CHOICES[name] else DEFAULT[name]
            for name in DEFAULT}


def change_look(store: Store, person: str, change: LookChange) -> dict[str, str]:
    """Save the choices made (the others are kept); the look that results."""
    store.merge_prefs(person, PREF, change.changes(), keep=DEFAULT)
    return look_of(store, person)
