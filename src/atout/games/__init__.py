"""The rules of each game; standard library only, never an interface or a bot.

Each game is one module (``atout.games.deberts``...); its kit (:mod:`atout.kits`) is
where the rest of the package finds it by name.
"""

from __future__ import annotations
