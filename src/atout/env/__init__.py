"""Environments for learning agents (the optional extra ``env``: numpy, gymnasium,
pettingzoo): a PettingZoo AEC environment per game and a Gymnasium single-seat
wrapper. See ``docs/env.md``.

The rules (:mod:`atout.cards`, :mod:`atout.games`) never import this package.
"""

from __future__ import annotations

from typing import Any

from atout.env.space import ACTIONS, NUM_ACTIONS, action_index, index_action

__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
    "AtoutEnv",
    "SingleSeatEnv",
    "VectorTables",
    "action_index",
    "env",
    "index_action",
    "raw_env",
]


def __getattr__(name: str) -> Any:  # numpy, gymnasium and pettingzoo load on first use
    if name in ("AtoutEnv", "env", "raw_env"):
        from atout.env import aec

        return getattr(aec, name)
    if name == "SingleSeatEnv":
        from atout.env.single import SingleSeatEnv

        return SingleSeatEnv
    if name == "VectorTables":
        from atout.env.vector import VectorTables

        return VectorTables
    raise AttributeError(name)
