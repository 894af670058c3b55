"""The daily deal on the web: the date's deal and its shortest solution, cached in the store.

Its statistics (`daily_stats`), from the store's `daily_results`: the current and best streak of
consecutive dates won on the date itself, the days played and won (on the date itself), and per
date the fewest moves of a win (replays included) against the shortest solution.

The deal itself is found in well under a millisecond (heartsuite.solver.daily); the shortest
solution takes the solver's A* up to a fraction of a second, so it is computed once per date, in a
worker thread (never on the event loop), and cached in the store's `daily_deals` for every process.
Two processes asking at once both compute the same figure; the second write changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from starlette.concurrency import run_in_threadpool

from heartsuite import solver
from heartsuite.h2h.deal import Deal
from heartsuite.h2h.state import State
from heartsuite.solver.daily import DateError, daily_deal, parse_day, today_utc
from heartsuite.web.errors import ApiError
from heartsuite.web.store import DailyDeal, DailyResult, Store

__all__ = ["DailyDeal", "cached_daily", "daily_of", "daily_stats", "daily_streaks", "day_of",
           "today_utc"]

DAILY_DAYS_SHOWN = 30


def day_of(text: str, now: float) -> dt.date:
    """A date whose daily deal may be played: read, and not after today (UTC). A 400
    `bad_date` with the reason otherwise."""
    try:
        day = parse_day(text)
    except DateError as exc:
        raise ApiError(400, "bad_date", str(exc)) from None
    if day > today_utc(now):
        raise ApiError(400, "bad_date", "the daily deal of a later date is not out yet")
    return day


def _compute(store: Store, day: dt.date, deal: Deal) -> DailyDeal:
    shortest = solver.shortest_length(State.initial(deal))
    found = DailyDeal(day.isoformat(), deal.code or "", shortest)
    store.put_daily_deal(found)
    return found


def cached_daily(store: Store, day: dt.date) -> tuple[Deal, DailyDeal | None]:
    """The date's deal and what the store has cached of it (None when nothing, or a cached code
    that is not the deal's: made by another version of the rule)."""
    deal = daily_deal(day)
    cached = store.daily_deal(day.isoformat())
    return deal, cached if cached is not None and cached.code == deal.code else None


async def daily_of(store: Store, day: dt.date) -> tuple[Deal, DailyDeal]:
    """The date's deal and its cached figures, computed first (off the event loop) if need be."""
    deal, cached = cached_daily(store, day)
    if cached is None or cached.shortest is None:
        cached = await run_in_threadpool(_compute, store, day, deal)
    return deal, cached


def daily_streaks(won_days: Iterable[dt.date], today: dt.date) -> tuple[int, int]:
    """(current, best) runs of consecutive dates whose daily deal was won on the date itself.
    The current run ends today, or yesterday while today's deal is not won yet (a day is not
    missed before it is over); a date without a win breaks it."""
    days = set(won_days)
    best = 0
    for day in days:
        if day - dt.timedelta(days=1) not in days:  # the first day of a run
            length = 1
            while day + dt.timedelta(days=length) in days:
                length += 1
            best = max(best, length)
    end = today if today in days else today - dt.timedelta(days=1)
    current = 0
    while end - dt.timedelta(days=current) in days:
        current += 1
    return current, best


def daily_stats(results: list[DailyResult], today: dt.date, day: dt.date | None = None
                ) -> dict[str, Any]:
    """The daily deal's figures: streaks (see `daily_streaks`), days played and won (on the date
    itself), the latest dates' results with their fewest moves against the best possible, and
    with `day` that date's result (`result`, None when it has none)."""
    won = [dt.date.fromisoformat(r.day) for r in results if r.won]
    current, best = daily_streaks(won, today)
    recent = [r for r in results if r.played or r.fewest is not None][-DAILY_DAYS_SHOWN:]
    days = [{"date": r.day, "played": r.played, "won": r.won, "fewest": r.fewest,
             "shortest": r.shortest} for r in reversed(recent)]
    out: dict[str, Any] = {
        "today": today.isoformat(),
        "streak": current,
        "best_streak": best,
        "played": sum(r.played for r in results),
        "won": len(won),
        "days": days,
    }
    if day is not None:
        found = [r for r in results if r.day == day.isoformat()]
        out["result"] = None if not found else {
            "date": found[0].day, "played": found[0].played, "won": found[0].won,
            "fewest": found[0].fewest, "shortest": found[0].shortest}
    return out
