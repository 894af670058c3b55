"""Heart to Heart on the web: the page `/h2h` and its JSON API `/api/h2h/...`. The server holds
the game; the page sends taps and draws what it gets back, which never includes the stock's order
(only its size, the waste's size and top card).

Every route answers for the person's own games only (another's id is a 404, like an unknown one).
The solver (`heartsuite.solver`) gives the hints, the solutions, the winnable deals and the
"still winnable" line; it runs in a worker thread, as it can take a moment.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from heartsuite import solver
from heartsuite.h2h.deal import Deal
from heartsuite.h2h.game import Game
from heartsuite.h2h.state import State
from heartsuite.web.api_types import GameId
from heartsuite.web.errors import ApiError
from heartsuite.web.h2h.daily import cached_daily, daily_of, daily_stats, day_of, today_utc
from heartsuite.web.h2h.frames import frames, geometry
from heartsuite.web.h2h.messages import Clock, NewGame, Prefs, Tap, Undo
from heartsuite.web.h2h.sessions import (
    DEFAULT_PREFS,
    KIND,
    Sessions,
    deal_of,
    prefs_of,
    random_code,
    view,
)
from heartsuite.web.people import person_of
from heartsuite.web.ratelimit import check_new_game, check_solver
from heartsuite.web.shell import render_page
from heartsuite.web.store import PLAYING, DailyDeal, GameRow, StaleGame

router = APIRouter()
# What the page may offer: the solver ships with the package, so always everything.
FEATURES = {"solver": True, "winnable": True}


def sessions(conn: HTTPConnection) -> Sessions:
    """The app's Heart to Heart games (built by the app factory)."""
    held: Sessions = conn.app.state.h2h
    return held


async def _status(game: Game, person_prefs: dict[str, bool]) -> dict[str, Any]:
    """The optional "still winnable" line, computed only when asked for."""
    if not person_prefs["show_winnable"] or game.won:
        return {"winnable": None}
    winnable = await run_in_threadpool(solver.is_winnable, game.state)
    if winnable:
        return {"winnable": True}
    # "No longer winnable" blames the player; a deal that never could be won is said so instead.
    return {"winnable": False, "deal_winnable": solver.is_winnable_deal(game.state.deal)}


async def _daily_deal(request: Request, day: dt.date) -> tuple[Deal, DailyDeal]:
    """A date's daily deal and its cached figures; computing the shortest solution of a date not
    cached yet is a solver call (rate limited: a date is anyone's to ask for)."""
    _, cached = cached_daily(sessions(request).store, day)
    if cached is None or cached.shortest is None:
        check_solver(request)
    return await daily_of(sessions(request).store, day)


async def _daily(request: Request, row: GameRow, game: Game) -> dict[str, Any]:
    """A daily deal's date, whether it is played on that date (UTC; only then does it count for
    the streak), the moves of its shortest solution, and once won the person's daily figures."""
    day = row.settings.get("daily")
    if not isinstance(day, str):
        return {}
    games = sessions(request)
    _, cached = await daily_of(games.store, dt.date.fromisoformat(day))  # cached when it began
    today = today_utc(games.clock())
    out: dict[str, Any] = {"date": day, "today": today.isoformat(),
                           "on_day": day == today.isoformat(), "shortest": cached.shortest}
    if game.won:
        out["stats"] = daily_stats(games.store.daily_results(row.person), today,
                                   dt.date.fromisoformat(day))
    return {"daily": out}


async def _answer(request: Request, row: GameRow, game: Game, **extra: Any) -> dict[str, Any]:
    status = await _status(game, prefs_of(sessions(request).store, row.person))
    status |= await _daily(request, row, game)
    return {"game": view(row, game, status)} | extra


def _playing(row: GameRow) -> None:
    if row.status != PLAYING:
        raise ApiError(409, "finished", "this game is over")


async def _stale(request: Request, row: GameRow, game: Game) -> ApiError:
    """The 409 for a request made on another position than the game's (a retry of one already
    played, or a page behind another window): it carries the game as it is, to redraw."""
    answer = await _answer(request, row, game)
    return ApiError(409, "stale", "the game has changed since this was sent: showing it as it is",
                    extra=answer)


async def _save(request: Request, row: GameRow, game: Game, elapsed_ms: int | None) -> None:
    """Store a change; when another server process wrote the game first (a race the check in
    `Sessions.get` did not see), nothing is kept and the answer is the 409 `stale` with the game
    as it is stored."""
    games = sessions(request)
    try:
        games.save(row, game, elapsed_ms)
    except StaleGame:
        raise await _stale(request, *games.get(row.id, row.person)) from None


@router.get("/h2h", response_class=HTMLResponse)
async def page(request: Request) -> HTMLResponse:
    today = today_utc(sessions(request).clock()).isoformat()
    return render_page(request, template="h2h.html", page="h2h", title_key="h2h.title",
                       module="h2h", data={"geometry": geometry(), "daily_today": today,
                                           **FEATURES})


@router.get("/api/h2h/meta")
async def meta() -> dict[str, Any]:
    """The heart's geometry and which solver features this server has."""
    return {"geometry": geometry(), **FEATURES}


@router.get("/api/h2h/prefs")
async def get_prefs(request: Request) -> dict[str, bool]:
    return prefs_of(sessions(request).store, person_of(request))


@router.put("/api/h2h/prefs")
async def put_prefs(request: Request, body: Prefs) -> dict[str, bool]:
    store = sessions(request).store
    person = person_of(request)
    store.merge_prefs(person, KIND, body.changes(), keep=DEFAULT_PREFS)
    return prefs_of(store, person)


@router.get("/api/h2h/current")
async def current(request: Request) -> dict[str, Any]:
    """The person's unfinished game, or `{"game": null}`."""
    held = sessions(request).current(person_of(request))
    if held is None:
        return {"game": None}
    return await _answer(request, *held)


@router.get("/api/h2h/last")
async def last(request: Request) -> dict[str, Any]:
    """The game the page opens: the unfinished one, else the one just finished (won, or lost
    after asking for the solution) if no game was begun since; else `{"game": null}`."""
    held = sessions(request).reopen(person_of(request))
    if held is None:
        return {"game": None}
    return await _answer(request, *held)


@router.post("/api/h2h/games", status_code=201)
async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """Start a game: the deal of `code`, else a fresh one (winnable when asked or preferred)."""
    person = person_of(request)
    held = sessions(request).current(person)
    if held is not None and held[0].id != body.replaces:
        raise await _stale(request, *held)
    check_new_game(request)
    daily = None
    if body.daily is not None:
        if body.code is not None:
            raise ApiError(400, "bad_request", "ask for a deal code or a daily deal, not both")
        day = day_of(body.daily, sessions(request).clock())
        deal, _ = await _daily_deal(request, day)
        daily = day.isoformat()
    elif body.code is not None:
        deal = deal_of(body.code)
    else:
        winnable = body.winnable
        if winnable is None:
            winnable = prefs_of(sessions(request).store, person)["winnable_only"]
        code = random_code("W" if winnable else "N")
        # a winnable deal is searched for by the solver: not on the event loop
        deal = await run_in_threadpool(deal_of, code) if winnable else deal_of(code)
    row, game = sessions(request).start(person, deal, daily)
    if deal.code and sessions(request).solution_seen(person, deal.code):
        # not an unaided game (site/stats.py)
        sessions(request).update(row, lambda r: setattr(r, "settings", r.settings | {"seen": True}))
    return await _answer(request, row, game)


@router.get("/api/h2h/daily")
async def daily(request: Request, date: str | None = None) -> dict[str, Any]:
    """The daily deal of a date (today in UTC by default): its code and the moves of its
    shortest solution, with the person's daily figures (streaks, days played and won, and this
    date's result)."""
    games = sessions(request)
    today = today_utc(games.clock())
    day = today if date is None else day_of(date, games.clock())
    deal, cached = await _daily_deal(request, day)
    person = person_of(request)
    return {"date": day.isoformat(), "code": deal.code, "shortest": cached.shortest,
            "stats": daily_stats(games.store.daily_results(person), today, day)}


@router.get("/api/h2h/games/{game_id}")
async def get_game(request: Request, game_id: GameId) -> dict[str, Any]:
    return await _answer(request, *sessions(request).get(game_id, person_of(request)))


@router.post("/api/h2h/games/{game_id}/tap")
async def tap(request: Request, game_id: GameId, body: Tap) -> dict[str, Any]:
    """Tap a layout position, the waste or the stock (SPEC §1.4)."""
    games = sessions(request)
    row, game = games.get(game_id, person_of(request))
    _playing(row)
    if (body.move, body.selected) != (game.state.moves, game.selected):
        raise await _stale(request, row, game)
    moves_before, selected_before = len(game.line), game.selected
    event = game.tap(body.target)
    if (len(game.line), game.selected) != (moves_before, selected_before):
        await _save(request, row, game, body.elapsed_ms)
    return await _answer(request, row, game, event=event.to_dict())


@router.post("/api/h2h/games/{game_id}/undo")
async def undo(request: Request, game_id: GameId, body: Undo) -> dict[str, Any]:
    games = sessions(request)
    row, game = games.get(game_id, person_of(request))
    _playing(row)
    if body.move != game.state.moves:
        raise await _stale(request, row, game)
    event = game.undo()
    if event.kind == "undone":
        await _save(request, row, game, body.elapsed_ms)
    return await _answer(request, row, game, event=event.to_dict())


@router.post("/api/h2h/games/{game_id}/clock")
async def clock(request: Request, game_id: GameId, body: Clock) -> dict[str, Any]:
    """Record the page's clock (sent when the page is hidden or left)."""
    games = sessions(request)
    row, game = games.get(game_id, person_of(request))
    if row.status == PLAYING and row.moves and body.elapsed_ms is not None:
        await _save(request, row, game, body.elapsed_ms)
    return {"elapsed_ms": row.elapsed_ms}


@router.post("/api/h2h/games/{game_id}/hint")
async def hint(request: Request, game_id: GameId, body: Clock) -> dict[str, Any]:
    """The next move of a winning line (None when the game can no longer be won); counted, unless
    the deal never could be won (`never`: no move was lost, there is nothing to undo, and a hint
    that cannot help costs nothing)."""
    games = sessions(request)
    row, game = games.get(game_id, person_of(request))
    _playing(row)
    check_solver(request)
    move = await run_in_threadpool(solver.hint, game.state)
    never = move is None and not solver.is_winnable_deal(game.state.deal)
    if not never:
        row.hints += 1
    await _save(request, row, game, body.elapsed_ms)
    return await _answer(
        request, row, game,
        hint=None if move is None else {"move": str(move), "cards": move.taps()},
        never=never,
    )


@router.post("/api/h2h/games/{game_id}/solution")
async def solution(request: Request, game_id: GameId) -> dict[str, Any]:
    """The deal's shortest solution, step by step; only once the game is over (won, or stuck:
    asking ends a blocked game as lost), since it shows the stock."""
    games = sessions(request)
    row, game = games.get(game_id, person_of(request))
    if row.status == PLAYING and not game.won:
        if not game.blocked:
            raise ApiError(409, "in_progress", "the solution is shown once the game is over")
        games.finish_lost(row)
    check_solver(request)
    line = await run_in_threadpool(solver.solve, State.initial(game.deal), True)
    if not row.result.get("solution_seen"):
        # a replay of this deal is "seen"
        games.update(row, lambda r: setattr(r, "result", r.result | {"solution_seen": True}))
    if line is None:
        return {"code": game.deal.code, "frames": None}
    return {"code": game.deal.code, "frames": frames(game.deal, line)}
