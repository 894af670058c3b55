"""Where does a player's card play lose against clairvoyance? Regret, read from game records.

    .venv/bin/python bench/bench_hearts_regret.py RECORDS.jsonl [--player hard] [--quiet]

For every card play of `--player` that had a choice, each legal card is played in the true
position (all four hands known) and the round finished with the heuristic player at every seat
(`fast_heuristic.play_out`, deterministic, so one play-out is the exact value). The card's value
is the seat's lead in the round's points (the opponents' mean minus its own, after the moon rule;
the game-ending bonus of the search is left out). Regret = best value − value of the card played.
The same is computed for the card the heuristic player would have played there, so each row
compares the player's choices with the heuristic's on the same positions.

Regret is not a loss the player could have avoided (it would need the hidden cards); it shows
where decisions are hard, and where the player's departures from the heuristic pay (in a row
"departs", the player's regret below the heuristic's means its departures are better) or do not.
Rows: all plays; by kind of play (lead, follow, discard) in tricks 1–6 and 7–13; by trick number
and kind, and those split by whether the player's card was the heuristic's; summed per hand.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from heartsuite.cli.progress import Progress
from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.records import play_kind, replay, round_plays
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import Rules
from heartsuite.players import fast_heuristic
from heartsuite.players.search import world_value

Tally = defaultdict[str, list[float]]


def _exact_values(rules: Rules, r: Round, seat: int, legal: int) -> dict[int, float]:
    values = {}
    for c in cards_of(legal):
        q = r.copy()
        q.play(c)
        fast_heuristic.play_out(q)
        values[c] = world_value(rules, seat, (0,) * rules.players, 0, q)
    return values


def tally_round(rules: Rules, rd: dict, seat: int, rows: Tally) -> None:
    """Add the regrets of `seat`'s plays in one recorded round to `rows`."""
    for r, number, card in round_plays(rules, rd):
        legal = r.legal_mask()
        if r.turn == seat and legal & (legal - 1):
            values = _exact_values(rules, r, seat, legal)
            best = max(values.values())
            theirs = fast_heuristic.choose(r, legal)
            kind = play_kind(r, legal)
            when = f"trick {number:2d}" if number <= 6 else "tricks 7–13"
            same = "same card" if card == theirs else "departs"
            part = "tricks 1–6" if number <= 6 else "tricks 7–13"
            for key in ("all", f"{kind}s, {part}", f"{when} {kind}",
                        f"{when} {kind}, {same}"):
                row = rows[key]
                row[0] += 1
                row[1] += best - values[card]
                row[2] += best - values[theirs]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records")
    parser.add_argument("--player", default="hard")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    args = parser.parse_args()
    rows: Tally = defaultdict(lambda: [0, 0.0, 0.0])
    hands = 0
    with open(args.records, encoding="utf-8") as f:
        lines = f.readlines()
    with Progress(len(lines), "game", desc="regret", quiet=args.quiet) as bar:
        for line in lines:
            record = json.loads(line)
            rules = replay(record).rules  # also checks the record against the rules
            seat = record["players"].index(args.player)
            for rd in record["rounds"]:
                tally_round(rules, rd, seat, rows)
                hands += 1
            bar.advance(1, f"{hands} hands")
    print(f"{hands} hands of {args.player}; regret in points of lead per hand")
    print(f"| Plays | Decisions | {args.player} | heuristic's card |")
    print("|---|---|---|---|")
    for key in sorted(rows, key=lambda k: (k != "all", k.startswith("trick"), k)):
        n, ours, theirs = rows[key]
        print(f"| {key} | {int(n)} | {ours / hands:.3f} | {theirs / hands:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
