"""Heart to Heart as the pages draw it without the engine: the heart's geometry, and a deal
replayed move by move as frames, cards face up (sent only once the deal is no secret: the rules
page's example, a finished game's solution)."""

from __future__ import annotations

from typing import Any

from heartsuite.h2h.cards import rank_name
from heartsuite.h2h.deal import Deal
from heartsuite.h2h.layout import PLACES
from heartsuite.h2h.moves import Move
from heartsuite.h2h.state import State, apply


def geometry() -> list[dict[str, int]]:
    """Row and half-card offset of each position 1..25 (SPEC §1.2), for the page's layout."""
    return [{"pos": p, "row": row, "x": x} for p, (row, x) in enumerate(PLACES) if p]


def frame(state: State, move: Move | None) -> dict[str, Any]:
    """One step of a replay."""
    top = state.waste_top
    return {
        "move": None if move is None else str(move),
        "layout": [rank_name(r) if state.present >> i & 1 else None
                   for i, r in enumerate(state.deal.layout)],
        "stock": len(state.stock),
        "waste": len(state.waste),
        "waste_top": rank_name(top) if top else None,
        "score": state.score,
        "moves": state.moves,
    }


def frames(deal: Deal, moves: list[Move]) -> list[dict[str, Any]]:
    """The deal, then the position after each move."""
    state = State.initial(deal)
    out = [frame(state, None)]
    for move in moves:
        state = apply(state, move)
        out.append(frame(state, move))
    return out
