"""The strong player: determinized search (perfect-information Monte Carlo) over sampled deals.

For each decision it deals the unseen cards many times, consistently with all the seat knows
(`sampling.Knowledge`), favouring the deals in which the opponents' passes and plays so far make
sense (`posterior`), and in each world plays every candidate card and then the rest of the round
with the heuristic player's policy (`fast_heuristic`) at every seat, except that the seat's own
next card is searched too (lookahead: one next card per group of worlds that look alike at that
turn, the best over the group). A world's value for the seat counts the moon (the end-of-round
scoring decides it, and the policy both shoots and stops moons) and the game score: a round that
ends the game is worth a large bonus to the winner and a penalty to everyone else, one that
could have ended it and did not is worth the seat's chance of winning from there.
The card with the best mean wins. Every candidate meets the same worlds, so differences between
cards are not drowned by the luck of the sampling; a candidate clearly behind the leader on the
same worlds is dropped (racing), so the time goes to telling the close ones apart.

One `SearchConfig` holds the released settings; its budget is either a time per move (seconds;
results then depend on the machine's speed) or a fixed number of worlds (deterministic given the
generator: tests and reproducible tournaments use it). `SearchPlayer` adds the clock of the timed
levels (Hard and Expert, `levels`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from heartsuite.hearts.cards import QS_BIT, SUIT_OF, cards_of
from heartsuite.hearts.phase import DONE
from heartsuite.hearts.round import Round
from heartsuite.hearts.view import SeatView
from heartsuite.players import distilled, fast_heuristic, learned
from heartsuite.players.base import choose_moon_to_win
from heartsuite.players.game_chance import could_end
from heartsuite.players.heuristic import HeuristicPlayer
from heartsuite.players.pass_search import search_pass
from heartsuite.players.posterior import TRUST, Posterior
from heartsuite.players.sampling import play_history
from heartsuite.players.values import OutcomeValues, world_value
from heartsuite.prng import Rng


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
    return one_per_run(legal, pts, ~clear)


def one_per_run(cards: int, pts: Sequence[int], blockers: int) -> list[int]:
    """`cards` less those that play alike: of each run (`run_heads`), only the highest."""
    return _distinct_heads(run_heads(cards, pts, blockers))


def _distinct_heads(heads: dict[int, int]) -> list[int]:
    return sorted(set(heads.values()))


def run_heads(cards: int, pts: Sequence[int], blockers: int) -> dict[int, int]:
    """Each of `cards` with the highest card of its run: cards of one suit and the same points
    with no card of `blockers` between them play alike."""
    heads: dict[int, int] = {}
    run: list[int] = []
    for c in cards_of(cards):
        if run:
            prev = run[-1]
            between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
            if SUIT_OF[c] != SUIT_OF[prev] or pts[c] != pts[prev] or between & blockers:
                for x in run:
                    heads[x] = prev
                run = []
        run.append(c)
    for x in run:
        heads[x] = run[-1]
    return heads


def _running(view: SeatView) -> bool:
    """Whether this seat alone has taken points this round (it may be shooting the moon)."""
    penalty = view.rules.penalty_mask()
    mine = view.taken[view.seat] & penalty
    return bool(mine) and not any(t & penalty for s, t in enumerate(view.taken)
                                  if s != view.seat)


def next_choices(r: Round, seat: int) -> list[int]:
    """The seat's legal cards in a world, one of each run that plays alike there: no card of
    another hand or of the trick on the table between them (the world is known)."""
    return _distinct_heads(_next_heads(r, seat))


def _next_heads(r: Round, seat: int) -> dict[int, int]:
    blockers = 0
    for p, hand in enumerate(r.hands):
        if p != seat:
            blockers |= hand
    for c in r.trick:
        blockers |= 1 << c
    return run_heads(r.legal_mask(), r.cfg.pts, blockers)


Reply = tuple[tuple[int, ...] | None, dict[int, float]]


def reply_values(r: Round, seat: int, value: Callable[[Round], float]) -> Reply:
    """A world after the seat's card: the other seats play the heuristic (`fast_heuristic`) up
    to the seat's next turn; there each of its legal cards is valued by a play-out (one per run
    that plays alike, `next_choices`). Returned with the cards played in between, which is all
    the seat will have seen by then (None, and the value under -1, if the round's points settle
    first)."""
    seen: list[int] = []
    while r.phase != DONE and r.turn != seat:
        c = fast_heuristic.choose(r, r.legal_mask())
        r.play(c)
        seen.append(c)
        if not r.trick and r.points_settled():
            return None, {-1: value(r)}
    if r.phase == DONE:
        return None, {-1: value(r)}
    heads = _next_heads(r, seat)
    head_value: dict[int, float] = {}
    for h in _distinct_heads(heads):
        q = r.copy()
        q.play(h)
        fast_heuristic.play_out(q)
        head_value[h] = value(q)
    return tuple(seen), {c: head_value[h] for c, h in heads.items()}


class SharedNext:
    """One candidate's values world by world, with the seat's next card chosen per information
    state: worlds in which the same cards were played up to that turn look the same to the
    seat, so they get the one card that does best over all of them (strategy fusion removed
    for the next card, within the searched worlds). Its `values` list changes in place when a
    new world changes a group's card."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self._vectors: list[dict[int, float]] = []
        self._groups: dict[tuple[int, ...], tuple[dict[int, float], list[int], list[int]]] = {}

    def add(self, reply: Reply) -> None:
        key, vector = reply
        w = len(self.values)
        self._vectors.append(vector)
        if key is None:
            self.values.append(vector[-1])
            return
        group = self._groups.get(key)
        if group is None:
            best = max(vector, key=vector.__getitem__)
            self._groups[key] = (dict(vector), [w], [best])
            self.values.append(vector[best])
            return
        sums, members, chosen = group
        for c, v in vector.items():
            sums[c] += v
        members.append(w)
        best = max(sums, key=sums.__getitem__)
        self.values.append(vector[best])
        if best != chosen[0]:
            chosen[0] = best
            for m in members:
                self.values[m] = self._vectors[m][best]


RACE_FROM = 8  # worlds every candidate meets before any is dropped
RACE_EVERY = 4
RACE_Z = 2.0
OWN_PLAYOUTS = ("heuristic", "distilled", "gated")


@dataclass(frozen=True)
class SearchConfig:
    """The released search's settings: its budget and the numbers it was tuned with.

    Budget: `worlds`, when set, is a fixed number of worlds per move (deterministic given the
    generator: tests and reproducible tournaments); otherwise as many worlds as fit in
    `move_time` seconds (at least one; results then depend on the machine's speed). Hard and
    Expert differ only in `move_time` (`levels`). The rest: `trust`, the chance that an
    opponent plays and passes as the heuristic player (`posterior`); racing drops a candidate
    more than `race_z` standard errors behind the leader, from `race_from` worlds on, every
    `race_every` worlds (`survivors`). `compiled`: each world's candidates are played out by the
    compiled core (`compiled.reply`) rather than by `reply_values` in Python; the same cards at a
    fixed number of worlds, about twice the worlds in the same time (`hard-v1` keeps the
    Python loop). `prior`: the weight, in worlds, of the learned evaluation's value of each
    candidate (`learned`) in the final choice, where the rules are those it knows and the round
    cannot end the game; 0 leaves it out. `pass_search`: the pass chosen by simulation
    (`pass_search`: `move_time` seconds, or `pass_deals(worlds)` deals with a fixed number of
    worlds); off, the heuristic's pass. `own_playout`: who plays the seat's own later cards in
    the compiled play-outs: `heuristic`, `distilled` (the policy distilled from the search's
    choices, `players.distilled`, where the rules are those it knows), or `gated`: distilled
    at a table whose opponents the heuristic explains over the game so far, the heuristic
    elsewhere (`SearchPlayer` reads the table; `search_play` alone reads `gated` as
    `heuristic`). The knobs of earlier experiments (another play-out
    policy, uniform worlds, no lookahead, the next card chosen per world, no racing, no reuse of
    repeated worlds) were measured and removed: docs/players.md."""

    move_time: float | None = 0.1
    worlds: int | None = None
    trust: float = TRUST
    race_from: int = RACE_FROM
    race_every: int = RACE_EVERY
    race_z: float = RACE_Z
    compiled: bool = True
    prior: float = 0.0
    pass_search: bool = True
    own_playout: str = "gated"

    def __post_init__(self) -> None:
        if self.move_time is not None and self.move_time < 0:
            raise ValueError("move_time must be at least 0 seconds")
        if self.worlds is not None and self.worlds < 1:
            raise ValueError("worlds must be at least 1")
        if not 0.0 < self.trust < 1.0:
            raise ValueError("trust must be between 0 and 1 (both excluded)")
        if self.race_from < 2 or self.race_every < 1 or self.race_z <= 0:
            raise ValueError("racing needs race_from >= 2, race_every >= 1 and race_z > 0")
        if self.prior < 0:
            raise ValueError("prior must be at least 0 worlds")
        if self.own_playout not in OWN_PLAYOUTS:
            raise ValueError(f"own_playout must be one of {', '.join(OWN_PLAYOUTS)}")


def search_play(view: SeatView, rng: Rng, config: SearchConfig = SearchConfig(),
                posterior: Posterior | None = None) -> tuple[int, dict[int, float], int]:
    """The chosen card, each candidate's mean value, and the number of worlds searched.

    The worlds come from `posterior` (a fresh one if none is given: a player keeps one through
    a round), which favours the deals that explain the opponents' passes and plays. In each
    world every candidate is played, the other seats play the heuristic up to the seat's next
    turn, and there its next card is searched too (`reply_values`), one card for the worlds
    that look alike at that turn (`SharedNext`). Candidates clearly behind are dropped
    (`survivors`). A world met again is not played out again: its play-outs are deterministic,
    so the same outcome counts again."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has no card to play now")
    if not legal & (legal - 1):
        c = legal.bit_length() - 1
        return c, {c: 0.0}, 0
    cands = candidates(view)
    if len(cands) == 1:
        return cands[0], {cands[0]: 0.0}, 0
    order, by_seat = play_history(view)
    rules = view.rules
    totals = view.totals
    rounds_done = len(view.history)
    seat = view.seat
    n = rules.players
    deadline = time.perf_counter() + (config.move_time or 0.0)
    shared = [SharedNext() for _ in cands]
    values: list[list[float]] = [sh.values for sh in shared]  # updated in place by `shared`
    alive = list(range(len(cands)))
    searched: dict[tuple[int, ...], dict[int, Reply]] = {}  # world -> candidate -> outcome
    template: Round | None = None
    done = 0
    if posterior is None:
        posterior = Posterior(rules, seat, config.trust)
    posterior.update(view, rng)

    def value(r: Round) -> float:
        return world_value(rules, seat, totals, rounds_done, r)

    fast: CompiledReplies | None = None
    prior: list[float] | None = None

    while True:
        hands = posterior.world(rng)
        if template is None:
            start = [hands[p] | by_seat[p] for p in range(n)]
            template = Round.replayed(rules, start, order)
            if template.turn != seat:
                raise ValueError("the view's history does not lead to this seat's turn")
            first = fast_heuristic.choose(template, template.legal_mask())
            if first in cands:  # ties go to the heuristic's own card
                cands.remove(first)
                cands.insert(0, first)
            if config.compiled:
                own = config.own_playout == "distilled" and distilled.applies_to(rules)
                fast = CompiledReplies(template, seat, cands, totals, rounds_done, own=own)
            if config.prior and learned.applies_to(rules) and not could_end(rules, totals,
                                                                              rounds_done):
                prior = prior_leads(template, view, cands)
        # The chains repeat worlds (a third of them early in a round, most late), and a
        # world's play-outs are deterministic: a repeat counts again at no cost.
        seen = searched.setdefault(tuple(hands), {})
        if fast is not None:
            todo = [i for i in alive if i not in seen]
            if todo:
                seen.update(zip(todo, fast.replies(hands, todo), strict=True))
        base = None
        for i in alive:
            outcome = seen.get(i)
            if outcome is None:
                if base is None:
                    base = template.copy()
                    base.hands = hands
                r = base.copy()
                r.play(cands[i])
                outcome = seen[i] = reply_values(r, seat, value)
            shared[i].add(outcome)
        done += 1
        if (done >= config.race_from and done % config.race_every == 0 and len(alive) > 1):
            alive = survivors(alive, values, config)
        if config.worlds is not None:
            if done >= config.worlds:
                break
        elif time.perf_counter() >= deadline or len(alive) == 1:
            break  # out of time, or the race is decided: the time left is banked by the player
    means = {c: sum(v) / len(v) for c, v in zip(cands, values, strict=True)}
    # every candidate still in the race has met the same worlds: a prior counts as
    # `config.prior` more worlds of its value (none: nothing added)
    lift = prior or [0.0] * len(cands)
    best = max(alive, key=lambda i: (sum(values[i]) + config.prior * lift[i], -i))
    return cands[best], means, done


def prior_leads(template: Round, view: SeatView, cands: list[int]) -> list[float]:
    """The learned evaluation's lead for the seat after each candidate (`learned`): the
    position after the card, as the seat sees it (any world of the view gives the same
    features)."""
    seat = view.seat
    rows = np.zeros((len(cands), learned.SIZE), dtype=np.float32)
    for i, c in enumerate(cands):
        r = template.copy()
        r.play(c)
        learned.encode(r, seat, view.passed_to, view.passed, rows[i])
    return learned.shipped().leads(rows)


class CompiledReplies:
    """`reply_values` of one search's candidates, world by world, by the compiled core
    (`compiled.reply.replies`): one call per world for the candidates still in the race, the raw
    outcomes valued here by `values.OutcomeValues` (memoized: the same points recur).

    The compiled core (numba, about a third of a second to import) is imported here, at the
    first search, not with this module: a command line that only names players starts without
    it."""

    def __init__(self, template: Round, seat: int, cands: list[int], totals: tuple[int, ...],
                 rounds_done: int, *, own: bool = False) -> None:
        from heartsuite.players import compiled
        from heartsuite.players.compiled import reply
        from heartsuite.players.compiled.layout import S_HANDS

        self.reply = reply
        self.hands_at = S_HANDS
        rules = template.rules
        self.seat = seat
        self.n = rules.players
        self.cards = np.array(cands, dtype=np.int64)
        self.facts = compiled.rules_facts(rules)
        self.row = compiled.encode_round(template)
        k = len(cands)
        self.seen = np.zeros((k, reply.MAX_SEEN), dtype=np.int64)
        self.counts = np.zeros(k, dtype=np.int64)
        self.heads = np.full((k, 52), -1, dtype=np.int64)
        self.points = np.zeros((k, 52, 4), dtype=np.int64)
        self.shooters = np.full((k, 52), -1, dtype=np.int64)
        self._value = OutcomeValues(rules, seat, totals, rounds_done)
        self.own = own  # the weights are read only with `own`, but always passed (one signature)
        self.weights = distilled.kernel_weights()
        self.rows = np.zeros((52, distilled.FEATURES))  # a row per card of a hand

    def replies(self, hands: list[int], todo: list[int]) -> list[Reply]:
        n = self.n
        self.row[self.hands_at : self.hands_at + n] = hands
        k = len(todo)
        reply = self.reply
        reply.replies(self.facts, self.row, self.seat, self.cards[todo], self.seen, self.counts,
                      self.heads, self.points, self.shooters, self.own, *self.weights, self.rows)
        counts = self.counts[:k].tolist()
        out: list[Reply] = []
        for j in range(k):
            points = self.points[j]
            shooters = self.shooters[j]
            if counts[j] == reply.SETTLED:
                out.append((None, {-1: self._value(points[0, :n].tolist(), int(shooters[0]))}))
                continue
            heads = self.heads[j].tolist()
            head_value = {h: self._value(points[h, :n].tolist(), int(shooters[h]))
                          for h in set(heads) if h >= 0}
            vector = {c: head_value[h] for c, h in enumerate(heads) if h >= 0}
            out.append((tuple(self.seen[j, : counts[j]].tolist()), vector))
        return out


def survivors(alive: list[int], values: list[list[float]],
              config: SearchConfig = SearchConfig()) -> list[int]:
    """The candidates not clearly worse than the leader: a candidate is dropped once its mean
    paired difference to the leader (the same worlds) is more than `race_z` standard errors
    below zero, or once it has scored exactly as the leader in each of at least 2 × `race_from`
    worlds (it plays alike there). The time saved goes to more worlds for the close ones."""
    lead = max(alive, key=lambda i: (sum(values[i]), -i))
    top = values[lead]
    k = len(top)
    keep = []
    for i in alive:
        if i != lead:
            diffs = [a - b for a, b in zip(top, values[i], strict=True)]
            mean = sum(diffs) / k
            var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
            if (mean > config.race_z * math.sqrt(var / k)
                    or (k >= 2 * config.race_from and not any(diffs))):
                continue
        keep.append(i)
    return keep


PASS_DEALS = 512  # the most deals of a searched pass at a fixed number of worlds


def pass_deals(worlds: int) -> int:
    """The deals of a searched pass for a search of `worlds` worlds a move: 32 per world, at most
    `PASS_DEALS` (512 from 16 worlds on; a small search stays quick)."""
    return min(PASS_DEALS, 32 * worlds)

BANK_CAP = 20.0  # the most time a player keeps in hand, in moves' worth
SPEND_EARLY = 1.0  # the share of the banked time a move of the first tricks may add
SPEND_LATE = 0.25
SPEND_LAST = 1.0  # in a round that can end the game
EARLY_TRICKS = 6
LEAST = 0.3  # a move that repays overspent time still gets this share of the move time
MOST = 4.0  # and no move takes more than this many times the move time (a person is waiting)


class SearchPlayer:
    """Determinized search for the play (`search_play` with `config`), with one `Posterior`
    kept through each round; the pass chosen by simulation (`pass_search`; the heuristic
    player's with `pass_search=False`).

    With a time per move, the player keeps a clock like a chess engine's: every move with a
    choice adds `move_time`, a search that ends early (the race decided) leaves the rest in the
    bank, and the first tricks, where the choices are many and the worlds few, draw on it. Over
    a match its mean time per move with a choice stays at `move_time`, the budget an opponent
    searching every such move for `move_time` has. With a fixed number of worlds it keeps no
    clock."""

    def __init__(self, seed: int = 0, config: SearchConfig = SearchConfig(),
                 *, name: str = "search") -> None:
        self.name = name
        self.seed = seed
        self.config = config
        self._passer = HeuristicPlayer(seed)
        self._posterior: Posterior | None = None
        self._round: tuple[object, ...] = ()
        self.bank = 0.0  # seconds saved by earlier moves (negative: overspent)
        # per seat over this game's finished rounds: (plays with a choice, explained by the
        # heuristic), from each round's chains at its end (`own_playout="gated"`)
        self.reads: list[tuple[int, int]] = []

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        if not self.config.pass_search:
            return self._passer.choose_pass(view, rng)
        if self.config.worlds is not None:
            return search_pass(view, rng, deals=pass_deals(self.config.worlds))[0]
        return search_pass(view, rng, move_time=self.config.move_time)[0]

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        key = (view.code, view.round_index, view.totals, view.seat)
        if self._posterior is None or self._round != key:
            if self.config.own_playout == "gated":
                self._read_table(view)
            self._posterior = Posterior(view.rules, view.seat, self.config.trust)
            self._round = key
        move_time = self.config.move_time
        clocked = (self.config.worlds is None and move_time is not None
                   and bool(view.legal & (view.legal - 1)))  # forced cards cost no time
        config = replace(self.config, move_time=self.budget(view)) if clocked else self.config
        if config.own_playout == "gated":
            own = "distilled" if distilled.table_reads_heuristic(self.reads, view.seat) else (
                "heuristic")
            config = replace(config, own_playout=own)
        start = time.perf_counter()
        card = search_play(view, rng, config, self._posterior)[0]
        if clocked and move_time is not None:
            spent = time.perf_counter() - start
            self.bank = min(self.bank + move_time - spent, BANK_CAP * move_time)
        return card

    def _read_table(self, view: SeatView) -> None:
        """At a round's first play: add what the last round's chains explained to `reads`, or
        start them afresh in a new game (another code or seat, or no later round)."""
        last = self._round
        same_game = (len(last) == 4 and last[0] == view.code and last[3] == view.seat
                     and isinstance(last[1], int) and last[1] < view.round_index)
        if not same_game or len(self.reads) != view.rules.players:
            self.reads = [(0, 0)] * view.rules.players
        if same_game and self._posterior is not None:
            read = self._posterior.explained()
            self.reads = [(a + c, b + d) for (a, b), (c, d) in zip(self.reads, read, strict=True)]

    def budget(self, view: SeatView) -> float:
        """This move's time: the move time, plus a share of the bank (all of it in the first
        tricks and in a round that can end the game, a quarter later) up to `MOST` times the
        move time, or less the overspent time."""
        move_time = self.config.move_time or 0.0
        if self.bank <= 0.0:
            return max(move_time + self.bank, LEAST * move_time)
        trick = view.played.bit_count() // view.rules.players
        share = SPEND_EARLY if trick < EARLY_TRICKS else SPEND_LATE
        if could_end(view.rules, view.totals, len(view.history)):
            share = SPEND_LAST  # the game may end with this round: what is kept would be lost
        return min(move_time + self.bank * share, MOST * move_time)

    def choose_moon(self, view: SeatView) -> str:
        return choose_moon_to_win(view)
