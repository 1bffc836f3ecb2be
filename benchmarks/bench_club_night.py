"""Scale benchmark (not a test): a club's duplicate night on one server process.

``--pairs`` pairs (40 people by default) at ``--pairs / 2`` Belote tables (10), every
table dealing the same boards, over ``--rounds`` rounds of ``--boards`` boards: the
night is set up through its API (``/api/nights``: the pairs, then each round seated by
the Swiss pairing), and every seat is a scripted person, a websocket client that waits a
think delay (uniform in ``--think``) and sends a random legal action. Meanwhile
``--viewers`` people keep the standings page open (it polls every ``--poll`` seconds, as
the page does). The server is ``atout serve``'s application under uvicorn on 127.0.0.1,
a fresh SQLite file, in one process.

A person's action latency runs from sending it to receiving the state that includes it.
The script prints, per round, the actions, p50, p99 and the worst latency, the standings
requests' p99, the round's length and the server's CPU time per action (its whole CPU
time over the round, the standings' requests included, divided by the actions: what
the latencies do not show on a machine that other work keeps busy); then the load
average. Everything runs on
loopback and stops by itself.

    python benchmarks/bench_club_night.py                    # 40 people, 2 rounds of 4 boards
    python benchmarks/bench_club_night.py --think 0.5 1.5    # at people's pace (slower)

With ``--processes N`` the same night runs on ``atout serve --workers N`` (several server
processes, as :mod:`atout.web.cluster` runs them) on a fresh schema of the PostgreSQL
database at ``--db`` (default ``$ATOUT_TEST_POSTGRES_URL``; ``.ci/postgres.sh`` starts
one), dropped at the end; the server CPU is then the processes' together.

    pg_env=$(.ci/postgres.sh) && eval "$pg_env"
    python benchmarks/bench_club_night.py --processes 2      # 2 processes on PostgreSQL
    python benchmarks/bench_club_night.py --postgres         # 1 process on PostgreSQL
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contextlib

from bench_web_load import SERVER, free_port, person


def call(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data,
        headers={"content-type": "application/json"}, method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def viewer(port: int, night: str, stop: asyncio.Event, poll: float,
                 times: list[float], rng: random.Random) -> None:
    """Someone with the standings page open: one request every ``poll`` seconds."""
    await asyncio.sleep(rng.uniform(0, poll))
    def look() -> float:  # timed in its thread: not the wait for a free thread
        start = time.perf_counter()
        call(port, f"/api/nights/{night}")
        return time.perf_counter() - start

    while not stop.is_set():
        times.append(await asyncio.to_thread(look))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=poll)


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time processes have used (user + system), from /proc (Linux); 0 elsewhere."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[max(0, int(len(values) * q) - 1)] * 1000 if values else float("nan")


async def play_round(port: int, night: str, links: dict[str, Any], args: argparse.Namespace,
                     rng: random.Random) -> dict[str, Any]:
    latencies: list[float] = []
    looks: list[float] = []
    stop_viewers = asyncio.Event()
    stop = time.monotonic() + args.seconds
    clients = []
    for seats in links.values():
        for seat in seats:
            table = seat["url"].split("/table/")[1].split("#")[0]
            token = seat["url"].split("token=")[1].split("&")[0]
            clients.append(person(port, table, token, seat["seat"], stop, tuple(args.think),
                                  latencies, random.Random(rng.random())))
    viewers = [asyncio.get_running_loop().create_task(
        viewer(port, night, stop_viewers, args.poll, looks, random.Random(rng.random())))
        for _ in range(args.viewers)]
    start = time.perf_counter()
    await asyncio.gather(*clients)
    elapsed = time.perf_counter() - start
    stop_viewers.set()
    await asyncio.gather(*viewers)
    return {"elapsed": elapsed, "actions": len(latencies), "p50": pct(latencies, 0.5),
            "p99": pct(latencies, 0.99), "worst": pct(latencies, 1.0),
            "looks": len(looks), "look_p99": pct(looks, 0.99)}


def run(port: int, args: argparse.Namespace, server_pids: list[int]) -> list[dict[str, Any]]:
    made = call(port, "/api/nights", {"game": "belote", "rounds": args.rounds,
                                      "boards": args.boards, "lang": "en"})
    night, token = made["id"], made["admin"].split("admin=")[1].split("&")[0]
    for i in range(args.pairs):
        call(port, f"/api/nights/{night}/entrants",
             {"admin": token, "names": [f"North{i}", f"South{i}"]})
    rng = random.Random(1)
    rows = []
    for _ in range(args.rounds):
        state = call(port, f"/api/nights/{night}/rounds", {"admin": token})
        cpu = cpu_seconds(server_pids)
        result = asyncio.run(play_round(port, night, state["links"], args, rng))
        result["cpu"] = cpu_seconds(server_pids) - cpu
        deadline = time.monotonic() + 15  # a copy of the night may be 2 s old (READ_AGE)
        while True:
            state = call(port, f"/api/nights/{night}")
            if state["round_complete"] or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        result["complete"] = state["round_complete"]
        result["tables"] = len(state["tables"])
        rows.append(result)
    return rows


def one(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The night on one process (``atout serve``'s application under uvicorn), SQLite."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        code = SERVER.format(db=db, delay=0.0, port=port, workers=1)
        server = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 120  # a busy machine imports slowly
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except OSError:
                    if server.poll() is not None:
                        sys.exit(f"the server stopped: {server.communicate()[1]}")
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            return run(port, args, [server.pid])
        finally:
            try:
                server.communicate(timeout=30)  # closes stdin: the server stops
            except subprocess.TimeoutExpired:
                server.kill()
                server.communicate()


def several(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The night on ``atout serve --workers N`` on a fresh PostgreSQL schema."""
    import secrets

    from bench_web_cluster import Server, schema_url
    from sqlalchemy import create_engine, text

    from atout.web.store import normalize_url

    base = normalize_url(args.db)
    admin = create_engine(base)
    schema = f"atout_bench_{secrets.token_hex(4)}"
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        server = Server(schema_url(base, schema), args.processes, args)
        try:
            return run(server.port, args, server.pids)
        finally:
            server.stop()
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20, help="pairs (two people each)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--boards", type=int, default=4, help="boards per round")
    parser.add_argument("--think", type=float, nargs=2, default=(0.1, 0.4),
                        metavar=("MIN", "MAX"), help="a person's think delay, seconds")
    parser.add_argument("--viewers", type=int, default=40, help="standings pages open")
    parser.add_argument("--poll", type=float, default=5.0, help="the page's poll, seconds")
    parser.add_argument("--seconds", type=float, default=600, help="longest a round may run")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (above 1: atout serve --workers N on PostgreSQL)")
    parser.add_argument("--db", default=os.environ.get("ATOUT_TEST_POSTGRES_URL"),
                        help="the PostgreSQL database of --processes (a schema is made in it)")
    parser.add_argument("--postgres", action="store_true",
                        help="on PostgreSQL (atout serve) even with one process")
    args = parser.parse_args()
    args.postgres = args.postgres or args.processes > 1
    if args.postgres and not args.db:
        parser.error("--processes needs --db or $ATOUT_TEST_POSTGRES_URL (.ci/postgres.sh)")
    processes = (f"{args.processes} server process(es) on PostgreSQL" if args.postgres
                 else "one server process on SQLite")
    print(f"{2 * args.pairs} people, {args.pairs // 2} Belote tables, {args.rounds} rounds of "
          f"{args.boards} boards, think {args.think[0]}-{args.think[1]} s, {args.viewers} "
          f"standings pages polling every {args.poll:g} s; {processes}; "
          f"{os.cpu_count()} processors")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = several(args) if args.postgres else one(args)
    print("| round | tables | actions | p50 | p99 | worst | standings requests | their p99 "
          "| round length | server CPU per action | every board played |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for i, r in enumerate(rows):
        print(f"| {i + 1} | {r['tables']} | {r['actions']} | {r['p50']:.1f} ms | "
              f"{r['p99']:.1f} ms | {r['worst']:.1f} ms | {r['looks']} | "
              f"{r['look_p99']:.1f} ms | {r['elapsed']:.0f} s | "
              f"{r['cpu'] / max(1, r['actions']) * 1000:.2f} ms | {r['complete']} |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
