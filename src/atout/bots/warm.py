"""Prepare the search bots' compiled kernels before a player waits for them.

numba compiles the solver and the playouts on their first call (a few seconds), then
keeps the machine code in its on-disk cache (next to the sources, or in the user's
cache folder when the installation is read-only), from which later processes load it
in about a second. ``atout play`` and ``atout serve`` call :func:`start` when a
search bot may play: the kernels are loaded (or compiled, once per installation) in a
background thread while the player reads the table, and until they are ready a search
bot plays by the rules of thumb instead of waiting (see :mod:`atout.bots.search`).
:func:`warm_up` does the same in the foreground (``atout warm``: at install time).
What programs call instead of the bots (the complete-deal kernel and the vectorized
environment's) is prepared by :func:`atout.warm.warm_programs` (``atout warm
--programs``), a module above the bots, the environments and the kernel.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from atout.kernel.rules import COMPILED

__all__ = ["start", "wait", "warm_up", "warming"]

_thread: threading.Thread | None = None
_lock = threading.Lock()


def warm_up() -> float:
    """Load (or compile) every kernel the search bots call: a small solve, a playout.
    Returns the seconds it took."""
    start = time.perf_counter()
    import dataclasses

    from atout.bots import solver as sv
    from atout.games.belote import BeloteDeal

    deal = BeloteDeal(seed=1, dealer=0)
    deal.apply(deal.legal_actions()[1])  # the first seat takes the turned suit
    problem = sv.problem_from_deal(deal)
    small = sv.Solver(tt_bits=4)
    small.values(dataclasses.replace(problem, stop=problem.tricks_done + 1))
    small.value(dataclasses.replace(problem, stop=problem.tricks_done + 1))
    P, pts, stren, above, _order, hands, cards = small.kernel_state(problem)
    sv._legal_of(P, hands, cards, 0, 0, problem.leader, stren, above)
    sv._rollout(P, hands, cards, 0, 0, problem.leader, 0, pts, stren, above, 1)
    return time.perf_counter() - start


def start(on_ready: Callable[[float], None] | None = None) -> bool:
    """Warm the kernels in a background thread (once per process); ``on_ready`` is
    called there with the seconds it took. False when there is nothing to prepare
    (numba is not installed: the kernels run as plain Python) or it was started."""
    global _thread
    if not COMPILED:
        return False
    with _lock:
        if _thread is not None:
            return False

        def run() -> None:
            spent = warm_up()
            if on_ready is not None:
                on_ready(spent)

        _thread = threading.Thread(target=run, name="atout-warm-up", daemon=True)
        _thread.start()
    return True


def warming() -> bool:
    """Whether the kernels are being prepared in the background right now."""
    thread = _thread
    return thread is not None and thread.is_alive()


def wait(timeout: float | None = None) -> None:
    """Wait until the background preparation, if one was started, is over."""
    thread = _thread
    if thread is not None:
        thread.join(timeout)
