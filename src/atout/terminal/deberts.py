"""The Deberts table in the terminal."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from atout.cards import Card, Rank
from atout.games.actions import (
    Action,
    CancelDeal,
    Double,
    Exchange,
    Pass,
    Redouble,
    Trump,
)
from atout.games.base import Meld
from atout.games.deberts import (
    PLAIN_STRENGTH,
    POINTS,
    TRUMP_STRENGTH,
    Bela,
    DebertsMatch,
    DebertsScoreRow,
    DebertsView,
    FourSevens,
    SevenExchanged,
)
from atout.games.events import Announcement, Bid, CardPlayed, Event, MeldShown, MeldsWon, TrickWon
from atout.terminal.common import BaseRenderer, card_text

__all__ = ["Renderer"]

#: The order a move's events are told in (the others keep their place, first).
_TOLD = {CardPlayed: 1, Announcement: 2, Bela: 3, MeldsWon: 4, TrickWon: 5, MeldShown: 6}


class Renderer(BaseRenderer[DebertsView]):
    points = POINTS
    game = "deberts"

    def card_order(self, card: Card, view: DebertsView) -> tuple[int, int]:
        trump = view.trump
        if trump is not None and card.suit == trump:
            return (-1, -TRUMP_STRENGTH[card])
        return (int(card.suit), -PLAIN_STRENGTH[card])

    def meld_name(self, meld: Meld) -> str:
        return self.t("deberts.bertz" if meld.length == 4 else "deberts.terc")

    def melds_text(self, melds: tuple[Meld, ...]) -> Text:
        text = Text()
        for meld in melds:
            text.append(f"{self.meld_name(meld)} ")
            text.append_text(self.meld_cards(meld)).append("   ")
        return text

    def action_label(self, action: Action, view: DebertsView) -> Text:
        t = self.t
        label = self.bid_label(action, view.indicator_suit)
        if label is not None:
            return label
        if isinstance(action, Exchange):
            return Text(t("deberts.action.exchange", card=view.indicator.symbol))
        if isinstance(action, Double):
            return Text(t("deberts.action.double"))
        if isinstance(action, Redouble):
            return Text(t("deberts.action.redouble"))
        if isinstance(action, CancelDeal):
            return Text(t("deberts.action.sevens"))
        return super().action_label(action, view)

    def _scores_line(self, view: DebertsView) -> Text:
        t = self.t
        text = self.deal_head(
            view, f"{self.scores_text(view.scores, view.seat)}   ({view.options.target})")
        if view.hanging:
            text.append(f"   {t.label('deberts.hanging')}{view.hanging}", style="yellow")
        return text

    def show_table(self, view: DebertsView) -> None:
        t = self.t
        c = self.console
        self.show_head(view)
        c.print(self._scores_line(view))
        line = Text(f"{t.label('label.dealer')}{self.seat_name(view.dealer)}   ")
        line.append(f"{t.label('deberts.indicator')}")
        line.append_text(card_text(view.indicator))
        if view.bottom is not None:
            line.append(f"   {t.label('deberts.bottom')}")
            line.append_text(card_text(view.bottom))
        c.print(line)
        if view.trump is not None:
            line = Text(f"{t.label('label.trump')}{self.suit_name(view.trump)}   ", style="bold")
            assert view.caller is not None
            line.append(f"{t.label('deberts.caller')}{self.seat_name(view.caller)}")
            if view.factor > 1:
                line.append("   " + t("deberts.factor", factor=view.factor))
            c.print(line)
        else:
            rounds = sum(1 for _, a in view.history if isinstance(a, Pass))
            c.print(t("deberts.round", round=1 if rounds < 2 else 2))
        if view.phase == "play":
            won = view.tricks_won
            c.print(
                f"{t.label('label.tricks')}{self.seat_name(view.seat)} {won[view.seat]} – "
                f"{self.seat_name(1 - view.seat)} {won[1 - view.seat]}"
            )
            self.show_tricks(view)
            if not view.announced[view.seat] and view.own_sequences:
                c.print(
                    Text(f"{t.label('deberts.your-sequences')}").append_text(
                        self.melds_text(view.own_sequences)
                    )
                )

    def tell(self, events: Sequence[Event], view: DebertsView) -> None:
        t = self.t
        say = self.say
        # said in this order: the card, its announcement and bela, who has the best
        # sequence, who took the trick, then the sequences shown
        ordered = sorted(events, key=lambda e: _TOLD.get(type(e), 0))
        shown: list[Meld] = []
        for event in ordered:
            if self.tell_shared(event, view):
                continue
            if isinstance(event, Bid):
                call = event.call
                if isinstance(call, Trump):
                    say("event.takes", event.seat, style="bold", suit=self.suit_name(call.suit))
                elif isinstance(call, Double):
                    say("deberts.doubles", event.seat)
                elif isinstance(call, Redouble):
                    say("deberts.redoubles", event.seat)
            elif isinstance(event, SevenExchanged):
                say("deberts.exchanges", event.seat, card=event.indicator.symbol)
            elif isinstance(event, FourSevens):
                say("deberts.cancels", event.seat)
            elif isinstance(event, Announcement):
                length, top = event.call
                kind = t("deberts.bertz" if length == 4 else "deberts.terc")
                say("deberts.announces", event.seat, kind=kind, rank=Rank(top).code)
            elif isinstance(event, Bela):
                say("deberts.says-bela", event.seat, style="bold")
            elif isinstance(event, MeldsWon):
                say("deberts.sequence-winner", event.winner)
            elif isinstance(event, MeldShown):
                shown.append(event.meld)
                winner = event.seat
        if shown:
            say("deberts.shows", winner, melds=self.melds_text(tuple(shown)).plain)

    def show_breakdown(self, row: DebertsScoreRow, match: DebertsMatch) -> None:
        t = self.t
        c = self.console
        r = row.result
        assert r.caller is not None
        table, add = self.breakdown(
            t("deberts.breakdown", number=row.number),
            lambda seat: t("deberts.caller") if seat == r.caller else t("deberts.defender"))
        self.add_trick_rows(add, r, r.last_trick, 10)
        add(t("deberts.sequences"), r.sequence_points)
        add(t("deberts.bela").capitalize(), r.bela)
        add(t("label.total"), r.totals)
        add(t("label.recorded"), r.recorded)
        c.print(table)
        for seat in (0, 1):
            if r.sequences[seat]:
                melds = self.melds_text(r.sequences[seat])
                c.print(Text(f"{self.seat_name(seat)}{self.t.colon}").append_text(melds))
        if r.outcome == "tie":
            c.print(t("deberts.outcome.tie", points=r.hanging), style="yellow")
        else:
            self.say(f"deberts.outcome.{r.outcome}", r.caller, style="bold")
        if row.hanging_paid is not None:
            taker, amount = row.hanging_paid
            self.say("deberts.hanging-paid", taker, points=amount)
        line = self.scores_text(row.scores)
        if row.hanging:
            line += f"   {t.label('deberts.hanging')}{row.hanging}"
        c.print(line, style="bold")

    def show_scoresheet(self, match: DebertsMatch) -> None:
        t = self.t
        table = self.sheet_table(t("label.scores"), [], t("deberts.hanging"))
        for row in match.scoresheet:
            r = row.result
            self.sheet_row(table, row, [], r.recorded if r.played else None, row.hanging)
        self.console.print(table)

    def show_match_end(self, match: DebertsMatch) -> None:
        t = self.t
        c = self.console
        assert match.winner is not None and match.final_score is not None
        self.show_winner(match.winner, match.final_score)
        if match.hanging:
            c.print(t("match.unresolved", points=match.hanging))
        if match.stakes > 1:
            c.print(t("match.stakes", stakes=match.stakes))

