"""The PettingZoo environment, the observation encoding and the Gymnasium wrapper."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from atout.env import ACTIONS, NUM_ACTIONS, SingleSeatEnv, action_index, env, raw_env  # noqa: E402
from atout.env.encoding import (  # noqa: E402
    FLAGS,
    NUMBERS,
    OBS_SIZE,
    BeloteEncoder,
    SchieberEncoder,
    encode_view,
    observation_labels,
)
from atout.games.actions import parse_action  # noqa: E402
from atout.games.schieber import SchieberDeal, SchieberOptions  # noqa: E402
from atout.kits import get_game  # noqa: E402

SHORT = {
    "schieber": "schieber(manual_claim=true,target=500)",
    "deberts": "deberts(doubling=true,four_sevens=true,target=151)",
    "belote": "belote(announced_capot=true,target=301)",
}
GAMES = ["deberts", "belote", "schieber"]


def test_action_space_round_trip() -> None:
    assert len(ACTIONS) == NUM_ACTIONS == 50
    for i, action in enumerate(ACTIONS):
        assert action_index(action) == i
        assert action_index(str(action)) == i
        assert parse_action(str(action)) == action
    assert action_index("SA") == 35
    assert action_index("pass") == 36
    assert action_index("trump H") == 39
    assert action_index("claim") == 49


def test_labels_cover_the_layout() -> None:
    labels = observation_labels()
    assert len(labels) == len(set(labels)) == OBS_SIZE
    assert labels[0] == "hand C6" and labels[35] == "hand SA"
    assert labels[36] == "played r0 C6" and labels[180] == "trick r0 C6"
    assert labels[324] == "known r0 C6" and labels[468] == "faceup C6"
    assert labels[FLAGS] == "phase bidding" and labels[FLAGS + 49] == "my team takes"
    assert labels[NUMBERS] == "best meld r0 /100" and labels[-1] == "tricks done /9"


def test_rules_never_import_the_environment() -> None:
    code = (
        "import sys, atout.games, atout.games.schieber, atout.games.belote, "
        "atout.games.deberts; assert not [m for m in sys.modules "
        "if m.startswith(('atout.env', 'atout.distributed', 'pettingzoo', 'gymnasium', "
        "'ray'))]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# PettingZoo's test warns about every Dict observation (the action-mask convention).
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("episode", ["deal", "match"])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed(game: str, episode: str) -> None:
    api_test(env(game, episode=episode, options=SHORT[game]), num_cycles=600)
    seed_test(lambda: env(game, episode=episode, options=SHORT[game]), num_cycles=300)


def test_schieber_fast_encoder_matches_the_view() -> None:
    rng = random.Random(5)
    encoder = SchieberEncoder()
    checked = 0
    for i in range(60):
        options = SchieberOptions(
            manual_claim=i % 3 == 0,
            target=400 if i % 2 else 3000,
            undenufe_values="modern" if i % 5 == 0 else "classic",
        )
        deal = SchieberDeal(
            seed=i, dealer=i % 4, options=options,
            scores=(rng.randrange(300), rng.randrange(300)),
        )
        while True:
            for seat in range(4):
                obs, mask = encode_view(deal.view(seat))
                fast_obs, fast_mask = encoder.encode(deal, seat)
                assert np.array_equal(obs, fast_obs), (i, seat, np.flatnonzero(obs != fast_obs))
                assert np.array_equal(mask, fast_mask)
                checked += 1
            if deal.is_over:
                break
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
    assert checked > 5000


def test_belote_fast_encoder_matches_the_view() -> None:
    from atout.games.belote import PRESETS, BeloteDeal, BeloteMatch, BeloteOptions

    rng = random.Random(2)
    encoder = BeloteEncoder()
    presets = list(PRESETS.values())
    checked = 0
    for i in range(50):
        deal = BeloteDeal(seed=i, dealer=i % 4, options=presets[i % len(presets)])
        while True:
            for seat in range(4):
                obs, mask = encode_view(deal.view(seat))
                fast_obs, fast_mask = encoder.encode(deal, seat)
                assert np.array_equal(obs, fast_obs), (i, seat, np.flatnonzero(obs != fast_obs))
                assert np.array_equal(mask, fast_mask)
                checked += 1
            if deal.is_over:
                break
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
    match = BeloteMatch(seed=3, options=BeloteOptions(target=301, announced_capot=True))
    while not match.is_over:
        for seat in range(4):
            obs, mask = encode_view(match.view(seat))
            fast_obs, fast_mask = encoder.encode(match.deal, seat, match.scores, match.held)
            assert np.array_equal(obs, fast_obs) and np.array_equal(mask, fast_mask)
            checked += 1
        actions = match.legal_actions()
        match.apply(actions[rng.randrange(len(actions))])
    assert checked > 5000


#: Small targets, so that a match episode ends after a few deals.
SMALL_TARGET = {"deberts": 151, "belote": 301, "schieber": 700}
#: Option values besides the booleans (each with the boolean defaults).
OTHER_VALUES: dict[str, list[dict[str, object]]] = {
    "deberts": [],
    "belote": [{"defender_capot": 162}],
    "schieber": [{"undenufe_values": "modern"}],
}


def every_option_set(game: str) -> list[object]:
    """Every combination of the game's boolean options, crossed with each other value
    listed in OTHER_VALUES, all with a small target."""
    info = get_game(game)
    flags = [f.name for f in dataclasses.fields(info.options) if f.type in (bool, "bool")]
    sets = []
    for other in [{}, *OTHER_VALUES[game]]:
        for values in itertools.product((False, True), repeat=len(flags)):
            sets.append(info.options(
                target=SMALL_TARGET[game], **other, **dict(zip(flags, values, strict=True))
            ))
    return sets


@pytest.mark.parametrize("game", GAMES)
def test_observations_equal_encode_view_under_every_option_set(game: str) -> None:
    """The environment's observations (the fast encoders for Schieber and Belote) are
    encode_view's, for every seat at every step, under every option set."""
    sets = every_option_set(game)
    assert len(sets) >= 8
    checked = 0
    for k, options in enumerate(sets):
        for episode in ("deal", "match"):
            e = raw_env(game, episode=episode, options=options)
            for seed in range(2 if episode == "deal" else 1):
                e.reset(seed=100 * k + seed)
                rng = random.Random(seed)
                for agent in e.agent_iter():
                    for other in e.agents:
                        got = e.observe(other)
                        obs, mask = encode_view(e.state_.view(e._seat[other]))
                        assert np.array_equal(got["observation"], obs), (
                            str(options), episode, other, np.flatnonzero(got["observation"] != obs)
                        )
                        assert np.array_equal(got["action_mask"], mask)
                        checked += 1
                    _, _, term, trunc, _ = e.last()
                    if term or trunc:
                        e.step(None)
                        continue
                    legal = np.flatnonzero(e.observe(agent)["action_mask"])
                    e.step(int(legal[rng.randrange(len(legal))]))
    assert checked > 100 * len(sets)


@pytest.mark.parametrize("game", GAMES)
def test_mask_is_the_legal_actions(game: str) -> None:
    info = get_game(game)
    rng = random.Random(1)
    for i in range(15):
        options = info.options.parse(SHORT[game])
        deal = info.deal(seed=i, dealer=i % info.num_players, options=options)
        while not deal.is_over:
            seat = deal.current_player()
            obs, mask = encode_view(deal.view(seat))
            legal = deal.legal_actions()
            assert sorted(np.flatnonzero(mask)) == sorted(action_index(a) for a in legal)
            assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
            assert obs[:36].sum() == deal.view(seat).hand.__len__()
            other = (seat + 1) % info.num_players
            _, other_mask = encode_view(deal.view(other))
            assert not other_mask.any()
            deal.apply(legal[rng.randrange(len(legal))])


def test_observation_ignores_hidden_cards() -> None:
    """Seat 0 sees the same thing whatever the other three hold."""
    hands = ["C6 C7 C8 D6 D7 H6 H7 S6 S7", "C9 C10 CJ D8 D9 H8 H9 S8 S9",
             "CQ CK CA D10 DJ H10 HJ S10 SJ", "DQ DK DA HQ HK HA SQ SK SA"]
    swapped = [hands[0], hands[3], hands[1], hands[2]]
    a = SchieberDeal.from_hands(hands, forehand=0)
    b = SchieberDeal.from_hands(swapped, forehand=0)
    for deal in (a, b):
        deal.apply(parse_action("trump C"))
        deal.apply(parse_action("C6"))
    obs_a, _ = encode_view(a.view(0))
    obs_b, _ = encode_view(b.view(0))
    fast_b, _ = SchieberEncoder().encode(b, 0)
    assert np.array_equal(obs_a, obs_b) and np.array_equal(obs_b, fast_b)
    assert not np.array_equal(obs_a, encode_view(a.view(1))[0])


@pytest.mark.parametrize("game", GAMES)
def test_deal_rewards_are_the_written_points(game: str) -> None:
    e = raw_env(game)
    rng = np.random.default_rng(0)
    for seed in range(5):
        e.reset(seed=seed)
        finals: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:
                finals[agent] = reward
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
        result = e.state_.result
        recorded = result.recorded if result.played else (0, 0)
        assert finals["player_0"] == recorded[0] - recorded[1]
        assert sum(finals.values()) == 0


def test_reset_options_choose_the_deal() -> None:
    e = raw_env("belote")
    e.reset(options={"seed": 77, "dealer": 2})
    deal = get_game("belote").deal(seed=77, dealer=2)
    assert e.state_.deck == deal.deck and e.state_.dealer == 2
    e.reset(seed=3)
    first = e.state_.deck
    e.reset(seed=3)
    assert e.state_.deck == first


def test_match_episode_win_reward() -> None:
    e = raw_env("deberts", episode="match", options="deberts(target=101)")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    finals = {}
    for agent in e.agent_iter():
        obs, reward, term, _, _ = e.last()
        if term:
            finals[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    winner = e.state_.winner
    assert finals[f"player_{winner}"] == 1.0 and finals[f"player_{1 - winner}"] == -1.0


def test_illegal_action_raises() -> None:
    e = raw_env("schieber")
    e.reset(seed=0)
    with pytest.raises(ValueError):
        e.step(0 if e.observe(e.agent_selection)["action_mask"][0] == 0 else 36)


@pytest.mark.parametrize("game", GAMES)
def test_single_seat_env(game: str) -> None:
    from gymnasium.utils.env_checker import check_env

    e = SingleSeatEnv(game, seat=1, bots="heuristic", illegal="random", options=SHORT[game])
    with pytest.warns():  # gymnasium warns that a Dict observation is not a Box
        check_env(e, skip_render_check=True)
    strict = SingleSeatEnv(game, seat=1, bots="heuristic")
    obs, _ = strict.reset(seed=3)
    assert obs["action_mask"].any()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        strict.step(illegal)
    total = 0.0
    for seed in range(5):
        obs, _ = strict.reset(seed=seed)
        done = False
        while not done:
            assert strict.aec.state_.current_player() == 1
            first = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, truncated, _ = strict.step(first)
            total += reward
            assert not truncated
    assert total != 0


def test_docs_python_blocks_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python examples of docs/env.md run as written (in a folder with self-play)."""
    from atout.distributed import selfplay

    selfplay("schieber", ["random"], 3, tmp_path / "selfplay", chunk=2)
    monkeypatch.chdir(tmp_path)
    text = (Path(__file__).resolve().parent.parent / "docs" / "env.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 4
    for block in blocks:
        exec(compile(block, "docs/env.md", "exec"), {})


def test_worked_example_runs() -> None:
    """examples/selfplay_numpy.py, very short (docs/env.md has the real run)."""
    script = Path(__file__).resolve().parent.parent / "examples" / "selfplay_numpy.py"
    done = subprocess.run(
        [sys.executable, str(script), "--iterations", "2", "--deals", "40", "--boards", "10"],
        check=True, capture_output=True, text=True, timeout=300,
    )
    assert "numpy-policy vs random, 10 boards" in done.stdout
    assert "95% CI" in done.stdout
