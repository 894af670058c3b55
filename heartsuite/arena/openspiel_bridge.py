"""Translate between this engine and OpenSpiel's `hearts` (a test and benchmark peer only).

OpenSpiel numbers a card `rank * 4 + suit` with suits clubs, diamonds, hearts, spades; this engine
uses `suit * 13 + rank` with clubs, diamonds, spades, hearts. OpenSpiel's pass-direction action is
the receiver's seat offset (0 none, 1 left, 2 across, 3 right), as `Rules.pass_offset` is here.
OpenSpiel deals the i-th dealt card to seat i mod 4. `pyspiel` is imported by the caller.
"""

from __future__ import annotations

from typing import Any

from heartsuite.hearts.cards import cards_of

_TO_OS_SUIT = (0, 1, 3, 2)
TO_OS: tuple[int, ...] = tuple((c % 13) * 4 + _TO_OS_SUIT[c // 13] for c in range(52))
FROM_OS: tuple[int, ...] = tuple(TO_OS.index(a) for a in range(52))

OS_PARAMS: dict[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": False,
    "can_lead_hearts_instead_of_qs": False,
}


def deal_actions(hands: list[int]) -> list[int]:
    """OpenSpiel chance actions that deal exactly these four hands (masks)."""
    per_seat = [cards_of(h) for h in hands]
    return [TO_OS[per_seat[i % 4][i // 4]] for i in range(52)]


def os_start(game: Any, hands: list[int], pass_offset: int) -> Any:
    """A new OpenSpiel state with the pass direction chosen and these hands dealt."""
    state = game.new_initial_state()
    state.apply_action(pass_offset)
    for a in deal_actions(hands):
        state.apply_action(a)
    return state


def os_legal(state: Any) -> set[int]:
    """OpenSpiel's legal actions as this engine's cards."""
    return {FROM_OS[a] for a in state.legal_actions()}


def os_points(state: Any) -> list[int]:
    """Points per seat at the end of a hand (OpenSpiel returns 26 minus the points)."""
    return [round(26 - r) for r in state.returns()]
