"""A seat view read back from its JSON is the same view: what lets a program at a table (the
`heartsuite hearts join` client) hand the socket's views to the players the server runs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.codes import LIMIT
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView, ViewError
from heartsuite.players import make_player
from heartsuite.prng import Rng

VARIANTS = ["black-lady", "original", "black-maria", "spot", "partnership", "reverse"]


def every_view(rules: Rules, number: int) -> list[SeatView]:
    """Every seat's view at every decision of a whole game between heuristic players."""
    game = Game(rules, number)
    player, rng = make_player("heuristic"), Rng(number)
    views: list[SeatView] = []
    while (pending := game.pending()) is not None:
        views.extend(game.view(s) for s in range(rules.players))
        seat = pending.seats[0]
        view = game.view(seat)
        if pending.kind == Phase.PASS:
            game.act(seat, player.choose_pass(view, rng))
        elif pending.kind == Phase.MOON_CHOICE:
            game.act(seat, player.choose_moon(view))
        else:
            game.act(seat, player.choose_play(view, rng))
    views.extend(game.view(s) for s in range(rules.players))
    return views


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(VARIANTS), number=st.integers(0, LIMIT - 1))
def test_a_view_survives_its_json(variant: str, number: int) -> None:
    rules = Rules.variant_named(variant).with_options(target=30)
    for view in every_view(rules, number):
        sent = json.loads(json.dumps(view.to_json()))
        assert SeatView.from_json(sent) == view


def test_a_table_view_with_names_reads_too() -> None:
    view = every_view(Rules(), 7)[20]
    assert SeatView.from_json({**view.to_json(), "names": ["a", "b", "c", "d"]}) == view


@pytest.mark.parametrize("breakage", [
    lambda v: [],
    lambda v: {**v, "hand": "2C"},
    lambda v: {**v, "hand": ["ZZ"]},
    lambda v: {**v, "phase": "dance"},
    lambda v: {**v, "seat": "0"},
    lambda v: {**v, "voids": [["X"], [], [], []]},
    lambda v: {**v, "rules": {"variant": "poker"}},
    lambda v: {k: x for k, x in v.items() if k != "legal"},
    lambda v: {**v, "trick": {"leader": 0}},
])
def test_a_malformed_view_is_refused_clearly(breakage: object) -> None:
    good = every_view(Rules(), 3)[30].to_json()
    with pytest.raises(ViewError, match=r"not a seat view|must be a JSON object"):
        SeatView.from_json(breakage(good))  # type: ignore[operator]
