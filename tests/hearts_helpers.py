"""Positions reached by heuristic players, shared by the search and posterior tests."""

from __future__ import annotations

from heartsuite.hearts.game import PASS_KIND, Game
from heartsuite.hearts.players import make_player
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng


def heuristic_position(number: int, round_index: int, plays: int,
                       rules: Rules = Rules()) -> tuple[Game, SeatView]:  # noqa: B008
    """Game `number` between heuristic players, stopped `plays` cards into round `round_index`
    (four players: 0 passes left, 1 right, 2 across, 3 holds); the view of the seat to play."""
    game = Game(rules, number)
    heuristic = make_player("heuristic")
    rng = Rng(number)
    done = 0
    while True:
        pending = game.pending()
        assert pending is not None
        if pending.kind == PASS_KIND:
            for s in pending.seats:
                game.act(s, heuristic.choose_pass(game.view(s), rng))
            continue
        seat = pending.seats[0]
        if game.round_index == round_index:
            if done == plays:
                return game, game.view(seat)
            done += 1
        game.act(seat, heuristic.choose_play(game.view(seat), rng))
