"""Heart to Heart in real Chromium: win by tapping a known winning line, get stuck and see the
dialog, undo, keyboard shortcuts, reload and resume, a bad code, Arabic right to left."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from heartsuite.h2h.moves import parse_move
from heartsuite.web.site.examples import BLOCKED_CODE, BLOCKED_LINE, EXAMPLE_CODE, example_moves

pytestmark = pytest.mark.browser


def selector(target: int | str) -> str:
    return f"[data-pile='{target}']" if isinstance(target, str) else f"[data-pos='{target}']"


def play(page, moves) -> None:
    """Tap each move as a person would, waiting for the move counter after each."""
    moves_info = page.locator("[data-info=moves]")
    start = int(moves_info.inner_text())
    for i, move in enumerate(moves, 1):
        for target in move.taps():
            page.click(selector(target))
        expect(moves_info).to_have_text(str(start + i))


def open_deal(page, code: str) -> None:
    page.goto(f"/h2h?code={code}")
    expect(page.locator("[data-info=code]")).to_have_text(code)


def test_win_a_deal_by_tapping(page) -> None:
    open_deal(page, EXAMPLE_CODE)
    expect(page.locator("[data-pos='25']")).to_be_visible()
    play(page, example_moves())
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Score 250")
    expect(dialog).to_contain_text("67 moves")
    expect(page.locator("[data-info=score]")).to_have_text("250")
    for pos in range(1, 26):
        expect(page.locator(f"[data-pos='{pos}']")).to_be_hidden()
    dialog.get_by_role("link", name="Statistics").click()
    expect(page.locator("[data-stat=won] .stat-value")).to_have_text("1")
    expect(page.locator("[data-stat=fewest_moves] .stat-value")).to_have_text("67")
    expect(page.locator("table.deals")).to_contain_text(EXAMPLE_CODE)


def test_blocked_dialog_then_undo(page) -> None:
    open_deal(page, BLOCKED_CODE)
    play(page, [parse_move(m) for m in BLOCKED_LINE.split()])
    dialog = page.locator("#dlg-blocked")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("role", "dialog")
    expect(dialog).to_contain_text("No more moves possible")
    dialog.get_by_role("button", name="Undo").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-info=moves]")).to_have_text("2")
    expect(page.locator("[data-pos='23']")).to_be_visible()


def test_selection_keyboard_and_reload_resume(page) -> None:
    open_deal(page, EXAMPLE_CODE)
    tip = page.locator("[data-pos='25']")
    tip.click()
    expect(tip).to_have_class(re.compile(r"\bselected\b"))
    expect(tip).to_have_attribute("aria-pressed", "true")
    tip.click()
    expect(tip).not_to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("d")
    expect(page.locator("[data-info=moves]")).to_have_text("1")
    page.keyboard.press("u")
    expect(page.locator("[data-info=moves]")).to_have_text("0")
    play(page, example_moves()[:12])
    score = page.locator("[data-info=score]").inner_text()
    stock_label = page.locator("[data-pile=stock]").get_attribute("aria-label")
    page.reload()
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    expect(page.locator("[data-info=moves]")).to_have_text("12")
    expect(page.locator("[data-info=score]")).to_have_text(score)
    expect(page.locator("[data-pile=stock]")).to_have_attribute("aria-label", stock_label)
    expect(page.locator("[data-info=time]")).not_to_have_text("0:00")


def test_a_bad_code_gets_a_clear_message(page) -> None:
    page.goto("/h2h")
    expect(page.locator("[data-info=code]")).to_have_text(re.compile(r"^HH1-N-[A-Z]{7}$"))
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Play a deal by code").click()
    page.fill("#code-input", "HH1-Q-NOPE")
    page.keyboard.press("Enter")
    expect(page.locator("#code-error")).to_contain_text("is not a deal code")
    page.fill("#code-input", EXAMPLE_CODE.lower())
    page.keyboard.press("Enter")
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)


def test_switch_to_arabic_is_right_to_left_and_remembered(page) -> None:
    page.goto("/h2h")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    page.select_option("#lang-select", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


def test_hint_status_line_and_solution(page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})  # a phone: the piles under the heart
    open_deal(page, EXAMPLE_CODE)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hinted")).to_have_count(1)  # the first move of the line is a draw
    expect(page.locator("[data-pile=stock]")).to_have_class(re.compile(r"\bhinted\b"))
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("switch", name=re.compile("Winnable status")).check()
    page.locator("#dlg-settings").get_by_role("button", name="Close").click()
    expect(page.locator("#winnable-line")).to_have_text("Still winnable")
    play(page, example_moves())
    won = page.locator("#dlg-won")
    expect(won).to_contain_text("You used 1 hint.")
    won.get_by_role("button", name="Show solution").click()
    solution = page.locator("#dlg-solution")
    expect(solution.locator(".replay-caption")).to_have_text("The deal, before the first move")
    # the cards of the next move are marked: the deal's first move is a draw, the stock
    marked = solution.locator(".next-move")
    expect(marked).to_have_count(1)
    expect(solution.locator(".pile.stock")).to_have_class(re.compile(r"\bnext-move\b"))
    expect(solution.locator(".replay-legend")).to_have_text(
        "Gold rings mark the cards of the next move.")
    moves = example_moves()
    for step in range(1, 12):
        solution.locator("[data-replay=next]").click()
        expect(solution.locator(".replay-caption")).to_have_attribute("data-step", str(step))
        taken = str(moves[step])
        want = 2 if "-" in taken or taken.startswith("W") else 1
        expect(marked).to_have_count(want)
    expect(solution.locator(".replay-caption")).to_contain_text("Move 11 of 67")
    # the piles' count badges are inside the replay's table, not cut off
    table = solution.locator(".replay-table").bounding_box()
    for badge in solution.locator(".pile .count").all():
        box = badge.bounding_box()
        assert box["y"] >= table["y"] and box["y"] + box["height"] <= table["y"] + table[
            "height"] + 0.5, (box, table)
    # closing it after the win returns to the win dialog; its New game deals the next one
    solution.get_by_role("button", name="Close").click()
    expect(won).to_be_visible()
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    won.get_by_role("button", name="New game").click()
    expect(page.locator("[data-info=moves]")).to_have_text("0")
    expect(page.locator("[data-info=code]")).not_to_have_text(EXAMPLE_CODE)


def test_keyboard_focus_confirm_new_game_and_reduced_motion(browser, live_server) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US",
                                  base_url=live_server.url, reduced_motion="reduce")
    page = context.new_page()
    try:
        open_deal(page, EXAMPLE_CODE)
        tip = page.locator("[data-pos='25']")
        assert page.evaluate(
            "getComputedStyle(document.querySelector('[data-pos=\"25\"]')).transitionDuration"
        ) == "0s"
        box = tip.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44  # a touch target on a 360-px phone
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        tip.focus()
        page.keyboard.press("Enter")
        expect(tip).to_have_class(re.compile(r"\bselected\b"))
        page.keyboard.press("Escape")
        expect(tip).not_to_have_class(re.compile(r"\bselected\b"))
        page.keyboard.press("ArrowDown")
        focused = page.evaluate("document.activeElement.dataset.pile")
        assert focused in ("stock", "waste")
        page.keyboard.press("Enter" if focused == "stock" else "d")
        expect(page.locator("[data-info=moves]")).to_have_text("1")
        page.keyboard.press("n")
        confirm = page.locator("#dlg-confirm")
        expect(confirm).to_be_visible()
        confirm.get_by_role("button", name="Keep playing").click()
        expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
        page.keyboard.press("n")
        confirm.get_by_role("button", name="Start a new game").click()
        expect(page.locator("[data-info=moves]")).to_have_text("0")
        expect(page.locator("[data-info=code]")).not_to_have_text(EXAMPLE_CODE)
    finally:
        context.close()


def test_a_game_ended_in_another_window_continues_with_the_current_one(page) -> None:
    open_deal(page, EXAMPLE_CODE)
    page.click("[data-pile=stock]")
    expect(page.locator("[data-info=moves]")).to_have_text("1")
    other = page.context.new_page()
    other.goto("/h2h?code=HH1-N-AAAAAAB")
    other.locator("#dlg-confirm").get_by_role("button", name="Start a new game").click()
    expect(other.locator("[data-info=code]")).to_have_text("HH1-N-AAAAAAB")
    page.click("[data-pile=stock]")
    expect(page.locator("#toast")).to_contain_text("another window")
    expect(page.locator("[data-info=code]")).to_have_text("HH1-N-AAAAAAB")
    other.close()


def test_the_clock_starts_with_the_first_move_and_pauses_while_hidden(page) -> None:
    open_deal(page, EXAMPLE_CODE)
    time_info = page.locator("[data-info=time]")
    page.wait_for_timeout(1200)
    expect(time_info).to_have_text("0:00")  # no move yet
    page.click("[data-pile=stock]")
    expect(time_info).to_have_text("0:01", timeout=3000)
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    paused = time_info.inner_text()
    page.wait_for_timeout(2200)
    assert time_info.inner_text() == paused
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", {value: "visible", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    expect(time_info).not_to_have_text(paused, timeout=3000)


def test_a_link_with_a_bad_code_says_so_and_deals_a_game(page) -> None:
    page.goto("/h2h?code=HH1-N-NOTACODE")
    expect(page.locator("#toast")).to_contain_text("is not a deal code")
    expect(page.locator("[data-info=code]")).to_have_text(re.compile(r"^HH1-N-[A-Z]{7}$"))


def win_example_through_the_api(page) -> None:
    """The example deal won through the API with the page's cookie (no page drawn meanwhile)."""
    page.goto("/")
    answer = page.request.post("/api/h2h/games", data={"code": EXAMPLE_CODE, "replaces": None})
    view = answer.json()["game"]
    for move in example_moves():
        for target in move.taps():
            tapped = page.request.post(f"/api/h2h/games/{view['id']}/tap", data={
                "target": target, "move": view["moves"], "selected": view["selected"]})
            assert tapped.ok, tapped.text()
            view = tapped.json()["game"]


def test_a_won_game_reopened_shows_its_end_not_a_new_deal(page) -> None:
    """The win happens through the API (same cookie); opening the page then shows the won deal
    and its dialog, and New game there deals the next one."""
    win_example_through_the_api(page)
    page.goto("/h2h")
    dialog = page.locator("#dlg-won")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Score 250")
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    expect(page.locator("[data-info=moves]")).to_have_text("67")
    dialog.get_by_role("button", name="New game").click()
    expect(page.locator("[data-info=moves]")).to_have_text("0")
    expect(page.locator("[data-info=code]")).not_to_have_text(EXAMPLE_CODE)


def test_a_tap_on_a_position_the_game_has_left_redraws_it(page) -> None:
    """Another window (here the API, same cookie) draws a card: the page's next tap was made on
    the old position, so the server refuses it as stale and the page redraws the game as it is,
    without playing the tap."""
    page.goto("/h2h")
    expect(page.locator("[data-info=code]")).to_have_text(re.compile(r"^HH1-N-[A-Z]{7}$"))
    view = page.request.get("/api/h2h/current").json()["game"]
    drawn = page.request.post(f"/api/h2h/games/{view['id']}/tap",
                              data={"target": "stock", "move": 0, "selected": None})
    assert drawn.ok and drawn.json()["game"]["moves"] == 1
    page.locator("[data-pile=stock]").click()
    expect(page.locator("[data-info=moves]")).to_have_text("1")
    assert page.request.get("/api/h2h/current").json()["game"]["moves"] == 1
    page.locator("[data-pile=stock]").click()  # drawn on the redrawn game: played
    expect(page.locator("[data-info=moves]")).to_have_text("2")


def test_restart_this_deal_from_the_menu_asks_first_and_counts_the_game(page) -> None:
    """Menu → Restart this deal: asked first when moves were made (Keep playing changes
    nothing); then the same deal from its first move, the left game counted as played."""
    open_deal(page, EXAMPLE_CODE)
    before = page.request.get("/api/stats").json()["h2h"]["all"]["played"]
    play(page, example_moves()[:3])
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Restart this deal").click()
    confirm = page.locator("#dlg-restart")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("count as lost")
    confirm.get_by_role("button", name="Keep playing").click()
    expect(page.locator("[data-info=moves]")).to_have_text("3")
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Restart this deal").click()
    confirm.get_by_role("button", name="Restart").click()
    expect(page.locator("[data-info=moves]")).to_have_text("0")
    expect(page.locator("[data-info=code]")).to_have_text(EXAMPLE_CODE)
    expect(page.locator("[data-pos='25']")).to_be_visible()
    assert page.request.get("/api/stats").json()["h2h"]["all"]["played"] == before + 1
    play(page, example_moves())  # the restarted deal plays to its win
    expect(page.locator("#dlg-won")).to_be_visible()


@pytest.mark.parametrize(("width", "height", "locale"),
                         [(360, 640, "ur"), (640, 360, "ms"), (1366, 768, "ar")])
def test_the_solution_viewer_fits_with_its_marks_and_badges(browser, live_server, width, height,
                                                            locale) -> None:
    """Issue 25, defect 8, at every size in the longest language and right to left: the viewer
    opened from the win dialog lies on the screen, marks the next move's cards, keeps every
    pile's count badge inside its table on all four sides, and Close returns to the win."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                  base_url=live_server.url)
    page = context.new_page()
    try:
        win_example_through_the_api(page)
        page.goto("/h2h")
        won = page.locator("#dlg-won")
        expect(won).to_be_visible()
        won.locator("button[value=solution]").click()
        solution = page.locator("#dlg-solution")
        expect(solution).to_be_visible()
        page.wait_for_timeout(400)  # the dialog's rise
        expect(solution.locator(".next-move")).to_have_count(1)
        for _ in range(3):  # a few steps on, badges and marks still inside
            solution.locator("[data-replay=next]").click()
        box = solution.bounding_box()
        assert box and box["x"] >= -0.5 and box["y"] >= -0.5
        assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5
        table = solution.locator(".replay-table").bounding_box()
        badges = solution.locator(".pile .count").all()
        assert badges
        for badge in badges:
            b = badge.bounding_box()
            assert b and table, (b, table)
            assert (b["x"] >= table["x"] - 0.5 and b["y"] >= table["y"] - 0.5
                    and b["x"] + b["width"] <= table["x"] + table["width"] + 0.5
                    and b["y"] + b["height"] <= table["y"] + table["height"] + 0.5), (b, table)
        assert solution.locator(".next-move").count() >= 1
        solution.locator("button[value=close]").click()
        expect(won).to_be_visible()
    finally:
        context.close()
