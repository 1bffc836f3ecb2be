"""How a game's deck is dealt and what its seats say of their cards: the facts a tool that
follows a real table needs (the advisor enters a deal card by card and rebuilds it).

Each kit's ``dealing`` is a :class:`Dealing`; the defaults are those of a game dealt
in one go with nothing turned up, nothing said with the first card, no honour to say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from atout.cards import DECK_32, DECK_36, RANK_MASK, Card, Rank, bits
from atout.kits.present import GameView, Param

__all__ = ["Dealing", "Entered", "Hidden", "Refusal", "run_masks"]


def run_masks(length: int, top: int, suits: list[int]) -> list[int]:
    """The cards of a run of ``length`` up to ``top`` in each of ``suits`` (where it fits)."""
    low = top - length + 1
    return [((1 << length) - 1) << (9 * s + low) for s in suits if low >= 1]


@dataclass
class Hidden:
    """What a seat's view says of the cards it cannot see (the world sampler's
    constraints, before what the plays show): each seat's number of cards in hand (0
    for the seat itself), the cards each surely holds and those it cannot hold, and the
    cards face up in no hand."""

    sizes: list[int]
    must: list[int]
    forbid: list[int]
    public: int = 0

    def honours(self, trump: int, said: Sequence[bool], played: list[int], me: int) -> None:
        """Bela or belote: said with the first of the trump king and queen played; one
        played without it proves the other was not in that hand."""
        king = 1 << (9 * trump + Rank.KING)
        queen = 1 << (9 * trump + Rank.QUEEN)
        for s, cards in enumerate(played):
            mine = cards & (king | queen)
            if s == me or not mine:
                continue
            other = (king | queen) & ~mine
            if said[s]:
                self.must[s] |= other
            else:
                self.forbid[s] |= other


@dataclass(frozen=True)
class Entered:
    """What a person at a real table entered of their own cards (the advisor): their
    seat, the cards they got first and those dealt after the bidding, the bottom card
    they saw (-1: none), and the seat that took (-1: none yet)."""

    seat: int
    first: int = 0
    later: int = 0
    bottom: int = -1
    taker: int = -1

    def ordered(self, seat: int, cards: int, rng: random.Random) -> list[int]:
        """A seat's initial cards in dealing order: the person's as entered (first
        cards, then the later ones), another seat's at random."""
        out = list(bits(cards))
        rng.shuffle(out)
        if seat == self.seat and self.first:
            out.sort(key=lambda c: not self.first >> c & 1)
        return out


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

    def tally(self, result: Any, seats: int) -> list[tuple[int, int, int, int]]:
        """What one deal's ``result`` counts for each seat in a club's statistics: the
        contracts it took, of those made, the scoring melds it held, and the deals its
        side took every trick (:func:`atout.clubs.match_stats`)."""
        raise NotImplementedError

    def hidden(self, view: V, me: int, played: list[int]) -> Hidden:
        """What ``view`` (``me``'s) says of the cards ``me`` cannot see; ``played``: each
        seat's cards played so far."""
        raise NotImplementedError

    def world_deal(self, view: V, hands: list[int], rest: int, rng: random.Random,
                   entered: Entered | None = None) -> Any:
        """A deal from its start in which each seat holds ``hands[s]`` (its cards now and
        those it played) and ``rest`` are the cards not dealt yet, the deck in the order
        the game deals it and the face-up cards where ``view`` shows them (shuffled
        within what ``view`` leaves open); ``ValueError`` where that cannot be. With
        ``entered``, the person's cards come in the order they entered them, and those
        dealt after the bidding where they were dealt."""
        raise NotImplementedError

    def unshown_melds(self, view: V, me: int) -> list[tuple[int, list[int]]]:
        """The melds other seats announced and have not shown yet, as ``me`` knows them
        in the play: each seat with the cards of every meld that fits what it said
        (:meth:`melds_said`, :meth:`meld_masks`)."""
        if view.phase != "play":
            return []
        said, shown = self.melds_said(view)
        trump = None if view.trump is None else int(view.trump)
        return [(seat, self.meld_masks(call, trump)) for seat, call in enumerate(said)
                if seat != me and call is not None and seat not in shown]

    def melds_said(self, view: V) -> tuple[Sequence[Any], set[int]]:
        """What each seat said of its melds (``None``: nothing), and the seats whose
        melds are shown."""
        return (), set()

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
