"""`heartsuite solve` and `heartsuite stats`: the Heart to Heart solver on the command line.

`solve --json` prints one JSON object per code and line: {"code", "winnable", "solution",
"moves"}; scripts rely on that shape (docs/solver.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from heartsuite.cli import UserError
from heartsuite.cli.progress import Progress
from heartsuite.codes import LIMIT
from heartsuite.h2h.deal import CodeError, Deal, format_code, parse_code
from heartsuite.h2h.state import State
from heartsuite.solver import deal_from_code, deal_of_class, is_winnable_deal, solve

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
BUCKET = 10  # width of the solution-length histogram bars, in moves


def register(subparsers: Any) -> None:
    solve_cmd = subparsers.add_parser(
        "solve", help="solve Heart to Heart deals: winnable or not, and a winning line",
        description="For each deal code, say whether the deal can be won and give a winning "
        "line in move notation (D draw, R redeal, W<p> waste pair, <p>-<q> layout pair).",
    )
    solve_cmd.add_argument(
        "codes", metavar="CODE", nargs="+", help="deal codes, e.g. HH1-N-AAAAAAF"
    )
    solve_cmd.add_argument(
        "--shortest", action="store_true",
        help="give a proven shortest line (draws and redeals count) instead of any winning line",
    )
    solve_cmd.add_argument("--json", action="store_true", help="one JSON object per line")
    solve_cmd.set_defaults(func=run_solve)

    stats = subparsers.add_parser(
        "stats", help="Heart to Heart deal statistics: winnable share, shortest solutions, speed",
        description="Solve N consecutive deals and report the winnable fraction with its 95 %% "
        "interval, the distribution of shortest-solution lengths and the time per deal.",
    )
    stats.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals")
    stats.add_argument(
        "--from", dest="start", default="HH1-N-AAAAAAA", metavar="CODE",
        help="first deal code; the next deals follow it in number (default HH1-N-AAAAAAA)",
    )
    stats.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    stats.add_argument(
        "--quiet", action="store_true",
        help="no progress bar on stderr (there is none when stderr is not a terminal)",
    )
    stats.set_defaults(func=run_stats)


def _deal(code: str) -> Deal:
    try:
        return deal_from_code(code)
    except CodeError as exc:
        raise UserError(f"bad deal code {code.strip()!r}: {exc}") from None


def run_solve(args: argparse.Namespace) -> int:
    deals = [_deal(code) for code in args.codes]  # every code checked before any output
    for deal in deals:
        line = solve(State.initial(deal), shortest=args.shortest)
        moves = None if line is None else [str(m) for m in line]
        if args.json:
            record = {
                "code": deal.code,
                "winnable": moves is not None,
                "solution": moves,
                "moves": None if moves is None else len(moves),
            }
            print(json.dumps(record), flush=True)
        elif moves is None:
            print(f"{deal.code}: cannot be won")
        else:
            kind = "shortest winning line" if args.shortest else "winning line"
            print(f"{deal.code}: {kind}, {len(moves)} moves: {' '.join(moves)}")
    return 0


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score interval at 95 %: sound near 0 and 1, unlike the plain normal one."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def collect(kind: str, first: int, count: int,
            on_deal: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Winnability and shortest lines of `count` deals of a class from a number on.

    `on_deal(done, winnable)` is called after each deal, outside the timed spans."""
    lengths: list[int] = []
    won = 0
    deal_time = check_time = shortest_time = 0.0
    for number in range(first, first + count):
        t0 = time.perf_counter()
        deal = deal_of_class(kind, number)
        t1 = time.perf_counter()
        winnable = is_winnable_deal(deal)
        t2 = time.perf_counter()
        deal_time += t1 - t0
        check_time += t2 - t1
        if winnable:
            won += 1
            line = solve(State.initial(deal), shortest=True)
            shortest_time += time.perf_counter() - t2
            if line is None:  # pragma: no cover - the two solvers would disagree
                raise RuntimeError(f"{deal.code}: winnable but no line found")
            lengths.append(len(line))
        if on_deal is not None:
            on_deal(number - first + 1, won)
    low, high = wilson(won, count)
    histogram: dict[str, int] = {}
    for length in sorted(lengths):
        start = length // BUCKET * BUCKET
        label = f"{start}-{start + BUCKET - 1}"
        histogram[label] = histogram.get(label, 0) + 1
    return {
        "from": format_code(kind, first),
        "deals": count,
        "winnable": won,
        "fraction": won / count if count else 0.0,
        "interval95": [low, high],
        "shortest": {
            "min": min(lengths) if lengths else None,
            "median": statistics.median(lengths) if lengths else None,
            "mean": statistics.fmean(lengths) if lengths else None,
            "max": max(lengths) if lengths else None,
            "histogram": histogram,
        },
        "seconds_per_deal": {
            "dealing": deal_time / count if count else 0.0,
            "winnability": check_time / count if count else 0.0,
            "shortest_per_winnable": shortest_time / won if won else None,
        },
    }


def run_stats(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise UserError(f"--deals must be at least 1, not {args.deals}")
    try:
        kind, first = parse_code(args.start)
    except CodeError as exc:
        raise UserError(f"bad deal code {args.start.strip()!r}: {exc}") from None
    if first + args.deals > LIMIT:
        raise UserError(f"--deals {args.deals} from {args.start.strip()} runs past the last code")
    with Progress(args.deals, "deal", desc="stats", quiet=args.quiet) as bar:

        def on_deal(done: int, won: int) -> None:
            bar.advance(1, f"winnable {won / done:.1%}")

        figures = collect(kind, first, args.deals, on_deal if bar.enabled else None)
    if args.json:
        print(json.dumps(figures))
        return 0
    low, high = figures["interval95"]
    short, per = figures["shortest"], figures["seconds_per_deal"]
    print(f"deals {figures['deals']} from {figures['from']}")
    print(
        f"winnable {figures['winnable']} = {figures['fraction']:.2%} "
        f"(95 % interval {low:.2%} .. {high:.2%})"
    )
    if figures["winnable"]:
        print(
            f"shortest solution, moves: min {short['min']}, median {short['median']}, "
            f"mean {short['mean']:.1f}, max {short['max']}"
        )
        width = max(short["histogram"].values())
        for label, n in short["histogram"].items():
            bar = "#" * max(1, round(40 * n / width))
            print(f"  {label:>9} {n:6d} {bar}")
    print(
        f"time per deal: dealing {per['dealing'] * 1e6:.1f} us, "
        f"winnability {per['winnability'] * 1e6:.1f} us"
        + (
            f", shortest solution {per['shortest_per_winnable'] * 1e3:.1f} ms per winnable deal"
            if per["shortest_per_winnable"] is not None else ""
        )
    )
    return 0
