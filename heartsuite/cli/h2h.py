"""`heartsuite deal` and `heartsuite play`: Heart to Heart deals and positions on the command line.

The JSON shapes printed here are relied on by scripts and tests (docs/heart-to-heart.md).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from heartsuite.cli import UserError
from heartsuite.h2h.cards import rank_name
from heartsuite.h2h.deal import CodeError, Deal
from heartsuite.h2h.layout import PLACES, ROW_OFFSETS, SIZE, positions
from heartsuite.h2h.moves import MoveSyntaxError, parse_move
from heartsuite.h2h.state import IllegalMove, State, apply, is_blocked, is_won, legal_moves
from heartsuite.solver import deal_from_code

HALF_WIDTH = 3  # characters per half card width in the text picture


def register(subparsers: Any) -> None:
    deal = subparsers.add_parser(
        "deal", help="show the Heart to Heart deal of a code",
        description="Show the deal a code stands for, e.g. heartsuite deal HH1-N-AAAAAAM.",
    )
    deal.add_argument("code", metavar="CODE", help="a deal code such as HH1-N-AAAAAAM")
    deal.add_argument("--json", action="store_true", help="print the deal as JSON")
    deal.set_defaults(func=run_deal)

    play = subparsers.add_parser(
        "play", help="play Heart to Heart moves from a deal and show the position",
        description="Play moves (D draw, R redeal, W<p> pair p with the waste, <p>-<q> pair "
        "two layout cards) from the deal of CODE and show the position reached.",
    )
    play.add_argument("code", metavar="CODE", help="a deal code such as HH1-N-AAAAAAM")
    play.add_argument("moves", metavar="MOVE", nargs="*", help="moves in notation: D W25 23-24")
    play.add_argument("--json", action="store_true", help="print the position as JSON")
    play.add_argument("--legal", action="store_true", help="also list the legal moves")
    play.set_defaults(func=run_play)


def load_deal(code: str) -> Deal:
    """The deal of a code, or a UserError saying what is wrong with it."""
    try:
        return deal_from_code(code)
    except CodeError as exc:
        raise UserError(f"bad deal code {code.strip()!r}: {exc}") from None


def deal_json(deal: Deal) -> dict[str, Any]:
    """The deal with ranks as names: layout positions 1..25, stock first drawn first, waste
    bottom to top."""
    return {
        "code": deal.code,
        "layout": [rank_name(r) for r in deal.layout],
        "stock": [rank_name(r) for r in deal.stock],
        "waste": [rank_name(r) for r in deal.waste],
    }


def picture(layout: list[int], present: int, free: int) -> str:
    """The heart as text, rows shaped like the heart; removed cards as dots, free cards marked *."""
    rows = [[" "] * (13 * HALF_WIDTH) for _ in ROW_OFFSETS]
    for p in range(1, SIZE + 1):
        row, x = PLACES[p]
        bit = 1 << (p - 1)
        name = rank_name(layout[p - 1]) if present & bit else "."
        start = (x + 5) * HALF_WIDTH
        rows[row - 1][start : start + 3] = f"{name:>2}{'*' if free & bit else ' '}"
    return "\n".join("".join(cells).rstrip() for cells in rows)


def run_deal(args: argparse.Namespace) -> int:
    deal = load_deal(args.code)
    if args.json:
        print(json.dumps(deal_json(deal)))
        return 0
    state = State.initial(deal)
    print(deal.code)
    print(picture(list(deal.layout), state.present, state.free))
    print(f"stock {len(deal.stock)}   waste top {rank_name(deal.waste[-1])}")
    return 0


def play_moves(deal: Deal, moves: list[str]) -> State:
    """Play notation moves from the deal; a UserError names the first bad move, its index (from
    1) and why."""
    state = State.initial(deal)
    for index, text in enumerate(moves, 1):
        try:
            move = parse_move(text)
        except MoveSyntaxError as exc:
            raise UserError(f"move {index}: {exc}") from None
        try:
            state = apply(state, move)
        except IllegalMove as exc:
            raise UserError(f"move {index} {text!r} is illegal: {exc}") from None
    return state


def position_json(state: State, legal: bool = False) -> dict[str, Any]:
    top = state.waste_top
    out: dict[str, Any] = {
        "code": state.deal.code,
        "moves": state.moves,
        "score": state.score,
        "free": positions(state.free),
        "stock": len(state.stock),
        "waste_top": rank_name(top) if top else None,
        "won": is_won(state),
        "blocked": is_blocked(state),
    }
    if legal:
        out["legal"] = [str(m) for m in legal_moves(state)]
    return out


def run_play(args: argparse.Namespace) -> int:
    deal = load_deal(args.code)
    state = play_moves(deal, args.moves)
    info = position_json(state, args.legal)
    if args.json:
        print(json.dumps(info))
        return 0
    print(deal.code)
    print(picture(list(deal.layout), state.present, state.free))
    top = info["waste_top"] or "-"
    print(f"moves {state.moves}   score {state.score}   stock {info['stock']}   waste top {top}")
    if info["won"]:
        print("won")
    elif info["blocked"]:
        print("blocked: no more moves possible")
    if args.legal:
        print("legal: " + " ".join(info["legal"]))
    return 0
