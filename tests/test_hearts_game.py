"""Whole games: codes, golden deals, decision points, moon rules, variants, records, views."""

from __future__ import annotations

import json

import pytest
from hearts_helpers import moon_game, play_moon_round
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.arena.driver import play_game
from heartsuite.codes import CodeError
from heartsuite.hearts import (
    Game,
    IllegalMove,
    RecordError,
    Rules,
    deal_hands,
    game_code,
    mask_of,
    parse_card,
    parse_game_code,
    texts,
)
from heartsuite.hearts.cards import card_text, cards_of
from heartsuite.hearts.records import replay, round_plays
from heartsuite.hearts.scoring import game_over, moon_choice_open, round_scores, winner
from heartsuite.prng import Rng

VARIANTS = ("black-lady", "original", "black-maria", "spot", "partnership", "reverse")


def test_game_codes_read_case_insensitively_with_clear_errors() -> None:
    assert parse_game_code("ht1-aaaaaab") == 1
    assert parse_game_code(" HT1-HEARTSX ") == parse_game_code("HT1-heartsx")
    assert game_code(parse_game_code("HT1-HEARTSX")) == "HT1-HEARTSX"
    for bad, words in (("HT2-AAAAAAA", "starts with HT1-"), ("HT1AAAAAAA", "looks like"),
                       ("HT1-AAAA", "exactly 7"), ("HT1-AAAAAA1", "only letters"), (7, "text")):
        with pytest.raises(CodeError, match=words):
            parse_game_code(bad)


def test_golden_deals() -> None:
    """Pinned deals: changing the PRNG, the deck order or the dealing breaks every saved code."""
    n = parse_game_code("HT1-AAAAAAA")
    hands = deal_hands(Rules(), n, 0)
    assert " ".join(texts(hands[0])) == "QC 3D 4D 7D 2S 3S 4S 6S TS 6H TH JH KH"
    assert " ".join(texts(hands[1])) == "3C 4C 5C 7C 6D 8D QD 8S JS KS 3H 5H 8H"
    assert " ".join(texts(deal_hands(Rules(), n, 1)[0])) == "TC AC 6D 7D 9D KD AD 3S 9S JS AS 7H JH"
    maria = deal_hands(Rules.variant("black-maria"), parse_game_code("HT1-HEARTSX"), 0)
    assert " ".join(texts(maria[1])) == "3C 6C 9C JC 2D 5D 8D KD AD 4S 6S QS KS 2H 3H 5H TH"


@pytest.mark.parametrize("variant", ["black-lady", "black-maria"])
def test_deal_follows_the_documented_procedure(variant: str) -> None:
    """docs/hearts.md: deck in card order, Rng.for_key("HT1", N, r).shuffle, round-robin."""
    rules = Rules.variant(variant)
    for number, rnd in ((0, 0), (12345, 3), (26**7 - 1, 9)):
        order = "CDSH"
        deck = [f"{rank}{suit}" for suit in order for rank in "23456789TJQKA"]
        if rules.players == 3:
            deck.remove("2C")
        Rng.for_key("HT1", number, rnd).shuffle(deck)
        expect = [sorted(deck[s::rules.players], key=parse_card) for s in range(rules.players)]
        assert [texts(h) for h in deal_hands(rules, number, rnd)] == expect


def random_game(rules: Rules, number: int, seed: int, moon: str = "new") -> Game:
    """A game played to the end with random choices, checking views at every decision."""
    rng = Rng(seed)
    game = Game(rules, number, [f"p{s}" for s in range(rules.players)])
    while (p := game.pending()) is not None:
        for seat in p.seats:
            view = game.view(seat)
            assert_view_is_secret(game, seat)
            if p.kind == "pass":
                cards = cards_of(view.hand)
                rng.shuffle(cards)
                game.act(seat, [card_text(c) for c in cards[:3]])
            elif p.kind == "play":
                legal = cards_of(view.legal)
                assert legal == game.round.legal_plays(seat)
                game.act(seat, legal[rng.below(len(legal))])
            else:
                game.act(seat, moon)
    return game


def assert_view_is_secret(game: Game, seat: int) -> None:
    """Every card the seat's JSON names is in its hand, played, passed by it or passed to it."""
    view = game.view(seat)
    r = game.round
    allowed = r.hands[seat] | r.played | (r.passes[seat] or 0) | r.received(seat)
    data = view.to_json()
    named = data["hand"] + data["passed"] + data["received"] + data["legal"]
    named += [c for t in data["tricks"] + [data["trick"]] for c in t["cards"]]
    named += [c for taken in data["taken"] for c in taken]
    assert mask_of(parse_card(c) for c in named) & ~allowed == 0
    # No other seat's unplayed cards, except those this seat passed to it.
    for other in range(game.rules.players):
        if other != seat:
            secret = r.hands[other] & ~(r.passes[seat] or 0)
            assert mask_of(parse_card(c) for c in named) & secret == 0
    assert "hands" not in json.dumps(data)


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_games_under_every_variant(variant: str) -> None:
    rules = Rules.variant(variant)
    for number in (1, 2):
        game = random_game(rules, number, number)
        rec = game.record()
        assert game.is_over and rec["winner"] == game.winner
        assert set(rec) == {"code", "rules", "players", "rounds", "totals", "winner"}
        for i, rd in enumerate(rec["rounds"]):
            assert set(rd) == {"pass", "hands", "passes", "tricks", "points", "moon"}
            assert rd["pass"] == rules.pass_name(i)
            assert all(len(h) == rules.hand_size() for h in rd["hands"])
            assert (rd["passes"] is None) == (rd["pass"] == "none")
            assert len(rd["tricks"]) == rules.hand_size()
        assert [sum(rd["points"][s] for rd in rec["rounds"]) for s in range(rules.players)] \
            == rec["totals"]
        again = replay(json.loads(json.dumps(rec)))
        assert again.record() == rec
        for rd in rec["rounds"]:  # the true positions of each play, as the benches read them
            plays = [(r.turn, number, card_text(card), bool(r.legal_mask() >> card & 1))
                     for r, number, card in round_plays(rules, rd)]
            assert [(number, text) for _, number, text, _ in plays] == [
                (t, c) for t, trick in enumerate(rd["tricks"], 1) for c in trick["cards"]]
            assert all(legal for *_, legal in plays)
            assert [plays[k * rules.players][0] for k in range(len(rd["tricks"]))] == [
                t["leader"] for t in rd["tricks"]]
        st_ = rec["totals"]
        if not rules.partnership:
            best = max(st_) if rules.reverse else min(st_)
            assert st_[rec["winner"]] == best and st_.count(best) == 1


OPTIONS = (
    {"target": 50}, {"target": 150}, {"qs_lead_anytime": False}, {"qs_breaks_hearts": True},
    {"moon": "new"}, {"moon": "mixed"}, {"passing": False}, {"moon": "none"},
)


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: "-".join(map(str, o.items())))
def test_whole_games_under_every_option(option: dict) -> None:
    rules = Rules().with_options(**option)
    for number, moon_choice in ((3, "old"), (4, "new")):
        game = random_game(rules, number, number, moon_choice)
        rec = json.loads(json.dumps(game.record()))
        assert Rules.from_json(rec["rules"]) == rules
        assert max(rec["totals"]) >= rules.target
        assert replay(rec).record() == rec


def test_variant_specifics() -> None:
    maria = random_game(Rules.variant("black-maria"), 5, 5).record()
    first = maria["rounds"][0]
    assert first["tricks"][0]["cards"][0] == "3C"
    assert all(len(t["cards"]) == 3 for t in first["tricks"])
    raw_total = 43
    for rd in maria["rounds"]:
        assert sum(rd["points"]) == raw_total or rd["moon"] is not None
    original = random_game(Rules.variant("original"), 5, 5).record()
    assert all(rd["pass"] == "none" and rd["moon"] is None for rd in original["rounds"])
    assert all(sum(rd["points"]) == 13 for rd in original["rounds"])
    spot = random_game(Rules.variant("spot"), 5, 5).record()
    assert all(sum(rd["points"]) == 129 or rd["moon"] is not None for rd in spot["rounds"])
    fixed = random_game(Rules.variant("original").with_options(rounds=3), 5, 5)
    assert len(fixed.rounds) >= 3


def test_scoring_rules() -> None:
    bl = Rules()
    assert round_scores(bl, [26, 0, 0, 0], 0, None) == [0, 26, 26, 26]
    assert round_scores(Rules(moon="new"), [26, 0, 0, 0], 0, None) == [-26, 0, 0, 0]
    assert round_scores(Rules(moon="none"), [26, 0, 0, 0], 0, None) == [26, 0, 0, 0]
    part = Rules.variant("partnership")
    assert round_scores(part, [0, 26, 0, 0], 1, None) == [26, 0, 26, 0]
    assert round_scores(Rules.variant("black-maria"), [43, 0, 0], 0, None) == [0, 43, 43]
    # End of game: shared lowest total continues; Reverse wants the highest; teams add up.
    assert not game_over(bl, [100, 50, 50, 70], 5)
    assert game_over(bl, [100, 49, 50, 70], 5) and winner(bl, [100, 49, 50, 70]) == 1
    rev = Rules.variant("reverse")
    assert game_over(rev, [100, 49, 50, 70], 5) and winner(rev, [100, 49, 50, 70]) == 0
    assert game_over(part, [100, 10, 20, 10], 5) and winner(part, [100, 10, 20, 10]) == 1
    assert not game_over(part, [100, 10, 0, 90], 5)
    fixed = Rules(rounds=3)
    assert not game_over(fixed, [200, 0, 0, 1], 2) and game_over(fixed, [5, 0, 3, 1], 3)
    # Mixed Moon opens the choice only when Old Moon would make the shooter lose.
    mixed = Rules(moon="mixed")
    assert moon_choice_open(mixed, [90, 80, 80, 0], 0, 4)
    assert not moon_choice_open(mixed, [10, 20, 30, 40], 0, 4)
    assert not moon_choice_open(mixed, [0, 80, 80, 90], 0, 4)  # Old Moon wins it outright
    assert not moon_choice_open(bl, [90, 80, 80, 0], 0, 4)


def test_mixed_moon_is_a_decision_point() -> None:
    game = moon_game(Rules(moon="mixed"), [90, 80, 80, 0])
    play_moon_round(game)
    pending = game.pending()
    assert pending is not None and (pending.kind, pending.seats) == ("moon_choice", (0,))
    assert game.view(0).moon_options == {"old": [0, 26, 26, 26], "new": [-26, 0, 0, 0]}
    assert game.view(1).moon_options is None
    with pytest.raises(IllegalMove):
        game.act(1, "new")
    with pytest.raises(IllegalMove):
        game.act(0, "sideways")
    from heartsuite.players import make_player

    assert make_player("heuristic").choose_moon(game.view(0)) == "new"
    game.act(0, "new")
    assert game.totals == [64, 80, 80, 0] and game.rounds[0]["moon"] == 0
    game2 = moon_game(Rules(moon="mixed"), [90, 80, 80, 0])
    play_moon_round(game2)
    game2.act(0, "old")
    assert game2.is_over and game2.winner == 3


def test_mixed_moon_records_replay_the_choice() -> None:
    # Reverse partnership: Old Moon (others +26) makes the shooter's team lose at once.
    rules = Rules.variant("partnership").with_options(
        reverse=True, moon="mixed", moon_spares_partner=False, target=20)
    game = moon_game(rules, [0, 0, 0, 0])
    play_moon_round(game)
    game.act(0, "new")
    assert game.totals == [-26, 0, 0, 0] and not game.is_over
    play_moon_round(game)
    game.act(0, "old")
    assert game.is_over and game.totals == [-26, 26, 26, 26]
    rec = json.loads(json.dumps(game.record()))
    assert "code" not in rec
    again = replay(rec)
    assert again.totals == game.totals and again.winner == game.winner
    with pytest.raises(RecordError) as err:
        replay(tamper(rec, ("rounds", 0, "points"), [0, 0, 0, 0]))
    assert err.value.rule == "wrong_points"


def test_refused_actions_change_nothing() -> None:
    game = Game(Rules(), "HT1-AAAAAAB")
    before = json.dumps(game.record(partial=True))
    hand0 = cards_of(game.round.hands[0])
    hand1 = cards_of(game.round.hands[1])
    for seat, action in ((0, hand0[:2]), (0, hand1[:3]), (7, hand0[:3]), (0, "QS"),
                         (0, [hand0[0]] * 3), (0, None), ("0", hand0[:3])):
        with pytest.raises(IllegalMove):
            game.act(seat, action)  # type: ignore[arg-type]
        assert json.dumps(game.record(partial=True)) == before
    game.act(0, hand0[:3])
    assert game.pending().seats == (1, 2, 3)  # type: ignore[union-attr]
    assert game.view(0).passed == mask_of(hand0[:3]) and game.view(0).received == 0
    with pytest.raises(IllegalMove) as err:
        game.act(0, hand0[3:6])
    assert err.value.reason == "not_your_turn"
    for s in (1, 2, 3):
        game.act(s, cards_of(game.round.hands[s])[:3])
    assert game.pending().kind == "play"  # type: ignore[union-attr]
    turn = game.round.turn
    wrong = next(c for c in cards_of(game.round.hands[turn]) if c != 0)
    with pytest.raises(IllegalMove) as err:
        game.act(turn, wrong)
    assert err.value.reason == "must_lead_lowest_club"
    assert game.view(1).received == game.round.passes[0]


def test_partial_record_resumes() -> None:
    game = Game(Rules(), 99)
    rng = Rng(4)
    for _ in range(30):
        p = game.pending()
        assert p is not None
        seat = p.seats[0]
        if p.kind == "pass":
            game.act(seat, cards_of(game.round.hands[seat])[:3])
        else:
            legal = game.round.legal_plays()
            game.act(seat, legal[rng.below(len(legal))])
    saved = json.loads(json.dumps(game.record(partial=True)))
    resumed = replay(saved, allow_partial=True)
    assert resumed.record(partial=True) == game.record(partial=True)
    assert resumed.pending() == game.pending()


def tamper(rec: dict, path: tuple, value: object) -> dict:
    rec = json.loads(json.dumps(rec))
    target = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return rec


def test_records_name_the_first_violation() -> None:
    rec = play_game(Rules(), 42, ["random", "heuristic", "random", "heuristic"], seed=3)
    assert replay(rec).winner == rec["winner"]
    no_code = {k: v for k, v in rec.items() if k not in ("code", "rules")}
    assert replay(no_code).totals == rec["totals"]  # default rules, deals from the record
    cases = {
        "wrong_points": tamper(rec, ("rounds", 0, "points", 0), 99),
        "wrong_totals": tamper(rec, ("totals", 0), -1),
        "wrong_winner": tamper(rec, ("winner",), (rec["winner"] + 1) % 4),
        "wrong_pass_direction": tamper(rec, ("rounds", 0, "pass"), "right"),
        "hands_do_not_match_code": tamper(rec, ("code",), "HT1-AAAAAAA"),
        "bad_code": tamper(rec, ("code",), "HT9-X"),
        "bad_rules": tamper(rec, ("rules",), {"target": -5}),
        "wrong_leader": tamper(rec, ("rounds", 0, "tricks", 1, "leader"), 9),
        "not_in_hand": tamper(rec, ("rounds", 0, "passes", 0),
                              rec["rounds"][0]["hands"][1][:3]),
        "bad_card": tamper(rec, ("rounds", 0, "tricks", 0, "cards", 0), "XX"),
        "game_not_over": tamper(rec, ("rounds",), rec["rounds"][:1]),
        "bad_players": tamper(rec, ("players",), ["a"]),
        "bad_deal": tamper(rec, ("rounds", 0, "hands", 0, 0), rec["rounds"][0]["hands"][1][0]),
    }
    for rule, bad in cases.items():
        with pytest.raises(RecordError) as err:
            replay(bad)
        assert err.value.rule == rule, (rule, str(err.value))
    # Swap the order of two cards in a trick: a suit is not followed, or a lead is refused.
    t0 = rec["rounds"][0]["tricks"][0]["cards"]
    with pytest.raises(RecordError) as err:
        replay(tamper(rec, ("rounds", 0, "tricks", 0, "cards"), [t0[1], t0[0], *t0[2:]]))
    assert err.value.rule in ("must_lead_lowest_club", "not_in_hand")
    assert err.value.round == 1 and err.value.trick == 1 and err.value.card == t0[1]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 26**7 - 1), st.sampled_from(VARIANTS), st.integers(0, 1000))
def test_views_stay_secret_and_records_replay(number: int, variant: str, seed: int) -> None:
    rules = Rules.variant(variant).with_options(target=40)
    game = random_game(rules, number, seed)
    assert replay(json.loads(json.dumps(game.record()))).totals == game.totals


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(VARIANTS))
def test_any_action_is_applied_whole_or_refused_without_change(seed: int, variant: str) -> None:
    rules = Rules.variant(variant).with_options(target=30)
    game = Game(rules, seed)
    rng = Rng(seed)
    junk: list[object] = ["QS", "ZZ", None, 3.5, -1, 60, True, "old", [], [0, 0, 0], "new"]
    for _ in range(400):
        pending = game.pending()
        if pending is None:
            break
        seat = pending.seats[0] if rng.below(4) else rng.below(rules.players + 1)
        hand = cards_of(game.round.hands[seat % rules.players])
        rng.shuffle(hand)
        legal = game.round.legal_plays() or [0]
        good = [hand[:3], legal[rng.below(len(legal))]] * 6  # mostly actions that may be right
        options = [*junk, *good, hand[:1] and hand[0]]
        action = options[rng.below(len(options))]
        before = json.dumps(game.record(partial=True))
        try:
            game.act(seat, action)
        except IllegalMove as exc:
            assert exc.reason and str(exc)
            assert json.dumps(game.record(partial=True)) == before
    if game.is_over:
        assert replay(game.record()).totals == game.totals
    else:
        assert replay(game.record(partial=True), allow_partial=True).totals == game.totals
