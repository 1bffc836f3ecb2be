"""Work that must not hold the event loop: search bots' decisions, hints and replays.

One event loop serves every table, so anything slow on it delays every table. The
search bots (``pimc``, ``ismcts``, ``hard``, ``expert``) think for up to seconds, and
replaying a long record takes about a second a megabyte: both run in a small pool of
worker processes (:class:`Workers`), started on first use with the ``spawn`` method and
a lower scheduling priority, so that the server's own process gets the processor first.

A bot decision has a time budget, counted from the moment it is asked for. A decision
that the pool cannot start at once (every worker busy and the queue full), that runs
past its budget, or that fails, is made instead by the game's rules-of-thumb bot (well
under a millisecond), so a decision always arrives. The bots that do not search
(:data:`INLINE_BOTS`, well under a millisecond a decision, less than sending the view to
another process) play on the event loop.

A worker receives only the seat's view (what that seat may know), the bot's class and
a seed; the seed is derived from the table's seed, the seat and the step of the log, so
a table's bots choose the same whether or not the server was restarted in between.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from atout.bots.base import bot_from_target, bot_target, make_bot
from atout.i18n import signed

__all__ = [
    "INLINE_BOTS", "Workers", "WorkersBusy", "bot_seed", "default_workers", "hint_options",
]

log = logging.getLogger("atout.web")

#: Bots that play on the event loop: no search, well under a millisecond a decision.
INLINE_BOTS = frozenset({"random", "heuristic", "easy", "medium"})

#: Bots whose decision is late or failed play as this one (seeded the same way).
FALLBACK_BOT = "heuristic"

#: Scheduling priority the workers lower themselves by (``nice``).
WORKER_NICENESS = 10


class WorkersBusy(Exception):
    """Every worker is busy and the queue is full: the work was not started."""


def default_workers() -> int:
    """``min(processors, 4)``: the default number of worker processes."""
    return max(1, min(os.cpu_count() or 1, 4))


def bot_seed(table_seed: int, seat: int, seq: int) -> int:
    """The seed of the decision at step ``seq`` of a table's log for ``seat`` (64 bits)."""
    digest = hashlib.sha256(f"atout-bot:{table_seed}:{seat}:{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _start_worker() -> None:
    """In each worker process: yield the processor to the server, leave Ctrl-C to it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # not allowed here: the same priority, then
        os.nice(WORKER_NICENESS)


def think(target: str, seed: int, view: Any, net: float | None = None) -> tuple[Any, int]:
    """In a worker: the bot at ``target`` seeded ``seed`` chooses in ``view``; returns the
    action and the worker's process id. ``net``: the search bots' wall-clock safety net
    (seconds; a person waits at the table), whose hits the bot counts and logs."""
    bot = bot_from_target(target, seed)
    if net is not None and hasattr(bot, "time_budget"):
        bot.time_budget = net
    return bot.choose(view), os.getpid()


def _warm() -> None:
    """In a worker: load the search's compiled kernels (numba's cache) now."""
    from atout.bots import warm
    from atout.kernel import COMPILED

    if COMPILED:
        warm.warm_up()


def hint_options(advice: Callable[[], list[Any]], lang: str) -> list[dict[str, Any]]:
    """In a worker: the options of a hint, from ``advice()`` (a call of
    :func:`atout.bots.advice.advise`), each with its value and its reason in ``lang``."""
    return [
        {"action": str(a.action), "value": round(a.points, 1), "text": signed(a.points, lang),
         "reason": a.reason(lang)}
        for a in advice()
    ]


class Workers:
    """A bounded pool of worker processes with a time budget per bot decision.

    ``max_workers`` processes at most (started when first needed); at most
    ``max_pending`` jobs started or queued at once (twice the workers by default);
    ``budget`` seconds for a bot decision.
    """

    def __init__(
        self, max_workers: int | None = None, budget: float = 2.0,
        max_pending: int | None = None,
    ) -> None:
        self.max_workers = max(1, max_workers if max_workers is not None else default_workers())
        self.budget = budget
        self.max_pending = max_pending if max_pending is not None else 2 * self.max_workers
        self._pool: ProcessPoolExecutor | None = None
        self._jobs: set[Future[Any]] = set()
        #: Counters: decisions made in a worker, made by the fallback bot, made inline.
        self.stats = {"worker": 0, "fallback": 0, "inline": 0, "late": 0}
        #: Process ids of the workers that made decisions (for tests and diagnostics).
        self.pids: set[int] = set()

    @property
    def pending(self) -> int:
        """Jobs started or queued and not finished (a late decision still runs)."""
        self._jobs = {job for job in self._jobs if not job.done()}
        return len(self._jobs)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.max_workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
            )
        return self._pool

    async def run(self, timeout: float | None, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker process, awaited for at most ``timeout`` seconds.

        Raises :class:`WorkersBusy` when ``max_pending`` jobs are unfinished, and
        ``TimeoutError`` when the result is late (a job not yet started is dropped; one
        that has started runs to its end in its worker, and counts as pending till then).
        """
        if self.pending >= self.max_pending:
            raise WorkersBusy
        try:
            job = self._executor().submit(fn, *args)
        except BrokenProcessPool:  # a worker died: start a fresh pool
            self._drop_pool()
            job = self._executor().submit(fn, *args)
        self._jobs.add(job)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(job), timeout)
        except BrokenProcessPool:
            self._drop_pool()
            raise

    async def decide(self, game: str, bot: str, seed: int, view: Any) -> Any:
        """The action of bot ``bot`` in ``view``: always one of ``view.legal_actions``."""
        if bot in INLINE_BOTS:
            self.stats["inline"] += 1
            return make_bot(game, bot, seed=seed).choose(view)
        try:
            # the bot's own safety net first, so that it plays its best so far before
            # the pool gives up on it
            action, pid = await self.run(
                self.budget, think, bot_target(game, bot), seed, view, 0.75 * self.budget)
        except WorkersBusy:
            pass
        except TimeoutError:
            self.stats["late"] += 1
            log.warning("bot %s ran past the %.1f s budget; the %s bot plays",
                        bot, self.budget, FALLBACK_BOT)
        except Exception:
            log.exception("bot %s failed in a worker; the %s bot plays", bot, FALLBACK_BOT)
        else:
            if action in view.legal_actions:
                self.stats["worker"] += 1
                self.pids.add(pid)
                return action
            log.error("bot %s chose %s, not a legal action", bot, action)
        self.stats["fallback"] += 1
        return make_bot(game, FALLBACK_BOT, seed=seed).choose(view)

    def warm(self) -> None:
        """Start a worker now and load the search's kernels in it, in the background,
        so that the first decision or hint asked of the pool does not wait for them."""
        try:
            self._executor().submit(_warm)
        except Exception:  # the pool starts again on first use
            log.exception("the bot workers could not be started ahead")

    def _drop_pool(self) -> None:
        pool, self._pool = self._pool, None
        self._jobs.clear()
        if pool is not None:
            _stop(pool)

    def close(self) -> None:
        """Stop the workers now (a decision still running is abandoned)."""
        self._drop_pool()


def _stop(pool: ProcessPoolExecutor) -> None:
    # the executor has no public way to stop a running job (before Python 3.14)
    procs = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in procs.values():  # a worker still thinking is not waited for
        if process.is_alive():
            process.terminate()
    for process in procs.values():
        process.join(5)
