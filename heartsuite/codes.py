"""The 7-letter base-26 numbers that deal codes carry (A = 0, most significant letter first)."""

from __future__ import annotations

LETTERS = 7
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LIMIT = 26**LETTERS  # numbers 0 .. 26**7 - 1 (8,031,810,176 deals per class)


class CodeError(ValueError):
    """A deal or game code that cannot be read; the message says what is wrong, for a person."""


def letters_to_number(letters: str) -> int:
    """Read 7 letters A–Z (any case) as a base-26 number."""
    text = letters.strip().upper()
    if len(text) != LETTERS:
        raise CodeError(f"the number part must be exactly {LETTERS} letters A-Z, got {len(text)}")
    number = 0
    for ch in text:
        digit = ALPHABET.find(ch)
        if digit < 0:
            raise CodeError(f"the number part may hold only letters A-Z, not {ch!r}")
        number = number * 26 + digit
    return number


def number_to_letters(number: int) -> str:
    """Write a number in 0 .. 26**7 - 1 as 7 letters."""
    if not 0 <= number < LIMIT:
        raise CodeError(f"deal number out of range 0..{LIMIT - 1}")
    out = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        out.append(ALPHABET[digit])
    return "".join(reversed(out))
