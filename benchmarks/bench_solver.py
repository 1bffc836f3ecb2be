"""Speed of the open-hand solver on full deals, from the first trick.

For each of N seeded deals per game, the rules-of-thumb bots bid (deals thrown in are
redealt with the next seed), then the solver finds the exact value of the whole card play
from the first lead (MTD(f) over all hands). Prints the median, worst and mean time per
deal (wall clock, and the process's CPU time, which other work on a shared machine
disturbs less) and the mean, median and worst number of nodes searched.

    .venv/bin/python benchmarks/bench_solver.py deberts belote schieber --deals 200
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 200 --ahead 4
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 200 --skip 3 --values

``--ahead K`` measures the depth-limited search the bots use early in a deal (K tricks
searched exactly, then a static estimate) instead of the exact solve. ``--skip K``
starts K tricks into the deal (played by the rules-of-thumb bots); ``--values`` solves
every legal card of the player to move, as a PIMC world does, instead of the position
once. The first call loads (or compiles) the numba kernel; it is not timed.
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
from atout.games.actions import Play


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


def skip_tricks(deal: Any, tricks: int, game: str) -> Any:
    """Play ``tricks`` tricks of ``deal`` with the rules-of-thumb bots."""
    bots = [make_bot(game, "heuristic", seed=s) for s in range(deal.num_players)]
    target = tricks * deal.num_players
    while not deal.is_over and sum(isinstance(a, Play) for _, a in deal.actions) < target:
        seat = deal.current_player()
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--ahead", type=int, default=0, help="tricks searched exactly (0: all)")
    parser.add_argument("--skip", type=int, default=0, help="tricks played before solving")
    parser.add_argument("--values", action="store_true", help="solve every legal card")
    args = parser.parse_args()
    solver = Solver()
    for game in args.games:
        deals = [skip_tricks(d, args.skip, game) for d in first_trick_deals(game, args.deals)]
        deals = [d for d in deals if not d.is_over]
        # load the kernel on a one-trick search, with a table of its own
        first = problem_from_deal(deals[0])
        warm = Solver(tt_bits=10)
        warm.values(dataclasses.replace(first, stop=first.tricks_done + 1))
        warm.value(dataclasses.replace(first, stop=first.tricks_done + 1))
        times = []
        cpu = []
        nodes = []
        for deal in deals:
            problem = problem_from_deal(deal)
            if args.ahead:
                problem = dataclasses.replace(problem, stop=problem.tricks_done + args.ahead)
            solver.stats[0] = 0
            start, start_cpu = time.perf_counter(), time.process_time()
            if args.values:
                solver.values(problem)
            else:
                solver.value(problem)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            nodes.append(int(solver.stats[0]))
        depth = f"{args.ahead} tricks ahead" if args.ahead else "exact"
        where = f"after {args.skip} tricks" if args.skip else "whole deal"
        what = "every legal card" if args.values else "the position"
        print(
            f"{game}: {len(times)} deals ({depth}, {where}, {what}, "
            f"{'numba' if COMPILED else 'pure Python'}): "
            f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
            f"mean {statistics.mean(times):.3f} s (CPU: median {statistics.median(cpu):.3f} s, "
            f"worst {max(cpu):.3f} s); nodes: mean {statistics.mean(nodes):,.0f}, "
            f"median {statistics.median(nodes):,.0f}, worst {max(nodes):,}",
            flush=True,
        )


if __name__ == "__main__":
    main()
