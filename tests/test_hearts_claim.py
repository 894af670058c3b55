"""Claiming the rest of a round (heartsuite.hearts.claim): the rule on hand-made positions, and on
random deals that an accepted claim scores exactly what playing the rest out scores, whatever the
others play, and that the pruned search agrees with a search of every answer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import mask_of, parse_card
from heartsuite.hearts.claim import (
    ALL_TRICKS,
    CLAIM_NOT_NOW,
    CLAIM_UNPROVEN,
    NO_POINTS,
    claim_kind,
    claim_plays,
    next_claim_card,
    why_claim_refused,
)
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.phase import PLAY
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng


def m(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


def position(rules: Rules, hands: list[str], leader: int, broken: bool = False) -> Round:
    """A round in its middle (past the first trick): these hands, `leader` to lead."""
    r = Round(rules, random_hands(rules, Rng(1)), 0)
    r.hands = [m(*h.split()) for h in hands]
    r.trick_no = 13 - len(hands[0].split())
    r.leader = r.turn = leader
    r.broken = broken or not rules.hearts_must_break
    return r


def random_position(seed: int, left: int, rules: Rules) -> Round:
    """A random deal played at random until each hand holds `left` cards."""
    rng = Rng.for_key("claim-test", seed)
    r = Round(rules, random_hands(rules, rng), 0)
    while r.phase == PLAY and r.hands[r.turn].bit_count() > left:
        legal = r.legal_plays()
        r.play(legal[rng.below(len(legal))])
    return r


def play_out(r: Round, claimant: int, kind: str, rng: Rng) -> list[int]:
    """The rest played with random cards for the others (and the claimant too when no points
    remain), the claimant following its proven strategy under "all tricks"; the round points."""
    r = r.copy()
    while r.phase == PLAY:
        if r.turn == claimant and kind == ALL_TRICKS:
            r.play(next_claim_card(r, claimant))
        else:
            legal = r.legal_plays()
            r.play(legal[rng.below(len(legal))])
    return r.points


def claimed(r: Round, claimant: int) -> list[int]:
    done = r.copy()
    for c in claim_plays(r, claimant):
        done.play_checked(done.turn, c)
    assert done.phase != PLAY
    return done.points


def brute_takes_all(r: Round, claimant: int) -> bool:
    """Every answer of the others tried: the claimant takes every remaining trick."""
    if r.phase != PLAY:
        return True
    results = []
    for c in r.legal_plays():
        child = r.copy()
        child.play(c)
        ok = (bool(child.trick) or child.leader == claimant) and brute_takes_all(child, claimant)
        results.append(ok)
    return any(results) if r.turn == claimant else all(results)


def test_top_cards_claim_all_tricks() -> None:
    # Seat 0 on lead with the top cards of every suit it holds: it takes the rest.
    rules = Rules()
    r = position(rules, ["AS KS AH", "2S 3S 4H", "5S 6S 2H", "7S 8S 3H"], 0)
    assert claim_kind(r, 0) == ALL_TRICKS
    assert why_claim_refused(r, 0) is None
    assert claimed(r, 0) == [4, 0, 0, 0]  # the four hearts


def test_claim_refused_when_another_seat_can_win_a_point_trick() -> None:
    rules = Rules()
    r = position(rules, ["AS 2H", "KS 3H", "QC 4H", "JC 5H"], 0, broken=True)
    # Seat 0 leads the ace, then must lead the 2 of hearts, which the others beat.
    assert claim_kind(r, 0) is None
    assert why_claim_refused(r, 0) == CLAIM_UNPROVEN
    with pytest.raises(ValueError):
        claim_plays(r, 0)


def test_claim_proven_through_a_forced_follow() -> None:
    # The king of spades falls under the ace (seat 1 must follow), so the queen is then top.
    rules = Rules()
    r = position(rules, ["AS QS", "KS 2C", "3C 4C", "5C 6C"], 0)
    assert claim_kind(r, 0) == ALL_TRICKS
    assert claimed(r, 0) == [13, 0, 0, 0]


def test_claim_with_no_points_left() -> None:
    rules = Rules()
    r = position(rules, ["2C 9D", "3C TD", "4C JD", "5C QD"], 1)
    assert claim_kind(r, 0) == NO_POINTS  # anyone may claim: nothing can change
    assert claimed(r, 0) == [0, 0, 0, 0]


def test_no_claim_outside_trick_play() -> None:
    rules = Rules()
    r = Round(rules, random_hands(rules, Rng(3)), 1)  # passing first
    assert why_claim_refused(r, 0) == CLAIM_NOT_NOW
    assert claim_kind(r, 0) is None


RULE_SETS = [Rules(), Rules.variant_named("original"), Rules.variant_named("spot"),
             Rules.variant_named("black-maria"), Rules(players=3),
             Rules(qs_breaks_hearts=True, qs_lead_anytime=False)]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), left=st.integers(1, 5), claimant=st.integers(0, 3),
       rules=st.sampled_from(RULE_SETS), policy=st.integers(0, 2**32))
def test_an_accepted_claim_scores_what_playing_it_out_scores(
        seed: int, left: int, claimant: int, rules: Rules, policy: int) -> None:
    claimant %= rules.players
    r = random_position(seed, left, rules)
    kind = claim_kind(r, claimant)
    if kind is None:
        return
    want = claimed(r, claimant)
    for k in range(4):
        assert play_out(r, claimant, kind, Rng.for_key("policy", policy, k)) == want


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), left=st.integers(1, 3), claimant=st.integers(0, 3),
       rules=st.sampled_from(RULE_SETS))
def test_the_search_agrees_with_trying_every_answer(
        seed: int, left: int, claimant: int, rules: Rules) -> None:
    claimant %= rules.players
    r = random_position(seed, left, rules)
    if r.phase != PLAY:
        return
    kind = claim_kind(r, claimant)
    takes_all = brute_takes_all(r, claimant)
    if takes_all:
        assert kind is not None
    if kind == ALL_TRICKS:
        assert takes_all


def test_claims_happen_on_random_deals() -> None:
    """The properties above are not vacuous: accepted claims of both kinds do come up."""
    kinds = set()
    for seed in range(400):
        r = random_position(seed, 1 + seed % 4, Rules())
        for seat in range(4):
            kinds.add(claim_kind(r, seat))
    assert {ALL_TRICKS, NO_POINTS, None} <= kinds


def test_the_position_is_not_changed_by_a_claim_check() -> None:
    r = random_position(7, 3, Rules())
    before = (list(r.hands), list(r.trick), r.turn, r.trick_no)
    for seat in range(4):
        claim_kind(r, seat)
        if claim_kind(r, seat):
            claim_plays(r, seat)
    assert (list(r.hands), list(r.trick), r.turn, r.trick_no) == before
