"""Invariants of the rules over random deals and random play, checked against naive oracles
written straight from SPEC §1.2–§1.5 (lists and sets, no masks, no talon trick)."""

import random
from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from heartsuite.codes import LIMIT
from heartsuite.h2h import (
    DRAW,
    REDEAL,
    Deal,
    Game,
    IllegalMove,
    Move,
    State,
    apply,
    deal_for_number,
    is_blocked,
    is_won,
    legal_moves,
)
from heartsuite.h2h.deal import fresh_deck
from heartsuite.h2h.layout import ALL, COVERED_BY

ALL_MOVES = (
    [Move.pair(p, q) for p in range(1, 26) for q in range(p + 1, 26)]
    + [Move.with_waste(p) for p in range(1, 26)]
    + [DRAW, REDEAL]
)

deals = st.one_of(
    st.integers(0, LIMIT - 1).map(lambda n: deal_for_number("N", n)),
    st.permutations(fresh_deck()).map(lambda d: Deal.explicit(d[:25], d[25:51], d[51:])),
)
# A line of play: how many moves, and the seed of the choices among the legal ones (long lines
# are as likely as short ones, so the 100-move undo limit and redeals are exercised).
choices = st.tuples(st.integers(0, 300), st.integers(0, 2**32)).map(
    lambda ls: [random.Random(ls[1]).randrange(10_000) for _ in range(ls[0])]
)


def naive_free(present: set[int]) -> set[int]:
    return {p for p in present if not any(q in present for q in COVERED_BY[p])}


def naive_legal(deal: Deal, present: set[int], stock: list[int], waste: list[int]) -> set[str]:
    """Every legal move, from the definitions of SPEC §1.3."""
    if not present:
        return set()
    free = sorted(naive_free(present))
    rank = deal.layout
    moves = {f"{p}-{q}" for p in free for q in free if p < q and rank[p - 1] == rank[q - 1]}
    if waste:
        moves |= {f"W{p}" for p in free if rank[p - 1] == waste[-1]}
    if stock:
        moves.add("D")
    elif waste:
        moves.add("R")
    return moves


def naive_blocked(deal: Deal, present: set[int], stock: list[int], waste: list[int]) -> bool:
    free = naive_free(present)
    if not present:
        return False
    for p in free:
        partners = [deal.layout[q - 1] for q in free if q != p] + stock + waste
        if deal.layout[p - 1] in partners:
            return False
    return True


def random_line(deal: Deal, picks: list[int]) -> tuple[list[State], list[Move]]:
    """The positions along a line of moves chosen by `picks` among the legal moves, and the line."""
    states, line = [State.initial(deal)], []
    for pick in picks:
        moves = legal_moves(states[-1])
        if not moves:
            break
        line.append(moves[pick % len(moves)])
        states.append(apply(states[-1], line[-1]))
    return states, line


def layout_set(state: State) -> set[int]:
    return {p for p in range(1, 26) if state.present >> (p - 1) & 1}


@settings(max_examples=80, deadline=None)
@given(deals, choices)
def test_random_play_keeps_every_invariant(deal: Deal, picks: list[int]) -> None:
    states, line = random_line(deal, picks)
    removed: Counter[int] = Counter()
    layout_removed = 0
    for before, after, move in zip(states, states[1:], line, strict=False):
        present, stock, waste = layout_set(before), list(before.stock), list(before.waste)
        # The engine's legal moves are exactly the naive ones.
        assert {str(m) for m in legal_moves(before)} == naive_legal(deal, present, stock, waste)
        # Every draw, redeal and pair counts one move.
        assert after.moves == before.moves + 1
        if move.kind == "P":
            removed.update([deal.layout[move.p - 1], deal.layout[move.q - 1]])
            layout_removed += 2
            assert (after.stock, after.waste) == (before.stock, before.waste)
        elif move.kind == "W":
            removed.update([deal.layout[move.p - 1], waste[-1]])
            layout_removed += 1
            assert (after.stock, after.waste) == (before.stock, before.waste[:-1])
        elif move.kind == "D":
            assert (after.stock, after.waste) == (before.stock[1:], before.waste + before.stock[:1])
        else:
            assert (after.stock, after.waste) == (before.waste, ())
        # All 52 cards accounted for: in the layout, the stock, the waste, or removed in pairs.
        on_table = [deal.layout[p - 1] for p in layout_set(after)] + list(after.stock + after.waste)
        assert Counter(on_table) + removed == Counter(fresh_deck())
        assert all(n % 2 == 0 for n in removed.values())
        assert after.score == 10 * layout_removed
    last = states[-1]
    assert is_won(last) == (last.present == 0)
    assert is_blocked(last) == naive_blocked(
        deal, layout_set(last), list(last.stock), list(last.waste)
    )


@settings(max_examples=60, deadline=None)
@given(deals, choices)
def test_only_legal_moves_apply(deal: Deal, picks: list[int]) -> None:
    state = random_line(deal, picks)[0][-1]
    legal = set(legal_moves(state))
    for move in ALL_MOVES:
        try:
            after = apply(state, move)
        except IllegalMove:
            assert move not in legal, move
        else:
            assert move in legal, move
            assert after.moves == state.moves + 1


@settings(max_examples=200, deadline=None)
@given(
    st.permutations(fresh_deck()),
    st.one_of(st.integers(0, ALL), st.sets(st.integers(0, 24), max_size=6).map(
        lambda bits: sum(1 << b for b in bits))),
    st.sets(st.integers(0, 26), max_size=27),
    st.integers(0, 27),
)
def test_blocked_exactly_when_no_free_card_has_a_partner(
    cards: list[int], present: int, keep: set[int], split: int
) -> None:
    """On arbitrary positions (any layout subset, any talon), not only reachable ones."""
    deal = Deal.explicit(cards[:25], cards[25:51], cards[51:])
    talon = tuple(r for i, r in enumerate(deal.waste + deal.stock) if i in keep)
    split = min(split, len(talon))
    state = State.build(deal, present, stock=talon[split:], waste=talon[:split])
    expected = naive_blocked(deal, layout_set(state), list(state.stock), list(state.waste))
    event(f"blocked: {expected}")
    assert is_blocked(state) == expected
    if expected:
        # Blocked means stuck for good: a whole cycle of draws and redeals never offers a pair.
        for _ in range(2 * len(talon) + 2):
            moves = legal_moves(state)
            assert all(m.kind in "DR" for m in moves)
            if not moves:
                break
            state = apply(state, moves[0])


@settings(max_examples=40, deadline=None)
@given(deals, choices)
def test_undo_and_replay(deal: Deal, picks: list[int]) -> None:
    states, line = random_line(deal, picks)
    game = Game(deal)
    for move in line:
        game.play(move)
    assert game.state == states[-1]
    # Replay from code (or cards) + moves reproduces the identical position.
    assert Game.from_json(game.to_json()).state == game.state
    # Undo walks back through the identical positions, up to 100 moves.
    depth = min(100, len(states) - 1)
    for k in range(1, depth + 1):
        assert game.undo().kind == "undone"
        assert game.state == states[-1 - k]
    refusal = game.undo()
    assert refusal.kind == "refused"
    assert refusal.reason == ("undo_limit" if len(line) > 100 else "nothing_to_undo")
    assert game.state == states[-1 - depth]
