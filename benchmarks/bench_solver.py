"""Speed of the open-hand solver on full deals, from the first trick.

For each of N seeded deals per game, the rules-of-thumb bots bid (deals thrown in are
redealt with the next seed), then the solver finds the exact value of the whole card play
from the first lead (MTD(f) over all hands). Prints the median and worst time per deal.

    .venv/bin/python benchmarks/bench_solver.py deberts belote --deals 200
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 10
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 200 --ahead 4

``--ahead K`` measures the depth-limited search the bots use early in a deal (K tricks
searched exactly, then a static estimate) instead of the exact solve. The first call
loads (or compiles) the numba kernel; it is not timed.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from typing import Any

from atout.bots.base import make_bot
from atout.bots.solver import COMPILED, Solver, problem_from_deal
from atout.games import get_game


def first_trick_deals(game: str, count: int) -> list[Any]:
    """``count`` deals bid by the rules-of-thumb bots, stopped at the first lead."""
    info = get_game(game)
    deals = []
    seed = 0
    while len(deals) < count:
        deal = info.deal(seed=seed, dealer=seed % info.num_players)
        seed += 1
        bots = [make_bot(game, "heuristic", seed=seed * 4 + s) for s in range(info.num_players)]
        while not deal.is_over and deal.phase != "play":
            seat = deal.current_player()
            deal.apply(bots[seat].choose(deal.view(seat)))
        if not deal.is_over:
            deals.append(deal)
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--ahead", type=int, default=0, help="tricks searched exactly (0: all)")
    args = parser.parse_args()
    solver = Solver()
    for game in args.games:
        deals = first_trick_deals(game, args.deals)
        solver.value(problem_from_deal(first_trick_deals(game, 1)[0]))  # load the kernel
        times = []
        nodes = []
        for deal in deals:
            problem = problem_from_deal(deal)
            if args.ahead:
                problem = dataclasses.replace(problem, stop=args.ahead)
            solver.stats[0] = 0
            start = time.perf_counter()
            solver.value(problem)
            times.append(time.perf_counter() - start)
            nodes.append(int(solver.stats[0]))
        depth = f"{args.ahead} tricks ahead" if args.ahead else "exact, whole deal"
        print(
            f"{game}: {len(times)} deals ({depth}, {'numba' if COMPILED else 'pure Python'}): "
            f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
            f"mean {statistics.mean(nodes):,.0f} nodes",
            flush=True,
        )


if __name__ == "__main__":
    main()
