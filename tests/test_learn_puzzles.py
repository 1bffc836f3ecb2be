"""The puzzles: each claimed best card is proved again by the open-hand solver, over 4
worlds drawn from the player's view (the first 4 of the very sample a sampled proof
used); the smallest enumerated puzzle over every world its view allows; the daily
puzzle; the judging of a card."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import date

import pytest

# the plain-Python solver is fast enough for these endings and needs no compiling; a
# process that already loaded the compiled one keeps it
os.environ.setdefault("ATOUT_PURE_SOLVER", "1")

from atout.learn import GAMES, check_puzzle, daily, load_puzzles, puzzle_situation
from atout.learn.puzzles import enumerate_worlds, judge, legal_cards, prove, sample
from atout.notation import format_position, read_position
from web_support import hidden_from

PUZZLES = load_puzzles()
CHECK_WORLDS = 4


def test_a_graded_set_for_every_game() -> None:
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for game in GAMES:
        mine = [p for p in PUZZLES if p.game == game]
        assert len(mine) >= 4, game
        assert {p.difficulty for p in mine} <= {1, 2, 3}
    assert {p.difficulty for p in PUZZLES} == {1, 2, 3}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_the_claim_is_proved_again_by_the_solver(puzzle: object) -> None:
    from atout.learn.puzzles import Puzzle

    assert isinstance(puzzle, Puzzle)
    deal = read_position(puzzle.position)
    assert format_position(deal) == puzzle.position
    assert deal.current_player() == puzzle.seat
    assert puzzle.best in legal_cards(deal) and puzzle.second in legal_cards(deal)
    assert set(puzzle.values) == set(legal_cards(deal))
    assert puzzle.margin > 0 and puzzle.values[puzzle.best] - puzzle.values[
        puzzle.second] == pytest.approx(puzzle.margin, abs=0.02)
    proof = prove(puzzle, worlds=CHECK_WORLDS)
    assert proof.worlds == CHECK_WORLDS
    assert proof.best_everywhere, (puzzle.id, proof)


def test_the_smallest_enumerated_puzzle_over_all_its_worlds() -> None:
    smallest = min((p for p in PUZZLES if p.proof == "all"), key=lambda p: p.worlds)
    deal = smallest.deal()
    worlds = enumerate_worlds(deal, smallest.seat, 10_000)
    assert worlds is not None and len(worlds) == smallest.worlds
    for world in worlds:  # each world is the real view of the player
        assert world.view(smallest.seat).hand == deal.view(smallest.seat).hand
    proof = prove(smallest)
    assert proof.best_everywhere and proof.values == smallest.values


def test_the_second_best_card_fails_the_proof() -> None:
    puzzle = next(p for p in PUZZLES if p.proof == "all" and p.worlds <= 60)
    wrong = replace(puzzle, best=puzzle.second)
    assert not prove(wrong).best_everywhere


def test_sampled_worlds_agree_with_the_view() -> None:
    puzzle = next(p for p in PUZZLES if p.proof == "sampled")
    deal = puzzle.deal()
    for world in sample(deal, puzzle.seat, 3, puzzle.seed):
        assert world.view(puzzle.seat) == deal.view(puzzle.seat)
    found = judge(sample(deal, puzzle.seat, 2, puzzle.seed), puzzle.seat)
    assert found.worlds == 2


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
    missing = next(c.name for c in deal.hand(1 - puzzle.seat % 2 if deal.num_players == 2
                                             else (puzzle.seat + 1) % 4))
    refused = check_puzzle(puzzle, missing, "en")
    assert not refused.correct and "not in your hand" in refused.reasons[0]
