"""The chance of winning the game that values a round that could end it (`game_chance`), and
what it changes in the search's play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import mask_of, parse_card
from heartsuite.hearts.game import PLAY_KIND, Game
from heartsuite.hearts.players.game_chance import could_end, win_chance
from heartsuite.hearts.players.search import search_play
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng

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


# Seat 0 won trick 1 with A♣ and leads 5♦; seat 1, void in diamonds, sheds Q♠. Seats 0 and 3
# stand at 88, seat 1 at 20, seat 2 (to play) at 64. Whoever of seats 0 and 3 takes the queen
# ends the game with seat 1 winning; seat 2 taking her (Q♦) only keeps alive a game it has lost
# anyway, at 13 points. It ducks.
LOST_GAME_HANDS = [
    "AC 5D 6D 7D 8D 9D TD 7S 8S 9S TS 9H TH",
    "QS KS AS 3C 4C 5C 6C 7C 8C 9C JH QH KH",
    "QD 4D KD AD 2D 3D TC JC QC KC 2S JS AH",
    "2C JD 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 8H",
]


def test_the_search_does_not_take_the_queen_to_keep_a_lost_game_going() -> None:
    masks = [mask_of([parse_card(c) for c in h.split()]) for h in LOST_GAME_HANDS]
    game = Game(RULES.with_options(passing=False), None, dealer=lambda r: list(masks))
    game.totals = [88, 20, 64, 88]
    for c in ("2C", "AC", "3C", "TC", "5D", "QS"):
        pending = game.pending()
        assert pending is not None and pending.kind == PLAY_KIND
        game.act(pending.seats[0], parse_card(c))
    view = game.view(2)
    card, means, _ = search_play(view, Rng(5), worlds=60, move_time=None)
    assert card in {parse_card(c) for c in ("2D", "3D", "4D")}, means
