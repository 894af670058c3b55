"""Fixtures the test modules share: the web app on a temporary data directory, clients that are
each a person of their own (a cookie jar of their own), and Heart to Heart taps through the API."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_helpers import UNLIMITED

from heartsuite.h2h.moves import TapTarget
from heartsuite.web.app import create_app


class Tap(Protocol):
    def __call__(self, client: TestClient, game_id: str, target: TapTarget,
                 **extra: Any) -> dict[str, Any]: ...


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    """One app per test module, storing in a temporary directory. Tests keep apart by person."""
    return create_app(tmp_path_factory.mktemp("data"), limits=UNLIMITED)


@pytest.fixture
def new_person(app: FastAPI) -> Callable[[], TestClient]:
    """Makes clients of the app with cookie jars of their own: each one is another person."""
    return lambda: TestClient(app)


@pytest.fixture
def client(new_person: Callable[[], TestClient]) -> TestClient:
    """A client of the module's app, as a person of its own."""
    return new_person()


def on_view(client: TestClient, game_id: str) -> dict[str, Any]:
    """What a page drawing the game now sends with a tap: its `move` and `selected`."""
    game = client.get(f"/api/h2h/games/{game_id}").json()["game"]
    return {"move": game["moves"], "selected": game["selected"]}


def _tap(client: TestClient, game_id: str, target: TapTarget, **extra: Any) -> dict[str, Any]:
    drawn = {} if "move" in extra else on_view(client, game_id)
    response = client.post(f"/api/h2h/games/{game_id}/tap",
                           json={"target": target, **drawn, **extra})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


@pytest.fixture(scope="session")
def tap() -> Tap:
    """Tap a Heart to Heart target (`Move.taps()` gives a move's) and return the answer. The tap
    is made on the game as it is now (its `move` and `selected`) unless `move=` is given."""
    return _tap


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of the test session's own (tests/postgres_server.py): its URL."""
    from tests.postgres_server import Postgres

    server = Postgres()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis server of the test session's own (tests/redis_server.py): its URL."""
    from tests.redis_server import Redis

    server = Redis()
    yield server.url
    server.stop()
