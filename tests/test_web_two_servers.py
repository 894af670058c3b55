"""Two server processes on one PostgreSQL (two apps, each its own store and its own games held in
memory): a person's taps and actions alternate between them through a game, a retried one is
refused and not played twice, and the stored record replays to the same game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import UNLIMITED, new_game_body, run_async

from heartsuite.h2h.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.solver import deal_from_code
from heartsuite.web.app import create_app
from heartsuite.web.hearts.table import HeartsTable, IllegalMove, TableSettings
from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves
from heartsuite.web.store import Store


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[list[TestClient]]:
    """Two apps sharing one database, and one person (one cookie) on both."""
    apps = [create_app(tmp_path / name, limits=UNLIMITED, database=postgres_url)
            for name in ("a", "b")]
    clients = [TestClient(app) for app in apps]
    clients[0].get("/api/h2h/current")
    clients[1].cookies.update(clients[0].cookies)
    yield clients
    for app in apps:
        app.state.store.close()


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def test_heart_to_heart_taps_alternate_between_two_servers(servers: list[TestClient]) -> None:
    a, b = servers
    game = a.post("/api/h2h/games", json=new_game_body(a, code=EXAMPLE_CODE)).json()["game"]
    gid = game["id"]
    assert b.get(f"/api/h2h/games/{gid}").json()["game"]["moves"] == 0  # B holds a copy too
    taps = [target for move in example_moves() for target in move.taps()]
    last: dict[str, Any] = {}
    for n, target in enumerate(taps):
        body = {"target": target, "move": game["moves"], "selected": game["selected"],
                "elapsed_ms": 1000}
        answer = servers[n % 2].post(f"/api/h2h/games/{gid}/tap", json=body)
        assert answer.status_code == 200, (n, answer.text)
        if n == 40:  # the page did not get the answer and sends the tap again, to the other
            again = servers[(n + 1) % 2].post(f"/api/h2h/games/{gid}/tap", json=body)
            assert again.status_code == 409 and again.json()["error"] == "stale"
            assert again.json()["game"] == answer.json()["game"]  # nothing played twice
        game, last = answer.json()["game"], body
    assert game["won"] and game["status"] == "won" and game["moves"] == len(example_moves())
    again = a.post(f"/api/h2h/games/{gid}/tap", json=last)
    assert again.status_code == 409  # the winning tap again: the game is over
    row = store_of(b).game(gid)
    assert row is not None and row.moves == len(example_moves()) and row.status == "won"
    replayed = Game.from_dict(row.data, dealer=deal_from_code)
    assert [str(m) for m in replayed.line] == [str(m) for m in example_moves()]
    assert replayed.won and replayed.state.score == game["score"] == 250


def test_a_tap_that_loses_a_race_with_the_other_server_is_409(
        servers: list[TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """The check before a tap sees nothing (the other server wrote between it and the save): the
    save is refused by the store, the answer is 409 `stale` with the game as stored."""
    a, b = servers
    game = a.post("/api/h2h/games", json=new_game_body(a, code=EXAMPLE_CODE)).json()["game"]
    gid = game["id"]
    b.get(f"/api/h2h/games/{gid}")
    assert a.post(f"/api/h2h/games/{gid}/tap",
                  json={"target": "stock", "move": 0, "selected": None}).status_code == 200
    held_rev = b.app.state.h2h._games[gid][0].rev  # type: ignore[attr-defined]
    monkeypatch.setattr(store_of(b), "game_rev", lambda _id: held_rev)  # B's check misses it
    late = b.post(f"/api/h2h/games/{gid}/tap", json={"target": "stock", "move": 0,
                                                     "selected": None})
    assert late.status_code == 409 and late.json()["error"] == "stale"
    assert late.json()["game"]["moves"] == 1  # A's draw, read again; B's is not played
    row = store_of(a).game(gid)
    assert row is not None and row.moves == 1 and row.data["moves"] == ["D"]


def _until_my_turn(ws: Any) -> dict[str, Any]:
    """Read messages until the state asks the person for something (or the game is over)."""
    while True:
        message = ws.receive_json()
        state = message.get("state")
        if state is None:
            continue
        if state["over"] or (state["phase"] == "play" and state["turn"] == 0) or (
                state["phase"] == "pass" and state["waiting_to_pass"] == [0]) or (
                state["phase"] == "moon_choice" and state["moon_options"]):
            return state  # type: ignore[no-any-return]


def _action(state: dict[str, Any]) -> dict[str, Any]:
    if state["phase"] == "pass":
        return {"type": "pass", "cards": state["hand"][:3], "move": state["move"]}
    if state["phase"] == "moon_choice":
        return {"type": "moon", "choice": "new", "move": state["move"]}
    return {"type": "play", "card": state["legal"][-1], "move": state["move"]}


def test_hearts_actions_alternate_between_two_servers(servers: list[TestClient]) -> None:
    """A whole game: each of the person's actions on the other server than the one before (a page
    reconnecting to whichever the load balancer picks); a retried action is refused `stale`."""
    for client in servers:
        client.put("/api/hearts/prefs", json={"speed": "instant", "strength": "easy"})
    game = servers[0].post("/api/hearts/games", json={"code": "HT1-ABCDEFG"}).json()["game"]
    url = f"/api/hearts/games/{game['id']}/ws"
    seen = 0
    n = 0
    while True:
        with servers[n % 2].websocket_connect(url) as ws:
            ws.send_text(json.dumps({"type": "hello", "after": seen}))
            state = _until_my_turn(ws)
            assert state["move"] == n
            if state["over"]:
                break
            action = _action(state)
            ws.send_text(json.dumps(action))
            state = _until_my_turn(ws)
            seen = state["seq"]
        if n == 5:  # sent again (no answer came), to the other server: refused, nothing played
            with servers[(n + 1) % 2].websocket_connect(url) as ws:
                ws.send_text(json.dumps({"type": "hello", "after": seen}))
                _until_my_turn(ws)
                ws.send_text(json.dumps(action))
                refused = ws.receive_json()
                assert refused["type"] == "refused" and refused["reason"] == "stale"
                after = ws.receive_json()
                assert after["type"] == "state" and after["state"]["move"] == n + 1
                assert after["seq"] == seen
        n += 1
    row = store_of(servers[0]).game(game["id"])
    assert row is not None and row.status in ("won", "lost") and len(state["history"]) > 1
    replayed = HeartsTable.replay(Rules.from_json(row.data["rules"]), row.code,
                                  row.data["actions"], TableSettings.from_json(row.settings))
    assert replayed.person_moves == n and replayed.state() == state


def test_a_hearts_action_that_loses_a_race_with_the_other_server_is_refused(
        servers: list[TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """The check before the person's action sees nothing (the other server wrote between it and
    the save): the store refuses the save, the action is refused `stale`, the table read again."""
    a, b = (client.app.state.hearts for client in servers)  # type: ignore[attr-defined]
    mine = a.start("ana", Rules(), "HT1-ABCDEFG")
    theirs = b.get(mine.row.id, "ana")
    cards = mine.table.state()["hand"][:3]
    run_async(lambda: a.person_acts(mine, "pass", cards, 0))
    held_rev = theirs.row.rev
    monkeypatch.setattr(b.store, "game_rev", lambda _id: held_rev)  # B's check misses it
    with pytest.raises(IllegalMove) as refused:
        run_async(lambda: b.person_acts(theirs, "pass", cards, 0))
    assert refused.value.reason == "stale"
    assert theirs.table.person_moves == 1 and theirs.table.actions == mine.table.actions
    row = store_of(servers[0]).game(mine.row.id)
    assert row is not None and row.data["actions"] == mine.table.actions
