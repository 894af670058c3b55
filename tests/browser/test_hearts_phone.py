"""Black Maria's 17 cards on a phone: every card in the hand keeps a tappable area of its own,
at least 44 x 44 CSS px (issue 25: cards stay 44 px tappable; WCAG 2.5.5), measured by
hit-testing the page itself rather than trusting the layout arithmetic, on a phone upright and on
its side (the hand in full view, no scrolling), as dealt and with cards raised for the pass.
Measured: 55 x 59 px at 360 px wide (three overlapping rows of six, six and five), 47 x 59 px at
320; 51 x 71 px at 640 x 360 (two overlapping rows of nine and eight, where one row left 35 px)."""

from __future__ import annotations

import pytest
from conftest import REPORT_CSP, csp_violations

pytestmark = pytest.mark.browser

# For each hand card: sample its box every 2 px, keep the points where a tap lands on this card
# (elementFromPoint), and report the size of that exposed region and whether its centre hits too.
EXPOSED = """() => Array.from(document.querySelectorAll("#hx-hand [data-card]")).map((el) => {
  const r = el.getBoundingClientRect();
  const hits = [];
  for (let x = Math.ceil(r.left); x < r.right; x += 2) {
    for (let y = Math.ceil(r.top); y < r.bottom; y += 2) {
      if (document.elementFromPoint(x, y)?.closest("[data-card]") === el) hits.push([x, y]);
    }
  }
  if (!hits.length) return { card: el.dataset.card, width: 0, height: 0, centre: false };
  const xs = hits.map((h) => h[0]);
  const ys = hits.map((h) => h[1]);
  const box = { l: Math.min(...xs), r: Math.max(...xs), t: Math.min(...ys), b: Math.max(...ys) };
  const centre = document.elementFromPoint((box.l + box.r) / 2, (box.t + box.b) / 2);
  return { card: el.dataset.card, width: box.r - box.l + 1, height: box.b - box.t + 1,
           centre: centre?.closest("[data-card]") === el,
           inside: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight };
})"""


@pytest.fixture(params=[(360, 640), (360, 740), (640, 360)],
                ids=["upright", "upright-tall", "on-its-side"])
def phone(request, browser, live_server, console_errors):
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                                  base_url=live_server.url, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    context.add_init_script(REPORT_CSP)
    page = context.new_page()
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not csp_violations(console_errors)


def test_black_maria_hand_cards_are_each_big_enough_to_tap(phone) -> None:
    phone.goto("/")
    response = phone.request.put("/api/hearts/prefs", data={
        "speed": "instant", "rules": {"variant": "black-maria"}})
    assert response.ok
    phone.goto("/hearts")
    phone.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length === 17")
    dismiss = phone.locator("#hx-first-visit [data-action=dismiss-intro]")
    if dismiss.is_visible():
        dismiss.click()
    width, height = phone.viewport_size["width"], phone.viewport_size["height"]
    # the whole hand on screen, with no scrolling
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    assert phone.evaluate("document.documentElement.scrollHeight") <= height
    # as dealt, and with two cards chosen to pass (raised, with a mark)
    for chosen in (0, 2):
        cards = phone.eval_on_selector_all("#hx-hand [data-card]",
                                           "els => els.map(e => e.dataset.card)")
        for card in cards[:chosen]:
            phone.click(f'#hx-hand [data-card="{card}"]')
        phone.wait_for_timeout(300)  # the raise transition
        areas = phone.evaluate(EXPOSED)
        assert len(areas) == 17
        for area in areas:
            assert area["inside"] and area["centre"], area
            assert area["width"] >= 44 and area["height"] >= 44, area
