"""The database: tables, their seats and the event log of every accepted action.

A table is rebuilt from its row (game, options, seed) and its events, in order. An
event is written and committed before anybody is told of it, so a server killed at
any moment loses no action that a player saw accepted. The primary key
``(table_id, seq)`` makes a second writer of the same step fail instead of forking
the log.

Seat tokens are stored as SHA-256 digests only: the database alone does not let
anyone take a seat.

The schema is made and kept up to date by the Alembic migrations shipped in
``atout/web/migrations``: :class:`Store` runs them (:func:`migrate`) when it opens a
database. SQLite is the default; PostgreSQL works with a ``postgresql+psycopg://`` URL.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    insert,
    inspect,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row, make_url
from sqlalchemy.exc import IntegrityError

from atout.web.columns import counts, digest, game, key, lang, ref, seat_key, stamp, table_log

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "CHANNEL", "FIRST_TABLES", "DuplicateEvent", "SeatRow", "Store", "TableRow", "alembic_config",
    "hash_token",
    "migrate", "new_token", "normalize_url",
]

#: The PostgreSQL channel on which a process that takes a table's lease from another
#: says so (``taken TABLE OWNER``): the other, if alive, lets the table go at once.
CHANNEL = "atout_tables"

MIGRATIONS = Path(__file__).with_name("migrations")
"""Alembic's script folder, inside the package."""

FIRST_REVISION = "0001"
"""The revision whose schema ``metadata.create_all`` made before the migrations."""

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")

metadata = MetaData()

tables = Table(
    "atout_tables",
    metadata,
    key(),
    game(),
    Column("options", String(400), nullable=False),
    # Decimal digits: a table's seed has 128 bits (migration 0002; it was a BigInteger).
    Column("seed", String(40), nullable=False),
    lang(),
    stamp("created_at"),
    stamp("finished_at", nullable=True),
    # Migration 0005: the turn timer (0: none), and the server process that runs the
    # table until when (``atout serve --workers N``; see atout.web.cluster).
    Column("turn_seconds", Integer, nullable=False, server_default="0"),
    Column("lease_owner", String(80), nullable=True),
    stamp("lease_until", nullable=True),
    # The room (migration 0006): listed in the lobby, hints allowed, the rematch's id.
    Column("public", Boolean, nullable=False, server_default=false()),
    Column("hints", Boolean, nullable=False, server_default=true()),
    Column("next_id", String(40), nullable=True),
    #: The duplicate night whose table this is (its page links back to the standings).
    Column("night_id", String(40), nullable=True),
)

seats = Table(
    "atout_seats",
    metadata,
    *seat_key(),
    Column("kind", String(10), nullable=False),  # human | bot
    Column("bot", String(40), nullable=True),
    digest("token_hash", nullable=True),
    # The player's name as they gave it (migration 0006); a bot's is made by the page.
    Column("name", String(40), nullable=True),
)

events = Table(
    "atout_events",
    metadata,
    *table_log(Column("action", String(40), nullable=False)),
)


scoresheets = Table(
    "atout_scoresheets",
    metadata,
    key(),
    game(),
    lang(),
    #: SHA-256 of the secret that lets its holder write (the id alone only reads).
    digest("token_hash"),
    #: The whole sheet as a record (docs/records.md, deals scored without cards).
    Column("record", Text, nullable=False),
    stamp("created_at"),
    stamp("updated_at"),
)

nights = Table(
    "atout_nights",
    metadata,
    key(),
    lang(),
    #: SHA-256 of the admin's secret (the id alone opens the standings).
    digest("token_hash"),
    #: The night as JSON (atout.clubs.duplicate.Night.to_json, plus its tables' ids).
    Column("data", Text, nullable=False),
    #: Bumped by every save: a save over a newer version is refused (several processes).
    Column("version", Integer, nullable=False),
    stamp("created_at"),
    stamp("updated_at"),
)

learn_progress = Table(
    "atout_learn_progress",
    metadata,
    #: SHA-256 of the learner's secret (kept by their browser; no account).
    digest("learner_hash", primary_key=True),
    #: A lesson step's id (``deberts.3.follow``) or ``puzzle:ID``.
    Column("item", String(80), primary_key=True),
    stamp("done_at"),
)

#: What people said at a table (migration 0006): plain text, or a quick phrase's key.
chat = Table(
    "atout_chat",
    metadata,
    *table_log(Column("text", String(400), nullable=True),
               Column("phrase", String(20), nullable=True)),
)

# -- clubs (migration 0007; atout.web.clubstore, docs/clubs.md) ------------------------------
#: A club: its admin's and its invitation's secrets as SHA-256 digests only.
clubs = Table(
    "atout_clubs",
    metadata,
    key(),
    Column("name", String(60), nullable=False),
    #: The games its tables play, comma-separated (``belote,schieber``).
    Column("games", String(60), nullable=False),
    lang(),
    digest("admin_hash"),
    digest("invite_hash"),
    stamp("created_at"),
)

#: A club's members: a name unique in the club (``name_key``: case-folded) and an Argon2
#: hash of the password (never the password); a one-time sign-in link's digest after an
#: admin's reset.
members = Table(
    "atout_members",
    metadata,
    key(),
    ref("club_id", "atout_clubs.id"),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False),
    Column("password_hash", String(200), nullable=True),
    digest("reset_hash", nullable=True),
    stamp("reset_until", nullable=True),
    stamp("created_at"),
    UniqueConstraint("club_id", "name_key", name="uq_atout_members_name"),
)

#: Signed-in sessions: the cookie's digest, until when, and when revoked.
member_sessions = Table(
    "atout_member_sessions",
    metadata,
    digest("token_hash", primary_key=True),
    ref("member_id", "atout_members.id"),
    stamp("created_at"),
    stamp("expires_at"),
    stamp("revoked_at", nullable=True),
    Index("ix_atout_member_sessions_member", "member_id"),
)

#: A club's tables: rated or not, who opened it, and when its ratings were settled.
club_tables = Table(
    "atout_club_tables",
    metadata,
    ref("table_id", "atout_tables.id", primary_key=True),
    ref("club_id", "atout_clubs.id"),
    Column("rated", Boolean, nullable=False),
    Column("created_by", String(40), nullable=True),
    stamp("settled_at", nullable=True),
    #: A table of one of the club's duplicate nights: the night, its round and table.
    Column("night_id", String(40), nullable=True),
    Column("night_round", Integer, nullable=True),
    Column("night_table", Integer, nullable=True),
    Index("ix_atout_club_tables_club", "club_id"),
    Index("ix_atout_club_tables_night", "night_id"),
)

#: The clubs' sign-in attempts of the last minute, per name in a club and per client
#: address (``key``): counted here so that several server processes hold one limit.
signin_attempts = Table(
    "atout_signin_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(120), nullable=False),
    stamp("at"),
    Index("ix_atout_signin_attempts_key", "key", "at"),
)

#: Who sits where at a club table: a member (``member_id``) or a bot (``member_id``
#: null; its level is the seat's ``bot`` in ``atout_seats``).
club_seats = Table(
    "atout_club_seats",
    metadata,
    *seat_key(),
    ref("member_id", "atout_members.id", nullable=True),
    #: When the member first took the seat (a match is rated only when every member
    #: seated took their seat: nobody is rated for a match they never came to).
    stamp("joined_at", nullable=True),
    Index("ix_atout_club_seats_member", "member_id"),
)

#: A finished club match, per seat: its player (``member:ID`` or ``bot:LEVEL``), the
#: result and the statistics of the member page, and the rating before and after.
club_results = Table(
    "atout_club_results",
    metadata,
    *seat_key(),
    ref("club_id", "atout_clubs.id"),
    game(),
    Column("player", String(60), nullable=False),
    Column("team", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    *counts("points", "against", "deals", "taken", "made", "announcements", "capots"),
    Column("rated", Boolean, nullable=False),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    stamp("finished_at"),
    Index("ix_atout_club_results_player", "club_id", "player"),
)

#: OpenSkill ratings per club, game and player (a member or a bot level).
ratings = Table(
    "atout_ratings",
    metadata,
    ref("club_id", "atout_clubs.id", primary_key=True),
    Column("game", String(20), primary_key=True),
    Column("player", String(60), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    stamp("updated_at"),
)

#: The tables of :data:`FIRST_REVISION`, which a database made before the migrations has.
FIRST_TABLES = frozenset({"atout_tables", "atout_seats", "atout_events"})


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
    #: The name its player gave (``None``: a bot, or nobody has said yet).
    name: str | None = None


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
    #: Seconds a person has for each turn before a bot plays their seat (0: no timer).
    turn_seconds: int = 0
    #: Listed in the lobby (free seats may be taken by anyone).
    public: bool = False
    #: Whether its people may ask for hints.
    hints: bool = True
    #: The table of the rematch, once there is one.
    next_id: str | None = None
    #: The duplicate night whose table this is.
    night_id: str | None = None


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


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3 (the ``postgres`` extra);
    name another driver explicitly (``postgresql+psycopg2://``) to use it."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(
            hide_password=False
        )
    return url


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration, built in code: the migrations inside the package, and the
    open ``connection`` to run them on (or, without one, the database at ``url``)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", normalize_url(url).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (Alembic's ``upgrade``), in one transaction
    where the database allows it.

    A database that ``metadata.create_all`` made before the migrations existed has the
    three tables and no ``alembic_version``: it is stamped with :data:`FIRST_REVISION`
    (whose schema it has) and then upgraded like any other. On PostgreSQL an advisory
    lock makes servers starting together migrate one after the other.
    """
    from alembic import command

    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(7283619045)"))
        config = alembic_config(conn)
        names = set(inspect(conn).get_table_names())
        ours = set(FIRST_TABLES)
        if "alembic_version" not in names and names & ours:
            if not ours <= names:
                raise RuntimeError(
                    f"the database has some of atout's tables ({sorted(names & ours)}) "
                    "but no migration record: not touching it"
                )
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, revision)


class Store:
    """SQLAlchemy access to the three tables; SQLite by default, any URL it accepts."""

    def __init__(self, url: str, *, upgrade: bool = True) -> None:
        url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        sqlite = make_url(url).get_backend_name() == "sqlite"
        if sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True  # a server restarted meanwhile: reconnect
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if upgrade:
            migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self, game: str, options: str, seed: int, lang: str,
        seat_rows: list[tuple[str, str | None, str | None]], turn_seconds: int = 0,
        *, names: list[str | None] | None = None, public: bool = False, hints: bool = True,
        night_id: str | None = None,
    ) -> str:
        """Store a new table; ``seat_rows`` holds (kind, bot, token hash) per seat,
        ``names`` the players' names (see :mod:`atout.web.room`), ``night_id`` the
        duplicate night it is a table of."""
        table_id = secrets.token_urlsafe(12)
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=table_id, game=game, options=options, seed=str(int(seed)), lang=lang,
                created_at=_now(), finished_at=None, turn_seconds=int(turn_seconds),
                public=public, hints=hints, night_id=night_id,
            ))
            for seat, (kind, bot, token_hash) in enumerate(seat_rows):
                conn.execute(insert(seats).values(
                    table_id=table_id, seat=seat, kind=kind, bot=bot, token_hash=token_hash,
                    name=names[seat] if names else None,
                ))
        return table_id

    def get_table(self, table_id: str) -> TableRow | None:
        if not _TABLE_ID.fullmatch(table_id):  # not an id we make (PostgreSQL refuses NUL)
            return None
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
            seats=tuple(SeatRow(s.seat, s.kind, s.bot, s.token_hash, s.name) for s in seat_rows),
            turn_seconds=int(row.turn_seconds or 0),
            public=bool(row.public), hints=bool(row.hints), next_id=row.next_id,
            night_id=row.night_id,
        )

    def events(self, table_id: str, start: int = 0) -> list[tuple[int, int, str]]:
        """The log of a table from step ``start``: (seq, seat, action text), in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events.c.seq, events.c.seat, events.c.action)
                .where(events.c.table_id == table_id, events.c.seq >= start)
                .order_by(events.c.seq)
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

    # -- leases: which server process runs a table (atout.web.cluster) -----------------
    def take_lease(
        self, table_id: str, owner: str, seconds: float, *, replacing: str | None = None
    ) -> tuple[bool, str | None]:
        """Take the table's lease for ``owner`` for ``seconds`` when it is free, expired,
        ``owner``'s already, or held by ``replacing`` (a holder known to be gone).
        Returns whether it was taken and the holder now (``None``: no such table). On
        PostgreSQL, a lease taken from another holder is announced on :data:`CHANNEL`."""
        if not _TABLE_ID.fullmatch(table_id):
            return False, None
        now = _now()
        with self.engine.begin() as conn:
            row = conn.execute(
                select(tables.c.lease_owner, tables.c.lease_until)
                .where(tables.c.id == table_id).with_for_update()
            ).first()
            if row is None:
                return False, None
            holder, until = row.lease_owner, row.lease_until
            if until is not None and until.tzinfo is None:  # SQLite keeps no time zone
                until = until.replace(tzinfo=UTC)
            if not (holder is None or holder in (owner, replacing) or until is None
                    or until < now):
                return False, holder
            conn.execute(update(tables).where(tables.c.id == table_id).values(
                lease_owner=owner, lease_until=now + timedelta(seconds=seconds)))
            if holder not in (None, owner) and conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                             {"channel": CHANNEL, "payload": f"taken {table_id} {owner}"})
        return True, owner

    def renew_leases(self, owner: str, table_ids: list[str], seconds: float) -> set[str]:
        """Extend ``owner``'s leases on ``table_ids``; returns the ids it still holds."""
        if not table_ids:
            return set()
        with self.engine.begin() as conn:
            rows = conn.execute(
                update(tables)
                .where(tables.c.lease_owner == owner, tables.c.id.in_(table_ids))
                .values(lease_until=_now() + timedelta(seconds=seconds))
                .returning(tables.c.id)
            ).all()
        return {r.id for r in rows}

    def release_leases(self, owner: str, table_ids: list[str]) -> None:
        """Give up ``owner``'s leases on ``table_ids`` (the tables left its memory)."""
        if not table_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.lease_owner == owner, tables.c.id.in_(table_ids))
                .values(lease_owner=None, lease_until=None)
            )

    def lease(self, table_id: str) -> tuple[str | None, datetime | None]:
        """The table's lease holder and until when (both ``None`` when free)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.c.lease_owner, tables.c.lease_until)
                               .where(tables.c.id == table_id)).first()
        return (None, None) if row is None else (row.lease_owner, row.lease_until)

    def mark_finished(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(finished_at=_now())
            )

    # -- rows by id, and the documents kept under a secret (scoresheets, duplicate nights)
    def _new_document(self, table: Table, **values: Any) -> str:
        """Store a new row of ``table`` with a fresh id, made and saved now; its id."""
        row_id = secrets.token_urlsafe(12)
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(insert(table).values(id=row_id, created_at=now, updated_at=now,
                                              **values))
        return row_id

    def row_by_id(self, table: Table, row_id: str) -> Row[Any] | None:
        """The row of ``table`` (any with an ``id`` of ours) whose id is ``row_id``
        (``None``: none, or not an id we make)."""
        if not _TABLE_ID.fullmatch(row_id):
            return None
        with self.engine.connect() as conn:
            return conn.execute(select(table).where(table.c.id == row_id)).first()

    # -- scoresheets kept by hand (atout.scorekeeper) ----------------------------------------
    def create_scoresheet(self, game: str, lang: str, token_hash: str, record: str) -> str:
        """Store a new scoresheet; its id (the read-only share link's)."""
        return self._new_document(scoresheets, game=game, lang=lang, token_hash=token_hash,
                                  record=record)

    def get_scoresheet(self, sheet_id: str) -> tuple[str, str, str, str] | None:
        """``(game, lang, token hash, record)`` of a scoresheet, or ``None``."""
        row = self.row_by_id(scoresheets, sheet_id)
        return None if row is None else (row.game, row.lang, row.token_hash, row.record)

    def save_scoresheet(self, sheet_id: str, record: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(scoresheets).where(scoresheets.c.id == sheet_id)
                .values(record=record, updated_at=_now())
            )

    # -- duplicate nights (atout.web.nights) ----------------------------------------------
    def create_night(self, lang: str, token_hash: str, data: str) -> str:
        return self._new_document(nights, lang=lang, token_hash=token_hash, data=data, version=1)

    def get_night(self, night_id: str) -> tuple[str, str, str, int] | None:
        """``(lang, token hash, data, version)`` of a night, or ``None``."""
        row = self.row_by_id(nights, night_id)
        return None if row is None else (row.lang, row.token_hash, row.data, int(row.version))

    def save_night(self, night_id: str, data: str, version: int) -> bool:
        """Save over ``version``; ``False`` when another save came first (read again)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(nights).where(nights.c.id == night_id, nights.c.version == version)
                .values(data=data, version=version + 1, updated_at=_now())
            )
        return bool(done.rowcount)

    # -- what learners have answered (atout.web.learn) ----------------------------------------
    def learned(self, learner_hash: str) -> list[str]:
        """The items a learner has answered, in the order answered."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(learn_progress.c.item)
                .where(learn_progress.c.learner_hash == learner_hash)
                .order_by(learn_progress.c.done_at, learn_progress.c.item)
            ).all()
        return [r.item for r in rows]

    def mark_learned(self, learner_hash: str, item: str) -> None:
        """Remember an answered item (once: a second answer changes nothing)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(learn_progress).values(
                    learner_hash=learner_hash, item=item, done_at=_now(),
                ))
        except IntegrityError:
            pass

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return len(conn.execute(select(tables.c.id)).all())

    # -- the room: names, the lobby, chat, rematch (atout.web.room) ---------------------------
    def take_seat(self, table_id: str, seat: int, token_hash: str, name: str | None) -> bool:
        """Give a free seat (a person's seat nobody holds yet) its token and name;
        ``False`` when it is not free (someone was quicker)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats).where(
                    seats.c.table_id == table_id, seats.c.seat == seat,
                    seats.c.kind == "human", seats.c.token_hash.is_(None),
                ).values(token_hash=token_hash, name=name)
            )
        return bool(done.rowcount == 1)

    def set_name(self, table_id: str, seat: int, name: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name)
            )

    def open_tables(self, limit: int = 50) -> list[TableRow]:
        """Public tables still playing with a free seat, newest first."""
        free = select(seats.c.table_id).where(
            seats.c.kind == "human", seats.c.token_hash.is_(None)
        )
        with self.engine.connect() as conn:
            ids = conn.execute(
                select(tables.c.id).where(
                    tables.c.public.is_(True), tables.c.finished_at.is_(None),
                    tables.c.id.in_(free),
                ).order_by(tables.c.created_at.desc()).limit(limit)
            ).scalars().all()
        found = [self.get_table(table_id) for table_id in ids]
        return [row for row in found if row is not None]

    def add_chat(
        self, table_id: str, seat: int, text_: str | None, phrase: str | None
    ) -> tuple[int, datetime]:
        """Store a chat message (plain text or a quick phrase's key); its number and time."""
        for _ in range(5):
            now = _now()
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(
                        select(chat.c.seq).where(chat.c.table_id == table_id)
                        .order_by(chat.c.seq.desc()).limit(1)
                    ).scalar()
                    number = 0 if last is None else int(last) + 1
                    conn.execute(insert(chat).values(
                        table_id=table_id, seq=number, seat=seat, text=text_, phrase=phrase,
                        created_at=now,
                    ))
                return number, now
            except IntegrityError:
                continue  # another writer took the number: take the next
        raise RuntimeError(f"table {table_id}: the chat could not be written")

    def table_club(self, table_id: str) -> tuple[str, str] | None:
        """The club (id, name) whose table this is, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(clubs.c.id, clubs.c.name)
                .join(club_tables, club_tables.c.club_id == clubs.c.id)
                .where(club_tables.c.table_id == table_id)).first()
        return None if row is None else (row.id, row.name)

    def chat(self, table_id: str, limit: int = 50) -> list[tuple[int, int, str | None,
                                                                  str | None, datetime]]:
        """The last ``limit`` chat messages (seq, seat, text, phrase, time), oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat.c.seq, chat.c.seat, chat.c.text, chat.c.phrase, chat.c.created_at)
                .where(chat.c.table_id == table_id).order_by(chat.c.seq.desc()).limit(limit)
            ).all()
        return [(r.seq, r.seat, r.text, r.phrase, r.created_at) for r in reversed(rows)]

    def set_next(self, table_id: str, next_id: str) -> bool:
        """Record the rematch of a table; ``False`` if it had one already."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(tables).where(tables.c.id == table_id, tables.c.next_id.is_(None))
                .values(next_id=next_id)
            )
        return bool(done.rowcount == 1)

    def delete_table(self, table_id: str) -> None:
        """Remove a table that never started (a rematch that lost the race)."""
        with self.engine.begin() as conn:
            conn.execute(seats.delete().where(seats.c.table_id == table_id))
            conn.execute(tables.delete().where(tables.c.id == table_id))
