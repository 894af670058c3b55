"""A base for the app's HTTP-only middleware: WebSocket and lifespan traffic passes by untouched,
so each middleware states only what it does to an HTTP exchange."""

from __future__ import annotations

from abc import ABC, abstractmethod

from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware(ABC):
    """Calls `http` for HTTP requests and hands everything else straight to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    @abstractmethod
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """What this middleware does to one HTTP exchange (it calls `self.app` itself)."""
