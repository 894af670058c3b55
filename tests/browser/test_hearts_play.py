"""The Hearts page's play features in headless Chromium, through real games: the only legal card
played by itself after a visible pause (on the last trick by default, never when off), claiming
the rest of a round from its button, the longer look at a finished trick at the slow speed (a tap
goes on), taking back a card (and the statistics counting that game apart), and the last trick at
a table with people."""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "#hx-hand [data-card]"


def prefs(page, **values) -> None:
    """The person's Hearts preferences (the request shares the page's cookie)."""
    page.goto("/")
    response = page.request.put("/api/hearts/prefs", data={"speed": "instant", **values})
    assert response.ok, response.text()


def hand(page) -> list[str]:
    return page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")


def pass_three(page) -> None:
    page.wait_for_selector("#hx-pass-btn:not([hidden])")
    for card in hand(page)[:3]:
        page.click(f'#hx-hand [data-card="{card}"]')
    page.click("#hx-pass-btn")


def my_turn(page) -> bool:
    return page.query_selector("#hx-hand .hx-card.playable") is not None


def play(page, until, limit_s: float = 90) -> None:
    """Close the sheet, pass and play the first playable card, until `until(page)` holds."""
    deadline = time.monotonic() + limit_s
    while not until(page):
        assert time.monotonic() < deadline, "not reached in time"
        with contextlib.suppress(PlaywrightError):  # the hand may be redrawn under the click
            if page.query_selector("#hx-sheet[open]"):
                page.keyboard.press("Escape")
            elif page.query_selector("#hx-pass-btn:not([hidden])") and len(hand(page)) == 13:
                pass_three(page)
            elif my_turn(page):
                page.click("#hx-hand .hx-card.playable", timeout=2000)
        page.wait_for_timeout(30)


TRANSITIONS = """() => [document.getElementById("hx-hand"),
                        document.querySelector("#hx-hand .hx-card")]
  .map(el => getComputedStyle(el).transitionDuration)"""


def test_the_last_card_plays_itself_after_a_pause_and_not_when_off(page) -> None:
    prefs(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    # at "instant" the hand does not move by itself either (its cards slid for 180 ms)
    assert {d for ds in page.evaluate(TRANSITIONS) for d in ds.split(", ")} == {"0s"}
    play(page, lambda p: len(hand(p)) == 1 and my_turn(p))
    card = hand(page)[0]
    # lifted and ringed first, so the person sees it go; then played without a tap
    page.wait_for_selector(f'#hx-hand [data-card="{card}"].auto', timeout=3000)
    # Played: the one-card hand is gone (empty, or the next round's hand, which may hold the
    # same card again: waiting for that card to vanish failed when it did, a flake seen on a
    # fresh clone).
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length "
                           "!== 1", timeout=5000)
    # Off: the last card waits for the person
    page.request.put("/api/hearts/prefs", data={"autoplay": "off"})
    page.reload()
    page.wait_for_selector(HAND)
    play(page, lambda p: len(hand(p)) == 1 and my_turn(p))
    page.wait_for_timeout(2500)
    assert len(hand(page)) == 1 and not page.query_selector(".hx-card.auto")
    page.click("#hx-hand .hx-card.playable")
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length !== 1")


def test_always_plays_every_forced_card(page) -> None:
    """Whenever one card only is legal (the two of clubs to lead, a last card of a suit led)."""
    prefs(page, autoplay="always")
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    pass_three(page)
    # the first trick: the holder of the two of clubs must lead it; ours is played by itself
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length === 13"
                           " && !document.querySelector('#hx-pass-btn:not([hidden])')")
    deadline = time.monotonic() + 20
    while "2C" in hand(page):
        assert time.monotonic() < deadline, "the two of clubs was never played by itself"
        page.wait_for_timeout(50)


def test_claim_from_its_button_finishes_the_round_as_proven(page) -> None:
    prefs(page, autoplay="off")
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    # the button shows only when the server says the claim would be accepted: on our turn the
    # table waits for us, so it stays until tapped
    play(page, lambda p: my_turn(p) and p.is_visible("#hx-claim-btn"), limit_s=240)
    before = page.request.get("/api/hearts/last").json()["game"]["state"]
    assert before["claimable"] is True and before["turn"] == 0
    rounds_before = len(before["history"])
    page.evaluate("""() => { window.toasts = []; new MutationObserver(() =>
      window.toasts.push(document.querySelector('#toast').textContent)).observe(
      document.querySelector('#toast'),
      { childList: true, characterData: true, subtree: true }); }""")
    page.click("#hx-claim-btn")
    page.wait_for_function("() => window.toasts.some((t) => "
                           "/You claim the remaining tricks|No points remain/.test(t))")
    # the rest is played out; the round is scored (its sheet opens, or the game is over)
    page.wait_for_selector("#hx-sheet[open], #hx-over[open]", timeout=20_000)
    after = page.request.get("/api/hearts/last").json()["game"]["state"]
    assert len(after["history"]) == rounds_before + 1
    assert sum(after["history"][-1]) in (26, 78)
    assert not page.is_visible("#hx-claim-btn") or after["claimable"]


def test_a_finished_trick_stays_longer_at_slow_speed_and_a_tap_goes_on(page) -> None:
    prefs(page, speed="slow", autoplay="off")
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    assert all("0.18s" in d for d in page.evaluate(TRANSITIONS))  # the hand's motion is kept
    # the line's shows and hides, timed by the page's own clock (a poll from here can see the
    # line late on a loaded machine and would read the look as shorter than it was)
    page.evaluate("""() => {
      const line = document.getElementById("hx-skip");
      window.skipTimes = [];
      new MutationObserver(() => window.skipTimes.push([line.hidden, performance.now()]))
        .observe(line, {attributes: true, attributeFilter: ["hidden"]});
    }""")
    pass_three(page)
    # the first trick: watch it end
    play(page, lambda p: p.is_visible("#hx-skip"), limit_s=60)
    expect(page.locator("#hx-skip")).to_contain_text("Tap or press a key")
    assert page.locator("#hx-trick .hx-card").count() == 4  # the trick is still on the table
    page.wait_for_selector("#hx-skip", state="hidden", timeout=6000)
    (shown, at_shown), (hidden, at_hidden) = page.evaluate("() => window.skipTimes")[:2]
    assert not shown and hidden
    assert at_hidden - at_shown >= 2500  # it stayed for the long look (2.6 s)
    # the next one: a tap on the table goes on at once
    play(page, lambda p: p.is_visible("#hx-skip"), limit_s=60)
    tapped = time.monotonic()
    page.locator("#hx-trick").click()
    page.wait_for_selector("#hx-skip", state="hidden", timeout=1500)
    assert time.monotonic() - tapped < 1.5


def test_undo_takes_back_the_last_card_and_the_game_counts_apart(page) -> None:
    prefs(page, undo=True, autoplay="off")
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    assert page.is_hidden("#hx-undo-btn")
    pass_three(page)
    play(page, lambda p: len(hand(p)) <= 11 and my_turn(p))
    before = hand(page)
    card = page.get_attribute("#hx-hand .hx-card.playable", "data-card")
    page.click(f'#hx-hand [data-card="{card}"]')
    page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === {len(before) - 1}"
                           " && document.querySelector('#hx-hand .hx-card.playable')")
    page.click("#hx-undo-btn")
    expect(page.locator("#toast")).to_contain_text("Your last card was taken back")
    page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === {len(before)}")
    assert hand(page) == before
    state = page.request.get("/api/hearts/last").json()["game"]["state"]
    assert state["undone"] == 1 and state["turn"] == 0
    # a new game: the one left counts apart in the statistics
    page.click("[data-action=new]")
    page.click("#hx-confirm button[value=new]")
    page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 13")
    page.goto("/stats")
    tile = page.locator('[data-stat="hearts.undone"]')
    expect(tile).to_contain_text("1")
    expect(tile).to_contain_text("card taken back")


def test_the_last_trick_at_a_table_with_people(people) -> None:
    (ana,) = people(["Ana"])
    page = ana.page
    page.goto("/")
    made = page.request.post("/api/tables", data={
        "name": "Ana", "speed": "instant", "standin_level": "random",
        "seats": [{"kind": "person"}, *[{"kind": "bot", "level": "easy"}] * 3]})
    assert made.ok, made.text()
    code = made.json()["code"]
    page.goto(f"/t/{code}")
    page.wait_for_selector("#tx-game:not([hidden])")
    page.wait_for_selector(HAND)
    page.evaluate("() => document.activeElement?.blur()")  # not typing in the lobby's name field
    page.keyboard.press("l")
    expect(page.locator(".toast")).to_contain_text("No trick has been taken yet")
    page.wait_for_selector("#hx-pass-btn:not([hidden])")
    for card in hand(page)[:3]:
        page.click(f'#hx-hand [data-card="{card}"]')
    page.click("#hx-pass-btn")
    deadline = time.monotonic() + 60
    while len(hand(page)) > 11 or not my_turn(page):
        assert time.monotonic() < deadline
        with contextlib.suppress(PlaywrightError):
            if my_turn(page):
                page.click("#hx-hand .hx-card.playable", timeout=2000)
        page.wait_for_timeout(40)
    # the last trick event this seat was sent (every seat sees every trick)
    tricks = [json.loads(text)["event"] for _, text in ana.frames
              if '"kind":"trick"' in text.replace(" ", "")]
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Last trick").click()
    dialog = page.locator("#hx-last")
    expect(dialog).to_be_visible()
    shown = dialog.locator("#hx-last-cards li").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == tricks[-1]["cards"]
    names = [n.inner_text() for n in dialog.locator(".hx-last-name").all()]
    assert "You" in names and len(names) == 4 and "Computer (Easy)" in names
    expect(dialog.locator("li.won")).to_have_count(1)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    page.keyboard.press("l")
    expect(dialog).to_be_visible()
    assert not ana.errors
