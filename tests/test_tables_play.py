"""Whole games at a table of four people and a spectator through the WebSocket: what every frame
may and may not name (the hidden-information audit), the replay of the stored commands, the
record with its seed, and the rematch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import game_over
from heartsuite.tables.fair import verify_record
from heartsuite.tables.table import Table
from heartsuite.web.app import create_app
from tests.tables_helpers import MANY_TABLES, SeatClient, join, new_table, person, strings_in

ALL_CARDS = {card_text(c) for c in range(52)}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("data"), grace_seconds=30,
                     limits=MANY_TABLES)
    with TestClient(app) as test_client:
        yield test_client


def play_game(client: TestClient, rules: dict[str, Any]) -> tuple[
        dict[str, Any], list[dict[str, str]], list[SeatClient], SeatClient]:
    """Four people (and a spectator) play a whole game; their frames and the record."""
    people = [person(client) for _ in range(4)]
    made = new_table(client, people[0], rules=rules)
    code = made["code"]
    sockets = []
    for i, who in enumerate(people):
        if i:
            join(client, who, code, name=f"P{i}")
    watcher = person(client)
    contexts = [client.websocket_connect(f"/api/tables/{code}/ws", headers=who)
                for who in [*people, watcher]]
    sockets = [ctx.__enter__() for ctx in contexts]
    players = [SeatClient(s) for s in sockets[:4]]
    spectator = SeatClient(sockets[4], play=False)
    for thread in [*players, spectator]:
        thread.start()
    for thread in [*players, spectator]:
        assert thread.done.wait(120), "the game did not end"
        assert thread.error is None, thread.error
    for ctx in contexts:
        ctx.__exit__(None, None, None)
    record = client.get(f"/api/tables/{code}/record", headers=people[1]).json()
    return record, people, players, spectator


def audit(frames: list[dict[str, Any]], seat: int | None, record: dict[str, Any]) -> None:
    """No frame names a card of another seat's hand that has not been played (except the cards
    this seat passed, which it knows where they went); no seed before `revealed`; no game code."""
    rules = Rules.from_json(record["rules"])
    seed = record["seed"]
    n = rules.players
    round_index = 0
    public: set[str] = set()
    revealed = False
    for frame in frames:
        text = str(frame)
        assert "HT1-" not in text
        events = [frame["event"]] if frame.get("type") == "event" else []
        for event in events:
            if event["kind"] == "round" and event["round"] != round_index:
                round_index, public = event["round"], set()
            if event["kind"] in ("play",):
                public.add(event["card"])
            if event["kind"] == "revealed":
                revealed = True
        if not revealed:
            assert seed not in text
        played = record["rounds"][round_index]
        known = set(public)
        if seat is not None:
            known |= set(played["hands"][seat])
            offset = rules.pass_offset(round_index)
            if played["passes"] is not None and offset:
                giver = (seat - offset) % n
                known |= set(played["passes"][giver] or [])
        view = frame.get("view")
        if view is not None and seat is None:
            assert "hand" not in view and "legal" not in view and "received" not in view
        named = {s for s in strings_in(frame) if s in ALL_CARDS}
        # a view after a round's end shows the finished tricks: cards of that round, all public
        leaked = named - known - _previous_round_cards(record, round_index)
        assert not leaked, (seat, frame)


def _previous_round_cards(record: dict[str, Any], round_index: int) -> set[str]:
    """Cards played in the round before (the last trick of a round and its `trick` event come in
    the same batch as the next round's deal)."""
    if round_index == 0:
        return set()
    done = record["rounds"][round_index - 1]
    return {c for trick in done["tricks"] for c in trick["cards"]}


def test_four_people_and_a_spectator_learn_nothing_hidden(client: TestClient) -> None:
    record, people, players, spectator = play_game(client, {"rounds": 2})
    assert verify_record(record) == []
    stats = client.get("/api/stats", headers=people[2]).json()
    assert stats["hearts_by_opponents"]["people"]["all"]["games"] == 1
    assert stats["hearts_by_opponents"]["people"]["variants"]["black-lady"]["games"] == 1
    assert stats["hearts_by_opponents"]["computer"]["all"]["games"] == 0
    assert stats["hearts"]["games"] == 0  # the Hearts page's figures stay its own
    # Two rounds, and one more each time the best total is shared (the game needs one winner).
    rules = Rules.from_json(record["rules"])
    totals = [0] * rules.players
    for played, round_record in enumerate(record["rounds"], 1):
        totals = [t + p for t, p in zip(totals, round_record["points"], strict=True)]
        assert game_over(rules, totals, played) == (played == len(record["rounds"]))
    assert len(record["rounds"]) >= 2
    for seat, player in enumerate(players):
        audit(player.frames, seat, record)
        assert player.frames[-1]["event"]["kind"] == "revealed"
    audit(spectator.frames, None, record)
    # the exchange is private: only its receiver hears of it
    for seat, player in enumerate(players):
        for frame in player.frames:
            if frame.get("type") == "event" and frame["event"]["kind"] == "exchange":
                assert frame["event"]["from"] != seat
    assert not any(f.get("type") == "event" and f["event"]["kind"] == "exchange"
                   for f in spectator.frames)


def test_the_stored_commands_rebuild_the_same_events(client: TestClient) -> None:
    record, _, _, _ = play_game(client, {"rounds": 1})
    hub = client.app.state.tables  # type: ignore[attr-defined]
    live = hub.get(record["table"])
    row = hub.store.table(record["table"])
    rebuilt = Table.from_data(row.id, row.code, row.data)
    assert [(e.seq, e.body, e.seat_only) for e in rebuilt.events] == [
        (e.seq, e.body, e.seat_only) for e in live.table.events]
    assert rebuilt.game.record() == live.table.game.record()
    assert [e.seq for e in rebuilt.events] == list(range(1, len(rebuilt.events) + 1))


def test_rematch_rotates_the_seats_and_deals_anew(client: TestClient) -> None:
    record, people, _, _ = play_game(client, {"rounds": 1})
    code = record["table"]
    first = client.post(f"/api/tables/{code}/rematch", json={"accept": True}, headers=people[0])
    assert first.status_code == 200
    assert first.json()["table"]["rematch"]["accepted"] == [0]
    for who in people[1:]:
        answer = client.post(f"/api/tables/{code}/rematch", json={"accept": True}, headers=who)
        assert answer.status_code == 200
    view = client.get(f"/api/tables/{code}", headers=people[0]).json()["table"]
    new_code = view["rematch"]["table"]
    assert new_code is not None
    again = client.get(f"/api/tables/{new_code}", headers=people[0]).json()["table"]
    assert again["status"] == "playing"
    assert again["you"] == 1 and again["creator"] is True
    assert [s["name"] for s in again["seats"]] == ["P3", "Ana", "P1", "P2"]
    assert again["commitment"] != view["commitment"]


def test_black_maria_has_three_seats_and_plays_to_the_end(client: TestClient) -> None:
    ana = person(client)
    made = new_table(client, ana, variant="black-maria", rules={"rounds": 1},
                     seats=[{"kind": "person"}, {"kind": "bot", "level": "random"},
                            {"kind": "bot", "level": "heuristic"}])
    assert made["table"]["status"] == "playing" and made["table"]["players"] == 3
    with client.websocket_connect(f"/api/tables/{made['code']}/ws", headers=ana) as ws:
        player = SeatClient(ws)
        player.start()
        assert player.done.wait(60) and player.error is None
    record = client.get(f"/api/tables/{made['code']}/record", headers=ana).json()
    assert verify_record(record) == []
    audit(player.frames, 0, record)
    stats = client.get("/api/stats", headers=ana).json()["hearts_by_opponents"]
    assert stats["computer"]["variants"]["black-maria"]["games"] == 1
