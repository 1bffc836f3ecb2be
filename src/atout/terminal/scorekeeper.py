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

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from atout.games.belote import ALL_CARDS
from atout.games.schieber import MATCH_BONUS
from atout.i18n import Translator
from atout.input import read_suit, said, suit_choices
from atout.scorekeeper import (
    EntryRefused,
    Scoresheet,
    explain_refusal,
    new_sheet,
    read_scoresheet,
    why,
    write_scoresheet,
)
from atout.scorekeeper.deberts import CARD_TOTAL
from atout.scorekeeper.schieber import POINTS_TOTAL

__all__ = ["ScoreSession"]

_WINNER_KEYS = {"deberts": "seqwin", "belote": "annwin", "schieber": "weiswin"}
_MELD_KEYS = {"deberts": "sequences", "belote": "announcements", "schieber": "weis"}


class _Quit(Exception):
    """End of input or ``q``."""


class _Again(Exception):
    """An answer the question cannot take: say why (when there is something to say)
    and ask it again."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message


#: The entry refusals that one group of questions answers, asked again after the reason.
_ASK_AGAIN = {
    "score.points-total": "points", "score.deberts.points-range": "points",
    "score.capot-points": "points", "score.trick-with-points": "points",
    "score.schieber.stop-points": "points", "score.schieber.claim-short": "points",
    "score.schieber.other-first": "points", "score.schieber.stop-match": "points",
    "score.schieber.weis-first-trick": "points",
    "score.meld-value": "melds", "score.meld-cards": "melds", "score.meld-none": "melds",
    "score.meld-beaten": "melds", "score.meld-unique": "melds",
    "score.schieber.stoeck-no-trump": "extra",
}


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

    def taker(self, answer: str) -> int | None:
        """The seat (1 to 4) that took, counted from 0; None: all passed."""
        if answer.lower() in ("p", "-") or said(answer, "input.action.pass", self.lang):
            return None
        return self.side(answer, allow_none=False, count=4)

    def caller(self, answer: str) -> int | None:
        """The player who took, counted from 0; None: thrown in (four passes)."""
        if answer.lower() in ("p", "-") or said(answer, "input.action.pass", self.lang):
            return None
        return self.side(answer, allow_none=False)

    def suit(self, answer: str) -> str:
        """A suit in the interface language or English: its letter in the records."""
        suit = read_suit(answer, lang=self.lang)
        if suit is None:
            raise _Again(self.t("score.cli.bad-answer", answer=answer) if answer else "")
        return suit.letter

    def contract(self, answer: str) -> str:
        """A trump suit, Obenabe or Undenufe: its word in the records."""
        for mode in ("obenabe", "undenufe"):
            if said(answer, f"input.action.{mode}", self.lang):
                return mode
        return self.suit(answer)

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

    def melds_of(self, side: int) -> Callable[[str], str]:
        def read(answer: str) -> str:
            try:
                values = self.sheet.read_melds(answer, side)
            except EntryRefused as exc:
                raise _Again(explain_refusal(exc, self.sheet, self.lang)) from None
            return "+".join(str(v) for v in values)
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
    def questions(self) -> dict[str, str] | None:
        """Ask for one deal, each answer checked as it is given; its entry words, by the
        group of questions that gave them (None: thrown in)."""
        first = self._ask_group("caller")
        if first is None:
            return None
        words = {"caller": first}
        for group in ("points", "melds", "extra"):
            while True:
                words[group] = self._ask_group(group) or ""
                # what the answers so far make impossible is said now, and asked again
                refused = self._refusal(" ".join(w for w in words.values() if w))
                if refused is None or _ASK_AGAIN.get(refused.rule) != group:
                    break
                self.say("✗ " + explain_refusal(refused, self.sheet, self.lang))
        return words

    def _refusal(self, text: str) -> EntryRefused | None:
        """Why the rules refuse ``text`` as the next deal, if they do (nothing is
        written)."""
        sheet = self.sheet
        try:
            sheet.check(sheet.parse_entry(text))
        except EntryRefused as exc:
            return exc
        return None

    def _ask_group(self, group: str) -> str | None:
        """The entry words of one group of questions (``caller``, ``points``...)."""
        game = self.game
        ask = self.ask_until
        if group == "caller" and game == "deberts":
            caller = ask(self.caller, "score.ask.deberts.caller", sides=self.sides_hint())
            if caller is None:
                return None
            suit = ask(self.suit, "score.ask.trump", suits=suit_choices(self.lang))
            return f"caller={caller} trump={suit}"
        if group == "caller" and game == "belote":
            seat = ask(self.taker, "score.ask.belote.taker")
            if seat is None:
                return None
            suit = ask(self.suit, "score.ask.trump", suits=suit_choices(self.lang))
            return f"taker={seat} trump={suit}"
        if group == "caller":  # Schieber: the contract, and who named it
            contract = ask(self.contract, "score.ask.schieber.contract",
                           suits=suit_choices(self.lang))
            pushed = ask(self.yes_no, "score.ask.schieber.pushed")
            return f"contract={contract}" + (" pushed" if pushed else "")
        if group == "points":
            return self._ask_points()
        if group == "melds":
            shown = [ask(self.melds_of(side), f"score.ask.{game}.melds", who=self.name(side))
                     for side in (0, 1)]
            listed = ",".join(f"{i}:{m}" for i, m in enumerate(shown) if m)
            return f"{_MELD_KEYS[game]}={listed}" if listed else ""
        extra = {"deberts": "bela", "belote": "belote", "schieber": "stoeck"}[game]
        holder = ask(self.any_side, f"score.ask.{game}.{extra}", sides=self.sides_hint())
        return "" if holder is None else f"{extra}={holder}"

    def _ask_points(self) -> str:
        game = self.game
        ask = self.ask_until
        if game == "deberts":
            a, b = (ask(self.points(CARD_TOTAL), "score.ask.deberts.points", who=self.name(side))
                    for side in (0, 1))
            return f"points={a},{b}"
        if game == "belote":
            capot = ask(self.any_side, "score.ask.belote.capot", sides=self.sides_hint())
            if capot is not None:
                return f"capot={capot}"
            points = ask(self.points(ALL_CARDS), "score.ask.points", who=self.name(0),
                         total=ALL_CARDS)
            return f"points=0:{points}"
        stop = ask(self.any_side, "score.ask.schieber.stop", sides=self.sides_hint())
        if stop is not None:
            first_trick = ask(self.yes_no, "score.ask.schieber.first-trick")
            captured = ask(self.points(POINTS_TOTAL + MATCH_BONUS),
                           "score.ask.schieber.captured", who=self.name(stop))
            return f"stop={stop} points={stop}:{captured}" + (
                "" if first_trick else " first_trick=no")
        match = ask(self.any_side, "score.ask.schieber.match", sides=self.sides_hint())
        if match is not None:
            return f"match={match}"
        points = ask(self.points(POINTS_TOTAL), "score.ask.points", who=self.name(0),
                     total=POINTS_TOTAL)
        return f"points=0:{points}"

    def enter(self, entry: str | dict[str, str] | None, number: int | None = None) -> None:
        """Add (or correct deal ``number`` with) an entry: a line, or the words of the
        questions (None: thrown in). A refusal is said with its rule; then what it needs
        is asked (who won a comparison, who reached the target first), or, for an entry
        from the questions, the questions it concerns are asked again."""
        words = {"caller": "thrown-in"} if entry is None else (
            {"line": entry} if isinstance(entry, str) else dict(entry))
        while True:
            text = " ".join(w for w in words.values() if w)
            try:
                if number is None:
                    row = self.sheet.add(text)
                else:
                    self.sheet.correct(number, text)
                    row = self.sheet.rows[-1]
            except EntryRefused as exc:
                rule = exc.params.get("inner_rule", exc.rule)
                if rule == "score.meld-tie" and _WINNER_KEYS[self.game] not in text:
                    side = self.ask_until(self.one_side, "score.ask.meld-winner",
                                          sides=self.sides_hint())
                    words["winner"] = f"{_WINNER_KEYS[self.game]}={side}"
                    continue
                if rule == "score.schieber.first-needed" and "first=" not in text:
                    side = self.ask_until(self.one_side, "score.ask.schieber.first",
                                          sides=self.sides_hint())
                    words["first"] = f"first={side}"
                    continue
                self.say("✗ " + explain_refusal(exc, self.sheet, self.lang))
                group = _ASK_AGAIN.get(rule)
                if group is None or group not in words:
                    return
                words.pop("winner", None)
                words.pop("first", None)
                words[group] = self._ask_group(group) or ""
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
