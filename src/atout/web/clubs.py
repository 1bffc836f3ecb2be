"""Clubs in the card room: opening a club, members who join by invitation and sign in
with a name and a password, club tables with members seated, ratings and the member
pages (docs/clubs.md).

Pages (static, their secrets in the URL fragment, never sent to the server):
``/clubs`` opens a club; ``/club/ID`` is the club's page (``#invite=...`` to join,
``#reset=...`` for an admin's one-time sign-in link, ``#admin=...`` for the admin);
``/club/ID/member/MID`` is a member's page.

API, under ``/club/ID/api/`` so that the session cookie (``Path=/club/ID``, HttpOnly,
SameSite=Strict) goes to its own club alone. Every ``POST`` takes a JSON body
(``content-type: application/json``: a cross-site form cannot send one) and passes the
room's same-origin check (:class:`atout.web.limits.SameOrigin`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.bots.base import bot_names
from atout.clubs.duplicate import Night, format_score
from atout.clubs.passwords import PASSWORD_MAX, PASSWORD_MIN, hash_password, verify_password
from atout.clubs.ratings import Rating
from atout.clubs.stats import SeatStats, match_stats
from atout.games.actions import parse_action
from atout.games.base import OptionsParseError
from atout.i18n import LANGUAGES, explain
from atout.kits import KITS, get_game
from atout.web.assets import send_page
from atout.web.clubstore import (
    ClubRow,
    ClubStore,
    ClubTableRow,
    MemberRow,
    ResultRow,
    name_key,
)
from atout.web.limits import Limits, RateLimiter, json_object
from atout.web.messages import web_text
from atout.web.room import ROOM_PRESETS, clean_name
from atout.web.store import Store, hash_token, new_token
from atout.web.tables import TableManager, build_match

__all__ = ["COOKIE", "ClubRoutes", "club_routes"]

log = logging.getLogger("atout.web.clubs")


class _OfAClub(Protocol):
    @property
    def club_id(self) -> str: ...


_R = TypeVar("_R", bound=_OfAClub)

COOKIE = "atout_member"
"""The session cookie's name (one per club: its path is the club's)."""
NAME_MAX = 24
CLUB_NAME_MAX = 60


def _error(status: int, code: str, lang: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": web_text(f"error.{code}", lang)},
                        status_code=status)


def _lang(request: Request, body: dict[str, Any] | None = None) -> str:
    lang = (body or {}).get("lang") or request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {"rating": round(rating.ordinal, 1), "mu": round(rating.mu, 2),
            "sigma": round(rating.sigma, 2), "matches": rating.matches}


def _summary(results: list[ResultRow]) -> dict[str, Any]:
    """What the member page shows of a player's matches of one game."""
    n = len(results)
    stats = [r.stats for r in results]
    total = {name: sum(getattr(s, name) for s in stats)
             for name in ("won", "deals", "taken", "made", "announcements", "capots")}
    return {"matches": n, **total,
            "average_points": round(sum(s.points for s in stats) / n, 1) if n else 0}


@dataclasses.dataclass(frozen=True)
class _Context:
    club: ClubRow
    lang: str
    body: dict[str, Any]
    me: MemberRow | None


class ClubRoutes:
    """The clubs of one server: their pages and API."""

    def __init__(self, store: Store, manager: TableManager, limits: Limits,
                 base_url: str = "") -> None:
        self.store = store
        self.clubs = ClubStore(store)
        self.manager = manager
        self.limits = limits
        self.base_url = base_url
        self.openings = RateLimiter(limits.clubs_per_minute)

    # -- who is asking ---------------------------------------------------------------------
    def club_of(self, request: Request) -> ClubRow | None:
        return self.clubs.club(request.path_params["club"])

    def member_of(self, request: Request, club: ClubRow) -> MemberRow | None:
        """The signed-in member of this club (a live session's cookie), or ``None``."""
        token = request.cookies.get(COOKIE)
        if not token or len(token) > 100:
            return None
        member = self.clubs.session(hash_token(token))
        return member if member is not None and member.club_id == club.id else None

    def _sign_in(self, response: Response, request: Request, club: ClubRow,
                 member: MemberRow) -> None:
        token = new_token()
        seconds = self.limits.session_seconds
        self.clubs.create_session(member.id, hash_token(token), seconds)
        response.set_cookie(
            COOKIE, token, max_age=int(seconds), path=f"/club/{club.id}", httponly=True,
            samesite="strict", secure=request.url.scheme == "https",
        )

    async def _throttled(self, request: Request, club: ClubRow, name: str | None,
                         lang: str) -> Response | None:
        """429 when this address, or this name in this club, tried too often (counted
        in the database: every server process holds the one limit)."""
        address = request.client.host if request.client else ""
        wait = await asyncio.to_thread(self.clubs.take_attempt, f"address:{address}",
                                       self.limits.signins_per_address)
        if not wait and name is not None:
            wait = await asyncio.to_thread(
                self.clubs.take_attempt, f"name:{club.id}:{name_key(name)}",
                self.limits.signins_per_minute)
        if not wait:
            return None
        response = _error(429, "too-many-signins", lang)
        response.headers["retry-after"] = str(max(1, math.ceil(wait)))
        log.info("club %s: sign-in attempts throttled", club.id)
        return response

    async def _body(self, request: Request) -> dict[str, Any] | None:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return None
        return await json_object(request, self.limits.max_body)

    async def _context(self, request: Request, *, body: bool = False,
                       member: bool = False) -> _Context | Response:
        """The club asked for, the reader's language, and as asked the request's JSON body
        and the signed-in member (else the error response to give)."""
        lang = _lang(request)
        club = await asyncio.to_thread(self.club_of, request)
        if club is None:
            return _error(404, "unknown-club", lang)
        me = await asyncio.to_thread(self.member_of, request, club) if member else None
        if member and me is None:
            return _error(401, "not-signed-in", lang)
        data: dict[str, Any] = {}
        if body:
            found = await self._body(request)
            if found is None:
                return _error(400, "bad-message", lang)
            data, lang = found, _lang(request, found)
        return _Context(club, lang, data, me)

    async def _signed_in(self, request: Request) -> tuple[ClubRow, str, MemberRow] | Response:
        """The club asked for, the reader's language and the signed-in member (else the
        error response to give)."""
        ctx = await self._context(request, member=True)
        if isinstance(ctx, Response):
            return ctx
        assert ctx.me is not None
        return ctx.club, ctx.lang, ctx.me

    async def _club_row(
        self, request: Request, read: Callable[[str], _R | None], param: str, unknown: str,
    ) -> tuple[ClubRow, str, MemberRow, _R] | Response:
        """As :meth:`_signed_in`, with the row of the club's that the path's ``param``
        names, read by ``read`` (a 404 ``unknown`` when it is none of this club's)."""
        signed_in = await self._signed_in(request)
        if isinstance(signed_in, Response):
            return signed_in
        club, lang, me = signed_in
        row = await asyncio.to_thread(read, request.path_params[param])
        if row is None or row.club_id != club.id:
            return _error(404, unknown, lang)
        return club, lang, me, row

    def _me(self, member: MemberRow | None) -> dict[str, Any] | None:
        return None if member is None else {"id": member.id, "name": member.name}

    # -- settling finished tables ----------------------------------------------------------
    def _stats_of(self, row: ClubTableRow) -> tuple[int | None, list[SeatStats]] | None:
        return finished_stats(self.store, row.table_id)

    def settle(self, club_id: str) -> int:
        """Store the results (and ratings) of the club's finished tables; how many."""
        return sum(self.clubs.settle(t, self._stats_of) for t in self.clubs.unsettled(club_id))

    def _player_names(self, club: ClubRow) -> dict[str, str]:
        return {f"member:{m.id}": m.name for m in self.clubs.members(club.id)}

    # -- handlers --------------------------------------------------------------------------
    async def open_club(self, request: Request) -> Response:
        lang = _lang(request)
        wait = self.openings.take(request.client.host if request.client else "")
        if wait:
            response = _error(429, "too-many-tables", lang)
            response.headers["retry-after"] = self.openings.retry_after(wait)
            return response
        body = await self._body(request)
        if body is None:
            return _error(400, "bad-message", lang)
        lang = _lang(request, body)
        name = clean_name(body.get("name"))
        games = body.get("games")
        if name is not None:
            name = name[:CLUB_NAME_MAX]
        if (name is None or not isinstance(games, list) or not games
                or not all(g in KITS for g in games)):
            return _error(400, "bad-club", lang)
        ordered = tuple(g for g in KITS if g in games)
        admin, invite = new_token(), new_token()
        club_id = await asyncio.to_thread(
            self.clubs.create_club, name, ordered, lang, hash_token(admin), hash_token(invite))
        page = f"{self.base_url}/club/{club_id}"
        log.info("club %s opened", club_id)
        return JSONResponse({
            "id": club_id, "url": f"{page}?lang={lang}",
            "admin_url": f"{page}?lang={lang}#admin={admin}",
            "invite_url": f"{page}?lang={lang}#invite={invite}",
        }, status_code=201)

    async def info(self, request: Request) -> Response:
        """The club as the reader may see it: its name to anyone who has the link; its
        members, tables and leaderboards to its members alone."""
        lang = _lang(request)
        club = await asyncio.to_thread(self.club_of, request)
        if club is None:
            return _error(404, "unknown-club", lang)
        me = await asyncio.to_thread(self.member_of, request, club)
        out: dict[str, Any] = {"id": club.id, "name": club.name, "games": list(club.games),
                               "lang": club.lang, "me": self._me(me)}
        if me is None:
            return JSONResponse(out)
        await asyncio.to_thread(self.settle, club.id)
        members = await asyncio.to_thread(self.clubs.members, club.id)
        names = {f"member:{m.id}": m.name for m in members}
        rows = await asyncio.to_thread(self.clubs.tables, club.id, limit=30)
        out["members"] = [{"id": m.id, "name": m.name} for m in members]
        out["tables"] = [self._table_json(t, me) for t in rows]
        out["leaderboards"] = {}
        for game in club.games:
            board = await asyncio.to_thread(self.clubs.leaderboard, club.id, game)
            out["leaderboards"][game] = [self._board_entry(p, r, names) for p, r in board]
        out["bots"] = {g: bot_names(g) for g in club.games}
        out["presets"] = {g: ROOM_PRESETS.get(g, {}) for g in club.games}
        out["seats"] = {g: get_game(g).num_players for g in club.games}
        return JSONResponse(out)

    @staticmethod
    def _board_entry(player: str, rating: Rating, names: dict[str, str]) -> dict[str, Any]:
        kind, _, ident = player.partition(":")
        entry = {"player": player, "kind": kind, **_rating_json(rating)}
        if kind == "member":
            entry |= {"id": ident, "name": names.get(player, "?")}
        else:
            entry |= {"bot": ident}
        return entry

    def _table_json(self, row: ClubTableRow, me: MemberRow) -> dict[str, Any]:
        seats = []
        mine = None
        for seat, (member_id, bot, name) in enumerate(row.seats):
            seats.append({"seat": seat, "member": member_id, "bot": bot, "name": name})
            if member_id == me.id:
                mine = seat
        return {
            "id": row.table_id, "game": row.game, "rated": row.rated,
            "over": row.finished_at is not None, "seats": seats, "mine": mine,
            "created_at": row.created_at.isoformat(timespec="seconds"),
            "watch": f"{self.base_url}/table/{row.table_id}",
        }

    async def join(self, request: Request) -> Response:
        """A new member, by the invitation's secret: a name and a password."""
        ctx = await self._context(request, body=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body = ctx.club, ctx.lang, ctx.body
        name = clean_name(body.get("name"))
        throttled = await self._throttled(request, club, None, lang)  # per address
        if throttled is not None:
            return throttled
        invite, password = body.get("invite"), body.get("password")
        if not isinstance(invite, str) or not _same(hash_token(invite), club.invite_hash):
            return _error(403, "bad-invite", lang)
        if name is None:
            return _error(400, "bad-name", lang)
        if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
            return _error(400, "bad-password", lang)
        hashed = await asyncio.to_thread(hash_password, password)
        member_id = await asyncio.to_thread(self.clubs.add_member, club.id, name, hashed)
        if member_id is None:
            return _error(409, "name-taken", lang)
        member = await asyncio.to_thread(self.clubs.member, member_id)
        assert member is not None
        response = JSONResponse({"me": self._me(member)}, status_code=201)
        await asyncio.to_thread(self._sign_in, response, request, club, member)
        log.info("club %s: member %s joined", club.id, member.id)
        return response

    async def sign_in(self, request: Request) -> Response:
        ctx = await self._context(request, body=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body = ctx.club, ctx.lang, ctx.body
        name, password = clean_name(body.get("name")), body.get("password")
        throttled = await self._throttled(request, club, name, lang)
        if throttled is not None:
            return throttled
        if name is None or not isinstance(password, str):
            return _error(400, "bad-message", lang)
        member = await asyncio.to_thread(self.clubs.member_by_name, club.id, name)
        stored = member.password_hash if member is not None else None
        if not await asyncio.to_thread(verify_password, stored, password) or member is None:
            log.info("club %s: a sign-in refused", club.id)
            return _error(401, "bad-signin", lang)
        response = JSONResponse({"me": self._me(member)})
        await asyncio.to_thread(self._sign_in, response, request, club, member)
        return response

    async def sign_out(self, request: Request) -> Response:
        club = await asyncio.to_thread(self.club_of, request)
        if club is None:
            return _error(404, "unknown-club", _lang(request))
        token = request.cookies.get(COOKIE)
        if token and len(token) <= 100:
            await asyncio.to_thread(self.clubs.revoke_session, hash_token(token))
        response = JSONResponse({"me": None})
        response.delete_cookie(COOKIE, path=f"/club/{club.id}", httponly=True,
                               samesite="strict")
        return response

    async def change_password(self, request: Request) -> Response:
        """A signed-in member's new password, given their current one
        (``{"old", "new"}``); attempts are limited as sign-ins are, and every other
        session of theirs ends (the devices where someone else may be signed in)."""
        ctx = await self._context(request, body=True, member=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body, me = ctx.club, ctx.lang, ctx.body, ctx.me
        assert me is not None
        throttled = await self._throttled(request, club, me.name, lang)
        if throttled is not None:
            return throttled
        old, new = body.get("old"), body.get("new")
        if not isinstance(old, str) or not isinstance(new, str):
            return _error(400, "bad-message", lang)
        if not await asyncio.to_thread(verify_password, me.password_hash, old):
            log.info("club %s: a password change refused", club.id)
            return _error(403, "wrong-password", lang)
        if not PASSWORD_MIN <= len(new) <= PASSWORD_MAX:
            return _error(400, "bad-password", lang)
        hashed = await asyncio.to_thread(hash_password, new)
        token = request.cookies.get(COOKIE) or ""
        await asyncio.to_thread(self.clubs.change_password, me.id, hashed, hash_token(token))
        log.info("club %s: member %s changed their password", club.id, me.id)
        return JSONResponse({"me": self._me(me)})

    async def use_reset(self, request: Request) -> Response:
        """An admin's one-time sign-in link: the member chooses a new password."""
        ctx = await self._context(request, body=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body = ctx.club, ctx.lang, ctx.body
        throttled = await self._throttled(request, club, None, lang)
        if throttled is not None:
            return throttled
        reset, password = body.get("reset"), body.get("password")
        if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
            return _error(400, "bad-password", lang)
        if not isinstance(reset, str) or len(reset) > 100:
            return _error(403, "bad-reset", lang)
        member = await asyncio.to_thread(self.clubs.use_reset, club.id, hash_token(reset))
        if member is None:
            return _error(403, "bad-reset", lang)
        hashed = await asyncio.to_thread(hash_password, password)
        await asyncio.to_thread(self.clubs.set_password, member.id, hashed)
        response = JSONResponse({"me": self._me(member)})
        await asyncio.to_thread(self._sign_in, response, request, club, member)
        log.info("club %s: member %s chose a new password", club.id, member.id)
        return response

    async def admin(self, request: Request) -> Response:
        """The admin's actions, with the admin secret: ``members`` (the list),
        ``reset`` (a member's new one-time sign-in link), ``invite`` (a new invitation
        link; the old one stops working)."""
        ctx = await self._context(request, body=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body = ctx.club, ctx.lang, ctx.body
        secret = body.get("admin")
        if not isinstance(secret, str) or not _same(hash_token(secret), club.admin_hash):
            # wrong secrets count against the address, as sign-ins do
            return (await self._throttled(request, club, None, lang)
                    or _error(403, "not-admin", lang))
        page = f"{self.base_url}/club/{club.id}?lang={lang}"
        action = body.get("action")
        if action == "reset":
            member = await asyncio.to_thread(self.clubs.member, str(body.get("member", "")))
            if member is None or member.club_id != club.id:
                return _error(404, "not-member", lang)
            token = new_token()
            until = datetime.now(UTC) + timedelta(seconds=self.limits.reset_seconds)
            await asyncio.to_thread(self.clubs.set_reset, member.id, hash_token(token), until)
            log.info("club %s: member %s reset by the admin", club.id, member.id)
            return JSONResponse({"member": member.id, "url": f"{page}#reset={token}",
                                 "until": until.isoformat(timespec="minutes")})
        if action == "invite":
            token = new_token()
            await asyncio.to_thread(self.clubs.set_invite, club.id, hash_token(token))
            return JSONResponse({"invite_url": f"{page}#invite={token}"})
        if action == "members":
            members = await asyncio.to_thread(self.clubs.members, club.id)
            return JSONResponse({"name": club.name, "members": [
                {"id": m.id, "name": m.name, "reset_pending": m.reset_hash is not None}
                for m in members]})
        return _error(400, "bad-message", lang)

    async def new_table(self, request: Request) -> Response:
        """A club table, opened by a signed-in member who sits at it: the other seats
        members of the club or bots. A rated table gives no hints."""
        ctx = await self._context(request, body=True, member=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body, me = ctx.club, ctx.lang, ctx.body, ctx.me
        assert me is not None
        game, options, specs = body.get("game"), body.get("options") or "", body.get("seats")
        rated = body.get("rated", True) is not False
        if (game not in club.games or not isinstance(options, str) or not isinstance(specs, list)
                or not all(isinstance(s, dict) for s in specs)):
            return _error(400, "bad-message", lang)
        members = {m.id: m for m in await asyncio.to_thread(self.clubs.members, club.id)}
        seat_specs: list[dict[str, Any]] = []
        names: list[str | None] = []
        seated: dict[int, str] = {}
        for seat, spec in enumerate(specs):
            member_id = spec.get("member")
            if member_id is not None:
                if member_id not in members or member_id in seated.values():
                    return _error(400, "not-member", lang)
                seated[seat] = member_id
                seat_specs.append({"kind": "open"})
                names.append(members[member_id].name)
            else:
                seat_specs.append({"kind": "bot", "bot": spec.get("bot")})
                names.append(None)
        if me.id not in seated.values():
            return _error(400, "sit-yourself", lang)
        try:
            table_id, _ = self.manager.create(
                game, options, lang, seat_specs, names=names, public=False, hints=not rated)
        except (ValueError, OptionsParseError) as exc:
            return JSONResponse({"error": "bad-table", "message": explain(exc, lang)},
                                status_code=400)
        await asyncio.to_thread(self.clubs.add_table, table_id, club.id, rated, me.id, seated)
        log.info("club %s: table %s opened", club.id, table_id)
        return JSONResponse({"id": table_id}, status_code=201)

    async def take_seat(self, request: Request) -> Response:
        """The signed-in member's seat at a club table: a fresh link to it."""
        found = await self._club_row(request, self.clubs.table, "table", "unknown-table")
        if isinstance(found, Response):
            return found
        _, lang, me, row = found
        seat = next((s for s, (m, _, _) in enumerate(row.seats) if m == me.id), None)
        if seat is None:
            return _error(403, "not-your-seat", lang)
        token = new_token()
        if not await asyncio.to_thread(self.clubs.take_seat, row.table_id, seat, me.id,
                                       hash_token(token), me.name):
            return _error(403, "not-your-seat", lang)
        live = self.manager.tables.get(row.table_id)
        if live is not None:  # this process runs it: it knows the new link at once
            fresh = await asyncio.to_thread(self.store.get_table, row.table_id)
            if fresh is not None:
                live.row = dataclasses.replace(live.row, seats=fresh.seats)
        return JSONResponse({
            "id": row.table_id, "seat": seat,
            "url": f"{self.base_url}/table/{row.table_id}#seat={seat}&token={token}&lang={lang}",
        })

    async def member_page(self, request: Request) -> Response:
        """A member's page, for the members of their club: ratings, statistics per
        game, and their matches with replay links."""
        found = await self._club_row(request, self.clubs.member, "member", "not-member")
        if isinstance(found, Response):
            return found
        club, lang, me, member = found
        await asyncio.to_thread(self.settle, club.id)
        player = f"member:{member.id}"
        tables = {t.table_id: t for t in await asyncio.to_thread(
            self.clubs.member_tables, member.id, limit=200)}
        every = await asyncio.to_thread(self.clubs.results, club.id, player)
        # a night's tables are its rounds, not matches: they show with their night
        results = [r for r in every if r.table_id not in tables
                   or tables[r.table_id].night_id is None]
        nights = await asyncio.to_thread(self._nights_of, member, tables, every, lang)
        games: dict[str, Any] = {}
        for game in club.games:
            mine = [r for r in results if r.game == game]
            rating = await asyncio.to_thread(self.clubs.rating, club.id, game, player)
            board = await asyncio.to_thread(self.clubs.leaderboard, club.id, game)
            games[game] = {
                **_summary(mine),
                "rating": None if rating is None else _rating_json(rating),
                "rank": next((i + 1 for i, (p, _) in enumerate(board) if p == player), None),
                "bots": [{"bot": p.partition(":")[2], **_rating_json(r)}
                         for p, r in board if p.startswith("bot:")],
            }
        names = await asyncio.to_thread(self._player_names, club)
        matches = []
        for r in results:
            row = tables.get(r.table_id)
            matches.append({
                "table": r.table_id, "game": r.game, "won": r.stats.won,
                "points": r.stats.points, "against": r.stats.against, "rated": r.rated,
                "change": None if r.rating_after is None or r.rating_before is None
                else round(r.rating_after - r.rating_before, 1),
                "date": r.finished_at.isoformat(timespec="minutes"),
                "replay": f"{self.base_url}/replay?table={r.table_id}&lang={lang}",
                "with": [] if row is None else [
                    {"seat": s, "name": names.get(f"member:{m}", n) if m else None, "bot": b}
                    for s, (m, b, n) in enumerate(row.seats) if s != r.stats.seat],
            })
        return JSONResponse({"id": member.id, "name": member.name, "club": club.name,
                             "me": self._me(me), "games": games, "matches": matches,
                             "nights": nights})

    def _nights_of(self, member: MemberRow, tables: dict[str, ClubTableRow],
                   results: list[ResultRow], lang: str) -> list[dict[str, Any]]:
        """The club nights a member played: each night's name, the member's place and
        score in its standings (the boards every table has played), the rating change
        of its rounds and the replay of each of their tables; the latest first."""
        change = {r.table_id: r.rating_after - r.rating_before for r in results
                  if r.rating_after is not None and r.rating_before is not None}
        by_night: dict[str, list[ClubTableRow]] = {}
        for row in tables.values():
            if row.night_id is not None:
                by_night.setdefault(row.night_id, []).append(row)
        out = []
        for night_id, rows in by_night.items():
            found = self.store.get_night(night_id)
            if found is None:
                continue
            body = json.loads(found[2])
            night = Night.from_json(body["night"])
            rows.sort(key=lambda r: (r.night_round or 0, r.night_table or 0))
            entrant = None
            for row in rows:
                seat = next(s for s, (m, _, _) in enumerate(row.seats) if m == member.id)
                entrant = night.seat_people(row.night_round or 1, row.night_table or 1)[seat][0]
            standing = next((s for s in night.standings(complete_only=True)
                             if s.entrant == entrant), None)
            changes = [change[r.table_id] for r in rows if r.table_id in change]
            out.append({
                "id": night_id, "title": body["extra"].get("title") or "",
                "game": night.setup.game, "date": rows[0].created_at.isoformat(
                    timespec="minutes"),
                "over": night.is_over, "entrants": len(night.entrants),
                "place": None if standing is None else standing.place,
                "score": None if standing is None else format_score(standing.total),
                "change": round(sum(changes), 1) if changes else None,
                "standings": f"{self.base_url}/night/{night_id}#lang={lang}",
                "tables": [{"round": r.night_round, "table": r.night_table,
                            "replay": f"{self.base_url}/replay?table={r.table_id}&lang={lang}"}
                           for r in rows],
            })
        out.sort(key=lambda n: str(n["date"]), reverse=True)
        return out

    async def claim(self, request: Request) -> Response:
        """A signed-in member who opens a seat link of one of the club's nights is that
        seat's person (``{"table", "seat", "token"}``: the link's fragment, which proves
        they hold it): the night's boards at that table count in their rating."""
        ctx = await self._context(request, body=True, member=True)
        if isinstance(ctx, Response):
            return ctx
        club, lang, body, me = ctx.club, ctx.lang, ctx.body, ctx.me
        assert me is not None
        table_id, seat, token = body.get("table"), body.get("seat"), body.get("token")
        if (not isinstance(table_id, str) or type(seat) is not int
                or not isinstance(token, str) or len(token) > 100):
            return _error(400, "bad-message", lang)
        row = await asyncio.to_thread(self.clubs.table, table_id)
        if row is None or row.club_id != club.id or row.night_id is None:
            return _error(404, "unknown-table", lang)
        if not await asyncio.to_thread(self.clubs.claim_seat, table_id, seat, me.id,
                                       hash_token(token)):
            return _error(403, "not-your-seat", lang)
        log.info("club %s: member %s took a seat of night %s", club.id, me.id, row.night_id)
        return JSONResponse({"me": self._me(me), "table": table_id, "seat": seat,
                             "night": row.night_id})

    def routes(self) -> list[Route]:
        async def page(request: Request) -> Response:
            # one page for opening a club, a club and a member (clubs.js reads the path)
            return send_page("club")

        api = "/club/{club}/api"
        return [
            Route("/clubs", page),
            Route("/api/clubs", self.open_club, methods=["POST"]),
            Route("/club/{club}", page),
            Route("/club/{club}/member/{member}", page),
            Route(f"{api}/info", self.info),
            Route(f"{api}/join", self.join, methods=["POST"]),
            Route(f"{api}/signin", self.sign_in, methods=["POST"]),
            Route(f"{api}/signout", self.sign_out, methods=["POST"]),
            Route(f"{api}/reset", self.use_reset, methods=["POST"]),
            Route(f"{api}/password", self.change_password, methods=["POST"]),
            Route(f"{api}/admin", self.admin, methods=["POST"]),
            Route(f"{api}/tables", self.new_table, methods=["POST"]),
            Route(f"{api}/tables/{{table}}/seat", self.take_seat, methods=["POST"]),
            Route(f"{api}/members/{{member}}", self.member_page),
            Route(f"{api}/claim", self.claim, methods=["POST"]),
        ]


def _same(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a, b)


def finished_stats(store: Store, table_id: str) -> tuple[int | None, list[SeatStats]] | None:
    """A finished table's winning team and every seat's statistics, from its log
    (``None`` while it is not over)."""
    table = store.get_table(table_id)
    if table is None:
        return None
    match = build_match(table)
    for _, _, action in store.events(table_id):
        if not action.startswith("@"):  # stand-in markers are not moves
            match.apply(parse_action(action))
    if not match.is_over:
        return None
    return int(match.winner), match_stats(table.game, match)


def club_routes(store: Store, manager: TableManager, limits: Limits,
                base_url: str = "") -> list[Route]:
    """The clubs' routes for :func:`atout.web.app.create_app`."""
    return ClubRoutes(store, manager, limits, base_url).routes()
