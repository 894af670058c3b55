"""The strong player: determinized search (perfect-information Monte Carlo) over sampled deals.

For each decision it deals the unseen cards many times, consistently with all the seat knows
(`sampling.Knowledge`), favouring the deals in which the opponents' plays so far make sense
(`inference`), and in each world plays every candidate card and then the rest of the round with
the heuristic player's policy (`fast_heuristic`) at every seat. A world's value for the seat
counts the moon (the end-of-round scoring decides it, and the policy both shoots and stops moons)
and the game score: a round that ends the game is worth a large bonus to the winner and a penalty
to everyone else.
The card with the best mean wins. Every candidate meets the same worlds, so differences between
cards are not drowned by the luck of the sampling.

Budget: either a time per move (seconds; results then depend on the machine's speed) or a fixed
number of worlds (deterministic given the generator: tests and reproducible tournaments use it).
"""

from __future__ import annotations

import time

from heartsuite.hearts.cards import QS_BIT, SUIT_OF, cards_of
from heartsuite.hearts.players import fast_heuristic, rollout
from heartsuite.hearts.players.inference import DRAWS, TRUST, likely_world
from heartsuite.hearts.players.sampling import Knowledge, sample_hands
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import (
    game_over,
    moon_choice_open,
    round_scores,
    standings,
    winning_seats,
)
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng


def knowledge_of(view: SeatView) -> Knowledge:
    """The sampling constraints of a seat in the play phase."""
    n = view.rules.players
    elsewhere = view.known_elsewhere()
    known = [0] * n
    known[view.seat] = view.hand
    if elsewhere and view.passed_to is not None:
        known[view.passed_to] = elsewhere
    return Knowledge(
        seat=view.seat,
        counts=tuple(view.hand_sizes),
        known=tuple(known),
        voids=tuple(view.voids),
        unseen=view.hidden() & ~elsewhere,
    )


def play_history(view: SeatView) -> tuple[list[int], list[int]]:
    """The cards played this round in order, and per seat the mask of cards it played."""
    n = view.rules.players
    order: list[int] = []
    by_seat = [0] * n
    tricks = list(view.tricks)
    if view.trick:
        tricks.append((view.trick_leader if view.trick_leader is not None else 0, view.trick))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            order.append(c)
            by_seat[(leader + i) % n] |= 1 << c
    return order, by_seat


def candidates(view: SeatView) -> list[int]:
    """The legal cards worth telling apart: of a run of cards with nothing unseen between them
    (and the same points), only the highest is searched, since they play alike. Leading Q♠ is
    left out (when another lead exists) unless the seat is running for the moon: sampled worlds
    overrate the chance that an opponent holds a bare ace or king of spades."""
    pts = view.rules.points()
    trick_mask = 0
    for c in view.trick:
        trick_mask |= 1 << c
    clear = view.hand | (view.played & ~trick_mask)
    legal = view.legal
    rules = view.rules
    if (not view.trick and legal & QS_BIT and legal != QS_BIT and rules.queen_points
            and not rules.reverse and not _running(view)):
        legal &= ~QS_BIT  # leading the queen hands her back to us; only a shooter does it
    out: list[int] = []
    prev = -1
    for c in cards_of(legal):
        if prev >= 0 and SUIT_OF[c] == SUIT_OF[prev] and pts[c] == pts[prev]:
            between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
            if not between & ~clear:
                out[-1] = c
                prev = c
                continue
        out.append(c)
        prev = c
    return out


def _running(view: SeatView) -> bool:
    """Whether this seat alone has taken points this round (it may be shooting the moon)."""
    penalty = view.rules.penalty_mask()
    mine = view.taken[view.seat] & penalty
    return bool(mine) and not any(t & penalty for s, t in enumerate(view.taken)
                                  if s != view.seat)


def world_value(rules: Rules, seat: int, totals: tuple[int, ...], rounds_done: int,
                r: Round) -> float:
    """How good a finished round is for `seat`: its lead over the mean of its opponents, plus a
    bonus of the round's total points if the round ends the game with `seat` winning (a penalty
    of the same size if it ends the game with someone else winning)."""
    shooter = r.moon_shooter() if rules.moon != "none" else None
    choice = None
    if shooter is not None and moon_choice_open(rules, list(totals), shooter, rounds_done + 1):
        choice = "new"
    scores = round_scores(rules, r.points, shooter, choice)
    n = rules.players
    if rules.partnership:
        st = standings(rules, scores)
        lead = float(st[(seat + 1) % n] - st[seat])
    else:
        own = scores[seat]
        lead = (sum(scores) - own) / (n - 1) - own
    if rules.reverse:
        lead = -lead
    after = [t + s for t, s in zip(totals, scores, strict=True)]
    if game_over(rules, after, rounds_done + 1):
        bonus = rules.total_points()
        lead += bonus if seat in winning_seats(rules, after) else -bonus
    return lead


POLICIES = {"heuristic": fast_heuristic, "careful": rollout}


def search_play(view: SeatView, rng: Rng, *, move_time: float | None = 0.1,
                worlds: int | None = None, policy: str = "heuristic", trust: float = TRUST,
                draws: int = DRAWS,
                ) -> tuple[int, dict[int, float], int]:
    """The chosen card, each candidate's mean value, and the number of worlds searched.

    With `worlds` set, exactly that many worlds (deterministic); otherwise as many as fit in
    `move_time` seconds (at least one). With `trust` > 0, once an opponent has played, each
    searched world is the pick of `draws` sampled ones, weighted by how well the policy explains
    the opponents' plays in them (`inference.likely_world`)."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has no card to play now")
    if not legal & (legal - 1):
        c = legal.bit_length() - 1
        return c, {c: 0.0}, 0
    cands = candidates(view)
    order, by_seat = play_history(view)
    if len(cands) == 1:
        return cands[0], {cands[0]: 0.0}, 0
    choose, play_out = POLICIES[policy].choose, POLICIES[policy].play_out
    rules = view.rules
    know = knowledge_of(view)
    totals = view.totals
    rounds_done = len(view.history)
    seat = view.seat
    n = rules.players
    deadline = time.perf_counter() + (move_time or 0.0)
    infer = trust > 0.0 and draws > 1 and any(by_seat[p] for p in range(n) if p != seat)
    sums = [0.0] * len(cands)
    template: Round | None = None
    done = 0
    while True:
        if infer:
            hands = likely_world(rules, know, order, by_seat, choose, trust, draws, rng)
        else:
            hands = sample_hands(know, rng)
        if template is None:
            start = [hands[p] | by_seat[p] for p in range(n)]
            template = Round.replayed(rules, start, order)
            if template.turn != seat:
                raise ValueError("the view's history does not lead to this seat's turn")
            first = choose(template, template.legal_mask())
            if first in cands:
                cands.remove(first)
                cands.insert(0, first)
        base = template.copy()
        base.hands = hands
        for i, c in enumerate(cands):
            r = base.copy()
            r.play(c)
            play_out(r)
            sums[i] += world_value(rules, seat, totals, rounds_done, r)
        done += 1
        if worlds is not None:
            if done >= worlds:
                break
        elif time.perf_counter() >= deadline:
            break
    means = {c: s / done for c, s in zip(cands, sums, strict=True)}
    best = max(range(len(cands)), key=lambda i: (sums[i], -i))
    return cands[best], means, done


class SearchPlayer:
    """Determinized search for the play; the heuristic player's pass (a pass chosen by
    simulation measured no better: docs/players.md)."""

    def __init__(self, seed: int = 0, *, move_time: float | None = 0.1,
                 worlds: int | None = None, name: str = "search",
                 policy: str = "heuristic", trust: float = TRUST, draws: int = DRAWS) -> None:
        from heartsuite.hearts.players import make_player

        self.name = name
        self.seed = seed
        self.move_time = move_time
        self.worlds = worlds
        self.policy = policy
        self.trust = trust
        self.draws = draws
        self._passer = make_player("heuristic", seed)

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return self._passer.choose_pass(view, rng)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        return search_play(view, rng, move_time=self.move_time, worlds=self.worlds,
                           policy=self.policy, trust=self.trust, draws=self.draws)[0]

    def choose_moon(self, view: SeatView) -> str:
        from heartsuite.hearts.players import choose_moon_to_win

        return choose_moon_to_win(view)


def _register() -> None:
    from heartsuite.hearts.players.levels import register_levels

    register_levels()


_register()
