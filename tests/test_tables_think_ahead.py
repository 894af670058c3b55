"""`heartsuite serve` starts the computer players' process pool with the app (`think_ahead`), so a
person's first Hard move does not wait for the processes to start and load the compiled core."""

from __future__ import annotations

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
