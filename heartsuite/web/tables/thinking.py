"""The computer players of a table, thinking outside the event loop.

A search level (hard, expert) spends its time budget on every move: run on the event loop it
would stall every other table, so it runs in a process pool; the rule-based levels take
microseconds and run in a thread. `choose` is a plain function of picklable arguments (a seat's
view, never the game), made fresh for each move: what a computer decided is stored as the seat's
action, so nothing depends on a player kept in memory.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.view import SeatView
from heartsuite.players import Player, make_player
from heartsuite.players.levels import hint, hint_pass, make_level
from heartsuite.players.warm import warm
from heartsuite.prng import Rng
from heartsuite.web.tables.pool import search_pool

SEARCH_LEVELS = ("hard", "expert")
log = logging.getLogger(__name__)


def make_computer(level: str, seed: int) -> Player:
    """A player of a table level: random, heuristic, or one of the app's strengths."""
    if level in ("random", "heuristic"):
        return make_player(level, seed)
    return make_level(level, seed)


def choose(level: str, view: SeatView, key: tuple[int, ...]) -> Any:
    """What a computer of `level` does in this view, as a storable action (card text)."""
    player = make_computer(level, key[0] % 1_000_003)
    rng = Rng.for_key("HTS1-computer", *key)
    if view.phase == Phase.PASS:
        return [card_text(c) for c in player.choose_pass(view, rng)]
    if view.phase == Phase.MOON_CHOICE:
        return player.choose_moon(view)
    return card_text(player.choose_play(view, rng))


def suggest(view: SeatView, seed: int) -> list[str]:
    """The hint: what Hard would pass or play now."""
    if view.phase == Phase.PASS:
        return [card_text(c) for c in hint_pass(view, seed)]
    return [card_text(hint(view, seed))]


class Thinker:
    """Runs `choose` and `suggest`: search levels in a process pool made on first use."""

    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self.warming: list[Future[float]] = []

    def start(self) -> None:
        """Start the pool's processes now and load the compiled core in each, rather than on the
        first search: a person's first Hard move would otherwise wait for both (1–4 s). A pool
        that cannot start is said in the log; the first search then tries again."""
        try:
            pool = self._executor()
            self.warming = [pool.submit(warm) for _ in range(self.processes)]
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("the process pool did not start (%s)", exc)
            self.stop()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = search_pool(self.processes)
        return self._pool

    async def choose(self, level: str, view: SeatView, key: tuple[int, ...]) -> Any:
        if level in SEARCH_LEVELS:
            return await self._in_pool(choose, level, view, key)
        return await asyncio.to_thread(choose, level, view, key)

    async def suggest(self, view: SeatView, seed: int) -> list[str]:
        result: list[str] = await self._in_pool(suggest, view, seed)
        return result

    async def _in_pool(self, work: Callable[..., Any], *args: Any) -> Any:
        """In the process pool; in a thread when no process can be started (the table must not
        stall: a search in a thread is slower for the others, not wrong)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), work, *args)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("the process pool failed (%s): thinking in a thread", exc)
            self.stop()
            return await asyncio.to_thread(work, *args)

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["SEARCH_LEVELS", "Thinker", "choose", "make_computer", "suggest"]
