"""Complete deals per second through the compiled kernel (atout.kernel).

Each run plays ``--deals`` complete deals per game in one call of
:func:`atout.kernel.play_deals` (shuffle, contract, melds, every card, the score, the
results written to arrays), on one core; the figure is the median over the runs of
deals per CPU second of this process (the wall clock with ``--clock wall``). The first
call loads (or compiles) the kernel and is not timed. The load average is printed
with each figure: other work on a shared machine slows every figure.

    python benchmarks/bench_kernel.py                        # every game
    python benchmarks/bench_kernel.py schieber --deals 1000000 --runs 7
    python benchmarks/bench_kernel.py --policy random rules  # both policies, alternating

``--policy``: the decisions' policy (``random``, or ``rules``: the contract as the
heuristic bots fix it, the cards random); with both, each run times one batch of each,
one after the other, so that both see the same load.

Cards per second are deals per second times the cards of a deal (a Belote deal thrown
in after eight passes plays none), for comparison with engines that count card plays.

``--rollouts`` also measures Belote card play alone from a dealt state, as colver's
``Env.rollout(n)`` does it: the same dealt position (trump fixed, first lead) played
out to the end again and again with uniformly random legal cards by the kernel's rules
(the solver's random playout), in one compiled loop; cards per CPU second.
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


def rollouts_per_second(count: int) -> float:
    """Belote random playouts from one dealt position, per CPU second."""
    import numba
    import numpy as np

    from atout.bots import solver
    from atout.games.belote import BeloteDeal

    @numba.njit(cache=True)
    def many(P, hands, pts, stren, above, count):  # type: ignore[no-untyped-def]
        cards = np.zeros(36, dtype=np.int64)
        h = np.zeros(4, dtype=np.int64)
        total = 0
        for i in range(count):
            for s in range(4):
                h[s] = hands[s]
            total += solver._rollout(P, h, cards, 0, 0, 1, 0, pts, stren, above, i + 1)
        return total

    deal = BeloteDeal(seed=1, dealer=0)
    deal.apply(deal.legal_actions()[1])  # the first seat takes the turned suit
    problem = solver.problem_from_deal(deal)
    P, pts, stren, above, _order, hands, _cards = solver.Solver(tt_bits=4).kernel_state(problem)
    many(P, hands, pts, stren, above, 10)
    start = time.process_time()
    many(P, hands, pts, stren, above, count)
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--rollouts", action="store_true", help="also Belote playouts")
    parser.add_argument(
        "--policy", nargs="+", choices=("random", "rules"), default=["random"],
        help="the decisions' policy (several: measured alternately)",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"kernel: {'numba' if COMPILED else 'plain Python'}; load average {load()}")
    for game in args.games:
        play_deals(game, 10, seed=0)  # load or compile
        rates: dict[str, list[float]] = {p: [] for p in args.policy}
        cards = dict.fromkeys(args.policy, 0.0)
        for run in range(args.runs):
            for policy in args.policy:
                start = clock()
                out = play_deals(game, args.deals, seed=run + 1, policy=policy)
                rates[policy].append(args.deals / (clock() - start))
                per_deal = float(out["tricks"].sum(axis=1).mean())
                cards[policy] = per_deal * (2 if game == "deberts" else 4)
        for policy in args.policy:
            r = rates[policy]
            print(
                f"{game} ({policy}): {statistics.median(r):,.0f} deals/s "
                f"(runs {min(r):,.0f} .. {max(r):,.0f}; {cards[policy]:.1f} cards a deal, "
                f"{statistics.median(r) * cards[policy]:,.0f} cards/s; "
                f"{args.deals:,} deals a run, {args.clock} clock); load average {load()}",
                flush=True,
            )
    if args.rollouts:
        rates = [rollouts_per_second(1_000_000) for _ in range(args.runs)]
        rate = statistics.median(rates)
        print(
            f"belote playouts from a dealt state: {rate:,.0f} playouts/s, "
            f"{32 * rate:,.0f} cards/s; load average {load()}"
        )


if __name__ == "__main__":
    main()
