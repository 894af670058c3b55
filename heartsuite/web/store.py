"""SQLite storage for people, their preferences and every game as it is played.

One generic `games` table serves both games: a row keeps the game's code, its `data` (for Heart to
Heart the move list; for Hearts whatever its routes need to replay the game), its settings, the
elapsed time and, once finished, a `result` summary the statistics read. Replaying `data` from the
code is how a reload or a server restart resumes a game exactly.

Every write of a game or a table names the revision it was made from (`UPDATE … WHERE rev = ?`),
so of two server processes sharing one database, one that read an older revision is refused
(`StaleGame`, `StaleTable`) instead of overwriting the other's move.

The daily deal (heartsuite.solver.daily): `daily_deals` caches each date's deal code and the length
of its shortest solution (computed once, by whichever process asks first); `daily_results` keeps,
per person and date, whether the date's deal was played and won on the date itself (the streak
counts only those) and the fewest moves of any win of it, replays included.

Statuses: `playing` (can be resumed), `won`, `lost` (finished without a win, or left with moves
made), `abandoned` (left before any move; not counted anywhere).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from heartsuite.web.jsontext import dumps

PLAYING, WON, LOST, ABANDONED = "playing", "won", "lost", "abandoned"
FINISHED = (WON, LOST)
PREFS_CACHE = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS people (
    id TEXT PRIMARY KEY,
    prefs TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    person TEXT NOT NULL,
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'playing',
    score INTEGER NOT NULL DEFAULT 0,
    moves INTEGER NOT NULL DEFAULT 0,
    elapsed_ms INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL,
    rev INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS games_person ON games (person, kind, status, updated);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    creator TEXT NOT NULL,
    status TEXT NOT NULL,
    data TEXT NOT NULL,
    rev INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS table_people (
    table_id TEXT NOT NULL,
    person TEXT NOT NULL,
    PRIMARY KEY (table_id, person)
);
CREATE INDEX IF NOT EXISTS table_people_person ON table_people (person);
CREATE TABLE IF NOT EXISTS daily_deals (
    day TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    shortest INTEGER
);
CREATE TABLE IF NOT EXISTS daily_results (
    person TEXT NOT NULL,
    day TEXT NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    fewest INTEGER,
    updated REAL NOT NULL,
    PRIMARY KEY (person, day)
);
"""


@dataclass(slots=True)
class GameRow:
    """One stored game. `data`, `settings` and `result` are decoded JSON objects."""

    id: str
    person: str
    kind: str
    code: str
    data: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    status: str = PLAYING
    score: int = 0
    moves: int = 0
    elapsed_ms: int = 0
    hints: int = 0
    result: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0
    updated: float = 0.0
    finished: float | None = None
    # Counts the writes (1 when created): a save made from an older read is refused (StaleGame).
    rev: int = 1


_COLUMNS = tuple(GameRow.__dataclass_fields__)
_JSON_COLUMNS = ("data", "settings", "result")


def _row(values: tuple[Any, ...]) -> GameRow:
    items = dict(zip(_COLUMNS, values, strict=True))
    for name in _JSON_COLUMNS:
        items[name] = json.loads(items[name])
    return GameRow(**items)


@dataclass(slots=True)
class TableRow:
    """One stored table with people (heartsuite.tables): `data` is the table's creation data and
    command list; `rev` counts the writes, so a writer that read an older one cannot overwrite."""

    id: str
    code: str
    creator: str
    status: str
    data: dict[str, Any]
    rev: int
    created: float
    updated: float


class StaleTable(Exception):
    """The table was written by someone else since it was read (its `rev` moved on)."""


class StaleGame(Exception):
    """The game was written by someone else (another server process) since it was read (its
    `rev` moved on): nothing was written; read it again."""


_TABLE_COLUMNS = tuple(TableRow.__dataclass_fields__)


def _table_row(values: tuple[Any, ...]) -> TableRow:
    items = dict(zip(_TABLE_COLUMNS, values, strict=True))
    items["data"] = json.loads(items["data"])
    return TableRow(**items)


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """A date's daily deal as cached: its code and the moves of its shortest solution."""

    day: str  # YYYY-MM-DD
    code: str
    shortest: int | None


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A person's daily deal of one date: played and won on the date itself, the fewest moves
    of any win of it (None: not won yet), and the moves of its shortest solution when cached."""

    day: str
    played: bool
    won: bool
    fewest: int | None
    shortest: int | None = None


def new_id() -> str:
    """An unguessable id (for people and games alike)."""
    return secrets.token_urlsafe(12)


class Store:
    """A SQLite file shared by every request; one connection guarded by a lock (writes are tiny).

    The SQL is written once, with `?` marks and no SQLite-only syntax, so `store_pg.PgStore` runs
    the same statements on PostgreSQL; a subclass changes only how a statement is run
    (`_run`, `_insert_new`, `_update_count`) and two knobs below."""

    # Whether preferences may be kept in memory: yes for one process on one file; no when several
    # processes share a database (another one may change them).
    cache_prefs = True
    # A column that orders rows inserted in the same instant by their order of insertion.
    insertion_order = "rowid"

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._prefs: dict[str, dict[str, Any]] = {}  # read on every request: kept in memory
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._upgrade()

    def _upgrade(self) -> None:
        """Bring a file made by an older version up to `_SCHEMA` in place (caller holds the lock).
        The PostgreSQL store does the same with its numbered SQL files (web/migrations)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "rev" not in columns:  # before games were written with their revision
            self._db.execute("ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 1")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def _insert_new(self, sql: str, args: tuple[Any, ...]) -> bool:
        """Run an INSERT; False (nothing written) when it breaks a unique key."""
        with self._lock:
            try:
                self._db.execute(sql, args)
            except sqlite3.IntegrityError:
                return False
        return True

    def _update_count(self, sql: str, args: tuple[Any, ...]) -> int:
        """Run an UPDATE; how many rows it changed."""
        with self._lock:
            return int(self._db.execute(sql, args).rowcount)

    # People -----------------------------------------------------------------------------------

    def ensure_person(self, person: str) -> None:
        """Record a person on their first write (a preference or a game), not on first sight."""
        self._run("INSERT INTO people (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING",
                  (person, time.time()))

    def prefs(self, person: str) -> dict[str, Any]:
        """The person's saved preferences (empty when none)."""
        cached = self._prefs.get(person)
        if cached is None:
            rows = self._run("SELECT prefs FROM people WHERE id = ?", (person,))
            cached = json.loads(rows[0][0]) if rows else {}
            if not self.cache_prefs:
                return dict(cached)
            if len(self._prefs) >= PREFS_CACHE:
                self._prefs.clear()
            self._prefs[person] = cached
        return dict(cached)

    def update_prefs(self, person: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Merge `changes` into the person's preferences; returns the result."""
        self.ensure_person(person)
        merged = self.prefs(person) | changes
        self._run("UPDATE people SET prefs = ? WHERE id = ?", (json.dumps(merged), person))
        if self.cache_prefs:
            self._prefs[person] = merged
        return dict(merged)

    def merge_prefs(self, person: str, kind: str, changes: dict[str, Any],
                    keep: Iterable[str] | None = None) -> None:
        """Merge `changes` into the person's preferences for one game (`kind`). A stored value
        that is not an object is replaced; with `keep`, keys outside it (stale) are dropped."""
        saved = self.prefs(person).get(kind)
        merged = (saved if isinstance(saved, dict) else {}) | changes
        if keep is not None:
            merged = {k: merged[k] for k in keep if k in merged}
        self.update_prefs(person, {kind: merged})

    # Games ------------------------------------------------------------------------------------

    def create_game(
        self,
        person: str,
        kind: str,
        code: str,
        data: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> GameRow:
        """Store a new game in play and return it."""
        self.ensure_person(person)
        now = time.time()
        row = GameRow(new_id(), person, kind, code, data or {}, settings or {}, created=now,
                      updated=now)
        self._run(
            f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
            tuple(json.dumps(getattr(row, c)) if c in _JSON_COLUMNS else getattr(row, c)
                  for c in _COLUMNS),
        )
        return row

    def game(self, game_id: str, person: str | None = None) -> GameRow | None:
        """The game with this id; None if there is none or (given `person`) it is someone else's."""
        rows = self._run(f"SELECT {', '.join(_COLUMNS)} FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        row = _row(rows[0])
        return row if person is None or row.person == person else None

    def save(self, row: GameRow) -> None:
        """Write back a game's changing fields (data, settings, status, counters, result) if
        nobody else has since it was read (`rev`), and count the write; StaleGame otherwise
        (nothing written, `row` unchanged)."""
        now = time.time()
        finished = now if row.status in FINISHED and row.finished is None else row.finished
        changed = self._update_count(
            "UPDATE games SET data = ?, settings = ?, status = ?, score = ?, moves = ?,"
            " elapsed_ms = ?, hints = ?, result = ?, updated = ?, finished = ?, rev = ?"
            " WHERE id = ? AND rev = ?",
            (dumps(row.data), json.dumps(row.settings), row.status, row.score, row.moves,
             row.elapsed_ms, row.hints, json.dumps(row.result), now, finished, row.rev + 1,
             row.id, row.rev),
        )
        if changed != 1:
            raise StaleGame(row.id)
        row.updated, row.finished = now, finished
        row.rev += 1

    def game_rev(self, game_id: str) -> int | None:
        """The stored revision of a game (None when there is none): the cheap check of whether
        a copy held in memory is still the stored one."""
        rows = self._run("SELECT rev FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    def current(self, person: str, kind: str) -> GameRow | None:
        """The person's most recent game of this kind still in play."""
        rows = self._run(
            f"SELECT {', '.join(_COLUMNS)} FROM games WHERE person = ? AND kind = ? AND status = ?"
            " ORDER BY updated DESC LIMIT 1",
            (person, kind, PLAYING),
        )
        return _row(rows[0]) if rows else None

    def last_finished(self, person: str, kind: str) -> GameRow | None:
        """The person's most recently begun game of this kind if it is finished (won or lost):
        the game a page reopens on its end dialog. None when a newer one was begun or none is."""
        rows = self._run(
            f"SELECT {', '.join(_COLUMNS)} FROM games WHERE person = ? AND kind = ?"
            f" ORDER BY created DESC, {self.insertion_order} DESC LIMIT 1",
            (person, kind),
        )
        row = _row(rows[0]) if rows else None
        return row if row is not None and row.status in FINISHED else None

    def games(self, person: str, kind: str, statuses: tuple[str, ...] = FINISHED,
              since: float | None = None) -> list[GameRow]:
        """The person's games of this kind with one of `statuses`, oldest first; with `since`,
        only those finished (or, unfinished, last written) after that instant."""
        marks = ", ".join("?" * len(statuses))
        after = "" if since is None else " AND COALESCE(finished, updated) > ?"
        rows = self._run(
            f"SELECT {', '.join(_COLUMNS)} FROM games WHERE person = ? AND kind = ?"
            f" AND status IN ({marks}){after} ORDER BY COALESCE(finished, updated), created",
            (person, kind, *statuses) + (() if since is None else (since,)),
        )
        return [_row(r) for r in rows]

    # The daily deal -----------------------------------------------------------------------------

    def daily_deal(self, day: str) -> DailyDeal | None:
        """The cached daily deal of a date (YYYY-MM-DD), None when none is cached yet."""
        rows = self._run("SELECT day, code, shortest FROM daily_deals WHERE day = ?", (day,))
        return DailyDeal(rows[0][0], rows[0][1], rows[0][2]) if rows else None

    def put_daily_deal(self, deal: DailyDeal) -> None:
        """Cache a date's daily deal (replacing what was cached for the date)."""
        self._run("INSERT INTO daily_deals (day, code, shortest) VALUES (?, ?, ?)"
                  " ON CONFLICT (day) DO UPDATE SET code = excluded.code,"
                  " shortest = excluded.shortest", (deal.day, deal.code, deal.shortest))

    def record_daily(self, person: str, day: str, *, played: bool, won: bool,
                     moves: int | None) -> None:
        """Add to a person's result of a date: `played`/`won` on the date itself (once true,
        they stay true), `moves` of a win (the fewest is kept)."""
        if moves is not None and moves < 0:
            raise ValueError("moves cannot be negative")
        self.ensure_person(person)
        self._run(
            "INSERT INTO daily_results (person, day, played, won, fewest, updated)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (person, day) DO UPDATE SET"
            " played = CASE WHEN excluded.played > daily_results.played THEN excluded.played"
            " ELSE daily_results.played END,"
            " won = CASE WHEN excluded.won > daily_results.won THEN excluded.won"
            " ELSE daily_results.won END,"
            " fewest = CASE WHEN daily_results.fewest IS NULL THEN excluded.fewest"
            " WHEN excluded.fewest IS NOT NULL AND excluded.fewest < daily_results.fewest"
            " THEN excluded.fewest ELSE daily_results.fewest END,"
            " updated = excluded.updated",
            (person, day, int(played or won), int(won), moves, time.time()))

    def daily_results(self, person: str) -> list[DailyResult]:
        """The person's results of daily deals, oldest date first."""
        rows = self._run("SELECT r.day, r.played, r.won, r.fewest, d.shortest"
                         " FROM daily_results r LEFT JOIN daily_deals d ON d.day = r.day"
                         " WHERE r.person = ? ORDER BY r.day", (person,))
        return [DailyResult(day, bool(played), bool(won), fewest, shortest)
                for day, played, won, fewest, shortest in rows]

    # Tables with people -----------------------------------------------------------------------

    def create_table(self, table_id: str, code: str, creator: str, status: str,
                     data: dict[str, Any], people: Iterable[str]) -> TableRow | None:
        """Store a new table at rev 1; None when its code is taken (draw another)."""
        now = time.time()
        row = TableRow(table_id, code, creator, status, data, 1, now, now)
        if not self._insert_new(
                f"INSERT INTO tables ({', '.join(_TABLE_COLUMNS)}) VALUES"
                f" ({', '.join('?' * len(_TABLE_COLUMNS))})",
                (table_id, code, creator, status, json.dumps(data), 1, now, now)):
            return None
        self._table_people(table_id, people)
        return row

    def table(self, key: str) -> TableRow | None:
        """The table with this id or short code."""
        rows = self._run(f"SELECT {', '.join(_TABLE_COLUMNS)} FROM tables WHERE id = ? OR code = ?",
                         (key, key))
        return _table_row(rows[0]) if rows else None

    def save_table(self, row: TableRow, people: Iterable[str] = ()) -> None:
        """Write the table back if nobody else has since it was read (rev), and count the write;
        StaleTable otherwise (nothing written)."""
        now = time.time()
        changed = self._update_count(
            "UPDATE tables SET status = ?, data = ?, rev = ?, updated = ?"
            " WHERE id = ? AND rev = ?",
            (row.status, dumps(row.data), row.rev + 1, now, row.id, row.rev))
        if changed != 1:
            raise StaleTable(row.id)
        row.rev += 1
        row.updated = now
        self._table_people(row.id, people)

    def _table_people(self, table_id: str, people: Iterable[str]) -> None:
        for person in people:
            self._run("INSERT INTO table_people (table_id, person) VALUES (?, ?)"
                      " ON CONFLICT DO NOTHING", (table_id, person))

    def tables_of(self, person: str, statuses: tuple[str, ...], since: float,
                  limit: int = 50) -> list[TableRow]:
        """The person's tables (created or sat at) with one of `statuses`, touched since `since`,
        newest first."""
        marks = ", ".join("?" * len(statuses))
        columns = ", ".join(f"t.{c}" for c in _TABLE_COLUMNS)
        rows = self._run(
            f"SELECT {columns} FROM tables t JOIN table_people p ON p.table_id = t.id"
            f" WHERE p.person = ? AND t.status IN ({marks}) AND t.updated >= ?"
            " ORDER BY t.updated DESC LIMIT ?",
            (person, *statuses, since, limit))
        return [_table_row(r) for r in rows]
