"""The call a search makes once per move: sample N worlds, play each candidate card out in each.

A determinized search (today's, or the information-set MCTS of issue 24 §2) spends its move on
"deal a world the seat's knowledge allows; for every candidate card, play it and let the
heuristic play the rest". Crossing from Python into compiled code costs about a microsecond, so
that loop runs inside one kernel: `rollouts` returns the worlds it dealt and the points per seat
of every (candidate, world), and the search in Python only scores and compares them.

The points are the round's raw points, before the moon rule: with the points settled, the seat
whose penalty points equal the round's total (`Rules.total_points`) took every penalty card
(every penalty card is worth at least one point), and the caller applies its moon rule and game
value. Under Omnibus a seat's penalty points are its points plus the 10 of J♦ if it took the
jack, so `rollouts` also returns who took it (points alone cannot tell a shooter with the jack,
26 - 10, from a seat that took 16 penalty points).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from heartsuite.hearts.round import Round
from heartsuite.players.compiled.jit import kernel
from heartsuite.players.compiled.layout import (
    F_JACK,
    F_PLAYERS,
    S_HANDS,
    S_POINTS,
    S_TAKEN,
    Ints,
    encode_round,
    rules_facts,
)
from heartsuite.players.compiled.play import play_card, play_out
from heartsuite.players.compiled.rng import State, state_of, store
from heartsuite.players.compiled.sampler import RETRIES, encode_knowledge, sample_hands
from heartsuite.players.sampling import Knowledge
from heartsuite.prng import Rng


@kernel
def rollouts(facts: Ints, position: Ints, know: Ints, state: State, candidates: Ints,
             worlds: int, retries: int) -> tuple[Ints, Ints, Ints]:
    """For each of `worlds` worlds dealt from `know` (one stream, `state` advanced in place):
    every candidate card played from `position` by the seat to play, then the heuristic play-out.

    Returns (hands, points, jacks): hands (worlds, players), the dealt worlds, a row of -1 where
    no deal fits the knowledge (the rest of that world's points are 0); points (candidates,
    worlds, players); jacks (candidates, worlds), the seat that took J♦ under Omnibus (-1
    without the option, or where no deal fits). The candidates must be legal in `position` (the
    seat's own hand is the same in every world, so they are legal in all of them)."""
    n = facts[F_PLAYERS]
    jack = facts[F_JACK]
    hands = np.empty((worlds, n), dtype=np.int64)
    points = np.zeros((candidates.shape[0], worlds, n), dtype=np.int64)
    jacks = np.full((candidates.shape[0], worlds), -1, dtype=np.int64)
    st = position.copy()
    for w in range(worlds):
        if not sample_hands(know, state, hands[w], retries):
            hands[w, :] = -1
            continue
        for i in range(candidates.shape[0]):
            st[:] = position
            for p in range(n):
                st[S_HANDS + p] = hands[w, p]
            play_card(facts, st, candidates[i])
            play_out(facts, st)
            for p in range(n):
                points[i, w, p] = st[S_POINTS + p]
                if st[S_TAKEN + p] & jack:
                    jacks[i, w] = p
    return hands, points, jacks


def candidate_points(r: Round, know: Knowledge, rng: Rng, candidates: Sequence[int],
                     worlds: int) -> tuple[Ints, Ints, Ints]:
    """`rollouts` from a `Round` and the seat's `Knowledge`, drawing from (and advancing) `rng`
    exactly as `worlds` calls of `sampling.sample_hands` would.

    `r` is the position as the seat sees it: its public fields (cards played and taken, points,
    voids, the trick) and the turn; the hands are replaced by each world's. Raises ValueError
    if no deal fits the knowledge, as `sample_hands` does."""
    state = state_of(rng)
    hands, points, jacks = rollouts(rules_facts(r.rules), encode_round(r), encode_knowledge(know),
                                    state, np.array(candidates, dtype=np.int64), worlds, RETRIES)
    store(state, rng)
    if worlds and hands[:, 0].min() < 0:
        raise ValueError("no deal fits what this seat knows")
    return hands, points, jacks
