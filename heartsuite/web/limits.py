"""Bounds on what a client may make the server hold before the app sees a request.

uvicorn's httptools parser accepts a request head of any size (a 100 MB header line is read,
buffered and answered with 200), so a client can make the server hold as much memory as it sends.
`BoundedHttpToolsProtocol` refuses a head (request line and headers) over `HEAD_LIMIT` bytes in
all, or any single line over `LINE_LIMIT`, with `431 Request Header Fields Too Large` and closes
the connection, before the application is called. These are h11's and nginx's usual limits.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_LIMIT = 16 * 1024
LINE_LIMIT = 8 * 1024

_BODY_431 = b"Request header fields too large.\n"
RESPONSE_431 = b"".join([
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n",
    b"content-type: text/plain; charset=utf-8\r\n",
    b"content-length: ", str(len(_BODY_431)).encode("ascii"), b"\r\n",
    b"connection: close\r\n",
    b"\r\n",
    _BODY_431,
])


class HeadTooLarge(Exception):
    """Raised from a parser callback; the parser wraps it, the flag says what happened."""


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded request head (see the module docstring)."""

    _head_open = True
    _head_bytes = 0
    _too_large = False
    _head_size = 0  # the request line and headers parsed so far in this head

    def data_received(self, data: bytes) -> None:
        if self._head_open:
            self._head_bytes += len(data)
        try:
            super().data_received(data)
        finally:
            if self._too_large or (self._head_open and self._head_bytes > HEAD_LIMIT):
                self._refuse()

    def send_400_response(self, msg: str) -> None:
        # The parser reports an exception from our callbacks as a parse error: answer 431 then.
        if self._too_large:
            self._refuse()
            return
        super().send_400_response(msg)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_open = True
        self._head_size = 0

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self._count(len(url), len(self.url))

    def on_header(self, name: bytes, value: bytes) -> None:
        line = len(name) + 2 + len(value)
        self._count(line, line)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._head_open = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._head_open = True
        self._head_bytes = 0

    def _count(self, added: int, line: int) -> None:
        self._head_size += added
        if line > LINE_LIMIT or self._head_size > HEAD_LIMIT:
            self._too_large = True
            raise HeadTooLarge

    def _refuse(self) -> None:
        self._too_large = True
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(RESPONSE_431)
            self.transport.close()


__all__ = ["HEAD_LIMIT", "LINE_LIMIT", "BoundedHttpToolsProtocol"]
