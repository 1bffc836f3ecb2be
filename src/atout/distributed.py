"""Arenas and self-play on Ray (the optional extra ``ray``), and self-play files.

Ray is only imported by :func:`ray_map` and its callers. Without an address it starts
(or reuses) a Ray instance on this machine; with one (``auto``, ``HOST:6379`` or
``ray://HOST:10001``) it joins a running cluster, whose workers need atout installed.
Work is cut into chunks of boards or deals, each a pure function of its arguments
(:func:`atout.arena.play_board`, :func:`selfplay_chunk`), so that the results do not
depend on where or in which order the chunks run: the same seed gives the same files
and the same arena result on one process, a process pool or a cluster.

Self-play output (one directory, one pair of files per chunk):

``records-NNNNN.txt``
    one deal a line in the position notation of :mod:`atout.notation`
    (``options | dealer=... | deck | actions``), each deal played to its end;
    :func:`load_records` replays them through the rules.
``samples-NNNNN.npz``
    one row per decision: ``obs_bits`` (uint8, 70: the 554 binary values of the
    observation of :mod:`atout.env.encoding`, ``numpy.packbits`` with
    ``bitorder="little"``), ``obs_numbers`` (float32, 16: its last 16 values),
    ``mask`` (int8, 50), ``action`` (int16, :mod:`atout.env.space`), ``seat``,
    ``deal`` (the line of the deal in its records file), ``ret`` (float32: the
    points the acting seat's team wrote in that deal minus the other team's);
    :func:`load_samples` concatenates them and rebuilds ``obs`` (float32, 570).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "load_records",
    "load_samples",
    "ray_map",
    "selfplay",
    "selfplay_chunk",
]

T = TypeVar("T")
R = TypeVar("R")


def _init_ray(address: str | None, workers: int | None) -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise RuntimeError("the ray backend needs Ray: pip install 'atout[ray]'") from exc
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or None, include_dashboard=False, log_to_driver=False)
    return ray


def ray_map(
    fn: Callable[[T], R],
    items: Sequence[T],
    *,
    address: str | None = None,
    workers: int | None = None,
) -> Iterator[R]:
    """``map(fn, items)`` as Ray tasks, results yielded in the order of ``items``.

    At most ``workers`` tasks are in flight (all at once when ``None``): on a local
    instance started here, ``workers`` is also its number of CPUs.
    """
    ray = _init_ray(address, workers)
    task = ray.remote(num_cpus=1)(fn)
    limit = len(items) if not workers else max(1, workers)
    pending: dict[Any, int] = {}
    ready: dict[int, R] = {}
    nxt = 0
    submitted = 0
    while nxt < len(items):
        while submitted < len(items) and len(pending) < limit:
            pending[task.remote(items[submitted])] = submitted
            submitted += 1
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            ready[pending.pop(ref)] = ray.get(ref)
        while nxt in ready:
            yield ready.pop(nxt)
            nxt += 1


# -- self-play --------------------------------------------------------------------------
def _deal_seed(seed: int, index: int) -> int:
    return random.Random(f"atout-selfplay:{seed}:{index}").getrandbits(63)


def selfplay_chunk(
    args: tuple[str, Sequence[str], int, int, int, str | None],
) -> tuple[list[str], dict[str, Any]]:
    """Play deals ``first .. first + count - 1`` of a self-play run.

    ``args`` is ``(game, bots, first, count, seed, options)``, ``bots`` one name per
    seat (or one for all). Returns the position lines and the sample arrays.
    """
    import numpy as np

    from atout.bots.base import make_bot
    from atout.env.encoding import NUMBERS, OBS_SIZE, BeloteEncoder, SchieberEncoder, encode_view
    from atout.env.space import action_index
    from atout.kits import get_game
    from atout.notation import format_position

    game, bots, first, count, seed, options = args
    info = get_game(game)
    n = info.num_players
    names = list(bots) if len(bots) == n else [bots[0]] * n
    opts = info.options.parse(options) if options else info.options()
    fast: Any = {"schieber": SchieberEncoder, "belote": BeloteEncoder}.get(info.name)
    if fast is not None:
        fast = fast()
    lines: list[str] = []
    obs: list[Any] = []
    masks: list[Any] = []
    actions: list[int] = []
    seats: list[int] = []
    deals: list[int] = []
    rets: list[float] = []
    for k in range(count):
        index = first + k
        s = _deal_seed(seed, index)
        deal = info.deal(seed=s, dealer=index % n, options=opts)
        players = [make_bot(game, names[p], seed=s ^ (p + 1) * 7919) for p in range(n)]
        start = len(actions)
        while not deal.is_over:
            seat = deal.current_player()
            view = deal.view(seat)
            o, m = fast.encode(deal, seat) if fast is not None else encode_view(view)
            action = players[seat].choose(view)
            obs.append(o)
            masks.append(m)
            actions.append(action_index(action))
            seats.append(seat)
            deals.append(k)
            deal.apply(action)
        recorded = deal.result.recorded if deal.result.played else (0, 0)
        diff = recorded[0] - recorded[1]
        rets += [float(diff if seats[i] % 2 == 0 else -diff) for i in range(start, len(actions))]
        lines.append(format_position(deal))
    full = np.array(obs, dtype=np.float32).reshape(-1, OBS_SIZE)
    samples = {
        "obs_bits": np.packbits(full[:, :NUMBERS].astype(np.uint8), axis=1, bitorder="little"),
        "obs_numbers": full[:, NUMBERS:].copy(),
        "mask": np.array(masks, dtype=np.int8).reshape(-1, 50),
        "action": np.array(actions, dtype=np.int16),
        "seat": np.array(seats, dtype=np.int8),
        "deal": np.array(deals, dtype=np.int32),
        "ret": np.array(rets, dtype=np.float32),
    }
    return lines, samples


def selfplay(
    game: str,
    bots: Sequence[str],
    deals: int,
    out: str | Path,
    *,
    seed: int = 0,
    options: str | None = None,
    chunk: int = 200,
    backend: str = "local",
    address: str | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Play ``deals`` deals between the named bots and write them (module docstring)
    to the directory ``out``; returns the files written. The files are the same for
    every backend."""
    import numpy as np

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [
        (game, tuple(bots), first, min(chunk, deals - first), seed, options)
        for first in range(0, deals, chunk)
    ]
    results: Iterator[tuple[list[str], dict[str, Any]]]
    if backend == "ray":
        results = ray_map(selfplay_chunk, jobs, address=address, workers=workers)
    elif backend == "local":
        results = map(selfplay_chunk, jobs)
    else:
        raise ValueError("backend must be 'local' or 'ray'")
    written: list[Path] = []
    for number, (lines, samples) in enumerate(results):
        records = folder / f"records-{number:05d}.txt"
        records.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        arrays = folder / f"samples-{number:05d}.npz"
        np.savez(arrays, **samples)
        written += [records, arrays]
        if progress:
            progress(len(lines))
    return written


def load_records(out: str | Path) -> list[Any]:
    """Every deal of a self-play directory, replayed through the rules, in order."""
    from atout.notation import read_position

    found = []
    for path in sorted(Path(out).glob("records-*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                found.append(read_position(line, number))
    return found


def load_samples(out: str | Path) -> dict[str, Any]:
    """The samples of a self-play directory, concatenated in order, with ``obs``
    rebuilt (``deal`` becomes the index of the deal in :func:`load_records`)."""
    import numpy as np

    parts: dict[str, list[Any]] = {}
    offset = 0
    for path in sorted(Path(out).glob("samples-*.npz")):
        with np.load(path) as data:
            for key in data.files:
                values = data[key]
                if key == "deal":
                    values = values + offset
                parts.setdefault(key, []).append(values)
            if len(data["deal"]):
                offset = int(parts["deal"][-1].max()) + 1
    found = {k: np.concatenate(v) for k, v in parts.items()}
    if "obs_bits" in found:
        from atout.env.encoding import NUMBERS, OBS_SIZE

        bits = np.unpackbits(found["obs_bits"], axis=1, count=NUMBERS, bitorder="little")
        obs = np.empty((len(bits), OBS_SIZE), np.float32)
        obs[:, :NUMBERS] = bits
        obs[:, NUMBERS:] = found["obs_numbers"]
        found["obs"] = obs
    return found
