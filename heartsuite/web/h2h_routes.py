"""The Heart to Heart API. The server holds the game; the page sends taps and draws what it gets
back, which never includes the stock's order (only its size, the waste's size and top card).

Every route answers for the person's own games only (another's id is a 404, like an unknown one).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field, StrictBool, StrictInt
from starlette.concurrency import run_in_threadpool

from heartsuite.h2h.cards import rank_name
from heartsuite.h2h.deal import CodeError, Deal
from heartsuite.h2h.game import Game
from heartsuite.h2h.layout import PLACES
from heartsuite.h2h.moves import Move, parse_move
from heartsuite.h2h.state import State, apply
from heartsuite.solver import deal_from_code
from heartsuite.web import solver_bridge
from heartsuite.web.api_types import GameId, Strict
from heartsuite.web.errors import ApiError
from heartsuite.web.h2h_sessions import (
    DEFAULT_PREFS,
    KIND,
    Sessions,
    prefs_of,
    random_code,
    view,
)
from heartsuite.web.people import person_of
from heartsuite.web.store import PLAYING, GameRow

router = APIRouter(prefix="/api/h2h")

Elapsed = Annotated[StrictInt, Field(ge=0, le=10**10)]


class NewGame(Strict):
    code: Annotated[str, Field(max_length=40)] | None = None
    winnable: StrictBool | None = None


class Tap(Strict):
    target: Annotated[StrictInt, Field(ge=1, le=25)] | Literal["stock", "waste"]
    elapsed_ms: Elapsed | None = None


class Clock(Strict):
    elapsed_ms: Elapsed | None = None


class Prefs(Strict):
    placement_help: StrictBool | None = None
    move_errors: StrictBool | None = None
    winnable_only: StrictBool | None = None
    show_winnable: StrictBool | None = None


def sessions(request: Request) -> Sessions:
    return request.app.state.h2h


def geometry() -> list[dict[str, int]]:
    """Row and half-card offset of each position 1..25 (SPEC §1.2), for the page's layout."""
    return [{"pos": p, "row": row, "x": x} for p, (row, x) in enumerate(PLACES) if p]


async def _status(game: Game, person_prefs: dict[str, bool]) -> dict[str, Any]:
    """The optional "still winnable" line, computed only when asked for."""
    module = solver_bridge.solver()
    if not person_prefs["show_winnable"] or module is None or game.won:
        return {"winnable": None}
    return {"winnable": bool(await run_in_threadpool(module.is_winnable, game.state))}


async def _answer(request: Request, row: GameRow, game: Game, **extra: Any) -> dict[str, Any]:
    status = await _status(game, prefs_of(request.app.state.store, row.person))
    return {"game": view(row, game, status)} | extra


def _deal(code: str) -> Deal:
    try:
        return deal_from_code(code)
    except CodeError as exc:
        raise ApiError(400, "bad_code", str(exc)) from None


@router.get("/meta")
async def meta() -> dict[str, Any]:
    """The heart's geometry and which solver features this server has."""
    return {"geometry": geometry(), **solver_bridge.available()}


@router.get("/prefs")
async def get_prefs(request: Request) -> dict[str, bool]:
    return prefs_of(request.app.state.store, person_of(request))


@router.put("/prefs")
async def put_prefs(request: Request, body: Prefs) -> dict[str, bool]:
    store = request.app.state.store
    person = person_of(request)
    store.merge_prefs(person, KIND, body.changes(), keep=DEFAULT_PREFS)
    return prefs_of(store, person)


@router.get("/current")
async def current(request: Request) -> dict[str, Any]:
    """The person's unfinished game, or `{"game": null}`."""
    held = sessions(request).current(person_of(request))
    if held is None:
        return {"game": None}
    return await _answer(request, *held)


@router.get("/last")
async def last(request: Request) -> dict[str, Any]:
    """The game the page opens: the unfinished one, else the one just finished (won, or lost
    after asking for the solution) if no game was begun since; else `{"game": null}`."""
    held = sessions(request).reopen(person_of(request))
    if held is None:
        return {"game": None}
    return await _answer(request, *held)


@router.post("/games", status_code=201)
async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """Start a game: the deal of `code`, else a fresh one (winnable when asked or preferred)."""
    person = person_of(request)
    if body.code is not None:
        deal = _deal(body.code)
    else:
        winnable = body.winnable
        if winnable is None:
            winnable = prefs_of(request.app.state.store, person)["winnable_only"]
        if winnable and not solver_bridge.winnable_codes():
            raise ApiError(409, "no_solver", "winnable deals need the solver")
        code = random_code("W" if winnable else "N")
        deal = await run_in_threadpool(_deal, code) if winnable else _deal(code)
    row, game = sessions(request).start(person, deal)
    return await _answer(request, row, game)


@router.get("/games/{game_id}")
async def get_game(request: Request, game_id: GameId) -> dict[str, Any]:
    return await _answer(request, *sessions(request).get(game_id, person_of(request)))


@router.post("/games/{game_id}/tap")
async def tap(request: Request, game_id: GameId, body: Tap) -> dict[str, Any]:
    """Tap a layout position, the waste or the stock (SPEC §1.4)."""
    table = sessions(request)
    row, game = table.get(game_id, person_of(request))
    if row.status != PLAYING:
        raise ApiError(409, "finished", "this game is over")
    moves_before = len(game.line)
    event = game.tap(body.target)
    if len(game.line) != moves_before:
        table.save(row, game, body.elapsed_ms)
    return await _answer(request, row, game, event=event.to_dict())


@router.post("/games/{game_id}/undo")
async def undo(request: Request, game_id: GameId, body: Clock) -> dict[str, Any]:
    table = sessions(request)
    row, game = table.get(game_id, person_of(request))
    if row.status != PLAYING:
        raise ApiError(409, "finished", "this game is over")
    event = game.undo()
    if event.kind == "undone":
        table.save(row, game, body.elapsed_ms)
    return await _answer(request, row, game, event=event.to_dict())


@router.post("/games/{game_id}/clock")
async def clock(request: Request, game_id: GameId, body: Clock) -> dict[str, Any]:
    """Record the page's clock (sent when the page is hidden or left)."""
    table = sessions(request)
    row, game = table.get(game_id, person_of(request))
    if row.status == PLAYING and row.moves and body.elapsed_ms is not None:
        table.save(row, game, body.elapsed_ms)
    return {"elapsed_ms": row.elapsed_ms}


def _hint_cards(move: Move) -> list[int | str]:
    if move.kind == "P":
        return [move.p, move.q]
    if move.kind == "W":
        return [move.p, "waste"]
    return ["stock"]


@router.post("/games/{game_id}/hint")
async def hint(request: Request, game_id: GameId, body: Clock) -> dict[str, Any]:
    """The next move of a winning line (None when the game can no longer be won); counted."""
    module = solver_bridge.solver()
    if module is None:
        raise ApiError(409, "no_solver", "hints need the solver")
    table = sessions(request)
    row, game = table.get(game_id, person_of(request))
    if row.status != PLAYING:
        raise ApiError(409, "finished", "this game is over")
    move = await run_in_threadpool(module.hint, game.state)
    row.hints += 1
    table.save(row, game, body.elapsed_ms)
    found = None if move is None else parse_move(str(move))
    return await _answer(
        request, row, game,
        hint=None if found is None else {"move": str(found), "cards": _hint_cards(found)},
    )


def frame(state: State, move: Move | None) -> dict[str, Any]:
    """One step of a replay, cards face up (only ever sent once the deal is no secret)."""
    top = state.waste_top
    return {
        "move": None if move is None else str(move),
        "layout": [rank_name(r) if state.present >> i & 1 else None
                   for i, r in enumerate(state.deal.layout)],
        "stock": len(state.stock),
        "waste": len(state.waste),
        "waste_top": rank_name(top) if top else None,
        "score": state.score,
        "moves": state.moves,
    }


def frames(deal: Deal, moves: list[Move]) -> list[dict[str, Any]]:
    """The deal, then the position after each move."""
    state = State.initial(deal)
    out = [frame(state, None)]
    for move in moves:
        state = apply(state, move)
        out.append(frame(state, move))
    return out


@router.post("/games/{game_id}/solution")
async def solution(request: Request, game_id: GameId) -> dict[str, Any]:
    """The deal's shortest solution, step by step; only once the game is over (won, or stuck:
    asking ends a blocked game as lost), since it shows the stock."""
    module = solver_bridge.solver()
    if module is None:
        raise ApiError(409, "no_solver", "solutions need the solver")
    table = sessions(request)
    row, game = table.get(game_id, person_of(request))
    if row.status == PLAYING and not game.won:
        if not game.blocked:
            raise ApiError(409, "in_progress", "the solution is shown once the game is over")
        table.finish_lost(row)
    start = State.initial(game.deal)
    line = await run_in_threadpool(module.solve, start, True)
    if line is None:
        return {"code": game.deal.code, "frames": None}
    moves = [parse_move(str(m)) for m in line]
    return {"code": game.deal.code, "frames": frames(game.deal, moves)}
