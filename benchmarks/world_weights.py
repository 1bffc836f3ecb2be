"""Worlds weighed by the others' card play, paired over the same boards (``atout arena``).

    python benchmarks/world_weights.py belote --boards 200              # expert, 0.5
    python benchmarks/world_weights.py schieber --soft 0.7 --boards 100
    python benchmarks/world_weights.py belote --paired medium --boards 300


Bot A is the level (``--level``, default ``expert``) whose worlds are weighed by the
card play (:attr:`atout.bots.search.SearchBot.play_weight`: ``--soft`` per card another
seat played that the rules of thumb would not have played from its hand in that world);
bot B is ``--against``: by default the same level with every world weighing the same,
so the two differ in that alone. The boards, seeds and statistics are ``atout arena``'s
(:func:`atout.arena.duplicate`): each board played twice with the same cards, the teams
swapped; A − B per deal with its 95% interval. Deterministic: the same seed gives the
same result on any machine and with any number of workers.

``--paired OPP`` plays A against OPP and B against OPP over the same boards, with the
same seeds for every bot, and prints the mean of each board's change (A's advantage
over OPP minus B's) with its 95% interval: a board on which the weights change no
decision counts exactly 0, so this interval is far narrower than A against B's.
"""

from __future__ import annotations

import argparse
import math
import os
import time

from atout.arena import ArenaResult, duplicate
from atout.bots.base import BOTS
from atout.bots.search import ExpertBot, HardBot

LEVELS = {"expert": ExpertBot, "hard": HardBot}


def weighed(level: str, game: str, soft: float) -> str:
    """Register the level with weighed worlds (``soft`` per difference) under a new name,
    and return that name. The bot classes are made at import (the arena's worker
    processes import this module by name and find them by the environment)."""
    return f"{level}+weights{soft:g}"


def _register() -> None:
    for level, base in LEVELS.items():
        for spec in os.environ.get("ATOUT_WEIGHTS", "").split(","):
            if not spec:
                continue
            game, soft_text = spec.split("=")
            soft = float(soft_text)
            name = weighed(level, game, soft)
            cls = type(
                f"{base.__name__}W{game}{soft_text.replace('.', '_')}", (base,),
                {"name": name, "play_weight": {game: soft}, "__module__": __name__},
            )
            globals()[cls.__name__] = cls
            BOTS[("*", name)] = f"{__name__}:{cls.__name__}"
        plain = type(
            f"{base.__name__}Plain", (base,),
            {"name": f"{level}+plain", "play_weight": {}, "__module__": __name__},
        )
        globals()[plain.__name__] = plain
        BOTS[("*", f"{level}+plain")] = f"{__name__}:{plain.__name__}"


_register()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert")
    parser.add_argument("--soft", type=float, default=0.5)
    parser.add_argument("--against", default=None,
                        help="bot B (default: the level without weights)")
    parser.add_argument("--paired", default=None, metavar="OPP",
                        help="A and B each against OPP, compared board by board")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    os.environ["ATOUT_WEIGHTS"] = f"{args.game}={args.soft:g}"
    _register()
    a = weighed(args.level, args.game, args.soft)
    b = args.against or f"{args.level}+plain"
    start = time.perf_counter()
    if args.paired:
        runs = [
            duplicate(args.game, x, args.paired, args.boards, seed=args.seed,
                      workers=args.workers)
            for x in (a, b)
        ]
        for run in runs:
            print(run.summary())
        print(paired_change(runs[0], runs[1]))
    else:
        result = duplicate(args.game, a, b, args.boards, seed=args.seed, workers=args.workers)
        print(f"{a} vs {b}")
        print(result.summary())
    print(f"({time.perf_counter() - start:.0f} s)")


def paired_change(first: ArenaResult, second: ArenaResult) -> str:
    """The mean over boards of the first's advantage minus the second's (per deal), with
    its 95% interval (normal approximation), and how many boards changed."""
    changes = [
        x.advantage - y.advantage
        for x, y in zip(first.boards, second.boards, strict=True)
    ]
    n = len(changes)
    mean = sum(changes) / n
    var = sum((c - mean) ** 2 for c in changes) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    moved = sum(1 for c in changes if c)
    return (
        f"paired change per deal, {first.bot_a} minus {second.bot_a} against "
        f"{first.bot_b}: {mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}] "
        f"over {n} boards ({moved} changed)"
    )


if __name__ == "__main__":
    main()
