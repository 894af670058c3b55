"""What the web tests share beyond the fixtures: limits lifted for program players, Heart to Heart
requests as a page makes them (each new game names the game it replaces, each undo the move it
was made on; taps: the `tap` fixture in conftest.py), and running a coroutine from a test."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from fastapi.testclient import TestClient

from heartsuite.web.ratelimit import Limits, Rate

T = TypeVar("T")

# Tests serve many people from one address ("testclient"), and their program players act far
# faster than a person: the rate limits are lifted (the tests of the limits choose their own).
UNLIMITED = Limits(socket_messages=Rate(per_minute=10**7, burst=10**6),
                   new_games=Rate(per_minute=10**7, burst=10**6),
                   solver_calls=Rate(per_minute=10**7, burst=10**6))


def in_thread(work: Callable[[], T]) -> T:
    """Run `work` in a thread of its own and return what it returns (or raise what it raised):
    the browser tests' Playwright keeps an event loop running in the main thread of the same
    worker, so `asyncio.run` cannot be called there."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def run_async(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to its end on a loop of its own (see `in_thread`)."""
    return in_thread(lambda: asyncio.run(make()))


def replacing(client: TestClient) -> dict[str, Any]:
    """The `replaces` of a new game made now: the id of the person's game in play, or None."""
    game = client.get("/api/h2h/current").json()["game"]
    return {"replaces": None if game is None else game["id"]}


def new_game_body(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new game's body, replacing the game in play."""
    return replacing(client) | body


def undo_body(client: TestClient, game_id: str, **body: Any) -> dict[str, Any]:
    """An undo's body, made on the game as it is now."""
    game = client.get(f"/api/h2h/games/{game_id}").json()["game"]
    return {"move": game["moves"]} | body
