"""The ceiling: a bot that sees every hand, in the same duplicate matches (benchmark only).

    python benchmarks/oracle.py deberts --boards 1000 --log /tmp/oracle-deberts.jsonl
    python benchmarks/oracle.py deberts --bot expert --boards 1000 --log /tmp/expert.jsonl
    python benchmarks/oracle.py deberts --boards 1000 --log /tmp/oracle-deberts.jsonl \
        --compare /tmp/expert.jsonl            # oracle - expert, board by board
    python benchmarks/oracle.py belote --boards 500 --log /tmp/oracle-belote.jsonl
    python benchmarks/oracle.py belote --depth 8,8 --boards 500   # exact from trick 1
    python benchmarks/oracle.py schieber --nodes 20000000 --boards 300

The ``oracle`` cheats: it is handed the referee's deal, every hand in it, and plays
the card the open-hand solver (:mod:`atout.bots.solver`) values best in that true
deal, scored with the contract rules as PIMC scores a world (:class:`atout.bots.search.
PIMCBot` with one world, the truth). Its bids, pushes, trump choices and doubles are
``expert``'s own (the same class, the same seeds: the same random stream), so only the
card play differs. Its horizon and node budget are ``expert``'s unless ``--depth``
and ``--nodes`` say otherwise (Deberts is exact from the first trick; Belote and Schieber search a
few tricks ahead, then credit each team half the points it still holds).

What it scores in a match bounds what any fair bot with ``expert``'s bids could score
there by its card play (a bot that sees everything can do no worse than one that
guesses, up to the horizon's approximation and to what a bot modelling the other
side's mistakes could take beyond best play; docs/bots.md). It is never offered to people: it lives
here, not in ``atout.bots.base.BOTS``; this script (:func:`register`) registers it for
the arena's and ``peer_bots.py``'s matches of its own process and routes their referee
(``play_deal``) through :func:`seeing_play_deal`, which hands the deal to the oracles
before the first decision. src/ is unchanged: the views stay what each seat may know.

Deberts plays against an atout bot (``atout.arena.duplicate``, the boards of ``atout
arena`` for the seed); Belote and Schieber against the peers' bots through
``peer_bots.py`` (its boards, its venv, its log), run in the peers' venv like it; that
log's header does not record ``--depth`` and ``--nodes``: keep a log per setting.
Deterministic: the solver's work is counted in nodes, never in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import peer_bots

import atout.arena as arena
from atout.bots.base import BOTS, Bot
from atout.bots.search import ExpertBot, _play, _scoring, world_utility
from atout.bots.solver import SearchTimeout
from atout.games.actions import Action

NAME = "oracle"


class OracleBot(ExpertBot):
    """``expert``'s bids; the solver's best card in the true deal (:attr:`deal`)."""

    name = NAME
    #: The referee's deal, set by :func:`seeing_play_deal`; read at each card decision.
    deal: Any = None
    #: Card decisions (with a choice) in this process, and those past the node budget
    #: (the rules of thumb played them).
    decisions: ClassVar[Counter[str]] = Counter()

    def _play_values(self, view: Any, game: str, plays: list[Action]) -> dict[Action, float]:
        deal = self.deal
        if deal is None or deal.view(view.seat) != view:
            raise RuntimeError(
                "the oracle plays only where its referee hands it the deal being played "
                "(benchmarks/oracle.py, seeing_play_deal)"
            )
        solver = self.solver
        solver.new_table()  # as PIMC: the nodes depend on this decision alone
        nodes0 = solver.nodes
        problem = self._problem(deal, game)
        OracleBot.decisions["solved"] += 1
        budget = self.node_budget_by_game.get(game, self.node_budget)
        try:
            values = solver.values(problem, max_nodes=budget)
        except SearchTimeout:  # past the node budget: the rules of thumb decide
            self.at_budget = True
            OracleBot.decisions["past the node budget"] += 1
            self.last_nodes = solver.nodes - nodes0
            return {}
        self.last_nodes = solver.nodes - nodes0
        scoring = _scoring(deal, problem)
        team = view.seat % 2
        self.last_count = 1
        self.last_note = "the true deal, solved with open cards"
        return {
            _play(c): world_utility(deal, scoring.fixed + values[c], scoring, team)
            for c in (int(a.card) for a in plays)  # type: ignore[attr-defined]
        }


def _oracles(bots: list[Bot]) -> list[OracleBot]:
    """The oracles among a deal's bots, through wrappers that keep theirs in ``.bot``
    (``peer_bots.Timed``)."""
    found = []
    for bot in bots:
        inner: Any = bot
        while not isinstance(inner, OracleBot) and hasattr(inner, "bot"):
            inner = inner.bot
        if isinstance(inner, OracleBot):
            found.append(inner)
    return found


_referee: Callable[[Any, list[Bot]], Any] = arena.play_deal


def seeing_play_deal(deal: Any, bots: list[Bot]) -> Any:
    """``atout.arena.play_deal``, with the deal handed to the oracles first (they read
    it live, as it is played); the other bots get their views as ever."""
    for oracle in _oracles(bots):
        oracle.deal = deal
    return _referee(deal, bots)


def register(depth: dict[str, tuple[int, int]], nodes: int | None = None) -> None:
    """Register ``oracle`` for this process's matches (and the arena's worker processes,
    forked from it) and route the referee through :func:`seeing_play_deal`; ``depth``
    overrides horizons, ``nodes`` the node budget of every game. Only this script's
    ``main`` does it: importing the module (the tests) changes nothing."""
    OracleBot.depth = {**ExpertBot.depth, **depth}
    if nodes is not None:
        OracleBot.node_budget = nodes
        OracleBot.node_budget_by_game = {}
    BOTS[("*", NAME)] = f"{__name__}:OracleBot"
    arena.play_deal = seeing_play_deal
    peer_bots.play_deal = seeing_play_deal  # type: ignore[attr-defined]


def _deberts(args: argparse.Namespace) -> None:
    """Oracle against an atout bot: ``atout.arena``'s boards, one chunk after another,
    each board appended to ``--log`` as it is done (a run started again goes on)."""
    log = Path(args.log) if args.log else None
    header: dict[str, Any] = {
        "game": args.game, "a": args.bot, "b": args.against, "seed": args.seed,
        "depth": list(OracleBot.depth[args.game]) if args.bot == NAME else None,
    }
    if args.nodes is not None:
        header["nodes"] = args.nodes
    boards: dict[int, arena.BoardResult] = {}
    if log and log.exists() and log.stat().st_size:
        if json.loads(log.read_text().splitlines()[0]) != header:
            raise SystemExit(f"{log} holds another match")
        boards = peer_bots.load_boards(log)
    elif log:
        log.write_text(json.dumps(header) + "\n")
    todo = [b for b in range(args.boards) if b not in boards]
    chunks = [todo[i : i + 10] for i in range(0, len(todo), 10)]
    jobs = [(args.game, args.bot, args.against, c, args.seed, None) for c in chunks]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for done in pool.map(arena._play_boards, jobs):
            for b in done:
                boards[b.board] = b
                if log:
                    with log.open("a") as f:
                        f.write(json.dumps({"board": b.board, "a": b.a_points,
                                            "b": b.b_points}) + "\n")
            result = _result(args, boards)
            low, high = result.confidence_interval
            print(f"  {len(boards)}/{args.boards} boards: A-B {result.difference:+.1f} "
                  f"[{low:+.1f}, {high:+.1f}], A's points {result.points_share:.1%} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    print(_result(args, boards).summary())
    if args.compare:
        print(_paired(boards, peer_bots.load_boards(Path(args.compare))))


def _paired(first: dict[int, arena.BoardResult], other: dict[int, arena.BoardResult]) -> str:
    """``peer_bots.paired_change`` for two atout bots' logs against the same bot B."""
    match = peer_bots.Match("", "", "", boards=list(first.values()))
    return peer_bots.paired_change(match, other)


def _result(args: argparse.Namespace, boards: dict[int, arena.BoardResult]) -> arena.ArenaResult:
    ordered = tuple(boards[b] for b in sorted(boards))
    return arena.ArenaResult(args.game, args.bot, args.against, ordered)


def _peers(args: argparse.Namespace, rest: list[str], depth: dict[str, tuple[int, int]]) -> None:
    """Against the game's peer bot, by ``peer_bots.py`` (in its venv: this script runs
    itself there, as ``peer_bots.py`` does)."""
    here_ok = peer_bots.peers_importable() and os.environ.get("PYTHONHASHSEED") == "0"
    if not here_ok:
        python = peer_bots.ensure_venv()
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]], env)
    register(depth, args.nodes)
    peer_args = [args.game, "--bot", NAME, "--boards", str(args.boards),
                 "--seed", str(args.seed), *rest]
    if args.log:
        peer_args += ["--log", args.log]
    if args.compare:
        peer_args += ["--compare", args.compare]
    peer_bots.run(peer_bots.arguments().parse_args(peer_args))
    print(f"  oracle's card decisions: {dict(OracleBot.decisions)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("deberts", "belote", "schieber"))
    parser.add_argument("--bot", default=NAME,
                        help="Deberts: bot A (the oracle; expert for the same boards)")
    parser.add_argument("--against", default="medium", help="Deberts: bot B (medium)")
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="Deberts: processes")
    parser.add_argument("--log", default=None, help="JSON lines log of the boards (resumable)")
    parser.add_argument("--compare", default=None, metavar="LOG",
                        help="another bot's log against the same B: the change per deal, "
                        "board by board")
    parser.add_argument("--depth", default=None, metavar="AHEAD,FULL",
                        help="the oracle's horizon (default: expert's)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="the oracle's node budget per decision (default: expert's)")
    args, rest = parser.parse_known_args(argv)
    depth: dict[str, tuple[int, int]] = {}
    if args.depth:
        ahead, full = (int(x) for x in args.depth.split(","))
        depth[args.game] = (ahead, full)
    register(depth, args.nodes)
    if args.game == "deberts":
        if rest:
            parser.error(f"unknown arguments: {' '.join(rest)}")
        _deberts(args)
    else:
        _peers(args, rest, depth)


if __name__ == "__main__":
    main()
