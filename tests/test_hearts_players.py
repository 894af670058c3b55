"""Computer players: protocol, registry, and the heuristic's behaviours on built positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from heartsuite.arena.driver import play_game, play_positions
from heartsuite.hearts import Game, Rules, SeatView, mask_of, parse_card, texts
from heartsuite.hearts.cards import card_text
from heartsuite.players import Player, make_player, player_names
from heartsuite.prng import Rng

HEURISTIC = make_player("heuristic")


def m(spec: str) -> int:
    return mask_of(parse_card(c) for c in spec.split())


def view_after(deal: tuple[str, ...], plays: str, *, passing: bool = False) -> SeatView:
    """The view of the seat to act after `plays` (card texts) from a constructed deal."""
    hands = [m(h) for h in deal]
    game = Game(Rules(passing=passing), None, None, dealer=lambda r: hands)
    for text in plays.split():
        game.act(game.round.turn, text)
    pending = game.pending()
    assert pending is not None
    return game.view(pending.seats[0])


def play_of(view: SeatView) -> str:
    card = HEURISTIC.choose_play(view, Rng(0))
    assert view.legal >> card & 1
    return card_text(card)


def test_registry_and_protocol() -> None:
    assert {"random", "heuristic"} <= set(player_names())
    for name in ("random", "heuristic"):
        assert isinstance(make_player(name, seed=3), Player)
    names = {"random", "heuristic", "easy", "medium", "hard", "expert", "search", "hard-v1",
             "ismcts"}
    assert names <= set(player_names())  # every player ships: nothing to find at run time
    for name in sorted(names):
        player = make_player(f" {name.upper()} ", seed=3)
        assert isinstance(player, Player)
        assert player.name == ("heuristic" if name == "medium" else name)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster-9000")


def test_players_are_deterministic() -> None:
    a = play_game(Rules(), 77, ["random", "heuristic", "random", "heuristic"], seed=5)
    b = play_game(Rules(), 77, ["random", "heuristic", "random", "heuristic"], seed=5)
    c = play_game(Rules(), 77, ["random", "heuristic", "random", "heuristic"], seed=6)
    assert a == b and a != c


def test_play_positions_walk_the_same_game_as_play_game() -> None:
    """Every card of the record is met once, as the seat to play's legal choice, in order."""
    record = play_game(Rules(), 21, ["heuristic"] * 4)
    cards = [c for r in record["rounds"] for t in r["tricks"] for c in t["cards"]]
    seen = []
    for game, view in play_positions(Rules(), 21):
        assert view.seat == game.round.turn and view.legal
        seen.append(card_text(HEURISTIC.choose_play(view, Rng(0))))
    assert seen == cards


QUEEN_DUMP_DEAL = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
)


def test_dumps_the_queen_when_void() -> None:
    view = view_after(QUEEN_DUMP_DEAL, "2C 2D 2S 2H 3C")
    assert view.seat == 1
    assert play_of(view) == "QS"


def test_dumps_the_queen_on_the_ace_of_spades() -> None:
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "QS 2S 3S 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "KD AD 4S 5S 6S 7S 8S 9S TS JS KS 2H 3H",
        "AC AS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    )
    view = view_after(deal, "2C 3D KD AC AS 2D")
    assert view.seat == 1 and play_of(view) == "QS"


DUCK_DEAL = (
    "2C 3C 4C 5C 9D 2S 3S 4S 5S 6S 7S 8S 9S",
    "6C 7C 8C 4D 8D KD 2H 3H 4H 5H 6H 7H 8H",
    "9C TC JC QC KC AC TD JD QD AD TS JS QS",
    "2D 3D 5D 6D 7D KS AS 9H TH JH QH KH AH",
)


def test_ducks_under_the_winner() -> None:
    view = view_after(DUCK_DEAL, "2C 6C AC 2D QD 3D 9D")
    assert view.seat == 1 and texts(view.legal) == ["4D", "8D", "KD"]
    assert play_of(view) == "8D"


def test_takes_the_points_to_stop_a_moon() -> None:
    view = view_after(DUCK_DEAL, "2C 6C AC 2D QD 3D 9D")
    # Seat 2 is winning with QD and has taken ten hearts already, alone: a moon threat.
    hearts = m("5H 6H 7H 8H 9H TH JH QH KH AH")
    threat = replace(view, trick=view.trick[:-1] + (parse_card("4H"),),
                     taken=(0, 0, hearts, 0), round_points=(0, 0, 10, 0))
    assert play_of(threat) == "KD"
    spread = replace(threat, taken=(0, m("2H"), hearts, 0), round_points=(0, 1, 10, 0))
    assert play_of(spread) == "8D"


def test_passes_an_unprotected_queen_and_its_guards() -> None:
    deal = (
        "QS AS KS 2S 2C 3C 4C 5C 6C 7C 8C 9C TC",
        "3S 4S 5S 6S 7S 8S 9S TS JS JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    )
    view = view_after(deal, "", passing=True)
    assert view.seat == 0
    assert texts(mask_of(HEURISTIC.choose_pass(view, Rng(0)))) == ["QS", "KS", "AS"]


def test_passing_voids_a_short_suit_and_sheds_high_hearts() -> None:
    deal = (
        "2S 3S 4S 5S QS KD 4D AH 3H 2C 3C 4C 5C",
        "6S 7S 8S 9S TS JS KS AS 6C 7C 8C 9C TC",
        "2D 3D 5D 6D 7D 8D 9D TD JD QD AD JC QC",
        "2H 4H 5H 6H 7H 8H 9H TH JH QH KH KC AC",
    )
    view = view_after(deal, "", passing=True)
    assert texts(mask_of(HEURISTIC.choose_pass(view, Rng(0)))) == ["4D", "KD", "AH"]



def test_the_defensive_pass_on_built_hands() -> None:
    """The heuristic's pass (its settings were measured against others: docs/players.md; the
    `PassStyle` knobs that varied them are removed, so only the released pass is tested)."""
    from heartsuite.players.heuristic import pass_cards

    rules = Rules()
    two_guards = m("QS 2S 3S AH KH QH 2C 3C 4C 5C 6C 7C 8C")
    assert texts(mask_of(pass_cards(rules, two_guards))) == ["QS", "KH", "AH"]
    lone_ace = m("AS 2S 2D 3D KH 2C 3C 4C 5C 6C 7C 8C 9C")
    assert texts(mask_of(pass_cards(rules, lone_ace))) == ["2D", "3D", "AS"]
    no_void = m("KH QH 2H AC KC 3C 4C 2D 3D 4D 5D 2S 3S")
    assert texts(mask_of(pass_cards(rules, no_void))) == ["AC", "QH", "KH"]
    three_diamonds = m("2D 5D 9D AH KH 2C 3C 4C 5C 2S 3S 4S 5S")
    assert texts(mask_of(pass_cards(rules, three_diamonds))) == ["2D", "5D", "9D"]


def test_a_game_can_start_at_any_round() -> None:
    from heartsuite.hearts.deal import deal_hands

    game = Game.from_round(Rules(), 7, 2)
    assert game.pass_name == "across" and game.totals == [0, 0, 0, 0]
    assert game.round.dealt == deal_hands(Rules(), 7, 2)
    assert game.pending() is not None and game.pending().kind == "pass"


MOON_HAND = "AH KH QH JH TH 9H 8H 7H QS AC AD KD"


def moon_view(others_took_a_heart: bool) -> SeatView:
    view = view_after(QUEEN_DUMP_DEAL, "")
    first = m("2C 3C 4C 5C")
    taken1 = m("2H") if others_took_a_heart else 0
    return replace(view, seat=0, hand=m(MOON_HAND), played=first | taken1,
                   tricks=((1, tuple(parse_card(c) for c in ["2C", "3C", "4C", "5C"])),),
                   trick=(), trick_leader=None, turn=0, legal=m("QS AC AD KD"),
                   taken=(first, taken1, 0, 0), round_points=(0, int(bool(taken1)), 0, 0),
                   hearts_broken=others_took_a_heart)


def test_goes_for_the_moon_with_a_commanding_hand() -> None:
    assert play_of(moon_view(False)) in ("AC", "AD")  # cash a winner, keep control
    # Once another seat has a heart the moon is off: back to a safe low lead.
    assert play_of(moon_view(True)) == "KD"


def test_shoots_the_moon_with_a_commanding_deal() -> None:
    deal = (
        "AH KH QH JH TH 9H 8H 7H QS AC KC AD KD",
        "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
        "6C 7C 8C 9C 6D 7D 8D 9D 6S 7S 8S 9S 3H",
        "TC JC QC TD JD QD TS JS KS AS 4H 5H 6H",
    )
    hands = [m(h) for h in deal]
    game = Game(Rules(passing=False, target=500), None, None, dealer=lambda r: hands)
    rng = Rng(1)
    while not game.rounds:
        seat = game.pending().seats[0]  # type: ignore[union-attr]
        game.act(seat, HEURISTIC.choose_play(game.view(seat), rng))
    assert game.rounds[0]["moon"] == 0 and game.rounds[0]["points"] == [0, 26, 26, 26]


def test_heuristic_beats_random_by_a_wide_margin() -> None:
    points = {"heuristic": 0, "random": 0}
    hands = 0
    seats = ["heuristic", "random", "heuristic", "random"]
    number = 0
    while hands < 200:
        rec = play_game(Rules(), number, seats, seed=number)
        for rd in rec["rounds"]:
            hands += 1
            for seat, name in enumerate(seats):
                points[name] += rd["points"][seat]
        number += 1
    # Per seat and hand: random takes about 10 points, the heuristic about 3.
    assert points["heuristic"] * 2 < points["random"]


def test_random_player_passes_and_plays_legally() -> None:
    view = view_after(QUEEN_DUMP_DEAL, "", passing=True)
    player = make_player("random", seed=1)
    picks = player.choose_pass(view, Rng(2))
    assert len(set(picks)) == 3 and all(view.hand >> c & 1 for c in picks)


@pytest.mark.parametrize("variant", ["reverse", "black-maria", "spot"])
def test_heuristic_wins_most_games_in_other_variants(variant: str) -> None:
    rules = Rules.variant(variant)
    seats = ["heuristic", "random", "heuristic", "random"][: rules.players]
    wins = sum(seats[play_game(rules, g, seats, seed=g)["winner"]] == "heuristic"
               for g in range(20))
    # No better than random, the heuristic seats would win half the games (two thirds in Black
    # Maria, where they hold two of three seats).
    assert wins >= 18


def test_no_points_on_the_partners_trick() -> None:
    view = view_after(QUEEN_DUMP_DEAL, "2C 2D 2S 2H 3C")
    # Seat 1 is void in clubs and holds the queen; seat 0 (winning) is its opponent: dump.
    assert play_of(view) == "QS"
    partners = replace(view, rules=Rules.variant("partnership"), seat=2,
                       hand=view.hand, legal=view.legal)
    # Seen from seat 2, the winner (seat 0) is the partner: a safe card instead.
    assert play_of(partners) != "QS"
