"""A won Heart to Heart deal to show move by move on the rules page (and to win in browser tests):
a deal code and a winning line for it, found once by a search and checked by the tests against the
engine, so it stays true as long as the code means the same cards."""

from __future__ import annotations

from heartsuite.h2h.moves import Move, parse_move

EXAMPLE_CODE = "HH1-N-AAAAAAF"
EXAMPLE_LINE = (
    "D D D D D W25 W24 D D D W23 D D D D W21 D D D D D D D W20 17-22 W18 16-19 11-14 5-15 D W10"
    " D D D W13 D D D R D D D D D D D D D D D D W12 7-9 D D W6 D W8 2-3 D D D D W4 R D W1"
)


def example_moves() -> list[Move]:
    """The winning line as moves."""
    return [parse_move(m) for m in EXAMPLE_LINE.split()]

# A deal that is stuck after three moves (no free card has a partner anywhere): for showing and
# testing the "No more moves possible" dialog.
BLOCKED_CODE = "HH1-N-AAAAAJZ"
BLOCKED_LINE = "W25 D W23"

# The Hearts rules page's example: the first round of game HT1-AAAAAAG under the default rules
# (pass to the left), in which seat 0 ("you") takes no point. Passes per seat; tricks as the cards
# in play order and the leader. Checked against the engine by replaying it.
HEARTS_EXAMPLE_CODE = "HT1-AAAAAAG"
HEARTS_EXAMPLE_PASSES = ("7C AC AD", "4C KS KH", "KC KD QS", "4D 6D AS")
HEARTS_EXAMPLE_TRICKS = (
    "2 2C KC AS 7C", "3 4S 2S 3S KS", "2 6S 9S 8S 7S", "3 6C 8H AC 8C", "1 3D 2D KD 9D",
    "3 6H 5H 4H KH", "2 3C QC 2H QH", "3 9H JS 3H 7H", "3 9C TS JH 5C", "3 TC 6D TH 4C",
    "3 JC 5S AD QD", "3 AH 5D JD TD", "3 QS 4D 7D 8D",
)
HEARTS_EXAMPLE_POINTS = (0, 1, 4, 21)
