"""The Starlette application: pages, a small JSON API and the websocket of each table.

Pages are static files (no build step); a table page learns its seat's secret from the
URL fragment (``/table/ID#seat=1&token=...``), which browsers never send to a server,
so tokens appear in no request line and no access log. The browser then says
``hello`` with the token over the websocket.

Websocket protocol (JSON, one object a message):

client → server
    ``{"type": "hello", "token": "...", "lang": "fr"}`` first (no token: spectator);
    ``{"type": "act", "action": "HJ", "seq": 17}``: an action's text form and the step
    of the log the client saw; ``{"type": "hint"}``; ``{"type": "ping"}``.
server → client
    ``{"type": "welcome", "seat": 1}``; ``{"type": "state", "seq": ..., "view": ...}``
    after every change, each seat its own view; ``{"type": "hint", "options": [...]}``;
    ``{"type": "error", "code": "illegal", "rule": "...", "message": "..."}``;
    ``{"type": "pong"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import os
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from atout.bots.base import bot_names
from atout.games.base import OptionsParseError
from atout.i18n import LANGUAGE_NAMES, LANGUAGES, explain
from atout.kits import KITS
from atout.web.advisor import advisor_routes
from atout.web.assets import STATIC
from atout.web.clubs import club_routes
from atout.web.cluster import OWNER_HEADER, Busy, Cluster, relay
from atout.web.learn import learn_routes
from atout.web.limits import BodyLimit, Limits, RateLimiter, SameOrigin, WorkLimit
from atout.web.messages import catalog_for, web_text
from atout.web.nights import night_routes
from atout.web.room import ROOM_MESSAGE_TYPES, ROOM_PRESETS, Room, clean_name
from atout.web.scorekeeper import scorekeeper_routes
from atout.web.serialize import public_view, replay_events, to_json
from atout.web.store import Store, TableRow
from atout.web.tables import (
    ActionRefused,
    LiveTable,
    TableManager,
    Watcher,
    build_match,
    final_result,
)
from atout.web.workers import Workers, WorkersBusy

__all__ = ["DEFAULT_DB", "create_app"]

DEFAULT_DB = "sqlite:///atout.db"
MAX_MESSAGE = 4096
MAX_QUEUE = 200

_CHOICES: dict[str, tuple[str, ...]] = {
    "undenufe_values": ("classic", "modern"),
    "shuffle": ("fresh",),  # gather reveals the hands: web tables refuse it
}


def _static_path(name: str) -> str:
    return str(STATIC / name)


def _error(status: int, code: str, lang: str = "en") -> JSONResponse:
    key = f"error.{code}"
    return JSONResponse({"error": code, "message": web_text(key, lang)}, status_code=status)


@functools.cache
def _catalog_json(lang: str) -> bytes:
    """A language's words for the pages as JSON, encoded once (half a millisecond)."""
    return json.dumps(catalog_for(lang), ensure_ascii=False, separators=(",", ":")).encode()


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


class SecurityHeaders:
    """Headers every response carries: no framing, no inline script, no referrer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy",
                     b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                     b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"cache-control", b"no-store"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def games_info() -> dict[str, Any]:
    """What the home page offers for each game: seats, options, presets and bots."""
    out: dict[str, Any] = {}
    for name, game_kit in KITS.items():
        info = game_kit.game
        presets = getattr(game_kit.rules, "PRESETS", {})
        options = []
        for f in dataclasses.fields(info.options):
            default = f.default
            kind = "bool" if isinstance(default, bool) else (
                "int" if isinstance(default, int) else "str")
            options.append({"name": f.name, "type": kind, "default": default,
                            "choices": list(_CHOICES.get(f.name, ()))})
        out[name] = {
            "num_players": info.num_players,
            "options": options,
            "presets": {k: str(v) for k, v in presets.items() if _for_people(v)},
            # the home page's presets, in plain words (room.preset.GAME.NAME)
            "room_presets": ROOM_PRESETS.get(name, {}),
            "bots": bot_names(name),
        }
    return out


def _for_people(options: Any) -> bool:
    """Whether a table where people play accepts these options."""
    try:
        options.check_for_people()
    except ValueError:
        return False
    return True


def _replay_snapshot(match: Any, step: int, total: int, last: Any) -> dict[str, Any]:
    """A replay's position: the public view with every hand open, and what the deal's
    public events told so far (``events``; ``said``: the last action in words)."""
    view = public_view(match)
    n = match.num_players
    view["hands"] = [to_json(match.deal.view(s).hand) for s in range(n)]
    events, said = replay_events(match)
    return {
        "type": "replay",
        "game": match.deal.game,
        "num_players": n,
        "options": str(match.options),
        "step": step,
        "total": total,
        "action": None if last is None else {"seat": last[0], "action": str(last[1]),
                                             "said": said},
        "view": view,
        "events": events,
        "scoresheet": [to_json(r) for r in match.scoresheet],
        "final": final_result(match),
    }


def _table_record(table: LiveTable) -> str:
    """The record of a finished table, with its date, seats and names."""
    return table.session.record(
        {"Date": table.row.created_at.date().isoformat(), "Site": "atout web"})


def _table_replay(row: TableRow, actions: list[tuple[int, str]], step: int) -> dict[str, Any]:
    """The position after ``step`` of a table's ``actions`` (seat, text), every hand open
    (in a worker process)."""
    from atout.games.actions import parse_action

    total = len(actions)
    step = max(0, min(step, total))
    match = build_match(row)
    for _, action in actions[:step]:
        match.apply(parse_action(action))
    return _replay_snapshot(match, step, total, actions[step - 1] if step else None)


def _record_replay(text: str, step: int) -> dict[str, Any]:
    from atout.notation import MatchRecord, parse_match, replay_match

    record: MatchRecord = parse_match(text)
    total = sum(len(d.actions) for d in record.deals)
    step = max(0, min(step, total))
    deals: list[Any] = []
    left = step
    last = None
    for deal in record.deals:
        if left == 0 and deals:
            break
        taken = deal.actions[:left]
        if taken:
            last = taken[-1]
        deals.append(dataclasses.replace(
            deal, actions=tuple(taken), action_lines=deal.action_lines[:len(taken)]
        ))
        left -= len(taken)
    headers = tuple((k, v) for k, v in record.headers if k not in ("Result", "Winner"))
    partial = dataclasses.replace(record, deals=tuple(deals), headers=headers)
    match = replay_match(partial)
    return _replay_snapshot(match, step, total, last)


def _record_replay_job(text: str, step: int) -> dict[str, Any]:
    """:func:`_record_replay` in a worker process; a bad record becomes
    ``{"error": "bad-record", ...}`` (the record errors do not cross processes)."""
    try:
        return _record_replay(text, step)
    except ValueError as exc:  # RecordError, IllegalRecordError
        return {"error": "bad-record", "message": str(exc)}


def create_app(
    db_url: str | None = None, *, bot_delay: float = 0.6, base_url: str = "",
    limits: Limits | None = None, cluster: bool | None = None, warm: bool = False,
) -> Starlette:
    """The web application on the database at ``db_url`` (``ATOUT_DB`` or ./atout.db),
    within ``limits`` (see :class:`atout.web.limits.Limits`; the websocket frame limit is
    the ASGI server's to apply: :func:`atout.web.serve` does).

    ``cluster``: run tables under leases, so that several server processes share the
    database (:mod:`atout.web.cluster`); by default on PostgreSQL, refused on SQLite.
    ``warm``: start a bot worker when the server starts, with the search's kernels
    loaded, rather than when the first decision or hint needs it."""
    url = db_url or os.environ.get("ATOUT_DB") or DEFAULT_DB
    limits = limits or Limits()
    store = Store(url)
    workers = Workers(limits.bot_workers, budget=limits.bot_budget)
    manager = TableManager(
        store, bot_delay=bot_delay, workers=workers,
        max_live_tables=limits.max_live_tables, idle_seconds=limits.idle_seconds,
        away_seconds=limits.away_seconds, stand_in_bot=limits.stand_in_bot,
    )
    creations = RateLimiter(limits.tables_per_minute)
    room = Room(manager, store, limits=limits, base_url=base_url)
    postgres = store.engine.dialect.name == "postgresql"
    if cluster and not postgres:
        raise ValueError("several server processes need PostgreSQL; SQLite serves one process")
    group: Cluster | None = None
    if cluster is not False and postgres:
        group = Cluster(store, manager, limits.lease_seconds, limits.max_frame)

    async def page_index(request: Request) -> Response:
        return FileResponse(_static_path("index.html"))

    async def page_table(request: Request) -> Response:
        return FileResponse(_static_path("table.html"))

    async def page_replay(request: Request) -> Response:
        return FileResponse(_static_path("replay.html"))

    async def api_games(request: Request) -> Response:
        return JSONResponse({"games": games_info(), "languages": list(LANGUAGES)})

    async def languages_js(request: Request) -> Response:
        """The languages of the menus, for the pages' scripts (loaded before common.js)."""
        pairs = json.dumps([[lang, LANGUAGE_NAMES[lang]] for lang in LANGUAGES],
                           ensure_ascii=False)
        return Response(f"const ATOUT_LANGUAGES = {pairs};\n",
                        media_type="text/javascript; charset=utf-8")

    async def api_i18n(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return _error(404, "bad-message")
        return Response(_catalog_json(lang), media_type="application/json")

    async def api_create(request: Request) -> Response:
        lang = _lang(request)
        wait = creations.take(request.client.host if request.client else "")
        if wait:
            response = _error(429, "too-many-tables", lang)
            response.headers["retry-after"] = creations.retry_after(wait)
            return response
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return _error(400, "bad-message", lang)
        if not isinstance(body, dict):
            return _error(400, "bad-message", lang)
        game = body.get("game")
        options = body.get("options") or ""
        if body.get("lang") in LANGUAGES:
            lang = str(body["lang"])
        specs = body.get("seats")
        me = body.get("me", None)
        turn_seconds = body.get("turn_seconds") or 0
        if (not isinstance(game, str) or game not in KITS or not isinstance(options, str)
                or not isinstance(specs, list)):
            return _error(400, "bad-message", lang)
        if not all(isinstance(s, dict) for s in specs):
            return _error(400, "bad-message", lang)
        specs = [
            {"kind": "human" if s.get("kind") in ("you", "friend", "human") else s.get("kind"),
             "bot": s.get("bot")}
            for s in specs
        ]
        # the room: the players' names as given, listed in the lobby when a seat is open
        names = [clean_name(s.get("name")) if isinstance(s, dict) else None
                 for s in body["seats"]]
        names = [None if spec["kind"] == "bot" else name for spec, name in zip(
            specs, names, strict=True)]
        public = any(spec["kind"] == "open" for spec in specs)
        hints = body.get("hints", True) is not False
        try:
            table_id, tokens = manager.create(
                game, options, lang, specs, turn_seconds=turn_seconds,
                names=names, public=public, hints=hints,
            )
        except (ValueError, OptionsParseError) as exc:  # explain: refused options, translated
            return JSONResponse({"error": "bad-table", "message": explain(exc, lang)},
                                status_code=400)
        links = {
            str(seat): {"token": token, "url": f"{base_url}/table/{table_id}#seat={seat}"
                        f"&token={token}&lang={lang}"}
            for seat, token in tokens.items()
        }
        return JSONResponse({
            "id": table_id,
            "seats": links,
            "me": me if isinstance(me, int) and str(me) in links else None,
            "watch": f"{base_url}/table/{table_id}#lang={lang}",
            "public": public,
        }, status_code=201)

    async def _table(table_id: str) -> LiveTable | None:
        """The table to read: the live one where this process runs it (or may take
        its lease), else a copy read from the database."""
        if len(table_id) > 40:
            return None
        if group is not None:
            try:
                holder = await group.route(table_id)
            except Busy:
                holder = "elsewhere"
            if holder is not None:
                return await manager.peek(table_id)
        return await manager.get(table_id)

    async def _table_or_404(request: Request) -> LiveTable | Response:
        table = await _table(request.path_params["id"])
        if table is None:
            return _error(404, "unknown-table", _lang(request))
        return table

    async def api_table(request: Request) -> Response:
        table = await _table_or_404(request)
        if not isinstance(table, LiveTable):
            return table
        return JSONResponse({
            "id": table.id, "game": table.row.game, "options": table.row.options,
            "lang": table.row.lang, "seq": table.seq, "over": bool(table.match.is_over),
            "turn_seconds": table.row.turn_seconds,
            "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name}
                      for s in table.row.seats],
        })

    async def api_record(request: Request) -> Response:
        table = await _table_or_404(request)
        if not isinstance(table, LiveTable):
            return table
        if not table.match.is_over:
            return JSONResponse(
                {"error": "not-over", "message": "the record is available once the match is over"},
                status_code=409)
        if table.record is None:  # written once (the match is over), off the event loop
            table.record = await asyncio.to_thread(_table_record, table)
        return PlainTextResponse(table.record, headers={
            "content-disposition": f'attachment; filename="atout-{table.row.game}-{table.id}.txt"'
        })

    async def api_table_replay(request: Request) -> Response:
        table = await _table_or_404(request)
        if not isinstance(table, LiveTable):
            return table
        if not table.match.is_over:
            return JSONResponse(
                {"error": "not-over", "message": "the replay opens once the match is over"},
                status_code=409)
        try:
            step = int(request.query_params.get("step", "0"))
        except ValueError:
            return _error(400, "bad-message", _lang(request))
        # a whole match replayed: in a worker process, not on the event loop
        live = table.match
        actions = [(seat, str(a)) for d in live.deals for seat, a in d.actions]
        snapshot = await _in_worker(request, _table_replay, table.row, actions, step)
        return snapshot if isinstance(snapshot, Response) else JSONResponse(snapshot)

    async def api_record_replay(request: Request) -> Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return _error(400, "bad-message", _lang(request))
        if not isinstance(body, dict) or not isinstance(body.get("record"), str):
            return _error(400, "bad-message", _lang(request))
        step = body.get("step", 0)
        if type(step) is not int:
            return _error(400, "bad-message", _lang(request))
        # parsing and replaying a record (up to max_record_body) in a worker process
        snapshot = await _in_worker(request, _record_replay_job, body["record"], step)
        if isinstance(snapshot, Response):
            return snapshot
        return JSONResponse(snapshot, status_code=400 if "error" in snapshot else 200)

    async def _in_worker(request: Request, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the worker pool; a 503 ``busy`` response when the pool is
        full or the work runs past ``replay_seconds``."""
        try:
            return await workers.run(limits.replay_seconds, fn, *args)
        except (WorkersBusy, TimeoutError, BrokenProcessPool):
            response = _error(503, "busy", _lang(request))
            response.headers["retry-after"] = "5"
            return response

    async def websocket_table(websocket: WebSocket) -> None:
        relayed = websocket.headers.get(OWNER_HEADER)
        if group is not None and relayed is not None and relayed != group.owner:
            await websocket.close(code=1008)  # not the holder it was relayed to: refused
            return
        await websocket.accept()
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

        async def writer() -> None:
            while True:
                message = await queue.get()
                if message is None:
                    return
                await websocket.send_text(json.dumps(message, separators=(",", ":")))

        writing = asyncio.get_running_loop().create_task(writer())
        watcher: Watcher | None = None
        table: LiveTable | None = None

        async def send(message: dict[str, Any]) -> None:
            if queue.qsize() > MAX_QUEUE:
                raise RuntimeError("client too slow")
            queue.put_nowait(message)

        def error(code: str, lang: str) -> dict[str, Any]:
            return {"type": "error", "code": code, "message": web_text(f"error.{code}", lang)}

        hinting: asyncio.Task[None] | None = None

        async def answer_hint(table: LiveTable, seat: int | None, lang: str) -> None:
            seq = table.seq
            try:
                options = await manager.hint(table, seat, lang)
            except ActionRefused as exc:
                await send(exc.to_message())
            else:
                if table.seq == seq:  # still the turn it was asked for
                    await send({"type": "hint", "seq": seq, "options": options})

        try:
            hello = await _receive(websocket)
            lang = "en"
            if isinstance(hello, dict) and hello.get("lang") in LANGUAGES:
                lang = hello["lang"]
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                await send(error("bad-message", lang))
                return
            table_id = websocket.path_params["id"]
            if group is not None and len(table_id) <= 40:
                # the holder of the table's lease serves it: here, or relayed there
                try:
                    holder = await group.route(table_id, relayed=relayed is not None)
                    while holder is not None:
                        group.stats["relayed"] += 1
                        if await relay(websocket, json.dumps(hello), holder, table_id):
                            return
                        holder = await group.replace(table_id, holder)
                except Busy:
                    await send(error("busy", lang))
                    return
            table = await manager.get(table_id) if len(table_id) <= 40 else None
            if table is None:
                await send(error("unknown-table", lang))
                return
            token = hello.get("token")
            seat: int | None = None
            if token is not None:
                seat = table.seat_of_token(token) if isinstance(token, str) else None
                if seat is None and isinstance(token, str) and await room.reread_seats(table):
                    seat = table.seat_of_token(token)  # a free seat taken meanwhile
                if seat is None:
                    await send(error("bad-token", lang))
                    return
            async def close() -> None:
                await websocket.close(code=1012)  # the table moved: the page reconnects

            watcher = Watcher(seat, lang, send, close)
            since = hello.get("since")  # a page connecting again: the last event it had
            if type(since) is int and since >= 0:
                watcher.cursor = since + 1
            await send({"type": "welcome", "seat": seat, "table": table.id})
            await manager.join(table, watcher)  # a person coming back takes their seat back
            await room.welcome(table, watcher)
            while True:
                message = await _receive(websocket)
                if not isinstance(message, dict):
                    await send(error("bad-message", lang))
                    continue
                kind = message.get("type")
                if kind == "act":
                    try:
                        await manager.act(
                            table, seat, message.get("action"), message.get("seq"), lang
                        )
                    except ActionRefused as exc:
                        await send(exc.to_message())
                        if exc.code == "stale":
                            await send(table.state(seat))
                elif kind in ROOM_MESSAGE_TYPES:
                    refused = await room.handle(table, watcher, message)
                    if refused is not None:
                        await send(refused)
                elif kind == "hint":
                    # worked out in the worker pool; meanwhile the connection reads on
                    pending = hinting is not None and not hinting.done()
                    refused = room.hint_refusal(table, seat, lang, pending=pending)
                    if refused is not None:
                        await send(refused)
                    else:
                        hinting = asyncio.get_running_loop().create_task(
                            answer_hint(table, seat, lang))
                elif kind == "back":
                    try:
                        await manager.come_back(table, seat, lang)
                    except ActionRefused as exc:
                        await send(exc.to_message())
                elif kind == "ping":
                    await send({"type": "pong"})
                else:
                    await send(error("bad-message", lang))
                # the next message waits for the other connections' turn: a flood of
                # messages already received is not answered in one go
                await asyncio.sleep(0)
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass
        finally:
            if hinting is not None:
                hinting.cancel()
            if table is not None and watcher is not None:
                with contextlib.suppress(Exception):
                    await manager.leave(table, watcher)
                room.left(table)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writing, 2)
            with contextlib.suppress(Exception):
                await websocket.close()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # every language's catalogue read and encoded now, in a thread, rather than on
        # the event loop by the first page that asks for it
        await asyncio.to_thread(lambda: [_catalog_json(lang) for lang in LANGUAGES])
        sweeper = asyncio.get_running_loop().create_task(manager.sweep_forever())
        if warm:
            workers.warm()
        if group is not None:
            await group.start(app)
        yield
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        if group is not None:
            await group.stop()
        await manager.close()
        store.close()

    routes = [
        Route("/", page_index),
        Route("/table/{id}", page_table),
        Route("/replay", page_replay),
        Route("/api/games", api_games),
        Route("/api/i18n/{lang}", api_i18n),
        Route("/languages.js", languages_js),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{id}", api_table),
        Route("/api/tables/{id}/record", api_record),
        Route("/api/tables/{id}/replay", api_table_replay),
        Route("/api/replay", api_record_replay, methods=["POST"]),
        *scorekeeper_routes(store, base_url),
        *advisor_routes(workers, limits.replay_seconds),
        *room.routes(),
        *learn_routes(store),
        *night_routes(store, manager, base_url),
        *club_routes(store, manager, limits, base_url),
        WebSocketRoute("/ws/{id}", websocket_table),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(BodyLimit, limits=limits)  # the innermost of the four
    app.add_middleware(WorkLimit, limits=limits)
    app.add_middleware(SameOrigin, limits=limits)
    app.add_middleware(SecurityHeaders)
    app.state.manager = manager
    app.state.limits = limits
    app.state.store = store
    app.state.room = room
    app.state.cluster = group
    return app


class _BadMessage:
    """A message that could not be read (too long, not JSON)."""


async def _receive(websocket: WebSocket) -> Any:
    """The next message as JSON, or a :class:`_BadMessage` for anything unreadable."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None or len(text) > MAX_MESSAGE:
        return _BadMessage()
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return _BadMessage()
