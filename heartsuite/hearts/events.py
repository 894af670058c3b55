"""What happened in a game of Hearts, as `Game.act` reports it: one typed event per fact.

Every event carries only public facts, except an event about one seat's hidden cards, which
names the one seat that may see it (`seat_only`). `visible_to(seat)` says whether a seat (or a
spectator, None) may be told it; a table with several people sends each only what it may see.

`page_json` turns an event into the JSON object the Hearts page receives (docs/web-hearts.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartsuite.hearts.cards import card_text


@dataclass(frozen=True, kw_only=True)
class Event:
    """The base of every event: public unless `seat_only` names the one seat that may see it."""

    seat_only: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """May `seat` (None: a spectator) be told this event?"""
        return self.seat_only is None or self.seat_only == seat


@dataclass(frozen=True)
class RoundDealt(Event):
    """A round has been dealt (0-based `round_index`) and passes `pass_name` (or "none")."""

    round_index: int
    pass_name: str


@dataclass(frozen=True)
class Passed(Event):
    """`seat` has chosen its three cards (which ones is its own secret)."""

    seat: int


@dataclass(frozen=True)
class Exchanged(Event):
    """Every seat has passed and the cards have changed hands."""


@dataclass(frozen=True)
class CardsReceived(Event):
    """Private to the receiver: the cards passed to it (in card order) and the seat they came
    from."""

    seat: int
    cards: tuple[int, ...]
    giver: int


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: int


@dataclass(frozen=True)
class HeartsBroken(Event):
    """Hearts may be led from now on in this round."""


@dataclass(frozen=True)
class TrickWon(Event):
    """A trick is complete: its cards in the order played from `leader`, and its points."""

    leader: int
    winner: int
    cards: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class MoonShot(Event):
    """`seat` has taken every scoring card of the round."""

    seat: int


@dataclass(frozen=True)
class MoonChoiceAsked(Event):
    """Mixed Moon: the shooter `seat` must choose "old" (the others score) or "new"."""

    seat: int


@dataclass(frozen=True)
class MoonChosen(Event):
    seat: int
    choice: str


@dataclass(frozen=True)
class Scored(Event):
    """A round is scored: 0-based `round_index`, its points per seat, the moon shooter (if any)
    and the game totals after it; under Omnibus, `jack` is the seat that took J♦ (-10)."""

    round_index: int
    points: tuple[int, ...]
    moon: int | None
    totals: tuple[int, ...]
    jack: int | None = None


@dataclass(frozen=True)
class GameOver(Event):
    winner: int
    totals: tuple[int, ...]


def page_json(event: Event) -> dict[str, Any] | None:
    """The JSON object the Hearts page receives for this event, or None for the two it is not
    sent: `Exchanged` (each seat hears of the exchange through its `CardsReceived`, which says
    more) and `MoonShot` (its `Scored` names the shooter)."""
    match event:
        case RoundDealt(round_index=index, pass_name=name):
            return {"kind": "round", "round": index, "pass": name}
        case Passed(seat=seat):
            return {"kind": "passed", "seat": seat}
        case CardsReceived(cards=cards, giver=giver):
            return {"kind": "exchange", "received": _texts(cards), "from": giver}
        case Played(seat=seat, card=card):
            return {"kind": "play", "seat": seat, "card": card_text(card)}
        case HeartsBroken():
            return {"kind": "broken"}
        case TrickWon(leader=leader, winner=winner, cards=cards, points=points):
            return {"kind": "trick", "leader": leader, "winner": winner, "cards": _texts(cards),
                    "points": points}
        case MoonChoiceAsked(seat=seat):
            return {"kind": "moon_choice", "seat": seat}
        case MoonChosen(seat=seat, choice=choice):
            return {"kind": "moon_chosen", "seat": seat, "choice": choice}
        case Scored(round_index=index, points=points, moon=moon, totals=totals, jack=jack):
            out: dict[str, Any] = {"kind": "scored", "round": index, "points": list(points),
                                   "moon": moon, "totals": list(totals)}
            if jack is not None:
                out["jack"] = jack  # Omnibus only: a game without it sends what it always did
            return out
        case GameOver(winner=winner, totals=totals):
            return {"kind": "over", "winner": winner, "totals": list(totals)}
    return None


def _texts(cards: tuple[int, ...]) -> list[str]:
    return [card_text(c) for c in cards]


__all__ = [
    "CardsReceived",
    "Event",
    "Exchanged",
    "GameOver",
    "HeartsBroken",
    "MoonChoiceAsked",
    "MoonChosen",
    "MoonShot",
    "Passed",
    "Played",
    "RoundDealt",
    "Scored",
    "TrickWon",
    "page_json",
]
