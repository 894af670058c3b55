"""Scale-out benchmark: the same load against one server process and against two processes
sharing Redis and PostgreSQL, on this machine, in one run.

Configurations (each with servers of its own, started here; PostgreSQL and Redis are started
in temporary directories as the tests do):
- `1 process (SQLite)`: `heartsuite serve`, the embedded default;
- `1 process + Redis + PG`: one `serve --database … --redis …` (what sharing costs);
- `2 processes + Redis + PG`: two of those on two ports; every table's four seats alternate
  between them (so every event crosses processes); Heart to Heart players are spread over
  them, each on one keep-alive connection as through a load balancer (`--spread person`), or
  each tap to the other process than the one before (`--spread tap`: every tap finds its copy
  stale and reads the game again, the worst case).

Load per step: `--tables` tables of four program clients, paced at `--pace` s ±25 % per action
(`bench_tables_load.seat_client`: light clients by default — `LightSeat`, the first legal card
or pass read from the JSON view, so the load generator leaves the cores to the servers;
`--heuristic-clients`: the join client's loop with the heuristic player) and `--tappers` Heart to
Heart players tapping the example deal with `--think` s between taps. Each step has `--factor`
times the tables (and tappers) of the one before, until a p99 goes over `--bound` ms or
`--steps` are done. The capacity of
a configuration is the action rate (table actions + taps per second) of its largest step whose
table-event p99 and tap p99 both stay within `--bound` in steady play; the ratio compares it
with one process.

Steady play: a step's figures start `--settle` s after the last of its seats got its table (and
no sooner than `--warmup` s). The arrival before — every seat of the step connecting within
`--stagger` s, each answered with its table — is a burst of its own, whose backlog took seconds
at a few hundred tables; counted in, it decided the p99 of every step near the limit, whatever
the configuration (a thundering herd, not the load of play). Its p99 is reported apart
("arrival p99"). A step whose seats never all arrive has no steady figures and fails.

Servers keep a person's seat for a day (`--grace 86400`), so the tables of an earlier step,
left by their clients, never get computer stand-ins that would load the next step.

The tables of a step start over `--stagger` seconds (each table's four seats connect together
at a random moment in that span), as people arriving do. With every table starting at the same
instant (`--stagger 0`) the tables play in step: one action per table arrives in a burst every
`--pace` seconds, and the p99 measures how long a burst of that many actions takes, nearly the
same for every configuration, instead of the load a configuration holds.

Usage: python bench/bench_scale_out.py [--tables 40] [--steps 7] [--factor 1.5] [--pace 1.0]
                                       [--seconds 20] [--tappers 10] [--think 0.5]
                                       [--bound 150] [--spread person|tap] [--stagger 2]
                                       [--configs sqlite,one,two] [--quiet]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_tables_load import (  # noqa: E402
    Clock,
    cpu_seconds,
    free_port,
    make_tables,
    quantile,
    seat_client,
)
from bench_web_load import Connection, taps  # noqa: E402

from heartsuite.cli.progress import Progress, elapsed, follow  # noqa: E402
from heartsuite.web.collector import tune_for_serving  # noqa: E402
from heartsuite.web.site.examples import EXAMPLE_CODE  # noqa: E402
from tests.postgres_server import Postgres  # noqa: E402
from tests.redis_server import Redis  # noqa: E402


def start_server(data: str, shared: tuple[str, str] | None) -> tuple[subprocess.Popen[bytes],
                                                                       int]:
    port = free_port()
    extra = ["--database", shared[0], "--redis", shared[1]] if shared else []
    process = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--port", str(port), "--data", data,
         "--no-browser", "--grace", "86400", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("a server did not start") from None
            time.sleep(0.1)


async def tapper(ports: list[int], think: float, until: float, latencies: list[float],
                 errors: list[str]) -> None:
    """One person winning the example deal again and again, each tap to the next of `ports`
    (one port: every tap to that process)."""
    connections = [Connection(*await asyncio.open_connection("127.0.0.1", p)) for p in ports]
    turn = 0

    async def post(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        nonlocal turn
        conn = connections[turn % len(connections)]
        turn += 1
        cookie = next((c.cookie for c in connections if c.cookie), "")
        conn.cookie = conn.cookie or cookie
        status, answer = await conn.post(path, body)
        for other in connections:
            other.cookie = other.cookie or conn.cookie
        return status, answer

    try:
        await asyncio.sleep(random.uniform(0, think))
        replaces = None
        while time.monotonic() < until:
            status, body = await post("/api/h2h/games", {"code": EXAMPLE_CODE,
                                                         "replaces": replaces})
            if status != 201:
                errors.append(f"new game {status}: {body}")
                return
            game_id = body["game"]["id"]
            for target in taps():
                if time.monotonic() >= until:
                    return
                view = body["game"]
                start = time.perf_counter()
                status, body = await post(f"/api/h2h/games/{game_id}/tap", {
                    "target": target, "move": view["moves"], "selected": view["selected"],
                    "elapsed_ms": 1000})
                latencies.append(time.perf_counter() - start)
                if status != 200:
                    errors.append(f"tap {status}: {body}")
                    return
                await asyncio.sleep(think * random.uniform(0.75, 1.25))
            replaces = game_id
    except Exception as exc:  # a bench reports every failure and goes on
        errors.append(f"tapper: {type(exc).__name__}: {exc}")
    finally:
        for conn in connections:
            conn.writer.close()


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent busy (every core, every process: the servers, the
    load generator, PostgreSQL and Redis), from /proc/stat's first line: all but idle and
    iowait. Over a step, divided by its wall time, the cores in use: near the core count, the
    machine itself is the limit, whatever the configuration."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def step(ports: list[int], pids: list[int], tables: int, tappers: int, args: argparse.Namespace,
         name: str) -> dict[str, Any]:
    """One step: the tables arrive (connect, are dealt), then the figures of the steady play
    that follows (see `--settle`); the arrival's own p99 is reported apart."""
    made = make_tables(f"http://127.0.0.1:{ports[0]}", tables, 0)
    seats = sum(len(people) for _, people in made)
    clock, taps_ms, tap_errors = Clock(), [], []  # type: ignore[var-annotated]
    mark: dict[str, float] = {}  # the counters when the arrival ended

    def counters() -> dict[str, float]:
        return {"delays": len(clock.delays), "taps": len(taps_ms), "actions": clock.actions,
                "at": time.monotonic(), "cpu": sum(cpu_seconds(p) for p in pids),
                "busy": machine_busy_seconds(), "own": time.process_time()}

    async def arrival(until: float) -> None:
        """The arrival ends `--settle` s after the last seat got its table (and no sooner
        than `--warmup` s): what the step measures then is play alone, at its load."""
        await asyncio.sleep(args.warmup)
        while clock.connected < seats and time.monotonic() < until:
            await asyncio.sleep(0.05)
        await asyncio.sleep(args.settle)
        if time.monotonic() < until:
            mark.update(counters())

    async def main() -> None:
        until = time.monotonic() + args.seconds
        arriving = asyncio.ensure_future(arrival(until))
        with Progress(round(args.seconds), "s", desc=name, quiet=args.quiet) as bar:
            shown = asyncio.create_task(follow(
                bar, elapsed(time.monotonic()), until=until,
                postfix=lambda: f"{clock.actions} actions, {len(taps_ms)} taps"))
            await asyncio.gather(
                *(seat_client(
                    f"ws://127.0.0.1:{ports[(t + i) % len(ports)]}/api/tables/{code}/ws",
                    code, token, seat, args.pace, clock, until,
                    light=not args.heuristic_clients,
                    start_after=random.Random(code).uniform(0, args.stagger))
                  for t, (code, people) in enumerate(made)
                  for i, (token, seat) in enumerate(people)),
                *(tapper(ports if args.spread == "tap" else [ports[n % len(ports)]],
                         args.think, until, taps_ms, tap_errors) for n in range(tappers)))
            shown.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await shown
        await arriving

    asyncio.run(main())
    end = counters()
    if not mark:  # the seats never all arrived: nothing steady to measure, the step fails
        mark.update(end)
    wall = max(end["at"] - mark["at"], 1e-9)
    first, first_taps = int(mark["delays"]), int(mark["taps"])
    delays, tapped = clock.delays[first:], taps_ms[first_taps:]
    return {"tables": tables, "tappers": tappers,
            "offered": tables / args.pace + tappers / args.think,
            "rate": (clock.actions - mark["actions"] + len(tapped)) / wall,
            "measured": end["at"] - mark["at"],
            "arrival_p99": quantile(clock.delays[:first], 0.99) * 1000,
            "p99": quantile(delays, 0.99) * 1000, "p50": quantile(delays, 0.5) * 1000,
            "tap_p99": quantile(tapped, 0.99) * 1000,
            "cores": (end["cpu"] - mark["cpu"]) / wall,
            "generator": (end["own"] - mark["own"]) / wall,
            "busy": (end["busy"] - mark["busy"]) / wall,
            "errors": clock.errors + tap_errors}


def configuration(name: str, processes: int, shared: tuple[str, str] | None,
                  args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as data:
        servers = [start_server(f"{data}/{n}", shared) for n in range(processes)]
        ports, pids = [p for _, p in servers], [s.pid for s, _ in servers]
        try:
            tables, tappers = args.tables, args.tappers
            for _ in range(args.steps):
                row = step(ports, pids, tables, tappers, args, f"{name}: {tables} tables")
                row["config"] = name
                rows.append(row)
                if not capacity([row], args.bound):
                    break  # over the bound, or not keeping up
                tables = round(tables * args.factor)
                tappers = round(tappers * args.factor)
        finally:
            for server, _ in servers:
                server.terminate()
                server.wait(timeout=30)
    return rows


KEPT_UP = 0.9  # of the offered rate, for a step to count


def capacity(rows: list[dict[str, Any]], bound: float) -> float:
    """The rate of the largest step within the bound that kept up with its load (a p99 of
    nothing measured, `--tables 0` or `--tappers 0`, is no limit). Kept up: at least `KEPT_UP`
    of the rate offered (a table acts once per pace, a tapper once per think time), for a step
    whose tables stall — sockets dropped as too far behind, say — has a low p99 over the few
    events still delivered."""
    within = [r["rate"] for r in rows
              if not r["p99"] > bound and not r["tap_p99"] > bound
              and r["rate"] >= KEPT_UP * r["offered"]]
    return max(within, default=0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40, help="tables in the first step (40)")
    parser.add_argument("--steps", type=int, default=7, help="steps at most (7)")
    parser.add_argument("--factor", type=float, default=1.5,
                        help="each step has this many times the load of the one before (1.5)")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds per action (1.0)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="seconds per step (30), the arrival included")
    parser.add_argument("--tappers", type=int, default=10, help="tappers in the first step")
    parser.add_argument("--think", type=float, default=0.5, help="seconds between taps (0.5)")
    parser.add_argument("--bound", type=float, default=150.0, help="p99 bound in ms (150)")
    parser.add_argument("--warmup", type=float, default=4.0,
                        help="seconds at the start of a step left out of the figures at "
                        "least (4)")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds left out after the last seat got its table (2): the "
                        "arrival's backlog; its p99 is reported apart")
    parser.add_argument("--heuristic-clients", action="store_true",
                        help="table clients that parse each view and choose with the heuristic "
                        "(the join client's loop) instead of the light ones")
    parser.add_argument("--spread", choices=("person", "tap"), default="person",
                        help="with two processes: each Heart to Heart player on one of them "
                        "(person), or each tap to the other one (tap)")
    parser.add_argument("--stagger", type=float, default=2.0,
                        help="tables start over this many seconds (2.0), so they do not act in"
                             " step; 0: all at once, a burst of one action per table each pace")
    parser.add_argument("--configs", default="sqlite,one,two",
                        help="which configurations, in order (sqlite,one,two): sqlite = 1 process"
                             " on SQLite, one = 1 process + Redis + PG, two = 2 processes")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    # the load generator holds every socket and every sent action's time: its own full garbage
    # collections would stall its event loop and show up as the servers' latency
    tune_for_serving()

    postgres, redis_server = Postgres(), Redis()
    try:
        shared = (postgres.url, redis_server.url)
        runs = {"sqlite": ("1 process (SQLite)", 1, None),
                "one": ("1 process + Redis + PG", 1, shared),
                "two": ("2 processes + Redis + PG", 2, shared)}
        rows = [row for key in args.configs.split(",")
                for row in configuration(*runs[key], args)]
    finally:
        redis_server.stop()
        postgres.stop()

    print(f"{os.cpu_count()} cores (load generator, PostgreSQL and Redis on the same ones); "
          f"pace {args.pace} s per table action, {args.think} s between taps, "
          f"{args.seconds:.0f} s per step, p99 bound {args.bound:.0f} ms, "
          f"taps spread by {args.spread}")
    print()
    print("| configuration | tables | tappers | measured s | actions + taps /s | of offered "
          "| table p50 ms "
          "| table p99 ms | tap p99 ms | arrival p99 ms | server CPU (cores) "
          "| load generator CPU (cores) | machine busy (cores) | errors |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['config']} | {r['tables']} | {r['tappers']} | {r['measured']:.1f} | "
              f"{r['rate']:.0f} | {r['rate'] / r['offered']:.0%} | {r['p50']:.1f} | "
              f"{r['p99']:.1f} | {r['tap_p99']:.1f} | "
              f"{r['arrival_p99']:.0f} | {r['cores']:.2f} | {r['generator']:.2f} | "
              f"{r['busy']:.2f} | {len(r['errors'])} |")
    print()
    names = list(dict.fromkeys(r["config"] for r in rows))
    base = capacity([r for r in rows if r["config"] == "1 process (SQLite)"], args.bound)
    same = capacity([r for r in rows if r["config"] == "1 process + Redis + PG"], args.bound)
    print("| configuration | capacity (actions + taps /s within the bound) "
          "| ratio to 1 process (SQLite) | ratio to 1 process + Redis + PG |")
    print("|---|---|---|---|")
    for name in names:
        held = capacity([r for r in rows if r["config"] == name], args.bound)
        print(f"| {name} | {held:.0f} | {held / base if base else float('nan'):.2f} "
              f"| {held / same if same else float('nan'):.2f} |")
    errors = [e for r in rows for e in r["errors"]]
    for error in errors[:10]:
        print("error:", error, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
