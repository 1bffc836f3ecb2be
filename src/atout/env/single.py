"""A Gymnasium single-agent environment: one seat learns, atout bots play the others.

``SingleSeatEnv("schieber", seat=0, bots="heuristic")`` plays every other seat (the
partner too) with the named bot; ``bots`` may also name one bot per seat (the entry
for the learning seat is ignored). Observations and actions are those of
:class:`atout.env.aec.AtoutEnv`; the reward of a step is what the learning seat's
agent received from its action and the bots' actions that followed.
:meth:`action_masks` returns the current mask (the name MaskablePPO looks for).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np

from atout.bots.base import Bot, make_bot
from atout.env.aec import AtoutEnv
from atout.env.space import action_index

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gym.Env[dict[str, Any], int]):
    """One seat of a deal or match against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(
        self,
        game: str = "schieber",
        seat: int = 0,
        bots: str | list[str] = "random",
        episode: str = "deal",
        options: str | Any | None = None,
        reward: str | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
        illegal: str = "raise",
    ) -> None:
        if illegal not in ("raise", "random"):
            raise ValueError("illegal must be 'raise' or 'random'")
        self.illegal = illegal
        self.aec = AtoutEnv(
            game, episode=episode, options=options, reward=reward, reward_scale=reward_scale,
            render_mode=render_mode,
        )
        n = self.aec.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.bot_names = [bots] * n if isinstance(bots, str) else list(bots)
        if len(self.bot_names) != n:
            raise ValueError(f"name {n} bots, one per seat (the learning seat's is ignored)")
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = render_mode
        self._bots: list[Bot | None] = [None] * n
        self._obs: dict[str, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new episode; ``options`` as for :meth:`AtoutEnv.reset` (``seed``, ``dealer``)."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self.aec.reset(seed=base, options=options)
        rng = random.Random(base)
        game = self.aec.game
        self._bots = [
            None if s == self.seat else make_bot(game, name, seed=rng.getrandbits(63))
            for s, name in enumerate(self.bot_names)
        ]
        _, done = self._bots_play()
        if done:  # pragma: no cover - every game asks each seat something first
            raise RuntimeError("the episode ended before the learning seat acted")
        return self._obs, {}

    def _bots_play(self, reward: float = 0.0) -> tuple[float, bool]:
        """Let the bots act until the learning seat must act or the episode ends,
        adding up the learning seat's rewards of each step."""
        aec = self.aec
        while True:
            if aec.terminations[self.agent]:
                self._obs = aec.observe(self.agent)
                return reward, True
            seat = aec.state_.current_player()
            if seat == self.seat:
                self._obs = aec.observe(self.agent)
                return reward, False
            bot = self._bots[seat]
            assert bot is not None
            aec.step(action_index(bot.choose(aec.state_.view(seat))))
            reward += aec.rewards[self.agent]

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play ``action``; an illegal one raises ``ValueError``, or with
        ``illegal="random"`` is replaced by a random legal one (``info["illegal"]``)."""
        info: dict[str, Any] = {}
        index = int(action)
        mask = self._obs["action_mask"]
        if not (0 <= index < len(mask) and mask[index]):
            if self.illegal == "raise":
                raise ValueError(f"action {index} is not legal now")
            legal = np.flatnonzero(mask)
            index = int(legal[self.np_random.integers(len(legal))])
            info["illegal"] = True
        self.aec.step(index)
        reward, done = self._bots_play(self.aec.rewards[self.agent])
        return self._obs, float(reward), done, False, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        return np.asarray(self._obs["action_mask"], dtype=bool)

    def render(self) -> str | None:
        return self.aec.render()
