"""Boards played without people: a table where only bots sit plays its boards itself.

A bot pair may meet another bot pair at a night with few people; their table needs no
one, and its results are written at once. Used too by the scale benchmark and the tests.
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.bots import make_bot
from atout.clubs.duplicate import Board, Night, NightSetup
from atout.games.base import Deal
from atout.notation import format_position

__all__ = [
    "bot_levels", "bot_table_results", "finished_result", "play_bot_table", "play_with_bots",
]


def play_with_bots(
    setup: NightSetup, board: Board, turned: bool, levels: Sequence[str], seed: int = 0
) -> Deal:
    """The board played to its end by a bot at each seat (``levels``, one per seat)."""
    deal = board.deal(setup, turned)
    bots = [make_bot(setup.game, level, seed=seed * 31 + board.number * 7 + seat)
            for seat, level in enumerate(levels)]
    while not deal.is_over:
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal


def finished_result(deal: Deal) -> tuple[tuple[int, int], str]:
    """What each side of the table wrote for a finished deal, and its position line."""
    result = getattr(deal, "result", None)
    if result is None:
        raise ValueError("the deal is not over")
    a, b = result.recorded
    return (int(a), int(b)), format_position(deal)


def bot_levels(night: Night, table_number: int) -> list[str] | None:
    """The bot at each seat of a table of the current round, or ``None`` when a person
    sits there."""
    rnd = night.current
    if rnd is None:
        raise ValueError("no round has started")
    table = night.table(rnd.number, table_number)
    levels: list[str] = [""] * night.setup.num_players
    for side in (0, 1):
        bots = [night.entrant(e).bot for e in table.sides[side]]
        if any(b is None for b in bots):
            return None
        people = [b for b in bots for _ in range(night.setup.per_entrant)]
        for i, level in enumerate(people):
            levels[side + 2 * i] = str(level)
    return levels


def bot_table_results(night: Night, table_number: int, seed: int = 0
                      ) -> list[tuple[int, tuple[int, int], str]]:
    """What a table of bots only writes for the boards it has still to play in the
    current round: ``(board, recorded, position)`` each; the night is not changed (the
    caller writes them, :meth:`Night.record`)."""
    rnd = night.current
    levels = bot_levels(night, table_number)
    if rnd is None or levels is None:
        raise ValueError("not a table of bots in the current round")
    table = night.table(rnd.number, table_number)
    out = []
    for i, number in enumerate(rnd.boards):
        if (rnd.number, table_number, number) in night.results:
            continue
        deal = play_with_bots(night.setup, night.setup.board(number), table.turned(i),
                              levels, seed)
        recorded, position = finished_result(deal)
        out.append((number, recorded, position))
    return out


def play_bot_table(night: Night, table_number: int, seed: int = 0) -> None:
    """Play a table of the current round where every entrant is a bot, board by board."""
    rnd = night.current
    for number, recorded, position in bot_table_results(night, table_number, seed):
        assert rnd is not None
        night.record(rnd.number, table_number, number, recorded, position)
