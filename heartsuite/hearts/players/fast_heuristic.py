"""The heuristic player's card play, read straight off a `Round`: the search player's rollouts.

`HeuristicPlayer.choose_play` decides from a `SeatView`; building a view costs more than the
decision, and a search plays hundreds of thousands of cards per move. `choose` here makes the
same decision from the round's bit masks, using only what the seat to play may know (its hand,
the cards played, the cards taken, the scores of the round). A differential test holds the two to
the same card in every position of thousands of games.
"""

from __future__ import annotations

from heartsuite.hearts.cards import (
    HEARTS,
    HEARTS_MASK,
    QS_BIT,
    QUEEN_SPADES,
    RANK_OF,
    SPADES,
    SUIT_MASKS,
)
from heartsuite.hearts.players.heuristic import HIGH_SPADES
from heartsuite.hearts.players.rollout import highest_discard
from heartsuite.hearts.round import DONE, Round
from heartsuite.hearts.rules import Rules, deck_mask

_SPADES_MASK = SUIT_MASKS[SPADES]
_BELOW_QUEEN = (1 << QUEEN_SPADES) - 1
# Side cards from the two to the ten (not the queen): they can lose a moon-shooter a trick.
_LOW_SIDE = sum(1 << (s * 13 + k) for s in range(4) if s != HEARTS for k in range(9)) & ~QS_BIT


class _Facts:
    """The numbers of a rule set the policy reads on every card, computed once."""

    __slots__ = ("deck", "high_spade_points", "moon_share", "penalty", "players", "pts",
                 "queen_points", "reverse")

    def __init__(self, rules: Rules) -> None:
        self.deck = deck_mask(rules.players)
        self.penalty = rules.penalty_mask()
        self.pts = rules.points()
        self.players = rules.players
        self.queen_points = rules.queen_points
        self.high_spade_points = rules.king_spades_points or rules.ace_spades_points
        self.reverse = rules.reverse
        self.moon_share = rules.total_points() * 3  # a threat holds >= 30 % of the points


def _facts(r: Round) -> _Facts:
    """The facts of the round's rules, kept on its (shared) config: read on every card."""
    f = r.cfg.facts
    if not isinstance(f, _Facts):
        f = r.cfg.facts = _Facts(r.cfg.rules)
    return f


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _moon_hand(r: Round, f: _Facts, seat: int, hand: int, low_allowance: int) -> bool:
    """`heuristic.moon_hand` on the round's masks (the test that fails most often first)."""
    taken = r.taken
    if f.queen_points and not (hand | taken[seat]) & QS_BIT:
        return False
    penalty = f.penalty
    for s in range(f.players):
        if s != seat and taken[s] & penalty:
            return False
    hidden = f.deck & ~hand & ~r.played
    if f.high_spade_points and hidden & HIGH_SPADES & penalty:
        return False
    out_hearts = hidden & HEARTS_MASK
    mine = hand & HEARTS_MASK
    if out_hearts:
        top = (mine >> out_hearts.bit_length()).bit_count()
        if top < out_hearts.bit_count() // (f.players - 1) + 2:
            return False
    if mine.bit_count() + (taken[seat] & HEARTS_MASK).bit_count() < 6:
        return False
    return (hand & _LOW_SIDE).bit_count() <= low_allowance


def _moon_threat(r: Round, f: _Facts, seat: int) -> int:
    """`heuristic.moon_threat`: the one opponent holding every point taken so far, or -1."""
    if max(r.points) * 10 < f.moon_share:
        return -1  # nobody has the points of a threat
    holder = -1
    for s, taken in enumerate(r.taken):
        if taken & f.penalty:
            if holder >= 0:
                return -1
            holder = s
    if holder < 0 or holder == seat or r.points[holder] * 10 < f.moon_share:
        return -1
    return holder


def choose(r: Round, legal: int) -> int:
    """The heuristic player's card for the seat to play, given its legal mask."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    f = _facts(r)
    seat = r.turn
    hand = r.hands[seat]
    if f.reverse or _moon_hand(r, f, seat, hand, 2 + len(r.tricks) // 3):
        return _moon_play(r, f, legal, hand)
    hidden = f.deck & ~hand & ~r.played
    if not r.trick:
        return _lead(legal, hand, hidden)
    return _follow(r, f, seat, legal, hand, hidden)


def _lead(legal: int, hand: int, hidden: int) -> int:
    queen_out = bool(hidden & QS_BIT)
    if queen_out and not hand & HIGH_SPADES:
        fish = legal & _SPADES_MASK & _BELOW_QUEEN
        if fish:
            return _top(fish)  # flush out the queen with spades below it
    best, best_key = -1, (99, 99, 99)
    for suit, suit_mask in enumerate(SUIT_MASKS):
        m = legal & suit_mask
        if suit == SPADES:
            m &= ~(QS_BIT | (HIGH_SPADES if queen_out else 0))
        if not m:
            continue
        c = _bottom(m)  # within a suit the lowest card always has the smallest key
        higher_out = hidden & suit_mask & ~((2 << c) - 1)
        key = (0 if higher_out else 1, RANK_OF[c] + (3 if suit == HEARTS else 0),
               (hand & suit_mask).bit_count())
        if key < best_key:
            best, best_key = c, key
    return best if best >= 0 else _bottom(legal)


def _follow(r: Round, f: _Facts, seat: int, legal: int, hand: int, hidden: int) -> int:
    led = r.led
    win_seat = r.win_seat
    win_card = led * 13 + r.win_rank
    led_mask = SUIT_MASKS[led]
    threat = _moon_threat(r, f, seat)
    if legal & led_mask:
        trick_pts = r.trick_pts
        below = legal & ((1 << win_card) - 1)
        above = legal & ~below
        if threat >= 0 and win_seat == threat and trick_pts and above:
            return _bottom(above)  # take the points to stop the moon
        if led == SPADES and legal & QS_BIT and win_card > QUEEN_SPADES:
            return QUEEN_SPADES  # dump the queen on the ace or king
        if below:
            safe = below & ~QS_BIT
            return _top(safe) if safe else QUEEN_SPADES
        if led == SPADES and hidden & QS_BIT and len(r.trick) != f.players - 1:
            return _bottom(above)
        keep = above & ~QS_BIT
        return _top(keep) if keep else _top(above)
    partner_wins = r.cfg.rules.partnership and win_seat == (seat + 2) % 4
    if partner_wins or (threat >= 0 and win_seat == threat):
        safe = legal & ~f.penalty
        if safe:
            return highest_discard(safe, hand)
    if legal & QS_BIT:
        return QUEEN_SPADES
    if hidden & QS_BIT and legal & HIGH_SPADES:
        return _top(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return _top(hearts)
    return highest_discard(legal, hand)


def _moon_play(r: Round, f: _Facts, legal: int, hand: int) -> int:
    hidden = f.deck & ~hand & ~r.played
    if not r.trick:
        best, best_key = -1, (-1, -1)
        for suit, suit_mask in enumerate(SUIT_MASKS):
            m = legal & suit_mask
            if not m:
                continue
            c = _top(m)  # only a suit's highest card can be a top card
            if hidden & suit_mask & ~((2 << c) - 1):
                continue
            key = (suit == HEARTS, RANK_OF[c])
            if key > best_key:
                best, best_key = c, key
        return best if best >= 0 else _top(legal)
    win_card = r.led * 13 + r.win_rank
    if legal & SUIT_MASKS[r.led]:
        return _top(legal) if _top(legal) > win_card else _bottom(legal)
    safe = legal & ~f.penalty or legal
    best, best_key = -1, 99
    for suit_mask in SUIT_MASKS:  # the lowest rank, the lowest suit on ties
        m = safe & suit_mask
        if m:
            c = _bottom(m)
            if RANK_OF[c] < best_key:
                best, best_key = c, RANK_OF[c]
    return best


def play_out(r: Round) -> None:
    """Play the round with the heuristic policy for every seat (in place) until its points are
    settled: to its end, or to the end of the trick in which the last scoring card is taken
    (nothing can change the points after that; `Round.points_settled`)."""
    while r.phase != DONE:
        r.play(choose(r, r.legal_mask()))
        if not r.trick and r.points_settled():
            return
