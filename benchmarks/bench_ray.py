"""Deals per second of the duplicate arena and of self-play on Ray, for 1 and 2 workers.

Each run starts a local Ray instance with that many CPUs (the start-up is not timed),
plays the same boards as the local backend and checks that the result is identical.
With ``--repeat N`` each figure is the best of N runs (the machine may be shared).

    .venv/bin/python benchmarks/bench_ray.py [--game schieber] [--boards 400] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import tempfile
import time

import ray

from atout.arena import duplicate
from atout.distributed import selfplay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="schieber")
    parser.add_argument("--bots", default="heuristic,random")
    parser.add_argument("--boards", type=int, default=400)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    a, b = args.bots.split(",")
    start = time.perf_counter()
    local = duplicate(args.game, a, b, args.boards, seed=1, workers=1)
    elapsed = time.perf_counter() - start
    print(f"local, 1 process: arena {2 * args.boards / elapsed:,.0f} deals/s")
    for workers in args.workers:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        duplicate(args.game, a, b, 4 * workers, seed=99, backend="ray", workers=workers)  # warm
        arena_rate = selfplay_rate = 0.0
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = duplicate(
                args.game, a, b, args.boards, seed=1, backend="ray", workers=workers
            )
            arena_rate = max(arena_rate, 2 * args.boards / (time.perf_counter() - start))
            assert result == local, "the Ray backend must give the local result"
            with tempfile.TemporaryDirectory() as out:
                deals = 2 * args.boards
                start = time.perf_counter()
                selfplay(args.game, [a], deals, out, seed=1,
                         chunk=max(1, deals // (8 * workers)), backend="ray", workers=workers)
                selfplay_rate = max(selfplay_rate, deals / (time.perf_counter() - start))
        ray.shutdown()
        print(
            f"ray, {workers} worker(s): arena {arena_rate:,.0f} deals/s (same result), "
            f"self-play with samples {selfplay_rate:,.0f} deals/s"
        )


if __name__ == "__main__":
    main()
