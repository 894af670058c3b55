"""Tables shared by several server processes through Redis (`heartsuite serve --redis URL`).

The store (PostgreSQL) holds every table; Redis carries what the processes must agree on now:

- **the command stream** of each table (`hs:t:<id>:log`, a Redis Stream): every command a
  process writes is appended after its save, with its number `n` and the table's revision `r`.
  Every process that has the table in memory replays the stream onto its copy (the rules are
  deterministic: the same commands give the same numbered events), so a page connected to any
  process gets the same events and resumes with `hello after N`.
- **the write lock** (`hs:t:<id>:write`, a redis-py Lock with a short expiry): a process writes
  a table only while holding it, after reading the stream up to its end, and the store's
  revision check (`UPDATE … WHERE rev = ?`) still guards each write, so two writers can never
  overwrite each other even if a lock expired under a stalled process.
- **the owner lease** (`hs:t:<id>:owner`, renewed while the process runs): the owner runs the
  table's clocks and computers — grace periods, turn timers, computer players, rematches. When
  the owner dies the lease lapses and a process whose pages are at the table takes it over.

- **the change feed** (`hs:changes`, one Redis Stream for every table): each write also appends
  the table's id and the writer's name, so a process follows one stream, whatever the number of
  tables it shows, and skips its own writes without reading anything. (Following every table's
  stream in one XREAD sent every table's key and position on every call: a cost that grew with
  tables × moves.) A sweep over the tables' own streams every few seconds catches anything the
  feed's trimming could have dropped.

Why a stream and not pub/sub: a process that starts following late (a page connected to it,
a takeover) reads from the last entry it has, so nothing between is missed.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from dataclasses import dataclass
from typing import Any

import redis
import redis.asyncio as aioredis
from redis.asyncio.lock import Lock

from heartsuite.web.jsontext import dumps

LEASE_SECONDS = 3.0  # an owner that stopped renewing loses the table this long after
WRITE_LOCK_SECONDS = 5.0  # a write takes milliseconds; a lock outlives a stalled holder this long
WRITE_WAIT_SECONDS = 10.0  # how long a write waits for the lock before it is refused
STREAM_LENGTH = 20_000  # entries kept per table (a game is a few hundred commands)
START = "0-0"  # before the first entry of a stream
CHANGES_LENGTH = 100_000  # entries kept in the change feed (a minute and more of heavy play)
RENEW_BATCH = 500  # leases renewed per round trip

# Renew every lease of KEYS still held with the token ARGV[1] for ARGV[2] ms; per key 1 (renewed)
# or 0 (lost: expired, or taken by another process). What redis-py's Lock.reacquire does for one
# lock, for all of a process's tables in one call.
RENEW_LEASES = """
local renewed = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
"""


class ClusterUnavailable(Exception):
    """Redis cannot be reached (at start: a clear message instead of a traceback)."""


@dataclass(frozen=True)
class Entry:
    """One command of a table's stream: its id, its number in the table, the table's revision
    after the write that made it, and the command."""

    id: str
    n: int
    rev: int
    command: dict[str, Any]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _entry(raw_id: bytes | str, fields: dict[Any, Any]) -> Entry:
    values = {_text(k): _text(v) for k, v in fields.items()}
    return Entry(_text(raw_id), int(values["n"]), int(values["r"]), json.loads(values["c"]))


class Cluster:
    """This process's view of Redis: a blocking client for the writes and reads made inside a
    table's (synchronous) command path, an asyncio client for locks, leases and following."""

    def __init__(self, url: str, prefix: str = "hs") -> None:
        self.url = url
        self.prefix = prefix
        self.name = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.sync = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.aio = aioredis.Redis.from_url(url, socket_connect_timeout=5)
        # the follower blocks in XREAD: a connection of its own, with no read timeout
        self.follower = aioredis.Redis.from_url(url, socket_connect_timeout=5)
        self.changes = f"{prefix}:changes"
        self._renew = self.aio.register_script(RENEW_LEASES)
        self._feed_at: str | None = None  # the last change-feed entry read
        try:
            self.sync.ping()
        except redis.RedisError as exc:
            raise ClusterUnavailable(f"cannot reach Redis at {url}: {exc}") from None

    def key(self, table_id: str, what: str) -> str:
        return f"{self.prefix}:t:{table_id}:{what}"

    # The stream ---------------------------------------------------------------------------

    def append(self, table_id: str, first: int, commands: list[dict[str, Any]], rev: int) -> str:
        """Append commands number `first`, `first + 1`, … (written at revision `rev`); the id
        of the last entry."""
        pipe = self.sync.pipeline(transaction=False)
        for offset, body in enumerate(commands):
            pipe.xadd(self.key(table_id, "log"),
                      {"n": first + offset, "r": rev, "c": dumps(body)},
                      maxlen=STREAM_LENGTH, approximate=True)
        pipe.xadd(self.changes, {"t": table_id, "w": self.name}, maxlen=CHANGES_LENGTH,
                  approximate=True)
        ids = pipe.execute()
        return _text(ids[-2])

    async def changed_elsewhere(self, block_ms: int) -> set[str]:
        """Wait up to `block_ms` for writes by other processes in the change feed; the tables
        they wrote. The feed is read from where this process started following it."""
        if self._feed_at is None:
            newest: list[Any] = await self.follower.xrevrange(self.changes, count=1)
            self._feed_at = _text(newest[0][0]) if newest else START
        answer = await self.follower.xread({self.changes: self._feed_at}, block=block_ms,
                                           count=10_000)
        tables: set[str] = set()
        for _stream, entries in answer or []:
            for raw_id, fields in entries:
                self._feed_at = _text(raw_id)
                values = {_text(k): _text(v) for k, v in fields.items()}
                if values.get("w") != self.name:
                    tables.add(values["t"])
        return tables

    def since(self, table_id: str, after: str) -> list[Entry]:
        """The entries after entry id `after` (START: all), oldest first."""
        raw: list[Any] = self.sync.xrange(  # type: ignore[assignment]
            self.key(table_id, "log"), min=f"({after}", max="+")
        return [_entry(i, f) for i, f in raw]

    def last_id(self, table_id: str) -> str:
        raw: list[Any] = self.sync.xrevrange(  # type: ignore[assignment]
            self.key(table_id, "log"), count=1)
        return _text(raw[0][0]) if raw else START

    async def follow(self, positions: dict[str, str], block_ms: int | None) -> dict[str, str]:
        """Wait up to `block_ms` (None: not at all) for a new entry in any of the tables'
        streams (table id → last entry id seen); for each table that has some, the id of its
        newest entry."""
        if not positions:
            return {}
        streams = {self.key(t, "log"): after for t, after in positions.items()}
        answer = await self.follower.xread(streams, block=block_ms)
        tables = {}
        for stream, entries in answer or []:
            name = _text(stream)
            tables[name[len(self.prefix) + 3:-len(":log")]] = _text(entries[-1][0])
        return tables

    # Locks and leases ---------------------------------------------------------------------

    def write_lock(self, table_id: str) -> Lock:
        return Lock(self.aio, self.key(table_id, "write"), timeout=WRITE_LOCK_SECONDS,
                    sleep=0.005, blocking_timeout=WRITE_WAIT_SECONDS, thread_local=False)

    def lease(self, table_id: str) -> Lock:
        """The owner lease of a table: `acquire(blocking=False)` to take it, `reacquire()` to
        renew it (LockNotOwnedError when it was lost), `release()` to hand it back."""
        return Lock(self.aio, self.key(table_id, "owner"), timeout=LEASE_SECONDS,
                    blocking=False, thread_local=False)

    async def renew_leases(self, table_ids: list[str]) -> list[bool]:
        """Renew the owner leases of these tables, taken with this process's name as their
        token (`lease(…).acquire(token=self.name)`), in one round trip per `RENEW_BATCH` tables
        instead of one per table: per table whether it is still this process's."""
        renewed: list[bool] = []
        for start in range(0, len(table_ids), RENEW_BATCH):
            chunk = table_ids[start:start + RENEW_BATCH]
            answer = await self._renew(keys=[self.key(t, "owner") for t in chunk],
                                       args=[self.name, int(LEASE_SECONDS * 1000)])
            renewed.extend(bool(int(x)) for x in answer)
        return renewed

    async def close(self) -> None:
        for client in (self.aio, self.follower):
            await client.aclose()
        self.sync.close()


__all__ = ["LEASE_SECONDS", "START", "Cluster", "ClusterUnavailable", "Entry"]
