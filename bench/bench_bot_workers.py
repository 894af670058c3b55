"""Bot-move throughput: Hard moves per second through `QueueThinker` with 1 and 2 worker processes.

Starts a redis-server of its own (tests/redis_server.py: a free port, a temporary directory) and,
for each setup in turn, `heartsuite worker` subprocesses on it: "1 worker" is one
`heartsuite worker --concurrency 1`; "2 workers" is two of them, two separate processes as two
machines would run them; "1 worker × 2" is one `heartsuite worker --concurrency 2` (one arq
worker, a pool of two processes). In this process `--inflight` submitters feed a stream of real
positions (heuristic games, every position with a choice to make) to one `QueueThinker`, each
awaiting its move before it sends the next, so the queue is never empty. Measured over
`--seconds` after a warm-up: moves answered by a worker per second, each move's time from
submission to answer (p50, p99), the moves thought here instead (fallbacks: none expected, the
margin is large enough for the queue's wait), and this process's CPU per move (the web
process's share of a move sent to the workers), and the machine's load average after each setup
(the machine may be shared: a load above the cores means other work took CPU from the workers).

Usage: python bench/bench_bot_workers.py [--seconds 15] [--inflight 4]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from heartsuite.arena.driver import play_positions  # noqa: E402
from heartsuite.cli.progress import Progress, elapsed, follow  # noqa: E402
from heartsuite.hearts.rules import Rules  # noqa: E402
from heartsuite.hearts.view import SeatView  # noqa: E402
from heartsuite.web.tables.queue_thinking import QueueThinker, health_key  # noqa: E402
from tests.redis_server import Redis  # noqa: E402

SETUPS = [("1 worker", [1]), ("2 workers", [1, 1]), ("1 worker × 2", [2])]


def positions(count: int) -> list[tuple[SeatView, tuple[int, ...]]]:
    """Real positions with a choice to make (more than one legal card), from heuristic games."""
    found: list[tuple[SeatView, tuple[int, ...]]] = []
    for number in itertools.count():
        for i, (_, view) in enumerate(play_positions(Rules(), number)):
            if view.legal.bit_count() > 1:
                found.append((view, (number, i)))
        if len(found) >= count:
            return found[:count]
    raise AssertionError("unreachable")


def start_workers(url: str, queue: str, concurrencies: list[int]) -> list[subprocess.Popen[str]]:
    procs = [subprocess.Popen([sys.executable, "-m", "heartsuite", "worker", "--redis", url,
                               "--queue", queue, "--concurrency", str(n)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for n in concurrencies]
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 60
    while not client.exists(health_key(queue)):
        if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
            raise RuntimeError("a worker did not start")
        time.sleep(0.05)
    client.close()
    time.sleep(1.0)  # the others mark the same key: give every worker time to start its pool
    return procs


def stop_workers(procs: list[subprocess.Popen[str]]) -> None:
    for p in procs:
        p.send_signal(signal.SIGTERM)
    for p in procs:
        p.communicate(timeout=30)


async def measure(url: str, queue: str, stream: Iterator[tuple[SeatView, tuple[int, ...]]],
                  inflight: int, warmup: float, seconds: float, name: str = "",
                  quiet: bool = False) -> dict[str, Any]:
    thinker = QueueThinker(url, queue, margin=5.0)
    times: list[float] = []
    loop = asyncio.get_running_loop()
    start = loop.time()
    begin, end = start + warmup, start + warmup + seconds
    counted = {"remote": 0, "local": 0}
    cpu: list[float] = []

    async def submitter() -> None:
        while (now := loop.time()) < end:
            view, key = next(stream)
            remote, local = thinker.remote, thinker.local
            await thinker.choose("hard", view, key)
            done = loop.time()
            if now >= begin and done <= end:
                times.append(done - now)
                counted["remote"] += thinker.remote - remote
                counted["local"] += thinker.local - local

    async def clock() -> None:
        await asyncio.sleep(warmup)
        cpu.append(time.process_time())
        await asyncio.sleep(seconds)
        cpu.append(time.process_time())

    with Progress(round(warmup + seconds), "s", desc=name, quiet=quiet) as bar:
        await asyncio.gather(
            clock(), *(submitter() for _ in range(inflight)),
            follow(bar, elapsed(time.monotonic()), until=time.monotonic() + warmup + seconds,
                   postfix=lambda: f"{len(times)} moves"))
    await thinker.aclose()
    times.sort()
    moves = len(times)
    return {"moves": moves, "per_s": moves / seconds,
            "p50": times[moves // 2] * 1000 if moves else 0.0,
            "p99": times[min(moves - 1, int(moves * 0.99))] * 1000 if moves else 0.0,
            "fallbacks": counted["local"],
            "cpu_ms": (cpu[1] - cpu[0]) * 1000 / moves if moves else 0.0,
            "load": os.getloadavg()[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="measured per setup (15)")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured first (2)")
    parser.add_argument("--inflight", type=int, default=4, help="moves awaited at a time (4)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()

    stream = itertools.cycle(positions(600))
    server = Redis()
    rows = []
    try:
        for number, (name, concurrencies) in enumerate(SETUPS):
            queue = f"heartsuite:bench-{number}"
            procs = start_workers(server.url, queue, concurrencies)
            try:
                row = asyncio.run(measure(server.url, queue, stream, args.inflight,
                                          args.warmup, args.seconds, name, args.quiet))
            finally:
                stop_workers(procs)
            rows.append((name, sum(concurrencies), row))
    finally:
        server.stop()

    base = rows[0][2]["per_s"]
    print(f"Hard moves (0.1 s budget, fresh player per move) through QueueThinker, "
          f"{args.inflight} in flight, {args.seconds:.0f} s each, {os.cpu_count()} cores")
    print()
    print("| setup | worker processes | Hard moves/s | ratio to 1 worker | p50 ms | p99 ms "
          "| fallbacks | client CPU ms/move | load average (1 min) after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, processes, r in rows:
        print(f"| {name} | {processes} | {r['per_s']:.1f} | {r['per_s'] / base:.2f} | "
              f"{r['p50']:.0f} | {r['p99']:.0f} | {r['fallbacks']} | {r['cpu_ms']:.2f} | "
              f"{r['load']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
