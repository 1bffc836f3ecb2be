"""Complete random deals per second through the compiled kernel (atout.kernel).

Each run plays ``--deals`` complete deals per game in one call of
:func:`atout.kernel.play_deals` (shuffle, contract, melds, every card, the score, the
results written to arrays), on one core; the figure is the median over the runs of
deals per CPU second of this process (the wall clock with ``--clock wall``). The first
call loads (or compiles) the kernel and is not timed. The load average is printed
with each figure: other work on a shared machine slows every figure.

    python benchmarks/bench_kernel.py                        # every game
    python benchmarks/bench_kernel.py schieber --deals 1000000 --runs 7

Cards per second are deals per second times the cards of a deal (a Belote deal thrown
in after eight passes plays none), for comparison with engines that count card plays.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from atout.kernel import COMPILED, play_deals

GAMES = ("deberts", "belote", "schieber")


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"kernel: {'numba' if COMPILED else 'plain Python'}; load average {load()}")
    for game in args.games:
        play_deals(game, 10, seed=0)  # load or compile
        rates = []
        cards = 0.0
        for run in range(args.runs):
            start = clock()
            out = play_deals(game, args.deals, seed=run + 1)
            rates.append(args.deals / (clock() - start))
            cards = float(out["tricks"].sum(axis=1).mean()) * (2 if game == "deberts" else 4)
        print(
            f"{game}: {statistics.median(rates):,.0f} deals/s "
            f"(runs {min(rates):,.0f} .. {max(rates):,.0f}; {cards:.1f} cards a deal, "
            f"{statistics.median(rates) * cards:,.0f} cards/s; "
            f"{args.deals:,} deals a run, {args.clock} clock); load average {load()}",
            flush=True,
        )


if __name__ == "__main__":
    main()
