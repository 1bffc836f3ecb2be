"""Ratings: OpenSkill's Plackett-Luce model, one rating per player and game in a club.

A player is a member (``member:ID``) or a bot level (``bot:medium``): the bots of a level
share one rating, so a member sees where they stand against ``medium`` or ``expert``.
Teams are rated as partnerships (Belote and Schieber: seats 0 and 2 against 1 and 3;
Deberts: each player alone). A player who fills two seats of one match (two ``medium``
bots) gets the mean of their seats' new ratings.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Rating", "ordinal", "rate_match"]

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3


@dataclass(frozen=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    #: Rated matches played.
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The leaderboard's number: ``mu - 3 sigma`` (a newcomer is at 0)."""
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


@functools.cache
def _model() -> PlackettLuce:
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


def rate_match(
    seats: Sequence[str], teams: Sequence[int], winner: int | None,
    current: Mapping[str, Rating],
) -> dict[str, Rating]:
    """The new ratings of the players of a finished match: ``seats[i]`` the player at
    seat ``i``, ``teams[i]`` its team, ``winner`` the winning team (the others tied
    behind it; ``None``: every team tied, as a duplicate night's table may end),
    ``current`` the ratings now (a player missing: a newcomer)."""
    if len(seats) != len(teams) or (winner is not None and winner not in teams):
        raise ValueError("every seat needs a team, and the winner must be one of them")
    model = _model()
    order = sorted(set(teams), key=lambda t: (t != winner, t))
    groups = [[i for i in range(len(seats)) if teams[i] == t] for t in order]
    rated = model.rate(
        [[model.rating(mu=current.get(seats[i], Rating()).mu,
                       sigma=current.get(seats[i], Rating()).sigma) for i in group]
         for group in groups],
        ranks=[0.0 if t == winner or winner is None else 1.0 for t in order],
    )
    fresh: dict[str, list[tuple[float, float]]] = {}
    for group, team in zip(groups, rated, strict=True):
        for i, rating in zip(group, team, strict=True):
            fresh.setdefault(seats[i], []).append((rating.mu, rating.sigma))
    out: dict[str, Rating] = {}
    for player, values in fresh.items():
        mu = sum(v[0] for v in values) / len(values)
        sigma = sum(v[1] for v in values) / len(values)
        out[player] = Rating(mu, sigma, current.get(player, Rating()).matches + 1)
    return out
