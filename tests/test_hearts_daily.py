"""The Hearts daily game's rule (heartsuite.hearts.daily): a date gives the same game code
everywhere and different dates different ones, by the documented formula, under the default
rules."""

from __future__ import annotations

import datetime as dt

import pytest

from heartsuite.codes import LIMIT
from heartsuite.hearts.daily import DAILY_RULES, daily_code, daily_number
from heartsuite.hearts.deal import game_code, parse_game_code
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng

D = dt.date.fromisoformat

# date -> code: pinned, so the rule never drifts (if this fails, the meaning of a date changed:
# fix the code, not the test).
GOLDEN = {
    "2026-12-04": "HT1-KBMRFZT",
    "2027-03-01": "HT1-YRPGOBQ",
}


@pytest.mark.parametrize(("day", "code"), GOLDEN.items())
def test_a_date_gives_its_pinned_game_code(day: str, code: str) -> None:
    assert daily_code(D(day)) == code
    assert game_code(parse_game_code(code)) == code  # an ordinary game code


def test_the_same_date_gives_the_same_code_and_dates_differ() -> None:
    day = D("2026-12-04")
    assert daily_code(day) == daily_code(dt.date(2026, 12, 4)) == daily_code(D("2026-12-04"))
    year = [D("2026-01-01") + dt.timedelta(days=n) for n in range(366)]
    assert len({daily_code(d) for d in year}) == len(year)


def test_the_number_follows_the_documented_formula() -> None:
    for day in (D("1970-01-01"), D("2000-02-29"), D("2026-12-04")):
        days = (day - dt.date(1970, 1, 1)).days
        assert daily_number(day) == Rng.for_key("HT1-daily", days).below(26**7)
        assert 0 <= daily_number(day) < LIMIT


def test_dates_before_1970_have_no_game() -> None:
    with pytest.raises(ValueError, match="1970"):
        daily_code(D("1969-12-31"))


def test_the_rules_are_the_default_black_lady_to_100() -> None:
    assert DAILY_RULES == Rules() == Rules.variant_named("black-lady")
    assert (DAILY_RULES.players, DAILY_RULES.target, DAILY_RULES.passing) == (4, 100, True)
