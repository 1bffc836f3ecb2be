"""A night table's match: the round's boards in order, then over.

The room's tables are matches rebuilt from a row (game, options, seed) and the log of
actions (:func:`atout.web.tables.build_match`). A night table's seed is at or above
:data:`atout.clubs.duplicate.NIGHT_SEEDS` and holds its round's key: its match deals
the round's boards (turned or not at this table) in place of its own shuffles, and ends
after the last, whatever the scores. A Belote litige held or a Deberts amount hanging is
not carried from one board to the next: every board is scored alone.

This is the one place that gives a night's decks to a match; when the engine takes a
deck source (given decks), :func:`night_match` is what changes.
"""

from __future__ import annotations

import functools
from typing import Any

from atout.clubs.duplicate import NIGHT_SEEDS, Board, table_boards
from atout.kits import get_game

__all__ = ["is_night_seed", "night_match"]


def is_night_seed(seed: int) -> bool:
    return seed >= NIGHT_SEEDS


@functools.cache
def _boards_class(match_cls: type[Any]) -> type[Any]:
    class NightMatch(match_cls):  # type: ignore[misc]
        """The game's match, dealing the night's boards and ending after the last."""

        _night_boards: list[tuple[Board, bool]]
        winner: int | None

        def __init__(self, boards: list[tuple[Board, bool]], seed: int, options: Any) -> None:
            self._night_boards = boards
            super().__init__(seed=seed, options=options)
            self.deal = self._new_deal(0)  # Schieber deals its first deal without it
            if hasattr(self, "_start_log"):  # the events of the board, not of a shuffle
                self._start_log()

        def _new_deal(self, dealer: int) -> Any:
            index = len(self.deals)
            if index >= len(self._night_boards):  # over: the last board stays in view
                return self.deals[-1]
            board, turned = self._night_boards[index]
            info = get_game(self.game)
            return info.deal(board.deck, board.dealer_at(turned, info.num_players),
                             self.options)

        def _finish_deal(self) -> None:
            super()._finish_deal()
            for name in ("held", "hanging"):  # every board is scored alone
                if hasattr(self, name):
                    setattr(self, name, 0)
            if len(self.deals) >= len(self._night_boards):
                if self.winner is None:  # the last board: over, whoever leads
                    a, b = self.scores
                    self.winner = 0 if a >= b else 1
                    self.deal = self.deals[-1]
            elif self.winner is not None:  # a target reached early: the night plays on
                self.winner = None
                self.deal = self._new_deal(0)

    NightMatch.__name__ = NightMatch.__qualname__ = f"Night{match_cls.__name__}"
    return NightMatch


def night_match(game: str, options: Any, seed: int) -> Any:
    """The match of a night table whose seed is ``seed`` (see
    :func:`atout.clubs.duplicate.table_seed`)."""
    info = get_game(game)
    cls = _boards_class(info.match)
    return cls(table_boards(info.name, options, seed), seed, options)
