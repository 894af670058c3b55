"""What a finished round is worth to a seat, as every search of the player values it: its lead
over the others' mean after the moon rule, and in a round that can end the game, the game.

Shared by the play's search (`search`) and the pass's (`pass_search`), so the two value a
round alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import (
    game_over,
    moon_choice_open,
    round_scores,
    standings,
    winning_seats,
)
from heartsuite.players.game_chance import could_end, win_chance


def world_value(rules: Rules, seat: int, totals: tuple[int, ...], rounds_done: int,
                r: Round) -> float:
    """How good a finished round is for `seat`: its lead over the mean of its opponents, plus, in
    a round that can end the game, a bonus of the round's total points if it ends the game with
    `seat` winning, a penalty of the same size if someone else wins it, and if the game goes on,
    the bonus times (2 × the seat's chance of winning it from there − 1) (`game_chance`)."""
    return outcome_value(rules, seat, totals, rounds_done, r.points, r.moon_shooter())


def outcome_value(rules: Rules, seat: int, totals: tuple[int, ...], rounds_done: int,
                  points: Sequence[int], shooter: int | None) -> float:
    """`world_value` of a round whose points are settled, from its points per seat and the seat
    that took every penalty card (None if nobody did): all the value reads of the round."""
    if rules.moon == "none":
        shooter = None
    choice = None
    if shooter is not None and moon_choice_open(rules, list(totals), shooter, rounds_done + 1,
                                                list(points)):
        choice = "new"
    scores = round_scores(rules, list(points), shooter, choice)
    n = rules.players
    if rules.partnership:
        st = standings(rules, scores)
        lead = float(st[(seat + 1) % n] - st[seat])
    else:
        own = scores[seat]
        lead = (sum(scores) - own) / (n - 1) - own
    if rules.reverse:
        lead = -lead
    if not could_end(rules, totals, rounds_done):
        return lead
    after = [t + s for t, s in zip(totals, scores, strict=True)]
    bonus = rules.total_points()
    if game_over(rules, after, rounds_done + 1):
        return lead + (bonus if seat in winning_seats(rules, after) else -bonus)
    return lead + bonus * (2 * win_chance(rules, seat, tuple(after), rounds_done + 1) - 1)


class OutcomeValues:
    """`outcome_value` for one seat at one point of the game, memoized on (points, shooter): a
    search's play-outs end in a few hundred distinct outcomes, each valued once. Both searches
    (`search.CompiledReplies`, `pass_search.PassTrials`) read their raw outcomes through it."""

    def __init__(self, rules: Rules, seat: int, totals: tuple[int, ...], rounds_done: int) -> None:
        self.rules = rules
        self.seat = seat
        self.totals = totals
        self.rounds_done = rounds_done
        self._memo: dict[tuple[int, ...], float] = {}

    def __call__(self, points: Sequence[int], shooter: int) -> float:
        """The value of a round with these points per seat; `shooter` is the seat that took
        every penalty card, or -1 if nobody did."""
        key = (*points, shooter)
        v = self._memo.get(key)
        if v is None:
            v = self._memo[key] = outcome_value(self.rules, self.seat, self.totals,
                                                self.rounds_done, points,
                                                None if shooter < 0 else shooter)
        return v
