"""Benchmark of the Heart to Heart rules engine; prints a Markdown table for docs/benchmarks.md.

    .venv/bin/python bench/bench_h2h_engine.py [--playouts N] [--seed S] [--quiet]

Random playouts: from a deal, play uniformly random legal moves until the game is won, blocked,
or 1000 moves long (random play can cycle through the stock forever). Figures are single-core.
The playouts show a progress bar on stderr when it is a terminal, unless `--quiet` (its update, a
fraction of a microsecond per playout, is inside the timed loop).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable

from heartsuite.cli.progress import Progress
from heartsuite.h2h import (
    Deal,
    Game,
    State,
    apply,
    deal_for_number,
    is_blocked,
    is_won,
    legal_moves,
)

MOVE_CAP = 1000


def playout(deal: Deal, rng: random.Random) -> tuple[State, list[State]]:
    """One random game; returns the final position and every position on the way."""
    state = State.initial(deal)
    seen = [state]
    while state.moves < MOVE_CAP and not is_blocked(state):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, moves[rng.randrange(len(moves))])
        seen.append(state)
    return state, seen


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def timed(fn: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    count = fn()
    return count, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    deals, t_deal = timed(lambda: len([deal_for_number("N", n) for n in range(args.playouts)]))
    all_deals = [deal_for_number("N", n) for n in range(args.playouts)]

    finals: list[State] = []
    positions: list[State] = []

    def run_playouts() -> int:
        moves = 0
        with Progress(len(all_deals), "playout", quiet=args.quiet) as bar:
            for deal in all_deals:
                final, seen = playout(deal, rng)
                finals.append(final)
                if len(positions) < 200_000:
                    positions.extend(seen)
                moves += final.moves
                bar.advance(1)
        return moves

    total_moves, t_play = timed(run_playouts)

    def gen() -> int:
        for state in positions:
            legal_moves(state)
        return len(positions)

    def blocked() -> int:
        for state in positions:
            is_blocked(state)
        return len(positions)

    def applies() -> int:
        count = 0
        for state in positions:
            for move in legal_moves(state):
                apply(state, move)
                count += 1
        return count

    def taps() -> int:
        count = 0
        for deal in all_deals[:200]:
            game = Game(deal)
            for _ in range(100):
                game.tap("stock")
                game.tap(25)
                game.tap("waste")
                game.hints()
                count += 4
        return count

    n_gen, t_gen = timed(gen)
    n_blk, t_blk = timed(blocked)
    n_app, t_app = timed(applies)
    n_tap, t_tap = timed(taps)
    won = sum(is_won(s) for s in finals)
    stuck = sum(is_blocked(s) for s in finals)

    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{args.playouts} random playouts (seed {args.seed}, cap {MOVE_CAP} moves)\n")
    print("| measure | count | per second |")
    print("|---|---:|---:|")
    print(f"| deals from codes | {deals:,} | {rate(deals, t_deal)} |")
    played = len(finals)
    print(f"| random playouts (to won/blocked/cap) | {played:,} | {rate(played, t_play)} |")
    print(f"| moves in playouts (generate + choose + apply + blocked test) | {total_moves:,} "
          f"| {rate(total_moves, t_play)} |")
    print(f"| legal-move generations | {n_gen:,} | {rate(n_gen, t_gen)} |")
    print(f"| apply (every legal move of each position) | {n_app:,} | {rate(n_app, t_app)} |")
    print(f"| is_blocked | {n_blk:,} | {rate(n_blk, t_blk)} |")
    print(f"| Game taps + placement help | {n_tap:,} | {rate(n_tap, t_tap)} |")
    capped = played - won - stuck
    print(f"\nplayout endings: {won} won, {stuck} blocked, {capped} hit the cap; "
          f"mean length {total_moves / played:.0f} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
