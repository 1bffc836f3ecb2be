"""Decision time of the bots: median and worst seconds per decision, per game.

Seat 0 (and its partner in four-player games) is the bot measured; the others are the
rules-of-thumb bot. Forced decisions (a single legal action) are left out.

    .venv/bin/python benchmarks/bench_bots.py expert --deals 10
"""

from __future__ import annotations

import argparse
import statistics
import time

from atout.bots.base import make_bot
from atout.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("--games", nargs="+", default=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args()
    for game in args.games:
        info = get_game(game)
        times: list[float] = []
        for i in range(args.deals):
            deal = info.deal(seed=10_000 + i, dealer=i % info.num_players)
            bots = [
                make_bot(game, args.bot if s % 2 == 0 else "heuristic", seed=i * 8 + s)
                for s in range(info.num_players)
            ]
            while not deal.is_over:
                seat = deal.current_player()
                view = deal.view(seat)
                start = time.perf_counter()
                action = bots[seat].choose(view)
                spent = time.perf_counter() - start
                if seat % 2 == 0 and len(view.legal_actions) > 1 and (i, seat) != (0, 0):
                    times.append(spent)
                deal.apply(action)
        print(
            f"{game}: {args.bot}, {len(times)} decisions: median {statistics.median(times):.3f} s, "
            f"90th percentile {sorted(times)[int(0.9 * len(times))]:.3f} s, "
            f"worst {max(times):.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
