"""Complete deals per second through the PettingZoo environment, one process.

An observation (570 floats and the action mask) is built at every decision by
``env.last()``, and a uniformly random legal action is taken from the mask.

    .venv/bin/python benchmarks/bench_env.py [GAME ...] [--deals N] [--wrapped]
    .venv/bin/python benchmarks/bench_env.py [GAME ...] --vector 64   # VectorTables

``--vector N`` steps N tables together through :class:`atout.env.vector.VectorTables`
(random legal actions drawn from the stacked masks) and reports agent steps (decisions,
each with its observation and mask) per CPU second.
"""

from __future__ import annotations

import argparse
import time

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


def bench_vector(game: str, tables: int, steps: int, seed: int = 0) -> tuple[float, float]:
    """(agent steps per second of wall time, of CPU time) through VectorTables."""
    from atout.env.vector import VectorTables

    vec = VectorTables(game, num_envs=tables)
    obs, _ = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rounds = max(1, steps // tables)
    start = time.perf_counter()
    cpu = time.process_time()
    for _ in range(rounds):
        mask = obs["action_mask"].astype(bool)
        # a random legal action per table: the first legal index after a random offset
        scores = rng.random(mask.shape) * mask
        obs, _r, _t, _u, _i = vec.step(scores.argmax(axis=1))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return rounds * tables / elapsed, rounds * tables / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["schieber", "belote", "deberts"])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--wrapped", action="store_true", help="with PettingZoo's wrappers")
    parser.add_argument("--vector", type=int, default=0, help="tables stepped together")
    args = parser.parse_args()
    for game in args.games:
        if args.vector:
            rate, cpu_rate = bench_vector(game, args.vector, args.deals * 30)
            print(
                f"{game}: {args.vector} tables, {rate:,.0f} agent steps/s wall, "
                f"{cpu_rate:,.0f} per CPU second (an observation and a mask at each)"
            )
            continue
        rate, cpu_rate, per_deal = bench(game, args.deals, args.wrapped)
        print(
            f"{game}: {rate:,.0f} deals/s wall, {cpu_rate:,.0f} deals per CPU second "
            f"({per_deal:.1f} decisions per deal, an observation at each)"
        )


if __name__ == "__main__":
    main()
