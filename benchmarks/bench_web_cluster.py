"""Load benchmark (not a test): ``atout serve --workers N`` on PostgreSQL.

1. *capacity*: for 1 and then 2 server processes, tables of ``--game`` whose every seat
   is a scripted person (a websocket client that waits a think delay, uniform in
   ``--think``, then sends a random legal action), at each count of ``--tables``; each
   run prints the actions acknowledged per second, the latency of an action (sending it
   to receiving the state that includes it: p50, p99, worst), and the processor time the
   server processes used (in cores, and per action: their bot workers and PostgreSQL
   are not counted). More tables at the same p99 is more capacity.
2. *kill*: 2 processes and ``--kill-tables`` tables; halfway through, the process that
   runs the most tables is killed (SIGKILL). The clients connect again as the page
   does. At the end, every action a client saw acknowledged is looked up in the
   database's log (``lost`` must be 0), and the killed process's tables are followed:
   which process runs each afterwards, and how long it was until its next acknowledged
   action.

Every server is fresh, on a fresh schema of the PostgreSQL database at ``--db``
(default ``$ATOUT_TEST_POSTGRES_URL``; ``.ci/postgres.sh`` starts one), on 127.0.0.1;
the schema is dropped at the end. The load average is printed before and after: on a
shared machine, read the figures with it.

    pg_env=$(.ci/postgres.sh) && eval "$pg_env"
    python benchmarks/bench_web_cluster.py                          # 20 40 60 80 tables
    python benchmarks/bench_web_cluster.py --tables 40 80 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import websockets
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

sys.path.insert(0, os.path.dirname(__file__))
from bench_web_load import free_port, post, seats


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    #: (table, seq, seat, action, when): every action a client saw acknowledged.
    acked: list[tuple[str, int, int, str, float]] = field(default_factory=list)
    reconnects: int = 0


async def person(port: int, table: str, token: str, seat: int, stop: float,
                 think: tuple[float, float], rng: random.Random, tally: Tally) -> None:
    """One scripted person who connects again whenever the connection drops."""
    url = f"ws://127.0.0.1:{port}/ws/{table}"
    while time.monotonic() < stop:
        pending: asyncio.Task[None] | None = None
        try:
            async with websockets.connect(url, max_size=None, open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent: list[Any] = []  # [seq, action, time] while one is unanswered

                async def act(ws: Any, sent: list[Any], action: str, seq: int,
                              delay: float) -> None:
                    await asyncio.sleep(delay)
                    sent[:] = [seq, action, time.perf_counter()]
                    await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))

                while time.monotonic() < stop:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic()))
                    message = json.loads(raw)
                    if message["type"] == "error":
                        sent.clear()  # refused: not accepted
                        continue
                    if message["type"] != "state":
                        continue
                    if sent and message["seq"] > sent[0]:
                        tally.latencies.append(time.perf_counter() - sent[2])
                        tally.acked.append((table, sent[0], seat, sent[1], time.monotonic()))
                        sent.clear()
                    if message["table"]["over"]:
                        return
                    view = message["view"]
                    if (view["to_play"] == seat and not sent and view["legal_actions"]
                            and (pending is None or pending.done())):
                        pending = asyncio.get_running_loop().create_task(act(
                            ws, sent, rng.choice(view["legal_actions"]), message["seq"],
                            rng.uniform(*think)))
        except TimeoutError:
            return
        except (websockets.ConnectionClosed, OSError, websockets.InvalidHandshake,
                websockets.InvalidMessage):
            tally.reconnects += 1
            await asyncio.sleep(0.3)
        finally:
            if pending is not None:
                pending.cancel()


def cpu_seconds(pids: list[int]) -> float:
    """User and system time of the processes so far (Linux ``/proc``; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[max(0, int(len(values) * q) - 1)] * 1000 if values else float("nan")


class Server:
    """``atout serve --workers N`` on a fresh schema."""

    def __init__(self, url: str, workers: int, args: argparse.Namespace) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "atout.cli", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--db", url, "--bot-delay", "0", "--tables-per-minute", "0",
             "--bot-workers", "1", "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        self.pids: list[int] = []
        if workers > 1:
            assert self.proc.stdout is not None
            while len(self.pids) < workers:
                line = self.proc.stdout.readline()
                if not line:
                    raise RuntimeError("the supervisor ended")
                if "worker" in line and "started" in line:
                    self.pids.append(int(line.split()[2]))
        else:
            self.pids = [self.proc.pid]
        # the server logs every request on its standard output: read it to the end, or
        # the pipe fills and the server stops to wait for a reader
        out = self.proc.stdout
        assert out is not None
        threading.Thread(target=lambda: [None for _ in out], daemon=True).start()
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/games", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.2)
        time.sleep(2 if workers > 1 else 0)  # every worker up, not only the first

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def play(port: int, tables: list[dict[str, Any]], n: int, seconds: float,
               think: tuple[float, float], tally: Tally, during: Any = None) -> float:
    rng = random.Random(1)
    stop = time.monotonic() + seconds
    clients = [person(port, t["id"], t["seats"][str(s)]["token"], s, stop, think,
                      random.Random(rng.random()), tally)
               for t in tables for s in range(n)]
    start = time.perf_counter()
    if during is not None:
        clients.append(during())
    await asyncio.gather(*clients)
    return time.perf_counter() - start


def new_tables(port: int, game: str, count: int) -> list[dict[str, Any]]:
    n = seats(game)
    return [post(port, {"game": game, "seats": [{"kind": "friend"}] * n}) for _ in range(count)]


def schema_url(base: str, schema: str) -> str:
    return make_url(base).update_query_dict(
        {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)


def capacity(base: str, admin: Any, args: argparse.Namespace) -> None:
    print("| processes | tables | clients | actions/s | p50 | p99 | worst | server CPU "
          "| CPU per action |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    n = seats(args.game)
    for workers in (1, 2):
        for count in args.tables:
            schema = f"atout_bench_{secrets.token_hex(4)}"
            with admin.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            server = Server(schema_url(base, schema), workers, args)
            try:
                tables = new_tables(server.port, args.game, count)
                tally = Tally()
                cpu = cpu_seconds(server.pids)
                elapsed = asyncio.run(play(server.port, tables, n, args.seconds,
                                           tuple(args.think), tally))
                cpu = cpu_seconds(server.pids) - cpu
            finally:
                server.stop()
                with admin.begin() as conn:
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            lat = tally.latencies
            print(f"| {workers} | {count} | {count * n} | {len(lat) / elapsed:.0f} "
                  f"| {percentile(lat, 0.5):.1f} ms | {percentile(lat, 0.99):.1f} ms "
                  f"| {percentile(lat, 1.0):.1f} ms | {cpu / elapsed:.2f} cores "
                  f"| {1000 * cpu / max(1, len(lat)):.2f} ms |", flush=True)


def kill(base: str, admin: Any, args: argparse.Namespace) -> None:
    n = seats(args.game)
    schema = f"atout_bench_{secrets.token_hex(4)}"
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = schema_url(base, schema)
    engine = create_engine(url)
    server = Server(url, 2, args)
    killed: dict[str, Any] = {}

    def owners() -> dict[str, str]:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT id, lease_owner FROM atout_tables WHERE lease_owner IS NOT NULL"))
            return {r.id: r.lease_owner for r in rows}

    async def killer() -> None:
        await asyncio.sleep(args.seconds / 2)
        held = await asyncio.to_thread(owners)
        per_pid: dict[int, list[str]] = defaultdict(list)
        for table_id, owner in held.items():
            per_pid[int(owner.split("/")[1].split(".")[0])].append(table_id)
        pid, victims = max(per_pid.items(), key=lambda kv: len(kv[1]))
        killed.update(pid=pid, tables=victims, at=time.monotonic(),
                      spread={p: len(t) for p, t in per_pid.items()})
        os.kill(pid, signal.SIGKILL)

    try:
        tables = new_tables(server.port, args.game, args.kill_tables)
        tally = Tally()
        asyncio.run(play(server.port, tables, n, args.seconds, tuple(args.think), tally,
                         during=killer))
        after = owners()
        with engine.connect() as conn:
            log = {(r.table_id, r.seq): (r.seat, r.action) for r in conn.execute(text(
                "SELECT table_id, seq, seat, action FROM atout_events"))}
    finally:
        server.stop()
        engine.dispose()
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    lost = [a for a in tally.acked if log.get((a[0], a[1])) != (a[2], a[3])]
    victims = set(killed.get("tables", ()))
    resumed = []
    for table_id in victims:
        times = [a[4] for a in tally.acked if a[0] == table_id and a[4] > killed["at"]]
        resumed.append(min(times) - killed["at"] if times else float("inf"))
    resumed.sort()
    new_owners = defaultdict(int)
    for table_id in victims:
        owner = after.get(table_id, "none/0.")
        new_owners[int(owner.split("/")[1].split(".")[0] or 0)] += 1
    print(f"tables per process before the kill: {killed.get('spread')}; killed "
          f"{killed.get('pid')} with {len(victims)} tables")
    print(f"acknowledged actions: {len(tally.acked)}; lost: {len(lost)}; reconnections: "
          f"{tally.reconnects}")
    print(f"the killed process's tables afterwards, per process: {dict(new_owners)} "
          f"(survivor: {[p for p in server.pids if p != killed.get('pid')]})")
    if resumed:
        print(f"their next acknowledged action after the kill: median "
              f"{resumed[len(resumed) // 2]:.2f} s, worst {resumed[-1]:.2f} s")
    for item in lost[:5]:
        print("LOST", item)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("ATOUT_TEST_POSTGRES_URL"),
                        help="PostgreSQL URL (default: $ATOUT_TEST_POSTGRES_URL)")
    parser.add_argument("--game", default="deberts", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--tables", type=int, nargs="+", default=[20, 40, 60, 80])
    parser.add_argument("--kill-tables", type=int, default=30)
    parser.add_argument("--think", type=float, nargs=2, default=(0.05, 0.25),
                        metavar=("MIN", "MAX"), help="a person's think delay, seconds")
    parser.add_argument("--seconds", type=float, default=12, help="length of each run")
    parser.add_argument("--skip-capacity", action="store_true")
    parser.add_argument("--skip-kill", action="store_true")
    args = parser.parse_args()
    if not args.db:
        parser.error("no --db and no ATOUT_TEST_POSTGRES_URL (.ci/postgres.sh starts one)")
    from atout.web.store import normalize_url

    base = normalize_url(args.db)
    admin = create_engine(base)
    print(f"{args.game}, think {args.think[0]}-{args.think[1]} s, {args.seconds:.0f} s a run, "
          f"{os.cpu_count()} processors (clients and servers share them)")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    try:
        if not args.skip_capacity:
            capacity(base, admin, args)
        if not args.skip_kill:
            kill(base, admin, args)
    finally:
        admin.dispose()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
