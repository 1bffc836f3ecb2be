"""What the courses of the three games share: builders and answers computed by the engine."""

from __future__ import annotations

from collections.abc import Callable

from atout.games.base import Deal

__all__ = ["last_trick_points", "last_trick_winner", "position"]


def position(text: str) -> Callable[[], Deal]:
    """A builder of the deal written in the record notation's position form."""

    def build() -> Deal:
        from atout.notation import read_position

        return read_position(text)

    return build


def last_trick_winner(deal: Deal) -> str:
    """The seat that took the last completed trick, as the engine recorded it."""
    tricks = deal.tricks  # type: ignore[attr-defined]
    return f"seat:{tricks[-1][-1]}"


def last_trick_points(deal: Deal) -> int:
    """The card points of the trick the last card completed: what the engine added to
    the captured points when that card was played (the last trick's bonus aside)."""
    before = deal.copy()
    before.undo()
    return sum(deal.captured) - sum(before.captured)  # type: ignore[attr-defined]
