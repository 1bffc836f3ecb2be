"""The benchmark-only bot that sees every hand (``benchmarks/oracle.py``).

It must play legal cards in a refereed match, refuse to play without the deal, and in a
small Deberts position value each card as the exact outcome of the true deal: the
written points of best play from there, found here by trying every continuation in the
engine itself.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import atout.arena as arena
from atout.bots.base import BOTS, make_bot
from atout.games.actions import Play
from atout.kits import get_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import oracle


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """``oracle`` in the arena for this test alone (as the script registers it)."""
    monkeypatch.setitem(BOTS, ("*", oracle.NAME), "oracle:OracleBot")
    monkeypatch.setattr(arena, "play_deal", oracle.seeing_play_deal)


def test_not_offered_to_people() -> None:
    assert ("*", oracle.NAME) not in BOTS
    assert arena.play_deal is not oracle.seeing_play_deal


def _minimax(deal: Any, team: int) -> float:
    """``team``'s written points minus the others' with best play by both from here."""
    if deal.is_over:
        rec = deal.result.recorded if deal.result.played else (0, 0)
        return float(rec[team] - rec[1 - team])
    seat = deal.current_player()
    values = []
    for action in deal.view(seat).legal_actions:
        child = deal.copy()
        child.apply(action)
        values.append(_minimax(child, team))
    return max(values) if seat % 2 == team else min(values)


def _deberts_late(seed: int, tricks_left: int) -> Any:
    """A Deberts deal played by ``medium`` until ``tricks_left`` tricks are left, at a
    card decision with a choice."""
    info = get_game("deberts")
    deal = info.deal(seed=seed, dealer=seed % 2)
    bots = [make_bot("deberts", "medium", seed=seed + s) for s in range(2)]
    while not deal.is_over:
        seat = deal.current_player()
        view = deal.view(seat)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase == "play" and len(deal.tricks) >= 9 - tricks_left and len(plays) > 1:
            return deal
        deal.apply(bots[seat].choose(view))
    return None


def test_values_are_the_true_deals_exact_outcome() -> None:
    checked = 0
    for seed in range(40):
        deal = _deberts_late(seed, 3)
        if deal is None:
            continue
        seat = deal.current_player()
        view = deal.view(seat)
        bot = oracle.OracleBot(seed=seed)
        bot.deal = deal
        ranked = dict(bot.evaluate(view))
        for action in view.legal_actions:
            if not isinstance(action, Play):
                continue
            child = deal.copy()
            child.apply(action)
            assert ranked[action] == pytest.approx(_minimax(child, seat % 2)), (seed, action)
        best = max(ranked.values())
        assert ranked[bot.choose(view)] == best
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_refuses_to_play_without_the_true_deal() -> None:
    deal = _deberts_late(1, 5)
    view = deal.view(deal.current_player())
    bot = oracle.OracleBot(seed=0)
    with pytest.raises(RuntimeError, match="hands it the deal"):
        bot.choose(view)
    other = _deberts_late(2, 5)
    bot.deal = other  # a deal other than the one being played
    with pytest.raises(RuntimeError, match="hands it the deal"):
        bot.choose(view)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("game", ["deberts", "belote"])
def test_plays_legal_cards_in_a_refereed_board(game: str) -> None:
    # the engine's checked apply raises on an illegal action
    board = random.Random(game).randrange(1000)
    result = arena.play_board(game, oracle.NAME, "medium", board, seed=0)
    assert result.board == board
    assert oracle.OracleBot.decisions["solved"] > 0
