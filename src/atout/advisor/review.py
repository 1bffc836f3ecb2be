"""After the deal: its record, and the open-hand value of every card played.

Once a deal is played out, every card of every hand has been seen, so the open-hand
solver (:mod:`atout.bots.solver`) can say, at each card, what each legal card was worth
with all hands known and perfect play afterwards: the card played, the best card, and
what the difference cost. That is how players learn from a real game. (Deberts' stock
is never played; its order in the record is the filler's, and changes nothing.)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from atout.cards import CARDS, Card
from atout.games.actions import Play
from atout.kits import kit
from atout.notation import deal_extras, format_match, record_of

if TYPE_CHECKING:
    from atout.advisor.session import Advisor

__all__ = ["CardReview", "record_text", "review_deal"]


@dataclass(frozen=True)
class CardReview:
    """One card played: the values (in card points, the rest of the deal from that
    moment, for the player's side, theirs minus the others') of the card played and of
    the best legal card, and what the card cost (0 for a best card)."""

    seat: int
    card: Card
    value: int
    best: int
    best_cards: tuple[Card, ...]
    #: Every legal card with its value, best first.
    values: tuple[tuple[Card, int], ...]

    @property
    def cost(self) -> int:
        return self.best - self.value


def review_deal(deal: Any) -> list[CardReview]:
    """Every card of a played-out deal with its open-hand value (see the module
    docstring). A deal that was not played to its last card is refused (hidden cards)."""
    from atout.bots.solver import problem_from_deal, shared_solver

    total = deal.num_players * kit(deal.game).rules.NUM_TRICKS
    plays = [a for _, a in deal.actions if isinstance(a, Play)]
    if not deal.is_over or len(plays) != total:
        raise ValueError("only a deal played to its last card can be reviewed")
    deal_cls: Any = type(deal)
    extras = {name: getattr(deal, name) for name in deal_extras(deal_cls)}
    replay = type(deal)(deal.deck, deal.dealer, deal.options, **extras)
    solver = shared_solver()
    out: list[CardReview] = []
    for seat, action in deal.actions:
        if isinstance(action, Play):
            values = solver.values(problem_from_deal(replay))
            sign = 1 if seat % 2 == 0 else -1
            mine = {CARDS[c]: sign * v for c, v in values.items()}
            best = max(mine.values())
            ranked = tuple(sorted(mine.items(), key=lambda kv: (-kv[1], kv[0])))
            out.append(CardReview(
                seat, action.card, mine[action.card], best,
                tuple(c for c, v in ranked if v == best), ranked,
            ))
        replay.apply(action)
    return out


def record_text(advisor: Advisor, headers: dict[str, str] | None = None) -> str:
    """The record of the finished deals (``docs/records.md``): the decks as the entries
    and the play revealed them, every action, the scores as comments."""
    match = advisor._rebuild_match()
    names = {f"Seat{s}": ("player" if s == advisor.seat else "table") for s in range(advisor.n)}
    names.update(headers or {})
    record = record_of(match, names)
    record = dataclasses.replace(record, deals=record.deals[: len(advisor.finished)])
    return format_match(record, match)
