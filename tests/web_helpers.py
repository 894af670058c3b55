"""Shared helpers for the web API tests: an app on a temp data directory and clients as people."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from heartsuite.h2h.moves import Move
from heartsuite.web.app import create_app


def client_for(app: FastAPI) -> TestClient:
    """A client with its own cookie jar: a person of its own."""
    return TestClient(app)


def make_app(tmp_path: Path) -> FastAPI:
    return create_app(tmp_path)


def taps_for(move: Move) -> list[int | str]:
    """The taps that play a move (SPEC §1.4)."""
    if move.kind in ("D", "R"):
        return ["stock"]
    if move.kind == "W":
        return [move.p, "waste"]
    return [move.p, move.q]


def tap(client: TestClient, game_id: str, target: int | str, **extra: object) -> dict:
    response = client.post(f"/api/h2h/games/{game_id}/tap", json={"target": target, **extra})
    assert response.status_code == 200, response.text
    return response.json()
