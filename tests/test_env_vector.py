"""The vectorized environment: N tables stepped together, each equal to the single
environment it stands for."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from atout.env.aec import AtoutEnv  # noqa: E402
from atout.env.encoding import encode_view  # noqa: E402
from atout.env.vector import VectorTables  # noqa: E402

OPTIONS = {
    "deberts": "deberts(doubling=true,four_sevens=true)",
    "belote": "belote(announced_capot=true)",
    "schieber": None,
}


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
@pytest.mark.parametrize("episode", ["deal", "match"])
def test_tables_are_the_single_environment(game: str, episode: str) -> None:
    """Stepped with the same actions, table i gives what a single environment reset with
    seed + i gives: observations, masks, the seat to act, every seat's rewards and the
    ends of episodes (and the next episode after an automatic reset); each observation
    is encode_view's of the seat to act."""
    n = 3
    kwargs = {"episode": episode, "options": OPTIONS[game]}
    vec = VectorTables(game, num_envs=n, backend="python", **kwargs)  # the reference
    singles = [AtoutEnv(game, **kwargs) for _ in range(n)]
    obs, info = vec.reset(seed=100)
    for i, e in enumerate(singles):
        e.reset(seed=100 + i)
    rng = np.random.default_rng(5)
    steps = 400 if episode == "match" else 150
    ended = 0
    for _ in range(steps):
        actions = []
        for i, e in enumerate(singles):
            agent = e.agent_selection
            seat = e._seat[agent]
            one = e.observe(agent)
            assert info["to_act"][i] == seat
            assert (obs["observation"][i] == one["observation"]).all()
            assert (obs["action_mask"][i] == one["action_mask"]).all()
            view_obs, view_mask = encode_view(e.deal.view(seat) if episode == "deal"
                                              else e.state_.view(seat))
            assert (obs["action_mask"][i] == view_mask).all()
            if game != "schieber":  # (Schieber's encoder is tested equal in test_env.py)
                assert (obs["observation"][i] == view_obs).all()
            actions.append(int(rng.choice(np.flatnonzero(one["action_mask"]))))
        obs, rewards, term, trunc, info = vec.step(actions)
        assert rewards.shape == (n, vec.num_players) and not trunc.any()
        for i, e in enumerate(singles):
            e.step(actions[i])
            expected = [e.rewards[a] for a in e.possible_agents]
            assert list(rewards[i]) == pytest.approx(expected)
            done = e.terminations[e.possible_agents[0]]
            assert term[i] == done
            if done:
                ended += 1
                final = info["final_obs"][i]
                assert (final["observation"] == e.observe(e.agent_selection)["observation"]).all()
                e.reset()
    if episode == "deal":
        assert ended > 0


@pytest.mark.parametrize("backend", ["python", "kernel"])
def test_spaces_and_masks(backend: str) -> None:
    if backend == "kernel":
        pytest.importorskip("numba")
    vec = VectorTables("belote", num_envs=4, backend=backend)
    obs, _ = vec.reset(seed=1)
    for _ in range(40):  # sampled actions are legal
        acts = vec.sample_actions()
        assert obs["action_mask"][np.arange(4), acts].all()
        obs, *_ = vec.step(acts)
    assert obs["observation"].shape == (4, 570) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (4, 50)
    assert vec.action_masks().dtype == bool
    assert vec.observation_space.contains(obs)
    assert vec.action_space.shape == (4,)
    with pytest.raises(ValueError):
        VectorTables("belote", num_envs=0)
    with pytest.raises(ValueError):
        VectorTables("belote", num_envs=2, backend="numba")
