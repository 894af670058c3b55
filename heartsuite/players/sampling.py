"""Deal the cards a seat cannot see, consistently with everything that seat knows.

A determinized search is only as good as its worlds: a sampled deal must never give a player a card
already played, a card of a suit that player has shown void in, or leave out the cards this seat
passed to its neighbour (the receiver holds them until it plays them). `Knowledge` is that
information; `sample_hands` draws one world from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from heartsuite.hearts.cards import SUIT_MASKS, SUIT_OF, cards_of
from heartsuite.hearts.view import SeatView
from heartsuite.prng import Rng

_RETRIES = 24


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about where the cards are, mid-round.

    `counts[p]`: cards seat p holds now; `known[p]`: cards known to be in p's hand (the seat's own
    hand, and the cards it passed to p that p has not played); `voids[p]`: suits (bit s) p has shown
    it lacks; `unseen`: every card whose holder the seat does not know.
    """

    seat: int
    counts: tuple[int, ...]
    known: tuple[int, ...]
    voids: tuple[int, ...]
    unseen: int

    def needs(self) -> list[int]:
        """How many unseen cards each seat must still receive."""
        return [c - k.bit_count() for c, k in zip(self.counts, self.known, strict=True)]

    def check(self) -> None:
        """Raise ValueError if no deal can satisfy this knowledge (counts or voids contradict)."""
        need = self.needs()
        if min(need) < 0 or sum(need) != self.unseen.bit_count():
            raise ValueError("card counts do not add up to the unseen cards")
        if _fill_counts(self, need, list(range(4)), Rng(0)) is None:
            raise ValueError("no deal fits the voids shown")


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


def sample_hands(k: Knowledge, rng: Rng) -> list[int]:
    """One deal of the unseen cards: the hands (masks) of every seat, the known cards included.

    Cards are handed out most-constrained first, each to a seat that may hold it, with chances in
    proportion to the room left in each hand (close to uniform over consistent deals). If that
    greedy pass paints itself into a corner too often, an exact per-suit search finishes the job.
    """
    need = k.needs()
    n = len(need)
    cards = cards_of(k.unseen)
    rng.shuffle(cards)
    allowed_by_suit = [
        [p for p in range(n) if need[p] > 0 and not k.voids[p] >> s & 1] for s in range(4)
    ]
    cards.sort(key=lambda c: len(allowed_by_suit[SUIT_OF[c]]))
    for _ in range(_RETRIES):
        room = need[:]
        hands = list(k.known)
        for c in cards:
            choices = [p for p in allowed_by_suit[SUIT_OF[c]] if room[p] > 0]
            if not choices:
                break
            total = 0
            for p in choices:
                total += room[p]
            x = rng.below(total)
            for p in choices:
                x -= room[p]
                if x < 0:
                    break
            room[p] -= 1
            hands[p] |= 1 << c
        else:
            return hands
    per_suit = _fill_counts(k, need, rng_order(rng), rng)
    if per_suit is None:
        raise ValueError("no deal fits what this seat knows")
    hands = list(k.known)
    for s in range(4):
        suit_cards = cards_of(k.unseen & SUIT_MASKS[s])
        rng.shuffle(suit_cards)
        i = 0
        for p in range(n):
            for c in suit_cards[i : i + per_suit[s][p]]:
                hands[p] |= 1 << c
            i += per_suit[s][p]
    return hands


def rng_order(rng: Rng) -> list[int]:
    """The four suits in a random order (the exact search tries them in this order)."""
    order = [0, 1, 2, 3]
    rng.shuffle(order)
    return order


def _fill_counts(
    k: Knowledge, need: list[int], suit_order: list[int], rng: Rng
) -> list[list[int]] | None:
    """How many unseen cards of each suit each seat gets, by backtracking; None if impossible."""
    n = len(need)
    suit_counts = [(k.unseen & SUIT_MASKS[s]).bit_count() for s in range(4)]
    table = [[0] * n for _ in range(4)]

    def feasible(room: list[int], rest: list[int]) -> bool:
        left = sum(suit_counts[s] for s in rest)
        if sum(room) != left:
            return False
        for p in range(n):
            can = sum(suit_counts[s] for s in rest if not k.voids[p] >> s & 1)
            if room[p] > can:
                return False
        return True

    def place(i: int, room: list[int]) -> bool:
        if i == len(suit_order):
            return not any(room)
        s = suit_order[i]
        seats = [p for p in range(n) if room[p] and not k.voids[p] >> s & 1]
        for split in _splits(suit_counts[s], [room[p] for p in seats], rng):
            for p, x in zip(seats, split, strict=True):
                table[s][p] = x
                room[p] -= x
            if feasible(room, suit_order[i + 1 :]) and place(i + 1, room):
                return True
            for p, x in zip(seats, split, strict=True):
                table[s][p] = 0
                room[p] += x
        return False

    if not feasible(need[:], suit_order):
        return None
    return table if place(0, need[:]) else None


def _splits(total: int, caps: list[int], rng: Rng) -> list[list[int]]:
    """Every way to share `total` cards among seats with room `caps`, in a random order."""
    out: list[list[int]] = []

    def go(i: int, left: int, acc: list[int]) -> None:
        if i == len(caps):
            if left == 0:
                out.append(acc[:])
            return
        for x in range(min(left, caps[i]) + 1):
            acc.append(x)
            go(i + 1, left - x, acc)
            acc.pop()

    go(0, total, [])
    rng.shuffle(out)
    return out
