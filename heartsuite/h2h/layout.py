"""The heart's geometry (SPEC §1.2), derived from the row offsets rather than typed in.

Positions are 1..25, row by row, left to right. Offsets `x` are in half-card widths. A card at
offset x in row r is covered by the cards at x-1 and x+1 in row r+1 that exist. Bit `p - 1` of a
25-bit mask stands for position p.
"""

from __future__ import annotations

ROW_OFFSETS: tuple[tuple[int, ...], ...] = (
    (-4, -2, 2, 4),
    (-5, -3, -1, 1, 3, 5),
    (-4, -2, 0, 2, 4),
    (-3, -1, 1, 3),
    (-2, 0, 2),
    (-1, 1),
    (0,),
)
SIZE = sum(len(row) for row in ROW_OFFSETS)  # 25
ALL = (1 << SIZE) - 1
TIP = SIZE

# (row, x) for each position 1..SIZE; index 0 is unused.
PLACES: tuple[tuple[int, int], ...] = ((0, 0),) + tuple(
    (r + 1, x) for r, row in enumerate(ROW_OFFSETS) for x in row
)
_BY_PLACE = {place: p for p, place in enumerate(PLACES) if p}

# COVERED_BY[p]: the positions that cover p (empty for the tip).
COVERED_BY: tuple[tuple[int, ...], ...] = ((),) + tuple(
    tuple(
        _BY_PLACE[(row + 1, x + dx)] for dx in (-1, 1) if (row + 1, x + dx) in _BY_PLACE
    )
    for row, x in PLACES[1:]
)
# COVERS[p]: the positions p covers (the cards above it it helps to free).
COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(1, SIZE + 1) if p in COVERED_BY[q]) if p else ()
    for p in range(SIZE + 1)
)
# COVER_MASK[p]: bit mask of the positions covering p.
COVER_MASK: tuple[int, ...] = tuple(
    sum(1 << (q - 1) for q in covering) for covering in COVERED_BY
)


def bit(position: int) -> int:
    """The mask bit of a layout position 1..25."""
    return 1 << (position - 1)


def free_mask(present: int) -> int:
    """The present positions that nothing present covers."""
    free = 0
    remaining = present
    while remaining:
        low = remaining & -remaining
        p = low.bit_length()
        if not present & COVER_MASK[p]:
            free |= low
        remaining ^= low
    return free


def positions(mask: int) -> list[int]:
    """The positions in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out
