"""The daily deal in real Chromium: from the home page to the date's deal, won through real taps
with the solver's shortest solution; the win dialog says the moves against the best possible and
the streak while the celebration plays (taking no taps); the statistics page shows the day; the
menu starts it too; under prefers-reduced-motion there is no celebration at all."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from heartsuite import solver
from heartsuite.h2h.state import State
from heartsuite.solver.daily import daily_deal
from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves
from tests.browser.test_h2h_page import open_deal, play

pytestmark = pytest.mark.browser

DAY = dt.date(2026, 12, 4)
NOON = dt.datetime(2026, 12, 4, 12, tzinfo=dt.UTC).timestamp()


@pytest.fixture
def on_day(live_server) -> Iterator[None]:
    """The server's daily clock at noon UTC on DAY (the test cannot straddle midnight)."""
    sessions = live_server.app.state.h2h
    sessions.clock = lambda: NOON
    yield
    sessions.clock = time.time


def test_play_the_daily_deal_from_the_home_page_to_a_win(page, on_day) -> None:
    deal = daily_deal(DAY)
    line = solver.solve(State.initial(deal), shortest=True)
    assert line is not None
    page.goto("/")
    daily = page.locator(".home-daily")
    expect(daily).to_contain_text("Daily deal")
    expect(daily).to_contain_text("December 4, 2026")
    daily.get_by_role("link", name="Play the daily deal").click()
    expect(page.locator("[data-info=code]")).to_have_text(deal.code or "")
    expect(page.locator("#daily-line")).to_have_text("Daily deal of December 4, 2026")
    play(page, line)
    dialog = page.locator("#dlg-won")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"{len(line)} moves, best possible {len(line)}")
    expect(dialog).to_contain_text("Daily streak: 1 day (best 1)")
    # The celebration plays over the dialog and takes no taps: the buttons are the ones hit.
    layer = page.locator(".celebration")
    expect(layer).to_be_attached()
    assert page.evaluate("document.getAnimations().length") > 0
    hit = page.evaluate("""() => {
      const link = document.querySelector('#dlg-won a[href="/stats"]');
      const box = link.getBoundingClientRect();
      const x = box.x + box.width / 2, y = box.y + box.height / 2;
      return link.contains(document.elementFromPoint(x, y));
    }""")
    assert hit
    expect(layer).not_to_be_attached(timeout=3000)  # gone after about 1.5 s
    dialog.get_by_role("link", name="Statistics").click()
    expect(page.locator("[data-stat='daily.streak'] .stat-value")).to_have_text("1")
    expect(page.locator("[data-stat='daily.won'] .stat-value")).to_have_text("1")
    day = page.locator(".daily-day[data-date='2026-12-04']")
    expect(day).to_contain_text("Won on the day")
    expect(day).to_contain_text(f"{len(line)} moves, best possible {len(line)}")
    # the home page now says so
    page.goto("/")
    expect(page.locator("#home-daily-status")).to_have_text(
        f"Solved today in {len(line)} moves · Streak: 1 day")


def test_the_menu_starts_the_daily_deal_and_a_past_day_is_a_replay(page, on_day) -> None:
    open_deal(page, EXAMPLE_CODE)
    page.click("[data-action=menu]")
    entry = page.locator("#dlg-menu [data-action=daily]")
    expect(entry).to_contain_text("Daily deal")
    expect(entry).to_contain_text("December 4, 2026")
    box = entry.bounding_box()
    assert box is not None and box["height"] >= 44
    entry.click()
    expect(page.locator("[data-info=code]")).to_have_text(daily_deal(DAY).code or "")
    expect(page.locator("#daily-line")).to_be_visible()
    page.goto("/h2h?daily=2026-12-01")
    expect(page.locator("[data-info=code]")).to_have_text(daily_deal(dt.date(2026, 12, 1)).code
                                                          or "")
    expect(page.locator("#daily-line")).to_contain_text("replayed")


def test_no_celebration_under_reduced_motion(browser, live_server) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="en-US",
                                  base_url=live_server.url, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        open_deal(page, EXAMPLE_CODE)
        play(page, example_moves())
        expect(page.locator("#dlg-won")).to_be_visible()
        assert page.evaluate("document.querySelector('.celebration')") is None
        assert page.evaluate("document.getAnimations().length") == 0
    finally:
        context.close()


def test_a_win_elsewhere_celebrates_too(page) -> None:
    open_deal(page, EXAMPLE_CODE)
    play(page, example_moves())
    expect(page.locator("#dlg-won")).to_be_visible()
    expect(page.locator(".celebration")).to_be_attached()
    expect(page.locator("#won-daily-block")).to_be_hidden()
