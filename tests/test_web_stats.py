"""Statistics from stored games: streaks, bests and per-deal figures; Hearts figures from results.
And the store itself: games belong to their person, JSON round-trips, finished times are set."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from heartsuite.web.site.stats import h2h_stats, hearts_stats, summary
from heartsuite.web.store import LOST, PLAYING, WON, GameRow, Store


def row(status: str, score: int = 0, moves: int = 0, elapsed: int = 0, hints: int = 0,
        code: str = "HH1-N-AAAAAAA") -> GameRow:
    return GameRow("id", "p", "h2h", code, status=status, score=score, moves=moves,
                   elapsed_ms=elapsed, hints=hints)


def test_summary_of_a_mixed_history() -> None:
    games = [row(WON, 250, 70, 90_000), row(WON, 250, 60, 120_000), row(LOST, 180),
             row(WON, 250, 80, 80_000, hints=2)]
    figures = summary(games)
    assert figures == {
        "played": 4, "won": 3, "win_rate": 0.75, "streak": 1, "best_streak": 2,
        "best_time_ms": 80_000, "fewest_moves": 60, "best_score": 250, "hints": 2,
    }


def test_summary_of_nothing() -> None:
    assert summary([]) == {"played": 0, "won": 0, "win_rate": None, "streak": 0,
                           "best_streak": 0, "best_time_ms": None, "fewest_moves": None,
                           "best_score": None, "hints": 0}


@given(st.lists(st.booleans(), max_size=40))
def test_streaks_are_runs_of_wins(outcomes: list[bool]) -> None:
    figures = summary([row(WON if won else LOST) for won in outcomes])
    runs = "".join("W" if w else "L" for w in outcomes).split("L")
    assert figures["best_streak"] == max(len(r) for r in runs)
    assert figures["streak"] == len(runs[-1])
    assert figures["won"] == sum(outcomes)


def test_store_games_per_person_and_deal(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    mine = store.create_game("me", "h2h", "HH1-N-AAAAAAB", {"moves": ["D"]})
    assert store.game(mine.id, "someone else") is None
    assert store.game(mine.id, "me").data == {"moves": ["D"]}
    for code, status, score in [("HH1-N-AAAAAAB", LOST, 40), ("HH1-N-AAAAAAC", WON, 250),
                                ("HH1-N-AAAAAAB", WON, 250)]:
        game = store.create_game("me", "h2h", code)
        game.status, game.score, game.moves = status, score, 50
        store.save(game)
        assert store.game(game.id).finished is not None
    store.create_game("you", "h2h", "HH1-N-AAAAAAD")
    stats = h2h_stats(store, "me")
    assert stats["all"]["played"] == 3 and stats["all"]["won"] == 2
    assert [(d["code"], d["played"], d["won"]) for d in stats["deals"]] == [
        ("HH1-N-AAAAAAB", 2, 1), ("HH1-N-AAAAAAC", 1, 1)]
    assert store.current("me", "h2h").id == mine.id and mine.status == PLAYING


def test_hearts_figures_from_results(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    for status, result in [(WON, {"rounds": 6, "points": 30, "moons": 1}),
                           (LOST, {"rounds": 4, "points": 70, "moons": 0}),
                           (LOST, {"rounds": "bad"})]:
        game = store.create_game("me", "hearts", "HT1-AAAAAAA")
        game.status, game.result = status, result
        store.save(game)
    assert hearts_stats(store, "me") == {"games": 3, "wins": 1, "avg_points": 10.0, "moons": 1,
                                         "moons_suffered": 0, "queens": 0, "undone": 0}
    assert hearts_stats(store, "nobody") == {"games": 0, "wins": 0, "avg_points": None, "moons": 0,
                                             "moons_suffered": 0, "queens": 0, "undone": 0}


def test_hearts_points_below_zero_count_as_they_are(tmp_path) -> None:
    """New Moon takes 26 off the shooter: a game can end with the person's points negative, and
    the average must say so (not count it as 0)."""
    store = Store(tmp_path / "s.sqlite3")
    for status, result in [(WON, {"rounds": 2, "points": -20, "moons": 1}),
                           (LOST, {"rounds": 2, "points": 12, "moons": 0}),
                           (LOST, {"rounds": 0, "points": -99}),
                           (LOST, {"rounds": -3, "points": 5, "moons": -1}),
                           (LOST, {"rounds": 1, "points": True})]:
        game = store.create_game("me", "hearts", "HT1-AAAAAAA")
        game.status, game.result = status, result
        store.save(game)
    assert hearts_stats(store, "me") == {"games": 5, "wins": 1, "avg_points": -8 / 5, "moons": 1,
                                         "moons_suffered": 0, "queens": 0, "undone": 0}


@given(st.lists(st.tuples(st.integers(0, 30), st.integers(-26 * 30, 26 * 30)), max_size=8))
def test_hearts_average_is_points_over_rounds(results: list[tuple[int, int]]) -> None:
    store = Store(":memory:")
    for rounds, points in results:
        game = store.create_game("me", "hearts", "HT1-AAAAAAA")
        game.status, game.result = LOST, {"rounds": rounds, "points": points, "moons": 0}
        store.save(game)
    figures = hearts_stats(store, "me")
    total_rounds = sum(r for r, _ in results)
    total_points = sum(p for r, p in results if r)
    assert figures["games"] == len(results)
    if total_rounds:
        assert abs(figures["avg_points"] - total_points / total_rounds) < 1e-9
    else:
        assert figures["avg_points"] is None


def test_preferences_merge(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.prefs("me") == {}
    store.update_prefs("me", {"h2h": {"move_errors": True}})
    assert store.update_prefs("me", {"hearts": {"speed": 2}}) == {
        "h2h": {"move_errors": True}, "hearts": {"speed": 2}}
