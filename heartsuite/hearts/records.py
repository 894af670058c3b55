"""Reading game records back: replay every action through the engine, naming the first violation.

Used by `heartsuite hearts check`. Whatever the input, the only error
raised is RecordError, which says where (round, trick, seat, card) and which rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from heartsuite.codes import CodeError
from heartsuite.hearts.cards import (
    SUIT_MASKS,
    SUIT_OF,
    CardError,
    mask_of,
    parse_card,
    parse_cards,
    texts,
)
from heartsuite.hearts.deal import deal_hands, parse_game_code
from heartsuite.hearts.game import Game
from heartsuite.hearts.round import PLAY_MESSAGES, IllegalMove, Round
from heartsuite.hearts.rules import Rules, RulesError, pass_name


class RecordError(ValueError):
    """A record that breaks a rule or is malformed; fields locate it (1-based round and trick)."""

    def __init__(self, rule: str, message: str, *, round: int | None = None,
                 trick: int | None = None, seat: int | None = None,
                 card: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.round = round
        self.trick = trick
        self.seat = seat
        self.card = card

    def where(self) -> str:
        parts = []
        for name in ("round", "trick", "seat", "card"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name} {value}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where + ': ' if where else ''}{self.rule}: {self.message}"


def _hands(raw: object, rules: Rules, r: int) -> list[int]:
    n, size = rules.players, rules.hand_size()
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError("bad_deal", f"'hands' must list {n} hands", round=r)
    masks = []
    seen = 0
    for seat, hand in enumerate(raw):
        try:
            cards = [parse_card(c) for c in hand] if isinstance(hand, list) else None
        except CardError as exc:
            raise RecordError("bad_card", str(exc), round=r, seat=seat) from None
        if cards is None or len(cards) != size:
            raise RecordError("bad_deal", f"each hand must hold {size} cards", round=r, seat=seat)
        mask = 0
        for c in cards:
            if (seen | mask) >> c & 1:
                raise RecordError("bad_deal", "a card is dealt twice", round=r, seat=seat,
                                  card=texts(1 << c)[0])
            mask |= 1 << c
        seen |= mask
        masks.append(mask)
    if set(rules.deck()) != {c for c in range(52) if seen >> c & 1}:
        raise RecordError("bad_deal", "the hands are not the deck of these rules", round=r)
    return masks


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _illegal(exc: IllegalMove, r: int, t: int | None, seat: int, card: str | None) -> RecordError:
    return RecordError(exc.reason, str(exc), round=r, trick=t, seat=seat, card=card)


def replay(record: object, *, allow_partial: bool = False) -> Game:
    """The game a record describes, replayed; RecordError at the first rule it breaks.

    With `allow_partial`, the last round may be unfinished (a saved game) and the game need not
    be over."""
    if not isinstance(record, dict):
        raise RecordError("not_a_record", "a game record must be a JSON object")
    try:
        rules = Rules.from_json(record.get("rules"))
    except RulesError as exc:
        raise RecordError("bad_rules", str(exc)) from None
    number = None
    if record.get("code") is not None:
        try:
            number = parse_game_code(record["code"])
        except CodeError as exc:
            raise RecordError("bad_code", str(exc)) from None
    # Like `code`, `players` is not a rule: records of other programs may leave it out (then
    # the default names); a present but malformed list is still an error.
    players = record.get("players")
    if players is None:
        players = [f"Player {s + 1}" for s in range(rules.players)]
    if (not isinstance(players, list) or len(players) != rules.players
            or not all(isinstance(p, str) for p in players)):
        raise RecordError("bad_players", f"'players' must list {rules.players} names")
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("bad_rounds", "'rounds' must be a non-empty list")
    deals: list[list[int]] = []
    for i, rd in enumerate(rounds):
        if not isinstance(rd, dict):
            raise RecordError("bad_round", "a round must be a JSON object", round=i + 1)
        hands = _hands(rd.get("hands"), rules, i + 1)
        if number is not None and hands != deal_hands(rules, number, i):
            raise RecordError("hands_do_not_match_code",
                              "the dealt hands are not those of the game code", round=i + 1)
        deals.append(hands)
    def dealer(r: int) -> list[int]:
        # Past the recorded rounds the game is not over: any deal will do, replay reports it.
        return deals[r] if r < len(deals) else deal_hands(rules, number or 0, r)

    game = Game(rules, number, list(players), dealer=dealer)
    for i, rd in enumerate(rounds):
        last = i == len(rounds) - 1
        _replay_round(game, rd, i, partial=allow_partial and last)
    if allow_partial and not game.is_over:
        return game
    if not game.is_over:
        raise RecordError("game_not_over", "the rounds end before the game does")
    if record.get("totals") != game.totals:
        raise RecordError("wrong_totals", f"the totals are {game.totals}")
    if record.get("winner") != game.winner:
        raise RecordError("wrong_winner", f"the winner is seat {game.winner}")
    return game


def _replay_round(game: Game, rd: dict[str, Any], i: int, *, partial: bool) -> None:
    r = i + 1
    if game.is_over:
        raise RecordError("game_already_over", "a round after the game ended", round=r)
    expected = game.pass_name
    if rd.get("pass") != expected:
        raise RecordError("wrong_pass_direction", f"this round passes {expected}", round=r)
    passes = rd.get("passes")
    if expected == "none":
        if passes is not None:
            raise RecordError("passes_not_expected", "this round has no passing", round=r)
    else:
        if not isinstance(passes, list) or len(passes) != game.rules.players:
            raise RecordError("bad_passes", "'passes' must list three cards per seat", round=r)
        for seat, cards in enumerate(passes):
            if cards is None and partial:
                continue
            if not isinstance(cards, list):
                raise RecordError("bad_passes", "a pass must be a list of cards", round=r,
                                  seat=seat)
            try:
                game.act(seat, [parse_card(c) for c in cards])
            except CardError as exc:
                raise RecordError("bad_card", str(exc), round=r, seat=seat) from None
            except IllegalMove as exc:
                raise _illegal(exc, r, None, seat, None) from None
    tricks = rd.get("tricks")
    if not isinstance(tricks, list):
        raise RecordError("bad_tricks", "'tricks' must be a list", round=r)
    for t, trick in enumerate(tricks, 1):
        if _finished(game, i):
            raise RecordError("too_many_tricks", "a trick after the round's end", round=r,
                              trick=t)
        short_ok = partial and t == len(tricks)
        _replay_trick(game, trick, r, t, short_ok=short_ok)
    if not _finished(game, i):
        if partial:
            return
        raise RecordError("round_incomplete", "the round's tricks stop before its end", round=r)
    _check_scores(game, rd, r)


def _finished(game: Game, i: int) -> bool:
    """Has round i (0-based) been played out? The game deals the next round at once."""
    return len(game.rounds) > i or game.moon_pending is not None


def _replay_trick(game: Game, trick: object, r: int, t: int, *, short_ok: bool) -> None:
    if not isinstance(trick, dict) or not isinstance(trick.get("cards"), list):
        raise RecordError("bad_trick", "a trick must hold 'leader' and 'cards'", round=r, trick=t)
    pending = game.pending()
    if pending is None or pending.kind != "play":
        raise RecordError("passes_missing", "tricks before every seat passed", round=r, trick=t)
    leader = trick.get("leader")
    if not _int(leader) or leader != game.round.turn:
        raise RecordError("wrong_leader", f"seat {game.round.turn} leads this trick",
                          round=r, trick=t)
    cards = trick["cards"]
    n = game.rules.players
    if len(cards) > n or (len(cards) < n and not short_ok):
        raise RecordError("bad_trick", f"a trick holds {n} cards", round=r, trick=t)
    for text in cards:
        seat = game.round.turn
        try:
            card = parse_card(text)
        except CardError as exc:
            raise RecordError("bad_card", str(exc), round=r, trick=t, seat=seat) from None
        try:
            game.act(seat, card)
        except IllegalMove as exc:
            raise _illegal(exc, r, t, seat, texts(1 << card)[0]) from None


def _check_scores(game: Game, rd: dict[str, Any], r: int) -> None:
    points = rd.get("points")
    if game.moon_pending is not None:
        options = game.moon_options()
        choice = next((c for c, p in options.items() if p == points), None)
        if choice is None:
            raise RecordError("wrong_points", f"the moon gives {options['old']} or "
                              f"{options['new']}", round=r)
        game.act(game.moon_pending, choice)
    done = game.rounds[-1] if game.rounds else None
    if done is None or len(game.rounds) != r:
        raise RecordError("round_incomplete", "the round did not finish", round=r)
    if points != done["points"]:
        raise RecordError("wrong_points", f"the points are {done['points']}", round=r)
    if rd.get("moon") != done["moon"]:
        raise RecordError("wrong_moon", f"the moon is {done['moon']}", round=r)
    if game.rules.omnibus and rd.get("jack") != done["jack"]:
        raise RecordError("wrong_jack", f"seat {done['jack']} took the jack of diamonds",
                          round=r)


def round_plays(rules: Rules, rd: dict[str, Any]) -> Iterator[tuple[Round, int, int]]:
    """Each card play of a recorded round (an item of a record's `rounds`, checked by `replay`
    first): the round just before it (every hand known), the trick's number from 1, and the
    card. The benches that read records through the true positions use it; the card is played
    once the caller resumes, so the caller must not keep the round or play on it."""
    offsets = {pass_name(o, rules.players): o for o in range(rules.players)}
    offset = offsets[rd["pass"]]
    r = Round(rules, [mask_of(parse_cards(h)) for h in rd["hands"]], offset)
    if offset:
        for seat, cards in enumerate(rd["passes"]):
            r.submit_pass(seat, parse_cards(cards))
    for number, trick in enumerate(rd["tricks"], 1):
        for text in trick["cards"]:
            card = parse_card(text)
            yield r, number, card
            r.play(card)


def play_kind(r: Round, legal: int) -> str:
    """`lead`, `follow` (the seat has the led suit) or `discard` (it is void in it)."""
    if not r.trick:
        return "lead"
    return "follow" if legal & SUIT_MASKS[SUIT_OF[r.trick[0]]] else "discard"


__all__ = ["PLAY_MESSAGES", "RecordError", "play_kind", "replay", "round_plays"]

