"""The compiled vector environment (``VectorTables(backend="kernel")``) against the
engines, table by table: every observation equal to ``encode_view``'s, every mask to
the engine's legal actions, every reward and termination to the single environment's
(each table's deal rebuilt in an ``AtoutEnv`` from the kernel's deck and dealer)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from atout.env.aec import AtoutEnv
from atout.env.encoding import encode_view
from atout.env.vector import VectorTables
from atout.kernel import COMPILED
from atout.kits import get_game

pytestmark = pytest.mark.skipif(not COMPILED, reason="the kernel backend needs numba")


def _engine(vec: VectorTables, i: int, kwargs: dict[str, Any]) -> AtoutEnv:
    """Table ``i``'s deal as a single environment, from the kernel's deck and dealer."""
    decks, dealers = vec.kernel.decks()
    env = AtoutEnv(vec.game, **kwargs)
    env.reset(seed=0)
    env.state_ = get_game(vec.game).deal(
        [int(c) for c in decks[i]], int(dealers[i]), env.rule_options
    )
    env.agent_selection = env.possible_agents[env.state_.current_player()]
    return env


def _same_obs(env: AtoutEnv, seat: int, obs: Any, mask: Any, where: str) -> None:
    want, want_mask = encode_view(env.state_.view(seat))
    if not np.array_equal(want, obs):
        bad = np.flatnonzero(want != obs)
        raise AssertionError(f"{where}: observation differs at {bad}: {want[bad]} {obs[bad]}")
    assert np.array_equal(want_mask, mask), where
    found = env.observe(env.possible_agents[seat])  # the environment's own encoder
    assert np.array_equal(found["observation"], obs), where


def _compare(game: str, steps: int, tables: int = 6, seed: int = 1, **kwargs: Any) -> int:
    """Step both for ``steps`` rounds; return the number of episodes that ended."""
    vec = VectorTables(game, num_envs=tables, backend="kernel", **kwargs)
    obs, info = vec.reset(seed=seed)
    envs = [_engine(vec, i, kwargs) for i in range(tables)]
    for i, env in enumerate(envs):
        seat = int(info["to_act"][i])
        assert seat == env.state_.current_player()
        _same_obs(env, seat, obs["observation"][i], obs["action_mask"][i], f"reset {i}")
    ended = 0
    for t in range(steps):
        acts = vec.sample_actions()
        obs, rewards, term, trunc, info = vec.step(acts)
        assert not trunc.any()
        for i, env in enumerate(envs):
            where = f"{game} {kwargs} step {t} table {i}"
            env.step(int(acts[i]))
            for k, agent in enumerate(env.possible_agents):
                assert rewards[i, k] == np.float32(env.rewards[agent]), where
            done = env.terminations[env.possible_agents[0]]
            assert bool(term[i]) == done, where
            if done:
                ended += 1
                last = env._seat[env.agent_selection]
                final = info["final_obs"][i]
                _same_obs(env, last, final["observation"], final["action_mask"], where)
                env = envs[i] = _engine(vec, i, kwargs)
            else:
                assert info.get("final_obs") is None or info["final_obs"][i] is None
            seat = int(info["to_act"][i])
            assert seat == env.state_.current_player(), where
            _same_obs(env, seat, obs["observation"][i], obs["action_mask"][i], where)
    return ended


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("schieber", None),
        ("schieber", "schieber(undenufe_values=modern)"),
        ("schieber", "schieber(weis=false, stoeck=false)"),
        ("schieber", "schieber(manual_claim=true, target=150)"),
        ("schieber", "schieber(target=300)"),
        ("schieber", "schieber(target=40)"),
        ("belote", None),
        ("belote", "belote(announced_capot=true, defender_capot=162, undertrump=false)"),
        ("belote", "belote(announcements=false, belote_in_contract=false)"),
        ("deberts", None),
        ("deberts", "deberts(doubling=true, four_sevens=true)"),
    ],
)
def test_kernel_tables_equal_the_engine(game: str, options: str | None) -> None:
    ended = _compare(game, 400, tables=8, options=options)
    assert ended >= 20  # many complete deals, and as many fresh ones after autoreset


@pytest.mark.parametrize("game", ["schieber", "belote", "deberts"])
def test_kernel_rewards_win_and_scale(game: str) -> None:
    assert _compare(game, 120, tables=4, seed=7, reward="win") >= 5
    assert _compare(game, 120, tables=4, seed=8, reward_scale=100.0) >= 5


def test_kernel_backend_conventions() -> None:
    vec = VectorTables("belote", num_envs=3, backend="kernel")
    assert vec.backend == "kernel"
    obs, _ = vec.reset(seed=5)
    again, _ = VectorTables("belote", num_envs=3, backend="kernel").reset(seed=5)
    assert np.array_equal(obs["observation"], again["observation"])  # seeded
    acts = vec.sample_actions()
    bad = acts.copy()
    bad[1] = next(a for a in range(50) if not obs["action_mask"][1][a])
    with pytest.raises(ValueError, match="table 1"):
        vec.step(bad)
    assert np.array_equal(vec._obs, obs["observation"])  # nothing applied
    vec.step(acts)
    with pytest.raises(ValueError):
        VectorTables("belote", num_envs=2, backend="kernel", episode="match")
    assert VectorTables("belote", num_envs=2, episode="match").backend == "python"
    assert VectorTables("belote", num_envs=2).backend == "kernel"
    shared = VectorTables("deberts", num_envs=2, backend="kernel", copy=False)
    first, _ = shared.reset(seed=1)
    after, *_ = shared.step(shared.sample_actions())
    assert after["observation"] is first["observation"]  # the kernel's own buffers


@pytest.mark.parametrize("game", ["schieber", "belote", "deberts"])
def test_kernel_step_counts_the_deals_that_ended(game: str) -> None:
    """The compiled step says how many tables' deals ended (``VectorTables`` then needs
    no pass over the terminations); the truncations are all False and stay so."""
    vec = VectorTables(game, num_envs=8, backend="kernel", copy=False)
    vec.reset(seed=3)
    k = vec.kernel
    acts = np.zeros(8, np.int64)
    ended = 0
    for _ in range(300):
        k.sample(acts)
        got = k.step(acts)
        assert got == -1 - int(k.term.sum())
        ended += int(k.term.sum())
    assert ended > 8
    _obs, _rew, _term, trunc, _info = vec.step(vec.sample_actions())
    assert not trunc.any() and not trunc.flags.writeable
    copied = VectorTables(game, num_envs=2, backend="kernel")
    copied.reset(seed=1)
    trunc = copied.step(copied.sample_actions())[3]
    assert trunc.flags.writeable and not trunc.any()


def test_kernel_given_decks_four_sevens_and_thrown_in() -> None:
    """Decks given at reset: a Deberts hand with the four 7s (the deal cancelled); a
    Belote and a Deberts deal that everyone passes; each against the engine."""
    kwargs: dict[str, Any] = {"options": "deberts(four_sevens=true)"}
    vec = VectorTables("deberts", num_envs=2, backend="kernel", **kwargs)
    deck = [c for c in range(36) if c % 9]
    sevens = [1, 10, 19, 28]
    rest = [c for c in deck if c not in sevens]
    deck = sevens[:3] + rest[:3] + sevens[3:] + rest[3:]  # 0..2 and 6..8: the nondealer
    obs, info = vec.reset(seed=3, options={"deck": deck, "dealer": 1})
    env = _engine(vec, 0, kwargs)
    seven_bits = sum(1 << c for c in sevens)
    assert env.state_.hands[0] & seven_bits == seven_bits
    _same_obs(env, 0, obs["observation"][0], obs["action_mask"][0], "dealt")
    for a in (37 + deck[12] // 9, 47):  # the nondealer takes, then cancels
        acts = vec.sample_actions()
        acts[0] = a
        obs, rewards, term, _, info = vec.step(acts)
        env.step(a)
    assert term[0] and env.state_.result.outcome == "cancelled"
    assert not rewards[0].any()
    _same_obs(env, 0, info["final_obs"][0]["observation"], np.zeros(50, np.int8), "cancel")
    for game, passes in (("belote", 8), ("deberts", 4)):  # everyone passes
        vec = VectorTables(game, num_envs=1, backend="kernel")
        obs, info = vec.reset(seed=1)
        env = _engine(vec, 0, {})
        for _ in range(passes):
            obs, rewards, term, _, info = vec.step(np.array([36]))
            last = env._seat[env.agent_selection]
            env.step(36)
        assert term[0] and not rewards.any()
        assert env.state_.result.outcome == "thrown-in"
        final = info["final_obs"][0]
        _same_obs(env, last, final["observation"], final["action_mask"], f"{game} thrown in")


def test_kernel_schieber_stops_and_claims_happen() -> None:
    """The low targets of the option runs above do reach the stop and claim paths."""
    vec = VectorTables("schieber", num_envs=8, backend="kernel", options="schieber(target=300)")
    vec.reset(seed=1)
    short = 0
    for _ in range(400):
        _, _, term, _, info = vec.step(vec.sample_actions())
        for i in np.flatnonzero(term):
            short += info["final_obs"][i]["observation"][569] < 1.0  # before trick 9
    assert short > 5


def test_warm_programs_prepares_the_kernels_it_names() -> None:
    """``warm_programs`` compiles (or loads) the complete-deal and vector kernels of
    each game it is given, and reports each one."""
    from atout.kernel import vector
    from atout.warm import warm_programs

    told: list[str] = []
    spent = warm_programs(lambda game, seconds: told.append(game), games=("deberts",))
    assert told == ["deberts"] and spent > 0
    ran = [str(sig[1]) for sig in vector._deb_run.signatures]  # the actions: none for deals
    assert "none" in ran and vector.step_deberts.signatures


def test_warm_command_prepares_the_programs_kernels_on_request(monkeypatch: Any) -> None:
    """``atout warm --programs`` also warms the programs' kernels and says so per game;
    plain ``atout warm`` leaves them alone."""
    from click.testing import CliRunner

    from atout import cli, warm

    asked: list[tuple[str, ...]] = []

    def programs(report: Any, games: tuple[str, ...] = ("deberts", "belote", "schieber")) -> float:
        asked.append(games)
        for game in games:
            report(game, 0.5)
        return 1.5

    monkeypatch.setattr(warm, "warm_up", lambda: 0.25)
    monkeypatch.setattr(warm, "warm_programs", programs)
    result = CliRunner().invoke(cli.main, ["warm"])
    assert result.exit_code == 0 and asked == []
    assert "search kernels ready (0.2 s)" in result.output
    result = CliRunner().invoke(cli.main, ["warm", "--programs"])
    assert result.exit_code == 0, result.output
    assert asked == [("deberts", "belote", "schieber")]
    for game in ("deberts", "belote", "schieber"):
        assert f"atout: {game.capitalize()} deals and environment ready (0.5 s)" in result.output
    assert "program kernels ready (1.5 s)" in result.output
