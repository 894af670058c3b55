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
- the young generation collects after 2,000 net allocations instead of 700, the middle one
  after 10 young collections as by default (both stay small, so their walks are short: a
  young generation of 50,000 with a middle one of 20 made middle walks of a million objects,
  700 ms, tried and measured), and a full collection waits for 1,000 middle ones instead of 10:
  a full walk then comes every 20 million allocations, minutes of heavy play, not every few
  seconds. Garbage cycles that lived long (a table read, then dropped) wait for that walk.
"""

from __future__ import annotations

import gc

YOUNG, MIDDLE, FULL = 2_000, 10, 1_000


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, FULL)
