"""The ASGI app: routers, static files, the person cookie, size limits and JSON errors.

Each part of the site is a router included in `create_app`; adding one is one line there.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from heartsuite.web import errors
from heartsuite.web.errors import LimitMiddleware
from heartsuite.web.h2h import routes as h2h_routes
from heartsuite.web.h2h.sessions import Sessions
from heartsuite.web.headers import SecurityHeadersMiddleware
from heartsuite.web.hearts import routes as hearts_routes
from heartsuite.web.people import PersonMiddleware
from heartsuite.web.site import routes as pages
from heartsuite.web.store import Store

STATIC = Path(__file__).with_name("static")
DB_NAME = "heartsuite.sqlite3"


def default_data_dir() -> Path:
    """Where games are kept unless `--data` says otherwise: the user's data directory."""
    return Path(platformdirs.user_data_dir("heartsuite", appauthor=False))


def create_app(data_dir: Path | str | None = None) -> FastAPI:
    """The app, storing its SQLite file in `data_dir` (":memory:" for a throwaway store)."""
    if data_dir == ":memory:":
        store = Store(":memory:")
    else:
        store = Store(Path(data_dir or default_data_dir()) / DB_NAME)
    app = FastAPI(title="heartsuite", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    app.state.h2h = Sessions(store)
    errors.install(app)
    app.include_router(h2h_routes.router)
    app.include_router(hearts_routes.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(PersonMiddleware, store=store)
    app.add_middleware(LimitMiddleware)
    app.add_middleware(SecurityHeadersMiddleware)
    return app
