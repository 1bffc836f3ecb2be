"""How long the compiled kernels take to compile from an empty cache, in fresh processes.

Each measurement is a new interpreter with ``NUMBA_CACHE_DIR`` set to a new empty
folder: the first ``play_deals(game, 10)`` of one game (what a program waits for the
first time), or ``atout warm --programs`` (the search bots' kernels, then every game's
complete deals and vector tables). Prints the CPU time of the process (user + system,
less disturbed than the wall clock by other work on a shared machine) and the wall
time, the median over the rounds, and the load average.

``--baseline SRC`` also measures another source tree (for example an export of the main
branch's ``src``), alternating with this one run by run, so that both see the same
moments of the machine:

    python benchmarks/bench_compile.py                          # this tree, 3 rounds
    python benchmarks/bench_compile.py --baseline /tmp/main/src --rounds 3
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_FIRST_CALL = "from atout.kernel import play_deals\nplay_deals({game!r}, 10)\n"
_WARM = (
    "import sys\nfrom atout.cli import main\n"
    "sys.argv = ['atout', 'warm', '--programs']\nmain()\n"
)


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def measure(src: Path, code: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of a fresh interpreter running ``code`` with ``src``
    first on its path and an empty numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=str(src), NUMBA_CACHE_DIR=cache)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-W", "ignore", "-c", code], env=env, check=True,
            stdout=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["schieber", "belote", "deberts"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default="", help="another src folder, alternating")
    parser.add_argument("--no-warm", action="store_true", help="skip atout warm --programs")
    args = parser.parse_args()
    trees = {"this tree": ROOT / "src"}
    if args.baseline:
        trees = {"baseline": Path(args.baseline).resolve(), **trees}
    tasks = {f"first play_deals, {g}": _FIRST_CALL.format(game=g) for g in args.games}
    if not args.no_warm:
        tasks["atout warm --programs"] = _WARM
    found: dict[tuple[str, str], list[tuple[float, float]]] = {}
    print(f"load average {_load()} before", flush=True)
    for r in range(args.rounds):
        for task, code in tasks.items():
            names = list(trees) if r % 2 == 0 else list(reversed(trees))
            for name in names:
                found.setdefault((task, name), []).append(measure(trees[name], code))
        print(f"  round {r + 1}/{args.rounds} done (load average {_load()})", file=sys.stderr)
    print(f"from an empty cache, median of {args.rounds} runs (CPU s / wall s):")
    for task in tasks:
        cells = []
        for name in trees:
            runs = found[(task, name)]
            cpu = statistics.median(c for c, _ in runs)
            wall = statistics.median(w for _, w in runs)
            cells.append(f"{name} {cpu:.1f} / {wall:.1f}")
        print(f"  {task:28s} " + "; ".join(cells))
    print(f"load average {_load()} after")


if __name__ == "__main__":
    main()
