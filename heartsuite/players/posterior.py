"""Where the unseen cards are, read from how the opponents passed and played: Markov chains.

A sampled deal says which cards each opponent held when it passed and played. If opponents play
like the search's play-out policy (the heuristic player, `fast_heuristic.choose`), a deal in
which the policy would have played their actual cards is far more likely than one in which it
would not: "with K♠ and 3♠ it played 3♠ under the ace" tells where cards are. Weighing
independent samples (tried first) fails late in a round, when almost none of them explains every
play; here a few chains walk through the consistent deals instead, each step kept with the
Metropolis probability (the ratio of the two deals' likelihoods).

The model: an opponent plays the policy's card with probability `trust`, otherwise any legal card,
and passes the heuristic player's three cards (`heuristic.pass_cards`) with probability `trust`,
otherwise any three. The `1 - trust` share keeps every consistent deal possible, so an opponent
that plays otherwise (a person, OpenSpiel's ISMCTS) only blurs the weights. The passes we neither
made nor received are unknown, so a state of a chain is a deal of the unseen cards plus, for each
unknown pass, the three cards its receiver got. The steps:

- swap two unseen cards between two opponents (a card that came in an unknown pass is replaced in
  that pass by the card that takes its place);
- aimed swaps: the card the policy would have played instead of an actual play leaves that
  opponent; a card an opponent would have passed but kept leaves it (or, for an unknown pass, the
  giver passes the model's cards instead);
- swap a card of an unknown pass with another card of its receiver's hand, or with a card its
  giver kept.

The aimed steps are not symmetric, so the chains lean a little further toward deals that explain
everything than the model itself does; against opponents who play like the policy that is where
the truth is.

An opponent's plays depend only on its own hand and on what everyone has seen, and its pass on its
dealt hand, so the likelihood is a product over opponents and every step touches few factors;
factors are cached by hand. The chains are kept from one move to the next within a round: each
move only has to absorb the new plays.
"""

from __future__ import annotations

import math

from heartsuite.hearts.cards import SUIT_OF, cards_of
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players.fast_heuristic import choose
from heartsuite.players.heuristic import pass_cards
from heartsuite.players.sampling import Knowledge, knowledge_of, play_history, sample_hands
from heartsuite.prng import Rng

TRUST = 0.95
IMPOSSIBLE = -1e9  # the log-likelihood of a deal in which an actual play would be illegal
CHAINS = 8
STEPS = 2  # steps between two worlds taken from the same chain
BURN_IN = 10  # steps per chain when a move brings new plays
FRESH_BURN_IN = 3  # times as many for the chains of a new round
_THREE_OF_13 = 286


class _Decision:
    """One opponent play: the position before it, what its seat had played before, the card."""

    __slots__ = ("before", "card", "position", "seat")

    def __init__(self, position: Round, before: int, card: int) -> None:
        self.position = position
        self.seat = position.turn
        self.before = before
        self.card = card


class _State:
    """A chain's state: every seat's hand now, and every seat's pass (0 where there is none)."""

    __slots__ = ("hands", "passes")

    def __init__(self, hands: list[int], passes: list[int]) -> None:
        self.hands = hands
        self.passes = passes


class Posterior:
    """Chains of deals for one seat through one round; `update` at every move, then `world`."""

    def __init__(self, rules: Rules, seat: int, trust: float = TRUST, *,
                 chains: int = CHAINS, steps: int = STEPS, burn_in: int = BURN_IN) -> None:
        self.rules = rules
        self.seat = seat
        self.trust = trust
        self.chains = chains
        self.steps = steps
        self.burn_in = burn_in
        n = rules.players
        self._n = n
        self._opponents = [p for p in range(n) if p != seat]
        self._states: list[_State] = []
        self._played = -1
        self._next = 0
        self._decisions: list[list[_Decision]] = [[] for _ in range(n)]
        self._cache: dict[tuple[int, int], float] = {}
        self._pass_cache: dict[int, int] = {}
        self._by_seat: list[int] = [0] * n
        self._know: Knowledge | None = None
        self._unseen: list[int] = []
        self._offset = 0
        self._unknown: list[int] = []  # the seats whose pass this seat does not know
        self._passes: list[int] = [0] * n  # the passes it knows

    def update(self, view: SeatView, rng: Rng) -> None:
        """Take in the position of a new move: what the seat knows and the plays so far."""
        know = knowledge_of(view)
        order, by_seat = play_history(view)
        if len(order) == self._played and self._know == know:
            return
        fresh = len(order) < self._played or not self._states
        self._played = len(order)
        self._know = know
        self._by_seat = by_seat
        self._unseen = cards_of(know.unseen)
        self._cache = {}
        self._read_passes(view)
        n = self._n
        first = sample_hands(know, rng)
        self._decisions = _decisions(self.rules, [first[p] | by_seat[p] for p in range(n)],
                                     order, self.seat)
        if fresh:
            hands = [first] + [sample_hands(know, rng) for _ in range(self.chains - 1)]
            self._states = [_State(h, self._fill_passes(h, [0] * n, rng)) for h in hands]
        else:
            self._states = [self._repair(s, rng) for s in self._states]
        if self._informed():  # a new round's chains start far off: they get a longer walk
            steps = self.burn_in * (FRESH_BURN_IN if fresh else 1)
            for state in self._states:
                self._walk(state, steps, rng)

    def world(self, rng: Rng) -> list[int]:
        """The next searched world: the hands every seat holds now."""
        state = self._states[self._next]
        self._next = (self._next + 1) % len(self._states)
        if self._informed():
            self._walk(state, self.steps, rng)
        return list(state.hands)

    def explained(self) -> list[tuple[int, int]]:
        """Per seat, how well the policy explains its plays so far: (its plays with a choice, the
        most of them the policy's card in one of the chains' deals); (0, 0) for this seat.

        Read at the end of a round (the seat's last move), summed over a game by `SearchPlayer`
        to tell a table of heuristic players from anyone else: a heuristic player's plays are
        all explained by the deal it held, which the chains find; other players' are not."""
        out = [(0, 0)] * self._n
        for p in self._opponents:
            best = (0, 0)
            for state in self._states:
                start = self._start(state.hands, p)
                choices = agreed = 0
                for d in self._decisions[p]:
                    pos = d.position
                    pos.hands[p] = start & ~d.before
                    legal = pos.legal_mask()
                    if legal & (legal - 1) and legal >> d.card & 1:
                        choices += 1
                        agreed += choose(pos, legal) == d.card
                if agreed > best[1] or not best[0]:
                    best = (choices, agreed)
            out[p] = best
        return out

    # The model -----------------------------------------------------------------------------

    def _informed(self) -> bool:
        return any(self._decisions) or (self._offset != 0 and self.trust > 0)

    def _read_passes(self, view: SeatView) -> None:
        n = self._n
        self._offset = 0 if view.passed_to is None else (view.passed_to - self.seat) % n
        self._passes = [0] * n
        self._unknown = []
        if not self._offset:
            return
        self._passes[self.seat] = view.passed
        giver = (self.seat - self._offset) % n
        self._passes[giver] = view.received
        self._unknown = [p for p in self._opponents if p != giver]

    def _start(self, hands: list[int], p: int) -> int:
        return hands[p] | self._by_seat[p]

    def _seat_log(self, p: int, hand: int) -> float:
        """The log-likelihood of seat p's plays so far if it held `hand` (now)."""
        key = (p, hand)
        found = self._cache.get(key)
        if found is not None:
            return found
        start = hand | self._by_seat[p]
        log = 0.0
        trust = self.trust
        for d in self._decisions[p]:
            pos = d.position
            pos.hands[p] = start & ~d.before
            legal = pos.legal_mask()
            if not legal >> d.card & 1:
                log = IMPOSSIBLE
                break
            if legal & (legal - 1):
                other = (1.0 - trust) / legal.bit_count()
                log += math.log(trust + other if choose(pos, legal) == d.card else other)
        self._cache[key] = log
        return log

    def _pass_log(self, state: _State) -> float:
        """The log-likelihood of every opponent's pass in `state`."""
        if not self._offset:
            return 0.0
        n = self._n
        off = self._offset
        hands = state.hands
        passes = state.passes
        trust = self.trust
        other = (1.0 - trust) / _THREE_OF_13
        log = 0.0
        for p in self._opponents:
            dealt = (self._start(hands, p) & ~passes[(p - off) % n]) | passes[p]
            chosen = self._chosen_pass(dealt)
            log += math.log(trust + other if chosen == passes[p] else other)
        return log

    # Chains --------------------------------------------------------------------------------

    def _fill_passes(self, hands: list[int], passes: list[int], rng: Rng) -> list[int]:
        """The known passes, and for each unknown one the cards it had that its receiver still
        holds or played, topped up to three at random from the receiver's hand."""
        out = list(self._passes)
        for p in self._unknown:
            receiver = (p + self._offset) % self._n
            start = self._start(hands, receiver)
            kept = passes[p] & start
            room = cards_of(start & ~kept)
            rng.shuffle(room)
            for c in room[: 3 - kept.bit_count()]:
                kept |= 1 << c
            out[p] = kept
        return out

    def _repair(self, state: _State, rng: Rng) -> _State:
        know = self._know
        assert know is not None
        hands = _repair_hands(state.hands, know, rng)
        return _State(hands, self._fill_passes(hands, state.passes, rng))

    def _walk(self, state: _State, steps: int, rng: Rng) -> None:
        for _ in range(steps):
            self._swap_cards(state, rng)
            if any(self._decisions):
                self._fix_play(state, rng)
            if self._offset:
                self._fix_pass(state, rng)
            if self._unknown:
                self._swap_pass(state, rng)
                self._swap_kept(state, rng)

    def _accept(self, delta: float, rng: Rng) -> bool:
        return delta >= 0 or rng.below(1 << 30) < math.exp(delta) * (1 << 30)

    def _swap_cards(self, state: _State, rng: Rng) -> None:
        """A uniform unseen card x, a uniform unseen card y held by another seat (a symmetric
        proposal); the holders swap them if their voids allow and the odds say so."""
        unseen = self._unseen
        u = len(unseen)
        if u < 2:
            return
        hands = state.hands
        n = self._n
        x = unseen[rng.below(u)]
        a = _holder(hands, x, n)
        for _ in range(8):
            y = unseen[rng.below(u)]
            b = _holder(hands, y, n)
            if b != a:
                break
        else:
            return
        voids = self._know.voids  # type: ignore[union-attr]
        if voids[b] >> SUIT_OF[x] & 1 or voids[a] >> SUIT_OF[y] & 1:
            return
        self._try_swap(state, a, b, 1 << x | 1 << y, rng)

    def _swap_pass(self, state: _State, rng: Rng) -> None:
        """Swap one card of an unknown pass with another card of its receiver's hand."""
        p = self._unknown[rng.below(len(self._unknown))]
        receiver = (p + self._offset) % self._n
        passed = state.passes[p]
        rest = self._start(state.hands, receiver) & ~passed
        if not rest:
            return
        out_cards = cards_of(passed)
        in_cards = cards_of(rest)
        both = 1 << out_cards[rng.below(len(out_cards))] | 1 << in_cards[rng.below(len(in_cards))]
        before = self._pass_log(state)
        state.passes[p] = passed ^ both
        if not self._accept(self._pass_log(state) - before, rng):
            state.passes[p] = passed

    def _misplay(self, p: int, hand: int) -> int:
        """The card the policy would have played at p's first play that it explains wrongly in
        a world where p holds `hand` now (-1 if it explains every play)."""
        start = hand | self._by_seat[p]
        for d in self._decisions[p]:
            pos = d.position
            pos.hands[p] = start & ~d.before
            legal = pos.legal_mask()
            if legal & (legal - 1) and legal >> d.card & 1:
                chosen = choose(pos, legal)
                if chosen != d.card:
                    return chosen
        return -1

    def _fix_play(self, state: _State, rng: Rng) -> None:
        """A step aimed at a deal that explains an opponent's plays: the card the policy would
        have played instead of an actual play leaves that opponent (if it still holds it) for a
        card of another opponent."""
        p = self._opponents[rng.below(len(self._opponents))]
        hands = state.hands
        if self._seat_log(p, hands[p]) > -1.0:
            return
        x = self._misplay(p, hands[p])
        know = self._know
        assert know is not None
        if x < 0 or not (hands[p] & know.unseen) >> x & 1:
            return
        voids = know.voids
        others = [c for c in self._unseen if not hands[p] >> c & 1
                  and not voids[p] >> SUIT_OF[c] & 1]
        if not others:
            return
        y = others[rng.below(len(others))]
        b = _holder(hands, y, self._n)
        if voids[b] >> SUIT_OF[x] & 1:
            return
        self._try_swap(state, p, b, 1 << x | 1 << y, rng)

    def _try_swap(self, state: _State, a: int, b: int, both: int, rng: Rng) -> None:
        """Seats a and b trade the two cards of `both` (one each), unknown passes following,
        if the odds say so."""
        hands = state.hands
        n = self._n
        old_a, old_b = hands[a], hands[b]
        delta = (self._seat_log(a, old_a ^ both) + self._seat_log(b, old_b ^ both)
                 - self._seat_log(a, old_a) - self._seat_log(b, old_b))
        if not self._offset:
            if self._accept(delta, rng):
                hands[a], hands[b] = old_a ^ both, old_b ^ both
            return
        before = self._pass_log(state)
        old_passes = state.passes[:]
        hands[a], hands[b] = old_a ^ both, old_b ^ both
        for p in self._unknown:  # the card that leaves an unknown pass's receiver is replaced
            if state.passes[p] & both and (p + self._offset) % n in (a, b):
                state.passes[p] ^= both
        delta += self._pass_log(state) - before
        if not self._accept(delta, rng):
            hands[a], hands[b] = old_a, old_b
            state.passes = old_passes

    def _chosen_pass(self, dealt: int) -> int:
        chosen = self._pass_cache.get(dealt)
        if chosen is None:
            chosen = sum(1 << c for c in pass_cards(self.rules, dealt))
            self._pass_cache[dealt] = chosen
        return chosen

    def _fix_pass(self, state: _State, rng: Rng) -> None:
        """A step aimed at a deal in which one opponent passed what the model says it would.
        For an unknown pass: keep the giver's dealt hand and let it pass the model's cards (the
        cards change hands between giver and receiver). For the pass we received: swap a card the
        model would have passed, but which the giver kept, with a card of another opponent."""
        n = self._n
        off = self._offset
        p = self._opponents[rng.below(len(self._opponents))]
        hands = state.hands
        passes = state.passes
        kept = hands[p] & ~passes[(p - off) % n] | self._by_seat[p] & ~passes[(p - off) % n]
        want = self._chosen_pass(kept | passes[p])
        if want == passes[p]:
            return
        unseen = self._know.unseen  # type: ignore[union-attr]
        voids = self._know.voids  # type: ignore[union-attr]
        old_hands, old_passes = hands[:], passes[:]
        before = self._pass_log(state)
        plays_before = sum(self._seat_log(q, hands[q]) for q in self._opponents)
        if p in self._unknown:
            receiver = (p + off) % n
            go, back = want & ~passes[p], passes[p] & ~want
            if (go | back) & ~unseen or not go & hands[p] or not back & hands[receiver]:
                return
            if any(voids[receiver] >> SUIT_OF[c] & 1 for c in cards_of(go)) or any(
                    voids[p] >> SUIT_OF[c] & 1 for c in cards_of(back)):
                return
            hands[p] ^= go | back
            hands[receiver] ^= go | back
            passes[p] = want
        else:
            wrong = cards_of(want & ~passes[p] & unseen & hands[p])
            if not wrong:
                return
            x = wrong[rng.below(len(wrong))]
            others = [c for c in self._unseen if not hands[p] >> c & 1
                      and not voids[p] >> SUIT_OF[c] & 1]
            if not others:
                return
            y = others[rng.below(len(others))]
            b = _holder(hands, y, n)
            if voids[b] >> SUIT_OF[x] & 1:
                return
            both = 1 << x | 1 << y
            hands[p] ^= both
            hands[b] ^= both
            for q in self._unknown:
                if passes[q] & both and (q + off) % n in (p, b):
                    passes[q] ^= both
        delta = (self._pass_log(state) - before
                 + sum(self._seat_log(q, hands[q]) for q in self._opponents) - plays_before)
        if not self._accept(delta, rng):
            state.hands[:] = old_hands
            state.passes[:] = old_passes

    def _swap_kept(self, state: _State, rng: Rng) -> None:
        """Swap a card of an unknown pass (its receiver still holds it) with a card its giver
        kept: the two seats' hands change, every dealt hand stays the same."""
        p = self._unknown[rng.below(len(self._unknown))]
        n = self._n
        receiver = (p + self._offset) % n
        unseen = self._know.unseen  # type: ignore[union-attr]
        passed = state.passes[p]
        hands = state.hands
        outs = cards_of(passed & hands[receiver] & unseen)
        kept = cards_of(hands[p] & ~state.passes[(p - self._offset) % n] & unseen)
        if not outs or not kept:
            return
        y = outs[rng.below(len(outs))]
        x = kept[rng.below(len(kept))]
        voids = self._know.voids  # type: ignore[union-attr]
        if voids[receiver] >> SUIT_OF[x] & 1 or voids[p] >> SUIT_OF[y] & 1:
            return
        both = 1 << x | 1 << y
        old_p, old_r = hands[p], hands[receiver]
        delta = (self._seat_log(p, old_p ^ both) + self._seat_log(receiver, old_r ^ both)
                 - self._seat_log(p, old_p) - self._seat_log(receiver, old_r))
        before = self._pass_log(state)
        hands[p], hands[receiver] = old_p ^ both, old_r ^ both
        state.passes[p] = passed ^ both
        if not self._accept(delta + self._pass_log(state) - before, rng):
            hands[p], hands[receiver] = old_p, old_r
            state.passes[p] = passed


def _holder(hands: list[int], card: int, n: int) -> int:
    for p in range(n):
        if hands[p] >> card & 1:
            return p
    raise ValueError("card held by nobody")


def _decisions(rules: Rules, start: list[int], order: list[int], seat: int,
               ) -> list[list[_Decision]]:
    """Per seat, every play of the other seats, with a copy of the position before it (only the
    public parts of a copy are read, and the mover's hand, which `_seat_log` sets)."""
    n = rules.players
    out: list[list[_Decision]] = [[] for _ in range(n)]
    played = [0] * n
    r = Round(rules, start, 0)
    for c in order:
        p = r.turn
        if p != seat:
            out[p].append(_Decision(r.copy(), played[p], c))
        played[p] |= 1 << c
        r.play(c)
    return out


def _repair_hands(old: list[int], know: Knowledge, rng: Rng) -> list[int]:
    """A deal for the new knowledge that keeps as much of `old` as it can (cards stay with their
    holder when that holder may still have them and has room); a fresh sample if that fails."""
    n = len(old)
    hands = list(know.known)
    need = know.needs()
    loose: list[int] = []
    cards = cards_of(know.unseen)
    rng.shuffle(cards)
    for c in cards:
        bit = 1 << c
        for p in range(n):
            if p != know.seat and old[p] & bit:
                if need[p] > 0 and not know.voids[p] >> SUIT_OF[c] & 1:
                    hands[p] |= bit
                    need[p] -= 1
                else:
                    loose.append(c)
                break
        else:
            loose.append(c)
    for c in loose:
        seats = [p for p in range(n) if need[p] > 0 and not know.voids[p] >> SUIT_OF[c] & 1]
        if not seats:
            return sample_hands(know, rng)
        p = seats[rng.below(len(seats))]
        hands[p] |= 1 << c
        need[p] -= 1
    return hands
