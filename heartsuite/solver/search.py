"""Searching real Heart to Heart positions for winning lines: any line, and the shortest one.

The search works on *macro moves*: a layout pair, or "draw (and redeal) until talon card c is on
the waste top, then pair it with free layout card p". Draws and redeals never change the layout and
layout pairs never change the talon, so any winning line can be reordered into macro moves with the
same length; drawing past c and coming round again only repeats a position with more moves. The
cost of a macro move is its true number of moves (draws and redeals included), so the shortest
macro line is the shortest line.

Positions are ints: bits 0-24 the layout cards present, then one bit per talon card still there
(indices into the talon at the start of the search, waste bottom first), then the waste pointer:
the talon index just above the waste top (0 when the waste is empty). Every step is filtered by the
exact winnability test, so the search never enters a lost position.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from heartsuite.h2h.layout import COVER_MASK, SIZE
from heartsuite.solver.core import ABOVE, RANK_COUNT, pairings, winnable_abstract

TALON_SHIFT = SIZE
LAYOUT_BITS = (1 << SIZE) - 1
# A macro move: (layout position p, layout position q or 0, talon index or -1).
Macro = tuple[int, int, int]
# Per layout mask: fewest pairs, (talon mask, cards needed) per rank, dead talon cards.
Needs = tuple[int, tuple[tuple[int, int], ...], int]
# The layout side of the macro moves from a layout mask (see Problem.layout_moves).
LayoutMoves = tuple[list[tuple[int, Macro]], list[tuple[int, list[tuple[int, int]]]]]

_FREE: dict[int, int] = {}


def free_bits(present: int) -> int:
    """The free layout cards of a present mask (memoised; positions recur constantly)."""
    free = _FREE.get(present)
    if free is None:
        free = 0
        rest = present
        while rest:
            low = rest & -rest
            rest ^= low
            if not present & COVER_MASK[low.bit_length()]:
                free |= low
        if len(_FREE) > 1 << 20:
            _FREE.clear()
        _FREE[present] = free
    return free


class Problem:
    """One search root: the layout, the talon as it stands, and a winnability memo by layout mask.

    Within one root the talon counts of every rank that still matters follow from the layout mask
    (docs/solver.md), so the memo needs no more than the mask."""

    def __init__(self, layout: Sequence[int], present: int, talon: Sequence[int], split: int):
        self.layout = tuple(layout)
        self.talon = tuple(talon)
        here = {self.layout[i] for i in range(SIZE) if present >> i & 1}
        self.ranks_present = tuple(sorted(here))
        rank_masks = [0] * (RANK_COUNT + 1)
        for i, rank in enumerate(self.layout):
            rank_masks[rank] |= 1 << i
        self.rank_masks = tuple(rank_masks)
        talon_masks = [0] * (RANK_COUNT + 1)
        for i, rank in enumerate(self.talon):
            talon_masks[rank] |= 1 << i
        self.talon_masks = tuple(talon_masks)
        self.root_talon_counts = tuple(m.bit_count() for m in talon_masks)
        self.root_present = present
        all_talon = (1 << len(self.talon)) - 1
        self.start = present | all_talon << TALON_SHIFT | (split << TALON_SHIFT << len(self.talon))
        self.ptr_shift = TALON_SHIFT + len(self.talon)
        self.talon_all = all_talon
        self._winnable: dict[int, bool] = {}
        self._needs: dict[int, Needs] = {}
        self._forced: dict[int, int] = {}
        self._moves: dict[int, LayoutMoves] = {}

    # --- winnability -------------------------------------------------------------------------

    def talon_counts(self, present: int) -> list[int]:
        """Talon copies per rank at any position of this root with this layout mask, as far as
        winnability can tell (see `_talon_left`)."""
        counts = list(self.root_talon_counts)
        removed = self.root_present & ~present
        for rank in self.ranks_present:
            gone = (removed & self.rank_masks[rank]).bit_count()
            left = (present & self.rank_masks[rank]).bit_count()
            counts[rank] = _talon_left(left + gone, counts[rank], left)
        return counts

    def winnable_layout(self, present: int) -> bool:
        """Exact winnability of any position of this root with this layout mask."""
        known = self._winnable.get(present)
        if known is None:
            known = winnable_abstract(self.layout, present, self.talon_counts(present))
            if len(self._winnable) > 1 << 20:
                self._winnable.clear()
            self._winnable[present] = known
        return known

    def forced_pair(self, present: int) -> int:
        """Two free cards that every way of clearing the layout pairs together (mask), or 0.

        Such a pair can be made at once in some shortest line (moving a layout pair earlier keeps
        every later move legal and changes no talon card), so the search takes it alone."""
        known = self._forced.get(present)
        if known is None:
            known = 0
            free = free_bits(present)
            counts = self.talon_counts(present)
            for rank in self.ranks_present:
                bits = present & self.rank_masks[rank]
                if (bits & free).bit_count() < 2 or counts[rank] >= bits.bit_count():
                    continue
                cards = []
                while bits:
                    low = bits & -bits
                    bits ^= low
                    cards.append(low.bit_length() - 1)
                options = pairings(cards, counts[rank], present)
                if not options:
                    continue
                common = {pair[0] for pair in options[0]}
                for option in options[1:]:
                    common &= {pair[0] for pair in option}
                ready = [mem for mem in common if mem & free == mem]
                if ready:
                    known = min(ready)
                    break
            if len(self._forced) > 1 << 20:
                self._forced.clear()
            self._forced[present] = known
        return known

    # --- moves -------------------------------------------------------------------------------

    def unpack(self, key: int) -> tuple[int, int, int]:
        """(layout mask, talon mask, waste pointer) of a position key."""
        return key & LAYOUT_BITS, (key >> TALON_SHIFT) & self.talon_all, key >> self.ptr_shift

    def pack(self, present: int, talon: int, ptr: int) -> int:
        return present | talon << TALON_SHIFT | ptr << self.ptr_shift

    def layout_moves(self, present: int) -> LayoutMoves:
        """The layout side of every macro move from a layout mask, memoised (a mask recurs with
        many talon states): layout pairs as (mask after, macro), and per rank with free cards
        (talon mask of the rank, [(mask after, position)]); only moves into winnable masks."""
        known = self._moves.get(present)
        if known is not None:
            return known
        forced = self.forced_pair(present)
        if forced:
            a = forced & -forced
            known = [(present & ~forced, (a.bit_length(), (forced ^ a).bit_length(), -1))], []
            self._moves[present] = known
            return known
        free = free_bits(present)
        layout, rank_masks = self.layout, self.rank_masks
        counts = self.talon_counts(present)
        pairs: list[tuple[int, Macro]] = []
        wastes: list[tuple[int, list[tuple[int, int]]]] = []
        seen_ranks = 0
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            rank = layout[low.bit_length() - 1]
            if seen_ranks >> rank & 1:
                continue
            seen_ranks |= 1 << rank
            same = free & rank_masks[rank]
            singles: list[tuple[int, int]] = []
            cards = same
            while cards:
                a = cards & -cards
                cards ^= a
                if counts[rank] > 0 and self.winnable_layout(present & ~a):
                    singles.append((present & ~a, a.bit_length()))
                others = cards
                while others:
                    b = others & -others
                    others ^= b
                    after = present & ~(a | b)
                    if self.winnable_layout(after):
                        pairs.append((after, (a.bit_length(), b.bit_length(), -1)))
            if singles:
                wastes.append((self.talon_masks[rank], singles))
        known = pairs, wastes
        if len(self._moves) > 1 << 18:
            self._moves.clear()
        self._moves[present] = known
        return known

    def successors(self, key: int) -> list[tuple[int, int, Macro]]:
        """(cost, next key, macro move) for every macro move into a still-winnable position."""
        present = key & LAYOUT_BITS
        pairs, wastes = self.layout_moves(present)
        rest = key & ~LAYOUT_BITS
        out: list[tuple[int, int, Macro]] = [(1, after | rest, macro) for after, macro in pairs]
        if not wastes:
            return out
        talon = (key >> TALON_SHIFT) & self.talon_all
        ptr = key >> self.ptr_shift
        stock = talon >> ptr
        stock_count = stock.bit_count()
        shift = self.ptr_shift
        for talon_mask, singles in wastes:
            copies = talon & talon_mask
            while copies:
                cbit = copies & -copies
                copies ^= cbit
                c = cbit.bit_length() - 1
                if c >= ptr:
                    cost = (stock & ((2 << (c - ptr)) - 1)).bit_count() + 1
                elif c == ptr - 1:
                    cost = 1
                else:
                    cost = stock_count + 2 + (talon & ((cbit << 1) - 1)).bit_count()
                talon_after = talon ^ cbit
                base = talon_after << TALON_SHIFT | (talon_after & (cbit - 1)).bit_length() << shift
                for after, p in singles:
                    out.append((cost, after | base, (p, 0, c)))
        return out

    # --- bound -------------------------------------------------------------------------------

    def layout_needs(self, present: int) -> Needs:
        """For a layout mask: the fewest pairs that can clear it; per rank that needs talon
        cards, (talon mask of the rank, how many); and the talon cards that can never be used
        again (their rank has left the heart). Two copies one of which must go before the other
        can never pair, so they need a talon card each."""
        known = self._needs.get(present)
        if known is not None:
            return known
        pairs = 0
        needs: list[tuple[int, int]] = []
        dead = self.talon_all
        for rank in self.ranks_present:
            bits = present & self.rank_masks[rank]
            if not bits:
                continue
            dead &= ~self.talon_masks[rank]
            cards = []
            while bits:
                low = bits & -bits
                bits ^= low
                cards.append(low.bit_length() - 1)
            waste_pairs = _fewest_waste_pairs(cards)
            pairs += (len(cards) + waste_pairs) >> 1
            if waste_pairs:
                needs.append((self.talon_masks[rank], waste_pairs))
        known = pairs, tuple(needs), dead
        if len(self._needs) > 1 << 20:
            self._needs.clear()
        self._needs[present] = known
        return known

    def lower_bound(self, key: int) -> int:
        """Admissible: the fewest pairs that clear the layout, plus the draws without which some
        rank cannot get the talon cards it needs.

        A waste card counts as free if pairs could uncover it, which a dead card (one that can
        never be paired) above it forbids; such a card must come round again: the rest of the
        stock, the redeal, and the talon up to it. A stock card needs every card before it
        drawn."""
        present = key & LAYOUT_BITS
        if not present:
            return 0
        talon = (key >> TALON_SHIFT) & self.talon_all
        ptr = key >> self.ptr_shift
        pairs, needs, dead = self.layout_needs(present)
        waste = talon & ((1 << ptr) - 1)
        # waste cards below the highest dead one are buried for good
        buried = (1 << ((dead & waste).bit_length() - 1)) - 1 if dead & waste else 0
        stock = talon >> ptr
        far = 0
        for talon_mask, wanted in needs:
            copies = talon & talon_mask
            wanted -= (copies & waste & ~buried).bit_count()
            if wanted <= 0:
                continue
            later = copies >> ptr
            in_stock = later.bit_count()
            if wanted <= in_stock:
                for _ in range(wanted - 1):
                    later &= later - 1
                cost = (stock & (((later & -later) << 1) - 1)).bit_count()
            else:
                deep = copies & buried
                for _ in range(wanted - in_stock - 1):
                    deep &= deep - 1
                if not deep:
                    continue
                cost = stock.bit_count() + 1 + (talon & (((deep & -deep) << 1) - 1)).bit_count()
            if cost > far:
                far = cost
        return pairs + far


def _fewest_waste_pairs(cards: list[int]) -> int:
    """Fewest of a rank's present layout copies (bits) that must pair with talon cards."""
    m = len(cards)
    if m == 1:
        return 1
    if m == 2:
        return 0 if _apart(cards[0], cards[1]) else 2
    if m == 3:
        a, b, c = cards
        return 1 if _apart(a, b) or _apart(a, c) or _apart(b, c) else 3
    a, b, c, d = cards
    if any(_apart(p, q) and _apart(r, s) for (p, q), (r, s) in _pairings(a, b, c, d)):
        return 0
    pairs = ((a, b), (a, c), (a, d), (b, c), (b, d), (c, d))
    return 2 if any(_apart(p, q) for p, q in pairs) else 4


def _pairings(a: int, b: int, c: int, d: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    return (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))


def _apart(a: int, b: int) -> bool:
    """Neither card must be removed before the other, so they can be free together."""
    return not (ABOVE[a] >> b & 1 or ABOVE[b] >> a & 1)


def _talon_left(layout_before: int, talon_before: int, left: int) -> int:
    """Talon copies of a rank, as far as winnability can tell, from the root's counts (layout
    copies, talon copies) and the layout copies left.

    With at least as many talon as layout copies at the root, that stays so (each waste pair uses
    one of each), and the exact number no longer matters. Otherwise the root was (2, 0), (3, 1)
    or (4, 0): an odd number of removals used the one talon card, an even number did not."""
    if talon_before >= layout_before:
        return max(left, talon_before - (layout_before - left))
    return talon_before - ((layout_before - left) & 1)


def astar(problem: Problem) -> list[Macro] | None:
    """A* with an admissible bound and re-opening: a macro line of the fewest real moves."""
    start = problem.start
    if not problem.winnable_layout(start & LAYOUT_BITS):
        return None
    best = {start: 0}
    parent: dict[int, tuple[int, Macro]] = {}
    bound = problem.lower_bound
    heap = [(bound(start), 0, start)]
    while heap:
        _, neg_g, key = heapq.heappop(heap)
        g = -neg_g
        if g > best[key]:
            continue
        if not key & LAYOUT_BITS:
            line: list[Macro] = []
            while key != start:
                key, macro = parent[key]
                line.append(macro)
            return line[::-1]
        for cost, after, macro in problem.successors(key):
            g2 = g + cost
            old = best.get(after)
            if old is None or g2 < old:
                best[after] = g2
                parent[after] = (key, macro)
                heapq.heappush(heap, (g2 + bound(after), -g2, after))
    return None


def greedy(problem: Problem) -> list[Macro] | None:
    """Any winning line, without search: every step keeps the position winnable, so the first
    (cheapest) successor always leads on to a win."""
    key = problem.start
    if not problem.winnable_layout(key & LAYOUT_BITS):
        return None
    line: list[Macro] = []
    while key & LAYOUT_BITS:
        _, key, macro = min(problem.successors(key), key=lambda s: s[0])
        line.append(macro)
    return line


def expand(problem: Problem, line: list[Macro]) -> list[str]:
    """The macro line in move notation: the draws and redeals spelt out."""
    out: list[str] = []
    key = problem.start
    for p, q, c in line:
        present, talon, ptr = problem.unpack(key)
        if c < 0:
            out.append(f"{min(p, q)}-{max(p, q)}")
            key = problem.pack(present & ~(1 << (p - 1)) & ~(1 << (q - 1)), talon, ptr)
            continue
        if not (ptr and c == ptr - 1):
            if c < ptr:
                out.extend("D" * (talon >> ptr).bit_count())
                out.append("R")
                out.extend("D" * (talon & ((2 << c) - 1)).bit_count())
            else:
                out.extend("D" * ((talon >> ptr) & ((2 << (c - ptr)) - 1)).bit_count())
        out.append(f"W{p}")
        talon_after = talon & ~(1 << c)
        key = problem.pack(present & ~(1 << (p - 1)), talon_after,
                           (talon_after & ((1 << c) - 1)).bit_length())
    return out
