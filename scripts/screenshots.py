"""Take the screenshots of docs/screenshots (the README shows some): home, both games, the rules and
the statistics at phone portrait (360×640), phone landscape (640×360) and desktop (1366×768) in
English, Arabic, Hindi and Urdu, and a Hearts table with people (invite, lobby, play) at the same
sizes in English and Arabic, with Debian's headless Chromium, against a throwaway server.
Files are named `<page>-<language>-<size>.jpg`.

Usage: python scripts/screenshots.py [OUT_DIR [PAGE ...]]   (PAGE: home h2h hearts rules stats
                                                             table)"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import ARGS, CHROMIUM, LiveServer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves  # noqa: E402

SIZES = {"phone": (360, 640), "phone-landscape": (640, 360), "desktop": (1366, 768)}
LANGUAGES = ("en", "ar", "hi", "ur")
TABLE_LANGUAGES = ("en", "ar")
SHOT = {"type": "jpeg", "quality": 82}


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    only = sys.argv[2:]  # optional page names to limit to
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        server = LiveServer(Path(data))
        server.start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for lang in LANGUAGES:
                for size, (w, h) in SIZES.items():
                    pages_of(browser, server.url, out, lang, size, (w, h), only)
            if not only or "table" in only:
                for lang in TABLE_LANGUAGES:
                    for size, (w, h) in SIZES.items():
                        table_shots(browser, server.url, out, lang, size, (w, h))
        finally:
            browser.close()
            server.stop()
    return 0


def pages_of(browser, url: str, out: Path, lang: str, size: str, viewport: tuple[int, int],
             only: list[str]) -> None:
    """Each page in one language at one size, in a context of its own (its own person)."""
    w, h = viewport
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale=lang, base_url=url,
                              device_scale_factor=2 if w < 700 else 1)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('heartsuite.h2h.intro-seen', '1');"
                         "localStorage.setItem('heartsuite.hearts.intro-seen', '1')")
    page.goto("/")
    page.evaluate(f"document.cookie = 'hs_lang={lang}; path=/'")
    shots = {
        "home": lambda p: p.goto("/"),
        "h2h": lambda p: play_some(p),
        "hearts": lambda p: hearts_after_pass(p),
        "rules": lambda p: p.goto("/rules/hearts"),
        "stats": lambda p: p.goto("/stats"),
    }
    for name, go in shots.items():
        if only and name not in only:
            continue
        go(page)
        page.wait_for_timeout(600)
        page.screenshot(path=str(out / f"{name}-{lang}-{size}.jpg"), **SHOT)
    ctx.close()


def play_some(page) -> None:
    """Open the example deal and play its first moves, leaving a card selected."""
    page.goto(f"/h2h?code={EXAMPLE_CODE}")
    page.wait_for_selector("[data-pos='25']")
    for move in example_moves()[:24]:
        text = str(move)
        if text in ("D", "R"):
            page.click("[data-pile=stock]")
        elif text.startswith("W"):
            page.click(f"[data-pos='{text[1:]}']")
            page.click("[data-pile=waste]")
        else:
            a, b = text.split("-")
            page.click(f"[data-pos='{a}']")
            page.click(f"[data-pos='{b}']")
    page.click("[data-pos='17']")


NAMES = ("Ana", "Bilal", "Chandra", "داليا")


def table_shots(browser, url: str, out: Path, lang: str, size: str,
                viewport: tuple[int, int]) -> None:
    """A table with people: the invite dialog (made from the Hearts page), the lobby with one
    seat still open, then four people at play (after the pass), seen from the second seat."""
    w, h = viewport
    contexts = [browser.new_context(viewport={"width": w, "height": h}, locale=lang, base_url=url,
                                    device_scale_factor=2 if w < 700 else 1) for _ in NAMES]
    try:
        pages = [c.new_page() for c in contexts]
        for page in pages:
            page.add_init_script("localStorage.setItem('heartsuite.hearts.intro-seen', '1')")
            page.goto("/")
            page.evaluate(f"document.cookie = 'hs_lang={lang}; path=/'")
        creator = pages[0]
        creator.request.put("/api/people/me", data={"name": NAMES[0]})
        creator.goto("/hearts")
        creator.wait_for_selector("[data-card]")
        creator.click("[data-action=friends]")
        creator.fill("#tx-friends input[name=name]", NAMES[0])
        creator.select_option("#tx-friends select[name=timer]", "30")
        creator.click("#tx-create")
        creator.wait_for_selector("#tx-invite[open]")
        creator.wait_for_timeout(400)
        creator.screenshot(path=str(out / f"table-invite-{lang}-{size}.jpg"), **SHOT)
        code = creator.inner_text("#tx-invite-code")
        for page, name in zip(pages[1:3], NAMES[1:3], strict=True):
            page.request.post(f"/api/tables/{code}/join", data={"name": name})
        creator.goto(f"/t/{code}")
        creator.wait_for_selector("#tx-seats li")
        creator.wait_for_timeout(400)
        creator.screenshot(path=str(out / f"table-lobby-{lang}-{size}.jpg"), **SHOT)
        pages[3].request.post(f"/api/tables/{code}/join", data={"name": NAMES[3]})
        for page in pages:
            page.goto(f"/t/{code}")
        for page in pages:
            page.wait_for_selector("#tx-game:not([hidden]) #hx-hand [data-card]")
            cards = page.locator("#hx-hand [data-card]")
            for i in range(3):
                cards.nth(i).click()
            page.click("#hx-pass-btn")
        viewer = pages[1]
        viewer.wait_for_function("() => !document.querySelector('#hx-pass-btn:not([hidden])')")
        viewer.wait_for_timeout(800)
        viewer.screenshot(path=str(out / f"table-play-{lang}-{size}.jpg"), **SHOT)
    finally:
        for context in contexts:
            context.close()


def hearts_after_pass(page) -> None:
    """Open Hearts, pass the first three cards and let the computer players play a little."""
    page.goto("/hearts")
    page.wait_for_selector("[data-card]")
    cards = page.locator("[data-card]")
    for i in range(3):
        cards.nth(i).click()
    page.click("#hx-pass-btn")
    page.wait_for_timeout(2500)


if __name__ == "__main__":
    sys.exit(main())
