"""Take the README's screenshots: both games at phone (360×640) and desktop (1280×800) size, with
Debian's headless Chromium, against a throwaway server.

Usage: python scripts/screenshots.py [OUT_DIR [PAGE ...]]"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import ARGS, CHROMIUM, LiveServer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from heartsuite.web.site.examples import EXAMPLE_CODE, example_moves  # noqa: E402

SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    only = sys.argv[2:]  # optional page names to limit to
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        server = LiveServer(Path(data))
        server.start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for size, (w, h) in SIZES.items():
                ctx = browser.new_context(viewport={"width": w, "height": h}, locale="en-US",
                                          base_url=server.url,
                                          device_scale_factor=2 if w < 500 else 1)
                page = ctx.new_page()
                page.add_init_script("localStorage.setItem('heartsuite.h2h.intro-seen', '1');"
                                     "localStorage.setItem('heartsuite.hearts.intro-seen', '1')")
                shots = {
                    "home": lambda p: p.goto("/"),
                    "h2h": lambda p: play_some(p),
                    "hearts": lambda p: hearts_after_pass(p),
                    "rules": lambda p: p.goto("/rules/h2h"),
                    "stats": lambda p: p.goto("/stats"),
                }
                for name, go in shots.items():
                    if only and name not in only:
                        continue
                    go(page)
                    page.wait_for_timeout(600)
                    page.screenshot(path=str(out / f"{name}-{size}.jpg"), type="jpeg",
                                    quality=82)
                ctx.close()
            if not only or "h2h-ar" in only:
                right_to_left(browser, server.url, out)
        finally:
            browser.close()
            server.stop()
    return 0


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


def right_to_left(browser, url: str, out: Path) -> None:
    """Heart to Heart in Arabic on a phone: the page mirrors, the heart does not."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, locale="ar", base_url=url,
                              device_scale_factor=2)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('heartsuite.h2h.intro-seen', '1')")
    play_some(page)
    page.wait_for_timeout(600)
    page.screenshot(path=str(out / "h2h-ar-phone.jpg"), type="jpeg", quality=82)
    ctx.close()


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
