"""The Heart to Heart API's request bodies: pydantic models, so a wrong type, an out-of-range
target or an unknown field is a 422 `invalid` before any route runs.

Taps, undo and new game say which position the page drew them from (`move`, `selected`,
`replaces`): the server refuses one made on another position with a 409 `stale`, so a request
the network sends twice is played once."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from heartsuite.web.api_types import GameId, Strict

Elapsed = Annotated[StrictInt, Field(ge=0, le=10**10)]
Position = Annotated[StrictInt, Field(ge=1, le=25)]
MoveNumber = Annotated[StrictInt, Field(ge=0, le=10**9)]


class NewGame(Strict):
    """A deal by code, the daily deal of a date, else a fresh one (winnable when asked, else as
    the person prefers).
    `replaces` is the id of the game the page shows (null when it shows none): if the person's
    game in play is another one, the request is stale."""

    replaces: GameId | None
    code: Annotated[str, Field(max_length=40)] | None = None
    winnable: StrictBool | None = None
    # The daily deal of this date (YYYY-MM-DD, not after today in UTC), instead of a code.
    daily: Annotated[str, Field(max_length=10)] | None = None


class Tap(Strict):
    """A tap on a layout position, the stock or the waste, with the page's clock; `move` and
    `selected` are the view's `moves` and `selected` the page drew the tap on."""

    target: Position | Literal["stock", "waste"]
    move: MoveNumber
    selected: Position | Literal["waste"] | None
    elapsed_ms: Elapsed | None = None


class Clock(Strict):
    """The page's clock, sent with hint and when the page is hidden."""

    elapsed_ms: Elapsed | None = None


class Undo(Clock):
    """Take back the last move; `move` is the view's `moves` the page drew it on."""

    move: MoveNumber


class Prefs(Strict):
    """Any subset of the person's Heart to Heart preferences."""

    placement_help: StrictBool | None = None
    move_errors: StrictBool | None = None
    winnable_only: StrictBool | None = None
    show_winnable: StrictBool | None = None
