"""Is another pass better than the heuristic's? Measured on the hands where the passes differ.

    .venv/bin/python bench/bench_hearts_pass.py [--self heuristic|search] [--games 400]
        [--worlds 30] [--jobs 2] [--variants guards2,guards4,keep-high-spades,hearts1,hearts6]

One seat passes a variant of the heuristic's defensive pass (`heuristic.PassStyle`), the other
three are heuristic players. Rounds 1–3 of games 1..N (pass left, right, across), each seat in
turn. The seat plays like the heuristic (`--self heuristic`, fast play-outs) or is the search
player with a fixed number of worlds (`--self search`); both are deterministic, so only the
hands in which the variant passes other cards are played, twice: the others would be the same
hand card for card. That leaves out most of the noise a
whole match carries, which is what makes a pass variant measurable at all (a timed match of
2,000 hands tells two players apart only by about ±0.25 points per hand).

Prints per variant: the share of hands where the pass differs, the mean difference in the
seat's points on those hands, and that difference spread over all hands (points per hand,
95 % interval; negative: the variant is better than the heuristic's pass).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from heartsuite.hearts.deal import deal_hands
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.scoring import round_scores
from heartsuite.players import fast_heuristic, make_player
from heartsuite.players.heuristic import HEURISTIC_PASS, PassStyle, pass_cards
from heartsuite.players.search import SearchPlayer
from heartsuite.prng import Rng

RULES = Rules()
ROUNDS = 3  # left, right, across; the fourth round does not pass
VARIANTS = {
    "heuristic": HEURISTIC_PASS,
    "guards2": PassStyle(queen_guards=2),  # keep Q♠ with two spades below her
    "guards4": PassStyle(queen_guards=4),
    "keep-high-spades": PassStyle(shed_high_spades=False),  # A♠ K♠ only go with the queen
    "hearts1": PassStyle(heart_weight=1),  # high side cards before high hearts
    "hearts6": PassStyle(heart_weight=6),
    "void2": PassStyle(void_up_to=2),  # void a side suit of at most two cards
    "void1": PassStyle(void_up_to=1),
    "no-void": PassStyle(void_up_to=0),  # the most dangerous cards, no void aimed for
}

Job = tuple[int, int, int, str, int]  # game number, round index, seat, variant, worlds


def _heuristic_round(number: int, round_index: int, seat: int, style: PassStyle) -> int:
    """The seat's points when it passes `style` and everyone plays the heuristic."""
    hands = deal_hands(RULES, number, round_index)
    r = Round(RULES, hands, RULES.pass_offset(round_index))
    for s in range(RULES.players):
        r.submit_pass(s, pass_cards(RULES, hands[s], style if s == seat else HEURISTIC_PASS))
    fast_heuristic.play_out(r)  # to the end, or until the points are settled (then final)
    return round_scores(RULES, r.points, r.moon_shooter(), None)[seat]


def _search_round(job: Job) -> tuple[Job, int]:
    """The seat's points when it passes the variant and plays the fixed-worlds search."""
    number, round_index, seat, name, worlds = job
    game = Game.from_round(RULES, number, round_index)
    me = SearchPlayer(7, worlds=worlds, move_time=None)
    heuristic = make_player("heuristic")
    rngs = [Rng.for_key("bench-pass", number, round_index, s) for s in range(RULES.players)]
    while (pending := game.pending()) is not None and game.round_index == round_index:
        for s in pending.seats:
            view = game.view(s)
            player = me if s == seat else heuristic
            if pending.kind == Phase.PASS:
                style = VARIANTS[name] if s == seat else HEURISTIC_PASS
                game.act(s, pass_cards(RULES, view.hand, style))
            elif pending.kind == Phase.MOON_CHOICE:
                game.act(s, player.choose_moon(view))
            else:
                game.act(s, player.choose_play(view, rngs[s]))
    return job, game.rounds[-1]["points"][seat]


def _interval(d: list[float]) -> tuple[float, float]:
    if len(d) < 2:
        return (sum(d) / len(d) if d else 0.0), math.inf
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1))
    return m, 1.96 * sd / math.sqrt(len(d))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--self", dest="self_player", choices=("heuristic", "search"),
                        default="search")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variants", default="guards2,guards4,keep-high-spades,hearts1,hearts6")
    args = parser.parse_args()
    names = [v for v in args.variants.split(",") if v]
    unknown = [v for v in names if v not in VARIANTS or v == "heuristic"]
    if unknown:
        parser.error(f"unknown variants {unknown}; known: {', '.join(VARIANTS)}")
    hands = [(n, ri, s) for n in range(1, args.games + 1) for ri in range(ROUNDS)
             for s in range(RULES.players)]
    deals = {(n, ri): deal_hands(RULES, n, ri) for n, ri, _ in hands}  # one deal per round
    dealt = {h: deals[h[:2]][h[2]] for h in hands}
    usual = {h: sorted(pass_cards(RULES, dealt[h])) for h in hands}
    differing = {v: [h for h in hands if sorted(pass_cards(RULES, dealt[h], VARIANTS[v]))
                     != usual[h]] for v in names}
    start = time.perf_counter()
    points: dict[tuple[int, int, int, str], int] = {}
    if args.self_player == "heuristic":
        for h in {h for v in names for h in differing[v]}:
            points[(*h, "heuristic")] = _heuristic_round(*h, HEURISTIC_PASS)
        for v in names:
            for h in differing[v]:
                points[(*h, v)] = _heuristic_round(*h, VARIANTS[v])
    else:
        jobs: list[Job] = [(*h, "heuristic", args.worlds)
                           for h in sorted({h for v in names for h in differing[v]})]
        jobs += [(*h, v, args.worlds) for v in names for h in differing[v]]
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for job, pts in pool.imap_unordered(_search_round, jobs, chunksize=4):
                points[job[:4]] = pts
    wall = time.perf_counter() - start
    print(f"{len(hands)} hands (games 1–{args.games}, rounds 1–{ROUNDS}, every seat); "
          f"the seat plays {args.self_player}"
          + (f" at {args.worlds} worlds" if args.self_player == "search" else "")
          + f"; {wall / 60:.1f} min")
    print("| Pass | Differs | Δ on those hands [95 %] | Δ per hand [95 %] |")
    print("|---|---|---|---|")
    for v in names:
        d = [points[(*h, v)] - points[(*h, "heuristic")] for h in differing[v]]
        share = len(d) / len(hands)
        m, half = _interval(d)
        print(f"| {v} | {len(d)} ({share:.1%}) | {m:+.2f} ± {half:.2f} | "
              f"{m * share:+.3f} ± {half * share:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
