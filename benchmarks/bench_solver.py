"""Speed of the open-hand solver on full deals, from the first trick.

For each of N seeded deals per game, the rules-of-thumb bots bid (deals thrown in are
redealt with the next seed), then the solver finds the exact value of the whole card play
from the first lead (MTD(f) over all hands). Prints the median, 90th percentile, worst
and mean time per deal (wall clock, and the process's CPU time, which other work on a
shared machine disturbs less), the mean, median and worst number of nodes searched, and
the load average.

    .venv/bin/python benchmarks/bench_solver.py deberts belote schieber --deals 200
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 200 --ahead 4
    .venv/bin/python benchmarks/bench_solver.py schieber --deals 200 --skip 3 --values

``--ahead K`` measures the depth-limited search the bots use early in a deal (K tricks
searched exactly, then a static estimate) instead of the exact solve. ``--skip K``
starts K tricks into the deal (played by the rules-of-thumb bots); ``--values`` solves
every legal card of the player to move, as a PIMC world does, instead of the position
once. The first call loads (or compiles) the numba kernel; it is not timed.

``belote --values --colver`` also solves the same deals with colver 0.11.1's open-hand
solver (``Env.solve_scores()``: the card points of every legal card of the player to
move, from the first lead), in a worker process in the peers' environment
(``benchmarks/.peers-venv``, made by ``peers.py``), deal by deal in turn with atout,
CPU time of each process. Both solve under the same rules: colver does not make a
player undertrump, so atout's deals are played with ``belote(undertrump=false)``
(``--undertrump`` keeps atout's default, undertrumping forced: two rule sets, for
reference only). It prints both medians, their ratio (the median of the per-deal
ratios too), and compares the values card by card and deal by deal: colver counts a
capot as 252, atout as 250 by the rules, so a capot value is compared as a capot.

    python benchmarks/bench_solver.py belote --deals 40 --values --colver

``--before REV`` solves the same deals, deal by deal in turn, with the solver of another
revision of atout as well (its ``src`` taken from git into a temporary folder and run in
a worker process, which compiles it once, untimed), so that one run gives the figures
before and after a change on the same machine and load; the values must be equal, deal
by deal and card by card (a differential test of the whole solve).

    python benchmarks/bench_solver.py schieber --deals 200 --before b7117f6
    python benchmarks/bench_solver.py belote --deals 40 --values --colver --before b7117f6
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from atout.bots.base import make_bot
from atout.bots.solver import COMPILED, Solver, problem_from_deal
from atout.games.actions import Play
from atout.kits import get_game


def p90(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.9 * len(values)))]


def first_trick_deals(game: str, count: int, options: Any = None) -> list[Any]:
    """``count`` deals bid by the rules-of-thumb bots, stopped at the first lead."""
    info = get_game(game)
    deals = []
    seed = 0
    while len(deals) < count:
        deal = info.deal(seed=seed, dealer=seed % info.num_players, options=options)
        seed += 1
        bots = [make_bot(game, "heuristic", seed=seed * 4 + s) for s in range(info.num_players)]
        while not deal.is_over and deal.phase != "play":
            seat = deal.current_player()
            deal.apply(bots[seat].choose(deal.view(seat)))
        if not deal.is_over:
            deals.append(deal)
    return deals


def skip_tricks(deal: Any, tricks: int, game: str) -> Any:
    """Play ``tricks`` tricks of ``deal`` with the rules-of-thumb bots."""
    bots = [make_bot(game, "heuristic", seed=s) for s in range(deal.num_players)]
    target = tricks * deal.num_players
    while not deal.is_over and sum(isinstance(a, Play) for _, a in deal.actions) < target:
        seat = deal.current_player()
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal


#: The rules colver 0.11.1 plays (``--colver``): no forced undertrumping (a player who
#: cannot go over an opponent's trump may discard). ``tests/test_peers_colver.py`` plays
#: deals in lockstep with colver under these options: every legal set is the same.
COLVER_RULES = "belote(undertrump=false)"


_COLVER_WORKER = """
import json, sys, time
import colver
for line in sys.stdin:
    q = json.loads(line)
    env = colver.Env.deal_with_hands(q["dealer"], q["hands"])
    env.set_contract(q["trump"], 80, q["team"], 0)
    env.set_phase_playing()
    start = time.process_time()
    out = env.solve_scores()
    spent = time.process_time() - start
    print(json.dumps({"cpu": spent, "scores": out["scores"]}), flush=True)
"""


def _to_colver(card: int) -> int:
    """atout's card index (9 * suit + rank, suits C D H S, ranks 6..A) as colver's
    (8 * suit + rank, suits S H D C, ranks 7 8 9 J Q K 10 A)."""
    suit, rank = divmod(card, 9)
    return 8 * (3 - suit) + (0, 1, 2, 6, 3, 4, 5, 7)[rank - 1]


def _colver_points(diff: int) -> int:
    """atout's value of a card (team 0's points minus team 1's, a capot worth 250) as
    colver's (team 0's card points, a capot 252 to the side that takes every trick)."""
    if diff >= 162:
        return 252
    if diff <= -162:
        return 0
    return (162 + diff) // 2


_BEFORE_WORKER = """
import dataclasses, json, sys, time
from atout.bots.solver import PlayProblem, Solver
solver = Solver()
for line in sys.stdin:
    q = json.loads(line)
    problem = PlayProblem(**{k: tuple(v) if isinstance(v, list) else v
                             for k, v in q["problem"].items()})
    if q.get("warm"):
        problem = dataclasses.replace(problem, stop=problem.tricks_done + 1)
        Solver(tt_bits=10).values(problem)
        Solver(tt_bits=10).value(problem)
        print(json.dumps({}), flush=True)
        continue
    solver.new_table()
    nodes = solver.nodes
    start = time.process_time()
    if q["values"]:
        out = sorted(solver.values(problem).items())
    else:
        out = solver.value(problem)
    spent = time.process_time() - start
    print(json.dumps({"cpu": spent, "nodes": solver.nodes - nodes, "value": out}), flush=True)
"""


class BeforeSolver:
    """The solver of another revision (``rev``: its ``src`` from git), in a worker
    process: :meth:`solve` gives its CPU time, nodes and value(s) for a problem."""

    def __init__(self, rev: str) -> None:
        root = Path(__file__).resolve().parent.parent
        self._dir = tempfile.TemporaryDirectory(prefix="atout-before-")
        archive = subprocess.run(
            ["git", "archive", rev, "src"], cwd=root, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", self._dir.name], input=archive, check=True)
        env = dict(os.environ, PYTHONPATH=str(Path(self._dir.name) / "src"))
        self.rev = rev
        self._worker = subprocess.Popen(
            [sys.executable, "-c", _BEFORE_WORKER], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=env,
        )

    def _ask(self, query: dict[str, Any]) -> dict[str, Any]:
        assert self._worker.stdin is not None and self._worker.stdout is not None
        self._worker.stdin.write(json.dumps(query) + "\n")
        self._worker.stdin.flush()
        answer: dict[str, Any] = json.loads(self._worker.stdout.readline())
        return answer

    def warm(self, problem: Any) -> None:
        """Load (or compile) its kernel, untimed."""
        self._ask({"problem": dataclasses.asdict(problem), "warm": True})

    def solve(self, problem: Any, values: bool) -> tuple[float, int, Any]:
        answer = self._ask({"problem": dataclasses.asdict(problem), "values": values})
        value = answer["value"]
        if values:
            value = {int(c): int(v) for c, v in value}
        return float(answer["cpu"]), int(answer["nodes"]), value

    def close(self) -> None:
        assert self._worker.stdin is not None
        self._worker.stdin.close()
        self._worker.wait()
        self._dir.cleanup()


def summary(name: str, cpu: list[float], nodes: list[int]) -> str:
    return (
        f"{name}: CPU median {statistics.median(cpu):.3f} s, p90 {p90(cpu):.3f} s, "
        f"worst {max(cpu):.3f} s, total {sum(cpu):.1f} s; nodes: mean "
        f"{statistics.mean(nodes):,.0f}, median {statistics.median(nodes):,.0f}, "
        f"worst {max(nodes):,}"
    )


def colver_side_by_side(
    deals: list[Any], solver: Solver, before: BeforeSolver | None = None
) -> None:
    """Every-card values of the opening lead, atout and colver deal by deal in turn."""
    python = Path(__file__).parent / ".peers-venv" / "bin" / "python"
    if not python.exists():
        raise SystemExit("no peers' environment: run python benchmarks/peers.py --quick once")
    worker = subprocess.Popen(
        [str(python), "-c", _COLVER_WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdin is not None and worker.stdout is not None
    mine: list[float] = []
    theirs: list[float] = []
    old_cpu: list[float] = []
    old_nodes: list[int] = []
    new_nodes: list[int] = []
    old_differ = 0
    cards = agree = capots = best_agree = equal_deals = 0
    differ: list[str] = []
    load_before = "/".join(f"{x:.1f}" for x in os.getloadavg())
    for i, deal in enumerate(deals):
        problem = problem_from_deal(deal)
        query = {
            "dealer": deal.dealer, "trump": 3 - deal.trump, "team": deal.taker & 1,
            "hands": [sorted(_to_colver(c) for c in range(36) if h >> c & 1)
                      for h in deal.hands],
        }
        rounds = [0, 1] if i % 2 == 0 else [1, 0]  # who goes first alternates
        if before is not None:
            rounds.append(2)
        values: dict[int, int] = {}
        answer: dict[str, Any] = {}
        for who in rounds:
            if who == 0:
                solver.new_table()
                nodes = solver.nodes
                start = time.process_time()
                values = solver.values(problem)
                mine.append(time.process_time() - start)
                new_nodes.append(solver.nodes - nodes)
            elif who == 2:
                assert before is not None
                cpu, n, old_values = before.solve(problem, True)
                old_cpu.append(cpu)
                old_nodes.append(n)
                old_differ += old_values != solver.values(problem)
            else:
                worker.stdin.write(json.dumps(query) + "\n")
                worker.stdin.flush()
                answer = json.loads(worker.stdout.readline())
                theirs.append(answer["cpu"])
        # colver's points are team 0's (seats 0 and 2), atout's values team 0 minus 1
        points = {card: pts for card, pts in answer["scores"]}
        sign = 1 if problem.to_move % 2 == 0 else -1
        best = max(sign * d for d in values.values())
        same_deal = set(points) == {_to_colver(c) for c in values}
        for card, diff in values.items():
            ours = _colver_points(diff)
            pts = points.get(_to_colver(card))
            cards += 1
            capots += ours in (0, 252)
            same = pts == ours
            agree += same
            best_agree += same and sign * diff == best
            if not same:
                same_deal = False
                differ.append(f"deal {i} card {card}: atout {ours}, colver {pts}")
        equal_deals += same_deal
    worker.stdin.close()
    worker.wait()
    ratio = statistics.median(theirs) / statistics.median(mine)
    per_deal = statistics.median(t / m for t, m in zip(theirs, mine, strict=True))
    rules = "undertrump forced" if deals[0].options.undertrump else "no forced undertrump"
    print(
        f"belote opening lead, every legal card, {len(deals)} deals ({rules}): atout median "
        f"{statistics.median(mine) * 1000:.1f} ms (worst {max(mine) * 1000:.0f} ms), colver "
        f"{statistics.median(theirs) * 1000:.1f} ms (worst {max(theirs) * 1000:.0f} ms), CPU; "
        f"atout / colver speed {ratio:.2f}x (median of the per-deal ratios {per_deal:.2f}x, "
        f"of the totals {sum(theirs) / sum(mine):.2f}x); "
        f"values equal {agree}/{cards} cards ({capots} capots, compared as capots), "
        f"the best cards' {best_agree}, every card of the deal equal in {equal_deals}/"
        f"{len(deals)} deals; load average {load_before} before, "
        + "/".join(f"{x:.1f}" for x in os.getloadavg()) + " after",
        flush=True,
    )
    for line in differ[:20]:
        print("  differs:", line)
    if before is not None:
        print(summary(f"  before ({before.rev})", old_cpu, old_nodes))
        print(summary("  after", mine, new_nodes))
        print(
            "  before / after CPU: medians "
            f"{statistics.median(old_cpu) / statistics.median(mine):.2f}x, "
            f"totals {sum(old_cpu) / sum(mine):.2f}x; colver / before "
            f"{statistics.median(theirs) / statistics.median(old_cpu):.2f}x (medians); "
            f"values differ from before's in {old_differ}/{len(deals)} deals",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=["deberts", "belote", "schieber"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--ahead", type=int, default=0, help="tricks searched exactly (0: all)")
    parser.add_argument("--skip", type=int, default=0, help="tricks played before solving")
    parser.add_argument("--values", action="store_true", help="solve every legal card")
    parser.add_argument("--colver", action="store_true",
                        help="belote --values: colver's solver on the same deals, in turn")
    parser.add_argument("--undertrump", action="store_true",
                        help="--colver: keep atout's default (undertrumping forced), which "
                        "colver does not play")
    parser.add_argument("--before", metavar="REV",
                        help="also solve each deal with the solver of this git revision "
                        "(a worker process), and compare")
    args = parser.parse_args()
    solver = Solver()
    before = BeforeSolver(args.before) if args.before else None
    for game in args.games:
        options = None
        if args.colver and not args.undertrump:
            options = get_game(game).options.parse(COLVER_RULES)
        deals = [
            skip_tricks(d, args.skip, game)
            for d in first_trick_deals(game, args.deals, options)
        ]
        deals = [d for d in deals if not d.is_over]
        # load the kernel on a one-trick search, with a table of its own
        first = problem_from_deal(deals[0])
        warm = Solver(tt_bits=10)
        warm.values(dataclasses.replace(first, stop=first.tricks_done + 1))
        warm.value(dataclasses.replace(first, stop=first.tricks_done + 1))
        if before is not None:
            before.warm(first)
        if args.colver:
            if game != "belote" or args.skip or args.ahead:
                raise SystemExit("--colver: belote, from the first lead, exact")
            colver_side_by_side(deals, solver, before)
            continue
        times = []
        cpu = []
        nodes = []
        old_cpu: list[float] = []
        old_nodes: list[int] = []
        differ = []
        for i, deal in enumerate(deals):
            problem = problem_from_deal(deal)
            if args.ahead:
                problem = dataclasses.replace(problem, stop=problem.tricks_done + args.ahead)
            old_value: Any = None
            if before is not None and i % 2 == 1:  # who goes first alternates
                c, n, old_value = before.solve(problem, args.values)
                old_cpu.append(c)
                old_nodes.append(n)
            # each deal on an empty table (as the bots' decisions start), both solvers
            solver.new_table()
            solver.stats[0] = 0
            start, start_cpu = time.perf_counter(), time.process_time()
            if args.values:
                value: Any = solver.values(problem)
            else:
                value = solver.value(problem)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            nodes.append(int(solver.stats[0]))
            if before is not None:
                if i % 2 == 0:
                    c, n, old_value = before.solve(problem, args.values)
                    old_cpu.append(c)
                    old_nodes.append(n)
                if old_value != value:
                    differ.append(i)
        depth = f"{args.ahead} tricks ahead" if args.ahead else "exact"
        where = f"after {args.skip} tricks" if args.skip else "whole deal"
        what = "every legal card" if args.values else "the position"
        print(
            f"{game}: {len(times)} deals ({depth}, {where}, {what}, "
            f"{'numba' if COMPILED else 'pure Python'}): "
            f"median {statistics.median(times):.3f} s, p90 {p90(times):.3f} s, "
            f"worst {max(times):.3f} s, mean {statistics.mean(times):.3f} s "
            f"(CPU: median {statistics.median(cpu):.3f} s, p90 {p90(cpu):.3f} s, "
            f"worst {max(cpu):.3f} s); nodes: mean {statistics.mean(nodes):,.0f}, "
            f"median {statistics.median(nodes):,.0f}, worst {max(nodes):,}; load average "
            + "/".join(f"{x:.1f}" for x in os.getloadavg()),
            flush=True,
        )
        if before is not None:
            print(summary(f"  before ({before.rev})", old_cpu, old_nodes))
            print(summary("  after", cpu, nodes))
            print(
                "  before / after: CPU medians "
                f"{statistics.median(old_cpu) / statistics.median(cpu):.2f}x, "
                f"p90 {p90(old_cpu) / p90(cpu):.2f}x, worst {max(old_cpu) / max(cpu):.2f}x, "
                f"totals {sum(old_cpu) / sum(cpu):.2f}x, nodes {sum(old_nodes) / sum(nodes):.2f}x; "
                f"values differ in {len(differ)}/{len(deals)} deals {differ[:10]}",
                flush=True,
            )
    if before is not None:
        before.close()


if __name__ == "__main__":
    main()
