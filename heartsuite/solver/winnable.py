"""Class `W` deals: deals the solver has proved winnable, derived deterministically from a number.

For number n the candidates are the shuffles seeded by `Rng.for_key("HH1-W", n, k)` for
k = 0, 1, 2, …, each dealt exactly as class `N` deals; the first one the exact winnability test
accepts is the deal of `HH1-W-<n in letters>`. About 29 % of shuffles are winnable, so a handful of
tries suffices; the walk is unbounded only in principle (a fixed stream, the same everywhere).

The rules layer (`heartsuite.h2h.deal`) reads every code but deals only class `N`: whoever may be
handed a class-`W` code (the web app, the CLI) deals it with `deal_from_code` here.
"""

from __future__ import annotations

from heartsuite.h2h.deal import (
    SOLVER_CLASS,
    Deal,
    deal_for_number,
    deal_from_rng,
    format_code,
    parse_code,
)
from heartsuite.prng import Rng
from heartsuite.solver.core import winnable_layout
from heartsuite.solver.deals import layout_for_key

DOMAIN = "HH1-W"


def winnable_attempt(number: int) -> int:
    """The k of the first winnable candidate for this number (documented, and useful in tests)."""
    k = 0
    while not winnable_layout(layout_for_key(DOMAIN, number, k)):
        k += 1
    return k


def winnable_deal(number: int) -> Deal:
    """The class-W deal of a number 0 .. 26**7 - 1: the first winnable deal in its seed sequence."""
    code = format_code("W", number)  # validates the number
    k = winnable_attempt(number)
    return deal_from_rng(Rng.for_key(DOMAIN, number, k), code)


def deal_of_class(kind: str, number: int) -> Deal:
    """The deal of class `kind` ("N" or "W") and number 0 .. 26**7 - 1."""
    return winnable_deal(number) if kind == SOLVER_CLASS else deal_for_number(kind, number)


def deal_from_code(code: str) -> Deal:
    """The deal any valid code stands for; raises CodeError with a message for a person."""
    return deal_of_class(*parse_code(code))
