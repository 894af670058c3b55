"""The game a person plays: taps (SPEC §1.4), placement help, undo (§1.5) and saving.

`Game` wraps the pure rules of `state.py` with what only a person needs: a selected card, the
settings, the last 100 positions for undo, and the move line that, with the deal, is the whole
saved game.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from heartsuite.h2h.cards import parse_rank, rank_name
from heartsuite.h2h.deal import CodeError, Deal
from heartsuite.h2h.layout import SIZE, positions
from heartsuite.h2h.moves import DRAW, REDEAL, Move, MoveSyntaxError, parse_move
from heartsuite.h2h.state import MESSAGES, IllegalMove, State, apply, is_blocked, is_won

UNDO_LIMIT = 100
RECORD_KIND = "heart-to-heart"

Target = int | Literal["waste", "stock"]
Card = int | Literal["waste"]  # a card a person can select: a layout position or the waste top
Dealer = Callable[[str], Deal]  # reads a deal code into its deal (raises CodeError)


class GameRecordError(ValueError):
    """A saved game that cannot be read or replayed; the message says what is wrong."""


@dataclass
class Settings:
    """A person's choices: Move errors says why a tap was refused; Placement help marks cards."""

    move_errors: bool = False
    placement_help: bool = True


@dataclass(frozen=True)
class TapEvent:
    """What a tap (or an undo) did, for the page to render.

    kind: selected, deselected, pair_removed, drew, redealt, nothing, undone or refused.
    cards: the cards involved (layout positions and/or "waste"). reason: a key of MESSAGES when
    the tap did not do what it aimed at (e.g. must_be_same_rank: another rank became selected);
    message: its English text; error: that text only when Move errors is on (else None).
    """

    kind: str
    cards: tuple[Card, ...] = ()
    move: str | None = None
    reason: str | None = None
    message: str | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for the server to send to the page."""
        return asdict(self) | {"cards": list(self.cards)}


@dataclass(frozen=True)
class Hints:
    """Placement help. playable: free cards (and the waste top) with a partner now. partners: the
    cards the selected card can pair with. dimmed: while a card is selected, every visible card
    that cannot pair with it (the selected card itself excepted)."""

    playable: frozenset[Card] = field(default_factory=frozenset)
    partners: frozenset[Card] = field(default_factory=frozenset)
    dimmed: frozenset[Card] = field(default_factory=frozenset)

    def to_dict(self) -> dict[str, list[Card]]:
        """JSON-ready lists, positions ascending and the waste last."""
        names = ("playable", "partners", "dimmed")
        return {name: _sorted_cards(getattr(self, name)) for name in names}


def _sorted_cards(cards: frozenset[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: SIZE + 1 if c == "waste" else c)


class Game:
    """An interactive session over one deal."""

    def __init__(self, deal: Deal, settings: Settings | None = None) -> None:
        self.deal = deal
        self.settings = settings or Settings()
        self.state = State.initial(deal)
        self.selected: Card | None = None
        self.line: list[Move] = []  # every move played and not undone, from the deal
        self._undo: deque[State] = deque(maxlen=UNDO_LIMIT)

    @classmethod
    def from_code(cls, code: str, settings: Settings | None = None, *,
                  dealer: Dealer = Deal.from_code) -> Game:
        """A new game of the deal a code stands for (raises CodeError). `dealer` reads the code:
        the default deals class `N`; pass `heartsuite.solver.deal_from_code` for class `W`."""
        return cls(dealer(code), settings)

    # -- status ------------------------------------------------------------------------------

    @property
    def won(self) -> bool:
        """All 25 layout cards are gone."""
        return is_won(self.state)

    @property
    def blocked(self) -> bool:
        """No card can ever be removed again: the page offers Undo or New game."""
        return is_blocked(self.state)

    def rank_of(self, card: Card) -> int | None:
        """The rank of a selectable card, None if it is not there."""
        if card == "waste":
            return self.state.waste_top
        return self.deal.layout[card - 1] if self.state.present >> (card - 1) & 1 else None

    def _selectable(self) -> list[Card]:
        cards: list[Card] = list(positions(self.state.free))
        if self.state.split:
            cards.append("waste")
        return cards

    # -- moves -------------------------------------------------------------------------------

    def play(self, move: Move | str) -> State:
        """Play a move (object or notation); raises IllegalMove or MoveSyntaxError, changing
        nothing. Clears the selection."""
        if isinstance(move, str):
            move = parse_move(move)
        after = apply(self.state, move)
        self._undo.append(self.state)
        self.line.append(move)
        self.state = after
        self.selected = None
        return after

    def undo(self) -> TapEvent:
        """Take back the last move exactly (score and moves included); refused past 100 back."""
        if not self._undo:
            reason = "undo_limit" if self.line else "nothing_to_undo"
            return self._event("refused", reason=reason)
        self.state = self._undo.pop()
        move = self.line.pop()
        self.selected = None
        return TapEvent("undone", move=str(move))

    @property
    def can_undo(self) -> bool:
        """Whether undo would take a move back (for enabling the button)."""
        return bool(self._undo)

    # -- tapping -----------------------------------------------------------------------------

    def _event(self, kind: str, cards: tuple[Card, ...] = (), reason: str | None = None,
               move: Move | None = None) -> TapEvent:
        message = MESSAGES[reason] if reason else None
        error = message if self.settings.move_errors else None
        return TapEvent(kind, cards, str(move) if move else None, reason, message, error)

    def tap(self, target: Target) -> TapEvent:
        """Tap a layout position 1..25, "waste" or "stock", exactly as SPEC §1.4."""
        if target == "stock":
            return self._tap_stock()
        if target != "waste" and not (type(target) is int and 1 <= target <= SIZE):
            raise ValueError(f"tap a position 1..{SIZE}, 'waste' or 'stock', not {target!r}")
        if self.won:
            return self._event("nothing", (target,), "game_won")
        rank = self.rank_of(target)
        if rank is None:
            return self._event("nothing", (target,), "no_waste" if target == "waste" else "empty")
        if target != "waste" and not self.state.free >> (target - 1) & 1:
            return self._event("nothing", (target,), "card_covered")
        selected = self.selected
        if selected is None:
            self.selected = target
            return self._event("selected", (target,))
        if selected == target:
            self.selected = None
            return self._event("deselected", (target,))
        if self.rank_of(selected) != rank:
            self.selected = target
            return self._event("selected", (target,), "must_be_same_rank")
        if isinstance(selected, int) and isinstance(target, int):
            move = Move.pair(selected, target)
        else:
            move = Move.with_waste(target if isinstance(target, int) else int(selected))
        self.play(move)
        return self._event("pair_removed", (selected, target), move=move)

    def _tap_stock(self) -> TapEvent:
        self.selected = None
        state = self.state
        if self.won:
            return self._event("nothing", reason="game_won")
        if state.split < len(state.talon):
            self.play(DRAW)
            return self._event("drew", move=DRAW)
        if state.split:
            self.play(REDEAL)
            return self._event("redealt", move=REDEAL)
        return self._event("nothing", reason="empty")

    # -- placement help ----------------------------------------------------------------------

    def hints(self) -> Hints:
        """Placement help for the current position and selection (computed whatever the setting;
        the page shows it when `settings.placement_help` is on)."""
        cards = self._selectable()
        by_rank: dict[int | None, list[Card]] = {}
        for card in cards:
            by_rank.setdefault(self.rank_of(card), []).append(card)
        playable = frozenset(c for group in by_rank.values() if len(group) > 1 for c in group)
        selected = self.selected
        if selected is None:
            return Hints(playable)
        group = by_rank.get(self.rank_of(selected), [])
        partners = frozenset(c for c in group if c != selected)
        visible: set[Card] = set(positions(self.state.present))
        if self.state.split:
            visible.add("waste")
        return Hints(playable, partners, frozenset(visible - partners - {selected}))

    # -- a page's view and saving ------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the page draws, JSON-ready (ranks as names; removed positions as null)."""
        state = self.state
        top = state.waste_top
        return {
            "code": self.deal.code,
            "layout": [
                rank_name(r) if state.present >> i & 1 else None
                for i, r in enumerate(self.deal.layout)
            ],
            "free": positions(state.free),
            "stock": len(state.stock),
            "waste": len(state.waste),
            "waste_top": rank_name(top) if top else None,
            "selected": self.selected,
            "score": state.score,
            "moves": state.moves,
            "won": self.won,
            "blocked": self.blocked,
            "can_undo": self.can_undo,
            "hints": self.hints().to_dict(),
            "settings": asdict(self.settings),
        }

    def to_dict(self) -> dict[str, Any]:
        """The saved game: the deal's code (or its cards when it has none) and the move line."""
        record: dict[str, Any] = {"game": RECORD_KIND, "code": self.deal.code}
        if self.deal.code is None:
            record["deal"] = {
                part: [rank_name(r) for r in getattr(self.deal, part)]
                for part in ("layout", "stock", "waste")
            }
        record["moves"] = [str(m) for m in self.line]
        record["settings"] = asdict(self.settings)
        return record

    def to_json(self) -> str:
        """The saved game as compact JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, record: dict[str, Any], *, dealer: Dealer = Deal.from_code) -> Game:
        """Replay a saved game to the identical position; GameRecordError if it cannot be.
        `dealer` deals the record's code, as for `from_code`."""
        if not isinstance(record, dict) or record.get("game") != RECORD_KIND:
            raise GameRecordError(f"not a saved game: it needs \"game\": \"{RECORD_KIND}\"")
        game = cls(_record_deal(record, dealer), _record_settings(record.get("settings", {})))
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise GameRecordError("\"moves\" must be a list of moves in notation")
        for index, text in enumerate(moves, 1):
            try:
                game.play(str(text))
            except (IllegalMove, MoveSyntaxError) as exc:
                raise GameRecordError(f"move {index} ({text}) cannot be played: {exc}") from None
        return game

    @classmethod
    def from_json(cls, text: str | dict[str, Any], *, dealer: Dealer = Deal.from_code) -> Game:
        """from_dict over JSON text (or an already-parsed object)."""
        if isinstance(text, dict):
            return cls.from_dict(text, dealer=dealer)
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            raise GameRecordError(f"not JSON: {exc}") from None
        return cls.from_dict(record, dealer=dealer)


def _record_deal(record: dict[str, Any], dealer: Dealer) -> Deal:
    code = record.get("code")
    if code is not None:
        if not isinstance(code, str):
            raise GameRecordError("\"code\" must be a deal code string")
        try:
            return dealer(code)
        except CodeError as exc:
            raise GameRecordError(f"bad deal code: {exc}") from None
    cards = record.get("deal")
    if not isinstance(cards, dict):
        raise GameRecordError("a saved game needs a \"code\" or its \"deal\" cards")
    try:
        parts = [[parse_rank(str(r)) for r in cards[part]] for part in ("layout", "stock", "waste")]
        layout, stock, waste = parts
        return Deal.explicit(layout, stock, waste)
    except (KeyError, TypeError, ValueError) as exc:
        raise GameRecordError(f"bad \"deal\" cards: {exc}") from None


def _record_settings(raw: Any) -> Settings:
    if not isinstance(raw, dict):
        raise GameRecordError("\"settings\" must be an object")
    settings = Settings()
    for name, value in raw.items():
        if name not in ("move_errors", "placement_help") or not isinstance(value, bool):
            raise GameRecordError(f"unknown or non-boolean setting {name!r}")
        setattr(settings, name, value)
    return settings
