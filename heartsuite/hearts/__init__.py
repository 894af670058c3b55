"""Hearts: the rules engine (every variant of SPEC §2), game records and codes. Pure: no players,
no I/O (the computer players are `heartsuite.players`, whole games `heartsuite.arena`)."""

from heartsuite.hearts.cards import CardError, card_text, cards_of, mask_of, parse_card, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code, random_game_number
from heartsuite.hearts.events import Event, page_json
from heartsuite.hearts.game import Game, Pending
from heartsuite.hearts.phase import Phase
from heartsuite.hearts.records import RecordError, replay
from heartsuite.hearts.round import IllegalMove, Round
from heartsuite.hearts.rules import Rules, RulesError
from heartsuite.hearts.view import SeatView

__all__ = [
    "CardError",
    "Event",
    "Game",
    "IllegalMove",
    "Pending",
    "Phase",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "SeatView",
    "card_text",
    "cards_of",
    "deal_hands",
    "game_code",
    "mask_of",
    "page_json",
    "parse_card",
    "parse_game_code",
    "random_game_number",
    "replay",
    "texts",
]
