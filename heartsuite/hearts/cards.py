"""Hearts cards as small ints and hands as bit masks, so the engine and its simulations stay fast.

A card is `suit * 13 + rank`: suits in the order clubs, diamonds, spades, hearts (0..3), ranks
2..A as 0..12. A hand is an int whose bit `1 << card` is set for each card held. Card text follows
SPEC §2.4: rank then suit letter, `T` for ten (`2C`, `TD`, `QS`, `AH`).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDSH"
RANKS = "23456789TJQKA"
CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")

FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[HEARTS]


def card(rank: int, suit: int) -> int:
    """The card of a rank (0 = two .. 12 = ace) and a suit (0..3)."""
    return suit * 13 + rank


TWO_CLUBS = card(0, CLUBS)
THREE_CLUBS = card(1, CLUBS)
QUEEN_SPADES = card(10, SPADES)
JACK_DIAMONDS = card(9, DIAMONDS)  # Omnibus: -10 for its taker
KING_SPADES = card(11, SPADES)
ACE_SPADES = card(12, SPADES)
QS_BIT = 1 << QUEEN_SPADES
JD_BIT = 1 << JACK_DIAMONDS

# Precomputed for the hot paths: suit and rank of each card.
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(52))


class CardError(ValueError):
    """Card text that cannot be read; the message says why, for a person."""


def card_text(c: int) -> str:
    """`2C`, `TD`, `QS`, `AH`."""
    return RANKS[c % 13] + SUITS[c // 13]


def parse_card(text: object) -> int:
    """Read card text (any case). Raises CardError on anything else."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text like '2C' or 'QS', not {text!r}")
    t = text.strip().upper()
    if t.startswith("10") and len(t) == 3:
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"not a card: {text!r} (write rank then suit, e.g. 2C, TD, QS, AH)")
    return card(RANKS.index(t[0]), SUITS.index(t[1]))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_TEXTS = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(len(RANKS) * len(SUITS)))


def texts(mask: int) -> list[str]:
    """Card texts of a mask, in card order (suit, then rank). Every view a table sends is
    mostly these lists, so the texts are looked up, not built."""
    return [_TEXTS[c] for c in cards_of(mask)]


def parse_cards(items: object) -> list[int]:
    """Read a JSON list of card texts. Raises CardError."""
    if not isinstance(items, list):
        raise CardError(f"expected a list of cards, got {type(items).__name__}")
    return [parse_card(x) for x in items]
