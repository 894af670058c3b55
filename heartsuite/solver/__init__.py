"""The Heart to Heart solver (the layer above the rules): is a deal or position winnable, the
hint, the shortest solution, and the winnable deals of class `W`. See docs/solver.md."""

from heartsuite.solver.solve import (
    InconsistentPosition,
    clear_cache,
    hint,
    is_winnable,
    is_winnable_deal,
    shortest_length,
    solve,
)
from heartsuite.solver.winnable import deal_from_code, deal_of_class, winnable_deal

__all__ = [
    "InconsistentPosition",
    "clear_cache",
    "deal_from_code",
    "deal_of_class",
    "hint",
    "is_winnable",
    "is_winnable_deal",
    "shortest_length",
    "solve",
    "winnable_deal",
]
