"""The events `Game.act` reports: every kind, per variant where it matters, what each seat may see,
the page's JSON of each, and (over random games) replayed records report the same events."""

from __future__ import annotations

import json

import pytest
from hearts_helpers import moon_game, play_moon_round
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts import Game, Phase, Rules, cards_of, page_json, replay
from heartsuite.hearts.cards import HEARTS, SUIT_OF, parse_card
from heartsuite.hearts.events import (
    CardsReceived,
    Event,
    Exchanged,
    GameOver,
    HeartsBroken,
    MoonChoiceAsked,
    MoonChosen,
    MoonShot,
    Passed,
    Played,
    RoundDealt,
    Scored,
    TrickWon,
)
from heartsuite.prng import Rng

VARIANTS = ("black-lady", "original", "black-maria", "spot", "partnership", "reverse")


def pass_all(game: Game) -> list[Event]:
    """Every seat passes its three lowest cards; the events of the last pass."""
    events: list[Event] = []
    for seat in range(game.rules.players):
        events = game.act(seat, cards_of(game.round.hands[seat])[:3])
    return events


def play_lowest(game: Game) -> list[Event]:
    """The seat to play plays its lowest legal card."""
    return game.act(game.round.turn, game.round.legal_plays()[0])


@pytest.mark.parametrize(("variant", "givers"), [
    ("black-lady", (3, 0, 1, 2)),  # round 1 passes left: each seat receives from its right
    ("black-maria", (2, 0, 1)),
])
def test_the_pass_round_reports_each_pass_then_the_exchange(variant: str, givers: tuple) -> None:
    game = Game(Rules.variant(variant), 7)
    assert game.events == [RoundDealt(0, "left")]
    n = game.rules.players
    for seat in range(n - 1):
        assert game.act(seat, cards_of(game.round.hands[seat])[:3]) == [Passed(seat)]
    last = game.act(n - 1, cards_of(game.round.hands[n - 1])[:3])
    assert last[:2] == [Passed(n - 1), Exchanged()]
    received = last[2:]
    assert [type(e) for e in received] == [CardsReceived] * n
    for seat, event in enumerate(received):
        assert isinstance(event, CardsReceived)
        view = game.view(seat)
        assert event == CardsReceived(seat, tuple(cards_of(view.received)), givers[seat],
                                      seat_only=seat)
        assert event.giver == view.received_from
        assert event.visible_to(seat)
        assert not event.visible_to(None)
        assert not any(event.visible_to(other) for other in range(n) if other != seat)
    assert all(e.visible_to(s) for e in last[:2] for s in (None, *range(n)))
    assert game.pending() is not None and game.pending().kind == Phase.PLAY


def test_black_maria_passes_left_right_then_holds() -> None:
    game = Game(Rules.variant("black-maria").with_options(target=1000), 3)
    while game.round_index < 3:
        pending = game.pending()
        assert pending is not None
        if pending.kind == Phase.PASS:
            pass_all(game)
        elif pending.kind == Phase.MOON_CHOICE:
            game.act(pending.seats[0], "old")
        else:
            play_lowest(game)
    dealt = [e for e in game.events if isinstance(e, RoundDealt)]
    assert dealt == [RoundDealt(0, "left"), RoundDealt(1, "right"), RoundDealt(2, "none"),
                     RoundDealt(3, "left")]
    assert sum(isinstance(e, Exchanged) for e in game.events) == 2


def test_a_no_pass_round_starts_with_play() -> None:
    game = Game(Rules.variant("original"), 11)
    assert game.events == [RoundDealt(0, "none")]
    first = play_lowest(game)
    assert first == [Played(first[0].seat, parse_card("2C"))]  # type: ignore[attr-defined]


def test_plays_tricks_and_broken_hearts() -> None:
    game = Game(Rules(passing=False), 5)
    broken = 0
    while game.round_index == 0:
        r = game.round
        seat, card = r.turn, r.legal_plays()[-1]
        was_broken, completes = r.broken, len(r.trick) == 3
        events = game.act(seat, card)
        assert events[0] == Played(seat, card)
        rest = events[1:]
        if SUIT_OF[card] == HEARTS and not was_broken:
            assert rest[0] == HeartsBroken()
            broken += 1
            rest = rest[1:]
        if completes:
            leader, cards = r.tricks[-1]
            trick = rest[0]
            assert trick == TrickWon(leader, trick.winner, cards,  # type: ignore[attr-defined]
                                     sum(r.cfg.pts[c] for c in cards))
            rest = rest[1:]
        if r.phase == Phase.DONE:
            assert [type(e) for e in rest] in ([Scored, RoundDealt], [MoonShot, Scored, RoundDealt])
        else:
            assert rest == []
    assert broken == 1
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    assert len(tricks) == 13 and all(e.visible_to(None) for e in game.events)
    assert [t.leader for t in tricks[1:]] == [t.winner for t in tricks[:-1]]


def test_old_moon_is_shot_then_scored() -> None:
    game = moon_game(Rules(), [0, 0, 0, 0])
    play_moon_round(game)
    last_trick = game.events[-4]
    assert isinstance(last_trick, TrickWon) and last_trick.winner == 0
    assert game.events[-3:] == [
        MoonShot(0),
        Scored(0, (0, 26, 26, 26), 0, (0, 26, 26, 26)),
        RoundDealt(1, "none"),
    ]


def test_mixed_moon_asks_the_shooter_then_scores_its_choice() -> None:
    game = moon_game(Rules(moon="mixed"), [90, 80, 80, 0])
    play_moon_round(game)
    assert game.events[-2:] == [MoonShot(0), MoonChoiceAsked(0)]
    assert game.act(0, "new") == [
        MoonChosen(0, "new"),
        Scored(0, (-26, 0, 0, 0), 0, (64, 80, 80, 0)),
        RoundDealt(1, "none"),
    ]


def test_the_game_over_event_follows_the_last_score() -> None:
    game = moon_game(Rules(moon="mixed"), [90, 80, 80, 0])
    play_moon_round(game)
    assert game.act(0, "old") == [
        MoonChosen(0, "old"),
        Scored(0, (0, 26, 26, 26), 0, (90, 106, 106, 26)),
        GameOver(3, (90, 106, 106, 26)),
    ]
    assert game.pending() is None


def test_a_shared_best_total_at_the_target_plays_on() -> None:
    game = moon_game(Rules(), [26, 80, 80, 0])
    play_moon_round(game)
    assert game.events[-2:] == [Scored(0, (0, 26, 26, 26), 0, (26, 106, 106, 26)),
                                RoundDealt(1, "none")]
    assert not game.is_over


def test_the_page_json_of_every_kind() -> None:
    two, queen = parse_card("2C"), parse_card("QS")
    assert page_json(RoundDealt(2, "across")) == {"kind": "round", "round": 2, "pass": "across"}
    assert page_json(Passed(1)) == {"kind": "passed", "seat": 1}
    assert page_json(Exchanged()) is None
    assert page_json(CardsReceived(0, (two, queen), 3, seat_only=0)) == {
        "kind": "exchange", "received": ["2C", "QS"], "from": 3}
    assert page_json(Played(2, queen)) == {"kind": "play", "seat": 2, "card": "QS"}
    assert page_json(HeartsBroken()) == {"kind": "broken"}
    assert page_json(TrickWon(1, 2, (two, queen), 13)) == {
        "kind": "trick", "leader": 1, "winner": 2, "cards": ["2C", "QS"], "points": 13}
    assert page_json(MoonShot(0)) is None
    assert page_json(MoonChoiceAsked(0)) == {"kind": "moon_choice", "seat": 0}
    assert page_json(MoonChosen(0, "new")) == {"kind": "moon_chosen", "seat": 0, "choice": "new"}
    assert page_json(Scored(4, (0, 1, 2, 23), None, (5, 6, 7, 99))) == {
        "kind": "scored", "round": 4, "points": [0, 1, 2, 23], "moon": None,
        "totals": [5, 6, 7, 99]}
    assert page_json(GameOver(0, (5, 6, 7, 100))) == {
        "kind": "over", "winner": 0, "totals": [5, 6, 7, 100]}


def named_cards(event: Event) -> list[int]:
    """The cards an event names."""
    if isinstance(event, Played):
        return [event.card]
    if isinstance(event, TrickWon | CardsReceived):
        return list(event.cards)
    return []


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 26**7 - 1), st.sampled_from(VARIANTS), st.integers(0, 1000),
       st.sampled_from(["old", "mixed"]))
def test_events_are_secret_and_replay_identically(number: int, variant: str, seed: int,
                                                 moon: str) -> None:
    rules = Rules.variant(variant).with_options(target=40)
    if rules.moon != "none":
        rules = rules.with_options(moon=moon)
    game = Game(rules, number)
    live: list[Event] = list(game.events)
    rng = Rng(seed)
    while (pending := game.pending()) is not None:
        # Simultaneous passes in seat order: a record does not say in which order they came.
        seat = pending.seats[0]
        r = game.round
        if pending.kind == Phase.PASS:
            hand = cards_of(game.view(seat).hand)
            rng.shuffle(hand)
            events = game.act(seat, hand[:3])
        elif pending.kind == Phase.PLAY:
            legal = r.legal_plays()
            events = game.act(seat, legal[rng.below(len(legal))])
        else:
            events = game.act(seat, ("old", "new")[rng.below(2)])
        live.extend(events)
        for event in events:
            for viewer in range(rules.players):
                if event.visible_to(viewer):
                    seen = r.played | r.hands[viewer]
                    assert all(seen >> c & 1 for c in named_cards(event)), (event, viewer)
            if event.visible_to(None):
                assert all(r.played >> c & 1 for c in named_cards(event)), event
    assert live == game.events
    assert replay(json.loads(json.dumps(game.record()))).events == live
