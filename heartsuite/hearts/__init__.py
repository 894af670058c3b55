"""Hearts: the rules engine (every variant of SPEC §2), game records and codes, computer players."""

from heartsuite.hearts.cards import CardError, card_text, cards_of, mask_of, parse_card, texts
from heartsuite.hearts.deal import deal_hands, game_code, parse_game_code, random_game_number
from heartsuite.hearts.round import IllegalMove, Round
from heartsuite.hearts.rules import Rules, RulesError

__all__ = [
    "CardError",
    "IllegalMove",
    "Round",
    "Rules",
    "RulesError",
    "card_text",
    "cards_of",
    "deal_hands",
    "game_code",
    "mask_of",
    "parse_card",
    "parse_game_code",
    "random_game_number",
    "texts",
]
