"""A portable pseudo-random generator, so a deal code means the same cards everywhere.

Python's `random` may change between versions; deal codes must not. This module implements
SplitMix64 (Steele, Lea & Flood 2014) exactly as specified in `docs/prng.md`, with unbiased bounded
integers by rejection and a Fisher–Yates shuffle, in plain integer arithmetic modulo 2**64.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3

T = TypeVar("T")


def fnv1a64(text: str) -> int:
    """FNV-1a, 64-bit, over the UTF-8 bytes of `text`: turns a domain name into a seed."""
    h = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * _FNV_PRIME) & MASK64
    return h


def mix64(z: int) -> int:
    """The SplitMix64 output function (a bijection on 64-bit integers)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: 64 bits of state, advanced by the golden gamma, output through `mix64`."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    @classmethod
    def for_key(cls, domain: str, *numbers: int) -> Rng:
        """A generator for a named stream: seed = fnv1a64(domain), then each number folded in.

        Folding: seed = mix64((seed + GOLDEN_GAMMA * (number + 1)) mod 2**64), once per number.
        """
        seed = fnv1a64(domain)
        for number in numbers:
            seed = mix64((seed + GOLDEN_GAMMA * (number + 1)) & MASK64)
        return cls(seed)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection of the top partial block (no modulo bias)."""
        if not 0 < n <= 1 << 64:
            raise ValueError("bound must be in 1 .. 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place: for i = len-1 down to 1, swap items[i] and items[below(i+1)]."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
