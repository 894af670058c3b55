"""The computer players of tables on bot workers anywhere: the searches go through an arq queue on
Redis (docs/deploy.md, "Bot workers").

`QueueThinker` is the web process's side: a search move (hard, expert) or a hint is a job on the
queue, run by any `heartsuite worker` on any machine; the rule-based levels stay in a thread
here (they take microseconds, a network hop would be slower). A worker's side is `make_worker`:
an arq worker that takes at most N jobs at a time and computes them in a pool of N processes (arq
alone runs its jobs as asyncio tasks of one process). When no worker runs, none answers in time
or Redis fails, the move is thought here in the local process pool (`Thinker`): a table never
stalls. The jobs carry what the local pool gets (a seat's view, never the game), pickled by arq.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any
from urllib.parse import urlsplit

from arq.connections import ArqRedis, RedisSettings, create_pool
from arq.worker import Function, Worker, func
from redis.exceptions import RedisError

from heartsuite.hearts.view import SeatView
from heartsuite.players.levels import EXPERT_MOVE_TIME, HARD_MOVE_TIME
from heartsuite.web.tables import thinking
from heartsuite.web.tables.pool import search_pool
from heartsuite.web.tables.thinking import SEARCH_LEVELS, Thinker

QUEUE = "heartsuite:bots"
MOVE_TIME = {"hard": HARD_MOVE_TIME, "expert": EXPERT_MOVE_TIME}  # a fresh player's budget
HINT_TIME = HARD_MOVE_TIME  # the hint is Hard's search
MARGIN = 0.5  # seconds a worker may take above the search's own time, queue and network included
WORKER_POLL = 0.01  # how often an idle worker looks for jobs (seconds)
ANSWER_POLL = 0.02  # how often a waiting move looks for its answer (the web process's CPU: a
# move's search overlaps the table's pace, so 10 ms more on average costs the players nothing)
BEAT = 1.0  # a worker marks itself alive this often (arq's health check; the mark lasts BEAT + 1)
SEEN_FOR = 1.0  # how long the web process trusts what it saw of the workers (seconds)
CONNECT_WAIT = 2.0  # the longest a move waits for a first connection to Redis (seconds)
RETRY_AFTER = 5.0  # after Redis failed, the moves are thought here for this long
JOB_TIMEOUT = 30.0  # a job running longer than this in a worker is cancelled there
KEEP_RESULT = 60.0  # a result nobody fetched is dropped after this long
DRAIN = 2  # on SIGINT or SIGTERM a worker takes no more jobs and finishes its own this long
log = logging.getLogger(__name__)


def redis_settings(url: str, *, connect_timeout: int = 1) -> RedisSettings:
    """arq's settings for a redis://, rediss:// or unix:// URL; ValueError for anything else."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is not a number raises here)
        settings = RedisSettings.from_dsn(url)
    except (ValueError, RuntimeError):
        raise ValueError(f"not a Redis URL (redis://host:6379/0): {url!r}") from None
    if parts.scheme != "unix" and not parts.hostname:
        raise ValueError(f"not a Redis URL (redis://host:6379/0): {url!r}")
    settings.conn_timeout = connect_timeout
    settings.conn_retries = 0
    return settings


def where(settings: RedisSettings) -> str:
    """The Redis of the settings, for messages (no password)."""
    if settings.unix_socket_path:
        return f"unix:{settings.unix_socket_path}"
    return f"{settings.host}:{settings.port}/{settings.database}"


def health_key(queue: str) -> str:
    """The key a worker of `queue` keeps while it runs (arq's health check, with a short life)."""
    return queue + ":health-check"


# The worker's side --------------------------------------------------------------------------

async def choose_job(ctx: dict[Any, Any], level: str, view: SeatView,
                     key: tuple[int, ...], keep: tuple[Hashable, ...] | None = None) -> Any:
    """`thinking.choose` in the worker's process pool (its players are kept by `keep` in the
    process that thinks: used again when the same process gets the table's next search)."""
    return await _in_pool(ctx, thinking.choose, level, view, tuple(key),
                          None if keep is None else tuple(keep))


async def suggest_job(ctx: dict[Any, Any], view: SeatView, seed: int) -> list[str]:
    """`thinking.suggest` in the worker's process pool."""
    result: list[str] = await _in_pool(ctx, thinking.suggest, view, seed)
    return result


async def _in_pool(ctx: dict[Any, Any], work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args)` in the worker's pool; a pool broken by a process that died (killed, out of
    memory) is replaced once, so the worker does not turn every later job down."""
    loop = asyncio.get_running_loop()
    pool: ProcessPoolExecutor = ctx["pool"]
    try:
        return await loop.run_in_executor(pool, work, *args)
    except BrokenProcessPool:
        if ctx["pool"] is pool:  # not replaced yet by another job that met it broken
            log.warning("a process of the pool died: starting a new pool")
            ctx["pool"] = search_pool(ctx["concurrency"])
            pool.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(ctx["pool"], work, *args)


JOBS: list[Function] = [
    func(choose_job, name="choose", timeout=JOB_TIMEOUT, keep_result=KEEP_RESULT, max_tries=1),
    func(suggest_job, name="suggest", timeout=JOB_TIMEOUT, keep_result=KEEP_RESULT, max_tries=1),
]


def _warm() -> None:
    """Nothing: sent to each pool process at start, it makes the process import this module (and
    so the players) before the first job needs them."""
    time.sleep(0.05)  # long enough that every process of the pool gets one


def make_worker(settings: RedisSettings, *, concurrency: int, queue: str = QUEUE) -> Worker:
    """An arq worker of `queue` taking `concurrency` jobs at a time, computed in a pool of as many
    processes. Run it with `run_worker` in the main thread."""
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")

    async def startup(ctx: dict[Any, Any]) -> None:
        pool = search_pool(concurrency)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(concurrency)))
        ctx["pool"], ctx["concurrency"] = pool, concurrency

    async def shutdown(ctx: dict[Any, Any]) -> None:
        pool: ProcessPoolExecutor | None = ctx.pop("pool", None)
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    asyncio.set_event_loop(asyncio.new_event_loop())  # arq's worker takes the current loop
    return Worker(JOBS, queue_name=queue, redis_settings=settings, max_jobs=concurrency,
                  poll_delay=WORKER_POLL, health_check_interval=BEAT, on_startup=startup,
                  on_shutdown=shutdown, max_tries=1, keep_result=KEEP_RESULT,
                  job_timeout=JOB_TIMEOUT, log_results=False, job_completion_wait=DRAIN)


def run_worker(worker: Worker) -> None:
    """Run `worker` until SIGINT or SIGTERM; then it takes no more jobs, finishes those it runs
    (for up to `DRAIN` seconds; the others are cancelled, and their servers think them again),
    stops its pool and leaves Redis. What made it stop otherwise (Redis lost) is raised."""
    loop = worker.loop
    worker.main_task = loop.create_task(worker.main())
    try:
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(worker.main_task)
    finally:
        running = list(worker.tasks.values())
        if running:  # cancelled after the drain: let them end (arq's close would re-raise)
            loop.run_until_complete(asyncio.gather(*running, return_exceptions=True))
        worker.tasks.clear()
        try:
            loop.run_until_complete(worker.close())
        except (OSError, RedisError) as exc:  # Redis is gone: the pool is stopped all the same
            log.debug("closing the worker: %s", exc)
            pool: ProcessPoolExecutor | None = worker.ctx.pop("pool", None)
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        loop.close()


# The web process's side ---------------------------------------------------------------------

class QueueThinker(Thinker):
    """A `Thinker` whose searches run on the bot workers of `queue` at the Redis of `redis_url`
    (`heartsuite worker`), and here in the local pool of `processes` when none answers within
    the search's time plus `margin` seconds. ValueError for a URL that is not Redis's."""

    def __init__(self, redis_url: str, queue: str = QUEUE, *, processes: int = 2,
                 margin: float = MARGIN) -> None:
        super().__init__(processes)
        self.settings = redis_settings(redis_url)
        self.queue = queue
        self.margin = margin
        self.remote = 0  # moves and hints answered by a worker
        self.local = 0  # searches thought here because no worker could
        self._redis: ArqRedis | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._down_until = 0.0  # Redis failed: the moves are thought here until then
        self._seen = (-SEEN_FOR, False)  # when the workers were last looked at, and if any ran
        self._warned = False  # the warning about no worker is given once until one is back
        self._closing: set[asyncio.Task[None]] = set()

    async def choose(self, level: str, view: SeatView, key: tuple[int, ...],
                     keep: tuple[Hashable, ...] | None = None) -> Any:
        if level not in SEARCH_LEVELS:
            return await super().choose(level, view, key, keep)  # a thread: microseconds
        done, result = await self._remote("choose", MOVE_TIME[level], level, view, key, keep)
        if done:
            return result
        return await super().choose(level, view, key, keep)

    async def suggest(self, view: SeatView, seed: int) -> list[str]:
        done, result = await self._remote("suggest", HINT_TIME, view, seed)
        if done:
            answer: list[str] = result
            return answer
        return await super().suggest(view, seed)

    def timeout(self, search_time: float) -> float:
        """How long a move waits for a worker: the search's own time and the margin."""
        return search_time + self.margin

    async def workers_alive(self) -> bool:
        """Whether a worker of the queue is running (looked at no more than once a second)."""
        redis = await self._connection()
        if redis is None:
            return False
        return await self._alive(redis)

    async def _remote(self, job: str, search_time: float, *args: Any) -> tuple[bool, Any]:
        """(True, the answer) from a worker, or (False, None) when it must be thought here."""
        redis = await self._connection()
        if redis is None:
            self.local += 1
            return False, None
        wait = self.timeout(search_time)
        try:
            async with asyncio.timeout(wait):
                if await self._alive(redis):
                    queued = await redis.enqueue_job(job, *args, _queue_name=self.queue,
                                                     _expires=wait)
                    if queued is not None:  # None only for a job id met before: never here
                        result = await queued.result(poll_delay=ANSWER_POLL)
                        self.remote += 1
                        return True, result
        except TimeoutError:
            log.warning("no bot worker answered %s within %.1f s: thinking here", job, wait)
        except (OSError, RedisError) as exc:
            self._failed(exc)
        except Exception as exc:  # a worker's failure (arq's, the pool's): the local pool decides
            log.warning("a bot worker failed on %s (%s: %s): thinking here", job,
                        type(exc).__name__, exc)
        self.local += 1
        return False, None

    async def _alive(self, redis: ArqRedis) -> bool:
        now = time.monotonic()
        seen, alive = self._seen
        if now - seen < SEEN_FOR:
            return alive
        alive = bool(await redis.exists(health_key(self.queue)))
        self._seen = (now, alive)
        if not alive and not self._warned:
            log.warning("no bot worker runs on queue %s at %s: thinking here", self.queue,
                        where(self.settings))
            self._warned = True
        elif alive and self._warned:
            log.warning("bot workers run again on queue %s", self.queue)
            self._warned = False
        return alive

    async def _connection(self) -> ArqRedis | None:
        """The Redis client of the running loop, made on first use; None while Redis is down."""
        loop = asyncio.get_running_loop()
        if self._redis is not None and self._loop is loop:
            return self._redis
        if time.monotonic() < self._down_until:
            return None
        try:
            async with asyncio.timeout(CONNECT_WAIT):  # a Redis that accepts but never answers
                redis = await create_pool(self.settings, default_queue_name=self.queue)
        except Exception as exc:  # any failure to connect: think here
            self._failed(exc)
            return None
        if self._redis is not None and self._loop is loop:  # another move connected meanwhile
            await redis.aclose()
            return self._redis
        self._redis, self._loop = redis, loop  # a client of an earlier loop is dropped
        self._seen = (-SEEN_FOR, False)
        return redis

    def _failed(self, exc: BaseException) -> None:
        log.warning("Redis at %s failed (%s: %s): thinking here for %.0f s",
                    where(self.settings), type(exc).__name__, exc, RETRY_AFTER)
        self._down_until = time.monotonic() + RETRY_AFTER
        self._close_client()

    def _close_client(self) -> None:
        """Close the Redis client on its loop if that loop runs now, else drop it."""
        redis, loop, self._redis, self._loop = self._redis, self._loop, None, None
        if redis is None:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop runs: the connections go with the process
        if running is loop:
            task = running.create_task(redis.aclose())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    def stop(self) -> None:
        """Stop the local pool; the Redis client is closed on the running loop."""
        super().stop()
        self._close_client()

    async def aclose(self) -> None:
        """Stop, and wait for the Redis client to be closed."""
        self.stop()
        await asyncio.gather(*self._closing, return_exceptions=True)


__all__ = ["MOVE_TIME", "QUEUE", "QueueThinker", "health_key", "make_worker", "redis_settings",
           "run_worker", "where"]
