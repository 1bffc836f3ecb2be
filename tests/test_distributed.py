"""Self-play files, and the Ray backend on a local Ray instance started here."""

from __future__ import annotations

import filecmp
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from atout.arena import duplicate  # noqa: E402
from atout.cli import main  # noqa: E402
from atout.distributed import load_records, load_samples, selfplay  # noqa: E402
from atout.env.encoding import encode_view  # noqa: E402
from atout.env.space import action_index  # noqa: E402


def test_selfplay_files_read_back(tmp_path: Path) -> None:
    files = selfplay("belote", ["heuristic", "random"], 7, tmp_path, seed=3, chunk=3)
    assert [f.name for f in files][:2] == ["records-00000.txt", "samples-00000.npz"]
    assert len(files) == 6
    deals = load_records(tmp_path)
    samples = load_samples(tmp_path)
    assert len(deals) == 7 and all(d.is_over for d in deals)
    assert len(samples["action"]) == sum(len(d.actions) for d in deals)
    row = 0
    for number, deal in enumerate(deals):
        replay = type(deal)(deal.deck, deal.dealer, deal.options)
        recorded = deal.result.recorded if deal.result.played else (0, 0)
        for seat, action in deal.actions:
            assert samples["deal"][row] == number and samples["seat"][row] == seat
            assert samples["action"][row] == action_index(action)
            obs, mask = encode_view(replay.view(seat))
            assert np.array_equal(samples["obs"][row], obs)
            assert np.array_equal(samples["mask"][row], mask)
            diff = recorded[0] - recorded[1]
            assert samples["ret"][row] == (diff if seat % 2 == 0 else -diff)
            replay.apply(action)
            row += 1


def test_selfplay_command(tmp_path: Path) -> None:
    out = tmp_path / "sp"
    result = CliRunner().invoke(
        main, ["selfplay", "schieber", "--deals", "5", "--out", str(out), "--chunk", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "5 deals" in result.output
    assert len(load_records(out)) == 5


def test_address_needs_the_ray_backend() -> None:
    result = CliRunner().invoke(
        main, ["arena", "deberts", "--bots", "random,random", "--address", "auto"]
    )
    assert result.exit_code != 0 and "--backend ray" in result.output


@pytest.fixture(scope="module")
def ray_cluster() -> Any:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_arena_equals_local(ray_cluster: Any) -> None:
    local = duplicate("schieber", "heuristic", "random", 24, seed=9)
    remote = duplicate("schieber", "heuristic", "random", 24, seed=9, backend="ray", workers=2)
    assert remote == local
    one = duplicate("deberts", "heuristic", "random", 10, seed=2, backend="ray", workers=1)
    assert one == duplicate("deberts", "heuristic", "random", 10, seed=2, workers=2)


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_ray_arena_equals_local_for_every_level(ray_cluster: Any, game: str) -> None:
    """Every level (each bot name of the game, the search levels with their budgets in
    work, not time) plays the same board on Ray, in a worker process of its own, as
    here: the same points, deal by deal. One board each, against the random bot, so
    that the check stays short."""
    from atout.bots.base import bot_names

    for level in bot_names(game):
        local = duplicate(game, level, "random", 1, seed=11)
        remote = duplicate(game, level, "random", 1, seed=11, backend="ray", workers=1)
        assert remote == local, level


def test_ray_arena_command(ray_cluster: Any) -> None:
    args = ["arena", "belote", "--bots", "heuristic,random", "--deals", "6", "--seed", "4"]
    local = CliRunner().invoke(main, [*args, "--workers", "1"])
    remote = CliRunner().invoke(main, [*args, "--backend", "ray"])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert remote.output == local.output


def test_ray_selfplay_writes_the_same_files(ray_cluster: Any, tmp_path: Path) -> None:
    here = selfplay("schieber", ["heuristic"], 9, tmp_path / "local", seed=5, chunk=4)
    there = selfplay(
        "schieber", ["heuristic"], 9, tmp_path / "ray", seed=5, chunk=4, backend="ray", workers=2
    )
    assert [f.name for f in here] == [f.name for f in there]
    for a, b in zip(here, there, strict=True):
        if a.suffix == ".txt":
            assert filecmp.cmp(a, b, shallow=False)
        else:
            with np.load(a) as x, np.load(b) as y:
                assert all(np.array_equal(x[k], y[k]) for k in x.files)
