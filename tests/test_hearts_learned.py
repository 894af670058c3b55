"""The learned evaluation (`players/learned.py`, issue 24 §3): its features read only what the seat
knows, its training samples replay records exactly, the shipped weights load and predict, the
search uses it as a prior only where it applies, and the training script makes weights the
package can load."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hearts_helpers import heuristic_position
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.arena.tournament import build_player, known_player, run_tournament
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.players import learned
from heartsuite.players.frozen import HARD_V1
from heartsuite.players.levels import HARD
from heartsuite.players.sampling import knowledge_of, play_history, sample_hands
from heartsuite.players.search import SearchConfig, SearchPlayer, prior_leads, search_play
from heartsuite.prng import Rng

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=40, deadline=None)
@given(number=st.integers(0, 10**6), round_index=st.integers(0, 3), plays=st.integers(0, 47),
       world_seed=st.integers(0, 2**32))
def test_the_features_are_the_same_in_every_world_of_the_view(number: int, round_index: int,
                                                               plays: int,
                                                               world_seed: int) -> None:
    """The true deal and any deal the seat cannot tell from it give the same features: the
    hidden hands never reach the network (rounds 0..3 pass left, right, across and not at all)."""
    game, view = heuristic_position(number, round_index, plays)
    truth = learned.encode(game.round, view.seat, view.passed_to, view.passed)
    order, by_seat = play_history(view)
    hands = sample_hands(knowledge_of(view), Rng.for_key("learned-test", world_seed))
    world = Round.replayed(view.rules, [hands[p] | by_seat[p] for p in range(4)], order)
    assert np.array_equal(truth, learned.encode(world, view.seat, view.passed_to, view.passed))
    blind = game.round.copy()  # even a world no seat could be in: the others' hands emptied
    blind.hands = [h if p == view.seat else 0 for p, h in enumerate(blind.hands)]
    assert np.array_equal(truth, learned.encode(blind, view.seat, view.passed_to, view.passed))
    # and what the seat does know is there: its hand, the cards gone, its pass still out
    assert {int(i) for i in np.flatnonzero(truth[learned.HAND:learned.HAND + 52])} == {
        c for c in range(52) if view.hand >> c & 1}
    assert {int(i) for i in np.flatnonzero(truth[learned.GONE:learned.GONE + 52])} == {
        c for c in range(52) if view.played >> c & 1}
    still_out = view.passed & ~view.played if view.passed_to is not None else 0
    assert {int(i) for i in np.flatnonzero(truth[learned.KNOWN:learned.KNOWN + 52])} == {
        c for c in range(52) if still_out >> c & 1}


def _records(tmp_path: Path, hands: int, seed: int) -> Path:
    out = tmp_path / f"records-{seed}.jsonl"
    with out.open("w") as f:
        run_tournament(["heuristic", "easy", "random", "heuristic"], Rules(), hands=hands,
                       seed=seed, records=f)
    return out


def test_samples_replay_each_round_and_score_it_from_every_seat(tmp_path: Path) -> None:
    path = _records(tmp_path, 4, 7)
    record = json.loads(path.read_text().splitlines()[0])
    samples = list(learned.samples_of_record(record))
    rounds = record["rounds"]
    assert len(samples) == 52 * 4 * len(rounds)  # every card of every round, four points of view
    for k, rd in enumerate(rounds):
        first = samples[52 * 4 * k: 52 * 4 * k + 4]
        scores = rd["points"] if rd["moon"] is None else [
            0 if s == rd["moon"] else 26 for s in range(4)]
        for seat, (x, target) in enumerate(first):
            assert target == [scores[(seat + j) % 4] for j in range(4)]
            assert x[learned.HAND:learned.HAND + 52].sum() == 13  # before the first card
            assert x[learned.STAGE] == 0.0


def test_other_rules_give_no_samples_and_no_prior() -> None:
    assert learned.applies_to(Rules())
    assert learned.applies_to(replace(Rules(), passing=False, no_points_first_trick=False))
    for variant in ("original", "black-maria", "spot", "partnership", "reverse"):
        assert not learned.applies_to(Rules.variant_named(variant)), variant
    assert not learned.applies_to(replace(Rules(), moon="new"))
    assert not learned.applies_to(replace(Rules(), omnibus=True))
    record = {"rules": {"variant": "black-maria", "players": 3, "king_spades_points": 10,
                        "ace_spades_points": 7}, "rounds": [{}]}
    assert list(learned.samples_of_record(record)) == []


def test_the_shipped_net_loads_and_predicts_scores() -> None:
    net = learned.shipped()
    _, view = heuristic_position(5, 0, 10)
    x = np.stack([learned.encode(heuristic_position(5, 0, p)[0].round, view.seat,
                                 view.passed_to, view.passed) for p in (10, 20, 30)])
    scores = net.predict(x)
    assert scores.shape == (3, 4)
    assert np.all(scores > -10) and np.all(scores < 36)  # points of a round, give or take
    assert net.leads(x) == pytest.approx(
        [float(s[1:].mean() - s[0]) for s in scores], abs=1e-4)
    with pytest.raises(ValueError, match="do not fit"):
        learned.ValueNet({"w0": np.zeros((3, 4)), "b0": np.zeros(4)})


def test_a_heavy_prior_picks_the_nets_favourite_among_the_candidates() -> None:
    """With two worlds no candidate is dropped, so a prior worth a million worlds decides: the
    chosen card is the one the net values most; without the prior the search is unchanged."""
    _, view = heuristic_position(11, 0, 17)
    heavy = SearchConfig(worlds=2, prior=1e6)
    card, means, _ = search_play(view, Rng.for_key("prior", 1), heavy)
    plain, plain_means, _ = search_play(view, Rng.for_key("prior", 1), replace(heavy, prior=0))
    assert means == plain_means  # the play-outs are the same; only the choice differs
    assert plain == max(plain_means, key=lambda c: plain_means[c])
    order, by_seat = play_history(view)
    hands = sample_hands(knowledge_of(view), Rng.for_key("prior-world", 0))
    template = Round.replayed(view.rules, [hands[p] | by_seat[p] for p in range(4)], order)
    cands = list(means)
    leads = prior_leads(template, view, cands)
    assert card == cands[int(np.argmax(leads))]
    assert len(set(leads)) > 1
    with pytest.raises(ValueError, match="prior"):
        SearchConfig(prior=-1)
    assert HARD_V1.prior == 0 and HARD.prior == 0  # the released levels, until it wins


def test_the_tournament_builds_players_with_the_prior() -> None:
    player = build_player("search:30+prior=8", 1)
    assert isinstance(player, SearchPlayer)
    assert player.config.prior == 8 and player.config.worlds == 30
    hard = build_player("hard+prior=4", 1)
    assert isinstance(hard, SearchPlayer) and hard.config.move_time == HARD.move_time
    assert known_player("expert+prior=2")
    for bad in ("easy+prior=3", "hard+prior=x", "hard+prior=0", "search:30+depth=2",
                "hard-v1+prior=1"):
        assert not known_player(bad), bad
        with pytest.raises(ValueError):
            build_player(bad, 1)


def test_the_training_script_makes_weights_the_package_loads(tmp_path: Path) -> None:
    data = _records(tmp_path, 24, 9)
    out = tmp_path / "net.npz"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "train_value.py"), str(data), "--out", str(out),
         "--epochs", "2", "--hidden", "16", "8"], capture_output=True, text=True, timeout=240,
        check=False)
    assert done.returncode == 0, done.stderr
    assert "held out" in done.stdout and "constant guess" in done.stdout
    with np.load(out) as arrays:
        net = learned.ValueNet({k: arrays[k] for k in arrays.files})
    assert [w.shape for w, _ in net.layers] == [(learned.SIZE, 16), (16, 8), (8, 4)]
