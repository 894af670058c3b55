"""OpenSpiel's ISMCTS bots (the C++ `pyspiel.ISMCTSBot` and the Python one) as our players.

For benchmarks and tests only: they measure our search player against a well-known public AI.

At each of its plays the peer rebuilds, from its `SeatView` alone, an OpenSpiel `hearts` state that
carries exactly its information: a world of hidden hands is drawn with our consistent sampler, the
dealt hands are reconstructed from it (for the passes the seat did not see, three cards of the
receiver's hand are chosen at random), then the pass direction, the deal, the passes and every card
played are applied as OpenSpiel actions. The bot then searches from that state; its own resampler
redeals the hidden cards in every simulation, so the world we drew only has to be consistent.

Passing: OpenSpiel's resampler deals impossible hands during the passing phase for seats 1–3 (it
places the cards the earlier seats passed wrongly), so the peers pass with our heuristic player's
pass; only their card play is OpenSpiel's.

Time per move: the C++ bot stops at a wall-clock limit (`max_wall_clock_time`), so it gets exactly
the move time; the Python bot has no such limit, so its number of simulations per move is set from
its own measured speed (seconds per simulation, kept per trick number), aiming at the move time.
"""

from __future__ import annotations

import time
from typing import Any

from heartsuite.hearts.cards import cards_of
from heartsuite.hearts.rules import Rules
from heartsuite.hearts.view import SeatView
from heartsuite.players import choose_moon_to_win, make_player
from heartsuite.players.sampling import knowledge_of, play_history, sample_hands
from heartsuite.prng import Rng

# Our suits are C, D, S, H (0..3) with card = suit * 13 + rank; OpenSpiel's are C, D, H, S with
# card = rank * 4 + suit. The suit permutation swaps spades and hearts and is its own inverse.
_SUIT_SWAP = (0, 1, 3, 2)
_UNLIMITED = 10**9
_FALLBACK_SIMULATIONS = 32


def to_openspiel(card: int) -> int:
    """Our card number as an OpenSpiel hearts action."""
    return (card % 13) * 4 + _SUIT_SWAP[card // 13]


def from_openspiel(action: int) -> int:
    """An OpenSpiel hearts card action as our card number."""
    return _SUIT_SWAP[action % 4] * 13 + action // 4


def check_supported(rules: Rules) -> None:
    """OpenSpiel's hearts is Black Lady with Old Moon, four players, with or without Omnibus
    (its `jd_bonus`); refuse anything else.

    Its `jd_bonus` is our Omnibus exactly: J♦ -10 for its taker; a moon needs every trick with
    points other than 0 and -10, i.e. every heart and Q♠, not the jack; the shooter's points
    drop by 26 and everyone else's rise by 26, so the jack's -10 stays with its taker (the
    shooter's moon is -10 with it); J♦ may be played on the first trick. The differential test
    (tests/test_hearts_openspiel.py) checks this over thousands of hands."""
    plain = Rules(passing=rules.passing, qs_breaks_hearts=rules.qs_breaks_hearts,
                  hearts_must_break=rules.hearts_must_break,
                  no_points_first_trick=rules.no_points_first_trick,
                  target=rules.target, rounds=rules.rounds, omnibus=rules.omnibus)
    if rules != plain:
        raise ValueError("OpenSpiel peers play only Black Lady rules (4 players, Old Moon, "
                         "hearts 1 and Q♠ 13, Q♠ may be led; Omnibus or not)")


def game_params(rules: Rules) -> dict[str, bool]:
    """OpenSpiel's `hearts` settings that match these rules (Black Lady only)."""
    check_supported(rules)
    return {
        "pass_cards": rules.passing,
        "no_pts_on_first_trick": rules.no_points_first_trick,
        "can_lead_any_club": False,
        "jd_bonus": rules.omnibus,
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": rules.hearts_must_break,
        "qs_breaks_hearts": rules.qs_breaks_hearts,
        "can_lead_hearts_instead_of_qs": False,
    }


# The standard Black Lady settings (what the differential test and the engine bench use).
OS_PARAMS: dict[str, bool] = game_params(Rules())


def load_game(rules: Rules) -> Any:
    """The OpenSpiel `hearts` game with the rule settings that match ours."""
    import pyspiel

    return pyspiel.load_game("hearts", game_params(rules))


# The differential test's view of a state: deal given hands, and read legal moves and points back.
# OpenSpiel deals the i-th dealt card to seat i mod 4; its pass-direction action is the receiver's
# seat offset (0 none, 1 left, 2 across, 3 right), as `Rules.pass_offset` is here.

TO_OS: tuple[int, ...] = tuple(to_openspiel(c) for c in range(52))


def deal_actions(hands: list[int]) -> list[int]:
    """OpenSpiel chance actions that deal exactly these four hands (masks)."""
    per_seat = [cards_of(h) for h in hands]
    return [to_openspiel(per_seat[i % 4][i // 4]) for i in range(52)]


def os_start(game: Any, hands: list[int], pass_offset: int) -> Any:
    """A new OpenSpiel state with the pass direction chosen and these hands dealt."""
    state = game.new_initial_state()
    state.apply_action(pass_offset)
    for a in deal_actions(hands):
        state.apply_action(a)
    return state


def os_legal(state: Any) -> set[int]:
    """OpenSpiel's legal actions as this engine's cards."""
    return {from_openspiel(a) for a in state.legal_actions()}


def os_points(state: Any) -> list[int]:
    """Points per seat at the end of a hand (OpenSpiel returns 26 minus the points, also with
    `jd_bonus`: a seat with the jack and nothing else returns 36)."""
    return [round(26 - r) for r in state.returns()]


def openspiel_state(game: Any, view: SeatView, rng: Rng) -> Any:
    """An OpenSpiel state carrying this seat's information (hidden cards drawn consistently)."""
    n = 4
    seat = view.seat
    hands = sample_hands(knowledge_of(view), rng)
    order, by_seat = play_history(view)
    after_pass = [hands[p] | by_seat[p] for p in range(n)]
    offset = (view.passed_to - seat) % n if view.passed_to is not None else 0
    passed = [0] * n
    if offset:
        passed[seat] = view.passed
        passed[(seat - offset) % n] = view.received
        for giver in range(n):
            receiver = (giver + offset) % n
            if giver in (seat, (seat - offset) % n):
                continue
            pool = cards_of(after_pass[receiver])
            rng.shuffle(pool)
            passed[giver] = sum(1 << c for c in pool[:3])
    dealt = [after_pass[p] & ~passed[(p - offset) % n] | passed[p] for p in range(n)]
    state = game.new_initial_state()
    state.apply_action(offset)
    by_hand = [cards_of(h) for h in dealt]
    for k in range(13):
        for p in range(n):
            state.apply_action(to_openspiel(by_hand[p][k]))
    if offset:
        for p in range(n):
            for c in cards_of(passed[p]):
                state.apply_action(to_openspiel(c))
    for c in order:
        state.apply_action(to_openspiel(c))
    if state.current_player() != seat:
        raise ValueError("the rebuilt OpenSpiel state is not at this seat's turn")
    return state


class ISMCTSPeer:
    """An OpenSpiel ISMCTS bot (C++ or Python) with random-rollout evaluation, as our `Player`.

    `move_time` (seconds) or a fixed `simulations` count bounds each search."""

    def __init__(self, seed: int = 0, *, kind: str = "cpp", move_time: float | None = 0.1,
                 simulations: int | None = None, uct_c: float = 2.0,
                 rules: Rules | None = None) -> None:
        if kind not in ("cpp", "py"):
            raise ValueError("kind must be 'cpp' or 'py'")
        if simulations is None and not move_time:
            raise ValueError("give a move time or a number of simulations")
        self.name = f"ismcts-{kind}"
        self.kind = kind
        self.seed = seed
        self.move_time = move_time
        self.simulations = simulations
        self.uct_c = uct_c
        self._rules = rules or Rules()
        self._game = load_game(self._rules)
        self._passer = make_player("heuristic", seed)
        self._sec_per_sim: dict[int, float] = {}
        self._moves = 0
        self.fallbacks = 0  # timed C++ searches that ended before their first simulation

    def choose_pass(self, view: SeatView, rng: Rng) -> list[int]:
        return self._passer.choose_pass(view, rng)

    def choose_moon(self, view: SeatView) -> str:
        return choose_moon_to_win(view)

    def choose_play(self, view: SeatView, rng: Rng) -> int:
        legal = view.legal
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        state = openspiel_state(self._game, view, rng)
        bot_seed = rng.below(2**31)
        self._moves += 1
        if self.kind == "cpp":
            action = self._cpp_step(state, bot_seed)
        else:
            action = self._py_step(state, bot_seed, len(view.tricks))
        card = from_openspiel(int(action))
        if not legal >> card & 1:
            raise RuntimeError(f"OpenSpiel bot chose an illegal card {card}")
        return card

    def _cpp_step(self, state: Any, bot_seed: int) -> int:
        import pyspiel

        timed = self.simulations is None
        try:
            clock = -1.0 if self.move_time is None or not timed else self.move_time
            return int(self._cpp_bot(bot_seed, self.simulations or _UNLIMITED, clock).step(state))
        except pyspiel.SpielError:
            if not timed:
                raise
            # On a loaded machine the clock can run out before the first simulation, and the
            # bot then fails on an unvisited root; search a few simulations without the clock.
            self.fallbacks += 1
            return int(self._cpp_bot(bot_seed, _FALLBACK_SIMULATIONS, -1.0).step(state))

    def _cpp_bot(self, bot_seed: int, simulations: int, clock: float) -> Any:
        import pyspiel

        evaluator = pyspiel.RandomRolloutEvaluator(1, bot_seed)
        return pyspiel.ISMCTSBot(
            bot_seed, evaluator, self.uct_c, simulations, -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False, clock,
        )

    def _py_step(self, state: Any, bot_seed: int, trick_no: int) -> int:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        sims = self.simulations
        if sims is None:
            per = self._sec_per_sim.get(trick_no) or self._sec_per_sim.get(-1)
            budget = self.move_time or 0.0
            sims = max(1, int(budget / per)) if per else 8
        random_state = np.random.RandomState(bot_seed)
        bot = ismcts.ISMCTSBot(
            self._game, mcts.RandomRolloutEvaluator(1, random_state), self.uct_c, sims,
            random_state=random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        start = time.perf_counter()
        action = bot.step(state)
        per_sim = (time.perf_counter() - start) / sims
        old = self._sec_per_sim.get(trick_no)
        self._sec_per_sim[trick_no] = per_sim if old is None else 0.7 * old + 0.3 * per_sim
        self._sec_per_sim[-1] = self._sec_per_sim[trick_no]
        return int(action)
