"""``atout learn GAME``: the lessons and puzzles in the terminal, line by line.

Plain lines in and out (no full screen), so a script can drive it: it reads answers
from ``input_fn`` and writes with ``output``. Progress is kept in a JSON file
(:class:`atout.learn.progress.Progress`) after every right answer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from atout.input import said
from atout.learn import (
    check_puzzle,
    daily,
    find_puzzle,
    lessons,
    load_puzzles,
    puzzle_situation,
)
from atout.learn.course import Lesson, Step, check, parse_answer, situation
from atout.learn.progress import Progress
from atout.terminal.common import LineSession

__all__ = ["LearnSession"]

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


class _Quit(Exception):
    """The learner typed 'quit', or the input ended."""


class LearnSession(LineSession):
    """The lessons and puzzles of ``game``, a question and its answer at a time;
    ``progress``: what the learner has done (kept between sessions)."""

    def __init__(
        self,
        game: str,
        *,
        lang: str = "en",
        progress: Progress | None = None,
        input_fn: Callable[[str], str] = input,
        output: Callable[[str], None] = print,
        today: date | None = None,
    ) -> None:
        super().__init__(lang=lang, input_fn=input_fn, output=output)
        self.game = game
        self.progress = progress if progress is not None else Progress()
        self.today = today or date.today()
        self.lessons = lessons(game)

    # -- entry points ---------------------------------------------------------------------
    def run(self, lesson: int | None = None, puzzle: str | None = None) -> int:
        """The menu, or straight to one lesson (1-based) or puzzle (an id or ``daily``)."""
        try:
            if lesson is not None:
                self.lesson(self.lessons[lesson - 1], lesson)
            elif puzzle is not None:
                self.puzzle(puzzle)
            else:
                self.menu()
        except _Quit:
            pass
        self.say(self.t("learn.cli.bye"))
        return 0

    def ask(self, prompt: str) -> str:
        try:
            text = self.input_fn(prompt)
        except EOFError:
            raise _Quit from None
        if text.strip().lower() in ("quit", "q", "exit"):
            raise _Quit
        return text.strip()

    def menu(self) -> None:
        t = self.t
        while True:
            self.say("")
            name = t(f"{self.game}.title") if t.has(f"{self.game}.title") else self.game.title()
            self.say(t("learn.title", game=name))
            self.say(t("learn.lessons"))
            for i, lesson in enumerate(self.lessons, 1):
                ids = [s.id for s in lesson.steps]
                done = self.progress.count(ids)
                self.say(f"  {i}. {t(lesson.title)}  ({done}/{len(ids)})")
            puzzles = load_puzzles(self.game)
            solved = self.progress.count([f"puzzle:{p.id}" for p in puzzles])
            self.say(f"  p. {t('learn.puzzles')} ({solved}/{len(puzzles)})")
            self.say(f"  d. {t('learn.daily')}")
            self.say(t("learn.cli.menu"))
            choice = self.ask(t("learn.cli.choose")).lower()
            if choice == "p":
                self.puzzle_menu()
            elif choice == "d":
                self.puzzle("daily")
            elif choice.isdigit() and 1 <= int(choice) <= len(self.lessons):
                self.lesson(self.lessons[int(choice) - 1], int(choice))
            else:
                self.say(t("learn.cli.unreadable", text=choice))

    def puzzle_menu(self) -> None:
        t = self.t
        puzzles = load_puzzles(self.game)
        for i, p in enumerate(puzzles, 1):
            mark = " ✓" if f"puzzle:{p.id}" in self.progress else ""
            self.say(f"  {i}. {p.id} ({t(f'learn.puzzle.difficulty.{p.difficulty}')}){mark}")
        choice = self.ask(t("learn.cli.choose"))
        if choice.isdigit() and 1 <= int(choice) <= len(puzzles):
            self.puzzle(puzzles[int(choice) - 1].id)
        else:
            self.say(t("learn.cli.unreadable", text=choice))

    # -- lessons ------------------------------------------------------------------------------
    def lesson(self, lesson: Lesson, number: int) -> None:
        t = self.t
        self.say("")
        self.say(f"== {t('learn.lesson', number=number, title=t(lesson.title))} ==")
        self.say(t(lesson.intro))
        for i, step in enumerate(lesson.steps, 1):
            self.say("")
            self.say(f"-- {t('learn.step', number=i, total=len(lesson.steps))} --")
            self.step(step)
        self.say("")
        self.say(t("learn.cli.lesson-done"))

    def step(self, step: Step) -> None:
        t = self.t
        deal = step.build()
        shown = situation(step, deal, self.lang)
        self.show(shown)
        prompt = t(f"learn.cli.answer-{step.kind}")
        while True:
            text = self.ask(prompt)
            if said(text, "input.learn.skip", self.lang):
                return
            if said(text, "input.learn.show", self.lang):
                verdict = check(step, deal, None, self.lang)
                self.say(t("learn.answer-is", answer=verdict.answer_text))
                self.say(verdict.rule)
                return
            try:
                given = parse_answer(step, text)
            except ValueError:
                self.say(t("learn.cli.unreadable", text=text))
                continue
            verdict = check(step, deal, given, self.lang)
            if verdict.correct:
                self.say(f"{t('learn.right')} {t('learn.answer-is', answer=verdict.answer_text)}")
                self.say(verdict.rule)
                self.remember(step.id)
                return
            self.say(t("learn.wrong"))
            for reason in verdict.reasons:
                self.say(f"  - {reason}")
            self.say(t("learn.try-again"))

    def show(self, shown: dict[str, Any]) -> None:
        t = self.t
        seats = shown["seats"]
        line = [t("learn.trump", trump=shown["trump"]) if shown["trump"] else t("learn.no-trump")]
        if shown.get("turned"):
            line.append(t(shown["turned_key"], card=_sym(shown["turned"])))
        if shown.get("bottom"):
            line.append(t("learn.bottom", card=_sym(shown["bottom"])))
        line.append(t("learn.dealer", seat=seats[str(shown["dealer"])]))
        if shown["to_play"] is not None:
            line.append(t("learn.to-play", seat=seats[str(shown["to_play"])]))
        self.say(" · ".join(line))
        for seat, cards in shown["hands"].items():
            label = t("learn.your-hand") if int(seat) == shown["seat"] else t(
                "learn.hand-of", seat=seats[seat])
            self.say(f"{label}{t.colon}{' '.join(_sym(c) for c in cards)}")
        if shown["last_trick"]:
            played = ", ".join(f"{seats[str(s)]} {_sym(c)}" for s, c in shown["last_trick"])
            self.say(f"{t.label('learn.last-trick')}{played}")
        if shown["trick"]:
            played = ", ".join(f"{seats[str(s)]} {_sym(c)}" for s, c in shown["trick"])
            self.say(f"{t.label('learn.trick')}{played}")
        for fact in shown["facts"]:
            self.say(fact)
        self.say(shown["question"])
        if "options" in shown:
            for i, (_, label) in enumerate(shown["options"], 1):
                self.say(f"  {i}. {label}")
        if "candidates" in shown:
            self.say("  " + "  ".join(label for _, label in shown["candidates"]))

    # -- puzzles ------------------------------------------------------------------------------
    def puzzle(self, which: str) -> None:
        t = self.t
        found = daily(self.game, self.today) if which == "daily" else find_puzzle(which)
        if found is None or found.game != self.game:
            self.say(t("learn.puzzle.none"))
            return
        self.say("")
        self.say(f"== {t('learn.puzzle.title', id=found.id)} ==")
        self.show(puzzle_situation(found, self.lang))
        while True:
            text = self.ask(t("learn.cli.answer-card"))
            if said(text, "input.learn.skip", self.lang):
                return
            if said(text, "input.learn.show", self.lang):
                verdict = check_puzzle(found, found.best, self.lang)
                self.say(t("learn.answer-is", answer=verdict.answer_text))
                self.say(verdict.rule)
                self.say(t("learn.position", position=found.position))
                return
            verdict = check_puzzle(found, text, self.lang)
            if verdict.correct:
                self.say(f"{t('learn.right')} {verdict.rule}")
                self.say(t("learn.position", position=found.position))
                self.remember(f"puzzle:{found.id}")
                return
            self.say(t("learn.wrong"))
            for reason in verdict.reasons:
                self.say(f"  - {reason}")
            self.say(t("learn.try-again"))

    def remember(self, item: str) -> None:
        if not self.progress.mark(item):
            return
        try:
            self.progress.save()
        except OSError as exc:
            self.say(self.t("learn.cli.cannot-save", path=self.progress.path,
                            reason=exc.strerror or str(exc)))


def _sym(code: str) -> str:
    return code[1:] + SUIT_SYMBOLS[code[0]]

