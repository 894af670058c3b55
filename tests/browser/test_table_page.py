"""Hearts with friends in headless Chromium: four people (four browser contexts, four cookies)
at one table. The creator makes it from the Hearts page's "Play with friends" dialog and gets the
invite; three others open the link and take the open seats; a whole round is played with its
pass; one person reloads mid-trick and resumes; one drops (closes the page), a computer takes the
seat after the (short) grace period, and the person comes back and takes it again; a spectator
watches; the game ends for everyone with the revealed seed; all four accept the rematch and go to
the new table. Then every WebSocket frame each context received is audited: no card of another
seat's hand before it is played (but the cards this seat passed), no seed before the end, no
`HT1-` game code ever."""

from __future__ import annotations

import contextlib
import json
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "#hx-hand [data-card]"
CARD = re.compile(r"^(?:[2-9TJQKA][CDHS])$")
ROUNDS = 2  # a short game: two rounds (the second passes the other way)


def hand(page) -> list[str]:
    return page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")


def in_game(page) -> None:
    page.wait_for_selector("#tx-game:not([hidden])")


def pass_three(page) -> list[str]:
    cards = hand(page)[:3]
    for card in cards:
        page.click(f'#hx-hand [data-card="{card}"]')
    page.click("#hx-pass-btn")
    return cards


# What a seated page asks of its person now, in one round trip: a score sheet to close, three
# cards to pass, a card to play.
ASKED = """() => ({
  sheet: !!document.querySelector('#hx-sheet[open]'),
  pass: !!document.querySelector('#hx-pass-btn:not([hidden])')
    && document.querySelectorAll('#hx-hand [data-card]').length === 13,
  play: !!document.querySelector('#hx-hand .hx-card.playable'),
})"""


def step(pages) -> bool:
    """One sweep over the seated pages: close a round's score sheet, pass when asked, play the
    first playable card. Returns whether anything was done."""
    acted = False
    for page in pages:
        if page.is_closed():
            continue
        with contextlib.suppress(PlaywrightError):  # the hand may be redrawn under the click
            asked = page.evaluate(ASKED)
            if asked["sheet"]:
                page.keyboard.press("Escape")
                acted = True
            if asked["pass"]:
                pass_three(page)
                acted = True
            if asked["play"]:
                # a real click at the card (pointer events and all) without Playwright's
                # actionability wait, ~0.2 s a card over a whole game; the hearts page's own
                # tests click with the checks
                page.click("#hx-hand .hx-card.playable", timeout=2000, force=True)
                acted = True
    return acted


def play_until(pages, until, limit_s: float = 90) -> None:
    deadline = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < deadline, "the table did not get there in time"
        if not step(pages):
            pages[0].wait_for_timeout(40)


def trick_size(page) -> int:
    return page.locator("#hx-trick .hx-card").count()


def badge(page, name: str) -> str:
    """The badge on the plate of the seat called `name` (empty when there is none)."""
    return page.evaluate("""(name) => {
      const plate = [...document.querySelectorAll('.hx-seat .hx-plate')]
        .find((p) => p.querySelector('.hx-name')?.textContent === name);
      return plate?.querySelector('.tx-badge')?.textContent ?? '';
    }""", name)


def strings(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def frames_of(person, code: str) -> list[str]:
    """The frames one person received on the sockets of table `code` (not of its rematch)."""
    frames = [text for url, text in person.frames if f"/api/tables/{code}/" in url]
    assert frames, f"{person.name} received nothing from table {code}"
    return frames


def audit(frames: list[str], seat: int | None, record: dict, seed: str) -> None:
    """What one context was sent, frame by frame: a card it may not know yet, the seed before the
    `revealed` event, or a game code is a failure. `seat` None: a spectator, who knows no hand."""
    deals = [r["hands"][seat] if seat is not None else [] for r in record["rounds"]]
    round_index, played, received, revealed = 0, set(), set(), False
    for text in frames:
        assert "HT1-" not in text
        message = json.loads(text)
        event = message.get("event") or {}
        if event.get("kind") == "round":
            round_index, played, received = event.get("round", round_index), set(), set()
        if event.get("kind") == "play":
            played.add(event["card"])
        if event.get("kind") == "revealed":
            revealed = True
        if not revealed:
            assert seed not in text, "the seed was sent before the end"
        if round_index >= len(deals):
            continue
        # What this seat may know: its own cards this round (dealt, and those passed to it:
        # those come in its own `exchange` event and view, and are known from then on, in any
        # later message of the round: a hint, say) and the cards already played.
        view = message.get("view") or {}
        received |= set(view.get("received") or []) | set(event.get("received") or [])
        own = set(deals[round_index]) | received if seat is not None else set()
        known = own | played
        # a refusal echoes the card this client itself sent (`card`): nothing new to it
        shown = {k: v for k, v in message.items() if not (message.get("type") == "refused"
                                                          and k == "card")}
        seen = {s for s in strings(shown) if CARD.match(s)}
        assert seen <= known, (f"seat {seat} was sent {sorted(seen - known)} in round "
                               f"{round_index}: {text[:300]}")


def test_four_people_play_a_table_with_a_drop_a_reload_a_spectator_and_a_rematch(people) -> None:
    # They ask for less motion (a setting people use): the hand then re-centres at once, and a
    # whole game of taps does not wait for every slide to settle (the motion has tests of its own).
    ana, ben, cai, dev = people(["Ana", "Ben", "蔡", "Dev"], reduced_motion="reduce")
    (eve,) = people(["Eve"], reduced_motion="reduce")
    seated = [ana, ben, cai, dev]

    # Ana makes the table from the Hearts page (fast computers, a short game).
    ana.page.goto("/")
    rules = {"variant": "black-lady", "rounds": ROUNDS}
    ana.page.request.put("/api/hearts/prefs", data={"speed": "instant", "rules": rules})
    ana.page.goto("/hearts")
    ana.page.wait_for_selector(HAND)
    ana.page.click("[data-action=friends]")
    dialog = ana.page.locator("#tx-friends")
    dialog.locator("input[name=name]").fill("  Ana  ")
    assert dialog.locator("select[name=rounds]").input_value() == str(ROUNDS)
    assert dialog.locator("[data-seat-field='3']").is_visible()
    dialog.locator("select[name=variant]").select_option("black-maria")
    assert not dialog.locator("[data-seat-field='3']").is_visible()  # three seats in Black Maria
    dialog.locator("select[name=variant]").select_option("black-lady")
    dialog.locator("select[name=rounds]").select_option(str(ROUNDS))  # added from the prefs
    dialog.locator("select[name=timer]").select_option("0")
    ana.page.click("#tx-create")
    ana.page.wait_for_selector("#tx-invite[open]")
    code = ana.page.inner_text("#tx-invite-code")
    link = ana.page.input_value("#tx-invite-link")
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}", code), code
    assert link.endswith(f"/t/{code}")
    ana.page.click("#tx-invite-go")
    ana.page.wait_for_url(f"**/t/{code}")
    ana.page.wait_for_selector("#tx-seats li")
    assert ana.page.locator("#tx-seats li.tx-open").count() == 3
    assert ana.page.is_visible("[data-action=fill]")

    # The others open the link, type a name and take a seat: the last one starts the game.
    for person in (ben, cai, dev):
        person.page.goto(link)
        person.page.wait_for_selector("[data-take]")
        person.page.fill("#tx-name", person.name)
        person.page.click("[data-take]")
        # the seat is theirs (the lobby marks it), or the last seat started the game at once
        person.page.wait_for_function(
            "() => document.querySelector('#tx-seats li.mine')"
            " || document.querySelectorAll('#hx-hand [data-card]').length === 13")
    for person in seated:
        in_game(person.page)
        person.page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === 13")
    # each sees themselves at the bottom and the others clockwise: Ben's left is Cai
    assert ben.page.inner_text(".hx-left .hx-name") == "蔡"
    assert ben.page.inner_text(".hx-right .hx-name") == "Ana"
    assert ana.page.inner_text(".hx-top .hx-name") == "蔡"

    # A spectator sees the public table only, marked as watching.
    eve.page.goto(link)
    in_game(eve.page)
    eve.page.wait_for_selector("#tx-watching:not([hidden])")
    assert eve.page.locator(HAND).count() == 0
    assert eve.page.locator("#hx-hand .hx-card-back").count() == 13

    # The pass, then play until Ben is in the middle of a trick: he reloads and resumes.
    for person in seated:
        pass_three(person.page)
    play_until([p.page for p in seated], lambda: len(hand(ben.page)) <= 10
               and 0 < trick_size(ben.page) < 4)
    before = hand(ben.page)
    ben.page.reload()
    in_game(ben.page)
    ben.page.wait_for_function(
        f"() => document.querySelectorAll('{HAND}').length === {len(before)}")
    assert hand(ben.page) == before

    # Cai drops: after the grace period a computer plays the seat; Cai comes back and takes it.
    cai.page.close()
    ana.page.wait_for_function("() => [...document.querySelectorAll('.tx-badge')]"
                               ".some((b) => b.textContent.includes('computer for now'))",
                               timeout=15_000)
    others = [ana.page, ben.page, dev.page]
    play_until(others, lambda: trick_size(ana.page) == 0)  # the computer plays for Cai meanwhile
    cai.open().goto(link)
    in_game(cai.page)
    ana.page.wait_for_function("() => ![...document.querySelectorAll('.tx-badge')]"
                               ".some((b) => b.textContent)")
    assert badge(ana.page, "蔡") == ""

    # Play to the end: everyone (the spectator too) gets the game-over dialog with the seed.
    pages = [p.page for p in seated]
    play_until(pages, lambda: all(p.query_selector("#hx-over[open]") for p in pages), limit_s=180)
    eve.page.wait_for_selector("#hx-over[open]")
    table = ana.page.request.get(f"/api/tables/{code}").json()["table"]
    seed = table["seed"]
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    for page in [*pages, eve.page]:
        page.wait_for_function(
            "(seed) => document.querySelector('#tx-seed').textContent.includes(seed)", arg=seed)
        assert "heartsuite hearts table verify" in page.inner_text("#tx-verify")
    assert not eve.page.is_visible("#tx-rematch-yes")
    record = ana.page.request.get(f"/api/tables/{code}/record").json()

    # The statistics page counts the game with people apart, per variant (looked at in a
    # second tab before the rematch, so no later table can finish meanwhile).
    stats = ben.page.context.new_page()
    stats.goto("/stats")
    row = stats.locator("#stats-hearts-opponents table[data-group=people] tbody tr")
    row.wait_for()
    assert row.count() == 1
    assert row.locator("th").inner_text() == "Black Lady (standard)"
    assert row.locator("td").first.inner_text() == "1"
    stats.close()

    # Rematch: when all four accept, everyone goes to the new table.
    for page in pages:
        page.click("#tx-rematch-yes")
    for page in pages:
        page.wait_for_url(lambda url: f"/t/{code}" not in url and "/t/" in url, timeout=15_000)
        page.wait_for_function(
            "() => !document.querySelector('#tx-game').hidden"
            " || document.querySelector('#tx-lobby').checkVisibility()", timeout=15_000)

    # The audit of every frame each context received.
    seats = {p.name: s["seat"] for s in table["seats"] for p in seated if s["name"] == p.name}
    assert sorted(seats.values()) == [0, 1, 2, 3]
    for person in seated:
        audit(frames_of(person, code), seats[person.name], record, seed)
    audit(frames_of(eve, code), None, record, seed)
    assert not [e for e in people.errors if "uncaught" in e]


def test_a_table_made_with_omnibus_says_so_in_its_lobby(people) -> None:
    """The "Play with friends" dialog offers Omnibus where the variant has it; the table made
    with it plays it, and its lobby lists it among the rules."""
    (ana,) = people(["Ana"])
    ana.page.goto("/")
    ana.page.request.put("/api/hearts/prefs", data={"speed": "instant"})
    ana.page.goto("/hearts")
    ana.page.wait_for_selector(HAND)
    ana.page.click("[data-action=friends]")
    dialog = ana.page.locator("#tx-friends")
    dialog.locator("input[name=name]").fill("Ana")
    switch = dialog.locator("[data-field=omnibus]")
    dialog.locator("select[name=variant]").select_option("black-maria")
    expect(switch).to_be_hidden()
    dialog.locator("select[name=variant]").select_option("partnership")
    expect(switch).to_be_visible()
    switch.locator("input").check()
    ana.page.click("#tx-create")
    ana.page.wait_for_selector("#tx-invite[open]")
    code = ana.page.inner_text("#tx-invite-code")
    ana.page.click("#tx-invite-go")
    ana.page.wait_for_url(f"**/t/{code}")
    rules = ana.page.locator("#tx-rules li", has_text="Omnibus: jack of diamonds -10")
    expect(rules).to_be_visible()
    table = ana.page.request.get(f"/api/tables/{code}").json()["table"]
    assert table["rules"]["omnibus"] is True and table["rules"]["partnership"] is True
