"""OpenSpiel's ISMCTS bots as peers in our engine: card mapping, rebuilt states, legal play."""

from __future__ import annotations

import time

import pytest

pyspiel = pytest.importorskip("pyspiel")

from heartsuite.arena.driver import play_game  # noqa: E402
from heartsuite.arena.openspiel import (  # noqa: E402
    ISMCTSPeer,
    from_openspiel,
    load_game,
    openspiel_state,
    to_openspiel,
)
from heartsuite.hearts.cards import card_text, cards_of  # noqa: E402
from heartsuite.hearts.game import Game  # noqa: E402
from heartsuite.hearts.phase import Phase  # noqa: E402
from heartsuite.hearts.records import replay  # noqa: E402
from heartsuite.hearts.rules import Rules  # noqa: E402
from heartsuite.players import make_player  # noqa: E402
from heartsuite.prng import Rng  # noqa: E402


def test_card_mapping_agrees_with_openspiel_names() -> None:
    state = load_game(Rules()).new_initial_state()
    state.apply_action(0)  # no pass: from here on actions are cards
    assert sorted(to_openspiel(c) for c in range(52)) == list(range(52))
    for c in range(52):
        assert from_openspiel(to_openspiel(c)) == c
        assert state.action_to_string(to_openspiel(c)) == card_text(c)


def test_rebuilt_state_has_the_seat_s_hand_turn_and_legal_cards() -> None:
    rules = Rules()
    game = Game(rules, 4242)
    os_game = load_game(rules)
    players = [make_player("heuristic", s) for s in range(4)]
    rngs = [Rng.for_key("peer-test", s) for s in range(4)]
    checked = 0
    while game.round_index < 4 and (pending := game.pending()) is not None:
        if pending.kind == Phase.PASS:
            for s in pending.seats:
                game.act(s, players[s].choose_pass(game.view(s), rngs[s]))
            continue
        assert pending.kind == "play"  # Old Moon never asks the shooter
        seat = pending.seats[0]
        view = game.view(seat)
        state = openspiel_state(os_game, view, Rng(checked))
        assert state.current_player() == seat
        assert {from_openspiel(a) for a in state.legal_actions()} == set(cards_of(view.legal))
        checked += 1
        game.act(seat, players[seat].choose_play(view, rngs[seat]))
    assert checked >= 4 * 52


def test_peers_play_legal_cards_in_our_engine() -> None:
    rules = Rules().with_options(target=40)
    peers = [ISMCTSPeer(1, kind="cpp", simulations=40), ISMCTSPeer(2, kind="py", simulations=3)]
    record = play_game(rules, 99, [peers[0], make_player("heuristic", 1), peers[1],
                                   make_player("heuristic", 2)])
    replay(record)  # raises on any illegal pass or play
    assert record["winner"] is not None


def test_timed_cpp_peer_keeps_to_its_move_time() -> None:
    rules = Rules()
    game = Game(rules, 7)
    peer = ISMCTSPeer(3, kind="cpp", move_time=0.02)
    players = [make_player("heuristic", s) for s in range(4)]
    rng = Rng(1)
    while (pending := game.pending()) is not None and pending.kind == Phase.PASS:
        for s in pending.seats:
            game.act(s, players[s].choose_pass(game.view(s), rng))
    seat = game.pending().seats[0]  # type: ignore[union-attr]
    game.act(seat, players[seat].choose_play(game.view(seat), rng))
    seat = game.pending().seats[0]  # type: ignore[union-attr]
    view = game.view(seat)
    start = time.perf_counter()
    card = peer.choose_play(view, rng)
    assert view.legal >> card & 1
    assert time.perf_counter() - start < 1.0


def test_peers_refuse_other_rules() -> None:
    with pytest.raises(ValueError, match="Black Lady"):
        ISMCTSPeer(0, rules=Rules.variant("spot"))


def test_a_clock_that_runs_out_before_any_simulation_still_gives_a_legal_card() -> None:
    game = Game(Rules(), 3)
    heuristic = make_player("heuristic")
    for s in range(4):
        game.act(s, heuristic.choose_pass(game.view(s), Rng(1)))
    seat = game.pending().seats[0]  # type: ignore[union-attr]
    game.act(seat, heuristic.choose_play(game.view(seat), Rng(1)))
    seat = game.pending().seats[0]  # type: ignore[union-attr]
    view = game.view(seat)
    peer = ISMCTSPeer(1, move_time=1e-9)
    assert view.legal >> peer.choose_play(view, Rng(2)) & 1
    assert peer.fallbacks == 1
