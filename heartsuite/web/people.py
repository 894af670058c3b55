"""A person is known by a random cookie (no accounts): this ASGI middleware gives every visitor one.

Handlers read the id with `person_of(request_or_websocket)`; games and preferences are keyed by it.
A program sends the same secret as `Authorization: Bearer <token>` (docs/protocol.md); the header
wins over the cookie.
"""

from __future__ import annotations

import re
from http.cookies import SimpleCookie
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartsuite.web.store import Store, new_id

COOKIE = "hs_person"
SECURE_COOKIE = "__Host-hs_person"  # with a public https URL: Secure, Path=/, no Domain
MAX_AGE = 10 * 365 * 24 * 3600
_VALID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def cookies_of(scope: Scope) -> dict[str, str]:
    """The request's cookies (a malformed Cookie header counts as none)."""
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # any unreadable header means no cookies
                return {}
    return {key: morsel.value for key, morsel in jar.items()}


def person_of(conn: HTTPConnection) -> str:
    """The id of the person making this request (set by PersonMiddleware)."""
    person: str = conn.scope["state"]["person"]
    return person


def bearer_of(scope: Scope) -> str | None:
    """The token of an `Authorization: Bearer <token>` header ("" when malformed), else None."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            return token.strip() if scheme.lower() == "bearer" else ""
    return None


class PersonMiddleware:
    """Reads the person cookie, or makes a new id and sets the cookie on the response. With
    `secure` (the server has a public https URL) the cookie is `__Host-hs_person` and `Secure`."""

    def __init__(self, app: ASGIApp, store: Store, secure: bool = False) -> None:
        self.app = app
        self.store = store
        self.name = SECURE_COOKIE if secure else COOKIE
        self.attributes = "; Secure" if secure else ""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        bearer = bearer_of(scope)
        if bearer is not None:  # a program: the header wins, and no cookie is set
            if not _VALID.fullmatch(bearer):
                await self._bad_token(scope, receive, send)
                return
            scope.setdefault("state", {})["person"] = bearer
            await self.app(scope, receive, send)
            return
        person = cookies_of(scope).get(self.name, "")
        fresh = not _VALID.fullmatch(person)
        if fresh:
            # The row is made on the person's first write (a preference, a game), not here:
            # static files, 404s and crawlers must not grow the store.
            person = new_id()
        scope.setdefault("state", {})["person"] = person
        if not fresh or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookie = (f"{self.name}={person}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Lax"
                  f"{self.attributes}").encode("latin-1")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", ()))
                headers.append((b"set-cookie", cookie))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    async def _bad_token(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A malformed bearer token: 401 over HTTP; a socket is told and closed by its route
        (it sees no person in the scope)."""
        if scope["type"] == "websocket":
            scope.setdefault("state", {}).pop("person", None)
            await self.app(scope, receive, send)
            return
        response = JSONResponse({"error": "bad_token", "message": "the bearer token is malformed"},
                                status_code=401)
        await response(scope, receive, send)
