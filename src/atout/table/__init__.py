"""One table of one match: :class:`~atout.table.session.TableSession`, below every front
end (the line mode, the full-screen table, the web room) and above the games and bots."""

from __future__ import annotations

from atout.table.session import (
    CannotUndo,
    Saved,
    Seat,
    TableSession,
    Update,
)

__all__ = ["CannotUndo", "Saved", "Seat", "TableSession", "Update"]
