"""An accessibility audit by axe-core (tools/js, a test-only npm package like TypeScript): every
page and its main dialogs, in English and Arabic at phone size 360×640, in English at desktop
size, and some at 640×360, must have no violation at all — every rule axe runs, every impact.

Each case is a name, a path to open and a setup action that brings the page into the state to
audit (a dialog open, a game being played, a round scored). A new page or dialog is one more line
in CASES; its setup waits for the state it wants, then the audit runs on the whole document."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from heartsuite.h2h.moves import parse_move
from heartsuite.web.site.examples import BLOCKED_CODE, BLOCKED_LINE, EXAMPLE_CODE
from tests.browser.test_h2h_page import win_example_through_the_api
from tests.browser.test_look_page import finish_hearts_games

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "tools/js/node_modules/axe-core/axe.min.js"
PHONE = (360, 640)
DESKTOP = (1366, 768)
HAND = "#hx-hand [data-card]"


# Setup actions ------------------------------------------------------------------------------

def open_dialog(page, dialog: str) -> None:
    page.wait_for_selector(f"#{dialog}[open]")
    # dialogs open with a short animation: audit the settled dialog, not a half-faded one
    page.wait_for_function(
        "(id) => document.getElementById(id).getAnimations({subtree: true})"
        ".every((a) => a.playState !== 'running')", arg=dialog)


def h2h_deal(page, code: str = EXAMPLE_CODE) -> None:
    page.goto(f"/h2h?code={code}")
    expect(page.locator("[data-info=code]")).to_have_text(code)
    expect(page.locator("[data-pos='25']")).to_be_visible()


def h2h_drawn(page) -> None:
    """Three cards drawn: the waste shows its top card and its count."""
    h2h_deal(page)
    for moves in ("1", "2", "3"):
        page.keyboard.press("d")
        expect(page.locator("[data-info=moves]")).to_have_text(moves)


def h2h_menu(page, item: str | None = None, dialog: str = "dlg-menu") -> None:
    h2h_deal(page)
    page.click(".toolbar [data-action=menu]")
    open_dialog(page, "dlg-menu")
    if item is not None:
        page.click(f"#dlg-menu [data-action={item}]")
        open_dialog(page, dialog)


def h2h_won(page) -> None:
    """The example deal won through the API (same cookie), then the page shows its dialog."""
    win_example_through_the_api(page)


def h2h_won_dialog(page) -> None:
    h2h_won(page)
    page.goto("/h2h")
    open_dialog(page, "dlg-won")


def h2h_solution(page) -> None:
    """The won deal's solution, stepped to a position with cards taken and the waste drawn."""
    h2h_won_dialog(page)
    page.click("#dlg-won button[value=solution]")
    open_dialog(page, "dlg-solution")
    for step in range(1, 6):
        page.click("#dlg-solution [data-replay=next]")
        expect(page.locator("#dlg-solution .replay-caption")).to_have_attribute("data-step",
                                                                                str(step))


def h2h_blocked(page) -> None:
    h2h_deal(page, BLOCKED_CODE)
    page.locator("[data-pos='25']").wait_for()
    moves = page.locator("[data-info=moves]")
    for i, move in enumerate(BLOCKED_LINE.split(), 1):
        for target in parse_move(move).taps():
            sel = f"[data-pile='{target}']" if isinstance(target, str) else f"[data-pos='{target}']"
            page.click(sel)
        expect(moves).to_have_text(str(i))
    open_dialog(page, "dlg-blocked")


def fast_hearts(page) -> None:
    page.goto("/")
    response = page.request.put("/api/hearts/prefs", data={"speed": "instant"})
    assert response.ok, response.text()
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    page.wait_for_selector("#hx-pass-btn:not([hidden])")


def hearts_menu(page, item: str | None = None, dialog: str = "hx-menu") -> None:
    fast_hearts(page)
    page.click(".toolbar [data-action=menu]")
    open_dialog(page, "hx-menu")
    if item is not None:
        page.click(f"#hx-menu [data-action={item}]")
        open_dialog(page, dialog)


def hearts_friends(page) -> None:
    fast_hearts(page)
    page.click(".toolbar [data-action=friends]")
    open_dialog(page, "tx-friends")


def hearts_play(page, until: Callable[[], bool]) -> None:
    """The pass, then the first playable card at each turn, until `until()` holds."""
    fast_hearts(page)
    for card in page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")[:3]:
        page.click(f'#hx-hand [data-card="{card}"]')
    page.click("#hx-pass-btn")
    deadline = time.monotonic() + 60
    while not until():
        assert time.monotonic() < deadline, "the table did not get there in time"
        playable = page.query_selector("#hx-hand .hx-card.playable")
        if playable is not None:
            with contextlib.suppress(PlaywrightError):  # the hand may be redrawn under the click
                playable.click(timeout=2000)
        page.wait_for_timeout(30)


def hearts_round_sheet(page) -> None:
    """A whole round played: the score sheet opens by itself."""
    hearts_play(page, lambda: page.query_selector("#hx-sheet[open]") is not None)
    open_dialog(page, "hx-sheet")


def hearts_mid_trick(page) -> None:
    """Two tricks over and cards on the table: the trick, taken points, a playable hand."""
    hearts_play(page, lambda: page.locator(HAND).count() <= 11
                and page.query_selector("#hx-hand .hx-card.playable") is not None)


def hearts_last_trick(page) -> None:
    hearts_mid_trick(page)
    page.keyboard.press("l")
    open_dialog(page, "hx-last")


def new_table(page) -> str:
    """A table of this person's (the API, same cookie) with three open seats; its code."""
    page.goto("/")
    made = page.request.post("/api/tables", data={"name": "Ana", "speed": "instant"})
    assert made.ok, made.text()
    return made.json()["code"]


def home_with_a_table(page) -> None:
    new_table(page)
    page.goto("/")
    page.wait_for_selector("#home-tables:not([hidden]) .home-table")


def table_lobby(page) -> str:
    """The lobby of the person's new table, as its creator sees it."""
    code = new_table(page)
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-seats li.tx-open")
    page.wait_for_selector("[data-action=fill]:not([hidden])")
    return code


def table_lobby_guest(page) -> None:
    """The lobby as someone who opened the invite sees it: the name field, seats to take."""
    code = new_table(page)
    page.context.clear_cookies()  # from here on, another person
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-join:not([hidden])")
    page.wait_for_selector("[data-take]")


def table_play(page) -> None:
    table_lobby(page)
    page.click("[data-action=fill]")
    page.wait_for_selector("#tx-game:not([hidden])")
    page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 13")
    page.wait_for_selector("#hx-pass-btn:not([hidden])")


def table_menu(page) -> None:
    table_play(page)
    page.click("#tx-game .toolbar [data-action=menu]")
    open_dialog(page, "hx-menu")


def rules_stepped(game: str) -> Callable[[object], None]:
    def setup(page) -> None:
        page.goto(f"/rules/{game}")
        page.click("#example-replay [data-replay=next]")
        expect(page.locator("#example-replay .replay-caption")).to_have_attribute("data-step", "1")
    return setup


def stats_with_a_deal(page) -> None:
    h2h_won(page)
    page.goto("/stats")
    expect(page.locator("table.deals")).to_contain_text(EXAMPLE_CODE)


def opened(path: str, ready: str = "body") -> Callable[[object], None]:
    def setup(page) -> None:
        page.goto(path)
        page.wait_for_selector(ready)
    return setup


@dataclass(frozen=True)
class Case:
    name: str
    setup: Callable[[object], None]


def look_page(page) -> None:
    """The appearance settings with high contrast and four-colour suits chosen."""
    page.goto("/")
    assert page.request.put("/api/look", data={"theme": "contrast", "suits": "four"}).ok
    page.goto("/settings")
    page.wait_for_selector("main input[type=radio]")


def hearts_high_contrast(page) -> None:
    """The Hearts hand in the high-contrast theme with four-colour suits."""
    page.goto("/")
    assert page.request.put("/api/look", data={"theme": "contrast", "suits": "four"}).ok
    fast_hearts(page)


def h2h_daily(page) -> None:
    """Today's daily deal: its date line above the table."""
    page.goto("/h2h?daily=")
    page.wait_for_selector("#daily-line:not([hidden])")
    expect(page.locator("[data-pos='25']")).to_be_visible()


def home_daily(page) -> None:
    """The home page once its daily deal card has its status."""
    page.goto("/")
    page.wait_for_selector(".home-daily")
    page.wait_for_load_state("networkidle")


def hearts_daily(page) -> None:
    """Today's Hearts daily game: its date line above the table."""
    page.goto("/")
    assert page.request.put("/api/hearts/prefs", data={"speed": "instant"}).ok
    page.goto("/hearts?daily=")
    page.wait_for_selector("#hx-daily-line:not([hidden])")
    page.wait_for_selector("#hx-pass-btn:not([hidden])")


def hearts_undo(page) -> None:
    """Undo on: after the person's first card the Undo button shows."""
    page.goto("/")
    assert page.request.put("/api/hearts/prefs", data={"undo": True, "autoplay": "off"}).ok
    hearts_play(page, lambda: page.is_visible("#hx-undo-btn"))


def stats_with_hearts(page) -> None:
    """Statistics with finished Hearts games: the rows per variant and level and the chart."""
    page.goto("/")
    finish_hearts_games(page, SERVER[0], [("black-lady", "easy"), ("spot", "hard")])
    page.goto("/stats")
    page.wait_for_selector("#stats-hearts-chart svg.chart")
    page.wait_for_selector("#stats-hearts-levels tbody tr")


CASES = [
    Case("home", opened("/", "main")),
    Case("home-with-a-table", home_with_a_table),
    Case("home-daily", home_daily),
    Case("settings-look", look_page),
    Case("h2h", h2h_deal),
    Case("h2h-drawn", h2h_drawn),
    Case("h2h-menu", h2h_menu),
    Case("h2h-settings", lambda p: h2h_menu(p, "settings", "dlg-settings")),
    Case("h2h-help", lambda p: h2h_menu(p, "help", "dlg-help")),
    Case("h2h-code", lambda p: h2h_menu(p, "code", "dlg-code")),
    Case("h2h-blocked", h2h_blocked),
    Case("h2h-won", h2h_won_dialog),
    Case("h2h-solution", h2h_solution),
    Case("h2h-daily", h2h_daily),
    Case("hearts", fast_hearts),
    Case("hearts-menu", hearts_menu),
    Case("hearts-settings", lambda p: hearts_menu(p, "settings", "hx-settings")),
    Case("hearts-help", lambda p: hearts_menu(p, "help", "hx-help")),
    Case("hearts-friends", hearts_friends),
    Case("hearts-mid-trick", hearts_mid_trick),
    Case("hearts-last-trick", hearts_last_trick),
    Case("hearts-round-sheet", hearts_round_sheet),
    Case("hearts-undo", hearts_undo),
    Case("hearts-daily", hearts_daily),
    Case("hearts-high-contrast", hearts_high_contrast),
    Case("table-lobby", table_lobby),
    Case("table-lobby-guest", table_lobby_guest),
    Case("table-play", table_play),
    Case("table-menu", table_menu),
    Case("rules-h2h", opened("/rules/h2h", "#example-replay .replay-caption")),
    Case("rules-h2h-stepped", rules_stepped("h2h")),
    Case("rules-hearts", opened("/rules/hearts", "#example-replay .replay-caption")),
    Case("rules-hearts-stepped", rules_stepped("hearts")),
    Case("stats", opened("/stats", "main")),
    Case("stats-with-a-deal", stats_with_a_deal),
    Case("stats-with-hearts-games", stats_with_hearts),
    Case("not-found", opened("/no-such-page", "main")),
    Case("offline", opened("/offline", "main")),
]

# Every case in English and Arabic (right to left) at phone size, and in English at desktop size;
# a phone on its side (640×360) has layouts of its own: every page once, and the games' menus.
# A case is set up once per language and audited at each of its sizes in turn (the viewport
# resized between audits, as a phone turned or a window resized): the setups (a game played to
# a trick or a score sheet) were most of the audit's time.
LANDSCAPE = (640, 360)
LANDSCAPE_EN = ("home", "h2h", "h2h-menu", "hearts", "hearts-menu", "table-play", "rules-hearts",
                "stats", "settings-look")
LANDSCAPE_AR = ("h2h", "hearts")
RUNS = [(case, "en", (PHONE, DESKTOP, LANDSCAPE) if case.name in LANDSCAPE_EN
         else (PHONE, DESKTOP)) for case in CASES]
RUNS += [(case, "ar", (PHONE, LANDSCAPE) if case.name in LANDSCAPE_AR else (PHONE,))
         for case in CASES]

SERVER: list = []  # the live server, for setups that write games straight to its store


# The audit ----------------------------------------------------------------------------------

def describe(violations: list[dict]) -> str:
    """Each violation's rule, impact and help, then every node's target and axe's summary."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])} nodes]")
        for node in v["nodes"]:
            summary = re.sub(r"\s+", " ", node.get("failureSummary") or "")
            lines.append(f"    {json.dumps(node['target'], ensure_ascii=False)}  {summary[:300]}")
    return "\n".join(lines)


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the whole document, every rule it runs by default."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ["violations"]});
      return {passed: result.passes.length, violations: result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target, failureSummary: n.failureSummary}))}))};
    }""")
    assert result["passed"] > 10, "axe-core did not check the page"  # it ran, on a real page
    return result["violations"]


@pytest.fixture
def audited_page(browser, live_server, request) -> Iterator[object]:
    _case, locale, sizes = request.param
    width, height = sizes[0]
    SERVER[:] = [live_server]
    # bypass_csp: axe is injected as a script tag the page's CSP would refuse (the CSP itself is
    # tested by every other browser test)
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale={"en": "en-US", "ar": "ar"}[locale],
                                  base_url=live_server.url, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def resize(page, width: int, height: int) -> None:
    """The viewport at a new size, once the page has laid itself out again: two frames drawn,
    then every finite animation or transition the change started has finished."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() =>"
                  " requestAnimationFrame(done)))")
    page.evaluate("() => Promise.all(document.getAnimations()"
                  ".filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)"
                  ".map((a) => a.finished.catch(() => null)))")


@pytest.fixture
def audited_page_en(browser, live_server) -> Iterator[object]:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  locale="en-US", base_url=live_server.url, bypass_csp=True)
    yield context.new_page()
    context.close()


def run_id(run) -> str:
    case, locale, _sizes = run
    return f"{case.name}-{locale}"


@pytest.mark.parametrize("audited_page", RUNS, ids=[run_id(r) for r in RUNS], indirect=True)
def test_no_accessibility_violations(audited_page, request) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: bash scripts/setup.sh --test installs it (tools/js)")
    case, locale, sizes = request.node.callspec.params["audited_page"]
    page = audited_page
    case.setup(page)
    assert page.get_attribute("html", "lang") == locale
    found = []
    for i, (width, height) in enumerate(sizes):
        if i:
            resize(page, width, height)
        assert page.viewport_size == {"width": width, "height": height}
        violations = axe_violations(page)
        if violations:
            found.append(f"at {width}x{height}:\n{describe(violations)}")
    assert not found, f"axe-core found on {case.name} ({locale}):\n" + "\n".join(found)


def test_the_audit_reports_what_it_finds(audited_page_en) -> None:
    """The audit itself: a button whose name leaves out its visible text, and an image without
    a name, put on the home page, are reported with their rule, impact and node."""
    page = audited_page_en
    page.goto("/")
    page.evaluate("""() => {
      const b = document.createElement("button");
      b.id = "bad-card"; b.className = "btn primary"; b.textContent = "Play";
      b.setAttribute("aria-label", "Queen of spades");
      const img = document.createElement("img");
      img.id = "bad-img"; img.src = "/static/favicon.svg";
      document.querySelector("main").append(b, img);
    }""")
    found = {v["id"]: v for v in axe_violations(page)}
    text = describe(list(found.values()))
    assert set(found) == {"label-content-name-mismatch", "image-alt"}, text
    assert found["image-alt"]["impact"] == "critical"
    assert found["label-content-name-mismatch"]["nodes"][0]["target"] == ["#bad-card"]
    assert "image-alt (critical)" in text and '["#bad-img"]' in text
