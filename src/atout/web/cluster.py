"""Several server processes on one PostgreSQL database (``atout serve --workers N``).

Every process listens on the same public address (one shared socket: the kernel hands
each new connection to one of them) and on a private one of its own on the loopback
(:attr:`Cluster.address`). A table is *run* by one process at a time: the holder of its
lease, a row of the database (``atout_tables.lease_owner``, ``lease_until``) that the
process renews every third of :attr:`Cluster.lease_seconds` while the table is in its
memory, and gives up when the table leaves it. The holder keeps the table's
connections, plays its bots, runs its clock, and writes its log.

A websocket for a table reaches any process. That process takes the table's lease when
it is free or expired and serves the table itself; when another process holds it, it
*relays* the connection to the holder's private address (a second websocket carrying
the same messages both ways), so that every connection of a table meets in one
process. A holder that cannot be reached (connection refused: it was killed) or whose
address now answers for another process is gone: its lease is taken at once, and the
table is rebuilt from its log in the database, like after a restart. Nothing that a
player saw accepted is lost, since each action is committed before anyone is told.

When a lease is taken from a holder that is still alive (its lease expired while it
was stalled), the taker announces it with PostgreSQL's ``NOTIFY`` (:data:`CHANNEL`); the
former holder, which ``LISTEN``\\s, lets the table go at once and closes its
connections, whose pages connect again and are relayed to the new holder. Should it
still write a step meanwhile, the log's primary key refuses the second writer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Iterator
from typing import Any

from sqlalchemy.engine import make_url

from atout.web.store import CHANNEL, Store
from atout.web.tables import TableManager

__all__ = ["OWNER_HEADER", "Busy", "Cluster"]

log = logging.getLogger("atout.web")

#: The header of a relayed websocket: the lease holder the relaying process expects.
OWNER_HEADER = "x-atout-owner"


class Busy(Exception):
    """The table is held elsewhere and this connection may not be relayed again."""


class Cluster:
    """This process's part among the server processes sharing one database."""

    def __init__(self, store: Store, manager: TableManager, lease_seconds: float = 10.0,
                 max_frame: int = 16384) -> None:
        if store.engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL (SQLite: one process)")
        self.store = store
        self.manager = manager
        self.lease_seconds = lease_seconds
        self.max_frame = max_frame
        self.id = f"{os.getpid()}.{secrets.token_hex(4)}"
        #: ``127.0.0.1:PORT``: where the other processes relay connections to this one.
        self.address = ""
        #: Counters: tables taken over from a gone holder, let go on a notification,
        #: connections relayed to another process.
        self.stats = {"replaced": 0, "notified": 0, "relayed": 0}
        self._tasks: list[asyncio.Task[Any]] = []
        self._server: Any = None
        manager.track_left = True

    @property
    def owner(self) -> str:
        """This process in a lease: ``ADDRESS/PID.RANDOM``."""
        return f"{self.address}/{self.id}"

    # -- where a table is served --------------------------------------------------------
    async def route(self, table_id: str, *, relayed: bool = False) -> str | None:
        """``None`` when this process serves the table (it holds or has just taken the
        lease, or there is no such table), else the holder to relay to. A connection
        relayed here already is not relayed again (:class:`Busy`)."""
        if table_id in self.manager.tables:
            return None
        taken, holder = await asyncio.to_thread(
            self.store.take_lease, table_id, self.owner, self.lease_seconds)
        if taken or holder is None:
            return None
        if relayed:
            raise Busy(table_id)
        return holder

    async def replace(self, table_id: str, gone: str) -> str | None:
        """The holder ``gone`` cannot be reached: take its lease. Returns as
        :meth:`route` does (another process may have been quicker)."""
        taken, holder = await asyncio.to_thread(
            self.store.take_lease, table_id, self.owner, self.lease_seconds, replacing=gone)
        if taken:
            self.stats["replaced"] += 1
            log.warning("table %s: its process %s is gone; this one runs it now", table_id, gone)
            return None
        return holder

    # -- starting and stopping ----------------------------------------------------------
    async def start(self, app: Any) -> None:
        """Listen on a private loopback port (the same application, without its
        lifespan), then renew leases and listen for notifications."""
        import uvicorn

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        sock.listen(512)
        self.address = f"127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(app, lifespan="off", log_level="warning",
                                ws_max_size=self.max_frame)
        self._server = _quiet_server(config)
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._server.serve(sockets=[sock])),
            loop.create_task(self._renew_forever()),
            loop.create_task(self._listen_forever()),
        ]
        for _ in range(200):
            if self._server.started:
                break
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        """Give every lease up (the other processes take the tables at once)."""
        if self._server is not None:
            self._server.should_exit = True
        for task in self._tasks[1:]:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)
        held = list(self.manager.tables) + self.manager.take_left()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release_leases, self.owner, held)

    async def renew(self) -> None:
        """Extend the leases of the tables in memory, let go of those lost, and give
        up those of the tables that left memory."""
        # a table that left and came back since (a connection rebuilt it under the lease
        # it still held) keeps its lease
        left = [t for t in self.manager.take_left() if t not in self.manager.tables]
        if left:
            await asyncio.to_thread(self.store.release_leases, self.owner, left)
        ids = list(self.manager.tables)
        held = await asyncio.to_thread(
            self.store.renew_leases, self.owner, ids, self.lease_seconds)
        for table_id in set(ids) - held:
            if table_id not in self.manager.tables:
                continue  # it left memory meanwhile; its lease goes at the next turn
            # a release that crossed the table's return freed the lease: take it again;
            # only a lease that another process holds now means the table is theirs
            taken, holder = await asyncio.to_thread(
                self.store.take_lease, table_id, self.owner, self.lease_seconds)
            if taken:
                continue
            log.warning("table %s: lease lost; %s runs it", table_id, holder)
            await self.manager.forget(table_id)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew()
            except Exception:  # the database is away: try again at the next turn
                log.exception("renewing the leases failed")

    async def _listen_forever(self) -> None:
        """``LISTEN`` on :data:`CHANNEL`: a table taken by another process goes."""
        import psycopg

        url = make_url(self.store.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for note in conn.notifies():
                        await self.notified(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for notifications failed; again in a second")
                await asyncio.sleep(1)

    async def notified(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        table_id, _, owner = rest.partition(" ")
        if kind == "taken" and owner != self.owner and table_id in self.manager.tables:
            self.stats["notified"] += 1
            log.warning("table %s: taken by %s; letting it go", table_id, owner)
            await self.manager.forget(table_id)


def _quiet_server(config: Any) -> Any:
    """A uvicorn server that leaves the process's signals to the main server."""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield

    return Server(config)


async def relay(websocket: Any, hello: str, holder: str, table_id: str) -> bool:
    """Carry the connection ``websocket`` (its ``hello`` already read) to the process
    ``holder`` (``ADDRESS/ID``) until either side closes; ``False`` when the holder is
    gone (refused, or another process answers at its address): nothing was sent.
    Raises :class:`Busy` when the holder does not answer in time."""
    import websockets

    address = holder.partition("/")[0]
    try:
        upstream = await websockets.connect(
            f"ws://{address}/ws/{table_id}", additional_headers={OWNER_HEADER: holder},
            max_size=None, open_timeout=5, compression=None, ping_interval=None)
    except TimeoutError:  # alive but slow: not to be replaced
        raise Busy(table_id) from None
    except (OSError, websockets.InvalidHandshake):
        return False
    async with upstream:
        await upstream.send(hello)

        async def down() -> None:
            async for message in upstream:
                await websocket.send_text(message)

        async def up() -> None:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if message.get("text") is not None:
                    await upstream.send(message["text"])

        tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(up())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
    return True
