"""The card room around the tables: players' names, the lobby of public tables, the
chat, the wait after each deal's breakdown, and the rematch.

None of it touches the game: a name, a chat line or a rematch is never a card, and
the messages built here carry no view. They go to every watcher of a table alike.

Websocket messages (besides those of :mod:`atout.web.app`):

client → server
    ``{"type": "name", "name": "Ann"}``: the seat's player names themself;
    ``{"type": "chat", "text": "..."}`` or ``{"type": "chat", "phrase": "good-luck"}``;
    ``{"type": "ready", "deal": 3}``: the player has closed the breakdown of deal 3;
    ``{"type": "rematch"}``: once the match is over, the next one with the same seats.
server → client
    ``{"type": "room", "seats": [{"seat", "name", "free"}], "public", "hints",
    "ready": [seats], "deal", "next", "club", "night"}`` on arrival and after each
    change (``club``: ``{"id", "name"}`` of a club's table; ``night``: the id of the
    duplicate night whose table it is);
    ``{"type": "chat", "messages": [{"n", "seat", "text" | "phrase", "at"}]}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from atout.games.base import secret_seed
from atout.i18n import LANGUAGES
from atout.kits import KITS
from atout.web.limits import Limits, RateLimiter
from atout.web.messages import web_text
from atout.web.store import Store, hash_token, new_token
from atout.web.tables import ActionRefused, LiveTable, TableManager, Watcher

__all__ = [
    "CHAT_MAX", "NAME_MAX", "ROOM_MESSAGE_TYPES", "ROOM_PRESETS", "Room", "RoomState",
    "clean_name", "room_presets",
]

NAME_MAX = 24
"""Characters of a player's name."""
CHAT_MAX = 200
"""Characters of a chat message."""
CHAT_KEPT = 50
"""Chat messages a newcomer receives."""
PHRASES = ("hello", "good-luck", "well-played", "nice", "thanks", "oops", "one-moment", "bye")
"""The chat's quick phrases (``room.phrase.*``): each reader sees them in their own language."""
ROOM_MESSAGE_TYPES = frozenset({"name", "chat", "ready", "rematch"})
"""The websocket messages :meth:`Room.handle` answers."""
BREAKDOWN_SECONDS = 30.0
"""How long the bots wait, after a deal, for the people still reading its breakdown."""

def room_presets(game: str) -> dict[str, str]:
    """The presets the home page offers for ``game`` (its kit's, in plain words as
    ``room.preset.GAME.NAME``), each as its canonical options string."""
    return KITS[game].preset_options() if game in KITS else {}


ROOM_PRESETS = {game: room_presets(game) for game in KITS}


def clean_name(value: Any) -> str | None:
    """A player's name as shown: control and format characters removed, spaces
    collapsed, at most :data:`NAME_MAX` characters; ``None`` when nothing is left."""
    if not isinstance(value, str):
        return None
    kept = "".join(c for c in value[:200] if unicodedata.category(c)[0] not in ("C",))
    name = " ".join(kept.split())[:NAME_MAX].strip()
    return name or None


def clean_chat(value: Any) -> str | None:
    """A chat line: control characters removed (a newline becomes a space)."""
    if not isinstance(value, str):
        return None
    kept = "".join(
        " " if c in "\n\r\t" else c for c in value if unicodedata.category(c)[0] != "C"
        or c in "\n\r\t"
    )
    return " ".join(kept.split())


@dataclass(eq=False)
class RoomState:
    """What the room keeps for a live table in memory (not stored)."""

    #: The deal whose breakdown ``ready`` is about (number of finished deals).
    deal: int = 0
    #: Seats that have closed that breakdown.
    ready: set[int] = field(default_factory=set)
    #: A deal whose wait is over (its bots may play).
    released: int = -1
    #: Set whenever something the gate waits on changes.
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: The last chat messages, as sent.
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: The club whose table this is: ``{"id", "name"}`` (its page links back there).
    club: dict[str, str] | None = None


def _chat_json(n: int, seat: int, text: str | None, phrase: str | None,
               at: datetime) -> dict[str, Any]:
    out: dict[str, Any] = {"n": n, "seat": seat, "at": at.isoformat(timespec="seconds")}
    if phrase is not None:
        out["phrase"] = phrase
    else:
        out["text"] = text or ""
    return out


class Room:
    """The room of one server: it answers the room's websocket messages and pages."""

    def __init__(
        self, manager: TableManager, store: Store, *, limits: Limits | None = None,
        base_url: str = "", breakdown_seconds: float = BREAKDOWN_SECONDS,
    ) -> None:
        self.manager = manager
        self.store = store
        self.limits = limits = limits or Limits()
        self.base_url = base_url
        self.breakdown_seconds = breakdown_seconds
        #: What each seat may send a minute, per kind of message (:meth:`too_fast`).
        self.rates = {
            "chat": RateLimiter(limits.chat_per_minute),
            "name": RateLimiter(limits.names_per_minute),
            "hint": RateLimiter(limits.hints_per_minute),
        }
        self.joins = RateLimiter(self.limits.tables_per_minute)
        manager.gate = self.gate

    # -- state -------------------------------------------------------------------------
    def state_of(self, table: LiveTable) -> RoomState:
        if table.room is None:
            state = RoomState(deal=len(table.match.deals))
            state.chat = [_chat_json(*row) for row in self.store.chat(table.id, CHAT_KEPT)]
            club = self.store.table_club(table.id)
            state.club = None if club is None else {"id": club[0], "name": club[1]}
            table.room = state
        return table.room  # type: ignore[no-any-return]

    def message(self, table: LiveTable) -> dict[str, Any]:
        """The room message: who sits where, the table's settings, who is ready."""
        state = self.state_of(table)
        row = table.row
        return {
            "type": "room",
            "seats": [
                {"seat": s.seat, "name": s.name,
                 "free": s.kind == "human" and s.token_hash is None}
                for s in row.seats
            ],
            "public": row.public,
            "hints": row.hints,
            "deal": state.deal,
            "ready": sorted(state.ready),
            "next": row.next_id,
            # where the table's page links back to: its club, its night's standings
            "club": state.club,
            "night": row.night_id,
        }

    async def _send_all(self, table: LiveTable, message: dict[str, Any]) -> None:
        for watcher in list(table.watchers):
            try:
                await watcher.send(message)
            except Exception:  # a closed connection leaves the table
                table.watchers.discard(watcher)

    async def broadcast(self, table: LiveTable) -> None:
        await self._send_all(table, self.message(table))

    async def welcome(self, table: LiveTable, watcher: Watcher) -> None:
        """What a newcomer receives after the state: the room and the recent chat."""
        state = self.state_of(table)
        await watcher.send(self.message(table))
        if state.chat:
            await watcher.send({"type": "chat", "messages": list(state.chat), "history": True})
        state.changed.set()  # someone arrived: the gate counts again

    def left(self, table: LiveTable) -> None:
        """A connection closed: the gate counts the people again."""
        if table.room is not None:
            table.room.changed.set()

    # -- websocket messages ------------------------------------------------------------
    async def handle(
        self, table: LiveTable, watcher: Watcher, message: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Answer a room message; an error message to send back, or ``None``."""
        kind = message.get("type")
        lang = watcher.lang
        seat = watcher.seat
        if seat is None:
            return _error("spectator", lang)
        if kind == "name":
            return await self._name(table, seat, message.get("name"), lang)
        if kind == "chat":
            return await self._chat(table, seat, message, lang)
        if kind == "ready":
            return await self._ready(table, seat, message.get("deal"))
        if kind == "rematch":
            return await self._rematch(table, watcher, lang)
        return _error("bad-message", lang)

    def too_fast(self, kind: str, table: LiveTable, seat: int, lang: str
                 ) -> dict[str, Any] | None:
        """Count one message of ``kind`` (``chat``, ``name``, ``hint``) from the seat:
        the ``too-fast`` refusal, with the seconds to wait, when the seat has sent its
        share of the minute; else ``None``."""
        rate = self.rates[kind]
        wait = rate.take(f"{table.id}/{seat}")
        if not wait:
            return None
        seconds = rate.retry_after(wait)
        return {**_error("too-fast", lang, seconds=seconds), "retry_after": int(seconds)}

    def hint_refusal(self, table: LiveTable, seat: int | None, lang: str, *, pending: bool
                     ) -> dict[str, Any] | None:
        """Why a hint is not worked out now (an error message), or ``None`` (then it is
        counted): a spectator, hints off, the connection's last hint still ``pending``
        (``wait``), not the seat's turn, or too many hints this minute."""
        if seat is None:
            return _error("spectator", lang)
        if not table.row.hints:
            return _error("hints-off", lang)
        if pending:
            return _error("wait", lang)
        try:
            self.manager.hint_view(table, seat, lang)
        except ActionRefused as exc:
            return exc.to_message()
        return self.too_fast("hint", table, seat, lang)

    async def _name(self, table: LiveTable, seat: int, value: Any, lang: str
                    ) -> dict[str, Any] | None:
        name = clean_name(value)
        if table.row.seats[seat].name != name:
            refused = self.too_fast("name", table, seat, lang)
            if refused is not None:
                return refused
            await asyncio.to_thread(self.store.set_name, table.id, seat, name)
            self._set_seat(table, seat, name=name)
            await self.broadcast(table)
        return None

    def _set_seat(self, table: LiveTable, seat: int, **changes: Any) -> None:
        seats = list(table.row.seats)
        seats[seat] = dataclasses.replace(seats[seat], **changes)
        table.row = dataclasses.replace(table.row, seats=tuple(seats))

    async def _chat(
        self, table: LiveTable, seat: int, message: dict[str, Any], lang: str
    ) -> dict[str, Any] | None:
        phrase = message.get("phrase")
        text: str | None = None
        if phrase is not None:
            if phrase not in PHRASES:
                return _error("bad-message", lang)
        else:
            text = clean_chat(message.get("text"))
            if text is None:
                return _error("bad-message", lang)
            if not text:
                return _error("chat-empty", lang)
            if len(text) > CHAT_MAX:
                return _error("chat-too-long", lang)
        refused = self.too_fast("chat", table, seat, lang)
        if refused is not None:
            return refused
        n, at = await asyncio.to_thread(self.store.add_chat, table.id, seat, text, phrase)
        line = _chat_json(n, seat, text, phrase, at)
        state = self.state_of(table)
        state.chat = [*state.chat, line][-CHAT_KEPT:]
        await self._send_all(table, {"type": "chat", "messages": [line]})
        return None

    async def _ready(self, table: LiveTable, seat: int, deal: Any) -> dict[str, Any] | None:
        state = self.state_of(table)
        finished = len(table.match.deals)
        if type(deal) is not int or deal != finished:
            return None  # an old breakdown: nothing to wait for
        if state.deal != finished:
            state.deal, state.ready = finished, set()
        if seat not in state.ready:
            state.ready.add(seat)
            state.changed.set()
            await self.broadcast(table)
        return None

    async def gate(self, table: LiveTable) -> None:
        """Before a bot opens deal ``n + 1``: wait until every person at the table (a
        seat with an open connection) has closed the breakdown of deal ``n``, or
        :attr:`breakdown_seconds`."""
        state = self.state_of(table)
        finished = len(table.match.deals)
        if state.released >= finished:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.breakdown_seconds
        while True:
            if state.deal != finished:
                state.deal, state.ready = finished, set()
            people = {
                w.seat for w in table.watchers
                if w.seat is not None and table.row.seats[w.seat].kind == "human"
            }
            left = deadline - loop.time()
            if people <= state.ready or left <= 0 or len(table.match.deals) != finished:
                break
            state.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(state.changed.wait(), min(left, 1.0))
        state.released = finished

    async def _rematch(self, table: LiveTable, watcher: Watcher, lang: str
                       ) -> dict[str, Any] | None:
        if not table.match.is_over:
            return _error("not-over", lang)
        async with table.lock:
            made = table.row.next_id is None
            if made:
                next_id = await asyncio.to_thread(self._store_rematch, table)
                table.row = dataclasses.replace(table.row, next_id=next_id)
        if made:  # everyone is told once; asking again tells the one who asked
            await self.broadcast(table)
        else:
            await watcher.send(self.message(table))
        return None

    def _store_rematch(self, table: LiveTable) -> str:
        """The next match's table: the same game, rules, seats (the same tokens, so the
        same links), names and settings, a fresh seed. Once only: a second writer
        (another process) loses and takes the first one's table."""
        row = table.row
        next_id = self.store.create_table(
            row.game, row.options, secret_seed(), row.lang,
            [(s.kind, s.bot, s.token_hash) for s in row.seats],
            names=[s.name for s in row.seats], public=row.public, hints=row.hints,
        )
        if self.store.set_next(row.id, next_id):
            return next_id
        self.store.delete_table(next_id)
        again = self.store.get_table(row.id)
        assert again is not None and again.next_id is not None
        return again.next_id

    # -- the lobby ---------------------------------------------------------------------
    def lobby(self) -> list[dict[str, Any]]:
        """The public tables with a free seat, newest first."""
        out = []
        for row in self.store.open_tables():
            out.append({
                "id": row.id, "game": row.game, "options": row.options, "lang": row.lang,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                     "free": s.kind == "human" and s.token_hash is None}
                    for s in row.seats
                ],
            })
        return out

    async def take_seat(
        self, table_id: str, seat: int, name: str | None
    ) -> tuple[str | None, str]:
        """Take a free seat of a public table: ``(token, "")``, or ``(None, code)``."""
        row = await asyncio.to_thread(self.store.get_table, table_id)
        if row is None:
            return None, "unknown-table"
        if not row.public:
            return None, "not-public"
        if not 0 <= seat < len(row.seats):
            return None, "seat-taken"
        token = new_token()
        taken = await asyncio.to_thread(
            self.store.take_seat, table_id, seat, hash_token(token), name
        )
        if not taken:
            return None, "seat-taken"
        live = self.manager.tables.get(table_id)
        if live is not None:
            self._set_seat(live, seat, token_hash=hash_token(token), name=name)
            await live.broadcast()
            await self.broadcast(live)
        return token, ""

    async def reread_seats(self, table: LiveTable) -> bool:
        """Read the table's seats again from the database (a free seat may have been
        taken through another server process); whether any changed."""
        if not any(s.kind == "human" and s.token_hash is None for s in table.row.seats):
            return False
        row = await asyncio.to_thread(self.store.get_table, table.id)
        if row is None or row.seats == table.row.seats:
            return False
        table.row = dataclasses.replace(table.row, seats=row.seats)
        return True

    def routes(self) -> list[Route]:
        from atout.web.assets import STATIC

        async def page_lobby(request: Request) -> Response:
            return FileResponse(str(STATIC / "lobby.html"))

        async def api_lobby(request: Request) -> Response:
            return JSONResponse({"tables": await asyncio.to_thread(self.lobby)})

        async def api_take_seat(request: Request) -> Response:
            lang = request.query_params.get("lang", "en")
            lang = lang if lang in LANGUAGES else "en"
            wait = self.joins.take(request.client.host if request.client else "")
            if wait:
                response = _json_error(429, "too-many-tables", lang)
                response.headers["retry-after"] = self.joins.retry_after(wait)
                return response
            try:
                body = await request.json()
            except (json.JSONDecodeError, UnicodeDecodeError):
                return _json_error(400, "bad-message", lang)
            if not isinstance(body, dict):
                return _json_error(400, "bad-message", lang)
            if body.get("lang") in LANGUAGES:
                lang = str(body["lang"])
            table_id = request.path_params["id"]
            try:
                seat = int(request.path_params["seat"])
            except ValueError:
                return _json_error(400, "bad-message", lang)
            token, code = await self.take_seat(table_id, seat, clean_name(body.get("name")))
            if token is None:
                status = {"unknown-table": 404, "not-public": 403}.get(code, 409)
                return _json_error(status, code, lang)
            return JSONResponse({
                "id": table_id, "seat": seat, "token": token,
                "url": f"{self.base_url}/table/{table_id}#seat={seat}&token={token}&lang={lang}",
            }, status_code=201)

        return [
            Route("/lobby", page_lobby),
            Route("/api/lobby", api_lobby),
            Route("/api/tables/{id}/seats/{seat}", api_take_seat, methods=["POST"]),
        ]


def _error(code: str, lang: str, **params: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": web_text(f"error.{code}", lang, **params)}


def _json_error(status: int, code: str, lang: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": web_text(f"error.{code}", lang)},
                        status_code=status)
