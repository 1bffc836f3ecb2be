"""Card-play variants of a search level, paired over the same boards (``atout arena``).

    python benchmarks/card_play_variants.py belote --soft 0.5 --boards 300
    python benchmarks/card_play_variants.py belote --soft 0.5 --paired medium --boards 300
    python benchmarks/card_play_variants.py belote --depth 6,7 --paired medium --boards 300
    python benchmarks/card_play_variants.py belote --depth 6,7 --paired medium --start 300 \
        --boards 300 --save part2.json
    python benchmarks/card_play_variants.py --combine part1.json part2.json

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

``--start N`` plays the boards numbered from N (a board depends on its number alone), and
``--save FILE`` writes each run's boards, so a long measurement can be split into runs
over consecutive ranges that ``--combine`` prints as the one run over all the boards.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from typing import Any

from atout.arena import ArenaResult, BoardResult, duplicate
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


def save(path: str, runs: list[ArenaResult], seed: int) -> None:
    """Write the runs' boards (points of A and B in each play), to combine later."""
    data = [
        {"game": r.game, "bot_a": r.bot_a, "bot_b": r.bot_b, "seed": seed,
         "boards": [[b.board, list(b.a_points), list(b.b_points)] for b in r.boards]}
        for r in runs
    ]
    with open(path, "w") as f:
        json.dump(data, f)


def combine(paths: list[str]) -> list[ArenaResult]:
    """The runs saved in ``paths`` (the same matches over other boards) as one run each."""
    parts: list[list[dict[str, Any]]] = []
    for path in paths:
        with open(path) as f:
            parts.append(json.load(f))
    runs = []
    for i, first in enumerate(parts[0]):
        boards: dict[int, BoardResult] = {}
        for part in parts:
            run = part[i]
            match = ("game", "bot_a", "bot_b", "seed")
            if [run[k] for k in match] != [first[k] for k in match]:
                raise SystemExit(f"not the same match: {run['bot_a']} vs {run['bot_b']}")
            for n, a, b in run["boards"]:
                if n in boards:
                    raise SystemExit(f"board {n} saved twice")
                boards[n] = BoardResult(n, (a[0], a[1]), (b[0], b[1]))
        runs.append(ArenaResult(
            first["game"], first["bot_a"], first["bot_b"],
            tuple(boards[n] for n in sorted(boards)),
        ))
    return runs


def report(runs: list[ArenaResult]) -> None:
    for run in runs:
        print(run.summary())
    if len(runs) == 2:
        print(paired_change(runs[0], runs[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=["deberts", "belote", "schieber"])
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
    parser.add_argument("--start", type=int, default=0, help="the first board's number")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="write the boards played, for --combine")
    parser.add_argument("--combine", nargs="+", default=None, metavar="FILE",
                        help="print the runs saved in these files as one")
    args = parser.parse_args()
    if args.combine:
        report(combine(args.combine))
        return
    if args.game is None:
        parser.error("a game is needed (or --combine)")
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
    pairs = [(a, args.paired), (b, args.paired)] if args.paired else [(a, b)]
    runs = [
        duplicate(args.game, x, y, args.boards, seed=args.seed, workers=args.workers,
                  first=args.start)
        for x, y in pairs
    ]
    report(runs)
    if args.save:
        save(args.save, runs, args.seed)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
