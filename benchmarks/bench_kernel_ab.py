"""The compiled kernel of two source trees side by side: complete deals per CPU second
(each policy) and vector-table agent steps per CPU second, interleaved round by round.

    python benchmarks/bench_kernel_ab.py --baseline /tmp/main/src --rounds 15
    python benchmarks/bench_kernel_ab.py --baseline /tmp/main/src --tasks \
        deals:belote:rules:200000 vec:belote:1:20000

Each tree runs in a worker process of its own (``PYTHONPATH`` the tree), kept up for
the whole run; the driver asks one then the other, A B B A ..., so that both see the
same moments of a shared machine. A task is ``deals:GAME:POLICY:N`` (one
``play_deals(GAME, N, policy=POLICY)`` call, timed) or ``vec:GAME:TABLES:CALLS``
(``VectorTables(GAME, num_envs=TABLES, backend="kernel")`` stepped CALLS times with
``sample_actions()``, counted in agent steps). Prints, per task, the medians, the
median of the per-round ratios (this tree / baseline) with its range, and the ratio of
the best rounds (each tree's fastest round: on a shared machine, the round least
disturbed by other work). The first call of each task in a worker loads (or compiles)
the kernel and is not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TASKS = (
    "deals:schieber:random:200000", "deals:belote:random:200000",
    "deals:deberts:random:300000", "deals:schieber:rules:200000",
    "deals:belote:rules:200000", "deals:deberts:rules:300000",
    "vec:schieber:1:20000", "vec:belote:1:20000", "vec:deberts:1:20000",
    "vec:schieber:256:200", "vec:belote:256:200", "vec:deberts:256:200",
)


def worker() -> None:
    """Answer one task a line on stdin with its rate on stdout."""
    from atout.env.vector import VectorTables
    from atout.kernel import play_deals

    tables: dict[tuple[str, int], Any] = {}
    for line in sys.stdin:
        kind, game, a, b, seed = line.split()
        if kind == "deals":
            play_deals(game, 10, seed=0, policy=a)
            start = time.process_time()
            play_deals(game, int(b), seed=int(seed), policy=a)
            rate = int(b) / (time.process_time() - start)
        else:
            key = (game, int(a))
            if key not in tables:
                vec = VectorTables(game, num_envs=int(a), backend="kernel")
                vec.reset(seed=0)
                for _ in range(20):
                    vec.step(vec.sample_actions())
                tables[key] = vec
            vec = tables[key]
            vec.reset(seed=int(seed))
            step, sample = vec.step, vec.sample_actions
            start = time.process_time()
            for _ in range(int(b)):
                step(sample())
            rate = int(b) * int(a) / (time.process_time() - start)
        print(json.dumps(rate), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="the other tree's src folder")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--tasks", nargs="+", default=list(TASKS))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    trees = {"baseline": str(Path(args.baseline).resolve()), "this tree": str(ROOT / "src")}
    workers = {
        name: subprocess.Popen(
            [sys.executable, "-W", "ignore", __file__, "--worker", "--baseline", src],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONPATH=src),
        )
        for name, src in trees.items()
    }
    rates: dict[tuple[str, str], list[float]] = {}
    print(f"load average {os.getloadavg()[0]:.1f} before", flush=True)
    for r in range(args.rounds):
        names = list(trees) if r % 2 == 0 else list(reversed(trees))
        for task in args.tasks:
            line = " ".join([*task.split(":"), str(r + 1)]) + "\n"
            for name in names:
                w = workers[name]
                assert w.stdin is not None and w.stdout is not None
                w.stdin.write(line)
                w.stdin.flush()
                rates.setdefault((task, name), []).append(json.loads(w.stdout.readline()))
    for task in args.tasks:
        base, this = rates[(task, "baseline")], rates[(task, "this tree")]
        ratios = [t / b for b, t in zip(base, this, strict=True)]
        print(
            f"{task:30s} baseline {statistics.median(base):>12,.0f}  this tree "
            f"{statistics.median(this):>12,.0f}  ratio {statistics.median(ratios):.3f} "
            f"({min(ratios):.2f}-{max(ratios):.2f})  best {max(this) / max(base):.3f}",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.1f} after")
    for w in workers.values():
        assert w.stdin is not None
        w.stdin.close()
        w.wait()


if __name__ == "__main__":
    main()
