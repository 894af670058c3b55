"""The daily deal's rule (heartsuite.solver.daily) and its streaks (web/h2h/daily.py): a date
gives the same winnable deal everywhere, candidates the solver proves unwinnable are stepped
over, and streaks count consecutive UTC dates won on the date itself."""

from __future__ import annotations

import datetime as dt

import pytest

from heartsuite.codes import LIMIT
from heartsuite.h2h.deal import deal_for_number, parse_code
from heartsuite.prng import Rng
from heartsuite.solver import daily as daily_module
from heartsuite.solver import is_winnable_deal
from heartsuite.solver.daily import (
    DateError,
    candidate,
    daily_attempt,
    daily_deal,
    parse_day,
    today_utc,
)
from heartsuite.web.h2h.daily import daily_stats, daily_streaks
from heartsuite.web.store import DailyResult

D = dt.date.fromisoformat

# date -> (code, the k of the first winnable candidate): pinned, so the rule never drifts.
GOLDEN = {
    "1970-01-01": ("HH1-N-KJJFLOL", 3),
    "2026-01-01": ("HH1-N-ENMHSNP", 1),
    "2026-12-04": ("HH1-N-TPWHMVX", 0),
    "2026-12-05": ("HH1-N-CZSKDJU", 7),
    "2027-03-01": ("HH1-N-EZVTFUL", 0),
}


@pytest.mark.parametrize(("day", "expected"), GOLDEN.items())
def test_a_date_gives_its_pinned_winnable_deal(day: str, expected: tuple[str, int]) -> None:
    code, k = expected
    deal = daily_deal(D(day))
    assert deal.code == code and daily_attempt(D(day)) == k
    assert is_winnable_deal(deal)
    assert deal == deal_for_number("N", parse_code(code)[1])  # an ordinary class-N code


def test_the_candidates_follow_the_documented_formula() -> None:
    day = D("2026-12-05")
    days = (day - dt.date(1970, 1, 1)).days
    for k in range(8):
        assert candidate(day, k) == Rng.for_key("HH1-daily", days, k).below(LIMIT)


def test_candidates_proved_unwinnable_are_stepped_over() -> None:
    day = D("2026-12-05")
    skipped = [deal_for_number("N", candidate(day, k)) for k in range(7)]
    assert not any(is_winnable_deal(deal) for deal in skipped)
    assert daily_deal(day) == deal_for_number("N", candidate(day, 7))


def test_when_the_solver_refuses_a_candidate_the_next_seed_is_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    day = D("2026-12-04")  # its first candidate is winnable
    first = daily_deal(day)
    real = daily_module.winnable_layout
    monkeypatch.setattr(daily_module, "winnable_layout",
                        lambda layout: layout != first.layout and real(layout))
    later = daily_deal(day)
    assert later != first and is_winnable_deal(later)
    k = daily_attempt(day)
    assert k >= 1 and later == deal_for_number("N", candidate(day, k))


def test_dates_differ_and_a_date_is_read_strictly() -> None:
    codes = {daily_deal(D("2026-11-01") + dt.timedelta(days=n)).code for n in range(40)}
    assert len(codes) == 40
    assert parse_day(" 2026-12-04 ") == D("2026-12-04")
    for bad in ("2026-13-01", "04/12/2026", "2026-1-4", "", "tomorrow", "20261204"):
        with pytest.raises(DateError, match="year-month-day"):
            parse_day(bad)
    with pytest.raises(DateError, match="1970"):
        parse_day("1969-12-31")


def test_the_day_is_the_utc_day() -> None:
    # 23:30 on 4 Dec in UTC is already 5 Dec in Kuala Lumpur (UTC+8) and still 4 Dec in
    # New York: everyone has the deal of 4 Dec until 00:00 UTC.
    late = dt.datetime(2026, 12, 4, 23, 30, tzinfo=dt.UTC).timestamp()
    assert today_utc(late) == D("2026-12-04")
    assert today_utc(late + 30 * 60) == D("2026-12-05")
    kl = dt.datetime(2026, 12, 5, 7, 29, tzinfo=dt.timezone(dt.timedelta(hours=8))).timestamp()
    assert today_utc(kl) == D("2026-12-04")


def _days(*names: str) -> list[dt.date]:
    return [D(n) for n in names]


def test_streaks_count_consecutive_dates_won() -> None:
    assert daily_streaks([], D("2026-12-04")) == (0, 0)
    won = _days("2026-12-01", "2026-12-02", "2026-12-03")
    # today (4 Dec) not won yet: the run up to yesterday still stands
    assert daily_streaks(won, D("2026-12-04")) == (3, 3)
    assert daily_streaks([*won, D("2026-12-04")], D("2026-12-04")) == (4, 4)
    # 4 Dec missed: on 5 Dec the run is over, the best stays
    assert daily_streaks(won, D("2026-12-05")) == (0, 3)
    assert daily_streaks([*won, D("2026-12-05")], D("2026-12-05")) == (1, 3)


def test_a_missed_day_breaks_the_streak_and_runs_cross_months_and_years() -> None:
    won = _days("2026-12-30", "2026-12-31", "2027-01-01", "2027-01-03", "2027-01-04")
    assert daily_streaks(won, D("2027-01-04")) == (2, 3)
    assert daily_streaks(_days("2028-02-28", "2028-02-29", "2028-03-01"),
                         D("2028-03-01")) == (3, 3)


def test_daily_stats_count_only_the_dates_themselves() -> None:
    results = [
        DailyResult("2026-12-01", True, True, 70, 64),
        DailyResult("2026-12-02", True, False, None, 80),
        DailyResult("2026-12-03", False, False, 90, 88),  # won only as a replay
        DailyResult("2026-12-04", True, True, 66, 66),
    ]
    stats = daily_stats(results, D("2026-12-04"), D("2026-12-03"))
    assert stats | {"days": None, "result": None} == {
        "today": "2026-12-04", "streak": 1, "best_streak": 1, "played": 3, "won": 2,
        "days": None, "result": None}
    assert [d["date"] for d in stats["days"]] == ["2026-12-04", "2026-12-03", "2026-12-02",
                                                  "2026-12-01"]
    assert stats["result"] == {"date": "2026-12-03", "played": False, "won": False,
                               "fewest": 90, "shortest": 88}
    assert daily_stats(results, D("2026-12-04"), D("2026-11-01"))["result"] is None
