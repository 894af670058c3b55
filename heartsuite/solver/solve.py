"""The Heart to Heart solver's public API: winnability, winning lines, the shortest line, hints.

All functions take the engine's `State` (any position reached by play, or built consistently) and
answer in the engine's `Move` objects. The exact winnability test is in `solver_core`, the line
searches in `solver_search`; docs/solver.md explains why they are exact. Shortest lines are cached
(least recently used first out) together with every position along them, so a person following
hints gets each next hint without a new search.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from heartsuite.h2h.cards import rank_name
from heartsuite.h2h.deal import Deal
from heartsuite.h2h.layout import COVER_MASK, SIZE
from heartsuite.h2h.moves import Move, parse_move
from heartsuite.h2h.state import State, apply
from heartsuite.solver.core import RANK_COUNT, winnable_abstract, winnable_layout
from heartsuite.solver.search import Problem, astar, expand, greedy

__all__ = [
    "InconsistentPosition",
    "clear_cache",
    "hint",
    "is_winnable",
    "is_winnable_deal",
    "shortest_length",
    "solve",
]

CACHE_SIZE = 4096
# (layout, present, talon, split) -> shortest line of moves from there (None: cannot be won).
_SHORTEST: OrderedDict[tuple[tuple[int, ...], int, tuple[int, ...], int], tuple[Move, ...] | None]
_SHORTEST = OrderedDict()
_LOCK = threading.Lock()  # the web app may ask from several threads


class InconsistentPosition(ValueError):
    """A position no play can reach: a card gone while a card covering it is still there, or a
    rank with an odd number of copies left (cards leave in pairs)."""


def _check(state: State) -> None:
    present = state.present
    counts = _talon_counts(state.talon)
    for p in range(1, SIZE + 1):
        if present >> (p - 1) & 1:
            counts[state.deal.layout[p - 1]] += 1
        elif present & COVER_MASK[p]:
            raise InconsistentPosition(
                f"position {p} is empty but a card covering it is still there"
            )
    odd = [rank for rank, n in enumerate(counts) if n % 2 or n > 4]
    if odd:
        rank = odd[0]
        raise InconsistentPosition(f"rank {rank_name(rank)} has {counts[rank]} copies left in play")


def _talon_counts(talon: Sequence[int]) -> list[int]:
    counts = [0] * (RANK_COUNT + 1)
    for rank in talon:
        counts[rank] += 1
    return counts


def is_winnable_deal(deal: Deal) -> bool:
    """Whether a fresh deal can be won (the fast path used for statistics and class W)."""
    return winnable_layout(deal.layout)


def is_winnable(state: State) -> bool:
    """Whether every layout card can still be removed from this position, exactly."""
    if not state.present:
        return True
    _check(state)
    return winnable_abstract(state.deal.layout, state.present, _talon_counts(state.talon))


def _key(state: State) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
    return state.deal.layout, state.present, state.talon, state.split


def _remember(state: State, line: tuple[Move, ...] | None) -> None:
    """Cache the line for this position and, by optimal substructure, its tail for every position
    along it."""
    entries = [(_key(state), line)]
    if line is not None:
        position = state
        for i, move in enumerate(line[:-1]):
            position = apply(position, move)
            entries.append((_key(position), line[i + 1 :]))
    with _LOCK:
        for key, value in entries:
            _SHORTEST[key] = value
            _SHORTEST.move_to_end(key)
        while len(_SHORTEST) > CACHE_SIZE:
            _SHORTEST.popitem(last=False)


def _cached(state: State) -> tuple[bool, tuple[Move, ...] | None]:
    """(known, shortest line or None for "cannot be won") from the cache."""
    key = _key(state)
    with _LOCK:
        if key not in _SHORTEST:
            return False, None
        _SHORTEST.move_to_end(key)
        return True, _SHORTEST[key]


def _shortest(state: State) -> tuple[Move, ...] | None:
    known, cached = _cached(state)
    if known:
        return cached
    _check(state)
    problem = Problem(state.deal.layout, state.present, state.talon, state.split)
    macros = astar(problem)
    line = None if macros is None else tuple(parse_move(m) for m in expand(problem, macros))
    _remember(state, line)
    return line


def solve(state: State, shortest: bool = False) -> list[Move] | None:
    """A winning line from this position, or None if it can no longer be won.

    With `shortest` the line has the fewest moves (draws and redeals count), proven by A* with an
    admissible bound; otherwise any winning line, found without search."""
    if not state.present:
        return []
    if shortest:
        line = _shortest(state)
        return None if line is None else list(line)
    known, cached = _cached(state)
    if known:
        return None if cached is None else list(cached)
    _check(state)
    problem = Problem(state.deal.layout, state.present, state.talon, state.split)
    macros = greedy(problem)
    return None if macros is None else [parse_move(m) for m in expand(problem, macros)]


def shortest_length(state: State) -> int | None:
    """The number of moves of a shortest winning line (None if it can no longer be won)."""
    line = _shortest(state) if state.present else ()
    return None if line is None else len(line)


def hint(state: State) -> Move | None:
    """The next move of a shortest winning line; None when the game is won or can no longer be
    won (which is often long before no move is left)."""
    if not state.present:
        return None
    line = _shortest(state)
    return line[0] if line else None


def clear_cache() -> None:
    """Forget cached lines (tests, and long-running servers that want the memory back)."""
    with _LOCK:
        _SHORTEST.clear()

