"""What each part of the search player is worth: variants at a fixed number of worlds per move.

    .venv/bin/python bench/bench_hearts_ablation.py [--hands 1000] [--worlds 40] [--jobs 2]
        [--seed 11] [--variants careful,heuristic,posterior,fused,lookahead] [--records PREFIX]

Each variant plays a duplicate match against three heuristic players on the same boards (same
seed). A fixed number of worlds makes the result independent of the machine's speed and load, so
the variants differ only in what they do with each world:

- careful: rollouts with the older policy of `players/rollout.py`, uniform worlds
- heuristic: rollouts with the heuristic player itself (`players/fast_heuristic.py`), uniform worlds
- posterior: heuristic rollouts, worlds from the chains that read the opponents' passes and plays
  (`players/posterior.py`)
- fused: as posterior, and in each world the seat's next card is searched too, the best card of
  that world (`search.value_with_reply`); the variants above leave it to the rollout policy
- lookahead (released): as fused, but the worlds that look alike at that next turn share one
  card (`search.SharedNext`)

Prints one Markdown table row per variant (points per hand against the heuristic players).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from heartsuite.arena.tournament import run_tournament
from heartsuite.hearts.rules import Rules
from heartsuite.players import Player, register_player
from heartsuite.players.search import SearchPlayer


def _factory(variant: str, worlds: int) -> tuple[str, Callable[[int], Player]]:
    options = {
        "careful": {"policy": "careful", "trust": 0.0, "lookahead": 1},
        "heuristic": {"policy": "heuristic", "trust": 0.0, "lookahead": 1},
        "posterior": {"policy": "heuristic", "lookahead": 1},
        "fused": {"policy": "heuristic", "lookahead": 2, "share_next": False},
        "lookahead": {"policy": "heuristic", "lookahead": 2},
    }[variant]
    name = f"ablation-{variant}"
    return name, lambda seed: SearchPlayer(seed, worlds=worlds, name=name, race=False,
                                           **options)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--variants", default="careful,heuristic,posterior,fused,lookahead")
    parser.add_argument("--records", default=None,
                        help="write game records to PREFIX-<variant>.jsonl as they finish")
    args = parser.parse_args()
    print(f"| Variant ({args.worlds} worlds/move) | Hands | Ours pts/hand [95%] | "
          "Heuristic pts/hand | Lead [95%] | s/move | Wall time |")
    print("|---|---|---|---|---|---|---|")
    for variant in args.variants.split(","):
        name, factory = _factory(variant.strip(), args.worlds)
        register_player(name, factory)
        start = time.perf_counter()
        path = f"{args.records}-{variant.strip()}.jsonl" if args.records else None
        out = open(path, "w", encoding="utf-8") if path else None  # noqa: SIM115
        try:
            summary = run_tournament([name, "heuristic", "heuristic", "heuristic"], Rules(),
                                     hands=args.hands, seed=args.seed, jobs=args.jobs,
                                     records=out)
        finally:
            if out:
                out.close()
        me, them = summary["results"]
        lo, hi = me["ci95"]
        llo, lhi = me["lead_ci95"]
        print(f"| {variant} | {summary['hands']} | {me['points_per_hand']:.2f} "
              f"[{lo:.2f}, {hi:.2f}] | {them['points_per_hand']:.2f} | "
              f"{me['lead_over_others']:.2f} [{llo:.2f}, {lhi:.2f}] | "
              f"{me['move_seconds']:.3f} | {(time.perf_counter() - start) / 60:.1f} min |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
