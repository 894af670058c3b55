"""Shared by the table tests: people as bearer tokens on one TestClient (one event loop, so the
hub's tasks live as long as the app), and a socket client that plays its seat from its views in
a thread of its own, keeping every frame it receives for the audits."""

from __future__ import annotations

import json
import threading
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from heartsuite.web.ratelimit import Limits, Rate

FAST = {"speed": "instant", "standin_level": "random"}
# The table tests make hundreds of people and tables from one address in a minute: only the limit
# on new games (tables, people) is lifted; every other rate stays as served.
MANY_TABLES = Limits(new_games=Rate(per_minute=10**6, burst=10**6))


def person(client: TestClient) -> dict[str, str]:
    """A new person: the headers that carry their token."""
    response = client.post("/api/people", json={})
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def new_table(client: TestClient, who: dict[str, str], **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"name": "Ana", **FAST, **body}, headers=who)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def join(client: TestClient, who: dict[str, str], code: str, name: str = "Bo",
         **body: Any) -> dict[str, Any]:
    response = client.post(f"/api/tables/{code}/join", json={"name": name, **body}, headers=who)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


class SeatClient(threading.Thread):
    """Plays a seat (or watches, `play=False`) until the game is over and the seed revealed."""

    def __init__(self, socket: WebSocketTestSession, play: bool = True,
                 stop_after: int | None = None) -> None:
        super().__init__(daemon=True)
        self.socket = socket
        self.play = play
        self.stop_after = stop_after  # leave after this many messages (a drop)
        self.frames: list[dict[str, Any]] = []
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._acted: tuple[Any, ...] | None = None

    def run(self) -> None:
        try:
            self.socket.send_text(json.dumps({"type": "hello", "after": 0}))
            while True:
                message = json.loads(self.socket.receive_text())
                self.frames.append(message)
                if message.get("type") == "event" and message["event"]["kind"] == "revealed":
                    return
                if self.stop_after is not None and len(self.frames) >= self.stop_after:
                    return
                view = message.get("view")
                if self.play and view is not None:
                    action = choose(view)
                    key = (view["round"], view["phase"], len(view["hand"]), len(view["tricks"]))
                    if action is not None and key != self._acted:
                        self._acted = key
                        self.socket.send_text(json.dumps(action))
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.done.set()


def choose(view: dict[str, Any]) -> dict[str, Any] | None:
    """A legal action for the seat of this view, if it must act."""
    seat = view["seat"]
    if view["phase"] == "pass" and seat in view["waiting_to_pass"]:
        return {"type": "pass", "cards": view["hand"][:3]}
    if view["phase"] == "play" and view["turn"] == seat and view["legal"]:
        return {"type": "play", "card": view["legal"][0]}
    if view["phase"] == "moon_choice" and view.get("moon_options"):
        return {"type": "moon", "choice": "old"}
    return None


def strings_in(value: Any) -> list[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []
