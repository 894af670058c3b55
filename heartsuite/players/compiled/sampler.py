"""`sampling.sample_hands` compiled: the same worlds from the same generator state.

Every draw of the Python sampler is made here in the same order, so a seed deals the same world
in both (the differential test checks the worlds and the generator state after them): the unseen
cards shuffled once and stably sorted most-constrained suit first; up to 24 greedy passes, each
card to a seat with room, with chances in proportion to the room; then, if every pass ran into a
dead end, the exact per-suit search of `sampling._fill_counts` (a shuffled order of the suits,
depth-first over the ways to share each suit, each level's ways shuffled when it is entered),
written here as a loop over an explicit stack.

A seat's knowledge is one int64 row (`encode_knowledge`): K_PLAYERS, K_UNSEEN, then per seat the
cards it holds (K_COUNTS), the cards known to be in its hand (K_KNOWN) and its voids (K_VOIDS).
"""

from __future__ import annotations

import numpy as np

from heartsuite.hearts.cards import SUIT_MASKS
from heartsuite.players.compiled.jit import kernel, lowest, popcount
from heartsuite.players.compiled.layout import Ints
from heartsuite.players.compiled.rng import State, below, shuffle
from heartsuite.players.sampling import Knowledge

K_PLAYERS = 0
K_UNSEEN = 1
K_COUNTS = 2
K_KNOWN = 6
K_VOIDS = 10
KNOWLEDGE_SIZE = 14

RETRIES = 24  # sampling._RETRIES: greedy passes before the exact search
_MAX_SPLITS = 560  # the ways to share 13 cards among 4 seats: C(16, 3)
_SUIT = SUIT_MASKS[0]


def encode_knowledge(k: Knowledge) -> Ints:
    """A seat's `Knowledge` as the row the sampler reads."""
    n = len(k.counts)
    row = np.zeros(KNOWLEDGE_SIZE, dtype=np.int64)
    row[K_PLAYERS] = n
    row[K_UNSEEN] = k.unseen
    row[K_COUNTS : K_COUNTS + n] = k.counts
    row[K_KNOWN : K_KNOWN + n] = k.known
    row[K_VOIDS : K_VOIDS + n] = k.voids
    return row


@kernel
def _void(know: Ints, seat: int, suit: int) -> bool:
    return bool((know[K_VOIDS + seat] >> suit) & 1 != 0)


@kernel
def _greedy(know: Ints, need: Ints, cards: Ints, m: int, state: State, hands: Ints) -> bool:
    """One greedy pass of `sample_hands` into `hands`; False at a card no seat has room for."""
    n = know[K_PLAYERS]
    room = need.copy()
    for p in range(n):
        hands[p] = know[K_KNOWN + p]
    for i in range(m):
        c = cards[i]
        suit = c // 13
        total = 0
        for p in range(n):
            if room[p] > 0 and not _void(know, p, suit):
                total += room[p]
        if total == 0:
            return False
        x = below(state, total)
        chosen = -1
        for p in range(n):
            if room[p] > 0 and not _void(know, p, suit):
                chosen = p
                x -= room[p]
                if x < 0:
                    break
        room[chosen] -= 1
        hands[chosen] |= 1 << c
    return True


@kernel
def _feasible(know: Ints, room: Ints, suit_counts: Ints, order: Ints, start: int) -> bool:
    """`_fill_counts.feasible`: the suits from `order[start]` on can fill every seat's room."""
    n = know[K_PLAYERS]
    left = 0
    for j in range(start, 4):
        left += suit_counts[order[j]]
    total = 0
    for p in range(n):
        total += room[p]
    if total != left:
        return False
    for p in range(n):
        can = 0
        for j in range(start, 4):
            if not _void(know, p, order[j]):
                can += suit_counts[order[j]]
        if room[p] > can:
            return False
    return True


@kernel
def _enter(know: Ints, room: Ints, suit: int, cards_in_suit: int, state: State, seats: Ints,
           splits: Ints, index: Ints) -> int:
    """Level entry of `_fill_counts.place`: the seats with room that may hold `suit`, every way
    to share its cards among them (in `_splits` order: lexicographic), shuffled. Returns how many
    ways; `index` holds their shuffled order, `seats[-1]` the number of seats."""
    n = know[K_PLAYERS]
    k = 0
    for p in range(n):
        if room[p] != 0 and not _void(know, p, suit):
            seats[k] = p
            k += 1
    seats[4] = k
    caps = np.zeros(4, dtype=np.int64)
    for j in range(k):
        caps[j] = min(room[seats[j]], cards_in_suit)
        if caps[j] < 0:
            return 0
    count = 0
    digits = np.zeros(4, dtype=np.int64)
    while True:  # an odometer over the shares, the last seat fastest; keep those that add up
        total = 0
        for j in range(k):
            total += digits[j]
        if total == cards_in_suit:
            for j in range(k):
                splits[count, j] = digits[j]
            count += 1
        j = k - 1
        while j >= 0 and digits[j] == caps[j]:
            digits[j] = 0
            j -= 1
        if j < 0:
            break
        digits[j] += 1
    for i in range(count):
        index[i] = i
    shuffle(state, index, count)
    return count


@kernel
def _fill_counts(know: Ints, need: Ints, order: Ints, state: State, table: Ints) -> bool:
    """`sampling._fill_counts`: how many unseen cards of each suit each seat gets (`table[suit,
    seat]`), by depth-first search over the suits in `order`; False if no share fits."""
    n = know[K_PLAYERS]
    suit_counts = np.zeros(4, dtype=np.int64)
    for s in range(4):
        suit_counts[s] = popcount(know[K_UNSEEN] & (_SUIT << (13 * s)))
    if not _feasible(know, need, suit_counts, order, 0):
        return False
    room = need.copy()
    seats = np.zeros((4, 5), dtype=np.int64)
    splits = np.zeros((4, _MAX_SPLITS, 4), dtype=np.int64)
    index = np.zeros((4, _MAX_SPLITS), dtype=np.int64)
    count = np.zeros(4, dtype=np.int64)
    pos = np.zeros(4, dtype=np.int64)
    level = 0
    count[0] = _enter(know, room, order[0], suit_counts[order[0]], state, seats[0], splits[0],
                      index[0])
    while True:
        s = order[level]
        if pos[level] >= count[level]:  # every share of this suit failed: back up one suit
            if level == 0:
                return False
            level -= 1
            s = order[level]
            split = splits[level, index[level, pos[level]]]
            for j in range(seats[level, 4]):
                table[s, seats[level, j]] = 0
                room[seats[level, j]] += split[j]
            pos[level] += 1
            continue
        split = splits[level, index[level, pos[level]]]
        for j in range(seats[level, 4]):
            table[s, seats[level, j]] = split[j]
            room[seats[level, j]] -= split[j]
        if _feasible(know, room, suit_counts, order, level + 1):
            if level == 3:
                done = True
                for p in range(n):
                    if room[p] != 0:
                        done = False
                if done:
                    return True
            else:
                level += 1
                pos[level] = 0
                count[level] = _enter(know, room, order[level], suit_counts[order[level]], state,
                                      seats[level], splits[level], index[level])
                continue
        for j in range(seats[level, 4]):
            table[s, seats[level, j]] = 0
            room[seats[level, j]] += split[j]
        pos[level] += 1


@kernel
def sample_hands(know: Ints, state: State, hands: Ints, retries: int) -> bool:
    """`sampling.sample_hands` into `hands` (one mask per seat, the known cards included);
    False where the Python sampler raises ValueError (no deal fits the knowledge). `retries` is
    `RETRIES` but for the test that holds the exact search to Python's (with 0, every world)."""
    n = know[K_PLAYERS]
    need = np.zeros(n, dtype=np.int64)
    for p in range(n):
        need[p] = know[K_COUNTS + p] - popcount(know[K_KNOWN + p])
    shuffled = np.zeros(52, dtype=np.int64)
    m = 0
    rest = know[K_UNSEEN]
    while rest:
        shuffled[m] = lowest(rest)
        rest &= rest - 1
        m += 1
    shuffle(state, shuffled, m)
    allowed = np.zeros(4, dtype=np.int64)  # seats that may receive each suit
    for s in range(4):
        for p in range(n):
            if need[p] > 0 and not _void(know, p, s):
                allowed[s] += 1
    cards = np.zeros(52, dtype=np.int64)  # stable sort by that number (Python's sort is stable)
    i = 0
    for key in range(n + 1):
        for j in range(m):
            if allowed[shuffled[j] // 13] == key:
                cards[i] = shuffled[j]
                i += 1
    for _ in range(retries):
        if _greedy(know, need, cards, m, state, hands):
            return True
    order = np.arange(4, dtype=np.int64)  # sampling.rng_order
    shuffle(state, order, 4)
    table = np.zeros((4, n), dtype=np.int64)
    if not _fill_counts(know, need, order, state, table):
        return False
    for p in range(n):
        hands[p] = know[K_KNOWN + p]
    suit_cards = np.zeros(13, dtype=np.int64)
    for s in range(4):
        k = 0
        rest = know[K_UNSEEN] & (_SUIT << (13 * s))
        while rest:
            suit_cards[k] = lowest(rest)
            rest &= rest - 1
            k += 1
        shuffle(state, suit_cards, k)
        i = 0
        for p in range(n):
            for j in range(i, i + table[s, p]):
                hands[p] |= 1 << suit_cards[j]
            i += table[s, p]
    return True


@kernel
def sample_worlds(know: Ints, state: State, count: int, retries: int) -> Ints:
    """`count` worlds in a row from one stream: shape (count, players). A world no deal fits
    (which the Python sampler refuses with ValueError) is a row of -1."""
    n = know[K_PLAYERS]
    out = np.empty((count, n), dtype=np.int64)
    for w in range(count):
        if not sample_hands(know, state, out[w], retries):
            out[w, :] = -1
    return out
