"""Duplicate tournaments between any mix of Hearts players.

A board is one game code. It is played once per rotation of the line-up: in rotation k the player
at line-up position i sits in seat (i + k) mod n, so every player meets every deal from every seat
and the luck of the cards cancels. Boards are played until at least the asked number of hands;
the statistics count whole boards only, so `--jobs` never changes the result.

Per player: mean points per hand with a 95 % interval, its lead over the other players' mean with
a 95 % interval, the share of games won and the time per move. Boards are the independent units
(the games of a board share their deals), so the intervals come from the spread between boards:
a ratio estimate (points over hands) with Student's t.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from heartsuite.arena.driver import play_lineup
from heartsuite.codes import LIMIT
from heartsuite.hearts.game import Game
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import Player, make_player, player_names
from heartsuite.prng import Rng

PEERS = ("ismcts-cpp", "ismcts-py")


def build_player(spec: str, seed: int, move_time: float | None = None,
                 rules: Rules | None = None) -> Player:
    """A player from a line-up name.

    Registry names (`random`, `heuristic`, `easy`, `medium`, `hard`, `expert`, `search`, …);
    `search:W` (search with W worlds per move); `ismcts:I` (our ISMCTS with I iterations per
    move, `heartsuite.players.ismcts`); `ismcts-cpp` / `ismcts-py` (OpenSpiel's ISMCTS,
    timed), `ismcts-cpp:S` / `ismcts-py:S` (S simulations per move). `move_time` replaces the time
    per move of the timed players (hard, expert, hard-v1, ismcts and the peers).

    Options after `hard`, `expert` or `search:W`, each after a `+`: `prior=K` adds the learned
    evaluation as a prior of K worlds (`SearchConfig.prior`); `pass=heuristic` passes as the
    heuristic does and `pass=search` by simulation (`SearchConfig.pass_search`, the default);
    `own=heuristic|distilled|gated` says who plays the searcher's own later cards in its
    play-outs (`SearchConfig.own_playout`; `gated`, the default, is the distilled policy at a
    table of heuristic players); `trust=T` is the chance the chains give an opponent's play being
    the heuristic's card (`SearchConfig.trust`, 0.95 released). They make the ablations of
    `docs/players.md` and `docs/benchmarks.md`."""
    spec, _, extra = spec.strip().lower().partition("+")
    if extra:
        return _with_options(spec, extra, seed, move_time)
    name, _, arg = spec.partition(":")
    if name in PEERS:
        from heartsuite.arena.openspiel import ISMCTSPeer

        sims = _positive(arg, spec) if arg else None
        return ISMCTSPeer(seed, kind=name.split("-")[1], move_time=move_time or 0.1,
                          simulations=sims, rules=rules)
    if name == "ismcts" and (arg or move_time):
        from heartsuite.players.ismcts import ISMCTSConfig, ISMCTSPlayer

        config = (ISMCTSConfig(iterations=_positive(arg, spec)) if arg
                  else ISMCTSConfig(move_time=move_time))
        return ISMCTSPlayer(seed, config, name=spec if arg else name)
    if name == "search" and arg:
        from heartsuite.players.search import SearchConfig, SearchPlayer

        return SearchPlayer(seed, SearchConfig(worlds=_positive(arg, spec)), name=spec)
    if arg:
        raise ValueError(f"player {spec!r} takes no ':' argument")
    if move_time and name in ("hard", "expert"):
        from heartsuite.players.search import SearchConfig, SearchPlayer

        return SearchPlayer(seed, SearchConfig(move_time=move_time), name=name)
    if move_time and name == "hard-v1":
        from dataclasses import replace

        from heartsuite.players.frozen import HARD_V1, make_hard_v1

        return make_hard_v1(seed, replace(HARD_V1, move_time=move_time))
    return make_player(name, seed)


def _with_options(spec: str, extra: str, seed: int, move_time: float | None) -> Player:
    from dataclasses import replace

    from heartsuite.players.levels import EXPERT, HARD
    from heartsuite.players.search import OWN_PLAYOUTS, SearchConfig, SearchPlayer

    options: dict[str, object] = {}
    for option in extra.split("+"):
        key, _, value = option.partition("=")
        if key == "prior":
            options["prior"] = _between(value, 0, 1e6,
                                        f"player {spec}+{extra}: prior=K takes K worlds, K > 0")
        elif key == "pass" and value in ("search", "heuristic"):
            options["pass_search"] = value == "search"
        elif key == "own" and value in OWN_PLAYOUTS:
            options["own_playout"] = value
        elif key == "trust":
            options["trust"] = _between(value, 0, 1,
                                        f"player {spec}+{extra}: trust=T takes a chance, 0 < T < 1")
        else:
            raise ValueError(f"player {spec}+{extra}: the options are prior=K, "
                             "pass=search|heuristic, own=heuristic|distilled|gated and trust=T")
    name, _, arg = spec.partition(":")
    if name == "search" and arg:
        config = replace(SearchConfig(worlds=_positive(arg, spec)), **options)  # type: ignore[arg-type]
    elif name in ("hard", "expert") and not arg:
        level = HARD if name == "hard" else EXPERT
        config = replace(level, move_time=move_time or level.move_time, **options)  # type: ignore[arg-type]
    else:
        raise ValueError(f"player {spec!r} takes no +options (hard, expert and search:W do)")
    return SearchPlayer(seed, config, name=f"{spec}+{extra}")


def _between(text: str, low: float, high: float, error: str) -> float:
    """`text` as a number strictly between `low` and `high` (NaN is not); else `error`."""
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not low < number < high:
        raise ValueError(error)
    return number


def known_player(spec: str) -> bool:
    """Whether `build_player` accepts this name (checked before any game is played)."""
    if "+" in spec:
        try:
            build_player(spec, 0)
        except ValueError:
            return False
        return True
    name, _, arg = spec.strip().lower().partition(":")
    if name in PEERS or name in ("search", "ismcts"):
        return not arg or (arg.isdigit() and int(arg) > 0)
    return not arg and name in player_names()


def _positive(text: str, spec: str) -> int:
    if not text.isdigit() or int(text) <= 0:
        raise ValueError(f"player {spec!r}: the number after ':' must be a positive integer")
    return int(text)


class Timed:
    """Wraps a player to measure the time of its card plays (the moves that are searched)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0
        self.moves = 0

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return self.player.choose_pass(view, rng)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        start = time.perf_counter()
        card = self.player.choose_play(view, rng)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return card

    def choose_moon(self, view: SeatView) -> str:
        return self.player.choose_moon(view)


@dataclass(frozen=True)
class GameResult:
    """One game of a board: points and win per line-up position, and the record."""

    board: int
    rotation: int
    hands: int
    points: tuple[int, ...]  # per line-up position (not seat)
    won: tuple[bool, ...]
    seconds: tuple[float, ...]
    moves: tuple[int, ...]
    record: dict[str, Any]


def board_number(seed: int, board: int) -> int:
    """The game number of a board."""
    return Rng.for_key("hearts-tournament", seed, board).below(LIMIT)


def seat_of(position: int, rotation: int, n: int) -> int:
    """The seat of line-up position `position` in rotation `rotation`."""
    return (position + rotation) % n


def play_one(lineup: tuple[str, ...], rules: Rules, seed: int, board: int, rotation: int,
             move_time: float | None) -> GameResult:
    """Play one game of a board (a worker's task)."""
    n = rules.players
    number = board_number(seed, board)
    by_seat: list[Timed | None] = [None] * n
    for pos, spec in enumerate(lineup):
        player_seed = seed * 1000 + pos
        by_seat[seat_of(pos, rotation, n)] = Timed(build_player(spec, player_seed, move_time,
                                                                rules))
    seats: list[Timed] = [p for p in by_seat if p is not None]
    game = Game(rules, number, [lineup[(s - rotation) % n] for s in range(n)])
    rngs = [Rng.for_key("hearts-tournament-moves", seed, board, rotation, s) for s in range(n)]
    play_lineup(game, seats, rngs)
    record = game.record()
    won_seats = _winning_seats(rules, record)
    positions = range(len(lineup))
    return GameResult(
        board=board,
        rotation=rotation,
        hands=len(record["rounds"]),
        points=tuple(sum(rd["points"][seat_of(p, rotation, n)] for rd in record["rounds"])
                     for p in positions),
        won=tuple(seat_of(p, rotation, n) in won_seats for p in positions),
        seconds=tuple(seats[seat_of(p, rotation, n)].seconds for p in positions),
        moves=tuple(seats[seat_of(p, rotation, n)].moves for p in positions),
        record=record,
    )


def _winning_seats(rules: Rules, record: dict[str, Any]) -> set[int]:
    winner = record["winner"]
    if winner is None:
        return set()
    return {winner, (winner + 2) % 4} if rules.partnership else {winner}


_Task = tuple[tuple[str, ...], Rules, int, int, int, float | None]


def _play_task(task: _Task) -> GameResult:
    return play_one(*task)


def run_games(lineup: tuple[str, ...], rules: Rules, seed: int, hands: int, jobs: int,
              move_time: float | None,
              on_game: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play whole boards, in board order, until they hold at least `hands` hands.

    With `jobs` > 1 the games run in worker processes; results are taken in board order and the
    same boards are kept whatever the number of jobs."""
    n = rules.players

    def tasks() -> Iterator[_Task]:
        board = 0
        while True:
            for rotation in range(n):
                yield (lineup, rules, seed, board, rotation, move_time)
            board += 1

    results: list[GameResult] = []
    done_hands = 0
    board_games: list[GameResult] = []

    def take(result: GameResult) -> bool:
        nonlocal done_hands, board_games
        if on_game is not None:
            on_game(result)
        board_games.append(result)
        if len(board_games) == n:
            results.extend(board_games)
            done_hands += sum(g.hands for g in board_games)
            board_games = []
        return done_hands >= hands

    source = tasks()
    if jobs <= 1:
        for task in source:
            if take(_play_task(task)):
                break
        return results
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pending = [pool.apply_async(_play_task, (next(source),)) for _ in range(jobs * 2)]
        while pending:
            result = pending.pop(0).get()
            if take(result):
                break
            pending.append(pool.apply_async(_play_task, (next(source),)))
        pool.terminate()
    return results


# Statistics ----------------------------------------------------------------------------------

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)


def t_quantile(df: int) -> float:
    """Student's t, two-sided 95 %: a table to 10 degrees of freedom, then the Cornish-Fisher
    expansion around the normal quantile (within 0.002 beyond)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def ratio_interval(num: list[float], den: list[float]) -> tuple[float, float, float]:
    """Sum(num)/sum(den) with a 95 % interval from the spread of the units (delta method)."""
    total = sum(den)
    if total <= 0:
        raise ValueError("no hands to average over")
    r = sum(num) / total
    b = len(num)
    if b < 2:
        return r, -math.inf, math.inf
    mean_den = total / b
    var = sum((x - r * y) ** 2 for x, y in zip(num, den, strict=True)) / (b * (b - 1))
    half = t_quantile(b - 1) * math.sqrt(var) / mean_den
    return r, r - half, r + half


@dataclass
class PlayerStats:
    """The table row of one distinct player of the line-up (its copies pooled)."""

    player: str
    copies: int
    points_per_hand: float
    ci95: tuple[float, float]
    lead: float  # the other players' mean points per hand minus this player's: > 0 is better
    lead_ci95: tuple[float, float]
    win_share: float
    move_seconds: float
    moves: int
    games: int = field(default=0)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "copies": self.copies,
            "points_per_hand": round(self.points_per_hand, 4),
            "ci95": [_finite(x) for x in self.ci95],
            "lead_over_others": round(self.lead, 4),
            "lead_ci95": [_finite(x) for x in self.lead_ci95],
            "win_share": round(self.win_share, 4),
            "move_seconds": round(self.move_seconds, 5),
            "moves": self.moves,
            "games": self.games,
        }


def _finite(x: float) -> float | None:
    """JSON has no infinity: an interval bound that is unknown (one board only) is null."""
    return round(x, 4) if math.isfinite(x) else None


def summarize(lineup: tuple[str, ...], games: list[GameResult]) -> list[PlayerStats]:
    """Per distinct player: the statistics over whole boards."""
    boards = sorted({g.board for g in games})
    by_board = {b: [g for g in games if g.board == b] for b in boards}
    out = []
    for name in dict.fromkeys(lineup):
        mine = [i for i, s in enumerate(lineup) if s == name]
        rest = [i for i, s in enumerate(lineup) if s != name]
        num: list[float] = []
        den: list[float] = []
        lead_num: list[float] = []
        lead_den: list[float] = []
        for b in boards:
            gs = by_board[b]
            h = sum(g.hands for g in gs)
            own = sum(g.points[i] for g in gs for i in mine)
            num.append(own)
            den.append(h * len(mine))
            if rest:
                other = sum(g.points[i] for g in gs for i in rest)
                lead_num.append(other / len(rest) - own / len(mine))
                lead_den.append(h)
        mean, lo, hi = ratio_interval(num, den)
        lead, llo, lhi = ratio_interval(lead_num, lead_den) if rest else (0.0, 0.0, 0.0)
        wins = sum(g.won[i] for g in games for i in mine)
        secs = sum(g.seconds[i] for g in games for i in mine)
        moves = sum(g.moves[i] for g in games for i in mine)
        out.append(PlayerStats(
            player=name, copies=len(mine), points_per_hand=mean, ci95=(lo, hi), lead=lead,
            lead_ci95=(llo, lhi), win_share=wins / (len(games) * len(mine)),
            move_seconds=secs / moves if moves else 0.0, moves=moves, games=len(games),
        ))
    return out


def run_tournament(lineup: list[str], rules: Rules, *, hands: int, seed: int = 0, jobs: int = 1,
                   move_time: float | None = None, records: IO[str] | None = None,
                   on_game: Callable[[GameResult], None] | None = None) -> dict[str, Any]:
    """Play a duplicate tournament and return its summary (the CLI's JSON).

    `on_game` is called in this process with each game as it finishes (in board order, also
    with `jobs` > 1), after its record is written: the CLI's progress bar."""
    n = rules.players
    if len(lineup) != n:
        raise ValueError(f"{n} players needed for {rules.variant}, got {len(lineup)}")
    for spec in lineup:
        if not known_player(spec):
            raise ValueError(f"unknown player {spec!r}")
        name = spec.lower().partition(":")[0]
        if name in PEERS:
            from heartsuite.arena.openspiel import check_supported

            check_supported(rules)
    if hands < 1:
        raise ValueError("hands must be at least 1")

    def write(result: GameResult) -> None:
        if records is not None:
            records.write(json.dumps(result.record, separators=(",", ":")) + "\n")
            records.flush()
        if on_game is not None:
            on_game(result)

    start = time.perf_counter()
    key = tuple(s.strip().lower() for s in lineup)
    games = run_games(key, rules, seed, hands, jobs, move_time, write)
    stats = summarize(key, games)
    return {
        "players": list(key),
        "rules": rules.to_json(),
        "seed": seed,
        "move_time": move_time,
        "boards": len({g.board for g in games}),
        "games": len(games),
        "hands": sum(g.hands for g in games),
        "seconds": round(time.perf_counter() - start, 2),
        "results": [s.to_json() for s in stats],
    }

