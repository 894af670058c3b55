"""The soak script for 15 seconds (its own run is 30 minutes: docs/benchmarks.md): one real
server under both games, reconnects, a hello flood and bad input; no 5xx, bounded memory, every
stored game replaying to what its client saw."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from web_helpers import in_thread

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_soak.py"


def load_soak():  # the bench is a script, not a package
    spec = importlib.util.spec_from_file_location("bench_soak", BENCH)
    assert spec is not None and spec.loader is not None
    if "bench_soak" not in sys.modules:
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_soak"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules["bench_soak"]


@pytest.mark.timeout(120)
def test_fifteen_seconds_of_mixed_load(capsys) -> None:
    soak = load_soak()
    status = in_thread(lambda: soak.main(["--minutes", "0.25", "--h2h", "3", "--hearts", "2",
                                          "--rss-bound", "100"]))
    out = capsys.readouterr().out
    assert status == 0, out
    assert "games replayed from the store" in out
