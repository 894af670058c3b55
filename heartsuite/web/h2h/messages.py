"""The Heart to Heart API's request bodies: pydantic models, so a wrong type, an out-of-range
target or an unknown field is a 422 `invalid` before any route runs."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from heartsuite.web.api_types import Strict

Elapsed = Annotated[StrictInt, Field(ge=0, le=10**10)]
Position = Annotated[StrictInt, Field(ge=1, le=25)]


class NewGame(Strict):
    """A deal by code, else a fresh one (winnable when asked, else as the person prefers)."""

    code: Annotated[str, Field(max_length=40)] | None = None
    winnable: StrictBool | None = None


class Tap(Strict):
    """A tap on a layout position, the stock or the waste, with the page's clock."""

    target: Position | Literal["stock", "waste"]
    elapsed_ms: Elapsed | None = None


class Clock(Strict):
    """The page's clock, sent with undo, hint and when the page is hidden."""

    elapsed_ms: Elapsed | None = None


class Prefs(Strict):
    """Any subset of the person's Heart to Heart preferences."""

    placement_help: StrictBool | None = None
    move_errors: StrictBool | None = None
    winnable_only: StrictBool | None = None
    show_winnable: StrictBool | None = None
