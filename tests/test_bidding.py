"""The learned bidding (atout.bots.bidding): shipped weights read with NumPy alone, legal
and deterministic choices used by ``hard`` and ``expert``, sane values, and training
that is reproducible bit for bit."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from typing import Any

import numpy as np
import pytest

from atout.bots.base import make_bot
from atout.bots.bidding import (
    KINDS,
    candidate_features,
    learned_choice,
    learned_values,
    load_weights,
    weights_path,
)
from atout.cards import CardSet, Rank, Suit
from atout.games.actions import Pass, Trump
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")
BIDDING = ("bidding", "choosing", "doubling")


def _bidding_views(game: str, deals: int, options: Any = None) -> list[Any]:
    """The bidding views along the learned bidding of ``deals`` seeded deals."""
    info = get_game(game)
    opts = options or info.options()
    views = []
    for seed in range(deals):
        deal = info.deal(seed=seed, dealer=seed % info.num_players, options=opts)
        while not deal.is_over and deal.phase in BIDDING:
            view = deal.view(deal.current_player())
            views.append(view)
            choice = learned_choice(game, view)
            assert choice is not None
            deal.apply(choice)
    return views


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_weights_are_plain_arrays_for_every_kind(game: str) -> None:
    """Each kind has a float vector as long as its features, in an .npz NumPy reads
    without pickles, with the deals and seed it was trained on."""
    with np.load(weights_path(game), allow_pickle=False) as data:
        assert int(data["deals"]) > 0 and int(data["seed"]) >= 0
        for kind in KINDS[game]:
            w = data[kind]
            assert w.dtype == np.float64 and w.ndim == 1 and np.isfinite(w).all()
            assert int(data[f"n_{kind}"]) > 0
    views = _bidding_views(game, 12, get_game(game).options(doubling=True)
                           if game == "deberts" else None)
    weights = load_weights(game)
    assert weights is not None
    for view in views:
        for action in view.legal_actions:
            if view.phase == "doubling" and isinstance(action, Pass):
                continue
            kind, feats, _ = candidate_features(game, view, action)
            assert len(weights[kind]) == len(feats)


def test_the_weights_load_and_value_without_numba() -> None:
    """Reading the weights and valuing a bid needs NumPy alone: with numba unimportable
    the model still values every bid of a Schieber forehand."""
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from atout.bots.bidding import learned_values\n"
        "from atout.kits import get_game\n"
        "d = get_game('schieber').deal(seed=3, dealer=0)\n"
        "v = learned_values('schieber', d.view(d.current_player()))\n"
        "assert v is not None and len(v) == 7, v\n"
        "assert 'numba' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


@pytest.mark.parametrize("game", ["deberts", "belote"])
def test_hard_bids_by_the_model_legally_and_deterministically(game: str) -> None:
    """At every bidding decision (Deberts with doubling on) ``hard`` chooses the
    model's choice, a legal one, whatever their seed, and say where it came from."""
    options = get_game(game).options(doubling=True) if game == "deberts" else None
    views = _bidding_views(game, 10, options)
    assert len(views) >= 10
    for level in ("hard",):
        for i, view in enumerate(views):
            a = make_bot(game, level, seed=i).choose(view)
            bot: Any = make_bot(game, level, seed=i + 1000)
            assert bot.choose(view) == a == learned_choice(game, view)
            assert a in view.legal_actions
            if len(view.legal_actions) > 1:
                assert bot.last_note == "learned from simulated deals"
    # expert keeps its simulated bids (measured against the peers); lower levels the rules
    assert not make_bot(game, "expert", seed=0).learned_bids
    for view in views:
        rules = make_bot(game, "heuristic", seed=0).choose(view)
        assert make_bot(game, "medium", seed=1).choose(view) == rules


def test_schieber_levels_keep_the_rules_unless_asked() -> None:
    """Schieber's learned contract measured worse than the rules of thumb: ``hard`` and
    ``expert`` keep the rules; a bot given ``learned_bids`` for Schieber bids by it."""
    views = _bidding_views("schieber", 10)
    rules = make_bot("schieber", "heuristic", seed=0)
    for level in ("hard", "expert"):
        for i, view in enumerate(views):
            bot: Any = make_bot("schieber", level, seed=i)
            assert "schieber" not in bot.learned_bids
            assert bot.choose(view) == rules.choose(view)
            bot.learned_bids = frozenset({"schieber"})
            assert bot.choose(view) == learned_choice("schieber", view)
            assert bot.choose(view) in view.legal_actions


def _schieber_view(hand: list[str]) -> Any:
    """A Schieber forehand view holding ``hand``."""
    deal = get_game("schieber").deal(seed=0, dealer=0)
    return _with_hand(deal.view(deal.current_player()), hand)


def _with_hand(view: Any, hand: list[str]) -> Any:
    import dataclasses

    return dataclasses.replace(view, hand=CardSet.parse(" ".join(hand)))


def test_schieber_a_strong_trump_hand_names_its_trump() -> None:
    """Puur, Nell, ace and king of hearts with side aces: hearts, over any other
    contract and over pushing; four sixes with their sevens: Undenufe."""
    view = _schieber_view(["HJ", "H9", "HA", "HK", "H10", "SA", "DA", "C7", "C6"])
    values = learned_values("schieber", view)
    assert values is not None
    assert max(values, key=lambda a: values[a]) == Trump(Suit.HEARTS)
    low = _schieber_view(["H6", "H7", "S6", "S7", "D6", "D7", "C6", "C7", "C8"])
    choice = learned_choice("schieber", low)
    assert choice is not None and getattr(choice, "mode", None) == "undenufe"


def test_schieber_contracts_are_not_degenerate() -> None:
    """Over 300 forehands no single choice takes three in four, pushing included, and
    at least four of the seven choices are made, a trump and a no-trump among them."""
    info = get_game("schieber")
    counts: Counter[str] = Counter()
    for seed in range(300):
        deal = info.deal(seed=seed, dealer=seed % 4)
        choice = learned_choice("schieber", deal.view(deal.current_player()))
        counts[str(choice)] += 1
    assert max(counts.values()) <= 225, counts
    assert len(counts) >= 4, counts
    assert any(k.startswith("trump") for k in counts), counts
    assert counts["obenabe"] + counts["undenufe"] > 0, counts


@pytest.mark.parametrize("game", ["belote", "deberts"])
def test_a_strong_trump_hand_values_taking_above_passing(game: str) -> None:
    """First to speak, the turned suit (Belote's turned card, Deberts' indicator) a 7 or
    an 8: with its jack, nine and ace and a side ace-ten, taking is worth more than
    passing; with low side cards and no card of that suit, passing is."""
    info = get_game(game)
    for seed in range(500):
        deal = info.deal(seed=seed, dealer=0)
        view = deal.view(deal.current_player())
        up = view.turned if game == "belote" else view.indicator
        if up.rank in (Rank.SEVEN, Rank.EIGHT):
            break
    s = up.suit.letter
    side = [x for x in "SHDC" if x != s]
    size = 5 if game == "belote" else 6
    strong = [f"{s}J", f"{s}9", f"{s}A", f"{side[0]}A", f"{side[0]}10", f"{side[1]}A"][:size]
    weak = [f"{x}{r}" for x in side for r in ("7", "8")][:size]
    take = Trump(up.suit)
    for hand, better, worse in ((strong, take, Pass()), (weak, Pass(), take)):
        values = learned_values(game, _with_hand(view, hand))
        assert values is not None
        assert values[better] > values[worse], (hand, values)


def test_training_on_a_tiny_seeded_set_is_reproducible_bit_for_bit(tmp_path: Any) -> None:
    """The same deals and seed give the same weights to the last bit, through the
    command line too; another seed gives other weights."""
    from click.testing import CliRunner

    from atout.bots.bidding_train import fit, generate, train
    from atout.cli import main

    first = train("deberts", 6, seed=5)
    again = fit(generate("deberts", 6, seed=5))
    assert first.keys() == again.keys()
    for kind in first:
        assert np.array_equal(first[kind], again[kind]), kind
    out = tmp_path / "w.npz"
    result = CliRunner().invoke(
        main, ["train-bidding", "deberts", "--deals", "6", "--seed", "5", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    with np.load(out) as data:
        for kind in KINDS["deberts"]:
            assert data[kind].tobytes() == first[kind].tobytes()
    other = train("deberts", 6, seed=6)
    assert not np.array_equal(other["take"], first["take"])
    schieber = train("schieber", 2, seed=5)
    assert all(kind in schieber for kind in KINDS["schieber"])
    assert np.array_equal(schieber["push"], train("schieber", 2, seed=5)["push"])


def test_training_gives_the_same_weights_for_any_number_of_workers(monkeypatch: Any) -> None:
    """The deals are cut in blocks summed in deal order, so two processes give the
    weights one gives, bit for bit; the blocks' sums equal one sum up to rounding."""
    from atout.bots import bidding_train
    from atout.bots.bidding_train import fit, generate

    whole = fit(generate("deberts", 7, seed=3))
    monkeypatch.setattr(bidding_train, "BLOCK", 3)
    alone = generate("deberts", 7, seed=3)
    assert alone.deals == 7
    one = fit(alone)
    two = fit(generate("deberts", 7, seed=3, workers=2))
    for kind in KINDS["deberts"]:
        assert one[kind].tobytes() == two[kind].tobytes(), kind
        assert np.allclose(one[kind], whole[kind], rtol=1e-9, atol=1e-9), kind
