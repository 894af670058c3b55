"""Rebuild the app's icons from the drawing in heartsuite/web/icons.py (`app_icon_svg`):
static/favicon.svg and the installed app's PNGs in static/icons/ (192 and 512 px, a maskable 512 px
one and the 180 px apple-touch-icon), rendered by Debian's headless Chromium through Playwright.
The PNGs are committed; run this only when the drawing changes:

    .venv/bin/python scripts/build_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from heartsuite.web.icons import app_icon_svg

STATIC = Path(__file__).resolve().parents[1] / "heartsuite" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"
# file name, size in px, maskable drawing (full bleed; also for iOS, which rounds the corners
# itself and shows transparency as black)
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)


def main() -> None:
    (STATIC / "favicon.svg").write_text(app_icon_svg() + "\n", encoding="utf-8")
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        for name, size, maskable in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size},
                                    device_scale_factor=1)
            svg = app_icon_svg(maskable=maskable).replace(
                "<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content("<!doctype html><style>html,body{margin:0;background:transparent}"
                             f"svg{{display:block}}</style>{svg}")
            page.screenshot(path=str(out / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"{out / name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
