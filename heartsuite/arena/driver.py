"""Play a whole game between computer players: its record (selfplay, tournaments), or the positions
it passes through (tests and benchmarks of the players)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from heartsuite.hearts.deal import parse_game_code
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import Player, make_player
from heartsuite.prng import Rng


def play_game(
    rules: Rules,
    code: str | int,
    players: Sequence[Player | str],
    *,
    seed: int = 0,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The record of a game of `code` under `rules` between `players` (objects or registry names).

    Seat s draws its choices from `Rng.for_key("HT1-players", game number, seat, seed)`, so the
    same code, rules, players and seed give the same game."""
    number = parse_game_code(code) if isinstance(code, str) else code
    seats = [make_player(p, seed) if isinstance(p, str) else p for p in players]
    if len(seats) != rules.players:
        raise ValueError(f"{rules.players} players needed, got {len(seats)}")
    labels = list(names) if names is not None else [p.name for p in seats]
    game = Game(rules, number, labels)
    rngs = [Rng.for_key("HT1-players", number, s, seed) for s in range(rules.players)]
    play_lineup(game, seats, rngs)
    return game.record()


def play_lineup(game: Game, players: Sequence[Player], rngs: Sequence[Rng]) -> None:
    """Play `game` to its end, seat s by `players[s]` drawing from `rngs[s]`."""
    for _ in lineup_positions(game, players, rngs):
        pass


def lineup_positions(game: Game, players: Sequence[Player], rngs: Sequence[Rng],
                     ) -> Iterator[tuple[Game, SeatView]]:
    """Play `game` to its end, seat s by `players[s]` drawing from `rngs[s]`: before each card
    play, the game and the view of the seat to play (the caller reads the game and must not
    change it; passes and moon choices are made in between)."""
    while (pending := game.pending()) is not None:
        for seat in pending.seats:
            view = game.view(seat)
            player = players[seat]
            if pending.kind == Phase.PASS:
                game.act(seat, player.choose_pass(view, rngs[seat]))
            elif pending.kind == Phase.MOON_CHOICE:
                game.act(seat, player.choose_moon(view))
            else:
                yield game, view
                game.act(seat, player.choose_play(view, rngs[seat]))


def play_positions(rules: Rules, number: int, player: str = "heuristic",
                   ) -> Iterator[tuple[Game, SeatView]]:
    """Game `number` with `player` at every seat: before each card play, the game and the view
    of the seat to play (passes and moon choices are made in between). The caller reads the game
    and must not change it."""
    chooser = make_player(player)
    rng = Rng(number)
    game = Game(rules, number)
    while (pending := game.pending()) is not None:
        if pending.kind == Phase.PASS:
            for s in pending.seats:
                game.act(s, chooser.choose_pass(game.view(s), rng))
        elif pending.kind == Phase.MOON_CHOICE:
            game.act(pending.seats[0], chooser.choose_moon(game.view(pending.seats[0])))
        else:
            seat = pending.seats[0]
            view = game.view(seat)
            yield game, view
            game.act(seat, chooser.choose_play(view, rng))
