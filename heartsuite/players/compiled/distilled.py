"""The distilled play-out policy, compiled: a small network that scores each legal card from
what the seat to play knows, trained on the search's own cards (`players/distilled.py` has the
why, the weights and the numpy reference the tests hold this module to).

`card_features` writes one row per legal card (lowest card first); `distilled_choose` plays the
best-scored card; `own_play_out` is `play.play_out` with the distilled policy at one seat and
the heuristic at the others. The weights come in as arrays (`w1` already divided by the feature
scales, `b1` shifted by their means), so the kernels cache on disk like the others and a new
weights file needs no recompile.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from heartsuite.hearts.cards import QUEEN_SPADES, SPADES
from heartsuite.players.compiled.jit import kernel, lowest, popcount
from heartsuite.players.compiled.layout import (
    F_DECK,
    F_PENALTY,
    F_PLAYERS,
    F_PTS,
    S_BROKEN,
    S_DONE,
    S_HANDS,
    S_IN_TRICK,
    S_LED,
    S_PLAYED,
    S_POINTS,
    S_TAKEN,
    S_TRICK_NO,
    S_TRICK_PTS,
    S_TURN,
    S_VOIDS,
    S_WIN_RANK,
    Ints,
)
from heartsuite.players.compiled.play import legal_mask, play_card, points_settled
from heartsuite.players.compiled.policy import choose

Floats = npt.NDArray[np.float64]

FEATURES = 33  # the columns `card_features` writes (docs: `players/distilled.py`)
_SUIT = (1 << 13) - 1
_QS_BIT = 1 << QUEEN_SPADES
_KING_SPADES_RANK = 11


@kernel
def card_features(facts: Ints, st: Ints, legal: int, heuristic: int, out: Floats) -> int:
    """One row of `out` per legal card of the seat to play, lowest card first (`out` needs a
    row per card the seat holds); the number of rows. `heuristic` is the heuristic player's
    card there (a feature: the network learns when the search leaves it)."""
    n = facts[F_PLAYERS]
    seat = st[S_TURN]
    hand = st[S_HANDS + seat]
    hidden = facts[F_DECK] & ~hand & ~st[S_PLAYED]
    in_trick = st[S_IN_TRICK]
    led = st[S_LED]
    following = in_trick > 0 and hand & (_SUIT << (13 * led)) != 0
    penalty = facts[F_PENALTY]
    takers = 0
    taken_any = 0
    max_other = 0
    for s in range(n):
        if s != seat and st[S_POINTS + s] > max_other:
            max_other = st[S_POINTS + s]
        if st[S_TAKEN + s] & penalty:
            takers += 1
            taken_any = 1
    alone = takers == 1 and st[S_TAKEN + seat] & penalty != 0
    other_alone = takers == 1 and not alone
    choices = popcount(legal)
    k = 0
    rest = legal
    while rest:
        c = lowest(rest)
        rest ^= 1 << c
        suit = c // 13
        rank = c - 13 * suit
        in_suit = _SUIT << (13 * suit)
        below = ((1 << c) - 1) & in_suit
        above = in_suit & ~((2 << c) - 1)
        f = out[k]
        f[0] = 1.0 if in_trick == 0 else 0.0
        f[1] = 1.0 if following else 0.0
        f[2] = 1.0 if in_trick > 0 and not following else 0.0
        f[3] = in_trick / 3.0
        f[4] = 1.0 if in_trick == n - 1 else 0.0
        f[5] = min(st[S_TRICK_PTS], 26) / 13.0 if in_trick > 0 else 0.0  # kept after a trick
        f[6] = st[S_TRICK_NO] / 12.0
        f[7] = 1.0 if st[S_BROKEN] != 0 else 0.0
        f[8] = 1.0 if hidden & _QS_BIT else 0.0
        f[9] = 1.0 if hand & _QS_BIT else 0.0
        f[10] = st[S_POINTS + seat] / 26.0
        f[11] = max_other / 26.0
        f[12] = 1.0 if other_alone else 0.0
        f[13] = 1.0 if alone else 0.0
        f[14] = 1.0 - taken_any
        f[15] = choices / 13.0
        f[16] = 1.0 if c == heuristic else 0.0
        f[17] = rank / 12.0
        for j in range(4):
            f[18 + j] = 1.0 if suit == j else 0.0
        f[22] = 1.0 if c == QUEEN_SPADES else 0.0
        f[23] = facts[F_PTS + c] / 13.0
        f[24] = 1.0 if following and rank > st[S_WIN_RANK] else 0.0
        f[25] = popcount(hand & in_suit) / 13.0
        f[26] = popcount(hidden & in_suit) / 13.0
        f[27] = popcount(hidden & below) / 13.0
        f[28] = popcount(hidden & above) / 13.0
        f[29] = popcount(hand & below) / 13.0
        f[30] = popcount(hand & above) / 13.0
        voids = 0
        for s in range(n):
            if s != seat and st[S_VOIDS + s] & (1 << suit):
                voids += 1
        f[31] = voids / 3.0
        f[32] = 1.0 if suit == SPADES and rank >= _KING_SPADES_RANK else 0.0
        k += 1
    return k


@kernel
def distilled_choose(facts: Ints, st: Ints, legal: int, w1: Floats, b1: Floats, w2: Floats,
                     rows: Floats) -> int:
    """The legal card with the best score (the lowest card on a tie); `rows` is scratch space
    of a row per card the seat may hold (52 × FEATURES will do)."""
    if not legal & (legal - 1):
        return lowest(legal)  # a forced card: no heuristic, no network
    heuristic = choose(facts, st, legal)
    k = card_features(facts, st, legal, heuristic, rows)
    hidden_units = w2.shape[0]
    best, best_score = -1, -np.inf
    rest = legal
    for i in range(k):
        c = lowest(rest)
        rest ^= 1 << c
        score = 0.0
        for h in range(hidden_units):
            a = b1[h]
            for j in range(FEATURES):
                a += rows[i, j] * w1[j, h]
            if a > 0.0:
                score += a * w2[h]
        if score > best_score:
            best, best_score = c, score
    return best


@kernel
def own_play_out(facts: Ints, st: Ints, seat: int, w1: Floats, b1: Floats, w2: Floats,
                 rows: Floats) -> None:
    """`play.play_out` in place, with `seat`'s cards chosen by `distilled_choose`."""
    if st[S_DONE] != 0:
        return
    while True:
        legal = legal_mask(facts, st)
        if st[S_TURN] == seat:
            card = distilled_choose(facts, st, legal, w1, b1, w2, rows)
        else:
            card = choose(facts, st, legal)
        play_card(facts, st, card)
        if st[S_IN_TRICK] != 0:
            continue
        if st[S_DONE] != 0 or points_settled(facts, st):
            return
