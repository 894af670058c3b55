"""What the Hearts page sends: the JSON bodies of the API and the WebSocket's messages, as
pydantic models. A socket message is one of a discriminated union keyed by `type`, read by
`read_message`, which turns every way a message can be wrong into the socket's error keys:

- over MAX_MESSAGE characters: `too_large` (the socket then closes with 1009);
- not JSON (or an integer of over 4,300 digits, which Python refuses to read): `bad_json`;
  nested too deeply for the reader (a thousand arrays): `invalid`; not an object, or an unknown
  `type`, or a field of the wrong shape: `invalid`;
- a `seat` that is not exactly 0 (the person plays seat 0 only): `not_your_seat`, whatever else
  is wrong with the message.

Fields a message does not use are ignored, as before.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter
from pydantic import ValidationError as PydanticError

from heartsuite.web.api_types import Strict

MAX_MESSAGE = 2048  # characters of one socket message (a pass is under 60)


class NewGame(Strict):
    """A new game: the rules (else the preferred ones) and a game code (else a fresh deal), or
    the daily game of a date (YYYY-MM-DD, not after today in UTC: its code and rules are the
    date's, so neither may be sent with it)."""

    rules: dict[str, Any] | None = None
    code: Annotated[str, Field(max_length=40)] | None = None
    daily: Annotated[str, Field(max_length=10)] | None = None


class Prefs(Strict):
    """Any subset of the person's Hearts preferences."""

    rules: dict[str, Any] | None = None
    strength: Literal["easy", "medium", "hard", "expert"] | None = None
    speed: Literal["slow", "normal", "fast", "instant"] | None = None
    move_errors: StrictBool | None = None
    autoplay: Literal["off", "last", "always"] | None = None
    undo: StrictBool | None = None


# The socket ---------------------------------------------------------------------------------

CardName = Annotated[StrictStr, Field(max_length=3)]


class _Message(BaseModel):
    """A page message: strict types (JSON `"5"` is not 5), unused fields ignored, and the seat,
    when sent, must be the person's own."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    seat: Annotated[StrictInt, Field(ge=0, le=0)] = 0


class Hello(_Message):
    """The page (re)connects: `after` is the last event number it has."""

    type: Literal["hello"]
    after: Annotated[StrictInt, Field(ge=0, le=10**9)] = 0


MoveNumber = Annotated[StrictInt, Field(ge=0, le=10**9)]


class _Action(_Message):
    """An action of the person: `move`, when sent, is the state's `move` (how many actions the
    person had made) the page chose it on; on another position it is refused `stale`."""

    move: MoveNumber | None = None


class Pass(_Action):
    """The person's three cards to pass (the engine checks there are three, in the hand)."""

    type: Literal["pass"]
    cards: Annotated[list[CardName], Field(max_length=13)]


class Play(_Action):
    """The person's card to play."""

    type: Literal["play"]
    card: CardName


class Moon(_Action):
    """How the person's moon is scored (Mixed Moon)."""

    type: Literal["moon"]
    choice: Literal["old", "new"]


class Claim(_Action):
    """Claim the rest of the round (accepted only when proven on the deal)."""

    type: Literal["claim"]


class Undo(_Action):
    """Take back the person's last card (when undo is on in the settings)."""

    type: Literal["undo"]


class Hint(_Message):
    """Ask what the strongest player would choose now."""

    type: Literal["hint"]


AnyMessage = Hello | Pass | Play | Moon | Claim | Undo | Hint
PageMessage = Annotated[AnyMessage, Field(discriminator="type")]
_READER: TypeAdapter[AnyMessage] = TypeAdapter(PageMessage)

# The message of an `invalid` error, by the field that is wrong.
_WHY = {
    "after": "after must be a whole number of events",
    "cards": "cards must be a list of card names such as QS",
    "card": "card must be a card name such as QS",
    "choice": 'choice must be "old" or "new"',
    "move": "move must be the state's move number",
}


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


def read_message(text: str) -> AnyMessage:
    """A page message, or BadMessage saying what is wrong with it."""
    if len(text) > MAX_MESSAGE:
        raise MessageTooLarge()
    try:
        data = json.loads(text)  # Python's reader, so NaN and Infinity read as before
    except RecursionError:  # e.g. 1,000 nested arrays, well under MAX_MESSAGE
        raise BadMessage("invalid", "the message is nested too deeply") from None
    except ValueError:  # not JSON, or an integer of over 4,300 digits
        raise BadMessage("bad_json", "the message is not JSON") from None
    try:
        return _READER.validate_python(data)
    except PydanticError as exc:
        raise _refusal(exc) from None


def _refusal(exc: PydanticError) -> BadMessage:
    """The socket's error for a message that does not validate."""
    errors = exc.errors()
    kinds = {e["type"] for e in errors}
    if "model_attributes_type" in kinds or "model_type" in kinds:
        return BadMessage("invalid", "a message must be a JSON object")
    if kinds & {"union_tag_not_found", "union_tag_invalid"}:
        return BadMessage("invalid", "unknown message type")
    fields = [str(e["loc"][1]) for e in errors if len(e["loc"]) > 1]
    if "seat" in fields:
        return BadMessage("not_your_seat", "you play seat 0 only")
    return BadMessage("invalid", _WHY.get(fields[0] if fields else "", "invalid message"))
