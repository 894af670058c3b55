"""Refusals at a table: every one has a stable reason key (docs/protocol.md lists them), a
sentence, and the HTTP status the web app answers with. A refused command changes nothing."""

from __future__ import annotations


class TableError(Exception):
    """A refused command: `reason` is the protocol's key, `status` its HTTP status."""

    def __init__(self, reason: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.status = status


__all__ = ["TableError"]
