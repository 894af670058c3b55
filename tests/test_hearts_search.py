"""The search player: consistent sampling, legal and repeatable choices, sound play in clear spots.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from itertools import pairwise

import pytest
from hearts_helpers import check_world, heuristic_position
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import SUIT_MASKS, SUIT_OF, cards_of, mask_of, parse_card
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import make_player
from heartsuite.players import search as search_module
from heartsuite.players.fast_heuristic import choose as fast_choose
from heartsuite.players.fast_heuristic import play_out as fast_play_out
from heartsuite.players.levels import LEVELS, hint, hint_pass
from heartsuite.players.posterior import TRUST, Posterior
from heartsuite.players.sampling import Knowledge, knowledge_of, sample_hands
from heartsuite.players.search import (
    BANK_CAP,
    LEAST,
    MOST,
    RACE_FROM,
    SPEND_EARLY,
    SPEND_LAST,
    SPEND_LATE,
    SearchConfig,
    SearchPlayer,
    SharedNext,
    candidates,
    next_choices,
    reply_values,
    search_play,
    survivors,
    world_value,
)
from heartsuite.prng import Rng

NO_PASS = Rules().with_options(passing=False)


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _scripted_view(hands: list[str], plays: str, seat: int,
                   totals: list[int] | None = None) -> SeatView:
    """The view of `seat` after the listed plays from hands dealt as given (no passing), the
    game's scores at `totals` if given."""
    masks = [mask_of(_cards(h)) for h in hands]
    game = Game(NO_PASS, None, dealer=lambda r: list(masks))
    if totals is not None:
        game.totals = list(totals)
    for c in _cards(plays):
        pending = game.pending()
        assert pending is not None and pending.kind == Phase.PLAY
        game.act(pending.seats[0], c)
    view = game.view(seat)
    assert view.turn == seat
    return view


def _midgame_view(seed: int, plays: int, rules: Rules = Rules()) -> SeatView:  # noqa: B008
    """A position reached by heuristic players (with the pass) after some plays of round 1."""
    return heuristic_position(seed, 0, plays, rules)[1]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 47), sample_seed=st.integers(0, 2**32))
def test_sampled_worlds_never_break_what_the_seat_knows(seed: int, plays: int,
                                                         sample_seed: int) -> None:
    view = _midgame_view(seed, plays)
    rng = Rng(sample_seed)
    for _ in range(5):
        check_world(view, sample_hands(knowledge_of(view), rng))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), gone=st.integers(0, 36), void_bits=st.integers(0, 2**12 - 1))
def test_sampler_fits_heavy_void_constraints(seed: int, gone: int, void_bits: int) -> None:
    """Many voids at once: the greedy pass or the exact per-suit search must still fit them."""
    rng = Rng(seed)
    hands = random_hands(Rules(), rng)
    for _ in range(gone):  # remove cards from the other hands, as if played
        p = 1 + rng.below(3)
        if hands[p]:
            cs = cards_of(hands[p])
            hands[p] &= ~(1 << cs[rng.below(len(cs))])
    voids = [0] * 4
    for p in range(1, 4):
        for s in range(4):
            if void_bits >> (3 * (p - 1) + s) & 1 and not hands[p] & SUIT_MASKS[s]:
                voids[p] |= 1 << s
    k = Knowledge(0, tuple(h.bit_count() for h in hands), (hands[0], 0, 0, 0), tuple(voids),
                  hands[1] | hands[2] | hands[3])
    k.check()
    world = sample_hands(k, Rng(seed + 1))
    assert world[0] == hands[0]
    assert world[1] | world[2] | world[3] == k.unseen
    for p in range(1, 4):
        assert world[p].bit_count() == hands[p].bit_count()
        for s in range(4):
            if voids[p] >> s & 1:
                assert not world[p] & SUIT_MASKS[s]


def test_knowledge_that_no_deal_fits_is_refused() -> None:
    k = Knowledge(0, (0, 2, 1, 0), (0, 0, 0, 0), (0, 0b1111, 0, 0), mask_of(_cards("2C 3C 4C")))
    with pytest.raises(ValueError, match="voids"):
        k.check()


def test_search_plays_legal_cards_and_repeats_itself_given_seed_and_worlds() -> None:
    for seed, plays in ((1, 0), (2, 5), (3, 17), (4, 30), (5, 41)):
        view = _midgame_view(seed, plays)
        card, means, worlds = search_play(view, Rng(seed), SearchConfig(worlds=6))
        assert view.legal >> card & 1
        assert set(means) <= set(cards_of(view.legal))
        again = search_play(view, Rng(seed), SearchConfig(worlds=6))
        assert again == (card, means, worlds)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_world_met_again_is_not_played_out_again(monkeypatch: pytest.MonkeyPatch,
                                                   compiled: bool) -> None:
    """The chains repeat worlds; their play-outs are deterministic, so a repeat reuses the
    outcome: fewer play-outs than outcomes counted, in the Python loop and the compiled one (the
    golden choices of test_hearts_search_golden.py hold the cards and means to those of the
    search before the reuse could be turned off)."""
    calls = [0]
    added = [0]
    real_reply = search_module.reply_values
    real_compiled = search_module.CompiledReplies.replies
    real_add = SharedNext.add

    def counted_reply(*args: object) -> object:
        calls[0] += 1
        return real_reply(*args)  # type: ignore[arg-type]

    def counted_compiled(self: search_module.CompiledReplies, hands: list[int],
                         todo: list[int]) -> list[search_module.Reply]:
        calls[0] += len(todo)
        return real_compiled(self, hands, todo)

    def counted_add(self: SharedNext, reply: search_module.Reply) -> None:
        added[0] += 1
        real_add(self, reply)

    monkeypatch.setattr(search_module, "reply_values", counted_reply)
    monkeypatch.setattr(search_module.CompiledReplies, "replies", counted_compiled)
    monkeypatch.setattr(SharedNext, "add", counted_add)
    for seed, plays in ((1, 5), (2, 17), (3, 30), (4, 38)):
        view = _midgame_view(seed, plays)
        search_play(view, Rng(seed), SearchConfig(worlds=40, compiled=compiled))
    assert 0 < calls[0] < added[0]


def test_search_handles_three_players_and_partnership() -> None:
    for rules in (Rules.variant("black-maria"), Rules.variant("partnership"),
                  Rules.variant("reverse")):
        view = _midgame_view(9, 10, rules)
        card = search_play(view, Rng(1), SearchConfig(worlds=4))[0]
        assert view.legal >> card & 1


# A deal built so that seat 3 wins the first trick with A♣ and leads 3♠ to seat 0, which holds
# A♠ and 2♠ but not the queen: taking the trick with the ace invites Q♠.
QS_HANDS = [
    "2C AS 2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "3C 4C 5C 6C 7C 8C 9C 4S 5S 6S QD KD AD",
    "TC JC QC KC 7S 8S 9S TS JS QS KS KH AH",
    "AC 3S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
]


def test_search_ducks_instead_of_catching_the_queen() -> None:
    view = _scripted_view(QS_HANDS, "2C 3C TC AC 3S", 0)
    card, means, _ = search_play(view, Rng(3), SearchConfig(worlds=40))
    assert card == parse_card("2S"), means


# Seat 0 won trick 1 with A♣ and leads 5♦; seat 1, void in diamonds, sheds Q♠. Seats 0 and 3
# stand at 88, seat 1 at 20, seat 2 (to play) at 64. Whoever of seats 0 and 3 takes the queen
# ends the game with seat 1 winning; seat 2 taking her (Q♦) only keeps alive a game it has lost
# anyway, at 13 points. It ducks (`game_chance`).
LOST_GAME_HANDS = [
    "AC 5D 6D 7D 8D 9D TD 7S 8S 9S TS 9H TH",
    "QS KS AS 3C 4C 5C 6C 7C 8C 9C JH QH KH",
    "QD 4D KD AD 2D 3D TC JC QC KC 2S JS AH",
    "2C JD 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 8H",
]


def test_search_does_not_take_the_queen_to_keep_a_lost_game_going() -> None:
    view = _scripted_view(LOST_GAME_HANDS, "2C AC 3C TC 5D QS", 2, totals=[88, 20, 64, 88])
    card, means, _ = search_play(view, Rng(5), SearchConfig(move_time=None, worlds=60))
    assert card in set(_cards("2D 3D 4D")), means


# Seat 1 wins the first eleven tricks with clubs while seats 2 and 3 shed Q♠ and eleven hearts on
# them. In trick 12 seat 1 leads 3♠, seats 2 and 3 (void in spades) discard the last two hearts:
# seat 0, last to play, must take them with A♠ or seat 1 shoots the moon.
MOON_HANDS = [
    "2C 3C AS 2S 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "4C 5C 6C 7C 8C 9C TC JC QC KC AC 3S KS",
    "QS 2H 3H 4H 5H 6H 7H 4S 5S 6S 7S JD QD",
    "8H 9H TH JH QH KH AH 8S 9S TS JS KD AD",
]
MOON_PLAYS = (
    "2C AC 4S 8S  KC 5S 9S 3C  QC QS TS 2D  JC 6S JS 3D  TC 7S 8H 4D  9C 2H 9H 5D"
    "  8C 3H TH 6D  7C 4H JH 7D  6C 5H QH 8D  5C 6H KH 9D  4C JD KD TD  3S 7H AH"
)


def test_search_stops_an_obvious_moon() -> None:
    view = _scripted_view(MOON_HANDS, MOON_PLAYS, 0)
    assert view.round_points[1] == 24
    card, means, _ = search_play(view, Rng(4), SearchConfig(worlds=10))
    assert card == parse_card("AS"), means
    assert means[parse_card("AS")] > means[parse_card("2S")] + 10


def test_equal_cards_are_searched_once_but_a_card_between_on_the_table_splits_them() -> None:
    view = _scripted_view(QS_HANDS, "2C 3C TC AC 3S", 0)
    assert candidates(view) == [parse_card("2S"), parse_card("AS")]
    hands = [
        "2C 5D 7D 8S 9S TS JS 2H 3H 4H 5H 6H 7H",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 6D",
        "2D 3D 4D 8D 9D TD JD QD KD AD 2S 3S 4S",
        "5S 6S 7S QS KS AS 8H 9H TH JH QH KH AH",
    ]
    # Seat 1 wins the first trick with 3C and leads 6D: seat 0's 5D ducks, its 7D wins.
    view = _scripted_view(hands, "2C 3C 2S 5S 6D 2D 7S", 0)
    assert set(candidates(view)) == {parse_card("5D"), parse_card("7D")}


def test_levels_and_hints() -> None:
    view = _midgame_view(11, 9)
    for level in (*LEVELS, "search"):
        player = make_player(level, 3)
        assert view.legal >> player.choose_play(view, Rng(2)) & 1
    assert view.legal >> hint(view) & 1
    game = Game(Rules(), 12)
    pass_view = game.view(0)
    chosen = hint_pass(pass_view)
    assert len(set(chosen)) == 3 and all(pass_view.hand >> c & 1 for c in chosen)


def test_the_queen_is_not_led_by_a_seat_that_is_not_shooting() -> None:
    view = _scripted_view(QS_HANDS, "2C 3C TC AC 3S 2S 4S KS", 2)
    assert view.legal >> parse_card("QS") & 1
    assert parse_card("QS") not in candidates(view)
    assert parse_card("JS") in candidates(view)


def test_racing_drops_only_candidates_clearly_behind_the_leader() -> None:
    leader = [5.0, 4.0, 6.0, 5.0, 5.5, 4.5, 5.0, 6.0]
    behind = [v - 13.0 for v in leader]  # the queen in every world: always far worse
    close = [v + (1.0 if i % 2 else -1.0) for i, v in enumerate(leader)]  # a coin flip away
    noisy = [v - 1.0 + (20.0 if i == 3 else 0.0) for i, v in enumerate(leader)]
    assert survivors([0, 1, 2, 3], [leader, behind, close, noisy]) == [0, 2, 3]
    assert survivors([1], [leader, behind]) == [1]


def test_racing_drops_a_candidate_that_scored_as_the_leader_in_every_world() -> None:
    leader = [float(i % 5) for i in range(2 * RACE_FROM)]
    assert survivors([0, 1], [leader, list(leader)]) == [0]
    short = leader[:RACE_FROM]  # too few worlds to call them alike
    assert survivors([0, 1], [short, list(short)]) == [0, 1]


def test_a_timed_search_stops_once_the_race_is_decided() -> None:
    view = _scripted_view(MOON_HANDS, MOON_PLAYS, 0)
    card, means, worlds = search_play(view, Rng(4), SearchConfig(move_time=60.0))
    assert card == parse_card("AS"), means
    assert worlds == RACE_FROM  # the first race drops 2♠; the 60 s are not waited out


def test_the_clock_lends_banked_time_to_the_first_tricks_and_repays_overspending() -> None:
    early, late = _midgame_view(11, 2), _midgame_view(11, 40)
    player = SearchPlayer(1, SearchConfig(move_time=0.1))
    assert player.bank == 0.0 and player.budget(early) == 0.1
    player.bank = 0.2
    assert player.budget(early) == pytest.approx(0.1 + 0.2 * SPEND_EARLY)
    assert player.budget(late) == pytest.approx(0.1 + 0.2 * SPEND_LATE)
    last = replace(late, totals=(10, 20, 30, 90))  # this round may end the game: spend it all
    assert player.budget(last) == pytest.approx(0.1 + 0.2 * SPEND_LAST)
    assert player.budget(last) > player.budget(late) and SPEND_EARLY > SPEND_LATE
    player.bank = -0.03
    assert player.budget(early) == pytest.approx(0.07)
    player.bank = -1.0
    assert player.budget(late) == pytest.approx(LEAST * 0.1)
    player.bank = BANK_CAP * 0.1
    assert player.budget(early) == pytest.approx(MOST * 0.1)  # a person is waiting
    assert early.legal >> player.choose_play(early, Rng(5)) & 1
    assert player.bank <= BANK_CAP * 0.1  # a move adds at most its own time, within the cap
    fixed = SearchPlayer(1, SearchConfig(worlds=8))
    assert early.legal >> fixed.choose_play(early, Rng(5)) & 1
    assert fixed.bank == 0.0  # a fixed number of worlds keeps no clock


def test_search_with_chains_and_racing_plays_legal_cards_and_repeats_itself() -> None:
    for seed, plays in ((2, 5), (3, 17), (4, 30)):
        view = _midgame_view(seed, plays)
        results = []
        for _ in range(2):
            post = Posterior(view.rules, view.seat, TRUST)
            results.append(search_play(view, Rng(seed), SearchConfig(worlds=40), post))
        card, _, worlds = results[0]
        assert view.legal >> card & 1 and worlds in (0, 40)  # 0: one candidate only
        assert results[1] == results[0]


def test_search_with_chains_ducks_the_queen_and_stops_the_moon() -> None:
    view = _scripted_view(QS_HANDS, "2C 3C TC AC 3S", 0)
    post = Posterior(view.rules, 0, TRUST)
    assert search_play(view, Rng(3), SearchConfig(worlds=40), post)[0] == parse_card("2S")
    view = _scripted_view(MOON_HANDS, MOON_PLAYS, 0)
    post = Posterior(view.rules, 0, TRUST)
    assert search_play(view, Rng(4), SearchConfig(worlds=20), post)[0] == parse_card("AS")


def _world_after_pass(seed: int, plays: int) -> tuple[Round, int]:
    """The true position (all hands) of a heuristic game `plays` cards into round 1."""
    game, view = heuristic_position(seed, 0, plays)
    return game.round.copy(), view.seat


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 47))
def test_next_choices_keep_one_card_of_each_run_that_plays_alike(seed: int, plays: int) -> None:
    r, seat = _world_after_pass(seed, plays)
    legal = r.legal_mask()
    kept = next_choices(r, seat)
    assert kept and mask_of(kept) & ~legal == 0
    others = 0  # what can part two of our cards: the other hands and the trick on the table
    for p, hand in enumerate(r.hands):
        if p != seat:
            others |= hand
    others |= mask_of(r.trick)
    pts = r.rules.points()
    for c in cards_of(legal & ~mask_of(kept)):  # a dropped card has a kept twin next to it
        twins = [k for k in kept if SUIT_OF[k] == SUIT_OF[c] and pts[k] == pts[c]
                 and not others & ((1 << max(c, k)) - 1) & ~((1 << (min(c, k) + 1)) - 1)]
        assert twins, (c, kept)
    for a, b in pairwise(kept):  # two kept cards never play alike
        if SUIT_OF[a] == SUIT_OF[b] and pts[a] == pts[b]:
            assert others & ((1 << b) - 1) & ~((1 << (a + 1)) - 1)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 40))
def test_the_best_reply_is_the_best_next_card_in_the_world(seed: int, plays: int) -> None:
    """After our card the others play the policy up to our next turn; the value is then the
    best of our next cards (one of each run of twins), each played out by the policy."""
    r, seat = _world_after_pass(seed, plays)
    value = partial(world_value, r.rules, seat, (0, 0, 0, 0), 0)
    first = fast_choose(r, r.legal_mask())
    after = r.copy()
    after.play(first)
    got = max(reply_values(after.copy(), seat, value)[1].values())
    walk = after.copy()
    while not walk.is_over and walk.turn != seat:
        walk.play(fast_choose(walk, walk.legal_mask()))
        if not walk.trick and walk.points_settled():
            break
    if walk.is_over or walk.turn != seat or (not walk.trick and walk.points_settled()):
        assert got == value(walk)
        return
    outcomes = {}
    for c in cards_of(walk.legal_mask()):
        q = walk.copy()
        q.play(c)
        fast_play_out(q)
        outcomes[c] = value(q)
    assert got == max(outcomes[c] for c in next_choices(walk, seat))
    assert got <= max(outcomes.values())


def test_worlds_that_look_alike_at_the_next_turn_share_one_card() -> None:
    shared = SharedNext()
    shared.add(((5,), {1: 10.0, 2: 0.0}))
    assert shared.values == [10.0]
    shared.add(((5,), {1: -20.0, 2: 4.0}))  # the same plays seen: 2 is now best over both
    assert shared.values == [0.0, 4.0]
    shared.add(((6,), {1: 3.0, 2: 1.0}))  # other plays seen: this world chooses alone
    shared.add((None, {-1: 7.0}))  # the round's points settled before the next turn
    assert shared.values == [0.0, 4.0, 3.0, 7.0]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 40))
def test_reply_values_cover_every_next_card_and_twins_score_alike(seed: int, plays: int) -> None:
    r, seat = _world_after_pass(seed, plays)
    value = partial(world_value, r.rules, seat, (0, 0, 0, 0), 0)
    r.play(fast_choose(r, r.legal_mask()))
    key, vector = reply_values(r.copy(), seat, value)
    walk = r.copy()
    for c in key or ():
        assert walk.turn != seat
        walk.play(c)
    if key is None:
        assert list(vector) == [-1]
        return
    assert walk.turn == seat and mask_of(list(vector)) == walk.legal_mask()
    heads = next_choices(walk, seat)
    for c, v in vector.items():  # a card scores as the highest card of its run
        head = min(h for h in heads if h >= c and SUIT_OF[h] == SUIT_OF[c])
        assert v == vector[head]


def test_next_choices_keep_cards_the_trick_on_the_table_parts() -> None:
    """7♠ ducks under the 8♠ led and 9♠ wins: they do not play alike though no hand holds a card
    between them; 5♠ 6♠ 7♠ do, and only the highest of them is kept."""
    hands = ["2C 5C 6C 7C 2D 3D 4D 5D 6D 2H 3H 4H 5H",
             "4C 8C 9C TC 7D 8D 9D TD 2S 3S 6H 7H 8H",
             "KC 8S AS KS QS JS TS 4S JD QD KD AD 9H",
             "3C JC QC AC 7S 9S 5S 6S TH JH QH KH AH"]
    r = Round(NO_PASS, [mask_of(_cards(h)) for h in hands])
    for c in _cards("2C 4C KC 3C 8S"):
        r.play(c)
    assert r.turn == 3
    assert next_choices(r, 3) == _cards("7S 9S")


def test_one_released_config_expert_differs_from_hard_only_in_time() -> None:
    from heartsuite.players.levels import EXPERT, FIXED_WORLDS, HARD, SEARCH_WORLDS

    assert SearchConfig() == HARD and replace(EXPERT, move_time=HARD.move_time) == HARD
    assert EXPERT.move_time == 0.5 and FIXED_WORLDS.worlds == SEARCH_WORLDS
    assert make_player("search").config == FIXED_WORLDS  # type: ignore[attr-defined]
    for bad in ({"worlds": 0}, {"move_time": -1.0}, {"trust": 0.0}, {"trust": 1.0},
                {"race_from": 1}, {"race_every": 0}, {"race_z": 0.0}):
        with pytest.raises(ValueError):
            SearchConfig(**bad)  # type: ignore[arg-type]


# Omnibus: the search values J♦ through the rules alone (its play-outs run until the jack is
# taken, and the round is scored with the jack's -10 for its taker).

JACK_HANDS = [
    "2C 3D 5C 6C 7C 8C 9C 2S 3S 4S 5S 6S 7S",
    "3C AD 4D TC JC QC KC 8S 9S TS 2H 3H 4H",
    "AC 2D 5D 6D 7D 8D JS KS AS 5H 6H 7H 8H",
    "4C JD 9D TD QD KD QS 9H TH JH QH KH AH",
]


def _jack_view(rules: Rules) -> SeatView:
    masks = [mask_of(_cards(h)) for h in JACK_HANDS]
    game = Game(rules.with_options(passing=False), None, dealer=lambda r: list(masks))
    for c in _cards("2C 3C AC 4C 2D JD 3D"):
        pending = game.pending()
        assert pending is not None and pending.kind == Phase.PLAY
        game.act(pending.seats[0], c)
    view = game.view(1)
    assert view.turn == 1 and view.legal == mask_of(_cards("AD 4D"))
    return view


def test_search_takes_the_jack_of_diamonds_under_omnibus() -> None:
    """Last to play on a trick holding J♦ and no points: A♦ takes the jack's -10."""
    card, means, _ = search_play(_jack_view(Rules(omnibus=True)), Rng(5), SearchConfig(worlds=24))
    assert card == parse_card("AD"), means
    assert means[parse_card("AD")] > means[parse_card("4D")] + 5


def test_world_value_counts_the_jack_for_its_taker() -> None:
    rules = Rules(omnibus=True)
    r = Round(rules, [mask_of(_cards(h)) for h in JACK_HANDS])
    fast_play_out(r)
    assert r.points_settled() and r.jack_taker() is not None
    jack = r.jack_taker()
    for seat in range(4):
        value = world_value(rules, seat, (0, 0, 0, 0), 0, r)
        own = r.points[seat]
        assert value == pytest.approx((sum(r.points) - own) / 3 - own)
    pts = rules.points()
    assert sum(r.points) == 16
    assert r.points[jack] == sum(pts[c] for c in cards_of(r.taken[jack]) if pts[c] > 0) - 10
