"""Every page works under the strict Content-Security-Policy: no inline script or style is
refused and nothing else reaches the console as an error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_policy_is_sent_with_every_page(page) -> None:
    response = page.goto("/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "unsafe-inline" not in policy


def test_no_page_breaks_the_policy_or_logs_an_error(page, console_errors) -> None:
    page.goto("/")
    expect(page.locator(".face").first).to_be_visible()
    page.goto("/h2h")
    expect(page.locator('[data-pos="1"] svg')).to_be_visible()
    page.goto("/hearts")
    expect(page.locator("#hx-hand [data-card]").first).to_be_visible()
    page.goto("/rules/h2h")
    page.click("#example-replay [data-replay=next]")
    page.goto("/rules/hearts")
    page.click("#example-replay [data-replay=next]")
    # the example's seats sit in their grid areas (set by the style sheet, not inline styles)
    south = page.locator('#example-replay .tr-seat[data-area="s"]')
    north = page.locator('#example-replay .tr-seat[data-area="n"]')
    assert south.bounding_box()["y"] > north.bounding_box()["y"] + 50
    page.goto("/stats")
    expect(page.locator("main h2").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert console_errors == []
