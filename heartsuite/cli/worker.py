"""`heartsuite worker`: a bot worker on any machine, computing the computer players' searches
of every server that shares its Redis (docs/deploy.md, "Bot workers")."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from heartsuite.cli import UserError

MAX_CONCURRENCY = 256


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("worker", help="compute the computer players' searches for "
                                   "the servers sharing a Redis")
    parser.add_argument("--redis", required=True, metavar="URL",
                        help="the Redis the servers use (redis://host:6379/0)")
    parser.add_argument("--concurrency", type=int, default=None, metavar="N",
                        help="searches at a time, each in a process of its own "
                        "(default: the number of cores)")
    parser.add_argument("--queue", default=None, metavar="NAME",
                        help="the queue of the jobs (heartsuite:bots, the servers' default)")
    parser.set_defaults(func=worker)


def worker(args: argparse.Namespace) -> int:
    import redis

    from heartsuite.web.tables.queue_thinking import (
        QUEUE,
        make_worker,
        redis_settings,
        run_worker,
        where,
    )

    queue = QUEUE if args.queue is None else args.queue
    concurrency = args.concurrency if args.concurrency is not None else (os.cpu_count() or 1)
    if not 1 <= concurrency <= MAX_CONCURRENCY:
        raise UserError(f"--concurrency must be 1..{MAX_CONCURRENCY}, not {concurrency}")
    if not queue.strip():
        raise UserError("--queue must not be empty")
    try:
        settings = redis_settings(args.redis, connect_timeout=3)
    except ValueError as exc:
        raise UserError(f"--redis: {exc}") from None
    try:
        with redis.Redis.from_url(args.redis, socket_connect_timeout=3,
                                  socket_timeout=3) as client:
            client.ping()
    except (redis.RedisError, OSError, ValueError) as exc:
        raise UserError(f"cannot reach Redis at {where(settings)}: {exc}") from None

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    from heartsuite.players.warm import warm

    warm()  # the compiled core loaded (or compiled) before the first search is taken
    bots = make_worker(settings, concurrency=concurrency, queue=queue)
    print(f"heartsuite worker: {concurrency} process{'es' if concurrency > 1 else ''} on queue "
          f"{queue} at {where(settings)} (Ctrl+C stops)", file=sys.stderr, flush=True)
    try:
        run_worker(bots)  # until SIGINT or SIGTERM
    except (redis.RedisError, OSError) as exc:
        print(f"heartsuite worker: lost Redis at {where(settings)}: {exc}", file=sys.stderr)
        return 1
    print("heartsuite worker: stopped", file=sys.stderr, flush=True)
    return 0
