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
stepped from Python (in the peers' virtual environment), in alternating rounds of one
run, per agent step, four ways: ours with N tables a call (``--vector N``, 256 by
default) and with one table a call, against colver's bare loop (``legal_actions`` then
``step``, as ``peers.py`` times it; the observation ``step`` returns stays a Python
list) and against colver stepped with the observation and the mask as arrays
(``legal_action_mask()``, a random action from it, ``step``, its observation made a
float32 array):

    .venv/bin/python benchmarks/bench_env.py belote --colver --vector 256 --rounds 5

Each of our agent steps writes the 570-float observation and the 50-entry mask of the
seat to act at its table (exactly ``encode_view``'s), the rewards and, at the end of a
deal, the last observation and a fresh deal. Our actions are drawn by
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
) -> dict[str, float]:
    """Alternating rounds: the compiled vector env here (``tables`` tables in a call,
    then one table a call), colver stepped in its worker (bare, then with the
    observation and the mask as arrays). Returns the median ratios."""
    import statistics

    import peers

    interpreter = Path(python) if python else peers.ensure_venv(quiet=True)
    names = ("colver", "colver-obs")
    workers = {name: peers.Worker.start(name, interpreter, "cpu") for name in names}
    sizes = (tables, 1) if tables != 1 else (1,)
    try:
        deals = {name: peers.calibrate(w, seconds) for name, w in workers.items()}
        steps = {}
        for n in sizes:
            bench_vector(game, n, 10 * n, backend="kernel", copy=copy)  # warm up
            _, rate = bench_vector(game, n, max(20 * n, 2000), backend="kernel", copy=copy)
            steps[n] = max(n, int(rate * seconds))
        load = _load()
        rates: dict[str, list[float]] = {str(n): [] for n in sizes}
        rates.update({name: [] for name in names})
        for r in range(rounds):
            for n in sizes:
                _, cpu_rate = bench_vector(game, n, steps[n], seed=r, backend="kernel", copy=copy)
                rates[str(n)].append(cpu_rate)
            for name, w in workers.items():
                result = w.run(deals[name], r)
                rates[name].append(result["decisions"] / result["seconds"])
            print(
                f"  round {r + 1}/{rounds}: "
                + ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rates.items()),
                file=sys.stderr,
            )
    finally:
        for w in workers.values():
            w.stop()
    print(
        f"{game}: agent steps per CPU second, {rounds} alternating rounds of ~{seconds:g} s, "
        f"medians (copy={'on' if copy else 'off'}):"
    )
    labels = {
        str(n): f"atout VectorTables(backend='kernel'), {n} table{'s' if n > 1 else ''} "
        "a call, obs + mask" for n in sizes
    }
    labels["colver"] = "colver 0.11.1 stepped from Python, legal_actions + step"
    labels["colver-obs"] = "colver 0.11.1, mask + step + obs as arrays"
    for key, label in labels.items():
        print(f"  {label:68s} {statistics.median(rates[key]):12,.0f}")
    targets = {("colver", tables): 5.0}
    found: dict[str, float] = {}
    for n in sizes:
        for name in names:
            per_round = [a / b for a, b in zip(rates[str(n)], rates[name], strict=True)]
            ratio = statistics.median(per_round)
            found[f"{n}/{name}"] = ratio
            target = targets.get((name, n))
            verdict = f"; target {target:g}x: {'meets' if ratio >= target else 'BELOW'}" if (
                target
            ) else ""
            print(
                f"  {n} table{'s' if n > 1 else ''} / {labels[name]}: {ratio:.2f}x "
                f"(rounds {min(per_round):.2f}-{max(per_round):.2f}{verdict})"
            )
    print(f"  load average {load} before, {_load()} after", flush=True)
    return found


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
