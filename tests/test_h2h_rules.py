"""The rules of SPEC §1.3 and §1.5 on hand-built positions: moves, notation, won, blocked."""

import pytest

from heartsuite.h2h import (
    DRAW,
    REDEAL,
    Deal,
    IllegalMove,
    Move,
    MoveSyntaxError,
    State,
    apply,
    is_blocked,
    is_won,
    legal_moves,
    parse_move,
    replay,
)
from heartsuite.h2h.examples import SEEDS_STOCK, SEEDS_WASTE, seeds_example_deal
from heartsuite.h2h.layout import ALL, bit, positions


def after(state: State, *moves: str) -> State:
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def test_seeds_example_nine_draws_then_the_tip_pairs_with_the_waste() -> None:
    state = State.initial(seeds_example_deal())
    assert legal_moves(state) == [DRAW]
    state = after(state, *["D"] * 9)
    assert state.waste_top == 4
    assert Move.with_waste(25) in legal_moves(state)
    state = after(state, "W25")
    assert state.moves == 10
    assert state.score == 10
    assert positions(state.free) == [23, 24]
    assert state.waste == (1, *SEEDS_STOCK[:8])
    assert state.stock == SEEDS_STOCK[9:]


def test_refusals_carry_reason_keys() -> None:
    state = State.initial(seeds_example_deal())
    cases = {
        "W25": "must_be_same_rank",  # tip 4, waste A
        "W1": "card_covered",
        "1-2": "card_covered",
        "R": "stock_not_empty",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove) as info:
            apply(state, parse_move(text))
        assert info.value.reason == reason, text
    with pytest.raises(IllegalMove) as info:
        apply(state, parse_move("W25"))
    assert info.value.message == "Must be same rank"


def test_a_removed_card_is_empty_and_cannot_be_played_again() -> None:
    state = after(State.initial(seeds_example_deal()), *["D"] * 9, "W25")
    with pytest.raises(IllegalMove) as info:
        apply(state, Move.with_waste(25))
    assert info.value.reason == "empty"


def test_draw_through_the_stock_then_redeal_restores_the_order() -> None:
    deal = seeds_example_deal()
    state = after(State.initial(deal), *["D"] * 26)
    assert state.stock == ()
    assert state.waste == SEEDS_WASTE + SEEDS_STOCK
    assert legal_moves(state)[-1] == REDEAL
    with pytest.raises(IllegalMove) as info:
        apply(state, DRAW)
    assert info.value.reason == "stock_empty"
    state = apply(state, REDEAL)
    assert state.waste == ()
    assert state.stock == SEEDS_WASTE + SEEDS_STOCK
    assert state.moves == 27
    assert apply(state, DRAW).waste_top == SEEDS_WASTE[0]


def test_layout_pair_scores_twenty() -> None:
    deal = seeds_example_deal()
    present = bit(13) | bit(23)  # the last two cards, both 3s, nothing covering either
    state = State.build(deal, present, stock=(), waste=(), moves=5)
    assert legal_moves(state) == [Move.pair(13, 23)]
    won = apply(state, parse_move("23-13"))
    assert is_won(won)
    assert won.score == 250
    assert won.moves == 6
    assert legal_moves(won) == []
    with pytest.raises(IllegalMove) as info:
        apply(won, DRAW)
    assert info.value.reason == "game_won"


def test_won_with_stock_left() -> None:
    state = State.build(seeds_example_deal(), 0, stock=(1, 2), waste=(3,))
    assert is_won(state)
    assert not is_blocked(state)


def test_blocked_only_when_no_free_card_has_a_partner_anywhere() -> None:
    deal = seeds_example_deal()
    # The tip (a 4) alone, free; a 4 in the stock means it is not blocked.
    tip_only = bit(25)
    assert not is_blocked(State.build(deal, tip_only, stock=(4, 1), waste=(2,)))
    assert not is_blocked(State.build(deal, tip_only, stock=(1,), waste=(4, 2)))
    assert is_blocked(State.build(deal, tip_only, stock=(1, 2), waste=(3,)))
    # Two free cards of one rank pair with each other even with nothing in stock or waste.
    assert not is_blocked(State.build(deal, bit(13) | bit(23), stock=(), waste=()))
    # Covered partners do not count: free are the tip (a 4) and 18 (a 9); 24 and 14 (both 5s)
    # are covered, and the stock holds only an ace.
    covered = bit(25) | bit(24) | bit(14) | bit(18)
    assert is_blocked(State.build(deal, covered, stock=(1,), waste=()))


def test_the_dealt_position() -> None:
    deal = seeds_example_deal()
    state = State.initial(deal)
    assert state.present == ALL
    assert state.stock == deal.stock
    assert state.waste == deal.waste
    assert (state.score, state.moves) == (0, 0)
    assert positions(state.free) == [25]
    assert replay(deal, []) == state


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("D", "D"), ("r", "R"), (" w25 ", "W25"), ("W7", "W7"), ("23-24", "23-24"),
     ("24-23", "23-24")],
)
def test_notation_round_trips(text: str, canonical: str) -> None:
    move = parse_move(text)
    assert str(move) == canonical
    assert parse_move(str(move)) == move


def test_every_move_round_trips() -> None:
    moves = [Move.pair(p, q) for p in range(1, 26) for q in range(p + 1, 26)]
    moves += [Move.with_waste(p) for p in range(1, 26)] + [DRAW, REDEAL]
    texts = [str(m) for m in moves]
    assert len(set(texts)) == len(moves) == 327
    assert [parse_move(t) for t in texts] == moves
    assert [parse_move(t.lower()) for t in texts] == moves


@pytest.mark.parametrize(
    "text", ["", "X", "W", "W0", "W26", "3-", "-3", "3-3", "1-26", "D2", "W+1", "1-2-3"]
)
def test_malformed_moves_are_refused(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move(text)


def test_explicit_deals_are_checked() -> None:
    good = seeds_example_deal()
    with pytest.raises(ValueError, match="25"):
        Deal.explicit(good.layout[:24], good.stock, good.waste + good.layout[24:])
    with pytest.raises(ValueError, match="4 times"):
        Deal.explicit((1,) + good.layout[1:], good.stock, good.waste)
    with pytest.raises(ValueError, match="52"):
        Deal.explicit(good.layout, good.stock[:-1], good.waste)
