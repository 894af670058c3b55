"""The HTML pages: home, Heart to Heart, statistics, rules; and the statistics API."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from heartsuite.h2h.deal import Deal
from heartsuite.web.h2h import page as h2h_page
from heartsuite.web.h2h import solver_bridge
from heartsuite.web.h2h.routes import frames, geometry
from heartsuite.web.h2h.sessions import KIND as H2H
from heartsuite.web.i18n import DEFAULT, language_of, translate
from heartsuite.web.people import person_of
from heartsuite.web.shell import render_page
from heartsuite.web.site.examples import EXAMPLE_CODE, HEARTS_EXAMPLE_CODE, example_moves
from heartsuite.web.site.rules_examples import hearts_frames
from heartsuite.web.site.stats import h2h_stats, hearts_stats
from heartsuite.web.store import PLAYING

router = APIRouter()
RULES = Path(__file__).parent.parent / "rules"


def _esc(lang: str, key: str, **params: Any) -> str:
    return html.escape(translate(lang, key, **params))


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    lang = language_of(request)

    def card(game: str, name_key: str, play_href: str) -> str:
        return f"""
<article class="game-card game-{game}">
  <div class="game-art" aria-hidden="true" data-art="{game}"></div>
  <div class="game-text">
    <h2>{_esc(lang, name_key)}</h2>
    <p>{_esc(lang, f"home.{game}.blurb")}</p>
    <div class="game-actions" data-resume="{game}">
      <a class="btn primary" href="{play_href}">{_esc(lang, "home.play")}</a>
      <a class="btn" href="/rules/{game}">{_esc(lang, "home.rules")}</a>
    </div>
  </div>
</article>"""

    body = f"""
<section class="home">
  <h2 class="home-title">{_esc(lang, "home.title")}</h2>
  <div class="game-cards">
    {card("h2h", "h2h.title", "/h2h")}
    {card("hearts", "stats.hearts", "/hearts")}
  </div>
  <p class="home-links"><a class="btn" href="/stats">{_esc(lang, "home.stats")}</a></p>
  <p class="home-footer">{_esc(lang, "home.footer")}</p>
</section>"""
    return render_page(request, page="home", title_key="app.tagline", body=body, module="home")


@router.get("/api/home")
async def home_data(request: Request) -> dict[str, Any]:
    """What the home page offers to resume."""
    store = request.app.state.store
    person = person_of(request)
    current = store.current(person, H2H)
    hearts = store.current(person, "hearts")
    return {
        "h2h": None if current is None else {"moves": current.moves, "code": current.code},
        "hearts": None if hearts is None or hearts.status != PLAYING else {"code": hearts.code},
    }


@router.get("/h2h", response_class=HTMLResponse)
async def h2h(request: Request) -> HTMLResponse:
    data = {"geometry": geometry(), **solver_bridge.available()}
    return render_page(request, page="h2h", title_key="h2h.title",
                       body=h2h_page.body(language_of(request)), module="h2h", data=data)


@router.get("/stats", response_class=HTMLResponse)
async def stats_page(request: Request) -> HTMLResponse:
    lang = language_of(request)
    body = f"""
<section class="stats">
  <h2>{_esc(lang, "stats.h2h")}</h2>
  <div id="stats-h2h" class="stat-grid"><p>{_esc(lang, "common.loading")}</p></div>
  <h3>{_esc(lang, "stats.by_deal")}</h3>
  <div id="stats-deals" class="table-wrap"></div>
  <h2>{_esc(lang, "stats.hearts")}</h2>
  <div id="stats-hearts" class="stat-grid"></div>
</section>"""
    return render_page(request, page="stats", title_key="stats.title", body=body, module="stats")


@router.get("/api/stats")
async def stats_data(request: Request) -> dict[str, Any]:
    store = request.app.state.store
    person = person_of(request)
    return {"h2h": h2h_stats(store, person), "hearts": hearts_stats(store, person)}


RULE_FILES = {"h2h": "heart-to-heart", "hearts": "hearts"}


def rules_fragment(lang: str, game: str) -> str:
    """The rules text of a game in `lang` (English when it has none yet): an `<article>` whose
    last section, `[data-example]`, receives the replay."""
    for code in (lang, DEFAULT):
        path = RULES / code / f"{RULE_FILES[game]}.html"
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return ""


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(request: Request, game: Literal["h2h", "hearts"]) -> HTMLResponse:
    lang = language_of(request)
    play = "/h2h" if game == "h2h" else "/hearts"
    data: dict[str, Any] = {"game": game, "example": RULE_FILES[game]}
    if game == "h2h":
        data |= {"geometry": geometry(),
                 "caption": translate(lang, "rules.example.deal", code=EXAMPLE_CODE)}
    else:
        data |= {"caption": translate(lang, "rules.example.game", code=HEARTS_EXAMPLE_CODE)}
    link = f'<a class="btn primary" href="{play}">{_esc(lang, f"rules.play_{game}")}</a>'
    body = f"""
<div class="rules">
  {rules_fragment(lang, game)}
  <p class="rules-play">{link}</p>
</div>"""
    return render_page(request, page="rules", title_key=f"rules.title.{game}", body=body,
                       module="rules", data=data)


@router.get("/api/rules/h2h/example")
async def h2h_example() -> dict[str, Any]:
    """The rules page's won deal, every position of its winning line (no secret: it is shown)."""
    return {"code": EXAMPLE_CODE, "frames": frames(Deal.from_code(EXAMPLE_CODE), example_moves())}


@router.get("/api/rules/hearts/example")
async def hearts_example() -> dict[str, Any]:
    """The Hearts rules page's round, card by card."""
    return {"code": HEARTS_EXAMPLE_CODE, "frames": hearts_frames()}
