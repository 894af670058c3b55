"""Tapping (SPEC §1.4), placement help, undo and saved games, on the rules texts' example deal."""

import json

import pytest

from heartsuite.h2h import Game, GameRecordError, IllegalMove, Settings, State
from heartsuite.h2h.examples import seeds_example_deal
from heartsuite.h2h.layout import positions


def example_game(**settings: bool) -> Game:
    return Game(seeds_example_deal(), Settings(**settings))


def test_nine_draws_then_tip_and_waste_pair_on_move_ten() -> None:
    game = example_game()
    for _ in range(9):
        assert game.tap("stock").kind == "drew"
    assert game.tap(25).kind == "selected"
    event = game.tap("waste")
    assert event.kind == "pair_removed"
    assert event.move == "W25"
    assert event.cards == (25, "waste")
    assert game.state.moves == 10
    assert game.state.score == 10
    assert positions(game.state.free) == [23, 24]
    assert game.selected is None


def test_tapping_a_covered_card_does_nothing() -> None:
    game = example_game()
    game.tap(25)
    event = game.tap(1)
    assert (event.kind, event.reason) == ("nothing", "card_covered")
    assert game.selected == 25
    assert game.state == State.initial(game.deal)


def test_tip_then_waste_leaves_the_waste_selected() -> None:
    game = example_game()
    game.tap(25)
    event = game.tap("waste")
    assert event.kind == "selected"
    assert event.reason == "must_be_same_rank"
    assert event.error is None  # Move errors is off by default
    assert game.selected == "waste"
    assert game.state.moves == 0


def test_with_move_errors_the_refused_tap_says_must_be_same_rank() -> None:
    game = example_game(move_errors=True)
    game.tap(25)
    assert game.tap("waste").error == "Must be same rank"


def test_tapping_the_selected_card_deselects_it() -> None:
    game = example_game()
    game.tap("waste")
    assert game.tap("waste").kind == "deselected"
    assert game.selected is None


def test_tapping_the_stock_clears_the_selection_and_redeals_when_empty() -> None:
    game = example_game()
    game.tap(25)
    assert game.tap("stock").kind == "drew"
    assert game.selected is None
    for _ in range(25):
        game.tap("stock")
    assert game.state.stock == ()
    assert game.tap("stock").kind == "redealt"
    assert game.state.waste == ()
    assert game.state.moves == 27


def test_tapping_an_empty_position_does_nothing() -> None:
    game = example_game()
    for move in ["D"] * 9 + ["W25"]:
        game.play(move)
    event = game.tap(25)
    assert (event.kind, event.reason) == ("nothing", "empty")


def test_bad_tap_targets_are_programming_errors() -> None:
    for target in (0, 26, "heart", 3.0):
        with pytest.raises(ValueError):
            example_game().tap(target)  # type: ignore[arg-type]


def test_placement_help() -> None:
    game = example_game()
    assert game.hints().playable == frozenset()
    for _ in range(9):
        game.play("D")
    hints = game.hints()
    assert hints.playable == {25, "waste"}
    assert hints.partners == frozenset()
    game.tap(25)
    hints = game.hints()
    assert hints.partners == {"waste"}
    assert hints.dimmed == set(range(1, 25))
    game.tap("waste")
    game.tap(23)  # a 3; the waste top is now a 12 (Q)
    hints = game.hints()
    assert hints.partners == frozenset()
    assert hints.dimmed == set(range(1, 23)) | {24, "waste"}


def test_undo_is_an_exact_inverse_and_clears_the_selection() -> None:
    game = example_game()
    seen = [game.state]
    for move in ["D"] * 9 + ["W25"]:
        game.play(move)
        seen.append(game.state)
    game.tap(23)
    while seen[:-1]:
        seen.pop()
        event = game.undo()
        assert event.kind == "undone"
        assert game.state == seen[-1]
        assert game.selected is None
    assert game.line == []
    event = game.undo()
    assert (event.kind, event.reason) == ("refused", "nothing_to_undo")


def test_only_the_last_hundred_moves_can_be_undone() -> None:
    game = example_game(move_errors=True)
    for _ in range(108):  # draws, and a redeal whenever the stock runs out
        game.tap("stock")
    assert game.state.moves == 108
    for _ in range(100):
        assert game.undo().kind == "undone"
    assert game.state.moves == 8
    event = game.undo()
    assert (event.kind, event.reason, event.error) == (
        "refused", "undo_limit", "Only the last 100 moves can be undone",
    )
    assert game.state.moves == 8


def test_illegal_play_changes_nothing() -> None:
    game = example_game()
    with pytest.raises(IllegalMove):
        game.play("W25")
    assert game.line == []
    assert not game.can_undo


def test_saved_game_round_trips_through_json() -> None:
    game = Game.from_code("hh1-n-aaaaaam", Settings(move_errors=True))
    for move in ["D"] * 12:
        game.play(move)
    text = game.to_json()
    record = json.loads(text)
    assert record["code"] == "HH1-N-AAAAAAM"
    assert record["moves"] == ["D"] * 12
    back = Game.from_json(text)
    assert back.state == game.state
    assert back.settings == game.settings
    assert back.line == game.line


def test_explicit_deals_save_their_cards() -> None:
    game = example_game()
    for move in ["D"] * 9 + ["W25"]:
        game.play(move)
    record = game.to_dict()
    assert record["code"] is None
    assert record["deal"]["layout"][0] == "10"
    back = Game.from_json(json.dumps(record))
    assert back.state == game.state


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        ("{", "not JSON"),
        ("[]", "not a saved game"),
        ('{"game": "heart-to-heart", "code": "HH1-X-AAAAAAA", "moves": []}', "bad deal code"),
        ('{"game": "heart-to-heart", "code": "HH1-N-AAAAAAA", "moves": "D"}', "must be a list"),
        ('{"game": "heart-to-heart", "code": "HH1-N-AAAAAAA", "moves": ["D", "R"]}', "move 2"),
        ('{"game": "heart-to-heart", "code": "HH1-N-AAAAAAA", "moves": ["Q"]}', "move 1"),
        ('{"game": "heart-to-heart", "code": null, "moves": []}', "needs a \"code\""),
        ('{"game": "heart-to-heart", "code": null, "deal": {"layout": []}, "moves": []}', "bad"),
        ('{"game": "heart-to-heart", "code": "HH1-N-AAAAAAA", "moves": [],'
         ' "settings": {"move_errors": 1}}', "setting"),
    ],
)
def test_bad_saved_games_are_refused_clearly(record: str, fragment: str) -> None:
    with pytest.raises(GameRecordError, match=fragment):
        Game.from_json(record)


def test_view_is_json_ready() -> None:
    game = example_game()
    view = json.loads(json.dumps(game.view()))
    assert view["layout"][0] == "10"
    assert view["free"] == [25]
    assert (view["stock"], view["waste"], view["waste_top"]) == (26, 1, "A")
    assert (view["won"], view["blocked"], view["can_undo"]) == (False, False, False)
