"""The daily deal of Heart to Heart: one winnable deal per UTC date, the same for everyone.

The rule (docs/heart-to-heart.md, "The daily deal"): for a date, let d be the number of days since
1970-01-01. For k = 0, 1, 2, … the candidate number is `Rng.for_key("HH1-daily", d, k).below(26**7)`
and the candidate is the ordinary class-`N` deal of that number (`HH1-N-<letters>`); the first
candidate the solver's exact test proves winnable is the date's deal. About 29 % of deals are
winnable, so a handful of candidates are tried. The daily deal is therefore an ordinary deal code
that anyone can type in; only the date's statistics need to know it was the daily deal.

Heart to Heart has one set of rules (its settings, Move errors and Placement help, change nothing
in the deal), so there is one daily deal per date.
"""

from __future__ import annotations

import datetime as dt

from heartsuite.codes import LIMIT
from heartsuite.h2h.deal import Deal, deal_for_number
from heartsuite.prng import Rng
from heartsuite.solver.core import winnable_layout

DOMAIN = "HH1-daily"
EPOCH = dt.date(1970, 1, 1)


class DateError(ValueError):
    """A date that has no daily deal (or cannot be read); the message is for a person."""


def parse_day(text: str) -> dt.date:
    """Read `YYYY-MM-DD` (a date on or after 1970-01-01)."""
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DateError(f"a date looks like 2026-12-04 (year-month-day), got {text.strip()!r}"
                        ) from None
    if len(text.strip()) != 10:
        raise DateError(f"a date looks like 2026-12-04 (year-month-day), got {text.strip()!r}")
    if day < EPOCH:
        raise DateError("daily deals begin on 1970-01-01")
    return day


def today_utc(now: float) -> dt.date:
    """The UTC date at `now` (seconds since the epoch): the daily deal changes at 00:00 UTC."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date()


def candidate(day: dt.date, k: int) -> int:
    """The deal number of the k-th candidate of a date."""
    if day < EPOCH:
        raise DateError("daily deals begin on 1970-01-01")
    return Rng.for_key(DOMAIN, (day - EPOCH).days, k).below(LIMIT)


def daily_attempt(day: dt.date) -> int:
    """The k of the first winnable candidate of a date."""
    k = 0
    while not winnable_layout(deal_for_number("N", candidate(day, k)).layout):
        k += 1
    return k


def daily_deal(day: dt.date) -> Deal:
    """The daily deal of a date: a winnable class-`N` deal (see the module docstring)."""
    return deal_for_number("N", candidate(day, daily_attempt(day)))
