"""Differential test against OpenSpiel's `hearts`: same deals, same choices, same legal moves at
every decision, same points. OpenSpiel plays one hand; the pass direction follows our cycle."""

from __future__ import annotations

import pytest

from heartsuite.arena.openspiel import (
    OS_PARAMS,
    TO_OS,
    game_params,
    os_legal,
    os_points,
    os_start,
)
from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import round_scores
from heartsuite.prng import Rng

pyspiel = pytest.importorskip("pyspiel")

HANDS = 8000


def play_both(os_game: object, rules: Rules, rng: Rng, round_index: int, *,
              greedy: bool = False) -> tuple[int | None, int | None]:
    """Play one hand in both engines; the moon shooter, if any, and (Omnibus) who took J♦."""
    hands = random_hands(rules, rng)
    offset = rules.pass_offset(round_index)
    ours = Round(rules, hands, offset)
    theirs = os_start(os_game, hands, offset)
    if offset:
        for seat in range(4):
            chosen: list[int] = []
            for _ in range(3):
                assert theirs.current_player() == seat
                left = ours.hands[seat] & ~sum(1 << c for c in chosen)
                assert os_legal(theirs) == set(cards_of(left))
                options = cards_of(left)
                card = options[rng.below(len(options))]
                chosen.append(card)
                theirs.apply_action(TO_OS[card])
            ours.submit_pass(seat, chosen)
    while not ours.is_over:
        assert theirs.current_player() == ours.turn
        legal = ours.legal_plays()
        assert os_legal(theirs) == set(legal), f"hand {round_index}, trick {ours.trick_no}"
        # Greedy hands play the highest legal card: moons and big tricks happen more often.
        card = max(legal, key=lambda c: (c % 13, c)) if greedy else legal[rng.below(len(legal))]
        ours.play(card)
        theirs.apply_action(TO_OS[card])
    assert theirs.is_terminal()
    shooter = ours.moon_shooter()
    assert round_scores(rules, ours.points, shooter, None) == os_points(theirs)
    return shooter, ours.jack_taker()


def test_same_legal_moves_and_points_as_openspiel() -> None:
    os_game = pyspiel.load_game("hearts", OS_PARAMS)
    rules = Rules()
    rng = Rng.for_key("openspiel-differential", 1)
    moons = sum(play_both(os_game, rules, rng, i, greedy=i % 5 == 4)[0] is not None
                for i in range(HANDS))
    assert moons > 0  # the moon scoring was compared too


def test_without_passing_same_as_openspiel() -> None:
    os_game = pyspiel.load_game("hearts", dict(OS_PARAMS, pass_cards=False))
    rules = Rules(passing=False)
    rng = Rng.for_key("openspiel-differential", 2)
    for i in range(300):
        play_both(os_game, rules, rng, i)


@pytest.mark.parametrize(("ours", "theirs"), [
    ({"qs_breaks_hearts": True}, {"qs_breaks_hearts": True}),
    ({"no_points_first_trick": False}, {"no_pts_on_first_trick": False}),
    ({"hearts_must_break": False}, {"must_break_hearts": False}),
])
def test_shared_options_same_as_openspiel(ours: dict, theirs: dict) -> None:
    os_game = pyspiel.load_game("hearts", dict(OS_PARAMS, **theirs))
    rules = Rules().with_options(**ours)
    rng = Rng.for_key("openspiel-differential", 3)
    for i in range(400):
        play_both(os_game, rules, rng, i, greedy=i % 5 == 4)


def test_omnibus_is_openspiels_jd_bonus() -> None:
    """Omnibus against OpenSpiel's `jd_bonus`: the same legal moves (J♦ allowed on the first
    trick), the same points, and the same moon, which needs hearts and Q♠ only, with the jack's
    -10 kept by whoever took it: moons with the jack and moons without it both occur."""
    os_game = pyspiel.load_game("hearts", game_params(Rules(omnibus=True)))
    assert os_game.get_parameters()["jd_bonus"] is True
    rules = Rules(omnibus=True)
    rng = Rng.for_key("openspiel-differential", 4)
    moons = {True: 0, False: 0}
    for i in range(3000):
        shooter, jack = play_both(os_game, rules, rng, i, greedy=i % 3 != 0)
        if shooter is not None:
            moons[jack == shooter] += 1
    assert moons[True] > 0 and moons[False] > 0


def test_omnibus_without_passing_and_with_shared_options_same_as_openspiel() -> None:
    for n, (ours, theirs) in enumerate((
            ({"passing": False}, {"pass_cards": False}),
            ({"no_points_first_trick": False}, {"no_pts_on_first_trick": False}),
            ({"qs_breaks_hearts": True}, {"qs_breaks_hearts": True}))):
        rules = Rules(omnibus=True).with_options(**ours)
        os_game = pyspiel.load_game("hearts", dict(game_params(rules), **theirs))
        rng = Rng.for_key("openspiel-differential", 5, n)
        for i in range(300):
            play_both(os_game, rules, rng, i, greedy=i % 4 == 3)


def test_card_mapping_matches_openspiel_names() -> None:
    from heartsuite.hearts.cards import card_text

    state = pyspiel.load_game("hearts", OS_PARAMS).new_initial_state()
    state.apply_action(0)
    for c in range(52):
        assert state.action_to_string(TO_OS[c]) == card_text(c)
