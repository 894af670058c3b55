"""Secret, provably fair deals: the commitment and the deals are pinned (golden), a played game's
record verifies, and any change to the seed, the table id, a hand or a trick is caught."""

from __future__ import annotations

import copy
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartsuite.hearts.cards import texts
from heartsuite.hearts.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.players import make_player
from heartsuite.prng import Rng
from heartsuite.tables.fair import (
    commitment,
    deal_round,
    dealer,
    new_seed,
    parse_seed,
    round_rng,
    verify_record,
)

SEED = bytes(range(32))


def test_the_commitment_is_sha256_of_seed_then_table_id() -> None:
    assert commitment(SEED, "T1") == hashlib.sha256(SEED + b"T1").hexdigest()
    assert commitment(SEED, "T1") == (
        "76806d7e4d78b88e735658f3c1db3ced32c9c9ab6d2b4ccf83430c1db4158d34")


def test_the_deal_procedure_is_pinned() -> None:
    """Golden: the generator of round 0 and the first cards of each seat (card order per hand)."""
    assert round_rng(SEED, 0).next64() == 8757724515259902373
    assert [texts(h)[:3] for h in deal_round(Rules(), SEED, 0)] == [
        ["6C", "7C", "AC"], ["8C", "9C", "QC"], ["4C", "5C", "TC"], ["2C", "3C", "JC"]]
    expected = Rng.for_key("HTS1", *(int.from_bytes(SEED[i:i + 8], "big") for i in (0, 8, 16, 24)),
                           3)
    assert round_rng(SEED, 3).next64() == expected.next64()


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 30))
def test_every_round_deals_the_whole_deck_and_rounds_differ(seed: bytes, index: int) -> None:
    for rules in (Rules(), Rules.variant("black-maria")):
        hands = deal_round(rules, seed, index)
        full = 0
        for h in hands:
            assert h.bit_count() == (13 if rules.players == 4 else 17)
            assert full & h == 0
            full |= h
        assert deal_round(rules, seed, index + 1) != hands


def test_seeds_are_fresh_and_read_back_from_hex() -> None:
    a, b = new_seed(), new_seed()
    assert a != b and len(a) == 32
    assert parse_seed(a.hex()) == a
    for bad in [None, 5, "ab", "zz" * 32, a.hex() + "00"]:
        with pytest.raises(ValueError):
            parse_seed(bad)


def _shared_record(rules: Rules, seed: bytes, table: str) -> dict:
    """A whole game dealt from the seed, played by computer players, recorded as a table would."""
    game = Game(rules, None, [f"P{s}" for s in range(rules.players)], dealer=dealer(rules, seed))
    player, rng = make_player("heuristic"), Rng(7)
    while (pending := game.pending()) is not None:
        seat = pending.seats[0]
        view = game.view(seat)
        if pending.kind == "pass":
            game.act(seat, player.choose_pass(view, rng))
        elif pending.kind == "play":
            game.act(seat, player.choose_play(view, rng))
        else:
            game.act(seat, player.choose_moon(view))
    record = game.record()
    return {**record, "table": table, "seed": seed.hex(), "commitment": commitment(seed, table)}


@pytest.fixture(scope="module", params=["black-lady", "black-maria"])
def record(request) -> dict:
    return _shared_record(Rules.variant(request.param).with_options(target=30), SEED, "TBL")


def test_a_fair_record_verifies(record) -> None:
    assert "code" not in record
    assert verify_record(record) == []


def test_a_changed_seed_table_or_commitment_is_caught(record) -> None:
    other = new_seed().hex()
    assert any("commitment" in p for p in verify_record({**record, "seed": other}))
    assert any("commitment" in p for p in verify_record({**record, "table": "OTHER"}))
    assert any("commitment" in p for p in verify_record({**record, "commitment": "0" * 64}))
    assert verify_record({**record, "seed": "nothex"})[0].startswith("seed:")


def test_a_changed_hand_or_trick_is_caught(record) -> None:
    swapped = copy.deepcopy(record)
    hands = swapped["rounds"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    problems = verify_record(swapped)
    assert any(p.startswith("round 1:") for p in problems)
    forged = copy.deepcopy(record)
    trick = forged["rounds"][0]["tricks"][0]["cards"]
    trick[0], trick[1] = trick[1], trick[0]
    assert any(p.startswith("replay:") for p in verify_record(forged))
