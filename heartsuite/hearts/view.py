"""What one seat may know: the only game state a player (or the browser) ever receives.

A seat sees its own hand, the cards it passed (and so knows where they went) and received, every
card played, which seat has shown a void in which suit, and the scores. It never sees another
seat's unplayed cards, except the ones it passed to them. `Game.view(seat)` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartsuite.hearts.cards import SUITS, card_text, texts
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.rules import Rules, deck_mask


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge. Card sets are masks (bit `1 << card`); `to_json` writes card text."""

    seat: int
    rules: Rules
    code: str | None
    round_index: int
    phase: Phase  # PASS, PLAY, MOON_CHOICE or OVER
    pass_name: str  # "left", "right", "across" or "none"
    hand: int
    passed: int  # the cards this seat passed this round (0 before it passes)
    passed_to: int | None
    received: int  # the cards passed to this seat (0 until the exchange)
    received_from: int | None
    waiting_to_pass: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[int, ...]], ...]  # finished tricks: (leader, cards in order)
    trick_leader: int | None
    trick: tuple[int, ...]  # the current trick so far
    played: int  # every card played this round
    voids: tuple[int, ...]  # per seat: bit s set when it has shown it holds no suit s
    hearts_broken: bool
    hand_sizes: tuple[int, ...]
    taken: tuple[int, ...]  # per seat: the cards it has won this round (public)
    round_points: tuple[int, ...]  # per seat: points taken this round so far
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]  # scores of each finished round
    turn: int | None
    legal: int  # this seat's legal plays now (0 if it is not to play)
    moon_options: dict[str, list[int]] | None  # when this seat must choose its moon

    def hidden(self) -> int:
        """The cards this seat cannot see: not in its hand and not yet played."""
        return deck_mask(self.rules.players) & ~self.hand & ~self.played

    def known_elsewhere(self) -> int:
        """Cards this seat passed that the receiver still holds."""
        return self.passed & ~self.played if self.phase != Phase.PASS else 0

    def to_json(self) -> dict[str, Any]:
        """For the browser: card text and suit letters instead of masks."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "code": self.code,
            "round": self.round_index,
            "phase": self.phase,
            "pass": self.pass_name,
            "hand": texts(self.hand),
            "passed": texts(self.passed),
            "passed_to": self.passed_to,
            "received": texts(self.received),
            "received_from": self.received_from,
            "waiting_to_pass": list(self.waiting_to_pass),
            "tricks": [{"leader": lead, "cards": [card_text(c) for c in cards]}
                       for lead, cards in self.tricks],
            "trick": {"leader": self.trick_leader, "cards": [card_text(c) for c in self.trick]},
            "voids": [[SUITS[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "hearts_broken": self.hearts_broken,
            "hand_sizes": list(self.hand_sizes),
            "taken": [texts(t) for t in self.taken],
            "round_points": list(self.round_points),
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "turn": self.turn,
            "legal": texts(self.legal),
            "moon_options": self.moon_options,
        }
