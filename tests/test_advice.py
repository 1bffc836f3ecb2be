"""Hints: each choice's value in points and its reason, in each language."""

from __future__ import annotations

import pytest

from atout.bots.advice import Advice, action_name, advise, estimate
from atout.bots.base import make_bot
from atout.cards import Suit
from atout.games.actions import Pass, Play, Push, Trump
from atout.i18n import LANGUAGES
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")


def _decisions(game: str, seed: int = 3) -> dict[str, object]:
    """The first bidding (or trump choice) view and a play view with several cards."""
    info = get_game(game)
    bots = [make_bot(game, "heuristic", seed=s) for s in range(info.num_players)]
    found: dict[str, object] = {}
    while len(found) < 2:  # a deal that all pass has no play: take the next one
        deal = info.deal(seed=seed, dealer=0)
        seed += 1
        _walk(deal, bots, found)
    return found


def _walk(deal: object, bots: list[object], found: dict[str, object]) -> None:
    while not deal.is_over and len(found) < 2:  # type: ignore[attr-defined]
        seat = deal.current_player()  # type: ignore[attr-defined]
        view = deal.view(seat)  # type: ignore[attr-defined]
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if view.phase != "play":
            found.setdefault("bid", view)
        elif len(plays) > 2 and len(plays) == len(view.legal_actions):
            found.setdefault("play", view)
        deal.apply(bots[seat].choose(view))  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_advice_gives_points_and_a_reason_for_every_legal_choice(game: str) -> None:
    for kind, view in _decisions(game).items():
        advice = advise(game, view, "medium", seed=1)
        legal = list(view.legal_actions)  # type: ignore[attr-defined]
        assert {a.action for a in advice} == set(legal)
        points = [a.points for a in advice]
        assert points == sorted(points, reverse=True)
        # real estimates, not a 1 and zeros
        assert len(set(points)) > 1 or len(legal) == 1, (kind, points)
        assert not set(points) <= {0.0, 1.0}, (kind, points)
        assert sum(a.chosen for a in advice) == 1
        method = "solved" if kind == "play" else "simulated"
        assert advice[0].reason_key == f"advice.best.{method}"
        for lang in LANGUAGES:
            for item in advice:
                text = item.reason(lang)
                assert text and "{" not in text and "advice." not in text
        assert advise(game, view, "medium", seed=1) == advice  # seeded


def test_reasons_in_each_language_name_the_best_choice() -> None:
    best = Advice(Trump(Suit.HEARTS), 12.0, "advice.best.simulated", {"worlds": 6})
    other = Advice(Pass(), -3.25, "advice.behind", {"behind": 15.25, "best": Trump(Suit.HEARTS)})
    assert best.reason("en") == "best on average over 6 deals played out by the rules of thumb"
    assert other.reason("en") == "15.2 points behind trump ♥ on average"
    assert other.reason("fr") == "15,2 points de moins que atout ♥ en moyenne"
    assert other.reason("es") == "15,2 puntos menos que triunfo ♥ en promedio"
    assert other.reason("fr", name=lambda a: "prendre ♥") == (
        "15,2 points de moins que prendre ♥ en moyenne"
    )
    assert action_name(Push(), "fr") == "pousser" and action_name(Pass(), "es") == "pasar"


def test_heuristic_bots_evaluate_in_points() -> None:
    """The rules-of-thumb bots used to rank with a 1 and zeros; now with points."""
    view = _decisions("belote")["play"]
    bot = make_bot("belote", "heuristic", seed=2)
    ranked = bot.evaluate(view)
    values = [v for _, v in ranked]
    assert values == sorted(values, reverse=True) and not set(values) <= {0.0, 1.0}
    assert {a for a, _ in ranked} == set(view.legal_actions)  # type: ignore[attr-defined]
    values_again, method, count = estimate(view, seed=2)
    assert method == "solved" and count >= 1 and dict(ranked) == values_again


def test_the_level_sets_the_search() -> None:
    view = _decisions("deberts")["play"]
    hard = advise("deberts", view, "hard", seed=1)
    assert hard[0].chosen  # a searching level plays its best
    with pytest.raises(ValueError):
        advise("belote", view, "hard")


def test_hint_near_the_target_when_a_sampled_world_ends_the_match_early() -> None:
    """Schieber to 700: some worlds drawn for this view reach the target before the
    actions seen so far are replayed; the sampler must reject them (it used to ask the
    bidding model about a finished deal and fail)."""
    info = get_game("schieber")
    match = info.match(seed=0, options=info.options.parse("schieber(target=700)"))
    bots = [make_bot("schieber", "heuristic", seed=s) for s in range(4)]
    for _ in range(44):
        seat = match.current_player()
        match.apply(bots[seat].choose(match.view(seat)))
    view = match.view(match.current_player())
    advice = advise("schieber", view, "medium", seed=44)
    assert {a.action for a in advice} == set(view.legal_actions)


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_seed_is_the_positions_own(game: str) -> None:
    """One position, one hint (issue 22, item 14): the seed depends on what the seat
    knows of the deal, not on the match around it, and is the same in every process."""
    import dataclasses
    import os
    import subprocess
    import sys

    from atout.bots.advice import position_seed

    views = _decisions(game)
    bid, play = views["bid"], views["play"]
    assert position_seed(bid) != position_seed(play)
    names = {f.name for f in dataclasses.fields(play)}  # type: ignore[arg-type]
    before = play.scores  # type: ignore[attr-defined]
    running = getattr(play, "running", before)  # Schieber: the scores with this deal's
    context = {"deal_number": 7, "scores": (before[0] + 300, before[1] + 120),
               "running": (running[0] + 300, running[1] + 120), "hanging": 40, "held": 80}
    later = dataclasses.replace(play, **{k: v for k, v in context.items()  # type: ignore[type-var]
                                         if k in names})
    assert position_seed(later) == position_seed(play)
    assert advise(game, later) == advise(game, play)
    code = (f"from tests.test_advice import _decisions; from atout.bots.advice import "
            f"position_seed; print(position_seed(_decisions({game!r})['play']))")
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True, cwd=os.getcwd())
        assert int(out.stdout) == position_seed(play)
