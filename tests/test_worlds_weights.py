"""Worlds weighed by the others' card play (``WorldSampler(play_model=...)`` and
``SearchBot.play_weight``): the weights read the view and the world alone, never a hidden
card; every weighed world agrees with the view; the weights place the hidden cards
better when the others play by the rules of thumb; and a weighed search is seeded."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.bots.base import make_bot
from atout.bots.search import ExpertBot
from atout.bots.worlds import WorldSampler
from atout.cards import bits
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")


def _positions(game: str, deals: int, tricks: tuple[int, ...]) -> list[tuple[Any, int]]:
    """(deal, seat to move) at each card decision with a choice after ``tricks`` tricks,
    the deals played by the rules-of-thumb bots. The deal is copied at that moment."""
    info = get_game(game)
    n = info.num_players
    bots = [make_bot(game, "heuristic", seed=s) for s in range(n)]
    out = []
    for d in range(deals):
        deal = info.deal(seed=d, dealer=d % n)
        while not deal.is_over:
            seat = deal.current_player()
            view = deal.view(seat)
            if deal.phase == "play" and len(view.legal_actions) > 1 and (
                len(view.tricks) in tricks
            ):
                out.append((deal.copy(), seat))
            deal.apply(bots[seat].choose(view))
    return out


def _model(game: str) -> Any:
    return make_bot(game, "heuristic", seed=0)


@pytest.mark.parametrize("game", GAMES)
def test_weighed_worlds_agree_with_the_view(game: str) -> None:
    """Every world drawn with the play model gives the seat exactly its view, and its
    count of differences is a whole number no larger than the others' plays."""
    rng = random.Random(1)
    for deal, seat in _positions(game, 3, (1, 2, 3, 5))[::3]:
        view = deal.view(seat)
        sampler = WorldSampler(view, bid_model=_model(game), play_model=_model(game))
        others = sum(1 for s, _ in view.history if s != seat)
        for _ in range(5):
            world = sampler.draw(rng, 400)
            assert world.view(seat) == view
            assert 0 <= sampler.play_differences <= others


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_read_no_hidden_card(game: str) -> None:
    """Two real deals that look the same to the seat (the second is a world drawn from
    the first's view, so every hidden card may differ) give the same worlds, the same
    weights and the same weighed search values: the weights use the view alone."""
    for deal, seat in _positions(game, 2, (2, 4))[::4]:
        view = deal.view(seat)
        other = WorldSampler(view).draw(random.Random(99), 400)
        twin = other.view(seat)
        assert twin == view
        assert any(other.hands[s] != deal.hands[s] for s in range(deal.num_players))
        samplers = [WorldSampler(v, play_model=_model(game)) for v in (view, twin)]
        rngs = [random.Random(5), random.Random(5)]
        for _ in range(6):
            worlds = [s.draw(r, 400) for s, r in zip(samplers, rngs, strict=True)]
            assert worlds[0].hands == worlds[1].hands
            assert samplers[0].play_differences == samplers[1].play_differences
        bots = [ExpertBot(seed=3), ExpertBot(seed=3)]
        for bot in bots:
            bot.play_weight = {game: 0.5}
        assert bots[0].evaluate(view) == bots[1].evaluate(twin)


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_place_the_hidden_cards_better(game: str) -> None:
    """With the others playing by the rules of thumb, worlds weighed by their card play
    hold more of the cards where they really are than the same worlds all weighing the
    same (each world's share of the hidden cards in the right hand, averaged)."""
    rng = random.Random(2)
    weighed = plain = mass = 0.0
    count = 0
    for deal, seat in _positions(game, 4, (3, 4))[::2]:
        view = deal.view(seat)
        sampler = WorldSampler(view, play_model=_model(game))
        for _ in range(12):
            world = sampler.draw(rng, 400)
            hidden = right = 0
            for s in range(deal.num_players):
                if s != seat:
                    for c in bits(deal.hands[s]):
                        hidden += 1
                        right += world.hands[s] >> c & 1
            share = right / hidden
            weight = 0.5**sampler.play_differences
            weighed += weight * share
            mass += weight
            plain += share
            count += 1
    assert weighed / mass > plain / count + 0.01


@pytest.mark.parametrize("game", GAMES)
def test_a_weighed_search_is_seeded_and_differs(game: str) -> None:
    """The same seed and position give the same weighed values and choice; the
    weights change the values (they are used), and a bot without them is unchanged."""
    changed = False
    for deal, seat in _positions(game, 2, (2, 3))[::3]:
        view = deal.view(seat)

        def bot(soft: float | None) -> ExpertBot:
            b = ExpertBot(seed=11)
            b.play_weight = {} if soft is None else {game: soft}
            return b

        values = bot(0.5).evaluate(view)
        assert bot(0.5).evaluate(view) == values
        assert bot(0.5).choose(view) == values[0][0]
        plain = bot(None).evaluate(view)
        assert bot(1.0).evaluate(view) == plain  # a weight of 1: every world the same
        changed |= plain != values
    assert changed
