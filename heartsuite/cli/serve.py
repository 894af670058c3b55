"""`heartsuite serve`: run the web app on uvicorn and open it in the browser."""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import socket
import sqlite3
import threading
import webbrowser
from pathlib import Path

from heartsuite.cli import UserError

# The largest WebSocket message uvicorn accepts (its default is 16 MiB); the Hearts socket itself
# refuses anything over 2 KiB, so this only bounds what is read before the app can say no.
WS_MAX_SIZE = 64 * 1024


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("serve", help="play in the browser: start the web app")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    parser.add_argument("--data", type=Path, default=None,
                        help="directory for the SQLite store (default: the user's data directory)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="where the server is reached when exposed beyond localhost "
                             "(https://cards.example.org): a Secure __Host- cookie, and the "
                             "Host header and WebSocket Origin must match it")
    parser.add_argument("--grace", type=float, default=60.0, metavar="S",
                        help="seconds a person who dropped keeps their seat at a table (60)")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="store in PostgreSQL (postgresql://user@host:port/db) instead of "
                        "SQLite in --data; several servers may share it")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="share the tables with the other server processes on this Redis "
                        "(redis://host:port/0; needs --database)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="web processes on this machine, each with its own event loop "
                        "(1; more need --redis and --database)")
    parser.set_defaults(func=serve)


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from heartsuite.web.app import create_app, default_data_dir
    from heartsuite.web.collector import tune_for_serving
    from heartsuite.web.limits import BoundedHttpToolsProtocol
    from heartsuite.web.logs import quiet_client_errors
    from heartsuite.web.public import PublicUrlError

    if not 0 < args.port < 65536:
        raise UserError(f"--port must be 1..65535, not {args.port}")
    if not 0 <= args.grace <= 86_400:
        raise UserError(f"--grace must be 0..86400 seconds, not {args.grace}")
    _check_listen(args.host, args.port)
    data = args.data or default_data_dir()
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot use {data} for data: {exc.strerror}") from None
    if args.database is not None and not args.database.startswith(("postgresql://",
                                                                     "postgres://")):
        raise UserError("--database must be a postgresql:// URL")
    if args.redis is not None and not args.redis.startswith(("redis://", "rediss://",
                                                             "unix://")):
        raise UserError("--redis must be a redis:// URL")
    if args.redis is not None and args.database is None:
        raise UserError("--redis needs --database: the processes share the tables in "
                        "PostgreSQL (SQLite serves one process)")
    if not 1 <= args.workers <= 64:
        raise UserError(f"--workers must be 1..64, not {args.workers}")
    if args.workers > 1 and (args.redis is None or args.database is None):
        raise UserError("--workers above 1 needs --redis and --database: each web process "
                        "must see every table")
    # SQLite: one server per data directory. PostgreSQL is shared by design.
    lock = hold_data_dir(data) if args.database is None else os.open(os.devnull, os.O_RDONLY)
    try:
        from heartsuite.web.store_pg import StoreUnavailable
        from heartsuite.web.tables.cluster import ClusterUnavailable

        arguments = {"data_dir": str(data), "public_url": args.public_url,
                     "grace_seconds": args.grace, "database": args.database,
                     "redis": args.redis,
                     # without Redis every search runs in this process's pool: start it now
                     "think_ahead": args.redis is None}
        try:
            # built here even with --workers: a wrong URL is said once, before any process
            app = create_app(**arguments)
        except sqlite3.Error as exc:
            raise UserError(f"cannot open the store in {data}: {exc}") from None
        except (StoreUnavailable, ClusterUnavailable) as exc:
            raise UserError(str(exc)) from None
        except PublicUrlError as exc:
            raise UserError(f"--public-url: {exc}") from None
        host = "localhost" if args.host in ("0.0.0.0", "::") else args.host
        url = args.public_url or f"http://{host}:{args.port}/"
        where = f"data in {data}" if args.database is None else "data in PostgreSQL"
        if args.redis is not None:
            where += ", tables shared through Redis"
        if args.workers > 1:
            where += f", {args.workers} processes"
        print(f"heartsuite: serving on {url} ({where}); Ctrl+C stops")
        if not args.no_browser:
            threading.Timer(1.0, webbrowser.open, (url,)).start()
        if args.workers > 1:
            from heartsuite.web.app import ENVIRONMENT

            os.environ[ENVIRONMENT] = json.dumps(arguments)
            try:
                uvicorn.run("heartsuite.web.app:app_from_environment", factory=True,
                            workers=args.workers, host=args.host, port=args.port,
                            log_level="warning", ws_max_size=WS_MAX_SIZE,
                            http=BoundedHttpToolsProtocol)
            except OSError as exc:
                raise UserError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}"
                                ) from None
            return 0
        config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                                ws_max_size=WS_MAX_SIZE, http=BoundedHttpToolsProtocol)
        tune_for_serving()
        quiet_client_errors()  # uvicorn.Config has configured logging by now
        server = uvicorn.Server(config)
        try:
            server.run()
        except OSError as exc:
            raise UserError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    finally:
        os.close(lock)  # released here, or by the OS if the process is killed
    return 0


LOCK_NAME = "serve.lock"


def hold_data_dir(data: Path) -> int:
    """One server per data directory: an exclusive `flock` on `DIR/serve.lock`, held as long as
    this process lives (the OS drops it when the process ends, even by kill -9). Two servers on
    one SQLite directory would each keep their own live tables and overwrite each other's moves;
    the second one refuses to start instead. Returns the open descriptor (keep it open)."""
    path = data / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise UserError(f"cannot use {data} for data: {exc.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
        os.close(fd)
        by = f" (process {holder})" if holder.isdigit() else ""
        raise UserError(f"the data directory {data} is in use by another heartsuite serve{by}; "
                        "stop it or give another --data") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, str(os.getpid()).encode(), 0)
    return fd


def _check_listen(host: str, port: int) -> None:
    """Say clearly, before starting, when the address cannot be used (a port already taken)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
