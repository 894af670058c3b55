"""The fast solver against the plain reference search that plays the real draw order.

Winnability is compared on hundreds of positions: fresh deals (skipping those whose exhaustive
reference search would exceed a small budget, and requiring enough to remain) and positions reached
by random play, where the reference is cheap. Shortest lines are compared with breadth-first search
on late positions, where breadth-first search is feasible.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.h2h import DRAW, REDEAL, Deal, State, apply, deal_for_number, legal_moves, replay
from heartsuite.solver import hint, is_winnable, solve
from heartsuite.solver.reference import (
    BudgetExceeded,
    reference_shortest,
    reference_winnable,
    reference_winnable_any_order,
)


def _reference(state: State, limit: int) -> bool:
    return reference_winnable(
        state.deal.layout, state.talon, state.split, state.present, limit=limit
    )


def test_fresh_deals_agree_with_the_reference_search() -> None:
    decided = agreed = winnable = 0
    for number in range(600):
        state = State.initial(deal_for_number("N", number))
        try:
            expected = _reference(state, limit=1500)
        except BudgetExceeded:
            continue
        decided += 1
        winnable += expected
        agreed += is_winnable(state) == expected
    assert agreed == decided
    assert decided >= 250 and winnable >= 40


def test_fresh_deals_agree_with_the_any_order_search() -> None:
    """Every one of 3,000 deals, against an exhaustive search free of the pairing argument."""
    winnable = 0
    for number in range(3000):
        deal = deal_for_number("N", number)
        expected = reference_winnable_any_order(deal.layout, deal.waste + deal.stock)
        assert is_winnable(State.initial(deal)) == expected, deal.code
        winnable += expected
    assert 750 < winnable < 1000  # about 29 %


def _random_position(rng: random.Random, number: int) -> State:
    """Play random pairs (and draws, taking any pair that shows up) until 6–20 cards are left."""
    state = State.initial(deal_for_number("N", number))
    target = rng.randrange(6, 21)
    for _ in range(400):
        if state.present.bit_count() <= target:
            break
        moves = legal_moves(state)
        pairs = [m for m in moves if m not in (DRAW, REDEAL)]
        if pairs and rng.random() < 0.8:
            state = apply(state, rng.choice(pairs))
        elif DRAW in moves or REDEAL in moves:
            state = apply(state, DRAW if DRAW in moves else REDEAL)
        else:
            break
    return state


def test_positions_from_random_play_agree_with_the_reference_search() -> None:
    rng = random.Random(20261130)
    decided = lost_not_blocked = won = 0
    for number in range(300):
        state = _random_position(rng, number)
        try:
            expected = _reference(state, limit=30000)
        except BudgetExceeded:
            continue
        decided += 1
        assert is_winnable(state) == expected, (number, state.present, state.talon, state.split)
        won += expected
        lost_not_blocked += not expected and any(
            m not in (DRAW, REDEAL) for m in legal_moves(state)
        )
    assert decided >= 250 and won >= 40 and lost_not_blocked >= 15


@pytest.mark.parametrize("seed", range(4))
def test_shortest_lines_match_breadth_first_search(seed: int) -> None:
    """From fresh deals and from positions along a winning line, the A* line is exactly as long
    as the breadth-first one (where breadth-first search fits its budget)."""
    rng = random.Random(seed)
    compared = 0
    number = seed * 1000
    while compared < 6:
        number += 1
        deal = deal_for_number("N", number)
        line = solve(State.initial(deal))
        if line is None:
            continue
        cut = 0 if compared < 2 else rng.randrange(len(line) * 2 // 3)
        state = replay(deal, line[:cut])
        shortest = solve(state, shortest=True)
        assert shortest is not None
        try:
            bfs = reference_shortest(
                deal.layout, state.talon, state.split, state.present, limit=200000
            )
        except BudgetExceeded:
            continue
        assert bfs is not None
        assert len(shortest) == len(bfs)
        assert replay_from(state, shortest).present == 0
        assert hint(state) == shortest[0]
        compared += 1


def replay_from(state: State, line: list) -> State:
    for move in line:
        state = apply(state, move)
    return state


def test_the_talon_order_does_not_change_winnability_in_the_reference() -> None:
    """The claim the fast test rests on, checked by the plain search: shuffling the stock and
    waste of a position never changes whether it can be won."""
    rng = random.Random(7)
    compared = 0
    for number in range(150):
        state = _random_position(rng, number)
        talon = list(state.talon)
        rng.shuffle(talon)
        split = rng.randrange(len(talon) + 1) if talon else 0
        try:
            original = _reference(state, limit=20000)
            shuffled = reference_winnable(
                state.deal.layout, talon, split, state.present, limit=20000
            )
        except BudgetExceeded:
            continue
        assert original == shuffled
        compared += 1
    assert compared >= 100


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5000), st.integers(0, 2**32))
def test_winnability_is_consistent_with_the_moves(number: int, seed: int) -> None:
    """A position is winnable iff some move leads to a winnable one; hints keep it winnable."""
    rng = random.Random(seed)
    state = _random_position(rng, number)
    if not state.present:
        return
    after = [is_winnable(apply(state, m)) for m in legal_moves(state)]
    assert is_winnable(state) == any(after)
    move = hint(state)
    assert (move is not None) == is_winnable(state)
    if move is not None:
        assert is_winnable(apply(state, move))
        best, line = solve(state, shortest=True), solve(state)
        assert best is not None and line is not None and best[0] == move
        assert replay_from(state, best).present == 0 == replay_from(state, line).present
        assert len(best) <= len(line)


@settings(max_examples=300, deadline=None)
@given(st.permutations([r for r in range(1, 14) for _ in range(4)]))
def test_any_shuffle_agrees_with_the_any_order_search(deck: list[int]) -> None:
    deal = Deal.explicit(deck[:25], deck[25:51], deck[51:])
    expected = reference_winnable_any_order(deal.layout, deal.waste + deal.stock)
    assert is_winnable(State.initial(deal)) == expected
