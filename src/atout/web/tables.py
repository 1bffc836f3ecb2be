"""Live tables: a match rebuilt from the log, the bots that play in it, its watchers.

Each live table is a :class:`~atout.table.session.TableSession` (the seats, the turn, the
stand-ins, the hints' seeding, the pace and the record, as at the terminal) with what the
web adds around it: the log in the database, the connections, the clocks.

The server is the only authority. A browser says which action it wants and at which
step of the log it saw the table (``seq``); the table checks the seat's token, the
turn, the step and the rules, stores the action, applies it, and only then pushes each
watcher the state *its* seat may see, with the engine's events of the action that seat
may know (each presented by its game's kit: message keys and parameters), so that the
page tells what happened from the events, never by comparing two states. Bots play
their seats from the same path; the search bots think in worker processes
(:mod:`atout.web.workers`), never on the event loop.

Tables live in memory while they are used: one nobody watches and no bot plays leaves
after ``idle_seconds``, or sooner when more than ``max_live_tables`` are held, and is
rebuilt from the database (off the event loop) when it is opened again.

People who go away: a seat whose person has had no connection for ``away_seconds``
while someone else is at the table, or who let the table's turn timer run out, is
played by a stand-in bot (through :class:`~atout.web.workers.Workers`, from the seat's
view) until the person comes back: a connection with the seat's token, a ``back``
message or an action gives the seat back at once. Both changes are events of the log
(``@bot away``, ``@bot timeout``, ``@back``), so a table rebuilt from the database is
the same table. A stand-in plays only while a person is connected: a table everyone
has left rests.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from bisect import bisect_left, bisect_right
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from atout.bots.base import make_bot
from atout.clubs.boards import night_match
from atout.clubs.duplicate import NIGHT_SEEDS
from atout.games.actions import ActionParseError, parse_action
from atout.games.base import secret_seed
from atout.games.events import DealStarted, Event, visible_to
from atout.i18n import explain
from atout.kits import get_game, kit
from atout.table.session import BOT, PERSON, Seat, SessionView, TableSession
from atout.web.messages import web_text
from atout.web.serialize import event_json, public_view, seat_view, to_json
from atout.web.store import DuplicateEvent, SeatRow, Store, TableRow, hash_token
from atout.web.workers import Workers, WorkersBusy, bot_seed, hint_options

__all__ = [
    "BACK", "STAND_IN", "ActionRefused", "LiveTable", "TableManager", "Watcher", "build_match",
    "final_result", "table_session",
]

log = logging.getLogger("atout.web")

#: The log's marker of a seat taken over by a stand-in bot (followed by the reason:
#: ``away`` or ``timeout``), and of its person's return. A marker is an event of the log
#: like an action (it takes a step), written by the seat it concerns.
STAND_IN = "@bot"
BACK = "@back"
REASONS = ("away", "timeout")


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
    #: Closes the connection so that its page connects again (the table moved to
    #: another server process).
    close: Callable[[], Awaitable[None]] | None = None
    #: The first event of the match's log it has not been sent (``None`` before its
    #: first state: a page connecting again says the last it had, ``hello``'s ``since``).
    cursor: int | None = None


@dataclass(eq=False)
class LiveTable(SessionView):
    row: TableRow
    #: The table's seats, turn, stand-ins, hints, pace and record.
    session: TableSession
    #: The steps of the log applied (actions and stand-in markers).
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    runner: asyncio.Task[None] | None = None
    #: When the table was last opened or changed (``time.monotonic()``).
    last_used: float = field(default_factory=time.monotonic)
    #: Since when each person's seat has had no connection (:attr:`clock`).
    away_since: dict[int, float] = field(default_factory=dict)
    #: When the current turn began (:attr:`clock`).
    turn_started: float = field(default_factory=time.monotonic)
    #: What the table waits for: (seat, when a stand-in takes it over, reason), or None.
    due: tuple[int, float, str] | None = None
    timer: asyncio.Task[None] | None = None
    #: Let go (another server process runs the table now): nothing runs here any more.
    gone: bool = False

    #: What the card room keeps for it in memory (:class:`atout.web.room.RoomState`).
    room: Any = None
    #: The record, once the match is over and someone asked for it.
    record: str | None = None
    #: The clock of the turns and of the people who go away (``time.monotonic``; a
    #: test gives a clock of its own).
    clock: Callable[[], float] = time.monotonic
    #: Per receiver (a seat; ``None``: the spectators), the events of the match's log it
    #: may know as the page receives them (:func:`~atout.web.serialize.event_json`), and
    #: how far into the log they were read.
    told: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    told_upto: dict[int | None, int] = field(default_factory=dict)
    #: Where each deal's events begin in the log (its ``DealStarted``), as far as read.
    deal_starts: list[int] = field(default_factory=list)
    scanned: int = 0
    #: The state's parts that change only when a deal ends, as JSON: the scoresheet
    #: and each seat's view of the last deal, for (deals finished, match over).
    ended: tuple[tuple[int, bool], dict[Any, Any]] = field(
        default_factory=lambda: ((-1, False), {}))

    def __post_init__(self) -> None:
        now = self.turn_started = self.clock()
        for seat in self.row.seats:
            if seat.kind == "human":
                self.away_since.setdefault(seat.seat, now)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def bots(self) -> dict[int, str]:
        """The bot's name at each bot seat."""
        return {s.seat: s.bot or "" for s in self.session.seats if s.kind == BOT}

    @property
    def standins(self) -> dict[int, str]:
        """Seats played by a stand-in bot while their person is away: seat -> reason."""
        return self.session.standins

    @property
    def stand_in_bot(self) -> str:
        """The bot that stands in for a person who went away."""
        return self.session.stand_in_bot

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

    def people_present(self) -> bool:
        """Whether a person is connected at one of the seats (spectators do not count)."""
        return any(w.seat is not None for w in self.watchers)

    def bot_to_play(self) -> int | None:
        """The seat a bot is to play now: a bot's seat, or a stand-in's while a person
        is connected."""
        return self.session.bot_to_play(self.people_present())

    def bot_name(self, seat: int) -> str:
        return self.session.bot_name(seat)

    def apply_event(self, step: int, seat: int, text: str) -> None:
        """Apply step ``step`` of the log (an action, or a stand-in marker), checked."""
        if step != self.seq:
            raise RuntimeError(f"table {self.id}: the log is broken at step {step}")
        if text.startswith("@"):
            human = 0 <= seat < len(self.row.seats) and self.row.seats[seat].kind == "human"
            head, _, reason = text.partition(" ")
            if head == STAND_IN and human and reason in REASONS:
                self.session.stand_in(seat, reason)
            elif text == BACK and human:
                self.session.back(seat)
            else:
                raise RuntimeError(f"table {self.id}: the log is broken at step {step}")
        else:
            if seat != self.session.to_act():
                raise RuntimeError(f"table {self.id}: the log is broken at step {step}")
            self.session.apply(seat, parse_action(text))
        self.seq += 1
        self.turn_started = self.clock()

    # -- what a watcher receives -----------------------------------------------------
    def log(self) -> tuple[Event, ...]:
        """The match's log of events (every seat's), its deals' starts noted."""
        log: tuple[Event, ...] = self.match.events
        for i in range(self.scanned, len(log)):
            if type(log[i]) is DealStarted:
                self.deal_starts.append(i)
        self.scanned = len(log)
        return log

    def resync_from(self) -> int:
        """Where a page that has nothing yet starts: the deal in play's first event (the
        last deal's once the match is over; the match's first in its first deal)."""
        self.log()
        return self.deal_starts[-1] if len(self.deal_starts) > 1 else 0

    def reach(self) -> int:
        """How far back a page connecting again is sent what it missed: the last deal's
        first event (so that its end, and its breakdown, still reach the page)."""
        self.log()
        return self.deal_starts[-2] if len(self.deal_starts) > 2 else 0

    def events(self, seat: int | None, start: int) -> list[dict[str, Any]]:
        """The events of the log from ``start`` that ``seat`` (``None``: a spectator) may
        know, as the page receives them, each presented with that receiver's view of
        its deal."""
        log = self.log()
        told = self.told.setdefault(seat, [])
        upto = self.told_upto.get(seat, 0)
        if upto < len(log):
            presenter = kit(self.row.game).present()
            match = self.match
            views: dict[int, Any] = {}
            for i in range(upto, len(log)):
                event = log[i]
                if not visible_to(event, seat):
                    continue
                deal = max(1, bisect_right(self.deal_starts, i))
                view = views.get(deal)
                if view is None:
                    source = match.deals[deal - 1] if deal <= len(match.deals) else match
                    view = views[deal] = (source.public_view() if seat is None
                                          else source.view(seat))
                told.append(event_json(presenter, event, view, i, deal))
            self.told_upto[seat] = len(log)
        return told[bisect_left(told, start, key=lambda e: int(e["n"])):]

    def state(self, seat: int | None, since: int | None = None) -> dict[str, Any]:
        """The whole state message for ``seat`` (``None``: a spectator), with the events
        of the log from ``since`` (``None``: from the deal in play's first, and
        ``resync``: the page starts its account of the deal again)."""
        match = self.match
        view = public_view(match) if seat is None else seat_view(match, seat)
        # what changes only when a deal ends is made once per deal (and per seat)
        ended = (len(match.deals), bool(match.is_over))
        if self.ended[0] != ended:
            self.ended = (ended, {"scoresheet": [to_json(r) for r in match.scoresheet]})
        kept = self.ended[1]
        if seat not in kept:
            last = match.deals[-1] if match.deals else None
            kept[seat] = None if last is None else (
                public_view(match, last) if seat is None else to_json(last.view(seat)))
        previous = kept[seat]
        final = final_result(match)
        connected = {w.seat for w in self.watchers}
        clock = None
        if self.due is not None:
            due_seat, at, reason = self.due
            clock = {"seat": due_seat, "reason": reason,
                     "left": round(max(0.0, at - self.clock()), 1)}
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
                     "connected": s.kind == "bot" or s.seat in connected,
                     "stand_in": ({"bot": self.stand_in_bot, "reason": self.standins[s.seat]}
                                  if s.seat in self.standins else None)}
                    for s in self.row.seats
                ],
                "you": seat,
                "over": bool(match.is_over),
                "turn_seconds": self.row.turn_seconds,
                # the seat the table waits for, and in how many seconds a bot plays it
                "clock": clock,
            },
            "view": view,
            "scoresheet": kept["scoresheet"],
            "previous": previous,
            "final": final,
            "events": self.events(seat, self.resync_from() if since is None else since),
            "resync": since is None,
        }

    async def broadcast(self) -> None:
        """Send every watcher its state and the events it has not had yet."""
        cache: dict[tuple[int | None, int | None], dict[str, Any]] = {}
        end = len(self.log())
        for watcher in list(self.watchers):
            since = watcher.cursor
            if since is not None and not self.reach() <= since <= end:
                since = None  # too far behind (or ahead): the deal's account again
            message = cache.get((watcher.seat, since))
            if message is None:
                message = cache[watcher.seat, since] = self.state(watcher.seat, since)
            try:
                await watcher.send(message)
            except Exception:  # a closed connection leaves the table
                self.watchers.discard(watcher)
            else:
                watcher.cursor = end


def _same(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a, b)


class TableManager:
    """Every live table of one server, loaded from the store on first use."""

    #: The turn timer's range in seconds (0: no timer).
    TURN_SECONDS = (5, 3600)

    def __init__(
        self, store: Store, bot_delay: float = 0.6, *, workers: Workers | None = None,
        max_live_tables: int = 1000, idle_seconds: float = 600.0,
        away_seconds: float = 30.0, stand_in_bot: str = "medium",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.store = store
        #: The table's pace: seconds from the start of a turn to a bot's action.
        self.bot_delay = bot_delay
        #: The clock of the turns and the way to wait on it (a test gives its own).
        self.clock = clock
        self.sleep = sleep
        self.workers = workers if workers is not None else Workers()
        self.max_live_tables = max_live_tables
        self.idle_seconds = idle_seconds
        self.away_seconds = away_seconds
        self.stand_in_bot = stand_in_bot
        self.tables: dict[str, LiveTable] = {}
        #: The threads that write the tables' logs (off the event loop; their own, so
        #: that a slow job of the shared pool never holds an action up).
        self.log_writer = ThreadPoolExecutor(max_workers=4, thread_name_prefix="atout-log")
        self._loading = asyncio.Lock()
        #: Ids of the tables that left memory since :meth:`take_left` was last called,
        #: kept while ``track_left`` (the cluster gives their leases up).
        self.left: list[str] = []
        self.track_left = False
        #: Awaited before a bot opens a new deal (the room waits there for the people
        #: reading the last breakdown: :meth:`atout.web.room.Room.gate`).
        self.gate: Callable[[LiveTable], Awaitable[None]] | None = None

    # -- creating and loading --------------------------------------------------------
    def create(
        self, game: str, options: str, lang: str, seat_specs: list[dict[str, Any]],
        seed: int | None = None, turn_seconds: int = 0, *,
        names: list[str | None] | None = None, public: bool = False, hints: bool = True,
        night_id: str | None = None,
    ) -> tuple[str, dict[int, str]]:
        """Store a new table; returns its id and a fresh token per human seat (an
        ``open`` seat is a person's seat without a token yet: the lobby gives it one).
        ``turn_seconds``: the turn timer (0: none, else within :data:`TURN_SECONDS`)."""
        from atout.web.store import new_token

        low, high = self.TURN_SECONDS
        if type(turn_seconds) is not int or not (turn_seconds == 0 or low <= turn_seconds <= high):
            raise ValueError(f"the turn timer is 0 (none) or {low} to {high} seconds")
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
            info.name, str(opts), seed, lang, rows, turn_seconds,
            names=names, public=public, hints=hints, night_id=night_id,
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

    async def peek(self, table_id: str) -> LiveTable | None:
        """The table as it is, to read: the live one, else a copy rebuilt from the
        database that is not kept and runs nothing (another process runs the table)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        return await asyncio.to_thread(self._load, table_id)

    async def forget(self, table_id: str) -> None:
        """Let a live table go at once (another process runs it now): its bots and
        clock stop and its connections close, so that their pages connect again."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        table.gone = True
        for task in (table.runner, table.timer):
            if task is not None:
                task.cancel()
        for watcher in list(table.watchers):
            table.watchers.discard(watcher)
            if watcher.close is not None:
                with contextlib.suppress(Exception):
                    await watcher.close()

    def _drop(self, table_id: str) -> None:
        del self.tables[table_id]
        if self.track_left:
            self.left.append(table_id)

    def take_left(self) -> list[str]:
        left, self.left = self.left, []
        return left

    def _load(self, table_id: str) -> LiveTable | None:
        """Rebuild a table from its row and its log (every action checked again)."""
        row = self.store.get_table(table_id)
        if row is None:
            return None
        table = LiveTable(row=row, session=table_session(row, self.stand_in_bot), seq=0,
                          clock=self.clock)
        for step, seat, text in self.store.events(table_id):
            table.apply_event(step, seat, text)
        return table

    def catch_up(self, table: LiveTable) -> int:
        """Apply the steps of the log stored since the table was loaded (written by
        another server process); returns how many. The caller holds the lock."""
        fresh = self.store.events(table.id, table.seq)
        for step, seat, text in fresh:
            table.apply_event(step, seat, text)
        if fresh:
            table.last_used = time.monotonic()
            self._arm(table)
        return len(fresh)

    # -- people coming and going -----------------------------------------------------
    async def join(self, table: LiveTable, watcher: Watcher) -> None:
        """A connection opens: a person coming back takes their seat back at once."""
        async with table.lock:
            table.watchers.add(watcher)
            seat = watcher.seat
            if seat is not None:
                table.away_since.pop(seat, None)
                if seat in table.standins and not table.match.is_over:
                    with contextlib.suppress(ActionRefused):
                        await self._commit(table, seat, BACK)
        self.wake(table)
        await table.broadcast()

    async def leave(self, table: LiveTable, watcher: Watcher) -> None:
        """A connection closed: its person is away once their seat has no other one."""
        table.watchers.discard(watcher)
        table.last_used = time.monotonic()
        seat = watcher.seat
        if seat is not None and all(w.seat != seat for w in table.watchers):
            table.away_since[seat] = table.clock()
        self.wake(table)
        await table.broadcast()

    async def come_back(self, table: LiveTable, seat: int | None, lang: str) -> None:
        """The seat's person takes it back from its stand-in (a ``back`` message)."""
        if seat is None:
            raise ActionRefused("spectator", web_text("error.spectator", lang))
        async with table.lock:
            if seat not in table.standins or table.match.is_over:
                return
            await self._commit(table, seat, BACK)
        await table.broadcast()
        self.wake(table)

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
            session = table.session
            if session.is_over:
                raise ActionRefused("match-over", web_text("error.match-over", lang))
            if seq != table.seq:
                raise ActionRefused("stale", web_text("error.stale", lang))
            if session.to_act() != seat:
                raise ActionRefused("not-your-turn", web_text("error.not-your-turn", lang))
            try:
                action = parse_action(text)
            except ActionParseError:
                raise ActionRefused("bad-action", web_text("error.bad-action", lang)) from None
            error = session.why_illegal(seat, action)
            if error is not None:
                raise ActionRefused("illegal", explain(error, lang), rule=error.rule)
            if seat in table.standins:  # acting is coming back
                await self._commit(table, seat, BACK)
            await self._commit(table, seat, action)
        await table.broadcast()
        self.wake(table)

    async def _commit(self, table: LiveTable, seat: int, action: Any) -> None:
        """Store, then apply an action or a marker (the caller holds the lock and has
        checked it). The database's write runs in the log's own threads: the event loop
        serves the other tables meanwhile, and no other work queues in front of it."""
        text = str(action)
        if table.gone:  # another process runs the table: it writes the log
            raise ActionRefused("stale", web_text("error.stale", "en"))
        loop = asyncio.get_running_loop()
        written = loop.run_in_executor(self.log_writer, self.store.append_event, table.id,
                                       table.seq, seat, text)
        # once written, the step is applied whatever happens to the caller: a page that
        # closes meanwhile cancels its handler, and a step in the log but not in memory
        # would refuse the table's next action as a duplicate
        cancelled = await _finish(written)
        try:
            written.result()
        except DuplicateEvent:
            # another server process wrote this step: bring our copy up to date
            self.catch_up(table)
            self.wake(table)  # the caught-up step may give the turn to a bot
            if cancelled:
                raise asyncio.CancelledError from None
            raise ActionRefused("stale", web_text("error.stale", "en")) from None
        if text.startswith("@"):
            table.apply_event(table.seq, seat, text)
        else:
            table.session.apply(seat, action)
            table.seq += 1
            table.turn_started = table.clock()
        table.last_used = time.monotonic()
        if table.match.is_over:
            cancelled |= await _finish(
                loop.run_in_executor(self.log_writer, self.store.mark_finished, table.id))
        self._arm(table)
        if cancelled:
            raise asyncio.CancelledError

    def hint_view(self, table: LiveTable, seat: int | None, lang: str) -> Any:
        """The view a hint for ``seat`` is worked out from; raises :class:`ActionRefused`
        for a spectator or a seat that has nothing to choose now."""
        if seat is None:
            raise ActionRefused("spectator", web_text("error.spectator", lang))
        try:
            return table.session.hint_view(seat)
        except ValueError:
            raise ActionRefused("not-your-turn", web_text("error.not-your-turn", lang)) from None

    async def hint(self, table: LiveTable, seat: int | None, lang: str) -> list[dict[str, Any]]:
        """Each of the seat's options with its value in points for the seat's team and
        its reason in ``lang``, best first (its own view only; the shallow search of
        :func:`atout.bots.advice.advise`). Worked out like a bot's decision: in the
        worker pool, within the bots' time budget; when the pool is busy, or the answer
        late or failed, the rules-of-thumb choice alone, without a value."""
        self.hint_view(table, seat, lang)
        assert seat is not None
        # one hint per position, at every table: the session's level and position seed
        job = table.session.hint_job(seat)
        try:
            return await self.workers.run(  # type: ignore[no-any-return]
                self.workers.budget, hint_options, job, lang)
        except (WorkersBusy, TimeoutError):
            pass
        except Exception:
            log.exception("a hint failed in a worker; the rules of thumb answer")
        choice = table.session.quick_hint(seat)
        return [{"action": str(choice), "value": None, "text": "",
                 "reason": web_text("room.hint-quick", lang)}]

    # -- bots ------------------------------------------------------------------------
    def wake(self, table: LiveTable) -> None:
        """Set the table's clock, and start its bot runner when a bot is to play and
        none runs."""
        if table.gone:
            return
        self._arm(table)
        if table.bot_to_play() is None:
            return
        if table.runner is not None and not table.runner.done():
            return
        table.runner = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        """Play the bots' turns. Each action is released at the table's pace, counted
        from the start of the turn (``bot_delay``; three times that to open a deal, and
        at least ``bot_delay`` after the wait for the people reading the breakdown),
        however long the bot thought, a forced card included: when it comes out tells
        nothing of what the bot held. A decision that takes longer is sent when made."""
        while True:
            async with table.lock:
                seat = table.bot_to_play()
                if seat is None:
                    return
                # the table's pace (the page shows a finished trick faded until the next)
                release = table.turn_started + table.session.bot_pause(
                    self.bot_delay, trick_faded=True)
                opening = table.session.opens_deal()
            if opening and self.gate is not None:  # a new deal: its readers are waited for
                await self.gate(table)
                release = max(release, self.clock() + self.bot_delay)
            async with table.lock:
                if table.bot_to_play() != seat:
                    continue
                view = table.session.view(seat)
                seq = table.seq
            # the lock is free while the bot thinks: the table's people may still talk
            action = await self.workers.decide(
                table.row.game, table.bot_name(seat), bot_seed(table.row.seed, seat, seq), view
            )
            wait = release - self.clock()
            if wait > 0:
                await self.sleep(wait)
            async with table.lock:
                if table.seq != seq or table.bot_to_play() != seat:
                    continue
                try:
                    await self._commit(table, seat, action)
                except ActionRefused:
                    if table.seq == seq:
                        return
                    continue  # another process played this step: the table caught up
            await table.broadcast()
            if not table.watchers and self.bot_delay:
                await asyncio.sleep(0)

    # -- the clock: when a stand-in takes over --------------------------------------
    def deadline(self, table: LiveTable) -> tuple[int, float, str] | None:
        """The person the table waits for, when a stand-in bot takes their seat over
        (the table's clock) and why (``timeout``: the turn timer ran out while they
        were connected, or would run out first; ``away``: no connection for
        ``away_seconds``); ``None`` when nobody waits or nobody is connected."""
        seat = table.session.person_to_play()  # not a bot's, not a stand-in's
        if seat is None or not table.people_present():
            return None
        timer = table.row.turn_seconds
        turn_end = table.turn_started + timer if timer else None
        since = table.away_since.get(seat)
        if since is None:  # connected
            return None if turn_end is None else (seat, turn_end, "timeout")
        away_end = since + self.away_seconds
        if turn_end is not None and turn_end < away_end:
            return seat, turn_end, "timeout"
        return seat, away_end, "away"

    def _arm(self, table: LiveTable) -> None:
        """Set the timer of the table's deadline (cancelling the last one)."""
        due = None if table.gone else self.deadline(table)
        if due == table.due and table.timer is not None and not table.timer.done():
            return
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        table.due = due
        if due is not None:
            table.timer = asyncio.get_running_loop().create_task(
                self._expire(table, due, table.seq))

    async def _expire(self, table: LiveTable, due: tuple[int, float, str], seq: int) -> None:
        await self.sleep(max(0.0, due[1] - table.clock()))
        async with table.lock:
            if table.seq != seq or self.deadline(table) != due:
                return
            table.timer = None
            try:
                await self._commit(table, due[0], f"{STAND_IN} {due[2]}")
            except ActionRefused:
                return
        await table.broadcast()
        self.wake(table)

    # -- memory ----------------------------------------------------------------------
    @staticmethod
    def _evictable(table: LiveTable) -> bool:
        """Nobody watches it, no bot plays in it, nothing holds it."""
        return (not table.watchers and (table.runner is None or table.runner.done())
                and not table.lock.locked() and (table.timer is None or table.timer.done()))

    def sweep(self, now: float | None = None) -> int:
        """Let the tables idle for ``idle_seconds`` leave memory (then any above
        ``max_live_tables``); returns how many left. The database keeps them."""
        now = time.monotonic() if now is None else now
        before = len(self.tables)
        for table in list(self.tables.values()):
            if self._evictable(table) and now - table.last_used >= self.idle_seconds:
                self._drop(table.id)
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
            self._drop(table.id)

    async def sweep_forever(self) -> None:
        """Sweep now and then (a quarter of ``idle_seconds``, between 1 s and a minute)."""
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.idle_seconds / 4)))
            self.sweep()

    async def close(self) -> None:
        for table in self.tables.values():
            for task in (table.runner, table.timer):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
        self.workers.close()
        self.log_writer.shutdown(wait=False)


async def _finish(future: asyncio.Future[Any]) -> bool:
    """Wait until ``future`` is done even when the waiting task is cancelled; whether
    it was (the caller raises the cancellation once its step is complete)."""
    cancelled = False
    while not future.done():
        try:
            await asyncio.shield(future)
        except asyncio.CancelledError:
            cancelled = True
        except Exception:  # the caller reads the future's outcome
            break
    return cancelled


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


def table_session(row: TableRow, stand_in_bot: str = "medium") -> TableSession:
    """A fresh session of the table's game, options, seed and seats (before any action):
    no undo, and no views kept for narration (each page is sent its whole state); its
    options were checked when the table was made (:meth:`TableManager.create`)."""
    seats = [Seat(s.seat, PERSON, name=s.name) if s.kind == "human"
             else Seat(s.seat, BOT, s.bot or "heuristic", name=s.name) for s in row.seats]
    boards = None
    if row.seed >= NIGHT_SEEDS:  # a duplicate night's table: its round's boards
        boards = functools.partial(night_match, row.game, seed=row.seed)
    return TableSession(row.game, seats, seed=row.seed, options=row.options, undo=False,
                        watched=(), stand_in_bot=stand_in_bot, check_options=False,
                        match=boards)


def build_match(row: TableRow) -> Any:
    """A fresh match of the table's game, options and seed (before any action)."""
    return table_session(row).match
