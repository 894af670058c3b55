"""A whole game of Hearts over rounds, driven by decision points (pass, play, moon choice).

`Game.pending()` says who must act and how; `Game.act(seat, action)` validates every action,
refuses a wrong one with `IllegalMove` (a reason key and a sentence) without changing anything,
and returns the events it caused (`heartsuite.hearts.events`); `Game.events` holds every event
since the deal of the first round. The record of `Game.record()` is the JSON shape that the CLI
prints and `heartsuite.hearts.records.replay` replays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from heartsuite.hearts.cards import CardError, card_text, cards_of, parse_card, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code, random_game_number
from heartsuite.hearts.events import (
    CardsReceived,
    Event,
    Exchanged,
    GameOver,
    HeartsBroken,
    MoonChoiceAsked,
    MoonChosen,
    MoonShot,
    Passed,
    Played,
    RoundDealt,
    Scored,
    TrickWon,
)
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import IllegalMove, Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import (
    game_over,
    moon_choice_open,
    moon_scores,
    round_scores,
    winner,
)
from heartsuite.hearts.view import SeatView

GAME_OVER = "game_over"
BAD_ACTION = "bad_action"


@dataclass(frozen=True)
class Pending:
    """Who must act now and how: `Phase.PASS` (each listed seat, simultaneously), `Phase.PLAY`
    or `Phase.MOON_CHOICE` (one seat)."""

    kind: Phase
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
        self.events: list[Event] = [self.round_dealt()]

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

    def round_dealt(self) -> RoundDealt:
        """The event that announced the round in play (the first one is no action's doing)."""
        return RoundDealt(self.round_index, self.pass_name)

    def pending(self) -> Pending | None:
        """The decision the game waits for; None when it is over."""
        if self.is_over:
            return None
        if self.moon_pending is not None:
            return Pending(Phase.MOON_CHOICE, (self.moon_pending,))
        if self.round.phase == Phase.PASS:
            return Pending(Phase.PASS, tuple(self.round.waiting_to_pass()))
        return Pending(Phase.PLAY, (self.round.turn,))

    def act(self, seat: int, action: object) -> list[Event]:
        """Apply one seat's action: 3 cards to pass, a card to play (int or text), or "old"/"new"
        for the moon choice; returns the events it caused, in order (also added to `events`).
        Raises IllegalMove and leaves the game unchanged if it is refused."""
        pending = self.pending()
        if pending is None:
            raise IllegalMove(GAME_OVER, "The game is over.")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in pending.seats:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if pending.kind == Phase.PASS:
            events = self._pass(seat, _read_cards(action))
        elif pending.kind == Phase.PLAY:
            events = self._play(seat, _read_card(action))
        else:
            if action not in ("old", "new"):
                raise IllegalMove(BAD_ACTION, 'Choose "old" (others score) or "new" (subtract).')
            choice = str(action)
            self.moon_pending = None
            events = [MoonChosen(seat, choice), *self._score_round(choice)]
        self.events.extend(events)
        return events

    def _pass(self, seat: int, cards: list[int]) -> list[Event]:
        r = self.round
        r.submit_pass(seat, cards)
        self._pass_lists[seat] = cards
        events: list[Event] = [Passed(seat)]
        if r.phase != Phase.PASS:
            n = self.rules.players
            events.append(Exchanged())
            events.extend(
                CardsReceived(s, tuple(cards_of(r.received(s))), (s - r.pass_offset) % n,
                              seat_only=s)
                for s in range(n))
        return events

    def _play(self, seat: int, card: int) -> list[Event]:
        r = self.round
        broken_before = r.broken
        r.play_checked(seat, card)
        events: list[Event] = [Played(seat, card)]
        if r.broken and not broken_before:
            events.append(HeartsBroken())
        if not r.trick:  # the card completed a trick
            leader, cards = r.tricks[-1]
            points = r.cfg.pts
            events.append(TrickWon(leader, r.leader, cards, sum(points[c] for c in cards)))
        if r.phase == Phase.DONE:
            events.extend(self._finish_round())
        return events

    def moon_options(self) -> dict[str, list[int]]:
        """Under a pending moon choice: the round scores each choice would give."""
        if self.moon_pending is None:
            return {}
        raw = self.round.points
        return {c: moon_scores(self.rules, raw, self.moon_pending, c) for c in ("old", "new")}

    def _shooter(self) -> int | None:
        return None if self.rules.moon == "none" else self.round.moon_shooter()

    def _finish_round(self) -> list[Event]:
        shooter = self._shooter()
        events: list[Event] = [] if shooter is None else [MoonShot(shooter)]
        if shooter is not None and moon_choice_open(self.rules, self.totals, shooter,
                                                    self.round_index + 1, self.round.points):
            self.moon_pending = shooter
            return [*events, MoonChoiceAsked(shooter)]
        return events + self._score_round(None)

    def _score_round(self, choice: str | None) -> list[Event]:
        r = self.round
        shooter = self._shooter()
        scores = round_scores(self.rules, r.points, shooter, choice)
        self.totals = [t + p for t, p in zip(self.totals, scores, strict=True)]
        self.rounds.append(self._round_record(r, scores, shooter))
        totals = tuple(self.totals)
        scored = Scored(self.round_index, tuple(scores), shooter, totals, r.jack_taker())
        if game_over(self.rules, self.totals, self.round_index + 1):
            self.is_over = True
            self.winner = winner(self.rules, self.totals)
            return [scored, GameOver(self.winner, totals)]
        self.round_index += 1
        self.round = self._new_round()
        return [scored, self.round_dealt()]

    def _round_record(self, r: Round, scores: list[int] | None,
                      shooter: int | None) -> dict[str, Any]:
        tricks = [{"leader": lead, "cards": [card_text(c) for c in cards]}
                  for lead, cards in r.tricks]
        if r.trick:
            tricks.append({"leader": r.leader, "cards": [card_text(c) for c in r.trick]})
        passes = None
        if r.pass_offset:
            passes = [[card_text(c) for c in p] if p is not None else None
                      for p in self._pass_lists]
        out: dict[str, Any] = {
            "pass": self.rules.pass_name(self.round_index),
            "hands": [texts(h) for h in r.dealt],
            "passes": passes,
            "tricks": tricks,
            "points": scores,
            "moon": shooter,
        }
        if self.rules.omnibus:  # only then: a record without the option reads as it always did
            out["jack"] = r.jack_taker() if scores is not None else None
        return out

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
        n = self.rules.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r}")
        r = self.round
        pending = self.pending()
        phase = Phase.OVER if pending is None else pending.kind
        off = r.pass_offset
        my_pass = r.passes[seat] or 0
        hand = r.hands[seat]
        passing = r.phase == Phase.PASS
        if passing:
            hand &= ~my_pass  # passed cards have left the hand, even before the exchange
        turn = r.turn if phase == Phase.PLAY else None
        if passing:
            hand_sizes = tuple(h.bit_count() - (p or 0).bit_count()
                               for h, p in zip(r.hands, r.passes, strict=True))
        else:
            hand_sizes = tuple(h.bit_count() for h in r.hands)
        return SeatView(
            seat=seat,
            rules=self.rules,
            code=self.code,
            round_index=self.round_index,
            phase=phase,
            pass_name=self.pass_name,
            hand=hand,
            passed=my_pass,
            passed_to=(seat + off) % n if off else None,
            received=r.received(seat),
            received_from=(seat - off) % n if off else None,
            waiting_to_pass=tuple(r.waiting_to_pass()),
            tricks=tuple(r.tricks),
            trick_leader=r.leader if r.trick else None,
            trick=tuple(r.trick),
            played=r.played,
            voids=tuple(r.voids),
            hearts_broken=r.broken,
            hand_sizes=hand_sizes,
            taken=tuple(r.taken),
            round_points=tuple(r.points),
            totals=tuple(self.totals),
            history=tuple(tuple(rd["points"]) for rd in self.rounds),
            jacks=tuple(rd.get("jack") for rd in self.rounds) if self.rules.omnibus else (),
            turn=turn,
            legal=r.legal_mask() if turn == seat and r.phase == Phase.PLAY else 0,
            moon_options=self.moon_options() if self.moon_pending == seat else None,
        )


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
