"""Browser tests: a real server (uvicorn in a thread, temp data directory, free port) and Debian's
headless Chromium driven by Playwright. Playwright never downloads a browser here."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
]
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The app on a uvicorn server in a background thread; `url` is its base address."""

    def __init__(self, data_dir: Path, **options: object) -> None:
        import uvicorn

        from heartsuite.web.app import create_app

        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(data_dir, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web-data"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (bash scripts/test.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


# Each document reports its Content-Security-Policy violations on the console, where the fixture
# below collects them across navigations.
REPORT_CSP = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));"""


def csp_violations(messages: list[str]) -> list[str]:
    """The console messages that are CSP refusals (ours, or Chromium's own wording)."""
    return [m for m in messages if "CSP violation" in m or "Content Security Policy" in m]


@pytest.fixture
def console_errors() -> list[str]:
    """Console errors and uncaught exceptions of the test's page, in order."""
    return []


@pytest.fixture
def page(browser, live_server: LiveServer, console_errors: list[str]) -> Iterator[object]:
    """A fresh browser context (new cookie: a new person) at phone-ish desktop size, English.
    Any CSP violation during the test fails it."""
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="en-US",
                                  base_url=live_server.url)
    context.add_init_script(REPORT_CSP)
    page = context.new_page()
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: console_errors.append(f"uncaught: {exc}"))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not csp_violations(console_errors)


# Tables with people: a server of their own with a short grace period (a dropped person's seat goes
# to a computer after it), and one browser context per person, each with its own cookie.
GRACE_SECONDS = 1.0


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("table-data"), grace_seconds=GRACE_SECONDS)
    server.start()
    yield server
    server.stop()


class Person:
    """One person at the table: a browser context (their cookie), its current page, and every
    WebSocket frame any of its pages received, in order, with its socket's URL (for the
    hidden-information audit)."""

    def __init__(self, context, name: str, errors: list[str]) -> None:
        self.context = context
        self.name = name
        self.errors = errors
        self.frames: list[tuple[str, str]] = []  # (socket URL, text)
        self.page = self.open()

    def open(self):
        """A new page in this person's context (after closing one: coming back)."""
        page = self.context.new_page()
        page.set_default_timeout(15_000)
        page.on("console", lambda m: self.errors.append(f"{self.name}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(f"{self.name}: uncaught: {exc}"))
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: self.frames.append(
                (ws.url, payload if isinstance(payload, str) else payload.decode()))))
        self.page = page
        return page


@pytest.fixture
def people(browser, table_server: LiveServer) -> Iterator[object]:
    """`people(names, locale=..., viewport=..., reduced_motion=...)`: a Person per name, each in a
    browser context of its own. Any CSP violation on any of their pages fails the test."""
    contexts = []
    errors: list[str] = []

    def make(names, locale: str = "en-US", viewport=(1000, 800),
             reduced_motion: str = "no-preference") -> list[Person]:
        made = []
        for name in names:
            context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                          locale=locale, base_url=table_server.url,
                                          reduced_motion=reduced_motion)
            context.add_init_script(REPORT_CSP)
            contexts.append(context)
            made.append(Person(context, name, errors))
        return made

    make.errors = errors  # type: ignore[attr-defined]
    yield make
    for context in contexts:
        context.close()
    assert not csp_violations(errors)
