"""The Omnibus option (SPEC §2.2): J♦ scores -10 for whoever takes it; the moon is the hearts and
Q♠ alone, and the jack's -10 still counts for its taker. Scoring, the moon with and without the
jack, the end of the game, the variants it is refused with, records, events, views and codes."""

from __future__ import annotations

import json

import pytest
from hearts_helpers import moon_game, play_moon_round
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.arena.driver import play_game
from heartsuite.hearts import Game, RecordError, Rules, RulesError, deal_hands, parse_game_code
from heartsuite.hearts.cards import JACK_DIAMONDS, JD_BIT, parse_card, texts
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.events import Scored, page_json
from heartsuite.hearts.records import replay
from heartsuite.hearts.round import Round
from heartsuite.hearts.scoring import game_over, moon_choice_open, round_scores, winner
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng

OMNIBUS_VARIANTS = ("black-lady", "original", "spot", "partnership")


def test_the_jack_scores_minus_ten_and_is_no_penalty_card() -> None:
    rules = Rules(omnibus=True)
    assert parse_card("JD") == JACK_DIAMONDS
    assert rules.points()[JACK_DIAMONDS] == -10 and Rules().points()[JACK_DIAMONDS] == 0
    assert rules.total_points() == 26  # the moon: hearts and Q♠
    assert rules.round_total() == 16
    assert not rules.penalty_mask() & JD_BIT and rules.scoring_mask() & JD_BIT
    assert rules.penalty_mask() == Rules().penalty_mask()
    spot = Rules.variant("spot").with_options(omnibus=True)
    assert (spot.total_points(), spot.round_total()) == (129, 119)


@pytest.mark.parametrize("variant", ("black-maria", "reverse"))
def test_omnibus_is_refused_where_it_makes_no_sense(variant: str) -> None:
    name = "Black Maria" if variant == "black-maria" else "Reverse Hearts"
    with pytest.raises(RulesError, match=f"not played with {name}"):
        Rules.variant(variant).with_options(omnibus=True)
    with pytest.raises(RulesError, match="not played with"):
        Rules.from_json({"variant": variant, "omnibus": True})
    with pytest.raises(RulesError, match="Reverse Hearts"):
        Rules(omnibus=True, reverse=True)
    with pytest.raises(RulesError, match=r"'omnibus' must be bool"):
        Rules(omnibus=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", OMNIBUS_VARIANTS)
def test_omnibus_goes_with_the_point_games(variant: str) -> None:
    rules = Rules.variant(variant).with_options(omnibus=True)
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert rules.points()[JACK_DIAMONDS] == -10


def test_moon_scores_with_and_without_the_jack() -> None:
    old, new, mixed = (Rules(omnibus=True, moon=m) for m in ("old", "new", "mixed"))
    # The shooter took the jack too: its -10 stays with the shooter.
    assert round_scores(old, [16, 0, 0, 0], 0, None) == [-10, 26, 26, 26]
    assert round_scores(new, [16, 0, 0, 0], 0, None) == [-36, 0, 0, 0]
    # Another seat took it: the moon still counts, and that seat keeps its -10.
    assert round_scores(old, [26, 0, -10, 0], 0, None) == [0, 26, 16, 26]
    assert round_scores(new, [26, 0, -10, 0], 0, None) == [-26, 0, -10, 0]
    assert round_scores(mixed, [26, 0, -10, 0], 0, "new") == [-26, 0, -10, 0]
    # No moon: the raw points, the jack included.
    assert round_scores(old, [20, -10, 3, 3], None, None) == [20, -10, 3, 3]
    part = Rules.variant("partnership").with_options(omnibus=True)
    assert round_scores(part, [-10, 26, 0, 0], 1, None) == [16, 0, 26, 0]
    # Without Omnibus nothing changed.
    assert round_scores(Rules(), [26, 0, 0, 0], 0, None) == [0, 26, 26, 26]


def test_a_game_with_a_moon_and_the_jack() -> None:
    game = moon_game(Rules(omnibus=True), [0, 0, 0, 0])
    play_moon_round(game)
    rd = game.rounds[0]
    assert rd["moon"] == 0 and rd["jack"] == 0 and rd["points"] == [-10, 26, 26, 26]
    scored = next(e for e in game.events if isinstance(e, Scored))
    assert scored.jack == 0 and page_json(scored) == {
        "kind": "scored", "round": 0, "points": [-10, 26, 26, 26], "moon": 0,
        "totals": [-10, 26, 26, 26], "jack": 0}
    assert game.view(2).jacks == (0,) and game.view(2).to_json()["jacks"] == [0]
    new = moon_game(Rules(omnibus=True, moon="new"), [0, 0, 0, 0])
    play_moon_round(new)
    assert new.rounds[0]["points"] == [-36, 0, 0, 0]


def test_mixed_moon_offers_the_scores_with_the_jack() -> None:
    game = moon_game(Rules(omnibus=True, moon="mixed"), [90, 80, 80, 0])
    play_moon_round(game)
    assert game.view(0).moon_options == {"old": [-10, 26, 26, 26], "new": [-36, 0, 0, 0]}
    # The choice is open because Old Moon ends the game with seat 3 winning.
    assert moon_choice_open(game.rules, [90, 80, 80, 0], 0, 1, [16, 0, 0, 0])
    with pytest.raises(ValueError, match="need the round's points"):
        moon_choice_open(game.rules, [90, 80, 80, 0], 0, 1)
    game.act(0, "new")
    assert game.totals == [54, 80, 80, 0]


def _greedy_round(rules: Rules, rng: Rng, greedy: bool) -> Round:
    r = Round(rules, random_hands(rules, rng))
    while not r.is_over:
        legal = r.legal_plays()
        r.play(max(legal, key=lambda c: (c % 13, c)) if greedy else legal[rng.below(len(legal))])
    return r


def test_moons_with_and_without_the_jack_both_happen_and_score_by_the_rule() -> None:
    rules = Rules(omnibus=True)
    rng = Rng.for_key("omnibus-moons", 1)
    kinds = set()
    for i in range(3000):
        r = _greedy_round(rules, rng, greedy=i % 2 == 0)
        shooter = r.moon_shooter()
        if shooter is None:
            continue
        jack = r.jack_taker()
        assert jack is not None
        kinds.add(jack == shooter)
        scores = round_scores(rules, r.points, shooter, None)
        assert scores == [(0 if s == shooter else 26) - (10 if s == jack else 0) for s in range(4)]
    assert kinds == {True, False}


@settings(max_examples=120, deadline=None)
@given(variant=st.sampled_from(OMNIBUS_VARIANTS), seed=st.integers(0, 2**32),
       moon=st.sampled_from(("old", "new", "mixed")), choice=st.sampled_from(("old", "new")),
       greedy=st.booleans())
def test_total_points_per_round(variant: str, seed: int, moon: str, choice: str,
                                greedy: bool) -> None:
    """Whatever the play: the raw points add up to the penalty points less 10, exactly one seat
    takes J♦, and the scored round adds up as its moon rule says."""
    rules = Rules.variant(variant).with_options(omnibus=True)
    if rules.moon != "none":
        rules = rules.with_options(moon=moon)
    r = _greedy_round(rules, Rng(seed), greedy)
    assert sum(r.points) == rules.total_points() - 10
    assert sum(bool(t & JD_BIT) for t in r.taken) == 1
    shooter = r.moon_shooter() if rules.moon != "none" else None
    scores = round_scores(rules, r.points, shooter, choice)
    total, n = rules.total_points(), rules.players
    if shooter is None:
        assert scores == r.points
    elif rules.moon == "new" or (rules.moon == "mixed" and choice == "new"):
        assert sum(scores) == -total - 10
    else:
        spared = rules.partnership and rules.moon_spares_partner
        assert sum(scores) == (n - 1 - spared) * total - 10


def test_the_game_ends_at_the_target_even_below_zero() -> None:
    rules = Rules(omnibus=True, target=50)
    assert game_over(rules, [50, -10, 20, 30], 4) and winner(rules, [50, -10, 20, 30]) == 1
    assert not game_over(rules, [49, -20, 20, 30], 4)
    assert not game_over(rules, [60, -10, -10, 30], 4)  # a tie for the lowest plays on
    for number in (1, 2, 3):
        rec = json.loads(json.dumps(play_game(rules, number, ["heuristic", "random"] * 2)))
        assert max(rec["totals"]) >= 50 and Rules.from_json(rec["rules"]) == rules
        assert [sum(rd["points"][s] for rd in rec["rounds"]) for s in range(4)] == rec["totals"]
        for rd in rec["rounds"]:
            took = [s for s in range(4) for t in rd["tricks"]
                    if "JD" in t["cards"] and _taker(t) == s]
            assert rd["jack"] == took[0]
        assert replay(rec).record() == rec


def _taker(trick: dict) -> int:
    cards = [parse_card(c) for c in trick["cards"]]
    led = cards[0] // 13
    best = max(c for c in cards if c // 13 == led)
    return (trick["leader"] + cards.index(best)) % 4


def test_a_record_with_the_wrong_jack_is_refused() -> None:
    rec = json.loads(json.dumps(play_game(Rules(omnibus=True), 7, ["heuristic"] * 4)))
    rec["rounds"][0]["jack"] = (rec["rounds"][0]["jack"] + 1) % 4
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.rule == "wrong_jack" and err.value.round == 1
    del rec["rounds"][0]["jack"]
    with pytest.raises(RecordError, match="jack of diamonds"):
        replay(rec)


def test_records_and_views_without_omnibus_are_as_before() -> None:
    rec = play_game(Rules(), 7, ["heuristic"] * 4)
    assert all("jack" not in rd for rd in rec["rounds"])
    assert rec["rules"]["omnibus"] is False
    old = dict(rec, rules={k: v for k, v in rec["rules"].items() if k != "omnibus"})
    assert replay(old).record() == rec  # a record written before the option reads the same
    game = Game(Rules(), 7)
    view = game.view(0).to_json()
    assert view["jacks"] == []
    del view["jacks"]  # a view of a server from before the option
    assert SeatView.from_json(view) == game.view(0)


# Golden: a game code deals as it always did, with or without the option; the game it plays
# under Omnibus between heuristic players is pinned (the jack's seat and the totals).

def test_golden_codes_deal_the_same_under_omnibus() -> None:
    n = parse_game_code("HT1-AAAAAAA")
    assert deal_hands(Rules(omnibus=True), n, 0) == deal_hands(Rules(), n, 0)
    hands = deal_hands(Rules(omnibus=True), n, 0)
    assert " ".join(texts(hands[0])) == "QC 3D 4D 7D 2S 3S 4S 6S TS 6H TH JH KH"
    holder = next(s for s, h in enumerate(hands) if h & JD_BIT)
    assert holder == 2 and "JD" in texts(hands[2])


def test_golden_omnibus_game() -> None:
    rec = play_game(Rules(omnibus=True), parse_game_code("HT1-AAAAAAA"), ["heuristic"] * 4)
    assert rec["code"] == "HT1-AAAAAAA"
    assert rec["totals"] == [62, 108, 53, 65] and rec["winner"] == 2
    assert [rd["jack"] for rd in rec["rounds"]] == [2, 3, 1, 1, 3, 0, 1, 2, 3, 3, 3, 3, 1, 2, 1,
                                                     0, 3, 0]
    assert rec["rounds"][0]["points"] == [3, 3, 7, 3]
    assert replay(json.loads(json.dumps(rec))).record() == rec


def test_the_first_trick_allows_the_jack() -> None:
    """J♦ scores for its taker, so it is no point card the first trick bans (as in OpenSpiel)."""
    def mask(text: str) -> int:
        return sum(1 << parse_card(c) for c in text.split())
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    diamonds = "2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD"
    r = Round(Rules(omnibus=True), [mask(clubs), mask("JD " + hearts), mask(spades),
                                    mask("AH " + diamonds)])
    r.play(parse_card("2C"))
    assert texts(r.legal_mask()) == ["JD"]  # void in clubs: the jack, not a heart


# The heuristic's play of the jack ---------------------------------------------------------------

def _round(rules: Rules, fixed: list[str], first_trick: str) -> Round:
    """A deal with the given cards per seat (the rest dealt round-robin in card order to fill 13
    each), the first trick played (cards in order from the holder of 2C)."""
    hands = [sum(1 << parse_card(c) for c in f.split()) for f in fixed]
    rest = [c for c in range(52) if not any(h >> c & 1 for h in hands)]
    seat = 0
    for c in rest:
        while hands[seat].bit_count() >= 13:
            seat = (seat + 1) % 4
        hands[seat] |= 1 << c
        seat = (seat + 1) % 4
    r = Round(rules, hands)
    for c in first_trick.split():
        r.play(parse_card(c))
    return r


@pytest.mark.parametrize("omnibus", (True, False))
def test_the_heuristic_wins_the_jack_when_it_plays_last(omnibus: bool) -> None:
    from heartsuite.players.fast_heuristic import choose
    rules = Rules(omnibus=omnibus)
    r = _round(rules, ["AC 2D", "3C 3D", "4C 4D", "2C JD KD"], "2C AC 3C 4C")
    for c in ("2D", "3D", "4D"):
        r.play(parse_card(c))
    assert r.turn == 3
    assert texts(1 << choose(r, r.legal_mask())) == (["JD"] if omnibus else ["KD"])


@pytest.mark.parametrize("omnibus", (True, False))
def test_the_heuristic_keeps_the_jack_under_a_higher_diamond(omnibus: bool) -> None:
    from heartsuite.players.fast_heuristic import choose
    rules = Rules(omnibus=omnibus)
    r = _round(rules, ["AC KD", "3C 3D JD", "4C 4D", "2C"], "2C AC 3C 4C")
    r.play(parse_card("KD"))
    assert r.turn == 1
    card = texts(1 << choose(r, r.legal_mask()))[0]
    assert card[1] == "D" and ((card != "JD") if omnibus else card == "JD")


@pytest.mark.parametrize("omnibus", (True, False))
def test_the_heuristic_does_not_discard_the_jack(omnibus: bool) -> None:
    from heartsuite.players.fast_heuristic import choose
    rules = Rules(omnibus=omnibus)
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    # Seat 1 holds no spades: on a spade lead it discards, the jack or its next card.
    r = _round(rules, ["AC 2S 3S 4S 5S", "3C 5C 6C 7C 8C 9C JD 2D 3D 4D 5D 6D 7D",
                       "4C 6S 7S 8S JS QS", "2C 9S TS KS AS"], "2C AC 3C 4C")
    assert not r.hands[1] & sum(1 << parse_card(c) for c in spades.split())
    r.play(parse_card("5S"))
    card = texts(1 << choose(r, r.legal_mask()))[0]
    assert card == ("9C" if omnibus else "JD")


def test_the_heuristic_keeps_the_jack_out_of_its_pass() -> None:
    from heartsuite.players.heuristic import pass_cards
    hand = sum(1 << parse_card(c) for c in ("JD", "QD", "2C", "3C", "4C", "5C", "2S", "3S", "4S",
                                            "5S", "6S", "2H", "3H"))
    assert texts(sum(1 << c for c in pass_cards(Rules(), hand))) == ["JD", "QD", "3H"]  # void
    assert "JD" not in texts(sum(1 << c for c in pass_cards(Rules(omnibus=True), hand)))
