"""The speed paths agree with the plain ones (no timing here: speed lives in benchmarks/).

Tables, the seeded shuffle, the games' own ``apply_unchecked`` for cards, the
generated ``_restore`` behind ``undo`` and ``copy``: each is checked against the
straightforward way of computing the same thing.
"""

from __future__ import annotations

import random

import pytest

from atout.cards import CARDS, DECK_32, DECK_36, bits, shuffled
from atout.games.actions import Play, play, plays
from atout.games.base import Deal, run_meld, runs
from atout.games.deberts import BERTZ, TERC, sequences
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")


def test_plays_lists_the_shared_play_of_each_card() -> None:
    rng = random.Random(1)
    for mask in [0, DECK_36.mask, DECK_32.mask, *(rng.getrandbits(36) for _ in range(300))]:
        assert plays(mask) == [play(CARDS[c]) for c in bits(mask)]
        assert all(a is play(a.card) for a in plays(mask) if isinstance(a, Play))


def _reference_sequences(mask: int) -> tuple[object, ...]:
    found = []
    for suit in range(4):
        for top, length in runs((mask >> (9 * suit)) & 0x1FF):
            while length >= 4:
                found.append(run_meld(suit, top, 4, BERTZ))
                top -= 4
                length -= 4
            if length >= 3:
                found.append(run_meld(suit, top, 3, TERC))
    found.sort(key=lambda m: (m.length, m.top), reverse=True)
    return tuple(found)


def test_deberts_sequences_table_agrees_with_the_plain_cut() -> None:
    rng = random.Random(2)
    deck = list(DECK_32)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(deck, rng.choice((6, 9, 12, 16))))
        assert sequences(hand) == _reference_sequences(hand)
    for suit in range(4):  # every rank pattern of every suit
        for ranks in range(512):
            mask = (ranks & ~1) << (9 * suit)  # no sixes in the 32-card pack
            assert sequences(mask) == _reference_sequences(mask)


@pytest.mark.parametrize("game", GAMES)
def test_seeded_deals_deal_what_the_seeded_shuffle_deals(game: str) -> None:
    info = get_game(game)
    deck = DECK_32 if game != "schieber" else DECK_36
    for seed in range(60):
        deal = info.deal(seed=seed, dealer=seed % info.num_players)
        expected = tuple(int(c) for c in shuffled(deck, random.Random(seed)))
        assert tuple(deal.deck) == expected
        again = info.deal(list(shuffled(deck, random.Random(seed))), dealer=seed % info.num_players)
        assert again.state_key() == deal.state_key()


@pytest.mark.parametrize("game", GAMES)
def test_apply_unchecked_copy_and_undo_agree_with_the_plain_steps(game: str) -> None:
    """Each game's ``apply_unchecked`` gives the state the base class's plain step
    gives; ``undo`` restores every slot; a copy equals its original and is independent."""
    info = get_game(game)
    rng = random.Random(3)
    for n in range(40):
        fast = info.deal(seed=n, dealer=n % info.num_players)
        plain = info.deal(seed=n, dealer=n % info.num_players)
        keys = [fast.state_key()]
        while not fast.is_over:
            actions = fast.legal_actions()
            action = actions[rng.randrange(len(actions))]
            fast.apply_unchecked(action)
            Deal.apply_unchecked(plain, action)  # the base class's step: snapshot, _apply
            assert fast.state_key() == plain.state_key()
            assert fast.actions == plain.actions
            keys.append(fast.state_key())
            twin = fast.copy()
            assert twin == fast and twin.actions == fast.actions
        keys.pop()
        while keys:
            fast.undo()
            assert fast.state_key() == keys.pop()
        assert not fast.actions
        assert twin.is_over  # the copy kept its own state through the undos


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_list_the_cards_of_legal_mask(game: str) -> None:
    """The cards among the legal actions are those of ``legal_mask`` (which some games
    inline into ``legal_actions``), and each one passes the checked ``apply``."""
    info = get_game(game)
    rng = random.Random(4)
    for n in range(150):
        deal = info.deal(seed=1000 + n, dealer=n % info.num_players)
        while not deal.is_over:
            actions = deal.legal_actions()
            cards = [a for a in actions if isinstance(a, Play)]
            assert cards == plays(deal.legal_mask())
            for a in cards:
                assert deal.is_legal(a)
            deal.apply_unchecked(actions[rng.randrange(len(actions))])


def test_play_slots_must_be_a_strict_subset_of_the_state() -> None:
    from typing import ClassVar

    from atout.games.deberts import DebertsDeal

    with pytest.raises(TypeError):

        class Wrong(DebertsDeal):  # a slot that is not in the state
            _play_slots: ClassVar[tuple[str, ...]] = ("turn", "nowhere")

    with pytest.raises(TypeError):

        class All(DebertsDeal):  # the whole state: the snapshots could not be told apart
            _play_slots = DebertsDeal._state_slots


@pytest.mark.parametrize("game", GAMES)
def test_play_card_agrees_with_apply_and_returns_the_next_mask(game: str) -> None:
    """The integer path (``legal_mask``, ``play_card``) reaches the states, actions and
    results of the checked ``apply`` of the same cards; ``play_card`` returns the next
    ``legal_mask``; ``undo`` takes its steps back one by one."""
    info = get_game(game)
    rng = random.Random(5)
    for n in range(60):
        fast = info.deal(seed=2000 + n, dealer=n % info.num_players)
        checked = info.deal(seed=2000 + n, dealer=n % info.num_players)
        keys = [fast.state_key()]
        mask = fast.legal_mask()
        while not fast.is_over:
            if mask:
                card = rng.choice(list(bits(mask)))
                mask = fast.play_card(card)
                checked.apply(Play(CARDS[card]))
                assert mask == fast.legal_mask()
            else:
                actions = fast.legal_actions()
                action = actions[rng.randrange(len(actions))]
                fast.apply_unchecked(action)
                checked.apply(action)
                mask = fast.legal_mask()
            assert fast.state_key() == checked.state_key()
            assert fast.actions == checked.actions
            keys.append(fast.state_key())
        assert mask == 0 and fast.result == checked.result
        keys.pop()
        while keys:
            fast.undo()
            assert fast.state_key() == keys.pop()


@pytest.mark.parametrize("game", GAMES)
def test_deals_drawn_from_a_running_random_source(game: str) -> None:
    """``seed=random.Random(...)`` draws each deal from one source, as its ``shuffle``
    would: the same source seed gives the same deals, one after the other."""
    info = get_game(game)
    deck = DECK_32 if game != "schieber" else DECK_36
    source, again, plain = random.Random(11), random.Random(11), random.Random(11)
    for i in range(20):
        a = info.deal(seed=source, dealer=i % info.num_players)
        b = info.deal(seed=again, dealer=i % info.num_players)
        assert a.state_key() == b.state_key()
        assert tuple(a.deck) == tuple(int(c) for c in shuffled(deck, plain))


def test_build_frozen_gives_what_the_constructor_gives() -> None:
    import dataclasses

    from atout.games.base import build_frozen

    rng = random.Random(6)
    for game in GAMES:
        info = get_game(game)
        for n in range(40):
            deal = info.deal(seed=3000 + n, dealer=n % info.num_players)
            while not deal.is_over:
                actions = deal.legal_actions()
                deal.apply_unchecked(actions[rng.randrange(len(actions))])
            result = deal.result
            cls = type(result)
            fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
            assert cls(**fields) == result == build_frozen(cls, dict(fields))
            assert repr(build_frozen(cls, dict(fields))) == repr(result)
            with pytest.raises(dataclasses.FrozenInstanceError):
                result.dealer = 0  # type: ignore[misc]
            missing = dict(fields)
            del missing["dealer"]
            with pytest.raises(TypeError, match="missing"):
                build_frozen(cls, missing)
            with pytest.raises(TypeError, match="unknown"):
                build_frozen(cls, {**fields, "nowhere": 1})

    @dataclasses.dataclass
    class Mutable:
        x: int = 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        x: int = 0

    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int = 0

        def __post_init__(self) -> None:
            assert self.x >= 0

    for cls in (Mutable, Slotted, Checked):
        with pytest.raises(TypeError):
            build_frozen(cls, {"x": 1})


def test_card_slots_must_be_a_strict_subset_of_the_play_slots() -> None:
    from typing import ClassVar

    from atout.games.schieber import SchieberDeal

    with pytest.raises(TypeError):

        class Wrong(SchieberDeal):
            _card_slots: ClassVar[tuple[str, ...]] = ("hands", "nowhere")

    with pytest.raises(TypeError):

        class All(SchieberDeal):
            _card_slots = SchieberDeal._play_slots
