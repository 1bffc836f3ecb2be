"""Decision time of the bots: median, 90th and 99th percentile and worst seconds per
decision, per game, with the load average.

Seat 0 (and its partner in four-player games) is the bot measured; the others are the
rules-of-thumb bot. Forced decisions (a single legal action) are left out. The compiled
kernels are loaded (or compiled) first, as ``atout play`` does in the background before
a player's first move (``atout.bots.warm``); the time it took is printed. Wall-clock
times, as a player waits them, and the CPU time beside them (what a loaded machine
does not inflate).

    python benchmarks/bench_bots.py expert --deals 10
    python benchmarks/bench_bots.py expert --decisions 10000       # deals until N decisions
    python benchmarks/bench_bots.py expert --time-budget none      # no deadline
    python benchmarks/bench_bots.py expert --games belote --depth 6,7  # a deeper search
    python benchmarks/bench_bots.py expert --games schieber --nodes 3000000  # a smaller budget

The levels' budgets are work (solver nodes, worlds), not time; ``--time-budget`` sets
the wall-clock safety net that only people's tables use (seconds; ``none`` or ``level``:
off). The summary line counts the decisions over one second, those that reached the
node budget and those cut by the safety net. ``--depth AHEAD,FULL`` times a search
level with another horizon (AHEAD tricks searched exactly, to the end from FULL tricks
left), as ``benchmarks/card_play_variants.py --depth`` plays it.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time
from typing import Any

from atout.bots.base import make_bot
from atout.kits import get_game


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def make(game: str, name: str, seed: int, budget: Any,
         depth: tuple[int, int] | None = None, nodes: int | None = None) -> Any:
    bot = make_bot(game, name, seed=seed)
    if nodes is not None:
        if not hasattr(bot, "node_budget_by_game"):
            raise SystemExit(f"{name} has no node budget to set")
        bot.node_budget_by_game = {**bot.node_budget_by_game, game: nodes}
    if budget != "level" and hasattr(bot, "time_budget"):
        bot.time_budget = budget
    if depth is not None:
        if not hasattr(bot, "depth"):
            raise SystemExit(f"{name} has no search depth to set")
        bot.depth = {**bot.depth, game: depth}
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("--games", nargs="+", default=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--decisions", type=int, default=0,
                        help="play deals until this many decisions per game (overrides --deals)")
    parser.add_argument("--time-budget", default="level",
                        help="safety net, seconds per decision; 'none' or 'level': off")
    parser.add_argument("--depth", default=None, metavar="AHEAD,FULL",
                        help="the search's horizon in the games measured")
    parser.add_argument("--nodes", type=int, default=None,
                        help="the solver's node budget per decision in the games measured")
    args = parser.parse_args()
    depth: tuple[int, int] | None = None
    if args.depth:
        ahead, _, full = args.depth.partition(",")
        depth = (int(ahead), int(full or ahead))
    budget: Any = args.time_budget
    if budget == "none":
        budget = None
    elif budget != "level":
        budget = float(budget)
    from atout.bots.warm import warm_up

    print(f"kernels loaded in {warm_up():.2f} s (load average {load()})", flush=True)
    for game in args.games:
        info = get_game(game)
        times: list[float] = []
        cpu: list[float] = []
        cut = 0
        spent_all = 0
        load_before = load()
        deals = itertools.count() if args.decisions else range(args.deals)
        for i in deals:
            if args.decisions and len(times) >= args.decisions:
                break
            deal = info.deal(seed=10_000 + i, dealer=i % info.num_players)
            bots = [
                make(game, args.bot, i * 8 + s, budget, depth, args.nodes) if s % 2 == 0
                else make_bot(game, "heuristic", seed=i * 8 + s)
                for s in range(info.num_players)
            ]
            while not deal.is_over:
                seat = deal.current_player()
                view = deal.view(seat)
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bots[seat].choose(view)
                spent = time.perf_counter() - start
                if seat % 2 == 0 and len(view.legal_actions) > 1:
                    times.append(spent)
                    cpu.append(time.process_time() - start_cpu)
                    cut += bool(getattr(bots[seat], "cut", False))
                    spent_all += bool(getattr(bots[seat], "at_budget", False))
                deal.apply(action)
        print(
            f"{game}: {args.bot}{f' depth {args.depth}' if depth else ''}"
            f"{f' nodes {args.nodes}' if args.nodes else ''} "
            f"(safety net {args.time_budget}), {len(times)} decisions: "
            f"median {statistics.median(times):.3f} s, "
            f"p90 {quantile(times, 0.9):.3f} s, p99 {quantile(times, 0.99):.3f} s, "
            f"worst {max(times):.3f} s; over 1 s: {sum(t > 1 for t in times)}, "
            f"at the node budget: {spent_all}, cut by the safety net: {cut} "
            f"(load average {load_before} before, {load()} after); CPU time: median "
            f"{statistics.median(cpu):.3f} s, p90 {quantile(cpu, 0.9):.3f} s, "
            f"p99 {quantile(cpu, 0.99):.3f} s, worst {max(cpu):.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
