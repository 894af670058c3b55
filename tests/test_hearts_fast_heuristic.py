"""The search's rollout policy is the heuristic player itself: `fast_heuristic.choose` on a round
must pick the card `HeuristicPlayer.choose_play` picks from the seat's view, everywhere."""

from __future__ import annotations

import pytest

from heartsuite.hearts import Game, Rules, parse_card
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import DONE, Round
from heartsuite.hearts.rules import VARIANTS
from heartsuite.players import make_player
from heartsuite.players.fast_heuristic import choose, play_out
from heartsuite.prng import Rng


def _compare_game(rules: Rules, number: int, mixers: int) -> int:
    """Play one game, the heuristic at every seat but `mixers` random-playing seats (to reach
    unusual positions); compare the two implementations at every card play. Returns plays seen."""
    heuristic = make_player("heuristic")
    random_player = make_player("random")
    rng = Rng.for_key("fast-heuristic-test", number)
    game = Game(rules, number, None)
    seen = 0
    while (pending := game.pending()) is not None:
        seat = pending.seats[0]
        view = game.view(seat)
        if pending.kind == Phase.PASS:
            for s in pending.seats:
                game.act(s, heuristic.choose_pass(game.view(s), rng))
            continue
        if pending.kind == Phase.MOON_CHOICE:
            game.act(seat, heuristic.choose_moon(view))
            continue
        expected = heuristic.choose_play(view, rng)
        got = choose(game.round.copy(), view.legal)
        assert got == expected, (rules.variant, number, game.round_index, len(view.tricks), seat)
        seen += 1
        player = random_player if seat < mixers else heuristic
        game.act(seat, player.choose_play(view, rng) if seat < mixers else expected)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_policy_matches_the_heuristic_player(variant: str) -> None:
    rules = Rules.variant_named(variant)
    seen = sum(_compare_game(rules, number, mixers=number % 3) for number in range(1, 9))
    assert seen > 500


def test_fast_policy_matches_with_moon_rules_and_options() -> None:
    for number, rules in enumerate((Rules(moon="new"), Rules(moon="mixed"),
                                    Rules(qs_breaks_hearts=True), Rules(hearts_must_break=False),
                                    Rules(no_points_first_trick=False))):
        assert _compare_game(rules, 100 + number, mixers=1) > 50


OMNIBUS = [Rules.variant_named(v).with_options(omnibus=True)
           for v in ("black-lady", "original", "spot", "partnership")]


@pytest.mark.parametrize("rules", OMNIBUS, ids=lambda r: r.variant)
def test_fast_policy_matches_the_heuristic_player_under_omnibus(rules: Rules) -> None:
    seen = sum(_compare_game(rules, number, mixers=number % 3) for number in range(1, 9))
    assert seen > 500
    assert _compare_game(rules.with_options(moon="mixed") if rules.moon != "none" else rules,
                         200, mixers=1) > 50


@pytest.mark.parametrize("rules", OMNIBUS, ids=lambda r: r.variant)
def test_play_out_under_omnibus_runs_until_the_jack_is_taken(rules: Rules) -> None:
    """Omnibus: the points settle only once J♦ is taken too; the play-out stops there, with
    the round's points as the whole round would have them."""
    rng = Rng.for_key("omnibus-play-out", len(rules.variant))
    for _ in range(40):
        r = Round(rules, random_hands(rules, rng))
        play_out(r)
        assert r.points_settled() and not r.trick
        assert any(t >> parse_card("JD") & 1 for t in r.taken)
        points, shooter = list(r.points), r.moon_shooter()
        while not r.is_over:
            r.play(choose(r, r.legal_mask()))
        assert r.points == points and r.moon_shooter() == shooter
        assert sum(r.points) == rules.total_points() - 10 == rules.round_total()


def _reference_play_out(r: Round) -> None:
    """The play-out as `choose` and `Round.play` define it, one card at a time."""
    while r.phase != DONE:
        r.play(choose(r, r.legal_mask()))
        if not r.trick and r.points_settled():
            return


_FIELDS = ("hands", "played", "taken", "points", "voids", "tricks", "trick", "trick_no", "turn",
           "leader", "led", "win_seat", "win_rank", "trick_pts", "broken", "phase")


@pytest.mark.parametrize("variant", [*VARIANTS, "omnibus"])
def test_play_out_is_choose_and_play_card_for_card(variant: str) -> None:
    """`play_out` keeps the round in local variables for speed: from every position of many
    games (random play mixed in), it must leave the round exactly as the card-by-card loop."""
    rules = (Rules(omnibus=True) if variant == "omnibus" else Rules.variant_named(variant))
    rng = Rng.for_key("fast-play-out-test", [*VARIANTS, "omnibus"].index(variant))
    random_player = make_player("random")
    checked = 0
    for number in range(1, 7):
        game = Game(rules, number, None)
        while (pending := game.pending()) is not None:
            seat = pending.seats[0]
            if pending.kind == Phase.PASS:
                for s in pending.seats:
                    game.act(s, random_player.choose_pass(game.view(s), rng))
                continue
            if pending.kind == Phase.MOON_CHOICE:
                game.act(seat, "old")
                continue
            mine, theirs = game.round.copy(), game.round.copy()
            play_out(mine)
            _reference_play_out(theirs)
            for field in _FIELDS:
                assert getattr(mine, field) == getattr(theirs, field), (variant, number, field)
            checked += 1
            game.act(seat, random_player.choose_play(game.view(seat), rng))
    assert checked > 300


def test_policy_plays_only_legal_cards_and_play_out_stops_once_the_points_are_settled() -> None:
    """Moved from the test of the older rollout policy (`rollout.py`, removed) to the policy the
    search plays out with: legal cards to the end, and a play-out that stops at the end of a
    trick once the points are settled, with the moon as the whole round would have it."""
    rng = Rng(5)
    for rules in (Rules(), Rules.variant("black-maria"), Rules.variant("spot")):
        for _ in range(30):
            r = Round(rules, random_hands(rules, rng))
            while not r.is_over:
                legal = r.legal_mask()
                c = choose(r, legal)
                assert legal >> c & 1
                r.play(c)
            assert sum(r.points) == rules.total_points()
        for _ in range(30):
            r = Round(rules, random_hands(rules, rng))
            play_out(r)
            assert r.points_settled() and not r.trick
            assert sum(r.points) == rules.total_points()
            shooter = r.moon_shooter()
            while not r.is_over:
                r.play(choose(r, r.legal_mask()))
            assert r.moon_shooter() == shooter and sum(r.points) == rules.total_points()
