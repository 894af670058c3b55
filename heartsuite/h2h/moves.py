"""Moves and their notation (SPEC §1.3): `D` draw, `R` redeal, `W<p>` pair position p with the
waste top, `<p>-<q>` pair two layout positions (written smaller first)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from heartsuite.h2h.layout import SIZE

DRAW_KIND = "D"
REDEAL_KIND = "R"
WASTE_KIND = "W"
PAIR_KIND = "P"

# What a person taps (SPEC §1.4): a layout position, the stock or the waste.
TapTarget = int | Literal["stock", "waste"]


class MoveSyntaxError(ValueError):
    """Text that is not a move in the notation; the message says why, for a person."""


class Move(NamedTuple):
    """A move: `kind` is D, R, W or P; `p` and `q` are layout positions (0 when unused; p < q)."""

    kind: str
    p: int = 0
    q: int = 0

    @staticmethod
    def pair(p: int, q: int) -> Move:
        """Pair two layout positions, in either order (stored smaller first)."""
        return Move(PAIR_KIND, min(p, q), max(p, q))

    @staticmethod
    def with_waste(p: int) -> Move:
        """Pair layout position p with the top of the waste."""
        return Move(WASTE_KIND, p)

    def format(self) -> str:
        """The canonical notation."""
        if self.kind == PAIR_KIND:
            return f"{self.p}-{self.q}"
        if self.kind == WASTE_KIND:
            return f"W{self.p}"
        return self.kind

    def __str__(self) -> str:
        return self.format()

    def taps(self) -> list[TapTarget]:
        """The taps a person makes to play this move (SPEC §1.4): the stock to draw or redeal,
        a card then the waste, or the two cards of a pair."""
        if self.kind == PAIR_KIND:
            return [self.p, self.q]
        if self.kind == WASTE_KIND:
            return [self.p, "waste"]
        return ["stock"]


DRAW = Move(DRAW_KIND)
REDEAL = Move(REDEAL_KIND)


def _position(text: str, move: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise MoveSyntaxError(f"{move!r} is not a move: {text!r} is not a position number")
    p = int(text)
    if not 1 <= p <= SIZE:
        raise MoveSyntaxError(f"{move!r} is not a move: positions are 1..{SIZE}, not {p}")
    return p


def parse_move(text: str) -> Move:
    """Read a move, case-insensitively; `24-23` is accepted and means `23-24`."""
    move = text.strip().upper()
    if move in (DRAW_KIND, REDEAL_KIND):
        return Move(move)
    if move.startswith(WASTE_KIND):
        return Move.with_waste(_position(move[1:], text))
    if "-" in move:
        left, _, right = move.partition("-")
        p, q = _position(left, text), _position(right, text)
        if p == q:
            raise MoveSyntaxError(f"{text!r} is not a move: a card cannot pair with itself")
        return Move.pair(p, q)
    raise MoveSyntaxError(f"{text!r} is not a move: write D, R, W<position> or <pos>-<pos>")
