"""Secret, provably fair deals for a table with more than one person (SPEC §3).

A game code would let anyone print every hand of every round, so a shared table is dealt from a
secret seed the server draws when the table is made. From the start everyone sees the
commitment `SHA-256(seed ‖ table id)`; when the game is over the seed is revealed, and anyone can
recompute the commitment and every deal (`heartsuite hearts table verify RECORD_FILE`).

Round r is dealt by the same procedure as a game code's rounds (`hearts.deal.random_hands`: the
deck in card order shuffled with the project's `Rng`, dealt round-robin) from the generator
`Rng.for_key("HTS1", w0, w1, w2, w3, r)`, where w0..w3 are the seed's 32 bytes read as four
big-endian 64-bit words. See docs/protocol.md.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from heartsuite.hearts.cards import texts
from heartsuite.hearts.deal import random_hands
from heartsuite.hearts.records import RecordError, replay
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.prng import Rng

SEED_BYTES = 32
DOMAIN = "HTS1"


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's randomness."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes, table_id: str) -> str:
    """The hex SHA-256 of the seed followed by the table id (UTF-8): shown before the first deal."""
    return hashlib.sha256(seed + table_id.encode("utf-8")).hexdigest()


def parse_seed(text: object) -> bytes:
    """A revealed seed from its hex text; ValueError when it is not 32 bytes of hex."""
    if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
        raise ValueError(f"a seed is {2 * SEED_BYTES} hex digits")
    return bytes.fromhex(text)


def round_rng(seed: bytes, round_index: int) -> Rng:
    """The generator that deals round `round_index` (0-based) of the table with this seed."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes")
    words = [int.from_bytes(seed[i:i + 8], "big") for i in range(0, SEED_BYTES, 8)]
    return Rng.for_key(DOMAIN, *words, round_index)


def deal_round(rules: Rules, seed: bytes, round_index: int) -> list[int]:
    """The hands (masks, one per seat) of round `round_index` dealt from the seed."""
    return random_hands(rules, round_rng(seed, round_index))


def dealer(rules: Rules, seed: bytes) -> Callable[[int], list[int]]:
    """`Game(rules, dealer=dealer(rules, seed))`: a game dealt from the secret seed."""
    return lambda round_index: deal_round(rules, seed, round_index)


def verify_record(record: object) -> list[str]:
    """What does not hold in a shared table's finished record: the commitment recomputed from
    `seed` and `table`, every round's hands dealt again from the seed, and the whole game replayed
    through the engine. An empty list means the game was fair and played by the rules."""
    if not isinstance(record, dict):
        return ["the record is not a JSON object"]
    problems: list[str] = []
    try:
        seed = parse_seed(record.get("seed"))
    except ValueError as exc:
        return [f"seed: {exc}"]
    table = record.get("table")
    if not isinstance(table, str) or not table:
        problems.append("table: the table id is missing")
    elif commitment(seed, table) != record.get("commitment"):
        problems.append("commitment: SHA-256(seed ‖ table) is not the commitment shown")
    try:
        rules = Rules.from_json(record.get("rules"))
    except RulesError as exc:
        return [*problems, f"rules: {exc}"]
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        return [*problems, "rounds: missing"]
    for index, played in enumerate(rounds):
        dealt = [texts(h) for h in deal_round(rules, seed, index)]
        if not isinstance(played, dict) or played.get("hands") != dealt:
            problems.append(f"round {index + 1}: the hands are not the ones the seed deals")
    try:
        replay(record)
    except RecordError as exc:
        problems.append(f"replay: {exc}")
    return problems


__all__ = ["commitment", "deal_round", "dealer", "new_seed", "parse_seed", "round_rng",
           "verify_record"]
