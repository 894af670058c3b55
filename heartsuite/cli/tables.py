"""`heartsuite hearts table new|record|verify` and `heartsuite hearts join`: tables with people
from the command line (docs/protocol.md). A program creates a table, sits at it as a person
with one of our computer players, fetches the finished game's record and checks it was dealt
fairly — through the same HTTP and WebSocket protocol the browser uses."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import platformdirs

from heartsuite.arena.remote import (
    Invite,
    RemoteError,
    Server,
    default_token_file,
    parse_invite,
    parse_server,
    play_seat,
    read_token,
    write_token,
)
from heartsuite.cli import UserError
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.players import make_player
from heartsuite.tables.fair import verify_record
from heartsuite.tables.table import LEVELS, SPEEDS

PLAYERS = LEVELS  # what may play a seat: random, heuristic and the four levels


def register(hearts_sub: Any) -> None:
    """Add `table` (new, record, verify) and `join` under `heartsuite hearts`."""
    table = hearts_sub.add_parser("table", help="tables with people: create, fetch a record, "
                                  "verify a record")
    sub = table.add_subparsers(dest="table_command", required=True, metavar="SUBCOMMAND")

    p = sub.add_parser("new", help="create a table as a new person and print its invite")
    p.add_argument("--server", required=True, help="the server, e.g. http://127.0.0.1:8000")
    p.add_argument("--variant", default="black-lady", help="rules preset (default black-lady)")
    p.add_argument("--target", type=int, default=None, help="the score that ends the game")
    p.add_argument("--bots", default="", help="computer players for the seats after yours, "
                   f"comma-separated ({', '.join(PLAYERS)}); the other seats stay open")
    p.add_argument("--speed", choices=SPEEDS, default="normal",
                   help="how fast the computer players act (default normal)")
    p.add_argument("--name", default="Host", help="your display name at the table (Host)")
    p.add_argument("--token-file", type=Path, default=None,
                   help="keep the person's token here (default: the user's data directory)")
    p.add_argument("--json", action="store_true", help="print JSON (the default too)")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("record", help="the finished game's record, for a person who sat at it")
    p.add_argument("invite", help="the invite link, e.g. http://127.0.0.1:8000/t/K7QM-2P")
    p.add_argument("--token-file", type=Path, default=None)
    p.add_argument("--json", action="store_true", help="print JSON (the default too)")
    p.set_defaults(func=cmd_record)

    p = sub.add_parser("verify", help="check a table's record: commitment, deals, every play")
    p.add_argument("record_file", type=Path, help="a record from `table record` (- for stdin)")
    p.set_defaults(func=cmd_verify)

    p = hearts_sub.add_parser("join", help="take a seat at a table and play it with a computer "
                              "player until the game ends")
    p.add_argument("invite", help="the invite link, e.g. http://127.0.0.1:8000/t/K7QM-2P")
    p.add_argument("--name", required=True, help="the display name at the table")
    p.add_argument("--player", required=True, help=f"who plays the seat: {', '.join(PLAYERS)}")
    p.add_argument("--token-file", type=Path, default=None,
                   help="the person's token (made and kept there if the file does not exist)")
    p.add_argument("--json", action="store_true", help="print JSON (the default too)")
    p.set_defaults(func=cmd_join)


# The person -----------------------------------------------------------------------------------

def _data_dir() -> Path:
    return Path(platformdirs.user_data_dir("heartsuite", appauthor=False))


def _token_path(server: str, given: Path | None) -> Path:
    return given if given is not None else default_token_file(server, _data_dir())


def _person(server: Server, given: Path | None, *, fresh: bool = False) -> Server:
    """`server` as the person of the token file; a new person (kept in the file, replacing what
    it held) when the file does not exist or `fresh` is asked: `table new` always creates the
    table as a new person."""
    path = _token_path(server.base, given)
    token = None if fresh else read_token(path)
    if token is None:
        token = server.new_person()
        write_token(path, token)
    server.token = token
    return server


# The commands ---------------------------------------------------------------------------------

def cmd_new(args: argparse.Namespace) -> int:
    try:
        rules = Rules.variant_named(args.variant)
        if args.target is not None:
            rules = rules.with_options(target=args.target)
    except RulesError as exc:
        raise UserError(str(exc)) from None
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    for level in bots:
        if level not in PLAYERS:
            raise UserError(f"unknown computer player {level!r}; one of {', '.join(PLAYERS)}")
    if len(bots) > rules.players - 1:
        raise UserError(f"{args.variant} has {rules.players} seats: at most "
                        f"{rules.players - 1} computer players besides you")
    seats: list[dict[str, str]] = [{"kind": "person"}]
    seats += [{"kind": "bot", "level": level} for level in bots]
    seats += [{"kind": "person"}] * (rules.players - len(seats))
    body: dict[str, Any] = {"name": args.name, "variant": args.variant, "seats": seats,
                            "speed": args.speed}
    if args.target is not None:
        body["rules"] = {"target": args.target}
    with _remote():
        server = _person(Server(parse_server(args.server)), args.token_file, fresh=True)
        answer = server.create_table(body)
        table = answer.get("table")
        if not isinstance(table, dict):
            raise RemoteError("bad_answer", "the server's answer carries no table")
        _print({"table": table.get("id"), "invite": answer.get("invite"),
                "code": answer.get("code")})
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    level = args.player.strip().lower()
    if level not in PLAYERS:
        raise UserError(f"unknown player {args.player!r}; one of {', '.join(PLAYERS)}")
    with _remote():
        invite = parse_invite(args.invite)
        server = _person(Server(invite.server), args.token_file)
        _table, seat = server.join(invite.table, args.name)
        result = play_seat(Invite(server.base, invite.table), server.token or "", seat,
                           make_player(level, seat))
        _print(result.to_json())
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    with _remote():
        invite = parse_invite(args.invite)
        path = _token_path(invite.server, args.token_file)
        token = read_token(path)
        if token is None:
            raise RemoteError("bad_token_file", f"no token in {path}: use the --token-file of "
                              "the person who sat at the table")
        _print(Server(invite.server, token).record(invite.table))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        text = (sys.stdin.read() if str(args.record_file) == "-"
                else args.record_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {args.record_file}: {exc}") from None
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise UserError(f"{args.record_file} is not JSON: {exc}") from None
    problems = verify_record(record)
    if problems:
        for problem in problems:
            print(f"does not hold: {problem}")
        return 1
    rounds = len(record["rounds"])
    print(f"holds: the commitment, the hands of {rounds} round{'s' * (rounds != 1)} dealt from "
          "the seed, and every pass and play by the rules")
    return 0


# Output and errors ----------------------------------------------------------------------------

def _print(value: dict[str, Any]) -> None:
    print(json.dumps(value, ensure_ascii=False))


class _remote:
    """Turn what the other end refused into the CLI's one-line error (exit 2)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        if isinstance(exc, RemoteError):
            raise UserError(exc.message) from None
        if isinstance(exc, KeyboardInterrupt):
            raise UserError("interrupted") from None
