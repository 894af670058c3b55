"""Tables with people on the web (docs/protocol.md): people for programs, the tables' HTTP
routes, the table page `/t/{code}` and the table's WebSocket.

The socket `/api/tables/{table}/ws` takes the person from the cookie or the bearer token of its
handshake; a person without a seat is a spectator. A refused action is answered with `refused`
(and changes nothing); a malformed message with `error`; both leave the socket open. The close
codes: 4404 no such table, 4403 no spectators / another site's page, 4401 a malformed token,
1009 a message too large, 1008 over the message rate, 1013 the client fell too far behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.requests import HTTPConnection

from heartsuite.tables.errors import TableError
from heartsuite.tables.table import BOT, LEVELS, PHRASES, SPEEDS, TIMERS, Table
from heartsuite.web.errors import ApiError
from heartsuite.web.hearts.routes import same_origin
from heartsuite.web.jsontext import dumps
from heartsuite.web.people import person_of
from heartsuite.web.ratelimit import check_new_game
from heartsuite.web.shell import render_page
from heartsuite.web.store import new_id
from heartsuite.web.tables.hub import Hub, Live, Viewer
from heartsuite.web.tables.messages import (
    MAX_MESSAGE,
    BadMessage,
    Empty,
    Hello,
    Hint,
    Join,
    MessageTooLarge,
    Moon,
    NewTable,
    Pass,
    PersonName,
    Play,
    React,
    SocketMessage,
    Start,
    Vote,
    read_message,
)

router = APIRouter()
TOO_BIG, POLICY, TRY_AGAIN = 1009, 1008, 1013
RATE_MESSAGES, RATE_WINDOW, RATE_STRIKES = 100, 5.0, 20


def hub(conn: HTTPConnection) -> Hub:
    """The app's table hub (built by the app factory, stopped by its lifespan)."""
    held: Hub = conn.app.state.tables
    return held


def invite_url(request: Request, code: str) -> str:
    return str(request.base_url).rstrip("/") + f"/t/{code}"


def answer(live: Live, person: str, **extra: Any) -> dict[str, Any]:
    return {"table": live.table.table_view(person), **extra}


# People -------------------------------------------------------------------------------------

@router.post("/api/people", status_code=201)
async def new_person(request: Request, body: Empty) -> dict[str, str]:
    """A new person for a program: its secret token (send it as `Authorization: Bearer`).
    Limited like new games (per address; a loopback peer per cookie), since each makes a row."""
    check_new_game(request)
    token = new_id()
    hub(request).store.ensure_person(token)
    return {"token": token}


@router.get("/api/people/me")
async def me(request: Request) -> dict[str, Any]:
    name = hub(request).store.prefs(person_of(request)).get("name")
    return {"name": name if isinstance(name, str) else None}


@router.put("/api/people/me")
async def set_me(request: Request, body: PersonName) -> dict[str, Any]:
    held = hub(request)
    name = held._name(body.name)
    held.store.update_prefs(person_of(request), {"name": name})
    return {"name": name}


# Tables -------------------------------------------------------------------------------------

@router.post("/api/tables", status_code=201)
async def create(request: Request, body: NewTable) -> dict[str, Any]:
    check_new_game(request)  # a table is a new game: the same limit, per person and address
    person = person_of(request)
    live = hub(request).create(person, body)
    code = live.table.table_view(None)["code"]
    return answer(live, person, invite=invite_url(request, code), code=code)


@router.get("/api/tables")
async def lobby(request: Request) -> dict[str, Any]:
    return {"tables": hub(request).tables_of(person_of(request))}


@router.get("/api/tables/{key}")
async def show(request: Request, key: str) -> dict[str, Any]:
    return answer(hub(request).get(key), person_of(request))


@router.post("/api/tables/{key}/join")
async def join(request: Request, key: str, body: Join) -> dict[str, Any]:
    held, person = hub(request), person_of(request)
    live = held.get(key)
    name = held._name(body.name)
    held.store.update_prefs(person, {"name": name})
    await held.run(live, lambda t, now: t.join(person, name, body.seat, now)[1])
    return answer(live, person, seat=live.table.seat_of(person))


@router.post("/api/tables/{key}/start")
async def start(request: Request, key: str, body: Start) -> dict[str, Any]:
    held, person = hub(request), person_of(request)
    live = held.get(key)
    await held.run(live, lambda t, now: t.apply({"c": "start", "person": person,
                                                 "fill": body.fill, "t": now}))
    return answer(live, person)


@router.post("/api/tables/{key}/leave")
async def leave(request: Request, key: str, body: Empty) -> dict[str, Any]:
    held, person = hub(request), person_of(request)
    live = held.get(key)
    await held.run(live, lambda t, now: t.apply({"c": "leave", "person": person, "t": now}))
    return answer(live, person)


@router.post("/api/tables/{key}/seats/{seat}/bot")
async def give_to_computer(request: Request, key: str, seat: int, body: Empty) -> dict[str, Any]:
    held, person = hub(request), person_of(request)
    live = held.get(key)
    await held.run(live, lambda t, now: t.apply({"c": "remove", "person": person, "seat": seat,
                                                 "t": now}))
    return answer(live, person)


@router.post("/api/tables/{key}/rematch")
async def rematch(request: Request, key: str, body: Vote) -> dict[str, Any]:
    held, person = hub(request), person_of(request)
    live = held.get(key)

    def vote(table: Table, now: float) -> list[Any]:
        seat = table.seat_of(person)
        if seat is None:
            raise ApiError(403, "not_seated", "you have no seat at this table")
        return table.apply({"c": "vote", "seat": seat, "accept": body.accept, "t": now})

    await held.run(live, vote)
    await asyncio.sleep(0)  # let a rematch that this vote completes be made
    return answer(live, person)


@router.get("/api/tables/{key}/record")
async def record(request: Request, key: str) -> JSONResponse:
    live = hub(request).get(key)
    try:
        return JSONResponse(live.table.record(person_of(request)))
    except TableError as exc:
        raise ApiError(exc.status, exc.reason, exc.message) from None


# The page -----------------------------------------------------------------------------------

@router.get("/t/{key}", response_class=HTMLResponse)
async def page(request: Request, key: str) -> HTMLResponse:
    """The table page (the invite link): the table's code and the shared shell; the page's
    script reads the rest from the API."""
    live = hub(request).get(key)
    code = live.table.table_view(None)["code"]
    data = {"table": code, "levels": list(LEVELS), "speeds": list(SPEEDS),
            "timers": list(TIMERS), "phrases": list(PHRASES)}
    return render_page(request, template="table.html", page="table", title_key="table.title",
                       module="table", data=data, styles=("hearts.css", "table.css"),
                       code=code)


# The socket ---------------------------------------------------------------------------------

def _read(received: Mapping[str, Any]) -> SocketMessage:
    text = received.get("text")
    if text is None:
        if len(received.get("bytes") or b"") > MAX_MESSAGE:
            raise MessageTooLarge()
        raise BadMessage("invalid", "send JSON text messages")
    return read_message(text)


async def _send_all(websocket: WebSocket, viewer: Viewer) -> None:
    outbox = viewer.outbox
    while (message := await outbox.get()) is not None:
        await websocket.send_text(dumps(message))
        outbox.sent(message)
    if outbox.dropped:
        with contextlib.suppress(Exception):
            await websocket.close(code=TRY_AGAIN)


async def _handle(held: Hub, live: Live, viewer: Viewer, message: SocketMessage) -> None:
    """Answer one message (BadMessage when it cannot be used)."""
    outbox = viewer.outbox
    if isinstance(message, Hello):
        if outbox.replaying:
            return  # the replay being sent ends with the current state anyway
        async with held.reading(live):  # with Redis: up to what other processes wrote
            table = live.table
            seat = table.seat_of(viewer.person)
            replay = [{"type": "event", "seq": e.seq, "event": e.body}
                      for e in table.events_for(seat, message.after)]
            replay.append({"type": "state", "seq": table.seq,
                           "table": table.table_view(viewer.person),
                           "view": table.game_view(seat)})
            outbox.replay(replay)
            held.listen(live, viewer)
        return
    if isinstance(message, Hint):
        try:
            cards = await held.hint(live, viewer.person)
        except ApiError as exc:
            outbox.put(_refusal("hint", exc.error, exc.message))
            return
        outbox.put({"type": "hint", "cards": cards})
        return
    seat = live.table.seat_of(viewer.person)
    if message.seat is not None and message.seat != seat:
        outbox.put(_refusal(message.type, "not_your_seat", "you play your own seat only"))
        return
    if isinstance(message, React):
        if seat is None:
            outbox.put(_refusal("react", "not_seated", "spectators may not react"))
            return
        try:
            await held.run(live, lambda t, now: t.apply({"c": "react", "seat": seat,
                                                         "phrase": message.phrase, "t": now}))
        except ApiError as exc:
            raise BadMessage(exc.error, exc.message) from None
        return
    action: Any
    match message:
        case Pass(cards=cards):
            action = list(cards)
        case Play(card=card):
            action = card
        case Moon(choice=choice):
            action = choice
    try:
        await held.person_acts(live, viewer.person, action)
    except ApiError as exc:
        refusal = _refusal(message.type, exc.error, exc.message)
        if isinstance(message, Play):
            refusal["card"] = message.card
        outbox.put(refusal)


def _refusal(action: str, reason: str, message: str) -> dict[str, Any]:
    return {"type": "refused", "action": action, "reason": reason, "message": message}


class _Bucket:
    """RATE_MESSAGES messages per RATE_WINDOW seconds, refilled continuously."""

    def __init__(self) -> None:
        loop = asyncio.get_running_loop()
        self._clock = loop.time
        self._tokens = float(RATE_MESSAGES)
        self._at = self._clock()

    def take(self) -> bool:
        now = self._clock()
        rate = RATE_MESSAGES / RATE_WINDOW
        self._tokens = min(RATE_MESSAGES, self._tokens + (now - self._at) * rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


async def _receive_all(websocket: WebSocket, held: Hub, live: Live, viewer: Viewer) -> int | None:
    """Read and answer messages until the client leaves; the close code to send, if any."""
    bucket, strikes = _Bucket(), 0
    while not viewer.outbox.dropped:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return None
        try:
            if not bucket.take():
                strikes += 1
                if strikes >= RATE_STRIKES:
                    viewer.outbox.put(_error("rate_limited", "too many messages"))
                    return POLICY
                raise BadMessage("rate_limited", "too many messages: slow down")
            await _handle(held, live, viewer, _read(received))
        except BadMessage as exc:
            viewer.outbox.put(_error(exc.error, exc.message))
            if isinstance(exc, MessageTooLarge):
                return TOO_BIG
    return None


def _error(error: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": error, "message": message}


async def _refuse(websocket: WebSocket, status: int, error: str, message: str) -> None:
    await websocket.send_text(json.dumps(_error(error, message)))
    await websocket.close(code=4000 + status)


@router.websocket("/api/tables/{key}/ws")
async def socket(websocket: WebSocket, key: str) -> None:
    """One client (a seated person or a spectator) at one table (see the module docstring)."""
    await websocket.accept()
    held = hub(websocket)
    person = websocket.scope.get("state", {}).get("person")
    if person is None:  # PersonMiddleware refused the bearer token
        await _refuse(websocket, 401, "bad_token", "the bearer token is malformed")
        return
    try:
        if not same_origin(websocket):
            raise ApiError(403, "bad_origin", "this table is played from its own site only")
        live = held.get(key)
    except ApiError as exc:
        await _refuse(websocket, exc.status, exc.error, exc.message)
        return
    table = live.table
    if table.seat_of(person) is None and not table.options.spectators:
        await _refuse(websocket, 403, "no_spectators", "this table does not allow spectators")
        return
    viewer = Viewer(person)
    sender = asyncio.create_task(_send_all(websocket, viewer))
    receiver = asyncio.create_task(_receive_all(websocket, held, live, viewer))
    close_code = None
    await held.connect(live, viewer)
    try:
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        if receiver.done():
            with contextlib.suppress(WebSocketDisconnect):
                close_code = receiver.result()
    finally:
        receiver.cancel()
        await held.disconnect(live, viewer)
        viewer.outbox.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, timeout=1.0)
        sender.cancel()
        with contextlib.suppress(BaseException):
            await receiver
        if close_code is not None:
            with contextlib.suppress(Exception):
                await websocket.close(code=close_code)


__all__ = ["BOT", "router"]
