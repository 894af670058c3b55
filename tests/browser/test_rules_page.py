"""The rules pages' examples step through in the browser: buttons and arrow keys."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_heart_to_heart_example_steps_and_ends_won(page) -> None:
    page.goto("/rules/h2h")
    caption = page.locator("#example-replay .replay-caption")
    expect(caption).to_have_text("The deal, before the first move")
    replay = page.locator("#example-replay")
    # the step buttons are SVG icons named by their labels
    for name in ("Back to the start", "Previous move", "Next move"):
        expect(replay.get_by_role("button", name=name)).to_have_count(1)
    expect(replay.locator("[data-replay=next] svg")).to_be_visible()
    replay.get_by_role("button", name="Next move").click()
    expect(caption).to_have_text("Move 1 of 67: Draw a card from the stock")
    page.locator("#example-replay").focus()
    page.keyboard.press("ArrowLeft")
    expect(caption).to_have_attribute("data-step", "0")
    for _ in range(67):
        page.keyboard.press("ArrowRight")
    expect(caption).to_have_attribute("data-step", "67")
    expect(page.locator("#example-replay [data-replay-pos]:visible")).to_have_count(0)


def test_hearts_example_plays_card_by_card(page) -> None:
    page.goto("/rules/hearts")
    caption = page.locator("#example-replay .replay-caption")
    expect(caption).to_contain_text("dealt")
    next_button = page.locator("#example-replay [data-replay=next]")
    next_button.click()
    expect(page.locator("#example-replay .tc.received")).to_have_count(12)
    next_button.click()
    expect(caption).to_have_text("Bilal plays the Two of clubs.")
    for _ in range(4):
        next_button.click()
    expect(caption).to_contain_text("takes the trick")


OUTSIDE = """() => {
  const table = document.querySelector("#example-replay .tr-table").getBoundingClientRect();
  return Array.from(document.querySelectorAll("#example-replay .tc")).filter((el) => {
    const r = el.getBoundingClientRect();
    return r.left < table.left - 1 || r.right > table.right + 1;
  }).length;
}"""


@pytest.mark.parametrize("width", [1280, 1000, 800, 600, 360])
def test_hearts_example_fits_its_table_at_any_width(page, width) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/rules/hearts")
    page.click("#example-replay [data-replay=next]")  # after the pass: 13 cards each
    expect(page.locator("#example-replay .tc.received")).to_have_count(12)
    assert page.evaluate(OUTSIDE) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
