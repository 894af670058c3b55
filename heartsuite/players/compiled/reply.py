"""The released search's inner loop, compiled: a candidate card, the other seats' replies up to
the seat's next turn, and each of its next cards played out (`search.reply_values`).

In each world Hard plays every candidate card, lets the heuristic play for the other seats until
its own next turn, and there plays out each of its next cards (one per run of cards that play
alike in that world). That is about fifteen play-outs per world early in a round and, in pure
Python, nearly two thirds of a move's time (the rest is the posterior's chains). `replies` does
all of one world's candidates in one call and returns raw outcomes (the round's points and who
shot the moon); the search values them in Python as before (`values.outcome_value`), so at a
fixed number of worlds it chooses exactly the cards the pure-Python loop chooses, and only sees
more worlds in the same time. `tests/test_hearts_compiled.py` holds it to `reply_values`.
"""

from __future__ import annotations

from heartsuite.players.compiled.distilled import Floats, own_play_out
from heartsuite.players.compiled.jit import highest, kernel
from heartsuite.players.compiled.layout import (
    F_PENALTY,
    F_PLAYERS,
    F_PTS,
    S_DONE,
    S_HANDS,
    S_IN_TRICK,
    S_POINTS,
    S_TAKEN,
    S_TRICK_MASK,
    S_TURN,
    Ints,
)
from heartsuite.players.compiled.play import legal_mask, play_card, play_out, points_settled
from heartsuite.players.compiled.policy import choose

MAX_SEEN = 8  # others' cards before the seat's next turn: at most 2 × (players − 1)
SETTLED = -1  # `counts` of a candidate after which the points settle before the seat's turn


@kernel
def outcome(facts: Ints, st: Ints, points: Ints) -> int:
    """Copy the round's points per seat into `points`; return the seat that took every penalty
    card (`Round.moon_shooter` once the points are settled), or -1."""
    n = facts[F_PLAYERS]
    penalty = facts[F_PENALTY]
    shooter = -1
    for p in range(n):
        points[p] = st[S_POINTS + p]
        if penalty != 0 and st[S_TAKEN + p] & penalty == penalty:
            shooter = p
    return shooter


@kernel
def _run_heads(facts: Ints, legal: int, blockers: int, heads: Ints) -> None:
    """`search.run_heads`: each legal card gets the highest card of its run (cards of one suit
    and the same points with no blocker between them); the other slots of `heads` get -1. The
    cards are taken from the highest down, so a card's head is its upper neighbour's, or itself
    where a run begins."""
    for c in range(52):
        heads[c] = -1
    upper = -1
    rest = legal
    while rest:
        c = highest(rest)
        rest ^= 1 << c
        heads[c] = c
        if upper >= 0:
            between = ((1 << upper) - 1) & ~((1 << (c + 1)) - 1)
            if (c // 13 == upper // 13 and facts[F_PTS + c] == facts[F_PTS + upper]
                    and not between & blockers):
                heads[c] = heads[upper]
        upper = c


@kernel
def replies(facts: Ints, position: Ints, seat: int, candidates: Ints, seen: Ints, counts: Ints,
            heads: Ints, points: Ints, shooters: Ints, own: bool, w1: Floats, b1: Floats,
            w2: Floats, rows: Floats) -> None:
    """For each candidate i, in the world `position` (the seat to play is `seat`; rows of the
    outputs past the candidates are left alone):

    - counts[i]: how many cards the other seats play before the seat's next turn, seen[i, :that]
      those cards (all the seat will have seen by then); or SETTLED if the round's points settle
      (or the round ends) first, and then points[i, 0] and shooters[i, 0] are the outcome;
    - heads[i, c]: for each card c legal at that next turn, the card of its run that stands for
      it (`search.next_choices`), -1 for the rest; points[i, h] (per seat) and shooters[i, h]
      (-1: nobody took every penalty card) the outcome of playing h there and the heuristic to
      the settled points.

    With `own`, the seat's later cards in those play-outs are the distilled policy's
    (`distilled.own_play_out`, weights `w1`, `b1`, `w2`, scratch `rows`); the other seats' are
    always the heuristic's.
    """
    n = facts[F_PLAYERS]
    st = position.copy()
    q = position.copy()
    for i in range(candidates.shape[0]):
        st[:] = position
        play_card(facts, st, candidates[i])
        k = 0
        settled = False
        while st[S_DONE] == 0 and st[S_TURN] != seat:
            c = choose(facts, st, legal_mask(facts, st))
            play_card(facts, st, c)
            seen[i, k] = c
            k += 1
            if st[S_IN_TRICK] == 0 and points_settled(facts, st):
                settled = True
                break
        if settled or st[S_DONE] != 0:
            counts[i] = SETTLED
            shooters[i, 0] = outcome(facts, st, points[i, 0])
            continue
        counts[i] = k
        blockers = st[S_TRICK_MASK]
        for p in range(n):
            if p != seat:
                blockers |= st[S_HANDS + p]
        _run_heads(facts, legal_mask(facts, st), blockers, heads[i])
        for h in range(52):
            if heads[i, h] == h:
                q[:] = st
                play_card(facts, q, h)
                if own:
                    own_play_out(facts, q, seat, w1, b1, w2, rows)
                else:
                    play_out(facts, q)
                shooters[i, h] = outcome(facts, q, points[i, h])
