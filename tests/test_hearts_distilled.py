"""The distilled play-out policy: its features against a plain Python reading of the round, its
compiled choice against the numpy network, the play-out with it at one seat against the same
play-out in Python, the table reading that turns it on, and the training script."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from heartsuite.arena.driver import play_game
from heartsuite.arena.tournament import build_player
from heartsuite.hearts.cards import QUEEN_SPADES, SPADES, SUIT_MASKS, cards_of
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import DONE, Phase
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.players import compiled, distilled, fast_heuristic
from heartsuite.players.compiled import distilled as kernels
from heartsuite.players.heuristic import pass_cards
from heartsuite.players.search import CompiledReplies, SearchConfig, SearchPlayer
from heartsuite.prng import Rng

ROOT = Path(__file__).resolve().parents[1]
RULE_SETS = [Rules(), Rules().with_options(moon="new"), Rules().with_options(passing=False),
             Rules().with_options(omnibus=True), Rules.variant_named("black-maria"),
             Rules.variant_named("spot"), Rules().with_options(players=3)]


def _name(rules: Rules) -> str:
    return f"{rules.variant}-{rules.players}-{rules.moon}{'-omnibus' if rules.omnibus else ''}"


def _positions(rules: Rules, number: int, rounds: int) -> Iterator[Round]:
    """Every position of some rounds, the heuristic mixed with random cards."""
    rng = Rng.for_key("distilled-test", number)
    for i in range(rounds):
        r = Round(rules, random_hands(rules, rng), rules.pass_offset(i))
        for seat in r.waiting_to_pass():
            r.submit_pass(seat, pass_cards(rules, r.hands[seat]))
        while r.phase != DONE:
            yield r
            legal = r.legal_mask()
            if rng.below(3) == 0:
                cards = cards_of(legal)
                r.play(cards[rng.below(len(cards))])
            else:
                r.play(fast_heuristic.choose(r, legal))


def reference_features(r: Round, legal: int, heuristic: int) -> list[list[float]]:
    """The feature rows, read off the round in plain Python (the kernel's documentation)."""
    rules = r.rules
    n = rules.players
    seat = r.turn
    hand = r.hands[seat]
    deck = sum(1 << c for c in range(52)) if n == 4 else compiled.rules_facts(rules)[0]
    hidden = int(deck) & ~hand & ~r.played
    penalty = rules.penalty_mask()
    following = bool(r.trick) and bool(hand & SUIT_MASKS[r.trick[0] // 13])
    takers = [s for s in range(n) if r.taken[s] & penalty]
    others = [r.points[s] for s in range(n) if s != seat]
    pts = rules.points()
    trick_pts = sum(pts[c] for c in r.trick)
    rows = []
    for c in cards_of(legal):
        suit, rank = c // 13, c % 13
        same = SUIT_MASKS[suit]
        below = same & ((1 << c) - 1)
        above = same & ~((2 << c) - 1)
        winning = following and rank > max(x % 13 for x in r.trick if x // 13 == r.trick[0] // 13)
        rows.append([
            float(not r.trick), float(following), float(bool(r.trick) and not following),
            len(r.trick) / 3, float(len(r.trick) == n - 1), min(trick_pts, 26) / 13,
            r.trick_no / 12, float(r.broken), float(bool(hidden >> QUEEN_SPADES & 1)),
            float(bool(hand >> QUEEN_SPADES & 1)), r.points[seat] / 26, max(others) / 26,
            float(takers not in ([], [seat]) and len(takers) == 1),
            float(takers == [seat]), float(not takers), legal.bit_count() / 13,
            float(c == heuristic), rank / 12, *[float(suit == j) for j in range(4)],
            float(c == QUEEN_SPADES), pts[c] / 13, float(winning),
            (hand & same).bit_count() / 13, (hidden & same).bit_count() / 13,
            (hidden & below).bit_count() / 13, (hidden & above).bit_count() / 13,
            (hand & below).bit_count() / 13, (hand & above).bit_count() / 13,
            sum(1 for s in range(n) if s != seat and r.voids[s] >> suit & 1) / 3,
            float(suit == SPADES and rank >= 11),
        ])
    return rows


@pytest.mark.parametrize("rules", RULE_SETS, ids=_name)
def test_features_and_choice_are_the_reference(rules: Rules) -> None:
    policy = distilled.shipped()
    w1, b1, w2 = distilled.kernel_weights()
    facts = compiled.rules_facts(rules)
    scratch = np.zeros((52, kernels.FEATURES))
    checked = moved = 0
    for r in _positions(rules, 1, 12):
        legal = r.legal_mask()
        if not legal & (legal - 1):
            continue
        state = compiled.encode_round(r)
        heuristic = fast_heuristic.choose(r, legal)
        k = kernels.card_features(facts, state, legal, heuristic, scratch)
        assert k == legal.bit_count()
        assert np.allclose(scratch[:k], reference_features(r, legal, heuristic))
        scores = policy.scores(scratch[:k])
        expected = cards_of(legal)[int(np.argmax(scores))]
        card = kernels.distilled_choose(facts, state, legal, w1, b1, w2, scratch)
        assert card == expected
        checked += 1
        moved += card != heuristic
    assert checked > 300
    assert moved > 0  # it is not the heuristic under another name


def _python_own_play_out(r: Round, seat: int) -> Round:
    """The play-out with `seat` choosing by the numpy network, in Python."""
    policy = distilled.shipped()
    facts = compiled.rules_facts(r.rules)
    scratch = np.zeros((52, kernels.FEATURES))
    r = r.copy()
    while r.phase != DONE:
        legal = r.legal_mask()
        heuristic = fast_heuristic.choose(r, legal)
        card = heuristic
        if r.turn == seat and legal & (legal - 1):
            k = kernels.card_features(facts, compiled.encode_round(r), legal, heuristic, scratch)
            card = cards_of(legal)[int(np.argmax(policy.scores(scratch[:k])))]
        r.play(card)
        if not r.trick and r.points_settled():
            break
    return r


@pytest.mark.parametrize("rules", RULE_SETS[:4], ids=_name)
def test_own_play_out_is_the_python_loop(rules: Rules) -> None:
    w1, b1, w2 = distilled.kernel_weights()
    facts = compiled.rules_facts(rules)
    scratch = np.zeros((52, kernels.FEATURES))
    differs = 0
    for i, r in enumerate(_positions(rules, 2, 6)):
        if i % 3:
            continue
        seat = r.turn
        state = compiled.encode_round(r)
        kernels.own_play_out(facts, state, seat, w1, b1, w2, scratch)
        expected = _python_own_play_out(r, seat)
        assert state.tolist() == compiled.encode_round(expected).tolist()
        plain = compiled.encode_round(r)
        compiled.play_out(facts, plain)
        differs += plain.tolist() != state.tolist()
    assert differs > 0


def test_replies_use_the_policy_only_when_asked() -> None:
    rules = Rules()
    found = 0
    for r in _positions(rules, 3, 4):
        legal = r.legal_mask()
        if r.trick_no > 4 or not legal & (legal - 1):
            continue
        cards = cards_of(legal)
        todo = list(range(len(cards)))
        plain = CompiledReplies(r, r.turn, cards, (0, 0, 0, 0), 0).replies(list(r.hands), todo)
        off = CompiledReplies(r, r.turn, cards, (0, 0, 0, 0), 0, own=False)
        assert off.replies(list(r.hands), todo) == plain
        own = CompiledReplies(r, r.turn, cards, (0, 0, 0, 0), 0, own=True)
        found += own.replies(list(r.hands), todo) != plain
    assert found > 0


def test_the_table_reading() -> None:
    enough = distilled.MIN_PLAYS
    assert distilled.table_reads_heuristic([(0, 0)] + [(enough, enough)] * 3, 0)
    assert distilled.table_reads_heuristic([(0, 0), (40, 38), (20, 19), (25, 25)], 0)
    assert not distilled.table_reads_heuristic([(0, 0), (40, 37), (20, 20), (25, 25)], 0)
    assert not distilled.table_reads_heuristic([(0, 0), (enough - 1, enough - 1), (40, 40),
                                                (40, 40)], 0)
    # the seat's own entry is not read
    assert not distilled.table_reads_heuristic([(40, 40), (3, 0), (40, 40), (40, 40)], 0)
    assert distilled.table_reads_heuristic([(40, 40), (3, 0), (40, 40), (40, 40)], 1)
    assert not distilled.table_reads_heuristic([], 0)


class _Recorder(SearchPlayer):
    """A search player that notes, at each of its plays, whether it used the distilled policy."""

    def __init__(self, seed: int, config: SearchConfig) -> None:
        super().__init__(seed, config)
        self.by_round: dict[int, set[bool]] = {}

    def choose_play(self, view, rng):  # type: ignore[no-untyped-def]
        card = super().choose_play(view, rng)
        on = distilled.table_reads_heuristic(self.reads, view.seat)
        self.by_round.setdefault(view.round_index, set()).add(on)
        return card


@pytest.mark.parametrize("opponent, turns_on", [("heuristic", True), ("easy", False),
                                                 ("random", False)])
def test_the_gate_opens_at_a_table_of_heuristic_players_only(opponent: str,
                                                             turns_on: bool) -> None:
    me = _Recorder(5, SearchConfig(worlds=2, pass_search=False))
    players = [me] + [build_player(opponent, 10 + s) for s in range(1, 4)]
    play_game(Rules(), 77, players, seed=3)
    assert me.by_round[0] == {False}  # nothing read yet in the first round
    assert (True in set().union(*me.by_round.values())) is turns_on
    if turns_on:  # once open, it stays open against players who never leave the heuristic
        first = min(i for i, s in me.by_round.items() if True in s)
        assert first <= 3
        assert all(me.by_round[i] == {True} for i in me.by_round if i > first)
    else:
        plays, agreed = zip(*(me.reads[p] for p in range(1, 4)), strict=True)
        assert all(a < distilled.AGREEMENT * p for p, a in zip(plays, agreed, strict=True))


def test_a_new_game_starts_a_new_reading() -> None:
    me = SearchPlayer(1, SearchConfig(worlds=2, pass_search=False))
    players = [me, "heuristic", "heuristic", "heuristic"]
    play_game(Rules(), 5, players, seed=1)
    assert distilled.table_reads_heuristic(me.reads, 0)
    game = Game(Rules(), 6, ["a", "b", "c", "d"])
    while (pending := game.pending()) is not None and pending.kind == Phase.PASS:
        for seat in pending.seats:
            game.act(seat, pass_cards(game.rules, game.view(seat).hand))
    assert pending is not None and pending.kind == Phase.PLAY
    seat = pending.seats[0]
    me.choose_play(game.view(seat), Rng(2))
    assert me.reads == [(0, 0)] * 4


def test_hard_v1_and_a_lone_search_keep_the_heuristic() -> None:
    from heartsuite.players.frozen import HARD_V1

    assert HARD_V1.own_playout == "heuristic"
    assert SearchConfig().own_playout == "gated"
    with pytest.raises(ValueError, match="own_playout"):
        SearchConfig(own_playout="mine")
    with pytest.raises(ValueError, match="own=heuristic"):
        build_player("search:4+own=sometimes", 0)
    assert isinstance(build_player("search:4+own=distilled", 0), SearchPlayer)


def test_the_weights_load_and_match_their_features() -> None:
    policy = distilled.shipped()
    assert policy.mean.shape == (distilled.FEATURES,) == (kernels.FEATURES,)
    with pytest.raises(ValueError, match="features"):
        distilled._policy({"mean": np.zeros(3), "scale": np.ones(3), "W1": np.zeros((3, 2)),
                           "b1": np.zeros(2), "w2": np.zeros(2)})  # type: ignore[arg-type]


def test_the_training_script_learns_from_records(tmp_path: Path) -> None:
    rules = Rules()
    records = tmp_path / "games.jsonl"
    with records.open("w") as f:
        for code in range(3):
            players = [build_player("search:2+own=heuristic", code), "heuristic", "heuristic",
                       "heuristic"]
            record = play_game(rules, 40 + code, players, seed=code,
                               names=["search:2+own=heuristic"] + ["heuristic"] * 3)
            f.write(json.dumps(record) + "\n")
    out = tmp_path / "net.npz"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "train_playout.py"), str(records),
         "--out", str(out), "--epochs", "2", "--player", "search:2+own=heuristic"],
        capture_output=True, text=True, check=True, cwd=ROOT)
    assert "held out" in done.stdout
    policy = distilled.load(str(out))
    assert policy.hidden_w.shape == (distilled.FEATURES, 32)
    bad = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "train_playout.py"), str(records),
         "--out", str(tmp_path / "x.npz"), "--player", "nobody"],
        capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode != 0 and "no decisions" in bad.stderr
