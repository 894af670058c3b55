"""Train the learned evaluation (`heartsuite/players/learned.py`) from game records, in numpy.

The data recipe (the records the shipped weights were made from; about 45 minutes on 2 cores):

    .venv/bin/python -m heartsuite hearts tournament --players hard,ismcts,heuristic,easy \\
        --hands 1500 --jobs 2 --seed 2701 --records selfplay-2701.jsonl
    .venv/bin/python -m heartsuite hearts tournament \\
        --players search:10,ismcts:50,heuristic,easy \\
        --hands 8000 --jobs 2 --seed 2702 --records cheap-2702.jsonl
    .venv/bin/python scripts/train_value.py selfplay-2701.jsonl --extra cheap-2702.jsonl \\
        --out heartsuite/players/value_net.npz

Four players of four designs (the search, the uniform-world ISMCTS, the heuristic and Easy), each
in every seat of every board (duplicate), so the outcomes the network learns are not those of one
policy; the second, cheaper set (fewer worlds and iterations) adds volume and is only learned
from, never held out. Hard's games are timed, so a rerun deals the same boards but may play a few
cards differently.

Every position of every round gives four samples, one per seat's point of view; the target is
each seat's score when the round ended. A tenth of the games (chosen by the seed) is held out;
the script prints the held-out error next to that of the best constant guess, and keeps the
weights of the epoch with the least held-out error.

Training: a network of two hidden layers (ReLU), mean squared error on the scores / 26, Adam
with weight decay, mini-batches; the seed fixes the held-out games, the first weights and the
order of the batches."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from heartsuite.players.learned import SEATS, SIZE, samples_of_record

F32 = NDArray[np.float32]


def load(paths: list[Path]) -> tuple[F32, F32, NDArray[np.int64]]:
    """Features, targets (scores / 26) and the game index of every sample."""
    xs: list[F32] = []
    ys: list[list[int]] = []
    games: list[int] = []
    game = 0
    for path in paths:
        with path.open() as f:
            for line in f:
                if not line.strip():
                    continue
                for x, y in samples_of_record(json.loads(line)):
                    xs.append(x)
                    ys.append(y)
                    games.append(game)
                game += 1
    if not xs:
        raise SystemExit("no sample in these records (the net learns the standard rules only)")
    return (np.stack(xs), np.asarray(ys, dtype=np.float32) / 26.0,
            np.asarray(games, dtype=np.int64))


def init(rng: np.random.Generator, sizes: list[int]) -> list[F32]:
    params: list[F32] = []
    for a, b in itertools.pairwise(sizes):
        params.append((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32))
        params.append(np.zeros(b, dtype=np.float32))
    return params


def forward(params: list[F32], x: F32) -> tuple[F32, list[F32]]:
    acts = [x]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = h @ params[2 * i] + params[2 * i + 1]
        if i < layers - 1:
            h = np.maximum(h, 0.0)
        acts.append(h)
    return h, acts


def gradients(params: list[F32], x: F32, y: F32) -> tuple[float, list[F32]]:
    out, acts = forward(params, x)
    diff = out - y
    loss = float(np.mean(diff * diff))
    g = (2.0 / diff.size) * diff
    grads: list[F32] = [np.empty(0, dtype=np.float32)] * len(params)
    for i in reversed(range(len(params) // 2)):
        grads[2 * i] = acts[i].T @ g
        grads[2 * i + 1] = g.sum(axis=0)
        if i:
            g = (g @ params[2 * i].T) * (acts[i] > 0)
    return loss, grads


def mse(params: list[F32], x: F32, y: F32) -> float:
    total = 0.0
    for start in range(0, len(x), 8192):
        out, _ = forward(params, x[start:start + 8192])
        d = out - y[start:start + 8192]
        total += float(np.sum(d * d))
    return total / y.size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", type=Path,
                    help="records to learn from; a tenth of their games is held out")
    ap.add_argument("--extra", nargs="*", type=Path, default=[],
                    help="more records to learn from, never held out (cheaper games)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--hidden", type=int, nargs="+", default=[128, 64])
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--decay", type=float, default=0.01, help="L2 weight decay (AdamW style)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    started = time.perf_counter()
    x, y, games = load(args.records)
    rng = np.random.default_rng(args.seed)
    held = rng.permutation(int(games.max()) + 1)[: max(1, (int(games.max()) + 1) // 10)]
    test = np.isin(games, held)
    xt, yt, xv, yv = x[~test], y[~test], x[test], y[test]
    print(f"{len(x):,} samples from {int(games.max()) + 1:,} games "
          f"({len(xv):,} held out), {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if not len(xt) or not len(xv):
        raise SystemExit("too few games to hold a tenth out")
    if args.extra:
        xe, ye, _ = load(args.extra)
        xt, yt = np.concatenate([xt, xe]), np.concatenate([yt, ye])
        print(f"{len(xe):,} more samples to learn from", file=sys.stderr)
    constant = float(np.mean((yv - yt.mean(axis=0)) ** 2))

    params = init(rng, [SIZE, *args.hidden, SEATS])
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps, step = 0.9, 0.999, 1e-8, 0
    best, best_params = float("inf"), [p.copy() for p in params]
    scale = 26.0 * 26.0  # errors printed in points²
    print(f"{'epoch':>5} {'train':>8} {'held out':>8}   constant guess {constant * scale:.2f}")
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(len(xt))
        lr = args.lr * (0.5 if epoch > args.epochs * 2 // 3 else 1.0)
        losses = []
        for start in range(0, len(order), args.batch):
            idx = order[start:start + args.batch]
            loss, grads = gradients(params, xt[idx], yt[idx])
            losses.append(loss)
            step += 1
            for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                mi *= b1
                mi += (1 - b1) * g
                vi *= b2
                vi += (1 - b2) * g * g
                p -= (lr * np.sqrt(1 - b2 ** step) / (1 - b1 ** step)) * mi / (np.sqrt(vi) + eps)
                if args.decay and p.ndim == 2:
                    p -= lr * args.decay * p
        held_out = mse(params, xv, yv)
        print(f"{epoch:>5} {np.mean(losses) * scale:>8.2f} {held_out * scale:>8.2f}")
        if held_out < best:
            best, best_params = held_out, [p.copy() for p in params]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **{f"{k}{i // 2}": p for i, p in enumerate(best_params)
                                     for k in (("w", "b")[i % 2],)})
    print(f"kept the held-out error {best * scale:.2f} points² (constant guess "
          f"{constant * scale:.2f}): {args.out}, {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
