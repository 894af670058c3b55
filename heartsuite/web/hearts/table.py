"""One person's Hearts table on the server: the engine's game, the computer players, and the
numbered list of events the page is sent.

Seat 0 is the person; the other seats are computer players. The table keeps every action of every
seat in order (`actions`), which with the game code and rules is what is stored: replaying them
rebuilds the same game and the same events with the same numbers, so a page that reconnects after a
server restart still receives exactly the events it missed.

The events are the engine's (`Game.act`), those seat 0 may see, as `page_json` writes them, and
the state sent with them is `game.view(0)`: the page never learns another seat's unplayed cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from heartsuite.hearts.cards import CardError, card_text, parse_card
from heartsuite.hearts.claim import CLAIM_MESSAGES, claim_kind, claim_plays, why_claim_refused
from heartsuite.hearts.events import Event, page_json
from heartsuite.hearts.figures import seat_figures
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import IllegalMove
from heartsuite.hearts.rules import Rules
from heartsuite.players import Player
from heartsuite.players.levels import make_level
from heartsuite.prng import Rng

PERSON = 0
STRENGTHS = ("easy", "medium", "hard", "expert")
SPEEDS = ("slow", "normal", "fast", "instant")
# When the page plays the person's only legal card by itself: never, on the last trick, always.
AUTOPLAYS = ("off", "last", "always")
DEFAULT_STRENGTH = "medium"
DEFAULT_SPEED = "normal"
DEFAULT_AUTOPLAY = "last"
CLAIM = "claim"  # the person's stored action that claims the rest of the round
UNDO_OFF = "undo_off"
NOTHING_TO_UNDO = "nothing_to_undo"
UNDO_MESSAGES = {
    UNDO_OFF: "Undo is off: turn it on in the settings.",
    NOTHING_TO_UNDO: "There is no card of yours to take back in this round.",
}
# Seconds between two computer plays at each speed; a finished trick stays on the table longer.
CARD_PAUSE = {"slow": 1.0, "normal": 0.6, "fast": 0.3, "instant": 0.0}
TRICK_PAUSE_FACTOR = 2.0
BOT_NAMES = ("Asha", "Bilal", "Mei")


def make_bot(strength: str, seed: int) -> Player:
    """A computer player of an app strength; the levels module maps them onto real players."""
    return make_level(strength, seed)


@dataclass
class TableSettings:
    """What the person may change in the middle of a game: none changes the game itself. `undo`
    lets the person take back a card (the game is then marked as undone in the statistics)."""

    strength: str = DEFAULT_STRENGTH
    speed: str = DEFAULT_SPEED
    undo: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"strength": self.strength, "speed": self.speed, "undo": self.undo}

    @staticmethod
    def from_json(data: object) -> TableSettings:
        """Read stored settings, keeping the defaults for anything missing or unknown."""
        got = data if isinstance(data, dict) else {}
        strength = got.get("strength")
        speed = got.get("speed")
        return TableSettings(
            strength if strength in STRENGTHS else DEFAULT_STRENGTH,
            speed if speed in SPEEDS else DEFAULT_SPEED,
            got.get("undo") is True,
        )


@dataclass
class HeartsTable:
    """A game at a table of one person and computer players, with its event log."""

    game: Game
    settings: TableSettings = field(default_factory=TableSettings)
    actions: list[list[Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    # Every undo: where the log was cut and the actions taken back, in order (stored, so the
    # record says what was undone; replaying `actions` alone gives the game as it stands).
    takebacks: list[list[Any]] = field(default_factory=list)
    # The computer players by seat, with the strength each was made for: not stored.
    bots: dict[int, tuple[str, Player]] = field(default_factory=dict, repr=False, compare=False)
    # Whether the person could claim, for the position it was decided on: not stored.
    _claim_seen: tuple[tuple[int, ...], bool] | None = field(default=None, repr=False,
                                                            compare=False)

    @staticmethod
    def new(rules: Rules, code: str | None, settings: TableSettings) -> HeartsTable:
        """A fresh table; the first event announces the first round."""
        names = ["You", *BOT_NAMES[: rules.players - 1]]
        table = HeartsTable(Game(rules, code, names), settings)
        table._log_events(table.game.events)
        return table

    @staticmethod
    def replay(rules: Rules, code: str, actions: list[list[Any]],
               settings: TableSettings, takebacks: list[list[Any]] | None = None) -> HeartsTable:
        """Rebuild a stored table by acting out its actions in order (events are regenerated)."""
        table = HeartsTable.new(rules, code, settings)
        for item in actions:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise ValueError(f"bad stored action {item!r}")
            table.act(item[0], item[1])
        if takebacks is not None:
            if not isinstance(takebacks, list) or not all(
                    isinstance(t, list) and len(t) == 2 and isinstance(t[0], int)
                    and isinstance(t[1], list) for t in takebacks):
                raise ValueError("bad stored takebacks")
            table.takebacks = [list(t) for t in takebacks]
        return table

    # State --------------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The number of the last event (events are numbered from 1)."""
        return len(self.events)

    @property
    def code(self) -> str:
        return self.game.code or ""

    def person_acted(self) -> bool:
        return any(seat == PERSON for seat, _ in self.actions)

    @property
    def person_moves(self) -> int:
        """How many actions the person has made: the move number an action of theirs names."""
        return sum(seat == PERSON for seat, _ in self.actions)

    def state(self) -> dict[str, Any]:
        """The page's picture of the table: seat 0's view plus the score sheet and the result."""
        game = self.game
        out: dict[str, Any] = game.view(PERSON).to_json()
        out.update(
            seq=self.seq,
            move=self.person_moves,
            players=game.rules.players,
            moons=[r["moon"] for r in game.rounds],
            over=game.is_over,
            winner=game.winner,
            settings=self.settings.to_json(),
            claimable=self.claimable(),
            undoable=self.settings.undo and self.undo_point() is not None,
            undone=len(self.takebacks),
        )
        if not game.is_over:
            out["code"] = None  # the code deals every hand: shown once the game is over
        return out

    def events_after(self, seq: int) -> list[dict[str, Any]]:
        """The events numbered above `seq`, for a page that reconnects."""
        return self.events[max(seq, 0):]

    # Acting -------------------------------------------------------------------------------

    def bot_to_act(self) -> int | None:
        """The computer seat that must act now, if any (the person is never waited on here)."""
        pending = self.game.pending()
        if pending is None:
            return None
        for seat in pending.seats:
            if seat != PERSON:
                return seat
        return None

    def person_must(self) -> str | None:
        """What the person must do now: "pass", "play", "moon_choice", or None."""
        pending = self.game.pending()
        if pending is None or PERSON not in pending.seats:
            return None
        return pending.kind

    def bot_choice(self, seat: int) -> Any:
        """What the computer player in `seat` does now (as a storable action). It sees only its
        own view; its generator is keyed by the game and the move number, so it is reproducible."""
        pending = self.game.pending()
        if pending is None or seat not in pending.seats or seat == PERSON:
            raise ValueError(f"seat {seat} has nothing to do")
        view = self.game.view(seat)
        number = self.game.number or 0
        player = self.bot(seat)
        rng = Rng.for_key("HT1-web", number, seat, len(self.actions))
        if pending.kind == Phase.PASS:
            return [card_text(c) for c in player.choose_pass(view, rng)]
        if pending.kind == Phase.MOON_CHOICE:
            return player.choose_moon(view)
        return card_text(player.choose_play(view, rng))

    def bot(self, seat: int) -> Player:
        """The computer player in `seat`, kept while the table is in memory: a search player
        reads the round from move to move and keeps its clock (docs/players.md), as it does in
        the benchmarks. A new one when the strength changes or the table is reloaded."""
        strength = self.settings.strength
        kept = self.bots.get(seat)
        if kept is None or kept[0] != strength:
            number = self.game.number or 0
            kept = (strength, make_bot(strength, seed=number % 1_000_003 + seat))
            self.bots[seat] = kept
        return kept[1]

    def act(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply one seat's action; returns the events it caused (already numbered and logged).
        Raises IllegalMove, leaving the table unchanged, when the engine refuses it. The
        person's action `"claim"` claims the rest of the round (`claim`)."""
        if seat == PERSON and action == CLAIM:
            return self._claim()
        events = self.game.act(seat, action)
        self.actions.append([seat, _storable(action)])
        start = len(self.events)
        self._log_events(events)
        return self.events[start:]

    # Claims and undo ----------------------------------------------------------------------

    def claimable(self) -> bool:
        """Whether a claim of the rest of the round by the person would be accepted now (the
        computer players accept every proven claim). Remembered for the position."""
        game = self.game
        if game.is_over or game.moon_pending is not None:
            return False
        r = game.round
        key = (game.round_index, r.played, len(r.trick), r.turn)
        if self._claim_seen is None or self._claim_seen[0] != key:
            self._claim_seen = (key, claim_kind(r, PERSON) is not None)
        return self._claim_seen[1]

    def _claim(self) -> list[dict[str, Any]]:
        """The person claims the rest of the round: refused with the reason unless proven on
        the real deal (heartsuite.hearts.claim); else the rest is played out, the claimant by
        the proven strategy and the others by their lowest legal card, so the round scores as
        if played, and the stored action is the claim itself (a replay makes it again)."""
        game = self.game
        reason = why_claim_refused(game.round, PERSON) if game.moon_pending is None \
            and not game.is_over else "claim_not_now"
        if reason:
            raise IllegalMove(reason, CLAIM_MESSAGES[reason])
        kind = claim_kind(game.round, PERSON)
        plays = claim_plays(game.round, PERSON)
        start = len(self.events)
        self.events.append({"kind": "claim", "seat": PERSON, "claim": kind,
                            "seq": len(self.events) + 1})
        for card in plays:
            self._log_events(game.act(game.round.turn, card))
        self.actions.append([PERSON, CLAIM])
        return self.events[start:]

    def undo_point(self) -> int | None:
        """Where the log would be cut to take back the person's last card: the index of that
        action, when it is a card played in the round in play (never across a round's score,
        nor after the game is over); else None."""
        game = self.game
        if game.is_over or game.moon_pending is not None:
            return None
        for i in range(len(self.actions) - 1, -1, -1):
            seat, action = self.actions[i]
            if seat != PERSON:
                continue
            if not isinstance(action, str) or action in (CLAIM, "old", "new"):
                return None
            try:
                card = parse_card(action)
            except CardError:
                return None
            return i if _played_by(game, card) == PERSON else None
        return None

    def undone(self) -> HeartsTable:
        """The table with the person's last card taken back, with the computers' cards played
        after it: rebuilt by replaying the log cut just before it. Raises IllegalMove when undo
        is off or there is nothing to take back."""
        if not self.settings.undo:
            raise IllegalMove(UNDO_OFF, UNDO_MESSAGES[UNDO_OFF])
        cut = self.undo_point()
        if cut is None:
            raise IllegalMove(NOTHING_TO_UNDO, UNDO_MESSAGES[NOTHING_TO_UNDO])
        table = HeartsTable.replay(self.game.rules, self.code, self.actions[:cut], self.settings)
        table.takebacks = [*self.takebacks, [cut, self.actions[cut:]]]
        return table

    def _log_events(self, events: list[Event]) -> None:
        """Number and keep the page's form of the events the person may see."""
        for event in events:
            data = page_json(event) if event.visible_to(PERSON) else None
            if data is not None:
                data["seq"] = len(self.events) + 1
                self.events.append(data)

    # Results ------------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The person's figures for the statistics (`seat_figures`: rounds, points, points per
        round, moons shot and suffered, queens of spades taken), with the variant and the
        computer players' strength (`level`) as the game ended, and `undone` (how many cards
        were taken back) when any was: the statistics count such a game apart."""
        rules = self.game.rules
        out = seat_figures(self.game.rounds, PERSON, rules.players, rules.partnership) | {
            "variant": rules.variant, "level": self.settings.strength}
        if self.takebacks:
            out["undone"] = len(self.takebacks)
        return out


def _played_by(game: Game, card: int) -> int | None:
    """The seat that played `card` in the round in play, if it was played."""
    r = game.round
    n = game.rules.players
    for leader, cards in [*r.tricks, (r.leader, tuple(r.trick))]:
        if card in cards:
            return (leader + cards.index(card)) % n
    return None


def _storable(action: Any) -> Any:
    """Actions are stored as card text (and lists of it) so a stored game reads like a record."""
    if isinstance(action, int) and not isinstance(action, bool):
        return card_text(action)
    if isinstance(action, list | tuple):
        return [_storable(a) for a in action]
    return action


def pause_after(events: list[dict[str, Any]], speed: str) -> float:
    """How long the table waits after these events before the next computer player acts."""
    base = CARD_PAUSE.get(speed, CARD_PAUSE[DEFAULT_SPEED])
    if not events:
        return 0.0
    if any(e["kind"] in ("trick", "scored") for e in events):
        return base * TRICK_PAUSE_FACTOR
    if all(e["kind"] == "passed" for e in events):
        return 0.0
    return base


__all__ = ["AUTOPLAYS", "CLAIM", "HeartsTable", "IllegalMove", "TableSettings", "pause_after"]
