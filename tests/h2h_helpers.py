"""Heart to Heart requests as a page makes them: each new game names the game it replaces, each
undo the move it was made on (taps: the `tap` fixture in conftest.py)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


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
