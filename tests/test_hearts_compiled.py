"""The compiled play-out core against its pure-Python reference: the same generator stream, the
same card as `fast_heuristic.choose`, the same round after `fast_heuristic.play_out`, the same
worlds as `sampling.sample_hands` from the same generator state, in every variant."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hearts_helpers import heuristic_position
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import SUIT_MASKS, cards_of
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.round import DONE, Round
from heartsuite.hearts.rules import VARIANTS, Rules
from heartsuite.players import compiled, fast_heuristic, sampling
from heartsuite.players.compiled import rng as crng
from heartsuite.players.heuristic import pass_cards
from heartsuite.players.sampling import Knowledge, knowledge_of, sample_hands
from heartsuite.players.search import CompiledReplies, reply_values, world_value
from heartsuite.prng import Rng

OPTIONS = (
    {"moon": "new"}, {"moon": "mixed"}, {"moon": "none"}, {"qs_breaks_hearts": True},
    {"hearts_must_break": False}, {"no_points_first_trick": False}, {"qs_lead_anytime": False},
    {"spot_hearts": True, "qs_lead_anytime": False}, {"queen_points": 0},
    {"king_spades_points": 10, "ace_spades_points": 7},
)
RULE_SETS = [Rules.variant_named(v) for v in VARIANTS]
RULE_SETS += [Rules().with_options(**o) for o in OPTIONS]
RULE_SETS += [Rules.variant_named("partnership").with_options(moon="new"),
              Rules.variant_named("black-maria").with_options(moon="none", passing=False)]
# Omnibus (J♦ -10): the jack's play and a play-out that runs until the jack is taken.
RULE_SETS += [Rules.variant_named(v).with_options(omnibus=True)
              for v in ("black-lady", "original", "spot", "partnership")]
RULE_SETS += [Rules(omnibus=True, moon="new"), Rules(omnibus=True, moon="mixed")]


# The generator -------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), bound=st.integers(1, 2**63 - 1), length=st.integers(0, 52))
def test_compiled_generator_is_the_project_prng(seed: int, bound: int, length: int) -> None:
    python, state = Rng(seed), crng.state_of(Rng(seed))
    assert [python.next64() for _ in range(3)] == [int(crng.next64(state)) for _ in range(3)]
    for n in (bound, 1, 2, 3, 52, 2**63 - 1):  # 2**63 - 1 rejects almost half of the draws
        assert python.below(n) == crng.below(state, n)
    items = list(range(length))
    python.shuffle(items)
    array = np.arange(52, dtype=np.int64)
    crng.shuffle(state, array, length)
    assert array[:length].tolist() == items
    assert int(state[0]) == python.state


# The policy and the play-out -----------------------------------------------------------------

def _positions(rules: Rules, number: int, rounds: int) -> Iterator[Round]:
    """Every position of some rounds (the heuristic's pass in half of them), the heuristic
    mixed with random play (one round in three all random) to reach unusual positions."""
    rng = Rng.for_key("compiled-core-test", number)
    for i in range(rounds):
        hands = random_hands(rules, rng)
        offset = rules.pass_offset(i)
        r = Round(rules, hands, offset if i % 2 else 0)
        for seat in r.waiting_to_pass():
            r.submit_pass(seat, pass_cards(rules, r.hands[seat]))
        while r.phase != DONE:
            yield r
            legal = r.legal_mask()
            if i % 3 == 0 or rng.below(4) == 0:
                cards = cards_of(legal)
                r.play(cards[rng.below(len(cards))])
            else:
                r.play(fast_heuristic.choose(r, legal))


def _check_position(facts: np.ndarray, r: Round) -> None:
    """One position: the legal mask, the card, the round after the play-out, field for field."""
    state = compiled.encode_round(r)
    legal = r.legal_mask()
    assert compiled.legal_mask(facts, state) == legal
    assert compiled.choose(facts, state, legal) == fast_heuristic.choose(r.copy(), legal)
    reference = r.copy()
    fast_heuristic.play_out(reference)
    compiled.play_out(facts, state)
    assert state.tolist() == compiled.encode_round(reference).tolist()


@pytest.mark.parametrize(
    "rules", RULE_SETS,
    ids=lambda r: f"{r.variant}-{r.moon}{'-omnibus' if r.omnibus else ''}")
def test_compiled_policy_and_play_out_match_the_reference(rules: Rules) -> None:
    facts = compiled.rules_facts(rules)
    seen = 0
    for r in _positions(rules, seen, rounds=48):
        _check_position(facts, r)
        seen += 1
    assert seen > 2000


def test_compiled_play_card_is_round_play() -> None:
    """Card by card through whole rounds of every variant, the state row stays the `Round`."""
    for number, rules in enumerate(RULE_SETS):
        facts = compiled.rules_facts(rules)
        rng = Rng(number)
        for _ in range(3):
            r = Round(rules, random_hands(rules, rng))
            state = compiled.encode_round(r)
            while r.phase != DONE:
                cards = cards_of(r.legal_mask())
                card = cards[rng.below(len(cards))]
                r.play(card)
                compiled.play_card(facts, state, card)
                assert state.tolist() == compiled.encode_round(r).tolist()


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**32), plays=st.integers(0, 51),
       random_share=st.integers(0, 4))
def test_compiled_core_matches_in_any_reached_position(rules: Rules, seed: int, plays: int,
                                                       random_share: int) -> None:
    rng = Rng(seed)
    r = Round(rules, random_hands(rules, rng))
    for _ in range(min(plays, rules.hand_size() * rules.players - 1)):
        legal = r.legal_mask()
        if rng.below(4) < random_share:
            cards = cards_of(legal)
            r.play(cards[rng.below(len(cards))])
        else:
            r.play(fast_heuristic.choose(r, legal))
    _check_position(compiled.rules_facts(rules), r)


def test_batched_play_outs_match_one_by_one() -> None:
    rules = Rules()
    facts = compiled.rules_facts(rules)
    rounds = list(_positions(rules, 7, rounds=2))
    states = np.array([compiled.encode_round(r) for r in rounds])
    compiled.play_out_rows(facts, states)
    for r, row in zip(rounds, compiled.points_of(facts, states), strict=True):
        q = r.copy()
        fast_heuristic.play_out(q)
        assert row.tolist() == q.points


# The world sampler ---------------------------------------------------------------------------

def _same_worlds(k: Knowledge, seed: int, count: int = 3,
                 retries: int = compiled.RETRIES) -> None:
    """The compiled sampler deals what `sample_hands` deals, and leaves the generator where it
    does; every world holds what the seat knows."""
    python, ours = Rng(seed), Rng(seed)
    expected = [sample_hands(k, python) for _ in range(count)]
    state = compiled.state_of(ours)
    got = compiled.sample_worlds(compiled.encode_knowledge(k), state, count, retries)
    compiled.store(state, ours)
    assert got.tolist() == expected
    assert ours.state == python.state
    for hands in expected:
        dealt = 0
        for p, hand in enumerate(hands):
            assert hand & k.known[p] == k.known[p] and hand.bit_count() == k.counts[p]
            assert not any(k.voids[p] >> s & 1 and hand & SUIT_MASKS[s] & k.unseen
                           for s in range(4))
            dealt |= hand & ~k.known[p]
        assert dealt == k.unseen


def _heavy_voids(seed: int, players: int) -> Knowledge:
    """Cards gone from the other hands as if played, and voids in suits they now lack."""
    rules = Rules() if players == 4 else Rules.variant_named("black-maria")
    rng = Rng(seed)
    hands = random_hands(rules, rng)
    for _ in range(rng.below(36)):
        p = 1 + rng.below(players - 1)
        if hands[p]:
            cs = cards_of(hands[p])
            hands[p] &= ~(1 << cs[rng.below(len(cs))])
    voids = [0] * players
    for p in range(1, players):
        for s in range(4):
            if rng.below(3) == 0 and not hands[p] & SUIT_MASKS[s]:
                voids[p] |= 1 << s
    unseen = 0
    for p in range(1, players):
        unseen |= hands[p]
    return Knowledge(0, tuple(h.bit_count() for h in hands), (hands[0],) + (0,) * (players - 1),
                     tuple(voids), unseen)


def _suit_cycle(seed: int) -> Knowledge:
    """Clubs, diamonds and hearts each held by two of the opponents only, in a cycle: the
    counts of every suit and seat are tightly bound (the exact search has work to do)."""
    rng = Rng(seed)
    hands = [SUIT_MASKS[2], 0, 0, 0]
    holders = {0: (1, 3), 1: (2, 3), 3: (1, 2)}
    for suit, (p, q) in holders.items():
        cs = cards_of(SUIT_MASKS[suit])
        rng.shuffle(cs)
        cut = 2 + rng.below(10)
        for c in cs[:cut]:
            hands[p] |= 1 << c
        for c in cs[cut:]:
            hands[q] |= 1 << c
    voids = tuple(sum(1 << s for s in range(4) if p not in holders.get(s, ()))
                  if p else 0 for p in range(4))
    return Knowledge(0, tuple(h.bit_count() for h in hands), (hands[0], 0, 0, 0), voids,
                     hands[1] | hands[2] | hands[3])


@pytest.mark.parametrize("players", [4, 3])
def test_compiled_sampler_deals_the_same_worlds(players: int) -> None:
    for seed in range(600):
        _same_worlds(_heavy_voids(seed, players), seed * 7 + 1)


@pytest.mark.parametrize("retries", [0, 1])
def test_compiled_exact_search_deals_the_same_worlds(retries: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """With the greedy passes cut short, every world comes from the exact per-suit search."""
    monkeypatch.setattr(sampling, "_RETRIES", retries)
    for seed in range(150):
        _same_worlds(_suit_cycle(seed), seed, retries=retries)
        _same_worlds(_heavy_voids(seed, 4), seed, retries=retries)
        _same_worlds(_heavy_voids(seed, 3), seed, retries=retries)


def test_compiled_sampler_reads_passes_and_plays() -> None:
    """Knowledge from real games: the cards passed to the left, voids shown, cards played."""
    for number in range(1, 4):
        for plays in (0, 9, 22, 37):
            _, view = heuristic_position(number, 0, plays)
            _same_worlds(knowledge_of(view), number * 100 + plays, count=8)


def test_compiled_sampler_refuses_what_no_deal_fits() -> None:
    k = Knowledge(0, (0, 2, 1, 0), (0, 0, 0, 0), (0, 0b1111, 0, 0), 0b111)
    with pytest.raises(ValueError):
        sample_hands(k, Rng(1))
    worlds = compiled.sample_worlds(compiled.encode_knowledge(k), crng.state_of(Rng(1)), 2,
                                    compiled.RETRIES)
    assert (worlds == -1).all()


# The search's batch call ---------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["black-lady", "black-maria", "spot", "partnership",
                                     "omnibus", "omnibus-partnership"])
def test_candidate_points_are_sampled_worlds_played_out(variant: str) -> None:
    rules = (Rules.variant_named(variant.removeprefix("omnibus-")).with_options(omnibus=True)
             if variant.startswith("omnibus-") else
             Rules(omnibus=True) if variant == "omnibus" else Rules.variant_named(variant))
    for number, plays in ((1, 0), (2, 5), (3, 17), (4, 30)):
        game, view = heuristic_position(number, 0, plays, rules)
        r, know = game.round.copy(), knowledge_of(view)
        candidates = cards_of(view.legal)
        python, ours = Rng(number), Rng(number)
        hands, points, jacks = compiled.candidate_points(r, know, ours, candidates, 6)
        for w in range(6):
            world = sample_hands(know, python)
            assert hands[w].tolist() == world
            for i, card in enumerate(candidates):
                q = r.copy()
                q.hands = list(world)
                q.play(card)
                fast_heuristic.play_out(q)
                assert points[i, w].tolist() == q.points
                taker = q.jack_taker()
                assert jacks[i, w] == (-1 if taker is None else taker)
        assert ours.state == python.state


# The released search's inner loop ------------------------------------------------------------

@pytest.mark.parametrize(
    "rules", RULE_SETS,
    ids=lambda r: f"{r.variant}-{r.moon}{'-omnibus' if r.omnibus else ''}")
def test_compiled_replies_are_reply_values(rules: Rules) -> None:
    """In every position of a few rounds of each rule set (the true hands as the world), every
    legal card's outcome from the compiled loop is `reply_values`'s: the cards seen before the
    seat's next turn, and the value of each next card (or of the settled round), whether the
    game is far from its end or the round can end it (then the game's value counts)."""
    n = rules.players
    near_end = tuple(rules.target - 10 + 2 * s for s in range(n)) if rules.target else None
    checked = 0
    for index, r in enumerate(_positions(rules, 11, rounds=2)):
        seat = r.turn
        totals = near_end if near_end is not None and index % 2 else (0,) * n
        cands = cards_of(r.legal_mask())
        fast = CompiledReplies(r, seat, cands, totals, 3)
        got = fast.replies(list(r.hands), list(range(len(cands))))

        def value(q: Round, seat: int = seat, totals: tuple[int, ...] = totals) -> float:
            return world_value(rules, seat, totals, 3, q)

        for card, outcome in zip(cands, got, strict=True):
            q = r.copy()
            q.play(card)
            expected = reply_values(q, seat, value)
            assert outcome == expected, (card, r.played)
            assert list(outcome[1]) == list(expected[1])  # the same order of next cards
        checked += 1
    assert checked > 80


def test_a_changed_source_drops_the_whole_kernel_cache(tmp_path: Path) -> None:
    """Numba checks only a kernel's own file: a play-out cached with the policy of before an
    edit to `policy.py` would keep it. The digest of every source file drops the cache."""
    from heartsuite.players.compiled import jit

    cache = tmp_path / "__pycache__"
    cache.mkdir()
    policy, play = tmp_path / "policy.py", tmp_path / "play.py"
    policy.write_text("A = 1\n")
    play.write_text("B = 2\n")
    sources = (play, policy)
    for name in ("play.play_out-1.py311.nbi", "play.play_out-1.py311.1.nbc", "play.cpython.pyc"):
        (cache / name).write_text("x")
    assert jit.drop_stale_cache(cache, sources)  # no digest yet: compiled from unknown sources
    assert sorted(p.name for p in cache.iterdir()) == [jit.DIGEST_FILE, "play.cpython.pyc"]
    (cache / "play.play_out-1.py311.nbi").write_text("x")
    assert not jit.drop_stale_cache(cache, sources)  # the same sources: the cache stays
    assert (cache / "play.play_out-1.py311.nbi").exists()
    policy.write_text("A = 3\n")  # only the other file changes
    assert jit.drop_stale_cache(cache, sources)
    assert not (cache / "play.play_out-1.py311.nbi").exists()
    assert not jit.drop_stale_cache(cache, sources)


def test_the_kernel_cache_is_stamped_with_its_sources() -> None:
    from heartsuite.players.compiled import jit

    names = {p.name for p in jit.KERNEL_SOURCES}
    assert {"policy.py", "play.py", "reply.py", "cards.py", "heuristic.py", "prng.py"} <= names
    stamp = jit._PACKAGE / "__pycache__" / jit.DIGEST_FILE
    assert stamp.read_text() == jit.sources_digest(jit.KERNEL_SOURCES)
