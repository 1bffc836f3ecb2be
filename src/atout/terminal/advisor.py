"""``atout advise GAME``: the advisor in the terminal, one line at a time.

The session asks for what it needs next (your cards, a bid or a card of the seat to
play, the melds shown) and, on your turn, prints the bots' advice: every legal choice
ranked by the points it is expected to bring your side, with the one-line reason.
Cards and bids are read by :func:`atout.terminal.input.read_input`, in the interface
language or as the records' codes; the advisor's own entry syntax
(:mod:`atout.advisor.entries`) is read as well, so a script on standard input can drive
it. See docs/advisor.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from atout.advisor import (
    Advisor,
    Entry,
    EntryRefused,
    explain_refusal,
    parse_announcement,
    parse_entry,
    record_text,
    review_deal,
    seat_name,
)
from atout.advisor.entries import SILENT
from atout.bots.advice import HINT_LEVEL, action_name
from atout.cards import CARDS, DECK_32, DECK_36, Card, bits
from atout.games.actions import Action, Play
from atout.i18n import Translator, translate
from atout.terminal.input import Command, InputError, fold, read_input, said

__all__ = ["AdviseSession"]



class _Quit(Exception):
    """End of input or ``quit``."""


class AdviseSession:
    """An :class:`~atout.advisor.Advisor` and the lines that feed it."""

    def __init__(
        self,
        game: str,
        *,
        lang: str = "en",
        seat: int = 0,
        dealer: int = 0,
        level: str = HINT_LEVEL,
        seed: int = 0,
        options: str | None = None,
        save: str | None = None,
        input_fn: Callable[[str], str] = input,
        output: Callable[[str], None] = print,
    ) -> None:
        self.t = Translator(lang)
        self.lang = lang
        self.advisor = Advisor(game, seat=seat, options=options, first_dealer=dealer,
                               level=level, seed=seed)
        self.game = self.advisor.game
        self.save = save
        self.input_fn = input_fn
        self.output = output
        self.echo = input_fn is input and not sys.stdin.isatty()
        self.deck = DECK_36 if self.game == "schieber" else DECK_32

    # -- helpers ------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.output(text)

    def who(self, seat: int) -> str:
        return seat_name(seat, self.advisor.seat, self.advisor.n, self.lang)

    def refuse(self, error: EntryRefused) -> None:
        self.say("✗ " + explain_refusal(error, self.lang, self.advisor.seat, self.advisor.n))

    def ask(self, prompt: str) -> str:
        try:
            answer = self.input_fn(prompt + " > ")
        except EOFError:
            raise _Quit from None
        if self.echo:
            self.output(answer)
        return answer.strip()

    def cards_of(self, text: str) -> list[Card]:
        """Cards typed one a word, in the interface language or as codes."""
        choices = [Play(c) for c in (CARDS[i] for i in bits(self.deck.mask))]
        out: list[Card] = []
        for word in text.replace(",", " ").split():
            found = read_input(word, lang=self.lang, game=self.game, choices=choices)
            if not isinstance(found, Play):
                message = found.message(self.lang) if isinstance(found, InputError) else word
                raise EntryRefused("advisor.error.syntax", text=message)
            out.append(found.card)
        return out

    def show_cards(self, cards: Any) -> str:
        return " ".join(c.symbol for c in sorted(cards, key=lambda c: (c.suit, c.rank)))

    # -- the prompts --------------------------------------------------------------------
    def prompt(self) -> str:
        need = self.advisor.need
        if need.kind == "hand":
            up = "" if self.game == "schieber" else "-up"
            return self.t(f"advisor.need.hand{up}", count=need.count)
        if need.kind == "more":
            bottom = "-bottom" if self.game == "deberts" else ""
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
        """Print the advice for the person's turn; the actions, best first."""
        advice = self.advisor.advise()
        self.say(self.t("advisor.advice", level=self.advisor.level))
        for i, item in enumerate(advice, 1):
            mark = " *" if item.chosen else ""
            self.say(f"  {i}. {action_name(item.action, self.lang):<10} {item.points:+6.1f}  "
                     f"{item.reason(self.lang)}{mark}")
        return [item.action for item in advice]

    # -- reading one line ---------------------------------------------------------------
    def entry_from(self, text: str, choices: list[Action]) -> Entry | Command | None:
        """The entry a line gives for what is needed now (None: already said why not)."""
        need = self.advisor.need
        low = text.split()[0].lower() if text.split() else ""
        keywords = {"up", "bottom", "forehand"}
        if low == "show" or (low in ("hand", "more") and keywords & {
            w.lower() for w in text.split()
        }) or (low.isdigit() and len(text.split()) > 1 and need.kind == "act"):
            return parse_entry(self.game, text)
        if low in ("hand", "more"):
            text = text.split(None, 1)[1] if len(text.split()) > 1 else ""
        if need.kind in ("hand", "more"):
            command = read_input(text, lang=self.lang, game=self.game, choices=[])
            if isinstance(command, Command):
                return command
            cards = self.cards_of(text)
            up = None
            if self.game != "schieber" and len(cards) == need.count + 1:
                up = cards.pop()
            forehand = None
            if need.kind == "hand" and self.game == "schieber" and self.advisor.deal_number == 1:
                forehand = self.advisor.seat if Card.C7 in cards else self.ask_forehand()
            return Entry(need.kind, cards=tuple(cards), up=up, forehand=forehand)
        if need.kind == "show":
            command = read_input(text, lang=self.lang, game=self.game, choices=[])
            if isinstance(command, Command):
                return command
            return parse_entry(self.game, "show " + text)
        words = text.split()
        bela = False
        ann: Any = None
        kept = []
        for word in words:
            folded = fold(word)
            if folded in ("bela", "belote", "rebelote", fold(self.t("advisor.bela"))):
                bela = True
            elif folded.startswith("ann="):
                ann = parse_announcement(self.game, word[4:])
            else:
                kept.append(word)
        view = self.advisor.view()
        hand = view.hand if view is not None and need.seat == self.advisor.seat else None
        found = read_input(" ".join(kept), lang=self.lang, game=self.game, choices=choices,
                           hand=hand)
        if isinstance(found, InputError):
            self.say("✗ " + found.message(self.lang))
            return None
        if isinstance(found, Command):
            return found
        if ann == SILENT and need.seat != self.advisor.seat:
            ann = None
        return Entry("act", seat=need.seat, action=found, ann=ann, bela=bela)

    def ask_forehand(self) -> int:
        n = self.advisor.n
        me = self.advisor.seat
        names = ", ".join(f"{(s - me) % n} {self.who(s)}" for s in range(n) if s != me)
        answer = self.ask(f"forehand ({names})")
        if answer.isdigit() and 1 <= int(answer) < n:
            return (me + int(answer)) % n
        raise EntryRefused("advisor.error.forehand")

    def choices(self) -> list[Action]:
        need = self.advisor.need
        if need.kind != "act":
            return []
        world: Any = self.advisor.world
        if need.seat == self.advisor.seat:
            return list(world.legal_actions())
        if world.phase == "play":
            extra = [a for a in world.legal_actions() if not isinstance(a, Play)]
            return extra + [Play(CARDS[i]) for i in bits(self.deck.mask)]
        return list(world.legal_actions())

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        advisor = self.advisor
        self.say(self.t("advisor.title") + f": {self.game} — " + self.t("advisor.help"))
        shown_deal = 0
        while True:
            if advisor.deal_number != shown_deal and advisor.need.kind == "hand":
                shown_deal = advisor.deal_number
                self.say(self.t("advisor.deal", number=shown_deal, seat=self.who(advisor.dealer)))
            need = advisor.need
            choices = self.choices()
            if need.kind == "act" and need.seat == advisor.seat:
                self.status()
                try:
                    choices = self.advise()
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
                entry = self.entry_from(line, choices)
            except EntryRefused as exc:
                self.refuse(exc)
                continue
            if entry is None:
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
                    self.say(self.t("advisor.scores", scores=_scores(advisor)))
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
        self.say(self.t("advisor.deal-over", outcome=row.result.outcome,
                        scores=_scores(advisor)))
        if advisor.match.is_over:
            winner = advisor.match.winner
            assert winner is not None
            self.say(self.t("advisor.winner", seat=self.who(winner)))
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
                "advisor.review.line", seat=self.who(item.seat), card=item.card.symbol,
                value=item.value, best=" ".join(c.symbol for c in item.best_cards),
                best_value=item.best, cost=item.cost,
            ))
        for seat in sorted(lost):
            self.say(self.t("advisor.review.total", seat=self.who(seat), cost=lost[seat]))


def _scores(advisor: Advisor) -> str:
    scores = advisor.match.scores  # type: ignore[attr-defined]
    return f"{scores[0]}-{scores[1]}"


def _entry_words(advisor: Advisor, entry: Entry) -> str:
    from atout.advisor import entry_text

    return entry_text(advisor.game, entry)
