"""Play a whole game between computer players and return its record (selfplay, tournaments)."""

from __future__ import annotations

from collections.abc import Sequence

from heartsuite.hearts.deal import parse_game_code
from heartsuite.hearts.game import MOON_KIND, PASS_KIND, Game
from heartsuite.hearts.players import Player, make_player
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng


def play_game(
    rules: Rules,
    code: str | int,
    players: Sequence[Player | str],
    *,
    seed: int = 0,
    names: Sequence[str] | None = None,
) -> dict:
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
    while (pending := game.pending()) is not None:
        for seat in pending.seats:
            view = game.view(seat)
            player = seats[seat]
            if pending.kind == PASS_KIND:
                game.act(seat, player.choose_pass(view, rngs[seat]))
            elif pending.kind == MOON_KIND:
                game.act(seat, player.choose_moon(view))
            else:
                game.act(seat, player.choose_play(view, rngs[seat]))
    return game.record()
