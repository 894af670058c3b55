"""The process pool the searches run in, whose processes end with the process that made it.

A `ProcessPoolExecutor` process does not notice that the process that made the pool has died: it
waits on its job queue, whose writing end it holds itself, so it never reads an end of file. With
the forkserver start method it also keeps the fork server alive (each child holds the server's
"alive" pipe), and both keep the resource tracker alive. A `heartsuite serve` or `heartsuite
worker` killed with SIGKILL (or by the out-of-memory killer) would leave all of them running,
holding its terminal or its log pipes. So every process of the pool watches the pool's maker
(`_watch`: a pidfd where the system has one, otherwise a poll once a second) and exits when it
dies; the fork server and the resource tracker then see their last users gone and exit too.
"""

from __future__ import annotations

import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

POLL_SECONDS = 1.0  # how often a process polls its maker where there is no pidfd


def search_pool(processes: int) -> ProcessPoolExecutor:
    """A pool of `processes` started by a fork server, so that they do not inherit the event
    loop, threads and sockets of the process that makes it; each ends when that process ends."""
    return ProcessPoolExecutor(processes, initializer=_child_start, initargs=(os.getpid(),),
                               mp_context=multiprocessing.get_context("forkserver"))


def _child_start(maker: int) -> None:
    """In each pool process: Ctrl+C is left to the maker (it stops the pool itself), and a
    thread waits for the maker to end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(maker,), name="pool-watch", daemon=True).start()


def _watch(maker: int) -> None:
    """Exit this process once `maker` has ended (at once: there is no work left to save)."""
    try:
        handle = os.pidfd_open(maker)
    except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
        handle = None
    if handle is not None:
        select.select([handle], [], [])  # readable once the process has ended
    else:
        while _alive(maker):
            time.sleep(POLL_SECONDS)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, under another user (its number was taken again)
    return True


__all__ = ["search_pool"]
