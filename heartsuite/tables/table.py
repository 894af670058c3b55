"""A table where people (and computer players) play one game of Hearts together (SPEC §3).

The table is pure: no I/O, no clock, no randomness of its own. Everything that happens to it is a
*command* (a JSON object: a join, a leave, the start, one seat's action and by whom, a person going
away or coming back, a stand-in taking over, a reaction, a rematch vote); `apply` checks a command
against the table and either refuses it with a `TableError` (changing nothing) or appends it to
`commands` and returns the numbered events it caused. What is stored is the creation data (seed,
rules, options, the computer seats) and the command list: `Table.from_data` replays them and
regenerates exactly the same events with the same numbers. Every choice a computer made is in its
command as an action, so nothing is ever recomputed on replay, and every time a command needs (a
grace period's end, a timer's deadline) is written into it by the caller.

What a viewer may be told: `events_for(seat, after)` gives a seat (or a spectator, None) only the
events it may see (the engine's `CardsReceived` is for its receiver alone), and `game_view` gives
a seat its own seat view and a spectator the public part of it (no hand, no cards passed or
received, no legal moves). The deal comes from the secret seed (`fair.dealer`), so no view carries
a game code; the seed itself appears only once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from heartsuite.hearts.cards import card_text
from heartsuite.hearts.events import Event, page_json
from heartsuite.hearts.figures import seat_figures
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import IllegalMove
from heartsuite.hearts.rules import Rules
from heartsuite.tables.errors import TableError
from heartsuite.tables.fair import commitment, dealer
from heartsuite.tables.names import clean_name, show_code

LEVELS = ("random", "heuristic", "easy", "medium", "hard", "expert")
SPEEDS = ("slow", "normal", "fast", "instant")
TIMERS = (0, 15, 30, 60)
PHRASES = ("nice", "oops", "thanks", "hurry", "gg", "wow")
REACTION_GAP = 3.0  # seconds between two reactions of one seat

WAITING, PLAYING, OVER, CLOSED = "waiting", "playing", "over", "closed"
OPEN, PERSON, BOT = "open", "person", "bot"
# Who made a seat's action: its person, its computer player, the stand-in of an away person,
# or the computer when the turn timer ran out.
BY_PERSON, BY_BOT, BY_STANDIN, BY_TIMER = "person", "bot", "standin", "timer"
ACTORS = (BY_PERSON, BY_BOT, BY_STANDIN, BY_TIMER)
PRIVATE_VIEW_FIELDS = ("hand", "passed", "received", "legal", "moon_options")


def bot_name(level: str) -> str:
    """A computer seat's display name: its level ("Hard"); pages translate it by `level`."""
    return level.capitalize()


@dataclass
class Options:
    """What the creator chose besides the rules: none of it changes the deal."""

    timer: int = 0
    spectators: bool = True
    speed: str = "normal"
    standin_level: str = "hard"

    def __post_init__(self) -> None:
        if self.timer not in TIMERS:
            raise TableError("invalid", f"timer is one of {TIMERS}", 422)
        if self.speed not in SPEEDS:
            raise TableError("invalid", f"speed is one of {', '.join(SPEEDS)}", 422)
        if self.standin_level not in LEVELS:
            raise TableError("invalid", f"standin_level is one of {', '.join(LEVELS)}", 422)

    def to_json(self) -> dict[str, Any]:
        return {"timer": self.timer, "spectators": self.spectators, "speed": self.speed,
                "standin_level": self.standin_level}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Options:
        return Options(int(data["timer"]), bool(data["spectators"]), str(data["speed"]),
                       str(data["standin_level"]))


@dataclass
class Seat:
    """One seat. `person` (the person's secret id) is never shown to anyone."""

    index: int
    kind: str = OPEN
    person: str | None = None
    name: str | None = None
    level: str | None = None
    present: bool = False
    standin: bool = False
    away_until: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.index, "kind": self.kind, "name": self.name, "level": self.level,
                "present": self.present, "standin": self.standin, "away_until": self.away_until}

    def make_bot(self, level: str) -> None:
        """A computer of `level` plays this seat for good (its person, if any, keeps the name
        in the record but may not come back)."""
        self.kind, self.level, self.standin, self.away_until = BOT, level, False, None
        self.person = None
        self.present = False
        if self.name is None:
            self.name = bot_name(level)


@dataclass(frozen=True)
class TableEvent:
    """An event as sent: its number, its JSON body (with `kind`), and the one seat that may see
    it when it is private (None: everyone, spectators included)."""

    seq: int
    body: dict[str, Any]
    seat_only: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seat_only is None or self.seat_only == seat


@dataclass
class Table:
    """One table: its seats, its game dealt from the secret seed, its commands and events."""

    id: str
    code: str
    creator: str
    rules: Rules
    options: Options
    seed: bytes
    bots: list[str | None]  # per seat at creation: a computer's level, or None (a person seat)
    created: float
    seats: list[Seat] = field(init=False)
    game: Game = field(init=False)
    status: str = field(init=False, default=WAITING)
    commands: list[dict[str, Any]] = field(init=False, default_factory=list)
    events: list[TableEvent] = field(init=False, default_factory=list)
    members: dict[str, int] = field(init=False, default_factory=dict)  # everyone who ever sat
    start_names: list[str] = field(init=False, default_factory=list)
    votes: dict[int, bool] = field(init=False, default_factory=dict)
    rematch_code: str | None = field(init=False, default=None)
    deadline: float | None = field(init=False, default=None)  # the turn timer's, when running
    hints: dict[int, int] = field(init=False, default_factory=dict)
    _turn_key: tuple[Any, ...] | None = field(init=False, default=None)
    _acts: int = field(init=False, default=0)
    _last_reaction: dict[int, float] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        n = self.rules.players
        if len(self.bots) != n:
            raise TableError("bad_seats", f"this table has {n} seats", 400)
        for level in self.bots:
            if level is not None and level not in LEVELS:
                raise TableError("bad_seats", f"a computer is one of {', '.join(LEVELS)}", 400)
        self.seats = [Seat(i) for i in range(n)]
        self.game = Game(self.rules, None, [f"Seat {i + 1}" for i in range(n)],
                         dealer=dealer(self.rules, self.seed))
        for seat, level in zip(self.seats, self.bots, strict=True):
            if level is not None:
                seat.make_bot(level)
                self._add({"kind": "seated", "seat": seat.index, "name": seat.name,
                           "seat_kind": BOT, "level": level})

    # Storage ------------------------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        """What is stored: enough to rebuild the table and all its events by `from_data`."""
        return {"creator": self.creator, "rules": self.rules.to_json(),
                "options": self.options.to_json(), "seed": self.seed.hex(), "bots": self.bots,
                "created": self.created, "commands": self.commands}

    @staticmethod
    def from_data(table_id: str, code: str, data: dict[str, Any]) -> Table:
        """Rebuild a stored table by replaying its commands (its events come out the same)."""
        table = Table(table_id, code, str(data["creator"]), Rules.from_json(data["rules"]),
                      Options.from_json(data["options"]), bytes.fromhex(data["seed"]),
                      list(data["bots"]), float(data["created"]))
        for command in data["commands"]:
            table.apply(command)
        return table

    # Who is who ---------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def seq(self) -> int:
        """The number of the last event (events are numbered from 1)."""
        return len(self.events)

    @property
    def commitment(self) -> str:
        return commitment(self.seed, self.id)

    def seat_of(self, person: str) -> int | None:
        """The seat this person plays now, if any."""
        for seat in self.seats:
            if seat.kind == PERSON and seat.person == person:
                return seat.index
        return None

    def open_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == OPEN]

    def people(self) -> set[str]:
        """Everyone the table belongs to in the lobby: its creator and whoever sat at it."""
        return {self.creator, *self.members}

    # Commands -----------------------------------------------------------------------------

    def apply(self, command: dict[str, Any]) -> list[TableEvent]:
        """Apply one command: its events, or TableError (and nothing changed)."""
        handler = _HANDLERS.get(str(command.get("c")))
        if handler is None:
            raise TableError("invalid", f"unknown command {command.get('c')!r}", 422)
        start = len(self.events)
        handler(self, command)
        self.commands.append(command)
        return self.events[start:]

    def join(self, person: str, name: str, seat: int | None, t: float) -> tuple[int, list[
            TableEvent]]:
        """Take a seat (the one the person holds already, else `seat`, else the first open)."""
        held = self.seat_of(person)
        if held is not None:
            return held, []
        events = self.apply({"c": "join", "person": person, "name": clean_name(name),
                             "seat": seat, "t": t})
        held = self.seat_of(person)
        assert held is not None
        return held, events

    def act(self, seat: int, action: object, by: str, t: float) -> list[TableEvent]:
        return self.apply({"c": "act", "seat": seat, "action": _storable(action), "by": by,
                           "t": t})

    def _join(self, command: dict[str, Any]) -> None:
        person, name, wanted = str(command["person"]), clean_name(command["name"]), command["seat"]
        if self.status == CLOSED:
            raise TableError("closed", "this table was closed by its creator")
        if self.status != WAITING:
            raise TableError("started", "this game has started: you may watch it")
        open_seats = self.open_seats()
        if wanted is None:
            if not open_seats:
                raise TableError("table_full", "every seat at this table is taken")
            index = open_seats[0]
        else:
            if not isinstance(wanted, int) or isinstance(wanted, bool) or not (
                    0 <= wanted < self.n):
                raise TableError("bad_seat", f"seats are 0 to {self.n - 1}", 422)
            if wanted not in open_seats:
                raise TableError("seat_taken" if open_seats else "table_full",
                                 "this seat is taken")
            index = wanted
        seat = self.seats[index]
        seat.kind, seat.person, seat.name, seat.level = PERSON, person, name, None
        seat.present, seat.standin, seat.away_until = False, False, None
        self.members[person] = index
        self._add({"kind": "seated", "seat": index, "name": name, "seat_kind": PERSON,
                   "level": None})
        if not self.open_seats():
            self._start(float(command["t"]))

    def _leave(self, command: dict[str, Any]) -> None:
        index = self._seated(str(command["person"]))
        seat = self.seats[index]
        if self.status == WAITING:
            self._add({"kind": "left", "seat": index})
            if seat.person == self.creator:
                self.status = CLOSED
                self._add({"kind": "closed"})
            else:
                self.members.pop(str(command["person"]), None)
            self.seats[index] = Seat(index)
        elif self.status == PLAYING:
            seat.make_bot(self.options.standin_level)
            self._add({"kind": "left", "seat": index})
            self._add({"kind": "standin", "seat": index, "level": seat.level})
        else:
            raise TableError(self.status, "this table is over")

    def _start_command(self, command: dict[str, Any]) -> None:
        if command["person"] != self.creator:
            raise TableError("not_creator", "only the table's creator may start it", 403)
        self._must_wait()
        open_seats = self.open_seats()
        if open_seats and not command.get("fill"):
            raise TableError("seats_open", "some seats are still open: fill them with "
                             "computer players, or wait")
        for index in open_seats:
            seat = self.seats[index]
            seat.make_bot(self.options.standin_level)
            self._add({"kind": "seated", "seat": index, "name": seat.name, "seat_kind": BOT,
                       "level": seat.level})
        self._start(float(command["t"]))

    def _start(self, t: float) -> None:
        self.status = PLAYING
        self.start_names = [s.name or "" for s in self.seats]
        self.game.players = list(self.start_names)
        self._add({"kind": "started", "commitment": self.commitment})
        self._add_engine(self.game.events)  # the first round's deal
        self._announce(t)

    def _act(self, command: dict[str, Any]) -> None:
        index, by, t = command["seat"], command["by"], float(command["t"])
        if self.status == WAITING:
            raise TableError("not_started", "the game has not started")
        if self.status != PLAYING:
            raise TableError("over", "this game is over")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.n:
            raise TableError("not_your_seat", "no such seat", 422)
        seat = self.seats[index]
        allowed = {
            BY_PERSON: seat.kind == PERSON,
            BY_BOT: seat.kind == BOT,
            BY_STANDIN: seat.kind == PERSON and seat.standin,
            BY_TIMER: seat.kind == PERSON and not seat.standin and self.deadline is not None
            and t >= self.deadline,
        }
        if not allowed.get(by, False):
            raise TableError("not_your_seat", f"seat {index} is not played by the {by} now")
        pending = self.game.pending()
        kind = pending.kind if pending is not None else None
        try:
            engine = self.game.act(index, command["action"])
        except IllegalMove as exc:
            raise TableError(exc.reason, str(exc)) from None
        self._acts += 1
        if by == BY_TIMER:
            self._add({"kind": "timed_out", "seat": index, "action": str(kind)})
        self._add_engine(engine)
        if self.game.is_over:
            self.status = OVER
            self.deadline = None
            self._add({"kind": "revealed", "seed": self.seed.hex()})
        else:
            self._announce(t)

    def _away(self, command: dict[str, Any]) -> None:
        seat = self.seats[self._person_seat(command["seat"])]
        seat.present, seat.away_until = False, float(command["until"])
        self._add({"kind": "away", "seat": seat.index, "until": seat.away_until})

    def _back(self, command: dict[str, Any]) -> None:
        seat = self.seats[self._person_seat(command["seat"])]
        seat.present, seat.away_until, seat.standin = True, None, False
        self._add({"kind": "back", "seat": seat.index})

    def _standin(self, command: dict[str, Any]) -> None:
        seat = self.seats[self._person_seat(command["seat"])]
        if self.status != PLAYING or seat.present or seat.standin:
            raise TableError("present", "this seat's person is here")
        if seat.away_until is None or float(command["t"]) < seat.away_until:
            raise TableError("grace", "the grace period has not ended")
        seat.standin = True
        self._add({"kind": "standin", "seat": seat.index, "level": self.options.standin_level})

    def _remove(self, command: dict[str, Any]) -> None:
        if command["person"] != self.creator:
            raise TableError("not_creator", "only the table's creator may do this", 403)
        if self.status not in (WAITING, PLAYING):
            raise TableError(self.status, "this table is over")
        index = self._person_seat(command["seat"])
        seat = self.seats[index]
        if seat.person == self.creator:
            raise TableError("own_seat", "leave the table to give up your own seat")
        if seat.present:
            raise TableError("present", "this person is at the table")
        seat.make_bot(self.options.standin_level)
        self._add({"kind": "standin", "seat": index, "level": seat.level, "removed": True})
        if self.status == WAITING and not self.open_seats():
            self._start(float(command["t"]))

    def _react(self, command: dict[str, Any]) -> None:
        index, phrase, t = self._person_seat(command["seat"]), command["phrase"], float(
            command["t"])
        if phrase not in PHRASES:
            raise TableError("invalid", f"a reaction is one of {', '.join(PHRASES)}", 422)
        last = self._last_reaction.get(index)
        if last is not None and t - last < REACTION_GAP:
            raise TableError("rate_limited", f"one reaction every {REACTION_GAP:g} s", 429)
        self._last_reaction[index] = t
        self._add({"kind": "reaction", "seat": index, "phrase": phrase})

    def _hint(self, command: dict[str, Any]) -> None:
        index = self._person_seat(command["seat"])
        self.hints[index] = self.hints.get(index, 0) + 1

    def _vote(self, command: dict[str, Any]) -> None:
        if self.status != OVER:
            raise TableError("not_over", "a rematch is voted once the game is over")
        if self.rematch_code is not None:
            raise TableError("rematch_made", "the rematch is already made")
        index = self._person_seat(command["seat"])
        accept = command["accept"]
        if not isinstance(accept, bool):
            raise TableError("invalid", "accept is true or false", 422)
        self.votes[index] = accept
        self._add({"kind": "rematch_vote", "seat": index, "accept": accept})

    def _rematch(self, command: dict[str, Any]) -> None:
        if self.rematch_plan() is None:
            raise TableError("not_over", "not every person has voted for a rematch")
        self.rematch_code = str(command["table"])
        self._add({"kind": "rematch", "table": show_code(self.rematch_code)})

    # Helpers of the commands --------------------------------------------------------------

    def _must_wait(self) -> None:
        if self.status == CLOSED:
            raise TableError("closed", "this table was closed by its creator")
        if self.status != WAITING:
            raise TableError("not_waiting", "this game has started")

    def _seated(self, person: str) -> int:
        index = self.seat_of(person)
        if index is None:
            raise TableError("not_seated", "you have no seat at this table", 403)
        return index

    def _person_seat(self, index: object) -> int:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.n:
            raise TableError("not_your_seat", "no such seat", 422)
        if self.seats[index].kind != PERSON:
            raise TableError("not_seated", "no person sits in this seat", 403)
        return index

    def _add(self, body: dict[str, Any], seat_only: int | None = None) -> None:
        self.events.append(TableEvent(len(self.events) + 1, body, seat_only))

    def _add_engine(self, events: list[Event]) -> None:
        for event in events:
            body = page_json(event)
            if body is not None:
                self._add(body, event.seat_only)

    def _announce(self, t: float) -> None:
        """A `turn` event when the game waits for something new: once when a pass starts (every
        seat passes at once), before every play and moon choice; with the timer's deadline when
        the timer is on and a person (not a stand-in) must act."""
        pending = self.game.pending()
        if pending is None:
            return
        key: tuple[Any, ...] = ((Phase.PASS, self.game.round_index) if pending.kind == Phase.PASS
                                else (pending.kind, self._acts))
        if key == self._turn_key:
            return
        self._turn_key = key
        people = [s for s in pending.seats
                  if self.seats[s].kind == PERSON and not self.seats[s].standin]
        self.deadline = t + self.options.timer if self.options.timer and people else None
        self._add({"kind": "turn",
                   "seat": None if pending.kind == Phase.PASS else pending.seats[0],
                   "seats": list(pending.seats), "action": str(pending.kind),
                   "deadline": self.deadline})

    # What the hub asks --------------------------------------------------------------------

    def computer_turns(self) -> list[tuple[int, str]]:
        """The seats a computer must act for now: (seat, BY_BOT or BY_STANDIN)."""
        pending = self.game.pending() if self.status == PLAYING else None
        if pending is None:
            return []
        out = []
        for index in pending.seats:
            seat = self.seats[index]
            if seat.kind == BOT:
                out.append((index, BY_BOT))
            elif seat.kind == PERSON and seat.standin:
                out.append((index, BY_STANDIN))
        return out

    def timed_out(self, t: float) -> list[int]:
        """The person seats whose turn timer has run out at time t."""
        pending = self.game.pending() if self.status == PLAYING else None
        if pending is None or self.deadline is None or t < self.deadline:
            return []
        return [s for s in pending.seats
                if self.seats[s].kind == PERSON and not self.seats[s].standin]

    def rematch_plan(self) -> list[tuple[str, str, str] | tuple[str, str]] | None:
        """The rematch's seats once every person still seated has voted and one accepted: for
        each new seat, ("person", person, name) or ("bot", level); seats rotate one place
        clockwise (old seat i is new seat i + 1). None while votes are missing or none accepted."""
        if self.status != OVER or self.rematch_code is not None:
            return None
        people = [s for s in self.seats if s.kind == PERSON]
        if not people or any(s.index not in self.votes for s in people):
            return None
        if not any(self.votes[s.index] for s in people):
            return None
        plan: list[tuple[str, str, str] | tuple[str, str]] = [("bot", "")] * self.n
        for seat in self.seats:
            new = (seat.index + 1) % self.n
            if seat.kind == PERSON and self.votes.get(seat.index):
                assert seat.person is not None and seat.name is not None
                plan[new] = ("person", seat.person, seat.name)
            else:
                plan[new] = ("bot", seat.level if seat.kind == BOT and seat.level
                             else self.options.standin_level)
        return plan

    # What each viewer is told -------------------------------------------------------------

    def events_for(self, viewer: int | None, after: int) -> list[TableEvent]:
        """The events numbered above `after` that this seat (None: a spectator) may see."""
        return [e for e in self.events[max(after, 0):] if e.visible_to(viewer)]

    def game_view(self, viewer: int | None) -> dict[str, Any] | None:
        """A seat's own view, or (None) the public view; nothing before the game starts."""
        if self.status in (WAITING, CLOSED):
            return None
        if viewer is not None:
            view = self.game.view(viewer).to_json()
            view["names"] = list(self.start_names)
            return view
        public = self.game.view(0).to_json()
        for key in PRIVATE_VIEW_FIELDS:
            public.pop(key, None)
        public.update(seat=None, passed_to=None, received_from=None,
                      names=list(self.start_names))
        return public

    def table_view(self, person: str | None) -> dict[str, Any]:
        """The TableView of docs/protocol.md, for this person (None: nobody in particular)."""
        over = self.status == OVER
        return {
            "id": self.id,
            "code": show_code(self.code),
            "status": self.status,
            "rules": self.rules.to_json(),
            "players": self.n,
            "seats": [s.to_json() for s in self.seats],
            "you": None if person is None else self.seat_of(person),
            "creator": person == self.creator,
            **self.options.to_json(),
            "commitment": self.commitment,
            "seq": self.seq,
            "rematch": ({"accepted": sorted(s for s, ok in self.votes.items() if ok),
                         "declined": sorted(s for s, ok in self.votes.items() if not ok),
                         "table": None if self.rematch_code is None
                         else show_code(self.rematch_code)} if over else None),
            "seed": self.seed.hex() if over else None,
        }

    def record(self, person: str) -> dict[str, Any]:
        """The finished game's record for a person who sat at it, with the seed to verify it."""
        if person not in self.members:
            raise TableError("not_seated", "only the people who sat at this table may read "
                             "its record", 403)
        if self.status != OVER:
            raise TableError("in_progress", "the record is given once the game is over")
        record = self.game.record()
        record.update(table=self.id, seed=self.seed.hex(), commitment=self.commitment)
        return record

    def result(self, seat: int) -> dict[str, Any]:
        """A seat's figures for the statistics once the game is over."""
        rules = self.rules
        levels = {s.level for s in self.seats if s.kind == BOT and s.level is not None}
        return seat_figures(self.game.rounds, seat, rules.players, rules.partnership) | {
            "won": self.game.winner == seat,
            # the computer players' level: one level, "mixed", or None when people only
            "level": levels.pop() if len(levels) == 1 else ("mixed" if levels else None),
            "variant": self.rules.variant,
            "people": sum(1 for s in self.seats if s.kind == PERSON),
            "hints": self.hints.get(seat, 0),
        }


def _storable(action: object) -> object:
    """Actions are stored as card text (and lists of it), so stored commands read like a record."""
    if isinstance(action, int) and not isinstance(action, bool):
        return card_text(action) if 0 <= action < 52 else action
    if isinstance(action, list | tuple):
        return [_storable(a) for a in action]
    return action


_HANDLERS = {
    "join": Table._join,
    "leave": Table._leave,
    "start": Table._start_command,
    "act": Table._act,
    "away": Table._away,
    "back": Table._back,
    "standin": Table._standin,
    "remove": Table._remove,
    "react": Table._react,
    "hint": Table._hint,
    "vote": Table._vote,
    "rematch": Table._rematch,
}

__all__ = ["ACTORS", "BOT", "BY_BOT", "BY_PERSON", "BY_STANDIN", "BY_TIMER", "CLOSED", "LEVELS",
           "OPEN", "OVER", "PERSON", "PHRASES", "PLAYING", "SPEEDS", "TIMERS", "WAITING",
           "Options", "Seat", "Table", "TableEvent", "bot_name"]
