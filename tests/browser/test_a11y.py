"""An accessibility audit by axe-core (tools/js, a test-only npm package like TypeScript): every
page and its main dialogs, in English and Arabic at phone size 360×640, in English at desktop
size, and some at 640×360, must have no violation at all — every rule axe runs, every impact.

The states to audit are walked as journeys, as a person would reach them: each step is a name
and an action that takes the page from the previous step's state to its own (a dialog opened, a
game played to a trick, a round scored), and the audit runs on the whole document after every
step. A journey runs once per language in its own browser context; a new page or dialog is one
more step in JOURNEYS. Walking the states in order rather than setting each up from a fresh page
made the audit take half the time: the setups, not axe, were most of it."""

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


# Step actions: each takes the page from the previous step's state to its own -----------------

def open_dialog(page, dialog: str) -> None:
    page.wait_for_selector(f"#{dialog}[open]")
    # dialogs open with a short animation: audit the settled dialog, not a half-faded one
    page.wait_for_function(
        "(id) => document.getElementById(id).getAnimations({subtree: true})"
        ".every((a) => a.playState !== 'running')", arg=dialog)


def close_dialogs(page) -> None:
    """Escape out of every open dialog (one opened from a menu closes back to the page)."""
    for _ in range(3):
        if not page.query_selector("dialog[open]"):
            return
        page.keyboard.press("Escape")
        page.wait_for_timeout(100)
    page.wait_for_function("() => !document.querySelector('dialog[open]')")


def from_menu(item: str | None, dialog: str, menu: str,
              toolbar: str = ".toolbar") -> Callable[[object], None]:
    """Any open dialog closed, the toolbar's menu opened, then `item` in it (if any)."""
    def step(page) -> None:
        close_dialogs(page)
        page.click(f"{toolbar} [data-action=menu]")
        open_dialog(page, menu)
        if item is not None:
            page.click(f"#{menu} [data-action={item}]")
            open_dialog(page, dialog)
    return step


def opened(path: str, ready: str = "body") -> Callable[[object], None]:
    def step(page) -> None:
        page.goto(path)
        page.wait_for_selector(ready)
    return step


def h2h_deal(page, code: str = EXAMPLE_CODE) -> None:
    page.goto(f"/h2h?code={code}")
    expect(page.locator("[data-info=code]")).to_have_text(code)
    expect(page.locator("[data-pos='25']")).to_be_visible()


def h2h_drawn(page) -> None:
    """Three cards drawn on the deal: the waste shows its top card and its count."""
    close_dialogs(page)
    moves = int(page.inner_text("[data-info=moves]"))
    for drawn in range(1, 4):
        page.keyboard.press("d")
        expect(page.locator("[data-info=moves]")).to_have_text(str(moves + drawn))


def h2h_won_dialog(page) -> None:
    """The example deal won through the API (same cookie), then the page shows its dialog."""
    win_example_through_the_api(page)
    page.goto("/h2h")
    open_dialog(page, "dlg-won")


def h2h_solution(page) -> None:
    """The won deal's solution, stepped to a position with cards taken and the waste drawn."""
    page.click("#dlg-won button[value=solution]")
    open_dialog(page, "dlg-solution")
    for step in range(1, 6):
        page.click("#dlg-solution [data-replay=next]")
        expect(page.locator("#dlg-solution .replay-caption")).to_have_attribute("data-step",
                                                                                str(step))


def stats_with_a_deal(page) -> None:
    """Statistics once the example deal is won."""
    page.goto("/stats")
    expect(page.locator("table.deals")).to_contain_text(EXAMPLE_CODE)


def h2h_blocked(page) -> None:
    h2h_deal(page, BLOCKED_CODE)
    moves = page.locator("[data-info=moves]")
    for i, move in enumerate(BLOCKED_LINE.split(), 1):
        for target in parse_move(move).taps():
            sel = f"[data-pile='{target}']" if isinstance(target, str) else f"[data-pos='{target}']"
            page.click(sel)
        expect(moves).to_have_text(str(i))
    open_dialog(page, "dlg-blocked")


def h2h_daily(page) -> None:
    """Today's daily deal: its date line above the table."""
    page.goto("/h2h?daily=")
    page.wait_for_selector("#daily-line:not([hidden])")
    expect(page.locator("[data-pos='25']")).to_be_visible()


def fast_hearts(page) -> None:
    page.goto("/")
    response = page.request.put("/api/hearts/prefs", data={"speed": "instant"})
    assert response.ok, response.text()
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    page.wait_for_selector("#hx-pass-btn:not([hidden])")


def hearts_friends(page) -> None:
    close_dialogs(page)
    page.click(".toolbar [data-action=friends]")
    open_dialog(page, "tx-friends")


def play_until(page, until: Callable[[], bool]) -> None:
    """The pass if one is asked, then the first playable card at each turn, until `until()`."""
    close_dialogs(page)
    if page.is_visible("#hx-pass-btn"):
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


def hearts_mid_trick(page) -> None:
    """Two tricks over and cards on the table: the trick, taken points, a playable hand."""
    play_until(page, lambda: page.locator(HAND).count() <= 11
               and page.query_selector("#hx-hand .hx-card.playable") is not None)


def hearts_last_trick(page) -> None:
    page.keyboard.press("l")
    open_dialog(page, "hx-last")


def hearts_round_sheet(page) -> None:
    """The round played to its end: the score sheet opens by itself."""
    play_until(page, lambda: page.query_selector("#hx-sheet[open]") is not None)
    open_dialog(page, "hx-sheet")


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
    fast_hearts(page)
    play_until(page, lambda: page.is_visible("#hx-undo-btn"))


def look_page(page) -> None:
    """The appearance settings with high contrast and four-colour suits chosen."""
    page.goto("/")
    assert page.request.put("/api/look", data={"theme": "contrast", "suits": "four"}).ok
    page.goto("/settings")
    page.wait_for_selector("main input[type=radio]")


def home_daily(page) -> None:
    """The home page once its daily deal card has its status."""
    page.wait_for_selector(".home-daily")
    page.wait_for_load_state("networkidle")


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


def table_lobby(page) -> None:
    """The lobby of the person's new table, as its creator sees it."""
    code = new_table(page)
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-seats li.tx-open")
    page.wait_for_selector("[data-action=fill]:not([hidden])")


def table_play(page) -> None:
    """Computers fill the open seats: the game, its hand dealt and the pass asked."""
    page.click("[data-action=fill]")
    page.wait_for_selector("#tx-game:not([hidden])")
    page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 13")
    page.wait_for_selector("#hx-pass-btn:not([hidden])")


def table_lobby_guest(page) -> None:
    """The lobby as someone who opened the invite sees it: the name field, seats to take."""
    code = new_table(page)
    page.context.clear_cookies()  # from here on, another person
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-join:not([hidden])")
    page.wait_for_selector("[data-take]")


def replay_stepped(page) -> None:
    page.click("#example-replay [data-replay=next]")
    expect(page.locator("#example-replay .replay-caption")).to_have_attribute("data-step", "1")


def stats_with_hearts(page) -> None:
    """Statistics with finished Hearts games: the rows per variant and level and the chart."""
    page.goto("/")
    finish_hearts_games(page, SERVER[0], [("black-lady", "easy"), ("spot", "hard")])
    page.goto("/stats")
    page.wait_for_selector("#stats-hearts-chart svg.chart")
    page.wait_for_selector("#stats-hearts-levels tbody tr")


@dataclass(frozen=True)
class Step:
    """A state to audit: its name, the action that reaches it from the step before, and whether
    it is audited on a phone on its side too, in English and in Arabic."""
    name: str
    action: Callable[[object], None]
    landscape: tuple[str, ...] = ()


JOURNEYS: list[tuple[Step, ...]] = [
    (Step("home", opened("/", "main"), ("en",)),
     Step("home-daily", home_daily),
     Step("home-with-a-table", home_with_a_table)),
    (Step("settings-look", look_page, ("en",)),
     Step("hearts-high-contrast", fast_hearts)),  # the look chosen above, on the Hearts hand
    (Step("h2h", h2h_deal, ("en", "ar")),
     Step("h2h-menu", from_menu(None, "", "dlg-menu"), ("en",)),
     Step("h2h-settings", from_menu("settings", "dlg-settings", "dlg-menu")),
     Step("h2h-help", from_menu("help", "dlg-help", "dlg-menu")),
     Step("h2h-code", from_menu("code", "dlg-code", "dlg-menu")),
     Step("h2h-drawn", h2h_drawn)),
    (Step("h2h-blocked", h2h_blocked),
     Step("h2h-daily", h2h_daily)),
    (Step("h2h-won", h2h_won_dialog),
     Step("h2h-solution", h2h_solution),
     Step("stats-with-a-deal", stats_with_a_deal)),
    (Step("hearts", fast_hearts, ("en", "ar")),
     Step("hearts-menu", from_menu(None, "", "hx-menu"), ("en",)),
     Step("hearts-settings", from_menu("settings", "hx-settings", "hx-menu")),
     Step("hearts-help", from_menu("help", "hx-help", "hx-menu")),
     Step("hearts-friends", hearts_friends),
     Step("hearts-mid-trick", hearts_mid_trick),
     Step("hearts-last-trick", hearts_last_trick),
     Step("hearts-round-sheet", hearts_round_sheet)),
    (Step("hearts-daily", hearts_daily),
     Step("hearts-undo", hearts_undo)),
    (Step("table-lobby", table_lobby),
     Step("table-play", table_play, ("en",)),
     Step("table-menu", from_menu(None, "", "hx-menu", "#tx-game .toolbar"))),
    (Step("table-lobby-guest", table_lobby_guest),),
    (Step("rules-h2h", opened("/rules/h2h", "#example-replay .replay-caption")),
     Step("rules-h2h-stepped", replay_stepped),
     Step("rules-hearts", opened("/rules/hearts", "#example-replay .replay-caption"), ("en",)),
     Step("rules-hearts-stepped", replay_stepped)),
    (Step("stats", opened("/stats", "main"), ("en",)),
     Step("not-found", opened("/no-such-page", "main")),
     Step("offline", opened("/offline", "main"))),
    (Step("stats-with-hearts-games", stats_with_hearts),),
]

# Every step in English and Arabic (right to left) at phone size, and in English at desktop size;
# a phone on its side (640×360) has layouts of its own: every page once, and the games' menus.
# Each step is audited at its sizes in turn (the viewport resized between audits, as a phone
# turned or a window resized), then the phone size comes back for the next step's action.
LANDSCAPE = (640, 360)
RUNS = [(journey, locale) for journey in JOURNEYS for locale in ("en", "ar")]


def sizes(step: Step, locale: str) -> list[tuple[int, int]]:
    return ([PHONE] + ([DESKTOP] if locale == "en" else [])
            + ([LANDSCAPE] if locale in step.landscape else []))


SERVER: list = []  # the live server, for steps that write games straight to its store


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
    _journey, locale = request.param
    SERVER[:] = [live_server]
    # bypass_csp: axe is injected as a script tag the page's CSP would refuse (the CSP itself is
    # tested by every other browser test)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
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
    journey, locale = run
    return f"{journey[0].name}-{locale}"


def test_every_state_is_in_a_journey_once() -> None:
    names = [step.name for journey in JOURNEYS for step in journey]
    assert len(names) == len(set(names)) >= 38
    assert all(set(step.landscape) <= {"en", "ar"} for journey in JOURNEYS for step in journey)


@pytest.mark.parametrize("audited_page", RUNS, ids=[run_id(r) for r in RUNS], indirect=True)
def test_no_accessibility_violations(audited_page, request) -> None:
    """Each step's state, audited at each of its sizes; every violation of the journey is
    reported with the step and size it was found at."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: bash scripts/setup.sh --test installs it (tools/js)")
    journey, locale = request.node.callspec.params["audited_page"]
    page = audited_page
    found = []
    for step in journey:
        if page.viewport_size != {"width": PHONE[0], "height": PHONE[1]}:
            resize(page, *PHONE)
        try:
            step.action(page)
        except Exception as error:  # the state was not reached: say which, with what was found
            raise AssertionError(f"step {step.name} ({locale}) failed; found before it:\n"
                                 + "\n".join(found)) from error
        assert page.get_attribute("html", "lang") == locale, step.name
        for i, (width, height) in enumerate(sizes(step, locale)):
            if i:
                resize(page, width, height)
            assert page.viewport_size == {"width": width, "height": height}
            violations = axe_violations(page)
            if violations:
                found.append(f"{step.name} at {width}x{height}:\n{describe(violations)}")
    assert not found, f"axe-core found ({locale}):\n" + "\n".join(found)


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
