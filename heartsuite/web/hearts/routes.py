"""The Hearts page, its JSON API and its WebSocket.

HTTP: the page; the person's game in play; a new game (rules, optional code); preferences.
WebSocket `/api/hearts/games/{id}/ws`, JSON text messages:

- page → server: `{"type": "hello", "after": N}` (the last event number it has seen; the server
  answers with every later event, then the current state), `{"type": "pass", "cards": [3 cards]}`,
  `{"type": "play", "card": "QS"}`, `{"type": "moon", "choice": "old" | "new"}`, `{"type": "hint"}`.
  A `seat` field, if sent, must be 0: the person plays seat 0 only.
- server → page: `{"type": "event", "seq", "event", "state"?}` (the state after the last event of a
  batch), `{"type": "state", "seq", "state"}`, `{"type": "refused", "reason", "message", "card"?}`,
  `{"type": "hint", "cards"}`, `{"type": "error", "error", "message"}`, `{"type": "closed"}`.

Anything malformed gets an `error` message and the connection stays usable. A message over
MAX_MESSAGE is no page's doing: it gets a `too_large` error, then the socket is closed with 1009
(message too big, as uvicorn itself closes frames over `serve`'s limit) and the game is unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictBool

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.rules import VARIANTS, Rules
from heartsuite.web.api_types import GameId, Strict
from heartsuite.web.errors import ApiError
from heartsuite.web.hearts import page as hearts_page
from heartsuite.web.hearts.hub import KIND, Live, Tables, prefs_of, read_code, read_rules
from heartsuite.web.hearts.table import PERSON, SPEEDS, STRENGTHS, IllegalMove
from heartsuite.web.i18n import language_of
from heartsuite.web.people import person_of
from heartsuite.web.shell import render_page
from heartsuite.web.store import PLAYING

router = APIRouter()
MAX_MESSAGE = 2048
TOO_BIG = 1009  # RFC 6455: a message too big to process


class NewGame(Strict):
    rules: dict[str, Any] | None = None
    code: Annotated[str, Field(max_length=40)] | None = None


class Prefs(Strict):
    rules: dict[str, Any] | None = None
    strength: Literal["easy", "medium", "hard", "expert"] | None = None
    speed: Literal["slow", "normal", "fast", "instant"] | None = None
    move_errors: StrictBool | None = None


def tables(conn: Request | WebSocket) -> Tables:
    """The app's Hearts tables, made on first use so the app factory needs only the router."""
    state = conn.app.state
    if getattr(state, "hearts", None) is None:
        state.hearts = Tables(state.store)
    return state.hearts


def summary(live: Live) -> dict[str, Any]:
    return {"id": live.row.id, "code": live.table.code, "status": live.row.status,
            "seq": live.table.seq, "state": live.table.state()}


def page_data() -> dict[str, Any]:
    """What the settings dialog needs: each variant's preset, strengths and speeds."""
    return {
        "variants": {name: Rules.variant(name).to_json() for name in VARIANTS},
        "strengths": list(STRENGTHS),
        "speeds": list(SPEEDS),
    }


@router.get("/hearts", response_class=HTMLResponse)
async def hearts(request: Request) -> HTMLResponse:
    return render_page(request, page="hearts", title_key="hearts.title",
                       body=hearts_page.body(language_of(request)), module="hearts",
                       data=page_data(), styles=("hearts.css",))


@router.get("/api/hearts/prefs")
async def get_prefs(request: Request) -> dict[str, Any]:
    return prefs_of(request.app.state.store, person_of(request))


@router.put("/api/hearts/prefs")
async def put_prefs(request: Request, body: Prefs) -> dict[str, Any]:
    store = request.app.state.store
    person = person_of(request)
    changes = body.changes()
    if "rules" in changes:
        changes["rules"] = read_rules(changes["rules"]).to_json()
    store.merge_prefs(person, KIND, changes)
    tables(request).set_settings(person, body.strength, body.speed)
    return prefs_of(store, person)


@router.get("/api/hearts/current")
async def current(request: Request) -> dict[str, Any]:
    """The person's unfinished game, or `{"game": null}`."""
    live = tables(request).current(person_of(request))
    return {"game": None if live is None else summary(live)}


@router.get("/api/hearts/last")
async def last(request: Request) -> dict[str, Any]:
    """The game the page opens: the unfinished one, else the one just finished if no game was
    begun since (the page shows its final table); else `{"game": null}`."""
    live = tables(request).reopen(person_of(request))
    return {"game": None if live is None else summary(live)}


@router.post("/api/hearts/games", status_code=201)
async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """A new game under the given rules (else the preferred ones), of a code if one is given."""
    person = person_of(request)
    if body.rules is not None:
        rules = read_rules(body.rules)
    else:
        rules = Rules.from_json(prefs_of(request.app.state.store, person)["rules"])
    code = None if body.code is None else read_code(body.code)
    return {"game": summary(tables(request).start(person, rules, code))}


@router.get("/api/hearts/games/{game_id}")
async def get_game(request: Request, game_id: GameId) -> dict[str, Any]:
    return {"game": summary(tables(request).get(game_id, person_of(request)))}


# WebSocket ----------------------------------------------------------------------------------


class BadMessage(Exception):
    """A message the server cannot use: answered with an `error`, the connection stays open."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


class MessageTooLarge(BadMessage):
    """A message over MAX_MESSAGE: answered, then the connection is closed."""

    def __init__(self) -> None:
        super().__init__("too_large", f"messages are limited to {MAX_MESSAGE} characters")


def parse_message(text: str) -> dict[str, Any]:
    """A page message as a dict with a known `type`, the person's own seat and sane fields."""
    if len(text) > MAX_MESSAGE:
        raise MessageTooLarge()
    try:
        message = json.loads(text)
    except ValueError:
        raise BadMessage("bad_json", "the message is not JSON") from None
    if not isinstance(message, dict):
        raise BadMessage("invalid", "a message must be a JSON object")
    kind = message.get("type")
    if kind not in ("hello", "pass", "play", "moon", "hint"):
        raise BadMessage("invalid", "unknown message type")
    if "seat" in message and (type(message["seat"]) is not int or message["seat"] != PERSON):
        raise BadMessage("not_your_seat", "you play seat 0 only")
    if kind == "hello":
        after = message.get("after", 0)
        if type(after) is not int or not 0 <= after <= 10**9:
            raise BadMessage("invalid", "after must be a whole number of events")
    elif kind == "pass":
        cards = message.get("cards")
        if not (isinstance(cards, list) and len(cards) <= 13
                and all(isinstance(c, str) and len(c) <= 3 for c in cards)):
            raise BadMessage("invalid", "cards must be a list of card names such as QS")
    elif kind == "play":
        card = message.get("card")
        if not (isinstance(card, str) and len(card) <= 3):
            raise BadMessage("invalid", "card must be a card name such as QS")
    elif kind == "moon" and message.get("choice") not in ("old", "new"):
        raise BadMessage("invalid", 'choice must be "old" or "new"')
    return message


async def _hint(live: Live) -> list[str]:
    """The cards the strongest player would choose now: three to pass, or one to play."""
    from heartsuite.players import levels

    table = live.table
    must = table.person_must()
    view = table.game.view(PERSON)
    seed = table.game.number or 0
    if must == "pass":
        cards = await asyncio.to_thread(levels.hint_pass, view, seed)
    elif must == "play":
        cards = [await asyncio.to_thread(levels.hint, view, seed)]
    else:
        raise BadMessage("no_hint", "there is nothing to choose now")
    live.row.hints += 1
    return [card_text(c) for c in cards]


async def _handle(live: Live, tabs: Tables, queue: asyncio.Queue, message: dict[str, Any]) -> None:
    kind = message["type"]
    if kind == "hello":
        async with live.lock:
            for event in live.table.events_after(message.get("after", 0)):
                queue.put_nowait({"type": "event", "seq": event["seq"], "event": event})
            queue.put_nowait({"type": "state", "seq": live.table.seq,
                              "state": live.table.state()})
            live.pages.add(queue)
        tabs.drive(live)
        return
    if kind == "hint":
        async with live.lock:
            cards = await _hint(live)
            tabs.save(live)
        queue.put_nowait({"type": "hint", "cards": cards})
        return
    if live.row.status != PLAYING:
        raise BadMessage("finished", "this game is over")
    action: Any = {"pass": message.get("cards"), "play": message.get("card"),
                   "moon": message.get("choice")}[kind]
    action_kind = {"pass": "pass", "play": "play", "moon": "moon_choice"}[kind]
    try:
        await tabs.person_acts(live, action_kind, action)
    except IllegalMove as exc:
        refusal = {"type": "refused", "action": kind, "reason": exc.reason,
                   "message": str(exc)}
        if kind == "play":
            refusal["card"] = message.get("card")
        queue.put_nowait(refusal)


def same_origin(websocket: WebSocket) -> bool:
    """Browsers send the page's origin with a WebSocket handshake: another site's page may not
    play (or watch) a person's table with their cookie."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


async def _send_all(websocket: WebSocket, queue: asyncio.Queue) -> None:
    while (message := await queue.get()) is not None:
        await websocket.send_text(json.dumps(message, separators=(",", ":")))


@router.websocket("/api/hearts/games/{game_id}/ws")
async def table_socket(websocket: WebSocket, game_id: str) -> None:
    """One page watching and playing one table (see the module's docstring)."""
    await websocket.accept()
    tabs = tables(websocket)
    try:
        if not same_origin(websocket):
            raise ApiError(403, "bad_origin", "this table is played from its own site only")
        live = tabs.get(game_id, person_of(websocket))
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", "error": exc.error,
                                              "message": exc.message}))
        await websocket.close(code=4000 + exc.status)
        return
    queue: asyncio.Queue = asyncio.Queue()
    sender = asyncio.create_task(_send_all(websocket, queue))
    close_code = None
    try:
        while close_code is None:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            try:
                if text is None:
                    if len(received.get("bytes") or b"") > MAX_MESSAGE:
                        raise MessageTooLarge()
                    raise BadMessage("invalid", "send JSON text messages")
                await _handle(live, tabs, queue, parse_message(text))
            except BadMessage as exc:
                queue.put_nowait({"type": "error", "error": exc.error, "message": exc.message})
                if isinstance(exc, MessageTooLarge):
                    close_code = TOO_BIG
    except WebSocketDisconnect:
        pass
    finally:
        live.pages.discard(queue)
        queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, timeout=1.0)
        sender.cancel()
        if close_code is not None:
            with contextlib.suppress(Exception):
                await websocket.close(code=close_code)
