"""Converters between atout and the peers used by the differential tests.

atout numbers a card ``suit * 9 + rank`` with suits C D H S (0..3) and ranks
6 7 8 9 10 J Q K A (0..8), and numbers seats in playing order (the next seat is
``seat + 1``).

jass-kit (``jass.game.const``) numbers a card ``color * 9 + offset`` with colors
D H S C (0..3) and offsets A K Q J 10 9 8 7 6 (0..8): ``DA`` is 0, ``C6`` is 35. Its
trump codes are its colors, then 4 Obe-abe, 5 Une-ufe, 10 push. Its players are
numbered the other way round (``next_player = [3, 0, 1, 2]``): jass-kit player ``j``
is atout seat ``-j mod 4``, which keeps the partnerships (0 and 2, 1 and 3) and maps
back with the same formula.

belote-cli (``belote.deck``) has ``Card(suit, rank)`` values with suit and rank enums
named as atout's (``Suit.CLUBS``, ``Rank.SEVEN``); its ``Seat`` values 0..3 go in
playing order like atout's seats (``next_seat`` is ``value + 1``), so seats map to
themselves. Its up card is dealt as in atout, but its first five cards go round one by
one from seat 0 (atout: packets of 3 then 2 from the dealer's next seat), so a deal is
carried over by placing the same cards, not the same deck order (:func:`belote_cli_deck`).

colver (coinche, 32 cards) numbers a card ``8 * suit + rank`` with suits S H D C (0..3)
and ranks 7 8 9 J Q K 10 A (0..7); its trump codes are its suits; its seats go in
playing order like atout's (seat ``dealer + 1`` speaks and leads first), so seats map
to themselves.

Only the pure-integer converters are importable without the peers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from atout.cards import Card

# -- jass-kit ----------------------------------------------------------------------------------


def to_jass_card(card: int) -> int:
    """jass-kit's index of an atout card index."""
    suit, rank = divmod(int(card), 9)
    return ((suit + 3) % 4) * 9 + (8 - rank)


def from_jass_card(index: int) -> Card:
    """The atout card of a jass-kit card index."""
    color, offset = divmod(int(index), 9)
    return Card(((color + 1) % 4) * 9 + (8 - offset))


def to_jass_seat(seat: int) -> int:
    return (-seat) % 4


def from_jass_seat(player: int) -> int:
    return (-int(player)) % 4


def to_jass_contract(contract: int) -> int:
    """jass-kit's trump code of an atout Schieber contract index (0..3 suit C D H S,
    4 Obenabe, 5 Undenufe)."""
    if contract < 4:
        return (contract + 3) % 4
    return contract  # OBE_ABE = 4, UNE_UFE = 5 in both


def jass_mask(onehot: Iterable[int]) -> int:
    """An atout card mask from a jass-kit one-hot array of 36."""
    mask = 0
    for j, bit in enumerate(onehot):
        if bit:
            mask |= 1 << from_jass_card(j)
    return mask


def jass_onehot(mask: int) -> list[int]:
    """A jass-kit one-hot list of 36 from an atout card mask."""
    onehot = [0] * 36
    for c in range(36):
        if mask >> c & 1:
            onehot[to_jass_card(c)] = 1
    return onehot


# -- belote-cli ---------------------------------------------------------------------------------


def to_belote_cli_card(card: int) -> Any:
    """belote-cli's ``Card`` for an atout card (7 to ace)."""
    from belote.deck import Card as BCard
    from belote.deck import Rank as BRank
    from belote.deck import Suit as BSuit

    c = Card(int(card))
    return BCard(BSuit[c.suit.name], BRank[c.rank.name])


def from_belote_cli_card(card: Any) -> Card:
    """The atout card of a belote-cli ``Card``."""
    from atout.cards import Rank, Suit

    return Card.of(Suit[card.suit.name], Rank[card.rank.name])


def belote_cli_suit(suit: int) -> Any:
    from belote.deck import Suit as BSuit

    from atout.cards import Suit

    return BSuit[Suit(suit).name]


def belote_cli_mask(cards: Iterable[Any]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << from_belote_cli_card(card)
    return mask


def belote_cli_deck(order: Sequence[int], dealer: int) -> list[Any]:
    """belote-cli's deck order that gives every seat the cards that atout's ``order``
    gives it (five each before the bidding, the up card, the rest from the dealer's
    next seat in both)."""
    deck: list[Any] = [None] * 32
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        first = [*order[3 * i : 3 * i + 3], *order[12 + 2 * i : 14 + 2 * i]]
        for k, card in enumerate(first):  # belote-cli deals them one by one from seat 0
            deck[4 * k + seat] = to_belote_cli_card(card)
    for pos in range(20, 32):
        deck[pos] = to_belote_cli_card(order[pos])
    return deck


# -- colver ------------------------------------------------------------------------------------

#: colver's rank offset of atout's ranks 7 8 9 10 J Q K A (atout rank 1..8).
_COLVER_RANK = (0, 1, 2, 6, 3, 4, 5, 7)


def to_colver_card(card: int) -> int:
    """colver's index of atout's card (a 32-card pack card: rank 7 or above)."""
    suit, rank = divmod(int(card), 9)
    if rank == 0:
        raise ValueError("colver plays 32 cards: no 6")
    return 8 * (3 - suit) + _COLVER_RANK[rank - 1]


def from_colver_card(index: int) -> Card:
    suit, offset = divmod(index, 8)
    return Card(9 * (3 - suit) + 1 + _COLVER_RANK.index(offset))


def to_colver_suit(suit: int) -> int:
    return 3 - suit


def colver_mask(cards: Iterable[int]) -> int:
    """atout's bit mask of colver's card indices."""
    mask = 0
    for index in cards:
        mask |= 1 << from_colver_card(index)
    return mask
