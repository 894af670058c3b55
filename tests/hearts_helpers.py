"""Shared by the search and posterior tests: positions reached by heuristic players, and the
checker of a sampled world (a deal of the unseen cards) against what the seat knows; and a
round in which seat 0 shoots the moon, shared by the game and event tests."""

from __future__ import annotations

from heartsuite.arena.driver import play_positions
from heartsuite.hearts.cards import SUIT_MASKS, mask_of, parse_card
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
MOON_DEAL = (
    "7C 8C 9C TC JC QC KC AC TH JH QH KH AH",
    "2C 3C 4C 2H 3H 4H 5H 6H 7H 8H 9H QS 2D",
    "5C 6C 3D 4D 5D 6D 7D 8D 9D TD 2S 3S 4S",
    "JD QD KD AD 5S 6S 7S 8S 9S TS JS KS AS",
)


def play_moon_round(game: Game) -> None:
    """Seat 0 takes every trick and seat 1 feeds it all the hearts and the queen."""
    start = len(game.rounds)
    while len(game.rounds) == start and game.moon_pending is None:
        r = game.round
        legal = r.legal_plays()
        if r.turn == 0:
            card = max(legal, key=lambda c: c % 13)
        elif r.turn == 1 and r.trick and all(c // 13 != r.led for c in legal):
            card = max(legal, key=lambda c: (c == 36, c))
        else:
            card = min(legal, key=lambda c: (r.cfg.pts[c] > 0, c % 13))
        game.act(r.turn, card)


def moon_game(rules: Rules, totals: list[int]) -> Game:
    hands = [mask_of(parse_card(c) for c in h.split()) for h in MOON_DEAL]
    game = Game(rules.with_options(passing=False), None, None, dealer=lambda r: hands)
    game.totals = list(totals)
    return game
