"""The base of the rule-based bots (one per game: :mod:`atout.bots.deberts`,
:mod:`atout.bots.belote`, :mod:`atout.bots.schieber`).

They choose by rules of thumb; for hints and explanations they value the legal actions
by the house's shallow search (:func:`atout.bots.advice.estimate`), which their own
choice may not follow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from atout.bots.base import Bot
from atout.cards import Card, CardSet
from atout.games.actions import Action, Pass, Play

__all__ = ["HeuristicBot"]


class HeuristicBot(Bot):
    """A bot that plays by rules and is valued by a shallow search.

    :meth:`choose` is the same in every game: the game's own calls first
    (:meth:`_call`: bidding, doubling, the exchange, a claim), then a card, which
    :meth:`_follow` picks when a trick is led and :meth:`_lead` otherwise, given the
    contract as :meth:`_contract` reads it.
    """

    name = "heuristic"
    #: The game's pack (:meth:`_unseen` takes the cards gone from it).
    pack: ClassVar[CardSet]
    #: Estimated hand value from which the bot takes (:meth:`_take_or_pass`).
    take_threshold: ClassVar[int] = 0

    def choose(self, view: Any) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError("no legal action in this view: it is not this seat's turn")
        call = self._call(view, legal)
        if call is not None:
            return call
        cards = [int(a.card) for a in legal if isinstance(a, Play)]
        if not cards:
            return legal[0]  # type: ignore[no-any-return]
        contract = self._contract(view)
        if view.trick:
            card = self._follow(view, cards, contract)
        else:
            card = self._lead(view, cards, contract)
        return Play(Card(card))

    def _call(self, view: Any, legal: tuple[Action, ...]) -> Action | None:
        """The action this view calls for before any card (a bid...), else ``None``."""
        raise NotImplementedError

    def _contract(self, view: Any) -> int:
        """The contract the cards are played in, as :meth:`_follow` and :meth:`_lead`
        take it (the trump suit)."""
        trump = view.trump
        assert trump is not None
        return int(trump)

    def _follow(self, view: Any, cards: list[int], contract: int) -> int:
        """The card to play to a led trick, from the legal ``cards``."""
        raise NotImplementedError

    def _lead(self, view: Any, cards: list[int], contract: int) -> int:
        """The card to lead, from the legal ``cards``."""
        raise NotImplementedError

    def _take_or_pass(self, offers: Iterable[tuple[float, Action]]) -> Action:
        """The best offer (the first of equals) when it reaches :attr:`take_threshold`,
        else a pass."""
        best: tuple[float, Action] | None = None
        for value, action in offers:
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None and best[0] >= self.take_threshold:
            return best[1]
        return Pass()

    @classmethod
    def _unseen(cls, view: Any) -> int:
        """Cards neither in this hand nor played yet (held by the others)."""
        seen = view.hand.mask
        for trick in view.tricks:
            for _, card in trick:
                seen |= 1 << card
        for _, card in view.trick:
            seen |= 1 << card
        return cls.pack.mask & ~seen  # type: ignore[no-any-return]

    def evaluate(self, view: Any) -> list[tuple[Action, float]]:
        """Each legal action with the written points it is worth to the seat's team (its
        points minus the others', per deal) by a shallow search, best first."""
        # imported here: the search (and its compiled solver) loads only when asked
        from atout.bots.advice import estimate

        values, _, _ = estimate(view, seed=self.seed or 0)
        return sorted(values.items(), key=lambda kv: -kv[1])
