"""The round on a state row, compiled: legal plays, one card, and the heuristic play-out.

`legal_mask` is `Round.legal_mask`, `play_card` is `Round.play` and `play_out` is
`fast_heuristic.play_out` (the heuristic for every seat until the round's points are settled), on
the arrays of `layout`. A state row holds what the play-out needs and no history: the tricks
themselves are not kept, only what they left (cards played, taken, points, voids).
"""

from __future__ import annotations

import numpy as np

from heartsuite.hearts.cards import HEARTS, HEARTS_MASK, QS_BIT, QUEEN_SPADES, SUIT_MASKS
from heartsuite.players.compiled.jit import kernel
from heartsuite.players.compiled.layout import (
    F_FIRST_BIT,
    F_HAND_SIZE,
    F_NO_PTS_FIRST,
    F_PENALTY,
    F_PLAYERS,
    F_PTS,
    F_QS_ANYTIME,
    F_QS_BREAKS,
    F_SCORING,
    S_BROKEN,
    S_DONE,
    S_HANDS,
    S_IN_TRICK,
    S_LEADER,
    S_LED,
    S_PLAYED,
    S_POINTS,
    S_TAKEN,
    S_TRICK_MASK,
    S_TRICK_NO,
    S_TRICK_PTS,
    S_TURN,
    S_VOIDS,
    S_WIN_RANK,
    S_WIN_SEAT,
    Ints,
)
from heartsuite.players.compiled.policy import choose

_SUIT = SUIT_MASKS[0]


@kernel
def legal_mask(facts: Ints, st: Ints) -> int:
    """The cards the seat to play may play (`Round.legal_mask`); 0 once the round is over."""
    if st[S_DONE] != 0:
        return 0
    hand: int = st[S_HANDS + st[S_TURN]]
    if st[S_IN_TRICK] != 0:
        follow: int = hand & (_SUIT << (13 * st[S_LED]))
        if follow:
            return follow
        if st[S_TRICK_NO] == 0 and facts[F_NO_PTS_FIRST] != 0:
            safe: int = hand & ~facts[F_PENALTY]
            return safe if safe else hand
        return hand
    if st[S_TRICK_NO] == 0:
        first: int = facts[F_FIRST_BIT]
        return first
    if st[S_BROKEN] != 0:
        return hand
    allowed = hand & ~HEARTS_MASK
    if facts[F_QS_ANYTIME] == 0:
        allowed &= ~QS_BIT
    return allowed if allowed else hand


@kernel
def play_card(facts: Ints, st: Ints, card: int) -> None:
    """Play `card` for the seat to play (`Round.play`; unchecked: the card must be legal)."""
    seat = st[S_TURN]
    n = facts[F_PLAYERS]
    bit = 1 << card
    st[S_HANDS + seat] ^= bit
    st[S_PLAYED] |= bit
    suit = card // 13
    rank = card - 13 * suit
    if suit == HEARTS or (card == QUEEN_SPADES and facts[F_QS_BREAKS] != 0):
        st[S_BROKEN] = 1
    if st[S_IN_TRICK] == 0:
        st[S_LED] = suit
        st[S_WIN_SEAT] = seat
        st[S_WIN_RANK] = rank
        st[S_TRICK_PTS] = facts[F_PTS + card]
        st[S_LEADER] = seat
    else:
        st[S_TRICK_PTS] += facts[F_PTS + card]
        if suit == st[S_LED]:
            if rank > st[S_WIN_RANK]:
                st[S_WIN_RANK] = rank
                st[S_WIN_SEAT] = seat
        else:
            st[S_VOIDS + seat] |= 1 << st[S_LED]
    st[S_TRICK_MASK] |= bit
    st[S_IN_TRICK] += 1
    if st[S_IN_TRICK] < n:
        st[S_TURN] = seat + 1 if seat + 1 < n else 0
        return
    winner = st[S_WIN_SEAT]
    st[S_TAKEN + winner] |= st[S_TRICK_MASK]
    st[S_POINTS + winner] += st[S_TRICK_PTS]
    st[S_IN_TRICK] = 0
    st[S_TRICK_MASK] = 0
    st[S_TRICK_NO] += 1
    st[S_LEADER] = winner
    st[S_TURN] = winner
    if st[S_TRICK_NO] == facts[F_HAND_SIZE]:
        st[S_DONE] = 1
        st[S_TURN] = -1


@kernel
def points_settled(facts: Ints, st: Ints) -> bool:
    """`Round.points_settled`: every scoring card has been taken."""
    n = facts[F_PLAYERS]
    taken = 0
    for s in range(n):
        taken |= st[S_TAKEN + s]
    settled: bool = taken & facts[F_SCORING] == facts[F_SCORING]
    return settled


@kernel
def play_out(facts: Ints, st: Ints) -> None:
    """`fast_heuristic.play_out` in place: the heuristic for every seat until the points are
    settled, to the round's end or to the end of the trick that takes the last scoring card."""
    if st[S_DONE] != 0:
        return
    while True:
        play_card(facts, st, choose(facts, st, legal_mask(facts, st)))
        if st[S_IN_TRICK] != 0:
            continue
        if st[S_DONE] != 0 or points_settled(facts, st):
            return


@kernel
def play_out_rows(facts: Ints, states: Ints) -> None:
    """`play_out` of every row of a batch, in place."""
    for i in range(states.shape[0]):
        play_out(facts, states[i])


@kernel
def points_of(facts: Ints, states: Ints) -> Ints:
    """The points per seat of every row: shape (rows, players)."""
    n = facts[F_PLAYERS]
    out = np.empty((states.shape[0], n), dtype=np.int64)
    for i in range(states.shape[0]):
        for s in range(n):
            out[i, s] = states[i, S_POINTS + s]
    return out
