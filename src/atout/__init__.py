"""atout: Deberts, Belote and Schieber with exact rules, bots and records."""

from atout.cards import DECK_32, DECK_36, Card, CardSet, Rank, Suit
from atout.games.actions import Action, parse_action
from atout.games.base import IllegalActionError

__all__ = [
    "DECK_32",
    "DECK_36",
    "Action",
    "Card",
    "CardSet",
    "IllegalActionError",
    "Rank",
    "Suit",
    "parse_action",
]
__version__ = "0.1.0"
