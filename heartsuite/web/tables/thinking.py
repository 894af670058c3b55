"""The computer players of a table, thinking outside the event loop.

A search level (hard, expert) spends its time budget on every move: run on the event loop it
would stall every other table, so it runs in a process pool; the rule-based levels take
microseconds and run in a thread. `choose` is a plain function of picklable arguments (a seat's
view, never the game): what a computer decided is stored as the seat's action, so no table
depends on a player kept in memory.

But a search player plays better when it is kept from move to move, as in the benchmarks: it reads
the round into its chains as the round goes, and keeps the clock that lets the first tricks take
more time than the last ones (players.search.SearchPlayer). So `choose` keeps the players it
made, by the `keep` key the hub gives (the table and the seat), in the process that thinks (at
most `KEPT` of them, the least recently used go first), and the `Thinker` sends every search of
one table to the same process. A player that is not found (another process, a restart, a
worker on another machine) is made fresh and plays the same rules, only with less read.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
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


KEPT = 64  # players kept per process (a Hard player late in a round: about 350 kB pickled)
_kept: OrderedDict[tuple[Hashable, ...], Player] = OrderedDict()
_kept_lock = threading.Lock()  # the rule-based levels think in threads


def choose(level: str, view: SeatView, key: tuple[int, ...],
           keep: tuple[Hashable, ...] | None = None) -> Any:
    """What a computer of `level` does in this view, as a storable action (card text). With
    `keep` (the table and the seat), the player made for it before in this process is used
    again, so a search player goes on with what it has read of the round and with its clock."""
    player = _player(level, key[0] % 1_000_003, keep)
    rng = Rng.for_key("HTS1-computer", *key)
    if view.phase == Phase.PASS:
        return [card_text(c) for c in player.choose_pass(view, rng)]
    if view.phase == Phase.MOON_CHOICE:
        return player.choose_moon(view)
    return card_text(player.choose_play(view, rng))


def _player(level: str, seed: int, keep: tuple[Hashable, ...] | None) -> Player:
    if keep is None:
        return make_computer(level, seed)
    name = (*keep, level, seed)
    with _kept_lock:
        player = _kept.pop(name, None)
        if player is None:
            player = make_computer(level, seed)
        _kept[name] = player
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return player


def kept_players() -> int:
    """How many players this process keeps (for tests and the curious)."""
    return len(_kept)


def suggest(view: SeatView, seed: int) -> list[str]:
    """The hint: what Hard would pass or play now."""
    if view.phase == Phase.PASS:
        return [card_text(c) for c in hint_pass(view, seed)]
    return [card_text(hint(view, seed))]


class Thinker:
    """Runs `choose` and `suggest`: search levels in processes made on first use (or at `start`),
    one pool of one process each, so that the searches of one table (`route`) always go to the
    same process, where its players are kept (`choose`)."""

    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self._pools: list[ProcessPoolExecutor | None] = [None] * processes
        self._next = 0  # the process of the next search that has no table (a hint)
        self.warming: list[Future[float]] = []

    def start(self) -> None:
        """Start the processes now and load the compiled core in each, rather than on the first
        search: a person's first Hard move would otherwise wait for both (1–4 s). A process that
        cannot start is said in the log; the first search then tries again."""
        self.warming = []
        for index in range(self.processes):
            try:
                self.warming.append(self._executor(index).submit(warm))
            except (BrokenProcessPool, RuntimeError, OSError) as exc:
                log.warning("a search process did not start (%s)", exc)
                self._drop(index)

    def _executor(self, index: int) -> ProcessPoolExecutor:
        pool = self._pools[index]
        if pool is None:
            pool = self._pools[index] = search_pool(1)
        return pool

    def route(self, keep: tuple[Hashable, ...] | None) -> int:
        """The process of a search: by its table (the first part of `keep`), else in turn."""
        if keep is not None:
            return zlib.crc32(repr(keep[0]).encode()) % self.processes
        self._next = (self._next + 1) % self.processes
        return self._next

    async def choose(self, level: str, view: SeatView, key: tuple[int, ...],
                     keep: tuple[Hashable, ...] | None = None) -> Any:
        if level in SEARCH_LEVELS:
            return await self._in_pool(self.route(keep), choose, level, view, key, keep)
        return await asyncio.to_thread(choose, level, view, key, keep)

    async def suggest(self, view: SeatView, seed: int) -> list[str]:
        result: list[str] = await self._in_pool(self.route(None), suggest, view, seed)
        return result

    async def _in_pool(self, index: int, work: Callable[..., Any], *args: Any) -> Any:
        """In process `index`; in a thread when it cannot be started (the table must not stall:
        a search in a thread is slower for the others, not wrong)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(index), work, *args)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("a search process failed (%s): thinking in a thread", exc)
            self._drop(index)
            return await asyncio.to_thread(work, *args)

    def _drop(self, index: int) -> None:
        pool = self._pools[index]
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
            self._pools[index] = None

    def stop(self) -> None:
        for index in range(self.processes):
            self._drop(index)


__all__ = ["KEPT", "SEARCH_LEVELS", "Thinker", "choose", "kept_players", "make_computer",
           "suggest"]
