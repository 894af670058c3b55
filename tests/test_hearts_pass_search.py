"""The pass chosen by simulation (`players/pass_search.py`): its candidates, its deals, its
compiled trials held to a plain round played in Python, and the player and tournament options
that reach it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from heartsuite.arena.tournament import build_player
from heartsuite.hearts.cards import cards_of, mask_of
from heartsuite.hearts.game import Game
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import VARIANTS, Rules, deck_mask
from heartsuite.hearts.view import SeatView
from heartsuite.players import fast_heuristic
from heartsuite.players.heuristic import jack_of, pass_cards
from heartsuite.players.levels import hint_pass
from heartsuite.players.pass_search import (
    POOL,
    PassTrials,
    pass_candidates,
    pass_pool,
    search_pass,
)
from heartsuite.players.search import (
    PASS_DEALS,
    SearchConfig,
    SearchPlayer,
    pass_deals,
    world_value,
)
from heartsuite.prng import Rng

PASSING = [Rules.variant_named(v) for v in VARIANTS if Rules.variant_named(v).passing]
PASSING += [Rules().with_options(moon="new"), Rules().with_options(moon="none"),
            Rules(omnibus=True), Rules.variant_named("partnership").with_options(omnibus=True)]


def pass_view(rules: Rules, number: int, seat: int = 0, round_index: int = 0) -> SeatView:
    """The seat's view when it is to pass in round `round_index` of game `number`."""
    return Game.from_round(rules, number, round_index).view(seat)


@pytest.mark.parametrize("rules", PASSING, ids=lambda r: r.variant + ("+j" if r.omnibus else ""))
def test_trials_are_the_round_played_in_python(rules: Rules) -> None:
    """Every candidate in every deal: the compiled trial's value is the value of a `Round` in
    which all seats pass (the others as the heuristic), then the heuristic plays it out. Also in
    a round that can end the game (the value then counts the game)."""
    for number, totals in ((3, None), (4, (88, 61, 40, 95))):
        view = pass_view(rules, number, seat=number % rules.players)
        if totals is not None:
            view = replace(view, totals=totals[: rules.players])
        trials = PassTrials(view)
        cands = pass_candidates(rules, view.hand)
        masks = np.array([mask_of(c) for c in cands], dtype=np.int64)
        before, given = trials.deal(np.random.default_rng(number), 6)
        got = trials.values(before, given, masks)
        n = rules.players
        for d in range(len(before)):
            hands = before[d].tolist()
            assert sum(hands) == deck_mask(n)  # a partition of the deck
            assert all(h.bit_count() == rules.hand_size() for h in hands)
            for p in range(n):
                if p != view.seat:
                    assert given[d, p] == mask_of(pass_cards(rules, hands[p]))
            for i, mask in enumerate(masks.tolist()):
                r = Round(rules, hands, rules.pass_offset(view.round_index))
                for p in range(n):
                    r.submit_pass(p, cards_of(mask if p == view.seat else int(given[d, p])))
                fast_heuristic.play_out(r)
                want = world_value(rules, view.seat, view.totals, len(view.history), r)
                assert got[i, d] == pytest.approx(want), (number, d, cands[i])


def test_the_candidates_are_threes_of_the_pool_the_heuristics_first() -> None:
    for number in range(30):
        rules = PASSING[number % len(PASSING)]
        hand = pass_view(rules, number).hand
        pool = pass_pool(rules, hand)
        assert len(pool) == min(POOL, hand.bit_count()) and len(set(pool)) == len(pool)
        assert all(hand >> c & 1 for c in pool)
        assert not mask_of(pool) & jack_of(rules)  # Omnibus: J♦ stays
        cands = pass_candidates(rules, hand)
        assert cands[0] == tuple(sorted(pass_cards(rules, hand)))
        assert len(cands) == len(set(cands)) == 56
        assert all(len(c) == 3 and set(c) <= set(pool) for c in cands)


def test_a_short_side_suit_can_be_voided() -> None:
    """A doubleton club is in the pool even when the heuristic's pass and the danger order
    leave it out, so voiding it is one of the candidates."""
    hand = mask_of([0, 5, 13 + 12, 13 + 11, 13 + 10, 13 + 9, 13 + 8, 26 + 12, 26 + 11, 26 + 10,
                    39 + 12, 39 + 11, 39 + 10])
    pool = pass_pool(Rules(), hand)
    assert {0, 5} <= set(pool)
    assert any({0, 5} <= set(c) for c in pass_candidates(Rules(), hand))


def test_search_pass_is_reproducible_and_races() -> None:
    view = pass_view(Rules(), 7, seat=2)
    a = search_pass(view, Rng(5), deals=128)
    b = search_pass(view, Rng(5), deals=128)
    assert a == b
    cards, means, deals = a
    assert deals == 128 and len(cards) == 3 and mask_of(cards) & view.hand == mask_of(cards)
    assert len(means) == 56
    assert means[tuple(sorted(cards))] == max(means.values())  # the leader is never dropped


def test_no_pass_no_search() -> None:
    held = pass_view(Rules(), 2, round_index=3)  # the fourth round holds
    with pytest.raises(ValueError, match="no pass"):
        search_pass(held, Rng(1), deals=32)
    game = Game(Rules(), 11)
    for seat in range(4):
        game.act(seat, pass_cards(game.rules, game.view(seat).hand))
    with pytest.raises(ValueError, match="no pass"):
        PassTrials(game.view(0))


def test_the_option_reaches_the_player_and_the_tournament() -> None:
    view = pass_view(Rules(), 9, seat=1)
    player = build_player("search:4", 1)
    assert isinstance(player, SearchPlayer) and player.config.pass_search
    assert pass_deals(4) == 128 and pass_deals(16) == pass_deals(60) == PASS_DEALS
    want = search_pass(view, Rng(3), deals=128)[0]
    assert want != pass_cards(view.rules, view.hand)  # a hand where the two differ
    assert player.choose_pass(view, Rng(3)) == want
    plain = build_player("search:4+pass=heuristic", 1)
    assert isinstance(plain, SearchPlayer) and not plain.config.pass_search
    assert plain.choose_pass(view, Rng(3)) == pass_cards(view.rules, view.hand)
    assert not SearchPlayer(1, SearchConfig(worlds=4, pass_search=False)).config.pass_search
    both = build_player("hard+prior=2+pass=search", 1)
    assert isinstance(both, SearchPlayer)
    assert both.config.pass_search and both.config.prior == 2 and both.config.move_time == 0.1
    for bad in ("search:4+pass", "search:4+pass=maybe", "easy+pass=heuristic"):
        with pytest.raises(ValueError, match="options"):
            build_player(bad, 1)


def test_the_pass_hint_is_the_searched_pass_of_fixed_deals() -> None:
    """The same hand gets the same hint wherever it is computed: `PASS_DEALS` deals, not a time."""
    view = pass_view(Rules(), 9, seat=1)
    hinted = hint_pass(view, 17)
    assert hinted == hint_pass(view, 17)
    assert hinted == search_pass(view, Rng.for_key("hearts-hint-pass", 17, 0), deals=PASS_DEALS)[0]
