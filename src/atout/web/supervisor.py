"""``atout serve --workers N``: N server processes behind one address.

The supervisor starts N worker processes (``spawn``) that each run the whole application
under uvicorn on a socket of their own bound to the same address with ``SO_REUSEPORT``:
the kernel spreads the new connections over them (by a hash of the client's address and
port). The processes share the PostgreSQL database and
run each table in one of them at a time (:mod:`atout.web.cluster`). A worker that dies
is started again; its tables are taken over by the processes their pages reconnect to.
SIGINT or SIGTERM stops them all.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import time
from typing import Any

from sqlalchemy.engine import make_url

__all__ = ["check_workers", "supervise"]

log = logging.getLogger("atout.web")


def check_workers(db_url: str | None, workers: int) -> str:
    """The database's URL; several workers on anything but PostgreSQL are refused
    (``ValueError``, in words)."""
    from atout.web.app import DEFAULT_DB
    from atout.web.store import normalize_url

    url = db_url or os.environ.get("ATOUT_DB") or DEFAULT_DB
    if workers > 1 and make_url(normalize_url(url)).get_backend_name() != "postgresql":
        raise ValueError(
            f"--workers {workers} needs PostgreSQL (--db postgresql://...): SQLite is "
            "served by one process; leave --workers out or give a PostgreSQL database")
    return url


def _listen(host: str, port: int, *, listen: bool = True) -> socket.socket:
    """A socket on ``host:port`` with ``SO_REUSEPORT``: each worker listens on its own,
    and the kernel spreads the new connections over them."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    if listen:
        sock.listen(2048)
    return sock


def _worker(host: str, port: int, db_url: str, bot_delay: float, log_level: str,
            limits: Any) -> None:
    """One server process, listening on its own socket at the shared address."""
    import uvicorn

    from atout.web import create_app

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the supervisor stops us with SIGTERM
    config = uvicorn.Config(
        create_app(db_url, bot_delay=bot_delay, limits=limits, cluster=True, warm=True),
        log_level=log_level, ws_max_size=limits.max_frame)

    class Server(uvicorn.Server):
        """Says on the shared output when it accepts connections: until then the kernel
        sends every new connection to the workers already listening."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                print(f"atout: worker {os.getpid()} listening", flush=True)

    Server(config).run(sockets=[_listen(host, port)])


def supervise(host: str, port: int, db_url: str | None, bot_delay: float, log_level: str,
              limits: Any, workers: int) -> None:
    """Start ``workers`` processes on one socket at ``host:port`` and keep them up."""
    from atout.web.store import Store

    db_url = check_workers(db_url, workers)
    Store(db_url).close()  # migrate once, before the workers start
    # holds the address (bound, not listening: it takes no connection) and fails now
    # if another program has it
    sock = _listen(host, port, listen=False)
    context = multiprocessing.get_context("spawn")
    stopping = False

    def start() -> Any:
        process = context.Process(target=_worker, args=(host, port, db_url, bot_delay,
                                                        log_level, limits), daemon=False)
        process.start()
        print(f"atout: worker {process.pid} started", flush=True)
        return process

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    processes = [start() for _ in range(workers)]
    started = [time.monotonic()] * workers
    try:
        while not stopping:
            time.sleep(0.2)
            for i, process in enumerate(processes):
                if not process.is_alive() and not stopping:
                    print(f"atout: worker {process.pid} ended ({process.exitcode}); "
                          "starting another", flush=True)
                    if time.monotonic() - started[i] < 10:  # failing at start: slowly
                        time.sleep(2)
                    processes[i] = start()
                    started[i] = time.monotonic()
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(15)
            if process.is_alive():
                process.kill()
        sock.close()
