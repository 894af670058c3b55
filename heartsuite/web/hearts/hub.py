"""Hearts tables in play: loaded from the store by replay, kept in memory, saved after every action,
and driven: the computer players act on the server, one at a time at the person's chosen pace,
while at least one page is connected.

Each connected page has a queue of outgoing messages (an `Outbox`); every event is put on every
queue of its table in order, so a page sees the same numbered sequence whether live or after
reconnecting. Every enqueue is bounded: a page more than QUEUE_LIMIT messages behind (a client that
does not read) is dropped, and must reconnect with `hello` to catch up from the store's events.

Any server process can serve any table (several share one PostgreSQL store): a table held in
memory is checked against the stored revision (one cheap query) before anything is done with it,
and read and replayed again when another process has written it since, its pages being sent the
events they missed; every save names the revision it was made from (`StaleGame` when another
process saved first: nothing written, the table read again).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from heartsuite.codes import CodeError
from heartsuite.hearts.deal import game_code, parse_game_code, random_game_number
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.web.errors import ApiError
from heartsuite.web.hearts.daily import DAILY, daily_marks, stamp
from heartsuite.web.hearts.table import (
    AUTOPLAYS,
    CLAIM,
    DEFAULT_AUTOPLAY,
    PERSON,
    SPEEDS,
    STRENGTHS,
    HeartsTable,
    IllegalMove,
    TableSettings,
    pause_after,
)
from heartsuite.web.store import ABANDONED, LOST, PLAYING, WON, GameRow, StaleGame, Store

KIND = "hearts"
CACHE_SIZE = 1024
QUEUE_LIMIT = 10_000  # messages waiting for one page; a page that far behind is dropped


class Outbox:
    """One connected page's outgoing messages, bounded: `put` refuses a message once QUEUE_LIMIT
    are waiting, marks the page `dropped` and tells its sender to stop (the socket is then closed
    and the page reconnects). At most one replay (the history sent for a `hello`) is in flight:
    `replaying` is true from the replay's first message until its last one has been sent."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.limit = limit
        self.dropped = False
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._replay_end: dict[str, Any] | None = None

    def put(self, message: dict[str, Any]) -> bool:
        """Queue a message; False (and the page dropped) when the page is too far behind."""
        if self.dropped:
            return False
        if self._queue.qsize() >= self.limit:
            self.dropped = True
            self._queue.put_nowait(None)
            return False
        self._queue.put_nowait(message)
        return True

    def close(self) -> None:
        """Tell the sender to stop after what is queued."""
        self._queue.put_nowait(None)

    @property
    def replaying(self) -> bool:
        return self._replay_end is not None

    def replay(self, messages: list[dict[str, Any]]) -> None:
        """Queue a replay (the events a page missed, then the state); see `replaying`."""
        for message in messages:
            if not self.put(message):
                return
        self._replay_end = messages[-1] if messages else None

    async def get(self) -> dict[str, Any] | None:
        """The next message to send, None when the sender must stop."""
        return await self._queue.get()

    def sent(self, message: dict[str, Any]) -> None:
        """The sender has sent `message` (ends the replay in flight if it was its last)."""
        if message is self._replay_end:
            self._replay_end = None

    def qsize(self) -> int:
        return self._queue.qsize()


def prefs_of(store: Store, person: str) -> dict[str, Any]:
    """The person's Hearts preferences: rules for new games, strength, speed, move errors,
    when the page plays an only legal card by itself (`autoplay`), and whether a card may be
    taken back against the computer (`undo`)."""
    saved = store.prefs(person).get(KIND, {})
    saved = saved if isinstance(saved, dict) else {}
    try:
        rules = Rules.from_json(saved.get("rules"))
    except RulesError:
        rules = Rules()
    settings = TableSettings.from_json(saved)
    return {
        "rules": rules.to_json(),
        "strength": settings.strength,
        "speed": settings.speed,
        "move_errors": bool(saved.get("move_errors", False)),
        "autoplay": saved.get("autoplay") if saved.get("autoplay") in AUTOPLAYS
        else DEFAULT_AUTOPLAY,
        "undo": settings.undo,
    }


def read_rules(data: object) -> Rules:
    """Rules sent by the page; a 400 naming the setting when they cannot be used."""
    try:
        return Rules.from_json(data)
    except (RulesError, TypeError, ValueError) as exc:
        raise ApiError(400, "bad_rules", str(exc)) from None


def read_code(text: str) -> str:
    """A game code typed by the person, normalised; a 400 with the reason when unreadable."""
    try:
        return game_code(parse_game_code(text))
    except CodeError as exc:
        raise ApiError(400, "bad_code", str(exc)) from None


@dataclass
class Live:
    """A table in memory, with its owner, its stored row and the pages watching it."""

    row: GameRow
    table: HeartsTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pages: set[Outbox] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None

    def publish(self, message: dict[str, Any]) -> None:
        for outbox in list(self.pages):
            if not outbox.put(message):
                self.pages.discard(outbox)


class Tables:
    """Every person's Hearts tables, by id: a bounded cache in front of the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # The time of day a daily game's "on its own date" is judged by (tests set it).
        self.clock: Callable[[], float] = time.time
        self._live: OrderedDict[str, Live] = OrderedDict()

    # Finding and creating -----------------------------------------------------------------

    def get(self, game_id: str, person: str) -> Live:
        """The person's table with this id, as stored now; 404 if it is unknown or someone
        else's."""
        live = self._live.get(game_id)
        if live is not None and live.row.person == person:
            self._live.move_to_end(game_id)
            if not live.lock.locked():  # else its holder checks (`fresh`) before it acts
                self.fresh(live)
            return live
        row = self.store.game(game_id, person) if len(game_id) <= 64 else None
        if row is None or row.kind != KIND:
            raise ApiError(404, "not_found", "no such game")
        live = Live(row, _replay(row))
        self._remember(live)
        return live

    def fresh(self, live: Live) -> bool:
        """Bring a table held in memory up to the stored one when another process has written
        it since (its revision moved on): read and replayed again, and the events this
        process's pages have not seen sent to them with the state. True when it was read again.
        Called with the table's lock held, or where nothing awaits in between."""
        if self.store.game_rev(live.row.id) == live.row.rev:
            return False
        self._reload(live)
        return True

    def _reload(self, live: Live) -> None:
        row = self.store.game(live.row.id)
        if row is None:
            raise ApiError(404, "not_found", "no such game")
        seen = live.table.seq
        live.row, live.table = row, _replay(row)
        missed = live.table.events_after(seen)
        if missed:
            self._publish(live, missed)
        else:  # only settings changed, or the events were already ours: the state again
            live.publish({"type": "state", "seq": live.table.seq, "state": live.table.state()})

    def update(self, live: Live, change: Callable[[Live], None]) -> None:
        """Make a change that does not depend on the position (status, settings, hints) and
        save it; when another process saved the table first, it is read again and the change
        made on that."""
        for _ in range(5):
            change(live)
            try:
                self.save(live)
                return
            except StaleGame:
                self._reload(live)
        raise ApiError(409, "conflict", "the game is being changed elsewhere: try again")

    def _remember(self, live: Live) -> None:
        self._live[live.row.id] = live
        self._live.move_to_end(live.row.id)
        while len(self._live) > CACHE_SIZE:
            oldest = next(iter(self._live))
            if self._live[oldest].pages:  # never forget a table a page is watching
                self._live.move_to_end(oldest)
                break
            self._live.pop(oldest)

    def current(self, person: str) -> Live | None:
        row = self.store.current(person, KIND)
        if row is None:
            return None
        try:
            return self.get(row.id, person)
        except ApiError as exc:
            if exc.error == "unreadable":  # set it aside, so it is not offered again
                row.status = ABANDONED
                with contextlib.suppress(StaleGame):  # unless another process changed it
                    self.store.save(row)
            return None

    def reopen(self, person: str) -> Live | None:
        """The table the page opens: the one in play, else the game finished last if the person
        has begun none since (it shows its final table and the game-over dialog)."""
        live = self.current(person)
        if live is not None:
            return live
        row = self.store.last_finished(person, KIND)
        if row is None:
            return None
        try:
            return self.get(row.id, person)
        except ApiError:
            return None

    def start(self, person: str, rules: Rules, code: str | None,
              daily: str | None = None) -> Live:
        """A new game; the one in play (if any) ends as lost, or abandoned if the person had not
        acted in it yet. `daily`: the date (YYYY-MM-DD) whose daily game this is, kept in the
        row's settings (web/hearts/daily.py)."""
        held = self.current(person)
        if held is not None:
            def end(live: Live) -> None:
                live.row.status = LOST if live.table.person_acted() else ABANDONED
                if live.row.status == LOST:
                    live.row.result = live.table.result()

            self.update(held, end)
            held.publish({"type": "closed", "reason": "replaced"})
        prefs = prefs_of(self.store, person)
        settings = TableSettings(prefs["strength"], prefs["speed"], prefs["undo"])
        table = HeartsTable.new(rules, code or game_code(random_game_number()), settings)
        marks = {} if daily is None else {DAILY: daily}
        row = self.store.create_game(person, KIND, table.code, self._data(table),
                                     settings.to_json() | marks)
        live = Live(row, table)
        self._remember(live)
        return live

    def live_of(self, person: str) -> list[Live]:
        return [lv for lv in self._live.values() if lv.row.person == person]

    # Saving -------------------------------------------------------------------------------

    @staticmethod
    def _data(table: HeartsTable) -> dict[str, Any]:
        data: dict[str, Any] = {"rules": table.game.rules.to_json(), "actions": table.actions}
        if table.takebacks:
            data["takebacks"] = table.takebacks
        return data

    def save(self, live: Live) -> None:
        """Store the table (StaleGame when another process saved it first: nothing written).
        A daily game's marks are kept, and stamped at the first action and at the end."""
        row, table = live.row, live.table
        row.data = self._data(table)
        row.settings = table.settings.to_json() | daily_marks(row.settings)
        row.moves = len(table.actions)
        row.score = table.game.totals[PERSON]
        if table.game.is_over and row.status == PLAYING:
            row.status = WON if table.game.winner == PERSON else LOST
            row.result = table.result()
        stamp(row.settings, table.person_acted(), table.game.is_over and row.status != PLAYING,
              self.clock())
        self.store.save(row)

    def set_settings(self, person: str, strength: str | None, speed: str | None,
                     undo: bool | None = None) -> None:
        """Apply changed strength, speed or undo to the person's tables in play."""
        def change(live: Live) -> None:
            if strength in STRENGTHS:
                live.table.settings.strength = strength
            if speed in SPEEDS:
                live.table.settings.speed = speed
            if undo is not None:
                live.table.settings.undo = undo

        for live in self.live_of(person):
            self.update(live, change)

    # Acting and driving -------------------------------------------------------------------

    async def person_acts(self, live: Live, action_kind: str, action: Any,
                          move: int | None = None) -> None:
        """The person's pass, play or moon choice: applied, saved and published, then the
        computer players take over. `move`: the person's move number it was chosen at (the
        state's `move`); another one is refused `stale`, as a retried action is. Raises
        IllegalMove when refused (nothing changes)."""
        async with live.lock:
            self.fresh(live)
            if live.row.status != PLAYING:
                raise IllegalMove("game_over", "The game is over.")
            if move is not None and move != live.table.person_moves:
                raise IllegalMove("stale", STALE)
            must = live.table.person_must()
            if must != action_kind:
                raise IllegalMove("not_your_turn", _NOT_NOW.get(must, "It is not your turn."))
            events = live.table.act(PERSON, action)
            try:
                self.save(live)
            except StaleGame:  # another process saved first: this one is not played
                self._reload(live)
                raise IllegalMove("stale", STALE) from None
            self._publish(live, events)
        self.drive(live, events)

    async def person_claims(self, live: Live, move: int | None = None) -> None:
        """The person claims the rest of the round: proven, the rest is played out and
        published; refused (IllegalMove with the reason), nothing changes."""
        async with live.lock:
            self.fresh(live)
            self._may_act(live, move)
            events = live.table.act(PERSON, CLAIM)
            self._save_or_stale(live)
            self._publish(live, events)
        self.drive(live, events)

    async def person_undoes(self, live: Live, move: int | None = None) -> None:
        """Take back the person's last card (and the computers' cards after it): the log is
        cut and replayed, the takeback stored; every page is sent the table as it now is
        (`undone`, with the state and its event number). IllegalMove when refused."""
        async with live.lock:
            self.fresh(live)
            self._may_act(live, move)
            previous = live.table
            live.table = previous.undone()
            try:
                self.save(live)
            except StaleGame:
                self._reload(live)
                raise IllegalMove("stale", STALE) from None
            live.publish({"type": "undone", "seq": live.table.seq,
                          "state": live.table.state()})
        self.drive(live)

    def _may_act(self, live: Live, move: int | None) -> None:
        if live.row.status != PLAYING:
            raise IllegalMove("game_over", "The game is over.")
        if move is not None and move != live.table.person_moves:
            raise IllegalMove("stale", STALE)

    def _save_or_stale(self, live: Live) -> None:
        try:
            self.save(live)
        except StaleGame:  # another process saved first: this one is not made
            self._reload(live)
            raise IllegalMove("stale", STALE) from None

    def _publish(self, live: Live, events: list[dict[str, Any]]) -> None:
        state = live.table.state()
        for i, event in enumerate(events):
            message: dict[str, Any] = {"type": "event", "seq": event["seq"], "event": event}
            if i == len(events) - 1:
                message["state"] = state
            live.publish(message)

    def drive(self, live: Live, last: list[dict[str, Any]] | None = None) -> None:
        """Make sure the computer players are playing (once at a time per table)."""
        if live.driver is not None and not live.driver.done():
            return
        if live.table.bot_to_act() is None or not live.pages:
            return
        live.driver = asyncio.create_task(self._drive(live, last or []))

    async def _drive(self, live: Live, last: list[dict[str, Any]]) -> None:
        """Each computer player thinks during the pause after the previous action, so a strong
        player's thinking time does not slow the game down beyond the chosen pace."""
        loop = asyncio.get_running_loop()
        while live.pages:
            start = loop.time()
            async with live.lock:
                self.fresh(live)
                table = live.table
                seat = table.bot_to_act()
                if seat is None or live.row.status != PLAYING:
                    return
                mark = len(table.actions)
                action = await asyncio.to_thread(table.bot_choice, seat)
            wait = pause_after(last, live.table.settings.speed) - (loop.time() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            async with live.lock:
                if self.fresh(live) or live.table is not table or len(table.actions) != mark \
                        or live.row.status != PLAYING:
                    continue  # the person acted meanwhile (a pass), or another process: again
                last = table.act(seat, action)
                try:
                    self.save(live)
                except StaleGame:  # another process played meanwhile: decide again
                    self._reload(live)
                    continue
                self._publish(live, last)

    async def stop(self) -> None:
        """Cancel every driver (the app is shutting down)."""
        for live in list(self._live.values()):
            if live.driver is not None:
                live.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await live.driver


def _replay(row: GameRow) -> HeartsTable:
    """The table a stored row holds (409 `unreadable` when it no longer replays)."""
    try:
        return HeartsTable.replay(Rules.from_json(row.data.get("rules")), row.code,
                                  row.data.get("actions", []),
                                  TableSettings.from_json(row.settings),
                                  row.data.get("takebacks"))
    except (RulesError, CodeError, IllegalMove, ValueError, TypeError) as exc:
        raise ApiError(409, "unreadable", f"this stored game cannot be replayed: {exc}"
                       ) from None


STALE = "The game has moved on since this was chosen."
_NOT_NOW = {
    "pass": "Choose three cards to pass first.",
    "play": "It is your turn to play a card.",
    "moon_choice": "Choose how your moon is scored first.",
    None: "Wait for the other players.",
}

__all__ = ["KIND", "Live", "Outbox", "Tables", "prefs_of", "read_code", "read_rules"]
