"""Bots and the duplicate arena."""

from __future__ import annotations

import pytest

from atout.arena import duplicate, play_board
from atout.bots import RandomBot, make_bot
from atout.games.deberts import DebertsDeal


def test_heuristic_beats_random_in_duplicate_over_2000_deals() -> None:
    result = duplicate("deberts", "heuristic", "random", 1000, seed=2026, workers=2)
    assert result.deals == 2000
    low, _ = result.confidence_interval
    assert low > 0, result.summary()  # clearly stronger: the whole 95% interval above zero
    assert result.board_wins[0] > result.board_wins[1]


def test_duplicate_is_reproducible_and_independent_of_workers() -> None:
    one = duplicate("deberts", "heuristic", "random", 40, seed=3, workers=1)
    two = duplicate("deberts", "heuristic", "random", 40, seed=3, workers=2)
    assert one.boards == two.boards
    board = play_board("deberts", "random", "random", 7, seed=3)
    assert board == play_board("deberts", "random", "random", 7, seed=3)


def test_duplicate_runs_over_consecutive_ranges_combine() -> None:
    whole = duplicate("deberts", "heuristic", "random", 12, seed=3)
    head = duplicate("deberts", "heuristic", "random", 5, seed=3)
    tail = duplicate("deberts", "heuristic", "random", 7, seed=3, first=5, workers=2)
    assert [b.board for b in tail.boards] == list(range(5, 12))
    assert head.boards + tail.boards == whole.boards


def test_bots_only_choose_legal_actions_and_are_seeded() -> None:
    for seed in range(200):
        deal = DebertsDeal(seed=seed, dealer=seed % 2)
        bots = [make_bot("deberts", "heuristic", seed), RandomBot(seed)]
        while not deal.is_over:
            seat = deal.current_player()
            assert seat is not None
            view = deal.view(seat)
            action = bots[seat].choose(view)
            assert action in view.legal_actions
            values = bots[seat].evaluate(view)
            assert {a for a, _ in values} == set(view.legal_actions)
            deal.apply(action)
    a, b = RandomBot(5), RandomBot(5)
    view = DebertsDeal(seed=1).view(1)
    assert [a.choose(view) for _ in range(10)] == [b.choose(view) for _ in range(10)]


def test_bot_needs_its_turn_and_known_name() -> None:
    view = DebertsDeal(seed=1, dealer=1).view(1)  # seat 0 is to act
    with pytest.raises(ValueError):
        RandomBot(1).choose(view)
    with pytest.raises(ValueError):
        make_bot("deberts", "grandmaster")


def test_confidence_interval_is_that_of_the_mean_per_deal() -> None:
    """The interval is around the per-deal difference, from the spread of the boards'
    per-deal advantages (not of their two-deal sums, which would double it)."""
    import math

    from atout.arena import ArenaResult, BoardResult

    boards = (
        BoardResult(0, (100, 60), (40, 80)),  # A - B per deal: +20
        BoardResult(1, (50, 50), (70, 70)),  # -20
        BoardResult(2, (90, 90), (30, 30)),  # +60
    )
    result = ArenaResult("deberts", "a", "b", boards)
    assert result.difference == pytest.approx(20.0)
    sd = math.sqrt(((20 - 20) ** 2 + (-20 - 20) ** 2 + (60 - 20) ** 2) / 2)
    low, high = result.confidence_interval
    assert high - 20.0 == pytest.approx(1.96 * sd / math.sqrt(3))
    assert 20.0 - low == pytest.approx(1.96 * sd / math.sqrt(3))


def test_a_bot_that_only_chooses_can_be_made_and_values_its_choice_first() -> None:
    """The API's own bots implement only ``choose`` (docs/api.md, examples/): the base
    class must not demand ``evaluate`` of them."""
    from atout.bots.base import Bot
    from atout.kits import get_game

    class Last(Bot):
        def choose(self, view):  # type: ignore[no-untyped-def]
            return view.legal_actions[-1]

    match = get_game("belote").match(seed=3)
    view = match.view(match.current_player())
    values = Last(seed=1).evaluate(view)
    assert values[0] == (view.legal_actions[-1], 0.0)
    assert sorted(map(str, (a for a, _ in values))) == sorted(map(str, view.legal_actions))


# -- round robin and ratings ---------------------------------------------------------------
def test_elo_ratings_match_the_elo_formula_and_keep_a_sweep_finite() -> None:
    """A 75% score over many games is about 191 Elo points (400 log10 3); a bot that won
    every board is rated above, but finitely; equal results give equal ratings."""
    import math

    from atout.arena import RATING_MEAN, elo_ratings

    a, b = elo_ratings({(0, 1): (300.0, 400)}, 2, prior=0.0)
    assert a - b == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (a + b) / 2 == pytest.approx(RATING_MEAN)
    top, middle, low = elo_ratings({(0, 1): (10.0, 10), (1, 2): (5.0, 10)}, 3)
    assert math.isfinite(top) and top > middle + 300
    assert middle == pytest.approx(low, abs=1e-3)
    # the prior pulls toward even: one virtual even board out of 11
    a, b = elo_ratings({(0, 1): (10.0, 10)}, 2, prior=1.0)
    assert a - b == pytest.approx(400 * math.log10(10.5 / 0.5), abs=1e-6)
    with pytest.raises(ValueError, match="prior"):  # without one, a sweep has no fit
        elo_ratings({(0, 1): (10.0, 10)}, 2, prior=0.0)
    # the order of the results does not matter, nor which side a pair is written from
    one = elo_ratings({(0, 1): (7.0, 10), (2, 1): (4.0, 10), (0, 2): (6.5, 10)}, 3)
    two = elo_ratings({(1, 2): (6.0, 10), (2, 0): (3.5, 10), (1, 0): (3.0, 10)}, 3)
    assert one == pytest.approx(two, abs=1e-6)


def test_round_robin_plays_each_pair_over_the_same_boards_and_rates_them() -> None:
    from atout.arena import round_robin

    bots = ["random", "easy", "medium"]
    table = round_robin("deberts", bots, 24, seed=5, workers=2)
    assert [(m.bot_a, m.bot_b) for m in table.matches] == [
        ("random", "easy"), ("random", "medium"), ("easy", "medium"),
    ]
    # each pair is exactly the duplicate match of those two bots on those boards
    assert table.matches[1].boards == duplicate("deberts", "random", "medium", 24, seed=5).boards
    ratings = table.ratings()
    assert ratings["medium"] > ratings["random"] and ratings["easy"] > ratings["random"]
    for name, (low, high) in table.rating_intervals().items():
        assert low <= ratings[name] <= high
    assert round_robin("deberts", bots, 24, seed=5).ratings() == ratings  # reproducible
    text = table.summary()
    assert "round robin of 3 bots, 24 boards a pair" in text
    assert max(map(len, text.splitlines())) <= 80  # fits a terminal
    with pytest.raises(ValueError):
        round_robin("deberts", ["random", "random"], 2)


def test_arena_command_runs_a_round_robin_of_three_bots() -> None:
    from click.testing import CliRunner

    from atout.cli import main

    out = CliRunner().invoke(
        main, ["arena", "deberts", "--bots", "random,easy,medium", "--deals", "6",
               "--workers", "1"],
    )
    assert out.exit_code == 0, out.output
    assert "random vs medium" in out.output and "rating" in out.output
    for bots in ("random", "random,easy,random"):
        refused = CliRunner().invoke(main, ["arena", "deberts", "--bots", bots])
        assert refused.exit_code != 0 and "three or more different" in refused.output
