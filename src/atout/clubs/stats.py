"""The statistics of a finished match that the member page shows, per seat: the team's
points, contracts taken and made, announcements (Weis, sequences, bela) and capots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.kits import kit

__all__ = ["SeatStats", "match_stats", "team_of"]


def team_of(game: str, seat: int) -> int:
    """A seat's team: partners sit opposite (seats 0 and 2, 1 and 3); at a table of two
    each player is a side of its own (seat 0 or 1 again)."""
    return seat % 2


@dataclass(frozen=True)
class SeatStats:
    seat: int
    team: int
    won: bool
    #: The team's final score, and the best score against it.
    points: int
    against: int
    #: Deals played in the match (thrown-in deals included).
    deals: int
    #: Contracts this seat took (Deberts: called; Belote: took; Schieber: chose trump)
    #: and of those, made (Schieber: the choosing team took more card points).
    taken: int
    made: int
    #: Scoring announcements this seat held (Weis, sequences, bela, Stöck).
    announcements: int
    #: Deals in which the seat's team took every trick.
    capots: int


def match_stats(game: str, match: Any) -> list[SeatStats]:
    """Every seat's :class:`SeatStats` of a finished ``match`` of ``game``."""
    if not match.is_over:
        raise ValueError("the match is not over")
    n = match.num_players
    dealing = kit(game).deals()
    score = getattr(match, "final_score", None) or match.scores
    winner = int(match.winner)
    taken = [0] * n
    made = [0] * n
    melds = [0] * n
    capots = [0] * n
    for deal in match.deals:
        r = deal.result
        if r is None:
            continue
        for seat, counts in enumerate(dealing.tally(r, n)):
            taken[seat] += counts[0]
            made[seat] += counts[1]
            melds[seat] += counts[2]
            capots[seat] += counts[3]
    out = []
    for seat in range(n):
        team = team_of(game, seat)
        others = [int(score[t]) for t in range(len(score)) if t != team]
        out.append(SeatStats(
            seat=seat, team=team, won=team == winner, points=int(score[team]),
            against=max(others) if others else 0, deals=len(match.deals), taken=taken[seat],
            made=made[seat], announcements=melds[seat], capots=capots[seat],
        ))
    return out
