"""Where the time of random complete deals goes: cProfile, and the cost of each phase.

    python benchmarks/profile_deals.py schieber            # 2000 deals, top 20 by own time
    python benchmarks/profile_deals.py belote --deals 5000 --sort cumulative --top 30
    python benchmarks/profile_deals.py deberts --phases    # only the phase costs, unprofiled

``--phases`` times (CPU time, best of 5, no profiler) the deal alone, the deal and its
contract, and the whole deal, so that the difference gives the cost of each phase per
deal and per card. The profile itself slows small functions more than big ones: read
it for where the calls go, and the phases (or ``peers.py``) for speed.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from atout.games.actions import Play
from atout.kits import get_game


def play_deals(game: str, deals: int, stage: int = 2) -> int:
    """Random complete deals (stage 2), or up to the first card (1), or only dealt (0);
    the number of cards played."""
    info = get_game(game)
    deal_cls, players = info.deal, info.num_players
    rand = random.Random(1).random
    cards = 0
    for i in range(deals):
        deal = deal_cls(seed=i, dealer=i % players)
        if stage == 0:
            continue
        while not deal.is_over:
            actions = deal.legal_actions()
            if stage == 1 and type(actions[-1]) is Play:
                break
            deal.apply_unchecked(actions[int(rand() * len(actions))])
        cards += players * len(deal.tricks) + len(deal.trick)
    return cards


def phases(game: str, deals: int) -> None:
    best = []
    cards = play_deals(game, deals)
    for stage in (0, 1, 2):
        times = []
        for _ in range(5):
            start = time.process_time()
            play_deals(game, deals, stage)
            times.append(time.process_time() - start)
        best.append(min(times) / deals * 1e6)
    per_deal = cards / deals
    print(
        f"{game}: per deal {best[2]:.1f} us ({1e6 / best[2]:,.0f} deals/s): deal "
        f"{best[0]:.1f}, contract {best[1] - best[0]:.1f}, play {best[2] - best[1]:.1f} "
        f"({(best[2] - best[1]) / per_deal:.2f} us a card, {per_deal:.1f} cards a deal); "
        f"{best[2] / per_deal:.2f} us a card in all"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("deberts", "belote", "schieber"))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--sort", default="tottime", help="pstats key (tottime)")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--phases", action="store_true", help="phase costs only")
    args = parser.parse_args()
    if args.phases:
        phases(args.game, args.deals)
        return
    get_game(args.game)  # imported (and its tables built) before the profile
    profile = cProfile.Profile()
    profile.runcall(play_deals, args.game, args.deals)
    pstats.Stats(profile).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    phases(args.game, args.deals)


if __name__ == "__main__":
    main()
