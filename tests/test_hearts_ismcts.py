"""The ISMCTS sparring partner (`heartsuite.players.ismcts`): legal, deterministic, blind to the
hidden cards, sane on obvious positions, and playable by name in every variant."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from heartsuite.arena.driver import play_game, play_positions
from heartsuite.arena.tournament import build_player, known_player
from heartsuite.hearts import Game, Rules, SeatView, mask_of, parse_card
from heartsuite.hearts.cards import SUIT_MASKS, SUIT_OF, card_text
from heartsuite.hearts.round import Round
from heartsuite.players import Player, fast_heuristic, make_player
from heartsuite.players.heuristic import HeuristicPlayer
from heartsuite.players.ismcts import (
    ISMCTSConfig,
    ISMCTSPlayer,
    UniformDealer,
    ismcts_play,
    seat_values,
    uniform_hands,
)
from heartsuite.players.sampling import Knowledge, knowledge_of, play_history
from heartsuite.prng import Rng

# (variant, options): every preset, 3 and 4 players, Omnibus, Mixed and New Moon, the Queen
# breaking hearts, a short target so that rounds can end the game.
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("black-lady", {}),
    ("black-lady", {"players": 3}),
    ("black-lady", {"omnibus": True, "moon": "mixed", "target": 30}),
    ("black-lady", {"moon": "new", "qs_lead_anytime": False, "qs_breaks_hearts": True}),
    ("original", {}),
    ("black-maria", {}),
    ("spot", {"omnibus": True}),
    ("partnership", {}),
    ("reverse", {}),
)


def _rules(variant: str, options: dict[str, Any]) -> Rules:
    return Rules.variant(variant).with_options(rounds=1, **options)


def m(spec: str) -> int:
    return mask_of(parse_card(c) for c in spec.split())


# Seat 3 leads 2C; seat 1 wins the first trick with AC. Seat 0 holds QS and 2S.
DEAL = (
    "3C QS 2S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D",
    "AC 3S KC QC JC 6S 7S 7H 8H 9H 7D 8D 9D",
    "4C 4S TC 9C 8C 8S 9S TH JH QH TD JD QD",
    "2C 5S 7C 6C 5C TS JS KS AS KH AH KD AD",
)


def view_after(deal: tuple[str, ...], plays: str) -> SeatView:
    hands = [m(h) for h in deal]
    game = Game(Rules(passing=False), None, None, dealer=lambda r: hands)
    for text in plays.split():
        game.act(game.round.turn, text)
    pending = game.pending()
    assert pending is not None
    return game.view(pending.seats[0])


def few(iterations: int) -> ISMCTSConfig:
    return ISMCTSConfig(iterations=iterations)


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_always_a_legal_card(variant: str, options: dict[str, Any]) -> None:
    """A seeded sweep: every third choice of a round between heuristic players, 24 iterations."""
    rules = _rules(variant, options)
    number = Rng.for_key("ismcts-legal", len(variant), len(options)).below(1 << 30)
    searched = 0
    for i, (_, view) in enumerate(play_positions(rules, number)):
        if i % 3:
            continue
        card, visits, done = ismcts_play(view, Rng.for_key("ismcts-legal", number, i), few(24))
        assert view.legal >> card & 1, (i, card_text(card))
        assert all(view.legal >> c & 1 for c in visits)
        searched += 1
        assert done in (0, 24)
    assert searched >= 5


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_a_whole_round_by_name_in_every_variant(variant: str, options: dict[str, Any]) -> None:
    """ISMCTS at one seat, the heuristic at the others: the pass, the play, the moon choice."""
    rules = _rules(variant, options)
    players: list[Player | str] = ["heuristic"] * rules.players
    players[1] = ISMCTSPlayer(3, few(12))
    record = play_game(rules, 4242, players, seed=1)
    assert record["players"][1] == "ismcts"


def test_deterministic_with_fixed_iterations() -> None:
    views = [v for i, (_, v) in enumerate(play_positions(Rules(), 99)) if i in (5, 22, 30)]
    for view in views:
        a = ismcts_play(view, Rng(7), few(150))
        b = ismcts_play(view, Rng(7), few(150))
        assert a == b
        assert a[2] == 150 or a[2] == 0


def test_it_never_looks_at_hidden_cards() -> None:
    """Two deals that differ only in the opponents' hidden cards (JS of seat 3 swapped with 9S
    of seat 2; neither is played), the same plays: seat 0's views are equal, and with the same
    generator and iterations the same card is chosen. A view's game code (which would give the
    deal away) changes nothing either."""
    other = list(DEAL)
    other[2] = other[2].replace("9S", "JS")
    other[3] = other[3].replace("JS", "9S")
    plays = "2C 3C AC 4C KC 8C 7C"
    a = view_after(DEAL, plays)
    b = view_after(tuple(other), plays)
    assert a.seat == b.seat == 0
    assert a == b  # a view holds nothing of the hidden hands
    first = ismcts_play(a, Rng(11), few(300))
    assert ismcts_play(b, Rng(11), few(300)) == first
    coded = next(v for i, (_, v) in enumerate(play_positions(Rules(), 31)) if i == 9)
    base = ismcts_play(coded, Rng(3), few(200))
    for code in (None, "HT1-AAAAAAA"):
        assert ismcts_play(replace(coded, code=code), Rng(3), few(200)) == base


def test_worlds_are_consistent_with_the_seat_knowledge() -> None:
    """Seat 1's worlds after seat 0 discarded QS on clubs: never a club for seat 0."""
    view = view_after(DEAL, "2C 3C AC 4C KC 8C 7C QS")
    assert view.seat == 1
    clubs = SUIT_OF[parse_card("2C")]
    assert view.voids[0] >> clubs & 1
    k = knowledge_of(view)
    rng = Rng(5)
    seen: set[tuple[int, ...]] = set()
    for _ in range(200):
        hands = uniform_hands(k, rng)
        assert hands[1] == view.hand
        assert not hands[0] & SUIT_MASKS[clubs]
        for p in range(4):
            assert hands[p] & k.known[p] == k.known[p]
            assert hands[p].bit_count() == view.hand_sizes[p]
            assert not hands[p] & view.played
            for s in range(4):
                if view.voids[p] >> s & 1:
                    assert not hands[p] & SUIT_MASKS[s]
            assert not any(hands[p] & hands[q] for q in range(p))
        seen.add(tuple(hands))
    assert len(seen) > 150  # the worlds vary


def test_the_exact_dealer_counts_and_covers_every_consistent_deal() -> None:
    """Six unseen cards (two clubs, diamonds, spades), two to each of seats 1-3, seat 2 void in
    clubs: 6 ways for seat 2 (two of the four others), then 6 for seat 1: 36 deals. The exact
    draw and the rejection draw both meet every one of them, about equally often (fixed seeds)."""
    unseen = m("2C 3C 2D 3D 2S 3S")
    k = Knowledge(seat=0, counts=(0, 2, 2, 2), known=(0, 0, 0, 0), voids=(0, 0, 1, 0),
                  unseen=unseen)
    dealer = UniformDealer(k)
    assert dealer.ways(0, (0, 2, 2, 2)) == 36
    for draw in (dealer.exact, dealer.deal):
        counts = Counter(tuple(draw(Rng(i))) for i in range(3600))
        assert len(counts) == 36
        assert all(not hands[2] & m("2C 3C") for hands in counts)
        assert min(counts.values()) >= 60 and max(counts.values()) <= 140  # 100 expected


def test_it_does_not_take_the_queen_on_itself() -> None:
    """Last to play on a spade trick of 3S 4S 5S with QS and 2S: the queen would win it."""
    view = view_after(DEAL, "2C 3C AC 4C 3S 4S 5S")
    assert view.legal == m("QS 2S")
    for seed in range(3):
        assert card_text(ismcts_play(view, Rng(seed), few(200))[0]) == "2S"


def test_it_sheds_the_queen_when_void() -> None:
    """Void in clubs on KC 8C 7C after the first trick: the queen goes to the trick's winner."""
    view = view_after(DEAL, "2C 3C AC 4C KC 8C 7C")
    for seed in range(3):
        assert card_text(ismcts_play(view, Rng(seed), few(300))[0]) == "QS"


def test_values_in_zero_one_and_the_moon() -> None:
    """A finished round's values: each in [0, 1], lower score higher value; the moon applied."""
    rules = Rules()
    view = view_after(DEAL, "2C 3C AC 4C KC 8C 7C")
    k = knowledge_of(view)
    order, by_seat = play_history(view)
    hands = uniform_hands(k, Rng(1))
    r = Round.replayed(rules, [hands[p] | by_seat[p] for p in range(4)], order)
    fast_heuristic.play_out(r)
    values = seat_values(rules, r, (0, 0, 0, 0), 0)
    assert all(0.0 <= v <= 1.0 for v in values)
    low, high = min(range(4), key=r.points.__getitem__), max(range(4), key=r.points.__getitem__)
    if r.moon_shooter() is None:
        assert values[low] >= values[high]


def test_registered_and_in_tournaments() -> None:
    player = make_player("ismcts", seed=2)
    assert isinstance(player, ISMCTSPlayer) and isinstance(player, Player)
    assert player.name == "ismcts" and player.config == ISMCTSConfig()
    assert known_player("ismcts") and known_player("ismcts:50") and not known_player("ismcts:x")
    fixed = build_player("ismcts:50", 1)
    assert isinstance(fixed, ISMCTSPlayer) and fixed.config.iterations == 50
    timed = build_player("ismcts", 1, move_time=0.05)
    assert isinstance(timed, ISMCTSPlayer) and timed.config.move_time == 0.05


def test_the_pass_is_the_heuristic_players() -> None:
    hands = [m(h) for h in DEAL]
    game = Game(Rules(), None, None, dealer=lambda r: hands)
    view = game.view(0)
    got = ISMCTSPlayer(4).choose_pass(view, Rng(1))
    assert got == HeuristicPlayer(4).choose_pass(view, Rng(1))


def test_config_is_checked() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSConfig(iterations=0)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSConfig(iterations=1_000_001)
    assert ISMCTSConfig(iterations=1_000_000).iterations == 1_000_000
    with pytest.raises(ValueError, match="move_time"):
        ISMCTSConfig(move_time=-1.0)
    with pytest.raises(ValueError, match="exploration"):
        ISMCTSConfig(exploration=-0.1)
