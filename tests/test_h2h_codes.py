"""Deal codes (SPEC §1.6): reading, writing and the distinct message for each kind of bad code."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from heartsuite.codes import LIMIT
from heartsuite.h2h import CodeError, Deal, canonical_code, deal_for_number, format_code, parse_code
from heartsuite.h2h.deal import fresh_deck
from heartsuite.solver import deal_from_code, winnable_deal


def test_codes_read_case_insensitively_with_spaces() -> None:
    assert parse_code("  hh1-n-aaaaaam ") == ("N", 12)
    assert canonical_code("Hh1-N-zzzzzzz") == "HH1-N-ZZZZZZZ"
    assert format_code("N", 0) == "HH1-N-AAAAAAA"
    assert Deal.from_code("hh1-n-aaaaaam") == Deal.from_code("HH1-N-AAAAAAM")


def test_the_code_is_kept_on_the_deal_in_canonical_form() -> None:
    assert Deal.from_code(" hh1-n-abcdefg").code == "HH1-N-ABCDEFG"


def test_every_deal_holds_four_of_each_rank() -> None:
    for number in range(50):
        deal = deal_for_number("N", number)
        assert sorted(deal.layout + deal.stock + deal.waste) == fresh_deck()
        assert (len(deal.layout), len(deal.stock), len(deal.waste)) == (25, 26, 1)


def test_different_numbers_give_different_deals() -> None:
    deals = {deal_for_number("N", n).layout for n in range(200)}
    assert len(deals) == 200


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("", "empty"),
        ("HH1NAAAAAAA", "three parts separated by dashes"),
        ("HH1-N", "three parts separated by dashes"),
        ("HT1-N-AAAAAAA", "Hearts game code"),
        ("XX1-N-AAAAAAA", "not a Heart to Heart code"),
        ("HH2-N-AAAAAAA", "unknown code version '2'"),
        ("HH-N-AAAAAAA", "unknown code version ''"),
        ("HH1-Q-AAAAAAA", "unknown deal class 'Q'"),
        ("HH1-N-AAAAAA", "exactly 7 letters"),
        ("HH1-N-AAAAAAAA", "exactly 7 letters"),
        ("HH1-N-AAAAAA1", "only letters A-Z"),
        ("HH1-N-AAAÄAAA", "only letters A-Z"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, fragment: str) -> None:
    with pytest.raises(CodeError, match=re.escape(fragment)):
        Deal.from_code(code)


def test_the_rules_read_class_w_but_leave_its_dealing_to_the_solver() -> None:
    assert parse_code("HH1-W-AAAAAAA") == ("W", 0)
    with pytest.raises(CodeError, match=r"class W .* dealt by the solver"):
        Deal.from_code("HH1-W-AAAAAAA")
    assert deal_from_code("hh1-w-aaaaaaa") == winnable_deal(0)
    assert deal_from_code("HH1-N-AAAAAAM") == Deal.from_code("HH1-N-AAAAAAM")


@given(st.integers(0, LIMIT - 1), st.sampled_from(["N", "W"]), st.booleans())
def test_codes_round_trip(number: int, kind: str, lower: bool) -> None:
    code = format_code(kind, number)
    assert code == code.upper() and len(code) == len("HH1-N-AAAAAAA")
    assert parse_code(code.lower() if lower else code) == (kind, number)
