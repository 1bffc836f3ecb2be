"""Complete deals per second through the PettingZoo environment, one process.

An observation (570 floats and the action mask) is built at every decision by
``env.last()``, and a uniformly random legal action is taken from the mask.

    .venv/bin/python benchmarks/bench_env.py [GAME ...] [--deals N] [--wrapped]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=["schieber", "belote", "deberts"])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--wrapped", action="store_true", help="with PettingZoo's wrappers")
    args = parser.parse_args()
    for game in args.games:
        rate, cpu_rate, per_deal = bench(game, args.deals, args.wrapped)
        print(
            f"{game}: {rate:,.0f} deals/s wall, {cpu_rate:,.0f} deals per CPU second "
            f"({per_deal:.1f} decisions per deal, an observation at each)"
        )


if __name__ == "__main__":
    main()
