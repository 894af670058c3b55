"""The iterations of the `ismcts` sparring partner compiled: the same tree from the same draws.

`players.ismcts.ismcts_play` with a fixed number of iterations spends nearly all its time in
four loops of Python: the uniform deal (by rejection, or exactly by counting), the walk down the
tree and the heuristic play-out. `iterate` runs them here on the arrays of `layout`, drawing
from the project's generator in the same order, so a seed gives the same tree, the same card
and the same generator state after it (`tests/test_hearts_compiled_ismcts.py` holds the two to
that in every variant).
The Python function stays the reference, and the timed partner of the goal matches keeps it.

The tree is four arrays indexed by node (node 0 the root): `child[node, card]` (-1 while the
card has no node), `visits`, `reward` and `avail` (SO-ISMCTS's availability count). A deal that
rejection cannot find in `REJECTION_TRIES` shuffles is drawn exactly instead, by counting the
deals suit by suit as `UniformDealer.exact` does (every count of a Hearts deal fits in 63 bits:
at most 39! / 13!^3). The counts are a table filled bottom-up, not a recursion: numba's cache
does not reload recursive kernels safely. A round's values come from `moon_table` (the scores of
each possible moon, worked out in Python with the moon rules and the game's totals) and the
points taken; everything else the values need is in `shape`.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from heartsuite.players.compiled.jit import kernel, lowest
from heartsuite.players.compiled.layout import (
    F_JACK,
    F_PLAYERS,
    S_DONE,
    S_HANDS,
    S_IN_TRICK,
    S_POINTS,
    S_TAKEN,
    S_TURN,
    Ints,
)
from heartsuite.players.compiled.play import legal_mask, play_card, play_out, points_settled
from heartsuite.players.compiled.reply import outcome
from heartsuite.players.compiled.rng import State, below, shuffle

REJECTION_TRIES = 8  # shuffles before the exact draw (`players.ismcts.UniformDealer`)
DONE = 0
NO_DEAL = 1

# `shape`, the values' settings: whether a moon counts (the rules have one, and penalty cards),
# partnership, reverse, and the bound that scales a score to [0, 1].
H_MOON = 0
H_PARTNERSHIP = 1
H_REVERSE = 2
H_BOUND = 3

Floats = npt.NDArray[np.float64]


@kernel
def _over(facts: Ints, st: Ints) -> bool:
    """`r.phase == DONE or (not r.trick and r.points_settled())`: the walk stops."""
    return st[S_DONE] != 0 or (st[S_IN_TRICK] == 0 and points_settled(facts, st))


@kernel
def _deal(need: Ints, known: Ints, voids: Ints, cards: Ints, state: State, hands: Ints) -> bool:
    """`UniformDealer.deal`'s rejection: False when every try met a void."""
    n = need.shape[0]
    m = cards.shape[0]
    for _ in range(REJECTION_TRIES):
        shuffle(state, cards, m)
        i = 0
        ok = True
        for p in range(n):
            hands[p] = known[p]
        for p in range(n):
            void = voids[p]
            for j in range(i, i + need[p]):
                c = cards[j]
                if (void >> (c // 13)) & 1:
                    ok = False
                    break
                hands[p] |= 1 << c
            if not ok:
                break
            i += need[p]
        if ok:
            return True
    return False


@kernel
def _next_split(x: Ints, n: int, count: int, caps: Ints) -> bool:
    """Advance `x[:n-1]` to the next way, in `UniformDealer._enumerate`'s order (the first seat's
    share slowest, each share ascending), to give the seats but the last their cards of a suit
    of `count` cards; False after the last. The last seat takes the rest (checked by the caller)."""
    p = n - 2
    while p >= 0:
        left = count
        for q in range(p):
            left -= x[q]
        if x[p] < min(left, caps[p]):
            x[p] += 1
            return True
        x[p] = 0
        p -= 1
    return False


@kernel
def _split_weight(x: Ints, n: int, count: int, caps: Ints, pascal: Ints) -> int:
    """The card assignments of the split `x` (the last seat's share completing it), or 0 if the
    last seat cannot take the rest."""
    left = count
    weight = 1
    for p in range(n - 1):
        weight *= pascal[left, x[p]]
        left -= x[p]
    if left > caps[n - 1]:
        return 0
    x[n - 1] = left
    return weight


@kernel
def _ways(s: int, room: Ints, n: int, strides: Ints, memo: Ints) -> int:
    """`UniformDealer.ways`: the deals of the unseen cards of suits s.. that fill `room`
    (`memo` as `_count` left it)."""
    if s == 4:
        for p in range(n):
            if room[p] != 0:
                return 0
        return 1
    key = 0
    for p in range(n):
        key += room[p] * strides[p]
    got: int = memo[s, key]
    return got


@kernel
def _count(need: Ints, voids: Ints, suit_counts: Ints, strides: Ints, memo: Ints,
           pascal: Ints) -> None:
    """Fill `memo[s, room]` with the deals of suits s.. into `room`, for every room the exact
    draw can meet (each seat's room at most its need, the rooms adding up to the cards of suits
    s..), last suit first, so that each suit reads the next one's counts."""
    n = need.shape[0]
    room = np.empty(n, dtype=np.int64)
    caps = np.empty(n, dtype=np.int64)
    x = np.zeros(n, dtype=np.int64)
    after = np.empty(n, dtype=np.int64)
    left = 0
    for s in range(3, -1, -1):
        left += suit_counts[s]
        count = suit_counts[s]
        for key in range(memo.shape[1]):
            size = 0
            for p in range(n):
                room[p] = (key // strides[p]) % (need[p] + 1)
                size += room[p]
            if size != left:
                continue
            for p in range(n):
                caps[p] = 0 if (voids[p] >> s) & 1 else room[p]
                x[p] = 0
            total = 0
            while True:
                weight = _split_weight(x, n, count, caps, pascal)
                if weight:
                    for p in range(n):
                        after[p] = room[p] - x[p]
                    total += weight * _ways(s + 1, after, n, strides, memo)
                if not _next_split(x, n, count, caps):
                    break
            memo[s, key] = total


@kernel
def _exact(need: Ints, known: Ints, voids: Ints, suit_cards: Ints, suit_counts: Ints,
           strides: Ints, memo: Ints, pascal: Ints, state: State, hands: Ints) -> bool:
    """`UniformDealer.exact`: a deal drawn uniformly by counting; False if none fits. The
    counts must fit in 63 bits (every Hearts deal does: at most 39! / 13!^3)."""
    n = need.shape[0]
    room = need.copy()
    if _ways(0, room, n, strides, memo) < 0:
        _count(need, voids, suit_counts, strides, memo, pascal)
    if _ways(0, room, n, strides, memo) == 0:
        return False
    for p in range(n):
        hands[p] = known[p]
    caps = np.empty(n, dtype=np.int64)
    x = np.zeros(n, dtype=np.int64)
    after = np.empty(n, dtype=np.int64)
    cards = np.empty(13, dtype=np.int64)
    for s in range(4):
        draw = below(state, _ways(s, room, n, strides, memo))
        for p in range(n):
            caps[p] = 0 if (voids[p] >> s) & 1 else room[p]
            x[p] = 0
        count = suit_counts[s]
        while True:
            weight = _split_weight(x, n, count, caps, pascal)
            if weight:
                for p in range(n):
                    after[p] = room[p] - x[p]
                draw -= weight * _ways(s + 1, after, n, strides, memo)
                if draw < 0:
                    break
            if not _next_split(x, n, count, caps):
                break
        for j in range(count):
            cards[j] = suit_cards[s, j]
        shuffle(state, cards, count)
        i = 0
        for p in range(n):
            for j in range(i, i + x[p]):
                hands[p] |= 1 << cards[j]
            i += x[p]
            room[p] -= x[p]
    return True


@kernel
def deal(need: Ints, known: Ints, voids: Ints, cards: Ints, suit_cards: Ints,
         suit_counts: Ints, strides: Ints, memo: Ints, pascal: Ints, state: State,
         hands: Ints) -> bool:
    """`UniformDealer.deal`: by rejection, else exactly; False if no deal fits."""
    if _deal(need, known, voids, cards, state, hands):
        return True
    found: bool = _exact(need, known, voids, suit_cards, suit_counts, strides, memo, pascal,
                         state, hands)
    return found


@kernel
def exact_deal(need: Ints, known: Ints, voids: Ints, suit_cards: Ints, suit_counts: Ints,
               strides: Ints, memo: Ints, pascal: Ints, state: State, hands: Ints) -> bool:
    """`UniformDealer.exact` alone (for the differential test); False if no deal fits."""
    found: bool = _exact(need, known, voids, suit_cards, suit_counts, strides, memo, pascal,
                         state, hands)
    return found


@kernel
def _values(facts: Ints, st: Ints, moon_table: Ints, shape: Floats, out: Floats) -> None:
    """`players.ismcts.seat_values` of a round whose points are settled."""
    n = facts[F_PLAYERS]
    scores = np.empty(n, dtype=np.int64)
    shooter = outcome(facts, st, scores) if shape[H_MOON] != 0.0 else -1
    if shooter >= 0:
        holder = 0
        jack = facts[F_JACK]
        if jack != 0:
            for s in range(n):
                if st[S_TAKEN + s] & jack:
                    holder = s
        for s in range(n):
            scores[s] = moon_table[shooter * n + holder, s]
    elif shape[H_MOON] == 0.0:
        for s in range(n):
            scores[s] = st[S_POINTS + s]
    bound = shape[H_BOUND]
    for s in range(n):
        own = scores[s]
        if shape[H_PARTNERSHIP] != 0.0:
            own += scores[(s + 2) % n]
        v = 0.5 - own / (2 * bound)
        if shape[H_REVERSE] != 0.0:
            v = 1.0 - v
        out[s] = min(1.0, max(0.0, v))


@kernel
def iterate(facts: Ints, row: Ints, need: Ints, known: Ints, voids: Ints, cards: Ints,
            suit_cards: Ints, suit_counts: Ints, strides: Ints, memo: Ints, pascal: Ints,
            state: State, pending: Ints, child: Ints, visits: Ints, reward: Floats, avail: Ints,
            counts: Ints, moon_table: Ints, shape: Floats, exploration: float,
            iterations: int) -> int:
    """Run iterations until `counts[1]` reaches `iterations` (`DONE`), or return `NO_DEAL` at
    a deal that no deal fits (the caller's dealer says why). `counts[0]` is the number of nodes;
    `pending[n] != 0` says that `pending[:n]` is the next iteration's deal. `cards` is the
    dealer's shuffled list, kept between deals as Python keeps it; `memo` the exact dealer's
    counts (-1 until counted)."""
    n = facts[F_PLAYERS]
    hands = np.empty(n, dtype=np.int64)
    values = np.empty(n, dtype=np.float64)
    moves = np.empty(52, dtype=np.int64)
    path_node = np.empty(64, dtype=np.int64)
    path_mover = np.empty(64, dtype=np.int64)
    st = np.empty_like(row)
    while counts[1] < iterations:
        if pending[n] != 0:
            for p in range(n):
                hands[p] = pending[p]
            pending[n] = 0
        elif not deal(need, known, voids, cards, suit_cards, suit_counts, strides, memo,
                      pascal, state, hands):
            return NO_DEAL
        st[:] = row
        for p in range(n):
            st[S_HANDS + p] = hands[p]
        node = 0
        depth = 0
        while not _over(facts, st):
            mover = st[S_TURN]
            legal = legal_mask(facts, st)
            k = 0
            untried = 0
            while legal:
                c = lowest(legal)
                legal &= legal - 1
                moves[k] = c
                k += 1
                if child[node, c] < 0:
                    untried += 1
            if untried:
                pick = below(state, untried)
                card = -1
                for i in range(k):
                    if child[node, moves[i]] < 0:
                        if pick == 0:
                            card = moves[i]
                            break
                        pick -= 1
                fresh = counts[0]
                counts[0] += 1
                child[node, card] = fresh
                visits[fresh] = 0
                reward[fresh] = 0.0
                avail[fresh] = 0
                for i in range(k):
                    if child[node, moves[i]] >= 0:
                        avail[child[node, moves[i]]] += 1
                play_card(facts, st, card)
                path_node[depth] = fresh
                path_mover[depth] = mover
                depth += 1
                break
            best_score = -1.0
            best = moves[0]
            for i in range(k):
                ch = child[node, moves[i]]
                avail[ch] += 1
                score = (reward[ch] / visits[ch]
                         + exploration * math.sqrt(math.log(avail[ch]) / visits[ch]))
                if score > best_score:
                    best_score = score
                    best = moves[i]
            node = child[node, best]
            play_card(facts, st, best)
            path_node[depth] = node
            path_mover[depth] = mover
            depth += 1
        if not _over(facts, st):
            play_out(facts, st)
        _values(facts, st, moon_table, shape, values)
        visits[0] += 1
        for d in range(depth):
            visits[path_node[d]] += 1
            reward[path_node[d]] += values[path_mover[d]]
        counts[1] += 1
    return DONE
