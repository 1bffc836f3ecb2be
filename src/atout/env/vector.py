"""N tables stepped together, after Gymnasium's vector conventions.

``VectorTables("schieber", num_envs=64)``: N tables of one game (a deal or a match,
with its options and rewards); one :meth:`step` takes one action per table (for the
seat to act there) and returns, per table, the observation and action mask of the seat
to act next, every seat's reward from that step, and whether the episode ended.
Observations are :func:`encode_view`'s, stacked: ``obs["observation"]`` is ``(N, 570)``
float32, ``obs["action_mask"]`` ``(N, 50)`` int8.

Two backends, the same rules and observations (``backend=``):

* ``"kernel"`` (the default with numba, for deal episodes): the compiled
  :mod:`atout.kernel.vector` steps all the tables in one call and writes the arrays;
  ``reset(seed=s)`` seeds table ``i``'s own random source from ``(s, i)``, and
  ``options`` may give tables their deck and dealer (``{"deck": [...], "dealer": d}``,
  or a list with one entry, or ``None``, per table). ``copy=False`` returns the
  kernel's own arrays (overwritten by the next step) rather than copies.
* ``"python"`` (the reference; the default without numba and for match episodes):
  each table is an :class:`AtoutEnv`, seeded as below.

Conventions (Gymnasium's ``VectorEnv``, with what a card game adds):

* ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (the Python backend: as the single
  environment's ``reset(seed=s + i)``); ``options`` are passed to every table, or give
  a list with one entry per table.
* ``step(actions)`` returns ``(obs, rewards, terminations, truncations, infos)``;
  ``rewards`` is ``(N, players)`` float32: seat ``k``'s reward at table ``i`` is
  ``rewards[i, k]`` (a card game rewards every seat when a deal ends).
  ``infos["to_act"]`` (``(N,)`` int) is the seat each returned observation belongs to.
* A table whose episode ended is reset within the same step (Gymnasium's
  ``AutoresetMode.SAME_STEP``): its ``terminations`` entry is True, its rewards are
  the final ones, and the returned observation is the first of the new episode (the
  ended episode's last observation, for the seat that acted last, is in
  ``infos["final_obs"]``, ``None`` for the tables that go on).
  New episodes come from each table's own random source, as the single environment's.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from atout.env.aec import AtoutEnv
from atout.env.encoding import OBS_SIZE
from atout.env.space import NUM_ACTIONS

__all__ = ["VectorTables"]


class VectorTables(gym.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` tables of one game stepped together (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        game: str = "schieber",
        num_envs: int = 8,
        backend: str = "auto",
        copy: bool = True,
        **kwargs: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if backend not in ("auto", "kernel", "python"):
            raise ValueError("backend must be 'auto', 'kernel' or 'python'")
        first = AtoutEnv(game, **kwargs)
        self.num_envs = num_envs
        self.game = first.game
        self.num_players = first.num_players
        self.copy = copy
        fits = first.episode == "deal" and first.render_mode is None
        if backend == "auto":
            from atout.kernel import COMPILED

            backend = "kernel" if COMPILED and fits else "python"
        elif backend == "kernel" and not fits:
            raise ValueError("the kernel backend plays deal episodes, without rendering")
        self.backend = backend
        self.kernel: Any = None
        self.tables: list[AtoutEnv] = []
        if backend == "kernel":
            from atout.kernel.vector import Kernel

            self.kernel = Kernel(
                self.game, num_envs, first.rule_options, first.reward_mode == "win",
                first.reward_scale,
            )
            self._acts = np.zeros(num_envs, np.int64)
        else:
            self.tables = [first] + [AtoutEnv(game, **kwargs) for _ in range(num_envs - 1)]
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (num_envs, OBS_SIZE), np.float32),
                "action_mask": spaces.Box(0, 1, (num_envs, NUM_ACTIONS), np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS))
        if self.kernel is not None:
            self._obs, self._mask, self._to_act = (
                self.kernel.obs, self.kernel.mask, self.kernel.to_act,
            )
        else:
            self._obs = np.zeros((num_envs, OBS_SIZE), np.float32)
            self._mask = np.zeros((num_envs, NUM_ACTIONS), np.int8)
            self._to_act = np.zeros(num_envs, np.int64)
        self._sampler = np.random.default_rng()
        #: deal episodes are never truncated: one read-only array of False, returned
        self._no_truncation = np.zeros(num_envs, bool)
        self._no_truncation.flags.writeable = False

    def _observe(self, i: int) -> None:
        table = self.tables[i]
        agent = table.agent_selection
        found = table.observe(agent)
        self._obs[i] = found["observation"]
        self._mask[i] = found["action_mask"]
        self._to_act[i] = table._seat[agent]

    def _result(self) -> dict[str, Any]:
        if not self.copy:
            return {"observation": self._obs, "action_mask": self._mask}
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def reset(
        self, *, seed: int | list[int] | None = None, options: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """New episodes at every table (see the module docstring for ``seed``, ``options``)."""
        if self.kernel is not None:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
            elif not isinstance(seed, int):
                raise ValueError("the kernel backend takes one seed (an int)")
            self.kernel.reset(seed)
            if options is not None:
                per = options if isinstance(options, list) else [options] * self.num_envs
                for i, opt in enumerate(per):
                    if not opt:
                        continue
                    if set(opt) - {"deck", "dealer"} or "deck" not in opt:
                        raise ValueError(
                            "the kernel backend's reset options are 'deck' and 'dealer'"
                        )
                    self.kernel.set_deal(i, opt["deck"], int(opt.get("dealer", 0)))
                self.kernel.observe()
            return self._result(), {"to_act": self._to_act.copy()}
        self._sampler = np.random.default_rng(seed if isinstance(seed, int) else None)
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        per_table = options if isinstance(options, list) else [options] * self.num_envs
        for i, table in enumerate(self.tables):
            table.reset(seed=seeds[i], options=per_table[i])
            self._observe(i)
        return self._result(), {"to_act": self._to_act.copy()}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """One action per table (for its seat to act); see the module docstring."""
        if self.kernel is not None:
            return self._kernel_step(actions)
        acts = np.asarray(actions).reshape(self.num_envs)
        rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        terminated = np.zeros(self.num_envs, bool)
        final: list[dict[str, Any] | None] = [None] * self.num_envs
        for i, table in enumerate(self.tables):
            table.step(int(acts[i]))
            for k, agent in enumerate(table.possible_agents):
                rewards[i, k] = table.rewards[agent]
            if table.terminations[table.possible_agents[0]]:
                terminated[i] = True
                final[i] = table.observe(table.agent_selection)
                table.reset()
            self._observe(i)
        infos: dict[str, Any] = {"to_act": self._to_act.copy()}
        if terminated.any():
            infos["final_obs"] = final
        return (
            self._result(), rewards, terminated, np.zeros(self.num_envs, bool), infos,
        )

    def _kernel_step(
        self, actions: Any
    ) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        k = self.kernel
        acts = self._acts
        if isinstance(actions, np.ndarray) and actions.shape == acts.shape:
            acts[:] = actions
        else:
            acts[:] = np.asarray(actions).reshape(self.num_envs)
        bad = k.step(acts)
        if bad >= 0:
            raise ValueError(f"action {int(acts[bad])} is not legal at table {bad} now")
        term = k.term
        infos: dict[str, Any] = {"to_act": k.to_act.copy() if self.copy else k.to_act}
        if bad < -1:  # some deals ended
            final: list[dict[str, Any] | None] = [None] * self.num_envs
            for i in np.flatnonzero(term):
                final[i] = {
                    "observation": k.final[i].copy(),
                    "action_mask": np.zeros(NUM_ACTIONS, np.int8),  # the deal is over
                }
            infos["final_obs"] = final
        if self.copy:
            return (
                self._result(), k.rew.copy(), term.copy(), self._no_truncation.copy(), infos,
            )
        return self._result(), k.rew, term, self._no_truncation, infos

    def sample_actions(self) -> Any:
        """A uniformly random legal action at every table, ``(N,)`` int64 (compiled with
        the kernel backend; from the masks otherwise)."""
        if self.kernel is not None:
            out = np.zeros(self.num_envs, np.int64)
            self.kernel.sample(out)
            return out
        rng = self._sampler
        return np.array([rng.choice(np.flatnonzero(m)) for m in self._mask], np.int64)

    def action_masks(self) -> Any:
        """The current masks as booleans, ``(N, 50)`` (the name MaskablePPO looks for)."""
        return self._mask.astype(bool)
