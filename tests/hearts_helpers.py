"""Shared by the search and posterior tests: positions reached by heuristic players, and the
checker of a sampled world (a deal of the unseen cards) against what the seat knows."""

from __future__ import annotations

from heartsuite.arena.driver import play_positions
from heartsuite.hearts.cards import SUIT_MASKS, mask_of
from heartsuite.hearts.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView


def heuristic_position(number: int, round_index: int, plays: int,
                       rules: Rules = Rules()) -> tuple[Game, SeatView]:  # noqa: B008
    """Game `number` between heuristic players, stopped `plays` cards into round `round_index`
    (four players: 0 passes left, 1 right, 2 across, 3 holds); the view of the seat to play."""
    done = 0
    for game, view in play_positions(rules, number):
        if game.round_index == round_index:
            if done == plays:
                return game, view
            done += 1
    raise ValueError(f"game {number} has no play {plays} in round {round_index}")


def check_world(view: SeatView, hands: list[int]) -> None:
    """Assert that `hands` (one card mask per seat) could be the deal: the seat's own hand, every
    hand of its size, no card twice or already played, no card of a suit its holder showed void
    in, and the cards the seat passed still with the seat they went to."""
    assert hands[view.seat] == view.hand
    seen = 0
    for p, hand in enumerate(hands):
        assert hand.bit_count() == view.hand_sizes[p]
        assert not hand & seen
        assert not hand & view.played
        for s in range(4):
            if view.voids[p] >> s & 1:
                assert not hand & SUIT_MASKS[s], (p, s)
        seen |= hand
    assert seen == mask_of(view.rules.deck()) & ~view.played
    if view.passed_to is not None:
        still = view.passed & ~view.played
        assert hands[view.passed_to] & still == still
