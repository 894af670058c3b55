"""`heartsuite hearts tournament`: a duplicate tournament from the command line.

    heartsuite hearts tournament --players A,B,C,D --hands N --seed S [--jobs K]
        [--move-time SECONDS] [--variant NAME] [--omnibus] [--records FILE | --no-records]
        [--json] [--quiet]

Game records are written to a JSON-lines file as the games finish (default
`hearts-tournament-<seed>.jsonl`); the summary goes to stdout, as a table or, with `--json`, as
one JSON object. While it plays, a progress bar on stderr (hands, rate, time left, each player's
running points per hand) when stderr is a terminal, unless `--quiet`.
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import nullcontext
from typing import Any

from heartsuite.arena.tournament import build_player, known_player, run_tournament
from heartsuite.cli import UserError
from heartsuite.cli.progress import TournamentProgress
from heartsuite.hearts.rules import Rules, RulesError


def register(hearts_subparsers: Any) -> None:
    p = hearts_subparsers.add_parser(
        "tournament", help="duplicate tournament: every deal replayed with the seats rotated")
    p.add_argument("--players", required=True,
                   help="comma-separated line-up, e.g. hard,ismcts-cpp,ismcts-cpp,ismcts-cpp; "
                        "search:W is the search at W worlds a move; after hard, expert or "
                        "search:W, +prior=K adds the learned evaluation as K worlds, "
                        "+pass=heuristic passes as the heuristic player does and "
                        "+own=heuristic|distilled|gated chooses who plays the searcher's own "
                        "later cards in its play-outs (default gated) and +trust=T sets how "
                        "much its chains trust the heuristic to explain a play (default 0.95)")
    p.add_argument("--hands", type=int, required=True, help="play whole boards until this many")
    p.add_argument("--seed", type=int, default=0, help="seed of the deals and players")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--move-time", type=float, default=None,
                   help="seconds per move for the timed players (hard, expert, hard-v1, "
                        "ismcts, ismcts-cpp, ismcts-py)")
    p.add_argument("--variant", default="black-lady", help="rules preset (default black-lady)")
    p.add_argument("--omnibus", action="store_true",
                   help="Omnibus: J♦ scores -10 for its taker (not with black-maria, reverse)")
    p.add_argument("--records", default=None,
                   help="JSON-lines file for the game records (default "
                        "hearts-tournament-<seed>.jsonl)")
    p.add_argument("--no-records", action="store_true", help="do not write game records")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on stderr (there is none when stderr is not a terminal)")
    p.set_defaults(func=cmd_tournament)


def _lineup(text: str, rules: Rules) -> list[str]:
    names = [s.strip().lower() for s in text.split(",")]
    if len(names) != rules.players:
        raise UserError(f"--players needs {rules.players} names for {rules.variant}, "
                        f"got {len(names)}")
    for name in names:
        if "+" in name:  # an option of a search player: say what is wrong with it
            try:
                build_player(name, 0)
            except ValueError as exc:
                raise UserError(str(exc)) from None
        elif not known_player(name):
            raise UserError(f"unknown player {name!r}")
    return names


def cmd_tournament(args: argparse.Namespace) -> int:
    try:
        rules = Rules.variant_named(args.variant)
        if args.omnibus:
            rules = rules.with_options(omnibus=True)
    except RulesError as exc:
        raise UserError(str(exc)) from None
    lineup = _lineup(args.players, rules)
    if not 1 <= args.hands <= 10_000_000:
        raise UserError("--hands must be between 1 and 10000000")
    if not 1 <= args.jobs <= 256:
        raise UserError("--jobs must be between 1 and 256")
    if args.move_time is not None and not 0.001 <= args.move_time <= 600:
        raise UserError("--move-time must be between 0.001 and 600 seconds")
    path = None if args.no_records else (args.records or f"hearts-tournament-{args.seed}.jsonl")
    try:
        opener = open(path, "w", encoding="utf-8") if path else nullcontext(None)  # noqa: SIM115
    except OSError as exc:
        raise UserError(f"cannot write the records file: {exc.strerror}: {path}") from None
    try:
        with opener as records, TournamentProgress(lineup, args.hands, quiet=args.quiet) as bar:
            summary = run_tournament(lineup, rules, hands=args.hands, seed=args.seed,
                                     jobs=args.jobs, move_time=args.move_time, records=records,
                                     on_game=bar.on_game)
    except (ValueError, ImportError) as exc:
        raise UserError(str(exc)) from None
    summary["records"] = path
    if args.json:
        print(json.dumps(summary))
    else:
        print_table(summary, sys.stdout)
    return 0


def print_table(summary: dict[str, Any], out: Any) -> None:
    """The summary as an aligned table, one row per distinct player."""
    out.write(f"{summary['hands']} hands, {summary['games']} games on {summary['boards']} boards "
              f"(seed {summary['seed']}, move time {summary['move_time']}), "
              f"{summary['seconds']} s\n")
    head = (f"{'player':<18}{'pts/hand':>9}  {'95% interval':<16}{'lead':>7}  "
            f"{'95% interval':<16}{'won':>6}{'s/move':>9}")
    out.write(head + "\n")
    for row in summary["results"]:
        out.write(f"{row['player']:<18}{row['points_per_hand']:>9.3f}  "
                  f"{_interval(row['ci95']):<16}{row['lead_over_others']:>7.3f}  "
                  f"{_interval(row['lead_ci95']):<16}{row['win_share']:>6.1%}"
                  f"{row['move_seconds']:>9.4f}\n")


def _interval(bounds: list[float | None]) -> str:
    """`[lo, hi]`, or "n/a (1 board)" when one board leaves the spread unknown."""
    lo, hi = bounds
    if lo is None or hi is None:
        return "n/a (1 board)"
    return f"[{lo:.2f}, {hi:.2f}]"
