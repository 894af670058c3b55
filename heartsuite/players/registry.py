"""Every computer player by name: `make_player(name, seed)`, `player_names()`, `register_player`.

The names: `random`, `heuristic`, the app's levels (`easy`, `medium`, `hard`, `expert`) and
`search` (the search with a fixed number of worlds, for reproducible tournaments), `hard-v1` (Hard
frozen as released on 2026-12-06: `frozen`) and `ismcts` (an information-set Monte Carlo tree
search over uniform worlds, a sparring partner of another design: `ismcts`). Tools above
this layer (a tournament's peers, a bench) may add their own with `register_player`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from heartsuite.players.base import Player, RandomPlayer
from heartsuite.players.frozen import make_hard_v1
from heartsuite.players.heuristic import HeuristicPlayer
from heartsuite.players.ismcts import ISMCTSPlayer
from heartsuite.players.levels import FIXED_WORLDS, LEVELS, make_level
from heartsuite.players.search import SearchPlayer

PlayerFactory = Callable[[int], Player]


def _fixed_worlds_search(seed: int) -> Player:
    return SearchPlayer(seed, FIXED_WORLDS)


_REGISTRY: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    **{level: partial(make_level, level) for level in LEVELS},
    "search": _fixed_worlds_search,
    "hard-v1": make_hard_v1,
    "ismcts": ISMCTSPlayer,
}


def register_player(name: str, factory: PlayerFactory) -> None:
    """Make `make_player(name, seed)` build players with `factory(seed)`."""
    _REGISTRY[name] = factory


def player_names() -> list[str]:
    return sorted(_REGISTRY)


def make_player(name: str, seed: int = 0) -> Player:
    """A player by registry name (`random`, `heuristic`, a level, `search`, or one registered)."""
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise ValueError(f"unknown player {name!r}; one of {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[key](seed)
