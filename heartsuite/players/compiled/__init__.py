"""The Hearts play-out core compiled with numba: the round on bit masks, legal plays, the
heuristic policy, the play-out and the world sampler, at machine speed.

The pure-Python modules stay the reference (`fast_heuristic`, `sampling`, `heartsuite.prng`);
this package computes the same cards, the same play-outs and the same worlds from the same
generator state, and `tests/test_hearts_compiled.py` holds it to that. It is not wired into the
released search yet (that changes its strength, and needs tournaments). docs/players.md
describes the arrays and the batch call.

- `rules_facts(rules)`, `encode_round(round)`, `encode_knowledge(knowledge)`: the arrays the
  kernels read (`layout`, `sampler`).
- `legal_mask(facts, state)`, `choose(facts, state, legal)`, `play_card(facts, state, card)`,
  `play_out(facts, state)`, `play_out_rows(facts, states)`: the round and the policy (`play`,
  `policy`); states are changed in place.
- `sample_worlds(know, rng_state, count, RETRIES)`: worlds as `sampling.sample_hands` deals them;
  `state_of(rng)` / `store(rng_state, rng)` carry an `Rng` in and out (`rng`).
- `rollouts(...)` / `candidate_points(round, knowledge, rng, candidates, worlds)`: the search's
  call, once per move (`batch`).
- `ismcts.iterate(...)`: the `ismcts` sparring partner's iterations at a fixed budget, called by
  `players.ismcts` (the module is imported by name, not re-exported).
"""

from heartsuite.players.compiled.batch import candidate_points, rollouts
from heartsuite.players.compiled.layout import STATE_SIZE, encode_round, rules_facts
from heartsuite.players.compiled.play import (
    legal_mask,
    play_card,
    play_out,
    play_out_rows,
    points_of,
)
from heartsuite.players.compiled.policy import choose
from heartsuite.players.compiled.rng import state_of, store
from heartsuite.players.compiled.sampler import RETRIES, encode_knowledge, sample_worlds

__all__ = [
    "RETRIES",
    "STATE_SIZE",
    "candidate_points",
    "choose",
    "encode_knowledge",
    "encode_round",
    "legal_mask",
    "play_card",
    "play_out",
    "play_out_rows",
    "points_of",
    "rollouts",
    "rules_facts",
    "sample_worlds",
    "state_of",
    "store",
]
