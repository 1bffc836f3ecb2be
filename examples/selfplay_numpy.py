# ruff: noqa: E402  (the BLAS thread count is set before numpy is imported)
"""Train a small policy by self-play with NumPy alone, then test it against the random bot.

The policy is a one-hidden-layer network that estimates, from the 570 observation values
of :mod:`atout.env.encoding`, the points each of the 50 actions of :mod:`atout.env.space`
will bring the acting seat's team by the end of the deal (Monte Carlo returns, as in a
first-visit policy iteration). It plays the legal action with the highest estimate.

Every iteration plays ``--deals`` deals in the PettingZoo environment with the current
network in all four seats (epsilon-greedy; the first iteration is purely random),
regresses the network on the last two iterations' decisions, and goes on. At the end
the network plays a duplicate match against the random bot with atout's own arena
(:func:`atout.arena.duplicate`: same boards both ways round, 95% interval).

    .venv/bin/python examples/selfplay_numpy.py --game schieber

Needs the ``env`` extra (numpy, gymnasium, pettingzoo). See docs/env.md for the
figures it gave.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

# Small matrices: one BLAS thread is fastest, and spares the other cores.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np

from atout.arena import duplicate
from atout.bots import base as bots_base
from atout.bots.base import Bot
from atout.env import raw_env
from atout.env.encoding import OBS_SIZE, encode_view
from atout.env.space import NUM_ACTIONS, index_action
from atout.games.actions import Action

SCALE = 100.0  # returns are learnt in hundreds of points


class QNet:
    """570 -> hidden (ReLU) -> 50 action values, trained with Adam on squared error."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, np.sqrt(2 / OBS_SIZE), (OBS_SIZE, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, NUM_ACTIONS)).astype(np.float32),
            "b2": np.zeros(NUM_ACTIONS, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def q(self, x: np.ndarray) -> np.ndarray:
        p = self.params
        h = np.maximum(x @ p["w1"] + p["b1"], 0)
        return h @ p["w2"] + p["b2"]  # type: ignore[no-any-return]

    def train_batch(self, x: np.ndarray, a: np.ndarray, y: np.ndarray, lr: float) -> float:
        p = self.params
        h = np.maximum(x @ p["w1"] + p["b1"], 0)
        q = h @ p["w2"] + p["b2"]
        rows = np.arange(len(a))
        err = q[rows, a] - y
        dq = np.zeros_like(q)
        dq[rows, a] = err / len(a)
        dh = (dq @ p["w2"].T) * (h > 0)
        grads = {"w2": h.T @ dq, "b2": dq.sum(0), "w1": x.T @ dh, "b1": dh.sum(0)}
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9**self.t)
            vhat = self.v[k] / (1 - 0.999**self.t)
            p[k] -= lr * mhat / (np.sqrt(vhat) + 1e-8)
        return float(np.mean(err**2))

    def save(self, path: Path) -> None:
        np.savez(path, **self.params)

    @classmethod
    def load(cls, path: Path) -> QNet:
        net = cls.__new__(cls)
        with np.load(path) as data:
            net.params = {k: data[k] for k in data.files}
        return net


def best_legal(q: np.ndarray, mask: np.ndarray) -> int:
    return int(np.argmax(np.where(mask > 0, q, -np.inf)))


def play_deals(
    game: str, net: QNet | None, deals: int, eps: float, rng: np.random.Generator, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Self-play in the AEC environment: (observations, actions, returns / SCALE)."""
    env = raw_env(game)
    xs: list[np.ndarray] = []
    acts: list[int] = []
    rets: list[float] = []
    for i in range(deals):
        env.reset(seed=seed + i)
        mine: dict[str, list[int]] = {a: [] for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                for k in mine[agent]:
                    rets[k] = reward / SCALE
                env.step(None)
                continue
            mask = obs["action_mask"]
            if net is None or rng.random() < eps:
                legal = np.flatnonzero(mask)
                action = int(legal[rng.integers(len(legal))])
            else:
                action = best_legal(net.q(obs["observation"]), mask)
            mine[agent].append(len(acts))
            xs.append(obs["observation"])
            acts.append(action)
            rets.append(0.0)
            env.step(action)
    return np.array(xs), np.array(acts), np.array(rets, np.float32)


class PolicyBot(Bot):
    """The trained network as an atout bot (it sees the seat's view, like every bot)."""

    name = "numpy-policy"
    net: QNet | None = None

    def choose(self, view: Any) -> Action:
        assert self.net is not None
        obs, mask = encode_view(view)
        return index_action(best_legal(self.net.q(obs), mask))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="schieber")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--deals", type=int, default=3000, help="self-play deals per iteration")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--eps", type=float, default=0.2, help="exploration after iteration 1")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--boards", type=int, default=2000, help="duplicate boards at the end")
    parser.add_argument("--opponent", default="random", help="the bot it plays at the end")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, default=None, help="write the weights (.npz)")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    net = QNet(args.hidden, rng)
    start = time.perf_counter()
    buffer: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for it in range(args.iterations):
        t0 = time.perf_counter()
        data = play_deals(
            args.game, None if it == 0 else net, args.deals, args.eps, rng,
            seed=args.seed * 1_000_003 + it * args.deals,
        )
        buffer = [*buffer[-1:], data]
        x = np.concatenate([d[0] for d in buffer])
        a = np.concatenate([d[1] for d in buffer])
        y = np.concatenate([d[2] for d in buffer])
        t1 = time.perf_counter()
        loss = 0.0
        for _ in range(args.epochs):
            order = rng.permutation(len(a))
            losses = [
                net.train_batch(x[b], a[b], y[b], args.lr)
                for b in np.array_split(order, max(1, len(order) // 256))
            ]
            loss = float(np.mean(losses))
        print(
            f"iteration {it + 1}: {args.deals} deals, {len(data[1])} decisions in "
            f"{t1 - t0:.0f} s; trained on {len(a)} in {time.perf_counter() - t1:.0f} s, "
            f"loss {loss:.3f}",
            flush=True,
        )
    train_time = time.perf_counter() - start
    print(f"training: {train_time:.0f} s")
    if args.save:
        net.save(args.save)

    PolicyBot.net = net
    bots_base.BOTS[(args.game, PolicyBot.name)] = f"{__name__}:PolicyBot"
    t0 = time.perf_counter()
    result = duplicate(
        args.game, PolicyBot.name, args.opponent, args.boards, seed=12345, workers=1
    )
    print(result.summary())
    print(f"evaluation: {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
