"""The Belote table in the terminal: you, your partner across, two opponents."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from atout.cards import Card, Rank
from atout.games.actions import Action, AnnounceCapot, Pass, Trump
from atout.games.base import Meld
from atout.games.belote import (
    POINTS,
    STRENGTH,
    Announced,
    BeloteMatch,
    BeloteSaid,
    BeloteScoreRow,
    BeloteView,
    CapotAnnounced,
)
from atout.games.events import Announcement, Bid, Event, MeldShown, MeldsWon
from atout.terminal.common import BaseRenderer, card_text

__all__ = ["Renderer"]

_RUN_KIND = {20: "belote.tierce", 50: "belote.quarte", 100: "belote.quinte"}


class Renderer(BaseRenderer[BeloteView]):
    points = POINTS
    game = "belote"

    # -- words -----------------------------------------------------------------------
    def card_order(self, card: Card, view: BeloteView) -> tuple[int, int]:
        """Trumps first, then by suit; strongest first in the order of the deal."""
        trump = view.trump
        order = STRENGTH[int(trump) if trump is not None else 0][card]
        if trump is not None and card.suit == trump:
            return (-1, -order)
        if trump is None:
            return (int(card.suit), -int(card.rank))
        return (int(card.suit), -order)

    def kind_text(self, points: int, top: Rank, run: bool) -> str:
        """An announcement as players say it: "tierce to the K", "four jacks"."""
        t = self.t
        if run:
            return t("belote.run", kind=t(_RUN_KIND[points]), card=top.code)
        return t("belote.carre", rank=t(f"belote.rank.{top.code}"))

    def meld_text(self, meld: Meld) -> Text:
        text = Text(f"{self.kind_text(meld.points, meld.top, meld.is_run)} ")
        return text.append_text(self.meld_cards(meld))

    def melds_text(self, melds: tuple[Meld, ...]) -> Text:
        text = Text()
        for i, meld in enumerate(melds):
            if i:
                text.append("   ")
            text.append_text(self.meld_text(meld))
        return text

    def action_label(self, action: Action, view: BeloteView) -> Text:
        label = self.bid_label(action, view.turned.suit)
        if label is not None:
            return label
        if isinstance(action, AnnounceCapot):
            return Text(self.t("belote.action.capot"))
        return super().action_label(action, view)

    def _teams(self) -> tuple[int, int]:
        me = self.my_team()
        return me, 1 - me

    def _scores_text(self, scores: tuple[int, int], held: int) -> str:
        line = self.scores_text(scores)
        if held:
            line += "   " + self.t("belote.held", points=held)
        return line

    # -- the table -------------------------------------------------------------------
    def show_table(self, view: BeloteView) -> None:
        t = self.t
        c = self.console
        self.show_head(view)
        c.print(self.deal_head(
            view, self._scores_text(view.scores, view.held) + f"   ({view.options.target})"))
        line = Text(f"{t.label('label.dealer')}{self.seat_name(view.dealer)}   ")
        line.append(f"{t.label('belote.turned')}")
        line.append_text(card_text(view.turned))
        c.print(line)
        if view.bids:
            bids = Text()
            for i, (seat, action) in enumerate(view.bids):
                if i:
                    bids.append(", ")
                bids.append(f"{self.seat_name(seat)}{self.t.colon}")
                bids.append_text(self.action_label(action, view))
            c.print(bids, style="dim")
        if view.trump is None:
            passes = sum(1 for _, a in view.bids if isinstance(a, Pass))
            c.print(t("belote.round", round=1 if passes < 4 else 2))
            return
        assert view.taker is not None
        line = Text(f"{t.label('label.trump')}{self.suit_name(view.trump)}   ", style="bold")
        line.append(f"{t.label('belote.taker')}{self.seat_name(view.taker)}")
        if view.capot_announced:
            line.append(f"   {t('belote.capot-announced')}", style="bold yellow")
        c.print(line)
        me, other = self._teams()
        won = view.tricks_won
        c.print(
            f"{t.label('label.tricks')}{self.team_name(me)} {won[me]} – "
            f"{self.team_name(other)} {won[other]}"
        )
        said = [s for s in range(4) if view.announcements[s] is not None]
        if said and not view.shown_announcements:
            text = Text(f"{t.label('belote.announcements')}")
            for i, seat in enumerate(said):
                shown = view.announcements[seat]
                assert shown is not None
                if i:
                    text.append(", ")
                text.append(f"{self.seat_name(seat)}{self.t.colon}{self._announced_text(shown)}")
            c.print(text)
        for seat, meld in view.shown_announcements:
            c.print(Text(f"{self.seat_name(seat)}{self.t.colon}").append_text(self.meld_text(meld)))
        for seat in range(4):
            if view.belote[seat]:
                word = t("belote.rebelote" if view.belote[seat] == 2 else "belote.belote")
                c.print(f"{self.seat_name(seat)}{self.t.colon}{word}", style="bold")
        self.show_tricks(view)
        if not view.announced[view.seat] and view.own_announcements:
            c.print(
                Text(f"{t.label('belote.your-announcements')}").append_text(
                    self.melds_text(view.own_announcements)
                )
            )

    def _announced_text(self, shown: Announced) -> str:
        return f"{self.kind_text(shown.points, shown.top, shown.run)} ({shown.points})"

    # -- what happens ----------------------------------------------------------------
    def tell(self, events: Sequence[Event], view: BeloteView) -> None:
        say = self.say
        by_seat: dict[int, list[Meld]] = {}
        for event in events:
            if self.tell_shared(event, view):
                continue
            if isinstance(event, Bid) and isinstance(event.call, Trump):
                suit = event.call.suit
                key = "belote.takes" if suit == view.turned.suit else "belote.names"
                say(key, event.seat, style="bold", suit=self.suit_name(suit))
            elif isinstance(event, CapotAnnounced):
                say("belote.announces-capot", event.seat, style="bold yellow")
            elif isinstance(event, Announcement):
                assert isinstance(event.call, Announced)
                say("belote.announces", event.seat, kind=self._announced_text(event.call))
            elif isinstance(event, BeloteSaid):
                key = "belote.says-rebelote" if event.said == 2 else "belote.says-belote"
                say(key, event.seat, style="bold")
            elif isinstance(event, MeldsWon):
                say("belote.announcement-winner", event.winner)
            elif isinstance(event, MeldShown):
                by_seat.setdefault(event.seat, []).append(event.meld)
        for s, melds in by_seat.items():
            say("belote.shows", s, melds=self.melds_text(tuple(melds)).plain)

    def show_breakdown(self, row: BeloteScoreRow, match: BeloteMatch) -> None:
        t = self.t
        c = self.console
        r = row.result
        assert r.taker is not None and r.takers is not None and r.defenders is not None
        table, add = self.breakdown(
            t("belote.breakdown", number=row.number),
            lambda team: t("belote.takers") if team == r.takers else t("belote.defenders"))
        self.add_trick_rows(add, r, None if r.last_trick is None else r.last_trick % 2, 10)
        if r.capot is not None:
            capot = [0, 0]
            capot[r.capot] = r.totals[r.capot] - r.announcement_points[r.capot] - r.belote[r.capot]
            add(t("belote.label.capot"), (capot[0], capot[1]))
        add(t("belote.label.announcements"), r.announcement_points)
        add(t("belote.label.belote"), r.belote)
        add(t("label.total"), r.totals)
        add(t("label.recorded"), r.recorded)
        c.print(table)
        for team in (0, 1):
            for seat, meld in r.announcements[team]:
                c.print(Text(f"{self.seat_name(seat)}{self.t.colon}").append_text(self.meld_text(meld)))
        if r.capot is not None:
            c.print(t("belote.outcome.capot", team=self.team_name(r.capot)), style="bold")
        if r.outcome == "litige":
            c.print(t("belote.outcome.litige", points=r.held), style="yellow")
        elif r.outcome == "dedans":
            self.say("belote.outcome.dedans", r.taker, style="bold red",
                     points=r.recorded[r.defenders])
        else:
            self.say("belote.outcome.made", r.taker, style="bold")
        if row.held_paid is not None:
            team, amount = row.held_paid
            c.print(t("belote.held-paid", team=self.team_name(team), points=amount))
        c.print(self._scores_text(row.scores, row.held), style="bold")

    def show_scoresheet(self, match: BeloteMatch) -> None:
        t = self.t
        table = self.sheet_table(t("belote.scoresheet"), [t("belote.taker")],
                                 t("belote.label.held"))
        for row in match.scoresheet:
            r = row.result
            paid = [0, 0]
            if row.held_paid is not None:
                paid[row.held_paid[0]] = row.held_paid[1]
            written = (r.recorded[0] + paid[0], r.recorded[1] + paid[1]) if r.played else None
            taker = self.seat_name(r.taker) if r.taker is not None else "–"
            self.sheet_row(table, row, [taker], written, row.held)
        self.console.print(table)

    def show_match_end(self, match: BeloteMatch) -> None:
        assert match.winner is not None
        self.show_winner(match.winner, match.scores)
        if match.held:
            self.console.print(self.t("belote.unresolved", points=match.held))
