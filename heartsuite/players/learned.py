"""A learned evaluation (issue 24 §3): a small network that predicts, from one seat's
information state in a round, the points every seat will have scored when the round ends.

Why: the search values its candidates by play-outs in which every seat plays the heuristic, which
is right against heuristic players and wrong against anyone else. The network is trained on what
happened in real games between different players (the project's own tournament records), so it
gives a second opinion that does not assume the heuristic. The search can use it as a prior on
each candidate (`SearchConfig.prior`, see `players/search.py`).

What it sees (`encode`): only what the seat knows — its hand, every card played and who won it,
the trick on the table, the points taken, the suits each seat has shown it lacks, and the cards it
passed that their receiver has not played yet. Seats are relative to the seat (0 itself, 1 its
left, ...). The same features for every world that agrees with a view: the hidden hands never
reach the network.

Inference is plain numpy (two hidden layers of ReLU units); the weights are a small file in the
package (`value_net.npz`), made by `scripts/train_value.py` from records (its docstring has the
data recipe). The net knows only the standard four-seat rules it was trained on
(`applies_to`)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
from numpy.typing import NDArray

from heartsuite.hearts.cards import QUEEN_SPADES, cards_of, mask_of, parse_card, parse_cards
from heartsuite.hearts.round import Round
from heartsuite.hearts.rules import PASS_NAMES, Rules
from heartsuite.hearts.scoring import round_scores

SEATS = 4
# Feature layout (offsets into the vector).
HAND = 0  # 52: the seat's hand
GONE = 52  # 52: every card played this round (tricks taken and the trick on the table)
TRICK = 104  # 4 × 52: the cards on the table, by the relative seat that played them
KNOWN = 312  # 52: cards this seat passed that their receiver still holds
RECEIVER = 364  # 4: the receiver of this seat's pass (relative), none when it kept its cards
POINTS = 368  # 4: points taken so far (/ 26), by relative seat
SCORED = 372  # 4: whether the seat has taken a penalty card (who can still shoot the moon)
QUEEN = 376  # 4: who took Q♠ (all zero while it is out)
VOIDS = 380  # 4 × 4: suits each relative seat has shown it lacks
TURN = 396  # 4: whose turn it is (relative; none when the round is over)
LEADER = 400  # 4: who led the trick on the table (none between tricks)
WINNING = 404  # 4: who is winning the trick on the table
STAGE = 408  # 3: tricks played / 13, hearts broken, points on the table / 26
SIZE = 411

WEIGHTS = "value_net.npz"


def applies_to(rules: Rules) -> bool:
    """Whether the net was trained for these rules: four seats, each alone, 26 penalty points
    (hearts and Q♠), no Omnibus, lowest score wins (the standard game and the rule sets that
    differ only in what the features do not carry: first-trick and breaking rules)."""
    return (rules.players == SEATS and not rules.partnership and not rules.reverse
            and not rules.omnibus and not rules.spot_hearts and rules.queen_points == 13
            and rules.king_spades_points == 0 and rules.ace_spades_points == 0
            and rules.moon == "old")


def _bits(out: NDArray[np.float32], at: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[at + low.bit_length() - 1] = 1.0
        mask ^= low


def encode(r: Round, seat: int, passed_to: int | None, passed: int,
           out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The features of `seat`'s information state in `r` (a world: only what the seat can see
    is read), given the cards it passed this round and to whom."""
    x = np.zeros(SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        x[:] = 0.0
    n = SEATS
    _bits(x, HAND, r.hands[seat])
    gone = 0
    for p in range(n):
        gone |= r.taken[p]
    leader = r.leader
    for i, c in enumerate(r.trick):
        gone |= 1 << c
        x[TRICK + 52 * ((leader + i - seat) % n) + c] = 1.0
    _bits(x, GONE, gone)
    if passed_to is not None and passed:
        _bits(x, KNOWN, passed & ~gone)
        x[RECEIVER + (passed_to - seat) % n] = 1.0
    qs = 1 << QUEEN_SPADES
    for p in range(n):
        rel = (p - seat) % n
        x[POINTS + rel] = r.points[p] / 26.0
        if r.points[p]:
            x[SCORED + rel] = 1.0
        if r.taken[p] & qs:
            x[QUEEN + rel] = 1.0
        voids = r.voids[p]
        for suit in range(4):
            if voids >> suit & 1:
                x[VOIDS + 4 * rel + suit] = 1.0
    if r.turn >= 0:
        x[TURN + (r.turn - seat) % n] = 1.0
    if r.trick:
        x[LEADER + (leader - seat) % n] = 1.0
        x[WINNING + (r.win_seat - seat) % n] = 1.0
    x[STAGE] = r.trick_no / 13.0
    x[STAGE + 1] = 1.0 if r.broken else 0.0
    x[STAGE + 2] = (r.trick_pts if r.trick else 0) / 26.0
    return x


def final_scores(r: Round) -> list[int]:
    """The round's scores once it is over (the moon, old style, already applied)."""
    return round_scores(r.rules, list(r.points), r.moon_shooter(), None)


class ValueNet:
    """The trained network: `predict(x)` gives, per row of features, the four relative seats'
    round scores (in points)."""

    def __init__(self, arrays: dict[str, NDArray[Any]]) -> None:
        self.layers = [(arrays[f"w{i}"].astype(np.float32), arrays[f"b{i}"].astype(np.float32))
                       for i in range(len(arrays) // 2)]
        if self.layers[0][0].shape[0] != SIZE or self.layers[-1][0].shape[1] != SEATS:
            raise ValueError("the weights do not fit the features of this version")

    def predict(self, x: NDArray[np.float32]) -> NDArray[np.float32]:
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: NDArray[np.float32] = h * np.float32(26.0)
        return out

    def leads(self, x: NDArray[np.float32]) -> list[float]:
        """Per row: the seat's predicted lead over the mean of its opponents this round (the
        search's value of a round that cannot end the game)."""
        s = self.predict(x)
        return [float(v) for v in (s[:, 1:].sum(axis=1) / (SEATS - 1) - s[:, 0])]


@cache
def shipped() -> ValueNet:
    """The network shipped with the package (read once per process)."""
    path = resources.files("heartsuite.players").joinpath(WEIGHTS)
    with path.open("rb") as f, np.load(f) as data:
        return ValueNet({k: data[k] for k in data.files})


# Training data ---------------------------------------------------------------------------------


def samples_of_record(record: dict[str, Any]) -> Iterator[tuple[NDArray[np.float32], list[int]]]:
    """From one game record (the tournament's `--records` lines): for every position of every
    round of the standard rules, each seat's features and the round's final scores relative to
    that seat. Positions are taken before each card is played."""
    rules = Rules(**record["rules"])
    if not applies_to(rules):
        return
    for rd in record["rounds"]:
        dealt = [mask_of(parse_cards(h)) for h in rd["hands"]]
        offset = PASS_NAMES.index(rd.get("pass") or "none")
        r = Round(rules, dealt, offset)
        passes = [mask_of(parse_cards(p)) for p in rd.get("passes") or []]
        if offset:
            for s, p in enumerate(passes):
                r.submit_pass(s, cards_of(p))
        plays: list[int] = []
        for trick in rd["tricks"]:
            plays.extend(parse_card(c) for c in trick["cards"])
        states: list[list[NDArray[np.float32]]] = []
        for card in plays:
            states.append([_state(r, s, offset, passes) for s in range(SEATS)])
            r.play(card)
        if not r.is_over:
            continue  # an unfinished round: no outcome to learn from
        scores = final_scores(r)
        for xs in states:
            for s, x in enumerate(xs):
                yield x, [scores[(s + k) % SEATS] for k in range(SEATS)]


def _state(r: Round, s: int, offset: int, passes: list[int]) -> NDArray[np.float32]:
    if offset and passes:
        return encode(r, s, (s + offset) % SEATS, passes[s])
    return encode(r, s, None, 0)
