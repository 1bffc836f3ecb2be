"""Whole matches through ``Match.apply_unchecked``: actions per second, per game.

Every match is seeded, and a seeded random number generator picks each action among the
match's ``legal_actions()`` until the match is won: what the environment
(:mod:`atout.env.aec`) and any loop over whole matches pay per action, the events the
match builds and keeps included. Figures are CPU times of the measuring process (user
+ system, steadier than the wall clock on a shared machine), the median over the runs,
with the load average.

Each run is a fresh interpreter. ``--baseline SRC`` also measures another source tree
(for example a checkout of an older commit's ``src``; repeat it for several, each
named ``NAME=SRC``), alternating with this one run by run, so that all see the same
moments of the machine:

    python benchmarks/bench_match.py                               # every game
    python benchmarks/bench_match.py belote --matches 40 --runs 7
    python benchmarks/bench_match.py --baseline /work/wt/base/src --runs 5
    python benchmarks/bench_match.py --baseline main=/tmp/main/src --baseline old=/tmp/old/src
    python benchmarks/bench_match.py --checked                     # Match.apply
    python benchmarks/bench_match.py --quiet      # keeps_events=False, as the environment

``--quiet`` sets each match's ``keeps_events`` to False (no events built or kept: what
:mod:`atout.env.aec` does); a tree from before events ignores the attribute.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("deberts", "belote", "schieber")

_CHILD = """
import json, random, sys, time
try:
    from atout.kits import get_game
except ImportError:  # a tree from before the kits
    from atout.games import get_game

game, matches, checked = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
quiet = sys.argv[4] == "1"
info = get_game(game)
rng = random.Random(12345)
actions = 0
warm = info.match(999)
while not warm.is_over:  # warm up: imports, caches
    legal = warm.legal_actions()
    warm.apply_unchecked(legal[rng.randrange(len(legal))])
start = time.process_time()
for seed in range(matches):
    match = info.match(seed)
    if quiet:
        match.keeps_events = False
    step = match.apply if checked else match.apply_unchecked
    while not match.is_over:
        legal = match.legal_actions()
        step(legal[rng.randrange(len(legal))])
        actions += 1
cpu = time.process_time() - start
print(json.dumps({"actions": actions, "cpu": cpu}))
"""


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def measure(
    src: Path, game: str, matches: int, checked: bool, quiet: bool = False
) -> tuple[int, float]:
    """(actions, CPU seconds) of ``matches`` whole matches of ``game`` played in a fresh
    interpreter with ``src`` first on its path."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(matches), "1" if checked else "0",
         "1" if quiet else "0"],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    figures = json.loads(out.strip().splitlines()[-1])
    return int(figures["actions"]), float(figures["cpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games (default: {' '.join(GAMES)})")
    parser.add_argument("--matches", type=int, default=30, help="matches per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per tree and game")
    parser.add_argument(
        "--baseline", action="append", default=[], metavar="[NAME=]SRC",
        help="another src folder, measured alternating with this one (repeatable)",
    )
    parser.add_argument("--checked", action="store_true", help="Match.apply, checked")
    parser.add_argument(
        "--quiet", action="store_true", help="matches that keep no events (keeps_events=False)"
    )
    args = parser.parse_args()
    for game in args.games:
        if game not in GAMES:
            parser.error(f"unknown game {game!r}; choose among {', '.join(GAMES)}")
    trees = {"this": ROOT / "src"}
    for i, given in enumerate(args.baseline):
        name, eq, path = given.rpartition("=")
        trees[name if eq else f"baseline{i + 1 if i else ''}"] = Path(path).resolve()
    entry = "apply" if args.checked else "apply_unchecked"
    entry += ", keeps_events=False" if args.quiet else ""
    print(f"Match.{entry}, {args.matches} matches per run, {args.runs} runs; "
          f"load before {_load()}")
    print(f"{'game':9} {'tree':9} {'actions/s':>10} {'us/action':>10} {'actions':>8}  runs")
    for game in args.games or GAMES:
        rates: dict[str, list[float]] = {name: [] for name in trees}
        counts: dict[str, int] = {}
        for _ in range(args.runs):
            for name, src in trees.items():
                actions, cpu = measure(src, game, args.matches, args.checked, args.quiet)
                rates[name].append(actions / cpu)
                counts[name] = actions
        for name in trees:
            median = statistics.median(rates[name])
            spread = " ".join(f"{r / 1000:.0f}k" for r in rates[name])
            print(f"{game:9} {name:9} {median:10.0f} {1e6 / median:10.2f} "
                  f"{counts[name]:8}  {spread}")
        for name in list(trees)[1:]:
            ratio = statistics.median(rates["this"]) / statistics.median(rates[name])
            print(f"{game:9} this/{name} {ratio:.3f}")
    print(f"load after {_load()}")


if __name__ == "__main__":
    main()
