"""A program at a heartsuite table: the client side of the table protocol (docs/protocol.md).

A person is a bearer token; this module makes one, keeps it in a file, creates and joins tables
over HTTP and plays a seat over the table's WebSocket with any of our computer players: it reads
each view the server sends, rebuilds the engine's `SeatView` from it (`SeatView.from_json`) and
answers with the player's pass, play or moon choice — the server judges every action, so a
client can be no stronger than its player and can cheat no more than a browser.

Everything that can go wrong on the other end (a bad invite URL, a full table, a refused name, a
server that does not answer or answers something else) is a `RemoteError` carrying one line for
the person at the command line; the caller never sees a traceback. A dropped socket is reopened
and resumed with `hello after N` (the numbered events of the protocol), as a browser would.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.view import SeatView, ViewError
from heartsuite.players import Player
from heartsuite.prng import Rng

HTTP_TIMEOUT = 20.0
SOCKET_OPEN_TIMEOUT = 20.0
RECONNECTS = 5  # a dropped socket is reopened this many times in a row before giving up
SAME_REFUSAL_LIMIT = 3  # the same decision refused this often means the player cannot move
_CODE = re.compile(r"^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$")
_ID = re.compile(r"^[A-Za-z0-9_-]{16}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class RemoteError(Exception):
    """What the server (or the way to it) refused, as one line; `key` is the protocol's error key
    (`table_full`, `bad_name`, …) or one of this client's: `bad_url`, `unreachable`,
    `bad_answer`, `bad_token_file`, `stuck`."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


# Addresses ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Invite:
    """A table's address: the server's base URL and the table's code (or id)."""

    server: str
    table: str

    @property
    def url(self) -> str:
        return f"{self.server}/t/{self.table}"


def parse_server(url: str) -> str:
    """`http(s)://host[:port][/prefix]` without a trailing slash. Raises RemoteError."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RemoteError("bad_url", f"not a server address: {url!r} "
                          "(write it like http://127.0.0.1:8000)")
    try:
        parts.port  # noqa: B018 - reading it checks it
    except ValueError:
        raise RemoteError("bad_url", f"not a server address: {url!r} (bad port)") from None
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def parse_invite(url: str) -> Invite:
    """An invite URL `{server}/t/{CODE}` (the code in any case, hyphen optional). Raises
    RemoteError with `bad_url` for anything else."""
    parts = urllib.parse.urlsplit(url.strip())
    path = parts.path.rstrip("/")
    head, _, last = path.rpartition("/")
    if parts.scheme not in ("http", "https") or not parts.hostname or not head.endswith("/t"):
        raise RemoteError("bad_url", f"not an invite link: {url!r} "
                          "(it looks like http://host:port/t/K7QM-2P)")
    key = urllib.parse.unquote(last).replace("-", "").replace(" ", "")
    if _CODE.match(key.upper()):
        key = key.upper()
    elif not _ID.match(key):
        raise RemoteError("bad_url", f"not a table code in {url!r} (six letters and digits, "
                          "like K7QM-2P)")
    server = parse_server(urllib.parse.urlunsplit(
        (parts.scheme, parts.netloc, head[: -len("/t")], "", "")))
    return Invite(server, key)


def socket_url(invite: Invite) -> str:
    parts = urllib.parse.urlsplit(invite.server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urllib.parse.urlunsplit(
        (scheme, parts.netloc, f"{parts.path}/api/tables/{invite.table}/ws", "", ""))


# Tokens -------------------------------------------------------------------------------------

def default_token_file(server: str, data_dir: Path) -> Path:
    """Where the token for `server` is kept when no `--token-file` is given: one file per server
    in the user's data directory, so `table new` and `join` are the same person."""
    parts = urllib.parse.urlsplit(server)
    host = re.sub(r"[^A-Za-z0-9.-]", "_", parts.hostname or "server")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return data_dir / "tokens" / f"{host}_{port}.token"


def read_token(path: Path) -> str | None:
    """The token in `path`, or None if there is no such file. Raises RemoteError when the file
    holds something that is not a token."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise RemoteError("bad_token_file", f"cannot read the token file {path}: {exc}") from None
    if not _TOKEN.match(text):
        raise RemoteError("bad_token_file", f"the token file {path} does not hold a token")
    return text


def write_token(path: Path, token: str) -> None:
    """Keep a token readable by its owner only (it is the person)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(token + "\n")
    except OSError as exc:
        raise RemoteError("bad_token_file", f"cannot write the token file {path}: {exc}") \
            from None


# HTTP ---------------------------------------------------------------------------------------

class Server:
    """The HTTP routes of one server, as one person (`token`; None until `new_person`)."""

    def __init__(self, base: str, token: str | None = None) -> None:
        self.base = parse_server(base)
        self.token = token

    def request(self, method: str, path: str, body: dict[str, Any] | None = None
                ) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=HTTP_TIMEOUT) as answer:
                return _json_object(answer.read(), self.base + path)
        except urllib.error.HTTPError as exc:
            raise _refusal(exc) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise RemoteError("unreachable", f"cannot reach {self.base}: {reason}") from None

    def new_person(self) -> str:
        token = self.request("POST", "/api/people", {}).get("token")
        if not isinstance(token, str) or not _TOKEN.match(token):
            raise RemoteError("bad_answer", f"{self.base} did not answer a person's token")
        self.token = token
        return token

    def create_table(self, body: dict[str, Any]) -> dict[str, Any]:
        return self.request("POST", "/api/tables", body)

    def table(self, key: str) -> dict[str, Any]:
        return _table_of(self.request("GET", f"/api/tables/{key}"))

    def join(self, key: str, name: str) -> tuple[dict[str, Any], int]:
        answer = self.request("POST", f"/api/tables/{key}/join", {"name": name})
        seat = answer.get("seat")
        if not isinstance(seat, int):
            raise RemoteError("bad_answer", "the server's answer to joining names no seat")
        return _table_of(answer), seat

    def record(self, key: str) -> dict[str, Any]:
        return self.request("GET", f"/api/tables/{key}/record")


def _json_object(raw: bytes, where: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise RemoteError("bad_answer", f"{where} did not answer JSON") from None
    if not isinstance(value, dict):
        raise RemoteError("bad_answer", f"{where} did not answer a JSON object")
    return value


def _refusal(exc: urllib.error.HTTPError) -> RemoteError:
    try:
        body = json.loads(exc.read())
    except (ValueError, UnicodeDecodeError, OSError):
        body = None
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        message = body.get("message") or body["error"]
        return RemoteError(body["error"], f"{message} ({exc.code} {body['error']})")
    return RemoteError("bad_answer", f"the server answered {exc.code} {exc.reason}")


def _table_of(answer: dict[str, Any]) -> dict[str, Any]:
    table = answer.get("table")
    if not isinstance(table, dict):
        raise RemoteError("bad_answer", "the server's answer carries no table")
    return table


# Playing a seat -----------------------------------------------------------------------------

@dataclass
class SeatResult:
    """How the game went for the seat a client played (what `heartsuite hearts join` prints)."""

    table: str
    seat: int
    totals: list[int]
    winner: Any  # a seat, or for a partnership the winning seats as the engine says
    moons: list[int | None]  # per round, the seat that shot the moon, or None

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "seat": self.seat, "totals": self.totals,
                "winner": self.winner, "moons": self.moons}


def decision_key(view: SeatView) -> tuple[Any, ...]:
    """Identifies one decision of a seat: the same key, the same decision to make."""
    return (view.round_index, view.phase, len(view.tricks), len(view.trick), view.hand)


def choose(player: Player, view: SeatView, rng: Rng) -> dict[str, Any] | None:
    """The message that answers the decision `view` asks of its seat, or None if it asks none."""
    if view.phase == Phase.PASS and view.seat in view.waiting_to_pass and not view.passed:
        return {"type": "pass", "cards": [card_text(c) for c in player.choose_pass(view, rng)]}
    if view.phase == Phase.MOON_CHOICE and view.moon_options:
        return {"type": "moon", "choice": player.choose_moon(view)}
    if view.phase == Phase.PLAY and view.turn == view.seat and view.legal:
        return {"type": "play", "card": card_text(player.choose_play(view, rng))}
    return None


class SeatLoop:
    """The player loop of one seat, without the socket (so a blocking client and the load bench's
    asyncio clients share it): feed it every message the server sends; it answers the action to
    send when the seat must act, once per decision, and knows when the game is over.

    It keeps the last event number (`hello()` resumes from it after a reconnect), the moon of
    each round and the `over` event. Raises RemoteError on an `error` or `closed` message, a view
    it cannot read, or the same decision refused `SAME_REFUSAL_LIMIT` times."""

    def __init__(self, seat: int, player: Player, rng: Rng) -> None:
        self.seat, self.player, self.rng = seat, player, rng
        self.seq = 0
        self.table_id = ""
        self.moons: dict[int, int | None] = {}
        self.over: dict[str, Any] | None = None
        self.revealed = False
        self._acted: tuple[Any, ...] | None = None  # the decision answered on this socket
        self._answered: tuple[Any, ...] | None = None  # the decision last answered at all
        self._refused: tuple[Any, ...] | None = None  # the decision last refused ...
        self._refusals = 0  # ... and how many times in a row

    @property
    def done(self) -> bool:
        """The game is over and its seed revealed: nothing more will come."""
        return self.over is not None and self.revealed

    def hello(self) -> dict[str, Any]:
        """The resume message of a new socket. An action sent on the old socket just before it
        dropped may never have arrived, so the decision the new state shows is answered again
        (one that did arrive shows as the next decision)."""
        self._acted = None
        return {"type": "hello", "after": self.seq}

    def receive(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Take one message from the server; the action to send now, if any."""
        kind = message.get("type")
        if kind == "event":
            self._note_event(message)
        elif kind == "error":
            raise RemoteError(str(message.get("error")), str(message.get("message")))
        elif kind == "closed":
            raise RemoteError("closed", "the table was closed by its creator")
        elif kind == "refused":
            self._note_refusal(message)
            return None
        table = message.get("table")
        if isinstance(table, dict) and isinstance(table.get("id"), str):
            self.table_id = table["id"]
        view = message.get("view")
        if self.done or not isinstance(view, dict):
            return None
        return self._answer(view)

    def result(self, invite: Invite) -> SeatResult:
        over = self.over or {}
        rounds = 1 + max(self.moons, default=-1)
        return SeatResult(
            table=self.table_id or invite.table, seat=self.seat,
            totals=[int(t) for t in over.get("totals", [])], winner=over.get("winner"),
            moons=[self.moons.get(r) for r in range(rounds)])

    def _note_event(self, message: dict[str, Any]) -> None:
        seq = message.get("seq")
        if isinstance(seq, int):
            self.seq = max(self.seq, seq)
        event = message.get("event")
        if not isinstance(event, dict):
            return
        kind = event.get("kind")
        if kind == "scored" and isinstance(event.get("round"), int):
            moon = event.get("moon")
            self.moons[event["round"]] = moon if isinstance(moon, int) else None
        elif kind == "over":
            self.over = event
        elif kind == "revealed":
            self.revealed = True

    def _note_refusal(self, message: dict[str, Any]) -> None:
        if self._answered is not None and self._answered == self._refused:
            self._refusals += 1
        else:
            self._refused, self._refusals = self._answered, 1
        if self._refusals >= SAME_REFUSAL_LIMIT:
            raise RemoteError("stuck", "the server keeps refusing this seat's move: "
                              f"{message.get('message')}")
        self._acted = None  # answer again from the next view

    def _answer(self, data: dict[str, Any]) -> dict[str, Any] | None:
        try:
            view = SeatView.from_json(data)
        except ViewError as exc:
            raise RemoteError("bad_answer", "the server sent a view this client cannot read: "
                              f"{exc}") from None
        key = decision_key(view)
        if key == self._acted:
            return None
        action = choose(self.player, view, self.rng)
        if action is None:
            return None
        self._acted = self._answered = key
        return {**action, "seq": self.seq}


def play_seat(invite: Invite, token: str, seat: int, player: Player, *, seed: int = 0,
              on_message: Callable[[dict[str, Any]], None] | None = None) -> SeatResult:
    """Play `seat` of the table with `player` until the game is over; the result for the seat.
    A socket that drops is reopened and resumed from the last event (`hello after N`).

    `on_message` sees every message the server sends."""
    loop = SeatLoop(seat, player, Rng.for_key("HT1-remote", seat, seed))
    drops = 0
    while not loop.done:
        try:
            with _open(invite, token) as ws:
                ws.send(json.dumps(loop.hello()))
                drops = 0
                for raw in ws:
                    message = _json_object(raw.encode() if isinstance(raw, str) else raw,
                                           "the table's socket")
                    if on_message is not None:
                        on_message(message)
                    action = loop.receive(message)
                    if action is not None:
                        ws.send(json.dumps(action))
                    if loop.done:
                        break
                else:
                    if not loop.done:
                        raise ConnectionClosed(None, None)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else None
            if code in (4401, 4403, 4404, 1008, 1009):
                reason = exc.rcvd.reason if exc.rcvd is not None else ""
                raise RemoteError("closed", f"the server closed the table's socket ({code}"
                                  f"{': ' + reason if reason else ''})") from None
            drops += 1
            if drops > RECONNECTS:
                raise RemoteError("unreachable", "the table's socket kept dropping") from None
            time.sleep(min(0.2 * 2 ** drops, 3.0))
    return loop.result(invite)


def _open(invite: Invite, token: str) -> ClientConnection:
    try:
        return connect(socket_url(invite), additional_headers={"Authorization": f"Bearer {token}"},
                       open_timeout=SOCKET_OPEN_TIMEOUT, max_size=2**22)
    except (InvalidURI, InvalidHandshake, OSError, TimeoutError) as exc:
        raise RemoteError("unreachable", f"cannot open the table's socket at {invite.server}: "
                          f"{exc}") from None
