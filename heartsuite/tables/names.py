"""The two things people type at a table: their display name and the table's short code.

A display name is 1–24 characters after trimming and NFC normalisation, in any script, with no
control or format characters (Unicode categories Cc, Cf; the zero-width joiner and non-joiner,
which some scripts need, are allowed) and no line or paragraph separators.

A short code is 6 characters of an alphabet without the look-alikes 0/O, 1/I/L, shown `K7QM-2P`
and read case-insensitively with the hyphen and spaces optional.
"""

from __future__ import annotations

import unicodedata

from heartsuite.tables.errors import TableError

NAME_MAX = 24
_JOINERS = {"\u200c", "\u200d"}  # ZWNJ, ZWJ
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def clean_name(text: object) -> str:
    """The display name to keep, or TableError `bad_name` saying what is wrong."""
    if not isinstance(text, str):
        raise TableError("bad_name", "a name is text", 422)
    name = unicodedata.normalize("NFC", text).strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise TableError("bad_name", f"a name is 1 to {NAME_MAX} characters", 422)
    for char in name:
        if char not in _JOINERS and unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise TableError("bad_name", "a name may not contain control characters", 422)
    return name


def code_from_index(index: int) -> str:
    """The code of a number in 0..31**6-1 (the hub draws it at random), without the hyphen."""
    base = len(CODE_ALPHABET)
    chars = []
    for _ in range(CODE_LENGTH):
        index, digit = divmod(index, base)
        chars.append(CODE_ALPHABET[digit])
    return "".join(chars)


CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH


def parse_code(text: str) -> str | None:
    """The code typed (any case, hyphen and spaces optional), or None if it is not one."""
    compact = text.replace("-", "").replace(" ", "").upper()
    if len(compact) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in compact):
        return None
    return compact


def show_code(code: str) -> str:
    """The code as it is read out: `K7QM2P` → `K7QM-2P`."""
    return f"{code[:4]}-{code[4:]}"


__all__ = ["CODE_ALPHABET", "CODE_SPACE", "NAME_MAX", "clean_name", "code_from_index",
           "parse_code", "show_code"]
