"""Game codes (`HT1-` and 7 letters) and the deals they stand for.

Round r (0-based) of game number N is dealt from `Rng.for_key("HT1", N, r)`: the deck in card order
(2♣..A♣, 2♦..A♦, 2♠..A♠, 2♥..A♥; Black Maria without 2♣) is shuffled with `Rng.shuffle`, then dealt
round-robin: the card at position i goes to seat i mod n. See docs/hearts.md.
"""

from __future__ import annotations

import secrets

from heartsuite.codes import LIMIT, CodeError, letters_to_number, number_to_letters
from heartsuite.hearts.rules import Rules, deck_for
from heartsuite.prng import Rng

PREFIX = "HT1"


def parse_game_code(text: object) -> int:
    """The number of a game code such as `HT1-ABCDEFG` (any case). Raises CodeError."""
    if not isinstance(text, str):
        raise CodeError("a game code must be text like HT1-ABCDEFG")
    t = text.strip().upper()
    head, sep, letters = t.partition("-")
    if not sep:
        raise CodeError(f"a game code looks like {PREFIX}-ABCDEFG, got {text!r}")
    if head != PREFIX:
        raise CodeError(f"a Hearts game code starts with {PREFIX}-, got {head or 'nothing'!r}")
    return letters_to_number(letters)


def game_code(number: int) -> str:
    """The code of a game number 0 .. 26**7 - 1."""
    return f"{PREFIX}-{number_to_letters(number)}"


def random_game_number() -> int:
    """A fresh game number from the operating system's randomness (for new games in the app)."""
    return secrets.randbelow(LIMIT)


def deal_hands(rules: Rules, number: int, round_index: int) -> list[int]:
    """The dealt hands (masks, one per seat) of a round of a game."""
    return random_hands(rules, Rng.for_key(PREFIX, number, round_index))


def random_hands(rules: Rules, rng: Rng) -> list[int]:
    """A deal drawn from a generator: the deck in card order shuffled, then dealt round-robin.
    Game codes, the secret seeds of shared tables, simulations and tests all deal through it."""
    deck = list(deck_for(rules.players))
    rng.shuffle(deck)
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck):
        hands[i % n] |= 1 << c
    return hands
