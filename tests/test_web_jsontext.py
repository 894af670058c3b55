"""The server's JSON encoder (web/jsontext.py): the same values as the standard library's, for
everything a socket message or a stored table holds."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from heartsuite.web.jsontext import dumps

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False,
                                                                     allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)


@given(VALUES)
def test_reads_back_as_the_value(value: object) -> None:
    assert json.loads(dumps(value)) == value


def test_an_integer_beyond_64_bits_falls_back_to_the_standard_library() -> None:
    big = 2**200 + 7
    assert json.loads(dumps({"number": big})) == {"number": big}


def test_text_is_compact_and_not_escaped() -> None:
    assert dumps({"name": "سارا", "seats": (1, 2)}) == '{"name":"سارا","seats":[1,2]}'


def test_integer_keys_are_written_as_text_as_the_standard_library_does() -> None:
    assert json.loads(dumps({3: "x"})) == json.loads(json.dumps({3: "x"}))
