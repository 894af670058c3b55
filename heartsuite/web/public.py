"""Serving beyond localhost: the public URL the server is reached at (`heartsuite serve
--public-url https://cards.example.org`), and what it changes.

With a public URL:
- the person cookie is `__Host-hs_person` with `Secure` (an https URL): a browser sends it over
  https only, and no other subdomain can set or shadow it;
- a WebSocket's Origin must be exactly the public URL's origin (scheme, host and port);
- every request's Host header must name the public URL's host and port, or the answer is a
  421 JSON error `wrong_host` (a page of another site whose DNS name was rebound to this server's
  address sends its own name as the Host). A proxy in front must pass the Host header on.

Without one, the server behaves as it always has on localhost: the cookie `hs_person`, the Origin
compared with the Host header, any Host accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from heartsuite.web.errors import error_response

DEFAULT_PORTS = {"http": 80, "https": 443}
WRONG_HOST = 4421  # a WebSocket refused for its Host header (before it is accepted)


class PublicUrlError(ValueError):
    """A public URL that cannot be used (not http(s), no host, a path or query)."""


@dataclass(frozen=True)
class PublicSite:
    """The scheme, host and port the server is reached at."""

    scheme: str
    host: str
    port: int

    @staticmethod
    def parse(url: str) -> PublicSite:
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as exc:
            raise PublicUrlError(f"not a URL: {url!r} ({exc})") from None
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS:
            raise PublicUrlError(f"the public URL must start with https:// or http://: {url!r}")
        if not parts.hostname:
            raise PublicUrlError(f"the public URL names no host: {url!r}")
        if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
            raise PublicUrlError(f"the public URL must be the site's root only: {url!r}")
        return PublicSite(scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme])

    @property
    def secure(self) -> bool:
        return self.scheme == "https"

    @property
    def origin(self) -> str:
        default = DEFAULT_PORTS[self.scheme] == self.port
        return f"{self.scheme}://{self.host}" + ("" if default else f":{self.port}")

    def same_origin(self, origin: str) -> bool:
        """Whether a browser's Origin header is this site's (scheme, host and port)."""
        try:
            parts = urlsplit(origin.strip())
            scheme = parts.scheme.lower()
            port = parts.port or DEFAULT_PORTS.get(scheme)
        except ValueError:
            return False
        return (scheme, (parts.hostname or "").lower(), port) == (self.scheme, self.host,
                                                                   self.port)

    def host_ok(self, host: str) -> bool:
        """Whether a Host header names this site (its port may be left out when default)."""
        try:
            parts = urlsplit(f"//{host.strip()}")
            port = parts.port or DEFAULT_PORTS[self.scheme]
        except ValueError:
            return False
        return ((parts.hostname or "").lower(), port) == (self.host, self.port)


def public_site(conn: HTTPConnection) -> PublicSite | None:
    """The app's public URL, if it was given one."""
    site: PublicSite | None = conn.app.state.public
    return site


class HostCheckMiddleware:
    """Refuses a request whose Host header is not the public URL's (see the module docstring)."""

    def __init__(self, app: ASGIApp, site: PublicSite | None) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.site is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = ""
        for name, value in scope.get("headers", ()):
            if name == b"host":
                host = value.decode("latin-1")
        if self.site.host_ok(host):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": WRONG_HOST})
            return
        refused = error_response(421, "wrong_host",
                                 f"this server answers for {self.site.origin} only")
        await refused(scope, receive, send)


__all__ = ["HostCheckMiddleware", "PublicSite", "PublicUrlError", "public_site"]
