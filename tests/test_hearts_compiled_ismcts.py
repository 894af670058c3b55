"""The compiled `ismcts` iterations against the Python reference: the same tree, the same card
and the same generator state at every decision of whole games in every variant; the compiled
dealer against `UniformDealer`, the exact draw by counting included."""

from __future__ import annotations

from typing import Any

import pytest

from heartsuite.arena.driver import play_positions
from heartsuite.hearts import Rules
from heartsuite.players.ismcts import CompiledDealer, ISMCTSConfig, UniformDealer, ismcts_play
from heartsuite.players.sampling import knowledge_of
from heartsuite.prng import Rng
from tests.test_hearts_ismcts import VARIANTS


def _rules(variant: str, options: dict[str, Any]) -> Rules:
    # Three rounds: later rounds have totals, so that Mixed Moon's choice and the game's end
    # (a short target) come into the values.
    return Rules.variant(variant).with_options(rounds=3, **options)


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_the_same_card_visits_and_generator_as_python(variant: str,
                                                      options: dict[str, Any]) -> None:
    rules = _rules(variant, options)
    positions = 0
    for number in (1, 2):
        for i, (_, view) in enumerate(play_positions(rules, number)):
            py_rng, c_rng = Rng(7 * i + number), Rng(7 * i + number)
            py = ismcts_play(view, py_rng, ISMCTSConfig(iterations=40, compiled=False))
            cc = ismcts_play(view, c_rng, ISMCTSConfig(iterations=40, compiled=True))
            assert cc == py, (number, i)
            assert c_rng.state == py_rng.state, (number, i)
            positions += 1
    assert positions > 100


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_the_same_deals_as_the_uniform_dealer(variant: str, options: dict[str, Any]) -> None:
    """Every position of a game, three deals each, by rejection (falling back to the exact draw)
    and by the exact draw alone; the card list that rejection shuffles carries over from one
    deal to the next, in both."""
    rules = _rules(variant, options)
    for _, view in play_positions(rules, 3):
        k = knowledge_of(view)
        py_dealer, c_dealer = UniformDealer(k), UniformDealer(k)
        fast = CompiledDealer(c_dealer)
        py_rng, c_rng = Rng(view.played), Rng(view.played)
        for _ in range(3):
            assert fast.deal(c_rng) == py_dealer.deal(py_rng)
            assert c_rng.state == py_rng.state
            assert c_dealer.cards == py_dealer.cards
            assert fast.deal(c_rng, exact=True) == py_dealer.exact(py_rng)
            assert c_rng.state == py_rng.state


def test_rejection_falls_back_to_the_exact_draw_where_python_does() -> None:
    """Late positions with voids, where every rejection try can meet one: the compiled deal
    goes on to the exact draw at the same deals as Python's, and deals the same cards."""
    rules = Rules()
    fallbacks = 0
    for number in range(4):
        for _, view in play_positions(rules, number):
            k = knowledge_of(view)
            if sum(1 for v in k.voids if v) < 2:
                continue
            py_dealer = UniformDealer(k)
            exact = py_dealer.exact
            calls: list[int] = []

            def counted(rng: Rng, exact: Any = exact, calls: list[int] = calls) -> list[int]:
                calls.append(1)
                result: list[int] = exact(rng)
                return result

            py_dealer.exact = counted  # type: ignore[method-assign]
            fast = CompiledDealer(UniformDealer(k))
            py_rng, c_rng = Rng(number), Rng(number)
            for _ in range(6):
                assert fast.deal(c_rng) == py_dealer.deal(py_rng)
                assert c_rng.state == py_rng.state
            fallbacks += len(calls)
    assert fallbacks > 20


def test_a_seat_of_a_fixed_number_of_iterations_plays_compiled_by_default() -> None:
    assert ISMCTSConfig(iterations=200).compiled
    view = next(iter(play_positions(Rules(), 5)))[1]
    a = ismcts_play(view, Rng(1), ISMCTSConfig(iterations=25))
    b = ismcts_play(view, Rng(1), ISMCTSConfig(iterations=25, compiled=False))
    assert a == b
