"""How well the heuristic describes each opponent at the table, read from the rounds played so
far (issue 24 §4): the share of an opponent's plays with a choice that were the heuristic's card.

The search models the other seats as the heuristic player. That is right against heuristic
players and wrong against players that search (they duck, keep a heart to stop a moon, hold the
queen back): the heuristic predicts all of a heuristic player's plays, about two thirds of Hard's
and little over a third of the `ismcts` sparring partner's (docs/benchmarks.md). So the player
keeps, per opponent, the plays it could check: at the seat's last card of a round every hand of
that round is known (each seat's cards are the ones it played, and the one or few cards still
out are placed by the voids), so the round is replayed and each opponent's play with a choice
compared with `fast_heuristic.choose` in the true position. An opponent whose agreement falls
below `SEARCHED_BELOW` is searched in the tree (`compiled.tree`, `SearchConfig.opponents`)
rather than assumed to be the heuristic. A prior of `PRIOR_PLAYS` agreeing plays keeps the
heuristic's model until a few rounds say otherwise, so heuristic opponents are never searched.
"""

from __future__ import annotations

from itertools import permutations

from heartsuite.hearts.cards import SUIT_OF, cards_of
from heartsuite.hearts.round import Round
from heartsuite.hearts.view import SeatView
from heartsuite.players import fast_heuristic
from heartsuite.players.sampling import play_history

SEARCHED_BELOW = 0.7  # heuristic players 100 %, `easy` 76 %, Hard 64 %, `ismcts` 38 %
PRIOR_PLAYS = 10.0  # agreeing plays assumed before any is seen


class Agreement:
    """Per opponent, the plays with a choice seen and how many were the heuristic's card, over
    one game (`read(view)` at each of the seat's plays: a round counts once, at its last card)."""

    def __init__(self, players: int) -> None:
        self.plays = [0] * players
        self.agreed = [0] * players
        self._read: set[tuple[object, ...]] = set()

    def share(self, seat: int) -> float:
        """The share of `seat`'s plays that were the heuristic's card, with the prior."""
        return (self.agreed[seat] + PRIOR_PLAYS) / (self.plays[seat] + PRIOR_PLAYS)

    def searched(self, me: int) -> int:
        """The mask of the other seats the heuristic does not describe (`SEARCHED_BELOW`)."""
        mask = 0
        for s in range(len(self.plays)):
            if s != me and self.share(s) < SEARCHED_BELOW:
                mask |= 1 << s
        return mask

    def read(self, view: SeatView) -> None:
        """Count the opponents' plays of this round if the view is at the seat's last card."""
        rules = view.rules
        key = (view.round_index, view.totals)
        if len(view.tricks) != rules.hand_size() - 1 or key in self._read:
            return
        self._read.add(key)
        order, _ = play_history(view)
        choice = [False] * len(order)
        agreed = [False] * len(order)
        movers = [0] * len(order)
        for hands in _hands_after_pass(view):
            r = Round.replayed(rules, hands, [])
            for i, card in enumerate(order):
                movers[i] = r.turn
                legal = r.legal_mask()
                if legal & (legal - 1):
                    choice[i] = True
                    agreed[i] = agreed[i] or fast_heuristic.choose(r.copy(), legal) == card
                r.play(card)
        for i, mover in enumerate(movers):
            if mover != view.seat and choice[i]:
                self.plays[mover] += 1
                self.agreed[mover] += agreed[i]


def _hands_after_pass(view: SeatView) -> list[list[int]]:
    """Every seat's hand as the round's play began, seen from the seat's last card: what each
    seat played, its card of the last trick if it has played it, and the cards still out placed
    on the seats still to play in every way their voids and the seat's pass allow (one way
    when a single seat is still to play; a play then counts as the heuristic's if it is so
    under one of the ways, so that an ambiguity never makes a heuristic player look unlike
    one)."""
    n = view.rules.players
    _, by_seat = play_history(view)
    base = list(by_seat)
    base[view.seat] |= view.hand
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    to_play = [(leader + i) % n for i in range(len(view.trick), n)]
    to_play = [s for s in to_play if s != view.seat]
    out = cards_of(view.hidden())
    if len(out) != len(to_play):
        return []
    passed = view.known_elsewhere()
    ways = []
    for placement in permutations(out):
        if all(not view.voids[s] >> SUIT_OF[c] & 1
               and (not passed >> c & 1 or s == view.passed_to)
               for s, c in zip(to_play, placement, strict=True)):
            hands = base[:]
            for s, c in zip(to_play, placement, strict=True):
                hands[s] |= 1 << c
            ways.append(hands)
    return ways
