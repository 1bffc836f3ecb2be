"""Live tables: a match rebuilt from the log, the bots that play in it, its watchers.

The server is the only authority. A browser says which action it wants and at which
step of the log it saw the table (``seq``); the table checks the seat's token, the
turn, the step and the rules, stores the action, applies it, and only then pushes each
watcher the state *its* seat may see. Bots play their seats from the same path; the
search bots think in worker processes (:mod:`atout.web.workers`), never on the event loop.

Tables live in memory while they are used: one nobody watches and no bot plays leaves
after ``idle_seconds``, or sooner when more than ``max_live_tables`` are held, and is
rebuilt from the database (off the event loop) when it is opened again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from atout.bots.base import make_bot
from atout.games import get_game
from atout.games.actions import ActionParseError, parse_action
from atout.games.base import secret_seed
from atout.i18n import explain
from atout.web.messages import web_text
from atout.web.serialize import public_view, seat_view, to_json
from atout.web.store import DuplicateEvent, SeatRow, Store, TableRow, hash_token
from atout.web.workers import Workers, bot_seed

__all__ = ["ActionRefused", "LiveTable", "TableManager", "Watcher", "build_match", "final_result"]

log = logging.getLogger("atout.web")


class ActionRefused(Exception):
    """An action was refused; nothing changed. ``code`` is stable, ``message`` translated."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_message(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


@dataclass(eq=False)
class Watcher:
    """One open connection: its seat (``None`` for a spectator), language and sender."""

    seat: int | None
    lang: str
    send: Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    match: Any
    seq: int
    #: The bot's name at each bot seat.
    bots: dict[int, str]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    runner: asyncio.Task[None] | None = None
    #: When the table was last opened or changed (``time.monotonic()``).
    last_used: float = field(default_factory=time.monotonic)
    #: What the card room keeps for it in memory (:class:`atout.web.room.RoomState`).
    room: Any = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def num_players(self) -> int:
        return int(self.match.num_players)

    def seat_row(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    def seat_of_token(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat in self.row.seats:
            if seat.kind == "human" and seat.token_hash is not None and _same(
                seat.token_hash, digest
            ):
                return seat.seat
        return None

    def bot_to_play(self) -> int | None:
        seat = self.match.current_player()
        if seat is not None and seat in self.bots:
            return int(seat)
        return None

    # -- what a watcher receives -----------------------------------------------------
    def state(self, seat: int | None) -> dict[str, Any]:
        """The whole state message for ``seat`` (``None``: a spectator)."""
        match = self.match
        view = public_view(match) if seat is None else seat_view(match, seat)
        previous = None
        if match.deals:
            last = match.deals[-1]
            previous = public_view(match, last) if seat is None else to_json(last.view(seat))
        final = final_result(match)
        connected = {w.seat for w in self.watchers}
        return {
            "type": "state",
            "seq": self.seq,
            "table": {
                "id": self.id,
                "game": self.row.game,
                "options": self.row.options,
                "num_players": self.num_players,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "bot": s.bot,
                     "connected": s.kind == "bot" or s.seat in connected}
                    for s in self.row.seats
                ],
                "you": seat,
                "over": bool(match.is_over),
            },
            "view": view,
            "scoresheet": [to_json(r) for r in match.scoresheet],
            "previous": previous,
            "final": final,
        }

    async def broadcast(self) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for watcher in list(self.watchers):
            message = cache.get(watcher.seat)
            if message is None:
                message = cache[watcher.seat] = self.state(watcher.seat)
            try:
                await watcher.send(message)
            except Exception:  # a closed connection leaves the table
                self.watchers.discard(watcher)


def _same(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a, b)


class TableManager:
    """Every live table of one server, loaded from the store on first use."""

    def __init__(
        self, store: Store, bot_delay: float = 0.6, *, workers: Workers | None = None,
        max_live_tables: int = 1000, idle_seconds: float = 600.0,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.workers = workers if workers is not None else Workers()
        self.max_live_tables = max_live_tables
        self.idle_seconds = idle_seconds
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        #: Awaited before a bot opens a new deal (the room waits there for the people
        #: reading the last breakdown: :meth:`atout.web.room.Room.gate`).
        self.gate: Callable[[LiveTable], Awaitable[None]] | None = None

    # -- creating and loading --------------------------------------------------------
    def create(
        self, game: str, options: str, lang: str, seat_specs: list[dict[str, Any]],
        seed: int | None = None, *, names: list[str | None] | None = None,
        public: bool = False, hints: bool = True,
    ) -> tuple[str, dict[int, str]]:
        """Store a new table; returns its id and a fresh token per human seat (an
        ``open`` seat is a person's seat without a token yet: the lobby gives it one)."""
        from atout.web.store import new_token

        info = get_game(game)
        opts = info.options.parse(options) if options else info.options()
        opts.check_for_people()  # every web table has a person: nothing that reveals cards
        if len(seat_specs) != info.num_players:
            raise ValueError(f"{game} needs {info.num_players} seats")
        rows: list[tuple[str, str | None, str | None]] = []
        tokens: dict[int, str] = {}
        for seat, spec in enumerate(seat_specs):
            if spec.get("kind") == "bot":
                name = str(spec.get("bot") or "heuristic")
                make_bot(info.name, name, seed=0)  # refuses an unknown bot now
                rows.append(("bot", name, None))
            elif spec.get("kind") == "human":
                token = new_token()
                tokens[seat] = token
                rows.append(("human", None, hash_token(token)))
            elif spec.get("kind") == "open":
                rows.append(("human", None, None))
            else:
                raise ValueError(f"seat {seat}: kind must be human or bot")
        if not any(kind == "human" for kind, _, _ in rows):
            raise ValueError("a table needs at least one person")
        if seed is None:  # 128 bits from the OS; no message carries it before the end
            seed = secret_seed()
        table_id = self.store.create_table(
            info.name, str(opts), seed, lang, rows, names=names, public=public, hints=hints
        )
        return table_id, tokens

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                # the database and the replay of the log, off the event loop
                table = await asyncio.to_thread(self._load, table_id)
                if table is None:
                    return None
                self.tables[table_id] = table
                self._trim(keep=table)
        table.last_used = time.monotonic()
        self.wake(table)
        return table

    def _load(self, table_id: str) -> LiveTable | None:
        """Rebuild a table from its row and its log (every action checked again)."""
        row = self.store.get_table(table_id)
        if row is None:
            return None
        match = build_match(row)
        seq = 0
        for step, seat, text in self.store.events(table_id):
            if step != seq or seat != match.current_player():
                raise RuntimeError(f"table {table_id}: the log is broken at step {step}")
            match.apply(parse_action(text))
            seq += 1
        bots = {s.seat: s.bot or "heuristic" for s in row.seats if s.kind == "bot"}
        return LiveTable(row=row, match=match, seq=seq, bots=bots)

    # -- acting ----------------------------------------------------------------------
    async def act(
        self, table: LiveTable, seat: int | None, text: Any, seq: Any, lang: str
    ) -> None:
        """A person's action; raises :class:`ActionRefused` (and changes nothing)."""
        async with table.lock:
            if seat is None:
                raise ActionRefused("spectator", web_text("error.spectator", lang))
            if not isinstance(text, str) or len(text) > 40:
                raise ActionRefused("bad-action", web_text("error.bad-action", lang))
            if type(seq) is not int:
                raise ActionRefused("bad-message", web_text("error.no-seq", lang))
            match = table.match
            if match.is_over:
                raise ActionRefused("match-over", web_text("error.match-over", lang))
            if seq != table.seq:
                raise ActionRefused("stale", web_text("error.stale", lang))
            if match.current_player() != seat:
                raise ActionRefused("not-your-turn", web_text("error.not-your-turn", lang))
            try:
                action = parse_action(text)
            except ActionParseError:
                raise ActionRefused("bad-action", web_text("error.bad-action", lang)) from None
            error = match.deal.why_illegal(action)
            if error is not None:
                raise ActionRefused("illegal", explain(error, lang), rule=error.rule)
            self._commit(table, seat, action)
        await table.broadcast()
        self.wake(table)

    def _commit(self, table: LiveTable, seat: int, action: Any) -> None:
        """Store, then apply (the caller holds the lock and has checked the action)."""
        try:
            self.store.append_event(table.id, table.seq, seat, str(action))
        except DuplicateEvent:
            # another server process wrote this step: our copy is stale, reload it
            self.tables.pop(table.id, None)
            raise ActionRefused("stale", web_text("error.stale", "en")) from None
        table.match.apply(action)
        table.seq += 1
        table.last_used = time.monotonic()
        if table.match.is_over:
            self.store.mark_finished(table.id)

    def hint(self, table: LiveTable, seat: int | None, lang: str) -> list[dict[str, Any]]:
        """Each of the seat's options with its value in points for the seat's team and
        its reason in ``lang``, best first (its own view only; the shallow search of
        :func:`atout.bots.advice.advise`, fast enough for the server's loop)."""
        if seat is None:
            raise ActionRefused("spectator", web_text("error.spectator", lang))
        view = table.match.view(seat)
        if not view.legal_actions:
            raise ActionRefused("not-your-turn", web_text("error.not-your-turn", lang))
        from atout.bots.advice import advise

        return [
            {"action": str(a.action), "value": round(a.points, 1), "reason": a.reason(lang)}
            for a in advise(table.row.game, view, "medium", seed=table.seq)
        ]

    # -- bots ------------------------------------------------------------------------
    def wake(self, table: LiveTable) -> None:
        """Start the table's bot runner when a bot is to play and none runs."""
        if table.bot_to_play() is None:
            return
        if table.runner is not None and not table.runner.done():
            return
        table.runner = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        while True:
            deals = len(table.match.deals)
            async with table.lock:
                seat = table.bot_to_play()
                if seat is None:
                    return
            delay = self.bot_delay
            if deals and table.match.deal.actions == []:
                delay *= 3  # a new deal: leave time to read the breakdown
                if self.gate is not None:
                    await self.gate(table)
            if delay:
                await asyncio.sleep(delay)
            async with table.lock:
                if table.bot_to_play() != seat:
                    continue
                view = table.match.view(seat)
                seq = table.seq
            # the lock is free while the bot thinks: the table's people may still talk
            action = await self.workers.decide(
                table.row.game, table.bots[seat], bot_seed(table.row.seed, seat, seq), view
            )
            async with table.lock:
                if table.seq != seq:
                    continue
                try:
                    self._commit(table, seat, action)
                except ActionRefused:
                    return
            await table.broadcast()
            if not table.watchers and self.bot_delay:
                await asyncio.sleep(0)

    # -- memory ----------------------------------------------------------------------
    @staticmethod
    def _evictable(table: LiveTable) -> bool:
        """Nobody watches it, no bot plays in it, nothing holds it."""
        return (not table.watchers and (table.runner is None or table.runner.done())
                and not table.lock.locked())

    def sweep(self, now: float | None = None) -> int:
        """Let the tables idle for ``idle_seconds`` leave memory (then any above
        ``max_live_tables``); returns how many left. The database keeps them."""
        now = time.monotonic() if now is None else now
        before = len(self.tables)
        for table in list(self.tables.values()):
            if self._evictable(table) and now - table.last_used >= self.idle_seconds:
                del self.tables[table.id]
        self._trim()
        return before - len(self.tables)

    def _trim(self, keep: LiveTable | None = None) -> None:
        """Above ``max_live_tables``, the least recently used evictable tables leave."""
        excess = len(self.tables) - self.max_live_tables
        if excess <= 0:
            return
        idle = sorted(
            (t for t in self.tables.values() if t is not keep and self._evictable(t)),
            key=lambda t: t.last_used,
        )
        for table in idle[:excess]:
            del self.tables[table.id]

    async def sweep_forever(self) -> None:
        """Sweep now and then (a quarter of ``idle_seconds``, between 1 s and a minute)."""
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.idle_seconds / 4)))
            self.sweep()

    async def close(self) -> None:
        for table in self.tables.values():
            if table.runner is not None:
                table.runner.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.runner
        self.workers.close()


def final_result(match: Any) -> dict[str, Any] | None:
    """The match result (winner, score, stakes), or ``None`` while it goes on."""
    if not match.is_over:
        return None
    score = getattr(match, "final_score", None) or match.scores
    return {
        "winner": int(match.winner),
        "score": [int(score[0]), int(score[1])],
        "stakes": int(getattr(match, "stakes", 1)),
    }


def build_match(row: TableRow) -> Any:
    """A fresh match of the table's game, options and seed (before any action)."""
    info = get_game(row.game)
    return info.match(seed=row.seed, options=info.options.parse(row.options))
