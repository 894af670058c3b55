"""Reading the opponents' cards from how they played: weights on sampled worlds.

A sampled world says which cards each opponent held when it played. If an opponent plays like the
rollout policy, a world in which the policy would have played its actual cards is far more likely
than one in which it would not: "with K♠ and 3♠ it played 3♠ under the ace" tells where cards are.
Each opponent's plays are scored under a simple model: the policy's card with probability `trust`,
otherwise any legal card. The `1 - trust` share keeps every consistent world possible, so an
opponent that plays otherwise (a person, OpenSpiel's ISMCTS) only blurs the weights.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

from heartsuite.hearts.players.sampling import Knowledge, sample_hands
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng

Policy = Callable[[Round, int], int]
TRUST = 0.95
DRAWS = 16


def evidence(rules: Rules, start: list[int], order: list[int], seat: int, choose: Policy,
             trust: float) -> float:
    """The log-likelihood of the opponents' plays so far under the model, in the world dealt as
    `start` (hands after the pass)."""
    log = 0.0
    r = Round(rules, start, 0)
    for c in order:
        if r.turn != seat:
            legal = r.legal_mask()
            if legal & (legal - 1):
                other = (1.0 - trust) / legal.bit_count()
                log += math.log(trust + other if choose(r, legal) == c else other)
        r.play(c)
    return log


def likely_world(rules: Rules, know: Knowledge, order: list[int], by_seat: list[int],
                 choose: Policy, trust: float, draws: int, rng: Rng) -> list[int]:
    """Sample `draws` worlds and pick one with probability proportional to the likelihood of the
    opponents' plays in it (sampling-importance-resampling in small groups: each searched world
    is a likely one, and the searched worlds stay varied)."""
    n = rules.players
    seat = know.seat
    pool: list[list[int]] = []
    log_weights: list[float] = []
    for _ in range(draws):
        hands = sample_hands(know, rng)
        pool.append(hands)
        log_weights.append(evidence(rules, [hands[p] | by_seat[p] for p in range(n)], order,
                                    seat, choose, trust))
    top = max(log_weights)
    cumulative = list(accumulate(math.exp(w - top) for w in log_weights))
    x = rng.below(1 << 53) / float(1 << 53) * cumulative[-1]
    return pool[min(bisect_right(cumulative, x), draws - 1)]
