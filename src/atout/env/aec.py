"""The PettingZoo AEC environment of each game.

``AtoutEnv(game, episode="deal" | "match", options=..., reward=...)``: agents
``player_0`` .. ``player_{n-1}`` are the seats. Each observation is a dict with
``observation`` (570 ``float32``, see :mod:`atout.env.encoding`) and ``action_mask``
(50 ``int8``, see :mod:`atout.env.space`); the action is an index 0..49.

Rewards go to every agent when a deal ends: ``points`` gives each agent its team's
written points minus the other team's (divided by ``reward_scale``), ``win`` gives +1
to the team that wins (the match in a match episode, the deal in a deal episode: more
points written), -1 to the other, 0 for a tie or a deal thrown in.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from atout.env.encoding import OBS_SIZE, BeloteEncoder, SchieberEncoder, encode_view
from atout.env.space import ACTIONS, NUM_ACTIONS, action_mask_bits
from atout.kits import get_game

__all__ = ["AtoutEnv", "env", "raw_env"]


class AtoutEnv(AECEnv):  # type: ignore[misc]
    """A deal or a whole match of ``game`` as an AEC environment (see the module doc)."""

    metadata = {  # noqa: RUF012 - PettingZoo's attribute, renamed per game in __init__
        "render_modes": ["ansi", "human"], "name": "atout_v0", "is_parallelizable": False
    }

    def __init__(
        self,
        game: str = "schieber",
        episode: str = "deal",
        options: str | Any | None = None,
        reward: str | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.info = get_game(game)
        self.game = self.info.name
        if episode not in ("deal", "match"):
            raise ValueError("episode must be 'deal' or 'match'")
        self.episode = episode
        if options is None:
            self.rule_options = self.info.options()
        elif isinstance(options, str):
            self.rule_options = self.info.options.parse(options)
        else:
            self.rule_options = options
        self.reward_mode = reward or ("points" if episode == "deal" else "win")
        if self.reward_mode not in ("points", "win"):
            raise ValueError("reward must be 'points' or 'win'")
        self.reward_scale = float(reward_scale)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human'")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"atout_{self.game}_v0"}
        n = self.info.num_players
        self.num_players = n
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._schieber = SchieberEncoder() if self.game == "schieber" else None
        self._belote = BeloteEncoder() if self.game == "belote" else None
        self._rng = random.Random()
        self.state_: Any = None
        self._cache: dict[int, tuple[int, dict[str, Any]]] = {}
        self._moves = 0
        self._deals_done = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal or match. ``seed`` reseeds the environment's random source;
        ``options`` may fix the episode: ``{"seed": deal or match seed, "dealer": seat}``
        (the arena's boards are ``{"seed": s, "dealer": d}``)."""
        if seed is not None:
            self._rng = random.Random(seed)
        options = options or {}
        game_seed = options.get("seed")
        if game_seed is None:
            game_seed = self._rng.getrandbits(63)
        if self.episode == "deal":
            dealer = options.get("dealer")
            if dealer is None:
                dealer = self._rng.randrange(self.num_players)
            self.state_ = self.info.deal(seed=game_seed, dealer=dealer, options=self.rule_options)
        else:
            self.state_ = self.info.match(seed=game_seed, options=self.rule_options)
            self.state_.keeps_events = False  # observations come from views
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache = {}
        self._moves = 0
        self._deals_done = 0
        self.agent_selection = self.possible_agents[self.state_.current_player()]

    @property
    def deal(self) -> Any:
        """The deal being played (the current deal of a match)."""
        return self.state_ if self.episode == "deal" else self.state_.deal

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == self._moves:
            return cached[1]
        if self._schieber is not None:
            obs, mask = self._schieber.encode(self.deal, seat)
        elif self._belote is not None:
            state = self.state_
            if self.episode == "deal":
                obs, mask = self._belote.encode(state, seat)
            else:
                obs, mask = self._belote.encode(state.deal, seat, state.scores, state.held)
        else:
            obs, mask = encode_view(self.state_.view(seat))
        found = {"observation": obs, "action_mask": mask}
        self._cache[seat] = (self._moves, found)
        return found

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        index = int(action)
        seat = self._seat[agent]
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == self._moves:
            legal = bool(cached[1]["action_mask"][index]) if 0 <= index < NUM_ACTIONS else False
        else:
            legal = 0 <= index < NUM_ACTIONS and bool(
                action_mask_bits(self.state_.legal_actions()) >> index & 1
            )
        if not legal:
            raise ValueError(f"action {index} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        state = self.state_
        state.apply_unchecked(ACTIONS[index])
        self._moves += 1
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0.0
        if self.episode == "deal":
            if state.is_over:
                self._deal_rewards(state.result)
                self._end()
                return
        else:
            done = len(state.deals)
            if done != self._deals_done:
                self._deals_done = done
                if self.reward_mode == "points":
                    self._deal_rewards(state.deals[-1].result)
                if state.is_over:
                    if self.reward_mode == "win":
                        winner = state.winner
                        for a, s in self._seat.items():
                            rewards[a] = 1.0 if s % 2 == winner else -1.0
                    self._end()
                    return
        self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deal_rewards(self, result: Any) -> None:
        recorded = result.recorded if result.played else (0, 0)
        diff = recorded[0] - recorded[1]
        for a, s in self._seat.items():
            mine = diff if s % 2 == 0 else -diff
            if self.reward_mode == "win":
                self.rewards[a] = float((mine > 0) - (mine < 0))
            else:
                self.rewards[a] = mine / self.reward_scale

    def _end(self) -> None:
        for a in self.agents:
            self.terminations[a] = True
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- display -------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.deal
        lines = [repr(self.state_)]
        if deal.actions:
            seat, act = deal.actions[-1]
            lines.append(f"last: seat {seat} {act}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str = "schieber", **kwargs: Any) -> AtoutEnv:
    """The environment without PettingZoo's checking wrappers (fastest)."""
    return AtoutEnv(game, **kwargs)


def env(game: str = "schieber", **kwargs: Any) -> Any:
    """The environment in PettingZoo's usual wrappers (order enforcing, bounds checks)."""
    e: Any = AtoutEnv(game, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
