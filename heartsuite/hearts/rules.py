"""Every rule setting of SPEC §2.2 and the variant presets of §2.3, as one frozen value.

The engine reads nothing but this object, so a game record that carries its rules replays exactly.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any

from heartsuite.hearts.cards import (
    ACE_SPADES,
    HEARTS,
    JACK_DIAMONDS,
    KING_SPADES,
    QUEEN_SPADES,
    THREE_CLUBS,
    TWO_CLUBS,
    card,
)

MOONS = ("old", "new", "mixed", "none")
VARIANTS = ("black-lady", "original", "black-maria", "spot", "partnership", "reverse")
# Omnibus is played with the point games where taking few points is the aim and the moon is
# hearts and Q♠; not with Black Maria (its own spade penalties and 43-point moon) nor Reverse
# (points are wanted there, so a card worth -10 would be one to avoid, the option upside down).
OMNIBUS_REFUSED = ("black-maria", "reverse")
JACK_POINTS = -10
PASS_NAMES = ("none", "left", "across", "right")  # index = seat offset of the receiver (4 players)


class RulesError(ValueError):
    """Rules that cannot be used; the message says which setting and why."""


@dataclass(frozen=True)
class Rules:
    """One complete rule set. Defaults are Black Lady as SPEC §2.1 describes it."""

    variant: str = "black-lady"
    players: int = 4
    target: int = 100
    rounds: int = 0  # > 0: the game lasts this many rounds instead of playing to the target
    passing: bool = True
    qs_lead_anytime: bool = True
    qs_breaks_hearts: bool = False
    hearts_must_break: bool = True
    no_points_first_trick: bool = True
    moon: str = "old"  # old: others +all; new: shooter -all; mixed: shooter may choose; none
    moon_spares_partner: bool = False  # Partnership: the shooter's partner scores nothing
    spot_hearts: bool = False  # each heart scores its face value (2..10, J 11 .. A 14)
    queen_points: int = 13
    king_spades_points: int = 0
    ace_spades_points: int = 0
    partnership: bool = False  # partners sit across (0 & 2, 1 & 3); team totals decide
    reverse: bool = False  # the highest total wins
    omnibus: bool = False  # J♦ scores -10 for its taker; the moon is the other scoring cards

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            want = {"str": str, "int": int, "bool": bool}[str(f.type)]
            if type(value) is not want:
                raise RulesError(f"rule {f.name!r} must be {f.type}, got {value!r}")
        if self.variant not in VARIANTS:
            raise RulesError(f"unknown variant {self.variant!r}; one of {', '.join(VARIANTS)}")
        if self.players not in (3, 4):
            raise RulesError("players must be 3 or 4")
        if not 1 <= self.target <= 10_000:
            raise RulesError("target must be between 1 and 10000")
        if not 0 <= self.rounds <= 1000:
            raise RulesError("rounds must be between 0 and 1000 (0: play to the target)")
        if self.moon not in MOONS:
            raise RulesError(f"moon must be one of {', '.join(MOONS)}")
        for name in ("queen_points", "king_spades_points", "ace_spades_points"):
            if not 0 <= getattr(self, name) <= 100:
                raise RulesError(f"{name} must be between 0 and 100")
        if self.partnership and self.players != 4:
            raise RulesError("partnership needs 4 players")
        if self.moon != "none" and self.total_points() == 0:
            raise RulesError("a moon rule needs cards that score")
        if self.omnibus and (self.reverse or self.variant in OMNIBUS_REFUSED):
            name = "Reverse Hearts" if self.reverse or self.variant == "reverse" else "Black Maria"
            raise RulesError(f"omnibus (J♦ -10) is not played with {name}: it is an option of "
                             "Black Lady, Original, Spot and Partnership Hearts")

    @staticmethod
    def variant_named(name: str) -> Rules:
        """The preset of SPEC §2.3 with that name."""
        key = name.strip().lower()
        presets: dict[str, dict[str, Any]] = {
            "black-lady": {},
            "original": {"passing": False, "queen_points": 0, "moon": "none"},
            "black-maria": {"players": 3, "king_spades_points": 10, "ace_spades_points": 7},
            "spot": {"spot_hearts": True, "queen_points": 25},
            "partnership": {"partnership": True, "moon_spares_partner": True},
            "reverse": {"reverse": True, "moon": "none"},
        }
        if key not in presets:
            raise RulesError(f"unknown variant {name!r}; one of {', '.join(VARIANTS)}")
        return Rules(variant=key, **presets[key])

    # `Rules.variant("spot")` reads naturally at call sites; the field of the same name holds the
    # preset a rule set started from, so the class attribute is installed after the class body.

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some settings changed (validated; RulesError for an unknown setting)."""
        known = {f.name for f in fields(Rules)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise RulesError(f"unknown rule setting {unknown[0]!r}")
        return replace(self, **changes)

    # Derived numbers -----------------------------------------------------------------------

    def deck(self) -> tuple[int, ...]:
        """The cards in play, in the fixed deck order (card order); Black Maria drops 2♣."""
        return deck_for(self.players)

    def hand_size(self) -> int:
        return len(self.deck()) // self.players

    def first_lead(self) -> int:
        """The card that must open the first trick: 2♣, or 3♣ when 2♣ is out of the deck."""
        return TWO_CLUBS if self.players == 4 else THREE_CLUBS

    def points(self) -> tuple[int, ...]:
        """Points of each of the 52 cards (Omnibus: J♦ -10, the only card below 0)."""
        return points_table(self)

    def total_points(self) -> int:
        """The points of the penalty cards, what shooting the moon takes (J♦ not counted)."""
        return sum(p for p in self.points() if p > 0)

    def round_total(self) -> int:
        """What a round's raw points add up to: the penalty cards, plus J♦'s -10 (Omnibus)."""
        return sum(self.points())

    def penalty_mask(self) -> int:
        """The cards that score against their taker; taking all of them is shooting the moon."""
        return sum(1 << c for c, p in enumerate(self.points()) if p > 0)

    def scoring_mask(self) -> int:
        """Every card that changes the score: the penalty cards and (Omnibus) J♦. Once they
        are all taken, the round's points are final."""
        return sum(1 << c for c, p in enumerate(self.points()) if p)

    def pass_cycle(self) -> tuple[int, ...]:
        """Receiver offsets of the pass cycle: left, right, across, none (3 players: no across)."""
        if not self.passing:
            return (0,)
        return (1, 3, 2, 0) if self.players == 4 else (1, 2, 0)

    def pass_offset(self, round_index: int) -> int:
        cycle = self.pass_cycle()
        return cycle[round_index % len(cycle)]

    def pass_name(self, round_index: int) -> str:
        return pass_name(self.pass_offset(round_index), self.players)

    # JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A fresh dict of every setting (from a cache: every view a table sends carries its
        rules, and `asdict` would dominate building it)."""
        return dict(_rules_json(self))

    @staticmethod
    def from_json(data: object) -> Rules:
        """Read rules from JSON: a named variant's preset, with any listed setting overriding it."""
        if data is None:
            return Rules()
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        variant = data.get("variant", "black-lady")
        if not isinstance(variant, str):
            raise RulesError("rule 'variant' must be text")
        return Rules.variant_named(variant).with_options(
            **{k: v for k, v in data.items() if k != "variant"})


Rules.variant = staticmethod(Rules.variant_named)  # type: ignore[assignment]


def pass_name(offset: int, players: int) -> str:
    """`left`, `right`, `across` or `none` for a receiver offset."""
    if offset == 0:
        return "none"
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    return "across"


@lru_cache(maxsize=4)
def deck_for(players: int) -> tuple[int, ...]:
    return tuple(c for c in range(52) if players == 4 or c != TWO_CLUBS)


@lru_cache(maxsize=8)
def deck_mask(players: int) -> int:
    """`deck_for` as a bit mask."""
    return sum(1 << c for c in deck_for(players))


@lru_cache(maxsize=64)
def points_table(rules: Rules) -> tuple[int, ...]:
    pts = [0] * 52
    for rank in range(13):
        pts[card(rank, HEARTS)] = rank + 2 if rules.spot_hearts else 1
    pts[QUEEN_SPADES] = rules.queen_points
    pts[KING_SPADES] = rules.king_spades_points
    pts[ACE_SPADES] = rules.ace_spades_points
    if rules.omnibus:
        pts[JACK_DIAMONDS] = JACK_POINTS
    return tuple(pts)


@lru_cache(maxsize=256)
def _rules_json(rules: Rules) -> dict[str, Any]:
    return asdict(rules)
