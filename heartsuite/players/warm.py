"""Load (or, the first time on a machine, compile) every kernel of the compiled core.

numba compiles a kernel on its first call and keeps the machine code on disk (`jit.kernel`), so
the first Hard move on a fresh install would wait for the compile, about 20 s of CPU. The setup
script runs this module once after installing (`python -m heartsuite.players.warm`),
and a server or a bot worker calls `warm()` in a background thread as it starts, so that the
kernels are loaded from the disk cache before anybody waits for a computer player.
"""

from __future__ import annotations

import sys
import threading
import time

from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import PASS, Phase
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.players import compiled
from heartsuite.players.heuristic import pass_cards
from heartsuite.players.ismcts import CompiledDealer, ISMCTSConfig, UniformDealer, ismcts_play
from heartsuite.players.sampling import Knowledge, knowledge_of
from heartsuite.players.search import CompiledReplies
from heartsuite.prng import Rng


def warm() -> float:
    """Call every kernel once on a real position; returns the seconds it took."""
    start = time.perf_counter()
    rules = Rules()
    r = Round(rules, random_hands(rules, Rng(0)))
    if r.phase == PASS:
        for seat in r.waiting_to_pass():
            r.submit_pass(seat, pass_cards(rules, r.hands[seat]))
    for _ in range(5):
        r.play(r.legal_plays()[0])
    seat = r.turn
    cards = r.legal_plays()
    for own in (False, True):  # the heuristic's later cards, then the distilled policy's
        CompiledReplies(r, seat, cards, (0,) * rules.players, 0, own=own).replies(
            list(r.hands), list(range(len(cards))))
    counts = tuple(h.bit_count() for h in r.hands)
    known = tuple(h if p == seat else 0 for p, h in enumerate(r.hands))
    unseen = sum(r.hands) - r.hands[seat]
    know = Knowledge(seat, counts, known, tuple(r.voids), unseen)
    compiled.candidate_points(r, know, Rng(1), cards, 2)
    facts = compiled.rules_facts(rules)
    states = compiled.encode_round(r).reshape(1, -1)
    compiled.play_out_rows(facts, states)
    compiled.points_of(facts, states)
    _warm_ismcts(rules)
    return time.perf_counter() - start


def _warm_ismcts(rules: Rules) -> None:
    """The compiled `ismcts` iterations, the exact dealer among them, at a real decision."""
    game = Game(rules, 0)
    while (pending := game.pending()) is not None and pending.kind == Phase.PASS:
        for seat in pending.seats:
            game.act(seat, pass_cards(rules, game.view(seat).hand))
    assert pending is not None
    view = game.view(pending.seats[0])
    ismcts_play(view, Rng(2), ISMCTSConfig(iterations=2))
    CompiledDealer(UniformDealer(knowledge_of(view))).deal(Rng(3), exact=True)


def warm_in_background() -> threading.Thread:
    """`warm()` on a daemon thread (a server keeps answering while the kernels load)."""
    thread = threading.Thread(target=warm, name="warm-compiled-core", daemon=True)
    thread.start()
    return thread


if __name__ == "__main__":
    seconds = warm()
    print(f"compiled play-out core ready ({seconds:.1f} s)", file=sys.stderr)
