"""Round scores with the moon rules, the end of the game and its winner (SPEC §2.1–§2.3)."""

from __future__ import annotations

from heartsuite.hearts.rules import Rules


def moon_scores(rules: Rules, raw: list[int], shooter: int, choice: str) -> list[int]:
    """The round's scores when `shooter` took every penalty card, under Old or New Moon.

    `raw` is the round's points as taken. Under Omnibus the J♦'s -10 is not part of the moon and
    still counts for whoever took it (the shooter or another seat); without it `raw` adds
    nothing to the moon's scores."""
    total = rules.total_points()
    n = rules.players
    if choice == "new":
        base = [-total if s == shooter else 0 for s in range(n)]
    else:
        spared = (shooter + 2) % n if rules.partnership and rules.moon_spares_partner else -1
        base = [0 if s in (shooter, spared) else total for s in range(n)]
    if rules.omnibus:
        # What is left of each seat's points besides the moon's cards is J♦ (0 or -10).
        return [b + raw[s] - (total if s == shooter else 0) for s, b in enumerate(base)]
    return base


def round_scores(
    rules: Rules, raw: list[int], shooter: int | None, choice: str | None
) -> list[int]:
    """Scores of a finished round: the raw points, or the moon rule applied to the shooter.

    `choice` is needed only under Mixed Moon when `moon_choice_open` says the shooter may choose.
    """
    if shooter is None or rules.moon == "none":
        return list(raw)
    if rules.moon in ("old", "new"):
        return moon_scores(rules, raw, shooter, rules.moon)
    return moon_scores(rules, raw, shooter, choice or "old")


def moon_choice_open(
    rules: Rules, totals: list[int], shooter: int | None, rounds_done: int,
    raw: list[int] | None = None,
) -> bool:
    """Mixed Moon: may the shooter choose New Moon? Yes when Old Moon would end the game with the
    shooter not winning it (`rounds_done` counts the finished round). `raw`, the round's points
    as taken, is needed under Omnibus (where J♦ went)."""
    if rules.moon != "mixed" or shooter is None:
        return False
    if raw is None:
        if rules.omnibus:
            raise ValueError("under Omnibus the moon's scores need the round's points")
        raw = [0] * rules.players
    old = moon_scores(rules, raw, shooter, "old")
    after = [t + p for t, p in zip(totals, old, strict=True)]
    if not game_over(rules, after, rounds_done):
        return False
    return shooter not in winning_seats(rules, after)


def standings(rules: Rules, totals: list[int]) -> list[int]:
    """The number each side is ranked by: the seat's total, or its team's under partnership."""
    if rules.partnership:
        return [totals[s] + totals[(s + 2) % 4] for s in range(4)]
    return list(totals)


def winning_seats(rules: Rules, totals: list[int]) -> list[int]:
    """The seats with the best standing (lowest; highest under Reverse)."""
    st = standings(rules, totals)
    best = max(st) if rules.reverse else min(st)
    return [s for s, v in enumerate(st) if v == best]


def game_over(rules: Rules, totals: list[int], rounds_done: int) -> bool:
    """The game ends at the target (or after the fixed number of rounds), once one side is best
    alone; while the best standing is shared, play continues round by round."""
    reached = rounds_done >= rules.rounds if rules.rounds else max(totals) >= rules.target
    if not reached:
        return False
    best = winning_seats(rules, totals)
    return len(best) == 1 or (rules.partnership and len(best) == 2)


def winner(rules: Rules, totals: list[int]) -> int:
    """The winning seat (under partnership, the lower seat of the winning team: 0 or 1)."""
    return min(winning_seats(rules, totals))
