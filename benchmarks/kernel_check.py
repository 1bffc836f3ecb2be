"""The compiled kernel against the Python engines on many deals (benchmark side).

For each game (and each option set given), plays ``--deals`` kernel deals with
``record=True`` in batches, rebuilds each one in the Python engine from its deck and
decisions (:func:`atout.kernel.replay`), and checks that every decision is legal there,
that the engine's legal set at each decision is the kernel's, and that the results agree
field by field. Prints the deals checked and the mismatches (there should be none).
With ``--policy rules`` the deals are played by that policy, and each decision that is
not a card is also checked to be the heuristic bot's.

    python benchmarks/kernel_check.py                         # 100,000 deals per game
    python benchmarks/kernel_check.py --policy rules
    python benchmarks/kernel_check.py belote --deals 20000 --options "belote(announced_capot=true)"
"""

from __future__ import annotations

import argparse
import time

from atout.bots import make_bot
from atout.kernel import COMPILED, engine_fields, kernel_fields, play_deals, replay


def check(
    game: str, deals: int, seed: int, options: str | None, batch: int = 10_000,
    policy: str = "random",
) -> int:
    bad = 0
    start = time.perf_counter()
    bot = make_bot(game, "heuristic", seed=0) if policy == "rules" else None
    for first in range(0, deals, batch):
        n = min(batch, deals - first)
        out = play_deals(
            game, n, seed=seed, first=first, options=options, record=True, policy=policy
        )
        for i in range(n):
            try:
                deal, legal = replay(game, out, i, options, bot=bot)
            except ValueError as e:  # a decision not the bot's
                bad += 1
                if bad <= 5:
                    print(f"  mismatch: {game} seed {seed} deal {first + i}: {e}")
                continue
            same_legal = [int(x) for x in out["legal"][i][: len(legal)]] == legal
            if not (deal.is_over and same_legal and (
                kernel_fields(game, out, i) == engine_fields(game, deal.result)
            )):
                bad += 1
                if bad <= 5:
                    print(f"  mismatch: {game} seed {seed} deal {first + i}")
    print(
        f"{game} {options or '(default options)'}, policy {policy}: {deals:,} deals checked, "
        f"{bad} mismatches "
        f"({time.perf_counter() - start:.0f} s; kernel {'numba' if COMPILED else 'plain Python'})",
        flush=True,
    )
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default=None)
    parser.add_argument("--policy", choices=("random", "rules"), default="random")
    args = parser.parse_args()
    bad = sum(
        check(g, args.deals, args.seed, args.options, policy=args.policy) for g in args.games
    )
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
