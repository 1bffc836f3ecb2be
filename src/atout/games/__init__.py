"""The rules of each game; standard library only, never an interface or a bot.

:func:`get_game` finds a game's classes by name without importing the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

__all__ = ["GAMES", "GameInfo", "game_of", "get_game"]

#: Game name -> (module, deal class, match class, options class, view class).
GAMES: dict[str, tuple[str, str, str, str, str]] = {
    "deberts": (
        "atout.games.deberts", "DebertsDeal", "DebertsMatch", "DebertsOptions", "DebertsView"
    ),
    "belote": ("atout.games.belote", "BeloteDeal", "BeloteMatch", "BeloteOptions", "BeloteView"),
    "schieber": (
        "atout.games.schieber", "SchieberDeal", "SchieberMatch", "SchieberOptions", "SchieberView"
    ),
}


@dataclass(frozen=True)
class GameInfo:
    """The classes of one game."""

    name: str
    num_players: int
    deal: Any
    match: Any
    options: Any
    view: Any


def get_game(name: str) -> GameInfo:
    """The classes of the game called ``name`` (``deberts``, ``belote``, ``schieber``)."""
    try:
        module_name, deal, match, options, view = GAMES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}") from None
    module = import_module(module_name)
    deal_cls = getattr(module, deal)
    return GameInfo(
        name=name.lower(),
        num_players=deal_cls.num_players,
        deal=deal_cls,
        match=getattr(module, match),
        options=getattr(module, options),
        view=getattr(module, view),
    )


def game_of(view: object) -> str:
    """The game (a key of :data:`GAMES`) that a view, deal or match belongs to, by the
    name of its class (``DebertsView``: ``deberts``); ``ValueError`` for anything else."""
    name = type(view).__name__
    for game in GAMES:
        if name.lower().startswith(game):
            return game
    raise ValueError(f"not a view of a known game: {name}")
