"""The chains of `posterior`: every world they give fits what the seat knows, and reading the
passes and plays of heuristic opponents puts cards with their true holders far more often than
plain sampling does."""

from __future__ import annotations

import math

import pytest
from hearts_helpers import check_world, heuristic_position
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import QS_BIT, mask_of
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players.heuristic import pass_cards
from heartsuite.players.posterior import TRUST, Posterior
from heartsuite.players.sampling import knowledge_of, sample_hands
from heartsuite.prng import Rng


def test_the_true_deal_explains_every_play_of_heuristic_opponents() -> None:
    """A play the policy would not make costs a factor of at most (1 - trust)/2 (log < -3.6);
    one it would make costs almost nothing. The true deal has no such cost; most random
    consistent deals do."""
    miss = math.log((1 - TRUST) / 2)
    for number in range(1, 6):
        game, view = heuristic_position(number, 0, 24)
        post = Posterior(view.rules, view.seat, TRUST)
        rng = Rng(number)
        post.update(view, rng)
        others = [p for p in range(4) if p != view.seat]

        def log(hands: list[int]) -> float:
            return sum(post._seat_log(p, hands[p]) for p in others)  # noqa: B023

        assert log(game.round.hands) > miss
        know = knowledge_of(view)
        assert sum(log(sample_hands(know, rng)) <= miss for _ in range(50)) >= 25


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([0, 1, 2, 3]), st.integers(1, 44))
def test_worlds_fit_what_the_seat_knows(number: int, round_index: int, plays: int) -> None:
    _, view = heuristic_position(number, round_index, plays)
    post = Posterior(view.rules, view.seat, TRUST, chains=3, steps=4, burn_in=10)
    rng = Rng(number)
    post.update(view, rng)
    for _ in range(6):
        check_world(view, post.world(rng))


def test_chains_carry_over_to_the_next_move_and_restart_with_a_new_round() -> None:
    """Worlds stay consistent as the same object follows a seat through later moves."""
    for number in (3, 4):
        post: Posterior | None = None
        for plays in (5, 9, 13, 17, 21, 33):
            _, view = heuristic_position(number, 0, plays)
            if post is None or post.seat != view.seat:
                post = Posterior(view.rules, view.seat, TRUST, chains=4)
            rng = Rng(plays)
            post.update(view, rng)
            for _ in range(4):
                check_world(view, post.world(rng))


def test_three_player_worlds_fit_too() -> None:
    rules = Rules(players=3)
    for number in (1, 2, 3):
        _, view = heuristic_position(number, 0, 10, rules)
        post = Posterior(rules, view.seat, TRUST, chains=3)
        rng = Rng(number)
        post.update(view, rng)
        for _ in range(5):
            check_world(view, post.world(rng))


def test_reading_the_pass_we_received_in_an_across_round() -> None:
    """Across, the giver's dealt hand is its hand now, plus what it played and passed us, minus
    what we passed it: the chains favour hands from which the heuristic passes what we got."""
    read = plain = total = 0
    for number in range(1, 9):
        _, view = heuristic_position(number, 2, 4)
        giver = view.received_from
        assert giver is not None and view.passed_to == giver
        post = Posterior(view.rules, view.seat, TRUST)
        rng = Rng(number)
        post.update(view, rng)
        played = 0
        for leader, cards in view.tricks + ((view.trick_leader or 0, view.trick),):
            for i, c in enumerate(cards):
                if (leader + i) % 4 == giver:
                    played |= 1 << c
        for _ in range(20):
            total += 1
            read += _explains(view, giver, played, post.world(rng))
            plain += _explains(view, giver, played, sample_hands(knowledge_of(view), rng))
    assert read > 0.35 * total and read > 2 * plain, (read, plain, total)


def _explains(view: SeatView, giver: int, played: int, world: list[int]) -> bool:
    """Whether the heuristic would have passed us what we got from the giver's dealt hand in
    `world` (an across round: it received our pass)."""
    dealt = (world[giver] | played) & ~view.passed | view.received
    return mask_of(pass_cards(view.rules, dealt)) == view.received


@pytest.mark.parametrize("plays", [8, 20])
def test_chains_find_the_queen_far_more_often_than_plain_sampling(plays: int) -> None:
    plain = read = total = 0
    for number in range(1, 41):
        game, view = heuristic_position(number, 0, plays)
        holder = next((p for p in range(4) if game.round.hands[p] & QS_BIT), view.seat)
        if holder == view.seat or view.known_elsewhere() & QS_BIT:
            continue
        post = Posterior(view.rules, view.seat, TRUST)
        rng = Rng.for_key("posterior-test", number)
        post.update(view, rng)
        know = knowledge_of(view)
        for _ in range(10):
            total += 1
            plain += bool(sample_hands(know, rng)[holder] & QS_BIT)
            read += bool(post.world(rng)[holder] & QS_BIT)
    assert total >= 100
    assert read > plain * 1.3, (read, plain, total)
