"""The daily game of Hearts: one game per UTC date, the same deals for everyone.

The rule (docs/hearts.md, "The daily game"): for a date, let d be the number of days since
1970-01-01; the date's game number is `Rng.for_key("HT1-daily", d).below(26**7)` and its game is
the ordinary game of that number (`HT1-<letters>`, every round dealt from it as any game code's),
played under `DAILY_RULES`, the default rules (Black Lady, four players, to 100). A daily game is
therefore an ordinary game code that anyone can type in; only the web app's daily statistics need
to know it was the date's.

Pure: the PRNG, the code letters and the rules only (layer 1 of docs/architecture.md).
"""

from __future__ import annotations

import datetime as dt

from heartsuite.codes import LIMIT
from heartsuite.hearts.deal import game_code
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng

DOMAIN = "HT1-daily"
EPOCH = dt.date(1970, 1, 1)
DAILY_RULES = Rules()  # Black Lady as SPEC §2.1 describes it: 4 players, passing, to 100


def daily_number(day: dt.date) -> int:
    """The game number of a date (ValueError before 1970-01-01: such dates have no game)."""
    if day < EPOCH:
        raise ValueError("daily games begin on 1970-01-01")
    return Rng.for_key(DOMAIN, (day - EPOCH).days).below(LIMIT)


def daily_code(day: dt.date) -> str:
    """The game code of a date's daily game, e.g. `HT1-…` (see the module docstring)."""
    return game_code(daily_number(day))


__all__ = ["DAILY_RULES", "DOMAIN", "EPOCH", "daily_code", "daily_number"]
