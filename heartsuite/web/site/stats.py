"""Statistics, computed from the stored games of one person.

Heart to Heart, for all deals and per deal: played (won or lost), won, win rate, current and
longest winning streaks, best time, fewest moves and best score (the last three over won games;
best score over all), hints used. Hearts: games, wins, average points per round, moons shot
and suffered, queens of spades taken, read from each finished Hearts game's `result` (the person's
own figures, `heartsuite.hearts.figures.seat_figures`, with the `variant` and the computer
players' `level`), which the Hearts routes and the table hub write when a game ends. Results
stored before a figure was recorded count none of it (no moons suffered, no queens).

The daily deal has figures of its own (web/h2h/daily.py `daily_stats`), and so has the Hearts
daily game (web/hearts/daily.py `daily_stats`, from the game rows); their games are counted here
too, as the games they are.

A Hearts game in which the person took back a card (`"undone": n` in its result) is left out of
the figures and counted as `undone` beside them.

A Heart to Heart game the person played after viewing the solution of the same deal (its row's
`settings` say `"seen": true`, written by the h2h routes) is no unaided game: it is counted as
`seen`, beside the figures, never in them (nor does it break or extend a streak).

Hearts by opponents (`hearts_by_opponents`): games with other people (a table of
heartsuite.tables with two people or more, its `hearts-table` rows) counted apart from games
against the computer (the Hearts page's games, and tables where the person was the only one),
each in all and per variant. Against the computer also per variant and level
(`hearts_levels`), and the points per round of the last games (`hearts_recent`) for the chart.

Reset (`reset`): the person's statistics of one game start again from now. Nothing is deleted:
the preference `stats_reset` keeps, per game, the instant of the reset, and only games finished
after it count; so a game in progress at the reset is kept and counts once it is finished, and
what the games themselves need of older games (a deal whose solution was seen) still holds.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from heartsuite.hearts.rules import VARIANTS
from heartsuite.web.store import FINISHED, WON, GameRow, Store

RESET_PREF = "stats_reset"
GAMES = ("h2h", "hearts")  # what `reset` takes: Heart to Heart, or Hearts (both kinds of rows)
TABLE_KIND = "hearts-table"  # the rows the table hub writes for each person when a table ends
KINDS = {"h2h": ("h2h",), "hearts": ("hearts", TABLE_KIND)}
LEVELS = ("random", "heuristic", "easy", "medium", "hard", "expert", "mixed")
RECENT = 20  # games the chart of points per round shows


def reset_at(store: Store, person: str, game: str) -> float | None:
    """When the person last reset the statistics of `game` (None: never)."""
    saved = store.prefs(person).get(RESET_PREF)
    at = saved.get(game) if isinstance(saved, dict) else None
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None


def reset(store: Store, person: str, game: str, now: float | None = None) -> float:
    """Start the person's statistics of `game` again from now (ValueError for no such game)."""
    if game not in GAMES:
        raise ValueError(f"no statistics for {game!r}")
    at = time.time() if now is None else now
    store.merge_prefs(person, RESET_PREF, {game: at})
    return at


def counted(store: Store, person: str, kind: str) -> list[GameRow]:
    """The person's finished games of `kind` that count (since the last reset), oldest first."""
    game = next(g for g, kinds in KINDS.items() if kind in kinds)
    return store.games(person, kind, FINISHED, since=reset_at(store, person, game))


def summary(games: Iterable[GameRow]) -> dict[str, Any]:
    """The Heart to Heart figures over finished games, oldest first."""
    played = won = streak = best_streak = hints = 0
    best_time: int | None = None
    fewest: int | None = None
    best_score: int | None = None
    for game in games:
        played += 1
        hints += game.hints
        best_score = game.score if best_score is None else max(best_score, game.score)
        if game.status == WON:
            won += 1
            streak += 1
            best_streak = max(best_streak, streak)
            best_time = game.elapsed_ms if best_time is None else min(best_time, game.elapsed_ms)
            fewest = game.moves if fewest is None else min(fewest, game.moves)
        else:
            streak = 0
    return {
        "played": played,
        "won": won,
        "win_rate": won / played if played else None,
        "streak": streak,
        "best_streak": best_streak,
        "best_time_ms": best_time,
        "fewest_moves": fewest,
        "best_score": best_score,
        "hints": hints,
    }


def seen(game: GameRow) -> bool:
    """Whether the game was played knowing the deal's solution (see the module docstring)."""
    return game.settings.get("seen") is True


def h2h_stats(store: Store, person: str) -> dict[str, Any]:
    """All deals together, then each deal (most played first); `seen`: the games played after
    viewing the deal's solution, left out of the figures."""
    games = counted(store, person, "h2h")
    unaided = [game for game in games if not seen(game)]
    by_code: dict[str, list[GameRow]] = {}
    for game in unaided:
        by_code.setdefault(game.code, []).append(game)
    deals = [{"code": code} | summary(rows) for code, rows in by_code.items()]
    deals.sort(key=lambda d: (-d["played"], d["code"]))
    return {"all": summary(unaided), "deals": deals, "seen": len(games) - len(unaided)}


def _count(value: Any) -> int:
    """A stored count (rounds, moons); anything else, or negative, counts as none."""
    return value if type(value) is int and value >= 0 else 0


def _points(value: Any) -> int:
    """Stored points, sign kept: under New Moon the shooter's points go below zero."""
    return value if type(value) is int else 0


def hearts_stats(store: Store, person: str) -> dict[str, Any]:
    """Games, wins, average points per round (negative when moons took points off), moons shot
    and suffered and queens taken, of the Hearts page's games. A game whose result has no rounds
    adds nothing to the average."""
    return _figures(counted(store, person, "hearts"))


def undone(game: GameRow) -> bool:
    """Whether the person took back a card in the game (against the computer, with undo on)."""
    return _count(game.result.get("undone")) > 0


def _figures(games: list[GameRow]) -> dict[str, Any]:
    """The figures of the games played without taking back a card; `undone`: the others,
    counted apart (as Heart to Heart's `seen`)."""
    taken_back = sum(undone(g) for g in games)
    games = [g for g in games if not undone(g)]
    rounds = points = 0
    for game in games:
        played = _count(game.result.get("rounds"))
        rounds += played
        points += _points(game.result.get("points")) if played else 0
    return {
        "games": len(games),
        "wins": sum(g.status == WON for g in games),
        "avg_points": points / rounds if rounds else None,
        "moons": sum(_count(g.result.get("moons")) for g in games),
        "moons_suffered": sum(_count(g.result.get("moons_suffered")) for g in games),
        "queens": sum(_count(g.result.get("queens")) for g in games),
        "undone": taken_back,
    }


def _variant(game: GameRow) -> str:
    rules = game.data.get("rules")
    named = game.result.get("variant") or (rules.get("variant") if isinstance(rules, dict)
                                           else None)
    return named if isinstance(named, str) and named in VARIANTS else "black-lady"


def _level(game: GameRow) -> str | None:
    """The computer players' strength: as recorded at the end, else (older results) the game's
    settings; None at a table of people only."""
    named = game.result.get("level", game.settings.get("strength"))
    return named if named in LEVELS else None


def _grouped(games: list[GameRow]) -> dict[str, Any]:
    variants: dict[str, list[GameRow]] = {}
    for game in games:
        variants.setdefault(_variant(game), []).append(game)
    return {"all": _figures(games),
            "variants": {name: _figures(rows) for name, rows in sorted(variants.items())}}


def _against_computer(store: Store, person: str) -> tuple[list[GameRow], list[GameRow]]:
    """(games with other people, games against the computer), of the counted Hearts games."""
    tables = counted(store, person, TABLE_KIND)
    with_people = [g for g in tables if _count(g.result.get("people")) >= 2]
    alone = [g for g in tables if _count(g.result.get("people")) < 2]
    return with_people, counted(store, person, "hearts") + alone


def hearts_by_opponents(store: Store, person: str) -> dict[str, Any]:
    """Games with people apart from games against the computer, each in all and per variant."""
    with_people, computer = _against_computer(store, person)
    return {"people": _grouped(with_people), "computer": _grouped(computer)}


def hearts_levels(store: Store, person: str) -> list[dict[str, Any]]:
    """Games against the computer per variant and level: one row each (`variant`, `level`, the
    figures), in the order of the variants and then of the levels."""
    _, computer = _against_computer(store, person)
    groups: dict[tuple[str, str | None], list[GameRow]] = {}
    for game in computer:
        groups.setdefault((_variant(game), _level(game)), []).append(game)
    order = sorted(groups, key=lambda key: (VARIANTS.index(key[0]),
                                            LEVELS.index(key[1]) if key[1] else len(LEVELS)))
    return [{"variant": v, "level": lv} | _figures(groups[(v, lv)]) for v, lv in order]


def hearts_recent(store: Store, person: str, limit: int = RECENT) -> list[dict[str, Any]]:
    """The last `limit` counted Hearts games with rounds played, oldest first: when each ended,
    its variant and level, whether it was with people, its rounds, points and points per round."""
    with_people, computer = _against_computer(store, person)
    games = [(g, True) for g in with_people] + [(g, False) for g in computer]
    games = [(g, people) for g, people in games if _count(g.result.get("rounds"))]
    games.sort(key=lambda item: item[0].finished or item[0].updated)
    out = []
    for game, people in games[-limit:] if limit > 0 else []:
        rounds = _count(game.result.get("rounds"))
        points = _points(game.result.get("points"))
        out.append({"finished": game.finished or game.updated, "variant": _variant(game),
                    "level": None if people else _level(game), "people": people,
                    "won": game.status == WON, "rounds": rounds, "points": points,
                    "avg_points": points / rounds})
    return out
