"""The `heartsuite` command: each part of the project registers its own subcommands here.

User input errors exit with status 2 and one line on stderr; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules with `register(subparsers) -> None`; each subparser sets `func(args) -> int`.
COMMAND_MODULES: list[str] = [
    "heartsuite.cli.h2h",
    "heartsuite.cli.hearts",
    "heartsuite.cli.solver",
    "heartsuite.cli.serve",
    "heartsuite.cli.worker",
]


class UserError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="heartsuite", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"heartsuite: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
