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
