"""Heart to Heart: a Pyramid-family solitaire in a heart-shaped layout (SPEC §1).

The public API other parts of the project build on is re-exported here.
"""

from heartsuite.h2h.deal import (
    CodeError,
    Deal,
    canonical_code,
    deal_for_number,
    deal_from_rng,
    format_code,
    parse_code,
)
from heartsuite.h2h.game import Game, GameRecordError, Hints, Settings, TapEvent
from heartsuite.h2h.moves import DRAW, REDEAL, Move, MoveSyntaxError, parse_move
from heartsuite.h2h.state import (
    MESSAGES,
    IllegalMove,
    State,
    apply,
    free_of,
    is_blocked,
    is_won,
    legal_moves,
    replay,
)

__all__ = [
    "DRAW",
    "MESSAGES",
    "REDEAL",
    "CodeError",
    "Deal",
    "Game",
    "GameRecordError",
    "Hints",
    "IllegalMove",
    "Move",
    "MoveSyntaxError",
    "Settings",
    "State",
    "TapEvent",
    "apply",
    "canonical_code",
    "deal_for_number",
    "deal_from_rng",
    "format_code",
    "free_of",
    "is_blocked",
    "is_won",
    "legal_moves",
    "parse_code",
    "parse_move",
    "replay",
]
