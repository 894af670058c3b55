"""The pass chosen by simulation (issue 24 §2): three cards tried against many deals.

The pass is about a fifth of the points at stake, and the heuristic's pass (`heuristic.pass_cards`)
is a rule of thumb. Here each candidate pass (every three cards of a pool: the heuristic's three
and the hand's most dangerous cards, `pass_pool`) meets the same deals of the unseen cards to the
other seats; in each deal the others pass as the heuristic does (at the moment of passing nobody
has shown anything, so deals are uniform and the model's passes are all there is to read), the
cards change hands, and the round is played out by the compiled heuristic at every seat
(`compiled.play_out_rows`, a few hundred thousand rounds a second). A deal's value for the seat
is the search's own (`values.outcome_value`: the lead over the others' mean, the moon rule, the
game's end). Candidates clearly behind the leader on the same deals are dropped as the deals come
in (racing, as the play's search does), so the deals go to the close ones; the heuristic's pass
wins ties. An earlier version that tried 60 deals in Python measured no better than the
heuristic's pass (docs/players.md); the compiled core makes hundreds of deals fit in a move's
time.
"""

from __future__ import annotations

import math
import time
from itertools import combinations

import numpy as np
import numpy.typing as npt

from heartsuite.hearts.cards import SUIT_MASKS, cards_of
from heartsuite.hearts.phase import PASS
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules, deck_mask
from heartsuite.hearts.view import SeatView
from heartsuite.players.heuristic import danger_order, jack_of, pass_cards
from heartsuite.players.values import OutcomeValues
from heartsuite.prng import Rng

POOL = 8  # cards the candidate passes are made of: C(8, 3) = 56 candidates
BATCH = 32  # deals per step of the race
RACE_FROM = 64  # deals every candidate meets before any is dropped
RACE_Z = 2.0


def pass_pool(rules: Rules, hand: int, size: int = POOL) -> list[int]:
    """The cards worth passing: the heuristic's three, the cards of the shortest side suit when
    it can be voided (three cards or fewer), then the hand's most dangerous cards, up to `size`.
    Omnibus' J♦ is never passed (as the heuristic never does)."""
    pool = list(pass_cards(rules, hand))
    keep = jack_of(rules)
    shortest = min((hand & SUIT_MASKS[s] for s in (0, 1) if hand & SUIT_MASKS[s]
                    and not hand & SUIT_MASKS[s] & keep),
                   key=lambda m: m.bit_count(), default=0)
    extra = cards_of(shortest) if shortest.bit_count() <= 3 else []
    for c in extra + [c for c in danger_order() if hand >> c & 1]:
        if len(pool) >= size:
            break
        if c not in pool and not keep >> c & 1:
            pool.append(c)
    return pool


def pass_candidates(rules: Rules, hand: int) -> list[tuple[int, ...]]:
    """Every three cards of the pool, the heuristic's pass first (it wins ties)."""
    pool = pass_pool(rules, hand)
    first = tuple(sorted(pool[:3]))
    rest = [tuple(sorted(c)) for c in combinations(pool, 3)]
    return [first] + [c for c in rest if c != first]


Means = dict[tuple[int, ...], float]
Ints = npt.NDArray[np.int64]


def search_pass(view: SeatView, rng: Rng, *, deals: int | None = None,
                move_time: float | None = None) -> tuple[list[int], Means, int]:
    """The pass, each candidate's mean value over the deals it met, and the number of deals.

    The budget is `deals` (deterministic given `rng`) or else `move_time` seconds (at least one
    batch of deals)."""
    trials = PassTrials(view)
    cands = pass_candidates(view.rules, view.hand)
    masks = np.array([sum(1 << c for c in cand) for cand in cands], dtype=np.int64)
    gen = np.random.default_rng(rng.next64())
    scores: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    deadline = time.perf_counter() + (move_time or 0.0)
    done = 0
    while True:
        batch = BATCH if deals is None else min(BATCH, deals - done)
        before, given = trials.deal(gen, batch)
        got = trials.values(before, given, masks[alive])
        for j, i in enumerate(alive):
            scores[i].extend(got[j].tolist())
        done += batch
        if done >= RACE_FROM and len(alive) > 1:
            alive = _survivors(alive, scores)
        if deals is not None:
            if done >= deals:
                break
        elif time.perf_counter() >= deadline or len(alive) == 1:
            break
    means = {cands[i]: sum(s) / len(s) for i, s in enumerate(scores) if s}
    best = max(alive, key=lambda i: (sum(scores[i]), -i))
    return list(cands[best]), means, done


class PassTrials:
    """One seat's pass tried against deals: `deal` the unseen cards and the others' passes,
    `values` of candidate passes in those deals (compiled play-outs, valued by the search's
    `values.OutcomeValues`)."""

    def __init__(self, view: SeatView) -> None:
        from heartsuite.players import compiled  # numba: imported at the first pass searched

        rules = view.rules
        n = rules.players
        self.offset = rules.pass_offset(view.round_index)
        if view.phase != PASS or not self.offset or view.passed:
            raise ValueError("this seat has no pass to make now")
        self.compiled = compiled
        self.rules = rules
        self.seat = view.seat
        self.n = n
        self.hand = view.hand
        self.size = rules.hand_size()
        self.others = [(self.seat + k) % n for k in range(1, n)]
        rest = cards_of(deck_mask(n) & ~view.hand)
        self.bits = np.left_shift(np.int64(1), np.array(rest, dtype=np.int64))
        dealt = [0] * n
        dealt[self.seat] = view.hand
        for k, p in enumerate(self.others):
            dealt[p] = sum(1 << c for c in rest[k * self.size:(k + 1) * self.size])
        self.facts = compiled.rules_facts(rules)
        self.base = compiled.encode_round(Round(rules, dealt))  # in play, before the first card
        self._passes: dict[int, int] = {}
        self._value = OutcomeValues(rules, self.seat, view.totals, len(view.history))

    def deal(self, gen: np.random.Generator, count: int) -> tuple[Ints, Ints]:
        """`count` uniform deals of the unseen cards: the hands before the pass (count, seats)
        and what each other seat passes (the heuristic's pass; the seat's own column is 0)."""
        n, size = self.n, self.size
        order = gen.permuted(np.tile(np.arange(len(self.bits)), (count, 1)), axis=1)
        before = np.zeros((count, n), dtype=np.int64)
        before[:, self.seat] = self.hand
        given = np.zeros((count, n), dtype=np.int64)
        for k, p in enumerate(self.others):
            before[:, p] = np.bitwise_or.reduce(self.bits[order[:, k * size:(k + 1) * size]],
                                                axis=1)
            for d, hand in enumerate(before[:, p].tolist()):
                out = self._passes.get(hand)
                if out is None:
                    out = self._passes[hand] = sum(1 << c for c in pass_cards(self.rules, hand))
                given[d, p] = out
        return before, given

    def values(self, before: Ints, given: Ints, masks: Ints) -> npt.NDArray[np.float64]:
        """The seat's value of each pass of `masks` (rows) in each deal (columns): the cards
        change hands, the heuristic plays the round out at every seat."""
        from heartsuite.players.compiled.layout import (
            S_HANDS,
            S_LEADER,
            S_POINTS,
            S_TAKEN,
            S_TURN,
        )
        n, seat = self.n, self.seat
        k, count = len(masks), len(before)
        after = np.repeat(before[None], k, axis=0)  # (candidates, deals, seats)
        gives = np.repeat(given[None], k, axis=0)
        gives[:, :, seat] = masks[:, None]
        for p in range(n):
            giver = (p - self.offset) % n
            after[:, :, p] = (after[:, :, p] & ~gives[:, :, p]) | gives[:, :, giver]
        flat = after.reshape(-1, n)
        states = np.repeat(self.base[None], k * count, axis=0)
        states[:, S_HANDS:S_HANDS + n] = flat
        leader = np.argmax((flat & (1 << self.rules.first_lead())) != 0, axis=1)
        states[:, S_TURN] = leader
        states[:, S_LEADER] = leader
        self.compiled.play_out_rows(self.facts, states)
        penalty = self.rules.penalty_mask()
        took_all = (states[:, S_TAKEN:S_TAKEN + n] & penalty) == penalty
        shooter = np.where(took_all.any(axis=1) & (penalty != 0), np.argmax(took_all, axis=1), -1)
        keys = np.concatenate([states[:, S_POINTS:S_POINTS + n], shooter[:, None]], axis=1)
        unique, inverse = np.unique(keys, axis=0, return_inverse=True)
        table = [self._value(row[:n], row[n]) for row in unique.tolist()]
        return np.array(table)[inverse.reshape(-1)].reshape(k, count)


def _survivors(alive: list[int], scores: list[list[float]]) -> list[int]:
    """The candidates within `RACE_Z` standard errors of the leader on the same deals."""
    lead = max(alive, key=lambda i: (sum(scores[i]), -i))
    top = np.array(scores[lead])
    k = len(top)
    keep = []
    for i in alive:
        if i != lead:
            diffs = top - np.array(scores[i])
            mean = float(diffs.mean())
            sd = float(diffs.std(ddof=1))
            if mean > RACE_Z * math.sqrt(sd * sd / k) or (k >= 2 * RACE_FROM and not diffs.any()):
                continue
        keep.append(i)
    return keep
