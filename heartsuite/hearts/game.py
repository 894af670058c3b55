"""A whole game of Hearts over rounds, driven by decision points (pass, play, moon choice).

`Game.pending()` says who must act and how; `Game.act(seat, action)` validates every action and
refuses a wrong one with `IllegalMove` (a reason key and a sentence) without changing anything.
The record of `Game.record()` is the JSON shape that the CLI prints and `records.replay` replays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from heartsuite.hearts.cards import CardError, card_text, parse_card, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code, random_game_number
from heartsuite.hearts.round import DONE, PASS, IllegalMove, Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import (
    game_over,
    moon_choice_open,
    moon_scores,
    round_scores,
    winner,
)
from heartsuite.hearts.view import SeatView, seat_view

PASS_KIND, PLAY_KIND, MOON_KIND = "pass", "play", "moon_choice"
GAME_OVER = "game_over"
BAD_ACTION = "bad_action"


@dataclass(frozen=True)
class Pending:
    """Who must act now and how: `pass` (each listed seat, simultaneously), `play` or
    `moon_choice` (one seat)."""

    kind: str
    seats: tuple[int, ...]


class Game:
    """A game from its code (or explicit deals), rules and player names."""

    def __init__(
        self,
        rules: Rules | None = None,
        code: str | int | None = None,
        players: list[str] | None = None,
        *,
        dealer: Callable[[int], list[int]] | None = None,
    ) -> None:
        """`code`: `HT1-…` text or its number; a fresh one if neither it nor `dealer` is given.
        `dealer(round_index)` replaces the code's deals (replaying a record that has no code)."""
        self.rules = rules or Rules()
        n = self.rules.players
        if isinstance(code, str):
            self.number: int | None = parse_game_code(code)
        elif code is None and dealer is None:
            self.number = random_game_number()
        else:
            self.number = code
        if self.number is not None:
            game_code(self.number)  # validates the range
        default = [f"Player {s + 1}" for s in range(n)]
        self.players = list(players) if players is not None else default
        if len(self.players) != n:
            raise ValueError(f"{n} player names needed")
        self._dealer = dealer
        self.totals = [0] * n
        self.rounds: list[dict[str, Any]] = []
        self.round_index = 0
        self.moon_pending: int | None = None
        self.is_over = False
        self.winner: int | None = None
        self._pass_lists: list[list[int] | None] = [None] * n
        self.round = self._new_round()

    # Rounds --------------------------------------------------------------------------------

    def _new_round(self) -> Round:
        if self._dealer is not None:
            hands = self._dealer(self.round_index)
        else:
            assert self.number is not None
            hands = deal_hands(self.rules, self.number, self.round_index)
        self._pass_lists = [None] * self.rules.players
        return Round(self.rules, hands, self.rules.pass_offset(self.round_index))

    @property
    def code(self) -> str | None:
        return None if self.number is None else game_code(self.number)

    @property
    def pass_name(self) -> str:
        return self.rules.pass_name(self.round_index)

    def pending(self) -> Pending | None:
        """The decision the game waits for; None when it is over."""
        if self.is_over:
            return None
        if self.moon_pending is not None:
            return Pending(MOON_KIND, (self.moon_pending,))
        if self.round.phase == PASS:
            return Pending(PASS_KIND, tuple(self.round.waiting_to_pass()))
        return Pending(PLAY_KIND, (self.round.turn,))

    def act(self, seat: int, action: object) -> None:
        """Apply one seat's action: 3 cards to pass, a card to play (int or text), or "old"/"new"
        for the moon choice. Raises IllegalMove and leaves the game unchanged if it is refused."""
        pending = self.pending()
        if pending is None:
            raise IllegalMove(GAME_OVER, "The game is over.")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in pending.seats:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if pending.kind == PASS_KIND:
            cards = _read_cards(action)
            self.round.submit_pass(seat, cards)
            self._pass_lists[seat] = cards
        elif pending.kind == PLAY_KIND:
            self.round.play_checked(seat, _read_card(action))
            if self.round.phase == DONE:
                self._finish_round()
        else:
            if action not in ("old", "new"):
                raise IllegalMove(BAD_ACTION, 'Choose "old" (others score) or "new" (subtract).')
            self.moon_pending = None
            self._score_round(str(action))

    def moon_options(self) -> dict[str, list[int]]:
        """Under a pending moon choice: the round scores each choice would give."""
        if self.moon_pending is None:
            return {}
        zero = [0] * self.rules.players
        return {c: moon_scores(self.rules, zero, self.moon_pending, c) for c in ("old", "new")}

    def _shooter(self) -> int | None:
        return None if self.rules.moon == "none" else self.round.moon_shooter()

    def _finish_round(self) -> None:
        shooter = self._shooter()
        if moon_choice_open(self.rules, self.totals, shooter, self.round_index + 1):
            self.moon_pending = shooter
            return
        self._score_round(None)

    def _score_round(self, choice: str | None) -> None:
        r = self.round
        shooter = self._shooter()
        scores = round_scores(self.rules, r.points, shooter, choice)
        self.totals = [t + p for t, p in zip(self.totals, scores, strict=True)]
        self.rounds.append(self._round_record(r, scores, shooter))
        if game_over(self.rules, self.totals, self.round_index + 1):
            self.is_over = True
            self.winner = winner(self.rules, self.totals)
            return
        self.round_index += 1
        self.round = self._new_round()

    def _round_record(self, r: Round, scores: list[int] | None, shooter: int | None) -> dict:
        tricks = [{"leader": lead, "cards": [card_text(c) for c in cards]}
                  for lead, cards in r.tricks]
        if r.trick:
            tricks.append({"leader": r.leader, "cards": [card_text(c) for c in r.trick]})
        passes = None
        if r.pass_offset:
            passes = [[card_text(c) for c in p] if p is not None else None
                      for p in self._pass_lists]
        return {
            "pass": self.rules.pass_name(self.round_index),
            "hands": [texts(h) for h in r.dealt],
            "passes": passes,
            "tricks": tricks,
            "points": scores,
            "moon": shooter,
        }

    # Records and views ---------------------------------------------------------------------

    def record(self, *, partial: bool = False) -> dict[str, Any]:
        """The game record (the shape of issue 3). With `partial`, an unfinished round is added
        as it stands (passes not yet made are null, `points` null), so a saved game can resume."""
        out: dict[str, Any] = {}
        if self.number is not None:
            out["code"] = game_code(self.number)
        rounds = list(self.rounds)
        if partial and not self.is_over:
            rounds.append(self._round_record(self.round, None, None))
        out.update({
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "rounds": rounds,
            "totals": list(self.totals),
            "winner": self.winner,
        })
        return out

    @classmethod
    def from_round(cls, rules: Rules, number: int, round_index: int) -> Game:
        """Game `number` started at its round `round_index` (that round's deal and pass), the
        scores at zero: one round's decisions measured without playing the rounds before it."""
        game = cls(rules, number)
        game.round_index = round_index
        game.round = game._new_round()
        return game

    def view(self, seat: int) -> SeatView:
        """What `seat` may know now."""
        return seat_view(self, seat)


def _read_card(action: object) -> int:
    if isinstance(action, bool):
        raise IllegalMove(BAD_ACTION, "A card is needed.")
    if isinstance(action, int):
        if not 0 <= action < 52:
            raise IllegalMove("not_in_hand", "No such card.")
        return action
    try:
        return parse_card(action)
    except CardError as exc:
        raise IllegalMove(BAD_ACTION, str(exc)) from None


def _read_cards(action: object) -> list[int]:
    if not isinstance(action, list | tuple):
        raise IllegalMove(BAD_ACTION, "Pass a list of three cards.")
    return [_read_card(a) for a in action]
