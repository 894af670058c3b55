"""`heartsuite hearts table new|record|verify` and `heartsuite hearts join` against a real
`heartsuite serve` in its own process: programs create a table, sit at it and play whole games
over the protocol, fetch the record and verify it; every refusal is one line and exit 2."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from heartsuite.arena.remote import Invite, RemoteError, parse_invite, parse_server
from heartsuite.cli import main
from tests.ports import free_port, wait_listening

CLI = [sys.executable, "-m", "heartsuite"]


class Served:
    """`heartsuite serve` on a free port with a temporary data directory."""

    def __init__(self, root: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "XDG_DATA_HOME": str(root / "xdg")}
        self.process = subprocess.Popen(
            [*CLI, "serve", "--port", str(self.port), "--data", str(root / "data"),
             "--no-browser", "--grace", "1"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_listening(self.port, self.process)

    def run(self, *args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*CLI, "hearts", *args], env=self.env, capture_output=True,
                              text=True, timeout=timeout)

    def call(self, *args: str) -> subprocess.CompletedProcess[str]:
        """The same command run in this process (its `main`, its environment, its output
        captured): a refusal costs no interpreter start. `run` keeps the real program's path."""
        out, err = io.StringIO(), io.StringIO()
        saved = os.environ.get("XDG_DATA_HOME")
        os.environ["XDG_DATA_HOME"] = self.env["XDG_DATA_HOME"]
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(["hearts", *args])
                except SystemExit as exit_:  # argparse's own refusals
                    code = exit_.code if isinstance(exit_.code, int) else 2
        finally:
            if saved is None:
                del os.environ["XDG_DATA_HOME"]
            else:
                os.environ["XDG_DATA_HOME"] = saved
        return subprocess.CompletedProcess(["heartsuite", "hearts", *args], code,
                                           out.getvalue(), err.getvalue())

    def start(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen([*CLI, "hearts", *args], env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("cli-tables"))
    yield server
    server.stop()


def refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2 with exactly one line on stderr that says why, and no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("heartsuite: "), result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def finished(process: subprocess.Popen[str], timeout: float = 240) -> dict[str, object]:
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err
    result: dict[str, object] = json.loads(out)
    return result


# Whole games ---------------------------------------------------------------------------------

def test_two_programs_play_a_whole_game_and_verify_it(served: Served, tmp_path: Path) -> None:
    ana, bo = tmp_path / "ana.token", tmp_path / "bo.token"
    made = served.run("table", "new", "--server", served.url, "--bots", "random,heuristic",
                      "--speed", "instant", "--target", "30", "--name", "Ana",
                      "--token-file", str(ana), "--json")
    assert made.returncode == 0, made.stderr
    table = json.loads(made.stdout)
    assert set(table) == {"table", "invite", "code"}
    assert table["invite"] == f"{served.url}/t/{table['code']}"
    assert ana.read_text().strip() and oct(ana.stat().st_mode & 0o777) == "0o600"

    waiting = served.run("table", "record", table["invite"], "--token-file", str(ana), "--json")
    refused(waiting, "in_progress")

    first = served.start("join", table["invite"], "--name", "Ana", "--player", "heuristic",
                         "--token-file", str(ana), "--json")
    second = served.start("join", table["invite"], "--name", "Bo", "--player", "easy",
                          "--token-file", str(bo), "--json")
    a, b = finished(first), finished(second)
    assert a["seat"] == 0 and b["seat"] == 3  # the creator's seat; the first open one
    assert a["table"] == b["table"] == table["table"]
    assert a["totals"] == b["totals"] and a["winner"] == b["winner"] and a["moons"] == b["moons"]
    totals = a["totals"]
    assert isinstance(totals, list) and len(totals) == 4 and max(totals) >= 30
    assert isinstance(a["moons"], list) and len(a["moons"]) >= 1

    got = served.run("table", "record", table["invite"], "--token-file", str(bo), "--json")
    assert got.returncode == 0, got.stderr
    record = json.loads(got.stdout)
    assert record["players"] == ["Ana", "Random", "Heuristic", "Bo"]
    assert record["totals"] == totals and record["table"] == table["table"]
    saved = tmp_path / "game.json"
    saved.write_text(got.stdout)
    checked = served.run("table", "verify", str(saved))
    assert checked.returncode == 0 and checked.stdout.startswith("holds:"), checked.stdout

    other = bytes.fromhex(record["seed"])[::-1].hex()
    (tmp_path / "forged.json").write_text(json.dumps({**record, "seed": other}))
    forged = served.run("table", "verify", str(tmp_path / "forged.json"))
    assert forged.returncode == 1
    assert "does not hold: commitment" in forged.stdout
    assert "does not hold: round 1: the hands are not the ones the seed deals" in forged.stdout

    trick = record["rounds"][0]["tricks"][5]
    trick["cards"][0], trick["cards"][1] = trick["cards"][1], trick["cards"][0]
    (tmp_path / "swapped.json").write_text(json.dumps(record))
    swapped = served.run("table", "verify", str(tmp_path / "swapped.json"))
    assert swapped.returncode == 1 and "does not hold: replay" in swapped.stdout


def test_the_token_kept_in_the_data_directory_plays_the_creators_seat(served: Served) -> None:
    made = served.run("table", "new", "--server", served.url, "--bots", "random,random,random",
                      "--speed", "instant", "--target", "20")
    assert made.returncode == 0, made.stderr
    table = json.loads(made.stdout)
    kept = Path(served.env["XDG_DATA_HOME"]) / "heartsuite" / "tokens" / \
        f"127.0.0.1_{served.port}.token"
    assert kept.exists()
    # Every other seat is a computer: the table started at once and waits for the creator.
    played = finished(served.start("join", table["invite"], "--name", "Host", "--player",
                                   "random"))
    assert played["seat"] == 0 and max(played["totals"]) >= 20  # type: ignore[call-overload]


def test_a_table_of_black_maria_has_three_seats(served: Served, tmp_path: Path) -> None:
    too_many = served.run("table", "new", "--server", served.url, "--variant", "black-maria",
                          "--bots", "random,random,random")
    refused(too_many, "3 seats")
    made = served.run("table", "new", "--server", served.url, "--variant", "black-maria",
                      "--bots", "random,random", "--speed", "instant", "--target", "20",
                      "--token-file", str(tmp_path / "m.token"))
    assert made.returncode == 0, made.stderr
    played = finished(served.start("join", json.loads(made.stdout)["invite"], "--name", "M",
                                   "--player", "heuristic", "--token-file",
                                   str(tmp_path / "m.token")))
    assert len(played["totals"]) == 3  # type: ignore[arg-type]


# Refusals: one line, exit 2 --------------------------------------------------------------------

def test_a_full_table_a_bad_link_and_a_refused_name(served: Served, tmp_path: Path) -> None:
    made = served.call("table", "new", "--server", served.url, "--bots", "hard,hard,hard",
                       "--token-file", str(tmp_path / "c.token"))
    invite = json.loads(made.stdout)["invite"]
    # one refusal from the real program (its exit code, its one line); the rest in this process
    refused(served.run("join", invite, "--name", "Late", "--player", "random",
                       "--token-file", str(tmp_path / "late.token")), "started")

    open_table = json.loads(served.call("table", "new", "--server", served.url,
                                        "--token-file", str(tmp_path / "d.token")).stdout)
    refused(served.call("join", open_table["invite"], "--name", "A\u0007B", "--player", "random",
                        "--token-file", str(tmp_path / "e.token")), "bad_name")
    refused(served.call("join", open_table["invite"], "--name", "x" * 25, "--player", "random",
                        "--token-file", str(tmp_path / "e.token")), "bad_name")
    refused(served.call("join", f"{served.url}/t/ZZZZ-ZZ", "--name", "A", "--player", "random",
                        "--token-file", str(tmp_path / "e.token")), "not_found")
    refused(served.call("join", "ftp://example.org/t/K7QM-2P", "--name", "A", "--player",
                        "random"), "not an invite link")
    refused(served.call("join", f"{served.url}/tables/K7QM-2P", "--name", "A", "--player",
                        "random"), "not an invite link")
    refused(served.call("join", f"{served.url}/t/K7!", "--name", "A", "--player", "random"),
            "not a table code")
    refused(served.call("join", open_table["invite"], "--name", "A", "--player", "grandmaster"),
            "unknown player")
    refused(served.call("join", f"http://127.0.0.1:{free_port()}/t/K7QM-2P", "--name", "A",
                        "--player", "random"), "cannot reach")
    refused(served.call("table", "new", "--server", "localhost:8000"), "not a server address")
    refused(served.call("table", "new", "--server", served.url, "--bots", "superbot"),
            "unknown computer player")
    refused(served.call("table", "new", "--server", served.url, "--variant", "poker"))
    refused(served.call("table", "record", open_table["invite"], "--token-file",
                        str(tmp_path / "nobody.token")), "no token")
    (tmp_path / "junk.token").write_text("not a token!")
    refused(served.call("join", open_table["invite"], "--name", "A", "--player", "random",
                        "--token-file", str(tmp_path / "junk.token")), "does not hold a token")
    (tmp_path / "junk.json").write_text("{not json")
    refused(served.call("table", "verify", str(tmp_path / "junk.json")), "not JSON")
    refused(served.call("table", "verify", str(tmp_path / "missing.json")), "cannot read")
    # None of this sat anyone: the open table still waits with only its creator.
    refused(served.call("table", "record", open_table["invite"], "--token-file",
                        str(tmp_path / "d.token")), "in_progress")
    with urllib.request.urlopen(f"{served.url}/api/tables/{open_table['code']}") as answer:
        seats = json.load(answer)["table"]["seats"]
    assert [s["kind"] for s in seats] == ["person", "open", "open", "open"]


def test_reading_invites() -> None:
    assert parse_invite("http://127.0.0.1:8000/t/k7qm-2p") == Invite("http://127.0.0.1:8000",
                                                                     "K7QM2P")
    assert parse_invite("https://cards.example/hs/t/K7QM%202P/") == Invite(
        "https://cards.example/hs", "K7QM2P")
    assert parse_invite("http://h/t/DHTIWHjgaGX2C4Rx").table == "DHTIWHjgaGX2C4Rx"
    assert parse_server("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    for bad in ("", "K7QM-2P", "http:///t/K7QM2P", "http://h/x/K7QM2P", "http://h/t/K7QM2",
                "http://h:99999/t/K7QM2P", "http://h/t/"):
        with pytest.raises(RemoteError):
            parse_invite(bad)


# The player loop without a socket ----------------------------------------------------------

def a_view_to_play() -> dict[str, object]:
    from heartsuite.hearts.game import Game
    from heartsuite.hearts.rules import Rules

    game = Game(Rules(passing=False), 5)
    seat = game.pending().seats[0]  # type: ignore[union-attr]
    return game.view(seat).to_json()


def test_the_loop_answers_each_decision_once_and_gives_up_when_refused() -> None:
    from heartsuite.arena.remote import SeatLoop
    from heartsuite.players import make_player
    from heartsuite.prng import Rng

    view = a_view_to_play()
    loop = SeatLoop(int(view["seat"]), make_player("heuristic"), Rng(1))  # type: ignore[call-overload]
    assert loop.hello() == {"type": "hello", "after": 0}
    action = loop.receive({"type": "event", "seq": 9, "event": {"kind": "turn"}, "view": view})
    assert action == {"type": "play", "card": "2C", "seq": 9}
    assert loop.receive({"type": "state", "seq": 9, "view": view}) is None  # answered already
    assert loop.hello() == {"type": "hello", "after": 9}  # a reconnect resumes from here
    # and answers the decision again: the action sent just before the drop may be lost
    assert loop.receive({"type": "state", "seq": 9, "view": view}) == action
    assert loop.receive({"type": "state", "seq": 9, "view": view}) is None
    for _ in range(2):
        loop.receive({"type": "refused", "reason": "not_your_turn", "message": "Wait."})
        assert loop.receive({"type": "state", "seq": 9, "view": view}) == action
    with pytest.raises(RemoteError, match="keeps refusing"):
        loop.receive({"type": "refused", "reason": "not_your_turn", "message": "Wait."})


def test_the_loop_ends_with_the_revealed_seed_and_counts_moons() -> None:
    from heartsuite.arena.remote import Invite, SeatLoop
    from heartsuite.players import make_player
    from heartsuite.prng import Rng

    loop = SeatLoop(2, make_player("random"), Rng(1))
    events = [{"kind": "scored", "round": 0, "moon": None}, {"kind": "scored", "round": 1,
              "moon": 3}, {"kind": "over", "winner": 2, "totals": [60, 104, 12, 40]}]
    for n, event in enumerate(events, 1):
        assert loop.receive({"type": "event", "seq": n, "event": event}) is None
    assert not loop.done
    loop.receive({"type": "event", "seq": 4, "event": {"kind": "revealed", "seed": "00"},
                  "table": {"id": "DHTIWHjgaGX2C4Rx"}})
    assert loop.done
    assert loop.result(Invite("http://h", "K7QM2P")).to_json() == {
        "table": "DHTIWHjgaGX2C4Rx", "seat": 2, "totals": [60, 104, 12, 40], "winner": 2,
        "moons": [None, 3]}
    with pytest.raises(RemoteError, match="closed by its creator"):
        SeatLoop(0, make_player("random"), Rng(1)).receive({"type": "closed"})
    with pytest.raises(RemoteError, match="cannot read"):
        SeatLoop(0, make_player("random"), Rng(1)).receive({"type": "state", "view": {"x": 1}})
