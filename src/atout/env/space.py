"""The fixed action space shared by the three games: :mod:`atout.games.space`.

It lives with the games, below the environments and the compiled kernel, which both
number actions by it; this module keeps its old name for the environments' users.
"""

from __future__ import annotations

from atout.games import space as _space
from atout.games.space import *  # noqa: F403 - the same names

__all__ = _space.__all__
