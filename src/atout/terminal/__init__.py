"""Playing at a table in the terminal: a generic loop (``app``) and one renderer per game.

Each game module here defines ``Renderer``, a subclass of
:class:`atout.terminal.common.BaseRenderer` that draws that game's table, narrates
what the other seats do and prints the deal breakdown, in the player's language; the
game's kit (:mod:`atout.kits`) names it.
"""

from __future__ import annotations

from typing import Any

from atout.kits import kit


def renderer_class(game: str) -> Any:
    """The ``Renderer`` class of a game's terminal table."""
    return kit(game).renderer_class()
