"""The tables' search processes: `heartsuite serve` starts them with the app (`think_ahead`), so a
person's first Hard move does not wait for them to start and load the compiled core; a table's
searches go to one process, which keeps its players from move to move; and they end with the
process that made them, however it ends."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections import OrderedDict

import pytest
from fastapi.testclient import TestClient

from heartsuite.arena.driver import play_positions
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.web.app import create_app
from heartsuite.web.tables import thinking
from heartsuite.web.tables.thinking import Thinker
from tests.web_helpers import in_thread


def test_think_ahead_starts_the_pool_with_the_app_and_loads_the_core_in_each() -> None:
    app = create_app(":memory:", think_ahead=True)
    thinker: Thinker = app.state.tables.thinker
    with TestClient(app):
        assert len(thinker.warming) == thinker.processes == 2
        assert all(f.result(timeout=300) > 0 for f in thinker.warming)
        pids = {p.pid for pool in thinker._pools if pool is not None
                for p in pool._processes.values()}  # the processes the searches will use
        assert len(pids) == 2
    assert thinker._pools == [None, None]  # stopped with the app


def test_without_think_ahead_the_pool_waits_for_the_first_search() -> None:
    app = create_app(":memory:")
    thinker: Thinker = app.state.tables.thinker
    with TestClient(app):
        assert thinker._pools == [None, None] and thinker.warming == []


def _seat_moves(seat: int, count: int) -> list[SeatView]:
    """`count` successive card plays of `seat` with a choice, in one game of heuristic players."""
    views = [view for _, view in play_positions(Rules(), 5)
             if view.seat == seat and view.legal & (view.legal - 1)]
    return views[:count]


def test_a_table_seat_keeps_its_player_in_one_process_from_move_to_move() -> None:
    """A search player at a table is the one of the benchmarks: kept from move to move (its
    chains and clock), so every search of a table goes to the same process, which keeps it."""
    first, second = _seat_moves(2, 2)
    keep = ("table-a", 2)

    async def play() -> tuple[list[int], int]:
        thinker = Thinker(2)
        try:
            for n, view in enumerate((first, second)):
                await thinker.choose("hard", view, (7, 2, n), keep)
            home = thinker.route(keep)
            kept = [await thinker._in_pool(i, thinking.kept_players) for i in range(2)]
            return kept, home
        finally:
            thinker.stop()

    kept, home = in_thread(lambda: asyncio.run(play()))
    assert kept[home] == 1 and kept[1 - home] == 0


def test_choose_keeps_players_by_table_and_seat_and_forgets_the_oldest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "_kept", OrderedDict())
    monkeypatch.setattr(thinking, "KEPT", 2)
    first, second = _seat_moves(1, 2)
    thinking.choose("medium", first, (3, 1, 0), ("t", 1))
    player = thinking._kept[("t", 1, "medium", 3)]
    thinking.choose("medium", second, (3, 1, 1), ("t", 1))
    assert thinking._kept[("t", 1, "medium", 3)] is player  # the same player, move after move
    thinking.choose("medium", first, (3, 1, 0))  # no table: nothing kept
    assert thinking.kept_players() == 1
    thinking.choose("medium", first, (3, 1, 0), ("u", 1))
    thinking.choose("easy", first, (3, 1, 0), ("t", 1))  # another level: another player
    assert list(thinking._kept) == [("u", 1, "medium", 3), ("t", 1, "easy", 3)]


MAKER = """
import time
from heartsuite.web.tables.pool import search_pool
pool = search_pool(2)
list(pool.map(time.sleep, [0.3] * 4))  # busy long enough that both processes start
print(*pool._processes, flush=True)
time.sleep(120)
"""


def test_the_pool_processes_end_when_the_process_that_made_them_is_killed() -> None:
    """SIGKILL leaves no clean-up to the maker: its pool processes, the fork server and the
    resource tracker must notice by themselves, and let go of its output (which they inherit)."""
    maker = subprocess.Popen([sys.executable, "-c", MAKER], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    try:
        assert maker.stdout is not None
        pids = [int(p) for p in maker.stdout.readline().split()]
        assert pids and all(_running(p) for p in pids)
        maker.kill()
        maker.wait(timeout=10)
        ended = threading.Event()
        threading.Thread(target=lambda: (maker.stdout.read(), ended.set()),  # type: ignore[union-attr]
                         daemon=True).start()
        assert ended.wait(timeout=30), "a process still holds the killed maker's output"
        deadline = time.monotonic() + 10
        while any(_running(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_running(p) for p in pids)
    finally:
        maker.kill()


def _running(pid: int) -> bool:
    """Whether `pid` is a live process (an ended one not yet reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
