"""Load benchmark: 50 concurrent Heart to Heart games against one server on loopback.

Starts `heartsuite serve` in a subprocess (temp data directory); then 50 players, each a person
with its own cookie and keep-alive connection, play the rules page's won deal tap by tap (86 taps
each), pausing `think` ms between taps. A minimal HTTP/1.1 client keeps the load generator's own
cost out of the figures. Prints p50/p90/p99/max per tap for each think time; stops by itself.

Usage: python bench/bench_web_load.py [--clients 50] [--think 250,100,0] [--quiet]

While a think time runs, a progress bar of the taps answered on stderr when it is a terminal,
unless `--quiet`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from heartsuite.cli.progress import Progress, follow
from heartsuite.h2h.moves import TapTarget
from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves


def taps() -> list[TapTarget]:
    """The taps that win the example deal."""
    return [target for move in example_moves() for target in move.taps()]


class Connection:
    """One keep-alive HTTP/1.1 connection that sends JSON and keeps the person cookie."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.cookie = ""

    async def post(self, path: str, body: dict) -> tuple[int, dict]:
        data = json.dumps(body).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n{self.cookie}\r\n")
        self.writer.write(head.encode() + data)
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                self.cookie = f"Cookie: {value.strip().split(';')[0]}\r\n"
        payload = await self.reader.readexactly(length)
        return int(status_line.split()[1]), json.loads(payload)


async def player(port: int, think_s: float, latencies: list[float]) -> None:
    """One person: open the deal and win it, timing every tap."""
    conn = Connection(*await asyncio.open_connection("127.0.0.1", port))
    try:
        status, body = await conn.post("/api/h2h/games", {"code": EXAMPLE_CODE, "replaces": None})
        assert status == 201, body
        game_id = body["game"]["id"]
        await asyncio.sleep(random.uniform(0, think_s))  # players do not start in lockstep
        for target in taps():
            start = time.perf_counter()
            view = body["game"]  # each tap names the position it was made on
            status, body = await conn.post(f"/api/h2h/games/{game_id}/tap", {
                "target": target, "move": view["moves"], "selected": view["selected"],
                "elapsed_ms": 1000})
            latencies.append(time.perf_counter() - start)
            assert status == 200, body
            if think_s:
                await asyncio.sleep(think_s)
        assert body["game"]["won"], "the deal was not won"
    finally:
        conn.writer.close()


async def run(port: int, clients: int, think_s: float,
              quiet: bool = False) -> tuple[list[float], float]:
    latencies: list[float] = []
    start = time.perf_counter()
    with Progress(clients * len(taps()), "tap", desc=f"think {think_s * 1000:.0f} ms",
                  quiet=quiet) as bar:
        shown = asyncio.create_task(follow(bar, latencies.__len__))
        await asyncio.gather(*(player(port, think_s, latencies) for _ in range(clients)))
        shown.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await shown
    return latencies, time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--think", default="250,100,0",
                        help="comma-separated pauses between one player's taps, in ms")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    port = free_port()
    print(f"{'clients':>8} {'think ms':>9} {'taps':>6} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7}"
          f" {'max ms':>7} {'taps/s':>7}")
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.Popen(
            [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
             "--data", data],
            stdout=subprocess.DEVNULL,
        )
        try:
            wait_ready(port, proc)
            for think in (int(x) for x in args.think.split(",")):
                latencies, wall = asyncio.run(run(port, args.clients, think / 1000, args.quiet))
                ms = sorted(x * 1000 for x in latencies)
                q = statistics.quantiles(ms, n=100)
                print(f"{args.clients:>8} {think:>9} {len(ms):>6} {q[49]:>7.2f} {q[89]:>7.2f}"
                      f" {q[98]:>7.2f} {ms[-1]:>7.2f} {len(ms) / wall:>7.0f}", flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
