"""Soak: minutes of mixed load against one real `heartsuite serve`, checking what the server
promises (docs/web.md, "What the server promises").

One server subprocess on a free port with its own temporary data directory. For `--minutes`
(default 30) these run at once, each in a loop:

- Heart to Heart players over HTTP keep-alive: a deal, taps of its winning line (the rules
  page's example) or of whatever the placement help offers, an undo now and then, and each tap
  sent twice now and then (the second must be refused as `stale`, never played);
- Hearts players over the WebSocket at `instant` speed (easy computer players): pass, play,
  take New Moon; now and then they drop the socket and reconnect with `hello after N`, checking
  the events continue exactly;
- a flooder: `hello after 0` by the thousand from a client that does not read (the server must
  close it with 1008 and keep its memory);
- bad input: malformed and deeply nested JSON, an integer of 5,000 digits, oversized bodies,
  messages and headers, forged seats, another person's cookie, another site's Origin.

It asserts: no 5xx answer; the server's RSS never more than `--rss-bound` MB above what it was
after the warm-up; and, once the server is stopped, every stored game replays from the SQLite
store through the engines to what its client last saw (Heart to Heart: the same view; Hearts:
the same numbered events). It prints a table of figures and exits 1 if a check failed.

Usage: python bench/bench_soak.py [--minutes 30] [--h2h 4] [--hearts 3] [--rss-bound 150] [--quiet]

While it runs, a progress bar on stderr (seconds, requests, failures so far) when stderr is a
terminal, unless `--quiet`.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import random
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from heartsuite.cli.progress import Progress, elapsed, follow
from heartsuite.h2h.game import Game
from heartsuite.solver import deal_from_code
from heartsuite.web.app import DB_NAME
from heartsuite.web.hearts.table import HeartsTable, TableSettings
from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves
from heartsuite.web.store import Store

HOST = "127.0.0.1"


# A minimal HTTP/1.1 and WebSocket client: the load generator's own cost stays small, and the
# flooder can refuse to read, which library clients do not allow.


class Http:
    """One keep-alive connection that sends JSON and keeps the person cookie."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.cookie = ""

    @classmethod
    async def open(cls, port: int) -> Http:
        return cls(*await asyncio.open_connection(HOST, port))

    async def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                      headers: str = "") -> tuple[int, Any]:
        data = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
        cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
        head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n{cookie}{headers}\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie" and "hs_person" in value:
                self.cookie = value.strip().split(";")[0]
            elif name == "connection" and "close" in value.lower():
                close = True
        payload = await self.reader.readexactly(length)
        if close:
            self.close()
        try:
            answer = json.loads(payload) if payload else None
        except ValueError:
            answer = payload.decode("utf-8", "replace")
        return int(status_line.split()[1]), answer

    def close(self) -> None:
        self.writer.close()


class RawSocket:
    """A WebSocket client written out: text frames, pings answered, the close code read."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.close_code: int | None = None

    @classmethod
    async def open(cls, port: int, path: str, cookie: str, origin: str | None = None
                   ) -> RawSocket:
        reader, writer = await asyncio.open_connection(HOST, port)
        key = base64.b64encode(os.urandom(16)).decode()
        extra = f"Origin: {origin}\r\n" if origin else ""
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      f"Sec-WebSocket-Version: 13\r\nCookie: {cookie}\r\n{extra}\r\n").encode())
        status = await reader.readline()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        if b" 101 " not in status:
            writer.close()
            raise ConnectionError(status.decode("latin-1").strip())
        return cls(reader, writer)

    def _frame(self, opcode: int, payload: bytes) -> bytes:
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def write(self, text: str, opcode: int = 1) -> None:
        """Queue a frame without waiting (the flooder's way)."""
        self.writer.write(self._frame(opcode, text.encode()))

    async def send(self, message: Any) -> None:
        self.write(message if isinstance(message, str) else json.dumps(message))
        await self.writer.drain()

    async def recv(self) -> dict[str, Any] | None:
        """The next JSON message; None once the server has closed (see `close_code`)."""
        while True:
            first, second = await self.reader.readexactly(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack("!H", await self.reader.readexactly(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", await self.reader.readexactly(8))[0]
            payload = await self.reader.readexactly(size)
            opcode = first & 0x0F
            if opcode == 1:
                message: dict[str, Any] = json.loads(payload)
                return message
            if opcode == 8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if payload else 1005
                return None
            if opcode == 9:
                self.writer.write(self._frame(10, payload))

    async def recv_until_closed(self, timeout: float) -> int | None:
        """Read (and drop) everything until the server closes; the close code."""
        with contextlib.suppress(asyncio.TimeoutError, asyncio.IncompleteReadError,
                                 ConnectionError):
            async with asyncio.timeout(timeout):
                while await self.recv() is not None:
                    pass
        return self.close_code

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.write(self._frame(8, struct.pack("!H", 1000)))
        self.writer.close()


# The server ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(data: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(data)], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    """The process's resident set size, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# The load ------------------------------------------------------------------------------------


@dataclass
class Tally:
    requests: int = 0
    sent: int = 0
    received: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    h2h_seen: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id → last view
    hearts_seen: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # id → events
    people: dict[str, str] = field(default_factory=dict)  # game id → cookie

    def answer(self, status: int, body: Any) -> None:
        self.requests += 1
        self.statuses[f"{status // 100}xx"] += 1
        if status >= 400:
            key = body.get("error") if isinstance(body, dict) else "(text)"
            self.errors[f"http {status} {key}"] += 1
        if status >= 500:
            self.failures.append(f"a {status}: {body}")


async def h2h_player(port: int, tally: Tally, until: float, rng: random.Random) -> None:
    conn = await Http.open(port)
    game: dict[str, Any] | None = None
    try:
        while time.monotonic() < until:
            code = EXAMPLE_CODE if rng.random() < 0.5 else None
            body = {"replaces": game["id"] if game and game["status"] == "playing" else None}
            status, answer = await conn.request("POST", "/api/h2h/games",
                                                body | ({"code": code} if code else {}))
            tally.answer(status, answer)
            if status != 201:
                await asyncio.sleep(1)
                continue
            game = answer["game"]
            tally.people[game["id"]] = conn.cookie
            line = [t for m in example_moves() for t in m.taps()] if code else []
            for step in range(90):
                if time.monotonic() >= until or game["status"] != "playing" or game["won"]:
                    break
                path = f"/api/h2h/games/{game['id']}"
                if rng.random() < 0.05 and game["can_undo"]:
                    status, answer = await conn.request("POST", f"{path}/undo",
                                                        {"move": game["moves"]})
                    line = []  # off the winning line now
                else:
                    target = line[step] if step < len(line) else _any_target(game, rng)
                    tap = {"target": target, "move": game["moves"], "selected": game["selected"]}
                    status, answer = await conn.request("POST", f"{path}/tap", tap)
                    if status == 200 and rng.random() < 0.1:  # the network sends it again
                        tally.answer(status, answer)
                        status2, again = await conn.request("POST", f"{path}/tap", tap)
                        changed = status2 == 200 and again["game"] != answer["game"]
                        if changed:
                            tally.failures.append(f"a retried tap was played: {tap}")
                        tally.answer(status2, again)
                tally.answer(status, answer)
                if status in (200, 409) and isinstance(answer, dict) and "game" in answer:
                    game = answer["game"]  # a 409 `stale` carries the game as it is
                tally.h2h_seen[game["id"]] = game
                await asyncio.sleep(rng.uniform(0.005, 0.05))
    finally:
        conn.close()


def _any_target(game: dict[str, Any], rng: random.Random) -> Any:
    offered = game["hints"]["partners"] or game["hints"]["playable"]
    if offered and rng.random() < 0.8:
        return rng.choice(offered)
    return rng.choice(["stock", "waste", *game["free"]])


async def hearts_player(port: int, tally: Tally, until: float, rng: random.Random) -> None:
    conn = await Http.open(port)
    try:
        status, answer = await conn.request("PUT", "/api/hearts/prefs",
                                            {"speed": "instant", "strength": "easy"})
        tally.answer(status, answer)
        while time.monotonic() < until:
            status, answer = await conn.request("POST", "/api/hearts/games", {})
            tally.answer(status, answer)
            if status != 201:
                await asyncio.sleep(1)
                continue
            game_id = answer["game"]["id"]
            tally.people[game_id] = conn.cookie
            events = tally.hearts_seen.setdefault(game_id, [])
            while time.monotonic() < until and not await _play_a_while(
                    port, conn.cookie, game_id, events, tally, until, rng):
                pass
    finally:
        conn.close()


async def _play_a_while(port: int, cookie: str, game_id: str, events: list[dict[str, Any]],
                        tally: Tally, until: float, rng: random.Random) -> bool:
    """Connect, say hello after the last event seen, play until the game ends (True) or a
    reconnect is due (False)."""
    ws = await RawSocket.open(port, f"/api/hearts/games/{game_id}/ws", cookie)
    try:
        await ws.send({"type": "hello", "after": len(events)})
        tally.sent += 1
        leave_after = rng.randint(20, 200)
        acted_at = -1
        while time.monotonic() < until:
            async with asyncio.timeout(30):
                message = await ws.recv()
            if message is None:
                tally.failures.append(f"hearts socket closed with {ws.close_code}")
                return True
            tally.received += 1
            kind = message["type"]
            if kind == "event":
                if message["seq"] != len(events) + 1:
                    tally.failures.append(f"event {message['seq']} after {len(events)}")
                events.append(message["event"])
            elif kind == "error":
                tally.errors[f"ws {message['error']}"] += 1
            state = message.get("state")
            if state is None:
                continue
            if state["over"]:
                return True
            if len(events) >= leave_after:
                return False
            action = _person_action(state)
            if action is not None and acted_at != state["seq"]:
                acted_at = state["seq"]
                await asyncio.sleep(0.08)  # a quick person, well under the message rate
                await ws.send(action)
                tally.sent += 1
        return True
    finally:
        ws.close()


def _person_action(state: dict[str, Any]) -> dict[str, Any] | None:
    if state["phase"] == "pass" and 0 in state["waiting_to_pass"]:
        return {"type": "pass", "cards": state["hand"][:3]}
    if state["phase"] == "play" and state["turn"] == 0 and state["legal"]:
        return {"type": "play", "card": state["legal"][-1]}
    if state["phase"] == "moon_choice" and state.get("moon_options"):
        return {"type": "moon", "choice": "new"}
    return None


async def flooder(port: int, tally: Tally, until: float, hellos: int = 3000) -> None:
    """A client that floods `hello after 0` and does not read: closed with 1008."""
    while time.monotonic() < until:
        conn = await Http.open(port)
        status, answer = await conn.request("POST", "/api/hearts/games", {})
        tally.answer(status, answer)
        conn.close()
        if status != 201:
            await asyncio.sleep(5)
            continue
        ws = await RawSocket.open(port, f"/api/hearts/games/{answer['game']['id']}/ws",
                                  conn.cookie)
        with contextlib.suppress(ConnectionError):
            for _ in range(hellos):
                ws.write('{"type":"hello","after":0}')
            await ws.writer.drain()
        tally.sent += hellos
        await asyncio.sleep(2)  # not reading
        code = await ws.recv_until_closed(20)
        tally.errors[f"ws closed {code}"] += 1
        if code != 1008:
            tally.failures.append(f"a hello flood was closed with {code}, not 1008")
        ws.close()
        await asyncio.sleep(5)


NESTED = "[" * 1000 + "]" * 1000
HUGE = "1" * 5000


async def bad_input(port: int, tally: Tally, until: float, rng: random.Random) -> None:
    """Malformed requests of every kind; each must be a 4xx (or a socket error message)."""
    owner = await Http.open(port)
    status, answer = await owner.request("POST", "/api/h2h/games", {"replaces": None})
    tally.answer(status, answer)
    h2h_id = answer["game"]["id"]
    status, answer = await owner.request("POST", "/api/hearts/games", {})
    tally.answer(status, answer)
    hearts_id = answer["game"]["id"]
    bodies = ["{target: 1", NESTED, f'{{"target": {HUGE}}}', '{"target": NaN}', "[]", "\"x\"",
              json.dumps({"target": 1, "pad": "x" * 20_000})]
    paths = [f"/api/h2h/games/{h2h_id}/tap", f"/api/h2h/games/{h2h_id}/undo",
             "/api/h2h/games", "/api/hearts/games"]
    while time.monotonic() < until:
        choice = rng.randrange(6)
        conn = await Http.open(port)
        try:
            if choice == 0:  # bad bodies
                status, answer = await conn.request("POST", rng.choice(paths),
                                                    raw=rng.choice(bodies).encode())
                tally.answer(status, answer)
            elif choice == 1:  # prefs, nested
                status, answer = await conn.request("PUT", "/api/h2h/prefs", raw=NESTED.encode())
                tally.answer(status, answer)
            elif choice == 2:  # an oversized header: 431 and the connection closed
                with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
                    status, answer = await conn.request(
                        "GET", "/api/h2h/meta", headers=f"X-Pad: {'x' * 20_000}\r\n")
                    tally.answer(status, answer)
            elif choice == 3:  # another person's game (a cookie of its own)
                status, answer = await conn.request("GET", f"/api/h2h/games/{h2h_id}")
                tally.answer(status, answer)
            elif choice == 4:  # forged and malformed socket messages
                ws = await RawSocket.open(port, f"/api/hearts/games/{hearts_id}/ws",
                                          owner.cookie)
                for text in ('{"type":"hello","after":0,"seat":1}', NESTED, "{oops",
                             f'{{"type":"hello","after":{HUGE}}}'[:2000],
                             '{"type":"play","card":"QS","seat":2}'):
                    await ws.send(text)
                    tally.sent += 1
                await asyncio.sleep(0.2)
                ws.close()
            else:  # another site's page, and an oversized message
                ws = await RawSocket.open(port, f"/api/hearts/games/{hearts_id}/ws",
                                          owner.cookie, origin="http://evil.example")
                message = await ws.recv()
                tally.received += 1
                if not message or message.get("error") != "bad_origin":
                    tally.failures.append(f"another site's socket got {message}")
                ws.close()
                ws = await RawSocket.open(port, f"/api/hearts/games/{hearts_id}/ws",
                                          owner.cookie)
                await ws.send("x" * 3000)
                tally.sent += 1
                code = await ws.recv_until_closed(10)
                tally.errors[f"ws closed {code}"] += 1
                ws.close()
        except (ConnectionError, asyncio.IncompleteReadError) as exc:
            tally.errors[f"connection {type(exc).__name__}"] += 1
        finally:
            conn.close()
        await asyncio.sleep(rng.uniform(0.02, 0.2))
    owner.close()


async def sample_rss(pid: int, samples: list[float], until: float) -> None:
    while time.monotonic() < until:
        samples.append(rss_mb(pid))
        await asyncio.sleep(0.5)


async def soak(port: int, pid: int, args: argparse.Namespace, tally: Tally,
               samples: list[float]) -> None:
    rng = random.Random(args.seed)
    until = time.monotonic() + args.minutes * 60
    tasks = [h2h_player(port, tally, until, random.Random(rng.random())) for _ in range(args.h2h)]
    tasks += [hearts_player(port, tally, until, random.Random(rng.random()))
              for _ in range(args.hearts)]
    tasks += [flooder(port, tally, until), bad_input(port, tally, until, random.Random(1)),
              sample_rss(pid, samples, until)]
    with Progress(round(args.minutes * 60), "s", desc="soak", quiet=args.quiet) as bar:
        tasks.append(follow(bar, elapsed(until - args.minutes * 60), until=until,
                            postfix=lambda: f"{tally.requests} requests, "
                                            f"{len(tally.failures)} failures"))
        await asyncio.gather(*tasks)


# The end: every stored game replays to what its client last saw -----------------------------


def check_store(data: Path, tally: Tally) -> int:
    store = Store(data / DB_NAME)
    checked = 0
    for game_id, last in tally.h2h_seen.items():
        row = store.game(game_id)
        if row is None:
            tally.failures.append(f"h2h game {game_id} is not stored")
            continue
        view = Game.from_dict(row.data, dealer=deal_from_code).view()  # W codes: the solver
        for key in ("layout", "free", "stock", "waste", "waste_top", "score", "moves", "won"):
            if view[key] != last[key]:
                tally.failures.append(f"h2h game {game_id}: stored {key} {view[key]!r}"
                                      f" but the page saw {last[key]!r}")
        checked += 1
    for game_id, events in tally.hearts_seen.items():
        row = store.game(game_id)
        if row is None:
            tally.failures.append(f"hearts game {game_id} is not stored")
            continue
        from heartsuite.hearts.rules import Rules

        table = HeartsTable.replay(Rules.from_json(row.data["rules"]), row.code,
                                   row.data["actions"], TableSettings.from_json(row.settings))
        if table.events[:len(events)] != events:
            tally.failures.append(f"hearts game {game_id}: the replay differs from its events")
        checked += 1
    return checked


def report(tally: Tally, samples: list[float], seconds: float, checked: int, bound: float) -> None:
    start = samples[min(len(samples) - 1, 4)] if samples else 0.0
    rows = [
        ("duration", f"{seconds:.0f} s"),
        ("HTTP requests", f"{tally.requests}"),
        ("socket messages sent / received", f"{tally.sent} / {tally.received}"),
        *((f"answers {k}", str(v)) for k, v in sorted(tally.statuses.items())),
        *((k, str(v)) for k, v in sorted(tally.errors.items())),
        ("RSS start / peak / end", f"{start:.0f} / {max(samples, default=0):.0f} / "
                                   f"{samples[-1] if samples else 0:.0f} MB (bound +{bound:.0f})"),
        ("games replayed from the store", str(checked)),
        ("failures", str(len(tally.failures))),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for failure in tally.failures[:20]:
        print("FAIL", failure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--h2h", type=int, default=4, help="Heart to Heart players")
    parser.add_argument("--hearts", type=int, default=3, help="Hearts players")
    parser.add_argument("--rss-bound", type=float, default=150.0,
                        help="MB the server's RSS may grow above its size after the warm-up")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar on stderr (seconds, requests, failures)")
    args = parser.parse_args(argv)
    tally = Tally()
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        proc, port = start_server(data)
        began = time.monotonic()
        try:
            asyncio.run(soak(port, proc.pid, args, tally, samples))
        finally:
            proc.terminate()
            proc.wait(timeout=15)
        seconds = time.monotonic() - began
        checked = check_store(data, tally)
    if samples:
        start = samples[min(len(samples) - 1, 4)]  # after two seconds of warm-up
        if max(samples) - start > args.rss_bound:
            tally.failures.append(f"RSS grew {max(samples) - start:.0f} MB > {args.rss_bound}")
    if tally.statuses.get("5xx"):
        tally.failures.append(f"{tally.statuses['5xx']} answers were 5xx")
    report(tally, samples, seconds, checked, args.rss_bound)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
