"""How a rule set and a position sit in the int64 arrays the compiled kernels read.

A kernel cannot read a `Rules` or a `Round`, so both are flattened once: `rules_facts(rules)` is
the numbers of the rules the play and the policy use (`F_*` slots, then the 52 card points from
`F_PTS`); `encode_round(round)` is one position (`S_*` slots: per-seat hands, cards taken, points
and voids, then the fields of the trick in progress). A batch of positions is a 2-D array with one
position per row. Masks are Python's card masks (bit `suit * 13 + rank`) in int64.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from heartsuite.hearts.phase import DONE, PLAY
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules, deck_mask
from heartsuite.players.heuristic import jack_of

Ints = npt.NDArray[np.int64]

# The rules (`rules_facts`).
F_DECK = 0
F_PENALTY = 1
F_PLAYERS = 2
F_QUEEN_POINTS = 3
F_HIGH_SPADE_POINTS = 4  # K♠ or A♠ score (Black Maria)
F_REVERSE = 5
F_PARTNERSHIP = 6
F_MOON_SHARE = 7  # ten times a moon threat's points reach this: 30 % of the round's points
F_FIRST_BIT = 8
F_HAND_SIZE = 9
F_NO_PTS_FIRST = 10
F_QS_ANYTIME = 11
F_QS_BREAKS = 12
F_TOTAL_POINTS = 13
F_JACK = 14  # Omnibus: J♦'s bit (its rules of play are off at 0)
F_SCORING = 15  # every card that changes the score (the points settle once all are taken)
F_PTS = 16  # 52 slots: the points of each card
FACTS_SIZE = F_PTS + 52

# One position (`encode_round`); seat slots hold 4 values (3 players: the last is 0).
S_HANDS = 0
S_TAKEN = 4
S_POINTS = 8
S_VOIDS = 12
S_PLAYED = 16
S_BROKEN = 17
S_TRICK_NO = 18
S_TURN = 19  # -1 once the round is over
S_LED = 20
S_WIN_SEAT = 21
S_WIN_RANK = 22
S_TRICK_PTS = 23
S_LEADER = 24
S_IN_TRICK = 25  # cards in the trick in progress
S_TRICK_MASK = 26  # those cards as a mask
S_DONE = 27  # 1 once every trick is played (`Round.phase == DONE`)
STATE_SIZE = 28


@lru_cache(maxsize=64)
def _facts_tuple(rules: Rules) -> tuple[int, ...]:
    facts = [0] * FACTS_SIZE
    pts = rules.points()
    facts[F_DECK] = deck_mask(rules.players)
    facts[F_PENALTY] = rules.penalty_mask()
    facts[F_PLAYERS] = rules.players
    facts[F_QUEEN_POINTS] = rules.queen_points
    facts[F_HIGH_SPADE_POINTS] = rules.king_spades_points or rules.ace_spades_points
    facts[F_REVERSE] = int(rules.reverse)
    facts[F_PARTNERSHIP] = int(rules.partnership)
    facts[F_MOON_SHARE] = rules.total_points() * 3
    facts[F_FIRST_BIT] = 1 << rules.first_lead()
    facts[F_HAND_SIZE] = rules.hand_size()
    facts[F_NO_PTS_FIRST] = int(rules.no_points_first_trick)
    facts[F_QS_ANYTIME] = int(rules.qs_lead_anytime)
    facts[F_QS_BREAKS] = int(rules.qs_breaks_hearts)
    facts[F_TOTAL_POINTS] = rules.total_points()
    facts[F_JACK] = jack_of(rules)
    facts[F_SCORING] = rules.scoring_mask()
    facts[F_PTS : F_PTS + 52] = pts
    return tuple(facts)


def rules_facts(rules: Rules) -> Ints:
    """The rules as the kernels read them (a fresh array; the numbers are cached per rule set)."""
    return np.array(_facts_tuple(rules), dtype=np.int64)


def encode_round(r: Round) -> Ints:
    """A position in trick play (or a finished round) as one state row."""
    if r.phase not in (PLAY, DONE):
        raise ValueError("only a round in trick play (or over) can be encoded")
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    n = r.cfg.n
    st[S_HANDS : S_HANDS + n] = r.hands
    st[S_TAKEN : S_TAKEN + n] = r.taken
    st[S_POINTS : S_POINTS + n] = r.points
    st[S_VOIDS : S_VOIDS + n] = r.voids
    trick_mask = 0
    for c in r.trick:
        trick_mask |= 1 << c
    st[S_PLAYED] = r.played
    st[S_BROKEN] = int(r.broken)
    st[S_TRICK_NO] = r.trick_no
    st[S_TURN] = r.turn
    st[S_LED] = r.led
    st[S_WIN_SEAT] = r.win_seat
    st[S_WIN_RANK] = r.win_rank
    st[S_TRICK_PTS] = r.trick_pts
    st[S_LEADER] = r.leader
    st[S_IN_TRICK] = len(r.trick)
    st[S_TRICK_MASK] = trick_mask
    st[S_DONE] = int(r.phase == DONE)
    return st
