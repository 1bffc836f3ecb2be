"""Chance as an input: the deck sources a match takes its first dealer and its decks from.

A match never shuffles by itself: it asks its deck source (OpenSpiel's chance nodes).

- :class:`SeededDecks`: reproducible, from a seed (``None``: the operating system's
  randomness). ``Match(seed)`` is ``Match(decks=SeededDecks(seed))``: the same seed deals
  the same decks as it always has.
- :class:`SecretDecks`: for tables where people play, seeded with 128 bits from
  ``secrets`` that its ``repr`` never shows.
- :class:`GivenDecks`: the decks are given (records, puzzles, the advisor, duplicate
  boards); past them, or for a deal without one, another source deals.

A source gives a deck in two ways: :meth:`DeckSource.deck` shuffles a whole pack, and
:meth:`DeckSource.cut` cuts a gathered pack (Belote's ``shuffle=gather``), so that the
cut is part of what the source gives. The match keeps the source's state with each
finished deal (:meth:`DeckSource.getstate`), so that undoing across a deal and playing
again deals the same deck.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from atout.cards import Card, CardSet, shuffled

__all__ = [
    "DeckRefused",
    "DeckSource",
    "GivenDecks",
    "SecretDecks",
    "SeededDecks",
    "cut_at",
    "is_pack",
]

#: The bits of a secret seed (as :func:`atout.games.base.secret_seed`).
_SECRET_BITS = 128


class DeckRefused(ValueError):
    """A given deck that the rules cannot deal where it is given: not the game's pack,
    or (for a cut) not a cut of the gathered pack. ``index`` is the deal's, from 0."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"deal {index + 1}: {reason}")
        self.index = index
        self.reason = reason


def is_pack(order: Sequence[int], pack: CardSet) -> bool:
    """Whether ``order`` (card indices) holds the cards of ``pack``, each once."""
    return len(order) == len(pack) and sum(1 << c for c in order) == pack.mask


def cut_at(pack: Sequence[int], at: int) -> tuple[int, ...]:
    """``pack`` cut after its first ``at`` cards (they go to the bottom)."""
    return (*pack[at:], *pack[:at])


class DeckSource(ABC):
    """Where a match takes its chance: the first dealer, and each deal's deck (card
    indices in dealing order). ``index`` is the deal's number from 0."""

    @abstractmethod
    def dealer(self, num_players: int) -> int:
        """The first dealer, drawn (asked only when the match is not given one)."""

    @abstractmethod
    def deck(self, index: int, pack: CardSet) -> tuple[int, ...]:
        """A fresh deck for deal ``index``: the cards of ``pack`` shuffled."""

    @abstractmethod
    def cut(self, index: int, pack: Sequence[int]) -> tuple[int, ...]:
        """The deck for deal ``index`` made by cutting the gathered ``pack``, leaving at
        least 2 cards in each part."""

    @abstractmethod
    def getstate(self) -> Any:
        """What :meth:`setstate` needs to deal the same again."""

    @abstractmethod
    def setstate(self, state: Any) -> None:
        """Go back to a state from :meth:`getstate`."""


class SeededDecks(DeckSource):
    """Decks drawn from ``random.Random(seed)``, in the order matches always drew them:
    the first dealer (``randrange``), then per deal a shuffle of the pack (or, for a
    cut, ``randint(2, len(pack) - 2)`` cards to the bottom)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def dealer(self, num_players: int) -> int:
        return self._rng.randrange(num_players)

    def deck(self, index: int, pack: CardSet) -> tuple[int, ...]:
        return tuple(int(c) for c in shuffled(pack, self._rng))

    def cut(self, index: int, pack: Sequence[int]) -> tuple[int, ...]:
        return cut_at(pack, self._rng.randint(2, len(pack) - 2))

    def getstate(self) -> Any:
        return self._rng.getstate()

    def setstate(self, state: Any) -> None:
        self._rng.setstate(state)

    def __repr__(self) -> str:
        return f"SeededDecks({self.seed!r})"


class SecretDecks(SeededDecks):
    """Decks nobody can foresee, for tables where people play: seeded with 128 bits
    from the operating system (``secrets``). The seed is kept in ``seed`` for the
    program that must restore the table; it shows it to nobody before the match is
    over, and ``repr`` never shows it."""

    def __init__(self) -> None:
        super().__init__(secrets.randbits(_SECRET_BITS))

    def __repr__(self) -> str:
        return "SecretDecks()"


class GivenDecks(DeckSource):
    """Given decks: ``decks[index]`` is deal ``index``'s deck (cards or indices), or
    ``None`` to let ``then`` deal it; past the list, ``then`` deals. ``dealer`` is the
    first dealer (``None``: ``then`` draws it).

    ``then`` (by default a :class:`SeededDecks` without a seed) is asked for every deck,
    given or not, so that it is where it would have been: a record that gives its decks
    and its seed plays on, after them, with the decks the seed deals next. A given deck
    must hold the pack's cards, and a cut one must be a cut of the gathered pack
    (:class:`DeckRefused` otherwise)."""

    def __init__(
        self,
        decks: Sequence[Sequence[int | Card] | None],
        *,
        dealer: int | None = None,
        then: DeckSource | None = None,
    ) -> None:
        self.decks = tuple(None if d is None else tuple(int(c) for c in d) for d in decks)
        self.first_dealer = dealer
        self.then = SeededDecks() if then is None else then

    def _given(self, index: int) -> tuple[int, ...] | None:
        return self.decks[index] if index < len(self.decks) else None

    def dealer(self, num_players: int) -> int:
        drawn = self.then.dealer(num_players)
        return drawn if self.first_dealer is None else self.first_dealer

    def deck(self, index: int, pack: CardSet) -> tuple[int, ...]:
        drawn = self.then.deck(index, pack)
        given = self._given(index)
        if given is None:
            return drawn
        if not is_pack(given, pack):
            raise DeckRefused(index, "the deck is not the game's pack, each card once")
        return given

    def cut(self, index: int, pack: Sequence[int]) -> tuple[int, ...]:
        drawn = self.then.cut(index, pack)
        given = self._given(index)
        if given is None:
            return drawn
        if len(given) == len(pack) and given[0] in pack:
            at = list(pack).index(given[0])
            if 2 <= at <= len(pack) - 2 and cut_at(pack, at) == given:
                return given
        raise DeckRefused(index, "the deck is not a cut of the gathered pack")

    def getstate(self) -> Any:
        return self.then.getstate()

    def setstate(self, state: Any) -> None:
        self.then.setstate(state)

    def __repr__(self) -> str:
        return f"GivenDecks({len(self.decks)} decks, then={self.then!r})"
