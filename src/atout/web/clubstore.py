"""The clubs' storage: clubs, members, sessions, club tables, results and ratings, on
the room's database (SQLite or PostgreSQL, the tables of migration 0007 in
:mod:`atout.web.store`).

Every secret is stored as a digest: the admin's and the invitation's (SHA-256), the
session cookies' (SHA-256), the one-time sign-in links' (SHA-256) and the passwords
(Argon2id, :mod:`atout.clubs.passwords`). The database alone lets nobody in.

This is also the API the duplicate nights build on: a club (:meth:`ClubStore.club`),
its members (:meth:`ClubStore.members`), who is signed in (:meth:`ClubStore.session`),
a club table with members seated (:meth:`ClubStore.add_table`) and the settling of
finished rated tables (:meth:`ClubStore.settle`).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import and_, insert, or_, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from atout.clubs.ratings import Rating, rate_match
from atout.clubs.stats import SeatStats
from atout.web.store import Store as _Store
from atout.web.store import (
    club_results,
    club_seats,
    club_tables,
    clubs,
    member_sessions,
    members,
    ratings,
    seats,
    signin_attempts,
    tables,
)

__all__ = [
    "ClubRow", "ClubStore", "ClubTableRow", "MemberRow", "ResultRow", "name_key", "player_key",
]

_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _good_id(value: str) -> bool:
    return 0 < len(value) <= 40 and set(value) <= _ID_CHARS


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite keeps no time zone: its datetimes are UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def name_key(name: str) -> str:
    """What makes two members' names the same (``Ann`` and ``ann``)."""
    return " ".join(name.casefold().split())[:40]


def player_key(member_id: str | None, bot: str | None) -> str:
    """The rated player of a seat: ``member:ID``, else ``bot:LEVEL``."""
    return f"member:{member_id}" if member_id else f"bot:{bot or 'heuristic'}"


@dataclass(frozen=True)
class ClubRow:
    id: str
    name: str
    games: tuple[str, ...]
    lang: str
    admin_hash: str
    invite_hash: str
    created_at: datetime


@dataclass(frozen=True)
class MemberRow:
    id: str
    club_id: str
    name: str
    password_hash: str | None
    reset_hash: str | None
    reset_until: datetime | None
    created_at: datetime


@dataclass(frozen=True)
class ClubTableRow:
    table_id: str
    club_id: str
    rated: bool
    created_by: str | None
    settled_at: datetime | None
    game: str
    created_at: datetime
    finished_at: datetime | None
    #: Per seat: (member id or None, bot level or None, the seat's name).
    seats: tuple[tuple[str | None, str | None, str | None], ...]
    #: Whether every member seated has taken their seat (else the match is not rated).
    all_joined: bool = True
    #: A table of one of the club's duplicate nights: the night, its round and table.
    night_id: str | None = None
    night_round: int | None = None
    night_table: int | None = None

    @property
    def all_known(self) -> bool:
        """Whether every seat is a member or a bot (a night's seat that no member
        claimed is a guest's: the table is then not rated)."""
        return all(member is not None or bot is not None for member, bot, _ in self.seats)


@dataclass(frozen=True)
class ResultRow:
    """A seat's stored result of a finished club match."""

    table_id: str
    game: str
    player: str
    stats: SeatStats
    rated: bool
    rating_before: float | None
    rating_after: float | None
    finished_at: datetime


def _club(row: Any) -> ClubRow:
    return ClubRow(row.id, row.name, tuple(g for g in row.games.split(",") if g), row.lang,
                   row.admin_hash, row.invite_hash, _aware(row.created_at) or _now())


def _member(row: Any) -> MemberRow:
    return MemberRow(row.id, row.club_id, row.name, row.password_hash, row.reset_hash,
                     _aware(row.reset_until), _aware(row.created_at) or _now())


class ClubStore:
    """The clubs on a :class:`atout.web.store.Store`'s database."""

    def __init__(self, store: _Store) -> None:
        self.store = store
        self.engine = store.engine
        self._settling = threading.Lock()

    # -- clubs ---------------------------------------------------------------------------
    def create_club(self, name: str, games: tuple[str, ...], lang: str, admin_hash: str,
                    invite_hash: str) -> str:
        club_id = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(insert(clubs).values(
                id=club_id, name=name, games=",".join(games), lang=lang,
                admin_hash=admin_hash, invite_hash=invite_hash, created_at=_now(),
            ))
        return club_id

    def club(self, club_id: str) -> ClubRow | None:
        row = self.store.row_by_id(clubs, club_id)
        return None if row is None else _club(row)

    def set_invite(self, club_id: str, invite_hash: str) -> None:
        """A new invitation link (the old one stops working)."""
        with self.engine.begin() as conn:
            conn.execute(update(clubs).where(clubs.c.id == club_id)
                         .values(invite_hash=invite_hash))

    # -- members -------------------------------------------------------------------------
    def add_member(self, club_id: str, name: str, password_hash: str | None) -> str | None:
        """A new member; ``None`` when the club has one of that name already."""
        member_id = secrets.token_urlsafe(9)
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(members).values(
                    id=member_id, club_id=club_id, name=name, name_key=name_key(name),
                    password_hash=password_hash, created_at=_now(),
                ))
        except IntegrityError:
            return None
        return member_id

    def member(self, member_id: str) -> MemberRow | None:
        row = self.store.row_by_id(members, member_id)
        return None if row is None else _member(row)

    def member_by_name(self, club_id: str, name: str) -> MemberRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(members).where(
                members.c.club_id == club_id, members.c.name_key == name_key(name))).first()
        return None if row is None else _member(row)

    def members(self, club_id: str) -> list[MemberRow]:
        """The club's members, by name."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(members).where(members.c.club_id == club_id)
                                .order_by(members.c.name_key)).all()
        return [_member(r) for r in rows]

    def set_password(self, member_id: str, password_hash: str) -> None:
        """A member's new password; any one-time sign-in link is spent."""
        with self.engine.begin() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(
                password_hash=password_hash, reset_hash=None, reset_until=None))

    def set_reset(self, member_id: str, reset_hash: str, until: datetime) -> None:
        """An admin's reset: the password is gone, a one-time sign-in link replaces it,
        and every session of the member ends."""
        with self.engine.begin() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(
                password_hash=None, reset_hash=reset_hash, reset_until=until))
            self._revoke_all(conn, member_id)

    def use_reset(self, club_id: str, reset_hash: str) -> MemberRow | None:
        """The member whose one-time link this is, if still valid; the link is spent."""
        with self.engine.begin() as conn:
            row = conn.execute(select(members).where(
                members.c.club_id == club_id, members.c.reset_hash == reset_hash,
            ).with_for_update()).first()
            if row is None:
                return None
            member = _member(row)
            done = conn.execute(update(members).where(
                members.c.id == member.id, members.c.reset_hash == reset_hash,
            ).values(reset_hash=None, reset_until=None))
        if done.rowcount != 1 or member.reset_until is None or member.reset_until < _now():
            return None
        return member

    # -- sessions ------------------------------------------------------------------------
    def create_session(self, member_id: str, token_hash: str, seconds: float) -> datetime:
        """A signed-in session until the returned moment; the member's sessions that
        expired or were revoked are forgotten."""
        now = _now()
        until = now + timedelta(seconds=seconds)
        with self.engine.begin() as conn:
            conn.execute(member_sessions.delete().where(
                member_sessions.c.member_id == member_id,
                or_(member_sessions.c.expires_at <= now,
                    member_sessions.c.revoked_at.is_not(None))))
            conn.execute(insert(member_sessions).values(
                token_hash=token_hash, member_id=member_id, created_at=now, expires_at=until,
            ))
        return until

    def session(self, token_hash: str) -> MemberRow | None:
        """The member of a live session (not expired, not revoked), or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(members).join(member_sessions,
                                     member_sessions.c.member_id == members.c.id)
                .where(member_sessions.c.token_hash == token_hash,
                       member_sessions.c.revoked_at.is_(None),
                       member_sessions.c.expires_at > _now())
            ).first()
        return None if row is None else _member(row)

    def revoke_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(member_sessions)
                         .where(member_sessions.c.token_hash == token_hash)
                         .values(revoked_at=_now()))

    def _revoke_all(self, conn: Connection, member_id: str) -> None:
        conn.execute(update(member_sessions).where(
            member_sessions.c.member_id == member_id, member_sessions.c.revoked_at.is_(None),
        ).values(revoked_at=_now()))

    def change_password(self, member_id: str, password_hash: str, keep: str) -> None:
        """A member's new password (they gave the old one): every session of theirs
        ends but ``keep`` (the digest of the one that asked)."""
        with self.engine.begin() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(
                password_hash=password_hash, reset_hash=None, reset_until=None))
            conn.execute(update(member_sessions).where(
                member_sessions.c.member_id == member_id,
                member_sessions.c.revoked_at.is_(None),
                member_sessions.c.token_hash != keep,
            ).values(revoked_at=_now()))

    # -- sign-in attempts ------------------------------------------------------------------
    def take_attempt(self, key: str, per_minute: int, window: float = 60.0) -> float:
        """Count a sign-in attempt under ``key`` (a name in a club, a client address):
        0.0 when it may go on, else the seconds until it may. At most ``per_minute``
        attempts in any ``window`` seconds (a refused one is not counted). Counted in
        the database, so that every server process on it holds the one limit (on
        PostgreSQL under an advisory lock per key; on SQLite the database's write lock
        orders the attempts)."""
        if per_minute <= 0:
            return 0.0
        now = _now()
        since = now - timedelta(seconds=window)
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
                             {"key": f"atout-signin:{key}"})
            conn.execute(signin_attempts.delete().where(signin_attempts.c.at <= since))
            times = conn.execute(
                select(signin_attempts.c.at).where(signin_attempts.c.key == key)
                .order_by(signin_attempts.c.at.desc()).limit(per_minute)).scalars().all()
            if len(times) >= per_minute:
                oldest = _aware(times[-1]) or now
                return max(0.001, (oldest - since).total_seconds())
            conn.execute(insert(signin_attempts).values(key=key[:120], at=now))
        return 0.0

    def revoke_sessions(self, member_id: str) -> None:
        """Sign a member out everywhere."""
        with self.engine.begin() as conn:
            self._revoke_all(conn, member_id)

    # -- club tables ---------------------------------------------------------------------
    def add_table(self, table_id: str, club_id: str, rated: bool, created_by: str | None,
                  seat_members: dict[int, str],
                  night: tuple[str, int, int] | None = None) -> None:
        """Make a stored table (``Store.create_table``) a club table; ``seat_members``:
        the member at each person's seat (the other seats are bots, or at a night's
        table people whom no member has claimed yet). ``night``: the night, round and
        table number of a club night's table."""
        night_id, night_round, night_table = night or (None, None, None)
        with self.engine.begin() as conn:
            conn.execute(insert(club_tables).values(
                table_id=table_id, club_id=club_id, rated=rated, created_by=created_by,
                night_id=night_id, night_round=night_round, night_table=night_table))
            n = conn.execute(select(seats.c.seat).where(seats.c.table_id == table_id)).all()
            for (seat,) in n:
                conn.execute(insert(club_seats).values(
                    table_id=table_id, seat=seat, member_id=seat_members.get(seat)))

    def claim_seat(self, table_id: str, seat: int, member_id: str, token_hash: str) -> bool:
        """A signed-in member who holds a club night's seat link (``token_hash``: its
        token's digest) is that seat's person: the seat becomes theirs, unless another
        member has it or they have another seat at the table. Whether it is theirs."""
        with self.engine.begin() as conn:
            held = conn.execute(select(seats.c.token_hash).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.kind == "human")).scalar()
            if held is None or not secrets.compare_digest(held, token_hash):
                return False
            placed = {r.seat: r.member_id for r in conn.execute(
                select(club_seats.c.seat, club_seats.c.member_id)
                .join(club_tables, club_tables.c.table_id == club_seats.c.table_id)
                .where(club_seats.c.table_id == table_id,
                       club_tables.c.night_id.is_not(None))).all()}
            if seat not in placed or placed[seat] not in (None, member_id):
                return False
            if any(m == member_id for s, m in placed.items() if s != seat):
                return False
            conn.execute(update(club_seats).where(
                club_seats.c.table_id == table_id, club_seats.c.seat == seat,
            ).values(member_id=member_id, joined_at=_now()))
        return True

    def night_tables(self, night_id: str) -> list[ClubTableRow]:
        """A club night's tables (every round), newest first."""
        return self._tables(club_tables.c.night_id == night_id, limit=1000)

    def table(self, table_id: str) -> ClubTableRow | None:
        if not _good_id(table_id):
            return None
        found = self._tables(club_tables.c.table_id == table_id, limit=1)
        return found[0] if found else None

    def tables(self, club_id: str, *, limit: int = 50) -> list[ClubTableRow]:
        """The club's tables, newest first (its nights' tables are the nights')."""
        return self._tables(and_(club_tables.c.club_id == club_id,
                                 club_tables.c.night_id.is_(None)), limit=limit)

    def member_tables(self, member_id: str, *, limit: int = 50) -> list[ClubTableRow]:
        """The tables where a member has a seat, newest first."""
        mine = select(club_seats.c.table_id).where(club_seats.c.member_id == member_id)
        return self._tables(club_tables.c.table_id.in_(mine), limit=limit)

    def _tables(self, where: Any, *, limit: int) -> list[ClubTableRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(club_tables, tables.c.game, tables.c.created_at, tables.c.finished_at)
                .join(tables, tables.c.id == club_tables.c.table_id)
                .where(where).order_by(tables.c.created_at.desc()).limit(limit)
            ).all()
            ids = [r.table_id for r in rows]
            placed = conn.execute(
                select(seats.c.table_id, seats.c.seat, seats.c.bot, seats.c.name,
                       club_seats.c.member_id, club_seats.c.joined_at)
                .join(club_seats, and_(club_seats.c.table_id == seats.c.table_id,
                                       club_seats.c.seat == seats.c.seat))
                .where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ).all() if ids else []
        by_table: dict[str, list[tuple[str | None, str | None, str | None]]] = {}
        absent: set[str] = set()
        for p in placed:
            by_table.setdefault(p.table_id, []).append((p.member_id, p.bot, p.name))
            if p.member_id is not None and p.joined_at is None:
                absent.add(p.table_id)
        return [ClubTableRow(
            r.table_id, r.club_id, bool(r.rated), r.created_by, _aware(r.settled_at), r.game,
            _aware(r.created_at) or _now(), _aware(r.finished_at),
            tuple(by_table.get(r.table_id, ())), r.table_id not in absent,
            r.night_id, r.night_round, r.night_table,
        ) for r in rows]

    def take_seat(self, table_id: str, seat: int, member_id: str, token_hash: str,
                  name: str) -> bool:
        """Give the member's seat at a club table a new token (the seat's link: the old
        one stops working) and note that the member came; ``False`` when the seat is
        not theirs."""
        with self.engine.begin() as conn:
            mine = conn.execute(select(club_seats.c.joined_at).where(
                club_seats.c.table_id == table_id, club_seats.c.seat == seat,
                club_seats.c.member_id == member_id)).first()
            if mine is None:
                return False
            conn.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human",
            ).values(token_hash=token_hash, name=name))
            if mine.joined_at is None:
                conn.execute(update(club_seats).where(
                    club_seats.c.table_id == table_id, club_seats.c.seat == seat,
                ).values(joined_at=_now()))
        return True

    # -- results and ratings -------------------------------------------------------------
    def unsettled(self, club_id: str) -> list[str]:
        """The club's finished tables whose results are not stored yet, oldest first
        (its nights' tables are settled by their nights, once each round is complete)."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(club_tables.c.table_id)
                .join(tables, tables.c.id == club_tables.c.table_id)
                .where(club_tables.c.club_id == club_id, club_tables.c.settled_at.is_(None),
                       club_tables.c.night_id.is_(None),
                       tables.c.finished_at.is_not(None))
                .order_by(tables.c.finished_at, tables.c.id)
            ).scalars())

    @contextmanager
    def _club_lock(self, club_id: str) -> Iterator[Connection]:
        """A transaction that holds the club's settling lock (PostgreSQL: an advisory
        lock, for several server processes; SQLite: one process, a thread lock)."""
        with self._settling, self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"),
                             {"key": f"atout-club:{club_id}"})
            yield conn

    def settle(self, table_id: str,
               stats_of: Callable[[ClubTableRow],
                                  tuple[int | None, list[SeatStats]] | None]) -> bool:
        """Store a finished club table's results and, when it is rated, update its
        players' ratings: once, whichever process gets there first. ``stats_of`` gives
        the winning team (``None``: a draw, as a night's table may end) and each seat's
        statistics (``None``: not finished after all). A night's seat that no member
        claimed (a guest's) stores nothing, and its table is not rated. Returns whether
        this call settled it."""
        row = self.table(table_id)
        if row is None or row.settled_at is not None or row.finished_at is None:
            return False
        found = stats_of(row)
        if found is None:
            return False
        winner, stats = found
        players = [player_key(m, b) for m, b, _ in row.seats]
        with self._club_lock(row.club_id) as conn:
            claimed = conn.execute(update(club_tables).where(
                club_tables.c.table_id == table_id, club_tables.c.settled_at.is_(None),
            ).values(settled_at=_now()))
            if claimed.rowcount != 1:
                return False
            before: dict[str, Rating] = {}
            after: dict[str, Rating] = {}
            # a night's members are its entrants' (they came to the night)
            rated = row.rated and row.all_known and (row.all_joined or bool(row.night_id))
            if rated:
                current = conn.execute(select(ratings).where(
                    ratings.c.club_id == row.club_id, ratings.c.game == row.game,
                    ratings.c.player.in_(players))).all()
                before = {r.player: Rating(r.mu, r.sigma, r.matches) for r in current}
                after = rate_match(players, [s.team for s in stats], winner, before)
                now = _now()
                for player, rating in after.items():
                    values = {"mu": rating.mu, "sigma": rating.sigma,
                              "matches": rating.matches, "updated_at": now}
                    if player in before:
                        conn.execute(update(ratings).where(
                            ratings.c.club_id == row.club_id, ratings.c.game == row.game,
                            ratings.c.player == player).values(**values))
                    else:
                        conn.execute(insert(ratings).values(
                            club_id=row.club_id, game=row.game, player=player, **values))
            for s, player, (member, bot, _) in zip(stats, players, row.seats, strict=True):
                if member is None and bot is None:  # a guest at a night's table
                    continue
                conn.execute(insert(club_results).values(
                    table_id=table_id, seat=s.seat, club_id=row.club_id, game=row.game,
                    player=player, team=s.team, won=s.won, points=s.points,
                    against=s.against, deals=s.deals, taken=s.taken, made=s.made,
                    announcements=s.announcements, capots=s.capots, rated=rated,
                    rating_before=before.get(player, Rating()).ordinal if rated else None,
                    rating_after=after[player].ordinal if rated else None,
                    finished_at=row.finished_at,
                ))
        return True

    def leaderboard(self, club_id: str, game: str) -> list[tuple[str, Rating]]:
        """``(player, rating)`` of the club's rated players of ``game``, best first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings).where(
                ratings.c.club_id == club_id, ratings.c.game == game)).all()
        board = [(r.player, Rating(r.mu, r.sigma, r.matches)) for r in rows]
        board.sort(key=lambda item: (-item[1].ordinal, item[0]))
        return board

    def rating(self, club_id: str, game: str, player: str) -> Rating | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(ratings).where(
                ratings.c.club_id == club_id, ratings.c.game == game,
                ratings.c.player == player)).first()
        return None if r is None else Rating(r.mu, r.sigma, r.matches)

    def results(self, club_id: str, player: str, *, limit: int = 200) -> list[ResultRow]:
        """A player's stored results in the club, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(club_results).where(
                club_results.c.club_id == club_id, club_results.c.player == player,
            ).order_by(club_results.c.finished_at.desc(), club_results.c.table_id)
                .limit(limit)).all()
        return [ResultRow(
            r.table_id, r.game, r.player, SeatStats(
                seat=r.seat, team=r.team, won=bool(r.won), points=r.points, against=r.against,
                deals=r.deals, taken=r.taken, made=r.made, announcements=r.announcements,
                capots=r.capots),
            bool(r.rated), r.rating_before, r.rating_after, _aware(r.finished_at) or _now(),
        ) for r in rows]
