"""A seat's figures of a finished game, for the statistics: read from the game's round records
(`Game.rounds`, the shape of the game record), so the same figures come from a live game and from
a stored record.

Per round: the seat's points, whether it took the queen of spades, whether it shot the moon, and
whether it suffered one (someone outside its side shot it: under Partnership the partner's moon is
the side's own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from heartsuite.hearts.cards import RANKS

QUEEN = "QS"


def trick_taker(leader: int, cards: Sequence[str], players: int) -> int:
    """The seat that takes a full trick: the highest card of the suit led (seats play in turn
    from the leader)."""
    led = cards[0][1]
    best = max((i for i, c in enumerate(cards) if c[1] == led),
               key=lambda i: RANKS.index(cards[i][0]))
    return (leader + best) % players


def queen_taker(record: dict[str, Any], players: int) -> int | None:
    """Who took the queen of spades in a round record (None when no full trick held it)."""
    for trick in record.get("tricks") or ():
        cards = trick["cards"]
        if len(cards) == players and QUEEN in cards:
            return trick_taker(trick["leader"], cards, players)
    return None


def side_of(seat: int, players: int, partnership: bool) -> set[int]:
    """The seats on `seat`'s side: itself, and under Partnership its partner across."""
    return {seat, (seat + 2) % players} if partnership else {seat}


def seat_figures(rounds: Sequence[dict[str, Any]], seat: int, players: int,
                 partnership: bool) -> dict[str, Any]:
    """The seat's figures over the scored rounds: `rounds`, `points` (total), `round_points`
    (per round), `moons` shot, `moons_suffered`, `queens` (rounds it took the queen of spades)."""
    scored = [r for r in rounds if r.get("points") is not None]
    side = side_of(seat, players, partnership)
    return {
        "rounds": len(scored),
        "points": sum(r["points"][seat] for r in scored),
        "round_points": [r["points"][seat] for r in scored],
        "moons": sum(r["moon"] == seat for r in scored),
        "moons_suffered": sum(r["moon"] is not None and r["moon"] not in side for r in scored),
        "queens": sum(queen_taker(r, players) == seat for r in scored),
    }
