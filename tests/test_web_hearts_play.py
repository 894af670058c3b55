"""The Hearts page's play features over the API and the socket: the preferences for playing an
only card by itself and for undo, claiming the rest of a round (proven on the server, refused
with a reason and nothing changed), and taking back a card (the log cut and replayed, the
takeback stored, the game counted apart in the statistics)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from web_helpers import UNLIMITED

from heartsuite.hearts.claim import claim_kind, claim_plays
from heartsuite.web.app import create_app
from heartsuite.web.hearts.table import CLAIM, PERSON, HeartsTable

CODE = "HT1-ABCDEFG"


def start(client: TestClient, **prefs: object) -> dict:
    assert client.put("/api/hearts/prefs", json={"speed": "instant", **prefs}).status_code == 200
    response = client.post("/api/hearts/games", json={"code": CODE})
    assert response.status_code == 201, response.text
    return response.json()["game"]


class Person:
    """Seat 0 on the socket: passes its three lowest cards, plays its highest legal card,
    takes New Moon; remembers the newest state and every message."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.state: dict | None = None
        self.messages: list[dict] = []
        self.acted_on: int | None = None  # the move number of the last action sent
        ws.send_text(json.dumps({"type": "hello", "after": 0}))

    def receive(self) -> dict:
        message = self.ws.receive_json()
        self.messages.append(message)
        if "state" in message:
            self.state = message["state"]
        return message

    def send(self, message: dict) -> None:
        self.ws.send_text(json.dumps(message))

    def my_turn(self) -> bool:
        s = self.state
        if s is None or s["over"] or self.acted_on == s["move"]:
            return False
        return (s["phase"] == "pass" and 0 in s["waiting_to_pass"]) or (
            s["phase"] == "play" and s["turn"] == 0) or (
            s["phase"] == "moon_choice" and bool(s["moon_options"]))

    def act(self) -> None:
        s = self.state
        assert s is not None
        self.acted_on = s["move"]
        if s["phase"] == "pass":
            self.send({"type": "pass", "cards": s["hand"][:3], "move": s["move"]})
        elif s["phase"] == "play":
            self.send({"type": "play", "card": s["legal"][-1], "move": s["move"]})
        else:
            self.send({"type": "moon", "choice": "new", "move": s["move"]})

    def until(self, done, limit: int = 20_000) -> None:
        """Play and receive until `done(state)` holds, failing if the game ends first."""
        for _ in range(limit):
            if self.state is not None:
                if done(self.state):
                    return
                assert not self.state["over"], "the game ended first"
                if self.my_turn():
                    self.act()
            self.receive()
        raise AssertionError("never reached")

    def answer(self, kind: str) -> dict:
        for _ in range(5_000):
            message = self.receive()
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind}")


def test_preferences_for_the_only_card_and_undo(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, limits=UNLIMITED))
    prefs = client.get("/api/hearts/prefs").json()
    assert (prefs["autoplay"], prefs["undo"]) == ("last", False)
    changed = client.put("/api/hearts/prefs", json={"autoplay": "always", "undo": True}).json()
    assert (changed["autoplay"], changed["undo"]) == ("always", True)
    for bad in ({"autoplay": "sometimes"}, {"autoplay": 1}, {"undo": "yes"}):
        assert client.put("/api/hearts/prefs", json=bad).status_code == 422
    assert client.get("/api/hearts/prefs").json()["autoplay"] == "always"
    # the settings dialog offers the three choices
    page = client.get("/hearts").text
    for value in ("off", "last", "always"):
        assert f'<option value="{value}">' in page
    assert 'name="undo"' in page and 'id="hx-claim-btn"' in page


def test_a_refused_claim_says_why_and_changes_nothing(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, limits=UNLIMITED))
    game = start(client)
    assert game["state"]["claimable"] is False
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        person = Person(ws)
        person.answer("state")
        person.send({"type": "claim"})
        refused = person.answer("refused")
        assert (refused["action"], refused["reason"]) == ("claim", "claim_not_now")
        # in play, at the first trick, nothing is proven
        person.until(lambda s: s["phase"] == "play" and s["turn"] == 0
                     and not s["claimable"])
        before = person.state
        person.send({"type": "claim", "move": before["move"]})
        refused = person.answer("refused")
        assert refused["reason"] == "claim_unproven" and refused["message"]
    after = client.get(f"/api/hearts/games/{game['id']}").json()["game"]["state"]
    assert (after["hand"], after["trick"], after["move"]) == (
        before["hand"], before["trick"], before["move"])


def test_an_accepted_claim_plays_out_the_round_as_proven(tmp_path) -> None:
    app = create_app(tmp_path, limits=UNLIMITED)
    client = TestClient(app)
    game = start(client)
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        person = Person(ws)
        person.until(lambda s: s["phase"] == "play" and s["turn"] == 0 and s["claimable"])
        claimed_round = person.state["round"]
        live = app.state.hearts._live[game["id"]]
        table: HeartsTable = live.table
        # the server's flag is the engine's proof on the real deal
        assert claim_kind(table.game.round, PERSON) is not None
        before = HeartsTable.replay(table.game.rules, table.code, list(table.actions),
                                    table.settings)
        person.send({"type": "claim", "move": person.state["move"]})
        claim = None
        for _ in range(2_000):
            message = person.receive()
            if message["type"] == "event" and message["event"]["kind"] == "claim":
                claim = message["event"]
            if message["type"] == "event" and message["event"]["kind"] == "scored":
                break
        assert claim is not None and claim["claim"] in ("all_tricks", "no_points")
        scored = message["event"]
        assert scored["round"] == claimed_round
    table = app.state.hearts._live[game["id"]].table
    assert [PERSON, CLAIM] in table.actions  # the claim is what is stored
    # the round's points are what playing the proven way gives, seat by seat
    expected = before.game.round.copy()
    for c in claim_plays(before.game.round, PERSON):
        expected.play(c)
    assert table.game.rounds[claimed_round]["points"] == list(scored["points"])
    if scored["moon"] is None:
        assert list(scored["points"]) == expected.points
    # the stored log replays to the same game (the claim is made again)
    again = HeartsTable.replay(table.game.rules, table.code, table.actions, table.settings)
    assert again.game.record() == table.game.record()


def test_undo_is_refused_while_off(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, limits=UNLIMITED))
    game = start(client)
    assert game["state"]["undoable"] is False
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        person = Person(ws)
        person.until(lambda s: s["phase"] == "play" and len(s["tricks"]) >= 1
                     and s["turn"] == 0)
        person.send({"type": "undo"})
        assert person.answer("refused")["reason"] == "undo_off"


def test_undo_takes_back_the_last_card_and_is_counted_apart(tmp_path) -> None:
    app = create_app(tmp_path, limits=UNLIMITED)
    client = TestClient(app)
    game = start(client, undo=True)
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        person = Person(ws)
        person.answer("state")
        person.send({"type": "undo"})  # nothing played yet
        assert person.answer("refused")["reason"] == "nothing_to_undo"
        person.until(lambda s: s["phase"] == "play" and len(s["tricks"]) >= 2
                     and s["turn"] == 0)
        before = person.state
        assert before["undoable"] is True  # the card of the last trick
        card = before["legal"][0]
        person.acted_on = before["move"]
        person.send({"type": "play", "card": card, "move": before["move"]})
        # the computers answer; then it is the person's turn again
        person.until(lambda s: s["move"] == before["move"] + 1 and s["turn"] == 0)
        assert person.state["undoable"] is True and card not in person.state["hand"]
        person.send({"type": "undo", "move": person.state["move"]})
        undone = person.answer("undone")
    state = undone["state"]
    assert state["hand"] == before["hand"] and state["trick"] == before["trick"]
    assert state["tricks"] == before["tricks"] and state["turn"] == 0
    assert state["move"] == before["move"] and state["undone"] == 1
    assert undone["seq"] == before["seq"]  # the events numbered again from the cut log
    row = app.state.store.game(game["id"])
    assert len(row.data["takebacks"]) == 1
    cut, taken = row.data["takebacks"][0]
    assert taken[0] == [PERSON, card] and cut == len(row.data["actions"])
    # a restarted server replays the cut log and keeps the takeback
    second = TestClient(create_app(tmp_path, limits=UNLIMITED))
    second.cookies.update(client.cookies)
    current = second.get("/api/hearts/current").json()["game"]
    assert current["state"]["hand"] == before["hand"] and current["state"]["undone"] == 1
    # left for a new game, it is lost, and counted apart in the statistics
    second.post("/api/hearts/games", json={})
    hearts = second.get("/api/stats").json()["hearts"]
    assert hearts["games"] == 0 and hearts["undone"] == 1  # not in the figures
    assert app.state.store.game(game["id"]).result["undone"] == 1


@pytest.mark.parametrize("bad", ['{"type": "claim", "move": "x"}', '{"type": "undo", "seat": 2}'])
def test_malformed_claims_and_undos_are_errors(tmp_path, bad) -> None:
    client = TestClient(create_app(tmp_path, limits=UNLIMITED))
    game = start(client)
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        ws.send_text(bad)
        for _ in range(100):
            message = ws.receive_json()
            if message["type"] == "error":
                assert message["error"] in ("invalid", "not_your_seat")
                return
    raise AssertionError("no error")
