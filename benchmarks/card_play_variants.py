"""Card-play variants of a search level, paired over the same boards (``atout arena``).

    python benchmarks/card_play_variants.py belote --soft 0.5 --boards 300
    python benchmarks/card_play_variants.py belote --soft 0.5 --paired medium --boards 300
    python benchmarks/card_play_variants.py belote --depth 6,7 --paired medium --boards 300

Bot A is the level (``--level``, default ``expert``) with the variant: ``--soft S``
weighs its worlds by the others' card play (:attr:`atout.bots.search.SearchBot.
play_weight`: S per card another seat played that the rules of thumb would not have
played from its hand in that world); ``--depth AHEAD,FULL`` searches AHEAD tricks
exactly before the static estimate, to the end from FULL tricks left. Bot B is the same
level without the variant (``--plain-soft S`` gives B weights of its own), so the two
differ in that alone, or ``--against NAME``. The boards, seeds and statistics are
``atout arena``'s (:func:`atout.arena.duplicate`): each board played twice with the
same cards, the teams swapped; A − B per deal with its 95% interval. Deterministic: the
same seed gives the same result on any machine and with any number of workers.

``--paired OPP`` plays A against OPP and B against OPP over the same boards, with the
same seeds for every bot, and prints the mean of each board's change (A's advantage
over OPP minus B's) with its 95% interval: a board on which the variant changes no
decision counts exactly 0, so this interval is far narrower than A against B's.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from typing import Any

from atout.arena import ArenaResult, duplicate
from atout.bots.base import BOTS
from atout.bots.search import ExpertBot, HardBot, PIMCBot

LEVELS: dict[str, type[PIMCBot]] = {"expert": ExpertBot, "hard": HardBot}
_ENV = "ATOUT_CARD_PLAY_VARIANTS"


def _register() -> None:
    """Make and register the variants named in the environment (the arena's worker
    processes import this module by name and find the classes the same way)."""
    for name, spec in json.loads(os.environ.get(_ENV, "{}")).items():
        base = LEVELS[spec["level"]]
        attrs: dict[str, Any] = {"name": name, "__module__": __name__}
        game = spec["game"]
        attrs["play_weight"] = {} if spec.get("soft") is None else {game: spec["soft"]}
        if spec.get("depth"):
            attrs["depth"] = {**base.depth, game: tuple(spec["depth"])}
        cls_name = "V" + "".join(ch if ch.isalnum() else "_" for ch in name)
        globals()[cls_name] = type(cls_name, (base,), attrs)
        BOTS[("*", name)] = f"{__name__}:{cls_name}"


_register()


def paired_change(first: ArenaResult, second: ArenaResult) -> str:
    """The mean over boards of the first's advantage minus the second's (per deal), with
    its 95% interval (normal approximation), and how many boards changed."""
    changes = [
        x.advantage - y.advantage for x, y in zip(first.boards, second.boards, strict=True)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--level", choices=sorted(LEVELS), default="expert")
    parser.add_argument("--soft", type=float, default=None)
    parser.add_argument("--plain-soft", type=float, default=None)
    parser.add_argument("--depth", default=None, metavar="AHEAD,FULL")
    parser.add_argument("--against", default=None,
                        help="bot B (default: the level without the variant)")
    parser.add_argument("--paired", default=None, metavar="OPP",
                        help="A and B each against OPP, compared board by board")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    depth = [int(x) for x in args.depth.split(",")] if args.depth else None
    a = f"{args.level}+soft{args.soft}+depth{args.depth}".replace(",", "-")
    b = f"{args.level}+soft{args.plain_soft}"
    specs = {
        a: {"level": args.level, "game": args.game, "soft": args.soft, "depth": depth},
        b: {"level": args.level, "game": args.game, "soft": args.plain_soft},
    }
    os.environ[_ENV] = json.dumps(specs)
    _register()
    b = args.against or b
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
        print(result.summary())
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
