"""What every computer player is: the `Player` protocol, the random player and the moon choice.

A player sees only a `SeatView` (never another seat's hand) and a `heartsuite.prng.Rng`; with the
same view and generator state it always makes the same choice. This module is the bottom of the
players package: every player module may import it, it imports no player.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.scoring import game_over, winning_seats
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
    if not view.moon_options:
        return "old"
    rules = view.rules
    old = [t + p for t, p in zip(view.totals, view.moon_options["old"], strict=True)]
    rounds_done = len(view.history) + 1
    if game_over(rules, old, rounds_done) and view.seat not in winning_seats(rules, old):
        return "new"
    return "old"
