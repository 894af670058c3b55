"""The duplicate tournament: seat rotation, statistics on a constructed example, CLI shape."""

from __future__ import annotations

import io
import json
import math

import pytest

from heartsuite.arena.tournament import (
    GameResult,
    build_player,
    known_player,
    ratio_interval,
    run_games,
    run_tournament,
    seat_of,
    summarize,
    t_quantile,
)
from heartsuite.cli import main
from heartsuite.hearts.rules import Rules

LINEUP = ("heuristic", "random", "random", "random")


def test_every_player_meets_every_seat_on_the_same_deals() -> None:
    games = run_games(LINEUP, Rules(), seed=4, hands=1, jobs=1, move_time=None)
    assert [(g.board, g.rotation) for g in games] == [(0, 0), (0, 1), (0, 2), (0, 3)]
    seats_of_heuristic = [g.record["players"].index("heuristic") for g in games]
    assert seats_of_heuristic == [0, 1, 2, 3]
    first_deals = {json.dumps(g.record["rounds"][0]["hands"]) for g in games}
    assert len(first_deals) == 1
    assert {g.record["code"] for g in games} == {games[0].record["code"]}
    for g in games:
        for pos in range(4):
            seat = seat_of(pos, g.rotation, 4)
            assert g.points[pos] == sum(rd["points"][seat] for rd in g.record["rounds"])
            assert g.won[pos] == (g.record["winner"] == seat)


def test_jobs_do_not_change_the_result() -> None:
    one = run_games(LINEUP, Rules(), seed=8, hands=30, jobs=1, move_time=None)
    two = run_games(LINEUP, Rules(), seed=8, hands=30, jobs=2, move_time=None)
    assert [g.record for g in one] == [g.record for g in two]
    assert sum(g.hands for g in one) >= 30


def _game(board: int, rotation: int, hands: int, points: tuple[int, ...],
          won: tuple[bool, ...]) -> GameResult:
    return GameResult(board, rotation, hands, points, won, (0.5, 0.0, 0.0, 0.0),
                      (10, 10, 10, 10), {})


def test_statistics_on_a_constructed_example() -> None:
    # Two boards of one game each (a two-rotation toy): "a" at position 0, "b" at 1..3.
    games = [
        _game(0, 0, 10, (40, 80, 70, 90), (True, False, False, False)),
        _game(1, 0, 5, (30, 20, 40, 30), (False, True, False, False)),
    ]
    a, b = summarize(("a", "b", "b", "b"), games)
    assert a.player == "a" and a.copies == 1 and b.copies == 3
    assert a.points_per_hand == pytest.approx(70 / 15)
    assert b.points_per_hand == pytest.approx(330 / 45)
    # Lead of "a": per board, others' mean minus own: 80 - 40 = 40 and 30 - 30 = 0 over 15 hands.
    assert a.lead == pytest.approx(40 / 15)
    assert b.lead == pytest.approx(-40 / 15)
    assert a.win_share == 0.5 and b.win_share == pytest.approx(1 / 6)
    assert a.move_seconds == pytest.approx(0.05) and a.moves == 20
    # Interval by hand: r = 70/15, residuals 40 - 10r and 30 - 5r, t(1) = 12.706.
    r = 70 / 15
    se = math.sqrt(((40 - 10 * r) ** 2 + (30 - 5 * r) ** 2) / 2) / 7.5
    assert a.ci95[0] == pytest.approx(r - 12.706 * se)
    assert a.ci95[1] == pytest.approx(r + 12.706 * se)


def test_interval_helpers() -> None:
    assert t_quantile(1) == 12.706 and t_quantile(10) == 2.228
    assert t_quantile(30) == pytest.approx(2.042, abs=0.002)
    assert t_quantile(120) == pytest.approx(1.980, abs=0.002)
    mean, lo, hi = ratio_interval([5.0, 5.0, 5.0], [1.0, 1.0, 1.0])
    assert (mean, lo, hi) == (5.0, 5.0, 5.0)
    assert ratio_interval([3.0], [2.0])[1] == -math.inf


def test_player_names() -> None:
    for name in ("hard", "expert", "easy", "medium", "random", "heuristic", "search",
                 "search:20", "ismcts-cpp", "ismcts-py:30", "hard-v1", "ismcts", "ismcts:40"):
        assert known_player(name), name
    for name in ("nobody", "search:0", "search:x", "hard:3", "ismcts-cpp:-1", "ismcts:0",
                 "hard-v1:3"):
        assert not known_player(name), name


def test_run_tournament_writes_records_as_it_goes() -> None:
    out = io.StringIO()
    summary = run_tournament(list(LINEUP), Rules(), hands=5, seed=2, records=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == summary["games"] == 4 * summary["boards"]
    assert summary["hands"] == sum(len(json.loads(x)["rounds"]) for x in lines)
    with pytest.raises(ValueError, match="unknown player"):
        run_tournament(["x", "random", "random", "random"], Rules(), hands=1)
    with pytest.raises(ValueError, match="OpenSpiel"):
        run_tournament(["ismcts-cpp", "random", "random"], Rules.variant("black-maria"), hands=1)


def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["hearts", "tournament", "--players", "heuristic,random,random,easy",
                 "--hands", "3", "--seed", "5", "--no-records", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) >= {"players", "hands", "games", "boards", "seed", "move_time",
                            "results", "records"}
    assert [r["player"] for r in summary["results"]] == ["heuristic", "random", "easy"]
    row = summary["results"][0]
    assert set(row) >= {"points_per_hand", "ci95", "lead_over_others", "lead_ci95",
                        "win_share", "move_seconds", "moves", "copies", "games"}


def test_cli_table_and_records_file(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    code = main(["hearts", "tournament", "--players", "heuristic,random,random,random",
                 "--hands", "2", "--records", str(path)])
    assert code == 0
    text = capsys.readouterr().out
    assert "pts/hand" in text and "heuristic" in text
    assert "n/a (1 board)" in text and "nan" not in text  # one board: spread unknown, said so
    assert len(path.read_text().splitlines()) == 4


def test_cli_omnibus_records(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    code = main(["hearts", "tournament", "--players", "heuristic,random,random,random",
                 "--hands", "2", "--omnibus", "--records", str(path)])
    assert code == 0
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert records and all(r["rules"]["omnibus"] for r in records)
    assert all("jack" in rd for r in records for rd in r["rounds"])


@pytest.mark.parametrize("args, message", [
    (["--players", "random,random,random", "--hands", "5", "--variant", "black-maria",
      "--omnibus"], "not played with Black Maria"),
    (["--players", "random,random,random", "--hands", "5"], "needs 4 names"),
    (["--players", "random,random,random,ghost", "--hands", "5"], "unknown player"),
    (["--players", "easy+prior=3,random,random,random", "--hands", "5"], "takes no +options"),
    (["--players", "hard+prior=much,random,random,random", "--hands", "5"], "prior=K"),
    (["--players", "search:4+trust=1,random,random,random", "--hands", "5"], "trust=T"),
    (["--players", "random,random,random,random", "--hands", "0"], "--hands"),
    (["--players", "random,random,random,random", "--hands", "5", "--jobs", "0"], "--jobs"),
    (["--players", "random,random,random,random", "--hands", "5", "--move-time", "-1"],
     "--move-time"),
    (["--players", "random,random,random,random", "--hands", "5", "--variant", "x"], "variant"),
    (["--players", "random,random,random,random", "--hands", "5", "--records",
      "/nonexistent/dir/x.jsonl"], "records file"),
])
def test_cli_bad_input_is_one_line(args: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hearts", "tournament", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_trust_option_reaches_the_chains() -> None:
    """`+trust=T` sets how much the chains trust the heuristic to explain a play (an ablation of
    `SearchConfig.trust`), and only a chance strictly between 0 and 1 is taken."""
    from heartsuite.arena.driver import lineup_positions
    from heartsuite.hearts.game import Game
    from heartsuite.players.posterior import TRUST
    from heartsuite.players.search import SearchPlayer
    from heartsuite.prng import Rng

    assert isinstance(plain := build_player("search:4", 1), SearchPlayer)
    assert plain.config.trust == TRUST
    player = build_player("search:4+trust=0.5+pass=heuristic", 1)
    assert isinstance(player, SearchPlayer) and player.config.trust == 0.5
    players = [player, build_player("heuristic", 2), build_player("heuristic", 3),
               build_player("heuristic", 4)]
    rngs = [Rng(s) for s in range(4)]
    for _game, view in lineup_positions(Game(Rules(), 5), players, rngs):
        if view.seat == 0 and view.legal & (view.legal - 1):
            player.choose_play(view, Rng(9))
            break
    assert player._posterior is not None and player._posterior.trust == 0.5
    for bad in ("search:4+trust=1", "search:4+trust=0", "search:4+trust=x", "hard+trust=nan",
                "search:4+trust"):
        with pytest.raises(ValueError, match="trust=T"):
            build_player(bad, 1)
