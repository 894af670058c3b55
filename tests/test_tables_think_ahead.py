"""`heartsuite serve` starts the computer players' process pool with the app (`think_ahead`), so a
person's first Hard move does not wait for the processes to start and load the compiled core."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from fastapi.testclient import TestClient

from heartsuite.web.app import create_app
from heartsuite.web.tables.thinking import Thinker


def test_think_ahead_starts_the_pool_with_the_app_and_loads_the_core_in_each() -> None:
    app = create_app(":memory:", think_ahead=True)
    thinker: Thinker = app.state.tables.thinker
    with TestClient(app):
        assert len(thinker.warming) == thinker.processes == 2
        assert all(f.result(timeout=300) > 0 for f in thinker.warming)
        pool = thinker._pool
        assert pool is not None
        pids = {p.pid for p in pool._processes.values()}  # the processes the searches will use
        assert len(pids) == 2
    assert thinker._pool is None  # stopped with the app


def test_without_think_ahead_the_pool_waits_for_the_first_search() -> None:
    app = create_app(":memory:")
    thinker: Thinker = app.state.tables.thinker
    with TestClient(app):
        assert thinker._pool is None and thinker.warming == []


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
