"""Random full hands per second: this engine against OpenSpiel's `hearts` driven from Python.

Both do the same work per hand: a random deal, a random pass (direction cycling left, right,
across, none), then random legal plays to the end, every choice drawn from a `heartsuite` Rng.

    .venv/bin/python bench/bench_hearts_engine.py [--hands N] [--quiet]

A progress bar of the hands on stderr when it is a terminal, unless `--quiet` (its update, a
fraction of a microsecond per hand, is inside the timed loops: well under 1 % of a hand).
"""

from __future__ import annotations

import argparse
import time

from heartsuite.arena.openspiel import OS_PARAMS
from heartsuite.cli.progress import Progress
from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng


def ours(hands: int, bar: Progress | None = None) -> float:
    """Hands per second of the bit-mask engine (Round)."""
    rules = Rules()
    rng = Rng(1)
    bar = bar or Progress(0, "hand", quiet=True)
    start = time.perf_counter()
    for i in range(hands):
        bar.advance(1)
        r = Round(rules, random_hands(rules, rng), rules.pass_offset(i))
        for seat in range(4 if r.phase == "pass" else 0):
            cards = cards_of(r.hands[seat])
            rng.shuffle(cards)
            r.submit_pass(seat, cards[:3])
        while not r.is_over:
            legal = cards_of(r.legal_mask())
            r.play(legal[rng.below(len(legal))])
    return hands / (time.perf_counter() - start)


def copies(count: int) -> float:
    """Round.copy per second from a position in mid-play (the search player copies per rollout)."""
    rules = Rules()
    rng = Rng(2)
    r = Round(rules, random_hands(rules, rng), 0)
    for _ in range(20):
        legal = cards_of(r.legal_mask())
        r.play(legal[rng.below(len(legal))])
    start = time.perf_counter()
    for _ in range(count):
        r.copy()
    return count / (time.perf_counter() - start)


def openspiel(hands: int, bar: Progress | None = None) -> float | None:
    """Hands per second of OpenSpiel's C++ engine stepped from Python; None if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts", OS_PARAMS)
    rng = Rng(1)
    cycle = Rules().pass_cycle()
    bar = bar or Progress(0, "hand", quiet=True)
    start = time.perf_counter()
    for i in range(hands):
        bar.advance(1)
        state = game.new_initial_state()
        state.apply_action(cycle[i % 4])
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    with Progress(args.hands, "hand", desc="heartsuite", quiet=args.quiet) as bar:
        a = ours(args.hands, bar)
    with Progress(args.hands, "hand", desc="OpenSpiel", quiet=args.quiet) as bar:
        b = openspiel(args.hands, bar)
    print(f"{'engine':<34} {'hands/s':>10} {'ratio':>7}")
    print(f"{'heartsuite (pure Python, masks)':<34} {a:>10.0f} "
          f"{(a / b if b else float('nan')):>7.2f}")
    if b is None:
        print("OpenSpiel not installed: pip install open_spiel")
    else:
        print(f"{'OpenSpiel hearts (C++ via Python)':<34} {b:>10.0f} {1.0:>7.2f}")
    print(f"Round.copy in mid-play: {copies(100_000):,.0f} per second")


if __name__ == "__main__":
    main()
