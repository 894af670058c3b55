"""Statistics, computed from the stored games of one person.

Heart to Heart, for all deals and per deal: played (won or lost), won, win rate, current and
longest winning streaks, best time, fewest moves and best score (the last three over won games;
best score over all), hints used. Hearts: games, wins, average points per round and moons shot,
read from each finished Hearts game's `result`: `{"rounds": int, "points": int, "moons": int}`
(the person's own points and moons), which the Hearts routes write when a game ends. A game in
which the person took back a card (`"undone": n` in its result) is left out of the figures and
counted as `undone` beside them.

A Heart to Heart game the person played after viewing the solution of the same deal (its row's
`settings` say `"seen": true`, written by the h2h routes) is no unaided game: it is counted as
`seen`, beside the figures, never in them (nor does it break or extend a streak).

Hearts by opponents (`hearts_by_opponents`): games with other people (a table of
heartsuite.tables with two people or more, its `hearts-table` rows) counted apart from games
against the computer (the Hearts page's games, and tables where the person was the only one),
each in all and per variant.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from heartsuite.web.store import WON, GameRow, Store


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
    games = store.games(person, "h2h")
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
    """Games, wins, average points per round (negative when moons took points off) and moons
    shot, of the Hearts page's games. A game whose result has no rounds adds nothing to the
    average."""
    return _figures(store.games(person, "hearts"))


TABLE_KIND = "hearts-table"  # the rows the table hub writes for each person when a table ends


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
        counted = _count(game.result.get("rounds"))
        rounds += counted
        points += _points(game.result.get("points")) if counted else 0
    return {
        "games": len(games),
        "wins": sum(g.status == WON for g in games),
        "avg_points": points / rounds if rounds else None,
        "moons": sum(_count(g.result.get("moons")) for g in games),
        "undone": taken_back,
    }


def _variant(game: GameRow) -> str:
    rules = game.data.get("rules")
    named = game.result.get("variant") or (rules.get("variant") if isinstance(rules, dict)
                                           else None)
    return named if isinstance(named, str) else "black-lady"


def _grouped(games: list[GameRow]) -> dict[str, Any]:
    variants: dict[str, list[GameRow]] = {}
    for game in games:
        variants.setdefault(_variant(game), []).append(game)
    return {"all": _figures(games),
            "variants": {name: _figures(rows) for name, rows in sorted(variants.items())}}


def hearts_by_opponents(store: Store, person: str) -> dict[str, Any]:
    """Games with people apart from games against the computer, each in all and per variant."""
    tables = store.games(person, TABLE_KIND)
    with_people = [g for g in tables if _count(g.result.get("people")) >= 2]
    alone = [g for g in tables if _count(g.result.get("people")) < 2]
    return {"people": _grouped(with_people),
            "computer": _grouped(store.games(person, "hearts") + alone)}
