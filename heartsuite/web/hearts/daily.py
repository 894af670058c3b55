"""The Hearts daily game on the web: which date a game is the daily game of, and its statistics.

The date's game is `heartsuite.hearts.daily` (its code from the date, the default rules). A daily
game is an ordinary row of the `games` table (kind `hearts`) whose `settings` also keep, beside the
table's settings (`Tables.save` carries them over):

- `daily`: the date (YYYY-MM-DD) whose game it is;
- `daily_played`: written at the person's first action, whether it was made on that date (UTC,
  by the server's clock `Tables.clock`);
- `daily_over`: written when the game comes to its end (not when it is left), whether that was on
  the date.

The statistics (`daily_stats`) are derived from those rows alone (no table of their own): a date
is *played* when a game of it had the person's first action on the date itself, and *won* when
the first such game (the one begun first) ended on the date with the person's total the lowest
(the row's status `won`), no card taken back. Once a game of a date is over its code, and so every
hand, is shown: a second game of the same date is a replay, whatever the day, and counts toward
the date's best score (`won_any` says it was won), never toward the streak. The streaks are Heart
to Heart's (`web/h2h/daily.py` `daily_streaks`). Per date, the best (lowest) final score of a game
of its deals played to the end, replays included; a game in which a card was taken back counts as
played only.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from heartsuite.solver.daily import DateError, parse_day, today_utc
from heartsuite.web.errors import ApiError
from heartsuite.web.h2h.daily import daily_streaks
from heartsuite.web.store import ABANDONED, FINISHED, WON, GameRow

DAILY = "daily"
PLAYED = "daily_played"
OVER = "daily_over"
KEYS = (DAILY, PLAYED, OVER)
DAYS_SHOWN = 30

__all__ = ["DAILY", "KEYS", "OVER", "PLAYED", "daily_info", "daily_marks", "daily_stats",
           "day_of", "stamp", "today_utc"]


def day_of(text: str, now: float) -> dt.date:
    """A date whose daily game may be played: read, and not after today (UTC). A 400
    `bad_date` with the reason otherwise."""
    try:
        day = parse_day(text)
    except DateError as exc:
        raise ApiError(400, "bad_date", str(exc).replace("daily deals", "daily games")) from None
    if day > today_utc(now):
        raise ApiError(400, "bad_date", "the daily game of a later date is not out yet")
    return day


def daily_marks(settings: dict[str, Any]) -> dict[str, Any]:
    """The daily keys of a row's settings (to carry over when the table's settings are written)."""
    return {key: settings[key] for key in KEYS if key in settings}


def stamp(settings: dict[str, Any], acted: bool, over: bool, now: float) -> None:
    """Write, once each, whether the person's first action (`acted`) and the game's end (`over`)
    happened on the daily game's own date. Nothing for a game that is no daily game."""
    day = settings.get(DAILY)
    if not isinstance(day, str):
        return
    on_day = day == today_utc(now).isoformat()
    if acted and PLAYED not in settings:
        settings[PLAYED] = on_day
    if over and OVER not in settings:
        settings[OVER] = on_day


def daily_info(row: GameRow, now: float, rows: Iterable[GameRow] = ()) -> dict[str, Any] | None:
    """What a game's summary says of its date: `date`, `today`, `on_day` (the date is today) and
    `counts` (on the date, and no other game of it was begun on the date before this one, among
    the person's `rows`: only then can it win the date); None for a game that is no daily game."""
    day = row.settings.get(DAILY)
    if not isinstance(day, str):
        return None
    today = today_utc(now).isoformat()
    earlier = any(other.id != row.id and other.settings.get(DAILY) == day
                  and other.settings.get(PLAYED) is True and other.status != ABANDONED
                  and other.created < row.created for other in rows)
    return {"date": day, "today": today, "on_day": day == today,
            "counts": day == today and not earlier}


@dataclass
class _Day:
    played: bool = False  # a game of it begun (the first action) on the date
    won: bool = False  # a game of it won on the date
    won_any: bool = False  # a game of it won, replays included
    best: int | None = None  # the lowest final score of a game of it played to the end

    def to_json(self, date: str) -> dict[str, Any]:
        return {"date": date, "played": self.played, "won": self.won, "won_any": self.won_any,
                "best": self.best}


def _taken_back(row: GameRow) -> bool:
    undone = row.result.get("undone")
    return type(undone) is int and undone > 0


def _days(rows: Iterable[GameRow]) -> dict[str, _Day]:
    days: dict[str, _Day] = {}
    for row in sorted(rows, key=lambda r: r.created):
        date = row.settings.get(DAILY)
        if not isinstance(date, str) or row.status == ABANDONED:
            continue
        day = days.setdefault(date, _Day())
        # the date's own game: the first one the person acted in on the date
        own = row.settings.get(PLAYED) is True and not day.played
        day.played = day.played or own
        if OVER not in row.settings or row.status not in FINISHED or _taken_back(row):
            continue
        day.best = row.score if day.best is None else min(day.best, row.score)
        if row.status == WON:
            day.won_any = True
            day.won = day.won or (own and row.settings.get(OVER) is True)
    return days


def daily_stats(rows: Iterable[GameRow], today: dt.date, day: dt.date | None = None
                ) -> dict[str, Any]:
    """The daily game's figures from the person's Hearts rows: the current and best streak of
    dates won on the date itself, the days played and won (on the date itself), the latest dates
    with their result and best final score, and with `day` that date's (`result`, None when it
    has none)."""
    days = _days(rows)
    won = [dt.date.fromisoformat(date) for date, d in days.items() if d.won]
    current, best = daily_streaks(won, today)
    shown = [date for date in sorted(days) if days[date].played or days[date].best is not None]
    out: dict[str, Any] = {
        "today": today.isoformat(),
        "streak": current,
        "best_streak": best,
        "played": sum(d.played for d in days.values()),
        "won": len(won),
        "days": [days[date].to_json(date) for date in reversed(shown[-DAYS_SHOWN:])],
    }
    if day is not None:
        found = days.get(day.isoformat())
        out["result"] = None if found is None else found.to_json(day.isoformat())
    return out
