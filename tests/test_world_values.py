"""The search bots value a world as the engine scores it (issue 24, point 3).

A search bot solves each imagined world (the open-hand solver's value: team 0 minus
team 1 of what the rest of the play brings, a capot's bonus included) and turns the
deal's final difference into written points with :func:`atout.bots.search.world_utility`,
which goes through the engines' own settlement (``settle_contract`` of Belote and
Deberts, ``written`` of Schieber). Here thousands of deals per game and option set are
played at random to their last trick, where the solver's value is exact: the world's
value for each team must be what the engine writes once the trick is played.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from atout.bots.search import _scoring, world_utility
from atout.bots.solver import Solver, problem_from_deal
from atout.kits import get_game

TRICKS = {"deberts": 9, "belote": 8, "schieber": 9}
CASES = [
    ("belote", None),
    ("belote", "belote(announced_capot=true)"),
    ("belote", "belote(defender_capot=162,belote_in_contract=false)"),
    ("belote", "belote(announcements=false,undertrump=false)"),
    ("deberts", None),
    ("deberts", "deberts(doubling=true)"),
    ("schieber", None),
    ("schieber", "schieber(undenufe_values=modern,stoeck=false)"),
]
DEALS = 2500


def _last_trick(deal: Any, rng: random.Random) -> bool:
    """Play ``deal`` at random to the start of its last trick; False if it ended first
    (thrown in, cancelled)."""
    last = TRICKS[deal.game] - 1
    while not deal.is_over and not (
        deal.phase == "play" and len(deal.tricks) == last and not deal.trick
    ):
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    return not deal.is_over


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_world_value_is_the_engines_result(game: str, options: str | None) -> None:
    info = get_game(game)
    opts = info.options.parse(options) if options else info.options()
    solver = Solver(tt_bits=10)
    rng = random.Random(24)
    outcomes: Counter[str] = Counter()
    worlds = 0
    for seed in range(DEALS):
        deal = info.deal(seed=seed, dealer=seed % info.num_players, options=opts)
        if not _last_trick(deal, rng):
            continue
        problem = problem_from_deal(deal)
        scoring = _scoring(deal, problem)
        diff = scoring.fixed + solver.value(problem)
        values = [world_utility(deal, diff, scoring, team) for team in (0, 1)]
        while not deal.is_over:  # one card left in each hand
            deal.apply(deal.legal_actions()[0])
        recorded = deal.result.recorded
        want = [recorded[0] - recorded[1], recorded[1] - recorded[0]]
        assert values == want, (seed, values, want, deal.result)
        worlds += 1
        outcome = getattr(deal.result, "outcome", "played")
        capot = getattr(deal.result, "capot", None)
        if capot is None and game == "schieber":
            capot = 0 if deal.result.tricks[1] == 0 else 1 if deal.result.tricks[0] == 0 else None
        outcomes[outcome + (" capot" if capot is not None else "")] += 1
    assert worlds > DEALS * 0.8
    # the settlement's cases are all met: made and dedans (bait), ties, capots
    if game == "belote":
        assert outcomes["made"] and outcomes["dedans"] and outcomes["litige"], outcomes
        assert outcomes["made capot"] + outcomes["dedans capot"], outcomes
    elif game == "deberts":
        assert outcomes["made"] and outcomes["bait"] and outcomes["tie"], outcomes
