"""Free ports and waiting for a server process to listen on one: the tests that start real
servers (heartsuite serve, Redis, nginx) share these."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_listening(port: int, process: subprocess.Popen[str] | subprocess.Popen[bytes],
                   why: Callable[[], str] = lambda: "", seconds: float = 60.0) -> None:
    """Return when something accepts connections on `port`; RuntimeError (with `why()`) when the
    process ends first or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {why()}") from None
            time.sleep(0.05)
