"""The chance of winning the game that values a round that could end it (`game_chance`); what
it changes in the search's play is tested with the other scripted positions
(`test_hearts_search.py`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.rules import Rules
from heartsuite.players.game_chance import could_end, win_chance

RULES = Rules()
totals_below_target = st.lists(st.integers(0, 99), min_size=4, max_size=4).map(tuple)


@settings(max_examples=80, deadline=None)
@given(totals=totals_below_target, rounds=st.integers(1, 30))
def test_the_chances_of_the_four_seats_add_up_to_one(totals: tuple[int, ...], rounds: int) -> None:
    chances = [win_chance(RULES, s, totals, rounds) for s in range(4)]
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert abs(sum(chances) - 1.0) < 1e-3, chances


@settings(max_examples=80, deadline=None)
@given(totals=totals_below_target, seat=st.integers(0, 3), more=st.integers(1, 20))
def test_more_points_never_raise_the_chance_and_reverse_turns_it_round(
        totals: tuple[int, ...], seat: int, more: int) -> None:
    worse = tuple(t + more if s == seat else t for s, t in enumerate(totals))
    assert win_chance(RULES, seat, worse, 5) <= win_chance(RULES, seat, totals, 5) + 1e-12
    reverse = RULES.with_options(reverse=True)
    assert win_chance(reverse, seat, worse, 5) >= win_chance(reverse, seat, totals, 5) - 1e-12


def test_chances_near_the_end_follow_the_standings() -> None:
    assert win_chance(RULES, 0, (36, 43, 77, 91), 10) > 0.6
    assert win_chance(RULES, 2, (36, 43, 77, 91), 10) < 0.01
    level = [win_chance(RULES, s, (50, 50, 50, 50), 4) for s in range(4)]
    assert all(abs(c - 0.25) < 1e-6 for c in level)
    partnership = RULES.with_options(partnership=True)
    assert win_chance(partnership, 0, (10, 40, 10, 40), 5) > 0.9
    assert win_chance(partnership, 1, (10, 40, 10, 40), 5) < 0.1


def test_only_a_round_that_can_reach_the_target_can_end_the_game() -> None:
    assert not could_end(RULES, (10, 20, 30, 73), 3)
    assert could_end(RULES, (10, 20, 30, 74), 3)
    fixed = RULES.with_options(rounds=5)
    assert not could_end(fixed, (0, 0, 0, 0), 3) and could_end(fixed, (0, 0, 0, 0), 4)
