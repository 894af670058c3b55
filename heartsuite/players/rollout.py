"""A fast rule-of-thumb policy and round play-out on the engine's bit masks, for the search player.

The search player plays thousands of rounds to the end per decision, so the policy here reads the
engine's `Round` fields directly and decides in a few integer operations. It plays as a careful
human would: duck under the winner, shed the queen of spades and high spades and hearts when void,
lead low; it shoots the moon when it alone has taken every point so far and stops a shooter by
winning a trick with points in it when it can.
"""

from __future__ import annotations

from functools import lru_cache

from heartsuite.hearts.cards import (
    HEARTS_MASK,
    QS_BIT,
    QUEEN_SPADES,
    RANK_OF,
    SPADES,
    SUIT_MASKS,
)
from heartsuite.hearts.round import DONE, Round
from heartsuite.hearts.rules import Rules

_HIGH_SPADES = SUIT_MASKS[SPADES] & ~((1 << (SPADES * 13 + 11)) - 1)  # K♠ and A♠
_LOW_SPADES = SUIT_MASKS[SPADES] & ((1 << QUEEN_SPADES) - 1)
_QS_AND_ABOVE = SUIT_MASKS[SPADES] & ~_LOW_SPADES
_DECK = (1 << 52) - 1
_LOW_SIDE = sum(1 << (s * 13 + k) for s in range(3) for k in range(8)) & ~QS_BIT  # 2..9, not ♥


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest_discard(mask: int, hand: int) -> int:
    """The card of the highest rank in a mask of several suits; on a tie, the one from the
    shorter suit of `hand` (heading for a void)."""
    best = -1
    best_key = -1
    for suit_mask in SUIT_MASKS:
        m = mask & suit_mask
        if m:
            c = m.bit_length() - 1
            key = RANK_OF[c] * 16 + 15 - (hand & suit_mask).bit_count()
            if key > best_key:
                best, best_key = c, key
    return best


@lru_cache(maxsize=64)
def _total(rules: Rules) -> int:
    return rules.total_points()


def moon_runner(r: Round) -> int:
    """The seat that alone holds every point taken so far, once that is at least 30 % of the
    round's points; else -1. Others then stop it, and it plays to shoot."""
    runner = -1
    penalty = r.cfg.penalty
    for seat, taken in enumerate(r.taken):
        if taken & penalty:
            if runner >= 0:
                return -1
            runner = seat
    if runner >= 0 and r.points[runner] * 10 < _total(r.cfg.rules) * 3:
        return -1
    return runner


def _can_shoot(r: Round, hand: int) -> bool:
    """Whether `hand` can still take every heart: enough hearts above all the hearts still out,
    and at most two low side cards (below the ten) that could lose a trick."""
    out = HEARTS_MASK & ~r.played & ~hand
    if out:
        top = (hand & HEARTS_MASK) >> out.bit_length()
        if top.bit_count() < out.bit_count() // (r.cfg.n - 1) + 1:
            return False
    return (hand & _LOW_SIDE).bit_count() <= 2


def choose(r: Round, legal: int) -> int:
    """The policy's card for the seat to play, from its legal mask."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = r.turn
    trick = r.trick
    qs_out = not r.played & QS_BIT
    runner = moon_runner(r) if r.trick_no >= 3 else -1
    hand = r.hands[seat]
    shooting = runner == seat and r.points[seat] >= 10 and _can_shoot(r, hand)
    if not trick:
        if shooting:
            return _high(legal & ~HEARTS_MASK or legal) if r.trick_no < 8 else highest_discard(
                legal, hand)
        unseen = ~r.played & ~hand & _DECK
        if runner >= 0 and runner != seat:
            top = legal & HEARTS_MASK
            if top and not unseen & HEARTS_MASK & ~((2 << _high(top)) - 1):
                return _high(top)  # a heart the shooter cannot beat: it stops the moon
        return _lead(legal, bool(unseen & QS_BIT), hand, unseen)
    led_mask = SUIT_MASKS[r.led]
    if legal & led_mask:
        if runner >= 0 and runner != seat and r.win_seat == runner and r.trick_pts:
            beat = legal & ~((1 << (r.led * 13 + r.win_rank + 1)) - 1)
            if beat:
                return _low(beat)
        if shooting:
            return _high(legal)
        below = legal & ((1 << (r.led * 13 + r.win_rank)) - 1)
        if below:
            return _high(below)
        if len(trick) == r.cfg.n - 1:
            if legal & QS_BIT and legal != QS_BIT:
                legal &= ~QS_BIT
            return _high(legal)
        if qs_out and legal & QS_BIT and legal != QS_BIT:
            legal &= ~QS_BIT
            return _low(legal)
        return _high(legal)
    if runner >= 0 and runner != seat:
        safe = legal & ~r.cfg.penalty
        if r.win_seat == runner and safe:
            return highest_discard(safe, r.hands[seat])
    if legal & QS_BIT:
        return QUEEN_SPADES
    if qs_out and legal & _HIGH_SPADES:
        return _high(legal & _HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return _high(hearts)
    return highest_discard(legal, r.hands[seat])


def _lead(legal: int, qs_hidden: bool, hand: int, unseen: int) -> int:
    """Lead a card that others can beat (lowest first, hearts last, shortest suit first); while
    the queen is out and we hold no ace or king of spades, lead spades below her to flush her."""
    if qs_hidden and not hand & _HIGH_SPADES:
        fish = legal & _LOW_SPADES
        if fish:
            return _high(fish)
    best = -1
    best_key = 999
    for suit, suit_mask in enumerate(SUIT_MASKS):
        m = legal & suit_mask
        if not m:
            continue
        card = (m & -m).bit_length() - 1
        if qs_hidden and suit == SPADES and card >= QUEEN_SPADES:
            m &= ~_QS_AND_ABOVE
            if not m:
                continue
            card = (m & -m).bit_length() - 1
        key = RANK_OF[card] + (3 if suit == 3 else 0)
        if not unseen & suit_mask & ~((2 << card) - 1):
            key += 100  # nobody can beat it: we would win the trick
        key = key * 16 + (hand & suit_mask).bit_count()
        if key < best_key:
            best, best_key = card, key
    return best if best >= 0 else _low(legal)


def play_out(r: Round) -> None:
    """Play the round with the policy for every seat (in place) until its points are settled: to
    its end, or to the end of the trick in which the last scoring card is taken (nothing can
    change the points after that; `Round.points_settled`)."""
    while r.phase != DONE:
        r.play(choose(r, r.legal_mask()))
        if not r.trick and r.points_settled():
            return
