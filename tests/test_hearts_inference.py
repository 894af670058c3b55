"""Reading cards from play: the opponents' plays weigh the sampled worlds toward the true one."""

from __future__ import annotations

import math

from heartsuite.hearts.cards import QS_BIT
from heartsuite.hearts.game import PASS_KIND, Game
from heartsuite.hearts.players import make_player
from heartsuite.hearts.players.fast_heuristic import choose
from heartsuite.hearts.players.inference import TRUST, evidence, likely_world
from heartsuite.hearts.players.sampling import sample_hands
from heartsuite.hearts.players.search import knowledge_of, play_history
from heartsuite.hearts.rules import Rules
from heartsuite.prng import Rng


def _midgame(number: int, plays: int) -> tuple[Game, int]:
    """A round of heuristic players stopped after `plays` cards; returns the game and the seat
    to play."""
    game = Game(Rules(), number)
    heuristic = make_player("heuristic")
    rng = Rng(number)
    done = 0
    while True:
        pending = game.pending()
        assert pending is not None
        if pending.kind == PASS_KIND:
            for s in pending.seats:
                game.act(s, heuristic.choose_pass(game.view(s), rng))
            continue
        seat = pending.seats[0]
        if done == plays:
            return game, seat
        game.act(seat, heuristic.choose_play(game.view(seat), rng))
        done += 1


def test_the_true_world_explains_every_play_of_heuristic_opponents() -> None:
    """A play the policy would not make costs a factor of at most (1 - trust)/2 (log < -3.6);
    one it would make costs almost nothing. The true world has no such cost; most random
    consistent worlds do."""
    miss = math.log((1 - TRUST) / 2)
    for number in range(1, 6):
        game, seat = _midgame(number, 24)
        view = game.view(seat)
        order, by_seat = play_history(view)
        r = game.round
        true_start = [r.hands[p] | by_seat[p] for p in range(4)]
        assert evidence(Rules(), true_start, order, seat, choose, TRUST) > miss
        rng = Rng(number)
        know = knowledge_of(view)
        sampled = [evidence(Rules(), [h[p] | by_seat[p] for p in range(4)], order, seat, choose,
                            TRUST) for h in (sample_hands(know, rng) for _ in range(50))]
        assert sum(x <= miss for x in sampled) >= 25


def test_weighted_worlds_find_the_queen_more_often_than_plain_sampling() -> None:
    """Over positions where the queen is still hidden, the inferred worlds put her with her true
    holder clearly more often than uniform consistent worlds do."""
    plain = inferred = total = 0
    for number in range(1, 41):
        game, seat = _midgame(number, 20)
        view = game.view(seat)
        r = game.round
        holder = next((p for p in range(4) if r.hands[p] & QS_BIT), None)
        if holder is None or holder == seat or view.known_elsewhere() & QS_BIT:
            continue
        order, by_seat = play_history(view)
        know = knowledge_of(view)
        rng = Rng.for_key("inference-test", number)
        for _ in range(10):
            total += 1
            plain += bool(sample_hands(know, rng)[holder] & QS_BIT)
            world = likely_world(Rules(), know, order, by_seat, choose, TRUST, 16, rng)
            inferred += bool(world[holder] & QS_BIT)
            assert all(world[p] & by_seat[p] == 0 for p in range(4))
    assert total >= 100
    assert inferred > plain * 1.3, (inferred, plain, total)
