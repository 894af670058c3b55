"""Exact winnability of a Heart to Heart position, decided as a small matching problem.

Why this is exact and fast (docs/solver.md has the full argument):

* With unlimited redeals every stock or waste card can be brought to the waste top, so only the
  layout cards still present and the number of stock-and-waste copies of each rank matter.
* A rank with `m` layout copies present and `t` talon copies needs no layout pair when `t >= m`:
  each layout copy can take its own talon copy the moment it is free, which never hurts. Only three
  cases force layout pairs, because 4 copies exist and the copies left are always even in number:
  `(m, t) = (2, 0)` one pair, `(3, 1)` one pair (3 ways) and a talon card, `(4, 0)` two pairs
  (3 ways).
* Once the pairs are chosen, every card is removed as soon as it (and its partner) is free, so the
  position is winnable iff the graph "pair Q holds a card that must go before a card of pair P" has
  no cycle (a pair whose two cards cover one another is a cycle of length one).

Bits are layout positions minus one (bit 0 = position 1), as in `heartsuite.h2h.layout`.
"""

from __future__ import annotations

from collections.abc import Sequence

from heartsuite.h2h.layout import COVER_MASK, SIZE

RANK_COUNT = 13
COPIES = 4


def _above_masks() -> tuple[int, ...]:
    """ABOVE[i]: every position that must be removed before bit i can be (transitive covers)."""
    above = [0] * SIZE
    # The tip (bit SIZE-1) covers nothing above it in row order; rows are numbered top down, so a
    # card's coverers all have larger positions: fill from the bottom of the heart upward.
    for i in range(SIZE - 1, -1, -1):
        direct = COVER_MASK[i + 1]
        mask = direct
        rest = direct
        while rest:
            low = rest & -rest
            rest ^= low
            mask |= above[low.bit_length() - 1]
        above[i] = mask
    return tuple(above)


ABOVE: tuple[int, ...] = _above_masks()
_ALL = (1 << SIZE) - 1

Pair = tuple[int, int]  # (members mask, mask of the cards that must be removed before it)


def _pair(a: int, b: int, present: int) -> Pair | None:
    """The pair of bits a, b, or None if one must be removed before the other (never both free)."""
    ma, mb = 1 << a, 1 << b
    if ABOVE[a] & mb or ABOVE[b] & ma:
        return None
    return ma | mb, (ABOVE[a] | ABOVE[b]) & present


def pairings(bits: list[int], talon: int, present: int) -> list[tuple[Pair, ...]] | None:
    """The ways to pair a rank's present copies that need layout pairs; [] if none is needed,
    None if every way is impossible."""
    m = len(bits)
    if talon >= m:
        return []
    if talon < 0 or (m - talon) % 2:
        return None  # an odd card out: impossible in play, where copies go in pairs
    out: list[tuple[Pair, ...]] = []
    if m == 2:
        pair = _pair(bits[0], bits[1], present)
        if pair:
            out.append((pair,))
    elif m == 3:
        for x, y in ((0, 1), (0, 2), (1, 2)):
            pair = _pair(bits[x], bits[y], present)
            if pair:
                out.append((pair,))
    else:
        a, b, c, d = bits
        for (p, q), (r, s) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            one = _pair(p, q, present)
            if one:
                two = _pair(r, s, present)
                if two:
                    out.append((one, two))
    return out or None


def _acyclic(pairs: list[Pair]) -> bool:
    """True if the pairs can be removed in some order: peel pairs whose prerequisites are gone."""
    members = 0
    for mem, _ in pairs:
        members |= mem
    waiting = [(mem, req & members) for mem, req in pairs]
    removed = 0
    while waiting:
        left = [item for item in waiting if item[1] & ~removed]
        if len(left) == len(waiting):
            return False
        for mem, req in waiting:
            if not req & ~removed:
                removed |= mem
        waiting = left
    return True


def _search(choices: list[list[tuple[Pair, ...]]], index: int, chosen: list[Pair]) -> bool:
    """Backtracking over the ranks' pairings; a cycle among the pairs chosen so far prunes."""
    if index == len(choices):
        return True
    for option in choices[index]:
        trial = chosen + list(option)
        if _acyclic(trial) and _search(choices, index + 1, trial):
            return True
    return False


def winnable_abstract(layout: Sequence[int], present: int, talon: Sequence[int]) -> bool:
    """Exact winnability from the layout ranks (positions 1..25 as indices 0..24), the mask of
    present layout cards, and `talon[r]` = stock-plus-waste copies of rank r (index 0 unused).

    The removed cards must be closed under covering (as in any position reached by play)."""
    if not present:
        return True
    by_rank: dict[int, list[int]] = {}
    rest = present
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        rank = layout[i]
        group = by_rank.get(rank)
        if group is None:
            by_rank[rank] = [i]
        else:
            group.append(i)
    return _decide([(bits, talon[rank]) for rank, bits in by_rank.items()], present)


def _decide(groups: list[tuple[list[int], int]], present: int) -> bool:
    """Winnability from each rank's (present layout bits, talon copies)."""
    forced: list[Pair] = []
    choices: list[list[tuple[Pair, ...]]] = []
    for bits, talon in groups:
        if talon >= len(bits):
            continue
        options = pairings(bits, talon, present)
        if options is None:
            return False
        if len(options) == 1:
            forced.extend(options[0])
        elif options:
            choices.append(options)
    if not choices:
        return not forced or _acyclic(forced)
    if forced and not _acyclic(forced):
        return False
    choices.sort(key=len)
    return _search(choices, 0, forced)


def winnable_layout(layout: Sequence[int]) -> bool:
    """Winnability of a fresh deal: all 25 layout cards present, the other copies in the talon."""
    groups: list[list[int]] = [[] for _ in range(RANK_COUNT + 1)]
    for i, rank in enumerate(layout):
        groups[rank].append(i)
    # only ranks with three or four copies in the heart have fewer talon copies than layout ones
    return _decide([(g, COPIES - len(g)) for g in groups if len(g) > 2], _ALL)
