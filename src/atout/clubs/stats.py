"""The statistics of a finished match that the member page shows, per seat: the team's
points, contracts taken and made, announcements (Weis, sequences, bela) and capots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["SeatStats", "match_stats", "team_of"]


def team_of(game: str, seat: int) -> int:
    """A seat's team: partners sit opposite in Belote and Schieber; Deberts is one
    against one."""
    return seat if game == "deberts" else seat % 2


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
        if game == "deberts":
            if r.caller is not None and r.played:
                taken[r.caller] += 1
                made[r.caller] += r.outcome == "made"
            for seat in range(n):
                melds[seat] += len(r.sequences[seat]) + (r.bela[seat] > 0)
                if r.played and sum(r.tricks) and r.tricks[seat] == sum(r.tricks):
                    capots[seat] += 1
        elif game == "belote":
            if r.taker is not None and r.outcome != "thrown-in":
                taken[r.taker] += 1
                made[r.taker] += r.outcome == "made"
            for team in (0, 1):
                for seat, _ in r.announcements[team]:
                    melds[seat] += 1
            if r.capot is not None:
                for seat in range(n):
                    capots[seat] += team_of(game, seat) == r.capot
        else:  # schieber
            if r.chooser is not None:
                taken[r.chooser] += 1
                mine = r.chooser % 2
                made[r.chooser] += r.card_points[mine] > r.card_points[1 - mine]
            for team in (0, 1):
                for seat, _ in r.weis[team]:
                    melds[seat] += 1
            if r.stoeck_seat is not None and r.stoeck_seat >= 0:
                melds[r.stoeck_seat] += 1
            for seat in range(n):
                capots[seat] += r.match_bonus[team_of(game, seat)] > 0
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
