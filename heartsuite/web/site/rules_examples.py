"""The Hearts rules page's example as replay frames: the deal, the pass, every card, every trick
taken. The round is played through the Hearts engine, and the frames are built from the events
it reports, so it is a legal round of the default rules whose winners and points are the
engine's."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from heartsuite.hearts import Game, Rules, parse_card, texts
from heartsuite.hearts.events import CardsReceived, Event, Played, TrickWon
from heartsuite.web.site.examples import (
    HEARTS_EXAMPLE_CODE,
    HEARTS_EXAMPLE_PASSES,
    HEARTS_EXAMPLE_POINTS,
    HEARTS_EXAMPLE_TRICKS,
)

SEATS = 4
PLAYERS = ["you", "west", "north", "east"]


@lru_cache(maxsize=1)
def hearts_frames() -> list[dict[str, Any]]:
    """Every step of the example round, all hands face up (it is an example)."""
    game = Game(Rules(), HEARTS_EXAMPLE_CODE, PLAYERS)
    rnd = game.round
    received: list[list[str]] = [[] for _ in range(SEATS)]
    played: list[dict[str, Any]] = []
    taken = [0] * SEATS  # points per seat, as the tricks are won
    frames: list[dict[str, Any]] = []

    def frame(kind: str, trick: list[dict[str, Any]], **extra: Any) -> None:
        frames.append({"kind": kind, "hands": [texts(h) for h in rnd.hands],
                       "received": [list(r) for r in received], "trick": list(trick),
                       "points": list(taken)} | extra)

    def show(events: list[Event]) -> None:
        for event in events:
            if isinstance(event, CardsReceived):
                received[event.seat] = texts(sum(1 << c for c in event.cards))
            elif isinstance(event, Played):
                card = texts(1 << event.card)[0]
                received[event.seat] = [c for c in received[event.seat] if c != card]
                played.append({"seat": event.seat, "card": card})
                frame("play", played, seat=event.seat, card=card)
            elif isinstance(event, TrickWon):
                taken[event.winner] += event.points
                frame("take", played, seat=event.winner, count=event.points)
                played.clear()

    frame("deal", [])
    for seat, passed in enumerate(HEARTS_EXAMPLE_PASSES):
        show(game.act(seat, passed.split()))
    frame("pass", [])
    for line in HEARTS_EXAMPLE_TRICKS:
        leader, *in_order = line.split()
        if rnd.turn != int(leader):
            raise AssertionError(f"seat {rnd.turn} leads the trick {line!r}")
        for card in in_order:
            show(game.act(rnd.turn, parse_card(card)))
    frame("end", [], seat=min(range(SEATS), key=lambda s: taken[s]))
    if taken != list(HEARTS_EXAMPLE_POINTS):
        raise AssertionError(f"the example's points are {taken}")
    return frames
