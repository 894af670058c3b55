"""Progress bars on stderr for long work: `hearts tournament`, `stats --deals`, `hearts selfplay`
and the benches (bench/*.py).

A bar (tqdm) shows the work done out of the total, the rate and the time left, and, for
tournaments, each player's running points per hand. It is drawn only when stderr is a terminal
and `--quiet` was not given; otherwise nothing at all is written. Nothing goes to stdout, so the
commands' output (and `--json`) is the same with and without a bar. With `--jobs K` the workers
never draw: the parent advances the bar as their games come back.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Self, TextIO

from tqdm import tqdm

if TYPE_CHECKING:
    from heartsuite.arena.tournament import GameResult


TIMED_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} s [{elapsed}<{remaining}{postfix}]"


class _Bar(tqdm):  # type: ignore[type-arg]
    # No monitor thread: the tournament forks its worker processes after the bar exists.
    monitor_interval = 0


def wanted(quiet: bool, stream: TextIO | None = None) -> bool:
    """Whether to draw: not `--quiet` and the stream (stderr by default) is a terminal."""
    return not quiet and _isatty(sys.stderr if stream is None else stream)


class Progress:
    """A bar of `total` units on stderr, or nothing (see `wanted`). Use as a context manager."""

    def __init__(self, total: int, unit: str, *, desc: str | None = None, quiet: bool = False,
                 stream: TextIO | None = None) -> None:
        stream = sys.stderr if stream is None else stream
        self.enabled = wanted(quiet, stream)
        self.done = 0
        self._bar: _Bar | None = None
        if self.enabled:
            sized = _columns(stream) > 0  # a terminal of unknown size (0 x 0) gets 80 x 24
            # A bar of seconds (time-bound benches) shows no rate: "1.0 s/s" says nothing.
            shape = TIMED_FORMAT if unit == "s" else None
            self._bar = _Bar(total=total, unit=unit, desc=desc, file=stream, leave=True,
                             bar_format=shape,
                             dynamic_ncols=sized, ncols=None if sized else 80,
                             nrows=None if sized else 24,
                             mininterval=0.2, smoothing=0.1)

    def advance(self, n: int = 1, postfix: str | None = None) -> None:
        """`n` more units done; `postfix` replaces the text after the rate."""
        self.done += n
        bar = self._bar
        if bar is None:
            return
        if bar.total is not None and bar.n + n > bar.total:  # whole boards may overshoot
            bar.total = bar.n + n
        if postfix is not None:
            bar.set_postfix_str(postfix, refresh=False)
        bar.update(n)

    def advance_to(self, done: int, postfix: str | None = None) -> None:
        """`done` units done in all (never backwards)."""
        self.advance(max(0, done - self.done), postfix)

    def print(self, text: str) -> None:
        """Print a line to stdout (exactly `print(text)`), clearing the bar around it when both
        share the terminal."""
        bar = self._bar
        if bar is not None and _isatty(sys.stdout):
            with bar.external_write_mode():
                print(text)
        else:
            print(text)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):  # not a real terminal (a test's fake one)
        return 0


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


async def follow(bar: Progress, done: Callable[[], int], *, until: float | None = None,
                 postfix: Callable[[], str] | None = None, every: float = 0.5) -> None:
    """For work the bar cannot be told about as it happens (the load benches' clients): every
    `every` seconds, move `bar` to `done()`, until the `time.monotonic()` deadline `until` (or
    until cancelled). Returns at once when the bar is not drawn."""
    if not bar.enabled:
        return
    try:
        while until is None or time.monotonic() < until:
            await asyncio.sleep(every if until is None
                                else max(0.0, min(every, until - time.monotonic())))
            bar.advance_to(done(), postfix() if postfix else None)
    finally:
        bar.advance_to(done(), postfix() if postfix else None)


def elapsed(start: float) -> Callable[[], int]:
    """Whole seconds since the `time.monotonic()` reading `start`: `done` for time-bound work."""
    return lambda: int(time.monotonic() - start)


class TournamentProgress(Progress):
    """The tournament's bar: hands played, and each distinct player's running points per hand
    (copies pooled, over every game finished so far) after the rate. `on_game` is the callback
    for `run_tournament`."""

    def __init__(self, lineup: Sequence[str], hands: int, *, quiet: bool = False,
                 stream: TextIO | None = None) -> None:
        super().__init__(hands, "hand", quiet=quiet, stream=stream)
        key = [s.strip().lower() for s in lineup]
        self._positions = {name: [i for i, s in enumerate(key) if s == name]
                           for name in dict.fromkeys(key)}
        self._points = dict.fromkeys(self._positions, 0)
        self._hands = 0

    def on_game(self, result: GameResult) -> None:
        if not self.enabled:
            return
        self._hands += result.hands
        for name, positions in self._positions.items():
            self._points[name] += sum(result.points[i] for i in positions)
        self.advance(result.hands, self.postfix())

    def postfix(self) -> str:
        """Points per hand per distinct player, e.g. `pts/hand: hard 4.21, heuristic 7.60`."""
        if not self._hands:
            return ""
        per_hand = {name: self._points[name] / (self._hands * len(positions))
                    for name, positions in self._positions.items()}
        return "pts/hand: " + ", ".join(f"{name} {value:.2f}" for name, value in per_hand.items())
