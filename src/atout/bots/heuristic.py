"""The base of the rule-based bots (one per game: :mod:`atout.bots.deberts`,
:mod:`atout.bots.belote`, :mod:`atout.bots.schieber`).

They choose by rules of thumb; for hints and explanations they value the legal actions
by the house's shallow search (:func:`atout.bots.advice.estimate`), which their own
choice may not follow.
"""

from __future__ import annotations

from typing import Any

from atout.bots.base import Bot
from atout.games.actions import Action

__all__ = ["HeuristicBot"]


class HeuristicBot(Bot):
    """A bot that plays by rules and is valued by a shallow search."""

    def evaluate(self, view: Any) -> list[tuple[Action, float]]:
        """Each legal action with the written points it is worth to the seat's team (its
        points minus the others', per deal) by a shallow search, best first."""
        # imported here: the search (and its compiled solver) loads only when asked
        from atout.bots.advice import estimate

        values, _, _ = estimate(view, seed=self.seed or 0)
        return sorted(values.items(), key=lambda kv: -kv[1])
