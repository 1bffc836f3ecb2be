"""The database: tables, their seats and the event log of every accepted action.

A table is rebuilt from its row (game, options, seed) and its events, in order. An
event is written and committed before anybody is told of it, so a server killed at
any moment loses no action that a player saw accepted. The primary key
``(table_id, seq)`` makes a second writer of the same step fail instead of forking
the log.

Seat tokens are stored as SHA-256 digests only: the database alone does not let
anyone take a seat.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

__all__ = ["DuplicateEvent", "SeatRow", "Store", "TableRow", "hash_token", "new_token"]

metadata = MetaData()

tables = Table(
    "atout_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(20), nullable=False),
    Column("options", String(400), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("lang", String(5), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
)

seats = Table(
    "atout_seats",
    metadata,
    Column("table_id", String(40), ForeignKey("atout_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),  # human | bot
    Column("bot", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

events = Table(
    "atout_events",
    metadata,
    Column("table_id", String(40), ForeignKey("atout_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(40), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


class DuplicateEvent(Exception):
    """Another writer already stored this step of the table's log."""


def new_token() -> str:
    """A fresh secret (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    options: str
    seed: int
    lang: str
    created_at: datetime
    finished_at: datetime | None
    seats: tuple[SeatRow, ...]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Write-ahead log with ``synchronous=NORMAL``: a commit is in the log file before
    ``append_event`` returns, so a killed server process loses nothing (a power cut
    may lose the last commits); ``ATOUT_DB_SYNC=FULL`` syncs every commit to disk."""
    mode = os.environ.get("ATOUT_DB_SYNC", "NORMAL").upper()
    if mode not in ("NORMAL", "FULL"):
        mode = "NORMAL"
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={mode}")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """SQLAlchemy access to the three tables; SQLite by default, any URL it accepts."""

    def __init__(self, url: str) -> None:
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self, game: str, options: str, seed: int, lang: str,
        seat_rows: list[tuple[str, str | None, str | None]],
    ) -> str:
        """Store a new table; ``seat_rows`` holds (kind, bot, token hash) per seat."""
        table_id = secrets.token_urlsafe(12)
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=table_id, game=game, options=options, seed=seed, lang=lang,
                created_at=_now(), finished_at=None,
            ))
            for seat, (kind, bot, token_hash) in enumerate(seat_rows):
                conn.execute(insert(seats).values(
                    table_id=table_id, seat=seat, kind=kind, bot=bot, token_hash=token_hash,
                ))
        return table_id

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
        return TableRow(
            id=row.id, game=row.game, options=row.options, seed=int(row.seed), lang=row.lang,
            created_at=row.created_at, finished_at=row.finished_at,
            seats=tuple(SeatRow(s.seat, s.kind, s.bot, s.token_hash) for s in seat_rows),
        )

    def events(self, table_id: str) -> list[tuple[int, int, str]]:
        """The log of a table: (seq, seat, action text), in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events.c.seq, events.c.seat, events.c.action)
                .where(events.c.table_id == table_id).order_by(events.c.seq)
            ).all()
        return [(r.seq, r.seat, r.action) for r in rows]

    def append_event(self, table_id: str, seq: int, seat: int, action: str) -> None:
        """Store step ``seq`` of the log and commit; :class:`DuplicateEvent` if taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(events).values(
                    table_id=table_id, seq=seq, seat=seat, action=action, created_at=_now(),
                ))
        except IntegrityError as exc:
            raise DuplicateEvent(f"step {seq} of table {table_id} is already stored") from exc

    def mark_finished(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(finished_at=_now())
            )

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return len(conn.execute(select(tables.c.id)).all())
