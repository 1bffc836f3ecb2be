"""Complete random deals per second, in one process, for each game (median of runs).

A "complete deal" starts from a seed: shuffle, deal, bidding or contract choice, every
card, scoring. Actions are drawn uniformly from ``legal_actions()`` and applied with
``apply_unchecked``; a second figure goes through the checked ``apply``; a third plays
the cards through the integer path (``legal_mask``, ``play_card``) with the deals drawn
from one running random source. Also reported: copies per second of a mid-deal state.
Times are CPU times of this process (steadier than the wall clock on a shared machine).

    python benchmarks/bench_deals.py                 # every game, 5 runs of 2000 deals
    python benchmarks/bench_deals.py deberts --deals 5000 --runs 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from importlib import import_module

from atout.kits import KITS, get_game


def deals_per_second(game: str, deals: int, seed: int, checked: bool) -> float:
    info = get_game(game)
    rng = random.Random(seed)
    start = time.process_time()
    for i in range(deals):
        deal = info.deal(seed=seed * 1_000_003 + i, dealer=i % info.num_players)
        step = deal.apply if checked else deal.apply_unchecked
        while not deal.is_over:
            actions = deal.legal_actions()
            step(actions[rng.randrange(len(actions))])
    return deals / (time.process_time() - start)


def integer_path_deals_per_second(game: str, deals: int, seed: int) -> float:
    info = get_game(game)
    rng = random.Random(seed)
    start = time.process_time()
    for i in range(deals):
        deal = info.deal(seed=rng, dealer=i % info.num_players)
        mask = deal.legal_mask()
        while True:
            if mask:
                k = rng.randrange(mask.bit_count())
                for _ in range(k):
                    mask &= mask - 1
                mask = deal.play_card((mask & -mask).bit_length() - 1)
            elif deal.is_over:
                break
            else:
                actions = deal.legal_actions()
                deal.apply_unchecked(actions[rng.randrange(len(actions))])
                mask = deal.legal_mask()
    return deals / (time.process_time() - start)


def copies_per_second(game: str, copies: int = 20000) -> float:
    info = get_game(game)
    deal = info.deal(seed=1)
    rng = random.Random(1)
    for _ in range(12):  # into the play
        if deal.is_over:
            break
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    start = time.process_time()
    for _ in range(copies):
        deal.copy()
    return copies / (time.process_time() - start)


def available() -> list[str]:
    names = []
    for name, game_kit in KITS.items():
        try:
            import_module(game_kit.engine)
        except ModuleNotFoundError:
            continue
        names.append(name)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for game in args.games or available():
        unchecked = [deals_per_second(game, args.deals, r, False) for r in range(args.runs)]
        checked = [deals_per_second(game, args.deals, r, True) for r in range(args.runs)]
        integer = [integer_path_deals_per_second(game, args.deals, r) for r in range(args.runs)]
        copies = copies_per_second(game)
        print(
            f"{game:9s} random complete deals/s: median {statistics.median(unchecked):8,.0f} "
            f"(unchecked), {statistics.median(checked):8,.0f} (checked apply), "
            f"{statistics.median(integer):8,.0f} (integer path); "
            f"runs={args.runs} x {args.deals}; copies/s {copies:,.0f}"
        )


if __name__ == "__main__":
    main()
