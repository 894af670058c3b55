"""Log hygiene for the server: a client's bad input is one warning line, never a traceback.

uvicorn's WebSocket protocol logs every text frame that is not valid UTF-8 with
`logger.exception` (an ERROR and a full traceback) before closing with 1007. A client can send
as many as it likes, so the log would fill with tracebacks that say nothing about the server.
`quiet_client_errors` turns those records into one WARNING line.
"""

from __future__ import annotations

import logging

CLIENT_ERRORS = ("Invalid UTF-8 sequence received from client.",)


class ClientErrorFilter(logging.Filter):
    """Drops the traceback of a known client error and logs it as a warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() in CLIENT_ERRORS:
            record.exc_info = None
            record.exc_text = None
            record.levelno = logging.WARNING
            record.levelname = logging.getLevelName(logging.WARNING)
        return True


def quiet_client_errors() -> None:
    """Install the filter on uvicorn's error logger (after uvicorn has configured logging)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientErrorFilter) for f in logger.filters):
        logger.addFilter(ClientErrorFilter())
