"""Cards, card sets and decks."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import (
    DECK_32,
    DECK_36,
    Card,
    CardParseError,
    CardSet,
    Rank,
    Suit,
    shuffled,
)


def test_indices_and_attributes() -> None:
    assert Card.HJ == Card.of(Suit.HEARTS, Rank.JACK) == 23
    assert Card.HJ.suit is Suit.HEARTS and Card.HJ.rank is Rank.JACK
    assert Card.S10.code == "S10" and Card.S10.symbol == "10♠"
    assert repr(Card.DA) == "Card.DA" and str(Card.DA) == "DA"
    assert Card.C6.mask == 1


@pytest.mark.parametrize(
    "text,card",
    [
        ("HJ", Card.HJ), ("hj", Card.HJ), ("JH", Card.HJ), ("J♥", Card.HJ), ("♥J", Card.HJ),
        ("jh", Card.HJ), ("10♠", Card.S10), ("S10", Card.S10), ("TS", Card.S10),
        ("ts", Card.S10), ("♠10", Card.S10), ("a♦", Card.DA), ("C7", Card.C7),
        ("6♣", Card.C6), (" dq ", Card.DQ), ("K♡", Card.HK),
    ],
)
def test_parse_accepts_common_forms(text: str, card: Card) -> None:
    assert Card.parse(text) is card


@pytest.mark.parametrize("text", ["", "X1", "H11", "HH", "11", "J", "♥", "H 10 S"])
def test_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


@pytest.mark.parametrize("card", list(Card))
def test_every_card_round_trips(card: Card) -> None:
    assert Card.parse(card.code) is card
    assert Card.parse(card.symbol) is card
    assert eval(repr(card)) is card


def test_decks() -> None:
    assert len(DECK_36) == 36 and len(DECK_32) == 32
    assert all(c.rank != Rank.SIX for c in DECK_32)
    assert DECK_32 < DECK_36


def test_cardset_is_set_like() -> None:
    a = CardSet.parse("HJ H9 SA")
    b = CardSet([Card.SA, Card.C7])
    assert Card.HJ in a and Card.C7 not in a and len(a) == 3
    assert a | b == CardSet.parse("HJ H9 SA C7")
    assert a & b == CardSet.parse("SA")
    assert a - b == CardSet.parse("HJ H9")
    assert a ^ b == CardSet.parse("HJ H9 C7")
    assert a.suit(Suit.HEARTS) == CardSet.parse("H9 HJ")
    assert list(a) == [Card.H9, Card.HJ, Card.SA]
    assert a == {Card.HJ, Card.H9, Card.SA}
    assert eval(repr(a)) == a and hash(a) == hash(CardSet(a.mask))
    assert not CardSet() and CardSet.parse("J♥, 9♥") == CardSet.parse("HJ H9")
    with pytest.raises(AttributeError):
        a.mask = 0  # type: ignore[misc]
    with pytest.raises(CardParseError):
        CardSet.parse("HJ HJ")
    with pytest.raises(ValueError):
        CardSet(1 << 36)


@given(st.integers(min_value=0, max_value=(1 << 36) - 1))
def test_cardset_text_round_trip(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.parse(str(cards)) == cards
    assert len(cards) == bin(mask).count("1")


def test_shuffle_is_seeded() -> None:
    a = shuffled(DECK_32, random.Random(7))
    b = shuffled(DECK_32, random.Random(7))
    c = shuffled(DECK_32, random.Random(8))
    assert a == b != c and sorted(a) == list(DECK_32)


def test_indices_and_bits_agree_with_a_plain_loop() -> None:
    from atout.cards import bits, indices

    rng = random.Random(3)
    masks = [0, 1, 1 << 35, (1 << 36) - 1, 1 << 40, (1 << 70) | 5]
    masks += [rng.getrandbits(36) for _ in range(500)] + [rng.getrandbits(80) for _ in range(50)]
    for mask in masks:
        expected = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        assert indices(mask) == expected
        assert tuple(bits(mask)) == expected


def test_shuffled_indices_deal_what_shuffled_deals() -> None:
    from atout.cards import shuffled_indices

    for deck in (DECK_32, DECK_36):
        for seed in [*range(300), 2**40 + 7, -5]:
            expected = tuple(int(c) for c in shuffled(deck, random.Random(seed)))
            assert shuffled_indices(deck, seed) == expected
