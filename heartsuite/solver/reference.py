"""A deliberately plain search over real positions, to check the fast solver against.

It knows nothing of the solver's shortcuts: it plays the actual draw order (draw, redeal, waste
pairs, layout pairs) move by move from the layout ranks, the talon (waste bottom to top, then the
stock, first drawn first) and the waste size, and remembers every position it has seen. Exhaustive,
so only for tests and small budgets: `limit` caps the positions visited (BudgetExceeded).

`reference_winnable_any_order` sits in between: it drops the draw order (any stock or waste card
may pair at any time) but still tries every pair, so it checks the solver's pairing-and-cycle
argument on deals whose ordered search is too large.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

from heartsuite.h2h.layout import COVER_MASK, SIZE

Position = tuple[int, tuple[int, ...], int]  # (present mask, talon, waste size)


class BudgetExceeded(RuntimeError):
    """The search visited more positions than allowed; it has no answer."""


def _free(present: int) -> list[int]:
    return [i for i in range(SIZE) if present >> i & 1 and not present & COVER_MASK[i + 1]]


def successors(layout: Sequence[int], position: Position) -> Iterator[tuple[str, Position]]:
    """Every legal move from a position, in the SPEC §1.3 notation, with the position after it."""
    present, talon, split = position
    free = _free(present)
    for x, i in enumerate(free):
        for j in free[x + 1 :]:
            if layout[i] == layout[j]:
                gone = present & ~(1 << i) & ~(1 << j)
                yield f"{i + 1}-{j + 1}", (gone, talon, split)
    if split:
        top = talon[split - 1]
        for i in free:
            if layout[i] == top:
                rest = talon[: split - 1] + talon[split:]
                yield f"W{i + 1}", (present & ~(1 << i), rest, split - 1)
    if split < len(talon):
        yield "D", (present, talon, split + 1)
    elif split:
        yield "R", (present, talon, 0)


def reference_winnable(
    layout: Sequence[int], talon: Sequence[int], split: int, present: int = (1 << SIZE) - 1,
    limit: int | None = None,
) -> bool:
    """Depth-first search with a visited set: can every layout card be removed?"""
    start: Position = (present, tuple(talon), split)
    seen = {start}
    stack = [start]
    while stack:
        position = stack.pop()
        if not position[0]:
            return True
        for _, after in successors(layout, position):
            if after not in seen:
                if limit is not None and len(seen) >= limit:
                    raise BudgetExceeded(f"more than {limit} positions")
                seen.add(after)
                stack.append(after)
    return False


def reference_shortest(
    layout: Sequence[int], talon: Sequence[int], split: int, present: int = (1 << SIZE) - 1,
    limit: int | None = None,
) -> list[str] | None:
    """Breadth-first search: a winning line with the fewest moves, or None if there is none."""
    start: Position = (present, tuple(talon), split)
    parent: dict[Position, tuple[Position, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        if not position[0]:
            line: list[str] = []
            step = parent[position]
            while step is not None:
                position, move = step
                line.append(move)
                step = parent[position]
            return line[::-1]
        for move, after in successors(layout, position):
            if after not in parent:
                if limit is not None and len(parent) >= limit:
                    raise BudgetExceeded(f"more than {limit} positions")
                parent[after] = (position, move)
                queue.append(after)
    return None


def reference_winnable_any_order(
    layout: Sequence[int], talon: Sequence[int], present: int = (1 << SIZE) - 1,
    limit: int | None = None,
) -> bool:
    """Exhaustive search over (layout cards present, stock-and-waste copies left per rank), with
    every pair allowed whatever the talon order: a middle ground that trusts only that any talon
    card can be brought to the top (itself checked against the ordered search), not the solver's
    pairing-and-cycle argument."""
    counts = [0] * 14
    for rank in talon:
        counts[rank] += 1
    start = (present, tuple(counts))
    seen = {start}
    stack = [start]
    while stack:
        mask, left = stack.pop()
        if not mask:
            return True
        free = _free(mask)
        nexts = []
        for x, i in enumerate(free):
            rank = layout[i]
            if left[rank]:
                fewer = list(left)
                fewer[rank] -= 1
                nexts.append((mask & ~(1 << i), tuple(fewer)))
            for j in free[x + 1 :]:
                if layout[j] == rank:
                    nexts.append((mask & ~(1 << i) & ~(1 << j), left))
        for after in nexts:
            if after not in seen:
                if limit is not None and len(seen) >= limit:
                    raise BudgetExceeded(f"more than {limit} positions")
                seen.add(after)
                stack.append(after)
    return False
