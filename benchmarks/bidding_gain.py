"""The learned bidding's gain, paired over the same boards (``atout arena``'s duplicate).

    python benchmarks/bidding_gain.py schieber --boards 300             # medium card play
    python benchmarks/bidding_gain.py belote --level hard --boards 200  # hard's card play
    python benchmarks/bidding_gain.py deberts --weights w.npz --boards 3000  # model vs model

Bot A bids by the learned model (:mod:`atout.bots.bidding`), bot B as the level did
before it: ``medium`` by the rules of thumb; ``hard`` by the rules of thumb;
``expert`` by simulation in Deberts and Belote and by the rules of thumb for Schieber's
contract. Everything else, the card play above all, is the level's own, so the two
differ in their bids alone. The boards, seeds and statistics are ``atout arena``'s
(:func:`atout.arena.duplicate`): each board played twice with the same cards, the teams
swapped; A − B per deal with its 95% interval. Deterministic: the same seed gives the
same result on any machine and with any number of workers.

``--weights FILE`` compares two models instead: A bids by the weights in FILE (from
``atout train-bidding --out FILE``), B by the shipped ones, both at the level's card
play and in every game (Schieber too).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping
from functools import cache
from typing import Any

from atout.arena import duplicate
from atout.bots.base import BOTS
from atout.bots.bidding import learned_choice, read_weights
from atout.bots.search import ExpertBot, HardBot, MediumBot
from atout.games.actions import Action
from atout.kits import game_of

_ENV = "ATOUT_BIDDING_GAIN_WEIGHTS"  # the --weights file, read in every worker
_ALL = frozenset({"deberts", "belote", "schieber"})


@cache
def _trained(game: str) -> Mapping[str, Any]:
    return read_weights(game, os.environ[_ENV])


class LearnedMedium(MediumBot):
    """``medium`` whose bids are the learned model's."""

    name = "medium-learned"

    def weights(self, game: str) -> Mapping[str, Any] | None:
        return None

    def choose(self, view: Any) -> Action:
        game = game_of(view)
        choice = learned_choice(game, view, self.weights(game))
        return choice if choice is not None else super().choose(view)


class TrainedMedium(LearnedMedium):
    """``medium`` bidding by the ``--weights`` file."""

    name = "medium-trained"

    def weights(self, game: str) -> Mapping[str, Any] | None:
        return _trained(game)


class LearnedHard(HardBot):
    """``hard`` bidding by the shipped model in every game."""

    name = "hard-learned"
    learned_bids = _ALL




class LearnedExpert(ExpertBot):
    """``expert`` bidding by the shipped model in every game."""

    name = "expert-learned"
    learned_bids = _ALL


class _Trained:
    """A search level bidding by the ``--weights`` file in every game."""

    bidding_weights: Mapping[str, Any] | None

    def choose(self, view: Any) -> Action:
        self.bidding_weights = _trained(game_of(view))
        return super().choose(view)  # type: ignore[misc]


class TrainedHard(_Trained, LearnedHard):
    name = "hard-trained"


class TrainedExpert(_Trained, LearnedExpert):
    name = "expert-trained"


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
#: --weights: the file's model (A) against the shipped one (B).
MODELS = {
    "medium": (f"{__name__}:TrainedMedium", f"{__name__}:LearnedMedium"),
    "hard": (f"{__name__}:TrainedHard", f"{__name__}:LearnedHard"),
    "expert": (f"{__name__}:TrainedExpert", f"{__name__}:LearnedExpert"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--level", choices=sorted(PAIRS), default="medium")
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--weights", help="A bids by this weights file, B by the shipped")
    args = parser.parse_args()
    learned, rules = PAIRS[args.level]
    a, b = f"{args.level}+learned", f"{args.level}+rules"
    if args.weights:
        os.environ[_ENV] = os.path.abspath(args.weights)
        learned, rules = MODELS[args.level]
        a, b = f"{args.level}+trained", f"{args.level}+shipped"
    BOTS[("*", a)] = learned
    BOTS[("*", b)] = rules
    start = time.perf_counter()
    result = duplicate(args.game, a, b, args.boards, seed=args.seed, workers=args.workers)
    print(result.summary())
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
