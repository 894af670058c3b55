"""The optional solver (`heartsuite.solver`), found at run time: the app works without it and
offers hints, solutions, winnable deals and the winnable status line when it is there."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

_NAMES = ("is_winnable", "solve", "hint")


def solver() -> ModuleType | None:
    """The solver module when it is installed and complete, else None."""
    try:
        module = importlib.import_module("heartsuite.solver")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("heartsuite.h2h"):
            return None
        raise
    return module if all(hasattr(module, n) for n in _NAMES) else None


def winnable_codes() -> bool:
    """Whether class-W deal codes can be dealt (they need the solver's winnable-deal search)."""
    try:
        importlib.import_module("heartsuite.solver.winnable")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("heartsuite.h2h"):
            return False
        raise
    return True


def available() -> dict[str, Any]:
    """What the page may offer."""
    return {"solver": solver() is not None, "winnable": winnable_codes()}
