"""Every failure of the API leaves as a JSON error `{"error": key, "message": text}` with a 4xx
status.

Request bodies are limited in size (413), malformed JSON and wrong fields are 422, unknown things
404; a 500 would be a bug, and even then the answer is JSON. An address a person typed or followed
(anything outside `/api/` and `/static/`) that leads nowhere gets the app's "page not found" page
instead, in the person's language, when the app gives one to `install`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from heartsuite.web.asgi import HttpMiddleware

MAX_BODY = 16 * 1024
log = logging.getLogger(__name__)
# Where JSON errors stay JSON whatever the status: programs read these, people do not visit them.
MACHINE_PREFIXES = ("/api/", "/static/")
NotFoundPage = Callable[[Request], Response]


class ApiError(Exception):
    """An error for the client: HTTP status, a stable key the page can translate, and a message."""

    def __init__(self, status: int, error: str, message: str, *,
                 extra: dict[str, Any] | None = None, headers: dict[str, str] | None = None
                 ) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.extra = extra or {}  # more of the answer (a 409 `stale` carries the current game)
        self.headers = headers or {}  # a 429 carries `Retry-After`


class BodyTooLarge(ApiError):
    """A request body over MAX_BODY bytes."""

    def __init__(self) -> None:
        super().__init__(413, "too_large", f"the request body is larger than {MAX_BODY} bytes")


def error_response(status: int, error: str, message: str, *,
                   extra: dict[str, Any] | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    body = {"error": error, "message": message} | (extra or {})
    return JSONResponse(body, status_code=status, headers=headers)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for item in exc.errors()[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return "; ".join(parts) or "invalid request"


def for_people(request: Request, status: int) -> bool:
    """Whether a failure is answered with a page rather than JSON: a 404 at an address outside
    the API and the static files (a mistyped link, an old bookmark)."""
    path = request.url.path
    return status == 404 and request.method in ("GET", "HEAD") and not (
        path.startswith(MACHINE_PREFIXES) or path in ("/api", "/static"))


def install(app: FastAPI, not_found_page: NotFoundPage | None = None) -> None:
    """Register the error handlers on the app: JSON for the API; `not_found_page(request)` (the
    site's styled page) for an unknown address a person opened."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        if not_found_page is not None and for_people(request, exc.status):
            return not_found_page(request)
        return error_response(exc.status, exc.error, exc.message, extra=exc.extra,
                              headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "invalid", _validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if not_found_page is not None and for_people(request, exc.status_code):
            return not_found_page(request)
        key = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error_response(exc.status_code, key, str(exc.detail))

    @app.exception_handler(Exception)
    async def crashed(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal", "internal error")


class LimitMiddleware(HttpMiddleware):
    """Refuses request bodies over MAX_BODY bytes, whether announced or streamed: the body is read
    here first (bodies are small), then handed on whole."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        too_large = error_response(413, "too_large", BodyTooLarge().message)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY):
                await too_large(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        unreadable = _unreadable_json(scope, body)
        if unreadable is not None:
            await error_response(422, "invalid", unreadable)(scope, receive, send)
            return
        whole: Message = {"type": "http.request", "body": body, "more_body": False}
        await self.app(scope, _replay([whole], receive), send)


def _unreadable_json(scope: Scope, body: bytes) -> str | None:
    """Why an API body cannot be read as JSON when the reason is one FastAPI would report as a
    400 `http_error` (nesting deeper than the reader's recursion limit, an integer of over
    4,300 digits): those are malformed input like any other, a 422 `invalid`. Bodies are
    small (MAX_BODY), so reading them twice costs nothing."""
    if not body or not str(scope.get("path", "")).startswith("/api/"):
        return None
    try:
        json.loads(body)
    except RecursionError:
        return "the JSON is nested too deeply"
    except json.JSONDecodeError:
        return None  # FastAPI says what is wrong, as a 422 `invalid`
    except ValueError:  # an integer of over 4,300 digits; a body that is not UTF-8
        return "the body cannot be read as JSON (an integer of over 4,300 digits?)"
    return None


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive callable that gives `messages` first, then whatever comes after."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
