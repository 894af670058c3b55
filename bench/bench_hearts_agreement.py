"""How often does each player play the heuristic's card? Agreement, read from game records.

    .venv/bin/python bench/bench_hearts_agreement.py RECORDS.jsonl [RECORDS.jsonl ...]

Every play with a choice is replayed in the true position and compared with the card the
heuristic player (`fast_heuristic.choose`, which reads only what the seat may see) would have
played there. Hard's worlds are weighted, and its play-outs played, as if every opponent played
the heuristic's card; this table says how far that model is from the player actually at the
table (issue 24 §4: "how well the heuristic predicts its plays"). Rows: each player name of the
records, by kind of play (lead, follow, discard) in tricks 1–6 and 7–13.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from heartsuite.hearts.records import play_kind, replay, round_plays
from heartsuite.hearts.rules import Rules
from heartsuite.players import fast_heuristic

Tally = defaultdict[tuple[str, str], list[int]]


def tally_round(rules: Rules, rd: dict, names: list[str], rows: Tally) -> None:
    """Add each seat's plays with a choice in one recorded round to `rows`."""
    for r, number, card in round_plays(rules, rd):
        legal = r.legal_mask()
        if legal & (legal - 1):
            same = int(card == fast_heuristic.choose(r, legal))
            part = "tricks 1–6" if number <= 6 else "tricks 7–13"
            kind = play_kind(r, legal)
            for key in ("all", f"{kind}s", f"{kind}s, {part}"):
                row = rows[(names[r.turn], key)]
                row[0] += 1
                row[1] += same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    args = parser.parse_args()
    rows: Tally = defaultdict(lambda: [0, 0])
    games = 0
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                rules = replay(record).rules  # also checks the record against the rules
                for rd in record["rounds"]:
                    tally_round(rules, rd, record["players"], rows)
                games += 1
    print(f"{games} games; plays with a choice, and the share that were the heuristic's card")
    print("| Player | Plays | Decisions | Heuristic's card |")
    print("|---|---|---|---|")
    for (name, key), (n, same) in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1] != "all",
                                                                      kv[0][1])):
        print(f"| {name} | {key} | {n} | {100 * same / n:.1f} % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
