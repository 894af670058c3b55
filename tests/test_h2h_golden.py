"""Golden deals: these codes must mean exactly these cards forever (SPEC §1.6).

Generated once by the engine and frozen here. If one of these fails, deal codes have changed
meaning: that breaks every saved game and shared code, so fix the code, not the test.
"""

import pytest

from heartsuite.h2h import Deal, deal_for_number, parse_code
from heartsuite.h2h.deal import fresh_deck
from heartsuite.prng import Rng

# code: (layout positions 1..25, stock first drawn first, waste bottom to top)
GOLDEN: dict[str, tuple[list[int], list[int], list[int]]] = {
    "HH1-N-AAAAAAA": (
        [7, 10, 3, 2, 6, 4, 10, 12, 7, 4, 2, 10, 13, 1, 13, 7, 2, 13, 9, 11, 4, 3, 9, 6, 12],
        [5, 5, 13, 5, 8, 12, 3, 6, 8, 1, 8, 6, 11, 8, 1, 10, 11, 11, 3, 1, 9, 7, 4, 12, 2, 5],
        [9],
    ),
    "HH1-N-AAAAAAB": (
        [11, 2, 8, 1, 4, 10, 3, 6, 6, 13, 13, 8, 2, 4, 9, 5, 2, 9, 4, 6, 10, 12, 1, 11, 1],
        [1, 7, 3, 10, 5, 3, 6, 7, 2, 12, 9, 13, 9, 7, 11, 5, 4, 11, 12, 10, 13, 12, 5, 3, 8, 8],
        [7],
    ),
    "HH1-N-AAAAAAM": (
        [1, 4, 11, 13, 13, 4, 12, 5, 8, 12, 7, 1, 5, 7, 9, 7, 2, 9, 3, 8, 4, 1, 6, 11, 9],
        [6, 2, 13, 9, 2, 3, 10, 12, 11, 4, 6, 1, 6, 13, 5, 3, 12, 10, 10, 8, 3, 5, 8, 10, 11, 7],
        [2],
    ),
    "HH1-N-LOVEYOU": (
        [13, 2, 8, 6, 6, 9, 12, 4, 2, 9, 7, 6, 12, 4, 2, 9, 3, 3, 13, 3, 8, 11, 4, 5, 8],
        [12, 7, 10, 1, 11, 9, 2, 10, 10, 8, 11, 13, 1, 13, 5, 5, 1, 5, 10, 4, 3, 7, 6, 7, 11, 1],
        [12],
    ),
    "HH1-N-PYRAMID": (
        [9, 11, 12, 10, 1, 12, 5, 4, 2, 5, 13, 10, 1, 7, 7, 11, 2, 10, 11, 3, 3, 7, 9, 4, 1],
        [8, 12, 11, 9, 9, 5, 13, 8, 4, 3, 6, 7, 5, 13, 10, 8, 1, 2, 2, 13, 3, 12, 8, 6, 6, 6],
        [4],
    ),
    "HH1-N-ZZZZZZZ": (
        [10, 8, 3, 8, 11, 10, 5, 13, 6, 12, 4, 9, 3, 12, 5, 8, 1, 5, 2, 1, 12, 6, 13, 9, 10],
        [9, 7, 2, 1, 7, 3, 4, 1, 11, 5, 4, 12, 8, 9, 13, 13, 11, 6, 2, 2, 10, 7, 7, 6, 4, 11],
        [3],
    ),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deal(code: str) -> None:
    layout, stock, waste = GOLDEN[code]
    deal = Deal.from_code(code.lower())
    assert deal.code == code
    assert (list(deal.layout), list(deal.stock), list(deal.waste)) == (layout, stock, waste)


def test_the_documented_recipe() -> None:
    """docs/heart-to-heart.md: shuffle A,A,A,A,2,… with Rng.for_key("HH1-N", n); deal in order."""
    for code in GOLDEN:
        kind, number = parse_code(code)
        deck = fresh_deck()
        Rng.for_key("HH1-N", number).shuffle(deck)
        deal = deal_for_number(kind, number)
        assert list(deal.layout + deal.stock + deal.waste) == deck
