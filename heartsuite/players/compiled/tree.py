"""The search of the seat's later decisions, and of the other seats' (issue 24 §2): a
single-observer information-set tree, compiled.

The search before this (`hard-v1`, and `SearchConfig.tree = 0`) values a candidate by one more
decision of the seat's and plays the rest of the round with the heuristic for every seat: the
opponents are assumed to play the heuristic's card, which against players that search (who duck,
keep a heart to stop a moon, hold the queen back) makes plans look better than they are. Here
each candidate gets `rounds` descents in every world of the posterior. A descent plays the
candidate, then walks the round: each decision with a choice, the seat's or (with
`adversarial`) another seat's, is a node of one tree keyed by every card the seat has seen since
the root (the same key in two worlds: the seat cannot tell them apart), and its card is chosen by
UCB1 over the node's statistics, which every world reaching the node shares; a node met for the
first time plays the heuristic's card and ends the tree part, the heuristic playing the rest. The
seat's nodes count its value (the game's value of the outcome, below); another seat's count that
seat's own lead (`_seat_leads`), so the tree's opponents learn the replies that are good for
them, as in a single-observer ISMCTS (`players.ismcts`), over the cards they hold in each world.
The seat's cards are searched one per run of cards that play alike as it sees them (no unseen
card between them); the opponents' every legal card. A candidate's value in a world is the mean
of its descents there, so every candidate meets the same worlds and the race (`search.survivors`)
works as before.

The value of an outcome (`values.OutcomeValues`: the moon rule, the game's end) is computed in
Python: the kernel reads it from a table keyed by the outcome (`outcome_code`), and when it meets
an outcome the table lacks, it stops before recording anything of that descent and returns, the
caller adds the value and calls again (the same descent then repeats exactly: nothing changed).

Arrays (`Tree`, one per process, cleared per move): `keys`/`slots`, an open-addressing table from
a node's key to its row; per row `visits` and `sums` per card, `total`; `vkeys`/`vvals`, the
outcome values.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from heartsuite.players.compiled.jit import kernel
from heartsuite.players.compiled.layout import (
    F_DECK,
    F_PLAYERS,
    F_REVERSE,
    F_SCORING,
    F_TOTAL_POINTS,
    S_DONE,
    S_HANDS,
    S_IN_TRICK,
    S_PLAYED,
    S_TAKEN,
    S_TRICK_MASK,
    S_TURN,
    Ints,
)
from heartsuite.players.compiled.play import legal_mask, play_card, play_out
from heartsuite.players.compiled.policy import choose
from heartsuite.players.compiled.reply import _outcome, _run_heads

Floats = npt.NDArray[np.float64]

TABLE_BITS = 15  # node table: 32,768 slots
MAX_NODES = 1 << (TABLE_BITS - 1)  # at most half full
VALUE_BITS = 14  # outcome-value table: 16,384 slots, at most 8,192 distinct outcomes
MAX_DEPTH = 52
MISSING = -1  # `descend`'s status when an outcome has no value yet


@kernel
def _mix(h: int, card: int) -> int:
    """The key after one more card seen (wrapping 64-bit arithmetic); never 0."""
    h = (h ^ (card + 1)) * 0x100000001B3
    h ^= h >> 29
    return h | 1


@kernel
def outcome_code(facts: Ints, st: Ints, points: Ints) -> int:
    """The outcome of a settled round as one integer: each seat's points (offset by 64, 8 bits
    each) and the seat that took every penalty card plus one (0: nobody). `points` receives
    the points per seat (`reply._outcome`)."""
    shooter = _outcome(facts, st, points)
    code = 0
    for p in range(facts[F_PLAYERS]):
        code = code * 256 + points[p] + 64
    return (code * 8 + shooter + 1) * 2 + 1


@kernel
def _value_slot(vkeys: Ints, code: int) -> int:
    """The slot of `code` in the value table, or the empty slot where it would go."""
    mask: int = vkeys.shape[0] - 1
    i: int = (code ^ (code >> 17)) * 0x9E3779B1 & mask
    while vkeys[i] != 0 and vkeys[i] != code:
        i = (i + 1) & mask
    return i


@kernel
def set_value(vkeys: Ints, vvals: Floats, code: int, value: float) -> None:
    """Record the value of one outcome."""
    i = _value_slot(vkeys, code)
    vkeys[i] = code
    vvals[i] = value


@kernel
def _node(keys: Ints, slots: Ints, counts: Ints, h: int) -> int:
    """The row of the node with key `h`, a new row if it has none (counts[0] rows in use), or
    -1 when the table is full."""
    mask = keys.shape[0] - 1
    i = (h ^ (h >> 31)) & mask
    while keys[i] != 0:
        if keys[i] == h:
            found: int = slots[i]
            return found
        i = (i + 1) & mask
    if counts[0] >= MAX_NODES:
        return -1
    row: int = counts[0]
    keys[i] = h
    slots[i] = row
    counts[0] = row + 1
    return row


@kernel
def _settled(facts: Ints, st: Ints) -> bool:
    """Whether the trick just ended took the last card that scores."""
    if st[S_IN_TRICK] != 0:
        return False
    taken = 0
    for p in range(facts[F_PLAYERS]):
        taken |= st[S_TAKEN + p]
    scoring: int = facts[F_SCORING]
    return bool(taken & scoring == scoring)


@kernel
def _seat_leads(facts: Ints, points: Ints, shooter: int, leads: Floats) -> None:
    """Each seat's lead over the others' mean in a settled round with these points and shooter
    (-1: none), after the old moon rule (the shooter scores 0 and the others the round's total):
    the value the opponents are modelled to play for, whatever the table's own moon rule and
    game state."""
    n = facts[F_PLAYERS]
    for p in range(n):
        leads[p] = points[p]
        if shooter >= 0:
            leads[p] = 0.0 if p == shooter else facts[F_TOTAL_POINTS]
    whole = 0.0
    for p in range(n):
        whole += leads[p]
    for p in range(n):
        leads[p] = (whole - leads[p]) / (n - 1) - leads[p]
        if facts[F_REVERSE] != 0:
            leads[p] = -leads[p]


@kernel
def descend(facts: Ints, position: Ints, seat: int, candidates: Ints, hands: Ints, rounds: int,
            explore: float, searched: int, keys: Ints, slots: Ints, counts: Ints,
            visits: Ints, sums: Floats, total: Ints, vkeys: Ints, vvals: Floats, start: int,
            values: Floats, pending: Ints) -> int:
    """`rounds` descents for each candidate in the world `hands` (candidate i's r-th descent is
    number r * len(candidates) + i), from number `start` on; each one's value goes to
    values[i, r] and is backed up along its path. Returns the number of descents done in all
    (`rounds` × the candidates), or MISSING if a descent ends in an outcome the value table
    lacks: its code is then in pending[0], nothing of that descent is recorded, and the next
    descent to make is in pending[1].

    `searched`: the mask of the other seats whose decisions are in the tree too, as in a
    single-observer ISMCTS (`players.ismcts`): a node per what the seat has seen, the opponent's
    card by UCB1 over the cards it holds in the world, for its own lead (`_seat_leads`); its
    first visit plays the heuristic's card. The others play the heuristic throughout."""
    n = facts[F_PLAYERS]
    deck = facts[F_DECK]
    k = candidates.shape[0]
    st = position.copy()
    heads = np.full(52, -1, dtype=np.int64)
    path_rows = np.zeros(MAX_DEPTH, dtype=np.int64)
    path_cards = np.zeros(MAX_DEPTH, dtype=np.int64)
    path_who = np.zeros(MAX_DEPTH, dtype=np.int64)
    leads = np.zeros(4, dtype=np.float64)
    points = np.zeros(4, dtype=np.int64)
    for p in range(n):
        position[S_HANDS + p] = hands[p]  # the world goes into the caller's row too
    for number in range(start, rounds * k):
        i = number % k
        st[:] = position
        cand = candidates[i]
        play_card(facts, st, cand)
        h = _mix(0x5DEECE66D, cand)
        depth = 0
        in_tree = True
        while st[S_DONE] == 0 and not _settled(facts, st):
            mover = st[S_TURN]
            legal = legal_mask(facts, st)
            own = choose(facts, st, legal)
            if not legal & (legal - 1) or (mover != seat and not (searched >> mover) & 1):
                play_card(facts, st, own)  # forced, or the heuristic's: the key sees it
                h = _mix(h, own)
                continue
            if not in_tree or depth == MAX_DEPTH:
                play_out(facts, st)
                break
            row = _node(keys, slots, counts, _mix(h, 64 + mover))
            if row < 0:
                play_out(facts, st)
                break
            if mover == seat:
                # the runs that play alike as the seat sees it: nothing unseen between them
                hand = st[S_HANDS + seat]
                clear = hand | (st[S_PLAYED] & ~st[S_TRICK_MASK])
                _run_heads(facts, legal, deck & ~clear, heads)
            else:
                for c in range(52):
                    heads[c] = c if (legal >> c) & 1 else -1
            prior = heads[own]
            fresh = total[row] == 0  # new, or met only by a descent not recorded (MISSING)
            card = prior
            if fresh:
                in_tree = False
            elif visits[row, prior] != 0:
                best = -1e300
                log_n = np.log(total[row] + 1.0)
                for c in range(52):
                    if heads[c] != c:
                        continue
                    v = visits[row, c]
                    if v == 0:
                        card = c
                        break
                    score = sums[row, c] / v + explore * np.sqrt(log_n / v)
                    if score > best:
                        best = score
                        card = c
            path_rows[depth] = row
            path_cards[depth] = card
            path_who[depth] = mover
            depth += 1
            play_card(facts, st, own if card == prior else card)
            h = _mix(h, card)
        code = outcome_code(facts, st, points)
        slot = _value_slot(vkeys, code)
        if vkeys[slot] == 0:
            pending[0] = code
            pending[1] = number
            return MISSING
        v = vvals[slot]
        values[i, number // k] = v
        if searched:
            _seat_leads(facts, points, (code >> 1 & 7) - 1, leads)
        for d in range(depth):
            row = path_rows[d]
            who = path_who[d]
            value = v if who == seat else leads[who]
            visits[row, path_cards[d]] += 1
            sums[row, path_cards[d]] += value
            total[row] += 1
    every: int = rounds * k
    return every


def decode_outcome(code: int, players: int) -> tuple[list[int], int]:
    """The points per seat and the shooter (-1: nobody) of `outcome_code`'s integer."""
    code >>= 1
    shooter = (code & 7) - 1
    code >>= 3
    points = []
    for _ in range(players):
        points.append((code & 255) - 64)
        code >>= 8
    return points[::-1], shooter


class Tree:
    """The arrays of one seat's information tree, allocated once and cleared per move."""

    def __init__(self) -> None:
        self.keys = np.zeros(1 << TABLE_BITS, dtype=np.int64)
        self.slots = np.zeros(1 << TABLE_BITS, dtype=np.int64)
        self.counts = np.zeros(2, dtype=np.int64)
        self.visits = np.zeros((MAX_NODES, 52), dtype=np.int64)
        self.sums = np.zeros((MAX_NODES, 52), dtype=np.float64)
        self.total = np.zeros(MAX_NODES, dtype=np.int64)
        self.vkeys = np.zeros(1 << VALUE_BITS, dtype=np.int64)
        self.vvals = np.zeros(1 << VALUE_BITS, dtype=np.float64)
        self.pending = np.zeros(2, dtype=np.int64)
        self.known = 0  # outcomes in the value table

    def clear(self, values_too: bool) -> None:
        """Forget every node (and the outcome values, whose meaning changes with the seat's
        situation in the game)."""
        used = int(self.counts[0])
        self.keys[:] = 0
        self.visits[:used] = 0
        self.sums[:used] = 0.0
        self.total[:used] = 0
        self.counts[:] = 0
        if values_too or self.known > (1 << (VALUE_BITS - 1)):
            self.vkeys[:] = 0
            self.known = 0
