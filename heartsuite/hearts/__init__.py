"""Hearts: the rules engine (every variant of SPEC §2), game records and codes, computer players."""

from heartsuite.hearts.cards import CardError, card_text, cards_of, mask_of, parse_card, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code, random_game_number
from heartsuite.hearts.driver import play_game
from heartsuite.hearts.game import Game, Pending
from heartsuite.hearts.players import Player, make_player, register_player
from heartsuite.hearts.records import RecordError, replay
from heartsuite.hearts.round import IllegalMove, Round
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.hearts.view import SeatView

__all__ = [
    "CardError",
    "Game",
    "IllegalMove",
    "Pending",
    "Player",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "SeatView",
    "card_text",
    "cards_of",
    "deal_hands",
    "game_code",
    "make_player",
    "mask_of",
    "parse_card",
    "parse_game_code",
    "play_game",
    "random_game_number",
    "register_player",
    "replay",
    "texts",
]
