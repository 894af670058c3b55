"""What the JSON APIs of both games share: game ids as they appear in paths, and request bodies
that refuse unknown fields."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class Strict(BaseModel):
    """A request body: an unknown field is a 422, not silently ignored."""

    model_config = ConfigDict(extra="forbid")

    def changes(self) -> dict[str, Any]:
        """The fields the request set (a partial update leaves the others as they were)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}
