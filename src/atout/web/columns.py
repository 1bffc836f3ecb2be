"""The kinds of column of the card room's database, each written once: the model
(:mod:`atout.web.store`) and the migrations (``atout/web/migrations/versions``) build
their columns with these, so that an id, a digest or a moment has one type everywhere.

Each call makes a new :class:`~sqlalchemy.Column` (a column belongs to one table). A kind
that a migration uses never changes (an old migration must make what it made): a column
of another type is a new kind, or a plain ``Column``, in the model and a new migration
(``tests/test_web_migrations.py`` checks that the migrated schema is the model's, on
SQLite and PostgreSQL).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, DateTime, ForeignKey, Integer, String

__all__ = [
    "counts", "digest", "game", "key", "lang", "ref", "seat_key", "stamp", "table_log",
]

ID = String(40)
"""An id of ours: a table's, a club's, a member's... (``new_token`` and the like)."""


def key(name: str = "id") -> Column[Any]:
    """The row's own id, its primary key."""
    return Column(name, ID, primary_key=True)


def ref(name: str, target: str, *, primary_key: bool = False,
        nullable: bool = False) -> Column[Any]:
    """The id of a row of another table (``target``: ``"atout_tables.id"``)."""
    if primary_key:
        return Column(name, ID, ForeignKey(target), primary_key=True)
    return Column(name, ID, ForeignKey(target), nullable=nullable)


def digest(name: str, *, primary_key: bool = False, nullable: bool = False) -> Column[Any]:
    """A SHA-256 digest in hex, of a secret that is never stored."""
    if primary_key:
        return Column(name, String(64), primary_key=True)
    return Column(name, String(64), nullable=nullable)


def stamp(name: str, *, nullable: bool = False) -> Column[Any]:
    """A moment, with its time zone."""
    return Column(name, DateTime(timezone=True), nullable=nullable)


def game() -> Column[Any]:
    """The game's name (``deberts``...)."""
    return Column("game", String(20), nullable=False)


def lang() -> Column[Any]:
    """A language's code (``en``, ``fr``...)."""
    return Column("lang", String(5), nullable=False)


def seat_key() -> tuple[Column[Any], Column[Any]]:
    """The primary key of a row per seat of a card table: the table's id and the seat."""
    return (ref("table_id", "atout_tables.id", primary_key=True),
            Column("seat", Integer, primary_key=True))


def table_log(*columns: Column[Any]) -> tuple[Column[Any], ...]:
    """The columns of a card table's numbered log (its moves, its chat): the table and
    the line's number (the primary key), the seat that wrote it, ``columns``, and when."""
    return (ref("table_id", "atout_tables.id", primary_key=True),
            Column("seq", Integer, primary_key=True),
            Column("seat", Integer, nullable=False),
            *columns,
            stamp("created_at"))


def counts(*names: str) -> tuple[Column[Any], ...]:
    """Whole numbers that every row has (a finished match's points, deals...)."""
    return tuple(Column(name, Integer, nullable=False) for name in names)
