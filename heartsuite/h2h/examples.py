"""The example deal the rules texts walk through (SPEC §1.6), rebuilt as an explicit deal.

The texts' own deal numbering cannot be reproduced, so its stated facts are kept — tip 4, waste A,
position 1 a 10, the 9th card drawn a 4 (paired with the tip on move 10) — and the other cards are
this project's choice, four of each rank in all. Tests and demos share it.
"""

from __future__ import annotations

from heartsuite.h2h.deal import Deal

# Positions 1..25, row by row.
SEEDS_LAYOUT = (
    10, 2, 3, 5,
    6, 7, 8, 9, 11, 12,
    13, 2, 3, 5, 6,
    7, 8, 9, 11,
    12, 13, 2,
    3, 5,
    4,
)  # fmt: skip
# First drawn first; the 9th draw is the 4 that pairs with the tip.
SEEDS_STOCK = (
    1, 6, 7, 8, 9, 10, 11, 12, 4,
    13, 2, 3, 5, 1, 6, 7, 8, 9, 10, 11, 12, 13, 4, 4, 1, 10,
)  # fmt: skip
SEEDS_WASTE = (1,)


def seeds_example_deal() -> Deal:
    """The rules texts' example game as an explicit deal (no code)."""
    return Deal.explicit(SEEDS_LAYOUT, SEEDS_STOCK, SEEDS_WASTE)
