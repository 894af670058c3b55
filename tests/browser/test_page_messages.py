"""Issue 25's defects of the game pages, second part, as a person meets them in Chromium: messages
that hide nothing a player needs (6), your turn shown on the hand itself (13), a focus ring that
leaves the neighbours' indexes readable (14), a deal that was never winnable said so from the start
(9), and Heart to Heart's lasting sign that the server is down (17)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_hearts_page import HAND, fast_table

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (640, 360), (1366, 768)]  # phone, phone on its side, desktop

# The page's own longest toast: the offline line in its language.
SHOW_TOAST = """() => {
  const el = document.querySelector("#toast");
  const words = JSON.parse(document.querySelector("#i18n-data").textContent).strings;
  el.textContent = words["common.offline"];
  el.classList.add("show");
}"""

def box(page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found, selector
    return found


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def assert_clear(page, message: str, needed: list[str]) -> None:
    """The message's box meets none of the boxes of `needed` (every visible match)."""
    shown = box(page, message)
    assert shown["height"] > 10 and page.inner_text(message).strip(), shown
    for selector in needed:
        boxes = [b for b in (el.bounding_box() for el in page.locator(selector).all()) if b]
        assert boxes, selector
        for other in boxes:
            assert not overlap(shown, other), (message, selector, shown, other)


@pytest.fixture
def sized(browser, live_server):
    contexts = []

    def make(width: int, height: int, locale: str = "en-US"):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                      base_url=live_server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield make
    for context in contexts:
        context.close()


# 6. Messages hide nothing a player needs --------------------------------------------------------

@pytest.mark.parametrize("locale", ["ms", "ur", "hi"])  # the longest, right to left, the tallest
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_toast_leaves_the_info_bar_and_the_table_alone(sized, width, height, locale) -> None:
    page = sized(width, height, locale)
    page.goto("/h2h")
    expect(page.locator("[data-info=code]")).not_to_be_empty()
    page.evaluate(SHOW_TOAST)
    page.wait_for_timeout(300)
    assert_clear(page, "#toast", [".infobar", "#heart", "#piles", ".toolbar"])


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "ms"), (640, 360, "ar"), (1366, 768, "ms")])
def test_hearts_toast_and_connection_line_leave_the_name_plates_alone(sized, width, height,
                                                                       locale) -> None:
    page = sized(width, height, locale)
    # the game's socket goes through a route of the test's: it can drop it and refuse new ones,
    # as a server that went away would
    down, routes = [False], []

    def socket(route) -> None:
        if down[0]:
            route.close(code=1011, reason="down")
        else:
            route.connect_to_server()
            routes.append(route)

    page.route_web_socket(re.compile(r".*/api/hearts/games/.*/ws$"), socket)
    fast_table(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    plates = [".hx-seat:not([hidden]) .hx-plate", ".hx-my-plate", HAND]
    page.evaluate(SHOW_TOAST)
    page.wait_for_timeout(300)
    assert_clear(page, "#toast", plates)
    expect(page.locator("#hx-conn")).to_be_hidden()
    down[0] = True
    for route in routes:
        route.close(code=1011, reason="gone")
    expect(page.locator("#hx-conn")).to_be_visible()
    page.wait_for_timeout(300)
    assert_clear(page, "#hx-conn", plates)
    down[0] = False  # back: the page reconnects by itself and the line goes
    expect(page.locator("#hx-conn")).to_be_hidden(timeout=15_000)


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "en-US"), (640, 360, "ar"), (1366, 768, "ar")])
def test_a_table_page_toast_leaves_the_other_players_plates_alone(sized, width, height,
                                                                  locale) -> None:
    page = sized(width, height, locale)
    page.goto("/")
    made = page.request.post("/api/tables", data={"name": "Ana", "speed": "instant"})
    assert made.ok, made.text()
    code = made.json()["code"]
    assert page.request.post(f"/api/tables/{code}/start", data={"fill": True}).ok
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-game:not([hidden])")
    page.wait_for_selector(HAND)
    page.evaluate(SHOW_TOAST)
    page.wait_for_timeout(300)
    assert_clear(page, "#toast", [".hx-seat:not([hidden]) .hx-plate", ".hx-my-plate"])


# 13. Your turn shows on the hand itself ---------------------------------------------------------

HAND_LOOK = """() => {
  const hand = document.querySelector("#hx-hand");
  const card = hand.querySelector(".hx-card:not(.dimmed)") || hand.querySelector(".hx-card");
  const band = getComputedStyle(hand, "::before");
  return { mine: hand.classList.contains("my-turn"), waiting: hand.classList.contains("waiting"),
           filter: getComputedStyle(card).filter,
           band: band.content !== "none" && band.content !== "",
           translate: getComputedStyle(hand).translate };
}"""


def test_the_hand_is_lit_on_your_turn_and_dimmed_otherwise(page) -> None:
    fast_table(page, speed="slow")
    page.goto("/hearts")
    page.wait_for_selector("#hx-pass-btn:not([hidden])")
    page.wait_for_timeout(300)
    look = page.evaluate(HAND_LOOK)  # choosing the pass: your move
    assert look["mine"] and not look["waiting"] and look["band"], look
    assert look["filter"] == "none" and look["translate"] != "none", look
    cards = page.eval_on_selector_all(HAND, "els => els.slice(0, 3).map(e => e.dataset.card)")
    for card in cards:
        page.click(f'#hx-hand [data-card="{card}"]')
    page.click("#hx-pass-btn")
    seen = {"mine": False, "waiting": False}
    for _ in range(400):  # slow computers: both states come by within the first tricks
        look = page.evaluate(HAND_LOOK)
        if look["waiting"]:
            assert not look["mine"] and not look["band"], look
            assert "brightness" in look["filter"], look
            seen["waiting"] = True
        elif look["mine"] and page.query_selector("#hx-hand .hx-card.playable"):
            assert look["band"] and look["filter"] == "none", look
            seen["mine"] = True
            if seen["waiting"]:
                break
            page.click("#hx-hand .hx-card.playable")
        page.wait_for_timeout(50)
    assert seen == {"mine": True, "waiting": True}


# 14. The focus ring leaves the neighbours' indexes readable -------------------------------------

# Each card's corner index (its top-left corner, where the rank is printed): which cards show it,
# i.e. are the topmost element there. Focusing any card must not change that set.
INDEXES_SHOWN = """(selector) => Array.from(document.querySelectorAll(selector)).filter((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width * 0.12, r.top + r.height * 0.1);
  return hit !== null && el.contains(hit);
}).map((el) => el.dataset.card || el.dataset.index || el.getAttribute("aria-label"))"""

FOCUS_EACH = """(selector) => {
  const check = (sel) => Array.from(document.querySelectorAll(sel)).filter((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width * 0.12, r.top + r.height * 0.1);
    return hit !== null && el.contains(hit);
  }).length;
  const cards = Array.from(document.querySelectorAll(selector)).filter((el) => el.tabIndex >= -1
    && !el.disabled);
  const counts = [];
  for (const el of cards) {
    el.focus();
    counts.push([el.dataset.card || el.getAttribute("aria-label"), el.matches(":focus-visible"),
                 check(selector)]);
  }
  return counts;
}"""


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "en-US"), (640, 360, "ar"), (1366, 768, "en-US")])
@pytest.mark.parametrize(("path", "cards"), [("/h2h", "#heart .card:not(.gone)"),
                                              ("/hearts", HAND)])
def test_a_focused_card_hides_no_neighbours_index(sized, path, cards, width, height,
                                                  locale) -> None:
    page = sized(width, height, locale)
    fast_table(page)
    page.goto(path)
    page.wait_for_selector(cards)
    page.wait_for_timeout(400)
    page.keyboard.press("Tab")  # keyboard use: focus is visible from here on
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    shown = len(page.evaluate(INDEXES_SHOWN, cards))
    assert shown >= 10
    for card, visible, count in page.evaluate(FOCUS_EACH, cards):
        assert visible, card
        assert count == shown, (card, count, shown)


# 9. A deal that was never winnable ---------------------------------------------------------------

NEVER_CODE = "HH1-N-AAAAAAB"  # no line of play wins it


@pytest.mark.parametrize("locale", ["en-US", "hi", "ms", "ar", "ur"])
def test_a_deal_never_winnable_says_so_from_the_start(sized, locale) -> None:
    page = sized(360, 640, locale)
    page.goto("/")
    page.request.put("/api/h2h/prefs", data={"show_winnable": True})
    page.goto(f"/h2h?code={NEVER_CODE}")
    expect(page.locator("[data-info=code]")).to_have_text(NEVER_CODE)
    words = page.evaluate("JSON.parse(document.querySelector('#i18n-data').textContent).strings")
    assert words["h2h.status.never"] != words["h2h.status.lost"]
    expect(page.locator("#winnable-line")).to_have_text(words["h2h.status.never"])
    page.click(".toolbar [data-action=hint]")
    expect(page.locator("#toast")).to_have_text(words["h2h.hint.never"])
    assert page.request.get("/api/h2h/current").json()["game"]["hints_used"] == 0


# 17. Heart to Heart's lasting sign that the server is down --------------------------------------

@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "en-US"), (360, 640, "ur"), (360, 640, "ms"),
                          (640, 360, "ms"), (640, 360, "ar"), (1366, 768, "ar")])
def test_the_server_down_shows_a_banner_refuses_taps_and_retries(sized, width, height,
                                                                 locale) -> None:
    from heartsuite.web.site.examples import EXAMPLE_CODE

    page = sized(width, height, locale)
    page.goto(f"/h2h?code={EXAMPLE_CODE}")
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    taps: list[str] = []
    page.on("request", lambda r: taps.append(r.url) if r.url.endswith("/tap") else None)
    banner = page.locator("#conn")
    expect(banner).to_be_hidden()
    page.context.set_offline(True)
    page.click("[data-pile=stock]")  # the tap that finds the server gone
    expect(banner).to_be_visible()
    expect(page.locator("[data-info=moves]")).to_have_text("0")
    assert len(taps) == 1
    page.click("[data-pile=stock]")  # refused at once, visibly, and not sent
    expect(page.locator("[data-pile=stock]")).to_have_class(re.compile(r"\bshake\b"))
    expect(banner).to_have_class(re.compile(r"\bflash\b"))
    assert len(taps) == 1
    page.wait_for_timeout(500)
    expect(banner).to_be_visible()  # lasting, not a toast
    assert_clear(page, "#conn", [".infobar", "#heart", "#piles", ".toolbar"])
    retry = banner.get_by_role("button")
    retry_box = retry.bounding_box()
    assert retry_box and retry_box["height"] >= 44
    retry.click()  # still down: the banner stays
    page.wait_for_timeout(300)
    expect(banner).to_be_visible()
    page.context.set_offline(False)
    retry.click()
    expect(banner).to_be_hidden()
    page.click("[data-pile=stock]")
    expect(page.locator("[data-info=moves]")).to_have_text("1")
