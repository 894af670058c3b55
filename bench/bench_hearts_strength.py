"""How strong is Hard? Duplicate matches against OpenSpiel's C++ ISMCTS and the heuristic player.

    .venv/bin/python bench/bench_hearts_strength.py [--hands 1000] [--move-time 0.1] [--jobs 2]
        [--seed 1] [--match ismcts|heuristic|both] [--hard NAME] [--records PREFIX] [--quiet]

(a) Hard against three OpenSpiel C++ ISMCTS bots, each side given the same wall-clock time per
move (the bot stops at `max_wall_clock_time`); goal (issue 24): Hard at least 3.5 points per hand
below their mean, the 95 % interval excluding zero. (b) Hard against three heuristic players;
goal (issue 24): at most 3.5 points per hand over four sets of boards (seeds 2-5, ≥ 8,000 hands;
a row says whether its own set is within it). Prints one Markdown table row per match (for
docs/benchmarks.md); while a match plays, a progress bar on stderr (hands, rate, time left,
points per hand) when stderr is a terminal, unless `--quiet`.
"""

from __future__ import annotations

import argparse
import time

from heartsuite.arena.tournament import run_tournament
from heartsuite.cli.progress import TournamentProgress
from heartsuite.hearts.rules import Rules

MATCHES = {"ismcts": "ismcts-cpp", "heuristic": "heuristic"}
GOALS = {"ismcts": "lead ≥ 3.5, interval > 0", "heuristic": "Hard ≤ 3.5 pts/hand"}


def _interval(lo: float | None, hi: float | None) -> str:
    if lo is None or hi is None:
        return "[?]"
    return f"[{lo:.2f}, {hi:.2f}]"


def run_match(match: str, hard: str, hands: int, move_time: float, jobs: int,
              seed: int, records: str | None, quiet: bool = False) -> str:
    peer = MATCHES[match]
    start = time.perf_counter()
    out = open(f"{records}-{match}.jsonl", "w", encoding="utf-8") if records else None  # noqa: SIM115
    lineup = [hard, peer, peer, peer]
    try:
        with TournamentProgress(lineup, hands, quiet=quiet) as bar:
            summary = run_tournament(lineup, Rules(), hands=hands, seed=seed, jobs=jobs,
                                     move_time=move_time, records=out, on_game=bar.on_game)
    finally:
        if out is not None:
            out.close()
    wall = time.perf_counter() - start
    me, them = summary["results"]
    if match == "ismcts":
        met = me["lead_over_others"] >= 3.5 and (me["lead_ci95"][0] or -1) > 0
    else:
        met = me["points_per_hand"] <= 3.5
    return (
        f"| {hard} vs 3 {peer} | {summary['hands']} | {move_time} | "
        f"{me['points_per_hand']:.2f} {_interval(*me['ci95'])} | "
        f"{them['points_per_hand']:.2f} {_interval(*them['ci95'])} | "
        f"{me['lead_over_others']:.2f} {_interval(*me['lead_ci95'])} | "
        f"{me['win_share']:.1%} / {them['win_share']:.1%} | "
        f"{me['move_seconds']:.3f} / {them['move_seconds']:.3f} | "
        f"{GOALS[match]}: {'met' if met else 'not met'} | {wall / 60:.1f} min |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--move-time", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", choices=["ismcts", "heuristic", "both"], default="both")
    parser.add_argument("--hard", default="hard", help="our player (default hard)")
    parser.add_argument("--records", default=None,
                        help="write game records to PREFIX-<match>.jsonl as they finish")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    print("| Match | Hands | s/move | Ours pts/hand [95%] | Peer pts/hand [95%] | "
          "Peer − ours [95%] | Games won (ours / each peer) | s/move (ours / peer) | Goal | "
          "Wall time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    matches = ["ismcts", "heuristic"] if args.match == "both" else [args.match]
    for match in matches:
        print(run_match(match, args.hard, args.hands, args.move_time, args.jobs, args.seed,
                        args.records, args.quiet), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
