"""`heartsuite hearts selfplay | check | deal`: output shape, exit codes, never a traceback."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartsuite.cli import main
from heartsuite.hearts.records import replay

Cap = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def run(argv: list[str], capsys: Cap, monkeypatch: Patch, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def selfplay(capsys: Cap, monkeypatch: Patch, *extra: str) -> list[dict]:
    code, out, _ = run(["hearts", "selfplay", "--json", *extra], capsys, monkeypatch)
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


def test_selfplay_prints_one_record_per_line(capsys: Cap, monkeypatch: Patch) -> None:
    records = selfplay(capsys, monkeypatch, "--games", "3", "--seed", "7",
                       "--players", "random,heuristic,random,heuristic")
    assert len(records) == 3 and len({r["code"] for r in records}) == 3
    for rec in records:
        assert rec["players"] == ["random", "heuristic", "random", "heuristic"]
        assert replay(rec).winner == rec["winner"]
    again = selfplay(capsys, monkeypatch, "--games", "3", "--seed", "7",
                     "--players", "random,heuristic,random,heuristic")
    assert again == records
    maria = selfplay(capsys, monkeypatch, "--variant", "black-maria")
    assert maria[0]["rules"]["players"] == 3 and len(maria[0]["players"]) == 3


def test_selfplay_and_check_with_omnibus(capsys: Cap, monkeypatch: Patch) -> None:
    records = selfplay(capsys, monkeypatch, "--games", "2", "--seed", "4", "--omnibus",
                       "--variant", "spot")
    for rec in records:
        assert rec["rules"]["omnibus"] is True and rec["rules"]["variant"] == "spot"
        assert all(rd["jack"] in range(4) for rd in rec["rounds"])
    plain = selfplay(capsys, monkeypatch, "--games", "1", "--seed", "4")
    text = "\n".join(json.dumps(r) for r in [*records, *plain]) + "\n"
    code, out, _ = run(["hearts", "check"], capsys, monkeypatch, text)
    assert code == 0 and out.startswith("3 game(s), ") and ", 2 with Omnibus (J♦ -10): " in out
    code, out, _ = run(["hearts", "check"], capsys, monkeypatch, json.dumps(plain[0]) + "\n")
    assert code == 0 and "Omnibus" not in out
    bad = json.loads(json.dumps(records[0]))
    bad["rounds"][1]["jack"] = (bad["rounds"][1]["jack"] + 1) % 4
    code, _, err = run(["hearts", "check"], capsys, monkeypatch, json.dumps(bad) + "\n")
    assert code == 1 and err.startswith("game 1 (line 1): round 2: wrong_jack: ")
    for variant in ("black-maria", "reverse"):
        code, _, err = run(["hearts", "selfplay", "--omnibus", "--variant", variant], capsys,
                           monkeypatch)
        assert code == 2 and "omnibus (J♦ -10) is not played with" in err


def test_selfplay_refuses_bad_options(capsys: Cap, monkeypatch: Patch) -> None:
    for argv in (["--players", "random,random"], ["--players", "a,b,c,d"],
                 ["--variant", "chess"], ["--games", "0"]):
        code, _, err = run(["hearts", "selfplay", *argv], capsys, monkeypatch)
        assert code == 2 and err.startswith("heartsuite: ") and err.count("\n") == 1


def test_check_accepts_legal_records_and_names_a_violation(capsys: Cap, monkeypatch: Patch) -> None:
    records = selfplay(capsys, monkeypatch, "--games", "2", "--seed", "1")
    text = "\n".join(json.dumps(r) for r in records) + "\n\n"
    code, out, _ = run(["hearts", "check"], capsys, monkeypatch, text)
    assert code == 0 and out.startswith("2 game(s)")
    bad = json.loads(json.dumps(records[1]))
    trick = bad["rounds"][0]["tricks"][3]
    trick["cards"][1], trick["cards"][2] = trick["cards"][2], trick["cards"][1]
    text = json.dumps(records[0]) + "\n" + json.dumps(bad) + "\n"
    code, out, err = run(["hearts", "check"], capsys, monkeypatch, text)
    assert code == 1
    assert err.startswith("game 2 (line 2): round 1, trick 4, seat ")
    assert ", card " in err and err.count("\n") == 1


def test_deal_shows_a_codes_hands(capsys: Cap, monkeypatch: Patch) -> None:
    code, out, _ = run(["hearts", "deal", "ht1-aaaaaaa"], capsys, monkeypatch)
    assert code == 0 and "seat 0: QC 3D 4D 7D 2S 3S 4S 6S TS 6H TH JH KH" in out
    code, _, err = run(["hearts", "deal", "HT1-AAA"], capsys, monkeypatch)
    assert code == 2 and "7 letters" in err


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4)
    | st.sampled_from(["2C", "QS", "AH", "left", "none", "HT1-AAAAAAA"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["code", "rules", "players", "rounds", "totals", "winner", "pass",
                         "hands", "passes", "tricks", "points", "moon", "leader", "cards"]),
        inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.one_of(_json.map(json.dumps), st.text(max_size=60)))
def test_check_never_tracebacks(capsys: Cap, monkeypatch: Patch, line: str) -> None:
    code, _, err = run(["hearts", "check"], capsys, monkeypatch, line + "\n")
    assert code in (0, 1)
    assert "Traceback" not in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.data())
def test_check_survives_mutated_records(capsys: Cap, monkeypatch: Patch, data: Any) -> None:
    from heartsuite.arena.driver import play_game
    from heartsuite.hearts import Rules

    rec = play_game(Rules(target=30), 3, ["random"] * 4)
    node = rec
    # Walk down a random path and replace what is there with arbitrary JSON.
    for _ in range(data.draw(st.integers(1, 5))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
            node[key] = data.draw(_json)
            break
        node = node[key]
    code, _, err = run(["hearts", "check"], capsys, monkeypatch, json.dumps(rec) + "\n")
    assert code in (0, 1) and "Traceback" not in err
    if code == 1:
        assert err.startswith("game 1 (line 1): ")


def test_check_takes_records_without_player_names(capsys: Cap, monkeypatch: Patch) -> None:
    """Records of other programs may have no `players` (it is not a rule): default names; a
    present but malformed list is still refused."""
    from heartsuite.arena.driver import play_game
    from heartsuite.hearts import Rules
    from heartsuite.hearts.records import replay

    record = play_game(Rules(target=30), 5, ["random"] * 4)
    bare = {k: v for k, v in record.items() if k != "players"}
    code, _, err = run(["hearts", "check"], capsys, monkeypatch, json.dumps(bare) + "\n")
    assert code == 0, err
    assert replay(bare).players == ["Player 1", "Player 2", "Player 3", "Player 4"]
    for bad in (["a", "b"], "abcd", [1, 2, 3, 4], ["x"], {}):
        broken = {**record, "players": bad}
        code, _, err = run(["hearts", "check"], capsys, monkeypatch, json.dumps(broken) + "\n")
        assert code == 1 and "players" in err
