"""Golden choices of the released search: what it plays at a fixed number of worlds, frozen.

The search with a fixed number of worlds is deterministic given its generator, so every pass,
moon choice and card of a self-play game between four `SearchPlayer` at a fixed N worlds (one
posterior kept through each round, as Hard keeps it) and the card and candidate means of a
fresh search (as the hint makes it) on positions of heuristic games are facts that a change to
the search either keeps or visibly breaks. They were recorded at a3d869e, before the search's
experiment knobs were removed, and held to the same values after (that refactor changed no
choice).

A failure means the search now chooses differently. If that is an intended change of strength
(measured: docs/benchmarks.md), regenerate the file and commit it with the change:

    .venv/bin/python tests/test_hearts_search_golden.py --write

If it is not intended, the change broke the search: fix the code, not the file.

`hard-v1` (`heartsuite.players.frozen`), Hard frozen on 2026-12-06, is held to the same recorded
choices at the same numbers of worlds, with its pinned settings. Its search code is today's shared
code, so an intended change of the search must first move today's code into a module of its own
for `hard-v1` (docs/players.md, "Frozen opponents"): these tests must keep passing for `hard-v1`
while the released search gets a new file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from heartsuite.arena.driver import play_positions
from heartsuite.codes import LIMIT
from heartsuite.hearts.cards import card_text
from heartsuite.hearts.game import Game
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.rules import Rules
from heartsuite.players import search as search_module
from heartsuite.players.frozen import HARD_V1, HARD_V1_CLOCK, make_hard_v1
from heartsuite.players.levels import HARD
from heartsuite.players.registry import make_player
from heartsuite.players.search import SearchConfig, SearchPlayer, search_play
from heartsuite.prng import Rng

GOLDEN = Path(__file__).with_name("hearts_search_golden.json")
SEED = 20
WORLDS = 20  # per move in the self-play games
POSITION_WORLDS = 30  # per fresh search
POSITION_EVERY = 8  # every eighth choice of a heuristic game is searched
# (variant, rule options, rounds played): every variant, and a short Mixed Moon game whose
# rounds can end it (the search's game bonus and `game_chance`).
GAMES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("black-lady", {}, 2),
    ("original", {}, 2),
    ("black-maria", {}, 2),
    ("spot", {}, 2),
    ("partnership", {}, 2),
    ("reverse", {}, 2),
    ("black-lady", {"target": 40, "moon": "mixed"}, 3),
)
# `hard-v1` plays out in Python (`reply_values`, which `test_compiled_replies_are_reply_values`
# holds to the compiled replies in 24 rule sets, the game's end included) and passes as the
# heuristic does. Its own self-play (`hard_v1_games` in the file: until the searched pass, the
# released games) is checked on the standard game (pure Python: ~5 s), and its fresh searches on
# the standard game's positions (`HARD_V1_POSITIONS`); the released search plays all of them.
HARD_V1_GAMES = (0, len(GAMES) - 1)  # recorded in the file; only the first is replayed
HARD_V1_REPLAYED = (0,)
HARD_V1_POSITIONS = (0,)
POSITION_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("black-lady", {}),
    ("black-maria", {}),
    ("reverse", {}),
)


def _rules(variant: str, options: dict[str, Any]) -> Rules:
    return Rules.variant(variant).with_options(**options)


def _number(kind: int, index: int) -> int:
    """The game number of game `index` of `GAMES` (kind 0) or `POSITION_GAMES` (kind 1)."""
    return Rng.for_key("search-golden", SEED, kind, index).below(LIMIT)


def self_play(index: int, frozen: bool = False) -> dict[str, Any]:
    """Game `index` of `GAMES` between four search players (`frozen`: four `hard-v1` with their
    pinned settings), every action, in order."""
    variant, options, rounds = GAMES[index]
    rules = _rules(variant, options)
    number = _number(0, index)
    players = [make_hard_v1(SEED + seat, replace(HARD_V1, worlds=WORLDS)) if frozen
               else SearchPlayer(SEED + seat, SearchConfig(worlds=WORLDS))
               for seat in range(rules.players)]
    rngs = [Rng.for_key("search-golden", number, seat) for seat in range(rules.players)]
    game = Game(rules, number)
    actions: list[str] = []
    while (pending := game.pending()) is not None and len(game.rounds) < rounds:
        for seat in pending.seats:
            view = game.view(seat)
            player = players[seat]
            if pending.kind == Phase.PASS:
                cards = player.choose_pass(view, rngs[seat])
                game.act(seat, cards)
                actions.append(f"{seat} pass {' '.join(card_text(c) for c in cards)}")
            elif pending.kind == Phase.MOON_CHOICE:
                choice = player.choose_moon(view)
                game.act(seat, choice)
                actions.append(f"{seat} moon {choice}")
            else:
                card = player.choose_play(view, rngs[seat])
                game.act(seat, card)
                actions.append(f"{seat} play {card_text(card)}")
    return {"variant": variant, "options": options, "number": number, "rounds": rounds,
            "actions": actions}


def fresh_searches(index: int, frozen: bool = False) -> dict[str, Any]:
    """A fresh search (no posterior carried over) at every `POSITION_EVERY`-th choice of a game
    between heuristic players: the card, the worlds searched and each candidate's mean
    (`frozen`: with `hard-v1`'s pinned settings)."""
    config = (replace(HARD_V1, worlds=POSITION_WORLDS) if frozen
              else SearchConfig(worlds=POSITION_WORLDS))
    variant, options = POSITION_GAMES[index]
    rules = _rules(variant, options)
    number = _number(1, index)
    found: list[dict[str, Any]] = []
    choice = 0
    for _, view in play_positions(rules, number):
        if not view.legal & (view.legal - 1):
            continue
        choice += 1
        if choice % POSITION_EVERY:
            continue
        rng = Rng.for_key("search-golden-position", number, choice)
        card, means, worlds = search_play(view, rng, config)
        found.append({"choice": choice, "card": card_text(card), "worlds": worlds,
                      "means": {card_text(c): round(v, 6) for c, v in sorted(means.items())}})
    return {"variant": variant, "options": options, "number": number, "searches": found}


def generate() -> dict[str, Any]:
    return {
        "worlds": WORLDS,
        "position_worlds": POSITION_WORLDS,
        "games": [self_play(i) for i in range(len(GAMES))],
        "hard_v1_games": _golden()["hard_v1_games"],  # recorded once: never regenerated
        "positions": [fresh_searches(i) for i in range(len(POSITION_GAMES))],
    }


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def _first_difference(got: list[Any], want: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"first difference at item {i}: got {a!r}, recorded {b!r}"
    return f"lengths differ: got {len(got)}, recorded {len(want)}"


def test_the_golden_file_matches_these_settings() -> None:
    golden = _golden()
    assert golden["worlds"] == WORLDS and golden["position_worlds"] == POSITION_WORLDS
    assert len(golden["games"]) == len(GAMES)
    assert len(golden["positions"]) == len(POSITION_GAMES)
    decisions = sum(len(g["actions"]) for g in golden["games"])
    searches = sum(len(p["searches"]) for p in golden["positions"])
    assert decisions + searches >= 300  # a few hundred positions


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_self_play_makes_the_recorded_choices(index: int) -> None:
    want = _golden()["games"][index]
    got = self_play(index)
    assert got["number"] == want["number"]
    assert got["actions"] == want["actions"], _first_difference(got["actions"], want["actions"])


@pytest.mark.parametrize("index", range(len(POSITION_GAMES)))
def test_a_fresh_search_chooses_the_recorded_cards(index: int) -> None:
    want = _golden()["positions"][index]
    got = fresh_searches(index)
    assert got["number"] == want["number"]
    assert got["searches"] == want["searches"], _first_difference(got["searches"],
                                                                   want["searches"])




@pytest.mark.parametrize("index", HARD_V1_REPLAYED)
def test_hard_v1_self_play_makes_the_recorded_choices(index: int) -> None:
    want = _golden()["hard_v1_games"][HARD_V1_GAMES.index(index)]
    got = self_play(index, frozen=True)
    assert got["actions"] == want["actions"], _first_difference(got["actions"], want["actions"])


@pytest.mark.parametrize("index", HARD_V1_POSITIONS)
def test_hard_v1_fresh_search_chooses_the_recorded_cards(index: int) -> None:
    want = _golden()["positions"][index]
    got = fresh_searches(index, frozen=True)
    assert got["searches"] == want["searches"], _first_difference(got["searches"],
                                                                   want["searches"])


def test_hard_v1_is_pinned_and_registered() -> None:
    """The frozen settings are that day's Hard's (with its pure-Python play-outs), the clock's
    constants are that day's, and the name builds it. A change here is a change of `hard-v1`:
    move that day's code first (module doc). The released Hard plays out in the compiled core."""
    pinned = SearchConfig(move_time=0.1, worlds=None, trust=0.95, race_from=8, race_every=4,
                          race_z=2.0, compiled=False, prior=0.0, pass_search=False,
                          own_playout="heuristic")
    assert pinned == HARD_V1
    assert HARD.compiled and HARD.pass_search and HARD.own_playout == "gated"
    assert replace(HARD, compiled=False, pass_search=False, own_playout="heuristic") == HARD_V1
    for name, value in HARD_V1_CLOCK.items():
        assert getattr(search_module, name) == value, name
    player = make_player("hard-v1", seed=4)
    assert isinstance(player, SearchPlayer)
    assert player.name == "hard-v1" and player.config == HARD_V1


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: {sys.argv[0]} --write  (regenerates {GOLDEN.name})")
    GOLDEN.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
