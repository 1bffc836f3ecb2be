"""Chance as an input: matches take their first dealer and their decks from a deck source
(seeded, secret or given), the cut of Belote's gathered pack included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import DECK_32
from atout.games.belote import BeloteMatch, BeloteOptions
from atout.games.decks import DeckRefused, GivenDecks, SecretDecks, SeededDecks, cut_at
from atout.kits import get_game

GAMES = ["deberts", "belote", "schieber"]


def _play(match: Any, seed: int, deals: int) -> Any:
    rng = random.Random(seed)
    while not match.is_over and len(match.deals) < deals:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_is_a_seeded_source(game: str) -> None:
    info = get_game(game)
    by_seed = _play(info.match(31), 5, 3)
    by_source = _play(info.match(decks=SeededDecks(31)), 5, 3)
    assert by_source.seed == 31
    assert by_source.first_dealer == by_seed.first_dealer
    assert [d.deck for d in by_source.deals] == [d.deck for d in by_seed.deals]


@pytest.mark.parametrize("game", GAMES)
def test_given_decks_deal_the_same_boards_to_two_tables(game: str) -> None:
    info = get_game(game)
    boards = [d.deck for d in _play(info.match(8), 8, 3).deals]
    tables = [
        _play(info.match(decks=GivenDecks(boards, dealer=1)), play, 3) for play in (1, 2)
    ]
    for table in tables:
        assert table.first_dealer == 1
        assert [d.deck for d in table.deals][: len(boards)] == boards[: len(table.deals)]
    assert tables[0].seed is None


def test_a_given_deck_that_is_not_the_pack_is_refused() -> None:
    deck = list(range(32))  # indices of a 36-card pack, not the 32 cards
    with pytest.raises(DeckRefused) as refused:
        BeloteMatch(decks=GivenDecks([deck]))
    assert refused.value.index == 0


def test_the_belote_cut_is_given_by_the_source() -> None:
    options = BeloteOptions(shuffle="gather")
    played = _play(BeloteMatch(12, options), 12, 1)
    first = played.deals[0]
    gathered = [c for t in first.tricks for c in t[1:5]] or list(first.deck)
    # the second deck is a cut of the first deal's tricks, given by the seeded source
    assert played.deal.deck in {cut_at(gathered, at) for at in range(2, 31)}
    again = _play(BeloteMatch(decks=GivenDecks([first.deck, cut_at(gathered, 7)]),
                              options=options, first_dealer=first.dealer), 12, 1)
    assert again.deal.deck == cut_at(gathered, 7)
    for bad in (cut_at(gathered, 1), tuple(reversed(gathered))):
        with pytest.raises(DeckRefused):
            _play(BeloteMatch(decks=GivenDecks([first.deck, bad]), options=options,
                              first_dealer=first.dealer), 12, 1)


@pytest.mark.parametrize("game", GAMES)
def test_undo_across_a_deal_deals_the_same_deck_again(game: str) -> None:
    info = get_game(game)
    for source in (SecretDecks(), SeededDecks(None), GivenDecks([], then=SecretDecks())):
        match = _play(info.match(decks=source), 3, 1)
        deck = match.deal.deck
        while len(match.deals) == 1:
            match.undo()
        _play(match, 3, 1)  # the last card again: the deal ends, the next is dealt
        assert match.deal.deck == deck


def test_secret_decks_are_not_foreseeable_and_not_shown() -> None:
    a, b = SecretDecks(), SecretDecks()
    assert a.deck(0, DECK_32) != b.deck(0, DECK_32)
    assert (a.seed is not None and a.seed.bit_length() > 64) or b.seed.bit_length() > 64
    assert str(a.seed) not in repr(a)
    match = BeloteMatch(decks=SecretDecks())
    assert match.seed is None  # a record of it gives its decks, never the secret
