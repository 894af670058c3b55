"""Live tables with people: loaded from the store by replay, kept in memory (bounded), saved after
every command, and driven — the computer players and stand-ins act, the grace periods and turn
timers run out, rematches are made.

Every change to a table goes through `Hub.run`: under the table's lock the command is applied
to the domain table (heartsuite.tables), the table is saved with its revision checked (another
server process that wrote meanwhile makes this write fail, and the table is read again), and the
events are published to every connected socket, each filtered for its viewer: a seat gets what it
may see with its own view after the batch, a spectator the public events and the public view.

With `--redis` (web/tables/cluster.py) several processes share the tables: a write happens under
the table's lock in Redis after reading the table's command stream to its end, and is appended
to that stream after its save; every process replays the stream onto its copy and publishes the
events to its own sockets; the table's owner (a lease) runs its clocks and computers, and a
process takes a table over when its owner's lease lapses. Without Redis, one process has it all.

Each socket has a bounded `Outbox`: a client more than QUEUE_LIMIT messages behind is dropped (its
socket is closed with 1013 and it reconnects with `hello`), and one replay runs at a time per
connection (a `hello` while one is being sent is answered by that replay's final state).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio.lock import Lock
from redis.exceptions import LockError, RedisError

from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.tables.errors import TableError
from heartsuite.tables.fair import new_seed
from heartsuite.tables.names import CODE_SPACE, clean_name, code_from_index, parse_code
from heartsuite.tables.table import (
    BY_PERSON,
    BY_TIMER,
    CLOSED,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    Options,
    Table,
    TableEvent,
)
from heartsuite.web.errors import ApiError
from heartsuite.web.hearts.table import pause_after
from heartsuite.web.store import FINISHED, LOST, WON, StaleTable, Store, TableRow, new_id
from heartsuite.web.tables.cluster import LEASE_SECONDS, START, Cluster
from heartsuite.web.tables.messages import NewTable
from heartsuite.web.tables.thinking import Thinker

log = logging.getLogger(__name__)
CACHE_SIZE = 1024
SWEEP_SECONDS = 5.0  # how often the follower reads the tables' own streams besides the feed
QUEUE_LIMIT = 1000  # messages waiting for one socket; a client that far behind is dropped
DEFAULT_GRACE = 60.0
STATS_KIND = "hearts-table"  # a `games` row per person per finished table, for the statistics
RECENT = 7 * 24 * 3600.0


class Outbox:
    """One socket's outgoing messages, bounded (see the module docstring)."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.limit = limit
        self.dropped = False
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._replay_end: dict[str, Any] | None = None

    def put(self, message: dict[str, Any]) -> bool:
        """Queue a message; False (and the client dropped) when it is too far behind."""
        if self.dropped:
            return False
        if self._queue.qsize() >= self.limit:
            self.dropped = True
            self._queue.put_nowait(None)
            return False
        self._queue.put_nowait(message)
        return True

    def close(self) -> None:
        self._queue.put_nowait(None)

    @property
    def replaying(self) -> bool:
        return self._replay_end is not None

    def replay(self, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            if not self.put(message):
                return
        self._replay_end = messages[-1] if messages else None

    async def get(self) -> dict[str, Any] | None:
        return await self._queue.get()

    def sent(self, message: dict[str, Any]) -> None:
        if message is self._replay_end:
            self._replay_end = None


@dataclass(eq=False)
class Viewer:
    """A connected socket: its person and its outbox (the seat is looked up on every batch)."""

    person: str
    outbox: Outbox = field(default_factory=Outbox)


@dataclass(eq=False)
class Live:
    """A table in memory with its stored row, its lock, its sockets and its running tasks."""

    table: Table
    row: TableRow
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: set[Viewer] = field(default_factory=set)  # every open socket (presence)
    viewers: set[Viewer] = field(default_factory=set)  # those that said hello (publishing)
    driver: asyncio.Task[None] | None = None
    timer: asyncio.Task[None] | None = None
    graces: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    saved: int = 0  # commands already in the store
    counted: bool = False  # the statistics rows of the finished game are written
    published: int = 0  # events already published to the sockets
    listed: set[str] = field(default_factory=set)  # people the store lists at the table
    # with Redis: the last stream entry applied, whether this process owns the table (runs its
    # clocks and computers; always without Redis) and the lease that says so
    stream_id: str = START
    owned: bool = True
    lease: Lock | None = None

    def busy(self) -> bool:
        tasks = [self.driver, self.timer, *self.graces.values()]
        return bool(self.sockets) or any(t is not None and not t.done() for t in tasks)


Change = Callable[[Table, float], list[TableEvent]]  # a change to a table at a time


def command(body: dict[str, Any]) -> Change:
    """The change that applies this command as it is."""
    return lambda table, now: table.apply(body)


def acting(seat: int, action: Any, by: str, not_before: float = 0.0) -> Change:
    """The change that makes `seat` act (by the person, a computer, a stand-in, the timer)."""
    return lambda table, now: table.act(seat, action, by, max(now, not_before))


def joining(person: str, name: str, seat: int | None) -> Change:
    return lambda table, now: table.join(person, name, seat, now)[1]


def event_message(event: TableEvent) -> dict[str, Any]:
    return {"type": "event", "seq": event.seq, "event": event.body}


class Hub:
    """Every live table, by id (and short code)."""

    def __init__(self, store: Store, grace_seconds: float = DEFAULT_GRACE,
                 clock: Callable[[], float] = time.time, thinker: Thinker | None = None,
                 cluster: Cluster | None = None) -> None:
        self.store = store
        self.grace = grace_seconds
        self.clock = clock
        self.thinker = thinker or Thinker()
        self.cluster = cluster
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._codes: dict[str, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._owned: dict[str, Live] = {}  # with Redis: the tables whose lease this process holds
        self._loops: list[asyncio.Task[None]] = []

    # Finding, making ----------------------------------------------------------------------

    def get(self, key: str) -> Live:
        """The table with this short code or id; 404 when there is none."""
        code = parse_code(key)
        table_id = self._codes.get(code, "") if code is not None else key
        live = self._live.get(table_id)
        if live is not None:
            self._live.move_to_end(table_id)
            self.catch_up(live)
            return live
        if not 0 < len(key) <= 64:
            raise ApiError(404, "not_found", "no such table")
        # with Redis: the stream's end is read before the store, so no command falls between
        known = START
        if self.cluster is not None and table_id:
            known = self._redis(self.cluster.last_id, table_id)
        row = self.store.table(code or key)
        if row is None:
            raise ApiError(404, "not_found", "no such table")
        if self.cluster is not None and not table_id:
            known = START  # found by code: every entry is read, those stored already skipped
        live = self._load(row)
        live.stream_id = known
        live.owned = self.cluster is None
        self._remember(live)
        self.catch_up(live)
        return live

    @staticmethod
    def _load(row: TableRow) -> Live:
        try:
            table = Table.from_data(row.id, row.code, row.data)
        except (TableError, RulesError, KeyError, TypeError, ValueError) as exc:
            raise ApiError(409, "unreadable", f"this stored table cannot be replayed: {exc}"
                           ) from None
        return Live(table, row, saved=len(table.commands), published=len(table.events))

    def _remember(self, live: Live) -> None:
        self._live[live.row.id] = live
        self._codes[live.row.code] = live.row.id
        self._live.move_to_end(live.row.id)
        for key in list(self._live):
            if len(self._live) <= CACHE_SIZE:
                break
            if not self._live[key].busy():
                self._codes.pop(self._live.pop(key).row.code, None)

    def _forget(self, live: Live) -> None:
        if self._live.get(live.row.id) is live:
            del self._live[live.row.id]
            self._codes.pop(live.row.code, None)

    def create(self, person: str, body: NewTable) -> Live:
        """A new table: the creator in seat 0, the computers where asked."""
        rules = self._rules(body)
        if body.seats is None:
            bots: list[str | None] = [None] * rules.players
        else:
            if len(body.seats) != rules.players:
                raise ApiError(400, "bad_seats", f"these rules have {rules.players} seats")
            bots = [None if s.kind == "person" else getattr(s, "level", None) for s in body.seats]
            if bots[0] is not None:
                raise ApiError(400, "bad_seats", "the creator sits in seat 0: it is a person's")
        name = self._name(body.name)
        options = Options(body.timer, body.spectators, body.speed, body.standin_level)
        live = self._new_table(person, rules, options, bots)
        self.store.update_prefs(person, {"name": name})
        self.run_now(live, joining(person, name, 0))
        return live

    def _rules(self, body: NewTable) -> Rules:
        try:
            rules = Rules.variant_named(body.variant) if body.variant else Rules()
            if body.rules is not None:
                rules = Rules.from_json({**rules.to_json(), **body.rules})
        except (RulesError, TypeError, ValueError) as exc:
            raise ApiError(400, "bad_rules", str(exc)) from None
        return rules

    @staticmethod
    def _name(text: str) -> str:
        try:
            return clean_name(text)
        except TableError as exc:
            raise ApiError(exc.status, exc.reason, exc.message) from None

    def _new_table(self, creator: str, rules: Rules, options: Options,
                   bots: list[str | None]) -> Live:
        for _ in range(20):
            table = Table(new_id(), code_from_index(secrets.randbelow(CODE_SPACE)), creator,
                          rules, options, new_seed(), bots, self.clock())
            row = self.store.create_table(table.id, table.code, creator, table.status,
                                          table.data(), [creator])
            if row is not None:
                live = Live(table, row, owned=self.cluster is None)
                self._remember(live)
                return live
        raise ApiError(503, "no_code", "no free table code: try again")

    def tables_of(self, person: str) -> list[dict[str, Any]]:
        """The lobby: the person's tables playing, waiting, or over in the last 7 days."""
        rows = self.store.tables_of(person, (WAITING, PLAYING, OVER), self.clock() - RECENT)
        out = []
        for row in rows:
            live = self._live.get(row.id)
            seats = live.table.seats if live is not None else None
            names = ([s.name for s in seats] if seats is not None
                     else [None] * len(row.data.get("bots", [])))
            you = live.table.seat_of(person) if live is not None else None
            if live is None:
                with contextlib.suppress(ApiError):
                    loaded = self.get(row.id)
                    names = [s.name for s in loaded.table.seats]
                    you = loaded.table.seat_of(person)
            out.append({"id": row.id, "code": f"{row.code[:4]}-{row.code[4:]}",
                        "status": row.status, "you": you, "names": names,
                        "updated": row.updated})
        return out

    # Running commands ---------------------------------------------------------------------

    async def run(self, live: Live, change: Callable[[Table, float], list[TableEvent]]
                  ) -> list[TableEvent]:
        """Apply a change under the table's lock (see `run_now`)."""
        async with self.locked(live):
            return self.run_now(live, change)

    @asynccontextmanager
    async def locked(self, live: Live) -> AsyncIterator[None]:
        """Hold the table for a write: its lock in this process and, with Redis, its write lock
        across processes, the copy brought up to the stream's end (and what that sets going)."""
        async with live.lock:
            if self.cluster is None:
                yield
                return
            self._start_loops()
            lock = self.cluster.write_lock(live.row.id)
            try:
                got = await lock.acquire()
            except RedisError as exc:
                raise ApiError(503, "unavailable", f"the table cannot be reached: {exc}"
                               ) from None
            if not got:
                raise ApiError(503, "busy", "the table is busy: try again")
            try:
                self.catch_up(live)
                self._after_others(live)
                yield
            finally:
                with contextlib.suppress(LockError, RedisError):
                    await lock.release()

    @asynccontextmanager
    async def reading(self, live: Live) -> AsyncIterator[None]:
        """Hold the table to read it (a replay): this process's lock, the copy up to date."""
        async with live.lock:
            self.catch_up(live)
            yield

    def run_now(self, live: Live, change: Callable[[Table, float], list[TableEvent]]
                ) -> list[TableEvent]:
        """Apply a change, save, publish and schedule what follows. A TableError becomes an
        ApiError (nothing changed); a write that lost to another process is a 409 `conflict`
        (with Redis, the table is read again from the store and the change made on it)."""
        for attempt in range(3):
            table = live.table
            before = table.status
            first = live.saved
            try:
                events = change(table, self.clock())
            except TableError as exc:
                raise ApiError(exc.status, exc.reason, exc.message) from None
            if len(table.commands) == live.saved:
                return events  # nothing happened (a join by the person already seated)
            try:
                self._store(live, first)
            except StaleTable:
                if self.cluster is None or attempt == 2:
                    self._forget(live)
                    raise ApiError(409, "conflict", "the table changed meanwhile: try again"
                                   ) from None
                self._reload(live)  # a writer that died before its stream entry: the store
                continue
            self.publish(live, events)
            self._follow(live, before)
            return events
        raise AssertionError("unreachable")  # pragma: no cover

    # With Redis: other processes' writes --------------------------------------------------

    def _store(self, live: Live, first: int) -> None:
        """Save the table's commands from number `first` on (StaleTable when another writer
        came first: nothing written) and, with Redis, append them to its stream. The people
        listed at the table in the store (for their lobby) are written once each, not with
        every move (a person once seated stays listed)."""
        table = live.table
        listing = table.people() - live.listed
        live.row.status, live.row.data = table.status, table.data()
        self.store.save_table(live.row, listing)
        live.saved = len(table.commands)
        live.listed |= listing
        if self.cluster is not None:
            live.stream_id = self._redis(self.cluster.append, live.row.id, first,
                                         table.commands[first:], live.row.rev)

    def _redis(self, call: Callable[..., Any], *args: Any) -> Any:
        try:
            return call(*args)
        except RedisError as exc:
            raise ApiError(503, "unavailable", f"the table cannot be reached: {exc}") from None

    def catch_up(self, live: Live) -> bool:
        """Apply the commands other processes wrote (the table's stream after the last entry
        this copy has) and publish their events; a gap in the stream (an entry trimmed, or a
        writer that died between its save and its entry) reads the table from the store.
        Whether anything changed."""
        if self.cluster is None:
            return False
        entries = self._redis(self.cluster.since, live.row.id, live.stream_id)
        table = live.table
        before = table.status
        events: list[TableEvent] = []
        for entry in entries:
            live.stream_id = entry.id
            if entry.n < len(table.commands):
                continue  # this copy has it (its own write, or read from the store)
            if entry.n > len(table.commands):
                self._reload(live)
                return True
            try:
                events += table.apply(entry.command)
            except TableError:  # pragma: no cover - a command the writer applied
                log.error("table %s: stream entry %s does not apply", live.row.id, entry.n)
                self._reload(live)
                return True
            live.row.rev = max(live.row.rev, entry.rev)
        if not events and live.saved == len(table.commands):
            return False
        live.saved = len(table.commands)
        live.row.status, live.row.data = table.status, table.data()
        self.publish(live, events)
        if before != table.status and table.status == CLOSED:
            self.close_all(live, "closed")
        return True

    def _reload(self, live: Live) -> None:
        """Read the table from the store into this copy and publish what the sockets lack."""
        row = self.store.table(live.row.id)
        if row is None:  # pragma: no cover - tables are never deleted
            raise ApiError(404, "not_found", "no such table")
        fresh = self._load(row)
        before = live.table.status
        live.table, live.row, live.saved = fresh.table, row, fresh.saved
        self.publish(live, fresh.table.events[live.published:])
        if before != fresh.table.status and fresh.table.status == CLOSED:
            self.close_all(live, "closed")

    def _start_loops(self) -> None:
        if self.cluster is None or self._loops:
            return
        self._loops = [asyncio.ensure_future(self._follow_streams()),
                       asyncio.ensure_future(self._keep_leases())]

    async def _follow_streams(self) -> None:
        """Follow the other processes' writes (the change feed) to the tables this process
        shows or owns: the sockets here get those events; the owner reacts. Every
        `SWEEP_SECONDS` the tables' own streams are read as well (what the feed's trimming
        could have dropped)."""
        assert self.cluster is not None
        swept = time.monotonic()
        while True:
            try:
                changed = await self.cluster.changed_elsewhere(250)
                if time.monotonic() - swept >= SWEEP_SECONDS:
                    swept = time.monotonic()
                    positions = {key: live.stream_id for key, live in self._live.items()
                                 if live.sockets or live.owned}
                    changed |= {key for key, newest in
                                (await self.cluster.follow(positions, None)).items()
                                if key in self._live and self._live[key].stream_id != newest}
            except RedisError as exc:
                log.warning("following the tables' streams failed: %s", exc)
                await asyncio.sleep(1.0)
                continue
            for key in changed:
                live = self._live.get(key)
                if live is None or not (live.sockets or live.owned):
                    continue  # not shown here: read when a page comes or a takeover needs it
                with contextlib.suppress(ApiError):
                    async with self.reading(live):
                        if not self._away_here(live):
                            if live.owned:
                                self._arm_all(live)
                            continue
                    async with self.locked(live):
                        pass  # marks the people connected here back (and the owner acts)

    @staticmethod
    def _away_here(live: Live) -> list[int]:
        """The seats of people connected to this process whom the table has as away."""
        if live.table.status not in (WAITING, PLAYING):
            return []
        here = {v.person for v in live.sockets}
        return [s.index for s in live.table.seats
                if s.kind == PERSON and not s.present and s.person in here]

    @staticmethod
    def _active(live: Live) -> bool:
        """A table that needs an owner: being filled or played, or a rematch to make."""
        table = live.table
        return table.status in (WAITING, PLAYING) or (
            table.status == OVER and table.rematch_plan() is not None)

    async def _claim(self, live: Live, takeover: bool = False) -> None:
        """Take the table's lease if nobody holds it; the new owner sets everything going. A
        takeover (the owner's lease lapsed: it died) also gives a grace period to the people
        marked present who are not connected here (their process is gone; those connected to
        a third process are marked back there)."""
        if self.cluster is None or live.owned or not self._active(live):
            return
        self._start_loops()
        lease = self.cluster.lease(live.row.id)
        try:
            if not await lease.acquire(token=self.cluster.name):  # says who holds it
                return
        except RedisError as exc:
            log.warning("table %s: its lease cannot be taken: %s", live.row.id, exc)
            return
        live.owned, live.lease = True, lease
        self._owned[live.row.id] = live
        if takeover:
            log.info("table %s: taken over", live.row.id)
        with contextlib.suppress(ApiError):
            async with self.locked(live):
                if takeover and live.table.status == PLAYING:
                    here = {v.person for v in live.sockets}
                    until = self.clock() + self.grace
                    for seat in live.table.seats:
                        if seat.kind == PERSON and seat.present and seat.person not in here:
                            self.run_now(live, command({"c": "away", "seat": seat.index,
                                                        "until": until}))
                self._arm_all(live)

    async def _keep_leases(self) -> None:
        """Renew the leases of the tables this process owns (and hand back those it no longer
        needs); take the tables in memory that nobody owns."""
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            keep: list[Live] = []
            for key, live in list(self._owned.items()):
                assert live.lease is not None
                if self._live.get(key) is live and (self._active(live) or live.busy()):
                    keep.append(live)
                    continue
                try:
                    await live.lease.release()
                except (LockError, RedisError) as exc:
                    log.warning("table %s: its lease was lost: %s", key, exc)
                self._disown(live)
            await self._renew(keep)
            for live in list(self._live.values()):
                if not live.owned and self._active(live):
                    await self._claim(live, takeover=True)

    async def _renew(self, tables: list[Live]) -> None:
        """Renew the leases of the tables kept, all in one call to Redis; one lost (it lapsed,
        or Redis could not be reached) is disowned: its clocks and computers stop here."""
        if not tables:
            return
        assert self.cluster is not None
        try:
            renewed = await self.cluster.renew_leases([live.row.id for live in tables])
        except RedisError as exc:
            log.warning("the tables' leases could not be renewed: %s", exc)
            renewed = [False] * len(tables)
        for live, held in zip(tables, renewed, strict=True):
            if not held:
                log.warning("table %s: its lease was lost", live.row.id)
                self._disown(live)

    def _disown(self, live: Live) -> None:
        """This process no longer owns the table: its clocks and computers stop here."""
        self._owned.pop(live.row.id, None)
        live.owned, live.lease = False, None
        for task in [live.driver, live.timer, *live.graces.values()]:
            if task is not None:
                task.cancel()
        live.driver = live.timer = None
        live.graces.clear()

    def _after_others(self, live: Live) -> None:
        """After other processes' writes: the people connected here are marked back; the owner
        sets the clocks and computers going."""
        self._mark_present(live)
        if live.owned:
            self._arm_all(live)

    def publish(self, live: Live, events: list[TableEvent]) -> None:
        """Send each viewer the events it may see, the last one with its view after them."""
        table = live.table
        live.published = len(table.events)
        for viewer in list(live.viewers):
            seat = table.seat_of(viewer.person)
            visible = [e for e in events if e.visible_to(seat)]
            if not visible:
                continue
            messages = [event_message(e) for e in visible]
            messages[-1]["view"] = table.game_view(seat)
            messages[-1]["table"] = table.table_view(viewer.person)
            for message in messages:
                if not viewer.outbox.put(message):
                    live.viewers.discard(viewer)
                    break

    def close_all(self, live: Live, reason: str) -> None:
        for viewer in list(live.viewers):
            viewer.outbox.put({"type": "closed", "reason": reason})
            viewer.outbox.close()

    def _follow(self, live: Live, before: str) -> None:
        """What a change sets going: computers to act, timers, grace periods, the end."""
        table = live.table
        if before != table.status:
            if table.status == PLAYING:
                self._arm_absent(live)
            elif table.status == OVER:
                self._count(live)
            elif table.status == CLOSED:
                self.close_all(live, "closed")
        self._mark_present(live)
        if not live.owned:
            self._spawn(self._claim(live))  # with Redis: the owner runs what follows
            return
        self._arm_timer(live)
        self.drive(live)
        if table.rematch_plan() is not None:
            self._spawn(self._make_rematch(live))

    def _arm_all(self, live: Live) -> None:
        """The owner's work on a table it took over or that others wrote: a grace period for
        every person away, the turn timer, the computers, a rematch everyone accepted."""
        table = live.table
        if table.status == PLAYING:
            for seat in table.seats:
                running = live.graces.get(seat.index)
                if (seat.kind == PERSON and not seat.present and not seat.standin
                        and seat.away_until is not None
                        and (running is None or running.done())):
                    self._arm_grace(live, seat.index)
        self._arm_timer(live)
        self.drive(live)
        if table.rematch_plan() is not None:
            self._spawn(self._make_rematch(live))

    def _spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    # People coming and going --------------------------------------------------------------

    async def connect(self, live: Live, viewer: Viewer) -> None:
        """A socket opened: a seated person is back (their stand-in, if any, stops)."""
        async with self.locked(live):
            live.sockets.add(viewer)
            self._mark_present(live)

    def _mark_present(self, live: Live) -> None:
        """Every seated person with an open socket who is not marked present is back."""
        for index in self._away_here(live):
            task = live.graces.pop(index, None)
            if task is not None:
                task.cancel()
            with contextlib.suppress(ApiError):
                self.run_now(live, command({"c": "back", "seat": index}))

    def listen(self, live: Live, viewer: Viewer) -> None:
        """The socket said hello (its replay is queued): it gets every event from now on."""
        if not viewer.outbox.dropped:
            live.viewers.add(viewer)

    async def disconnect(self, live: Live, viewer: Viewer) -> None:
        """A socket closed: a seated person with no other socket is away for the grace period."""
        async with self.locked(live):
            live.viewers.discard(viewer)
            live.sockets.discard(viewer)
            seat = live.table.seat_of(viewer.person)
            if seat is None or any(v.person == viewer.person for v in live.sockets):
                return
            if live.table.status not in (WAITING, PLAYING) or not live.table.seats[seat].present:
                return
            until = self.clock() + self.grace
            with contextlib.suppress(ApiError):
                self.run_now(live, command({"c": "away", "seat": seat, "until": until}))
                self._arm_grace(live, seat)

    def _arm_absent(self, live: Live) -> None:
        """At the start: every seated person not connected is away from now on."""
        table = live.table
        for seat in table.seats:
            if seat.kind != PERSON or seat.present:
                continue
            if seat.away_until is None:
                until = self.clock() + self.grace
                index = seat.index
                table.apply({"c": "away", "seat": index, "until": until})
                self._save_quietly(live, table.events[-1:])
            self._arm_grace(live, seat.index)

    def _save_quietly(self, live: Live, events: list[TableEvent]) -> None:
        """Save and publish a command applied during `_follow` (nothing more follows it)."""
        try:
            self._store(live, live.saved)
        except StaleTable:
            self._forget(live)
            return
        self.publish(live, events)

    def _arm_grace(self, live: Live, seat: int) -> None:
        if not live.owned:
            return  # the owner's clock (it arms it when it reads the `away`)
        old = live.graces.pop(seat, None)
        if old is not None:
            old.cancel()
        live.graces[seat] = self._spawn(self._grace(live, seat))

    async def _grace(self, live: Live, seat: int) -> None:
        state = live.table.seats[seat]
        if state.away_until is None:
            return
        await asyncio.sleep(max(0.0, state.away_until - self.clock()))
        async with self.locked(live):
            live.graces.pop(seat, None)
            state = live.table.seats[seat]
            if live.table.status != PLAYING or state.kind != PERSON or state.present \
                    or state.standin:
                return
            with contextlib.suppress(ApiError):
                at = max(self.clock(), state.away_until or 0.0)
                self.run_now(live, command({"c": "standin", "seat": seat, "t": at}))

    # Computers and the timer --------------------------------------------------------------

    def drive(self, live: Live) -> None:
        """Make sure the computers are acting (one driver per table, on its owner)."""
        if not live.owned:
            return
        if live.driver is not None and not live.driver.done():
            return
        if not live.table.computer_turns():
            return
        live.driver = self._spawn(self._drive(live))

    async def _drive(self, live: Live) -> None:
        """Each computer thinks during the pause after the previous action, so a search's
        thinking time does not slow the game beyond the table's pace."""
        loop = asyncio.get_running_loop()
        last: list[dict[str, Any]] = [e.body for e in live.table.events[-3:]]
        while True:
            start = loop.time()
            async with self.reading(live):
                table = live.table
                turns = table.computer_turns()
                if not turns:
                    return
                seat, by = turns[0]
                mark = len(table.commands)
                level = table.seats[seat].level or table.options.standin_level
                view = table.game.view(seat)
                key = self._key(table, seat)
            action = await self.thinker.choose(level, view, key, (table.id, seat))
            wait = pause_after(last, live.table.options.speed) - (loop.time() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.locked(live):
                if len(live.table.commands) != mark:
                    continue  # someone acted meanwhile: decide again
                if (seat, by) not in live.table.computer_turns():
                    continue
                try:
                    events = self.run_now(live, acting(seat, action, by))
                except ApiError as exc:
                    log.warning("a computer's move was refused: %s", exc.message)
                    return
                last = [e.body for e in events]

    @staticmethod
    def _key(table: Table, seat: int) -> tuple[int, ...]:
        """A computer's generator key: from the secret seed (so its choices cannot be foreseen
        by someone who knows the table id), the seat and the command number."""
        return (int.from_bytes(table.seed[:8], "big"), seat, len(table.commands))

    def _arm_timer(self, live: Live) -> None:
        if not live.owned:
            return
        deadline = live.table.deadline
        if live.timer is not None and not live.timer.done():
            if getattr(live.timer, "deadline", None) == deadline:
                return
            live.timer.cancel()
        live.timer = None
        if deadline is not None:
            live.timer = self._spawn(self._timer(live, deadline))
            live.timer.deadline = deadline  # type: ignore[attr-defined]

    async def _timer(self, live: Live, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        while True:
            async with self.reading(live):
                table = live.table
                late = table.timed_out(max(self.clock(), deadline))
                if not late or table.deadline != deadline:
                    return
                seat = late[0]
                mark = len(table.commands)
                view = table.game.view(seat)
                key = self._key(table, seat)
                level = table.options.standin_level
            action = await self.thinker.choose(level, view, key, (table.id, seat))
            async with self.locked(live):
                if len(live.table.commands) != mark:
                    continue
                try:
                    self.run_now(live, acting(seat, action, BY_TIMER, deadline))
                except ApiError as exc:
                    log.warning("a timed-out move was refused: %s", exc.message)
                    return
                if live.table.deadline != deadline:
                    return

    async def person_acts(self, live: Live, person: str, action: Any) -> list[TableEvent]:
        """A seated person's action: TableError-keyed ApiError when refused (nothing changes)."""
        async with self.locked(live):
            seat = live.table.seat_of(person)
            if seat is None:
                raise ApiError(403, "not_seated", "you have no seat at this table")
            return self.run_now(live, acting(seat, action, BY_PERSON))

    async def hint(self, live: Live, person: str) -> list[str]:
        async with self.locked(live):
            table = live.table
            seat = table.seat_of(person)
            if seat is None:
                raise ApiError(403, "not_seated", "you have no seat at this table")
            pending = table.game.pending() if table.status == PLAYING else None
            if pending is None or seat not in pending.seats:
                raise ApiError(409, "no_hint", "there is nothing to choose now")
            view = table.game.view(seat)
            self.run_now(live, command({"c": "hint", "seat": seat}))
        return await self.thinker.suggest(view, self._key(table, seat)[0] % 1_000_003)

    # The end ------------------------------------------------------------------------------

    def _count(self, live: Live) -> None:
        """The statistics: a finished `games` row for each person still seated at the end."""
        if live.counted:
            return  # once per game, however the end was reached
        live.counted = True
        table = live.table
        for seat in table.seats:
            if seat.kind != PERSON or seat.person is None:
                continue
            result = table.result(seat.index)
            row = self.store.create_game(seat.person, STATS_KIND, table.id,
                                         {"table": table.id}, {"variant": table.rules.variant})
            row.status = WON if result["won"] else LOST
            row.score = table.game.totals[seat.index]
            row.moves = len(table.commands)
            row.hints = result["hints"]
            row.result = result
            self.store.save(row)
            assert row.status in FINISHED

    async def _make_rematch(self, live: Live) -> None:
        async with self.locked(live):
            plan = live.table.rematch_plan()
            if plan is None:
                return
            old = live.table
            people = [p for p in plan if p[0] == "person"]
            creator = old.creator if any(p[1] == old.creator for p in people) else people[0][1]
            bots: list[str | None] = [None if p[0] == "person" else p[1] for p in plan]
            new = self._new_table(creator, old.rules, old.options, bots)
            seated = [(i, p) for i, p in enumerate(plan) if len(p) == 3]  # the people
            seated.sort(key=lambda item: item[1][1] != creator)  # the creator joins first
            for index, spec in seated:
                self.run_now(new, joining(spec[1], spec[2], index))
            code = new.table.code
            self.run_now(live, command({"c": "rematch", "table": code}))

    async def stop(self) -> None:
        """Cancel every task (the app is shutting down), hand back the leases (another process
        takes those tables at once) and stop the process pool."""
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        for task in [*self._loops, *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._loops = []
        for live in list(self._owned.values()):
            if live.lease is not None:
                with contextlib.suppress(LockError, RedisError):
                    await live.lease.release()
            self._disown(live)
        if self.cluster is not None:
            with contextlib.suppress(RedisError):
                await self.cluster.close()
        self.thinker.stop()


__all__ = ["DEFAULT_GRACE", "STATS_KIND", "Change", "Hub", "Live", "Outbox", "Viewer", "acting",
           "command", "joining"]
