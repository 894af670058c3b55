"""Dropping and coming back, and the turn timer, with short times: a person whose socket closes
is away; after the grace period a stand-in plays the seat; the person takes it back when they
connect again, from the event they missed. A turn not made in time is played by the computer."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from heartsuite.hearts.rules import Rules
from heartsuite.tables.errors import TableError
from heartsuite.tables.table import BY_TIMER, Options, Table
from heartsuite.web.app import create_app
from tests.tables_helpers import MANY_TABLES, join, new_table, person

GRACE = 0.3


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("data"), grace_seconds=GRACE,
                     limits=MANY_TABLES)
    with TestClient(app) as test_client:
        yield test_client


def until(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.receive_text())
        if message["type"] == kind or message.get("event", {}).get("kind") == kind:
            return message


def wait_for(check: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_a_dropped_person_gets_a_standin_and_takes_the_seat_back(client: TestClient) -> None:
    ana, bo = person(client), person(client)
    code = new_table(client, ana, seats=[{"kind": "person"}, {"kind": "person"},
                                         {"kind": "bot", "level": "random"},
                                         {"kind": "bot", "level": "random"}],
                     rules={"rounds": 1})["code"]
    live = client.app.state.tables.get(code)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=ana) as watch:
        watch.send_text(json.dumps({"type": "hello", "after": 0}))
        until(watch, "state")
        join(client, bo, code)  # the table is full: it starts; Bo has not connected
        away = until(watch, "away")["event"]
        assert away["seat"] == 1 and away["until"] > time.time() - 1
        standin = until(watch, "standin")["event"]
        assert standin == {"kind": "standin", "seat": 1, "level": "random"}
        assert until(watch, "passed")["event"]["seat"] in (1, 2, 3)  # the computers pass
        with client.websocket_connect(f"/api/tables/{code}/ws", headers=bo) as ws:
            assert until(watch, "back")["event"] == {"kind": "back", "seat": 1}
            ws.send_text(json.dumps({"type": "hello", "after": 0}))
            state = until(ws, "state")
            assert state["table"]["seats"][1]["standin"] is False
            assert state["table"]["seats"][1]["present"] is True
            seen = state["seq"]
        away = until(watch, "away")["event"]  # Bo's socket closed
        assert away["seat"] == 1
        wait_for(lambda: live.table.seats[1].standin)
    # Bo comes back later and resumes from the event he had: only the later ones are sent
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=bo) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": seen}))
        first = json.loads(ws.receive_text())
        assert first["type"] == "state" or first["seq"] > seen


def test_the_turn_timer_plays_for_a_person(client: TestClient) -> None:
    ana = person(client)
    made = new_table(client, ana, seats=[{"kind": "person"}, *[{"kind": "bot",
                     "level": "random"}] * 3], timer=15, rules={"rounds": 1})
    code = made["code"]
    hub = client.app.state.tables  # type: ignore[attr-defined]
    live = hub.get(code)
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=ana) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        state = until(ws, "state")
        turn = [m for m in [state] if m]  # the pass is on; its deadline is 15 s away
        deadline = live.table.deadline
        assert deadline is not None and deadline - time.time() > 10
        assert turn

        async def run_out() -> None:  # the clock jumps past the deadline; the timer is re-armed
            hub.clock = lambda: time.time() + 20
            if live.timer is not None:
                live.timer.cancel()
            live.timer = None
            hub._arm_timer(live)

        client.portal.call(run_out)  # type: ignore[union-attr]
        timed = until(ws, "timed_out")["event"]
        assert timed == {"kind": "timed_out", "seat": 0, "action": "pass"}
        hub.clock = time.time
    assert any(c.get("by") == BY_TIMER for c in live.table.commands)


def test_the_timer_and_the_grace_period_in_the_domain() -> None:
    table = Table("id-1234567890123", "ABCDEF", "ana", Rules(), Options(timer=15),
                  bytes(32), [None, "random", "random", "random"], 0.0)
    table.join("ana", "Ana", None, 100.0)
    assert table.deadline == 115.0
    hand = table.game_view(0)["hand"]  # type: ignore[index]
    with pytest.raises(TableError) as early:
        table.act(0, hand[:3], BY_TIMER, 114.0)
    assert early.value.reason == "not_your_seat"
    assert table.timed_out(114.0) == [] and table.timed_out(115.0) == [0]
    events = table.act(0, hand[:3], BY_TIMER, 115.0)
    assert events[0].body == {"kind": "timed_out", "seat": 0, "action": "pass"}
    table.apply({"c": "away", "seat": 0, "until": 200.0})
    with pytest.raises(TableError) as grace:
        table.apply({"c": "standin", "seat": 0, "t": 199.0})
    assert grace.value.reason == "grace"
    table.apply({"c": "standin", "seat": 0, "t": 200.0})
    assert table.seats[0].standin
    assert table.computer_turns() == [(1, "bot"), (2, "bot"), (3, "bot")]  # seat 0 has passed
