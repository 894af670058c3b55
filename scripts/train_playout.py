"""Train the distilled play-out policy (`heartsuite/players/playout_net.npz`) from tournament
records: the cards one searching player chose, against every other legal card it had.

Data recipe of the released weights: the cards of `search:30` (with the heuristic for its own
later cards, as it was before this policy: `+own=heuristic`) in eight tournaments, about 15,000
hands and 264,000 decisions with a choice; about 2 hours on 2 cores. With P for
`search:30+own=heuristic`:

    heartsuite hearts tournament --players "P,ismcts:200,ismcts:200,ismcts:200"
        --hands 4000 --seed 2410 --records a.jsonl
    heartsuite hearts tournament --players "ismcts:N,P,P,P"
        --hands 1000 --seed 2412 --records bN.jsonl     (N = 200, 1000, 3000, 10000, 30000)
    heartsuite hearts tournament --players "P,heuristic,heuristic,heuristic"
        --hands 3000 --seed S --records cS.jsonl        (S = 2801, 2802)
    .venv/bin/python scripts/train_playout.py a.jsonl b200.jsonl b1000.jsonl b3000.jsonl
        b10000.jsonl b30000.jsonl c2801.jsonl c2802.jsonl --player P --epochs 10
        --out heartsuite/players/playout_net.npz

(The files are read in that order; the last tenth of the games, games against heuristic
players, is held out.) Fewer data make a weaker policy: the two tournaments against heuristic
players alone (57,000 decisions) gave one that leads the heuristic by 0.6 point a round when it
plays alone, against 1.5 with all eight.

Every play of that player with a choice is replayed in its true position
(`records.round_plays`); each legal card gets its feature row (`compiled.distilled.
card_features`: what the seat knows, the heuristic's card among it). The target is the card
played, or any card that plays alike from the seat's view (same suit and points, nothing
unseen or on the table between them): the search tries one card of such a run, so which one it
played says nothing. Loss: minus the log of the softmax share of that run among the legal
cards. One hidden layer of ReLU units, Adam, minibatches of 2,048 decisions, the learning rate
times 0.7 each epoch; the epoch with the least held-out loss is kept. numpy only; the same files
give the same weights.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from heartsuite.hearts.cards import FULL_DECK, SUIT_MASKS
from heartsuite.hearts.records import replay, round_plays
from heartsuite.players.compiled.distilled import FEATURES, card_features
from heartsuite.players.compiled.layout import encode_round, rules_facts
from heartsuite.players.compiled.policy import choose

Floats = NDArray[np.float64]
KINDS = ("lead", "follow", "discard")


@dataclass
class Decisions:
    """Feature rows of every legal card; per decision its row count, its kind (index in
    KINDS); per row whether the card plays alike the one chosen, and whether it is the
    heuristic's card."""

    rows: Floats
    counts: NDArray[np.int64]
    kinds: NDArray[np.int64]
    target: NDArray[np.bool_]
    heuristic: NDArray[np.bool_]


def alike(card: int, other: int, points: list[int], blockers: int) -> bool:
    """Whether `other` plays as `card` does from the seat's view."""
    if card // 13 != other // 13 or points[card] != points[other]:
        return False
    lo, hi = min(card, other), max(card, other)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return not between & blockers


def decisions(paths: list[str], player: str) -> tuple[Decisions, Decisions]:
    """The player's decisions in the records: (learned from, held out: the last tenth of the
    games)."""
    games = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            games += [json.loads(line) for line in f]
    cut = len(games) - max(1, len(games) // 10)
    parts = []
    for chunk in (games[:cut], games[cut:]):
        rows: list[Floats] = []
        counts: list[int] = []
        kinds: list[int] = []
        target: list[bool] = []
        heuristic: list[bool] = []
        scratch = np.zeros((52, FEATURES))
        for record in chunk:
            rules = replay(record).rules
            facts = rules_facts(rules)
            points = rules.points()
            names = record["players"]
            for rd in record["rounds"]:
                for r, _, card in round_plays(rules, rd):
                    legal = r.legal_mask()
                    if names[r.turn] != player or not legal & (legal - 1):
                        continue
                    state = encode_round(r)
                    heur = choose(facts, state, legal)
                    k = card_features(facts, state, legal, heur, scratch)
                    rows.append(scratch[:k].copy())
                    counts.append(k)
                    on_table = 0
                    for c in r.trick:
                        on_table |= 1 << c
                    blockers = (FULL_DECK & ~r.hands[r.turn] & ~r.played) | on_table
                    led = SUIT_MASKS[r.trick[0] // 13] if r.trick else 0
                    kinds.append(0 if not r.trick else 1 if legal & led else 2)
                    for c in (c for c in range(52) if legal >> c & 1):
                        target.append(alike(card, c, points, blockers))
                        heuristic.append(c == heur)
        parts.append(Decisions(np.concatenate(rows) if rows else np.zeros((0, FEATURES)),
                               np.array(counts, dtype=np.int64),
                               np.array(kinds, dtype=np.int64), np.array(target, dtype=bool),
                               np.array(heuristic, dtype=bool)))
    return parts[0], parts[1]


class Network:
    """One hidden layer; the scores of rows of scaled features."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0.0, (2.0 / FEATURES) ** 0.5, (FEATURES, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, (1.0 / hidden) ** 0.5, hidden)

    def params(self) -> list[Floats]:
        return [self.w1, self.b1, self.w2]

    def forward(self, x: Floats) -> tuple[Floats, Floats, Floats]:
        a = x @ self.w1 + self.b1
        h = np.maximum(a, 0.0)
        return a, h, h @ self.w2


def group_softmax(scores: Floats, group: NDArray[np.int64], groups: int) -> Floats:
    top = np.full(groups, -np.inf)
    np.maximum.at(top, group, scores)
    e = np.exp(scores - top[group])
    total = np.bincount(group, e, groups)
    out: Floats = e / total[group]
    return out


def evaluate(net: Network, data: Decisions, x: Floats) -> dict[str, float]:
    """Held-out loss, and the share of decisions whose best-scored card plays alike the
    search's, overall and by kind, with the heuristic's share beside it."""
    group = np.repeat(np.arange(len(data.counts)), data.counts)
    _, _, s = net.forward(x)
    p = group_softmax(s, group, len(data.counts))
    share = np.bincount(group, p * data.target, len(data.counts))
    starts = np.concatenate([[0], np.cumsum(data.counts)[:-1]])
    best = np.lexsort((-s, group))[starts]
    model_hit = data.target[best]
    heur_hit = np.zeros(len(data.counts), dtype=bool)
    rows = np.flatnonzero(data.heuristic)
    heur_hit[group[rows]] = data.target[rows]
    out = {"loss": float(-np.log(np.maximum(share, 1e-12)).mean()),
           "model": float(model_hit.mean()), "heuristic": float(heur_hit.mean())}
    for k, kind in enumerate(KINDS):
        sel = data.kinds == k
        out[f"model {kind}"] = float(model_hit[sel].mean())
        out[f"heuristic {kind}"] = float(heur_hit[sel].mean())
    return out


def train(train_set: Decisions, held: Decisions, hidden: int, epochs: int,
          seed: int) -> tuple[dict[str, Floats], dict[str, float]]:
    """The weights of the best epoch on the held-out games, and its evaluation."""
    mean = train_set.rows.mean(0)
    scale = train_set.rows.std(0)
    scale[scale < 1e-6] = 1.0
    x = (train_set.rows - mean) / scale
    xh = (held.rows - mean) / scale
    starts = np.concatenate([[0], np.cumsum(train_set.counts)[:-1]])
    rng = np.random.default_rng(seed)
    net = Network(hidden, rng)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, t, batch = 3e-3, 0, 2048
    best: tuple[float, list[Floats], dict[str, float]] | None = None
    for epoch in range(epochs):
        order = rng.permutation(len(train_set.counts))
        for at in range(0, len(order), batch):
            idx = order[at:at + batch]
            sizes = train_set.counts[idx]
            rows = np.concatenate([np.arange(starts[i], starts[i] + train_set.counts[i])
                                   for i in idx])
            group = np.repeat(np.arange(len(idx)), sizes)
            xb = x[rows]
            a, h, s = net.forward(xb)
            p = group_softmax(s, group, len(idx))
            hit = p * train_set.target[rows]
            q = hit / np.bincount(group, hit, len(idx))[group]
            ds = (p - q) / len(idx)
            grads = [xb.T @ (np.outer(ds, net.w2) * (a > 0)) + 1e-5 * net.w1,
                     (np.outer(ds, net.w2) * (a > 0)).sum(0), h.T @ ds]
            t += 1
            for param, g, mom, var in zip(params, grads, m, v, strict=True):
                mom *= 0.9
                mom += 0.1 * g
                var *= 0.999
                var += 0.001 * g * g
                param -= lr * (mom / (1 - 0.9 ** t)) / (np.sqrt(var / (1 - 0.999 ** t)) + 1e-8)
        lr *= 0.7
        result = evaluate(net, held, xh)
        print(f"epoch {epoch}: " + ", ".join(f"{k} {v:.4f}" for k, v in result.items()),
              flush=True)
        if best is None or result["loss"] < best[0]:
            best = (result["loss"], [p.copy() for p in params], result)
    assert best is not None
    w1, b1, w2 = best[1]
    return {"mean": mean, "scale": scale, "W1": w1, "b1": b1, "w2": w2}, best[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--player", default="search:30+own=heuristic",
                        help="the player whose cards are learned (its name in the records)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    train_set, held = decisions(args.records, args.player)
    print(f"{len(train_set.counts)} decisions learned from, {len(held.counts)} held out")
    if not len(train_set.counts) or not len(held.counts):
        parser.error(f"no decisions of {args.player!r} in the records")
    weights, result = train(train_set, held, args.hidden, args.epochs, args.seed)
    np.savez(args.out, **weights)
    print(f"wrote {args.out}: held out, the search's card (or one alike) is the best-scored "
          f"{100 * result['model']:.1f} % of the time, the heuristic's "
          f"{100 * result['heuristic']:.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
