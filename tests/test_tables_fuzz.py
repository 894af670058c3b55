"""Arbitrary messages on the table socket: every one is answered (an error, a refusal, or the
events of a legal action), the socket stays usable, and a refused message changes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartsuite.web.app import create_app
from tests.tables_helpers import MANY_TABLES, join, new_table, person

CARDS = [f"{r}{s}" for r in "23456789TJQKA" for s in "CDHS"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
shaped = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "pass", "play", "moon", "react", "hint", "nope"])},
    optional={"card": st.sampled_from(CARDS) | json_values,
              "cards": st.lists(st.sampled_from(CARDS), max_size=4) | json_values,
              "choice": st.sampled_from(["old", "new", "x"]),
              "phrase": st.sampled_from(["gg", "wow", "zzz"]),
              "seat": st.integers(-1, 5) | json_values,
              "seq": st.integers(-1, 10**10),
              "after": st.integers(-1, 10**10) | json_values})
messages = shaped.map(json.dumps) | json_values.map(json.dumps) | st.text(max_size=40)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("data"), grace_seconds=300,
                     limits=MANY_TABLES)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def table(client: TestClient) -> tuple[str, dict[str, str]]:
    ana, bo = person(client), person(client)
    code = new_table(client, ana, seats=[{"kind": "person"}, {"kind": "person"},
                                         {"kind": "bot", "level": "random"},
                                         {"kind": "bot", "level": "random"}],
                     speed="slow")["code"]
    join(client, bo, code)
    live = client.app.state.tables.get(code)  # type: ignore[attr-defined]
    end = time.monotonic() + 10
    while live.table.computer_turns():  # the computers pass; then the game waits for people
        assert time.monotonic() < end
        time.sleep(0.02)
    return code, ana


def answer_to(ws: Any, text: str) -> list[dict[str, Any]]:
    """Send a message, then a hello as a marker: everything received up to a state."""
    ws.send_text(text)
    ws.send_text(json.dumps({"type": "hello", "after": 10**9}))
    got = []
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        got.append(message)
        if message["type"] == "state":
            return got


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=messages)
def test_arbitrary_messages(client: TestClient, table: tuple[str, dict[str, str]],
                            text: str) -> None:
    code, ana = table
    hub = client.app.state.tables  # type: ignore[attr-defined]
    live = hub.get(code)
    with client.websocket_connect(f"/api/tables/{code}/ws", headers=ana) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 10**9}))
        while json.loads(ws.receive_text())["type"] != "state":
            pass
        before = len(live.table.commands)
        events_before = live.table.seq
        got = answer_to(ws, text)
        kinds = {m["type"] for m in got}
        assert kinds <= {"event", "state", "error", "refused", "hint"}
        if kinds & {"error", "refused"} and "event" not in kinds:
            assert len(live.table.commands) == before
            assert live.table.seq == events_before
        assert got[-1]["type"] == "state"  # the socket still answers
