"""The garbage collector tuned for a server process.

A server holds every live table (its commands, events and game state) for as long as people
play, so its heap only grows while it runs, and CPython's collector then runs a full collection
each time the surviving objects have grown by a quarter: a walk over the whole heap that stops
the event loop. Measured with `bench/bench_scale_out.py` (1 process, SQLite, 286 tables at one
action a second each): full collections every few seconds of 120-360 ms, freeing almost
nothing, were the whole table p99 (206 ms at 0.44 of a core, the median staying at 1.8 ms).

So, once the app is built:
- `gc.freeze()`: what exists at start (modules, the app, numba's compiled core) moves to the
  permanent generation and is never walked again;
- the young generation collects after 50,000 net allocations instead of 700 (cycles among
  short-lived objects are still collected there, in collections that are cheap because they
  see only young objects), and a full collection waits for 100 collections of the middle one,
  not 10: a full walk then happens about every half hour of heavy play instead of every few
  seconds. Garbage cycles that lived long (a table read, then dropped) wait for that walk.
"""

from __future__ import annotations

import gc

YOUNG, MIDDLE, FULL = 50_000, 20, 100


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, FULL)
