"""How a game's deck is dealt and what its seats say of their cards: the facts a tool that
follows a real table needs (the advisor enters a deal card by card and rebuilds it).

Each kit's ``dealing`` is a :class:`Dealing`; the defaults are those of a game dealt
in one go with nothing turned up, nothing said with the first card, no honour to say.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from atout.cards import DECK_32, DECK_36, RANK_MASK, Card
from atout.kits.present import GameView, Param

__all__ = ["Dealing", "Refusal", "run_masks"]


def run_masks(length: int, top: int, suits: list[int]) -> list[int]:
    """The cards of a run of ``length`` up to ``top`` in each of ``suits`` (where it fits)."""
    low = top - length + 1
    return [((1 << length) - 1) << (9 * s + low) for s in suits if low >= 1]


V = TypeVar("V", bound=GameView, contravariant=True)
#: A refusal: its message key and parameters.
Refusal = tuple[str, dict[str, Any]]


class Dealing(Generic[V]):
    """How one game deals, and what its seats say (see the module docstring); ``V`` is
    the game's view."""

    #: Cards in the deck.
    deck_size = 32
    #: The deck's position of the card turned face up before the bidding, if any.
    up_position: int | None = None
    #: Whether the bidding's first seat (the forehand) is named, and on the first deal
    #: by which card (the forehand holds it); later deals turn by the dealer.
    has_forehand = False
    first_forehand_card: Card | None = None
    #: Whether cards are dealt after the bidding (the person enters them then), and
    #: whether the bottom card is entered with them.
    deals_later = False
    bottom_with_later = False
    #: Whether a seat says its honour (bela, belote) as it plays the card; ``False``
    #: where the game scores it by itself (Stöck).
    honour_said = False
    #: Whether a seat's melds are called with its first card (Schieber's Weis).
    calls_with_first_card = False
    #: Whether a deal carries the match's scores itself (so that a stop can end the
    #: match in its middle); else the match adds them to the deal's views.
    deal_has_scores = False

    @property
    def deck_mask(self) -> int:
        return DECK_36.mask if self.deck_size == 36 else DECK_32.mask

    def first_positions(self, dealer: int, seat: int) -> list[int]:
        """Deck positions of a seat's first cards."""
        raise NotImplementedError

    def later_positions(self, dealer: int, seat: int, taker: int) -> list[int]:
        """Deck positions of a seat's cards dealt after the bidding."""
        return []

    def later_count(self, seat: int, taker: int) -> int:
        """How many cards ``seat`` gets after the bidding."""
        return len(self.later_positions(0, seat, taker))

    def new_deal(self, deal_class: Any, deck: list[int], dealer: int, options: Any,
                 forehand: int, scores: Any) -> Any:
        """A deal from its deck (``forehand`` and ``scores`` where the game uses them)."""
        return deal_class(deck, dealer, options)

    def face_up(self, world: Any) -> set[Card]:
        """The cards every seat saw face up before the cards after the bidding."""
        return set()

    def played_face_up(self, view: V, seat: int, card: Card) -> Refusal | None:
        """Why ``seat`` cannot play ``card``, a card lying face up (a refusal's key and
        parameters), or ``None``."""
        return None

    def honour(self, view: V, seat: int) -> bool:
        """Whether ``seat`` said its honour (bela, belote) in ``view``."""
        return False

    def stops_unseen(self, world: Any, view: V, me: int) -> bool:
        """Whether ``world`` ends the match on something ``me`` cannot have seen."""
        return False

    def show_seats(self, view: V, me: int) -> tuple[int, ...]:
        """The seats other than ``me`` whose melds are shown now (after the first trick)."""
        return ()

    def meld_masks(self, said: Any, trump: int | None) -> list[int]:
        """The cards of every meld that fits what a seat said of its melds."""
        return []

    def announcement(self, world: Any, view: V, seat: int) -> Any:
        """What ``seat`` said of its melds with its first card, as the advisor enters it."""
        return None

    def own_call(self, world: Any, seat: int) -> tuple[bool, Any]:
        """The call ``seat`` makes with its first card, where the calls before decide it:
        ``(True, call)`` (``None``: nothing to call), else ``(False, None)``, the seat
        must say it (only where melds are called with the first card)."""
        return True, None

    # -- calls as the advisor's entries write them (``ann=...``) ----------------------
    def parse_call(self, parts: list[str]) -> Any:
        """The call that ``parts`` (the entry's text split at ``:``) write; ``ValueError``
        when they write none."""
        raise ValueError(":".join(parts))

    def format_call(self, call: Any) -> str:
        """The text of a call (the inverse of :meth:`parse_call`)."""
        raise ValueError(call)

    def call_choices(self) -> list[tuple[str, Param]]:
        """What another seat may call with its first card: each call's text, its words."""
        return []

    @staticmethod
    def four_mask(rank: int) -> int:
        return RANK_MASK[rank] & DECK_32.mask
