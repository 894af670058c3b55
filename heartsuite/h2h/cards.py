"""Ranks of Heart to Heart: ints 1..13 (A = 1, J = 11, Q = 12, K = 13); suit never matters."""

from __future__ import annotations

RANK_NAMES: tuple[str, ...] = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS: tuple[int, ...] = tuple(range(1, 14))
_BY_NAME = {name: r for r, name in enumerate(RANK_NAMES) if name} | {"T": 10}


def rank_name(rank: int) -> str:
    """"A", "2", …, "10", "J", "Q", "K"."""
    return RANK_NAMES[rank]


def parse_rank(text: str) -> int:
    """Read a rank name (case-insensitive; "T" also means 10)."""
    try:
        return _BY_NAME[text.strip().upper()]
    except KeyError:
        raise ValueError(f"not a rank: {text!r}") from None
