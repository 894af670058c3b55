"""How well does the search player know where the unseen cards are? Posterior accuracy.

    .venv/bin/python bench/bench_hearts_posterior.py [--games 40] [--worlds 60]
        [--settings uniform,released,long] [--opponents heuristic] [--trust 0.95] [--quiet]

Four heuristic players play `--games` games of four rounds (with `--opponents NAME`, the watched
seat is a heuristic player and the three others are NAME, any player of the tournament's
line-ups: one whose plays the model does not describe, e.g. `random`, `easy`, `ismcts`,
`ismcts:200`, `search:30`). At every play of one seat that has a
choice (seat = game number mod 4), the worlds the search would see are drawn (`--worlds` of them,
the chains kept through the round as the search player keeps them), and for each unseen card we
count the share of the worlds that put it with its true holder. Reported: the mean share over all
unseen cards, the same for Q♠ while it is unseen, and the time to update and draw. Uniform worlds
(no reading of passes and plays) are the floor; the chains walked many times longer than released
approximate what the model itself can know (a chain that has forgotten where it started).
Against heuristic opponents the model is exact, so the gap between the released chains and the
long ones is what better mixing could still gain; the gap to 1.0 is what the information hides.
Against other opponents the chains must not place the cards worse than uniform worlds (issue 24
§4): the model's `1 - trust` share for "any legal card" is what keeps them from it.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

from heartsuite.arena.driver import lineup_positions
from heartsuite.arena.tournament import build_player, known_player
from heartsuite.cli.progress import Progress
from heartsuite.hearts.cards import QS_BIT, cards_of
from heartsuite.hearts.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import make_player
from heartsuite.players.posterior import BURN_IN, CHAINS, STEPS, TRUST, Posterior
from heartsuite.players.sampling import knowledge_of, sample_hands
from heartsuite.prng import Rng

# name -> (chains, steps per world, steps per move); None: uniform worlds
SETTINGS: dict[str, tuple[int, int, int] | None] = {
    "uniform": None,
    "released": (CHAINS, STEPS, BURN_IN),
    "long": (CHAINS, STEPS * 10, BURN_IN * 20),
}


def _holder(hands: list[int], card: int) -> int:
    return next(p for p, hand in enumerate(hands) if hand >> card & 1)


def positions(number: int, watched: int, opponents: str) -> Iterator[tuple[Game, SeatView]]:
    """Game `number`: a heuristic player in seat `watched`, `opponents` in the others; before
    each card play, the game and the view of the seat to play (the caller reads, never acts)."""
    rules = Rules()
    players = [make_player("heuristic", number * 4 + s) if s == watched
               else build_player(opponents, number * 4 + s) for s in range(rules.players)]
    rngs = [Rng.for_key("bench-posterior", number, s) for s in range(rules.players)]
    return lineup_positions(Game(rules, number), players, rngs)


def measure(setting: tuple[int, int, int] | None, games: int, worlds: int,
            trust: float = TRUST, bar: Progress | None = None,
            opponents: str = "heuristic") -> tuple[float, float, float, int]:
    """(mean share of worlds right about an unseen card, the same for Q♠, seconds per
    decision, decisions). `bar` advances one game at a time, outside the timed spans."""
    right = cards = 0.0
    queen_right = queen_seen = 0.0
    seconds = 0.0
    decisions = 0
    for number in range(1, games + 1):
        draw = Rng(number * 7 + 1)
        posterior: Posterior | None = None
        round_index = -1
        for game, view in positions(number, number % 4, opponents):
            if game.round_index >= 4:
                break
            if game.round_index != round_index:  # the search player starts new chains too
                posterior = None
                round_index = game.round_index
            seat = view.seat
            if seat != number % 4 or not view.legal & (view.legal - 1):
                continue
            know = knowledge_of(view)
            start = time.perf_counter()
            if setting is None:
                sampled = [sample_hands(know, draw) for _ in range(worlds)]
            else:
                if posterior is None:
                    chains, steps, burn_in = setting
                    posterior = Posterior(view.rules, seat, trust, chains=chains, steps=steps,
                                          burn_in=burn_in)
                posterior.update(view, draw)
                sampled = [posterior.world(draw) for _ in range(worlds)]
            seconds += time.perf_counter() - start
            decisions += 1
            truth = game.round.hands
            for c in cards_of(know.unseen):
                holder = _holder(truth, c)
                share = sum(w[holder] >> c & 1 for w in sampled) / worlds
                right += share
                cards += 1
                if 1 << c == QS_BIT:
                    queen_right += share
                    queen_seen += 1
        if bar is not None:
            bar.advance(1)
    return right / cards, queen_right / max(queen_seen, 1), seconds / decisions, decisions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument("--trust", type=float, default=TRUST)
    parser.add_argument("--opponents", default="heuristic",
                        help="the three other seats' player (a tournament line-up name)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    if not known_player(args.opponents):
        parser.error(f"unknown player {args.opponents!r} (a tournament line-up name)")
    print("| Worlds from | Chains × steps per world, per move | Decisions | Unseen cards placed "
          "right | Q♠ placed right | ms per decision |")
    print("|---|---|---|---|---|---|")
    for name in args.settings.split(","):
        setting = SETTINGS[name]
        with Progress(args.games, "game", desc=name, quiet=args.quiet) as bar:
            accuracy, queen, seconds, decisions = measure(setting, args.games, args.worlds,
                                                          args.trust, bar, args.opponents)
        shape = "—" if setting is None else f"{setting[0]} × {setting[1]}, {setting[2]}"
        print(f"| {name} | {shape} | {decisions} | {accuracy:.1%} | {queen:.1%} | "
              f"{seconds * 1000:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
