"""Playing at a table in the terminal: a generic loop (``app``) and one renderer per game.

Each game module here defines ``Renderer``, a subclass of
:class:`atout.terminal.common.BaseRenderer` that draws that game's table, narrates
what the other seats do and prints the deal breakdown, in the player's language.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

RENDERERS = {
    "deberts": "atout.terminal.deberts",
    "belote": "atout.terminal.belote",
    "schieber": "atout.terminal.schieber",
}


def renderer_class(game: str) -> Any:
    """The ``Renderer`` class of a game's terminal table."""
    return import_module(RENDERERS[game]).Renderer
