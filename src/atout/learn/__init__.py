"""Learning the games: lessons whose answers the engine gives, and puzzles the solver
proves (docs/learn.md). Interfaces (``atout learn``, the Learn page) use this package."""

from __future__ import annotations

from typing import Any

from atout.games.base import Deal
from atout.i18n import Translator, explain, number
from atout.kits import NAMES, kit
from atout.learn.course import Lesson, Step, Verdict, action_label, situation
from atout.learn.puzzles import Puzzle, daily, load_puzzles

__all__ = [
    "GAMES",
    "Lesson",
    "Puzzle",
    "Step",
    "Verdict",
    "check_puzzle",
    "daily",
    "find_puzzle",
    "find_step",
    "lessons",
    "load_puzzles",
    "puzzle_situation",
    "topics",
]

#: The games that have a course (every kit's ``lessons``).
GAMES = NAMES


def lessons(game: str) -> tuple[Lesson, ...]:
    """The course of ``game``, in order."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    return kit(game).course().LESSONS  # type: ignore[no-any-return]


def topics(game: str) -> tuple[str, ...]:
    """The rules of the game's rules page that its course teaches, one id each."""
    return kit(game).course().TOPICS  # type: ignore[no-any-return]


def find_step(step_id: str) -> tuple[Lesson, int, Step] | None:
    """The lesson, the index and the step of ``step_id`` (``deberts.3.follow``)."""
    game = step_id.split(".", 1)[0]
    if game not in GAMES:
        return None
    for lesson in lessons(game):
        for i, step in enumerate(lesson.steps):
            if step.id == step_id:
                return lesson, i, step
    return None


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    return next((p for p in load_puzzles() if p.id == puzzle_id), None)


def puzzle_situation(puzzle: Puzzle, lang: str = "en") -> dict[str, Any]:
    """What the player sees of a puzzle: the seat's view only (never a hidden card), the
    question and the legal cards."""
    t = Translator(lang)
    deal = puzzle.deal()
    probe = Step(puzzle.id, lambda: deal, puzzle.seat, "legal", "learn.puzzle.question",
                 "learn.puzzle.question", (), frozenset())
    out = situation(probe, deal, lang)
    out["question"] = t("learn.puzzle.question",
                        difficulty=t(f"learn.puzzle.difficulty.{puzzle.difficulty}"))
    out["id"] = puzzle.id
    out["difficulty"] = puzzle.difficulty
    out["candidates"] = [(c, action_label(c)) for c in _legal(deal)]
    del out["position"]  # it holds the whole deal: given with the solution only
    return out


def _legal(deal: Deal) -> list[str]:
    from atout.games.actions import Play

    return [a.card.name for a in deal.legal_actions() if isinstance(a, Play)]


def check_puzzle(puzzle: Puzzle, card: str, lang: str = "en") -> Verdict:
    """Judge a card by the puzzle's proof: illegal (the engine's rule), worse (by how
    much on average), or the best card (with the solution explained)."""
    from atout.cards import Card, CardParseError
    from atout.games.actions import Play

    t = Translator(lang)
    solution = puzzle_solution(puzzle, lang)
    try:
        code = Card.parse(card.strip()).name
    except CardParseError:
        return Verdict(False, (t("learn.cli.unreadable", text=card),), solution)
    deal = puzzle.deal()
    error = deal.why_illegal(Play(Card.parse(code)))
    if error is not None:
        reason = t("learn.puzzle.not-legal", card=action_label(code), reason=explain(error, lang))
        return Verdict(False, (reason,), solution, action_label(puzzle.best))
    if code != puzzle.best:
        loss = round(puzzle.values[puzzle.best] - puzzle.values[code], 2)
        reason = t("learn.puzzle.worse", card=action_label(code), loss=_points(loss, lang))
        return Verdict(False, (reason,), solution, action_label(puzzle.best))
    return Verdict(True, (), solution, action_label(puzzle.best))


def puzzle_solution(puzzle: Puzzle, lang: str = "en") -> str:
    t = Translator(lang)
    key = "learn.puzzle.solution-all" if puzzle.proof == "all" else "learn.puzzle.solution-sampled"
    text = t(key, card=action_label(puzzle.best), worlds=puzzle.worlds,
             margin=_points(puzzle.margin, lang), second=action_label(puzzle.second))
    if puzzle.line:
        text += " " + t("learn.puzzle.line", line=", ".join(action_label(c) for c in puzzle.line))
    return text


def _points(value: float, lang: str) -> str:
    """Points as the reader writes them: whole, or with one decimal (``1,5`` in French)."""
    return number(value, lang, 0 if float(value).is_integer() else 1)
