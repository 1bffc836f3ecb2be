"""``atout warm``: load (or compile) the compiled kernels before anyone waits for them.

This module sits above the bots, the environments and the kernel, and imports them
all: :func:`warm_up` prepares the search bots' kernels (:mod:`atout.bots.warm`, which
``atout play`` and ``atout serve`` also start in the background), and
:func:`warm_programs` what programs call instead of the bots, the complete-deal kernel
and the vectorized environment's steps (``atout warm --programs``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from atout.bots.warm import warm_up
from atout.kernel.rules import COMPILED
from atout.kits import NAMES

__all__ = ["COMPILED", "warm_programs", "warm_up"]


def warm_programs(
    report: Callable[[str, float], None] | None = None,
    games: tuple[str, ...] = NAMES,
) -> float:
    """Load (or compile) the kernels programs call: :func:`atout.kernel.play_deals` and
    the vectorized environment's steps, for each game (a few deals, a few steps).
    ``report`` is told each game and the seconds it took; returns the seconds in all."""
    import numpy as np

    from atout.env.vector import VectorTables
    from atout.kernel import play_deals

    start = time.perf_counter()
    for game in games:
        began = time.perf_counter()
        play_deals(game, 2, seed=0)
        tables = VectorTables(game, num_envs=2, backend="kernel")
        tables.reset(seed=0)
        for _ in range(3):
            tables.step(tables.sample_actions())
        np.asarray(tables.action_masks())
        if report is not None:
            report(game, time.perf_counter() - began)
    return time.perf_counter() - start
