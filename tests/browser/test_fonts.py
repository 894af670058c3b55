"""A Hindi page in Chromium loads the Devanagari web font the app ships (the language menu's
Arabic and Urdu names fetch the Naskh one too)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_hindi_page_loads_the_devanagari_font(browser, live_server) -> None:
    context = browser.new_context(locale="hi", base_url=live_server.url)
    page = context.new_page()
    fetched: list[str] = []
    page.on("response", lambda r: fetched.append(r.url) if "/static/fonts/" in r.url else None)
    try:
        page.goto("/")
        assert page.locator("html").get_attribute("lang") == "hi"
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        loaded = page.evaluate("""async () => {
          await document.fonts.load('16px "HS Devanagari"', 'हिन्दी');
          return [...document.fonts].filter(f => f.family.includes('HS Devanagari')
            && f.status === 'loaded').length;
        }""")
        assert loaded >= 1
        assert any(u.endswith("NotoSansDevanagari-Regular.woff2") for u in fetched)
    finally:
        context.close()
