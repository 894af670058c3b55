"""Cards, rules and the round state: legal plays with reasons, passing, tricks, points."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import (
    CardError,
    card_text,
    cards_of,
    mask_of,
    parse_card,
)
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.round import IllegalMove, Round
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.prng import Rng


def m(*texts: str) -> int:
    return mask_of(parse_card(t) for t in texts)


def hands_from(*specs: str) -> list[int]:
    return [m(*spec.split()) for spec in specs]


def test_card_text_round_trip() -> None:
    assert [card_text(c) for c in (0, 8, 13, 36, 51)] == ["2C", "TC", "2D", "QS", "AH"]
    for c in range(52):
        assert parse_card(card_text(c)) == c
    assert parse_card(" qs ") == 36
    assert parse_card("10h") == parse_card("TH")
    for bad in ("", "1C", "QX", "QSS", 5, None):
        with pytest.raises(CardError):
            parse_card(bad)


def test_rules_variants_and_json() -> None:
    maria = Rules.variant("black-maria")
    assert (maria.players, maria.hand_size(), maria.total_points()) == (3, 17, 43)
    assert len(maria.deck()) == 51 and 0 not in maria.deck()
    assert Rules.variant("spot").total_points() == 104 + 25
    assert Rules.variant("original").total_points() == 13
    assert Rules().total_points() == 26
    for name in ("black-lady", "original", "black-maria", "spot", "partnership", "reverse"):
        r = Rules.variant(name)
        assert Rules.from_json(r.to_json()) == r
    assert Rules.from_json({"variant": "spot", "target": 50}).target == 50
    assert Rules.from_json(None) == Rules()
    for bad in ({"target": "x"}, {"nope": 1}, {"variant": "chess"}, {"players": 5}, [1],
                {"partnership": True, "players": 3}, {"moon": "full"}):
        with pytest.raises(RulesError):
            Rules.from_json(bad)


def test_pass_cycles() -> None:
    assert [Rules().pass_name(r) for r in range(5)] == ["left", "right", "across", "none", "left"]
    maria = Rules.variant("black-maria")
    assert [maria.pass_name(r) for r in range(4)] == ["left", "right", "none", "left"]
    assert Rules.variant("original").pass_name(0) == "none"


# A constructed deal (4 players, no pass): seat 0 holds 2C.
DEAL = hands_from(
    "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S",
    "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 2H",
    "JC QC KC AC JD QD KD AD 9S TS JS 3H 4H",
    "QS KS AS 5H 6H 7H 8H 9H TH JH QH KH AH",
)


def test_first_trick_rules_and_reasons() -> None:
    r = Round(Rules(), DEAL, 0)
    assert r.turn == 0 and r.legal_plays() == [parse_card("2C")]
    assert r.why_illegal(0, parse_card("3C")) == "must_lead_lowest_club"
    assert r.why_illegal(1, parse_card("7C")) == "not_your_turn"
    assert r.why_illegal(0, parse_card("AH")) == "not_in_hand"
    r.play_checked(0, parse_card("2C"))
    assert r.why_illegal(1, parse_card("7D")) == "must_follow_suit"
    r.play(parse_card("7C"))
    r.play(parse_card("AC"))
    # Seat 3 has no club: neither a heart nor the queen on the first trick.
    assert r.legal_mask() == m("KS", "AS")
    assert r.why_illegal(3, parse_card("QS")) == "no_points_first_trick"
    assert r.why_illegal(3, parse_card("5H")) == "no_points_first_trick"
    with pytest.raises(IllegalMove) as err:
        r.play_checked(0, parse_card("3C"))
    assert err.value.reason == "not_your_turn"


def test_no_points_on_first_trick_when_other_cards_exist() -> None:
    hands = hands_from(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD QS",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    )
    r = Round(Rules(), hands, 0)
    r.play(parse_card("2C"))
    assert r.why_illegal(1, parse_card("QS")) == "no_points_first_trick"
    assert parse_card("QS") not in r.legal_plays()
    r.play(parse_card("2D"))
    r.play(parse_card("2S"))
    assert r.legal_mask() == hands[3]  # only hearts: any heart
    r.play(parse_card("2H"))
    assert r.broken and r.voids[1] == 1 and r.voids[3] == 1
    assert r.points == [1, 0, 0, 0]
    # Spot Hearts counts face values.
    s = Round(Rules.variant("spot"), hands, 0)
    for c in ("2C", "2D", "2S", "AH"):
        s.play(parse_card(c))
    assert s.points == [14, 0, 0, 0]


LEAD_DEAL = (
    "AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
    "2C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "4C 5C 6C 7C 8C 9C TC JC QC KC 3C AD 2H",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH",
)


def seat0_to_lead(rules: Rules, deal: tuple[str, ...] = LEAD_DEAL) -> Round:
    """Seat 1 leads 2C, seat 0 wins with AC and must lead the second trick."""
    r = Round(rules, hands_from(*deal), 0)
    for c in ("2C", "3C", "2S", "AC"):
        r.play(parse_card(c))
    assert r.turn == 0 and not r.broken
    return r


def test_leading_hearts_and_queen() -> None:
    # Only hearts and the queen left: the queen may always be led (default), hearts may not.
    r = seat0_to_lead(Rules())
    assert r.legal_plays() == [parse_card("QS")]
    assert r.why_illegal(0, parse_card("3H")) == "hearts_not_broken"
    # The queen waits too: nothing else is left, so any card may be led (documented decision).
    r = seat0_to_lead(Rules(qs_lead_anytime=False))
    assert r.legal_mask() == r.hands[0]
    deal = ("AC 2D 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
            "2C 3H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD") + LEAD_DEAL[2:]
    r = seat0_to_lead(Rules(qs_lead_anytime=False), deal)
    assert r.why_illegal(0, parse_card("QS")) == "queen_waits_for_hearts"
    assert r.legal_plays() == [parse_card("2D")]
    # Once a heart is discarded, hearts may be led.
    r.play(parse_card("2D"))
    r.play(parse_card("3D"))
    r.play(parse_card("AD"))
    r.play(parse_card("AH"))
    assert r.broken and r.voids[3] == 0b11 and r.turn == 2  # void in clubs and diamonds
    assert r.why_illegal(2, parse_card("2H")) is None
    # With "the queen breaks hearts", playing the queen breaks them.
    r = seat0_to_lead(Rules(qs_breaks_hearts=True))
    r.play(parse_card("QS"))
    assert r.broken


def test_passing_is_simultaneous_and_validated() -> None:
    r = Round(Rules(), DEAL, 1)
    assert r.phase == "pass" and r.waiting_to_pass() == [0, 1, 2, 3]
    with pytest.raises(IllegalMove) as err:
        r.submit_pass(0, [parse_card("2C"), parse_card("3C")])
    assert err.value.reason == "pass_three_cards"
    with pytest.raises(IllegalMove) as err:
        r.submit_pass(0, [parse_card("2C"), parse_card("3C"), parse_card("AH")])
    assert err.value.reason == "not_in_hand"
    passes = [["2C", "3C", "4C"], ["7C", "8C", "9C"], ["JC", "QC", "KC"], ["QS", "KS", "AS"]]
    for seat, cards in enumerate(passes):
        assert r.phase == "pass"
        r.submit_pass(seat, [parse_card(c) for c in cards])
        if seat == 0:
            with pytest.raises(IllegalMove):
                r.submit_pass(0, [parse_card(c) for c in ("5C", "6C", "2D")])
    assert r.phase == "play"
    assert r.hands[1] & m("2C", "3C", "4C") == m("2C", "3C", "4C")
    assert r.hands[0] & m("QS", "KS", "AS") == m("QS", "KS", "AS")
    assert r.received(1) == m("2C", "3C", "4C")
    assert r.turn == 1  # 2C went left to seat 1


def play_random(rules: Rules, seed: int) -> Round:
    rng = Rng(seed)
    r = Round(rules, random_hands(rules, rng), 0)
    while not r.is_over:
        legal = cards_of(r.legal_mask())
        r.play(legal[rng.below(len(legal))])
    return r


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["black-lady", "black-maria", "spot", "original"]))
def test_random_rounds_keep_invariants(seed: int, variant: str) -> None:
    rules = Rules.variant(variant)
    rng = Rng(seed)
    r = Round(rules, random_hands(rules, rng), 0)
    copies = []
    while not r.is_over:
        legal = cards_of(r.legal_mask())
        assert legal and all(r.why_illegal(r.turn, c) is None for c in legal)
        for c in cards_of(r.hands[r.turn] & ~r.legal_mask()):
            assert r.why_illegal(r.turn, c) is not None
        copies.append(r.copy())
        r.play(legal[rng.below(len(legal))])
    assert sum(r.points) == rules.total_points()
    assert len(r.tricks) == rules.hand_size()
    assert not any(r.hands)
    # Copies were not disturbed by later play.
    assert copies[0].trick_no == 0 and copies[0].played == 0


def test_moon_shooter() -> None:
    hands = hands_from(
        "7C 8C 9C TC JC QC KC AC TH JH QH KH AH",
        "2C 3C 4C 2H 3H 4H 5H 6H 7H 8H 9H QS 2D",
        "5C 6C 3D 4D 5D 6D 7D 8D 9D TD 2S 3S 4S",
        "JD QD KD AD 5S 6S 7S 8S 9S TS JS KS AS",
    )
    r = Round(Rules(), hands, 0)
    while not r.is_over:
        legal = cards_of(r.legal_mask())
        if r.turn == 0:
            r.play(max(legal, key=lambda c: c % 13))
        elif r.turn == 1 and r.trick and all(c // 13 != r.led for c in legal):
            r.play(max(legal, key=lambda c: (c == 36, c)))  # dumps the queen, then hearts
        else:
            r.play(min(legal, key=lambda c: (r.cfg.pts[c] > 0, c % 13)))
    assert r.points == [26, 0, 0, 0] and r.moon_shooter() == 0
    r2 = play_random(Rules(), 5)
    assert (r2.moon_shooter() is not None) == (26 in r2.points)
