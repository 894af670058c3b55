"""The Hearts daily game on the web: its figures read from the game rows alone (web/hearts/daily.py:
days played and won on the date itself, streaks, the best final score of each date), and through
the API today's game and an earlier date's (the date's code, the daily rules whatever the
preferences), later or unreadable dates refused, and the statistics and streak across days with a
missed day and a replay, from whole games played through the socket (the app's daily clock set
by the test, `app.state.hearts.clock`)."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from heartsuite.hearts.cards import cards_of, texts
from heartsuite.hearts.daily import DAILY_RULES, daily_code, daily_number
from heartsuite.hearts.deal import deal_hands
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng
from heartsuite.web.hearts import table as table_module
from heartsuite.web.hearts.daily import OVER, PLAYED, daily_stats, stamp
from heartsuite.web.store import ABANDONED, LOST, PLAYING, WON, GameRow

DAY = dt.date(2026, 12, 4)
D = dt.date.fromisoformat


def at(day: dt.date, hour: int = 12, minute: int = 0) -> float:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=dt.UTC).timestamp()


# The statistics ---------------------------------------------------------------------------------


def row(day: str, status: str, score: int = 50, *, played: bool | None = True,
        over: bool | None = True, **result: Any) -> GameRow:
    """A stored daily game of `day`: `played`/`over` its marks (None: not written)."""
    settings: dict[str, Any] = {"strength": "medium", "daily": day}
    if played is not None:
        settings[PLAYED] = played
    if over is not None:
        settings[OVER] = over
    return GameRow("id", "me", "hearts", daily_code(D(day)), settings=settings, status=status,
                   score=score, result=dict(result))


def test_the_marks_say_whether_the_first_action_and_the_end_were_on_the_date() -> None:
    settings: dict[str, Any] = {"daily": "2026-12-04"}
    stamp(settings, acted=False, over=False, now=at(D("2026-12-04"), 23))
    assert settings == {"daily": "2026-12-04"}
    stamp(settings, acted=True, over=False, now=at(D("2026-12-04"), 23))
    assert settings[PLAYED] is True and OVER not in settings
    # the end after midnight UTC: played on the date, not won on it; the first mark stays
    stamp(settings, acted=True, over=True, now=at(D("2026-12-05"), 0))
    assert settings[PLAYED] is True and settings[OVER] is False
    ordinary: dict[str, Any] = {"strength": "easy"}
    stamp(ordinary, acted=True, over=True, now=at(D("2026-12-04")))
    assert ordinary == {"strength": "easy"}


def test_streaks_across_days_with_a_missed_day_and_a_replay() -> None:
    rows = [
        row("2026-12-01", WON, 40),
        row("2026-12-02", WON, 60),
        row("2026-12-03", LOST, 101),
        row("2026-12-03", WON, 35, played=False, over=False),  # a replay on a later day
        row("2026-12-04", WON, 70),
        row("2026-12-05", PLAYING, 12, over=None),  # in play today
    ]
    stats = daily_stats(rows, D("2026-12-05"))
    assert stats | {"days": []} == {"today": "2026-12-05", "streak": 1, "best_streak": 2,
                                    "played": 5, "won": 3, "days": []}
    assert [d["date"] for d in stats["days"]] == ["2026-12-05", "2026-12-04", "2026-12-03",
                                                  "2026-12-02", "2026-12-01"]
    assert stats["days"][2] == {"date": "2026-12-03", "played": True, "won": False,
                                "won_any": True, "best": 35}
    assert stats["days"][0] == {"date": "2026-12-05", "played": True, "won": False,
                                "won_any": False, "best": None}
    # the day after: today not won yet, the streak of yesterday still stands; the day after
    # that, a day was missed
    assert daily_stats(rows, D("2026-12-05"))["streak"] == 1
    assert daily_stats(rows, D("2026-12-06"))["streak"] == 0
    assert daily_stats(rows, D("2026-12-06"))["best_streak"] == 2


def test_the_best_final_score_counts_games_played_to_the_end_only() -> None:
    rows = [
        row("2026-12-04", LOST, 3, over=None),  # left after acting: no final score
        row("2026-12-04", WON, 20, undone=2),  # a card taken back: played only
        row("2026-12-04", LOST, 88),
        row("2026-12-04", LOST, 64, played=False, over=False),  # a replay, later
        row("2026-12-04", ABANDONED, 0, played=None, over=None),
    ]
    stats = daily_stats(rows, D("2026-12-04"), D("2026-12-04"))
    assert stats["result"] == {"date": "2026-12-04", "played": True, "won": False,
                               "won_any": False, "best": 64}
    assert stats["played"] == 1 and stats["won"] == 0 and stats["streak"] == 0
    assert daily_stats(rows, D("2026-12-04"), D("2026-12-03"))["result"] is None


def test_only_the_first_game_of_the_date_can_win_it() -> None:
    """Once a game is over its code shows every hand: a second game of the date, even on the
    date itself, is a replay (its score counts, its win does not)."""
    first, second = row("2026-12-04", LOST, 104), row("2026-12-04", WON, 30)
    first.created, second.created = at(D("2026-12-04"), 9), at(D("2026-12-04"), 10)
    for rows in ([first, second], [second, first]):  # the rows' order does not matter
        stats = daily_stats(rows, D("2026-12-04"), D("2026-12-04"))
        assert stats["result"] == {"date": "2026-12-04", "played": True, "won": False,
                                   "won_any": True, "best": 30}
        assert stats["streak"] == 0 and stats["won"] == 0 and stats["played"] == 1


def test_ordinary_games_and_unmarked_days_are_not_daily_games() -> None:
    ordinary = GameRow("id", "me", "hearts", daily_code(D("2026-12-04")), status=WON,
                       settings={"strength": "easy"})
    begun_later = row("2026-12-02", PLAYING, played=False, over=None)
    stats = daily_stats([ordinary, begun_later], D("2026-12-04"))
    assert stats["played"] == 0 and stats["won"] == 0 and stats["days"] == []


# The API ----------------------------------------------------------------------------------------


@pytest.fixture
def clock(app: FastAPI) -> Iterator[list[float]]:
    """The app's clock for the Hearts daily game, set by the test: `clock[0] = at(...)`."""
    now = [at(DAY)]
    app.state.hearts.clock = lambda: now[0]
    yield now
    app.state.hearts.clock = time.time


@pytest.fixture
def client(client: TestClient) -> TestClient:
    """The shared client, with the computer players at full speed."""
    assert client.put("/api/hearts/prefs", json={"speed": "instant"}).status_code == 200
    return client


def start_daily(client: TestClient, date: str) -> dict[str, Any]:
    response = client.post("/api/hearts/games", json={"daily": date})
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()["game"]
    return game


def test_todays_daily_game_is_the_dates_code_under_the_daily_rules(app, client, clock) -> None:
    # whatever the person's preferred rules are
    assert client.put("/api/hearts/prefs",
                      json={"rules": {"variant": "spot", "target": 50}}).status_code == 200
    info = client.get("/api/hearts/daily").json()
    assert info["date"] == "2026-12-04" and info["rules"] == DAILY_RULES.to_json()
    assert "code" not in info  # shown once a game of it is over, as any game's
    assert info["stats"] | {"days": []} == {"today": "2026-12-04", "streak": 0,
                                            "best_streak": 0, "played": 0, "won": 0,
                                            "days": [], "result": None}
    game = start_daily(client, "2026-12-04")
    assert game["daily"] == {"date": "2026-12-04", "today": "2026-12-04", "on_day": True,
                             "counts": True}
    assert game["code"] is None and game["state"]["code"] is None  # in play: it deals every hand
    assert game["state"]["rules"] == DAILY_RULES.to_json()
    assert app.state.store.game(game["id"]).code == daily_code(DAY)
    dealt = deal_hands(DAILY_RULES, daily_number(DAY), 0)[0]
    assert game["state"]["hand"] == texts(dealt)
    # the page's requests carry it too
    assert client.get("/api/hearts/current").json()["game"]["daily"]["date"] == "2026-12-04"
    assert client.get(f"/api/hearts/games/{game['id']}").json()["game"]["daily"]["on_day"]
    # an ordinary game has none
    ordinary = client.post("/api/hearts/games", json={"code": daily_code(DAY)}).json()["game"]
    assert "daily" not in ordinary and ordinary["state"]["rules"]["variant"] == "spot"


def test_an_earlier_dates_game_is_a_replay(app, client, clock) -> None:
    game = start_daily(client, "2026-12-01")
    assert game["daily"] == {"date": "2026-12-01", "today": "2026-12-04", "on_day": False,
                             "counts": False}
    assert app.state.store.game(game["id"]).code == daily_code(dt.date(2026, 12, 1))
    assert daily_code(dt.date(2026, 12, 1)) != daily_code(DAY)
    past = client.get("/api/hearts/daily", params={"date": "2026-12-01"}).json()
    assert past["date"] == "2026-12-01" and past["stats"]["today"] == "2026-12-04"


@pytest.mark.parametrize(("date", "reason"), [
    ("2026-12-05", "not out yet"), ("2026-02-30", "year-month-day"), ("4 Dec", "year-month-day"),
    ("1969-12-31", "1970")])
def test_a_later_or_bad_date_is_refused_and_changes_nothing(client, clock, date, reason) -> None:
    before = client.get("/api/hearts/current").json()
    response = client.post("/api/hearts/games", json={"daily": date})
    assert response.status_code == 400 and response.json()["error"] == "bad_date"
    assert reason in response.json()["message"]
    refused = client.get("/api/hearts/daily", params={"date": date})
    assert refused.status_code == 400 and refused.json()["error"] == "bad_date"
    assert client.get("/api/hearts/current").json() == before


def test_a_date_with_a_code_or_rules_is_refused(client, clock) -> None:
    for extra in ({"code": "HT1-AAAAAAA"}, {"rules": {"variant": "spot"}}):
        response = client.post("/api/hearts/games", json={"daily": "2026-12-04", **extra})
        assert response.status_code == 400 and response.json()["error"] == "bad_request"
    assert client.post("/api/hearts/games", json={"daily": "2026-12-04xx"}).status_code == 422


# Whole games ------------------------------------------------------------------------------------


class Highest:
    """A computer player that passes its three lowest cards, leads and follows with its highest
    legal card and, void, throws its lowest card that scores nothing: it takes tricks and keeps
    its points, so the person ducking below it wins the game."""

    name = "highest"

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return sorted(cards_of(view.hand), key=lambda c: (c % 13, c))[:3]

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        legal = cards_of(view.legal)
        led = [c for c in legal if view.trick and c // 13 == view.trick[0] // 13]
        if view.trick and not led:
            safe = [c for c in legal if not view.rules.points()[c]]
            return min(safe or legal, key=lambda c: (c % 13, c))
        return max(legal, key=lambda c: (c % 13, c))

    def choose_moon(self, view: SeatView) -> str:
        return "old"


@pytest.fixture
def weak_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "make_bot", lambda strength, seed: Highest())


RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def person_pass(hand: list[str]) -> list[str]:
    """The three most dangerous cards: Q♠, A♠, K♠ first, then the highest."""
    return sorted(hand, key=lambda c: (c in ("QS", "AS", "KS"), rank(c), c))[-3:]


def person_play(state: dict[str, Any]) -> str:
    """Lead the lowest card; follow with the highest card under the trick's best, else the lowest;
    void, throw Q♠, else the highest heart, else the highest card."""
    legal, trick = state["legal"], state["trick"]["cards"]
    if not trick:
        return min(legal, key=rank)
    led = trick[0][1]
    follow = [c for c in legal if c[1] == led]
    if follow:
        best = max((c for c in trick if c[1] == led), key=rank)
        under = [c for c in follow if rank(c) < rank(best)]
        return max(under, key=rank) if under else min(follow, key=rank)
    if "QS" in legal:
        return "QS"
    return max([c for c in legal if c[1] == "H"] or legal, key=rank)


def play_out(client: TestClient, game_id: str) -> dict[str, Any]:
    """Play the person's seat to the end of the game over the socket (`person_pass`,
    `person_play`). The final state."""
    state: dict[str, Any] | None = None
    sent_at: int | None = None  # the move an action was sent on, until a later state comes
    with client.websocket_connect(f"/api/hearts/games/{game_id}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        for _ in range(20_000):
            message = ws.receive_json()
            state = message.get("state", state)
            if state is None:
                continue
            if state["over"]:
                return state
            if message["type"] in ("refused", "error") or state["move"] != sent_at:
                sent_at = None
            if sent_at is not None:
                continue
            if state["phase"] == "pass" and 0 in state["waiting_to_pass"]:
                action: dict[str, Any] = {"type": "pass", "cards": person_pass(state["hand"])}
            elif state["phase"] == "play" and state["turn"] == 0:
                action = {"type": "play", "card": person_play(state)}
            else:
                continue
            ws.send_text(json.dumps(action | {"move": state["move"]}))
            sent_at = state["move"]
    raise AssertionError("the game did not end")


def win_daily(client: TestClient, date: str) -> dict[str, Any]:
    game = start_daily(client, date)
    final = play_out(client, game["id"])
    assert final["winner"] == 0, final["totals"]
    answer: dict[str, Any] = client.get(f"/api/hearts/games/{game['id']}").json()["game"]
    assert answer["status"] == "won" and answer["code"] == daily_code(dt.date.fromisoformat(date))
    return answer


def test_statistics_and_the_streak_across_days_with_a_missed_day(client, clock,
                                                                  weak_computers) -> None:
    days = [DAY + dt.timedelta(days=n) for n in range(4)]  # 4 to 7 December
    scores = {}
    for day in days[:2]:  # 4 and 5 December, each won on its date
        clock[0] = at(day, 20)
        scores[day] = win_daily(client, day.isoformat())["state"]["totals"][0]
    assert client.get("/api/hearts/daily").json()["stats"]["streak"] == 2
    # 6 December is missed: on the 7th the streak is broken
    clock[0] = at(days[3], 9)
    stats = client.get("/api/hearts/daily").json()["stats"]
    assert (stats["streak"], stats["best_streak"], stats["played"], stats["won"]) == (0, 2, 2, 2)
    won = win_daily(client, days[3].isoformat())
    scores[days[3]] = won["state"]["totals"][0]
    assert won["daily"] == {"date": "2026-12-07", "today": "2026-12-07", "on_day": True,
                            "counts": True}
    # a second game of the date, the same day, is a replay: its code was shown
    again = start_daily(client, days[3].isoformat())
    assert again["daily"]["on_day"] is True and again["daily"]["counts"] is False
    # replaying the missed day wins it, but does not mend the streak
    replay = start_daily(client, days[2].isoformat())
    assert replay["daily"]["on_day"] is False
    play_out(client, replay["id"])
    info = client.get("/api/hearts/daily", params={"date": days[2].isoformat()}).json()
    stats = info["stats"]
    assert (stats["streak"], stats["best_streak"], stats["played"], stats["won"]) == (1, 2, 3, 3)
    assert info["stats"]["result"]["won"] is False and info["stats"]["result"]["won_any"] is True
    assert [d["date"] for d in stats["days"]] == [d.isoformat() for d in reversed(days)]
    for day in (days[0], days[1], days[3]):
        entry = next(d for d in stats["days"] if d["date"] == day.isoformat())
        assert entry == {"date": day.isoformat(), "played": True, "won": True, "won_any": True,
                         "best": scores[day]}
    # the statistics page has them under a key of their own, the other keys as they were
    page = client.get("/api/stats").json()
    assert page["hearts_daily"] == {k: v for k, v in stats.items() if k != "result"}
    assert {"h2h", "hearts", "daily", "hearts_by_opponents", "hearts_levels", "hearts_recent",
            "reset"} <= set(page)
    assert page["daily"]["played"] == 0  # Heart to Heart's daily deal is apart
    assert page["hearts"]["games"] == 4 and page["hearts"]["wins"] == 4  # ordinary games too


def test_a_daily_game_left_after_acting_is_played_but_has_no_final_score(client, clock) -> None:
    game = start_daily(client, "2026-12-04")
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        ws.send_text(json.dumps({"type": "pass", "cards": game["state"]["hand"][:3],
                                 "move": 0}))
        while True:  # until the pass is made and saved
            message = ws.receive_json()
            if message.get("state", {}).get("move") == 1:
                break
    client.post("/api/hearts/games", json={"code": "HT1-AAAAAAA"})  # leaves it: lost
    result = client.get("/api/hearts/daily").json()["stats"]["result"]
    assert result == {"date": "2026-12-04", "played": True, "won": False, "won_any": False,
                      "best": None}
