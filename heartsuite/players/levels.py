"""The strengths of the app (Easy, Medium, Hard, Expert) and the hint, which is Hard's choice.

- Easy: the heuristic player that plays a random legal card one time in three (and passes at
  random), so it blunders like a beginner.
- Medium: the heuristic player.
- Hard: the search player with 0.1 s per move (`HARD`).
- Expert: the search player with 0.5 s per move (`EXPERT`: Hard's settings, more time).
- `search`: the search player with a fixed 60 worlds per move, for reproducible tournaments.
"""

from __future__ import annotations

from dataclasses import replace

from heartsuite.hearts.view import SeatView
from heartsuite.players.base import Player, RandomPlayer
from heartsuite.players.heuristic import HeuristicPlayer
from heartsuite.players.pass_search import search_pass
from heartsuite.players.search import PASS_DEALS, SearchConfig, SearchPlayer, search_play
from heartsuite.prng import Rng

HARD_MOVE_TIME = 0.1
EXPERT_MOVE_TIME = 0.5
SEARCH_WORLDS = 60
HARD = SearchConfig(move_time=HARD_MOVE_TIME)
EXPERT = replace(HARD, move_time=EXPERT_MOVE_TIME)
FIXED_WORLDS = SearchConfig(worlds=SEARCH_WORLDS)
LEVELS = ("easy", "medium", "hard", "expert")


class EasyPlayer:
    """A beginner: usually the heuristic's card, but one move in three a random legal card."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "easy"
        self._good = HeuristicPlayer(seed)
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
    key = level.strip().lower()
    if key == "easy":
        return EasyPlayer(seed)
    if key == "medium":
        return HeuristicPlayer(seed)
    if key == "hard":
        return SearchPlayer(seed, HARD, name="hard")
    if key == "expert":
        return SearchPlayer(seed, EXPERT, name="expert")
    raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")


def hint(view: SeatView, seed: int = 0) -> int:
    """The card Hard would play now (the Hint button of the Hearts page): a plain search of
    Hard's time, without the clock or the chains a player keeps through the round."""
    rng = Rng.for_key("hearts-hint", seed, view.round_index, view.played.bit_count())
    return search_play(view, rng, HARD)[0]


def hint_pass(view: SeatView, seed: int = 0) -> list[int]:
    """The three cards Hard would pass now: its searched pass over a fixed `PASS_DEALS` deals
    rather than its 0.1 s (about as many), so that the same hand gets the same hint wherever it
    is computed (a worker, the server)."""
    rng = Rng.for_key("hearts-hint-pass", seed, view.round_index)
    return search_pass(view, rng, deals=PASS_DEALS)[0]
