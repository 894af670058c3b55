"""The pieces both games share: request bodies, preference merging, HTTP-only middleware and the
page markup helpers."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError
from starlette.testclient import TestClient
from web_helpers import client_for, make_app

from heartsuite.web.api_types import Strict
from heartsuite.web.markup import dialog, tool_button
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


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("data"))


def test_http_middleware_leaves_websockets_alone(app) -> None:
    """The header and size middleware act on HTTP only: a socket still opens and answers."""
    client: TestClient = client_for(app)
    with client.websocket_connect("/api/hearts/games/unknown/ws") as ws:
        assert ws.receive_json()["error"] == "not_found"


def test_both_toolbars_name_their_shortcuts(app) -> None:
    client = client_for(app)
    for path, expected in [("/h2h", {"U", "N", "H", "?"}), ("/hearts", {"S", "H", "N", "?"})]:
        page = client.get(path).text
        shortcuts = set(re.findall(r'aria-keyshortcuts="(.)" title="[^"]+ \(\1\)"', page))
        assert expected <= shortcuts, (path, shortcuts)


def test_markup_helpers() -> None:
    html = dialog("dlg-x", "Title", "<p>Body</p>", "<button value=\"ok\">OK</button>")
    assert 'id="dlg-x" role="dialog" aria-modal="true" aria-labelledby="dlg-x-title"' in html
    assert '<h2 id="dlg-x-title">Title</h2><p>Body</p>' in html
    plain = tool_button("menu", "Menu", "<svg></svg>")
    assert "title=" not in plain and 'data-action="menu"' in plain
    assert '<span class="tool-label">Menu</span>' in plain
