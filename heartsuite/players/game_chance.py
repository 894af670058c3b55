"""A seat's chance of winning the game from the totals, for the search's value of a round that
may end the game.

A round that ends the game is worth a bonus to the winner and a penalty to everyone else; a
round that could have ended it but did not is worth what the game still offers the seat. Valued
at zero (an even chance, whatever the totals), the search would pay heavily to keep going a game
it has as good as lost, and to end one it has as good as won: taking Q♠ itself rather than let
a player at 91 cross the target while another seat is far ahead. Hence this estimate.

The model is deliberately plain: until the game ends, each standing (a seat's total, or its
team's) moves by independent normal steps per round of mean `total / players` and standard
deviation `SPREAD_PER_ROUND × total`; the number of rounds left is the fixed count, or the
distance of the highest total to the target at `LEADER_SHARE × total` points a round. The chance
that the seat ends best is a one-dimensional integral over its own step (a fixed grid).
"""

from __future__ import annotations

import math
from functools import lru_cache

from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import standings

SPREAD_PER_ROUND = 0.3  # of the round's points: one seat's points in a round vary about this much
LEADER_SHARE = 0.4  # of the round's points: what the seat nearest the target takes in a round
_GRID = [i / 4 for i in range(-20, 21)]  # z from -5 to 5
_WEIGHTS = [math.exp(-z * z / 2) for z in _GRID]
_WEIGHTS = [w / sum(_WEIGHTS) for w in _WEIGHTS]


def could_end(rules: Rules, totals: tuple[int, ...], rounds_done: int) -> bool:
    """Whether the round being played (after `rounds_done` finished ones) can end the game."""
    if rules.rounds:
        return rounds_done + 1 >= rules.rounds
    return max(totals) + rules.total_points() >= rules.target


@lru_cache(maxsize=1 << 16)
def win_chance(rules: Rules, seat: int, totals: tuple[int, ...], rounds_done: int) -> float:
    """The chance that `seat` (its team under partnership) wins a game that is not over, at
    these totals after `rounds_done` rounds; lowest wins (highest under Reverse)."""
    n = rules.players
    total = rules.total_points()
    st = standings(rules, list(totals))
    if rules.rounds:
        rounds_left = max(1.0, float(rules.rounds - rounds_done))
    else:
        rounds_left = max(1.0, (rules.target - max(totals)) / (LEADER_SHARE * total))
    step = SPREAD_PER_ROUND * total * (math.sqrt(2) if rules.partnership else 1.0)
    spread = step * math.sqrt(rounds_left)
    # under partnership one rival team, whose standing is on both of its seats
    rivals = [st[(seat + 1) % n]] if rules.partnership else [st[j] for j in range(n) if j != seat]
    sign = -1.0 if rules.reverse else 1.0
    gaps = [sign * (v - st[seat]) / spread for v in rivals]
    chance = 0.0
    for z, w in zip(_GRID, _WEIGHTS, strict=True):
        # each rival ends behind the seat; the form holds under Reverse by the grid's symmetry
        for gap in gaps:
            w *= 0.5 * math.erfc((z - gap) / math.sqrt(2))
        chance += w
    return chance
