"""A sparring partner of another design: information-set Monte Carlo tree search (ISMCTS).

Single-observer ISMCTS (SO-ISMCTS: Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012). One tree per decision, from the seat's point of view: a
node is the sequence of cards played since the decision, which is all the seat will know (every
card played is public), so it stands for an information set of the seat. Each iteration:

1. determinize: deal the cards the seat cannot see UNIFORMLY among the deals consistent with
   what it knows (its own hand, the cards played, the voids shown, the cards it passed that the
   receiver still holds: `sampling.knowledge_of`), by rejection, or exactly by counting the
   deals when rejection fails (`UniformDealer`);
2. select down the tree: at each node the seat to play (the seat itself or an opponent) picks
   among the cards legal in this world by UCB1 on its own value, with the availability count of
   SO-ISMCTS (a child's exploration term counts the iterations in which it was legal, not the
   parent's visits); while some legal card has no child, one of them (at random) is expanded
   instead;
3. play the rest of the round with the heuristic policy at every seat (`fast_heuristic`, the
   search's play-out: no lookahead, no inference);
4. back up each seat's value of the finished round to the nodes of its own moves.

A seat's value is its round score (the moon applied; Partnership: its team's), negated and scaled
to [0, 1] (Reverse: not negated). No game score, no chance of winning the game, and none of the
project's posterior or inference: it is meant to play by another logic than Hard, so that Hard's
progress is measured against more than its own model. The card with the most visits is played.

The pass is the heuristic player's (enough for a sparring partner: the search is of the play).
The budget is a time per move (`move_time`, like Hard's 0.1 s, without Hard's clock) or a fixed
number of `iterations` (deterministic given the generator: tests and reproducible tournaments).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from heartsuite.hearts.cards import JACK_DIAMONDS, SUIT_MASKS, SUIT_OF, cards_of
from heartsuite.hearts.phase import DONE
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import moon_choice_open, round_scores
from heartsuite.hearts.view import SeatView
from heartsuite.players import compiled, fast_heuristic
from heartsuite.players.base import choose_moon_to_win
from heartsuite.players.compiled import ismcts as compiled_ismcts
from heartsuite.players.heuristic import HeuristicPlayer
from heartsuite.players.sampling import Knowledge, knowledge_of, play_history
from heartsuite.prng import Rng

PASCAL = np.array([[math.comb(a, b) for b in range(53)] for a in range(53)], dtype=np.int64)
EXPLORATION = 0.7  # UCB1's constant for values in [0, 1]: a common choice, not tuned here
REJECTION_TRIES = compiled_ismcts.REJECTION_TRIES  # one number for both dealers
# A fixed budget's tree is allocated whole (a node per iteration, 52 children each: 416 bytes),
# so the budget is bounded: a million iterations is about 0.4 GB and 4 s a move compiled.
MAX_ITERATIONS = 1_000_000


@dataclass(frozen=True)
class ISMCTSConfig:
    """Budget: `iterations`, when set, a fixed number per move (deterministic given the
    generator); otherwise as many as fit in `move_time` seconds (at least one). `exploration`:
    UCB1's constant. `compiled`: a fixed number of iterations runs in the compiled core
    (`compiled.ismcts`: the same tree and card, several times faster); the timed partner always
    runs in Python, so that its strength per 0.1 s stays the goal matches' yardstick."""

    move_time: float | None = 0.1
    iterations: int | None = None
    exploration: float = EXPLORATION
    compiled: bool = True

    def __post_init__(self) -> None:
        if self.move_time is not None and self.move_time < 0:
            raise ValueError("move_time must be at least 0 seconds")
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be between 1 and {MAX_ITERATIONS:,}")
        if self.exploration < 0:
            raise ValueError("exploration must be at least 0")


class Node:
    """A node of the seat's tree: the cards played since the decision. `reward` sums the value,
    for the seat that played the card leading here, of the iterations through it; `avail` counts
    the iterations in which that card was legal at the parent."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class UniformDealer:
    """Deals of the unseen cards, uniform over those consistent with `k` (the seat's knowledge).

    First by rejection: the unseen cards shuffled and dealt to the seats' counts, again until no
    seat gets a suit it has shown void in (`REJECTION_TRIES` times). Then, if every try failed
    (many voids late in a round), exactly: the deals are counted suit by suit (how many cards of
    each suit each seat gets: the tables that fit the counts and the voids, each worth the
    product of its multinomials), and a table drawn in proportion to its worth, the cards of each
    suit then shuffled into it. Both draws are uniform over the consistent deals, so their mix
    is too. The counts are made on the first exact draw of a decision and kept."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        self.need = k.needs()
        self.cards = cards_of(k.unseen)
        self.suit_cards = [cards_of(k.unseen & SUIT_MASKS[s]) for s in range(4)]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._split_memo: dict[tuple[int, tuple[int, ...]],
                               list[tuple[tuple[int, ...], tuple[int, ...], int]]] = {}

    def deal(self, rng: Rng) -> list[int]:
        k = self.k
        cards = self.cards
        for _ in range(REJECTION_TRIES):
            rng.shuffle(cards)
            hands = list(k.known)
            i = 0
            ok = True
            for p, count in enumerate(self.need):
                void = k.voids[p]
                for c in cards[i : i + count]:
                    if void >> SUIT_OF[c] & 1:
                        ok = False
                        break
                    hands[p] |= 1 << c
                if not ok:
                    break
                i += count
            if ok:
                return hands
        return self.exact(rng)

    def exact(self, rng: Rng) -> list[int]:
        """A deal drawn exactly uniformly by counting (see the class)."""
        room = tuple(self.need)
        total = self.ways(0, room)
        if total == 0:
            raise ValueError("no deal fits what this seat knows")
        hands = list(self.k.known)
        for s in range(4):
            x = _below(rng, self.ways(s, room))
            chosen = None
            for option in self._splits(s, room):
                x -= option[2] * self.ways(s + 1, option[1])
                if x < 0:
                    chosen = option
                    break
            assert chosen is not None
            split, after, _ = chosen
            cards = self.suit_cards[s][:]
            rng.shuffle(cards)
            i = 0
            for p, count in enumerate(split):
                for c in cards[i : i + count]:
                    hands[p] |= 1 << c
                i += count
            room = after
        return hands

    def ways(self, s: int, room: tuple[int, ...]) -> int:
        """The number of deals of the unseen cards of suits s.. that fill `room` exactly."""
        if s == 4:
            return 0 if any(room) else 1
        key = (s, room)
        got = self._ways.get(key)
        if got is None:
            got = sum(weight * self.ways(s + 1, after) for _, after, weight
                      in self._splits(s, room))
            self._ways[key] = got
        return got

    def _splits(self, s: int, room: tuple[int, ...]
                ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Each way to share suit s's unseen cards among the seats with room that are not void in
        it: the counts, the room left, and the number of card assignments (a multinomial)."""
        key = (s, room)
        got = self._split_memo.get(key)
        if got is None:
            got = self._split_memo[key] = self._enumerate(s, room)
        return got

    def _enumerate(self, s: int, room: tuple[int, ...]
                   ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        n = len(room)
        count = len(self.suit_cards[s])
        caps = [0 if self.k.voids[p] >> s & 1 else room[p] for p in range(n)]
        out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        split = [0] * n

        def go(p: int, left: int, weight: int) -> None:
            if p == n:
                if left == 0:
                    after = tuple(r - x for r, x in zip(room, split, strict=True))
                    out.append((tuple(split), after, weight))
                return
            for x in range(min(left, caps[p]) + 1):
                split[p] = x
                go(p + 1, left - x, weight * math.comb(left, x))
            split[p] = 0

        go(0, count, 1)
        return out


def _below(rng: Rng, n: int) -> int:
    """A uniform integer in [0, n) for any n >= 1 (the deals of a round fit in 64 bits; this
    does not rely on it)."""
    if n <= 1 << 64:
        return rng.below(n)
    while True:
        x = 0
        bits = 0
        while bits < n.bit_length():
            x = (x << 64) | rng.next64()
            bits += 64
        x >>= bits - n.bit_length()
        if x < n:
            return x


def uniform_hands(k: Knowledge, rng: Rng) -> list[int]:
    """One deal of the unseen cards, uniform over those consistent with `k` (`UniformDealer`;
    a search keeps one dealer per decision)."""
    return UniformDealer(k).deal(rng)


def seat_values(rules: Rules, r: Round, totals: tuple[int, ...], rounds_done: int) -> list[float]:
    """Each seat's value of a round whose points are settled: its score (Partnership: its
    team's), negated (not under Reverse) and scaled to [0, 1]. Mixed Moon: a shooter who may
    choose takes New Moon."""
    shooter = r.moon_shooter() if rules.moon != "none" else None
    choice = None
    if shooter is not None and moon_choice_open(rules, list(totals), shooter, rounds_done + 1,
                                                r.points):
        choice = "new"
    scores = round_scores(rules, r.points, shooter, choice)
    n = rules.players
    bound = float(rules.total_points() + 10)  # New Moon -total; Omnibus' jack -10
    if rules.partnership:
        own = [scores[s] + scores[(s + 2) % n] for s in range(n)]
        bound *= 2
    else:
        own = list(scores)
    out = []
    for x in own:
        v = 0.5 - x / (2 * bound)
        if rules.reverse:
            v = 1.0 - v
        out.append(min(1.0, max(0.0, v)))
    return out


@lru_cache(maxsize=256)
def moon_table(rules: Rules, totals: tuple[int, ...], rounds_done: int
               ) -> tuple[tuple[int, ...], ...]:
    """The round's scores of every possible moon, as `seat_values` scores them: row
    `shooter * players + holder`, where `holder` took J♦ under Omnibus (0 without it). A moon
    round's raw points follow from those two seats, so the Mixed Moon choice does too. Cached:
    every decision of a round asks for the same table."""
    n = rules.players
    total = rules.total_points()
    jack = rules.points()[JACK_DIAMONDS] if rules.omnibus else 0
    table: list[tuple[int, ...]] = []
    for shooter in range(n):
        for holder in range(n):
            raw = [total if s == shooter else 0 for s in range(n)]
            raw[holder] += jack
            choice = None
            if moon_choice_open(rules, list(totals), shooter, rounds_done + 1, raw):
                choice = "new"
            table.append(tuple(round_scores(rules, raw, shooter, choice)))
    return tuple(table)


def _template(view: SeatView, hands: list[int]) -> Round:
    """The decision's round replayed with `hands` (a deal consistent with the view) as the
    unseen cards; each iteration then only swaps in its own deal."""
    rules = view.rules
    order, by_seat = play_history(view)
    template = Round.replayed(rules, [hands[p] | by_seat[p] for p in range(rules.players)],
                              order)
    if template.turn != view.seat or template.legal_mask() != view.legal:
        raise ValueError("the view's history does not lead to this seat's turn")
    return template


class CompiledDealer:
    """A `UniformDealer`'s lists as the compiled kernels read them: the knowledge, the shuffled
    card list (`cards`, kept between deals), each suit's unseen cards and the exact dealer's
    table of counts (`memo`, filled on its first exact deal)."""

    def __init__(self, dealer: UniformDealer) -> None:
        k = dealer.k
        self.dealer = dealer
        self.need = np.array(dealer.need, dtype=np.int64)
        self.known = np.array(k.known, dtype=np.int64)
        self.voids = np.array(k.voids, dtype=np.int64)
        self.cards = np.array(dealer.cards, dtype=np.int64)
        suit_cards = np.zeros((4, 13), dtype=np.int64)
        for s, in_suit in enumerate(dealer.suit_cards):
            suit_cards[s, : len(in_suit)] = in_suit
        suit_counts = np.array([len(c) for c in dealer.suit_cards], dtype=np.int64)
        strides = np.cumprod([1] + [x + 1 for x in dealer.need[:-1]]).astype(np.int64)
        memo = np.full((4, math.prod(x + 1 for x in dealer.need)), -1, dtype=np.int64)
        self.counting = (suit_cards, suit_counts, strides, memo, PASCAL)

    def deal(self, rng: Rng, *, exact: bool = False) -> list[int]:
        """`UniformDealer.deal` (`exact`: `UniformDealer.exact`) in the compiled core: the same
        deal, the generator and the card list left as Python leaves them."""
        hands = np.zeros(len(self.need), dtype=np.int64)
        state = compiled.state_of(rng)
        if exact:
            found = compiled_ismcts.exact_deal(self.need, self.known, self.voids,
                                               *self.counting, state, hands)
        else:
            found = compiled_ismcts.deal(self.need, self.known, self.voids, self.cards,
                                         *self.counting, state, hands)
        compiled.store(state, rng)
        self.dealer.cards[:] = self.cards.tolist()
        if not found:
            self.dealer.exact(rng)  # raises the reason
        return [int(h) for h in hands]


def _compiled_root(view: SeatView, dealer: UniformDealer, rng: Rng, exploration: float,
                   iterations: int) -> dict[int, tuple[int, float]]:
    """The iterations in the compiled core (`compiled.ismcts.iterate`): each root card's
    visits and reward, the same as the Python loop's; the generator ends where it leaves it."""
    rules = view.rules
    arrays = CompiledDealer(dealer)
    # Any consistent deal makes the template: one from a dealer and a generator of its own.
    template = _template(view, CompiledDealer(UniformDealer(dealer.k)).deal(Rng(0)))
    size = iterations + 1
    child = np.full((size, 52), -1, dtype=np.int64)
    visits = np.zeros(size, dtype=np.int64)
    reward = np.zeros(size, dtype=np.float64)
    avail = np.zeros(size, dtype=np.int64)
    bound = float(rules.total_points() + 10) * (2 if rules.partnership else 1)
    moon = rules.moon != "none" and rules.penalty_mask() != 0
    shape = np.array([moon, rules.partnership, rules.reverse, bound], dtype=np.float64)
    state = compiled.state_of(rng)
    outcome = compiled_ismcts.iterate(
        compiled.rules_facts(rules), compiled.encode_round(template), arrays.need,
        arrays.known, arrays.voids, arrays.cards, *arrays.counting, state,
        np.zeros(rules.players + 1, dtype=np.int64), child, visits,
        reward, avail, np.array([1, 0], dtype=np.int64),
        np.array(moon_table(rules, view.totals, len(view.history)), dtype=np.int64), shape,
        exploration, iterations)
    assert outcome == compiled_ismcts.DONE  # the template's deal shows that deals exist
    compiled.store(state, rng)
    dealer.cards[:] = arrays.cards.tolist()
    return {c: (int(visits[i]), float(reward[i])) for c, i in enumerate(child[0]) if i >= 0}


def ismcts_play(view: SeatView, rng: Rng,
                config: ISMCTSConfig = ISMCTSConfig()) -> tuple[int, dict[int, int], int]:
    """The chosen card, the visits of each legal card at the root, and the iterations run."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has no card to play now")
    if not legal & (legal - 1):
        c = legal.bit_length() - 1
        return c, {c: 0}, 0
    rules = view.rules
    if not view.trick and view.played & rules.scoring_mask() == rules.scoring_mask():
        c = (legal & -legal).bit_length() - 1  # the points are settled: every card plays alike
        return c, {c: 0}, 0
    totals = view.totals
    rounds_done = len(view.history)
    dealer = UniformDealer(knowledge_of(view))
    c_explore = config.exploration
    deadline = time.perf_counter() + (config.move_time or 0.0)
    if config.iterations is not None and config.compiled:
        stats = _compiled_root(view, dealer, rng, config.exploration, config.iterations)
        visits = {c: v for c, (v, _) in stats.items()}
        best_card = max(stats, key=lambda c: (stats[c][0], stats[c][1], -c))
        return best_card, visits, config.iterations
    root = Node()
    template: Round | None = None
    done = 0
    while True:
        hands = dealer.deal(rng)
        if template is None:
            template = _template(view, hands)
        r = template.copy()
        r.hands = hands
        node = root
        path: list[tuple[Node, int]] = []
        while r.phase != DONE and not (not r.trick and r.points_settled()):
            mover = r.turn
            moves = cards_of(r.legal_mask())
            children = node.children
            untried = [c for c in moves if c not in children]
            if untried:
                c = untried[rng.below(len(untried))]
                child = children[c] = Node()
                for m in moves:  # every card legal here was available (the new one too)
                    if m in children:
                        children[m].avail += 1
                r.play(c)
                path.append((child, mover))
                break
            best_score = -1.0
            best = moves[0]
            for m in moves:
                ch = children[m]
                ch.avail += 1
                score = (ch.reward / ch.visits
                         + c_explore * math.sqrt(math.log(ch.avail) / ch.visits))
                if score > best_score:
                    best_score, best = score, m
            node = children[best]
            r.play(best)
            path.append((node, mover))
        if r.phase != DONE and not (not r.trick and r.points_settled()):
            fast_heuristic.play_out(r)
        values = seat_values(rules, r, totals, rounds_done)
        root.visits += 1
        for nd, mover in path:
            nd.visits += 1
            nd.reward += values[mover]
        done += 1
        if config.iterations is not None:
            if done >= config.iterations:
                break
        elif time.perf_counter() >= deadline:
            break
    visits = {c: ch.visits for c, ch in root.children.items()}
    best_card = max(root.children, key=lambda c: (root.children[c].visits,
                                                  root.children[c].reward, -c))
    return best_card, visits, done


class ISMCTSPlayer:
    """`ismcts_play` for the play, the heuristic player's pass, the moon choice that wins."""

    def __init__(self, seed: int = 0, config: ISMCTSConfig = ISMCTSConfig(),
                 *, name: str = "ismcts") -> None:
        self.name = name
        self.seed = seed
        self.config = config
        self._passer = HeuristicPlayer(seed)

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return self._passer.choose_pass(view, rng)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        return ismcts_play(view, rng, self.config)[0]

    def choose_moon(self, view: SeatView) -> str:
        return choose_moon_to_win(view)
