"""The heuristic player's card play, compiled: `fast_heuristic.choose` line for line on int64 masks.

`fast_heuristic` stays the reference; `tests/test_hearts_compiled.py` holds this module to the
same card in thousands of positions of every variant. The branches, their order and their tie
rules are those of `fast_heuristic._decide` and its helpers; the tuple keys there become integers
here (each part in its own digits), which order the same way.
"""

from __future__ import annotations

from heartsuite.hearts.cards import (
    DIAMONDS,
    HEARTS,
    HEARTS_MASK,
    JACK_DIAMONDS,
    JD_BIT,
    QS_BIT,
    QUEEN_SPADES,
    SPADES,
    SUIT_MASKS,
)
from heartsuite.players.compiled.jit import highest, kernel, lowest, popcount
from heartsuite.players.compiled.layout import (
    F_DECK,
    F_HIGH_SPADE_POINTS,
    F_JACK,
    F_MOON_SHARE,
    F_PARTNERSHIP,
    F_PENALTY,
    F_PLAYERS,
    F_QUEEN_POINTS,
    F_REVERSE,
    S_HANDS,
    S_IN_TRICK,
    S_LED,
    S_PLAYED,
    S_POINTS,
    S_TAKEN,
    S_TRICK_MASK,
    S_TRICK_NO,
    S_TRICK_PTS,
    S_TURN,
    S_WIN_RANK,
    S_WIN_SEAT,
    Ints,
)
from heartsuite.players.heuristic import HIGH_SPADES, JACK_BACK, JACK_LEAD_OUT

_SUIT = SUIT_MASKS[0]  # a suit's mask is _SUIT << 13 * suit
_SPADES_MASK = SUIT_MASKS[SPADES]
_BELOW_QUEEN = (1 << QUEEN_SPADES) - 1
_LOW_SIDE = sum(1 << (s * 13 + k) for s in range(4) if s != HEARTS for k in range(9)) & ~QS_BIT
_DIAMONDS_MASK = SUIT_MASKS[DIAMONDS]
_ABOVE_JACK = _DIAMONDS_MASK & ~((2 << JACK_DIAMONDS) - 1)


@kernel
def highest_discard(mask: int, hand: int) -> int:
    """`rollout.highest_discard`: the highest rank; on a tie, the shorter suit of `hand`."""
    best, best_key = -1, -1
    for suit in range(4):
        suit_mask = _SUIT << (13 * suit)
        m = mask & suit_mask
        if m:
            c = highest(m)
            key = (c - 13 * suit) * 16 + 15 - popcount(hand & suit_mask)
            if key > best_key:
                best, best_key = c, key
    return best


@kernel
def _moon_hand(facts: Ints, st: Ints, seat: int, hand: int, low_allowance: int) -> bool:
    penalty = facts[F_PENALTY]
    n = facts[F_PLAYERS]
    for s in range(n):
        if s != seat and st[S_TAKEN + s] & penalty:
            return False
    hidden = facts[F_DECK] & ~hand & ~st[S_PLAYED]
    if facts[F_HIGH_SPADE_POINTS] != 0 and hidden & HIGH_SPADES & penalty:
        return False
    out_hearts = hidden & HEARTS_MASK
    mine = hand & HEARTS_MASK
    if out_hearts:
        top = popcount(mine >> (highest(out_hearts) + 1))
        if top < popcount(out_hearts) // (n - 1) + 2:
            return False
    if popcount(mine) + popcount(st[S_TAKEN + seat] & HEARTS_MASK) < 6:
        return False
    return popcount(hand & _LOW_SIDE) <= low_allowance


@kernel
def _moon_threat(facts: Ints, st: Ints, seat: int) -> int:
    holder = -1
    for s in range(facts[F_PLAYERS]):
        if st[S_TAKEN + s] & facts[F_PENALTY]:
            if holder >= 0:
                return -1
            holder = s
    if holder < 0 or holder == seat:
        return -1
    held = st[S_POINTS + holder]
    if st[S_TAKEN + holder] & facts[F_JACK]:
        held += JACK_BACK
    if held * 10 < facts[F_MOON_SHARE]:
        return -1
    return holder


@kernel
def _lead(legal: int, hand: int, hidden: int, jack: int) -> int:
    queen_out = hidden & QS_BIT != 0
    if queen_out and not hand & HIGH_SPADES:
        fish = legal & _SPADES_MASK & _BELOW_QUEEN
        if fish:
            return highest(fish)
    jack &= legal
    if (jack != 0 and hidden & _ABOVE_JACK == 0
            and popcount(hidden & _DIAMONDS_MASK) >= JACK_LEAD_OUT):
        return JACK_DIAMONDS
    best, best_key = -1, 1 << 30
    for suit in range(4):
        suit_mask = _SUIT << (13 * suit)
        m = legal & suit_mask & ~jack
        if suit == SPADES:
            m &= ~(QS_BIT | (HIGH_SPADES if queen_out else 0))
        if not m:
            continue
        c = lowest(m)
        higher_out = hidden & suit_mask & ~((2 << c) - 1)
        rank_key = c - 13 * suit + (3 if suit == HEARTS else 0)
        key = (0 if higher_out else 1) * 10_000 + rank_key * 100 + popcount(hand & suit_mask)
        if key < best_key:
            best, best_key = c, key
    return best if best >= 0 else lowest(legal)


@kernel
def _follow(facts: Ints, st: Ints, seat: int, legal: int, hand: int, hidden: int) -> int:
    n = facts[F_PLAYERS]
    led, win_seat = st[S_LED], st[S_WIN_SEAT]
    win_card = led * 13 + st[S_WIN_RANK]
    most = 0
    for s in range(n):
        most = max(most, st[S_POINTS + s])
    jack = facts[F_JACK]
    slack = JACK_BACK * 10 if jack != 0 else 0
    threat = _moon_threat(facts, st, seat) if most * 10 + slack >= facts[F_MOON_SHARE] else -1
    last = st[S_IN_TRICK] == n - 1
    if legal & (_SUIT << (13 * led)):
        below = legal & ((1 << win_card) - 1)
        above = legal & ~below
        if threat >= 0 and win_seat == threat and st[S_TRICK_PTS] != 0 and above:
            return lowest(above)  # take the points to stop the moon
        if led == SPADES and legal & QS_BIT and win_card > QUEEN_SPADES:
            return QUEEN_SPADES  # dump the queen on the ace or king
        if jack != 0 and led == DIAMONDS:
            card = _jack_follow(above, hidden, st[S_TRICK_PTS], last,
                                st[S_TRICK_MASK] & jack != 0)
            if card >= 0:
                return card
            if below & ~JD_BIT:
                below &= ~JD_BIT  # under a higher diamond: keep the jack
        if below:
            safe = below & ~QS_BIT
            return highest(safe) if safe else QUEEN_SPADES
        if led == SPADES and hidden & QS_BIT and st[S_IN_TRICK] != n - 1:
            return lowest(above)
        keep = above & ~QS_BIT
        return highest(keep) if keep else highest(above)
    partner_wins = facts[F_PARTNERSHIP] != 0 and win_seat == (seat + 2) % 4
    if partner_wins and last and legal & jack:
        return JACK_DIAMONDS  # the partner takes the trick: the -10 stays with the team
    if partner_wins or (threat >= 0 and win_seat == threat):
        safe = legal & ~facts[F_PENALTY]
        if safe:
            if safe & ~jack:
                safe &= ~jack
            return highest_discard(safe, hand)
    if legal & QS_BIT:
        return QUEEN_SPADES
    if hidden & QS_BIT and legal & HIGH_SPADES:
        return highest(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return highest(hearts)
    rest = legal & ~jack
    return highest_discard(rest if rest else legal, hand)


@kernel
def _jack_follow(above: int, hidden: int, trick_pts: int, last: bool, jack_in_trick: bool) -> int:
    """`fast_heuristic._jack_follow`: the card that wins J♦ safely, or -1."""
    if jack_in_trick:
        if above and trick_pts < 0:
            if last:
                return lowest(above)
            top = highest(above)
            if hidden & _DIAMONDS_MASK & ~((2 << top) - 1) == 0:
                return top
        return -1
    if above & JD_BIT and trick_pts < JACK_BACK and (last or hidden & _ABOVE_JACK == 0):
        return JACK_DIAMONDS
    return -1


@kernel
def _moon_play(facts: Ints, st: Ints, legal: int, hidden: int) -> int:
    if st[S_IN_TRICK] == 0:
        best, best_key = -1, -1
        for suit in range(4):
            suit_mask = _SUIT << (13 * suit)
            m = legal & suit_mask
            if not m:
                continue
            c = highest(m)  # only a suit's highest card can be a top card
            if hidden & suit_mask & ~((2 << c) - 1):
                continue
            key = (100 if suit == HEARTS else 0) + c - 13 * suit
            if key > best_key:
                best, best_key = c, key
        return best if best >= 0 else highest(legal)
    led = st[S_LED]
    win_card = led * 13 + st[S_WIN_RANK]
    if legal & (_SUIT << (13 * led)):
        return highest(legal) if highest(legal) > win_card else lowest(legal)
    safe = legal & ~facts[F_PENALTY]
    if not safe:
        safe = legal
    best, best_key = -1, 99
    for suit in range(4):  # the lowest rank, the lowest suit on ties
        m = safe & (_SUIT << (13 * suit))
        if m:
            c = lowest(m)
            if c - 13 * suit < best_key:
                best, best_key = c, c - 13 * suit
    return best


@kernel
def choose(facts: Ints, st: Ints, legal: int) -> int:
    """The heuristic card for the seat to play (`fast_heuristic.choose`), given its legal mask."""
    if not legal & (legal - 1):
        return highest(legal)
    seat = st[S_TURN]
    hand = st[S_HANDS + seat]
    hidden = facts[F_DECK] & ~hand & ~st[S_PLAYED]
    # no queen in hand or taken (where she scores): no moon hand, known without the call
    may_shoot = (hand | st[S_TAKEN + seat]) & QS_BIT != 0 or facts[F_QUEEN_POINTS] == 0
    if facts[F_REVERSE] != 0 or (
            may_shoot and _moon_hand(facts, st, seat, hand, 2 + st[S_TRICK_NO] // 3)):
        return _moon_play(facts, st, legal, hidden)
    if st[S_IN_TRICK] == 0:
        return _lead(legal, hand, hidden, facts[F_JACK])
    return _follow(facts, st, seat, legal, hand, hidden)
