"""What clients send to the tables API (docs/protocol.md): the HTTP bodies and the socket's
messages, as pydantic models. `read_message` turns every way a socket message can be wrong into
the socket's error keys, as the Hearts socket does (web/hearts/messages.py):

- over MAX_MESSAGE characters: `too_large` (the socket then closes with 1009);
- not JSON: `bad_json`; not an object, an unknown `type`, a field of the wrong shape: `invalid`.

Whether a `seat` sent with an action is the sender's own is the hub's question (`not_your_seat`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter
from pydantic import ValidationError as PydanticError

from heartsuite.web.api_types import Strict

MAX_MESSAGE = 2048  # characters of one socket message
Level = Literal["random", "heuristic", "easy", "medium", "hard", "expert"]
Name = Annotated[str, Field(max_length=200)]  # trimmed and checked by tables.names.clean_name


class PersonSeat(Strict):
    kind: Literal["person"]


class BotSeat(Strict):
    kind: Literal["bot"]
    level: Level


class NewTable(Strict):
    """`POST /api/tables`."""

    rules: dict[str, Any] | None = None
    variant: Annotated[str, Field(max_length=40)] | None = None
    seats: Annotated[list[Annotated[PersonSeat | BotSeat, Field(discriminator="kind")]],
                     Field(min_length=3, max_length=4)] | None = None
    timer: Literal[0, 15, 30, 60] = 0
    spectators: StrictBool = True
    speed: Literal["slow", "normal", "fast", "instant"] = "normal"
    standin_level: Level = "hard"
    name: Name


class Join(Strict):
    """`POST /api/tables/{table}/join`."""

    name: Name
    seat: Annotated[StrictInt, Field(ge=0, le=3)] | None = None


class Start(Strict):
    fill: StrictBool = False


class Empty(Strict):
    """A body with nothing in it (`{}`)."""


class Vote(Strict):
    accept: StrictBool


class PersonName(Strict):
    """`PUT /api/people/me`."""

    name: Name


# The socket ---------------------------------------------------------------------------------

CardName = Annotated[StrictStr, Field(max_length=3)]


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    seat: Annotated[StrictInt, Field(ge=0, le=3)] | None = None
    seq: Annotated[StrictInt, Field(ge=0, le=10**9)] | None = None


class Hello(_Message):
    type: Literal["hello"]
    after: Annotated[StrictInt, Field(ge=0, le=10**9)] = 0


class Pass(_Message):
    type: Literal["pass"]
    cards: Annotated[list[CardName], Field(max_length=13)]


class Play(_Message):
    type: Literal["play"]
    card: CardName


class Moon(_Message):
    type: Literal["moon"]
    choice: Literal["old", "new"]


class React(_Message):
    type: Literal["react"]
    phrase: Annotated[StrictStr, Field(max_length=20)]


class Hint(_Message):
    type: Literal["hint"]


SocketMessage = Hello | Pass | Play | Moon | React | Hint
_READER: TypeAdapter[SocketMessage] = TypeAdapter(
    Annotated[SocketMessage, Field(discriminator="type")])

_WHY = {
    "after": "after must be a whole number of events",
    "seq": "seq must be a whole number of events",
    "seat": "seat must be a seat number",
    "cards": "cards must be a list of card names such as QS",
    "card": "card must be a card name such as QS",
    "choice": 'choice must be "old" or "new"',
    "phrase": "phrase must be a reaction key",
}


class BadMessage(Exception):
    """A message the server cannot use: answered with an `error`, the connection stays open."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


class MessageTooLarge(BadMessage):
    def __init__(self) -> None:
        super().__init__("too_large", f"messages are limited to {MAX_MESSAGE} characters")


def read_message(text: str) -> SocketMessage:
    """A socket message, or BadMessage saying what is wrong with it."""
    if len(text) > MAX_MESSAGE:
        raise MessageTooLarge()
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("bad_json", "the message is not JSON") from None
    try:
        return _READER.validate_python(data)
    except PydanticError as exc:
        errors = exc.errors()
        kinds = {e["type"] for e in errors}
        if "model_attributes_type" in kinds or "model_type" in kinds:
            raise BadMessage("invalid", "a message must be a JSON object") from None
        if kinds & {"union_tag_not_found", "union_tag_invalid"}:
            raise BadMessage("invalid", "unknown message type") from None
        fields = [str(e["loc"][1]) for e in errors if len(e["loc"]) > 1]
        raise BadMessage("invalid", _WHY.get(fields[0] if fields else "", "invalid message")
                         ) from None


__all__ = ["MAX_MESSAGE", "BadMessage", "BotSeat", "Empty", "Hello", "Hint", "Join",
           "MessageTooLarge", "Moon", "NewTable", "Pass", "PersonName", "PersonSeat", "Play",
           "React", "SocketMessage", "Start", "Vote", "read_message"]
