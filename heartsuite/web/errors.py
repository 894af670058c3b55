"""Every failure leaves as a JSON error `{"error": key, "message": text}` with a 4xx status.

Request bodies are limited in size (413), malformed JSON and wrong fields are 422, unknown things
404; a 500 would be a bug, and even then the answer is JSON.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import Message, Receive, Scope, Send

from heartsuite.web.asgi import HttpMiddleware

MAX_BODY = 16 * 1024
log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error for the client: HTTP status, a stable key the page can translate, and a message."""

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message


class BodyTooLarge(ApiError):
    """A request body over MAX_BODY bytes."""

    def __init__(self) -> None:
        super().__init__(413, "too_large", f"the request body is larger than {MAX_BODY} bytes")


def error_response(status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse({"error": error, "message": message}, status_code=status)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for item in exc.errors()[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return "; ".join(parts) or "invalid request"


def install(app: FastAPI) -> None:
    """Register the JSON error handlers on the app."""

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.error, exc.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "invalid", _validation_message(exc))

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
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
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive callable that gives `messages` first, then whatever comes after."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
