"""The solver's public API: winnability, winning lines, shortest lines, hints, class W, the CLI."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.cli import main
from heartsuite.codes import LIMIT
from heartsuite.h2h import (
    DRAW,
    REDEAL,
    Deal,
    State,
    apply,
    deal_for_number,
    deal_from_rng,
    is_blocked,
    legal_moves,
    replay,
)
from heartsuite.h2h.layout import ALL, bit
from heartsuite.prng import Rng
from heartsuite.solver import (
    InconsistentPosition,
    clear_cache,
    hint,
    is_winnable,
    is_winnable_deal,
    shortest_length,
    solve,
)
from heartsuite.solver.core import ABOVE, winnable_layout
from heartsuite.solver.deals import layout_for_key
from heartsuite.solver.winnable import DOMAIN, deal_from_code, winnable_attempt, winnable_deal


def _winnable_numbers(count: int) -> list[int]:
    found, number = [], 0
    while len(found) < count:
        if is_winnable_deal(deal_for_number("N", number)):
            found.append(number)
        number += 1
    return found


def test_above_masks_follow_the_cover_table() -> None:
    # the tip must go before every other card; nothing must go before the tip
    assert ABOVE[24] == 0
    assert all(ABOVE[i] >> 24 & 1 for i in range(24))
    # position 1 is covered by 5 and 6 (SPEC §1.2), so they must go before it
    assert ABOVE[0] & (bit(5) | bit(6)) == bit(5) | bit(6)
    assert not ABOVE[0] & (bit(2) | bit(10))


def test_four_copies_in_the_layout_with_one_at_the_tip_is_lost_at_once() -> None:
    # the tip covers every card, so its rank's other three layout copies can never meet it
    layout = [4, 4, 4] + [r for r in range(5, 14) for _ in range(2)] + [1, 2, 3, 4]
    assert len(layout) == 25 and not winnable_layout(layout)
    layout[-1], layout[-2] = layout[-2], layout[-1]  # tip 3 instead: three talon copies
    assert winnable_layout(layout) == is_winnable(State.initial(_complete(layout)))


def _complete(layout: list[int]) -> Deal:
    rest = [r for r in range(1, 14) for _ in range(4)]
    for rank in layout:
        rest.remove(rank)
    return Deal.explicit(layout, rest[:-1], rest[-1:])


def test_winning_lines_replay_to_a_win_and_shortest_is_no_longer() -> None:
    for number in _winnable_numbers(6):
        deal = deal_for_number("N", number)
        start = State.initial(deal)
        assert is_winnable(start)
        line, best = solve(start), solve(start, shortest=True)
        assert line is not None and best is not None
        assert replay(deal, line).present == 0
        assert replay(deal, best).present == 0
        assert len(best) <= len(line)
        assert shortest_length(start) == len(best)


def test_following_hints_wins_in_the_shortest_number_of_moves() -> None:
    clear_cache()
    deal = deal_for_number("N", _winnable_numbers(1)[0])
    state = State.initial(deal)
    expected = shortest_length(state)
    played = 0
    while state.present:
        move = hint(state)
        assert move is not None and move in legal_moves(state)
        state = apply(state, move)
        played += 1
    assert played == expected
    assert hint(state) is None and solve(state) == [] and is_winnable(state)


def test_lost_but_not_blocked_positions_are_reported() -> None:
    examples = 0
    for number in range(40):
        state = State.initial(deal_for_number("N", number))
        if is_winnable(state):
            continue
        assert solve(state) is None and solve(state, shortest=True) is None
        assert hint(state) is None and shortest_length(state) is None
        examples += not is_blocked(state)  # the tip still has a partner in the talon
    assert examples >= 15


def test_a_hint_can_lose_nothing_but_a_wrong_pair_can_lose_the_game() -> None:
    """Some deal has a first pair after which the game is lost, though play could go on."""
    for number in _winnable_numbers(30):
        state = State.initial(deal_for_number("N", number))
        for _ in range(60):
            pairs = [m for m in legal_moves(state) if m not in (DRAW, REDEAL)]
            losing = [m for m in pairs if not is_winnable(apply(state, m))]
            if losing:
                after = apply(state, losing[0])
                assert not is_blocked(after) and hint(after) is None
                assert hint(state) is not None and hint(state) != losing[0]
                return
            state = apply(state, hint(state))
    pytest.fail("no losing pair found")


def test_inconsistent_positions_are_refused() -> None:
    deal = deal_for_number("N", 0)
    state = State.build(deal, ALL & ~bit(1), deal.stock, deal.waste)  # 1 gone, 5 and 6 still there
    with pytest.raises(InconsistentPosition):
        is_winnable(state)
    with pytest.raises(InconsistentPosition):
        solve(state, shortest=True)
    odd = State.build(deal, ALL, deal.stock[1:], deal.waste)  # one talon card vanished
    with pytest.raises(InconsistentPosition, match="copies left"):
        hint(odd)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, LIMIT - 1))
def test_any_deal_is_solved_consistently(number: int) -> None:
    deal = deal_for_number("N", number)
    start = State.initial(deal)
    line = solve(start)
    assert (line is not None) == is_winnable(start) == is_winnable_deal(deal)
    if line is not None:
        assert replay(deal, line).present == 0
        first = hint(start)
        assert first is not None and first == solve(start, shortest=True)[0]


def test_class_w_codes_are_winnable_and_reproducible() -> None:
    for number in (0, 1, 2, 12345, LIMIT - 1):
        deal = winnable_deal(number)
        again = deal_from_code(deal.code.lower())
        assert again == deal and deal.code.startswith("HH1-W-")
        assert is_winnable_deal(deal) and solve(State.initial(deal)) is not None
        k = winnable_attempt(number)
        assert deal.layout == deal_from_rng(Rng.for_key(DOMAIN, number, k)).layout
        for earlier in range(k):
            candidate = deal_from_rng(Rng.for_key(DOMAIN, number, earlier))
            assert solve(State.initial(candidate)) is None
    assert winnable_deal(0).layout != winnable_deal(1).layout


def test_cli_solve_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    winnable_code = deal_for_number("N", _winnable_numbers(1)[0]).code
    assert main(["solve", winnable_code, "hh1-n-aaaaaaa", "--json"]) == 0
    first, second = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert set(first) == {"code", "winnable", "solution", "moves"}
    assert first["code"] == winnable_code and first["winnable"] is True
    assert first["moves"] == len(first["solution"])
    assert second == {"code": "HH1-N-AAAAAAA", "winnable": False, "solution": None, "moves": None}
    assert main(["solve", winnable_code, "--shortest", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)
    assert best["moves"] == shortest_length(State.initial(Deal.from_code(winnable_code)))
    assert best["moves"] <= first["moves"]


def test_cli_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "HH1-N-AAAAAAA", "HH1-Q-AAAAAAA", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "HH1-Q-AAAAAAA" in err
    assert main(["stats", "--deals", "0"]) == 2
    assert main(["stats", "--deals", "3", "--from", "nonsense"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def test_cli_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--deals", "40", "--from", "HH1-N-AAAAAAA", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    won = sum(is_winnable_deal(deal_for_number("N", n)) for n in range(40))
    assert figures["deals"] == 40 and figures["winnable"] == won
    low, high = figures["interval95"]
    assert low < figures["fraction"] < high
    assert sum(figures["shortest"]["histogram"].values()) == won
    assert main(["stats", "--deals", "5", "--from", "HH1-W-AAAAAAA"]) == 0
    text = capsys.readouterr().out
    assert "winnable 5 = 100.00%" in text and "time per deal" in text


@settings(max_examples=200, deadline=None)
@given(st.integers(0, LIMIT - 1), st.integers(0, 50))
def test_bulk_dealer_deals_the_engine_layouts(number: int, k: int) -> None:
    assert tuple(layout_for_key("HH1-N", number)) == deal_for_number("N", number).layout
    assert tuple(layout_for_key(DOMAIN, number, k)) == (
        deal_from_rng(Rng.for_key(DOMAIN, number, k)).layout
    )
