"""Progress bars on stderr (heartsuite/cli/progress.py): drawn on a terminal only, never with
--quiet, and stdout (--json too) the same with and without them."""

from __future__ import annotations

import fcntl
import io
import json
import os
import re
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from heartsuite.cli import main
from heartsuite.cli.progress import Progress, TournamentProgress, follow, wanted
from tests.web_helpers import run_async

TINY = ["hearts", "tournament", "--players", "heuristic,random,random,random", "--hands", "2",
        "--seed", "3"]


class FakeTTY(io.StringIO):
    """A stderr that says it is a terminal (of unknown size: no file descriptor)."""

    def isatty(self) -> bool:
        return True


def _without_seconds(text: str) -> str:
    """The tournament's JSON with its clock readings (`seconds`, `move_seconds`) blanked: they
    differ from run to run."""
    return re.sub(r'"(seconds|move_seconds)": [-0-9.e]+', r'"\1": 0', text)


def _table_without_seconds(text: str) -> str:
    """The tournament's table with its clock readings (the first line's, s/move) blanked."""
    text = re.sub(r"\), [0-9.]+ s\n", "), 0 s\n", text, count=1)
    return re.sub(r" [0-9.]+\n", " 0\n", text)


def _points_per_hand(records: Path) -> dict[str, float]:
    """Each distinct player's points per hand over all the recorded games (copies pooled)."""
    points: dict[str, int] = {}
    seats: dict[str, int] = {}
    hands = 0
    for line in records.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        hands += len(record["rounds"])
        for seat, name in enumerate(record["players"]):
            points[name] = points.get(name, 0) + sum(rd["points"][seat]
                                                     for rd in record["rounds"])
        if not seats:
            for name in record["players"]:
                seats[name] = seats.get(name, 0) + 1
    return {name: points[name] / (hands * seats[name]) for name in points}


def _final_line(drawn: str) -> str:
    """The last state of the bar: what follows the last carriage return."""
    return drawn.rstrip("\r\n").rsplit("\r", 1)[-1]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_tournament_bar_counts_hands_and_running_points(
        jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stderr", fake)
    records = tmp_path / "records.jsonl"
    assert main([*TINY, "--jobs", jobs, "--records", str(records), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    drawn = fake.getvalue()
    assert drawn.startswith("\r  0%|")
    assert "0/2 [" in drawn  # the bar starts at the asked number of hands
    last = _final_line(drawn)
    hands = summary["hands"]  # whole boards: more than asked
    assert "100%|" in last and f" {hands}/{hands} [" in last and "hand/s" in last
    expected = ", ".join(f"{name} {value:.2f}"
                         for name, value in _points_per_hand(records).items())
    assert f"pts/hand: {expected}" in last, last


def test_no_bar_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--no-records", "--json"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["hearts", "selfplay", "--games", "2", "--json"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["stats", "--deals", "3", "--json"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [
    [*TINY, "--no-records", "--json"],
    ["hearts", "selfplay", "--games", "2"],
    ["stats", "--deals", "3"],
])
def test_quiet_draws_nothing_on_a_terminal(command: list[str],
                                           capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stderr", fake)
    assert main([*command, "--quiet"]) == 0
    assert capsys.readouterr().out
    assert fake.getvalue() == ""


@pytest.mark.parametrize("command, normalize", [
    ([*TINY, "--no-records", "--json"], _without_seconds),
    ([*TINY, "--no-records"], _table_without_seconds),
    (["hearts", "selfplay", "--games", "2", "--json"], str),
    (["hearts", "selfplay", "--games", "2"], str),
    (["stats", "--deals", "4", "--json"],
     lambda text: re.sub(r'"seconds_per_deal": \{.*\}', "", text)),
])
def test_stdout_is_the_same_with_and_without_the_bar(command: list[str], normalize,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert main([*command, "--quiet"]) == 0
    plain = capsys.readouterr().out
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stderr", fake)
    assert main(command) == 0
    assert normalize(capsys.readouterr().out) == normalize(plain)
    assert "100%|" in fake.getvalue()


def test_selfplay_and_stats_bars(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stderr", fake)
    assert main(["hearts", "selfplay", "--games", "3", "--json"]) == 0
    wins = [0] * 4
    for line in capsys.readouterr().out.splitlines():
        wins[json.loads(line)["winner"]] += 1
    last = _final_line(fake.getvalue())
    assert "selfplay: 100%|" in last and " 3/3 [" in last and "game/s" in last
    assert "wins per seat " + "/".join(map(str, wins)) in last
    fake.seek(0)
    fake.truncate()
    assert main(["stats", "--deals", "5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    last = _final_line(fake.getvalue())
    assert "stats: 100%|" in last and " 5/5 [" in last and "deal/s" in last
    assert f"winnable {figures['winnable'] / 5:.1%}" in last


def test_progress_helper() -> None:
    assert not wanted(False, io.StringIO())
    assert not wanted(True, FakeTTY())
    assert wanted(False, FakeTTY())
    fake = FakeTTY()
    with Progress(3, "hand", stream=fake) as bar:
        bar.advance(2)
        bar.advance(2)  # past the total (whole boards): the total follows
    assert " 4/4 [" in _final_line(fake.getvalue())
    quiet = FakeTTY()
    with TournamentProgress(["a", "b", "b", "b"], 5, quiet=True, stream=quiet) as bar:
        bar.advance(5)
    assert quiet.getvalue() == ""


def test_follow_moves_a_bar_of_seconds_without_a_rate() -> None:
    fake = FakeTTY()
    ticks = iter(range(1, 100))
    with Progress(3, "s", desc="soak", stream=fake) as bar:
        run_async(lambda: follow(bar, lambda: min(next(ticks), 3), postfix=lambda: "7 requests",
                                 until=time.monotonic() + 0.05, every=0.01))
    last = _final_line(fake.getvalue())
    assert "soak: 100%|" in last and " 3/3 s [" in last and ", 7 requests]" in last, last
    assert "s/s" not in fake.getvalue()
    silent = Progress(3, "s", stream=io.StringIO())
    run_async(lambda: follow(silent, lambda: 3))  # not drawn: returns at once, no deadline needed
    assert silent.done == 0


def _run_on_pty(args: list[str], program: tuple[str, ...] = ("-m", "heartsuite")
                ) -> tuple[str, str]:
    """Run `python -m heartsuite ARGS` (or `python PROGRAM ARGS`) with stderr on a
    pseudo-terminal (120 x 40): (stdout, everything the terminal received)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen([sys.executable, *program, *args], stdout=subprocess.PIPE,
                            stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the last writer closed the terminal
            break
        if not chunk:
            break
        drawn += chunk
    os.close(master)
    out = proc.stdout.read() if proc.stdout else b""
    assert proc.wait(timeout=60) == 0
    return out.decode(), drawn.decode()


def test_on_a_real_pseudo_terminal_with_worker_processes(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    out, drawn = _run_on_pty([*TINY, "--jobs", "2", "--json", "--records", str(records)])
    summary = json.loads(out)
    last = _final_line(drawn)
    hands = summary["hands"]
    assert f" {hands}/{hands} [" in last
    expected = ", ".join(f"{name} {value:.2f}"
                         for name, value in _points_per_hand(records).items())
    assert f"pts/hand: {expected}" in last, last
    piped = subprocess.run([sys.executable, "-m", "heartsuite", *TINY, "--jobs", "2", "--json",
                            "--records", str(records)], capture_output=True, text=True,
                           timeout=60)
    assert piped.returncode == 0 and piped.stderr == ""
    assert _without_seconds(piped.stdout) == _without_seconds(out)
    out, drawn = _run_on_pty([*TINY, "--jobs", "2", "--json", "--records", str(records),
                              "--quiet"])
    assert drawn == ""
    assert _without_seconds(out) == _without_seconds(piped.stdout)


def test_a_bench_draws_its_bar_on_a_terminal_and_nothing_when_quiet() -> None:
    """The benches follow the same rule: the solver bench's bar counts its shortest-solution
    deals on a terminal, `--quiet` draws nothing, and the table on stdout is there either way."""
    bench = str(Path(__file__).resolve().parents[1] / "bench" / "bench_h2h_solver.py")
    args = ["--deals", "40", "--shortest-deals", "3"]
    out, drawn = _run_on_pty(args, (bench,))
    assert "shortest" in drawn and " 3/3 [" in _final_line(drawn), drawn
    assert "| winnability, deals/s" in out
    out, drawn = _run_on_pty([*args, "--quiet"], (bench,))
    assert drawn == "" and "| winnability, deals/s" in out
