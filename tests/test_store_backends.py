"""The store's contract, held by both implementations: SQLite (the embedded default) and
PostgreSQL (`serve --database`, a real server of the test session's own). Every test runs
against both; people are new per test, so tests keep apart in one database."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from heartsuite.web.store import (
    FINISHED,
    LOST,
    PLAYING,
    WON,
    DailyDeal,
    DailyResult,
    StaleGame,
    StaleTable,
    Store,
    new_id,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        made = Store(tmp_path / "heartsuite.sqlite3")
    else:
        from heartsuite.web.store_pg import PgStore

        made = PgStore(request.getfixturevalue("postgres_url"))
    yield made
    made.close()


def test_people_and_their_preferences(store: Store) -> None:
    ana = new_id()
    assert store.prefs(ana) == {}
    assert store.update_prefs(ana, {"lang": "ar"}) == {"lang": "ar"}
    assert store.update_prefs(ana, {"sound": False}) == {"lang": "ar", "sound": False}
    store.merge_prefs(ana, "hearts", {"speed": "fast", "x": 1}, keep=["speed"])
    assert store.prefs(ana)["hearts"] == {"speed": "fast"}
    store.ensure_person(ana)  # twice is harmless
    assert store.prefs(ana)["lang"] == "ar"


def test_games_are_saved_found_and_listed_in_order(store: Store) -> None:
    ana, bo = new_id(), new_id()
    first = store.create_game(ana, "h2h", "HH1-N-AAAAAAA", {"moves": []}, {"s": 1})
    assert store.game(first.id) == first and store.game(first.id, bo) is None
    assert store.current(ana, "h2h") == first and store.current(bo, "h2h") is None
    assert store.last_finished(ana, "h2h") is None
    first.data = {"moves": [1, 2]}
    first.status, first.score, first.moves, first.elapsed_ms = WON, 40, 2, 2**40
    first.result = {"won": True}
    store.save(first)
    again = store.game(first.id)
    assert again is not None and again.status == WON and again.elapsed_ms == 2**40
    assert again.data == {"moves": [1, 2]} and again.finished is not None
    assert store.last_finished(ana, "h2h") == again and store.current(ana, "h2h") is None
    second = store.create_game(ana, "h2h", "HH1-N-AAAAAAB")
    assert store.last_finished(ana, "h2h") is None  # a newer game was begun
    second.status = LOST
    store.save(second)
    assert [g.id for g in store.games(ana, "h2h")] == [first.id, second.id]
    assert [g.id for g in store.games(ana, "h2h", (PLAYING,))] == []
    assert store.games(ana, "hearts", FINISHED) == []


def test_games_since_an_instant_and_a_statistics_reset(store: Store) -> None:
    """`games(since=…)` keeps the games finished after the instant; the statistics' reset (a
    preference) counts only those, and leaves the game in play as it was."""
    from heartsuite.web.site.stats import hearts_stats, reset, reset_at

    ana = new_id()
    old = store.create_game(ana, "hearts", "HT1-AAAAAAA")
    old.status, old.result = WON, {"rounds": 2, "points": 4}
    store.save(old)
    playing = store.create_game(ana, "hearts", "HT1-AAAAAAB")
    assert old.finished is not None
    assert [g.id for g in store.games(ana, "hearts", since=old.finished - 1)] == [old.id]
    assert store.games(ana, "hearts", since=old.finished) == []
    at = reset(store, ana, "hearts", now=old.finished + 0.5)
    assert reset_at(store, ana, "hearts") == at and reset_at(store, ana, "h2h") is None
    assert hearts_stats(store, ana)["games"] == 0
    assert store.current(ana, "hearts") == playing
    time.sleep(0.6)
    playing.status, playing.result = LOST, {"rounds": 3, "points": 12}
    store.save(playing)
    assert hearts_stats(store, ana)["games"] == 1 and hearts_stats(store, ana)["avg_points"] == 4
    assert [g.id for g in store.games(ana, "hearts")] == [old.id, playing.id]  # nothing deleted


def test_games_begun_in_the_same_instant_keep_their_order(store: Store,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ana = new_id()
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0)
    rows = [store.create_game(ana, "hearts", f"HT1-{n}") for n in range(5)]
    rows[-1].status = WON
    store.save(rows[-1])
    assert store.last_finished(ana, "hearts") is not None
    assert store.last_finished(ana, "hearts").id == rows[-1].id  # type: ignore[union-attr]


def test_daily_deals_are_cached_per_date(store: Store) -> None:
    day = f"2{new_id()[:3]}-01-01"  # a date of this test's own (the table is shared)
    assert store.daily_deal(day) is None
    store.put_daily_deal(DailyDeal(day, "HH1-N-AAAAAAB", None))
    assert store.daily_deal(day) == DailyDeal(day, "HH1-N-AAAAAAB", None)
    store.put_daily_deal(DailyDeal(day, "HH1-N-AAAAAAB", 64))
    store.put_daily_deal(DailyDeal(day, "HH1-N-AAAAAAB", 64))  # a second process: no change
    assert store.daily_deal(day) == DailyDeal(day, "HH1-N-AAAAAAB", 64)


def test_daily_results_keep_the_day_and_the_fewest_moves(store: Store) -> None:
    ana, bo = new_id(), new_id()
    assert store.daily_results(ana) == []
    store.put_daily_deal(DailyDeal("2026-12-04", "HH1-N-TPWHMVX", 87))
    store.record_daily(ana, "2026-12-04", played=True, won=False, moves=None)
    assert store.daily_results(ana) == [DailyResult("2026-12-04", True, False, None, 87)]
    store.record_daily(ana, "2026-12-04", played=True, won=True, moves=95)
    store.record_daily(ana, "2026-12-04", played=False, won=False, moves=99)  # a slower replay
    store.record_daily(ana, "2026-12-04", played=False, won=False, moves=90)  # a better one
    store.record_daily(ana, "2026-12-04", played=False, won=False, moves=None)
    assert store.daily_results(ana) == [DailyResult("2026-12-04", True, True, 90, 87)]
    store.record_daily(ana, "2026-12-02", played=False, won=False, moves=70)  # replay only
    store.record_daily(ana, "2026-12-03", played=True, won=True, moves=60)
    assert store.daily_results(ana) == [
        DailyResult("2026-12-02", False, False, 70, store.daily_results(ana)[0].shortest),
        DailyResult("2026-12-03", True, True, 60, store.daily_results(ana)[1].shortest),
        DailyResult("2026-12-04", True, True, 90, 87)]
    assert store.daily_results(bo) == []
    with pytest.raises(ValueError, match="negative"):
        store.record_daily(ana, "2026-12-04", played=True, won=True, moves=-1)
    assert store.daily_results(ana)[-1] == DailyResult("2026-12-04", True, True, 90, 87)


def test_tables_refuse_a_taken_code_and_a_stale_write(store: Store) -> None:
    ana = new_id()
    code = new_id()[:6].upper()
    row = store.create_table(new_id(), code, ana, "waiting", {"commands": []}, [ana])
    assert row is not None and row.rev == 1
    assert store.create_table(new_id(), code, ana, "waiting", {}, [ana]) is None
    assert store.table(code) == store.table(row.id) == row
    reader = store.table(row.id)
    assert reader is not None
    row.data = {"commands": [["join", 1]]}
    store.save_table(row, [ana, "bo"])
    assert row.rev == 2
    with pytest.raises(StaleTable):
        store.save_table(reader)  # read at rev 1: refused, nothing written
    kept = store.table(row.id)
    assert kept is not None and kept.data == {"commands": [["join", 1]]} and kept.rev == 2
    assert [t.id for t in store.tables_of("bo", ("waiting",), 0.0)] == [row.id]
    assert store.tables_of("bo", ("over",), 0.0) == []


def test_two_writers_racing_on_one_table_one_wins(store: Store, tmp_path: Path) -> None:
    """Two stores on one database (two server processes): of two writes made from the same
    read, exactly one lands."""
    from heartsuite.web.store_pg import PgStore

    other = (Store(tmp_path / "heartsuite.sqlite3") if not isinstance(store, PgStore)
             else PgStore(store.url))
    try:
        row = store.create_table(new_id(), new_id()[:6].upper(), "ana", "playing", {"n": 0},
                                 ["ana"])
        assert row is not None
        mine, theirs = store.table(row.id), other.table(row.id)
        assert mine is not None and theirs is not None
        outcomes: list[str] = []

        def write(target: Store, copy: object, n: int) -> None:
            copy.data = {"n": n}  # type: ignore[attr-defined]
            try:
                target.save_table(copy)  # type: ignore[arg-type]
                outcomes.append("won")
            except StaleTable:
                outcomes.append("stale")

        threads = [threading.Thread(target=write, args=(store, mine, 1)),
                   threading.Thread(target=write, args=(other, theirs, 2))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["stale", "won"]
        final = store.table(row.id)
        assert final is not None and final.rev == 2 and final.data["n"] in (1, 2)
    finally:
        other.close()


def test_games_refuse_a_stale_write(store: Store, tmp_path: Path) -> None:
    """Two stores on one database (two server processes) hold one game: the write made from the
    older read is refused, nothing of it lands; read again, it is written."""
    from heartsuite.web.store_pg import PgStore

    other = (Store(tmp_path / "heartsuite.sqlite3") if not isinstance(store, PgStore)
             else PgStore(store.url))
    try:
        mine = store.create_game(new_id(), "h2h", "HH1-N-AAAAAAF", {"moves": []})
        theirs = other.game(mine.id)
        assert theirs is not None and mine.rev == theirs.rev == 1
        mine.data, mine.moves = {"moves": ["D"]}, 1
        store.save(mine)
        assert mine.rev == 2 and other.game_rev(mine.id) == 2
        theirs.data, theirs.moves, theirs.status = {"moves": ["X"]}, 1, WON
        with pytest.raises(StaleGame):
            other.save(theirs)
        assert theirs.rev == 1 and theirs.finished is None  # the refused copy is unchanged
        kept = other.game(mine.id)
        assert kept is not None and kept.data == {"moves": ["D"]} and kept.status == PLAYING
        other.save(kept)
        assert store.game_rev(mine.id) == 3 and store.game_rev("no such game") is None
    finally:
        other.close()


def test_a_sqlite_file_of_before_game_revisions_upgrades_in_place(tmp_path: Path) -> None:
    import sqlite3

    from heartsuite.web.store import _SCHEMA

    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(_SCHEMA.replace(",\n    rev INTEGER NOT NULL DEFAULT 1", ""))
    old.execute("INSERT INTO games (id, person, kind, code, created, updated)"
                " VALUES ('g', 'p', 'h2h', 'HH1-N-AAAAAAF', 1, 1)")
    old.commit()
    old.close()
    store = Store(path)
    row = store.game("g")
    assert row is not None and row.rev == 1
    store.save(row)
    assert store.game_rev("g") == 2
    store.close()
    assert Store(path).game_rev("g") == 2  # opened again: nothing to upgrade


def test_a_postgresql_database_of_before_game_revisions_upgrades_in_place(
        postgres_url: str) -> None:
    import psycopg

    from heartsuite.web.store_pg import PgStore, migrations

    name = f"old_{new_id().lower().replace('-', '_')}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"'.encode())
    url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
    number, file, sql = migrations()[0]
    with psycopg.connect(url, autocommit=True) as conn:  # the schema of before: 001 only
        conn.execute(sql.encode())
        conn.execute("CREATE TABLE schema_version"
                     " (version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (%s, %s)", (number, file))
        conn.execute("INSERT INTO games (id, person, kind, code, created, updated)"
                     " VALUES ('g', 'p', 'h2h', 'HH1-N-AAAAAAF', 1, 1)")
    store = PgStore(url)
    try:
        row = store.game("g")
        assert row is not None and row.rev == 1
        store.save(row)
        assert store.game_rev("g") == 2 and store.migrate() == []
    finally:
        store.close()


def test_postgresql_applies_each_migration_once(postgres_url: str) -> None:
    from heartsuite.web.store_pg import PgStore, migrations

    first, second = PgStore(postgres_url), PgStore(postgres_url)
    try:
        assert second.migrate() == []  # all applied already
        versions = [r[0] for r in first._run("SELECT version FROM schema_version ORDER BY 1")]
        assert versions == [n for n, _, _ in migrations()]
    finally:
        first.close()
        second.close()


def test_an_unreachable_database_is_one_clear_error() -> None:
    from heartsuite.web.store_pg import PgStore, StoreUnavailable

    with socket_port() as port, pytest.raises(StoreUnavailable, match=r"cannot connect to"):
        PgStore(f"postgresql://postgres:secret@127.0.0.1:{port}/postgres")


class socket_port:
    """A port nothing listens on."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port: int = s.getsockname()[1]
        return port

    def __exit__(self, *exc: object) -> None:
        return None


def test_concurrent_preference_changes_on_postgresql_keep_each_other(postgres_url: str) -> None:
    """Two processes (two stores) change one person's preferences at once, 20 times each: with
    the row locked for the change, every key of both survives."""
    from heartsuite.web.store_pg import PgStore

    stores = [PgStore(postgres_url), PgStore(postgres_url)]
    ana = new_id()
    try:
        def change(store: Store, side: str) -> None:
            for n in range(20):
                store.update_prefs(ana, {f"{side}{n}": n})

        threads = [threading.Thread(target=change, args=(s, side))
                   for s, side in zip(stores, "ab", strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(stores[0].prefs(ana)) == 40
    finally:
        for s in stores:
            s.close()
