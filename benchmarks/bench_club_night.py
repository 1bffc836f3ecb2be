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


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system), from /proc (Linux); 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def run(port: int, args: argparse.Namespace, server_pid: int) -> list[dict[str, Any]]:
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
        cpu = cpu_seconds(server_pid)
        result = asyncio.run(play_round(port, night, state["links"], args, rng))
        result["cpu"] = cpu_seconds(server_pid) - cpu
        state = call(port, f"/api/nights/{night}")
        result["complete"] = state["round_complete"]
        result["tables"] = len(state["tables"])
        rows.append(result)
    return rows


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
    args = parser.parse_args()
    print(f"{2 * args.pairs} people, {args.pairs // 2} Belote tables, {args.rounds} rounds of "
          f"{args.boards} boards, think {args.think[0]}-{args.think[1]} s, {args.viewers} "
          f"standings pages polling every {args.poll:g} s; one server process; "
          f"{os.cpu_count()} processors")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
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
            rows = run(port, args, server.pid)
        finally:
            try:
                server.communicate(timeout=30)  # closes stdin: the server stops
            except subprocess.TimeoutExpired:
                server.kill()
                server.communicate()
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
