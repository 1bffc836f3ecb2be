"""``atout score GAME``: keep the score of a game played with real cards, in the terminal.

Each deal is asked for in a few questions in the words of the table (who took, the
suit, the card points, what was shown...), or typed on one line in the entry syntax of
the records (``caller=0 trump=H points=72,90``, sides counted from 0). Each answer is
checked as it is given and asked again when it cannot be read (a suit in the interface
language or English, a number in range, the game's melds); an entry the rules refuse
as a whole is explained, and the questions it concerns asked again. The answer is the
deal as the rules write it, with why, and the running scores. Commands are read line by
line (``input_fn``), so a script on standard input drives it. See docs/scorekeeper.md.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Unpack

from atout.input import read_suit, said, suit_choices
from atout.scorekeeper import (
    EntryRefused,
    Question,
    Scoresheet,
    explain_refusal,
    new_sheet,
    read_scoresheet,
    why,
    write_scoresheet,
)
from atout.scorekeeper.base import PASSED
from atout.terminal.common import LineChoices, LineSession

__all__ = ["ScoreSession"]

#: The groups of questions of a deal, in the order they are asked.
_GROUPS = ("caller", "points", "melds", "extra")


class _Quit(Exception):
    """End of input or ``q``."""


class _Again(Exception):
    """An answer the question cannot take: say why (when there is something to say)
    and ask it again."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message


class ScoreSession(LineSession):
    """A scoresheet and the questions that fill it, one line at a time."""

    def __init__(
        self,
        game: str,
        *,
        options: str | None = None,
        names: list[str] | None = None,
        dealer: int = 0,
        load: str | None = None,
        **line: Unpack[LineChoices],
    ) -> None:
        super().__init__(**line)
        if load:
            self.sheet: Scoresheet[Any] = read_scoresheet(Path(load).read_text(encoding="utf-8"))
        else:
            self.sheet = new_sheet(game, options, first_dealer=dealer, names=names or ())
        self.game = self.sheet.game

    # -- small helpers -------------------------------------------------------------------
    def ask(self, key: str, **params: Any) -> str:
        try:
            answer = self.input_fn(self.t(key, **params) + " ")
        except EOFError:
            raise _Quit from None
        answer = answer.strip()
        if self.echo:
            self.output(answer)
        if answer.lower() in ("q", "quit"):
            raise _Quit
        return answer

    def ask_until(self, read: Callable[[str], Any], key: str, **params: Any) -> Any:
        """Ask ``key`` until ``read`` takes the answer (it raises :class:`_Again` with why
        not); what ``read`` gives."""
        while True:
            answer = self.ask(key, **params)
            try:
                return read(answer)
            except _Again as again:
                if again.message:
                    self.say("✗ " + again.message)

    def name(self, side: int) -> str:
        return self.sheet.side_name(side, self.lang)

    def sides_hint(self) -> str:
        return ", ".join(f"{i + 1} {self.name(i)}" for i in range(2))

    # -- the readers of one answer ----------------------------------------------------------
    def side(self, answer: str, *, allow_none: bool = True, count: int = 2) -> int | None:
        """``1``/``2`` (or a name) into a side counted from 0; empty or ``-`` is none."""
        if answer in ("", "-") and allow_none:
            return None
        if not answer:
            raise _Again
        for i in range(count):
            if answer == str(i + 1) or (count == 2 and answer.lower() == self.name(i).lower()):
                return i
        raise _Again(self.t("score.cli.bad-answer", answer=answer))

    def any_side(self, answer: str) -> int | None:
        return self.side(answer)

    def one_side(self, answer: str) -> int | None:
        return self.side(answer, allow_none=False)

    def taker(self, answer: str) -> int | str:
        """The seat (1 to 4) that took, counted from 0; ``p``: all passed."""
        if answer.lower() in ("p", "-") or said(answer, "input.action.pass", self.lang):
            return PASSED
        return self.side(answer, allow_none=False, count=4) or 0

    def caller(self, answer: str) -> int | str:
        """The player who took, counted from 0; ``p``: thrown in (four passes)."""
        if answer.lower() in ("p", "-") or said(answer, "input.action.pass", self.lang):
            return PASSED
        return self.side(answer, allow_none=False) or 0

    def suit(self, answer: str) -> str:
        """A suit in the interface language or English: its letter in the records."""
        suit = read_suit(answer, lang=self.lang)
        if suit is None:
            raise _Again(self.t("score.cli.bad-answer", answer=answer) if answer else "")
        return suit.letter

    def contract(self, question: Question) -> Callable[[str], str]:
        """A trump suit or one of the question's other contracts (Obenabe...): its word
        in the records."""
        def read(answer: str) -> str:
            for value, key, _text in question.choices:
                if key and said(answer, f"input.action.{value}", self.lang):
                    return str(value)
            return self.suit(answer)
        return read

    def points(self, high: int) -> Callable[[str], int]:
        def read(answer: str) -> int:
            if answer.isdigit() and int(answer) <= high:
                return int(answer)
            raise _Again(self.t("score.cli.bad-number", answer=answer, high=high)
                         if answer else "")
        return read

    def yes_no(self, answer: str) -> bool:
        if said(answer, "input.answer.yes", self.lang):
            return True
        if not answer or said(answer, "input.answer.no", self.lang):
            return False
        raise _Again(self.t("score.cli.bad-answer", answer=answer))

    def melds_of(self, side: int) -> Callable[[str], list[int]]:
        def read(answer: str) -> list[int]:
            try:
                values = self.sheet.read_melds(answer, side)
            except EntryRefused as exc:
                raise _Again(explain_refusal(exc, self.sheet, self.lang)) from None
            return list(values)
        return read

    def status(self) -> str:
        sheet = self.sheet
        s0, s1 = sheet.scores
        line = self.t("score.cli.status", number=sheet.deal_number,
                      a=self.name(0), b=self.name(1), sa=s0, sb=s1)
        if sheet.carried:
            line += " · " + self.t(f"score.cli.carried.{self.game}", points=sheet.carried)
        return line

    # -- a deal by questions ----------------------------------------------------------------
    def questions(self) -> dict[str, Any] | None:
        """Ask for one deal, each answer checked as it is given; the answers to the
        sheet's questions (None: thrown in)."""
        answers: dict[str, Any] = {}
        for group in _GROUPS:
            while True:
                self._ask_group(group, answers)
                if PASSED in answers.values():
                    return None
                if group == "caller":
                    break
                # what the answers so far make impossible is said now, and asked again
                refused = self._refusal(self.sheet.entry_of(answers))
                if refused is None or self.sheet.ask_again.get(refused.rule) != group:
                    break
                self.say("✗ " + explain_refusal(refused, self.sheet, self.lang))
        return answers

    def _refusal(self, text: str) -> EntryRefused | None:
        """Why the rules refuse ``text`` as the next deal, if they do (nothing is
        written)."""
        sheet = self.sheet
        try:
            sheet.check(sheet.parse_entry(text))
        except EntryRefused as exc:
            return exc
        return None

    def _ask_group(self, group: str, answers: dict[str, Any]) -> None:
        """Ask (again) the questions of one group (``caller``, ``points``...), those
        asked only on a refusal aside."""
        questions = [q for q in self.sheet.form if q.group == group]
        for q in questions:
            answers.pop(q.name, None)
            answers.pop(f"{q.name}0", None)
            answers.pop(f"{q.name}1", None)
        for q in questions:
            if q.on_refusal is None and q.asked(answers):
                if q.kind == "melds":
                    for side in (0, 1):
                        answers[f"{q.name}{side}"] = self._ask(q, answers, side)
                else:
                    answers[q.name] = self._ask(q, answers)
                if answers.get(q.name) == PASSED:  # all passed: nothing more to ask
                    return

    def _ask(self, q: Question, answers: dict[str, Any], side: int | None = None) -> Any:
        """One question's answer, asked until it can be read."""
        readers: dict[str, Callable[[str], Any]] = {
            "suit": self.suit, "yes": self.yes_no, "winner": self.one_side,
            "seat": self.taker, "side": self.caller if q.passes else (
                self.any_side if q.none else self.one_side),
        }
        read: Callable[[str], Any]
        if q.kind == "contract":
            read = self.contract(q)
        elif q.kind == "points":
            read = self.points(q.high)
        elif q.kind == "melds":
            read = self.melds_of(side or 0)
        else:
            read = readers[q.kind]
        who = side if side is not None else q.side if q.side is not None else (
            answers.get(q.who_of) if q.who_of else None)
        return self.ask_until(read, q.ask, sides=self.sides_hint(),
                              suits=suit_choices(self.lang), total=q.high,
                              who=self.name(who) if who is not None else "")

    def enter(self, entry: str | dict[str, Any] | None, number: int | None = None) -> None:
        """Add (or correct deal ``number`` with) an entry: a line, or the answers to the
        questions (None: thrown in). A refusal is said with its rule; then what it needs
        is asked (who won a comparison, who reached the target first), or, for an entry
        from the questions, the questions it concerns are asked again."""
        sheet = self.sheet
        line = "thrown-in" if entry is None else entry if isinstance(entry, str) else None
        answers: dict[str, Any] = {} if isinstance(entry, str) or entry is None else entry
        added: dict[str, Any] = {}  # the answers a refusal asked for
        while True:
            text = " ".join(w for w in (line, sheet.entry_of({**answers, **added})) if w)
            try:
                if number is None:
                    row = sheet.add(text)
                else:
                    sheet.correct(number, text)
                    row = sheet.rows[-1]
            except EntryRefused as exc:
                rule = exc.params.get("inner_rule", exc.rule)
                needed = next((q for q in sheet.form if q.on_refusal == rule), None)
                if needed is not None and needed.name not in added \
                        and needed.word.partition("=")[0] + "=" not in text:
                    added[needed.name] = self.ask_until(
                        self.one_side, needed.ask, sides=self.sides_hint())
                    continue
                self.say("✗ " + explain_refusal(exc, sheet, self.lang))
                group = sheet.ask_again.get(rule)
                if group is None or line is not None:
                    return
                added.clear()
                self._ask_group(group, answers)
                continue
            break
        if number is not None:
            self.say(self.t("score.cli.corrected", number=number))
            self.show_sheet()
        else:
            self.show_row(row)
        self.autosave()

    def show_row(self, row: Any) -> None:
        """A deal as it is written (its points and what hanging or held it takes), and
        why."""
        a, b = row.written
        self.say(self.t("score.cli.row", number=row.number, a=a, b=b) + " — "
                 + why(row, self.sheet, self.lang))

    def show_sheet(self) -> None:
        self.say(f"{'':>4} {self.name(0):>12} {self.name(1):>12}")
        for row in self.sheet.rows:
            carried = f"  ({row.carried})" if row.carried else ""
            a, b = row.written
            self.say(f"{row.number:>4} {a:>12} {b:>12}"
                     f"   = {row.scores[0]}:{row.scores[1]}{carried}")

    def autosave(self) -> None:
        if self.save:
            Path(self.save).write_text(write_scoresheet(self.sheet), encoding="utf-8")

    def end_text(self) -> str | None:
        sheet = self.sheet
        if sheet.winner is None:
            return None
        score = sheet.final_score or sheet.scores
        text = self.t("score.cli.over", who=self.name(sheet.winner), a=score[sheet.winner],
                      b=score[1 - sheet.winner])
        if sheet.stakes == 2:
            text += " " + self.t("score.cli.double")
        return text

    # -- the loop --------------------------------------------------------------------------------
    def run(self) -> int:
        self.say(self.t("score.cli.welcome", game=self.t(f"{self.game}.title")
                        if self.t.has(f"{self.game}.title") else self.game))
        while True:
            end = self.end_text()
            if end:
                self.say(end)
            else:
                self.say(self.status())
            try:
                command = self.ask("score.cli.prompt")
                low = command.lower()
                if low in ("h", "help", "?"):
                    self.say(self.t("score.cli.help", example=self.sheet.example))
                elif low in ("s", "sheet"):
                    self.show_sheet()
                elif low in ("u", "undo"):
                    try:
                        self.sheet.undo()
                        self.say(self.t("score.cli.undone"))
                        self.autosave()
                    except EntryRefused as exc:
                        self.say("✗ " + explain_refusal(exc, self.sheet, self.lang))
                elif low.startswith("fix"):
                    words = command.split(None, 2)
                    try:
                        number = int(words[1])
                    except (IndexError, ValueError):
                        self.say(self.t("score.cli.bad-answer", answer=command))
                        continue
                    self.enter(words[2] if len(words) > 2 else self.questions(), number)
                elif low.startswith("save"):
                    path = command[4:].strip() or self.save
                    if not path:
                        self.say(self.t("score.cli.bad-answer", answer=command))
                        continue
                    Path(path).write_text(write_scoresheet(self.sheet), encoding="utf-8")
                    self.say(self.t("score.cli.saved", path=path))
                elif "=" in command or low in ("thrown-in", "cancelled"):
                    self.enter(command)
                elif low in ("", "n", "new", "d", "deal"):
                    if self.sheet.is_over:
                        self.say("✗ " + self.t("rule.score.match-over"))
                        continue
                    self.enter(self.questions())
                else:
                    self.say(self.t("score.cli.bad-answer", answer=command))
            except _Quit:
                self.autosave()
                return 0
