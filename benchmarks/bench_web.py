"""Load benchmark of the web server (not a test): many concurrent tables of bot clients
over websockets on loopback.

Starts ``atout serve`` on 127.0.0.1 (a fresh SQLite file, bots' delay 0), creates
``--tables`` tables whose every seat is a websocket client playing random legal actions,
runs for ``--seconds`` and prints the tables held, actions per second and the p50/p99
latency of an action (from sending it to receiving the state that includes it).

    python benchmarks/bench_web.py --game deberts --tables 50 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


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


async def seat_client(
    port: int, table: str, token: str, seat: int, stop: float, latencies: list[float],
    rng: random.Random,
) -> int:
    actions = 0
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_seq = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            if sent_at is not None and message["seq"] > sent_seq:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["table"]["over"]:
                break
            view = message["view"]
            if view["to_play"] == seat and sent_at is None and view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                sent_seq = message["seq"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "seq": sent_seq}))
                actions += 1
    return actions


async def run(port: int, game: str, tables: int, seconds: float) -> None:
    n = 2 if game == "deberts" else 4
    created = [
        post(port, {"game": game, "seats": [{"kind": "friend"}] * n}) for _ in range(tables)
    ]
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    rng = random.Random(1)
    start = time.perf_counter()
    counts = await asyncio.gather(*(
        seat_client(port, t["id"], t["seats"][str(s)]["token"], s, stop, latencies,
                    random.Random(rng.random()))
        for t in created for s in range(n)
    ))
    elapsed = time.perf_counter() - start
    latencies.sort()
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else float("nan")
    print(f"{game}: {tables} tables, {tables * n} websocket clients, {elapsed:.1f} s")
    print(f"actions: {sum(counts)} = {sum(counts) / elapsed:,.0f}/s; "
          f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="deberts", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "atout.cli", "serve", "--port", str(port), "--db", db,
             "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            asyncio.run(run(port, args.game, args.tables, args.seconds))
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
