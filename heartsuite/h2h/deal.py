"""Deals and deal codes `HH1-<class>-<7 letters>` (SPEC §1.1, §1.6; docs/heart-to-heart.md).

A code is read into a class and a number; the number seeds the project's own PRNG, so a code means
the same cards on every Python version. Class `N` is any shuffle and is dealt here. Class `W`
(winnable deals) is read here but dealt by the solver layer (`heartsuite.solver.deal_from_code`),
because only the solver can tell a winnable deal: the rules never import the solver.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from heartsuite.codes import CodeError, letters_to_number, number_to_letters
from heartsuite.h2h.cards import RANKS
from heartsuite.h2h.layout import SIZE
from heartsuite.prng import Rng

PREFIX = "HH"
VERSION = "1"
CLASSES = {"N": "any shuffled deal", "W": "a deal the solver has proved winnable"}
COPIES = 4
DECK_SIZE = COPIES * len(RANKS)  # 52
STOCK_SIZE = 26
EXAMPLE = "HH1-N-AAAAAAM"
SOLVER_CLASS = "W"  # the class whose deals the solver layer deals

__all__ = ["CodeError", "Deal", "deal_for_number", "deal_from_rng", "format_code", "parse_code"]


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealt cards: layout ranks for positions 1..25, the stock (first drawn first) and the
    waste (bottom to top). `code` is None for a deal built from explicit cards."""

    code: str | None
    layout: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    # rank_masks[r]: mask of the layout positions holding rank r (derived, for fast pairing).
    rank_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # The hash, computed once: every State hashes its deal, and search hashes millions of States.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        masks = [0] * (len(RANKS) + 1)
        for p, rank in enumerate(self.layout):
            masks[rank] |= 1 << p
        object.__setattr__(self, "rank_masks", tuple(masks))
        object.__setattr__(self, "_hash", hash((self.code, self.layout, self.stock, self.waste)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def from_code(cls, code: str) -> Deal:
        """The deal a class-`N` code stands for; raises CodeError with a message for a person
        (for a class-`W` code too: those are dealt by `heartsuite.solver.deal_from_code`)."""
        kind, number = parse_code(code)
        return deal_for_number(kind, number)

    @classmethod
    def explicit(
        cls,
        layout: tuple[int, ...] | list[int],
        stock: tuple[int, ...] | list[int],
        waste: tuple[int, ...] | list[int],
        code: str | None = None,
    ) -> Deal:
        """A deal from given ranks, checked: 25 layout cards and 4 of each rank in all 52."""
        layout, stock, waste = tuple(layout), tuple(stock), tuple(waste)
        if len(layout) != SIZE:
            raise ValueError(f"the layout needs {SIZE} cards, got {len(layout)}")
        cards = layout + stock + waste
        if len(cards) != DECK_SIZE:
            raise ValueError(f"a deal has {DECK_SIZE} cards, got {len(cards)}")
        if any(type(r) is not int or r not in RANKS for r in cards):
            raise ValueError("ranks are ints 1..13")
        wrong = {r: n for r, n in Counter(cards).items() if n != COPIES}
        if wrong or len(Counter(cards)) != len(RANKS):
            raise ValueError(f"each rank must appear {COPIES} times")
        return cls(code, layout, stock, waste)


def fresh_deck() -> list[int]:
    """The unshuffled deck: A, A, A, A, 2, 2, 2, 2, …, K, K, K, K."""
    return [rank for rank in RANKS for _ in range(COPIES)]


def deal_from_rng(rng: Rng, code: str | None = None) -> Deal:
    """Shuffle a fresh deck with `rng` and deal it: 25 to the heart, 26 to stock, 1 to waste."""
    deck = fresh_deck()
    rng.shuffle(deck)
    return Deal(code, tuple(deck[:SIZE]), tuple(deck[SIZE : SIZE + STOCK_SIZE]), (deck[-1],))


def format_code(kind: str, number: int) -> str:
    """The canonical code, e.g. `HH1-N-AAAAAAM`."""
    if kind not in CLASSES:
        raise CodeError(f"unknown deal class {kind!r}")
    return f"{PREFIX}{VERSION}-{kind}-{number_to_letters(number)}"


def deal_for_number(kind: str, number: int) -> Deal:
    """The deal of class `N` and number 0 .. 26**7 - 1. Class `W` raises CodeError: its deals
    are found by the solver (`heartsuite.solver.deal_of_class`)."""
    code = format_code(kind, number)
    if kind == SOLVER_CLASS:
        raise CodeError("class W (winnable deals) is dealt by the solver: "
                        "heartsuite.solver.deal_from_code")
    return deal_from_rng(Rng.for_key(f"{PREFIX}{VERSION}-N", number), code)


def parse_code(text: str) -> tuple[str, int]:
    """Read a code (any case, surrounding spaces allowed) into its class and number."""
    code = text.strip().upper()
    if not code:
        raise CodeError(f"empty deal code; a code looks like {EXAMPLE}")
    parts = code.split("-")
    if len(parts) != 3:
        raise CodeError(
            f"a deal code has three parts separated by dashes, like {EXAMPLE}; got {text.strip()!r}"
        )
    head, kind, letters = parts
    if not head.startswith(PREFIX):
        hint = " (that looks like a Hearts game code)" if head.startswith("HT") else ""
        raise CodeError(f"not a Heart to Heart code: it must start with {PREFIX}{hint}")
    version = head[len(PREFIX) :]
    if version != VERSION:
        raise CodeError(
            f"unknown code version {version!r}: this program reads version {VERSION} "
            f"({PREFIX}{VERSION}-...)"
        )
    if kind not in CLASSES:
        known = ", ".join(f"{k} ({v})" for k, v in CLASSES.items())
        raise CodeError(f"unknown deal class {kind!r}; known classes: {known}")
    return kind, letters_to_number(letters)


def canonical_code(text: str) -> str:
    """The canonical upper-case form of a valid code."""
    return format_code(*parse_code(text))
