"""A rule-based player that plays the way a sensible Hearts player would.

Passing: go for a void in a short side suit, shed an unprotected queen, ace or king of spades, and
high hearts. Play: duck under the current winner, dump the queen of spades on an ace or king of
spades (or on any trick when void), take a trick with points when one opponent is running for the
moon, and run for the moon itself when its hand controls the hearts and the queen. Under Reverse
Hearts, where points are wanted, it keeps its high cards and plays to take points. Under Omnibus
it keeps J♦ (-10) out of its pass, never sheds it where another seat takes it, wins it with the
jack itself or with a diamond above it when that is safe (no later card can beat it, and the
trick holds fewer than 10 points), and in a partnership gives it to the partner who takes the
trick.
"""

from __future__ import annotations

from heartsuite.hearts.cards import (
    ACE_SPADES,
    DIAMONDS,
    HEARTS,
    HEARTS_MASK,
    JACK_DIAMONDS,
    JD_BIT,
    KING_SPADES,
    QS_BIT,
    QUEEN_SPADES,
    RANK_OF,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
    cards_of,
)
from heartsuite.hearts.rules import Rules, deck_mask
from heartsuite.hearts.view import SeatView
from heartsuite.players.base import choose_moon_to_win
from heartsuite.prng import Rng

QUEEN_RANK = RANK_OF[QUEEN_SPADES]
HIGH_SPADES = (1 << ACE_SPADES) | (1 << KING_SPADES)


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _count(mask: int) -> int:
    return mask.bit_count()


def top_hearts(hand: int, hidden: int) -> int:
    """How many of the hand's hearts outrank every heart still hidden in other hands."""
    out = hidden & HEARTS_MASK
    mine = hand & HEARTS_MASK
    if not out:
        return _count(mine)
    return _count(mine >> (_top(out) + 1))


def moon_threat(view: SeatView) -> int | None:
    """The one opponent holding every scoring card taken so far, once that is a real share
    (of the penalty points: a J♦ it took does not hide them)."""
    penalty = view.rules.penalty_mask()
    holders = [s for s, t in enumerate(view.taken) if t & penalty]
    if len(holders) != 1 or holders[0] == view.seat:
        return None
    seat = holders[0]
    points = view.round_points[seat] + (JACK_BACK if view.taken[seat] & jack_of(view.rules) else 0)
    return seat if points * 10 >= view.rules.total_points() * 3 else None


JACK_BACK = 10  # what J♦ took off its taker's points (Omnibus), to count the penalty points


def jack_of(rules: Rules) -> int:
    """J♦'s bit under Omnibus, else 0: every J♦ rule of the play is off without the option."""
    return JD_BIT if rules.omnibus else 0


def boss(hidden: int, card: int) -> bool:
    """No hidden card of the card's suit beats it."""
    return not hidden & SUIT_MASKS[SUIT_OF[card]] & ~((2 << card) - 1)


def moon_hand(view: SeatView, hand: int, low_allowance: int) -> bool:
    """Is running for the moon sound: no one else has scored, the queen is (or will be) ours, our
    top hearts can draw the hidden ones, and few low side cards can lose a trick?"""
    penalty = view.rules.penalty_mask()
    if any(t & penalty for s, t in enumerate(view.taken) if s != view.seat):
        return False
    return moon_cards(view.rules, hand, view.hidden() & ~hand, view.taken[view.seat],
                      low_allowance)


def moon_cards(rules: Rules, hand: int, hidden: int, taken: int, low_allowance: int) -> bool:
    """`moon_hand` once no one else has scored: the test on the cards alone (`taken`: ours)."""
    if rules.queen_points and not (hand | taken) & QS_BIT:
        return False
    if ((rules.king_spades_points or rules.ace_spades_points)
            and hidden & HIGH_SPADES & rules.penalty_mask()):
        return False
    out = _count(hidden & HEARTS_MASK)
    top = top_hearts(hand, hidden)
    if out and top < out // (rules.players - 1) + 2:
        return False
    if _count(hand & HEARTS_MASK) + _count(taken & HEARTS_MASK) < 6:
        return False
    lows = [c for c in cards_of(hand & ~HEARTS_MASK) if RANK_OF[c] < 9 and c != QUEEN_SPADES]
    return len(lows) <= low_allowance


JACK_LEAD_OUT = 3  # Omnibus: the top J♦ is led when at least this many diamonds are out
_DIAMONDS = SUIT_MASKS[DIAMONDS]


def _jack_follow(legal: int, above: int, hidden: int, trick_pts: int, last: bool,
                 jack_in_trick: bool) -> int:
    """Omnibus, diamonds led and followed: the card that wins J♦ safely, or -1. Safe: no later
    card can beat it (the seat plays last, or no hidden diamond is higher), and the trick is
    worth it (its points, J♦'s -10 counted, stay below 0)."""
    if jack_in_trick:
        if above and trick_pts < 0:
            if last:
                return _bottom(above)
            if boss(hidden, _top(above)):
                return _top(above)
        return -1
    if above & JD_BIT and trick_pts < JACK_BACK and (last or boss(hidden, JACK_DIAMONDS)):
        return JACK_DIAMONDS
    return -1


QUEEN_GUARDS = 3  # Q♠ is kept with at least this many spades below her
HEART_WEIGHT = 3  # a heart counts this many ranks higher when choosing the dangerous cards
VOID_UP_TO = 3  # a side suit of at most this many cards is passed to make a void
# Other settings of these three, and keeping A♠ and K♠ when the queen is elsewhere, were
# measured for the search player and none beat these (docs/players.md, "Passing").


def pass_cards(rules: Rules, hand: int) -> list[int]:
    """The heuristic player's pass from a dealt hand: a function of the hand alone, so a reader
    of the pass (`posterior`) can ask what any hand would have passed."""
    hidden = deck_mask(rules.players) & ~hand
    keep = jack_of(rules)
    if rules.reverse or moon_cards(rules, hand, hidden, 0, low_allowance=5):
        lows = _first(hand & ~HEARTS_MASK & ~QS_BIT & ~keep, _LOWEST_FIRST, 3)
        if lows.bit_count() == 3:
            return cards_of(lows)
    return defensive_pass(hand, keep)


def defensive_pass(hand: int, keep: int = 0) -> list[int]:
    """Void the shorter side suit if it fits, shed an unguarded queen (and the ace and king
    that would catch her, or the ace and king alone when she is elsewhere), fill up with the
    most dangerous cards. The cards of `keep` (Omnibus: J♦) are never passed: no void of a suit
    that holds one."""
    picks = 0
    if _count(hand & _SPADES_BELOW_QUEEN) < QUEEN_GUARDS:
        picks = hand & _QUEEN_ACE_KING
    room = 3 - _count(picks)
    best, best_key = 0, (99, 99)
    for suit in (0, 1):  # the shorter side suit, the one with the lower top card on ties
        m = hand & SUIT_MASKS[suit]
        if m & keep:
            continue
        if m and _count(m) <= min(room, VOID_UP_TO) and (_count(m), -_top(m)) < best_key:
            best, best_key = m, (_count(m), -_top(m))
    picks |= best
    picks |= _first(hand & ~picks & ~keep, _DANGER_ORDER, 3 - _count(picks))
    return cards_of(picks)


def _first(cards: int, order: tuple[int, ...], k: int) -> int:
    """The first `k` of `cards` in `order` (fewer if there are fewer)."""
    out = 0
    for c in order:
        if k <= 0:
            break
        if cards >> c & 1:
            out |= 1 << c
            k -= 1
    return out


def _danger(c: int) -> tuple[int, int]:
    """The order of passing (highest first): by rank, a heart as if `HEART_WEIGHT` ranks
    higher, spades below the queen last (they guard against her)."""
    rank = RANK_OF[c]
    if SUIT_OF[c] == HEARTS:
        return (rank + HEART_WEIGHT, c)
    if SUIT_OF[c] == SPADES and rank < QUEEN_RANK:
        return (-1, c)
    return (rank, c)


_DANGER_ORDER = tuple(sorted(range(52), key=_danger, reverse=True))
_LOWEST_FIRST = tuple(sorted(range(52), key=lambda c: (RANK_OF[c], c)))
_SPADES_BELOW_QUEEN = SUIT_MASKS[SPADES] & ((1 << QUEEN_SPADES) - 1)
_QUEEN_ACE_KING = QS_BIT | HIGH_SPADES


def danger_order() -> tuple[int, ...]:
    """Every card, the most dangerous to keep first: the order the defensive pass fills in."""
    return _DANGER_ORDER


class HeuristicPlayer:
    """Deterministic rules of thumb; `rng` is accepted for the protocol and never needed."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "heuristic"
        self.seed = seed

    # Passing -------------------------------------------------------------------------------

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return pass_cards(view.rules, view.hand)

    # Playing -------------------------------------------------------------------------------

    def choose_moon(self, view: SeatView) -> str:
        return choose_moon_to_win(view)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        legal = view.legal
        if not legal & (legal - 1):
            return _bottom(legal)
        if view.rules.reverse:  # points are wanted: play to take them, as a shooter does
            return self._moon_play(view)
        if moon_hand(view, view.hand, low_allowance=2 + len(view.tricks) // 3):
            return self._moon_play(view)
        threat = moon_threat(view)
        if not view.trick:
            return self._lead(view)
        return self._follow(view, threat)

    def _winning(self, view: SeatView) -> tuple[int, int]:
        """(seat, card) currently winning the trick."""
        led = SUIT_OF[view.trick[0]]
        best, seat = view.trick[0], view.trick_leader or 0
        for i, c in enumerate(view.trick):
            if SUIT_OF[c] == led and c > best:
                best = c
                seat = ((view.trick_leader or 0) + i) % view.rules.players
        return seat, best

    def _lead(self, view: SeatView) -> int:
        legal = view.legal
        hidden = view.hidden()
        queen_out = bool(hidden & QS_BIT)
        spades = legal & SUIT_MASKS[SPADES]
        fish = spades & ((1 << QUEEN_SPADES) - 1)
        if queen_out and fish and not view.hand & HIGH_SPADES:
            return _top(fish)  # flush out the queen with spades below it
        jack = legal & jack_of(view.rules)
        if jack and boss(hidden, JACK_DIAMONDS) and _count(hidden & _DIAMONDS) >= JACK_LEAD_OUT:
            return JACK_DIAMONDS  # the top diamond with diamonds out: it comes back with -10
        best, best_key = -1, (99, 99, 99)
        for c in cards_of(legal):
            suit = SUIT_OF[c]
            if c == QUEEN_SPADES or (queen_out and c in (ACE_SPADES, KING_SPADES)):
                continue
            if jack and c == JACK_DIAMONDS:
                continue  # a diamond above it is out: leading it gives it away
            higher_out = _count(hidden & SUIT_MASKS[suit] & ~((2 << c) - 1))
            key = (0 if higher_out else 1, RANK_OF[c] + (3 if suit == HEARTS else 0),
                   _count(view.hand & SUIT_MASKS[suit]))
            if key < best_key:
                best, best_key = c, key
        return best if best >= 0 else _bottom(legal)

    def _follow(self, view: SeatView, threat: int | None) -> int:
        legal = view.legal
        pts = view.rules.points()
        led = SUIT_OF[view.trick[0]]
        win_seat, win_card = self._winning(view)
        trick_pts = sum(pts[c] for c in view.trick)
        last = len(view.trick) == view.rules.players - 1
        jack = jack_of(view.rules)
        hidden = view.hidden()
        if legal & SUIT_MASKS[led]:
            below = legal & ((1 << win_card) - 1)
            above = legal & ~below
            if threat is not None and win_seat == threat and trick_pts and above:
                return _bottom(above)  # take the points to stop the moon
            if led == SPADES and legal & QS_BIT and win_card > QUEEN_SPADES:
                return QUEEN_SPADES  # dump the queen on the ace or king
            if jack and led == DIAMONDS:
                card = _jack_follow(legal, above, hidden, trick_pts, last,
                                    any(c == JACK_DIAMONDS for c in view.trick))
                if card >= 0:
                    return card
                below = below & ~JD_BIT or below  # under a higher diamond: keep the jack
            if below:
                safe = below & ~QS_BIT
                return _top(safe) if safe else QUEEN_SPADES
            # Must win the trick: shed the highest card, but never give ourselves the queen.
            if (led == SPADES and view.hidden() & QS_BIT and not last):
                return _bottom(above)
            keep = above & ~QS_BIT
            return _top(keep) if keep else _top(above)
        # Void in the led suit: discard, but feed no points to a shooter or to our partner.
        partner_wins = view.rules.partnership and win_seat == (view.seat + 2) % 4
        if partner_wins and last and legal & jack:
            return JACK_DIAMONDS  # the partner takes the trick: the -10 stays with the team
        if partner_wins or (threat is not None and win_seat == threat):
            safe = legal & ~view.rules.penalty_mask()
            if safe:
                return self._highest_discard(view, safe & ~jack or safe)
        if legal & QS_BIT:
            return QUEEN_SPADES
        if hidden & QS_BIT and legal & HIGH_SPADES:
            return _top(legal & HIGH_SPADES)
        hearts = legal & HEARTS_MASK
        if hearts:
            return _top(hearts)
        return self._highest_discard(view, legal & ~jack or legal)

    @staticmethod
    def _highest_discard(view: SeatView, cards: int) -> int:
        """The highest card, from the shortest suit on ties: sheds danger and heads for a void."""
        return max(cards_of(cards),
                   key=lambda c: (RANK_OF[c], -_count(view.hand & SUIT_MASKS[SUIT_OF[c]])))

    def _moon_play(self, view: SeatView) -> int:
        legal = view.legal
        hidden = view.hidden()
        if not view.trick:
            tops = [c for c in cards_of(legal)
                    if not hidden & SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1)]
            if tops:
                return max(tops, key=lambda c: (SUIT_OF[c] == HEARTS, RANK_OF[c]))
            return _top(legal)
        led = SUIT_OF[view.trick[0]]
        _, win_card = self._winning(view)
        if legal & SUIT_MASKS[led]:
            return _top(legal) if _top(legal) > win_card else _bottom(legal)
        safe = legal & ~view.rules.penalty_mask()
        return min(cards_of(safe or legal), key=lambda c: (RANK_OF[c], c))
