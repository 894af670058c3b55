"""Positions reached by heuristic players, shared by the search and posterior tests."""

from __future__ import annotations

from heartsuite.arena.driver import play_positions
from heartsuite.hearts.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView


def heuristic_position(number: int, round_index: int, plays: int,
                       rules: Rules = Rules()) -> tuple[Game, SeatView]:  # noqa: B008
    """Game `number` between heuristic players, stopped `plays` cards into round `round_index`
    (four players: 0 passes left, 1 right, 2 across, 3 holds); the view of the seat to play."""
    done = 0
    for game, view in play_positions(rules, number):
        if game.round_index == round_index:
            if done == plays:
                return game, view
            done += 1
    raise ValueError(f"game {number} has no play {plays} in round {round_index}")
