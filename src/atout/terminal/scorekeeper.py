"""``atout score GAME``: keep the score of a game played with real cards, in the terminal.

Each deal is asked for in a few questions in the words of the table (who took, the
suit, the card points, what was shown...), or typed on one line in the entry syntax of
the records (``caller=0 trump=H points=72,90``, sides counted from 0). The answer is
the deal as the rules write it, with why, and the running scores. Commands are read line
by line (``input_fn``), so a script on standard input drives it. See docs/scorekeeper.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from atout.i18n import Translator
from atout.scorekeeper import (
    EntryRefused,
    Scoresheet,
    explain_refusal,
    new_sheet,
    read_scoresheet,
    why,
    write_scoresheet,
)
from atout.terminal.input import said

__all__ = ["ScoreSession"]

_WINNER_KEYS = {"deberts": "seqwin", "belote": "annwin", "schieber": "weiswin"}
_MELD_KEYS = {"deberts": "sequences", "belote": "announcements", "schieber": "weis"}


class _Quit(Exception):
    """End of input or ``q``."""


class _Restart(Exception):
    """An answer the session cannot read: ask the deal again."""


class ScoreSession:
    """A scoresheet and the questions that fill it, one line at a time."""

    def __init__(
        self,
        game: str,
        *,
        lang: str = "en",
        options: str | None = None,
        names: list[str] | None = None,
        dealer: int = 0,
        load: str | None = None,
        save: str | None = None,
        input_fn: Callable[[str], str] = input,
        output: Callable[[str], None] = print,
    ) -> None:
        self.t = Translator(lang)
        self.lang = lang
        if load:
            self.sheet: Scoresheet[Any] = read_scoresheet(Path(load).read_text(encoding="utf-8"))
        else:
            self.sheet = new_sheet(game, options, first_dealer=dealer, names=names or ())
        self.game = self.sheet.game
        self.save = save
        self.input_fn = input_fn
        self.output = output
        #: Echo each answer when the input is not a person at a terminal (a script).
        self.echo = input_fn is input and not sys.stdin.isatty()

    # -- small helpers -------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.output(text)

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

    def name(self, side: int) -> str:
        return self.sheet.side_name(side, self.lang)

    def sides_hint(self) -> str:
        return ", ".join(f"{i + 1} {self.name(i)}" for i in range(2))

    def side(self, answer: str, *, allow_none: bool = True, count: int = 2) -> int | None:
        """``1``/``2`` (or a name) into a side counted from 0; empty or ``-`` is none."""
        if answer in ("", "-") and allow_none:
            return None
        for i in range(count):
            if answer == str(i + 1) or (count == 2 and answer.lower() == self.name(i).lower()):
                return i
        self.say(self.t("score.cli.bad-answer", answer=answer))
        raise _Restart

    def status(self) -> str:
        sheet = self.sheet
        s0, s1 = sheet.scores
        line = self.t("score.cli.status", number=sheet.deal_number,
                      a=self.name(0), b=self.name(1), sa=s0, sb=s1)
        if sheet.carried:
            line += " · " + self.t(f"score.cli.carried.{self.game}", points=sheet.carried)
        return line

    # -- a deal by questions ----------------------------------------------------------------
    def melds(self, side: int) -> str:
        answer = self.ask(f"score.ask.{self.game}.melds", who=self.name(side))
        words = answer.replace(",", " ").split()
        return "+".join(words)

    def questions(self) -> str:
        """Ask for one deal; its entry text."""
        game = self.game
        parts: list[str] = []
        if game == "deberts":
            taker = self.ask("score.ask.deberts.caller", sides=self.sides_hint())
            if taker.lower() in ("p", "pass", "thrown-in"):
                return "thrown-in"
            caller = self.side(taker, allow_none=False)
            parts.append(f"caller={caller}")
            parts.append(f"trump={self.ask('score.ask.trump')}")
            a = self.ask("score.ask.deberts.points", who=self.name(0))
            b = self.ask("score.ask.deberts.points", who=self.name(1))
            parts.append(f"points={a},{b}")
        elif game == "belote":
            taker = self.ask("score.ask.belote.taker")
            if taker.lower() in ("p", "pass", "thrown-in"):
                return "thrown-in"
            seat = self.side(taker, allow_none=False, count=4)
            parts.append(f"taker={seat}")
            parts.append(f"trump={self.ask('score.ask.trump')}")
            capot = self.side(self.ask("score.ask.belote.capot", sides=self.sides_hint()))
            if capot is not None:
                parts.append(f"capot={capot}")
                parts.append(f"points={capot}:162")
            else:
                points = self.ask("score.ask.points", who=self.name(0), total=162)
                parts.append(f"points=0:{points}")
        else:
            parts.append(f"contract={self.ask('score.ask.schieber.contract')}")
            if said(self.ask("score.ask.schieber.pushed"), "input.answer.yes", self.lang):
                parts.append("pushed")
            stop = self.side(self.ask("score.ask.schieber.stop", sides=self.sides_hint()))
            if stop is not None:
                parts.append(f"stop={stop}")
                first = self.ask("score.ask.schieber.first-trick")
                if not said(first, "input.answer.yes", self.lang):
                    parts.append("first_trick=no")
                points = self.ask("score.ask.schieber.captured", who=self.name(stop))
                parts.append(f"points={stop}:{points}")
            else:
                match = self.side(self.ask("score.ask.schieber.match", sides=self.sides_hint()))
                if match is not None:
                    parts.append(f"match={match}")
                else:
                    points = self.ask("score.ask.points", who=self.name(0), total=157)
                    parts.append(f"points=0:{points}")
        melds = [self.melds(0), self.melds(1)]
        shown = ",".join(f"{i}:{m}" for i, m in enumerate(melds) if m)
        if shown:
            parts.append(f"{_MELD_KEYS[game]}={shown}")
        extra = {"deberts": "bela", "belote": "belote", "schieber": "stoeck"}[game]
        holder = self.side(self.ask(f"score.ask.{game}.{extra}", sides=self.sides_hint()))
        if holder is not None:
            parts.append(f"{extra}={holder}")
        return " ".join(parts)

    def enter(self, text: str, number: int | None = None) -> None:
        """Add (or correct deal ``number`` with) an entry; ask what a refusal needs."""
        while True:
            try:
                if number is None:
                    row = self.sheet.add(text)
                else:
                    self.sheet.correct(number, text)
                    row = self.sheet.rows[-1]
            except EntryRefused as exc:
                rule = exc.params.get("inner_rule", exc.rule)
                if rule == "score.meld-tie" and _WINNER_KEYS[self.game] not in text:
                    answer = self.ask("score.ask.meld-winner", sides=self.sides_hint())
                    text += f" {_WINNER_KEYS[self.game]}={self.side(answer, allow_none=False)}"
                    continue
                if rule == "score.schieber.first-needed" and "first=" not in text:
                    answer = self.ask("score.ask.schieber.first", sides=self.sides_hint())
                    text += f" first={self.side(answer, allow_none=False)}"
                    continue
                self.say("✗ " + explain_refusal(exc, self.sheet, self.lang))
                return
            break
        if number is not None:
            self.say(self.t("score.cli.corrected", number=number))
            self.show_sheet()
        else:
            self.show_row(row)
        self.autosave()

    def show_row(self, row: Any) -> None:
        self.say(self.t("score.cli.row", number=row.number, a=row.recorded[0],
                        b=row.recorded[1]) + " — " + why(row, self.sheet, self.lang))

    def show_sheet(self) -> None:
        self.say(f"{'':>4} {self.name(0):>12} {self.name(1):>12}")
        for row in self.sheet.rows:
            carried = f"  ({row.carried})" if row.carried else ""
            self.say(f"{row.number:>4} {row.recorded[0]:>12} {row.recorded[1]:>12}"
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
                    self.say(self.t("score.cli.help"))
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
                    text = words[2] if len(words) > 2 else self.questions()
                    self.enter(text, number)
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
            except _Restart:
                continue
            except _Quit:
                self.autosave()
                return 0
