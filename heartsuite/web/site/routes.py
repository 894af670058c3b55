"""The rest of the site: the home page, the statistics and the rules pages, with their data
(`/api/home`, `/api/stats`, and the two rules examples), and the page of an address that leads
nowhere (`not_found_page`, which the app's error handlers answer with outside the API)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from heartsuite.h2h.deal import Deal
from heartsuite.web.api_types import Strict
from heartsuite.web.errors import ApiError
from heartsuite.web.h2h.daily import daily_stats, today_utc
from heartsuite.web.h2h.frames import frames, geometry
from heartsuite.web.h2h.sessions import KIND as H2H
from heartsuite.web.hearts.daily import daily_stats as hearts_daily_stats
from heartsuite.web.hearts.hub import KIND as HEARTS
from heartsuite.web.i18n import DEFAULT, language_of, translate
from heartsuite.web.look import BACKS, SUITS, THEMES, LookChange, change_look, look_of
from heartsuite.web.people import person_of
from heartsuite.web.shell import render_page
from heartsuite.web.site.examples import EXAMPLE_CODE, HEARTS_EXAMPLE_CODE, example_moves
from heartsuite.web.site.rules_examples import hearts_frames
from heartsuite.web.site.stats import (
    GAMES,
    h2h_stats,
    hearts_by_opponents,
    hearts_levels,
    hearts_recent,
    hearts_stats,
    reset,
    reset_at,
)
from heartsuite.web.store import FINISHED, PLAYING, Store

router = APIRouter()
RULES = Path(__file__).parent.parent / "rules"
RULE_FILES = {"h2h": "heart-to-heart", "hearts": "hearts"}
PLAY = {"h2h": "/h2h", "hearts": "/hearts"}


def store_of(conn: HTTPConnection) -> Store:
    """The app's store (built by the app factory)."""
    store: Store = conn.app.state.store
    return store


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    today = today_utc(request.app.state.h2h.clock()).isoformat()
    hearts_today = today_utc(request.app.state.hearts.clock()).isoformat()
    return render_page(request, template="home.html", page="home", title_key="app.tagline",
                       module="home", data={"daily_today": today,
                                            "hearts_daily_today": hearts_today},
                       daily_today=today, hearts_daily_today=hearts_today)


@router.get("/api/home")
async def home_data(request: Request) -> dict[str, Any]:
    """What the home page offers to resume."""
    store = store_of(request)
    person = person_of(request)
    current = store.current(person, H2H)
    hearts = store.current(person, HEARTS)
    return {
        "h2h": None if current is None else {"moves": current.moves, "code": current.code},
        "hearts": None if hearts is None or hearts.status != PLAYING else {"code": hearts.code},
    }


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(request: Request) -> HTMLResponse:
    return render_page(request, template="stats.html", page="stats", title_key="stats.title",
                       module="stats")


@router.get("/api/stats")
async def stats_data(request: Request) -> dict[str, Any]:
    store = store_of(request)
    person = person_of(request)
    today = today_utc(request.app.state.h2h.clock())
    hearts_today = today_utc(request.app.state.hearts.clock())
    hearts_rows = store.games(person, HEARTS, (*FINISHED, PLAYING))
    return {"h2h": h2h_stats(store, person), "hearts": hearts_stats(store, person),
            "daily": daily_stats(store.daily_results(person), today),
            "hearts_daily": hearts_daily_stats(hearts_rows, hearts_today),
            "hearts_by_opponents": hearts_by_opponents(store, person),
            "hearts_levels": hearts_levels(store, person),
            "hearts_recent": hearts_recent(store, person),
            "reset": {game: reset_at(store, person, game) for game in GAMES}}


class ResetStats(Strict):
    """Which game's statistics to start again."""

    game: str


@router.post("/api/stats/reset")
async def reset_stats(request: Request, body: ResetStats) -> dict[str, Any]:
    """Start the person's statistics of one game again from now (nothing else changes: a game
    in progress is kept, and counts once finished)."""
    if body.game not in GAMES:
        raise ApiError(400, "bad_game", f"no statistics for {body.game!r}: one of "
                       f"{', '.join(GAMES)}")
    store = store_of(request)
    person = person_of(request)
    reset(store, person, body.game)
    return await stats_data(request)


@router.get("/settings", response_class=HTMLResponse)
async def settings_page(request: Request) -> HTMLResponse:
    """How the pages look: the table's colour, the card back, the suits' colours."""
    return render_page(request, template="settings.html", page="settings",
                       title_key="nav.look", module="settings", themes=THEMES, backs=BACKS,
                       suits=SUITS, back_to=_back_to(request))


# A table's code as the settings page's way back may name it: letters, digits and dashes only, so
# the link can only lead to a table page on this site (an unknown one shows its own "no table").
TABLE_BACK = re.compile(r"[A-Za-z0-9-]{1,40}")


def _back_to(request: Request) -> str:
    """Where the settings page's "back" link leads: the game or table it was opened from (`from`
    h2h, hearts, stats, or table with `table` its code), else home."""
    wanted = request.query_params.get("from", "")
    if wanted == "table":
        code = request.query_params.get("table", "")
        return f"/t/{code}" if TABLE_BACK.fullmatch(code) else "/"
    return {"h2h": "/h2h", "hearts": "/hearts", "stats": "/stats"}.get(wanted, "/")


@router.get("/api/look")
async def get_look(request: Request) -> dict[str, str]:
    return look_of(store_of(request), person_of(request))


@router.put("/api/look")
async def put_look(request: Request, body: LookChange) -> dict[str, str]:
    return change_look(store_of(request), person_of(request), body)


def rules_fragment(lang: str, game: str) -> Markup:
    """The rules text of a game in `lang` (English when it has none yet): an `<article>` whose
    last section, `[data-example]`, receives the replay. The files are the project's own markup,
    so they are trusted as they are."""
    for code in (lang, DEFAULT):
        path = RULES / code / f"{RULE_FILES[game]}.html"
        try:
            return Markup(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return Markup()


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(request: Request, game: str) -> HTMLResponse:
    """A game's rules page; a game we do not have (`/rules/poker`) is an unknown address."""
    if game not in RULE_FILES:
        raise HTTPException(404, f"no rules for {game!r}")
    lang = language_of(request)
    data: dict[str, Any] = {"game": game, "example": RULE_FILES[game]}
    if game == "h2h":
        data |= {"geometry": geometry(),
                 "caption": translate(lang, "rules.example.deal", code=EXAMPLE_CODE)}
    else:
        data |= {"caption": translate(lang, "rules.example.game", code=HEARTS_EXAMPLE_CODE)}
    return render_page(request, template="rules.html", page="rules",
                       title_key=f"rules.title.{game}", module="rules", data=data, game=game,
                       play_href=PLAY[game], fragment=rules_fragment(lang, game))


@router.get("/api/rules/h2h/example")
async def h2h_example() -> dict[str, Any]:
    """The rules page's won deal, every position of its winning line (no secret: it is shown)."""
    return {"code": EXAMPLE_CODE, "frames": frames(Deal.from_code(EXAMPLE_CODE), example_moves())}


@router.get("/api/rules/hearts/example")
async def hearts_example() -> dict[str, Any]:
    """The Hearts rules page's round, card by card."""
    return {"code": HEARTS_EXAMPLE_CODE, "frames": hearts_frames()}


def _shown(path: str, limit: int = 80) -> str:
    """The address as the page repeats it: shortened, so a long one cannot fill the screen."""
    return path if len(path) <= limit else path[:limit - 1] + "…"


def not_found_page(request: Request) -> HTMLResponse:
    """The styled 404 page for an address outside the API: what happened, in the person's
    language, and the ways back (home, either game). Nothing is stored (no person row)."""
    response = render_page(request, template="not_found.html", page="not-found",
                           title_key="notfound.title", module="not_found",
                           path=_shown(request.url.path))
    response.status_code = 404
    return response
