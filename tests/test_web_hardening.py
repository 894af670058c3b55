"""Issue 23, what the server promises: a hello flood costs no memory and is closed with 1008,
deeply nested JSON and huge integers are refused as documented, taps and new games are
idempotent (409 `stale`), a public URL makes the cookie, the Origin and the Host strict, game
creation and solver calls are rate-limited (429, Retry-After), the Hearts code is not sent while
the game is in play, and a Heart to Heart deal replayed after viewing its solution is "seen"."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import WebSocketDisconnect
from fastapi.testclient import TestClient
from test_soak import load_soak
from web_helpers import new_game_body, run_async

from heartsuite.hearts.rules import Rules
from heartsuite.players import make_player
from heartsuite.prng import Rng
from heartsuite.web.app import DB_NAME, create_app
from heartsuite.web.hearts.hub import Outbox, Tables
from heartsuite.web.hearts.messages import Hello, read_message
from heartsuite.web.hearts.routes import POLICY, _handle
from heartsuite.web.hearts.table import HeartsTable, TableSettings
from heartsuite.web.ratelimit import Limits, Rate
from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves
from heartsuite.web.store import Store

CODE = "HT1-ABCDEFG"
NESTED = "[" * 1000 + "]" * 1000  # 2,000 characters, under the socket's 2 KiB limit
HUGE = "1" * 4400  # over Python's 4,300-digit limit for reading an integer


# 1. The hello flood ---------------------------------------------------------------------------


def long_table(events: int = 500) -> HeartsTable:
    """A table with at least `events` events, every seat played by easy computer players."""
    table = HeartsTable.new(Rules(), CODE, TableSettings("easy", "instant"))
    person = make_player("heuristic", 7)
    while table.seq < events and not table.game.is_over:
        pending = table.game.pending()
        assert pending is not None
        seat = pending.seats[0]
        if seat != 0:
            table.act(seat, table.bot_choice(seat))
            continue
        view, rng = table.game.view(0), Rng.for_key("test", len(table.actions))
        if pending.kind == "pass":
            table.act(0, list(person.choose_pass(view, rng)))
        elif pending.kind == "moon_choice":
            table.act(0, person.choose_moon(view))
        else:
            table.act(0, person.choose_play(view, rng))
    return table


def store_table(data: Path, person: str, table: HeartsTable) -> str:
    store = Store(data / DB_NAME)
    row = store.create_game(person, "hearts", table.code,
                            {"rules": table.game.rules.to_json(), "actions": table.actions},
                            table.settings.to_json())
    return row.id


def test_an_outbox_is_bounded_and_drops_a_page_that_far_behind() -> None:
    outbox = Outbox(limit=3)
    assert all(outbox.put({"n": n}) for n in range(3))
    assert not outbox.put({"n": 3}) and outbox.dropped
    assert not outbox.put({"n": 4}) and outbox.qsize() == 4  # three messages and the stop


def test_a_second_hello_during_a_replay_does_not_queue_the_history_again(tmp_path) -> None:
    async def flood() -> tuple[int, int]:
        store = Store(tmp_path / DB_NAME)
        table = long_table(300)
        row = store.create_game("p" * 20, "hearts", table.code,
                                {"rules": table.game.rules.to_json(), "actions": table.actions},
                                table.settings.to_json())
        tables = Tables(store)
        live = tables.get(row.id, "p" * 20)
        outbox = Outbox()
        hello = Hello(type="hello", after=0)
        await _handle(live, tables, outbox, hello, None)  # type: ignore[arg-type]
        once = outbox.qsize()
        for _ in range(1000):  # nobody sends: the replay is still in flight
            await _handle(live, tables, outbox, hello, None)  # type: ignore[arg-type]
        await tables.stop()
        return once, outbox.qsize()

    once, after = run_async(flood)
    assert once >= 300 and after == once


def test_a_connection_over_its_message_rate_is_told_then_closed_with_1008(tmp_path) -> None:
    client = TestClient(create_app(tmp_path))
    client.put("/api/hearts/prefs", json={"speed": "instant"})
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    errors: list[str] = []
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        for _ in range(200):
            ws.send_text(json.dumps({"type": "hint", "seat": 1}))  # refused at once
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                message = ws.receive_json()
                if message["type"] == "error":
                    errors.append(message["error"])
    assert closed.value.code == POLICY
    assert 40 <= errors.count("not_your_seat") <= 45  # the burst (and what refilled meanwhile)
    assert errors.count("rate_limited") == Limits().socket_strikes


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def steady_rss_kb(pid: int, still_for: float = 1.5, deadline: float = 60) -> int:
    """The RSS once it has stayed within 512 KB for `still_for` seconds. A server loads the
    compiled core on a thread as it starts (about 30 MB); on a loaded machine that can still be
    going on when the test is ready, and it once made the flood look like 16 MB of growth."""
    start, samples = time.monotonic(), round(still_for / 0.1)
    window: list[int] = []
    while time.monotonic() - start < deadline:
        window = [*window, rss_kb(pid)][-samples:]
        if len(window) == samples and max(window) - min(window) < 512:
            return window[-1]
        await asyncio.sleep(0.1)
    raise AssertionError(f"the server's memory did not settle: {window}")


@pytest.mark.timeout(120)
def test_a_hello_flood_leaves_the_servers_memory_alone(tmp_path) -> None:
    """The issue's flood against a real `heartsuite serve`: 5,000 `hello after 0` on a game of
    500 events from a client that does not read. The server's RSS (read from /proc every 20 ms
    meanwhile) stays within 15 MB of what it was, and the socket is closed with 1008. Before the
    fix it grew by about 500 MB."""
    soak = load_soak()
    person = "flood-person-0000000001"
    game_id = store_table(tmp_path, person, long_table(500))
    proc, port = soak.start_server(tmp_path)
    try:
        async def flood() -> tuple[int, int | None]:
            cookie = f"hs_person={person}"
            warm = await soak.RawSocket.open(port, f"/api/hearts/games/{game_id}/ws", cookie)
            await warm.send({"type": "hello", "after": 0})
            while (message := await warm.recv()) is not None and message["type"] != "state":
                pass
            warm.close()
            base = await steady_rss_kb(proc.pid)
            peak = [base]
            done = threading.Event()

            def sample() -> None:
                while not done.is_set():
                    peak.append(rss_kb(proc.pid))
                    time.sleep(0.02)

            sampler = threading.Thread(target=sample)
            sampler.start()
            ws = await soak.RawSocket.open(port, f"/api/hearts/games/{game_id}/ws", cookie)
            with contextlib.suppress(ConnectionError):
                for _ in range(5000):
                    ws.write('{"type":"hello","after":0}')
                await ws.writer.drain()
            await asyncio.sleep(3)  # not reading
            done.set()
            sampler.join()
            code = await ws.recv_until_closed(30)
            ws.close()
            return max(peak) - base, code

        grown_kb, code = run_async(flood)
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    assert grown_kb < 15 * 1024, f"the server grew by {grown_kb / 1024:.0f} MB"
    assert code == POLICY


# 2. Deeply nested JSON, huge integers ---------------------------------------------------------


def test_nested_json_message_reading() -> None:
    from heartsuite.web.hearts.messages import BadMessage

    with pytest.raises(BadMessage) as nested:
        read_message(NESTED)
    assert nested.value.error == "invalid"
    with pytest.raises(BadMessage) as huge:
        read_message('{"type":"hello","after":' + "1" * 1900 + "}")
    assert huge.value.error in ("invalid", "bad_json")


def test_the_socket_answers_nested_json_and_goes_on(client) -> None:
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        ws.send_text(NESTED)
        assert ws.receive_json()["error"] == "invalid"
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        while (message := ws.receive_json())["type"] != "state":
            assert message["type"] == "event"


def json_endpoints(client: TestClient) -> list[tuple[str, str]]:
    h2h = client.post("/api/h2h/games", json={"replaces": None}).json()["game"]["id"]
    game = f"/api/h2h/games/{h2h}"
    return [("post", f"{game}/tap"), ("post", f"{game}/undo"), ("post", f"{game}/clock"),
            ("post", f"{game}/hint"), ("post", "/api/h2h/games"), ("put", "/api/h2h/prefs"),
            ("post", "/api/hearts/games"), ("put", "/api/hearts/prefs")]


@pytest.mark.parametrize("body", [NESTED, '{"target": ' + NESTED + "}", '{"target": ' + HUGE + "}",
                                  HUGE])
def test_nested_json_and_huge_integers_over_http_are_422_invalid(client, body) -> None:
    for method, path in json_endpoints(client):
        response = getattr(client, method)(path, content=body,
                                           headers={"content-type": "application/json"})
        assert response.status_code == 422, (path, response.text)
        assert response.json()["error"] == "invalid"


# 3. Idempotent taps, undo and new game --------------------------------------------------------


def test_a_retried_tap_is_refused_as_stale_and_not_played_twice(client) -> None:
    game = client.post("/api/h2h/games", json={"code": EXAMPLE_CODE, "replaces": None}
                       ).json()["game"]
    tap = {"target": "stock", "move": 0, "selected": None}
    first = client.post(f"/api/h2h/games/{game['id']}/tap", json=tap)
    assert first.status_code == 200 and first.json()["game"]["moves"] == 1
    again = client.post(f"/api/h2h/games/{game['id']}/tap", json=tap)
    assert again.status_code == 409 and again.json()["error"] == "stale"
    assert again.json()["game"] == first.json()["game"]  # the game as it is, to redraw
    assert client.get(f"/api/h2h/games/{game['id']}").json()["game"]["moves"] == 1


def test_a_retried_selection_is_not_undone_by_its_retry(client) -> None:
    game = client.post("/api/h2h/games", json={"code": EXAMPLE_CODE, "replaces": None}
                       ).json()["game"]
    tap = {"target": 25, "move": 0, "selected": None}
    assert client.post(f"/api/h2h/games/{game['id']}/tap", json=tap).json()["game"][
        "selected"] == 25
    again = client.post(f"/api/h2h/games/{game['id']}/tap", json=tap)
    assert again.status_code == 409 and again.json()["game"]["selected"] == 25


def test_a_retried_undo_takes_back_one_move(client, tap) -> None:
    game = client.post("/api/h2h/games", json={"code": EXAMPLE_CODE, "replaces": None}
                       ).json()["game"]
    for move in example_moves()[:3]:
        for target in move.taps():
            tap(client, game["id"], target)
    undo = {"move": 3}
    assert client.post(f"/api/h2h/games/{game['id']}/undo", json=undo).json()["game"][
        "moves"] == 2
    again = client.post(f"/api/h2h/games/{game['id']}/undo", json=undo)
    assert again.status_code == 409 and again.json()["game"]["moves"] == 2


def test_a_retried_new_game_starts_one_game(client, tap) -> None:
    first = client.post("/api/h2h/games", json={"code": EXAMPLE_CODE, "replaces": None}
                        ).json()["game"]
    tap(client, first["id"], "stock")
    body = {"replaces": first["id"]}
    second = client.post("/api/h2h/games", json=body)
    assert second.status_code == 201
    again = client.post("/api/h2h/games", json=body)
    assert again.status_code == 409 and again.json()["error"] == "stale"
    assert again.json()["game"]["id"] == second.json()["game"]["id"]
    assert client.get("/api/stats").json()["h2h"]["all"]["played"] == 1  # the first, lost


@pytest.mark.parametrize("body", [{"target": "stock"}, {"target": "stock", "move": 0},
                                  {"target": "stock", "selected": None}])
def test_a_tap_must_say_the_position_it_was_made_on(client, body) -> None:
    game = client.post("/api/h2h/games", json={"replaces": None}).json()["game"]
    response = client.post(f"/api/h2h/games/{game['id']}/tap", json=body)
    assert response.status_code == 422 and response.json()["error"] == "invalid"


# 4. A public URL; rate limits -----------------------------------------------------------------

PUBLIC = "https://cards.example.org"


def test_a_public_url_makes_the_cookie_host_prefixed_and_secure(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, public_url=PUBLIC), base_url=PUBLIC)
    response = client.get("/api/h2h/meta")
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("__Host-hs_person=") and "; Secure" in cookie and "Path=/" in cookie
    assert "Domain" not in cookie
    game = client.post("/api/h2h/games", json={"replaces": None})
    assert game.status_code == 201  # the secure cookie names the person
    assert client.get("/api/h2h/current").json()["game"]["id"] == game.json()["game"]["id"]


def test_without_a_public_url_the_localhost_cookie_is_kept(client) -> None:
    cookie = client.get("/api/h2h/meta").headers["set-cookie"]
    assert cookie.startswith("hs_person=") and "Secure" not in cookie


@pytest.mark.parametrize("host", ["evil.example", "cards.example.org:8443", "127.0.0.1", ""])
def test_a_wrong_host_header_is_421_with_a_public_url(tmp_path, host) -> None:
    client = TestClient(create_app(tmp_path, public_url=PUBLIC), base_url=PUBLIC)
    response = client.get("/api/h2h/meta", headers={"host": host})
    assert response.status_code == 421
    assert response.json()["error"] == "wrong_host"
    assert client.get("/api/h2h/meta", headers={"host": "cards.example.org:443"}).status_code == 200


def test_the_socket_origin_must_be_the_public_url(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, public_url=PUBLIC), base_url=PUBLIC)
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    url = f"wss://cards.example.org/api/hearts/games/{game['id']}/ws"
    for origin in ("http://cards.example.org", "https://cards.example.org:8443",
                   "https://evil.example"):
        with client.websocket_connect(url, headers={"origin": origin}) as ws:
            assert ws.receive_json()["error"] == "bad_origin"
    with client.websocket_connect(url, headers={"origin": PUBLIC}) as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        assert ws.receive_json()["type"] == "event"


def test_a_bad_public_url_is_refused() -> None:
    from heartsuite.web.public import PublicUrlError

    for url in ("ftp://x", "https://", "https://x/path", "cards.example.org"):
        with pytest.raises(PublicUrlError):
            create_app(":memory:", public_url=url)


TIGHT = Limits(new_games=Rate(per_minute=6, burst=2), solver_calls=Rate(per_minute=6, burst=1))


def test_new_games_are_limited_per_person_with_retry_after(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, limits=TIGHT))
    for _ in range(2):
        assert client.post("/api/h2h/games", json=new_game_body(client)).status_code == 201
    refused = client.post("/api/h2h/games", json=new_game_body(client))
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 10
    hearts = client.post("/api/hearts/games", json={})  # both games share the limit
    assert hearts.status_code == 429 and "retry-after" in hearts.headers


def test_new_games_are_limited_per_ip_whatever_the_cookie(tmp_path) -> None:
    app = create_app(tmp_path, limits=TIGHT)
    for _ in range(2):
        assert TestClient(app).post("/api/h2h/games", json={"replaces": None}).status_code == 201
    assert TestClient(app).post("/api/h2h/games", json={"replaces": None}).status_code == 429


def test_solver_calls_are_limited(tmp_path) -> None:
    client = TestClient(create_app(tmp_path, limits=TIGHT))
    game = client.post("/api/h2h/games", json={"code": EXAMPLE_CODE, "replaces": None}
                       ).json()["game"]
    assert client.post(f"/api/h2h/games/{game['id']}/hint", json={}).status_code == 200
    refused = client.post(f"/api/h2h/games/{game['id']}/hint", json={})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    hearts = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    with client.websocket_connect(f"/api/hearts/games/{hearts['id']}/ws") as ws:
        ws.send_text(json.dumps({"type": "hint"}))
        answer = ws.receive_json()
        assert answer["error"] == "rate_limited" and answer["retry_after"] >= 1


def test_serve_refuses_a_public_url_it_cannot_use(tmp_path, capsys) -> None:
    from heartsuite.cli import main

    port = str(load_soak().free_port())
    assert main(["serve", "--no-browser", "--port", port, "--data", str(tmp_path),
                 "--public-url", "ftp://x"]) == 2
    assert "--public-url" in capsys.readouterr().err


# 5. Game codes --------------------------------------------------------------------------------


def test_the_hearts_code_is_not_sent_while_the_game_is_in_play(client) -> None:
    client.put("/api/hearts/prefs", json={"speed": "instant", "rules": {"target": 30}})
    game = client.post("/api/hearts/games", json={"code": CODE}).json()["game"]
    assert game["code"] is None and CODE not in json.dumps(game)
    assert CODE not in json.dumps(client.get("/api/hearts/current").json())
    messages: list[dict[str, Any]] = []
    with client.websocket_connect(f"/api/hearts/games/{game['id']}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "after": 0}))
        state: dict[str, Any] = {}
        acted = -1
        while not state.get("over"):
            message = ws.receive_json()
            messages.append(message)
            state = message.get("state", state)
            if "state" not in message or state["over"] or acted == state["seq"]:
                continue
            if state["phase"] == "pass" and 0 in state["waiting_to_pass"]:
                ws.send_text(json.dumps({"type": "pass", "cards": state["hand"][:3]}))
                acted = state["seq"]
            elif state["phase"] == "play" and state["turn"] == 0:
                ws.send_text(json.dumps({"type": "play", "card": state["legal"][-1]}))
                acted = state["seq"]
            elif state["phase"] == "moon_choice" and state["moon_options"]:
                ws.send_text(json.dumps({"type": "moon", "choice": "new"}))
                acted = state["seq"]
    before_end = [m for m in messages if not m.get("state", {}).get("over")]
    assert before_end and all(CODE not in json.dumps(m) for m in before_end)
    assert messages[-1]["state"]["code"] == CODE  # the game-over dialog shows it
    assert client.get(f"/api/hearts/games/{game['id']}").json()["game"]["code"] == CODE


def test_a_deal_replayed_after_viewing_its_solution_is_seen_not_won(client, tap) -> None:
    def win() -> dict[str, Any]:
        game = client.post("/api/h2h/games", json=new_game_body(client, code=EXAMPLE_CODE)
                           ).json()["game"]
        for move in example_moves():
            for target in move.taps():
                answer = tap(client, game["id"], target)
        assert answer["game"]["won"]
        return game

    first = win()
    assert client.post(f"/api/h2h/games/{first['id']}/solution").status_code == 200
    win()
    stats = client.get("/api/stats").json()["h2h"]
    assert stats["all"]["won"] == 1 and stats["all"]["played"] == 1
    assert stats["seen"] == 1
    assert stats["deals"] == [stats["deals"][0]] and stats["deals"][0]["won"] == 1
