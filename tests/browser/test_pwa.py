"""The installable app in real headless Chromium: the page registers the service worker, and once
it is active a page reloaded offline shows the offline page (in the browser's language, with its
style sheet and script from the cache), a static file still loads from the cache while the API
does not, and back online "Try again" brings the page back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from heartsuite.web.site import pwa
from tests.browser.conftest import REPORT_CSP, csp_violations

WORKER_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return { script: registration.active.scriptURL, scope: registration.scope };
}"""
FETCH = """async (url) => {
  try {
    const response = await fetch(url);
    return { status: response.status, length: (await response.text()).length };
  } catch (err) {
    return { error: String(err) };
  }
}"""


@pytest.fixture
def open_page(browser, live_server):
    """`open_page(locale)`: a page in a fresh context (no worker yet) speaking `locale`."""
    contexts, errors = [], []

    def make(locale: str):
        context = browser.new_context(viewport={"width": 1000, "height": 800}, locale=locale,
                                      base_url=live_server.url)
        context.add_init_script(REPORT_CSP)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not csp_violations(errors)


def registered(page, live_server) -> None:
    worker = page.evaluate(WORKER_READY)
    assert worker == {"script": f"{live_server.url}/sw.js", "scope": f"{live_server.url}/"}


def test_offline_the_page_is_the_offline_page_and_static_files_come_from_the_cache(
        open_page, live_server) -> None:
    page = open_page("en-US")
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-page", "home")
    registered(page, live_server)
    # one cache, named after this release's hash of the static files
    assert page.evaluate("() => caches.keys()") == [f"heartsuite-{pwa.version()}"]

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-page", "offline")
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator("p")).to_contain_text("need a connection")
    retry = page.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()
    # the page's style sheet came from the cache: the shared button style applies
    assert page.evaluate("() => getComputedStyle(document.getElementById('offline-retry'))"
                         ".borderTopLeftRadius") != "0px"
    cached = page.evaluate(FETCH, "/static/css/app.css")
    assert cached["status"] == 200 and cached["length"] > 1000
    assert "error" in page.evaluate(FETCH, "/api/home")  # the API is never answered offline
    retry.click()  # still offline: the offline page again
    expect(page.locator("body")).to_have_attribute("data-page", "offline")

    page.context.set_offline(False)
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("body")).to_have_attribute("data-page", "home")
    assert page.evaluate(FETCH, "/api/home")["status"] == 200


@pytest.mark.parametrize(("locale", "lang", "direction", "title"), [
    ("ms-MY", "ms", "ltr", "Anda di luar talian"),
    ("ar-EG", "ar", "rtl", "أنت غير متصل"),
])
def test_the_offline_page_speaks_the_browsers_language(open_page, live_server, locale, lang,
                                                       direction, title) -> None:
    page = open_page(locale)
    page.goto("/stats")
    registered(page, live_server)
    page.context.set_offline(True)
    page.goto("/h2h")  # a page never visited: nothing of it is cached
    expect(page.locator("h1")).to_have_text(title)
    html = page.locator("html")
    expect(html).to_have_attribute("lang", lang)
    expect(html).to_have_attribute("dir", direction)
    page.context.set_offline(False)
