"""Load benchmark: tables of program clients at human pace against one `heartsuite serve`.

Starts the server in a subprocess (free port, temporary data directory). Scenario "people":
`--tables` tables of four program clients each — the `heartsuite hearts join` client's player
loop (`arena.remote.SeatLoop`, heuristic players) on asyncio sockets in this process — every
client taking `--pace` seconds (±25 %) per pass and play. Scenario "hard": `--hard-tables`
tables of one program client and three Hard computer players of the server at normal speed.

Measured: from the moment a client sends an action to the moment its event (`play`, `passed`)
reaches each seat of the table (one clock: all clients are in this process), p50/p90/p99/max;
the server's CPU (its process and its search pool's processes, from /proc) as cores in use,
and its peak RSS; for "hard", how many such tables one core holds (tables ÷ cores in use).

Usage: python bench/bench_tables_load.py [--tables 100] [--pace 2.0] [--seconds 120]
                                         [--hard-tables 10] [--hard-seconds 90] [--quiet]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from heartsuite.arena.remote import SeatLoop, Server, parse_invite
from heartsuite.cli.progress import Progress, elapsed, follow
from heartsuite.players import make_player
from heartsuite.prng import Rng

TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# The server's process tree, from /proc ---------------------------------------------------------

def tree(root: int) -> list[int]:
    """`root` and every process below it (the search pool's workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_seconds(root: int) -> float:
    """User + system CPU of the tree, live processes (and what they reaped)."""
    total = 0
    for pid in tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return total / TICK


def rss_mb(root: int) -> float:
    total = 0
    for pid in tree(root):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


# The clients ---------------------------------------------------------------------------------

@dataclass
class Clock:
    """Send times of actions and the delays to every seat that received their events."""

    sent: dict[tuple[Any, ...], float] = field(default_factory=dict)
    delays: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    connected: int = 0  # seats that received their first message (the table after `hello`)


def event_key(table: str, round_index: int, event: dict[str, Any]) -> tuple[Any, ...] | None:
    if event.get("kind") == "play":
        return (table, round_index, event.get("seat"), event.get("card"))
    if event.get("kind") == "passed":
        return (table, round_index, event.get("seat"), "pass")
    return None


def time_event(clock: Clock, table: str, round_index: int, message: dict[str, Any],
               now: float) -> int:
    """Note when an action's event reached this seat (if this run sent it); the round number
    after the message."""
    if message.get("type") == "event":
        event = message.get("event") or {}
        if event.get("kind") == "round":
            round_index = event["round"]
        key = event_key(table, round_index, event)
        if key is not None and key in clock.sent:
            clock.delays.append(now - clock.sent[key])
    return round_index


class LightSeat:
    """A seat with `SeatLoop`'s interface that plays the first legal card (or passes its first
    three) read from the view's JSON: a load generator that costs little."""

    done = False

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._acted: tuple[Any, ...] | None = None

    def hello(self) -> dict[str, Any]:
        return {"type": "hello", "after": 0}

    def receive(self, message: dict[str, Any]) -> dict[str, Any] | None:
        view = message.get("view")
        if not isinstance(view, dict):
            return None
        decision = (view.get("round"), view.get("phase"), len(view.get("hand") or []))
        if decision == self._acted:
            return None
        action: dict[str, Any] | None = None
        if view.get("phase") == "pass" and self.seat in (view.get("waiting_to_pass") or []):
            action = {"type": "pass", "cards": view["hand"][:3]}
        elif view.get("phase") == "play" and view.get("turn") == self.seat and view["legal"]:
            action = {"type": "play", "card": view["legal"][0]}
        elif view.get("phase") == "moon_choice" and view.get("moon_options"):
            action = {"type": "moon", "choice": view["moon_options"][0]}
        if action is not None:
            self._acted = decision
        return action


async def seat_client(url: str, table: str, token: str, seat: int, pace: float, clock: Clock,
                      until: float, light: bool = False, start_after: float = 0.0) -> None:
    """One program at one seat until `until` (monotonic): the join client's loop (or, `light`,
    a `LightSeat`), paced, connecting `start_after` s from now (a table's seats share it, so
    tables started at different moments keep different rhythms)."""
    await asyncio.sleep(start_after)
    rng = Rng.for_key("bench", int.from_bytes(table.encode()), seat)
    loop: SeatLoop | LightSeat = (LightSeat(seat) if light
                                  else SeatLoop(seat, make_player("heuristic", seat), rng))
    rnd = random.Random(f"{table}{seat}")
    round_index = 0
    pending: set[asyncio.Task[None]] = set()

    async def act_later(ws: ClientConnection, action: dict[str, Any], key: tuple[Any, ...]
                        ) -> None:
        await asyncio.sleep(pace * rnd.uniform(0.75, 1.25))
        if time.monotonic() >= until:
            return
        clock.sent[key] = time.monotonic()
        clock.actions += 1
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps(action))

    try:
        async with connect(url, additional_headers={"Authorization": f"Bearer {token}"},
                           max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps(loop.hello()))
            first = True
            # one deadline for the whole loop (asyncio's clock is time.monotonic), not a timer
            # per message; orjson parses: the generator shares the cores with the servers
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(until):
                    async for raw in ws:
                        now = time.monotonic()
                        message = orjson.loads(raw)
                        if first:
                            clock.connected, first = clock.connected + 1, False
                        round_index = time_event(clock, table, round_index, message, now)
                        action = loop.receive(message)
                        if action is not None:
                            if action["type"] == "play":
                                key = (table, round_index, seat, action["card"])
                            else:
                                key = (table, round_index, seat, action["type"])
                            task = asyncio.create_task(act_later(ws, action, key))
                            pending.add(task)
                            task.add_done_callback(pending.discard)
                        if loop.done:
                            break
    except Exception as exc:  # a bench reports every failure and goes on
        clock.errors.append(f"{table}/{seat}: {type(exc).__name__}: {exc}")
    for task in pending:
        task.cancel()


def make_tables(base: str, count: int, bots: int) -> list[tuple[str, list[tuple[str, int]]]]:
    """`count` tables, each with `bots` Hard seats (server side) and people for the rest: per
    table its code and (token, seat) of every person. Blocking HTTP, before the clock starts."""
    tables = []
    for _ in range(count):
        creator = Server(base)
        creator.new_person()
        seats = [{"kind": "person"}] + [{"kind": "bot", "level": "hard"}] * bots + \
            [{"kind": "person"}] * (3 - bots)
        made = creator.create_table({"name": "Ana", "seats": seats, "speed": "normal"})
        code = parse_invite(made["invite"]).table
        people = [(creator.token or "", 0)]
        for n in range(3 - bots):
            joiner = Server(base)
            joiner.new_person()
            _, seat = joiner.join(code, f"P{n}")
            people.append((joiner.token or "", seat))
        tables.append((code, people))
    return tables


async def run_clients(port: int, tables: list[tuple[str, list[tuple[str, int]]]], pace: float,
                      seconds: float, clock: Clock) -> None:
    until = time.monotonic() + seconds
    await asyncio.gather(*(
        seat_client(f"ws://127.0.0.1:{port}/api/tables/{code}/ws", code, token, seat, pace,
                    clock, until)
        for code, people in tables for token, seat in people))


# The run -------------------------------------------------------------------------------------

def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def scenario(port: int, server_pid: int, name: str, count: int, bots: int, pace: float,
             seconds: float, quiet: bool = False) -> dict[str, Any]:
    tables = make_tables(f"http://127.0.0.1:{port}", count, bots)
    clock = Clock()
    cpu0, wall0, own0 = cpu_seconds(server_pid), time.monotonic(), time.process_time()
    peak = [rss_mb(server_pid)]

    async def main() -> None:
        async def sample() -> None:
            while True:
                await asyncio.sleep(1.0)
                peak.append(await asyncio.to_thread(rss_mb, server_pid))

        sampler = asyncio.create_task(sample())
        with Progress(round(seconds), "s", desc=name, quiet=quiet) as bar:
            shown = asyncio.create_task(follow(
                bar, elapsed(time.monotonic()), until=time.monotonic() + seconds,
                postfix=lambda: f"{clock.actions} actions, {len(clock.errors)} errors"))
            await run_clients(port, tables, pace, seconds, clock)
            shown.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await shown
        sampler.cancel()

    asyncio.run(main())
    wall = time.monotonic() - wall0
    cores = (cpu_seconds(server_pid) - cpu0) / wall
    return {"scenario": name, "tables": count, "clients": sum(len(p) for _, p in tables),
            "actions": clock.actions, "timed": len(clock.delays),
            "p50": quantile(clock.delays, 0.5) * 1000, "p90": quantile(clock.delays, 0.9) * 1000,
            "p99": quantile(clock.delays, 0.99) * 1000,
            "max": max(clock.delays, default=float("nan")) * 1000,
            "cores": cores, "rss": max(peak), "client_cores": (time.process_time() - own0) / wall,
            "errors": clock.errors}


def served(name: str, count: int, bots: int, pace: float, seconds: float,
           quiet: bool = False) -> dict[str, Any]:
    """One scenario against a server of its own (abandoned tables of an earlier scenario would
    hand their seats to stand-ins and load the next one)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "heartsuite", "serve", "--port", str(port), "--data", data,
             "--no-browser"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            return scenario(port, server.pid, name, count, bots, pace, seconds, quiet)
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds per action (2)")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--hard-tables", type=int, default=10)
    parser.add_argument("--hard-seconds", type=float, default=90.0)
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar on stderr (seconds, actions, errors)")
    args = parser.parse_args()

    rows = [served("people", args.tables, 0, args.pace, args.seconds, args.quiet)]
    if args.hard_tables:
        rows.append(served("hard", args.hard_tables, 3, args.pace, args.hard_seconds,
                           args.quiet))
    print(f"pace {args.pace} s per action (±25 %), {os.cpu_count()} cores, one server process")
    print()
    print("| scenario | tables | program clients | actions | events timed | p50 ms | p90 ms "
          "| p99 ms | max ms | server CPU (cores) | server RSS peak MB | client CPU (cores) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['scenario']} | {r['tables']} | {r['clients']} | {r['actions']:,} | "
              f"{r['timed']:,} | {r['p50']:.1f} | {r['p90']:.1f} | {r['p99']:.1f} | "
              f"{r['max']:.1f} | {r['cores']:.2f} | {r['rss']:.0f} | {r['client_cores']:.2f} |")
    for r in rows:
        if r["scenario"] == "hard" and r["cores"] > 0:
            print(f"\nHard tables (1 program + 3 Hard at normal speed) per core: "
                  f"{r['tables'] / r['cores']:.1f}")
    goal = rows[0]["p99"] < 50
    print(f"goal p99 < 50 ms at {args.tables} tables of people: {'met' if goal else 'not met'}")
    errors = [e for r in rows for e in r["errors"]]
    for error in errors[:10]:
        print("client error:", error, file=sys.stderr)
    print(f"client errors: {len(errors)}")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
