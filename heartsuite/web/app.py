"""The ASGI app: each area's router and service, static files, the person cookie, size limits
and JSON errors.

Both games are wired the same way: the area's router is included here, and its service (the Heart
to Heart games held in memory, the Hearts tables and their computer players) is built here, kept on
`app.state` (`h2h`, `hearts`) for the routes, and stopped by the app's lifespan when the server
shuts down.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Protocol

import platformdirs
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from heartsuite.players.warm import warm_in_background
from heartsuite.web import errors
from heartsuite.web.collector import tune_for_serving
from heartsuite.web.errors import LimitMiddleware
from heartsuite.web.h2h import routes as h2h
from heartsuite.web.h2h.sessions import Sessions
from heartsuite.web.headers import SecurityHeadersMiddleware
from heartsuite.web.hearts import routes as hearts
from heartsuite.web.hearts.hub import Tables
from heartsuite.web.people import PersonMiddleware
from heartsuite.web.public import HostCheckMiddleware, PublicSite
from heartsuite.web.ratelimit import Guards, Limits
from heartsuite.web.site import pwa
from heartsuite.web.site import routes as site
from heartsuite.web.store import Store
from heartsuite.web.tables import routes as tables_routes
from heartsuite.web.tables.cluster import Cluster
from heartsuite.web.tables.hub import DEFAULT_GRACE, Hub
from heartsuite.web.tables.queue_thinking import QueueThinker

STATIC = Path(__file__).with_name("static")
DB_NAME = "heartsuite.sqlite3"


class Service(Protocol):
    """What a game area runs for the app's lifetime."""

    async def stop(self) -> None:
        """Finish background work (the app is shutting down)."""


def default_data_dir() -> Path:
    """Where games are kept unless `--data` says otherwise: the user's data directory."""
    return Path(platformdirs.user_data_dir("heartsuite", appauthor=False))


def create_app(data_dir: Path | str | None = None, *, public_url: str | None = None,
               limits: Limits | None = None, grace_seconds: float = DEFAULT_GRACE,
               database: str | None = None, redis: str | None = None,
               think_ahead: bool = False) -> FastAPI:
    """The app, storing its SQLite file in `data_dir` (":memory:" for a throwaway store), or
    with `database` (a `postgresql://` URL) in PostgreSQL, shared with other processes.
    `public_url` is where it is reached when exposed beyond localhost (`web/public.py`; a
    PublicUrlError when unusable); `limits` the rates it enforces (`web/ratelimit.py`);
    `grace_seconds`: how long a person who dropped keeps their seat at a table with people.
    `redis` (a `redis://` URL; with `database`): the tables are shared with the other processes
    on the same Redis and PostgreSQL (web/tables/cluster.py); ClusterUnavailable when Redis
    cannot be reached. `think_ahead`: start the computer players' process pool (and load the
    compiled core in it) as the app starts, not on the first search (`heartsuite serve` without
    Redis: there the local pool does every search)."""
    public = PublicSite.parse(public_url) if public_url else None
    store: Store
    if database is not None:
        from heartsuite.web.store_pg import PgStore

        store = PgStore(database)
    elif data_dir == ":memory:":
        store = Store(":memory:")
    else:
        store = Store(Path(data_dir or default_data_dir()) / DB_NAME)
    sessions, tables = Sessions(store), Tables(store)
    cluster = Cluster(redis) if redis is not None else None
    # with Redis, the searches go to the bot workers (`heartsuite worker`) when any runs
    thinker = QueueThinker(redis) if redis is not None else None
    hub = Hub(store, grace_seconds, cluster=cluster, thinker=thinker)
    services: tuple[Service, ...] = (sessions, tables, hub)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        warm_in_background()  # load the compiled core before the first computer move needs it
        if think_ahead:
            hub.thinker.start()
        yield
        for service in services:
            await service.stop()

    app = FastAPI(title="heartsuite", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.store = store
    app.state.h2h = sessions
    app.state.hearts = tables
    app.state.public = public
    app.state.guards = Guards(limits)
    app.state.tables = hub
    errors.install(app, not_found_page=site.not_found_page)
    app.include_router(h2h.router)
    app.include_router(hearts.router)
    app.include_router(tables_routes.router)
    app.include_router(site.router)
    app.include_router(pwa.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(PersonMiddleware, store=store, secure=public is not None and public.secure)
    app.add_middleware(LimitMiddleware)
    app.add_middleware(HostCheckMiddleware, site=public)
    app.add_middleware(SecurityHeadersMiddleware)
    return app


ENVIRONMENT = "HEARTSUITE_APP"  # the arguments of `create_app`, as JSON, for each web process


def app_from_environment() -> FastAPI:
    """The app of one of `heartsuite serve --workers N`'s processes (uvicorn's factory: each
    process builds its own app from the arguments the parent put in the environment)."""
    arguments = json.loads(os.environ[ENVIRONMENT])
    app = create_app(arguments.pop("data_dir"), **arguments)
    tune_for_serving()
    return app
