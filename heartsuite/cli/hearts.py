"""`heartsuite hearts …`: selfplay, check (validate game records), deal (show a code's hands),
and the tournament (`heartsuite.cli.tournament`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from heartsuite.arena.driver import play_game
from heartsuite.cli import UserError, tables, tournament
from heartsuite.cli.progress import Progress
from heartsuite.codes import LIMIT, CodeError
from heartsuite.hearts.cards import SUIT_MASKS, SUITS, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code
from heartsuite.hearts.records import RecordError, replay
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.players import make_player, player_names
from heartsuite.prng import Rng


def register(subparsers: Any) -> None:
    hearts = subparsers.add_parser("hearts", help="Hearts: self-play, record checking, deals")
    sub = hearts.add_subparsers(dest="hearts_command", required=True, metavar="SUBCOMMAND")

    p = sub.add_parser("selfplay", help="computer players play whole games")
    p.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the game codes and players")
    p.add_argument("--players", default=None,
                   help="comma-separated player names per seat (default: all heuristic)")
    p.add_argument("--variant", default="black-lady", help="rules preset (default black-lady)")
    p.add_argument("--target", type=int, default=None, help="override the target score")
    p.add_argument("--omnibus", action="store_true",
                   help="Omnibus: J♦ scores -10 for its taker (not with black-maria, reverse)")
    p.add_argument("--json", action="store_true", help="print one game record per line")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on stderr (there is none when stderr is not a terminal)")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("check", help="validate game records (one JSON per line on stdin)")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("deal", help="show the hands a game code deals")
    p.add_argument("code", help="game code, e.g. HT1-ABCDEFG")
    p.add_argument("--variant", default="black-lady")
    p.add_argument("--round", type=int, default=1, help="round number, 1-based (default 1)")
    p.set_defaults(func=cmd_deal)

    tournament.register(sub)
    tables.register(sub)


def _rules(variant: str, target: int | None = None, *, omnibus: bool = False) -> Rules:
    try:
        rules = Rules.variant_named(variant)
        if omnibus:
            rules = rules.with_options(omnibus=True)
        return rules.with_options(target=target) if target is not None else rules
    except RulesError as exc:
        raise UserError(str(exc)) from None


def cmd_selfplay(args: argparse.Namespace) -> int:
    rules = _rules(args.variant, args.target, omnibus=args.omnibus)
    if not 1 <= args.games <= 1_000_000:
        raise UserError("--games must be between 1 and 1000000")
    names = (args.players.split(",") if args.players else ["heuristic"] * rules.players)
    names = [n.strip() for n in names]
    if len(names) != rules.players:
        raise UserError(f"--players needs {rules.players} names for {rules.variant}")
    known = player_names()
    for name in names:
        if name.lower() not in known:
            raise UserError(f"unknown player {name!r}; one of {', '.join(known)}")
    wins = [0] * rules.players
    with Progress(args.games, "game", desc="selfplay", quiet=args.quiet) as bar:
        for i in range(args.games):
            number = Rng.for_key("HT1-selfplay", args.seed, i).below(LIMIT)
            players = [make_player(n, args.seed) for n in names]
            record = play_game(rules, number, players, seed=args.seed, names=names)
            wins[record["winner"]] += 1
            if args.json:
                bar.print(json.dumps(record, separators=(",", ":")))
            else:
                bar.print(f"{record['code']}  rounds {len(record['rounds']):3d}  totals "
                          f"{record['totals']}  winner seat {record['winner']} "
                          f"({names[record['winner']]})")
            bar.advance(1, "wins per seat " + "/".join(map(str, wins)))
    if not args.json:
        print("wins per seat: " + ", ".join(f"{n} {w}" for n, w in zip(names, wins, strict=True)))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    games = rounds = omnibus = 0
    data = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    for line_no, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        games += 1
        where = f"game {games} (line {line_no})"
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as exc:
            print(f"{where}: not_json: {exc}", file=sys.stderr)
            return 1
        try:
            game = replay(record)
        except RecordError as exc:
            print(f"{where}: {exc}", file=sys.stderr)
            return 1
        except Exception as exc:  # the promise is one line, never a traceback, whatever the input
            print(f"{where}: malformed_record: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
        rounds += len(game.rounds)
        omnibus += game.rules.omnibus
    # Omnibus records are named (their J♦ was checked too); without any, the line is as before.
    with_jack = f", {omnibus} with Omnibus (J♦ -10)" if omnibus else ""
    print(f"{games} game(s), {rounds} round(s){with_jack}: every rule holds")
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    rules = _rules(args.variant)
    try:
        number = parse_game_code(args.code)
    except CodeError as exc:
        raise UserError(str(exc)) from None
    if args.round < 1:
        raise UserError("--round counts from 1")
    hands = deal_hands(rules, number, args.round - 1)
    print(f"{game_code(number)} round {args.round} ({rules.variant}), pass "
          f"{rules.pass_name(args.round - 1)}")
    for seat, hand in enumerate(hands):
        suits = ["".join(t[0] for t in texts(hand & SUIT_MASKS[s])) + SUITS[s] for s in range(4)]
        print(f"seat {seat}: {' '.join(texts(hand))}   [{' '.join(reversed(suits))}]")
    return 0
