"""The Hearts rules page's example as replay frames: the deal, the pass, every card, every trick
taken. The round is replayed through the Hearts engine first, so it is a legal round of the
default rules whose points are the engine's."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from heartsuite.hearts import Rules, deal_hands, parse_game_code, replay, texts
from heartsuite.web.site.examples import (
    HEARTS_EXAMPLE_CODE,
    HEARTS_EXAMPLE_PASSES,
    HEARTS_EXAMPLE_POINTS,
    HEARTS_EXAMPLE_TRICKS,
)

SEATS = 4
SUIT_ORDER = "CDSH"
RANK_ORDER = "23456789TJQKA"


def _sort_key(card: str) -> tuple[int, int]:
    return SUIT_ORDER.index(card[1]), RANK_ORDER.index(card[0])


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=_sort_key)


def _trick_winner(leader: int, cards: list[str]) -> int:
    """The seat whose card is the highest of the suit led."""
    suit = cards[0][1]
    best = max((i for i, c in enumerate(cards) if c[1] == suit),
               key=lambda i: RANK_ORDER.index(cards[i][0]))
    return (leader + best) % SEATS


def _points(cards: list[str]) -> int:
    """Default rules: a point per heart, 13 for the queen of spades."""
    return sum(1 for c in cards if c[1] == "H") + (13 if "QS" in cards else 0)


def record() -> dict[str, Any]:
    """The example round as a (partial) game record."""
    rules = Rules()
    hands = [texts(mask) for mask in deal_hands(rules, parse_game_code(HEARTS_EXAMPLE_CODE), 0)]
    tricks = []
    for line in HEARTS_EXAMPLE_TRICKS:
        leader, *cards = line.split()
        tricks.append({"leader": int(leader), "cards": cards})
    return {
        "code": HEARTS_EXAMPLE_CODE,
        "rules": rules.to_json(),
        "players": ["you", "west", "north", "east"],
        "rounds": [{
            "pass": "left",
            "hands": hands,
            "passes": [p.split() for p in HEARTS_EXAMPLE_PASSES],
            "tricks": tricks,
            "points": list(HEARTS_EXAMPLE_POINTS),
            "moon": None,
        }],
    }


@lru_cache(maxsize=1)
def hearts_frames() -> list[dict[str, Any]]:
    """Every step of the example round, all hands face up (it is an example)."""
    rec = record()
    replay(rec, allow_partial=True)  # a RecordError here means the example broke a rule
    rd = rec["rounds"][0]
    hands = [list(h) for h in rd["hands"]]
    taken = [0] * SEATS
    frames: list[dict[str, Any]] = []

    def frame(kind: str, trick: list[dict[str, Any]], **extra: Any) -> None:
        frames.append({"kind": kind, "hands": [_sorted(h) for h in hands],
                       "received": [list(r) for r in received], "trick": list(trick),
                       "points": list(taken)} | extra)

    received: list[list[str]] = [[] for _ in range(SEATS)]
    frame("deal", [])
    passes = rd["passes"]
    for seat in range(SEATS):
        for card in passes[seat]:
            hands[seat].remove(card)
    for seat in range(SEATS):
        to = (seat + 1) % SEATS  # to the left: the next seat clockwise
        hands[to] += passes[seat]
        received[to] = _sorted(passes[seat])
    frame("pass", [])
    for trick in rd["tricks"]:
        leader, cards = trick["leader"], trick["cards"]
        played: list[dict[str, Any]] = []
        for i, card in enumerate(cards):
            seat = (leader + i) % SEATS
            hands[seat].remove(card)
            received[seat] = [c for c in received[seat] if c != card]
            played.append({"seat": seat, "card": card})
            frame("play", played, seat=seat, card=card)
        winner = _trick_winner(leader, cards)
        count = _points(cards)
        taken[winner] += count
        frame("take", played, seat=winner, count=count)
    frame("end", [], seat=min(range(SEATS), key=lambda s: taken[s]))
    if taken != list(HEARTS_EXAMPLE_POINTS):
        raise AssertionError(f"the example's points are {taken}")
    return frames
