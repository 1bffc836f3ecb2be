"""Load benchmark (not a test): people's latency while expert bots play at other tables.

Two runs, each on a fresh server (``atout serve``'s application under uvicorn, on
127.0.0.1, a fresh SQLite file, bots' delay ``--bot-delay``):

1. *people only*: ``--tables`` tables of ``--game`` whose every seat is a scripted
   person: a websocket client that waits a think delay (uniform in ``--think``) and then
   sends a random legal action;
2. *people and bots*: the same, while ``--bot-tables`` tables of ``--bot-game`` are
   played by ``--bot`` bots (every seat but one; the person left there answers at once).

The latency of a person's action runs from sending it to receiving the state that
includes it (the acknowledgement). The script prints p50, p99 and the worst latency of
each run, the actions played at the bot tables, how the bots' decisions were made
(in a worker, or by the rules of thumb when late or when every worker was busy), and
the load average. Everything runs on loopback and stops by itself.

    python benchmarks/bench_web_load.py                      # 50 + 5 tables, 30 s a run
    python benchmarks/bench_web_load.py --bot-delay 0        # the bots flat out
    python benchmarks/bench_web_load.py --seconds 10 --tables 10

The server is the ``atout`` that Python imports: ``PYTHONPATH=OTHER/src`` measures
another checkout (one without :mod:`atout.web.limits` runs its bots on the event loop).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

#: The server: the application under uvicorn, its bot statistics printed at the end.
SERVER = """
import json, sys, threading, uvicorn
from atout.web import create_app
try:
    from atout.web.limits import Limits
except ImportError:  # a version without limits, to compare: bots on the event loop
    app, extra = create_app({db!r}, bot_delay={delay}), {{}}
else:
    limits = Limits(tables_per_minute=0, bot_workers={workers})
    app = create_app({db!r}, bot_delay={delay}, limits=limits)
    extra = {{"ws_max_size": limits.max_frame}}
server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port={port}, log_level="warning",
                                       **extra))
def watch():  # stdin closed: stop
    sys.stdin.read()
    server.should_exit = True
threading.Thread(target=watch, daemon=True).start()
server.run()
workers = getattr(app.state.manager, "workers", None)
print("STATS " + json.dumps(workers.stats if workers else {{}}), file=sys.stderr, flush=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", data=json.dumps(body).encode(),
        headers={"content-type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def seats(game: str) -> int:
    return 2 if game == "deberts" else 4


async def person(
    port: int, table: str, token: str, seat: int, stop: float, think: tuple[float, float],
    latencies: list[float] | None, rng: random.Random,
) -> int:
    """One scripted person: waits, then plays a random legal action; returns the steps
    the table advanced while it watched."""
    first = last = -1
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_seq = -1
        pending: asyncio.Task[None] | None = None

        async def act(action: str, seq: int, delay: float) -> None:
            nonlocal sent_at, sent_seq
            await asyncio.sleep(delay)
            sent_seq = seq
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))

        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            first = message["seq"] if first < 0 else first
            last = message["seq"]
            if sent_at is not None and message["seq"] > sent_seq:
                if latencies is not None:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["table"]["over"]:
                break
            view = message["view"]
            if (view["to_play"] == seat and sent_at is None and view["legal_actions"]
                    and (pending is None or pending.done())):
                delay = rng.uniform(*think)
                pending = asyncio.get_running_loop().create_task(
                    act(rng.choice(view["legal_actions"]), message["seq"], delay))
        if pending is not None:
            pending.cancel()
    return max(0, last - first)


async def run(port: int, args: argparse.Namespace, with_bots: bool) -> dict[str, Any]:
    n = seats(args.game)
    people = [post(port, {"game": args.game, "seats": [{"kind": "friend"}] * n})
              for _ in range(args.tables)]
    bot_tables = []
    if with_bots:
        m = seats(args.bot_game)
        bot_tables = [post(port, {
            "game": args.bot_game,
            "seats": [{"kind": "you"}] + [{"kind": "bot", "bot": args.bot}] * (m - 1),
        }) for _ in range(args.bot_tables)]
    latencies: list[float] = []
    rng = random.Random(1)
    stop = time.monotonic() + args.seconds
    clients = [
        person(port, t["id"], t["seats"][str(s)]["token"], s, stop, tuple(args.think),
               latencies, random.Random(rng.random()))
        for t in people for s in range(n)
    ]
    bot_clients = [
        person(port, t["id"], t["seats"]["0"]["token"], 0, stop, (0.0, 0.0), None,
               random.Random(rng.random()))
        for t in bot_tables
    ]
    start = time.perf_counter()
    steps = await asyncio.gather(*clients, *bot_clients)
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "elapsed": elapsed,
        "actions": len(latencies),
        "p50": latencies[len(latencies) // 2] * 1000 if latencies else float("nan"),
        "p99": latencies[max(0, int(len(latencies) * 0.99) - 1)] * 1000
        if latencies else float("nan"),
        "worst": latencies[-1] * 1000 if latencies else float("nan"),
        "bot_steps": sum(steps[len(clients):]),
    }


def serve_and_run(args: argparse.Namespace, with_bots: bool) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        code = SERVER.format(db=db, delay=args.bot_delay, port=port, workers=args.workers)
        server = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise
                    time.sleep(0.1)
            result = asyncio.run(run(port, args, with_bots))
        finally:
            try:
                _, err = server.communicate(timeout=30)  # closes stdin: the server stops
            except subprocess.TimeoutExpired:
                server.kill()
                _, err = server.communicate()
        stats = [line[6:] for line in err.splitlines() if line.startswith("STATS ")]
        result["bots"] = json.loads(stats[-1]) if stats else {}
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deberts", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--tables", type=int, default=50, help="tables of people")
    parser.add_argument("--bot-game", default="schieber",
                        choices=["deberts", "belote", "schieber"])
    parser.add_argument("--bot-tables", type=int, default=5)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="the server's --bot-delay (0: the bots play flat out)")
    parser.add_argument("--workers", type=int, default=min(os.cpu_count() or 1, 4),
                        help="the server's --bot-workers")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5),
                        metavar=("MIN", "MAX"), help="a person's think delay, seconds")
    parser.add_argument("--seconds", type=float, default=30, help="length of each run")
    args = parser.parse_args()
    print(f"{args.tables} tables of {args.game} people (think {args.think[0]}-{args.think[1]} s),"
          f" {args.seconds:.0f} s a run; bot tables: {args.bot_tables} of {args.bot_game},"
          f" {args.bot} bots, delay {args.bot_delay} s, {args.workers} workers;"
          f" {os.cpu_count()} processors")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| run | people's actions | p50 | p99 | worst | bot-table actions | bot decisions |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for with_bots in (False, True):
        r = serve_and_run(args, with_bots)
        label = "people and bots" if with_bots else "people only"
        decisions = ", ".join(f"{k} {v}" for k, v in r["bots"].items()) if with_bots else ""
        print(f"| {label} | {r['actions']} | {r['p50']:.1f} ms | {r['p99']:.1f} ms "
              f"| {r['worst']:.1f} ms | {r['bot_steps']} | {decisions} |", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
