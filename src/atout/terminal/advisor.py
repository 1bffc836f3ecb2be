"""``atout advise GAME``: the advisor in the terminal, one line at a time.

The session asks for what it needs next (your cards, a bid or a card of the seat to
play, the melds shown) and, on your turn, prints the bots' advice: every legal choice
ranked by the points it is expected to bring your side, with the one-line reason.
Cards and bids are read by :func:`atout.input.read_input`, in the interface
language or as the records' codes; the advisor's own entry syntax
(:mod:`atout.advisor.entries`) is read as well, so a script on standard input can drive
it. See docs/advisor.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Unpack

from atout.advisor import (
    Advisor,
    Entry,
    EntryRefused,
    record_text,
    review_deal,
)
from atout.advisor.typed import read_typed
from atout.bots.advice import HINT_LEVEL, action_name
from atout.games.actions import Action
from atout.i18n import punctuation, signed, translate
from atout.input import Command, fold, said
from atout.kits.present import outcome_text
from atout.terminal.common import LineChoices, LineSession

__all__ = ["AdviseSession"]



class _Quit(Exception):
    """End of input or ``quit``."""


class AdviseSession(LineSession):
    """An :class:`~atout.advisor.Advisor` and the lines that feed it."""

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        dealer: int = 0,
        level: str = HINT_LEVEL,
        seed: int = 0,
        options: str | None = None,
        **line: Unpack[LineChoices],
    ) -> None:
        super().__init__(**line)
        self.advisor = Advisor(game, seat=seat, options=options, first_dealer=dealer,
                               level=level, seed=seed)
        self.game = self.advisor.game

    # -- helpers ------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return self.advisor.seat_name(seat, self.lang)

    def team(self, side: int) -> str:
        """A side as the person names it: your team and theirs (with partners), or you
        and your opponent."""
        if self.advisor.n == 2:
            return self.t("seat.you" if side == self.advisor.seat else "seat.opponent")
        return self.t("belote.team.us" if side == self.advisor.seat % 2 else "belote.team.them")

    def scores(self) -> str:
        """The scores, the person's side first, each with its name."""
        mine = self.advisor.seat % 2
        scores = self.advisor.match.scores
        return " – ".join(f"{self.team(side)} {scores[side]}" for side in (mine, 1 - mine))

    def refuse(self, error: EntryRefused) -> None:
        self.say("✗ " + self.advisor.explain(error, self.lang))

    def ask(self, prompt: str) -> str:
        try:
            answer = self.input_fn(prompt + " > ")
        except EOFError:
            raise _Quit from None
        if self.echo:
            self.output(answer)
        return answer.strip()

    def show_cards(self, cards: Any) -> str:
        return " ".join(c.symbol for c in sorted(cards, key=lambda c: (c.suit, c.rank)))

    # -- the prompts --------------------------------------------------------------------
    def prompt(self) -> str:
        need = self.advisor.need
        if need.kind == "hand":
            up = "" if self.advisor.dealing.up_position is None else "-up"
            return self.t(f"advisor.need.hand{up}", count=need.count)
        if need.kind == "more":
            bottom = "-bottom" if self.advisor.dealing.bottom_with_later else ""
            return self.t(f"advisor.need.more{bottom}", count=need.count)
        if need.kind == "show":
            return self.t("advisor.need.show")
        if need.kind == "over":
            return self.t("advisor.need.over")
        world: Any = self.advisor.world
        key = "advisor.need.bid" if world.phase not in ("play",) else "advisor.need.act"
        if need.seat == self.advisor.seat:
            key = "advisor.need.you-play" if world.phase == "play" else "advisor.need.you-bid"
        text = self.t(key, seat=self.who(need.seat))
        return text[:1].upper() + text[1:]

    def status(self) -> None:
        view = self.advisor.view()
        if view is None:
            return
        self.say(self.t("advisor.hand", cards=self.show_cards(view.hand)))
        trump = getattr(view, "trump", None)
        if trump is not None:
            self.say(self.t("advisor.contract", trump=trump.symbol))
        if view.trick:
            self.say(self.t("advisor.trick", cards=" ".join(
                f"{self.who(s)} {c.symbol}" for s, c in view.trick)))

    def advise(self) -> list[Action]:
        """Print the advice for the person's turn; the actions, best first (a number
        typed then is read among the legal actions, in their order)."""
        advice = self.advisor.advise()
        self.say(self.t("advisor.advice", level=self.advisor.level))
        for i, item in enumerate(advice, 1):
            mark = " *" if item.chosen else ""
            self.say(f"  {i}. {action_name(item.action, self.lang):<10} "
                     f"{signed(item.points, self.lang):>6}  {item.reason(self.lang)}{mark}")
        return [item.action for item in advice]

    # -- reading one line ---------------------------------------------------------------
    def entry_from(self, text: str, numbered: list[Action] | None = None) -> Entry | Command:
        """The entry (or command) a line gives for what is needed now
        (:func:`atout.advisor.typed.read_typed`, the web page's reader too); a number
        picks among ``numbered``, the advice as printed."""
        return read_typed(self.advisor, text, self.lang, forehand=self.ask_forehand,
                          numbered=numbered)

    def ask_forehand(self) -> int:
        n = self.advisor.n
        me = self.advisor.seat
        names = ", ".join(f"{(s - me) % n} {self.who(s)}" for s in range(n) if s != me)
        answer = self.ask(f"forehand ({names})")
        if answer.isdigit() and 1 <= int(answer) < n:
            return (me + int(answer)) % n
        raise EntryRefused("advisor.error.forehand")

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        advisor = self.advisor
        self.say(self.t("advisor.title") + punctuation(":", self.lang)
                 + self.t(f"{self.game}.title") + " — " + self.t("advisor.help"))
        shown_deal = 0
        while True:
            if advisor.deal_number != shown_deal and advisor.need.kind == "hand":
                shown_deal = advisor.deal_number
                you = ".you" if advisor.dealer == advisor.seat else ""
                self.say(self.t(f"advisor.deal{you}", number=shown_deal,
                                seat=self.who(advisor.dealer)))
            need = advisor.need
            numbered: list[Action] | None = None
            if need.kind == "act" and need.seat == advisor.seat:
                self.status()
                try:
                    numbered = self.advise()
                except EntryRefused as exc:  # pragma: no cover - defensive
                    self.refuse(exc)
            try:
                line = self.ask(self.prompt())
            except _Quit:
                return 0
            if not line:
                continue
            low = fold(line)
            if said(low, "input.advisor.review", self.lang):
                self.review()
                continue
            if said(low, "input.advisor.record", self.lang):
                self.say(record_text(advisor))
                continue
            try:
                entry = self.entry_from(line, numbered)
            except EntryRefused as exc:
                self.refuse(exc)
                continue
            if isinstance(entry, Command):
                if entry is Command.QUIT:
                    return 0
                if entry is Command.UNDO:
                    try:
                        undone = advisor.undo()
                        self.say(self.t("advisor.undone", entry=_entry_words(advisor, undone)))
                    except EntryRefused as exc:
                        self.refuse(exc)
                elif entry is Command.HELP:
                    self.say(self.t("advisor.help"))
                elif entry is Command.SCORE:
                    self.say(self.t("advisor.scores", scores=self.scores()))
                elif entry in (Command.HAND, Command.HINT, Command.LAST):
                    self.status()
                continue
            finished = len(advisor.finished)
            try:
                advisor.add(entry)
            except EntryRefused as exc:
                self.refuse(exc)
                continue
            if len(advisor.finished) > finished:
                self.deal_over()

    def deal_over(self) -> None:
        advisor = self.advisor
        row = advisor.match.scoresheet[-1]
        outcome = outcome_text(advisor.game, row.result, self.lang,
                               seat=lambda s: _capital(self.who(s)),
                               team=self.team, me=advisor.seat,
                               target=getattr(advisor.options, "target", None))
        if not outcome.endswith((".", "!", "?", "…")):
            outcome += "."
        self.say(self.t("advisor.deal-over", number=row.number, outcome=outcome))
        self.say(self.t("advisor.scores", scores=self.scores()))
        if advisor.match.is_over:
            winner = advisor.match.winner
            assert winner is not None
            self.say(self.t("advisor.winner", team=self.team(winner)))
        if self.save:
            Path(self.save).write_text(record_text(advisor), encoding="utf-8")

    def review(self) -> None:
        advisor = self.advisor
        deals = advisor.finished_deals()
        if not deals:
            self.say("✗ " + translate("advisor.error.nothing-to-review", self.lang))
            return
        deal = deals[-1]
        try:
            lines = review_deal(deal)
        except ValueError:
            self.say("✗ " + translate("advisor.error.nothing-to-review", self.lang))
            return
        self.say(self.t("advisor.review", number=len(deals)))
        lost: dict[int, int] = {}
        for item in lines:
            lost[item.seat] = lost.get(item.seat, 0) + item.cost
            self.say("  " + self.t(
                "advisor.review.line", seat=_capital(self.who(item.seat)),
                card=item.card.symbol, value=signed(item.value, self.lang, 0),
                best=" ".join(c.symbol for c in item.best_cards),
                best_value=signed(item.best, self.lang, 0), cost=item.cost,
            ))
        for seat in sorted(lost):
            self.say(self.t("advisor.review.total", seat=_capital(self.who(seat)),
                            cost=lost[seat]))


def _entry_words(advisor: Advisor, entry: Entry) -> str:
    from atout.advisor import entry_text

    return entry_text(advisor.game, entry)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
