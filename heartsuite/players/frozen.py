"""Frozen opponents: players pinned to the code and settings of one day, so that progress can be
measured against a fixed yardstick while the released players change.

- `hard-v1`: Hard as released on 2026-12-06 (branch `ismcts`, from 654f7c4): the search
  (`search_play`, `SearchPlayer`) with the settings pinned below, 0.1 s per move, the clock of
  that day, and that day's pure-Python play-outs (`compiled=False`): Hard since plays its worlds
  out in the compiled core, the same cards at a fixed number of worlds but about twice the
  worlds in 0.1 s.

How it stays frozen: the settings are a pinned copy here (not `levels.HARD`, which may move), and
`tests/test_hearts_search_golden.py` holds `hard-v1` (at a fixed number of worlds) to the choices
recorded in `tests/hearts_search_golden.json`, and the clock's constants to those pinned here. The
search code itself (`search`, `posterior`, `sampling`, `fast_heuristic`, `heuristic`,
`game_chance`) is shared with today's Hard, about 1,800 lines: copying it now would double what
every later fix must touch for no gain while Hard and hard-v1 are the same player. The rule
(docs/players.md): a change that makes the search choose differently must first move today's
code into a module of its own for `hard-v1` (and the golden test then points at that module),
so the golden test keeps passing for `hard-v1` while the new Hard gets a new golden file.
"""

from __future__ import annotations

from heartsuite.players.search import SearchConfig, SearchPlayer

HARD_V1 = SearchConfig(
    move_time=0.1,
    worlds=None,
    trust=0.95,
    race_from=8,
    race_every=4,
    race_z=2.0,
    compiled=False,  # the pure-Python play-outs of that day: the same cards, fewer worlds per 0.1 s
    prior=0.0,  # no learned evaluation on that day
    pass_search=False,  # the heuristic's pass on that day
    own_playout="heuristic",  # the heuristic for its own later cards too
)
# The clock of `SearchPlayer` on that day (search.py's module constants), held by a test.
HARD_V1_CLOCK = {
    "BANK_CAP": 20.0,
    "SPEND_EARLY": 1.0,
    "SPEND_LATE": 0.25,
    "SPEND_LAST": 1.0,
    "EARLY_TRICKS": 6,
    "LEAST": 0.3,
    "MOST": 4.0,
}


def make_hard_v1(seed: int = 0, config: SearchConfig = HARD_V1) -> SearchPlayer:
    """Hard as frozen on 2026-12-06 (`config` to change only its budget: a tournament's move
    time, or a fixed number of worlds in tests)."""
    return SearchPlayer(seed, config, name="hard-v1")
