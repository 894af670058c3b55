"""Hearts on the web: the page `/hearts`, its JSON API and its WebSocket.

HTTP: the page; the person's game in play; a new game (rules, optional code); preferences.
WebSocket `/api/hearts/games/{id}/ws`, JSON text messages (`hearts/messages.py` reads them):

- page → server: `{"type": "hello", "after": N}` (the last event number it has seen; the server
  answers with every later event, then the current state), `{"type": "pass", "cards": [3 cards]}`,
  `{"type": "play", "card": "QS"}`, `{"type": "moon", "choice": "old" | "new"}`, `{"type": "hint"}`,
  `{"type": "claim"}` (the rest of the round, accepted only when proven: the state's `claimable`),
  `{"type": "undo"}` (take back the person's last card, when undo is on: the state's `undoable`).
  A `seat` field, if sent, must be 0: the person plays seat 0 only. An action may carry `move`,
  the state's `move` (the person's move number) it was chosen on: on another one it is refused
  `stale` and the current state follows, so an action sent twice is made once.
- server → page: `{"type": "event", "seq", "event", "state"?}` (the state after the last event of a
  batch), `{"type": "state", "seq", "state"}`, `{"type": "refused", "reason", "message", "card"?}`,
  `{"type": "hint", "cards"}`, `{"type": "error", "error", "message"}`, `{"type": "closed"}`,
  `{"type": "undone", "seq", "state"}` (a card was taken back: the events were numbered again
  from the cut log, and the page goes on from this state and number).

Anything malformed gets an `error` message and the connection stays usable. A message over
MAX_MESSAGE is no page's doing: it gets a `too_large` error, then the socket is closed with 1009
(message too big, as uvicorn itself closes frames over `serve`'s limit) and the game is unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from starlette.requests import HTTPConnection

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.daily import DAILY_RULES, daily_code
from heartsuite.hearts.rules import OMNIBUS_REFUSED, VARIANTS, Rules
from heartsuite.players import levels
from heartsuite.web.api_types import GameId
from heartsuite.web.errors import ApiError
from heartsuite.web.hearts.daily import DAILY, daily_info, daily_stats, day_of, today_utc
from heartsuite.web.hearts.hub import KIND, Live, Outbox, Tables, prefs_of, read_code, read_rules
from heartsuite.web.hearts.messages import (
    MAX_MESSAGE,
    AnyMessage,
    BadMessage,
    Claim,
    Hello,
    Hint,
    MessageTooLarge,
    Moon,
    NewGame,
    Pass,
    Play,
    Prefs,
    Undo,
    read_message,
)
from heartsuite.web.hearts.table import AUTOPLAYS, PERSON, SPEEDS, STRENGTHS, IllegalMove
from heartsuite.web.jsontext import dumps
from heartsuite.web.people import person_of
from heartsuite.web.public import public_site
from heartsuite.web.ratelimit import TokenBucket, check_new_game, guards
from heartsuite.web.shell import render_page
from heartsuite.web.store import FINISHED, PLAYING

router = APIRouter()
TOO_BIG = 1009  # RFC 6455: a message too big to process
POLICY = 1008  # RFC 6455: policy violation (the client went on sending over its rate)
TRY_AGAIN = 1013  # RFC 6455: try again later (the page fell too far behind and was dropped)
SEAT_PLACES = ("bottom", "left", "top", "right")  # seat 0 (the person) at the bottom


def tables(conn: HTTPConnection) -> Tables:
    """The app's Hearts tables (built by the app factory, stopped by its lifespan)."""
    held: Tables = conn.app.state.hearts
    return held


def summary(live: Live, daily: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game for the page. The code deals every hand of every round, so it is left out (null)
    while the game is in play; it is there once the game is over (and in the record). A daily
    game also has `daily` (web/hearts/daily.py `daily_info`)."""
    out: dict[str, Any] = {
        "id": live.row.id, "code": live.table.code if _over(live) else None,
        "status": live.row.status, "seq": live.table.seq, "state": live.table.state()}
    if daily is not None:
        out["daily"] = daily
    return out


def _summary(conn: HTTPConnection, live: Live | None) -> dict[str, Any]:
    """`{"game": summary}` (null when there is no game); a daily game's date is judged by the
    tables' clock, against the person's other games of it."""
    if live is None:
        return {"game": None}
    held = tables(conn)
    rows = held.store.games(live.row.person, KIND, (*FINISHED, PLAYING)) \
        if DAILY in live.row.settings else []
    return {"game": summary(live, daily_info(live.row, held.clock(), rows))}


def _over(live: Live) -> bool:
    return live.table.game.is_over or live.row.status != PLAYING


def page_data() -> dict[str, Any]:
    """What the settings dialog needs: each variant's preset, the variants Omnibus is refused
    with, strengths and speeds."""
    return {
        "variants": {name: Rules.variant_named(name).to_json() for name in VARIANTS},
        "omnibus_refused": list(OMNIBUS_REFUSED),
        "strengths": list(STRENGTHS),
        "speeds": list(SPEEDS),
        "autoplays": list(AUTOPLAYS),
    }


@router.get("/hearts", response_class=HTMLResponse)
async def page(request: Request) -> HTMLResponse:
    today = today_utc(tables(request).clock()).isoformat()
    return render_page(request, template="hearts.html", page="hearts", title_key="hearts.title",
                       module="hearts", data=page_data() | {"daily_today": today},
                       styles=("hearts.css",),
                       variants=VARIANTS, strengths=STRENGTHS, speeds=SPEEDS, autoplays=AUTOPLAYS,
                       seat_places=SEAT_PLACES)


@router.get("/api/hearts/prefs")
async def get_prefs(request: Request) -> dict[str, Any]:
    return prefs_of(tables(request).store, person_of(request))


@router.put("/api/hearts/prefs")
async def put_prefs(request: Request, body: Prefs) -> dict[str, Any]:
    held = tables(request)
    person = person_of(request)
    changes = body.changes()
    if "rules" in changes:
        changes["rules"] = read_rules(changes["rules"]).to_json()
    held.store.merge_prefs(person, KIND, changes)
    held.set_settings(person, body.strength, body.speed, body.undo)
    return prefs_of(held.store, person)


@router.get("/api/hearts/current")
async def current(request: Request) -> dict[str, Any]:
    """The person's unfinished game, or `{"game": null}`."""
    return _summary(request, tables(request).current(person_of(request)))


@router.get("/api/hearts/last")
async def last(request: Request) -> dict[str, Any]:
    """The game the page opens: the unfinished one, else the one just finished if no game was
    begun since (the page shows its final table); else `{"game": null}`."""
    return _summary(request, tables(request).reopen(person_of(request)))


@router.post("/api/hearts/games", status_code=201)
async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """A new game under the given rules (else the preferred ones), of a code if one is given;
    or the daily game of a date (its code and the daily rules)."""
    held = tables(request)
    if body.daily is not None and (body.code is not None or body.rules is not None):
        raise ApiError(400, "bad_request",
                       "a daily game has its own code and rules: send only its date")
    day = None if body.daily is None else day_of(body.daily, held.clock())
    check_new_game(request)
    person = person_of(request)
    if day is not None:
        live = held.start(person, DAILY_RULES, daily_code(day), daily=day.isoformat())
        return _summary(request, live)
    if body.rules is not None:
        rules = read_rules(body.rules)
    else:
        rules = Rules.from_json(prefs_of(held.store, person)["rules"])
    code = None if body.code is None else read_code(body.code)
    return _summary(request, held.start(person, rules, code))


@router.get("/api/hearts/daily")
async def daily(request: Request, date: str | None = None) -> dict[str, Any]:
    """The daily game of a date (today in UTC by default): its date and rules, with the person's
    daily figures (streaks, days played and won, the latest dates and this date's `result`). Its
    code is not sent: as any game's, it is shown once a game of it is over."""
    held = tables(request)
    today = today_utc(held.clock())
    day = today if date is None else day_of(date, held.clock())
    rows = held.store.games(person_of(request), KIND, (*FINISHED, PLAYING))
    return {"date": day.isoformat(), "rules": DAILY_RULES.to_json(),
            "stats": daily_stats(rows, today, day)}


@router.get("/api/hearts/games/{game_id}")
async def get_game(request: Request, game_id: GameId) -> dict[str, Any]:
    return _summary(request, tables(request).get(game_id, person_of(request)))


# WebSocket ----------------------------------------------------------------------------------


async def _hint(live: Live) -> list[str]:
    """The cards the strongest player would choose now: three to pass, or one to play."""
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
    return [card_text(c) for c in cards]


async def _handle(live: Live, held: Tables, outbox: Outbox,
                  message: AnyMessage, conn: HTTPConnection) -> None:
    """Answer one page message (BadMessage when it cannot be used now)."""
    if isinstance(message, Hello):
        if outbox.replaying:
            return  # coalesced: the replay being sent ends with the current state anyway
        async with live.lock:
            held.fresh(live)  # another process may have played since this one read it
            replay: list[dict[str, Any]] = [
                {"type": "event", "seq": event["seq"], "event": event}
                for event in live.table.events_after(message.after)]
            replay.append({"type": "state", "seq": live.table.seq, "state": live.table.state()})
            outbox.replay(replay)
            if not outbox.dropped:
                live.pages.add(outbox)
        held.drive(live)
        return
    if isinstance(message, Hint):
        wait = guards(conn).solver_wait(conn)
        if wait is not None:
            raise RateLimited(wait)
        async with live.lock:
            held.fresh(live)
            cards = await _hint(live)
            held.update(live, lambda lv: setattr(lv.row, "hints", lv.row.hints + 1))
        outbox.put({"type": "hint", "cards": cards})
        return
    if live.row.status != PLAYING:
        raise BadMessage("finished", "this game is over")
    if isinstance(message, Claim | Undo):
        try:
            if isinstance(message, Claim):
                await held.person_claims(live, message.move)
            else:
                await held.person_undoes(live, message.move)
        except IllegalMove as exc:
            outbox.put({"type": "refused", "action": message.type, "reason": exc.reason,
                        "message": str(exc)})
            if exc.reason == "stale":
                outbox.put({"type": "state", "seq": live.table.seq, "state": live.table.state()})
        return
    action: Any
    match message:
        case Pass(cards=cards):
            action_kind, action = "pass", list(cards)
        case Play(card=card):
            action_kind, action = "play", card
        case Moon(choice=choice):
            action_kind, action = "moon_choice", choice
    try:
        await held.person_acts(live, action_kind, action, message.move)
    except IllegalMove as exc:
        refusal = {"type": "refused", "action": message.type, "reason": exc.reason,
                   "message": str(exc)}
        if isinstance(message, Play):
            refusal["card"] = message.card
        outbox.put(refusal)
        if exc.reason == "stale":  # chosen on a position the game has left: the one it is at
            outbox.put({"type": "state", "seq": live.table.seq, "state": live.table.state()})


class RateLimited(BadMessage):
    """Too many messages (or solver calls): answered with `rate_limited`, nothing done."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("rate_limited", f"too many requests: wait {retry_after} s")
        self.retry_after = retry_after


def same_origin(websocket: WebSocket) -> bool:
    """Browsers send the page's origin with a WebSocket handshake: another site's page may not
    play (or watch) a person's table with their cookie. With a public URL, the origin must be
    exactly it (scheme, host and port); else it must name the host the request was sent to."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    site = public_site(websocket)
    if site is not None:
        return site.same_origin(origin)
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


async def _send_all(websocket: WebSocket, outbox: Outbox) -> None:
    """Send the page's messages until told to stop; a dropped page (too far behind) is closed
    with 1013 (try again later), and reconnects."""
    while (message := await outbox.get()) is not None:
        await websocket.send_text(dumps(message))
        outbox.sent(message)
    if outbox.dropped:
        with contextlib.suppress(Exception):
            await websocket.close(code=TRY_AGAIN)


def _read(received: Mapping[str, Any]) -> AnyMessage:
    """A received WebSocket frame as a page message (BadMessage when it is not one)."""
    text = received.get("text")
    if text is None:
        if len(received.get("bytes") or b"") > MAX_MESSAGE:
            raise MessageTooLarge()
        raise BadMessage("invalid", "send JSON text messages")
    return read_message(text)


async def _receive_all(websocket: WebSocket, live: Live, held: Tables,
                       outbox: Outbox) -> int | None:
    """Read and answer the page's messages until it leaves; the close code to send, if any.
    Every message takes a token of the connection's bucket: one without is answered with
    `rate_limited` and not read, and after `socket_strikes` of those the socket is closed
    with 1008 (policy violation)."""
    limits = guards(websocket).limits
    bucket = TokenBucket(limits.socket_messages)
    strikes = 0
    while not outbox.dropped:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return None
        try:
            if not bucket.take():
                strikes += 1
                if strikes >= limits.socket_strikes:
                    outbox.put(_error(RateLimited(bucket.wait())))
                    return POLICY
                raise RateLimited(bucket.wait())
            await _handle(live, held, outbox, _read(received), websocket)
        except BadMessage as exc:
            outbox.put(_error(exc))
            if isinstance(exc, MessageTooLarge):
                return TOO_BIG
    return None


def _error(exc: BadMessage) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "error": exc.error, "message": exc.message}
    if isinstance(exc, RateLimited):
        message["retry_after"] = exc.retry_after
    return message


@router.websocket("/api/hearts/games/{game_id}/ws")
async def table_socket(websocket: WebSocket, game_id: str) -> None:
    """One page watching and playing one table (see the module's docstring)."""
    await websocket.accept()
    held = tables(websocket)
    try:
        if not same_origin(websocket):
            raise ApiError(403, "bad_origin", "this table is played from its own site only")
        live = held.get(game_id, person_of(websocket))
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", "error": exc.error,
                                              "message": exc.message}))
        await websocket.close(code=4000 + exc.status)
        return
    outbox = Outbox()
    sender = asyncio.create_task(_send_all(websocket, outbox))
    receiver = asyncio.create_task(_receive_all(websocket, live, held, outbox))
    close_code = None
    try:
        # The sender ends first only when the page was dropped (it closes the socket itself).
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        if receiver.done():
            with contextlib.suppress(WebSocketDisconnect):
                close_code = receiver.result()  # a bug in the handler is raised (and logged)
    finally:
        receiver.cancel()
        live.pages.discard(outbox)
        outbox.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, timeout=1.0)
        sender.cancel()
        with contextlib.suppress(BaseException):
            await receiver
        if close_code is not None:
            with contextlib.suppress(Exception):
                await websocket.close(code=close_code)
