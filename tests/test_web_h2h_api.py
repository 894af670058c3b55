"""The Heart to Heart API played as a page plays it: new games, taps, undo, settings, winning,
resuming after a restart, hints and solutions."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import new_game_body, undo_body

from heartsuite.h2h.deal import Deal
from heartsuite.h2h.moves import parse_move
from heartsuite.h2h.state import State, apply
from heartsuite.web.app import create_app
from heartsuite.web.site.examples import BLOCKED_CODE, BLOCKED_LINE, EXAMPLE_CODE, example_moves


def new_game(client, **body) -> dict:
    response = client.post("/api/h2h/games", json=new_game_body(client, **body))
    assert response.status_code == 201, response.text
    return response.json()["game"]


def test_the_example_line_wins_the_example_deal_in_the_engine() -> None:
    state = State.initial(Deal.from_code(EXAMPLE_CODE))
    for move in example_moves():
        state = apply(state, move)
    assert state.present == 0 and state.score == 250


def test_a_new_game_has_a_fresh_deal_and_a_cookie(client) -> None:
    response = client.post("/api/h2h/games", json={"replaces": None})
    assert response.status_code == 201
    assert "hs_person=" in response.headers["set-cookie"]
    game = response.json()["game"]
    assert game["code"].startswith("HH1-N-") and len(game["code"]) == 13
    assert game["free"] == [25] and game["stock"] == 26 and game["waste"] == 1
    assert game["score"] == 0 and game["moves"] == 0 and game["status"] == "playing"
    assert len(game["layout"]) == 25 and None not in game["layout"]


def test_a_deal_by_code_is_that_deal_whatever_the_case(client) -> None:
    game = new_game(client, code=" hh1-n-aaaaaaf ")
    deal = Deal.from_code(EXAMPLE_CODE)
    assert game["code"] == EXAMPLE_CODE
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    assert game["layout"] == [names.get(r, str(r)) for r in deal.layout]


def test_a_bad_code_gets_a_clear_message(client) -> None:
    response = client.post("/api/h2h/games",
                           json=new_game_body(client, code="HH1-X-AAAAAAA"))
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_code" and "class" in body["message"]


def test_winning_by_taps_then_statistics(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    for move in example_moves():
        for target in move.taps():
            answer = tap(client, game["id"], target, elapsed_ms=1000)
        assert answer["event"]["move"] == str(move)
    final = answer["game"]
    assert final["won"] and final["status"] == "won" and final["score"] == 250
    assert final["moves"] == len(example_moves())
    refused = client.post(f"/api/h2h/games/{game['id']}/tap",
                          json={"target": "stock", "move": 67, "selected": None})
    assert refused.status_code == 409
    stats = client.get("/api/stats").json()["h2h"]
    assert stats["all"]["played"] == 1 and stats["all"]["won"] == 1
    assert stats["all"]["fewest_moves"] == 67 and stats["all"]["best_score"] == 250
    assert stats["deals"][0]["code"] == EXAMPLE_CODE
    assert client.get("/api/h2h/current").json() == {"game": None}


def test_tapping_follows_the_spec(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    gid = game["id"]
    covered = tap(client, gid, 1)
    assert covered["event"]["kind"] == "nothing" and covered["event"]["reason"] == "card_covered"
    assert covered["event"]["error"] is None  # Move errors is off by default
    assert tap(client, gid, 25)["game"]["selected"] == 25
    assert tap(client, gid, 25)["game"]["selected"] is None
    drew = tap(client, gid, "stock")
    assert drew["event"]["kind"] == "drew" and drew["game"]["moves"] == 1
    assert drew["game"]["stock"] == 25 and drew["game"]["waste"] == 2


def test_move_errors_setting_says_why(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    prefs = client.put("/api/h2h/prefs", json={"move_errors": True}).json()
    assert prefs["move_errors"] and prefs["placement_help"]
    tap(client, game["id"], 25)  # the tip, a 9
    answer = tap(client, game["id"], "waste")  # a different rank on the waste
    assert answer["event"]["reason"] == "must_be_same_rank"
    assert answer["event"]["error"] == "Must be same rank"
    assert answer["game"]["selected"] == "waste"


def test_undo_takes_back_draws_and_pairs(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    gid = game["id"]
    for move in example_moves()[:6]:
        for target in move.taps():
            tap(client, gid, target)
    after = client.get(f"/api/h2h/games/{gid}").json()["game"]
    assert after["score"] == 10 and after["moves"] == 6
    undone = client.post(f"/api/h2h/games/{gid}/undo", json=undo_body(client, gid)).json()
    assert undone["event"]["kind"] == "undone" and undone["event"]["move"] == "W25"
    assert undone["game"]["score"] == 0 and undone["game"]["moves"] == 5
    assert undone["game"]["layout"][24] is not None


def test_undo_with_nothing_to_undo_is_refused(client) -> None:
    game = new_game(client)
    answer = client.post(f"/api/h2h/games/{game['id']}/undo",
                         json=undo_body(client, game["id"])).json()
    assert answer["event"] == answer["event"] | {"kind": "refused", "reason": "nothing_to_undo"}


def test_a_restarted_server_resumes_the_game_exactly(tmp_path, tap) -> None:
    first = TestClient(create_app(tmp_path))
    game = new_game(first, code=EXAMPLE_CODE)
    for move in example_moves()[:20]:
        for target in move.taps():
            tap(first, game["id"], target)
    before = first.get(f"/api/h2h/games/{game['id']}").json()["game"]
    cookie = first.cookies.get("hs_person")
    again = TestClient(create_app(tmp_path))
    again.cookies.set("hs_person", cookie)
    resumed = again.get("/api/h2h/current").json()["game"]
    assert resumed == before
    undone = again.post(f"/api/h2h/games/{game['id']}/undo",
                         json=undo_body(again, game["id"])).json()["game"]
    assert undone["moves"] == before["moves"] - 1


def test_a_new_game_ends_the_one_in_play_as_lost(client, tap) -> None:
    first = new_game(client, code=EXAMPLE_CODE)
    tap(client, first["id"], "stock")
    second = new_game(client)
    assert client.get("/api/h2h/current").json()["game"]["id"] == second["id"]
    stats = client.get("/api/stats").json()["h2h"]["all"]
    assert stats["played"] == 1 and stats["won"] == 0 and stats["streak"] == 0


def test_an_untouched_game_left_is_not_counted(client) -> None:
    new_game(client)
    new_game(client)
    assert client.get("/api/stats").json()["h2h"]["all"]["played"] == 0


def test_the_clock_runs_forward_only_and_not_faster_than_time(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    gid = game["id"]
    tap(client, gid, "stock", elapsed_ms=0)
    claimed = client.post(f"/api/h2h/games/{gid}/clock", json={"elapsed_ms": 10**9}).json()
    assert 2000 <= claimed["elapsed_ms"] < 10_000  # not ahead of the wall clock (plus slack)
    back = client.post(f"/api/h2h/games/{gid}/clock", json={"elapsed_ms": 10}).json()
    assert back == claimed  # never backwards


def test_preferences_are_remembered_per_person(new_person) -> None:
    alice, bob = new_person(), new_person()
    alice.put("/api/h2h/prefs", json={"placement_help": False})
    assert alice.get("/api/h2h/prefs").json()["placement_help"] is False
    assert bob.get("/api/h2h/prefs").json()["placement_help"] is True


def test_hints_follow_a_winning_line_and_are_counted(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    gid = game["id"]
    for _ in range(8):
        answer = client.post(f"/api/h2h/games/{gid}/hint", json={}).json()
        move = answer["hint"]["move"]
        for target in answer["hint"]["cards"]:
            tap(client, gid, target)
        assert client.get(f"/api/h2h/games/{gid}").json()["game"]["hints_used"] >= 1
    assert answer["game"]["hints_used"] == 8
    assert move in ("D", "R") or move[0] == "W" or "-" in move


def test_the_solution_waits_for_the_end_of_the_game(client, tap) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    early = client.post(f"/api/h2h/games/{game['id']}/solution")
    assert early.status_code == 409 and early.json()["error"] == "in_progress"
    for move in example_moves():
        for target in move.taps():
            tap(client, game["id"], target)
    solution = client.post(f"/api/h2h/games/{game['id']}/solution").json()
    frames = solution["frames"]
    assert frames[0]["move"] is None and frames[-1]["score"] == 250
    assert len(frames) - 1 <= len(example_moves())


def test_winnable_status_line_when_asked(client) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    assert game["winnable"] is None
    client.put("/api/h2h/prefs", json={"show_winnable": True})
    assert client.get(f"/api/h2h/games/{game['id']}").json()["game"]["winnable"] is True
    lost = new_game(client, code="HH1-N-AAAAAAA")
    assert lost["winnable"] is False


def test_winnable_deals_only(client) -> None:
    client.put("/api/h2h/prefs", json={"winnable_only": True})
    game = new_game(client)
    assert game["code"].startswith("HH1-W-")


def test_the_blocked_example_is_blocked_after_its_line(client, tap) -> None:
    game = new_game(client, code=BLOCKED_CODE)
    assert not game["blocked"]
    for move in BLOCKED_LINE.split():
        for target in parse_move(move).taps():
            answer = tap(client, game["id"], target)
    assert answer["game"]["blocked"] and not answer["game"]["won"]


def test_a_saved_game_that_no_longer_replays_is_set_aside(app, client) -> None:
    game = new_game(client, code=EXAMPLE_CODE)
    row = app.state.store.game(game["id"])
    row.data = row.data | {"moves": ["W1"]}  # not a legal first move of this deal
    app.state.store.save(row)
    app.state.h2h._games.clear()
    response = client.get(f"/api/h2h/games/{game['id']}")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
    assert client.get("/api/h2h/current").json() == {"game": None}


def test_a_finished_game_is_reopened_until_another_begins(app, client, tap, new_person) -> None:
    """Reloading after a win shows that game, won; a blocked game given up (solution asked for)
    shows as lost; a game begun since, even untouched, takes their place."""
    assert client.get("/api/h2h/last").json() == {"game": None}
    won = new_game(client, code=EXAMPLE_CODE)
    for move in example_moves():
        for target in move.taps():
            tap(client, won["id"], target)
    app.state.h2h._games.clear()  # as after a server restart: read back from the store
    last = client.get("/api/h2h/last").json()["game"]
    assert last["id"] == won["id"] and last["status"] == "won" and last["won"]
    assert last["score"] == 250 and last["moves"] == len(example_moves())
    assert client.get("/api/h2h/current").json() == {"game": None}
    assert new_person().get("/api/h2h/last").json() == {"game": None}  # not a stranger's

    fresh = new_game(client)
    assert client.get("/api/h2h/last").json()["game"]["id"] == fresh["id"]
    stuck = new_game(client, code=BLOCKED_CODE)
    assert client.get("/api/h2h/last").json()["game"]["id"] == stuck["id"]
    for move in BLOCKED_LINE.split():
        for target in parse_move(move).taps():
            tap(client, stuck["id"], target)
    client.post(f"/api/h2h/games/{stuck['id']}/solution")
    last = client.get("/api/h2h/last").json()["game"]
    assert last["id"] == stuck["id"] and last["status"] == "lost" and last["blocked"]


NEVER_CODE = "HH1-N-AAAAAAB"  # a deal no line of play wins
# a line that loses the (winnable) example deal
LOSING_LINE = "D D D D D W25 D D D D D D D D D D D D D W23 D W20 W16"


def test_a_deal_never_winnable_is_said_so_and_its_hints_cost_nothing(client, tap) -> None:
    """Not "no longer winnable" (nothing was lost) and not a counted hint saying to undo."""
    client.put("/api/h2h/prefs", json={"show_winnable": True})
    game = new_game(client, code=NEVER_CODE)
    assert game["winnable"] is False and game["deal_winnable"] is False
    answer = client.post(f"/api/h2h/games/{game['id']}/hint", json={}).json()
    assert answer["hint"] is None and answer["never"] is True
    assert answer["game"]["hints_used"] == 0
    tap(client, game["id"], "stock")  # and after a move: still the deal, still free
    answer = client.post(f"/api/h2h/games/{game['id']}/hint", json={}).json()
    assert answer["never"] is True and answer["game"]["hints_used"] == 0
    assert answer["game"]["deal_winnable"] is False
    # a deal that could be won and is lost: blamed on the play, the hint counted
    lost = new_game(client, code=EXAMPLE_CODE)
    for move in LOSING_LINE.split():
        for target in parse_move(move).taps():
            tap(client, lost["id"], target)
    answer = client.post(f"/api/h2h/games/{lost['id']}/hint", json={}).json()
    assert answer["hint"] is None and answer["never"] is False
    assert answer["game"]["hints_used"] == 1
    assert answer["game"]["winnable"] is False and answer["game"]["deal_winnable"] is True
