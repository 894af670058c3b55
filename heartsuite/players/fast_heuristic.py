"""The heuristic player's card play, read straight off a `Round`: the search player's rollouts.

`HeuristicPlayer.choose_play` decides from a `SeatView`; building a view costs more than the
decision, and a search plays hundreds of thousands of cards per move. `choose` here makes the
same decision from the round's bit masks, using only what the seat to play may know (its hand,
the cards played, the cards taken, the scores of the round). A differential test holds the two to
the same card in every position of thousands of games.
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
    RANK_OF,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
)
from heartsuite.hearts.phase import DONE
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules, deck_mask
from heartsuite.players.heuristic import HIGH_SPADES, JACK_BACK, JACK_LEAD_OUT, jack_of

_SPADES_MASK = SUIT_MASKS[SPADES]
_BELOW_QUEEN = (1 << QUEEN_SPADES) - 1
# Side cards from the two to the ten (not the queen): they can lose a moon-shooter a trick.
_LOW_SIDE = sum(1 << (s * 13 + k) for s in range(4) if s != HEARTS for k in range(9)) & ~QS_BIT
_DIAMONDS_MASK = SUIT_MASKS[DIAMONDS]
_ABOVE_JACK = _DIAMONDS_MASK & ~((2 << JACK_DIAMONDS) - 1)


class _Facts:
    """The numbers of a rule set the policy reads on every card, computed once."""

    __slots__ = ("deck", "high_spade_points", "jack", "moon_share", "partnership", "penalty",
                 "players", "pts", "queen_points", "reverse", "threat_slack")

    def __init__(self, rules: Rules) -> None:
        self.deck = deck_mask(rules.players)
        self.penalty = rules.penalty_mask()
        self.pts = rules.points()
        self.players = rules.players
        self.queen_points = rules.queen_points
        self.high_spade_points = rules.king_spades_points or rules.ace_spades_points
        self.reverse = rules.reverse
        self.partnership = rules.partnership
        self.moon_share = rules.total_points() * 3  # a threat holds >= 30 % of the points
        self.jack = jack_of(rules)  # Omnibus: J♦'s bit, else 0 (every J♦ rule off)
        self.threat_slack = JACK_BACK * 10 if self.jack else 0  # a J♦ taken hides 10 points


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


def _moon_hand(f: _Facts, seat: int, hand: int, taken: list[int], played: int,
               low_allowance: int) -> bool:
    """`heuristic.moon_hand` on the round's masks, for a seat that holds or has taken Q♠ (or
    rules where she scores nothing): `_decide` answers the usual case, no queen, itself."""
    penalty = f.penalty
    for s in range(f.players):
        if s != seat and taken[s] & penalty:
            return False
    hidden = f.deck & ~hand & ~played
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


def _moon_threat(f: _Facts, seat: int, points: list[int], taken: list[int]) -> int:
    """`heuristic.moon_threat`: the one opponent holding every point taken so far, or -1.
    `_follow` calls it only once some seat has the points of a threat (the usual no)."""
    holder = -1
    for s, t in enumerate(taken):
        if t & f.penalty:
            if holder >= 0:
                return -1
            holder = s
    if holder < 0 or holder == seat:
        return -1
    held = points[holder] + (JACK_BACK if taken[holder] & f.jack else 0)
    return -1 if held * 10 < f.moon_share else holder


def choose(r: Round, legal: int) -> int:
    """The heuristic player's card for the seat to play, given its legal mask."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = r.turn
    return _decide(_facts(r), seat, r.hands[seat], legal, r.played, r.taken, r.points,
                   len(r.tricks), len(r.trick), r.led, r.win_seat, r.win_rank, r.trick_pts)


def _decide(f: _Facts, seat: int, hand: int, legal: int, played: int, taken: list[int],
            points: list[int], tricks_done: int, in_trick: int, led: int, win_seat: int,
            win_rank: int, trick_pts: int) -> int:
    """`choose` on the round's fields (a legal mask of two cards or more): the play-out keeps
    them in local variables rather than in a `Round`."""
    hidden = f.deck & ~hand & ~played
    # no queen in hand or taken (where she scores): no moon hand, known without the call
    if f.reverse or (((hand | taken[seat]) & QS_BIT or not f.queen_points)
                     and _moon_hand(f, seat, hand, taken, played, 2 + tricks_done // 3)):
        return _moon_play(legal, hidden, in_trick, led, win_rank, f.penalty)
    if not in_trick:
        return _lead(legal, hand, hidden, f.jack)
    return _follow(f, seat, legal, hand, hidden, points, taken, in_trick, led, win_seat,
                   win_rank, trick_pts, played)


def _lead(legal: int, hand: int, hidden: int, jack: int = 0) -> int:
    queen_out = bool(hidden & QS_BIT)
    if queen_out and not hand & HIGH_SPADES:
        fish = legal & _SPADES_MASK & _BELOW_QUEEN
        if fish:
            return _top(fish)  # flush out the queen with spades below it
    jack &= legal
    if (jack and not hidden & _ABOVE_JACK
            and (hidden & _DIAMONDS_MASK).bit_count() >= JACK_LEAD_OUT):
        return JACK_DIAMONDS  # the top diamond with diamonds out
    best, best_key = -1, (99, 99, 99)
    for suit, suit_mask in enumerate(SUIT_MASKS):
        m = legal & suit_mask & ~jack  # a diamond above J♦ is out: leading it gives it away
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


def _follow(f: _Facts, seat: int, legal: int, hand: int, hidden: int, points: list[int],
            taken: list[int], in_trick: int, led: int, win_seat: int, win_rank: int,
            trick_pts: int, played: int) -> int:
    win_card = led * 13 + win_rank
    led_mask = SUIT_MASKS[led]
    threat = (_moon_threat(f, seat, points, taken)
              if max(points) * 10 + f.threat_slack >= f.moon_share else -1)
    jack = f.jack
    last = in_trick == f.players - 1
    if legal & led_mask:
        below = legal & ((1 << win_card) - 1)
        above = legal & ~below
        if threat >= 0 and win_seat == threat and trick_pts and above:
            return _bottom(above)  # take the points to stop the moon
        if led == SPADES and legal & QS_BIT and win_card > QUEEN_SPADES:
            return QUEEN_SPADES  # dump the queen on the ace or king
        if jack and led == DIAMONDS:
            out = 0
            for t in taken:
                out |= t
            card = _jack_follow(above, hidden, trick_pts, last, bool(played & ~out & jack))
            if card >= 0:
                return card
            below = below & ~JD_BIT or below  # under a higher diamond: keep the jack
        if below:
            safe = below & ~QS_BIT
            return _top(safe) if safe else QUEEN_SPADES
        if led == SPADES and hidden & QS_BIT and in_trick != f.players - 1:
            return _bottom(above)
        keep = above & ~QS_BIT
        return _top(keep) if keep else _top(above)
    partner_wins = f.partnership and win_seat == (seat + 2) % 4
    if partner_wins and last and legal & jack:
        return JACK_DIAMONDS  # the partner takes the trick: the -10 stays with the team
    if partner_wins or (threat >= 0 and win_seat == threat):
        safe = legal & ~f.penalty
        if safe:
            return highest_discard(safe & ~jack or safe, hand)
    if legal & QS_BIT:
        return QUEEN_SPADES
    if hidden & QS_BIT and legal & HIGH_SPADES:
        return _top(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts:
        return _top(hearts)
    return highest_discard(legal & ~jack or legal, hand)


def _jack_follow(above: int, hidden: int, trick_pts: int, last: bool, jack_in_trick: bool) -> int:
    """`heuristic._jack_follow` (Omnibus, diamonds led and followed): the card that wins J♦
    safely, or -1."""
    if jack_in_trick:
        if above and trick_pts < 0:
            if last:
                return _bottom(above)
            top = _top(above)
            if not hidden & _DIAMONDS_MASK & ~((2 << top) - 1):
                return top
        return -1
    if (above & JD_BIT and trick_pts < JACK_BACK
            and (last or not hidden & _ABOVE_JACK)):
        return JACK_DIAMONDS
    return -1


def _moon_play(legal: int, hidden: int, in_trick: int, led: int, win_rank: int,
               penalty: int) -> int:
    if not in_trick:
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
    win_card = led * 13 + win_rank
    if legal & SUIT_MASKS[led]:
        return _top(legal) if _top(legal) > win_card else _bottom(legal)
    safe = legal & ~penalty or legal
    best, best_rank = -1, 99
    for suit_mask in SUIT_MASKS:  # the lowest rank, the lowest suit on ties
        m = safe & suit_mask
        if m:
            c = _bottom(m)
            if RANK_OF[c] < best_rank:
                best, best_rank = c, RANK_OF[c]
    return best


def play_out(r: Round) -> None:
    """Play the round with the heuristic policy for every seat (in place) until its points are
    settled: to its end, or to the end of the trick in which the last scoring card (Omnibus: or
    J♦) is taken (nothing can change the points after that; `Round.points_settled`).

    The search spends most of its time here, so `Round.legal_mask` and `Round.play` are done
    inline on local variables and the round's fields written back at the end; the play-out
    test holds it to `choose` and `Round.play` card for card."""
    if r.phase == DONE:
        return
    f = _facts(r)
    cfg = r.cfg
    n, pts, penalty, hand_size = cfg.n, cfg.pts, cfg.penalty, cfg.hand_size
    scoring = cfg.scoring
    no_pts_first, qs_anytime, qs_breaks = cfg.no_pts_first, cfg.qs_anytime, cfg.qs_breaks
    hands, taken, points, voids, tricks = r.hands, r.taken, r.points, r.voids, r.tricks
    trick = r.trick
    played, broken, trick_no, turn = r.played, r.broken, r.trick_no, r.turn
    led, win_seat, win_rank = r.led, r.win_seat, r.win_rank
    trick_pts, leader = r.trick_pts, r.leader
    settled = 0
    for t in taken:
        settled |= t
    while True:
        hand = hands[turn]
        if trick:
            legal = hand & SUIT_MASKS[led]
            if not legal:
                legal = (hand & ~penalty or hand) if trick_no == 0 and no_pts_first else hand
        elif trick_no == 0:
            legal = cfg.first_bit
        elif broken:
            legal = hand
        else:
            legal = hand & ~HEARTS_MASK
            if not qs_anytime:
                legal &= ~QS_BIT
            legal = legal or hand
        if legal & (legal - 1):
            card = _decide(f, turn, hand, legal, played, taken, points, trick_no, len(trick),
                           led, win_seat, win_rank, trick_pts)
        else:
            card = legal.bit_length() - 1
        bit = 1 << card
        hands[turn] = hand ^ bit
        played |= bit
        suit = SUIT_OF[card]
        if suit == HEARTS or (card == QUEEN_SPADES and qs_breaks):
            broken = True
        if not trick:
            led, win_seat, win_rank, trick_pts, leader = suit, turn, RANK_OF[card], pts[card], turn
        else:
            trick_pts += pts[card]
            if suit == led:
                if RANK_OF[card] > win_rank:
                    win_rank, win_seat = RANK_OF[card], turn
            else:
                voids[turn] |= 1 << led
        trick.append(card)
        if len(trick) < n:
            turn = turn + 1 if turn + 1 < n else 0
            continue
        mask = 0
        for c in trick:
            mask |= 1 << c
        taken[win_seat] |= mask
        points[win_seat] += trick_pts
        tricks.append((leader, tuple(trick)))
        trick = []
        trick_no += 1
        leader = turn = win_seat
        settled |= mask
        if trick_no == hand_size:
            r.phase = DONE
            turn = -1
            break
        if settled & scoring == scoring:
            break
    r.trick, r.played, r.broken, r.trick_no, r.turn = trick, played, broken, trick_no, turn
    r.led, r.win_seat, r.win_rank = led, win_seat, win_rank
    r.trick_pts, r.leader = trick_pts, leader
