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
