"""Dealing for bulk statistics: the same layouts as `deal.deal_from_rng`, produced faster.

Counting winnable deals needs only the 25 layout ranks, millions of times; building a `Deal` costs
more than deciding it. This inlines SplitMix64 (docs/prng.md) and the Fisher–Yates shuffle into one
loop over plain ints. Tests pin it to the engine's dealing, card for card.
"""

from __future__ import annotations

from functools import lru_cache

from heartsuite.h2h.deal import fresh_deck
from heartsuite.h2h.layout import SIZE
from heartsuite.prng import GOLDEN_GAMMA, MASK64, Rng, mix64

_DECK = tuple(fresh_deck())
_TOP = 1 << 64
# The rejection bound of `Rng.below(n)` for every n the shuffle asks for.
_LIMITS = tuple(_TOP - _TOP % n if n else 0 for n in range(len(_DECK) + 1))
_STEPS = tuple((i, i + 1, _LIMITS[i + 1]) for i in range(len(_DECK) - 1, 0, -1))


def layout_from_seed(seed: int) -> list[int]:
    """The layout ranks (positions 1..25) of the deal a generator with this state would shuffle."""
    deck = list(_DECK)
    state = seed
    gamma, mask = GOLDEN_GAMMA, MASK64
    for i, n, limit in _STEPS:
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        while z >= limit:  # rejection, as Rng.below does (odds below 2**-58 per draw)
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:SIZE]


@lru_cache(maxsize=16)
def _domain_seed(domain: str) -> int:
    return Rng.for_key(domain).state


def layout_for_key(domain: str, *numbers: int) -> list[int]:
    """The layout ranks of `deal_from_rng(Rng.for_key(domain, *numbers))`."""
    seed = _domain_seed(domain)
    for number in numbers:
        seed = mix64((seed + GOLDEN_GAMMA * (number + 1)) & MASK64)
    return layout_from_seed(seed)
