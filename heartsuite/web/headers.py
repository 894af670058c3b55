"""Response headers every answer carries: no MIME sniffing, no framing by other sites, no
referrer leaking game ids to other sites, and a Content-Security-Policy that lets a page run only
the site's own script files and style sheets (no inline code or `style` attributes: the client
sets styles through the CSSOM), so injected markup could not run or restyle anything."""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from heartsuite.web.asgi import HttpMiddleware

CSP = "; ".join((
    "default-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",  # same-origin WebSockets too (CSP Level 3); never another host
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
))
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", CSP.encode()),
)


class SecurityHeadersMiddleware(HttpMiddleware):
    """Adds HEADERS to every HTTP response."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
