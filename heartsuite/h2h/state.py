"""The position of a Heart to Heart game and its rules: legal moves, applying them, won and blocked.

Compact by design, since the solver searches millions of positions: the layout is a 25-bit mask of
the cards still there (bit p-1 = position p) and the stock and waste are kept as one tuple, the
*talon* = waste (bottom to top) followed by stock (first drawn first), with `split` = the waste's
size. Draws and redeals never reorder that sequence (a draw moves the split right by one; a redeal,
with the stock empty, moves it back to 0), so they only change an int; a waste pair removes the
card just left of the split.
"""

from __future__ import annotations

from typing import NamedTuple

from heartsuite.h2h.deal import Deal
from heartsuite.h2h.layout import ALL, SIZE, free_mask, positions
from heartsuite.h2h.moves import DRAW, PAIR_KIND, REDEAL, WASTE_KIND, Move

POINTS_PER_CARD = 10

# English texts of the reason keys; pages translate by key, Move errors shows the text.
MESSAGES: dict[str, str] = {
    "must_be_same_rank": "Must be same rank",
    "card_covered": "That card is covered",
    "empty": "There is no card there",
    "no_waste": "The waste is empty",
    "stock_empty": "The stock is empty",
    "stock_not_empty": "Redeal only when the stock is empty",
    "nothing_to_redeal": "There are no cards to redeal",
    "game_won": "The game is already won",
    "nothing_to_undo": "Nothing to undo",
    "undo_limit": "Only the last 100 moves can be undone",
}


class IllegalMove(ValueError):
    """A move the rules refuse. `reason` is a key of MESSAGES; `message` its English text; str()
    gives the detail for a person (which card, which rank)."""

    def __init__(self, reason: str, detail: str | None = None) -> None:
        self.reason = reason
        self.message = MESSAGES[reason]
        super().__init__(detail or self.message)


_FREE_CACHE: dict[int, int] = {}
_FREE_CACHE_LIMIT = 1 << 16  # a few MB at most; cleared when full


def free_of(present: int) -> int:
    """free_mask, memoised: positions repeat endlessly in search and play."""
    free = _FREE_CACHE.get(present)
    if free is None:
        if len(_FREE_CACHE) >= _FREE_CACHE_LIMIT:
            _FREE_CACHE.clear()
        free = _FREE_CACHE[present] = free_mask(present)
    return free


# Every move object made once, so generating moves allocates nothing but the list.
# _PAIRS[p][q] is the pair p-q for 0 < p < q (other entries are never read).
_PAIRS: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(PAIR_KIND, p, max(p, q)) for q in range(SIZE + 1)) for p in range(SIZE + 1)
)
_WASTES: tuple[Move, ...] = tuple(Move(WASTE_KIND, p) for p in range(SIZE + 1))


class State(NamedTuple):
    """An immutable, hashable position. `moves` counts every draw, redeal and pair so far."""

    deal: Deal
    present: int
    talon: tuple[int, ...]
    split: int
    moves: int = 0

    @classmethod
    def initial(cls, deal: Deal) -> State:
        """The position as dealt."""
        return cls(deal, ALL, deal.waste + deal.stock, len(deal.waste), 0)

    @classmethod
    def build(
        cls,
        deal: Deal,
        present: int,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        moves: int = 0,
    ) -> State:
        """A position from its parts (the caller keeps the cards consistent with the deal)."""
        return cls(deal, present, tuple(waste) + tuple(stock), len(waste), moves)

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, first drawn first."""
        return self.talon[self.split :]

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste, bottom to top."""
        return self.talon[: self.split]

    @property
    def waste_top(self) -> int | None:
        """The playable waste card, if any."""
        return self.talon[self.split - 1] if self.split else None

    @property
    def score(self) -> int:
        """+10 for every layout card removed (250 when won)."""
        return POINTS_PER_CARD * (SIZE - self.present.bit_count())

    @property
    def free(self) -> int:
        """The mask of free layout cards."""
        return free_of(self.present)

    def rank_at(self, position: int) -> int:
        """The rank dealt at a layout position (whether or not it is still there)."""
        return self.deal.layout[position - 1]


def legal_moves(state: State) -> list[Move]:
    """Every legal move: layout pairs, then waste pairs, then the draw or the redeal."""
    present = state.present
    if not present:
        return []
    deal = state.deal
    masks, layout = deal.rank_masks, deal.layout
    free = free_of(present)
    out: list[Move] = []
    rest = free
    while rest:
        low = rest & -rest
        rest ^= low
        p = low.bit_length()
        partners = rest & masks[layout[p - 1]]
        while partners:
            other = partners & -partners
            partners ^= other
            out.append(_PAIRS[p][other.bit_length()])
    split = state.split
    if split:
        partners = free & masks[state.talon[split - 1]]
        while partners:
            other = partners & -partners
            partners ^= other
            out.append(_WASTES[other.bit_length()])
    if split < len(state.talon):
        out.append(DRAW)
    elif split:
        out.append(REDEAL)
    return out


def _check_free(state: State, p: int) -> None:
    if not 1 <= p <= SIZE:
        raise IllegalMove("empty", f"there is no position {p}; positions are 1..{SIZE}")
    bit = 1 << (p - 1)
    if not state.present & bit:
        raise IllegalMove("empty", f"position {p} is empty")
    if not free_of(state.present) & bit:
        raise IllegalMove("card_covered", f"the card at {p} is covered")


def apply(state: State, move: Move) -> State:
    """The position after `move`; raises IllegalMove (and changes nothing) if it is not legal."""
    deal, present, talon, split, moves = state
    if not present:
        raise IllegalMove("game_won")
    kind = move.kind
    if kind == PAIR_KIND:
        p, q = move.p, move.q
        _check_free(state, p)
        _check_free(state, q)
        if p == q:
            raise IllegalMove("empty", "a card cannot pair with itself")
        if deal.layout[p - 1] != deal.layout[q - 1]:
            raise IllegalMove("must_be_same_rank", f"{p} and {q} are not the same rank")
        return State(deal, present & ~((1 << (p - 1)) | (1 << (q - 1))), talon, split, moves + 1)
    if kind == WASTE_KIND:
        p = move.p
        _check_free(state, p)
        if not split:
            raise IllegalMove("no_waste")
        if deal.layout[p - 1] != talon[split - 1]:
            raise IllegalMove(
                "must_be_same_rank", f"the card at {p} and the waste top are not the same rank"
            )
        rest = talon[: split - 1] + talon[split:]
        return State(deal, present & ~(1 << (p - 1)), rest, split - 1, moves + 1)
    if kind == "D":
        if split >= len(talon):
            raise IllegalMove("stock_empty")
        return State(deal, present, talon, split + 1, moves + 1)
    if kind == "R":
        if split < len(talon):
            raise IllegalMove("stock_not_empty")
        if not split:
            raise IllegalMove("nothing_to_redeal")
        return State(deal, present, talon, 0, moves + 1)
    raise ValueError(f"not a move: {move!r}")


def is_won(state: State) -> bool:
    """All 25 layout cards are gone (cards may remain in the stock)."""
    return not state.present


def is_blocked(state: State) -> bool:
    """No free card has a partner among the other free cards, nor anywhere in stock or waste:
    nothing can ever be removed again (SPEC §1.5). A won game is not blocked."""
    present = state.present
    if not present:
        return False
    layout = state.deal.layout
    talon_ranks = set(state.talon)
    seen = 0
    for p in positions(free_of(present)):
        rank = layout[p - 1]
        if seen >> rank & 1 or rank in talon_ranks:
            return False
        seen |= 1 << rank
    return True


def replay(deal: Deal, moves: list[Move]) -> State:
    """The position after `moves` from the deal (raises IllegalMove on the first bad one)."""
    state = State.initial(deal)
    for move in moves:
        state = apply(state, move)
    return state
