"""The project's generator (docs/prng.md) in compiled code, bit for bit: SplitMix64 on uint64.

A compiled kernel draws from the same stream as `heartsuite.prng.Rng`: the state lives in a
one-element uint64 array (`state_of`), the kernels advance it in place, and `store` writes it back
into the `Rng`, so Python and compiled draws can be interleaved and a seed means the same worlds.
All arithmetic stays in uint64 (numba would turn a mix of signed and unsigned into floats).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from heartsuite.players.compiled.jit import kernel
from heartsuite.prng import GOLDEN_GAMMA, Rng

_GAMMA = np.uint64(GOLDEN_GAMMA)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31 = np.uint64(27), np.uint64(30), np.uint64(31)
_ZERO = np.uint64(0)

State = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]


def state_of(rng: Rng) -> State:
    """The generator's state as the array the kernels advance."""
    return np.array([rng.state], dtype=np.uint64)


def store(state: State, rng: Rng) -> None:
    """Hand the advanced state back to the Python generator."""
    rng.state = int(state[0])


@kernel
def next64(state: State) -> np.uint64:
    """`Rng.next64`: add the golden gamma, output through the SplitMix64 mix."""
    z = state[0] + _GAMMA
    state[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return np.uint64(z ^ (z >> _S31))


@kernel
def below(state: State, n: int) -> np.int64:
    """`Rng.below`: uniform in [0, n) for 1 <= n < 2**63, rejecting the top partial block.

    2**64 mod n is (0 - n) mod n in uint64 arithmetic; the limit 2**64 - that is 0 - it."""
    bound = np.uint64(n)
    partial = (_ZERO - bound) % bound
    while True:
        x = next64(state)
        if partial == _ZERO or x < _ZERO - partial:
            return np.int64(x % bound)


@kernel
def shuffle(state: State, items: Ints, length: int) -> None:
    """`Rng.shuffle` of `items[:length]`: for i = length-1 down to 1, swap i and below(i + 1)."""
    for i in range(length - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
