"""The Hearts computer players, bottom to top (each module imports only those above it here):

- `base`: the `Player` protocol, the random player, the moon choice;
- `heuristic`: the rule-based player; `fast_heuristic`: its card play read off a `Round`, the
  search's play-out policy;
- `sampling` (deals consistent with what a seat knows), `game_chance` (a seat's chance of
  winning the game), `posterior` (deals read from the opponents' passes and plays);
- `search`: the released search (`SearchConfig`, `search_play`, `SearchPlayer`);
- `levels`: the app's strengths and the hint; `frozen`: `hard-v1`, Hard pinned as of one day;
  `ismcts`: information-set MCTS over uniform worlds, a sparring partner of another design;
  `registry`: every player by name.

A player sees only a `SeatView` (never another seat's hand) and a `heartsuite.prng.Rng`; with the
same view and generator state it always makes the same choice.
"""

from heartsuite.players.base import Player, RandomPlayer, choose_moon_to_win
from heartsuite.players.registry import make_player, player_names, register_player

__all__ = [
    "Player",
    "RandomPlayer",
    "choose_moon_to_win",
    "make_player",
    "player_names",
    "register_player",
]
