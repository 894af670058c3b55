"""Issue 25's defects of the game pages, each as a person meets it in Chromium: dimmed Hearts
cards that stay opaque, games not lost without asking, Enter in Hearts' code dialog, touch
targets of 44 px, Black Maria keeping the game length, the wording of the pass prompt and the
rules example, and codes isolated in right-to-left text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_hearts_page import HAND, fast_table, pass_three, play_cards, prompt

from heartsuite.web.site.examples import EXAMPLE_CODE

pytestmark = pytest.mark.browser

OTHER_CODE = "HH1-N-AAAAAAB"


def h2h_with_a_move(page) -> None:
    """A Heart to Heart game in progress (one card drawn) on the example deal."""
    page.goto(f"/h2h?code={EXAMPLE_CODE}")
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    page.click("[data-pile=stock]")
    expect(page.locator("[data-info=moves]")).to_have_text("1")


def played(page) -> int:
    """Heart to Heart games counted in the statistics (won or lost)."""
    return page.request.get("/api/stats").json()["h2h"]["all"]["played"]


# 3. Dimmed cards in the Hearts hand ------------------------------------------------------------

OPACITY = """() => Array.from(document.querySelectorAll("#hx-hand .hx-card.dimmed")).map((el) => {
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const svg = el.querySelector("svg");
  return { card: el.dataset.card, opacity: opacity * Number(getComputedStyle(svg).opacity),
           filter: getComputedStyle(el).filter };
})"""


def test_unplayable_cards_are_dimmed_yet_opaque(page) -> None:
    """A see-through card shows the indexes of the cards under it: dimming is a filter on an
    opaque card."""
    fast_table(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    pass_three(page)
    play_cards(page, lambda p: bool(p.query_selector("#hx-hand .hx-card.dimmed"))
               and bool(p.query_selector("#hx-hand .hx-card.playable")))
    page.wait_for_timeout(400)  # past any transition
    dimmed = page.evaluate(OPACITY)
    assert dimmed
    for card in dimmed:
        assert card["opacity"] == 1, card
        assert "brightness" in card["filter"], card


# 2. A game in progress is not lost without asking ----------------------------------------------

def test_a_deal_by_code_from_the_menu_asks_first(page) -> None:
    h2h_with_a_move(page)
    before = played(page)
    for answer, code in (("Keep playing", EXAMPLE_CODE), ("Start a new game", OTHER_CODE)):
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("button", name="Play a deal by code").click()
        page.fill("#code-input", OTHER_CODE)
        page.keyboard.press("Enter")
        confirm = page.locator("#dlg-confirm")
        expect(confirm).to_be_visible()
        assert played(page) == before  # nothing counted while asking
        confirm.get_by_role("button", name=answer).click()
        expect(page.locator("[data-info=code]")).to_have_text(code)
        expect(page.locator("#dlg-code")).to_be_hidden()
    assert played(page) == before + 1


def test_a_mistyped_code_is_asked_about_once(page) -> None:
    h2h_with_a_move(page)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Play a deal by code").click()
    page.fill("#code-input", "HH1-Q-NOPE")
    page.keyboard.press("Enter")
    page.locator("#dlg-confirm").get_by_role("button", name="Start a new game").click()
    expect(page.locator("#code-error")).to_contain_text("is not a deal code")
    expect(page.locator("[data-info=moves]")).to_have_text("1")  # the game is still there
    page.fill("#code-input", OTHER_CODE)
    page.keyboard.press("Enter")
    expect(page.locator("[data-info=code]")).to_have_text(OTHER_CODE)


def test_play_this_deal_again_from_the_statistics_asks_first(page) -> None:
    h2h_with_a_move(page)
    before = played(page)
    page.goto(f"/h2h?code={OTHER_CODE}")  # the statistics' "Play this deal again" link
    confirm = page.locator("#dlg-confirm")
    expect(confirm).to_be_visible()
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    assert played(page) == before
    confirm.get_by_role("button", name="Keep playing").click()
    expect(page.locator("[data-info=moves]")).to_have_text("1")
    assert played(page) == before
    page.goto(f"/h2h?code={OTHER_CODE}")
    confirm.get_by_role("button", name="Start a new game").click()
    expect(page.locator("[data-info=code]")).to_have_text(OTHER_CODE)
    assert played(page) == before + 1


def hearts_under_way(page) -> None:
    """A Hearts game with a trick played."""
    fast_table(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    pass_three(page)
    # two cards played: the first trick is complete
    play_cards(page, lambda p: p.locator(HAND).count() <= 11)


def test_hearts_play_by_code_asks_first_and_enter_plays(page) -> None:
    hearts_under_way(page)
    game = page.request.get("/api/hearts/current").json()["game"]["id"]
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Play a game by code").click()
    page.fill("#hx-code-input", "HT1-AAAAAAB")
    page.keyboard.press("Enter")  # plays (asks first), does not close the dialog unasked
    confirm = page.locator("#hx-confirm")
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Keep playing").click()
    expect(page.locator("#hx-code")).to_be_hidden()
    assert page.request.get("/api/hearts/current").json()["game"]["id"] == game
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Play a game by code").click()
    page.fill("#hx-code-input", "HT1-NOPE")
    page.keyboard.press("Enter")
    confirm.get_by_role("button", name="Start a new game").click()
    expect(page.locator("#hx-code-error")).to_contain_text("is not a game code")
    expect(page.locator("#hx-code")).to_be_visible()
    page.fill("#hx-code-input", "HT1-AAAAAAB")
    page.keyboard.press("Enter")
    expect(page.locator("#hx-code")).to_be_hidden()
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length === 13")
    assert page.request.get("/api/hearts/current").json()["game"]["id"] != game


def hearts_played(page) -> int:
    """Hearts games counted in the statistics."""
    return page.request.get("/api/stats").json()["hearts"]["games"]


def test_a_hearts_game_with_only_a_pass_made_is_not_left_unasked(page) -> None:
    """A pass is an action: the server would count the game as lost, so New game asks first,
    even before the first trick is over, and nothing is counted while asking or after Keep
    playing."""
    fast_table(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    game = page.request.get("/api/hearts/current").json()["game"]["id"]
    before = hearts_played(page)
    pass_three(page)
    page.wait_for_function("() => !document.querySelector('#hx-pass-btn:not([hidden])')")
    page.click(".toolbar [data-action=new]")
    confirm = page.locator("#hx-confirm")
    expect(confirm).to_be_visible()
    assert hearts_played(page) == before
    confirm.get_by_role("button", name="Keep playing").click()
    expect(confirm).to_be_hidden()
    assert page.request.get("/api/hearts/current").json()["game"]["id"] == game
    assert hearts_played(page) == before
    page.click(".toolbar [data-action=new]")
    confirm.get_by_role("button", name="Start a new game").click()
    page.wait_for_function("() => document.querySelectorAll('#hx-hand [data-card]').length === 13")
    assert page.request.get("/api/hearts/current").json()["game"]["id"] != game
    assert hearts_played(page) == before + 1


# 15. Touch targets ---------------------------------------------------------------------------

@pytest.fixture
def screen(browser, live_server, request):
    width, height, locale = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                  base_url=live_server.url)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("screen", [(360, 640, "ms"), (640, 360, "ar"), (1366, 768, "ur")],
                         indirect=True, ids=lambda p: "{}x{}-{}".format(*p))
@pytest.mark.parametrize(("path", "targets"), [
    ("/h2h", ("[data-action=copy].code-button", "#first-visit [data-action=dismiss-intro]")),
    ("/hearts", ("#hx-first-visit [data-action=dismiss-intro]",)),
])
def test_touch_targets_are_44_px(screen, path, targets) -> None:
    screen.goto(path)
    for target in targets:
        box = screen.locator(target).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (target, box)
    height = screen.viewport_size["height"]
    if path == "/h2h":  # and the heart still fits the screen
        assert screen.evaluate("document.documentElement.scrollHeight") <= height


# 16. Black Maria keeps "Game ends at" ----------------------------------------------------------

def test_choosing_a_variant_keeps_the_game_length(page) -> None:
    fast_table(page)
    page.goto("/hearts")
    page.wait_for_selector(HAND)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    form = page.locator("#hx-settings")
    form.locator("select[name=target]").select_option("50")
    form.locator("select[name=variant]").select_option("black-maria")
    expect(form.locator("select[name=target]")).to_have_value("50")
    # the settings are saved (PUT) once the dialog closes: read them after that answer, not before
    with page.expect_response(lambda r: r.url.endswith("/api/hearts/prefs")
                              and r.request.method == "PUT"):
        form.get_by_role("button", name="Close").click()
    rules = page.request.get("/api/hearts/prefs").json()["rules"]
    assert rules["variant"] == "black-maria" and rules["target"] == 50 and rules["players"] == 3


# 12. Wording ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("locale", "first", "after_one"), [
    ("en-US", "Choose 3 cards to pass left", "Choose 2 more cards to pass left"),
    ("ms", "Pilih 3 kad untuk", "Pilih 2 kad lagi untuk"),
])
def test_the_pass_prompt_says_more_only_after_a_card_is_chosen(browser, live_server, locale,
                                                               first, after_one) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale=locale,
                                  base_url=live_server.url)
    page = context.new_page()
    try:
        fast_table(page)
        page.goto("/hearts")
        page.wait_for_selector("#hx-pass-btn:not([hidden])")
        assert prompt(page).startswith(first)
        page.locator(HAND).first.click()
        expect(page.locator("#hx-prompt-text")).to_contain_text(after_one)
    finally:
        context.close()


def test_the_rules_example_says_you_play(page) -> None:
    page.goto("/rules/hearts")
    caption = page.locator("#example-replay .replay-caption")
    expect(caption).to_contain_text("dealt")
    for _ in range(60):
        page.click("#example-replay [data-replay=next]")
        if caption.inner_text().startswith("You"):
            break
    assert caption.inner_text().startswith("You play the ")


@pytest.mark.parametrize("path", ["/h2h", "/hearts"])
def test_the_shortcuts_list_mentions_its_own_key(page, path) -> None:
    page.goto(path)
    # the page listens for keys once its game is drawn (a fixed wait raced it on a busy machine)
    page.wait_for_selector("#table[aria-busy=false], #hx-table[aria-busy=false]", state="attached")
    page.keyboard.press("?")
    expect(page.locator("dialog[open] .keys")).to_contain_text("?: this list of shortcuts")


# 11. Codes isolated in right-to-left text ------------------------------------------------------

def test_a_bad_code_stays_whole_in_urdu(browser, live_server) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ur",
                                  base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto("/h2h")
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.locator("[data-info=code]")).to_have_text(
            page.request.get("/api/h2h/current").json()["game"]["code"])
        page.click("[data-action=menu]")
        page.click("#dlg-menu [data-action=code]")
        typed = "!!HH1-N-BOGUS-CODE-THAT-IS-LONG"
        page.fill("#code-input", typed)
        page.keyboard.press("Enter")
        code = page.locator("#code-error bdi.code-text")
        expect(code).to_have_text(typed)
        assert code.get_attribute("dir") == "ltr"
        assert page.evaluate("""() => {
          const el = document.querySelector("#code-error bdi.code-text");
          return [getComputedStyle(el).whiteSpace, el.getClientRects().length];
        }""") == ["nowrap", 1]
    finally:
        context.close()
