"""The Hearts daily game in real Chromium: the menu's "Daily game" with the date starts it (asking
first, as a game under way would be left), the line above the table says whose date it is, and
the game is the date's code (stored, and its first hand the date's deal); a link to an earlier date
is a replay, a later date is refused with a message; the line keeps the table on a phone; a day
won shows on the home page's Hearts daily card and on the statistics page."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from heartsuite.hearts.cards import texts
from heartsuite.hearts.daily import DAILY_RULES, daily_code, daily_number
from heartsuite.hearts.deal import deal_hands
from heartsuite.web.store import WON
from tests.browser.test_hearts_play import HAND, hand, pass_three, prefs
from tests.browser.test_look_page import person_of

pytestmark = pytest.mark.browser

DAY = dt.date(2026, 12, 4)
NOON = dt.datetime(2026, 12, 4, 12, tzinfo=dt.UTC).timestamp()


@pytest.fixture
def on_day(live_server) -> Iterator[None]:
    """The server's Hearts daily clock at noon UTC on DAY (the test cannot straddle midnight)."""
    tables = live_server.app.state.hearts
    tables.clock = lambda: NOON
    yield
    tables.clock = time.time


def test_the_menu_starts_the_daily_game_of_the_day(page, live_server, on_day) -> None:
    prefs(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    expect(page.locator("#hx-daily-line")).to_be_hidden()
    pass_three(page)  # an ordinary game under way: leaving it is asked first
    page.wait_for_selector("#hx-pass-btn", state="hidden")
    page.click(".toolbar [data-action=menu]")
    entry = page.locator("#hx-menu [data-action=daily]")
    expect(entry).to_contain_text("Daily game")
    expect(entry).to_contain_text("December 4, 2026")
    box = entry.bounding_box()
    assert box is not None and box["height"] >= 44
    entry.click()
    confirm = page.locator("#hx-confirm")
    expect(confirm).to_be_visible()
    confirm.locator("button[value=new]").click()
    expect(page.locator("#hx-daily-line")).to_have_text("Daily game of December 4, 2026")
    # the game is the date's: its stored code, and the hand dealt to the person in its first round
    current = page.request.get("/api/hearts/current").json()["game"]
    assert current["daily"]["date"] == "2026-12-04" and current["code"] is None
    assert live_server.app.state.store.game(current["id"]).code == daily_code(DAY)
    dealt = texts(deal_hands(DAILY_RULES, daily_number(DAY), 0)[0])
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length === 13")
    assert sorted(hand(page)) == sorted(dealt)
    # the menu again: the date's game in play goes on, nothing asked
    page.click(".toolbar [data-action=menu]")
    page.locator("#hx-menu [data-action=daily]").click()
    expect(confirm).to_be_hidden()
    assert page.request.get("/api/hearts/current").json()["game"]["id"] == current["id"]


def test_a_link_to_an_earlier_date_is_a_replay_and_a_later_one_is_refused(
        page, live_server, on_day) -> None:
    prefs(page)
    page.goto("/hearts?daily=2026-12-01")
    expect(page.locator("#hx-daily-line")).to_contain_text("Daily game of December 1, 2026")
    expect(page.locator("#hx-daily-line")).to_contain_text("replayed")
    current = page.request.get("/api/hearts/current").json()["game"]
    assert live_server.app.state.store.game(current["id"]).code == \
        daily_code(dt.date(2026, 12, 1))
    page.goto("/hearts?daily=2026-12-05")
    expect(page.locator("#toast")).to_contain_text("There is no daily game for that date")
    page.wait_for_selector(HAND)  # the person's own game goes on
    assert page.request.get("/api/hearts/current").json()["game"]["id"] == current["id"]


INSIDE = """() => [...document.querySelectorAll(
    "#hx-daily-line, #hx-hand [data-card], .hearts > .toolbar .tool, .hx-seat:not([hidden])")]
  .map((el) => { const r = el.getBoundingClientRect();
    return { what: el.id || el.dataset.card || el.dataset.action || el.className,
             inside: r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0
               && r.right <= innerWidth + 0.5 }; })
  .filter((x) => !x.inside)"""


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["upright", "on-its-side"])
def test_the_daily_line_keeps_the_table_on_a_phone_screen(browser, live_server, on_day,
                                                         size) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="en-US", base_url=live_server.url)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        prefs(page)
        page.goto("/hearts?daily=")
        expect(page.locator("#hx-daily-line")).to_have_text("Daily game of December 4, 2026")
        page.wait_for_function(
            "() => document.querySelectorAll('#hx-hand [data-card]').length === 13")
        dismiss = page.locator("#hx-first-visit [data-action=dismiss-intro]")
        if dismiss.is_visible():
            dismiss.click()
        assert page.evaluate(INSIDE) == []
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    finally:
        context.close()


def test_a_day_won_shows_on_the_home_card_and_the_statistics(page, live_server, on_day) -> None:
    page.goto("/")
    card = page.locator(".home-hearts-daily")
    expect(card).to_contain_text("Hearts · Daily game")
    expect(card).to_contain_text("December 4, 2026")
    expect(card.get_by_role("link", name="Play the daily game")).to_have_attribute(
        "href", "/hearts?daily=2026-12-04")
    # today's game, won on the day, stored as the Hearts routes store it at its end
    store = live_server.app.state.store
    row = store.create_game(person_of(page), "hearts", daily_code(DAY),
                            {"rules": DAILY_RULES.to_json()},
                            {"strength": "medium", "speed": "instant", "undo": False,
                             "daily": "2026-12-04", "daily_played": True, "daily_over": True})
    row.status, row.score, row.result = WON, 42, {"rounds": 6, "points": 42}
    store.save(row)
    page.reload()
    expect(page.locator("#home-hearts-daily-status")).to_have_text(
        "Won today with 42 points · Streak: 1 day")
    page.goto("/stats")
    expect(page.locator("[data-stat='hearts_daily.streak'] .stat-value")).to_have_text("1")
    expect(page.locator("[data-stat='hearts_daily.won'] .stat-value")).to_have_text("1")
    day = page.locator("#stats-hearts-daily-days .daily-day[data-date='2026-12-04']")
    expect(day).to_contain_text("Won on the day")
    expect(day).to_contain_text("Lowest final score: 42")
    expect(day.get_by_role("link")).to_have_attribute("href", "/hearts?daily=2026-12-04")
