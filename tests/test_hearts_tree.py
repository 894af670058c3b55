"""The information tree of the search (`players.compiled.tree`, issue 24 §2): the outcome codes,
a first descent that is the heuristic play-out, the statistics that later descents share, the
search's choices with it (deterministic at a fixed number of worlds), and bad settings."""

from __future__ import annotations

from itertools import islice

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hearts_compiled import RULE_SETS, _positions

from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.rules import Rules
from heartsuite.players import compiled
from heartsuite.players.agreement import Agreement
from heartsuite.players.compiled import tree
from heartsuite.players.compiled.layout import S_POINTS, S_TAKEN, STATE_SIZE
from heartsuite.players.search import (
    SearchConfig,
    TreeReplies,
    _tree_arrays,
    searched_seats,
)
from heartsuite.players.values import OutcomeValues


@settings(deadline=None)
@given(st.lists(st.integers(-10, 60), min_size=4, max_size=4), st.integers(-1, 3))
def test_outcome_codes_decode_to_their_points(points: list[int], shooter: int) -> None:
    rules = Rules()
    facts = compiled.rules_facts(rules)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    for p in range(4):
        state[S_POINTS + p] = points[p]
        if p == shooter:
            state[S_TAKEN + p] = rules.penalty_mask()
    seen = np.zeros(4, dtype=np.int64)
    code = tree.outcome_code(facts, state, seen)
    assert seen.tolist() == points
    assert code != 0
    assert tree.decode_outcome(code, 4) == (points, shooter)


@pytest.mark.parametrize("adversarial", [False, True])
@pytest.mark.parametrize(
    "rules", RULE_SETS[:6],
    ids=lambda r: f"{r.variant}-{r.moon}{'-omnibus' if r.omnibus else ''}")
def test_a_first_descent_is_the_heuristic_play_out(rules: Rules, adversarial: bool) -> None:
    """The first descent of each candidate meets only new nodes (the seat's and, searched, the
    opponents'), so it is the candidate followed by the heuristic for every seat: the value of
    `batch.rollouts`' play-out of that candidate in that world. The values come from Python
    (`values.OutcomeValues`) through the kernel's table, refilled where an outcome is new."""
    n = rules.players
    config = SearchConfig(tree=1, opponents="searched" if adversarial else "heuristic")
    checked = 0
    for r in _positions(rules, 7, rounds=2):
        seat = r.turn
        cands = cards_of(r.legal_mask())
        planner = TreeReplies(r, seat, cands, (0,) * n, 0, config,
                              searched_seats(config, seat, n, None))
        got = planner.values(list(r.hands), list(range(len(cands))))
        facts = compiled.rules_facts(rules)
        value = OutcomeValues(rules, seat, (0,) * n, 0)
        for card, v in zip(cands, got, strict=True):
            state = compiled.encode_round(r)
            compiled.play_card(facts, state, card)
            compiled.play_out(facts, state)
            points = [int(x) for x in state[S_POINTS : S_POINTS + n]]
            penalty = rules.penalty_mask()
            shooter = next((p for p in range(n) if penalty
                            and int(state[S_TAKEN + p]) & penalty == penalty), -1)
            assert v == value(points, shooter), (card, r.played)
        checked += 1
    assert checked > 40


def test_searched_opponents_explore_their_replies() -> None:
    """With the opponents in the tree, the node of the next seat after a candidate is met by
    every world: after a few descents it has tried more than the heuristic's card."""
    rules = Rules()
    r = next(p for p in _positions(rules, 3, rounds=2) if p.trick_no == 2 and not p.trick)
    seat = r.turn
    cands = cards_of(r.legal_mask())[:1]
    config = SearchConfig(tree=8, opponents="searched")
    planner = TreeReplies(r, seat, cands, (0,) * 4, 0, config,
                          searched_seats(config, seat, 4, None))
    planner.values(list(r.hands), [0])
    arrays = _tree_arrays()
    used = int(arrays.counts[0])
    assert used > 1
    assert arrays.total[:used].max() >= 4
    assert max(np.count_nonzero(arrays.visits[row]) for row in range(used)) >= 2


def test_the_seats_next_decision_tries_its_cards() -> None:
    """Without the opponents in the tree, the same world's descents of one candidate all reach
    the same node at the seat's next turn (the heuristic's replies are the same): the first plays
    the heuristic's card there, the next ones each card not yet tried (one per run)."""
    rules = Rules()
    for r in _positions(rules, 3, rounds=4):
        if r.trick_no != 2 or r.trick:
            continue
        seat = r.turn
        cands = cards_of(r.legal_mask())[:1]
        planner = TreeReplies(r, seat, cands, (0,) * 4, 0, SearchConfig(tree=3), 0)
        planner.values(list(r.hands), [0])
        arrays = _tree_arrays()
        used = int(arrays.counts[0])
        if used == 0:
            continue  # the round settled before the seat's next turn
        assert int(arrays.total[0]) == 3
        assert np.count_nonzero(arrays.visits[0]) == min(3, int(arrays.total[0]))
        return
    pytest.fail("no position at a lead of the third trick")


def test_a_tree_search_is_deterministic_and_legal() -> None:
    """At a fixed number of worlds the search with the tree plays the same card from the same
    generator, a legal one, in positions of every trick of a few rounds."""
    from heartsuite.arena.driver import play_positions
    from heartsuite.players.search import search_play
    from heartsuite.prng import Rng

    config = SearchConfig(worlds=6, tree=2, opponents="searched")
    checked = 0
    for _, view in islice(play_positions(Rules(), 2), 40):
        if view.legal & (view.legal - 1) == 0:
            continue
        a = search_play(view, Rng(5), config)
        b = search_play(view, Rng(5), config)
        assert a == b
        assert view.legal >> a[0] & 1
        checked += 1
    assert checked > 10


def test_tree_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="tree and explore"):
        SearchConfig(tree=-1)
    with pytest.raises(ValueError, match="tree and explore"):
        SearchConfig(explore=-0.5)


def _agreement_after(opponent: str, rounds: int) -> Agreement:
    """Seat 0 (a heuristic player) reads a game against three `opponent` players."""
    from heartsuite.hearts.game import Game
    from heartsuite.hearts.phase import Phase
    from heartsuite.players.registry import make_player
    from heartsuite.prng import Rng

    rules = Rules()
    game = Game(rules, 77)
    players = [make_player("heuristic")] + [make_player(opponent, s) for s in (1, 2, 3)]
    rngs = [Rng(10 + s) for s in range(4)]
    agreement = Agreement(4)
    while (pending := game.pending()) is not None and len(game.rounds) < rounds:
        for seat in pending.seats:
            view = game.view(seat)
            if pending.kind == Phase.PASS:
                game.act(seat, players[seat].choose_pass(view, rngs[seat]))
            elif pending.kind == Phase.MOON_CHOICE:
                game.act(seat, players[seat].choose_moon(view))
            else:
                if seat == 0:
                    agreement.read(view)
                    agreement.read(view)  # a round counts once
                game.act(seat, players[seat].choose_play(view, rngs[seat]))
    return agreement


def test_heuristic_opponents_agree_with_the_heuristic_and_are_never_searched() -> None:
    agreement = _agreement_after("heuristic", 4)
    assert all(agreement.plays[s] > 25 for s in (1, 2, 3))
    assert agreement.agreed == agreement.plays
    assert agreement.searched(0) == 0


def test_random_opponents_are_searched_after_a_round_or_two() -> None:
    first = _agreement_after("random", 1)
    assert first.plays[1] > 5
    agreement = _agreement_after("random", 4)
    assert all(agreement.share(s) < 0.6 for s in (1, 2, 3))
    assert agreement.searched(0) == 0b1110
    assert agreement.plays[0] == 0  # the seat's own plays are not counted


def test_a_fitted_player_searches_with_the_tree_only_against_unlike_opponents() -> None:
    config = SearchConfig(tree=4, opponents="fitted")
    assert searched_seats(config, 2, 4, None) == 0
    agreement = _agreement_after("random", 3)
    assert searched_seats(config, 0, 4, agreement) == 0b1110
    with pytest.raises(ValueError, match="opponents is one of"):
        SearchConfig(opponents="clairvoyant")


def test_the_tournament_builds_players_with_the_tree() -> None:
    from heartsuite.arena.tournament import build_player, known_player
    from heartsuite.players.frozen import HARD_V1
    from heartsuite.players.levels import EXPERT, HARD
    from heartsuite.players.search import SearchPlayer

    player = build_player("search:30+tree=4+opponents=fitted+explore=3", 1)
    assert isinstance(player, SearchPlayer)
    config = player.config
    assert (config.worlds, config.tree, config.opponents, config.explore) == (30, 4, "fitted", 3.0)
    assert known_player("hard+tree=2+opponents=searched")
    for bad in ("search:30+tree=0", "search:30+tree=x", "search:30+opponents=all",
                "search:30+explore=-1", "ismcts+tree=2"):
        assert not known_player(bad), bad
    # measured and not released (docs/benchmarks.md): no level and no frozen player use it
    assert HARD.tree == EXPERT.tree == HARD_V1.tree == 0
