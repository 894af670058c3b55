"""The pieces both games share: request bodies, preference merging, HTTP-only middleware and the
page markup helpers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from markupsafe import Markup
from pydantic import ValidationError
from starlette.testclient import TestClient

from heartsuite.web.api_types import Strict
from heartsuite.web.app import create_app
from heartsuite.web.shell import ENV
from heartsuite.web.store import Store


class Body(Strict):
    a: int | None = None
    b: str | None = None


def test_a_strict_body_refuses_unknown_fields_and_reports_what_it_sets() -> None:
    assert Body(a=1).changes() == {"a": 1}
    assert Body().changes() == {}
    with pytest.raises(ValidationError):
        Body(c=1)


def test_merge_prefs_per_game(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.update_prefs("me", {"h2h": {"old_option": True, "move_errors": True}, "hearts": 7})
    store.merge_prefs("me", "h2h", {"placement_help": False}, keep=("placement_help",
                                                                    "move_errors"))
    store.merge_prefs("me", "hearts", {"speed": "fast"})  # a stored non-object is replaced
    store.merge_prefs("me", "hearts", {"strength": "hard"})
    assert store.prefs("me") == {"h2h": {"placement_help": False, "move_errors": True},
                                 "hearts": {"speed": "fast", "strength": "hard"}}


def test_http_middleware_leaves_websockets_alone(client: TestClient) -> None:
    """The header and size middleware act on HTTP only: a socket still opens and answers."""
    with client.websocket_connect("/api/hearts/games/unknown/ws") as ws:
        assert ws.receive_json()["error"] == "not_found"


def test_both_toolbars_name_their_shortcuts(client) -> None:
    for path, expected in [("/h2h", {"U", "N", "H", "?"}), ("/hearts", {"S", "H", "N", "?"})]:
        page = client.get(path).text
        shortcuts = set(re.findall(r'aria-keyshortcuts="(.)" title="[^"]+ \(\1\)"', page))
        assert expected <= shortcuts, (path, shortcuts)


MACROS = ENV.get_template("macros.html").module


def test_markup_helpers() -> None:
    html = MACROS.dialog("dlg-x", "Title", Markup('<button value="ok">OK</button>'),
                         caller=lambda: Markup("<p>Body</p>"))
    assert 'id="dlg-x" role="dialog" aria-modal="true" aria-labelledby="dlg-x-title"' in html
    assert '<h2 id="dlg-x-title">Title</h2><p>Body</p>' in html
    assert '<div class="actions"><button value="ok">OK</button></div>' in html
    plain = MACROS.tool_button("menu", "Menu", Markup("<svg></svg>"))
    assert "title=" not in plain and 'data-action="menu"' in plain
    assert '<span class="tool-label">Menu</span>' in plain


def test_text_is_escaped_unless_marked_as_markup() -> None:
    """Escaping is the templates' default: a label or title that is text cannot add markup."""
    button = MACROS.tool_button("x", '<img src=x onerror="alert(1)">', "<svg>", "?")
    assert "<img" not in button and "<svg>" not in button
    assert '&lt;img src=x onerror=&#34;alert(1)&#34;&gt;' in button
    dialog = MACROS.dialog("d", "<b>Title</b>", "<i>OK</i>", caller=lambda: "<p>Body</p>")
    assert "&lt;b&gt;Title&lt;/b&gt;" in dialog and "&lt;i&gt;OK&lt;/i&gt;" in dialog
    assert "&lt;p&gt;Body&lt;/p&gt;" in dialog


def test_the_lifespan_stops_both_games_services(tmp_path, monkeypatch) -> None:
    """Both games' services are built by the app factory and stopped when the app shuts down
    (the Hearts tables cancel their computer players' drivers)."""
    app = create_app(tmp_path)
    stopped: list[str] = []
    for name in ("h2h", "hearts"):
        service = getattr(app.state, name)

        async def stop(name: str = name, original: Any = service.stop) -> None:
            stopped.append(name)
            await original()

        monkeypatch.setattr(service, "stop", stop)
    with TestClient(app) as client:
        assert client.get("/api/hearts/current").json() == {"game": None}
        assert stopped == []
    assert stopped == ["h2h", "hearts"]
