"""What the server refuses and what it never tells: bad input is a 4xx JSON error (never a 500),
another person's game is a 404, and the page never receives the stock's order."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import new_game_body

from heartsuite.h2h.deal import Deal
from heartsuite.web.app import create_app
from heartsuite.web.errors import MAX_BODY
from heartsuite.web.site.examples import EXAMPLE_CODE


@pytest.fixture
def game_id(client) -> str:
    return client.post("/api/h2h/games",
                       json={"code": EXAMPLE_CODE, "replaces": None}).json()["game"]["id"]


def assert_json_error(response, status: int, error: str | None = None) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "message"} and body["message"]
    if error:
        assert body["error"] == error
    return body


@pytest.mark.parametrize("target", [0, 26, -1, "Stock", "", None, True, 1.5, "7", [1], {"p": 1}])
def test_bad_tap_targets_are_422(client, game_id, target) -> None:
    response = client.post(f"/api/h2h/games/{game_id}/tap",
                           json={"target": target, "move": 0, "selected": None})
    assert_json_error(response, 422, "invalid")


@pytest.mark.parametrize(
    "body",
    [{}, {"target": 1, "extra": 1}, {"target": 1, "elapsed_ms": -5},
     {"target": 1, "elapsed_ms": "1"}, [], "stock", 25,
     {"target": 1, "move": 0, "selected": None, "extra": 1},
     {"target": 1, "move": 0, "selected": None, "elapsed_ms": -5},
     {"target": 1, "move": "0", "selected": None}, {"target": 1, "move": 0}],
)
def test_malformed_tap_bodies_are_422(client, game_id, body) -> None:
    assert_json_error(client.post(f"/api/h2h/games/{game_id}/tap", json=body), 422)


def test_a_body_that_is_not_json_is_422(client, game_id) -> None:
    response = client.post(f"/api/h2h/games/{game_id}/tap", content=b"{target: 1",
                           headers={"content-type": "application/json"})
    assert_json_error(response, 422, "invalid")


def test_an_oversized_body_is_413(client, game_id) -> None:
    body = json.dumps({"target": 1, "pad": "x" * (MAX_BODY + 1)})
    response = client.post(f"/api/h2h/games/{game_id}/tap", content=body,
                           headers={"content-type": "application/json"})
    assert_json_error(response, 413, "too_large")


def test_an_oversized_body_without_length_is_413(client, game_id) -> None:
    def chunks():
        for _ in range(40):
            yield b"x" * 1024

    response = client.post(f"/api/h2h/games/{game_id}/tap", content=chunks(),
                           headers={"content-type": "application/json"})
    assert_json_error(response, 413, "too_large")


@pytest.mark.parametrize("code", ["", "HH1", "HH2-N-AAAAAAA", "HH1-N-AAAAAA1", "HT1-AAAAAAA",
                                  "HH1-N-AAAAAAAA", "💥"])
def test_bad_codes_are_400_with_a_message(client, code) -> None:
    assert_json_error(client.post("/api/h2h/games", json={"code": code, "replaces": None}), 400,
                      "bad_code")


def test_an_overlong_code_is_422(client) -> None:
    assert_json_error(client.post("/api/h2h/games", json={"code": "H" * 41, "replaces": None}),
                      422)


@pytest.mark.parametrize("path", ["/api/h2h/games/nope", "/api/h2h/games/" + "a" * 64])
def test_unknown_games_are_404(client, path) -> None:
    assert_json_error(client.get(path), 404, "not_found")


@pytest.mark.parametrize("path", ["/api/h2h/games/" + "a" * 65, "/api/h2h/games/a.b"])
def test_impossible_game_ids_are_422(client, path) -> None:
    assert_json_error(client.get(path), 422)


def test_unknown_routes_and_methods_are_json(client) -> None:
    assert_json_error(client.get("/api/nothing"), 404, "not_found")
    assert_json_error(client.delete("/api/h2h/games"), 405, "method_not_allowed")


def test_another_persons_game_is_refused_like_an_unknown_one(client, game_id, new_person) -> None:
    stranger = new_person()
    for method, path, body in [
        ("get", f"/api/h2h/games/{game_id}", None),
        ("post", f"/api/h2h/games/{game_id}/tap", {"target": "stock", "move": 0,
                                                   "selected": None}),
        ("post", f"/api/h2h/games/{game_id}/undo", {"move": 0}),
        ("post", f"/api/h2h/games/{game_id}/clock", {"elapsed_ms": 5}),
        ("post", f"/api/h2h/games/{game_id}/hint", {}),
        ("post", f"/api/h2h/games/{game_id}/solution", None),
    ]:
        kwargs = {} if body is None else {"json": body}
        response = getattr(stranger, method)(path, **kwargs)
        assert_json_error(response, 404, "not_found")
    # The owner's game is untouched.
    assert client.get(f"/api/h2h/games/{game_id}").json()["game"]["moves"] == 0
    assert stranger.get("/api/h2h/current").json() == {"game": None}


def test_a_forged_cookie_is_replaced_by_a_new_person(game_id, new_person) -> None:
    forger = new_person()
    forger.cookies.set("hs_person", "bad cookie!")
    response = forger.get(f"/api/h2h/games/{game_id}")
    assert_json_error(response, 404)
    assert "hs_person=" in response.headers["set-cookie"]


VIEW_KEYS = {"code", "layout", "free", "stock", "waste", "waste_top", "selected", "score", "moves",
             "won", "blocked", "can_undo", "hints", "settings", "id", "elapsed_ms", "hints_used",
             "status", "winnable"}


def test_a_view_carries_counts_not_the_stock(client, game_id) -> None:
    game = client.get(f"/api/h2h/games/{game_id}").json()["game"]
    assert set(game) == VIEW_KEYS
    assert isinstance(game["stock"], int) and isinstance(game["waste"], int)
    assert set(game["hints"]) == {"playable", "partners", "dimmed"}


def _swap_stock(data: dict, deal: Deal) -> dict:
    """The same saved game over a deal whose stock is in another order."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    name = lambda r: names.get(r, str(r))  # noqa: E731
    stock = list(deal.stock)
    stock[0], stock[-1] = stock[-1], stock[0]
    stock[5:15] = reversed(stock[5:15])
    return {"game": "heart-to-heart", "code": None, "moves": [], "settings": data["settings"],
            "deal": {"layout": [name(r) for r in deal.layout], "stock": [name(r) for r in stock],
                     "waste": [name(r) for r in deal.waste]}}


def test_two_deals_differing_only_in_the_stock_look_the_same(app, client, tap) -> None:
    """The strongest form of "never sent": nothing in the answers depends on the stock order."""
    deal = Deal.from_code(EXAMPLE_CODE)
    store = app.state.store
    views = []
    for swap in (False, True):
        gid = client.post("/api/h2h/games",
                          json=new_game_body(client, code=EXAMPLE_CODE)).json()["game"]["id"]
        row = store.game(gid)
        if swap:
            row.data = _swap_stock(row.data, deal)
            store.save(row)
            app.state.h2h._games.clear()
        answers = [client.get(f"/api/h2h/games/{gid}").json()["game"]]
        for target in (25, 24, 25, 23):
            answers.append(tap(client, gid, target))
        for answer in answers:
            view = answer.get("game", answer)
            view.pop("id")
            view.pop("code")
        views.append(answers)
    assert views[0] == views[1]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10,
))
def test_no_request_body_makes_a_500(client, game_id, body) -> None:
    # Python writes NaN and Infinity too: bodies that are not strict JSON are tried as well.
    content = json.dumps(body)
    headers = {"content-type": "application/json"}
    game = f"/api/h2h/games/{game_id}"
    for path in (f"{game}/tap", "/api/h2h/games", f"{game}/undo", f"{game}/clock"):
        response = client.post(path, content=content, headers=headers)
        assert response.status_code < 500, response.text
        assert isinstance(response.json(), dict)
    response = client.put("/api/h2h/prefs", content=content, headers=headers)
    assert response.status_code < 500


@pytest.mark.parametrize("path", ["/", "/h2h", "/api/h2h/current", "/static/js/h2h.js", "/nope"])
def test_every_answer_carries_the_security_headers(client, path) -> None:
    headers = client.get(path).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    policy = dict(part.split(" ", 1) for part in headers["content-security-policy"].split("; "))
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'none'"
    assert policy["connect-src"] == "'self'"  # not any ws:/wss: host
    assert "unsafe-inline" not in str(policy) and "unsafe-eval" not in str(policy)


def test_an_oversized_answer_still_carries_the_headers(client, game_id) -> None:
    response = client.post(f"/api/h2h/games/{game_id}/tap", content=b"x" * (MAX_BODY + 1),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.headers["x-frame-options"] == "DENY"


def _people(app) -> int:
    return app.state.store._run("SELECT COUNT(*) FROM people")[0][0]


def test_visitors_who_write_nothing_leave_no_row(tmp_path) -> None:
    """A request without a cookie gets one, but the person's row is made only on a first write
    (a preference, a game): static files, 404s and reads leave the store as it was."""
    app = create_app(tmp_path / "data")
    before = _people(app)
    for path in ["/", "/h2h", "/hearts", "/api/h2h/meta", "/static/css/app.css", "/nonexistent",
                 "/api/h2h/prefs"] * 5:
        response = TestClient(app).get(path)
        assert "hs_person=" in response.headers.get("set-cookie", "")
    assert _people(app) == before
    writer = TestClient(app)
    assert writer.put("/api/h2h/prefs", json={"move_errors": True}).status_code == 200
    assert _people(app) == before + 1
    creator = TestClient(app)
    assert creator.post("/api/h2h/games",
                        json={"code": EXAMPLE_CODE, "replaces": None}).status_code == 201
    assert _people(app) == before + 2
