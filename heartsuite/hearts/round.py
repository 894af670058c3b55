"""One round (hand) of Hearts: the pass, then trick play, on bit-mask hands.

Built for simulation: the legal plays of a seat are one mask computed in a few integer operations,
`play` applies a card without checks (callers that need checks use `why_illegal` first), and
`copy` duplicates the whole state in a handful of list copies. Scoring of the moon is left to the
game, because Mixed Moon depends on the game totals.
"""

from __future__ import annotations

from heartsuite.hearts.cards import (
    HEARTS_MASK,
    JD_BIT,
    QS_BIT,
    QUEEN_SPADES,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    cards_of,
)
from heartsuite.hearts.phase import DONE, PASS, PLAY, Phase
from heartsuite.hearts.rules import Rules

PASS_SIZE = 3

# Reason keys for a refused card (the page translates them).
NOT_YOUR_TURN = "not_your_turn"
NOT_IN_HAND = "not_in_hand"
MUST_FOLLOW_SUIT = "must_follow_suit"
HEARTS_NOT_BROKEN = "hearts_not_broken"
NO_POINTS_FIRST_TRICK = "no_points_first_trick"
QUEEN_WAITS = "queen_waits_for_hearts"
MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
# Reason keys for a refused pass.
PASS_WRONG_COUNT = "pass_three_cards"
PASS_NOT_NOW = "no_pass_now"
PASS_ALREADY = "already_passed"


class IllegalMove(ValueError):
    """A refused action; `reason` is a key from this module, the message a sentence for a person."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class RoundConfig:
    """The numbers a round needs from its rules, computed once and shared by every copy."""

    __slots__ = (
        "facts",
        "first_bit",
        "first_lead",
        "hand_size",
        "must_break",
        "n",
        "no_pts_first",
        "penalty",
        "pts",
        "qs_anytime",
        "qs_breaks",
        "rules",
        "scoring",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.players
        self.hand_size = rules.hand_size()
        self.pts = rules.points()
        self.penalty = rules.penalty_mask()
        self.scoring = rules.scoring_mask()
        self.first_lead = rules.first_lead()
        self.first_bit = 1 << self.first_lead
        self.qs_anytime = rules.qs_lead_anytime
        self.qs_breaks = rules.qs_breaks_hearts
        self.must_break = rules.hearts_must_break
        self.no_pts_first = rules.no_points_first_trick
        self.facts: object = None  # what a policy derives from the rules, cached by the policy


_CONFIGS: dict[Rules, RoundConfig] = {}


def config_for(rules: Rules) -> RoundConfig:
    cfg = _CONFIGS.get(rules)
    if cfg is None:
        cfg = _CONFIGS[rules] = RoundConfig(rules)
    return cfg


class Round:
    """The state of one round. Seats are 0..n-1 clockwise; the left of seat s is s + 1."""

    __slots__ = (
        "broken",
        "cfg",
        "dealt",
        "hands",
        "leader",
        "led",
        "pass_offset",
        "passes",
        "phase",
        "played",
        "points",
        "taken",
        "trick",
        "trick_no",
        "trick_pts",
        "tricks",
        "turn",
        "voids",
        "win_rank",
        "win_seat",
    )

    def __init__(self, rules: Rules, hands: list[int], pass_offset: int = 0) -> None:
        """Start a round from the dealt hands (masks); with a pass offset, passing comes first."""
        cfg = config_for(rules)
        if len(hands) != cfg.n:
            raise ValueError(f"{cfg.n} hands needed")
        self.cfg = cfg
        self.dealt = list(hands)
        self.hands = list(hands)
        self.pass_offset = pass_offset % cfg.n
        self.passes: list[int | None] = [None] * cfg.n
        self.taken = [0] * cfg.n
        self.points = [0] * cfg.n
        self.voids = [0] * cfg.n
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.trick: list[int] = []
        self.trick_no = 0
        self.played = 0
        self.broken = not cfg.must_break
        self.led = -1
        self.win_seat = -1
        self.win_rank = -1
        self.trick_pts = 0
        self.leader = -1
        self.turn = -1
        self.phase: Phase = PASS
        if not self.pass_offset:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        bit = self.cfg.first_bit
        for seat, hand in enumerate(self.hands):
            if hand & bit:
                self.leader = self.turn = seat
                return
        raise ValueError("no seat holds the first lead card")

    @classmethod
    def replayed(cls, rules: Rules, hands_after_pass: list[int], plays: list[int]) -> Round:
        """The position after `plays` (cards in order) from hands as they were after passing.

        For a player that has sampled the hidden hands consistent with a view.
        """
        r = cls(rules, hands_after_pass, 0)
        for c in plays:
            r.play(c)
        return r

    def copy(self) -> Round:
        r = Round.__new__(Round)
        r.cfg = self.cfg
        r.dealt = self.dealt
        r.hands = self.hands[:]
        r.pass_offset = self.pass_offset
        r.passes = self.passes[:]
        r.taken = self.taken[:]
        r.points = self.points[:]
        r.voids = self.voids[:]
        r.tricks = self.tricks[:]
        r.trick = self.trick[:]
        r.trick_no = self.trick_no
        r.played = self.played
        r.broken = self.broken
        r.led = self.led
        r.win_seat = self.win_seat
        r.win_rank = self.win_rank
        r.trick_pts = self.trick_pts
        r.leader = self.leader
        r.turn = self.turn
        r.phase = self.phase
        return r

    @property
    def rules(self) -> Rules:
        return self.cfg.rules

    @property
    def is_over(self) -> bool:
        return self.phase == DONE

    # Passing -------------------------------------------------------------------------------

    def why_pass_illegal(self, seat: int, cards: list[int]) -> str | None:
        if self.phase != PASS:
            return PASS_NOT_NOW
        if not 0 <= seat < self.cfg.n:
            return NOT_YOUR_TURN
        if self.passes[seat] is not None:
            return PASS_ALREADY
        if len(cards) != PASS_SIZE or len(set(cards)) != PASS_SIZE:
            return PASS_WRONG_COUNT
        for c in cards:
            if not 0 <= c < 52 or not self.hands[seat] >> c & 1:
                return NOT_IN_HAND
        return None

    def submit_pass(self, seat: int, cards: list[int]) -> None:
        """Record one seat's three cards; when every seat has passed, exchange them all at once."""
        reason = self.why_pass_illegal(seat, cards)
        if reason:
            raise IllegalMove(reason, _PASS_MESSAGES[reason])
        mask = 0
        for c in cards:
            mask |= 1 << c
        self.passes[seat] = mask
        if all(p is not None for p in self.passes):
            n = self.cfg.n
            for s in range(n):
                self.hands[s] &= ~self.passes[s]  # type: ignore[operator]
            for s in range(n):
                self.hands[(s + self.pass_offset) % n] |= self.passes[s]  # type: ignore[operator]
            self._start_play()

    def waiting_to_pass(self) -> list[int]:
        return [s for s, p in enumerate(self.passes) if p is None] if self.phase == PASS else []

    def received(self, seat: int) -> int:
        """The cards passed to `seat` (0 until the exchange has happened)."""
        if not self.pass_offset or self.phase == PASS:
            return 0
        giver = (seat - self.pass_offset) % self.cfg.n
        return self.passes[giver] or 0

    # Trick play ----------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to play may play now (0 outside trick play)."""
        if self.phase != PLAY:
            return 0
        cfg = self.cfg
        hand = self.hands[self.turn]
        if self.trick:
            follow = hand & SUIT_MASKS[self.led]
            if follow:
                return follow
            if self.trick_no == 0 and cfg.no_pts_first:
                safe = hand & ~cfg.penalty
                return safe or hand
            return hand
        if self.trick_no == 0:
            return cfg.first_bit
        if self.broken:
            return hand
        allowed = hand & ~HEARTS_MASK
        if not cfg.qs_anytime:
            allowed &= ~QS_BIT
        return allowed or hand

    def legal_plays(self, seat: int | None = None) -> list[int]:
        """Legal cards of `seat` (default: the seat to play), lowest first; [] off its turn."""
        if seat is not None and seat != self.turn:
            return []
        return cards_of(self.legal_mask())

    def why_illegal(self, seat: int, card: int) -> str | None:
        """None if `seat` may play `card` now, else the reason key."""
        if self.phase != PLAY or seat != self.turn:
            return NOT_YOUR_TURN
        hand = self.hands[seat]
        if not 0 <= card < 52 or not hand >> card & 1:
            return NOT_IN_HAND
        if self.legal_mask() >> card & 1:
            return None
        if self.trick:
            if hand & SUIT_MASKS[self.led]:
                return MUST_FOLLOW_SUIT
            return NO_POINTS_FIRST_TRICK
        if self.trick_no == 0:
            return MUST_LEAD_LOWEST_CLUB
        if card == QUEEN_SPADES:
            return QUEEN_WAITS
        return HEARTS_NOT_BROKEN

    def play_checked(self, seat: int, card: int) -> None:
        reason = self.why_illegal(seat, card)
        if reason:
            raise IllegalMove(reason, PLAY_MESSAGES[reason])
        self.play(card)

    def play(self, card: int) -> None:
        """Play `card` for the seat to play. Unchecked: the caller has chosen a legal card."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        suit = SUIT_OF[card]
        rank = RANK_OF[card]
        cfg = self.cfg
        if suit == 3 or (card == QUEEN_SPADES and cfg.qs_breaks):
            self.broken = True
        trick = self.trick
        if not trick:
            self.led = suit
            self.win_seat = seat
            self.win_rank = rank
            self.trick_pts = cfg.pts[card]
            self.leader = seat
        else:
            self.trick_pts += cfg.pts[card]
            if suit == self.led:
                if rank > self.win_rank:
                    self.win_rank = rank
                    self.win_seat = seat
            else:
                self.voids[seat] |= 1 << self.led
        trick.append(card)
        if len(trick) < cfg.n:
            self.turn = seat + 1 if seat + 1 < cfg.n else 0
            return
        winner = self.win_seat
        mask = 0
        for c in trick:
            mask |= 1 << c
        self.taken[winner] |= mask
        self.points[winner] += self.trick_pts
        self.tricks.append((self.leader, tuple(trick)))
        self.trick = []
        self.trick_no += 1
        self.leader = self.turn = winner
        if self.trick_no == cfg.hand_size:
            self.phase = DONE
            self.turn = -1

    # Results -------------------------------------------------------------------------------

    def points_settled(self) -> bool:
        """Whether every scoring card (Omnibus: J♦ too) has been taken: the round's points are
        final."""
        taken = 0
        for t in self.taken:
            taken |= t
        return taken & self.cfg.scoring == self.cfg.scoring

    def moon_shooter(self) -> int | None:
        """The seat that took every penalty card this round, if any (once they are all taken;
        J♦ of Omnibus does not count)."""
        penalty = self.cfg.penalty
        if not penalty:
            return None
        if self.phase != DONE:
            taken = 0
            for t in self.taken:
                taken |= t
            if taken & penalty != penalty:
                return None
        for seat, taken in enumerate(self.taken):
            if taken & penalty == penalty:
                return seat
        return None

    def jack_taker(self) -> int | None:
        """Omnibus: the seat that took J♦ this round (None before it is taken, or without the
        option)."""
        if not self.cfg.rules.omnibus:
            return None
        for seat, taken in enumerate(self.taken):
            if taken & JD_BIT:
                return seat
        return None

    def holder(self, card: int) -> int | None:
        """The seat whose hand holds `card` now, if any."""
        for seat, hand in enumerate(self.hands):
            if hand >> card & 1:
                return seat
        return None


PLAY_MESSAGES = {
    NOT_YOUR_TURN: "It is not your turn to play.",
    NOT_IN_HAND: "That card is not in your hand.",
    MUST_FOLLOW_SUIT: "You must follow the suit that was led.",
    HEARTS_NOT_BROKEN: "Hearts may not be led until a heart has been played.",
    NO_POINTS_FIRST_TRICK: "No heart or scoring card may be played on the first trick.",
    QUEEN_WAITS: "The queen of spades may not be led until hearts are broken.",
    MUST_LEAD_LOWEST_CLUB: "The first trick must be led with the lowest club.",
}
_PASS_MESSAGES = {
    PASS_NOT_NOW: "There is no passing now.",
    NOT_YOUR_TURN: "No such seat.",
    PASS_ALREADY: "You have already passed.",
    PASS_WRONG_COUNT: "Pass exactly three different cards.",
    NOT_IN_HAND: "You can only pass cards from your hand.",
}
