"""Claiming the rest of a round: when it may be done, proven on the real deal, and how the rest is
then played out.

The rule (docs/web-hearts.md, "Claim"): during trick play a seat may claim the remaining tricks
when one of these holds on the full state (every hand, the trick on the table):

- **no points remain**: no scoring card is left in any hand or on the table, so however the rest
  is played, every seat's points for the round (and the moon) are what they are now; or
- **all tricks**: the claimant has a way of playing that takes every remaining trick, the one on
  the table included, whatever the other seats play. This is decided by an exhaustive search of
  the others' answers (an AND-OR search), so a claim is never accepted on a guess. The search
  counts its positions: one that would need more than `CLAIM_BUDGET` is refused as not proven.

The search leaves out only the others' answers that cannot be better for them than one it does
try: an off-suit discard other than the lowest of its suit (keeping a higher card of a suit is
never worse for a seat that wants to beat the claimant later; with the queen breaking hearts,
every spade is tried), and, once the claimant has played to the trick, a card of the suit led
other than the lowest and the highest (a middle card either beats the claimant's, as the
highest then does too, or does not, and then the lowest keeps more).

A claim accepted, the round is played out (`claim_plays`): the claimant plays the strategy the
search found, every other seat its lowest legal card. When the claim is "all tricks" the others'
choices cannot change a single point; when no points remain nobody's can. So the round scores
exactly as it would have been played, and the cards played are ordinary plays of a record.
"""

from __future__ import annotations

from heartsuite.hearts.cards import RANK_OF, SPADES, SUIT_MASKS, SUIT_OF
from heartsuite.hearts.phase import PLAY
from heartsuite.hearts.round import Round

CLAIM_BUDGET = 5_000  # positions the search may visit before it gives up (refused: not proven)

NO_POINTS = "no_points"
ALL_TRICKS = "all_tricks"
# Reason keys of a refused claim (the page translates them).
CLAIM_NOT_NOW = "claim_not_now"
CLAIM_UNPROVEN = "claim_unproven"

CLAIM_MESSAGES = {
    CLAIM_NOT_NOW: "A claim can be made only while tricks are being played.",
    CLAIM_UNPROVEN: "Another player could still take a trick, and points remain.",
}


class _OutOfBudget(Exception):
    pass


def remaining(r: Round) -> int:
    """The cards not yet in a finished trick: every hand and the trick on the table."""
    mask = 0
    for hand in r.hands:
        mask |= hand
    for c in r.trick:
        mask |= 1 << c
    return mask


def no_points_remain(r: Round) -> bool:
    return remaining(r) & r.cfg.penalty == 0


def claim_kind(r: Round, seat: int, budget: int = CLAIM_BUDGET) -> str | None:
    """NO_POINTS or ALL_TRICKS when `seat` may claim the rest of the round now, else None."""
    if r.phase != PLAY or not 0 <= seat < r.cfg.n:
        return None
    if no_points_remain(r):
        return NO_POINTS
    if _takes_all(r, seat, budget):
        return ALL_TRICKS
    return None


def why_claim_refused(r: Round, seat: int, budget: int = CLAIM_BUDGET) -> str | None:
    """None when the claim is accepted, else the reason key."""
    if r.phase != PLAY or not 0 <= seat < r.cfg.n:
        return CLAIM_NOT_NOW
    return None if claim_kind(r, seat, budget) else CLAIM_UNPROVEN


def claim_plays(r: Round, seat: int, budget: int = CLAIM_BUDGET) -> list[int]:
    """The cards, in order, that finish the round after an accepted claim by `seat` (see the
    module's docstring). Raises ValueError when the claim is not accepted. `r` is unchanged."""
    kind = claim_kind(r, seat, budget)
    if kind is None:
        raise ValueError("this claim is not proven")
    work = r.copy()
    plays: list[int] = []
    search = _Search(seat, budget * 4)
    while work.phase == PLAY:
        legal = work.legal_mask()
        if work.turn == seat and kind == ALL_TRICKS:
            card = search.winning_move(work)
        else:
            card = (legal & -legal).bit_length() - 1  # the lowest legal card
        work.play(card)
        plays.append(card)
    return plays


def next_claim_card(r: Round, seat: int, budget: int = CLAIM_BUDGET) -> int:
    """The claimant's next card under an "all tricks" claim (for tests playing the rest out
    with other policies for the other seats). Raises ValueError if there is none."""
    if r.turn != seat or not _takes_all(r, seat, budget):
        raise ValueError("no proven claim to play for")
    return _Search(seat, budget * 4).winning_move(r)


def _takes_all(r: Round, seat: int, budget: int) -> bool:
    if _holds_every_top(r, seat):
        return True
    try:
        return _Search(seat, budget).wins(r)
    except _OutOfBudget:
        return False


def _holds_every_top(r: Round, seat: int) -> bool:
    """The quick case: the claimant leads, no trick is on the table, and each of its cards beats
    every card of that suit the others still hold (so whatever it leads wins)."""
    if r.trick or r.turn != seat:
        return False
    mine = r.hands[seat]
    others = 0
    for s, hand in enumerate(r.hands):
        if s != seat:
            others |= hand
    for suit_mask in SUIT_MASKS:
        my_suit = mine & suit_mask
        their = others & suit_mask
        if my_suit and their and (my_suit & -my_suit).bit_length() < their.bit_length():
            return False  # the claimant's lowest of the suit is under another seat's highest
    return True


class _Search:
    """The AND-OR search: the claimant needs one move that keeps every trick, against every
    answer of the others. Positions are remembered by hands, trick, leader and hearts broken."""

    def __init__(self, claimant: int, budget: int) -> None:
        self.claimant = claimant
        self.budget = budget
        self.memo: dict[tuple[object, ...], bool] = {}

    def _key(self, r: Round) -> tuple[object, ...]:
        return (*r.hands, *r.trick, r.leader, r.broken, r.trick_no == 0)

    def wins(self, r: Round) -> bool:
        if r.phase != PLAY:
            return True
        key = self._key(r)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if r.turn == self.claimant:
            result = any(self._keeps(r, c) for c in self._mine(r))
        else:
            result = all(self._keeps(r, c) for c in self._theirs(r))
        self.memo[key] = result
        return result

    def _keeps(self, r: Round, card: int) -> bool:
        """Whether after `card` the claimant still takes every trick (the search goes on)."""
        child = r.copy()
        child.play(card)
        if not child.trick and child.leader != self.claimant:  # a trick went to another seat
            return False
        return self.wins(child)

    def winning_move(self, r: Round) -> int:
        if _holds_every_top(r, self.claimant):
            return self._mine(r)[0]  # whatever it leads wins
        for c in self._mine(r):
            try:
                if self._keeps(r, c):
                    return c
            except _OutOfBudget:
                break
        raise ValueError("no proven claim to play for")

    @staticmethod
    def _mine(r: Round) -> list[int]:
        """The claimant's legal cards, highest rank first (the likeliest winners)."""
        legal = r.legal_mask()
        cards = [c for c in range(52) if legal >> c & 1]
        cards.sort(key=lambda c: -RANK_OF[c])
        return cards

    def _theirs(self, r: Round) -> list[int]:
        """The answers of another seat worth trying (see the module's docstring)."""
        legal = r.legal_mask()
        cards = [c for c in range(52) if legal >> c & 1]
        if not r.trick:
            return cards
        led = SUIT_MASKS[r.led]
        if legal & led:  # following suit
            claimant_played = (self.claimant - r.leader) % r.cfg.n < len(r.trick)
            if claimant_played and len(cards) > 2:
                return [cards[0], cards[-1]]
            return cards
        out: list[int] = []
        keep_spades = r.cfg.qs_breaks and not r.broken
        for suit in range(4):
            in_suit = [c for c in cards if SUIT_OF[c] == suit]
            if not in_suit:
                continue
            out.extend(in_suit if suit == SPADES and keep_spades else in_suit[:1])
        return out
