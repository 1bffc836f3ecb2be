"""The learned bidding's gain, paired over the same boards (``atout arena``'s duplicate).

    python benchmarks/bidding_gain.py schieber --boards 300             # medium card play
    python benchmarks/bidding_gain.py belote --level hard --boards 200  # hard's card play

Bot A bids by the learned model (:mod:`atout.bots.bidding`), bot B as the level did
before it: ``medium`` by the rules of thumb; ``hard`` by the rules of thumb;
``expert`` by simulation in Deberts and Belote and by the rules of thumb for Schieber's
contract. Everything else, the card play above all, is the level's own, so the two
differ in their bids alone. The boards, seeds and statistics are ``atout arena``'s
(:func:`atout.arena.duplicate`): each board played twice with the same cards, the teams
swapped; A − B per deal with its 95% interval. Deterministic: the same seed gives the
same result on any machine and with any number of workers.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from atout.arena import duplicate
from atout.bots.base import BOTS
from atout.bots.bidding import learned_choice
from atout.bots.search import ExpertBot, HardBot, MediumBot
from atout.games import game_of
from atout.games.actions import Action


class LearnedMedium(MediumBot):
    """``medium`` whose bids are the learned model's."""

    name = "medium-learned"

    def choose(self, view: Any) -> Action:
        choice = learned_choice(game_of(view), view)
        return choice if choice is not None else super().choose(view)


class RulesHard(HardBot):
    """``hard`` as it was: bids by the rules of thumb."""

    name = "hard-rules"
    learned_bids: frozenset[str] = frozenset()


class RulesExpert(ExpertBot):
    """``expert`` as it was: bids by simulation (Schieber's contract by the rules)."""

    name = "expert-rules"
    learned_bids: frozenset[str] = frozenset()


PAIRS = {
    "medium": (f"{__name__}:LearnedMedium", "atout.bots.search:MediumBot"),
    "hard": ("atout.bots.search:HardBot", f"{__name__}:RulesHard"),
    "expert": ("atout.bots.search:ExpertBot", f"{__name__}:RulesExpert"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--level", choices=sorted(PAIRS), default="medium")
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    learned, rules = PAIRS[args.level]
    a, b = f"{args.level}+learned", f"{args.level}+rules"
    BOTS[("*", a)] = learned
    BOTS[("*", b)] = rules
    start = time.perf_counter()
    result = duplicate(args.game, a, b, args.boards, seed=args.seed, workers=args.workers)
    print(result.summary())
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
