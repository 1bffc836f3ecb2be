"""The puzzles: each claimed best card is proved again by the open-hand solver, over 4
worlds drawn from the player's view (the first 4 of the very sample a sampled proof
used); the smallest enumerated puzzle over every world its view allows; the second best
card fails the proof; the daily puzzle; the judging of a card.

The solver's checks run in one child process with the plain-Python kernel
(``ATOUT_PURE_SOLVER=1``): these endings need no compiling, and the test process keeps
whichever kernel the other tests load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from typing import Any

import pytest

from atout.learn import GAMES, check_puzzle, daily, load_puzzles, puzzle_situation
from atout.learn.puzzles import Puzzle, legal_cards
from atout.notation import format_position, read_position
from web_support import hidden_from

PUZZLES = load_puzzles()
CHECK_WORLDS = 4

_SCRIPT = """
import json
from dataclasses import replace
from atout.learn import load_puzzles
from atout.learn.puzzles import enumerate_worlds, judge, prove, sample
out = {"claims": {}}
puzzles = load_puzzles()
for p in puzzles:
    proof = prove(p, worlds=%(worlds)d)
    out["claims"][p.id] = [proof.worlds, proof.best_everywhere]
smallest = min((p for p in puzzles if p.proof == "all"), key=lambda p: p.worlds)
worlds = enumerate_worlds(smallest.deal(), smallest.seat, 10_000)
view = smallest.deal().view(smallest.seat)
full = prove(smallest)
out["smallest"] = {"id": smallest.id, "worlds": len(worlds), "claimed": smallest.worlds,
                   "views": all(w.view(smallest.seat).hand == view.hand for w in worlds),
                   "everywhere": full.best_everywhere,
                   "values": full.values == smallest.values}
small = next(p for p in puzzles if p.proof == "all" and p.worlds <= 60)
out["second_fails"] = not prove(replace(small, best=small.second)).best_everywhere
sampled = next(p for p in puzzles if p.proof == "sampled")
deal = sampled.deal()
out["sampled_views"] = all(w.view(sampled.seat) == deal.view(sampled.seat)
                           for w in sample(deal, sampled.seat, 3, sampled.seed))
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def solved() -> dict[str, Any]:
    env = dict(os.environ, ATOUT_PURE_SOLVER="1", PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT % {"worlds": CHECK_WORLDS}], env=env,
        capture_output=True, text=True, check=True, timeout=600,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_a_graded_set_for_every_game() -> None:
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for game in GAMES:
        mine = [p for p in PUZZLES if p.game == game]
        assert len(mine) >= 4, game
        assert {p.difficulty for p in mine} <= {1, 2, 3}
    assert {p.difficulty for p in PUZZLES} == {1, 2, 3}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_the_claim_is_proved_again_by_the_solver(puzzle: Puzzle, solved: dict[str, Any]) -> None:
    deal = read_position(puzzle.position)
    assert format_position(deal) == puzzle.position
    assert deal.current_player() == puzzle.seat
    assert puzzle.best in legal_cards(deal) and puzzle.second in legal_cards(deal)
    assert set(puzzle.values) == set(legal_cards(deal))
    assert puzzle.margin > 0
    assert puzzle.values[puzzle.best] - puzzle.values[puzzle.second] == pytest.approx(
        puzzle.margin, abs=0.02)
    assert puzzle.line[0] == puzzle.best
    assert solved["claims"][puzzle.id] == [CHECK_WORLDS, True]


def test_the_smallest_enumerated_puzzle_over_all_its_worlds(solved: dict[str, Any]) -> None:
    found = solved["smallest"]
    assert found["worlds"] == found["claimed"] >= 2
    assert found["views"] and found["everywhere"] and found["values"]


def test_the_second_best_card_fails_the_proof(solved: dict[str, Any]) -> None:
    assert solved["second_fails"]


def test_sampled_worlds_agree_with_the_view(solved: dict[str, Any]) -> None:
    assert solved["sampled_views"]


def test_the_daily_puzzle_is_the_same_all_day_and_changes() -> None:
    for game in GAMES:
        days = [date(2027, 1, d) for d in range(1, 29)]
        picks = [daily(game, d) for d in days]
        assert all(p is not None and p.game == game for p in picks)
        assert daily(game, days[0]) == picks[0]
        assert len({p.id for p in picks if p}) > 1


def test_a_card_is_judged_and_the_view_hides_the_other_hands() -> None:
    puzzle = PUZZLES[0]
    deal = puzzle.deal()
    shown = puzzle_situation(puzzle, "fr")
    hidden = hidden_from(deal, puzzle.seat)
    assert not hidden & {c for cards in shown["hands"].values() for c in cards}
    assert "position" not in shown
    assert check_puzzle(puzzle, puzzle.best, "fr").correct
    worse = check_puzzle(puzzle, puzzle.second, "es")
    assert not worse.correct and worse.answer_text
    other = (puzzle.seat + 1) % deal.num_players
    missing = next(iter(deal.hand(other))).name  # type: ignore[attr-defined]
    refused = check_puzzle(puzzle, missing, "en")
    assert not refused.correct and "not in your hand" in refused.reasons[0]
