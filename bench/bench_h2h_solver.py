"""Benchmark of the Heart to Heart solver: winnability throughput and shortest-solution times.

    .venv/bin/python bench/bench_h2h_solver.py [--deals 20000] [--shortest-deals 1000] [--quiet]

Prints a Markdown table (docs/benchmarks.md keeps the figures). Times are CPU time of this
process (`time.process_time`), so other work on a shared machine does not inflate them; wall-clock
seconds are printed too. The peer column holds the issue's goals and, for shortest solutions, the
figures reported for the best public Pyramid solver (A*, Java): median 156 ms, mean 598 ms.
The shortest-solution deals (minutes) show a progress bar on stderr when it is a terminal, unless
`--quiet`; it advances outside the timed spans.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from heartsuite.cli.progress import Progress
from heartsuite.h2h.deal import deal_for_number
from heartsuite.h2h.state import State
from heartsuite.solver import clear_cache, is_winnable_deal, solve
from heartsuite.solver.core import winnable_layout
from heartsuite.solver.deals import layout_for_key

GOAL_DEALS_PER_SECOND = 20_000
GOAL_MEDIAN_MS = 50.0
GOAL_P99_MS = 1000.0
PEER_MEDIAN_MS = 156.0
PEER_MEAN_MS = 598.0


def winnability_rate(deals: int, fast_dealing: bool) -> tuple[float, float, int]:
    """(deals per CPU second, per wall second, winnable count), dealing included."""
    won = 0
    cpu, wall = time.process_time(), time.perf_counter()
    if fast_dealing:
        for number in range(deals):
            won += winnable_layout(layout_for_key("HH1-N", number))
    else:
        for number in range(deals):
            won += is_winnable_deal(deal_for_number("N", number))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return deals / cpu, deals / wall, won


def shortest_times(deals: int, quiet: bool = False) -> tuple[list[float], list[float], list[int]]:
    """CPU milliseconds per deal (dealing included) for all deals and for the winnable ones,
    and the shortest lengths."""
    every: list[float] = []
    winnable: list[float] = []
    lengths: list[int] = []
    with Progress(deals, "deal", desc="shortest", quiet=quiet) as bar:
        for number in range(deals):
            clear_cache()
            start = time.process_time()
            line = solve(State.initial(deal_for_number("N", number)), shortest=True)
            ms = (time.process_time() - start) * 1000
            every.append(ms)
            if line is not None:
                winnable.append(ms)
                lengths.append(len(line))
            bar.advance(1)
    return every, winnable, lengths


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def row(measure: str, ours: float, peer: float | None, unit: str, higher_is_better: bool) -> str:
    if peer is None:
        return f"| {measure} | {ours:,.1f} {unit} | — | — |"
    ratio = ours / peer if higher_is_better else peer / ours
    return f"| {measure} | {ours:,.1f} {unit} | {peer:,.0f} {unit} | {ratio:.2f}× |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals for winnability")
    parser.add_argument("--shortest-deals", type=int, default=1000, help="deals for A*")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args(argv)

    fast_cpu, fast_wall, won = winnability_rate(args.deals, fast_dealing=True)
    engine_cpu, _, won_again = winnability_rate(args.deals, fast_dealing=False)
    assert won == won_again, "the fast dealer must deal the engine's layouts"
    every, winnable, lengths = shortest_times(args.shortest_deals, args.quiet)

    print(f"Python {platform.python_version()} on {platform.machine()}, one core, CPU time.")
    print(f"Winnable: {won} of {args.deals} deals ({won / args.deals:.2%}).")
    lengths_text = (f"lengths median {statistics.median(lengths)}, max {max(lengths)} moves"
                    if lengths else "no winnable deal among them, so no lengths")
    print(f"Shortest solutions: {len(lengths)} winnable of {args.shortest_deals}; "
          f"{lengths_text}; total CPU {sum(every) / 1000:.1f} s.\n")
    print("| measure | heartsuite | peer / goal | ratio (>1 = better) |")
    print("|---|---|---|---|")
    goal = GOAL_DEALS_PER_SECOND
    print(row("winnability, deals/s, bulk dealer (goal)", fast_cpu, goal, "deals/s", True))
    print(row("winnability, deals/s, engine `Deal` objects (goal)", engine_cpu, goal,
              "deals/s", True))
    print(row("winnability, deals/s, bulk dealer, wall clock", fast_wall, None, "deals/s", True))
    label = f"over all {args.shortest_deals} deals"
    print(row(f"shortest, median {label} (goal)", statistics.median(every), GOAL_MEDIAN_MS,
              "ms", False))
    print(row(f"shortest, p99 {label} (goal)", percentile(every, 99), GOAL_P99_MS, "ms", False))
    print(row(f"shortest, mean {label} (Pyramid A*)", statistics.fmean(every), PEER_MEAN_MS,
              "ms", False))
    if not winnable:  # a few deals may all be unwinnable (about 29 % are winnable)
        return 0
    label = f"over the {len(winnable)} winnable deals"
    print(row(f"shortest, median {label} (Pyramid A*)", statistics.median(winnable),
              PEER_MEDIAN_MS, "ms", False))
    print(row(f"shortest, p99 {label} (goal)", percentile(winnable, 99), GOAL_P99_MS, "ms",
              False))
    print(row(f"shortest, mean {label} (Pyramid A*)", statistics.fmean(winnable), PEER_MEAN_MS,
              "ms", False))
    print(row(f"shortest, max {label}", max(winnable), None, "ms", False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
