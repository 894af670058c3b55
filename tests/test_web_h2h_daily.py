"""The daily deal through the API: starting a date's deal, playing it to a win on its own date
and on a later one, the streak across days (a missed day breaks it), bad dates, the cached
shortest solution and the statistics."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_helpers import new_game_body

from heartsuite import solver
from heartsuite.h2h.moves import DRAW, REDEAL
from heartsuite.h2h.state import State, apply
from heartsuite.solver.daily import daily_deal

DAY = dt.date(2026, 12, 4)


def at(day: dt.date, hour: int = 12, minute: int = 0) -> float:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=dt.UTC).timestamp()


@pytest.fixture
def clock(app: FastAPI) -> Iterator[list[float]]:
    """The app's clock for the daily deal, set by the test: `clock[0] = at(...)`."""
    now = [at(DAY)]
    app.state.h2h.clock = lambda: now[0]
    yield now
    app.state.h2h.clock = time.time


def start_daily(client: TestClient, date: str) -> dict:
    response = client.post("/api/h2h/games", json=new_game_body(client, daily=date))
    assert response.status_code == 201, response.text
    game: dict = response.json()["game"]
    return game


def win(client: TestClient, tap, game: dict, extra_draws: int = 0) -> dict:
    """Win a daily game by taps: `extra_draws` draws (or redeals) first, so the win takes more
    moves than the shortest, then a shortest solution from there."""
    state = State.initial(daily_deal(dt.date.fromisoformat(game["daily"]["date"])))
    for _ in range(extra_draws):
        tap(client, game["id"], "stock")
        state = apply(state, DRAW if state.stock else REDEAL)
    line = solver.solve(state, shortest=True)
    assert line is not None
    answer: dict = {}
    for move in line:
        for target in move.taps():
            answer = tap(client, game["id"], target)
    assert answer["game"]["won"]
    return answer["game"]


def test_the_daily_deal_is_todays_winnable_deal_with_its_shortest_solution(client, clock) -> None:
    info = client.get("/api/h2h/daily").json()
    deal = daily_deal(DAY)
    shortest = solver.shortest_length(State.initial(deal))
    assert info["date"] == "2026-12-04" and info["code"] == deal.code == "HH1-N-TPWHMVX"
    assert info["shortest"] == shortest
    assert info["stats"] | {"days": []} == {"today": "2026-12-04", "streak": 0, "best_streak": 0,
                                            "played": 0, "won": 0, "days": [], "result": None}
    game = start_daily(client, "2026-12-04")
    assert game["code"] == deal.code and game["stock"] == 26
    assert game["daily"] == {"date": "2026-12-04", "today": "2026-12-04", "on_day": True,
                             "shortest": shortest}
    assert "stats" not in game["daily"]
    # an earlier date's deal can be replayed; a later one is not out yet
    assert client.get("/api/h2h/daily", params={"date": "2026-12-01"}).json()["code"] == \
        daily_deal(dt.date(2026, 12, 1)).code


def test_the_shortest_solution_is_computed_once_and_cached(app, client, clock,
                                                           monkeypatch) -> None:
    store = app.state.store
    day = "2026-06-15"
    assert store.daily_deal(day) is None
    calls = []
    real = solver.shortest_length
    monkeypatch.setattr(solver, "shortest_length", lambda s: calls.append(1) or real(s))
    first = client.get("/api/h2h/daily", params={"date": day}).json()
    again = client.get("/api/h2h/daily", params={"date": day}).json()
    assert first == again and len(calls) == 1
    assert store.daily_deal(day).shortest == first["shortest"] is not None
    assert store.daily_deal(day).code == first["code"]


@pytest.mark.parametrize(("date", "reason"), [
    ("2026-12-05", "not out yet"), ("2026-02-30", "year-month-day"), ("4 Dec", "year-month-day"),
    ("1969-12-31", "1970")])
def test_a_bad_or_later_date_is_refused_and_changes_nothing(client, clock, date, reason) -> None:
    before = client.get("/api/h2h/current").json()
    response = client.post("/api/h2h/games", json=new_game_body(client, daily=date))
    assert response.status_code == 400 and response.json()["error"] == "bad_date"
    assert reason in response.json()["message"]
    assert client.get("/api/h2h/daily", params={"date": date}).status_code == 400
    assert client.get("/api/h2h/current").json() == before


def test_a_code_and_a_date_together_are_refused(client, clock) -> None:
    response = client.post("/api/h2h/games",
                           json=new_game_body(client, daily="2026-12-04", code="HH1-N-AAAAAAF"))
    assert response.status_code == 400 and response.json()["error"] == "bad_request"
    too_long = client.post("/api/h2h/games", json=new_game_body(client, daily="2026-12-04xx"))
    assert too_long.status_code == 422


def test_winning_on_the_day_counts_with_the_best_possible(client, tap, clock) -> None:
    game = start_daily(client, "2026-12-04")
    won = win(client, tap, game, extra_draws=26)
    daily = won["daily"]
    assert daily["on_day"] and daily["shortest"] < won["moves"]
    stats = daily["stats"]
    assert stats["streak"] == 1 and stats["best_streak"] == 1
    assert stats["played"] == 1 and stats["won"] == 1
    assert stats["result"] == {"date": "2026-12-04", "played": True, "won": True,
                               "fewest": won["moves"], "shortest": daily["shortest"]}
    # the win is in the statistics page's figures too
    page = client.get("/api/stats").json()["daily"]
    assert page["streak"] == 1 and page["days"][0]["fewest"] == won["moves"]
    # a better win later the same day keeps the fewest moves
    again = win(client, tap, start_daily(client, "2026-12-04"))
    assert again["moves"] == daily["shortest"]
    assert again["daily"]["stats"]["result"]["fewest"] == daily["shortest"]
    assert again["daily"]["stats"]["won"] == 1  # one date, however many wins


def test_a_streak_across_days_a_missed_day_and_a_replay(client, tap, clock) -> None:
    days = [DAY + dt.timedelta(days=n) for n in range(3)]
    for day in days:  # 4, 5 and 6 Dec, each won on its date (late in the UTC day)
        clock[0] = at(day, 23, 50)
        won = win(client, tap, start_daily(client, day.isoformat()))
    assert won["daily"]["stats"]["streak"] == 3
    # 7 Dec: not played yet, the streak still stands; 8 Dec: 7 Dec was missed
    clock[0] = at(DAY + dt.timedelta(days=3), 9)
    assert client.get("/api/h2h/daily").json()["stats"]["streak"] == 3
    clock[0] = at(DAY + dt.timedelta(days=4), 0, 1)
    info = client.get("/api/h2h/daily").json()
    assert info["stats"]["streak"] == 0 and info["stats"]["best_streak"] == 3
    # replaying 7 Dec on 8 Dec wins, but does not mend the streak
    missed = "2026-12-07"
    replay = start_daily(client, missed)
    assert replay["daily"]["on_day"] is False
    won = win(client, tap, replay)
    stats = won["daily"]["stats"]
    assert stats["streak"] == 0 and stats["best_streak"] == 3 and stats["won"] == 3
    assert stats["result"] == stats["result"] | {"played": False, "won": False,
                                                 "fewest": won["moves"]}
    # 8 Dec won on its date: a new run of one
    won = win(client, tap, start_daily(client, "2026-12-08"))
    assert won["daily"]["stats"]["streak"] == 1


def test_a_game_begun_on_its_date_and_won_after_midnight_utc_counts_as_played_only(
        client, tap, clock) -> None:
    clock[0] = at(DAY, 23, 59)
    game = start_daily(client, "2026-12-04")
    tap(client, game["id"], "stock")
    clock[0] = at(DAY + dt.timedelta(days=1), 0, 0)
    answer = client.get(f"/api/h2h/games/{game['id']}").json()["game"]
    assert answer["daily"]["on_day"] is False
    undone = client.post(f"/api/h2h/games/{game['id']}/undo", json={"move": 1}).json()
    won = win(client, tap, undone["game"])
    stats = won["daily"]["stats"]
    assert stats["played"] == 1 and stats["won"] == 0 and stats["streak"] == 0
    assert stats["result"]["fewest"] == won["moves"]


def test_an_ordinary_game_of_the_same_code_is_no_daily_deal(client, tap, clock) -> None:
    code = daily_deal(DAY).code
    response = client.post("/api/h2h/games", json=new_game_body(client, code=code))
    game = response.json()["game"]
    assert "daily" not in game
    line = solver.solve(State.initial(daily_deal(DAY)), shortest=True)
    for move in line or []:
        for target in move.taps():
            tap(client, game["id"], target)
    assert client.get("/api/h2h/daily").json()["stats"]["won"] == 0


def test_computing_uncached_dates_is_rate_limited_and_cached_ones_are_not(tmp_path) -> None:
    from heartsuite.web.app import create_app
    from heartsuite.web.ratelimit import Limits, Rate

    tight = Limits(new_games=Rate(per_minute=6, burst=2), solver_calls=Rate(per_minute=6, burst=1))
    app = create_app(tmp_path, limits=tight)
    app.state.h2h.clock = lambda: at(DAY)
    client = TestClient(app)
    assert client.get("/api/h2h/daily").status_code == 200  # computed: the one solver call
    for _ in range(5):  # cached now: no solver call at all
        assert client.get("/api/h2h/daily").status_code == 200
    refused = client.get("/api/h2h/daily", params={"date": "2020-01-01"})
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert app.state.store.daily_deal("2020-01-01") is None
