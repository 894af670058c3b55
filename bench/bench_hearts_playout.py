"""Heuristic play-outs per second on one core: pure Python (`fast_heuristic.play_out`) against
the numba-compiled core (`heartsuite.players.compiled`), on the same positions in the same run.

Rows: whole rounds from the deal; positions in mid-round (after 0-44 cards of heuristic and
random play); and the search's move (deal a world from the seat's knowledge, play every
candidate card out in it), Python's loop against one compiled call per move; and Hard's whole
search (`search_play` at a fixed number of worlds, the moves of heuristic games: a fresh
posterior per move, its chains, the lookahead), worlds per second with `hard-v1`'s Python loop
against the compiled replies, every card and mean checked equal; and the `ismcts` sparring
partner's decisions at a fixed number of iterations, its Python loop against the compiled
iterations, every card, root visit count and generator state checked equal. The compiled rows
are timed after a first call that loads (or compiles) the kernels, and every position's points
are checked equal before anything is timed. numba runs on the calling thread only, so each row
uses one core.

    .venv/bin/python bench/bench_hearts_playout.py [--positions N] [--worlds W] [--seed S]
        [--iterations I]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from heartsuite.arena.driver import play_positions
from heartsuite.cli.progress import Progress
from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import compiled, fast_heuristic
from heartsuite.players.ismcts import ISMCTSConfig, ismcts_play
from heartsuite.players.sampling import Knowledge, sample_hands
from heartsuite.players.search import SearchConfig, search_play
from heartsuite.prng import Rng

MIN_SECONDS = 1.0


def _rate(work: Callable[[], int]) -> float:
    """Play-outs per second of `work` (it returns how many it played), repeated for a second."""
    done, start = 0, time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= MIN_SECONDS:
            return done / elapsed


def deals(rules: Rules, count: int, rng: Rng) -> list[Round]:
    return [Round(rules, random_hands(rules, rng)) for _ in range(count)]


def mid_round(rules: Rules, count: int, rng: Rng) -> list[Round]:
    """Positions after 0-44 cards, one heuristic card in four replaced by a random one."""
    out = []
    for _ in range(count):
        r = Round(rules, random_hands(rules, rng))
        for _ in range(rng.below(45)):
            legal = r.legal_mask()
            cards = cards_of(legal)
            r.play(cards[rng.below(len(cards))] if rng.below(4) == 0
                   else fast_heuristic.choose(r, legal))
        out.append(r)
    return out


def knowledge(r: Round) -> Knowledge:
    """What the seat to play knows in a round without a pass: its hand, the voids shown."""
    seat = r.turn
    unseen = 0
    for p, hand in enumerate(r.hands):
        if p != seat:
            unseen |= hand
    known = tuple(hand if p == seat else 0 for p, hand in enumerate(r.hands))
    return Knowledge(seat, tuple(h.bit_count() for h in r.hands), known, tuple(r.voids), unseen)


def python_move(r: Round, know: Knowledge, rng: Rng, worlds: int) -> list[list[int]]:
    """The search's inner loop in Python: the points of every (candidate, world)."""
    out = []
    candidates = cards_of(r.legal_mask())
    for _ in range(worlds):
        world = sample_hands(know, rng)
        for card in candidates:
            q = r.copy()
            q.hands = list(world)
            q.play(card)
            fast_heuristic.play_out(q)
            out.append(q.points)
    return out


def play_out_rows(rules: Rules, positions: list[Round]) -> tuple[float, float, float]:
    """Play-outs per second: Python, compiled one call each, compiled one call per batch."""
    facts = compiled.rules_facts(rules)
    states = np.array([compiled.encode_round(r) for r in positions])
    check = states.copy()
    compiled.play_out_rows(facts, check)
    for r, row in zip(positions, compiled.points_of(facts, check), strict=True):
        q = r.copy()
        fast_heuristic.play_out(q)
        assert row.tolist() == q.points

    def python() -> int:
        for r in positions:
            fast_heuristic.play_out(r.copy())
        return len(positions)

    def one_call_each() -> int:
        for row in states:
            compiled.play_out(facts, row.copy())
        return len(states)

    def batch() -> int:
        compiled.play_out_rows(facts, states.copy())
        return len(states)

    return _rate(python), _rate(one_call_each), _rate(batch)


def move_rows(positions: list[Round], worlds: int) -> tuple[float, float]:
    """(candidate, world) play-outs per second of the search's move, sampler included."""
    moves = [(r, knowledge(r)) for r in positions if r.legal_mask() & (r.legal_mask() - 1)]
    for i, (r, know) in enumerate(moves[:50]):
        _, points, _ = compiled.candidate_points(r, know, Rng(i), cards_of(r.legal_mask()), worlds)
        flat = points.transpose(1, 0, 2).reshape(-1, len(r.hands)).tolist()
        assert flat == python_move(r, know, Rng(i), worlds)

    def python() -> int:
        rng = Rng(1)
        return sum(len(python_move(r, know, rng, worlds)) for r, know in moves)

    def one_call_per_move() -> int:
        rng, done = Rng(1), 0
        for r, know in moves:
            _, points, _ = compiled.candidate_points(r, know, rng, cards_of(r.legal_mask()),
                                                     worlds)
            done += points.shape[0] * points.shape[1]
        return done

    return _rate(python), _rate(one_call_per_move)


def game_views(rules: Rules, games: int) -> list[SeatView]:
    """The views of every card play with a choice of some heuristic games."""
    return [view for number in range(games) for _, view in play_positions(rules, 900 + number)
            if view.legal & (view.legal - 1)]


def search_rows(views: list[SeatView], worlds: int) -> tuple[float, float]:
    """Worlds per second of Hard's whole search (`search_play`: the posterior's chains, the
    candidates, the lookahead, the racing) at a fixed number of worlds, with the Python loop
    (`hard-v1`) and the compiled replies (Hard); every move's card and means checked equal."""
    for i, view in enumerate(views[:40]):
        a = search_play(view, Rng(i), SearchConfig(worlds=worlds, compiled=False))
        b = search_play(view, Rng(i), SearchConfig(worlds=worlds, compiled=True))
        assert a == b, (i, a, b)

    def rate(fast: bool) -> Callable[[], int]:
        config = SearchConfig(worlds=worlds, compiled=fast)

        def work() -> int:
            return sum(search_play(view, Rng(i), config)[2] for i, view in enumerate(views))
        return work

    return _rate(rate(False)), _rate(rate(True))


def ismcts_rows(views: list[SeatView], iterations: int) -> tuple[float, float]:
    """Decisions per second of the `ismcts` sparring partner at a fixed number of iterations,
    the Python loop against the compiled iterations; every move's card, root visits and
    generator state checked equal."""
    for i, view in enumerate(views[:40]):
        py_rng, c_rng = Rng(i), Rng(i)
        a = ismcts_play(view, py_rng, ISMCTSConfig(iterations=iterations, compiled=False))
        b = ismcts_play(view, c_rng, ISMCTSConfig(iterations=iterations, compiled=True))
        assert a == b and py_rng.state == c_rng.state, (i, a, b)

    def rate(fast: bool) -> Callable[[], int]:
        config = ISMCTSConfig(iterations=iterations, compiled=fast)

        def work() -> int:
            for i, view in enumerate(views):
                ismcts_play(view, Rng(i), config)
            return len(views)
        return work

    return _rate(rate(False)), _rate(rate(True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=20, help="worlds per move (move row)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=2, help="heuristic games whose moves the "
                        "search row searches")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per move of "
                        "the ismcts row")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    rules = Rules()
    rng = Rng.for_key("bench-playout", args.seed)
    start = time.perf_counter()
    compiled.play_out(compiled.rules_facts(rules),
                      compiled.encode_round(deals(rules, 1, Rng(0))[0]))
    load = time.perf_counter() - start
    rows: list[tuple[str, float, float]] = []
    with Progress(5, "rows", desc="play-out rates", quiet=args.quiet) as bar:
        for name, positions in (("whole rounds from the deal",
                                 deals(rules, args.positions, rng)),
                                ("mid-round positions", mid_round(rules, args.positions, rng))):
            py, each, batch = play_out_rows(rules, positions)
            rows.append((f"{name}, one call per play-out", py, each))
            rows.append((f"{name}, one call per batch", py, batch))
            bar.advance(postfix=name)
        py, move = move_rows(mid_round(rules, max(1, args.positions // 10), rng), args.worlds)
        rows.append((f"search move: {args.worlds} worlds x candidates, sampler included", py,
                     move))
        bar.advance(postfix="search move")
        views = game_views(rules, args.games)
        py, move = search_rows(views, args.worlds)
        rows.append((f"Hard's search: worlds/s at {args.worlds} worlds (hard-v1 loop)", py, move))
        bar.advance(postfix="Hard's search")
        py, move = ismcts_rows(views, args.iterations)
        rows.append((f"ismcts:{args.iterations}: decisions/s", py, move))
        bar.advance(postfix="ismcts")
    print(f"load average {os.getloadavg()[0]:.2f}; first compiled call (load or compile) "
          f"{load:.2f} s; {args.positions} positions, seed {args.seed}")
    title = "play-outs per second (the last two rows: worlds, decisions)"
    print(f"| {title:<62} | {'Python':>8} | {'compiled':>10} | {'ratio':>6} |")
    print(f"|{'-' * 64}|{'-' * 9}:|{'-' * 11}:|{'-' * 7}:|")
    for name, a, b in rows:
        print(f"| {name:<62} | {a:>8,.0f} | {b:>10,.0f} | {b / a:>5.1f}x |")


if __name__ == "__main__":
    main()
