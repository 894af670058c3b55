"""What one seat may know: the only game state a player (or the browser) ever receives.

A seat sees its own hand, the cards it passed (and so knows where they went) and received, every
card played, which seat has shown a void in which suit, and the scores. It never sees another
seat's unplayed cards, except the ones it passed to them. `Game.view(seat)` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartsuite.hearts.cards import SUITS, CardError, card_text, mask_of, parse_cards, texts
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.rules import Rules, RulesError, deck_mask


class ViewError(ValueError):
    """A seat view's JSON that cannot be read back (a program client got something else)."""


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
    jacks: tuple[int | None, ...] = ()  # Omnibus: per finished round, the seat that took J♦

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
            "jacks": list(self.jacks),
        }

    @staticmethod
    def from_json(data: object) -> SeatView:
        """Read back what `to_json` wrote (what a table's socket sends a seat), so a program
        client can hand it to the same players the server runs. `played` is not sent: it is
        every card of the finished tricks and of the trick on the table. Extra keys (a table
        adds `names`) are ignored. Raises ViewError on anything malformed."""
        if not isinstance(data, dict):
            raise ViewError("a seat view must be a JSON object")
        try:
            tricks = tuple((_int(t["leader"]), tuple(parse_cards(t["cards"])))
                           for t in _list(data["tricks"]))
            trick = data["trick"]
            current = tuple(parse_cards(trick["cards"]))
            played = mask_of(c for _, cards in tricks for c in cards) | mask_of(current)
            voids = tuple(sum(1 << SUITS.index(s) for s in _list(v)) for v in _list(data["voids"]))
            moon = data["moon_options"]
            return SeatView(
                seat=_int(data["seat"]),
                rules=Rules.from_json(data["rules"]),
                code=data["code"] if isinstance(data["code"], str) else None,
                round_index=_int(data["round"]),
                phase=Phase(data["phase"]),
                pass_name=str(data["pass"]),
                hand=mask_of(parse_cards(data["hand"])),
                passed=mask_of(parse_cards(data["passed"])),
                passed_to=_seat(data["passed_to"]),
                received=mask_of(parse_cards(data["received"])),
                received_from=_seat(data["received_from"]),
                waiting_to_pass=tuple(_int(x) for x in _list(data["waiting_to_pass"])),
                tricks=tricks,
                trick_leader=_seat(trick["leader"]),
                trick=current,
                played=played,
                voids=voids,
                hearts_broken=bool(data["hearts_broken"]),
                hand_sizes=tuple(_int(x) for x in _list(data["hand_sizes"])),
                taken=tuple(mask_of(parse_cards(t)) for t in _list(data["taken"])),
                round_points=tuple(_int(x) for x in _list(data["round_points"])),
                totals=tuple(_int(x) for x in _list(data["totals"])),
                history=tuple(tuple(_int(x) for x in _list(h)) for h in _list(data["history"])),
                turn=_seat(data["turn"]),
                legal=mask_of(parse_cards(data["legal"])),
                moon_options=None if moon is None else {
                    str(k): [_int(x) for x in _list(v)] for k, v in dict(moon).items()},
                jacks=tuple(_seat(x) for x in _list(data.get("jacks", []))),
            )
        except (KeyError, TypeError, CardError, RulesError, ViewError) as exc:
            raise ViewError(f"not a seat view: {exc}") from None
        except ValueError as exc:  # an unknown phase or suit letter
            raise ViewError(f"not a seat view: {exc}") from None


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ViewError(f"expected a list, got {type(value).__name__}")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ViewError(f"expected a whole number, got {value!r}")
    return value


def _seat(value: object) -> int | None:
    return None if value is None else _int(value)
