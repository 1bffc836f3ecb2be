"""What a search pays per state: legal moves, apply and undo, copies, views, memory.

    python benchmarks/bench_state.py                  # every game, ~0.3 s per figure
    python benchmarks/bench_state.py schieber --seconds 1

States are sampled from seeded random deals at every decision of the play (the
contract already fixed), so that each figure is an average over the whole deal: early
states with full hands, late ones with few cards. Times are CPU times of this process
(steadier than the wall clock on a shared machine). Figures:

- ``legal_actions()`` and ``legal_mask()`` calls per second;
- ``apply_unchecked`` + ``undo`` pairs per second, and the cost of ``undo`` alone;
- checked ``apply`` + ``undo`` pairs per second (the public entry point);
- ``copy()`` per second (the copy keeps the history, so it can undo too);
- ``view(seat)`` for the seat to act: microseconds per view;
- memory: bytes allocated per ``copy()`` (tracemalloc; a copy shares its immutable
  values with the original), bytes of the state object itself (``sys.getsizeof``), and
  the bytes a deal holds mid-play with its history of snapshots, counted once per
  object with what it shares with other deals (options, actions, small ints) left out.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from atout.games.actions import Play
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")


def sample_states(game: str, deals: int = 60, seed: int = 7) -> list[Any]:
    """Copies of the states met at every card decision of ``deals`` random deals."""
    info = get_game(game)
    rng = random.Random(seed)
    states = []
    for i in range(deals):
        deal = info.deal(seed=seed * 1_000_003 + i, dealer=i % info.num_players)
        while not deal.is_over:
            actions = deal.legal_actions()
            if any(type(a) is Play for a in actions):
                states.append(deal.copy())
            deal.apply_unchecked(actions[rng.randrange(len(actions))])
    return states


def rate(body: Callable[[], int], seconds: float) -> float:
    """Operations per second of ``body`` (which returns how many it did), repeated
    for about ``seconds``; the best of three stretches."""
    best = 0.0
    for _ in range(3):
        done = 0
        start = time.process_time()
        while True:
            done += body()
            elapsed = time.process_time() - start
            if elapsed >= seconds / 3:
                break
        best = max(best, done / elapsed)
    return best


def measure(game: str, seconds: float) -> dict[str, float]:
    states = sample_states(game)
    n = len(states)
    rng = random.Random(1)
    moves = [s.legal_actions()[rng.randrange(len(s.legal_actions()))] for s in states]
    pairs = list(zip(states, moves, strict=True))
    out: dict[str, float] = {"states": n}

    def legal() -> int:
        for s in states:
            s.legal_actions()
        return n

    def legal_mask() -> int:
        for s in states:
            s.legal_mask()
        return n

    def apply_undo() -> int:
        for s, m in pairs:
            s.apply_unchecked(m)
            s.undo()
        return n

    def apply_checked_undo() -> int:
        for s, m in pairs:
            s.apply(m)
            s.undo()
        return n

    def split(stretches: int = 20) -> tuple[float, float]:
        """Seconds per apply_unchecked and per undo, timed apart on the same states:
        apply to every state, then undo every state; the best of ``stretches``."""
        best_apply = best_undo = float("inf")
        for _ in range(stretches):
            start = time.process_time()
            for s, m in pairs:
                s.apply_unchecked(m)
            middle = time.process_time()
            for s in states:
                s.undo()
            end = time.process_time()
            best_apply = min(best_apply, (middle - start) / n)
            best_undo = min(best_undo, (end - middle) / n)
        return best_apply, best_undo

    def copies() -> int:
        for s in states:
            s.copy()
        return n

    def views() -> int:
        for s in states:
            s.view(s.current_player())
        return n

    out["legal_actions/s"] = rate(legal, seconds)
    out["legal_mask/s"] = rate(legal_mask, seconds)
    out["apply_unchecked+undo/s"] = rate(apply_undo, seconds)
    out["apply+undo/s"] = rate(apply_checked_undo, seconds)
    apply_s, undo_s = split()
    out["apply_unchecked us"] = apply_s * 1e6
    out["undo us"] = undo_s * 1e6
    out["copy/s"] = rate(copies, seconds)
    out["view us"] = 1e6 / rate(views, seconds)
    out.update(memory(states))
    return out


def memory(states: list[Any]) -> dict[str, float]:
    """Bytes per copy (tracemalloc), per state object, and per deal mid-play."""
    middle = states[len(states) // 2]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [middle.copy() for _ in range(2000)]
    per_copy = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
    tracemalloc.stop()
    del kept
    shared = _shared_ids(middle)
    own = [_deep_size(s, set(shared)) for s in states]
    return {
        "bytes/copy": per_copy,
        "bytes/object": sys.getsizeof(middle),
        "bytes/deal mid-play": sum(own) / len(own),
    }


def _shared_ids(deal: Any) -> set[int]:
    """Objects a deal shares with every other deal: its options and the actions."""
    from atout.games.actions import Action

    ids = {id(deal.options)} if hasattr(deal, "options") else set()
    for _, action in deal.actions:
        if isinstance(action, Action):
            ids.add(id(action))
    return ids


def _deep_size(obj: Any, seen: set[int]) -> int:
    """Bytes of ``obj`` and what it reaches, each object once, small ints and
    ``None``/``True``/``False`` and enum members (shared by all) left out."""
    from enum import Enum

    if id(obj) in seen or obj is None or isinstance(obj, (bool, Enum, str)):
        return 0
    if type(obj) is int and -5 <= obj <= 256:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, (tuple, list)):
        size += sum(_deep_size(x, seen) for x in obj)
    elif isinstance(obj, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in obj.items())
    elif hasattr(obj, "__slots__") or hasattr(obj, "__dataclass_fields__"):
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    size += _deep_size(getattr(obj, name), seen)
        if hasattr(obj, "__dict__"):
            size += _deep_size(vars(obj), seen)
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=0.3, help="per figure (0.3)")
    args = parser.parse_args()
    rows = {game: measure(game, args.seconds) for game in args.games or GAMES}
    keys = [
        ("legal_actions/s", "{:,.0f}"),
        ("legal_mask/s", "{:,.0f}"),
        ("apply_unchecked+undo/s", "{:,.0f}"),
        ("apply+undo/s", "{:,.0f}"),
        ("apply_unchecked us", "{:.2f}"),
        ("undo us", "{:.2f}"),
        ("copy/s", "{:,.0f}"),
        ("view us", "{:.1f}"),
        ("bytes/copy", "{:,.0f}"),
        ("bytes/object", "{:,.0f}"),
        ("bytes/deal mid-play", "{:,.0f}"),
        ("states", "{:,.0f}"),
    ]
    print(f"{'':24s}" + "".join(f"{g:>14s}" for g in rows))
    for key, fmt in keys:
        print(f"{key:24s}" + "".join(f"{fmt.format(r[key]):>14s}" for r in rows.values()))


if __name__ == "__main__":
    main()
