"""A night table's match: the round's boards in order, then over.

The room's tables are matches rebuilt from a row (game, options, seed) and the log of
actions (:func:`atout.web.tables.build_match`). A night table's seed is at or above
:data:`atout.clubs.duplicate.NIGHT_SEEDS` and holds its round's key: its match deals
the round's boards (turned or not at this table) in place of its own shuffles, and ends
after the last, whatever the scores. A Belote litige held or a Deberts amount hanging is
not carried from one board to the next: every board is scored alone.

This is the one place that gives a night's decks to a match: through the engine's deck
input (:class:`atout.games.decks.GivenDecks`, the round's boards in order); the dealers
are the movement's, so each deal is made here from the deck the source gives.
"""

from __future__ import annotations

import functools
from typing import Any

from atout.cards import CardSet
from atout.clubs.duplicate import NIGHT_SEEDS, Board, table_boards
from atout.games.decks import GivenDecks, SeededDecks
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
            n = get_game(self.game).num_players
            first, turned = boards[0]
            # the boards' decks given to the engine's deck input; the dealers are the
            # movement's (a turned board is dealt by the next seat), so each deal is
            # made here from the deck the source gives
            decks = GivenDecks([b.deck for b, _ in boards], dealer=first.dealer_at(turned, n),
                               then=SeededDecks(seed))
            super().__init__(seed=seed, options=options, decks=decks)
            self.deal = self._board_deal(0)  # Schieber's first forehand is not the board's
            self._start_log()  # the events of the board's deal

        def _board_deal(self, index: int) -> Any:
            board, turned = self._night_boards[index]
            info = get_game(self.game)
            deck = self.decks.deck(index, CardSet(sum(1 << c for c in board.deck)))
            return info.deal(deck, board.dealer_at(turned, info.num_players), self.options)

        def _new_deal(self, dealer: int) -> Any:
            index = len(self.deals)
            if index >= len(self._night_boards):  # over: the last board stays in view
                return self.deals[-1]
            return self._board_deal(index)

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
