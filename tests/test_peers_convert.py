"""The card, seat and contract converters of the differential tests, without the peers.

The checks against the peers' own tables live in ``test_peers_jass.py`` and
``test_peers_belote_cli.py`` (skipped when the peers are not installed).
"""

from __future__ import annotations

from atout.cards import DECK_32, DECK_36, Card
from peer_convert import (
    colver_mask,
    from_colver_card,
    from_jass_card,
    from_jass_seat,
    jass_mask,
    jass_onehot,
    to_colver_card,
    to_jass_card,
    to_jass_contract,
    to_jass_seat,
)


def test_jass_cards_are_a_bijection() -> None:
    assert sorted(to_jass_card(c) for c in DECK_36) == list(range(36))
    for c in DECK_36:
        assert from_jass_card(to_jass_card(c)) == c


def test_jass_card_fixed_points() -> None:
    # jass.game.const: DA 0, DJ 3, D6 8, HA 9, HJ 12, SA 18, CA 27, CJ 30, C6 35
    expected = {
        "DA": 0, "DK": 1, "DJ": 3, "D6": 8, "HA": 9, "HJ": 12, "H9": 14,
        "SA": 18, "S10": 22, "CA": 27, "CJ": 30, "C7": 34, "C6": 35,
    }
    for name, index in expected.items():
        assert to_jass_card(Card[name]) == index
        assert from_jass_card(index) == Card[name]


def test_jass_seats_keep_partners_and_reverse_the_order() -> None:
    next_player = [3, 0, 1, 2]  # jass.game.const.next_player
    for seat in range(4):
        assert from_jass_seat(to_jass_seat(seat)) == seat
        assert from_jass_seat(next_player[to_jass_seat(seat)]) == (seat + 1) % 4
        assert to_jass_seat(seat) % 2 == seat % 2  # teams 0+2 and 1+3 in both


def test_jass_contracts() -> None:
    # atout: C D H S Obenabe Undenufe; jass-kit: D 0, H 1, S 2, C 3, O 4, U 5
    assert [to_jass_contract(k) for k in range(6)] == [3, 0, 1, 2, 4, 5]


def test_jass_masks_round_trip() -> None:
    mask = Card.HJ.mask | Card.C6.mask | Card.DA.mask | Card.S10.mask
    onehot = jass_onehot(mask)
    assert sum(onehot) == 4
    assert onehot[12] == onehot[35] == onehot[0] == onehot[22] == 1
    assert jass_mask(onehot) == mask
    assert jass_mask(jass_onehot(DECK_32.mask)) == DECK_32.mask


def test_colver_cards_are_a_bijection() -> None:
    assert sorted(to_colver_card(c) for c in DECK_32) == list(range(32))
    for c in DECK_32:
        assert from_colver_card(to_colver_card(c)) == c
    assert colver_mask(to_colver_card(c) for c in DECK_32) == sum(1 << c for c in DECK_32)


def test_colver_card_fixed_points() -> None:
    # colver: suits S H D C, ranks 7 8 9 J Q K 10 A (Env.card_name, checked against
    # colver itself in test_peers_colver.py)
    expected = {"S7": 0, "SJ": 3, "S10": 6, "SA": 7, "H7": 8, "DQ": 20, "C7": 24, "CA": 31}
    for name, index in expected.items():
        assert to_colver_card(Card[name]) == index
        assert from_colver_card(index) == Card[name]
