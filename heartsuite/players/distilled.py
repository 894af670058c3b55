"""The search's own later cards in its play-outs, played by a policy distilled from its choices
(issue 24, expert iteration, first step), and the reading of the table that says when to use it.

Why: the search values a candidate by playing the round out, and there its own later cards were
the heuristic player's. The search itself plays better than that (against three heuristic
players the distilled policy alone leads the heuristic by about 1.4 points a round), so those
play-outs undervalued the lines it will actually follow. With its later cards played by a
policy that imitates it, Hard's lead over three heuristic players grows by about a point a hand
(docs/benchmarks.md, "The distilled play-out policy").

It only helps where the opponents' model is right. Against players who are not the heuristic
(the `ismcts` partner, another search, a person) a better model of its own play with the same
wrong model of theirs made the search worse (about a point a hand, measured against `ismcts`),
so it is used only at a table whose opponents the heuristic explains: `table_reads_heuristic`,
on what the chains found over the game's finished rounds (`Posterior.explained`). A heuristic
player's plays are all explained (99.6–100 % over a game); `easy`, a search and `ismcts`
reach 60–80 %.

The policy: for each legal card, 33 features of what the seat to play knows
(`compiled.distilled.card_features`, the heuristic's card among them), one hidden layer of 32
ReLU units, one score; the best score is played. Trained by `scripts/train_playout.py` on the
cards `search:30` chose against heuristic players (its docstring has the data recipe); the
weights are `playout_net.npz` in this package. `scores` is the numpy reference the compiled
kernel is held to.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
from numpy.typing import NDArray

from heartsuite.hearts.rules import Rules
from heartsuite.players import learned

WEIGHTS = "playout_net.npz"
FEATURES = 33  # `compiled.distilled.FEATURES` (kept here so this module imports without numba)
MIN_PLAYS = 20  # each opponent's plays with a choice, over the finished rounds, before a reading
AGREEMENT = 0.95  # the share of them the heuristic must explain

Floats = NDArray[np.float64]


@dataclass(frozen=True)
class DistilledPolicy:
    """The network: `scores(rows)` in numpy; `w1`, `b1`, `w2` as the kernels take them (the
    feature scaling folded into the first layer)."""

    mean: Floats
    scale: Floats
    hidden_w: Floats  # (FEATURES, hidden), on scaled features
    hidden_b: Floats
    out_w: Floats

    @property
    def w1(self) -> Floats:
        return np.ascontiguousarray(self.hidden_w / self.scale[:, None])

    @property
    def b1(self) -> Floats:
        return np.ascontiguousarray(self.hidden_b - (self.mean / self.scale) @ self.hidden_w)

    @property
    def w2(self) -> Floats:
        return np.ascontiguousarray(self.out_w)

    def scores(self, rows: Floats) -> Floats:
        """Each row's score (rows of `card_features`)."""
        hidden = np.maximum(((rows - self.mean) / self.scale) @ self.hidden_w + self.hidden_b, 0.0)
        out: Floats = hidden @ self.out_w
        return out


def load(path: str) -> DistilledPolicy:
    """A weights file as `scripts/train_playout.py` writes it."""
    with np.load(path) as w:
        return _policy(w)


def _policy(w: np.lib.npyio.NpzFile) -> DistilledPolicy:
    parts = [np.asarray(w[k], dtype=np.float64) for k in ("mean", "scale", "W1", "b1", "w2")]
    mean, scale, hidden_w, hidden_b, out_w = parts
    if mean.shape != (FEATURES,) or hidden_w.shape != (FEATURES, out_w.shape[0]):
        raise ValueError(f"weights for {mean.shape[0]} features, not {FEATURES}")
    return DistilledPolicy(mean, scale, hidden_w, hidden_b, out_w)


@cache
def shipped() -> DistilledPolicy:
    """The released weights (read once)."""
    with resources.files("heartsuite.players").joinpath(WEIGHTS).open("rb") as f, \
            np.load(f) as w:
        return _policy(w)


@cache
def kernel_weights() -> tuple[Floats, Floats, Floats]:
    """The released weights as the kernels take them."""
    policy = shipped()
    return policy.w1, policy.b1, policy.w2


def applies_to(rules: Rules) -> bool:
    """The rule sets it was trained for: the learned evaluation's (four seats alone, 26 penalty
    points in hearts and Q♠, old moon, no Omnibus)."""
    return learned.applies_to(rules)


def table_reads_heuristic(reads: list[tuple[int, int]], seat: int) -> bool:
    """Whether every opponent's plays so far are the heuristic's: `reads[p]` is (p's plays with
    a choice, how many the heuristic explains), summed over the game's finished rounds; each
    opponent needs `MIN_PLAYS` of them, `AGREEMENT` explained."""
    opponents = [r for p, r in enumerate(reads) if p != seat]
    return bool(opponents) and all(plays >= MIN_PLAYS and agreed >= AGREEMENT * plays
                                   for plays, agreed in opponents)
