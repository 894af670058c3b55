"""`bench/bench_hearts_agreement.py` counts, from records, how often each player played the
heuristic's card: all of the heuristic player's plays, only some of a random player's."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from collections import defaultdict
from contextlib import redirect_stdout
from pathlib import Path

from heartsuite.arena.tournament import run_tournament
from heartsuite.hearts.rules import Rules

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_hearts_agreement.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_hearts_agreement", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_heuristic_agrees_with_itself_and_random_play_does_not(tmp_path, monkeypatch) -> None:
    records = io.StringIO()
    run_tournament(["heuristic", "random", "heuristic", "easy"], Rules(), hands=8, seed=5,
                   records=records)
    path = tmp_path / "games.jsonl"
    path.write_text(records.getvalue())
    bench = _bench()
    rows: defaultdict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for line in records.getvalue().splitlines():
        record = json.loads(line)
        for rd in record["rounds"]:
            bench.tally_round(Rules.from_json(record["rules"]), rd, record["players"], rows)
    plays, same = rows[("heuristic", "all")]
    assert plays > 100 and same == plays
    plays, same = rows[("random", "all")]
    assert plays > 20 and 0 < same < plays
    kinds = sum(rows[("heuristic", k)][0] for k in ("leads", "follows", "discards"))
    assert kinds == rows[("heuristic", "all")][0]
    # the command prints one row per player and kind
    monkeypatch.setattr(sys, "argv", ["bench", str(path)])
    out = io.StringIO()
    with redirect_stdout(out):
        assert bench.main() == 0
    assert "| heuristic | all |" in out.getvalue() and "100.0 %" in out.getvalue()
