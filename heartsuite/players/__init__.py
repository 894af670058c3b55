"""Computer players: the `Player` protocol, a registry by name, and the random player.

A player sees only a `SeatView` (never another seat's hand) and a `heartsuite.prng.Rng`; with the
same view and generator state it always makes the same choice.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng


@runtime_checkable
class Player(Protocol):
    """What the game driver, the web app and tournaments need from a computer player."""

    name: str

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        """Three cards of `view.hand` to pass."""
        ...

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        """One card of `view.legal`."""
        ...

    def choose_moon(self, view: SeatView) -> str:
        """Mixed Moon: "old" (the others score) or "new" (the shooter subtracts)."""
        ...


class RandomPlayer:
    """Uniformly random among the legal choices: the baseline every other player must beat."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.seed = seed

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        cards = cards_of(view.hand)
        rng.shuffle(cards)
        return sorted(cards[:3])

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        legal = cards_of(view.legal)
        return legal[rng.below(len(legal))]

    def choose_moon(self, view: SeatView) -> str:
        return "new" if Rng.for_key("moon", self.seed, view.round_index).below(2) else "old"


def choose_moon_to_win(view: SeatView) -> str:
    """The choice that is better for the shooter: New Moon when Old Moon would lose the game."""
    from heartsuite.hearts.scoring import game_over, winning_seats

    if not view.moon_options:
        return "old"
    rules = view.rules
    old = [t + p for t, p in zip(view.totals, view.moon_options["old"], strict=True)]
    rounds_done = len(view.history) + 1
    if game_over(rules, old, rounds_done) and view.seat not in winning_seats(rules, old):
        return "new"
    return "old"


_REGISTRY: dict[str, Callable[[int], Player]] = {}


def register_player(name: str, factory: Callable[[int], Player]) -> None:
    """Make `make_player(name, seed)` build players with `factory(seed)` (used by later levels)."""
    _REGISTRY[name] = factory


def player_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def make_player(name: str, seed: int = 0) -> Player:
    """A player by registry name (`random`, `heuristic`, and any registered later)."""
    _load_builtin()
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise ValueError(f"unknown player {name!r}; one of {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[key](seed)


def _load_builtin() -> None:
    """Register the built-in players, then let the search module (if present) register its own
    levels on import by calling `register_player`."""
    if "heuristic" in _REGISTRY:
        return
    from heartsuite.players.heuristic import HeuristicPlayer

    register_player("random", RandomPlayer)
    register_player("heuristic", HeuristicPlayer)
    if importlib.util.find_spec("heartsuite.players.search") is not None:
        importlib.import_module("heartsuite.players.search")
