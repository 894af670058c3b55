"""Is Hard at a table with people the Hard of the benchmarks? A tournament through the tables' path.

    .venv/bin/python bench/bench_hearts_table_players.py [--how kept|fresh|scattered]
        [--processes 4] [--hands 800] [--seed 2501] [--jobs 2] [--records FILE] [--quiet]

At a table, a computer's move is `web.tables.thinking.choose(level, view, key, keep)`, run in
the process the table is routed to. This bench plays one seat through exactly that function and
three released Hard players (`hard`, kept through the game as the tournaments keep them), duplicate
boards, games to 100, 0.1 s per card:

- `--how kept` (the tables since this bench): `keep` names the seat, so the thinking process uses
  the same player from move to move (its chains read the round as it goes, its clock banks time
  for the first tricks);
- `--how fresh` (the tables before): no `keep`, a fresh player for every move;
- `--how scattered`: `keep` names the seat, but each move goes to one of `--processes`
  thinking processes taken at random (each keeps its own player for the seat, which sees only
  the moves that process got): a pool whose processes take any job, as a bot worker's did.

The seat is named `table-kept`, `table-fresh` or `table-scattered` in the table printed
(`heartsuite hearts tournament`'s); its lead over the three Hards should be zero, within the
interval, when the tables play the Hard that was measured.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from heartsuite.cli.progress import TournamentProgress
from heartsuite.cli.tournament import print_table
from heartsuite.hearts.cards import parse_card
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import register_player
from heartsuite.prng import Rng
from heartsuite.web.tables import thinking

_serials = itertools.count()  # a seat of one game: what a table's (id, seat) is at a table


class TableSeat:
    """A seat played as a table plays its computers: `thinking.choose` at every decision."""

    def __init__(self, seed: int, *, how: str, processes: int = 1) -> None:
        self.name = f"table-{how}"
        self.seed = seed
        self.moves = 0
        self.keep = None if how == "fresh" else ("bench", next(_serials))
        self.processes = processes if how == "scattered" else 1
        self.scatter = Rng(seed ^ 0x5CA77E4)  # which process gets each move

    def _act(self, view: SeatView, rng: Rng) -> object:
        self.moves += 1
        key = (self.seed, self.moves, rng.below(1 << 30))
        keep = self.keep
        if keep is not None and self.processes > 1:
            keep = (*keep, self.scatter.below(self.processes))  # that process's own player
        return thinking.choose("hard", view, key, keep)

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        action = self._act(view, rng)
        assert isinstance(action, list)
        return [parse_card(c) for c in action]

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        return parse_card(self._act(view, rng))

    def choose_moon(self, view: SeatView) -> str:
        return str(thinking.choose("hard", view, (self.seed, 0, 0), self.keep))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--how", choices=("kept", "fresh", "scattered"), default="kept")
    parser.add_argument("--processes", type=int, default=4,
                        help="thinking processes a scattered seat's moves go to (4)")
    parser.add_argument("--hands", type=int, default=800)
    parser.add_argument("--seed", type=int, default=2501)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--records", default=None, help="write the games here (JSON lines)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args(argv)
    name = f"table-{args.how}"
    register_player(name, lambda seed: TableSeat(seed, how=args.how, processes=args.processes))
    # imported after the registration: the tournament's processes are forked from this one
    from heartsuite.arena.tournament import run_tournament

    lineup = [name, "hard", "hard", "hard"]
    records = open(args.records, "w", encoding="utf-8") if args.records else None  # noqa: SIM115
    try:
        with TournamentProgress(lineup, args.hands, quiet=args.quiet) as bar:
            summary = run_tournament(lineup, Rules(), hands=args.hands, seed=args.seed,
                                     jobs=args.jobs, records=records, on_game=bar.on_game)
    finally:
        if records is not None:
            records.close()
    print_table(summary, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
