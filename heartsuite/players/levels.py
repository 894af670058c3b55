"""The strengths of the app (Easy, Medium, Hard, Expert) and the hint, which is Hard's choice.

- Easy: the heuristic player that plays a random legal card one time in three (and passes at
  random), so it blunders like a beginner.
- Medium: the heuristic player.
- Hard: the search player with 0.1 s per move.
- Expert: the search player with 0.5 s per move.
- `search`: the search player with a fixed 60 worlds per move, for reproducible tournaments.
"""

from __future__ import annotations

from heartsuite.hearts.view import SeatView
from heartsuite.players import Player, RandomPlayer, make_player, register_player
from heartsuite.prng import Rng

HARD_MOVE_TIME = 0.1
EXPERT_MOVE_TIME = 0.5
SEARCH_WORLDS = 60
LEVELS = ("easy", "medium", "hard", "expert")


class EasyPlayer:
    """A beginner: usually the heuristic's card, but one move in three a random legal card."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "easy"
        self._good = make_player("heuristic", seed)
        self._random = RandomPlayer(seed)

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return self._random.choose_pass(view, rng)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        if rng.below(3) == 0:
            return self._random.choose_play(view, rng)
        return self._good.choose_play(view, rng)

    def choose_moon(self, view: SeatView) -> str:
        return self._good.choose_moon(view)


def make_level(level: str, seed: int = 0) -> Player:
    """A player for a strength name of the app: easy, medium, hard or expert."""
    from heartsuite.players.search import SearchPlayer

    key = level.strip().lower()
    if key == "easy":
        return EasyPlayer(seed)
    if key == "medium":
        return make_player("heuristic", seed)
    if key == "hard":
        return SearchPlayer(seed, move_time=HARD_MOVE_TIME, name="hard")
    if key == "expert":
        return SearchPlayer(seed, move_time=EXPERT_MOVE_TIME, name="expert")
    raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")


def hint(view: SeatView, seed: int = 0) -> int:
    """The card Hard would play now (the Hint button of the Hearts page)."""
    from heartsuite.players.search import search_play

    rng = Rng.for_key("hearts-hint", seed, view.round_index, view.played.bit_count())
    return search_play(view, rng, move_time=HARD_MOVE_TIME)[0]


def hint_pass(view: SeatView, seed: int = 0) -> list[int]:
    """The three cards Hard would pass now."""
    from heartsuite.players.search import SearchPlayer

    rng = Rng.for_key("hearts-hint-pass", seed, view.round_index)
    return SearchPlayer(seed, move_time=HARD_MOVE_TIME).choose_pass(view, rng)


def register_levels() -> None:
    """Add the levels and `search` to the registry of `make_player`."""
    for level in LEVELS:
        register_player(level, lambda seed, level=level: make_level(level, seed))
    from heartsuite.players.search import SearchPlayer

    register_player("search", lambda seed: SearchPlayer(seed, worlds=SEARCH_WORLDS))
