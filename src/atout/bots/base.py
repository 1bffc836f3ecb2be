"""The bot protocol shared by every game and every interface.

A bot receives a seat's *view* (what that seat may know) and returns one of the view's
``legal_actions``. Bots are seeded: the same seed and the same sequence of views give
the same choices. ``evaluate`` scores each legal action (higher is better) for hints
and explanations, in points; a bot that does not search has them from a shallow search.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from importlib import import_module
from typing import Any

from atout.games.actions import Action
from atout.kits import KITS

__all__ = ["BOTS", "Bot", "RandomBot", "bot_from_target", "bot_target", "make_bot"]


class Bot(ABC):
    """Base of all bots. Subclasses implement :meth:`choose` (and may refine ``evaluate``)."""

    #: Short name used on the command line (``random``, ``heuristic``).
    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Any) -> Action:
        """One of ``view.legal_actions``."""

    def evaluate(self, view: Any) -> list[tuple[Action, float]]:
        """Each legal action with a value (higher is better), best first: the written
        points it is worth to the seat's team (its points minus the others', per deal),
        which the bot's own choice may not follow. The search bots rank by their own
        search, the rule-based ones by a shallow one (:mod:`atout.bots.heuristic`).

        A bot that only chooses (a user's own :meth:`choose`) values nothing: its choice
        comes first and every action is worth 0."""
        choice = self.choose(view)
        return [(choice, 0.0)] + [(a, 0.0) for a in view.legal_actions if a != choice]

    def explain(self, view: Any) -> str:
        """A short sentence saying why the bot plays what it plays in this view."""
        return f"{self.choose(view)}: {self.name}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    name = "random"

    def choose(self, view: Any) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("no legal action in this view: it is not this seat's turn")
        return actions[self.rng.randrange(len(actions))]  # type: ignore[no-any-return]

    def evaluate(self, view: Any) -> list[tuple[Action, float]]:
        return [(a, 0.0) for a in view.legal_actions]


#: (game, bot name) -> "module:Class" of the bots every game shares ("*" as game); each
#: game's own bots (its rules of thumb) are in its kit (``atout.kits.<game>``, ``bots``).
BOTS: dict[tuple[str, str], str] = {
    ("*", "random"): "atout.bots.base:RandomBot",
    ("*", "pimc"): "atout.bots.search:PIMCBot",
    ("*", "ismcts"): "atout.bots.search:ISMCTSBot",
    ("*", "easy"): "atout.bots.search:EasyBot",
    ("*", "medium"): "atout.bots.search:MediumBot",
    ("*", "hard"): "atout.bots.search:HardBot",
    ("*", "expert"): "atout.bots.search:ExpertBot",
}


#: The levels a person picks, weakest first (each measurably stronger than the one before:
#: docs/bots.md); ``random`` sits below them, as the floor of the ladder.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")


def _own_bots(game: str) -> Mapping[str, str]:
    return KITS[game].bots if game in KITS else {}


def bot_names(game: str) -> list[str]:
    return sorted({name for g, name in BOTS if g in ("*", game)} | set(_own_bots(game)))


def bot_target(game: str, name: str) -> str:
    """Where the bot ``name`` of ``game`` lives (``"module:Class"``); ``ValueError`` if none."""
    target = BOTS.get((game, name)) or _own_bots(game).get(name) or BOTS.get(("*", name))
    if target is None:
        raise ValueError(
            f"no bot {name!r} for {game}; choose one of {', '.join(bot_names(game))}"
        )
    return target


def make_bot(game: str, name: str, seed: int | None = None) -> Bot:
    """A bot by its command-line name for a game."""
    return bot_from_target(bot_target(game, name), seed)


def bot_from_target(target: str, seed: int | None = None) -> Bot:
    """A bot from where it lives (``"module:Class"``, see :func:`bot_target`)."""
    module_name, cls_name = target.split(":")
    cls = getattr(import_module(module_name), cls_name)
    bot: Bot = cls(seed)
    return bot
