"""Complete deals per second through the PettingZoo environment, one process.

An observation (570 floats and the action mask) is built at every decision by
``env.last()``, and a uniformly random legal action is taken from the mask.

    .venv/bin/python benchmarks/bench_env.py [GAME ...] [--deals N] [--wrapped]
    .venv/bin/python benchmarks/bench_env.py [GAME ...] --vector 64   # VectorTables

``--vector N`` steps N tables together through :class:`atout.env.vector.VectorTables`
(random legal actions drawn from the stacked masks) and reports agent steps (decisions,
each with its observation and mask) per CPU second; ``--backend`` picks the Python
engines (``python``) or the compiled kernel (``kernel``, the default with numba).

``--colver`` compares the compiled vector environment with colver's environment
stepped from Python (``legal_actions`` then ``step``, as ``peers.py`` times it, in the
peers' virtual environment), in alternating rounds of one run, per agent step:

    .venv/bin/python benchmarks/bench_env.py belote --colver --vector 256 --rounds 5

Each of our agent steps writes the 570-float observation and the 50-entry mask of the
seat to act at its table (exactly ``encode_view``'s), the rewards and, at the end of a
deal, the last observation and a fresh deal; each of colver's is one ``step`` after one
``legal_actions`` (no observation). Our actions are drawn by
``VectorTables.sample_actions`` (a uniformly random legal action per table, compiled),
inside the timed loop; colver's by ``random.Random`` in Python, as in ``peers.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from atout.env import env, raw_env


def bench(
    game: str, deals: int, wrapped: bool = False, seed: int = 0
) -> tuple[float, float, float]:
    """(deals per second of wall time, of this process's CPU time, decisions per deal).
    The CPU figure is the one to compare on a machine shared with other work."""
    e = env(game) if wrapped else raw_env(game)
    rng = np.random.default_rng(seed)
    decisions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(deals):
        e.reset(seed=seed + i)
        for _agent in e.agent_iter():
            obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return deals / elapsed, deals / cpu, decisions / deals


def bench_vector(
    game: str, tables: int, steps: int, seed: int = 0, backend: str = "auto",
    copy: bool = True,
) -> tuple[float, float]:
    """(agent steps per second of wall time, of CPU time) through VectorTables."""
    from atout.env.vector import VectorTables

    vec = VectorTables(game, num_envs=tables, backend=backend, copy=copy)
    obs, _ = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rounds = max(1, steps // tables)
    compiled = vec.backend == "kernel"
    if compiled:
        vec.step(vec.sample_actions())  # load or compile
    start = time.perf_counter()
    cpu = time.process_time()
    for _ in range(rounds):
        if compiled:
            obs, _r, _t, _u, _i = vec.step(vec.sample_actions())
            continue
        mask = obs["action_mask"].astype(bool)
        # a random legal action per table: the first legal index after a random offset
        scores = rng.random(mask.shape) * mask
        obs, _r, _t, _u, _i = vec.step(scores.argmax(axis=1))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return rounds * tables / elapsed, rounds * tables / cpu


def _load() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on this system
        return "?"


def versus_colver(
    game: str, tables: int, rounds: int, seconds: float, python: str, copy: bool
) -> None:
    """Alternating rounds: the compiled vector env here, colver stepped in its worker."""
    import statistics

    import peers

    interpreter = Path(python) if python else peers.ensure_venv(quiet=True)
    worker = peers.Worker.start("colver", interpreter, "cpu")
    try:
        deals = peers.calibrate(worker, seconds)
        bench_vector(game, tables, 10 * tables, backend="kernel", copy=copy)  # warm up
        _, ours0 = bench_vector(game, tables, 20 * tables, backend="kernel", copy=copy)
        steps = max(tables, int(ours0 * seconds))
        load = _load()
        mine: list[float] = []
        theirs: list[float] = []
        for r in range(rounds):
            _, cpu_rate = bench_vector(game, tables, steps, seed=r, backend="kernel", copy=copy)
            mine.append(cpu_rate)
            result = worker.run(deals, r)
            theirs.append(result["decisions"] / result["seconds"])
            print(f"  round {r + 1}/{rounds}: {mine[-1]:,.0f} vs {theirs[-1]:,.0f}",
                  file=sys.stderr)
    finally:
        worker.stop()
    ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
    ratio = statistics.median(ratios)
    print(
        f"agent steps per CPU second, {rounds} alternating rounds of ~{seconds:g} s, medians "
        f"(copy={'on' if copy else 'off'}):"
    )
    ours = f"atout {game} VectorTables(backend='kernel'), {tables} tables, obs + mask"
    print(f"  {ours:68s} {statistics.median(mine):12,.0f}")
    theirs_label = "colver 0.11.1 (coinche) stepped from Python, legal_actions + step"
    print(f"  {theirs_label:68s} {statistics.median(theirs):12,.0f}")
    verdict = "meets" if ratio >= 5 else "BELOW"
    print(
        f"  ratio {ratio:.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f}; target 5x: "
        f"{verdict}); load average {load} before, {_load()} after"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["schieber", "belote", "deberts"])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--wrapped", action="store_true", help="with PettingZoo's wrappers")
    parser.add_argument("--vector", type=int, default=0, help="tables stepped together")
    parser.add_argument(
        "--backend", choices=("auto", "kernel", "python"), default="auto",
        help="VectorTables' backend (auto: the compiled kernel when numba is there)",
    )
    parser.add_argument(
        "--no-copy", action="store_true",
        help="VectorTables(copy=False): the arrays returned are the env's own buffers",
    )
    parser.add_argument(
        "--colver", action="store_true",
        help="the compiled vector env against colver stepped from Python, in one run",
    )
    parser.add_argument("--rounds", type=int, default=5, help="--colver: rounds (5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="--colver: per measurement")
    parser.add_argument(
        "--peers-python", default="",
        help="--colver: an interpreter with colver 0.11.1 (default: peers.py's venv)",
    )
    args = parser.parse_args()
    if args.colver:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        for game in args.games:
            versus_colver(
                game, args.vector or 256, args.rounds, args.seconds, args.peers_python,
                not args.no_copy,
            )
        return
    for game in args.games:
        if args.vector:
            rate, cpu_rate = bench_vector(
                game, args.vector, args.deals * 30, backend=args.backend,
                copy=not args.no_copy,
            )
            print(
                f"{game}: {args.vector} tables ({args.backend}), {rate:,.0f} agent steps/s "
                f"wall, {cpu_rate:,.0f} per CPU second (an observation and a mask at each)"
            )
            continue
        rate, cpu_rate, per_deal = bench(game, args.deals, args.wrapped)
        print(
            f"{game}: {rate:,.0f} deals/s wall, {cpu_rate:,.0f} deals per CPU second "
            f"({per_deal:.1f} decisions per deal, an observation at each)"
        )


if __name__ == "__main__":
    main()
