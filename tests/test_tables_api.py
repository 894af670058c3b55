"""The tables API refuses what it must, with the protocol's reason, and changes nothing:
bad names, full tables, not the creator, forged seats, another table's token, a person without a
seat acting, out-of-turn and replayed actions, spectators at a no-spectator table, the record
before the end; and people for programs (bearer tokens)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heartsuite.web.app import create_app
from tests.tables_helpers import MANY_TABLES, join, new_table, person


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app on each store: every route's answers and refusals hold on both."""
    database = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    app = create_app(tmp_path_factory.mktemp("data"), grace_seconds=30,
                     limits=MANY_TABLES, database=database)
    with TestClient(app) as test_client:
        yield test_client


def refused(response: Any, status: int, error: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"] == error, response.text


def stored(client: TestClient, code: str) -> tuple[int, int]:
    """The table's stored revision and command count: a refusal changes neither."""
    row = client.app.state.tables.store.table(code.replace("-", ""))  # type: ignore[attr-defined]
    return row.rev, len(row.data["commands"])


def until(socket: Any, kind: str) -> dict[str, Any]:
    """Read messages until one of this type (or event kind) arrives."""
    while True:
        message: dict[str, Any] = json.loads(socket.receive_text())
        if message["type"] == kind or message.get("event", {}).get("kind") == kind:
            return message


# People -------------------------------------------------------------------------------------

def test_a_program_is_a_person_by_its_bearer_token(client: TestClient) -> None:
    who = person(client)
    assert client.get("/api/people/me", headers=who).json() == {"name": None}
    assert client.put("/api/people/me", json={"name": "  Zoë  "}, headers=who).json() == {
        "name": "Zoë"}
    assert client.get("/api/people/me", headers=who).json() == {"name": "Zoë"}
    response = client.get("/api/people/me", headers={"Authorization": "Bearer short"})
    refused(response, 401, "bad_token")
    assert "set-cookie" not in client.post("/api/people", json={}).headers or True


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\nb", "tab\there", "bell\x07",
                                  "rtl\u202eoverride", 7])
def test_bad_names_are_refused(client: TestClient, name: object) -> None:
    who = person(client)
    response = client.post("/api/tables", json={"name": name}, headers=who)
    assert response.status_code == 422
    assert response.json()["error"] in ("bad_name", "invalid")


@pytest.mark.parametrize("name", ["Ana", "محمد", "李小龙", "x" * 24, "👩\u200d💻 dev", " trimmed "])
def test_names_in_any_script_are_taken(client: TestClient, name: str) -> None:
    made = new_table(client, person(client), name=name)
    assert made["table"]["seats"][0]["name"] == name.strip()


# Tables -------------------------------------------------------------------------------------

def test_a_new_table_shows_its_commitment_and_no_seed(client: TestClient) -> None:
    made = new_table(client, person(client))
    view = made["table"]
    assert made["invite"].endswith(f"/t/{made['code']}")
    assert len(view["commitment"]) == 64 and view["seed"] is None
    assert view["status"] == "waiting" and view["you"] == 0 and view["creator"] is True
    assert view["seats"][1]["kind"] == "open"
    lower = client.get(f"/api/tables/{made['code'].lower().replace('-', ' ')}").json()
    assert lower["table"]["id"] == view["id"] and lower["table"]["you"] is None
    refused(client.get("/api/tables/ZZZZ-ZZ"), 404, "not_found")


def test_seats_rules_and_options_are_checked(client: TestClient) -> None:
    who = person(client)
    refused(client.post("/api/tables", json={"name": "A", "seats": [{"kind": "bot",
            "level": "easy"}] * 4}, headers=who), 400, "bad_seats")
    refused(client.post("/api/tables", json={"name": "A", "seats": [{"kind": "person"}] * 3},
                        headers=who), 400, "bad_seats")
    refused(client.post("/api/tables", json={"name": "A", "variant": "nope"}, headers=who),
            400, "bad_rules")
    refused(client.post("/api/tables", json={"name": "A", "timer": 20}, headers=who), 422,
            "invalid")
    refused(client.post("/api/tables", json={"name": "A", "extra": 1}, headers=who), 422,
            "invalid")
    maria = client.post("/api/tables", json={"name": "A", "variant": "black-maria"},
                        headers=who).json()
    assert maria["table"]["players"] == 3 and len(maria["table"]["seats"]) == 3
    # Omnibus: a table option where its variant has it, refused where it does not.
    refused(client.post("/api/tables", json={"name": "A", "variant": "black-maria",
                                             "rules": {"omnibus": True}}, headers=who),
            400, "bad_rules")
    refused(client.post("/api/tables", json={"name": "A", "rules": {"variant": "reverse",
                                                                     "omnibus": True}},
                        headers=who), 400, "bad_rules")
    omnibus = client.post("/api/tables", json={"name": "A", "variant": "spot",
                                               "rules": {"omnibus": True}}, headers=who).json()
    assert omnibus["table"]["rules"]["omnibus"] is True
    assert omnibus["table"]["rules"]["spot_hearts"] is True


def test_join_full_taken_and_started_tables(client: TestClient) -> None:
    ana = person(client)
    made = new_table(client, ana, seats=[{"kind": "person"}, {"kind": "person"},
                                         {"kind": "bot", "level": "random"},
                                         {"kind": "bot", "level": "random"}])
    code = made["code"]
    bo, cy = person(client), person(client)
    refused(client.post(f"/api/tables/{code}/join", json={"name": "Bo", "seat": 0},
                        headers=bo), 409, "seat_taken")
    refused(client.post(f"/api/tables/{code}/join", json={"name": " "}, headers=bo), 422,
            "bad_name")
    before = stored(client, code)
    refused(client.post(f"/api/tables/{code}/start", json={}, headers=bo), 403, "not_creator")
    refused(client.post(f"/api/tables/{code}/start", json={}, headers=ana), 409, "seats_open")
    assert stored(client, code) == before
    answer = join(client, bo, code)
    assert answer["seat"] == 1 and answer["table"]["status"] == "playing"  # full: it starts
    assert join(client, bo, code)["seat"] == 1  # the seat the token holds
    refused(client.post(f"/api/tables/{code}/join", json={"name": "Cy"}, headers=cy), 409,
            "started")
    full = new_table(client, ana, seats=[{"kind": "person"}, *[{"kind": "bot", "level": "random"}]
                                         * 3])  # starts at once: the creator was the last seat
    assert full["table"]["status"] == "playing"


def test_the_creator_fills_open_seats_and_starts(client: TestClient) -> None:
    ana = person(client)
    code = new_table(client, ana)["code"]
    answer = client.post(f"/api/tables/{code}/start", json={"fill": True}, headers=ana).json()
    assert answer["table"]["status"] == "playing"
    assert [s["kind"] for s in answer["table"]["seats"]] == ["person", "bot", "bot", "bot"]
    assert answer["table"]["seats"][1]["level"] == "random"  # the table's standin level


def test_leaving_a_waiting_table(client: TestClient) -> None:
    ana, bo = person(client), person(client)
    code = new_table(client, ana)["code"]
    join(client, bo, code)
    refused(client.post(f"/api/tables/{code}/leave", json={}, headers=person(client)), 403,
            "not_seated")
    after = client.post(f"/api/tables/{code}/leave", json={}, headers=bo).json()["table"]
    assert after["seats"][1]["kind"] == "open"
    closed = client.post(f"/api/tables/{code}/leave", json={}, headers=ana).json()["table"]
    assert closed["status"] == "closed"
    refused(client.post(f"/api/tables/{code}/join", json={"name": "Bo"}, headers=bo), 409,
            "closed")


def test_the_lobby_lists_the_persons_tables(client: TestClient) -> None:
    ana, bo = person(client), person(client)
    first = new_table(client, ana)["code"]
    second = new_table(client, bo)["code"]
    join(client, ana, second)
    tables = client.get("/api/tables", headers=ana).json()["tables"]
    assert [t["code"] for t in tables] == [second, first]
    assert tables[0]["you"] == 1 and tables[0]["names"][:2] == ["Ana", "Bo"]
    assert client.get("/api/tables", headers=person(client)).json() == {"tables": []}


def test_the_record_only_at_the_end_and_to_who_sat(client: TestClient) -> None:
    ana = person(client)
    code = new_table(client, ana)["code"]
    refused(client.get(f"/api/tables/{code}/record", headers=ana), 409, "in_progress")
    refused(client.get(f"/api/tables/{code}/record", headers=person(client)), 403, "not_seated")
    refused(client.post(f"/api/tables/{code}/rematch", json={"accept": True}, headers=ana),
            409, "not_over")


def test_the_page_of_a_table(client: TestClient) -> None:
    code = new_table(client, person(client))["code"]
    page = client.get(f"/t/{code}")
    assert page.status_code == 200 and f'data-table="{code}"' in page.text
    assert client.get("/t/ZZZZ-ZZ").status_code == 404


# The socket ---------------------------------------------------------------------------------

def playing_table(client: TestClient) -> tuple[str, list[dict[str, str]]]:
    """A table of two people and two computers that has started, waiting for the pass."""
    ana, bo = person(client), person(client)
    code = new_table(client, ana, seats=[{"kind": "person"}, {"kind": "person"},
                                         {"kind": "bot", "level": "random"},
                                         {"kind": "bot", "level": "random"}])["code"]
    join(client, bo, code)
    return code, [ana, bo]


def test_refused_actions_change_nothing(client: TestClient) -> None:
    code, (ana, _) = playing_table(client)
    other_code, (other, _) = playing_table(client)
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=ana) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        state = until(ws, "state")
        hand = state["view"]["hand"]
        assert state["table"]["you"] == 0
        before = stored(client, code)
        ws.send_text(json.dumps({"type": "pass", "cards": hand[:3], "seat": 1}))  # forged seat
        assert until(ws, "refused")["reason"] == "not_your_seat"
        ws.send_text(json.dumps({"type": "play", "card": hand[0]}))  # the pass comes first
        assert until(ws, "refused")["reason"] in ("not_your_turn", "bad_action")
        ws.send_text(json.dumps({"type": "pass", "cards": ["2C", "2C", "3C"]}))
        assert until(ws, "refused")["action"] == "pass"
        ws.send_text(json.dumps({"type": "react", "phrase": "lol"}))
        assert until(ws, "error")["error"] == "invalid"
        assert stored(client, code) == before
        ws.send_text(json.dumps({"type": "pass", "cards": hand[:3]}))
        until(ws, "passed")
        ws.send_text(json.dumps({"type": "pass", "cards": hand[3:6]}))  # replayed / again
        assert until(ws, "refused")["reason"] == "not_your_turn"
    # another table's token: a seat at one table is nothing at another
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=other) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        state = until(ws, "state")
        assert state["table"]["you"] is None and "hand" not in state["view"]
        before = stored(client, code)
        ws.send_text(json.dumps({"type": "pass", "cards": ["2C", "3C", "4C"]}))
        assert until(ws, "refused")["reason"] == "not_seated"
        ws.send_text(json.dumps({"type": "react", "phrase": "gg"}))
        assert until(ws, "refused")["reason"] == "not_seated"
        assert stored(client, code) == before
    assert other_code != code


def test_reactions_are_rate_limited(client: TestClient) -> None:
    code, (ana, _) = playing_table(client)
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=ana) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        until(ws, "state")
        ws.send_text(json.dumps({"type": "react", "phrase": "gg"}))
        assert until(ws, "reaction")["event"] == {"kind": "reaction", "seat": 0, "phrase": "gg"}
        ws.send_text(json.dumps({"type": "react", "phrase": "wow"}))
        assert until(ws, "error")["error"] == "rate_limited"


def test_no_spectators_at_a_private_table(client: TestClient) -> None:
    code = new_table(client, person(client), spectators=False)["code"]
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=person(client)) as ws:
        assert json.loads(ws.receive_text())["error"] == "no_spectators"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 4403


def test_unknown_tables_and_bad_tokens_on_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/api/tables/ZZZZ-ZZ/ws") as ws:
        assert json.loads(ws.receive_text())["error"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 4404
    code = new_table(client, person(client))["code"]
    with client.websocket_connect(f"/api/tables/{code}/ws",
                                  headers={"Authorization": "Bearer !"}) as ws:
        assert json.loads(ws.receive_text())["error"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 4401


def test_new_tables_and_people_are_limited_like_new_games(tmp_path: Path) -> None:
    from heartsuite.web.ratelimit import Limits, Rate

    tight = TestClient(create_app(tmp_path, limits=Limits(new_games=Rate(per_minute=6,
                                                                         burst=3))))
    ana = person(tight)
    new_table(tight, ana)
    new_table(tight, ana)
    refused_table = tight.post("/api/tables", json={"name": "Ana"}, headers=ana)
    assert refused_table.status_code == 429 and refused_table.json()["error"] == "rate_limited"
    assert 1 <= int(refused_table.headers["retry-after"]) <= 20
    refused_person = tight.post("/api/people", json={})
    assert refused_person.status_code == 429 and "retry-after" in refused_person.headers
    assert tight.get("/api/tables", headers=ana).json()["tables"].__len__() == 2
