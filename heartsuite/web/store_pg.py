"""The store on PostgreSQL (`heartsuite serve --database postgresql://…`): the same statements as
the SQLite `Store`, run through a psycopg 3 connection pool, so several server processes (on
several machines) share people, games and tables.

Two writers of one table can never overwrite each other: `save_table` is `UPDATE … WHERE rev = ?`
and raises `StaleTable` when another process wrote first. The schema lives in SQL files
(`web/migrations/postgresql/NNN_*.sql`), applied in order at start inside one transaction that
holds an advisory lock, so processes starting together apply each file once; `schema_version`
records what has been applied.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from heartsuite.web.store import Store

MIGRATIONS = "heartsuite.web.migrations.postgresql"
_MIGRATION_LOCK = 0x6865617274  # pg_advisory_xact_lock key: "heart"


class StoreUnavailable(Exception):
    """The database cannot be reached or refuses us (said in one line by `serve`)."""


def _marks(sql: str) -> str:
    """`?` marks as psycopg's `%s` (the statements hold no literal `?` or `%`)."""
    return sql.replace("%", "%%").replace("?", "%s")


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, SQL) of every migration file, in order."""
    found = []
    for entry in resources.files(MIGRATIONS).iterdir():
        match = re.fullmatch(r"(\d+)_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class PgStore(Store):
    """PostgreSQL behind the `Store` interface; safe to share between processes."""

    cache_prefs = False  # another process may change a person's preferences
    insertion_order = "seq"

    def __init__(self, url: str, *, max_connections: int = 8) -> None:
        self.url = url
        self._prefs: dict[str, dict[str, Any]] = {}
        try:  # one plain connection first: a refusal is said at once, in the server's words
            psycopg.connect(url, connect_timeout=10).close()
        except psycopg.Error as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnavailable(f"cannot connect to {_redacted(url)}: {reason}") from None
        try:
            self._pool = ConnectionPool(url, min_size=1, max_size=max_connections,
                                        kwargs={"autocommit": True}, open=False)
            self._pool.open(wait=True, timeout=15)
        except (psycopg.Error, TimeoutError, OSError) as exc:
            raise StoreUnavailable(f"cannot connect to {_redacted(url)}: {exc}") from None
        self.migrate()

    def migrate(self) -> list[str]:
        """Apply the migrations not yet applied; their names."""
        applied = []
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version"
                         " (version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            done = {row[0] for row in conn.execute("SELECT version FROM schema_version")}
            for number, name, sql in migrations():
                if number not in done:
                    conn.execute(sql.encode())
                    conn.execute("INSERT INTO schema_version (version, name) VALUES (%s, %s)",
                                 (number, name))
                    applied.append(name)
        return applied

    def close(self) -> None:
        self._pool.close()

    # Preferences: read and written in one transaction with the row locked, so two processes
    # changing one person's preferences at once each keep the other's change.

    def update_prefs(self, person: str, changes: dict[str, Any]) -> dict[str, Any]:
        return self._change_prefs(person, lambda saved: saved | changes)

    def merge_prefs(self, person: str, kind: str, changes: dict[str, Any],
                    keep: Iterable[str] | None = None) -> None:
        kept = None if keep is None else list(keep)

        def merged(saved: dict[str, Any]) -> dict[str, Any]:
            inner = saved.get(kind)
            value = (inner if isinstance(inner, dict) else {}) | changes
            if kept is not None:
                value = {k: value[k] for k in kept if k in value}
            return saved | {kind: value}

        self._change_prefs(person, merged)

    def _change_prefs(self, person: str, change: Callable[[dict[str, Any]], dict[str, Any]]
                      ) -> dict[str, Any]:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("INSERT INTO people (id, created) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                         (person, time.time()))
            row = conn.execute("SELECT prefs FROM people WHERE id = %s FOR UPDATE",
                               (person,)).fetchone()
            merged = change(json.loads(row[0]) if row else {})
            conn.execute("UPDATE people SET prefs = %s WHERE id = %s",
                         (json.dumps(merged), person))
        return dict(merged)

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._pool.connection() as conn:
            cursor = conn.execute(_marks(sql).encode(), args)
            return cursor.fetchall() if cursor.description is not None else []

    def _insert_new(self, sql: str, args: tuple[Any, ...]) -> bool:
        try:
            self._run(sql, args)
        except psycopg.errors.UniqueViolation:
            return False
        return True

    def _update_count(self, sql: str, args: tuple[Any, ...]) -> int:
        with self._pool.connection() as conn:
            return int(conn.execute(_marks(sql).encode(), args).rowcount)


def _redacted(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"(//[^:/@]+):[^@]*@", r"\1:***@", url)
