"""The look in headless Chromium: a table colour and card back chosen on the settings page hold
after a reload and on both games' pages; the four-colour suits colour the Hearts hand (each card
keeps its suit symbol); the high-contrast theme's texts pass WCAG AA; the statistics page shows a
row per variant and level and the chart of the last games (with its table), and resets one game's
statistics only once the dialog is confirmed."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.sync_api import expect
from test_web_hearts_table import advance

from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng
from heartsuite.web.hearts.table import HeartsTable, TableSettings
from heartsuite.web.store import LOST, WON

pytestmark = pytest.mark.browser

LOOK = ("() => ['theme', 'back', 'suits'].map((n) => document.documentElement.dataset[n])")


def person_of(page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "hs_person")


def test_a_chosen_look_holds_after_a_reload_and_on_both_games(page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Appearance").click()
    page.wait_for_url("**/settings")
    assert page.evaluate(LOOK) == ["felt", "lattice", "two"]
    with page.expect_response(lambda r: r.url.endswith("/api/look") and r.ok):
        page.get_by_role("radio", name="Blue", exact=True).click()
    assert page.evaluate(LOOK)[0] == "blue"
    with page.expect_response(lambda r: r.url.endswith("/api/look") and r.ok):
        page.get_by_role("radio", name="Blue stripes").click()
    page.reload()
    assert page.evaluate(LOOK) == ["blue", "stripes", "two"]
    assert page.is_checked('input[name="theme"][value="blue"]')
    felt = "() => getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"
    assert page.evaluate(felt) == "#1d4a7a"
    page.goto("/hearts")
    page.wait_for_selector(".hx-back svg")
    assert page.evaluate(LOOK) == ["blue", "stripes", "two"]
    assert "29, 74, 122" in page.evaluate("() => getComputedStyle(document.body).backgroundImage")
    # the backs are drawn again as the table arrives: read a back that is drawn
    shown = page.wait_for_function(
        "() => { const svg = document.querySelector('.hx-back svg');"
        " if (!svg) return null;"
        " const d = [getComputedStyle(svg.querySelector('.back-lattice')).display,"
        " getComputedStyle(svg.querySelector('.back-stripes')).display];"
        " return d.includes('') ? null : d; }").json_value()
    assert shown == ["none", "inline"]
    page.goto("/h2h")
    page.wait_for_selector(".pile svg.back")
    assert page.evaluate(LOOK)[:2] == ["blue", "stripes"]
    # from a game's menu to the settings and back to that game
    page.click('[data-action="menu"]')
    page.locator("#dlg-menu").get_by_role("link", name="Appearance").click()
    page.wait_for_url("**/settings?from=h2h")
    page.click("#look-done")
    page.wait_for_url("**/h2h")


# Each hand card, its ink's computed fill and its text, read in one go once all 13 are dealt and
# styled: the hand is drawn again as the game's state arrives, and a card read after it was
# replaced (two round trips, as eval_on_selector_all makes) has no computed style at all.
HAND_FILLS = """() => {
    const cards = [...document.querySelectorAll('#hx-hand [data-card]')].map(e => {
        const svg = e.querySelector('svg.face');
        return [e.dataset.card, getComputedStyle(svg.querySelector('.ink text')).fill,
                svg.textContent];
    });
    return cards.length === 13 && cards.every(c => c[1]) ? cards : null;
}"""


def hand_fills(page) -> list[list[str]]:
    return page.wait_for_function(HAND_FILLS).json_value()


def test_four_colour_suits_colour_the_hearts_hand(page) -> None:
    page.goto("/")
    assert page.request.put("/api/look", data={"suits": "four"}).ok
    page.goto("/hearts")
    cards = hand_fills(page)
    assert len(cards) == 13
    colours = {"S": "rgb(28, 28, 30)", "H": "rgb(198, 40, 40)", "D": "rgb(59, 40, 204)",
               "C": "rgb(16, 130, 138)"}
    glyphs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    for card, fill, text in cards:
        assert fill == colours[card[1]], (card, fill)
        assert glyphs[card[1]] in text  # the symbol stays: colour is never the only cue
    assert len({fill for _, fill, _ in cards}) == len({card[1] for card, _, _ in cards})
    # two colours again: diamonds red like hearts
    assert page.request.put("/api/look", data={"suits": "two"}).ok
    page.reload()
    fills = hand_fills(page)
    assert all(f == ("rgb(198, 40, 40)" if c[1] in "HD" else "rgb(28, 28, 30)")
               for c, f, _ in fills)


# The contrast of every visible text against the solid ground behind it (the first ancestor with
# an opaque background), with the text's and its ancestors' opacity: the lowest ratio and where.
CONTRAST = """() => {
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return m.length > 3 ? m : [...m, 1];
  };
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  const ground = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] >= 0.99) return c;
    }
    return [0, 0, 0, 1];
  };
  const skip = "svg, [hidden], dialog:not([open]), .visually-hidden, option, script";
  let worst = [99, ""];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest(skip)) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    let alpha = 1;
    for (let e = el; e; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
    const fg = parse(getComputedStyle(el).color), bg = ground(el);
    const a = fg[3] * alpha, mix = [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a));
    const [hi, lo] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const where = `${el.tagName}.${el.className}: ${n.textContent.trim().slice(0, 30)}`;
    if (ratio < worst[0]) worst = [ratio, where];
  }
  return worst;
}"""


def finish_hearts_games(page, live_server, plan) -> None:
    """Play whole Hearts games on the server (the person's seat by a seeded random player) and
    store each finished one for the page's person, as the Hearts routes do at a game's end."""
    store = live_server.app.state.store
    person = person_of(page)
    for i, (variant, level) in enumerate(plan):
        rules = dataclasses.replace(Rules.variant_named(variant), target=50)
        table = HeartsTable.new(rules, "HT1-ABCDEFG", TableSettings(level, "instant"))
        advance(table, Rng(i + 1), 50_000)
        assert table.game.is_over
        row = store.create_game(person, "hearts", table.code,
                                {"rules": table.game.rules.to_json()}, table.settings.to_json())
        row.status = WON if table.game.winner == 0 else LOST
        row.result = table.result()
        store.save(row)


@pytest.mark.parametrize("path", ["/settings", "/stats", "/hearts", "/h2h", "/"])
def test_the_high_contrast_theme_passes_wcag_aa_for_text(page, live_server, path) -> None:
    page.goto("/")
    assert page.request.put("/api/look", data={"theme": "contrast"}).ok
    if path == "/stats":
        finish_hearts_games(page, live_server, [("black-lady", "easy")])
    page.goto(path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    ratio, where = page.evaluate(CONTRAST)
    assert ratio >= 4.5, (ratio, where)


def test_the_stats_page_shows_each_variant_and_level_and_the_chart(page, live_server) -> None:
    page.goto("/")
    plan = [("black-lady", "easy"), ("black-lady", "easy"), ("spot", "hard")]
    finish_hearts_games(page, live_server, plan)
    page.goto("/stats")
    rows = page.locator("#stats-hearts-levels tbody tr")
    expect(rows).to_have_count(2)
    assert rows.nth(0).locator("th").inner_text() == "Black Lady (standard)"
    assert rows.nth(0).locator("td").nth(0).inner_text() == "Easy"
    assert rows.nth(0).locator("td").nth(1).inner_text() == "2"
    assert rows.nth(1).locator("th").inner_text() == "Spot Hearts"
    assert rows.nth(1).locator("td").nth(0).inner_text() == "Hard"
    chart = page.locator("#stats-hearts-chart svg.chart")
    expect(chart).to_be_visible()
    assert chart.get_attribute("role") == "img"
    assert chart.locator("title").text_content() == "Points per round in your last games"
    assert "oldest" in chart.locator("desc").text_content()
    assert chart.locator("circle").count() == 3
    page.get_by_text("The same games as a table").click()
    expect(page.locator(".stats-chart-table tbody tr")).to_have_count(3)
    api = page.request.get("/api/stats").json()
    shown = [r.locator("td").last.inner_text() for r in
             page.locator(".stats-chart-table tbody tr").all()]
    assert shown == [f"{g['avg_points']:.1f}".rstrip("0").rstrip(".") for g in api["hearts_recent"]]


def test_reset_asks_first_and_a_cancel_changes_nothing(page, live_server) -> None:
    page.goto("/")
    finish_hearts_games(page, live_server, [("black-lady", "medium")])
    page.goto("/stats")
    games = page.locator('#stats-hearts [data-stat="hearts.games"] .stat-value')
    expect(games).to_have_text("1")
    page.click('[data-reset="hearts"]')
    dialog = page.locator("#dlg-reset")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Reset your Hearts statistics?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(games).to_have_text("1")
    assert page.request.get("/api/stats").json()["hearts"]["games"] == 1
    page.click('[data-reset="hearts"]')
    with page.expect_response(lambda r: r.url.endswith("/api/stats/reset")):
        dialog.get_by_role("button", name="Reset").click()
    expect(page.locator("#stats-hearts .stat-none")).to_have_text("No games finished yet.")
    expect(page.locator('[data-since="hearts"]')).to_be_visible()
    expect(page.locator('[data-since="h2h"]')).to_be_hidden()
    expect(page.locator("#stats-hearts-chart")).to_be_hidden()
    page.reload()
    expect(page.locator("#stats-hearts .stat-none")).to_have_text("No games finished yet.")


def test_a_table_with_people_leads_to_the_settings_and_back(page) -> None:
    """From the table's menu to the settings page, and back to the same seat at the table."""
    page.goto("/")
    seats = [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * 3
    response = page.request.post("/api/tables", data={"name": "Ana", "seats": seats})
    assert response.ok, response.text()
    code = response.json()["code"]
    page.goto(f"/t/{code}")
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length")
    page.click("main .toolbar [data-action=menu]")
    page.locator("#hx-menu").get_by_role("link", name="Appearance").click()
    page.wait_for_url(f"**/settings?from=table&table={code}")
    with page.expect_response(lambda r: r.url.endswith("/api/look") and r.ok):
        page.get_by_role("radio", name="Burgundy", exact=True).click()
    page.click("#look-done")
    page.wait_for_url(f"**/t/{code}")
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length")
    assert page.evaluate(LOOK)[0] == "burgundy"
