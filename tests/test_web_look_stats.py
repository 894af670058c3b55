"""The look (table colour, card back, suit colours) kept per person and drawn on every page;
the Hearts figures per variant and level read from played games (queens taken, moons suffered,
the last games' points per round); resetting one game's statistics. Bad input changes nothing."""

from __future__ import annotations

import json
import re

import pytest
from test_web_hearts_api import CODE, Seat0, hello, socket_url
from test_web_hearts_table import advance

from heartsuite.hearts.figures import queen_taker, seat_figures, trick_taker
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng
from heartsuite.web.hearts.table import HeartsTable, TableSettings
from heartsuite.web.site.stats import (
    TABLE_KIND,
    hearts_levels,
    hearts_recent,
    hearts_stats,
    reset,
)
from heartsuite.web.store import LOST, WON, Store

LOOK_ATTRS = re.compile(r'<html [^>]*data-theme="(\w+)" data-back="(\w+)" data-suits="(\w+)"')


# The look ---------------------------------------------------------------------------------------

def test_the_look_defaults_and_is_kept_per_person(new_person) -> None:
    ana, bo = new_person(), new_person()
    assert ana.get("/api/look").json() == {"theme": "felt", "back": "lattice", "suits": "two"}
    changed = ana.put("/api/look", json={"theme": "burgundy", "suits": "four"})
    assert changed.status_code == 200
    assert changed.json() == {"theme": "burgundy", "back": "lattice", "suits": "four"}
    assert ana.put("/api/look", json={"back": "stripes"}).json()["theme"] == "burgundy"
    for path in ("/", "/h2h", "/hearts", "/stats", "/settings", "/rules/hearts"):
        assert LOOK_ATTRS.search(ana.get(path).text).groups() == ("burgundy", "stripes", "four")
    assert LOOK_ATTRS.search(bo.get("/").text).groups() == ("felt", "lattice", "two")
    # the browser's bar takes the theme's colour
    assert '<meta name="theme-color" content="#3d0f1c">' in ana.get("/").text


@pytest.mark.parametrize("body", [{"theme": "pink"}, {"back": ""}, {"suits": 4},
                                  {"colour": "blue"}, {"theme": None, "sound": True}, []])
def test_a_bad_look_is_refused_and_changes_nothing(client, body) -> None:
    client.put("/api/look", json={"theme": "blue"})
    response = client.put("/api/look", json=body)
    assert response.status_code == 422, response.text
    assert client.get("/api/look").json() == {"theme": "blue", "back": "lattice", "suits": "two"}


def test_a_stored_look_no_longer_offered_falls_back_to_the_default(client, app) -> None:
    client.put("/api/look", json={"back": "stripes"})
    person = client.cookies.get("hs_person")
    app.state.store.update_prefs(person, {"look": {"theme": "neon", "back": "stripes",
                                                   "suits": ["x"]}})
    assert client.get("/api/look").json() == {"theme": "felt", "back": "stripes", "suits": "two"}
    app.state.store.update_prefs(person, {"look": "blue"})
    assert client.get("/api/look").json()["theme"] == "felt"


def test_the_settings_page_is_reachable_from_home_both_games_and_a_table(client) -> None:
    assert 'href="/settings"' in client.get("/").text
    assert 'href="/settings?from=h2h"' in client.get("/h2h").text
    assert 'href="/settings?from=hearts"' in client.get("/hearts").text
    page = client.get("/settings?from=hearts").text
    assert 'id="look-done" ' not in page and 'href="/hearts" id="look-done"' in page
    assert 'href="/" id="look-done"' in client.get("/settings?from=//evil.example").text
    # the table with people: its menu leads to the settings, whose back link returns to it
    code = client.post("/api/tables", json={"name": "Ana"}).json()["code"]
    assert f'href="/settings?from=table&amp;table={code}"' in client.get(f"/t/{code}").text
    back = client.get("/settings", params={"from": "table", "table": code}).text
    assert f'href="/t/{code}" id="look-done"' in back
    for forged in ("//evil.example", "a/../b", "x y", "", "A" * 41):
        back = client.get("/settings", params={"from": "table", "table": forged}).text
        assert 'href="/" id="look-done"' in back, forged
    for name in ("felt", "blue", "burgundy", "contrast", "lattice", "stripes", "two", "four"):
        assert f'value="{name}"' in page
    assert re.search(r'name="theme" value="felt" checked', page)


# Figures of a seat ------------------------------------------------------------------------------

def test_the_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    assert trick_taker(1, ["5H", "KH", "AS", "2H"], 4) == 2
    assert trick_taker(3, ["TD", "QC", "JD", "AD"], 4) == 2
    assert trick_taker(2, ["3S", "QS", "KS"], 3) == 1
    assert queen_taker({"tricks": [{"leader": 0, "cards": ["2C", "3C", "4C", "5C"]},
                                   {"leader": 3, "cards": ["KS", "QS", "2D", "AS"]}]}, 4) == 2
    # a trick not yet complete takes nothing
    assert queen_taker({"tricks": [{"leader": 0, "cards": ["QS", "KS"]}]}, 4) is None


@pytest.mark.parametrize("variant,seed", [("black-lady", 1), ("partnership", 2),
                                          ("black-maria", 3), ("spot", 4)])
def test_a_played_games_figures_match_its_trick_events(variant, seed) -> None:
    rules = Rules.variant_named(variant)
    table = HeartsTable.new(rules, "HT1-HEARTSS", TableSettings("easy", "instant"))
    advance(table, Rng(seed), 20_000)
    game = table.game
    assert game.is_over
    tricks = [e for e in table.events if e["kind"] == "trick"]
    queens = sum(1 for e in tricks if "QS" in e["cards"] and e["winner"] == 0)
    n = rules.players
    for seat in range(n):
        figures = seat_figures(game.rounds, seat, n, rules.partnership)
        assert figures["rounds"] == len(game.rounds)
        assert figures["round_points"] == [r["points"][seat] for r in game.rounds]
        assert figures["points"] == sum(figures["round_points"])
        side = {seat, (seat + 2) % n} if rules.partnership else {seat}
        assert figures["moons_suffered"] == sum(
            r["moon"] is not None and r["moon"] not in side for r in game.rounds)
    result = table.result()
    assert result["queens"] == queens
    assert result["variant"] == variant and result["level"] == "easy"
    # every round the queen went to someone
    assert sum(seat_figures(game.rounds, s, n, rules.partnership)["queens"]
               for s in range(n)) == len(game.rounds)


# Per variant and level --------------------------------------------------------------------------

def _finished(store: Store, person: str, kind: str, status: str, result: dict,
              settings: dict | None = None, rules: dict | None = None) -> None:
    game = store.create_game(person, kind, "HT1-AAAAAAA", {"rules": rules or {}}, settings)
    game.status, game.result = status, result
    store.save(game)


def test_hearts_figures_per_variant_and_level(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    _finished(store, "me", "hearts", WON, {"rounds": 4, "points": 20, "moons": 1,
                                           "moons_suffered": 0, "queens": 1,
                                           "variant": "black-lady", "level": "hard"})
    _finished(store, "me", "hearts", LOST, {"rounds": 6, "points": 60, "moons": 0,
                                            "moons_suffered": 2, "queens": 3,
                                            "variant": "black-lady", "level": "hard"})
    _finished(store, "me", "hearts", LOST, {"rounds": 5, "points": 50, "moons": 0,
                                            "variant": "spot", "level": "easy"})
    # an older result: no level recorded, the game's settings say it; variant from its rules
    _finished(store, "me", "hearts", WON, {"rounds": 2, "points": 4, "moons": 0},
              settings={"strength": "expert"}, rules={"variant": "reverse"})
    # a table where the person was alone with computers of two levels, and one with people
    _finished(store, "me", TABLE_KIND, WON, {"rounds": 3, "points": 9, "moons": 0,
                                             "queens": 1, "people": 1, "level": "mixed",
                                             "variant": "black-lady"})
    _finished(store, "me", TABLE_KIND, LOST, {"rounds": 3, "points": 30, "people": 2,
                                              "level": None, "variant": "black-lady"})
    _finished(store, "someone", "hearts", WON, {"rounds": 1, "points": 0, "level": "hard",
                                                "variant": "black-lady"})
    rows = hearts_levels(store, "me")
    assert [(r["variant"], r["level"]) for r in rows] == [
        ("black-lady", "hard"), ("black-lady", "mixed"), ("spot", "easy"),
        ("reverse", "expert")]
    hard = rows[0]
    assert hard == {"variant": "black-lady", "level": "hard", "games": 2, "wins": 1,
                    "avg_points": 8.0, "moons": 1, "moons_suffered": 2, "queens": 4, "undone": 0}
    assert rows[3]["avg_points"] == 2.0 and rows[3]["wins"] == 1
    recent = hearts_recent(store, "me")
    assert [g["points"] for g in recent] == [20, 60, 50, 4, 9, 30]
    assert recent[-1]["people"] and recent[-1]["level"] is None
    assert [g["avg_points"] for g in recent][:2] == [5.0, 10.0]
    assert len(hearts_recent(store, "me", limit=2)) == 2
    assert hearts_recent(store, "me", limit=2)[-1]["points"] == 30


def test_a_played_game_shows_in_its_variant_and_levels_row(client) -> None:
    client.put("/api/hearts/prefs", json={"speed": "instant", "strength": "hard",
                                          "rules": {"target": 50}})
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    with client.websocket_connect(socket_url(game["id"])) as ws:
        hello(ws)
        person = Seat0(ws)
        person.play_until(lambda p: p.state is not None and p.state["over"])
    final = person.state
    data = client.get("/api/stats").json()
    [row] = data["hearts_levels"]
    assert (row["variant"], row["level"], row["games"]) == ("black-lady", "hard", 1)
    assert row["wins"] == (final["winner"] == 0)
    mine = [points[0] for points in final["history"]]
    assert row["avg_points"] == pytest.approx(sum(mine) / len(mine))
    assert row["moons_suffered"] == sum(m is not None and m != 0 for m in final["moons"])
    [last] = data["hearts_recent"]
    assert last["rounds"] == len(mine) and last["points"] == sum(mine)
    assert data["hearts"]["queens"] == row["queens"] <= len(mine)


# Reset ------------------------------------------------------------------------------------------

def test_reset_starts_one_games_figures_again_and_keeps_a_game_in_play(client) -> None:
    h2h = client.post("/api/h2h/games", json={"replaces": None}).json()["game"]
    client.put("/api/hearts/prefs", json={"speed": "instant", "rules": {"target": 50}})
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    with client.websocket_connect(socket_url(game["id"])) as ws:
        hello(ws)
        Seat0(ws).play_until(lambda p: p.state is not None and p.state["over"])
    before = client.get("/api/stats").json()
    assert before["hearts"]["games"] == 1 and before["reset"] == {"h2h": None, "hearts": None}
    # a Hearts game in play at the reset
    playing = client.post("/api/hearts/games", json={"code": "HT1-BCDEFGH"}).json()["game"]
    answer = client.post("/api/stats/reset", json={"game": "hearts"})
    assert answer.status_code == 200
    after = answer.json()
    assert after["hearts"]["games"] == 0 and after["hearts_levels"] == []
    assert after["hearts_recent"] == [] and after["hearts_by_opponents"]["computer"]["all"][
        "games"] == 0
    assert after["reset"]["hearts"] is not None and after["reset"]["h2h"] is None
    assert after["h2h"] == before["h2h"]
    assert client.get("/api/stats").json()["hearts"]["games"] == 0
    # nothing of the games themselves is lost: the one in play resumes and counts once over
    assert client.get("/api/hearts/current").json()["game"]["id"] == playing["id"]
    assert client.get("/api/h2h/current").json()["game"]["id"] == h2h["id"]
    with client.websocket_connect(socket_url(playing["id"])) as ws:
        hello(ws)
        Seat0(ws).play_until(lambda p: p.state is not None and p.state["over"])
    assert client.get("/api/stats").json()["hearts"]["games"] == 1


@pytest.mark.parametrize("body,status", [({"game": "poker"}, 400), ({"game": ""}, 400),
                                         ({"game": 3}, 422), ({}, 422),
                                         ({"game": "h2h", "all": True}, 422)])
def test_a_bad_reset_is_refused_and_changes_nothing(client, body, status) -> None:
    response = client.post("/api/stats/reset", json=body)
    assert response.status_code == status, response.text
    assert client.get("/api/stats").json()["reset"] == {"h2h": None, "hearts": None}
    assert client.get("/api/look").status_code == 200


def test_reset_in_the_store_counts_only_games_finished_after_it(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    _finished(store, "me", "hearts", WON, {"rounds": 1, "points": 0})
    reset(store, "me", "hearts")
    assert hearts_stats(store, "me")["games"] == 0
    _finished(store, "me", "hearts", LOST, {"rounds": 2, "points": 8})
    assert hearts_stats(store, "me")["games"] == 1 and hearts_stats(store, "me")["avg_points"] == 4
    with pytest.raises(ValueError):
        reset(store, "me", "poker")


def test_the_stats_api_answers_json_with_every_part(client) -> None:
    data = json.loads(client.get("/api/stats").text)
    assert set(data) == {"h2h", "hearts", "daily", "hearts_by_opponents", "hearts_levels",
                         "hearts_recent", "hearts_daily", "reset"}
