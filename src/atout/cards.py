"""Cards, card sets and decks shared by every game.

A card is one of 36 small integers (``suit * 9 + rank``), so that a set of cards is a
plain ``int`` bitmask: the engines work on those integers directly, and the public
face is :class:`Card` (an ``IntEnum``, so ``1 << card`` works) and :class:`CardSet`
(an immutable, set-like wrapper around the mask).

Every card has one canonical ASCII code, suit letter then rank: ``HJ``, ``S10``,
``C7``, ``DA``. :meth:`Card.parse` also reads the usual symbols and orders
(``J♥``, ``♥J``, ``10♠``, ``jh``, ``Th``) so that people can type what they see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Final, TypeVar

__all__ = [
    "CARDS",
    "DECK_32",
    "DECK_36",
    "RANK_MASK",
    "SUIT_MASK",
    "Card",
    "CardParseError",
    "CardSet",
    "Rank",
    "Suit",
    "bits",
    "indices",
    "shuffled",
    "shuffled_indices",
]


try:  # the C Mersenne Twister that random.Random seeds (for an int) with the same state
    from _random import Random as _CRandom
except ImportError:  # pragma: no cover - another Python
    _CRandom = random.Random  # type: ignore[assignment,misc]


class CardParseError(ValueError):
    """Raised for text that does not name a card (or a set of cards)."""


_E = TypeVar("_E")


def _lookup(table: Mapping[str, _E], key: str, text: str, what: str) -> _E:
    """``table[key]``, or :class:`CardParseError` saying that ``text`` is not a ``what``."""
    found = table.get(key)
    if found is None:
        raise CardParseError(f"not a {what}: {text!r}")
    return found


class _Named(IntEnum):
    """A suit, a rank or a card: ``repr`` names the class and the member (``Suit.HEARTS``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Suit(_Named):
    """The four French suits, in the order used for card indices."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter, a symbol or an English/French/Spanish name."""
        return _lookup(_SUIT_WORDS, text.strip().lower(), text, "suit")

    def __str__(self) -> str:
        return self.letter


class Rank(_Named):
    """Ranks in natural (sequence) order, 6 lowest, ace highest."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        return _lookup(_RANK_BY_CODE, text.strip().upper(), text, "rank")

    def __str__(self) -> str:
        return self.code


_RANK_CODES: Final = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_CODE: Final[dict[str, Rank]] = {code: Rank(i) for i, code in enumerate(_RANK_CODES)}
_RANK_BY_CODE.update(
    {
        "T": Rank.TEN,
        "V": Rank.JACK,  # valet
        "R": Rank.KING,  # roi, rey
        "B": Rank.JACK,  # Buur
        "O": Rank.QUEEN,  # Ober
        "U": Rank.JACK,  # Under
    }
)

_SUIT_WORDS: Final[dict[str, Suit]] = {}
for _suit, _words in (
    (Suit.CLUBS, ("c", "♣", "♧", "clubs", "club", "trèfle", "trefle", "tréboles", "trébol")),
    (Suit.DIAMONDS, ("d", "♦", "♢", "diamonds", "diamond", "carreau", "diamantes", "diamante")),
    (Suit.HEARTS, ("h", "♥", "♡", "hearts", "heart", "cœur", "coeur", "corazones", "corazón")),
    (Suit.SPADES, ("s", "♠", "♤", "spades", "spade", "pique", "picas", "pica")),
):
    for _word in _words:
        _SUIT_WORDS[_word] = _suit
del _suit, _words, _word


class Card(_Named):
    """A playing card; its value is its index, ``suit * 9 + rank``.

    ``repr`` is valid Python (``Card.HJ``); ``str`` is the canonical code (``HJ``).
    """

    C6 = 0
    C7 = 1
    C8 = 2
    C9 = 3
    C10 = 4
    CJ = 5
    CQ = 6
    CK = 7
    CA = 8
    D6 = 9
    D7 = 10
    D8 = 11
    D9 = 12
    D10 = 13
    DJ = 14
    DQ = 15
    DK = 16
    DA = 17
    H6 = 18
    H7 = 19
    H8 = 20
    H9 = 21
    H10 = 22
    HJ = 23
    HQ = 24
    HK = 25
    HA = 26
    S6 = 27
    S7 = 28
    S8 = 29
    S9 = 30
    S10 = 31
    SJ = 32
    SQ = 33
    SK = 34
    SA = 35

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        return CARDS[int(suit) * 9 + int(rank)]

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def mask(self) -> int:
        return 1 << self

    @property
    def code(self) -> str:
        """Canonical ASCII code: suit letter then rank (``HJ``, ``S10``)."""
        return self.name

    @property
    def symbol(self) -> str:
        """The form people read: rank then suit symbol (``J♥``)."""
        return self.rank.code + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in any common form: ``HJ``, ``hj``, ``JH``, ``J♥``, ``♥J``, ``10♠``."""
        raw = text.strip()
        if not raw:
            raise CardParseError("empty card")
        cached = _PARSE_CACHE.get(raw)
        if cached is not None:
            return cached
        s = raw.replace(" ", "")
        # suit first, then rank
        for split in (1, len(s) - 1):
            head, tail = s[:split], s[split:]
            for suit_part, rank_part in ((head, tail), (tail, head)):
                suit = _SUIT_WORDS.get(suit_part.lower())
                rank = _RANK_BY_CODE.get(rank_part.upper())
                if suit is not None and rank is not None:
                    card = cls.of(suit, rank)
                    _PARSE_CACHE[raw] = card
                    return card
        raise CardParseError(f"not a card: {text!r}")

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


CARDS: Final[tuple[Card, ...]] = tuple(Card)
_SUIT_OF: Final[tuple[Suit, ...]] = tuple(Suit(i // 9) for i in range(36))
_RANK_OF: Final[tuple[Rank, ...]] = tuple(Rank(i % 9) for i in range(36))
_PARSE_CACHE: dict[str, Card] = {}

#: Bits of one suit, by suit index.
SUIT_MASK: Final[tuple[int, ...]] = tuple(0x1FF << (9 * s) for s in range(4))
#: Bits of one rank across the four suits, by rank index.
RANK_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << (9 * s + r) for s in range(4)) for r in range(9)
)


#: _CHUNK_INDICES[s][m]: the card indices of the 9-bit mask ``m`` placed at suit ``s``.
_CHUNK_INDICES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(9 * s + r for r in range(9) if m >> r & 1) for m in range(512))
    for s in range(4)
)


def indices(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first, as a tuple.

    A card mask (36 bits) takes four table lookups, one per suit.
    """
    if mask >> 36:
        return tuple(_bit_loop(mask))
    c0, c1, c2, c3 = _CHUNK_INDICES
    return c0[mask & 511] + c1[mask >> 9 & 511] + c2[mask >> 18 & 511] + c3[mask >> 27]


def _bit_loop(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    return iter(indices(mask))


class CardSet:
    """An immutable set of cards backed by an ``int`` bitmask.

    Behaves like a ``frozenset[Card]`` (iteration in index order, ``in``, ``len``,
    ``|``, ``&``, ``-``, ``^``, comparisons) and exposes the mask as :attr:`mask`.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | int | str] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards >> 36:
                raise ValueError(f"not a card mask: {cards:#x}")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= 1 << (Card.parse(card) if isinstance(card, str) else int(card))
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:  # picklable (worker processes)
        return (CardSet, (self.mask,))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas: ``"HJ H9 SA"`` or ``"J♥, 9♥"``."""
        parts = [p for p in text.replace(",", " ").split() if p]
        mask = 0
        for part in parts:
            bit = 1 << Card.parse(part)
            if mask & bit:
                raise CardParseError(f"card given twice: {part!r}")
            mask |= bit
        return cls(mask)

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASK[int(suit)])

    def cards(self) -> list[Card]:
        return [CARDS[i] for i in bits(self.mask)]

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[i] for i in bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, int) and 0 <= card < 36:
            return bool(self.mask >> card & 1)
        return False

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return self == CardSet(other)
        return NotImplemented

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != other.mask

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    def __gt__(self, other: CardSet) -> bool:
        return other < self

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __str__(self) -> str:
        return " ".join(CARDS[i].name for i in bits(self.mask))


#: The 36-card Swiss pack (6 to ace) used by Schieber.
DECK_36: Final = CardSet((1 << 36) - 1)
#: The 32-card pack (7 to ace) used by Deberts and Belote.
DECK_32: Final = CardSet(DECK_36.mask & ~RANK_MASK[Rank.SIX])


def shuffled_indices(deck: CardSet, seed: int | random.Random | None) -> tuple[int, ...]:
    """The card indices of ``shuffled(deck, random.Random(seed))``, made faster; a
    ``random.Random`` given as ``seed`` is drawn from (and moves on) as its ``shuffle``
    would, which spares seeding a generator for each deal of a long simulation.

    It draws exactly what ``random.Random.shuffle`` draws (``getrandbits`` with
    rejection, as ``_randbelow`` does for a plain ``Random``), from a generator seeded
    as ``random.Random(seed)`` seeds it (the C generator behind it, without the Python
    layer, for an ``int`` or ``None``), so a seed deals the same cards either way;
    ``tests/test_cards.py`` checks it.
    """
    order = list(indices(deck.mask))
    source: random.Random | _CRandom
    if seed is None or type(seed) is int:
        source = _CRandom(seed)
    elif isinstance(seed, random.Random):
        source = seed
    else:
        source = random.Random(seed)
    getrandbits = source.getrandbits
    for i, k in _SHUFFLE_STEPS[len(order)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


#: _SHUFFLE_STEPS[n]: (i, bits drawn for a number below i + 1) for i = n - 1 .. 1.
_SHUFFLE_STEPS: Final = tuple(
    tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(37)
)


def shuffled(deck: CardSet, rng: random.Random) -> list[Card]:
    """The deck's cards in a random order drawn from ``rng`` (seeded by the caller)."""
    order = [CARDS[i] for i in indices(deck.mask)]
    rng.shuffle(order)
    return order
