"""The Schieber table in the terminal: four seats, the partner across the table."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from atout.cards import Card
from atout.games.actions import Action, Claim, NoTrump, Push, Trump
from atout.games.base import Meld
from atout.games.events import Announcement, Bid, Event, MeldShown, MeldsWon
from atout.games.schieber import (
    FACTORS,
    Claimed,
    SchieberMatch,
    SchieberScoreRow,
    SchieberView,
    Stoeck,
    WeisCall,
    card_points,
    card_strength,
    contract_index,
)
from atout.terminal.common import BaseRenderer

__all__ = ["Renderer"]


class Renderer(BaseRenderer[SchieberView]):
    game = "schieber"

    # -- words ---------------------------------------------------------------------
    def contract_name(self, contract: Trump | NoTrump) -> str:
        if isinstance(contract, Trump):
            return self.t("schieber.contract.trump", suit=self.suit_name(contract.suit))
        return self.t(f"schieber.{contract.mode}")

    def contract_label(self, contract: Trump | NoTrump) -> str:
        """The contract with its factor: ``♥ hearts trump ×2``."""
        factor = FACTORS[contract_index(contract)]
        return self.t("schieber.action.contract", contract=self.contract_name(contract),
                      factor=factor)

    def meld_name(self, meld: Meld) -> str:
        if meld.suit is None:
            return self.t("schieber.four", rank=meld.top.code)
        return self.t("schieber.run", length=meld.length)

    def call_text(self, call: WeisCall) -> str:
        """What a player said of their Weis: ``100, 5 cards, top card K``."""
        parts = [str(call.points)]
        if call.length is not None:
            parts.append(self.t("schieber.call.length", length=call.length))
        if call.top is not None:
            parts.append(self.t("schieber.call.top", rank=call.top.code))
        if call.trump is not None:
            parts.append(self.t("schieber.call.trump" if call.trump else "schieber.call.not-trump"))
        return ", ".join(parts)

    def melds_text(self, melds: tuple[tuple[int, Meld], ...] | tuple[Meld, ...]) -> Text:
        text = Text()
        for item in melds:
            seat, meld = item if isinstance(item, tuple) and not isinstance(item, Meld) else (
                None, item
            )
            assert isinstance(meld, Meld)
            if seat is not None:
                text.append(f"{self.seat_name(seat)}{self.t.colon}")
            text.append(f"{self.meld_name(meld)} ")
            text.append_text(self.meld_cards(meld)).append("   ")
        return text

    def card_order(self, card: Card, view: SchieberView) -> tuple[int, int]:
        contract = view.contract
        if contract is None:
            return (int(card.suit), -int(card.rank))
        k = contract_index(contract)
        if k < 4 and int(card.suit) == k:
            return (-1, -card_strength(card, k))
        return (int(card.suit), -card_strength(card, k))

    def action_label(self, action: Action, view: SchieberView) -> Text:
        if isinstance(action, (Trump, NoTrump)):
            return Text(self.contract_label(action))
        if isinstance(action, Push):
            return Text(self.t("schieber.action.push"))
        if isinstance(action, Claim):
            return Text(self.t("schieber.action.claim"))
        return super().action_label(action, view)

    def trick_points(self, view: SchieberView, cards: Sequence[tuple[int, Card]]) -> int:
        assert view.contract is not None
        k = contract_index(view.contract)
        modern = view.options.undenufe_values == "modern"
        return sum(card_points(card, k, modern_undenufe=modern) for _, card in cards)

    # -- the table -----------------------------------------------------------------
    def _scores_line(self, view: SchieberView) -> Text:
        target = self.t("schieber.target", target=view.options.target)
        return self.deal_head(view, f"{self.scores_text(view.scores)}   ({target})")

    def show_table(self, view: SchieberView) -> None:
        t = self.t
        c = self.console
        self.show_head(view)
        c.print(self._scores_line(view))
        c.print(
            f"{t.label('label.dealer')}{self.seat_name(view.dealer)}   "
            f"{t.label('schieber.forehand')}{self.seat_name(view.forehand)}"
        )
        if view.contract is None:
            if view.pushed:
                self.say("schieber.choosing.pushed", (view.forehand + 2) % 4)
            else:
                self.say("schieber.choosing", view.forehand)
            return
        line = Text(f"{t.label('schieber.contract')}{self.contract_label(view.contract)}   ",
                    style="bold")
        assert view.chooser is not None
        line.append(t("schieber.chosen-by", seat=self.seat_name(view.chooser)))
        if view.pushed:
            line.append(f" ({t('schieber.pushed')})")
        c.print(line)
        if view.trump is not None:
            c.print(t("schieber.trump-order"), style="dim")
        me = self.my_team()
        won = view.tricks_won
        c.print(
            f"{t.label('label.tricks')}{self.team_name(me)} {won[me]} – "
            f"{self.team_name(1 - me)} {won[1 - me]}   "
            f"{t.label('schieber.running')}{view.running[me] - view.scores[me]} – "
            f"{view.running[1 - me] - view.scores[1 - me]}"
        )
        if view.weis_winner is None and any(view.weis_announced):
            parts = [
                f"{self.seat_name(s)} {self.call_text(call)}"
                for s, call in enumerate(view.weis_announced) if call is not None
            ]
            c.print(f"{t.label('schieber.weis-announced')}" + "; ".join(parts))
        if view.shown_weis:
            c.print(Text(f"{t.label('schieber.shown-weis')}").append_text(
                self.melds_text(view.shown_weis)))
        if view.stoeck is not None:
            c.print(f"{t.label('schieber.stoeck')}{self.seat_name(view.stoeck)}")
        self.show_tricks(view)
        spoke = bool(view.tricks) or any(s == view.seat for s, _ in view.trick)
        if not spoke and view.own_weis:  # until the seat's first card
            c.print(Text(f"{t.label('schieber.your-weis')}").append_text(
                self.melds_text(view.own_weis)))

    def tell(self, events: Sequence[Event], view: SchieberView) -> None:
        say = self.say
        won: int | None = None
        shown: list[tuple[int, Meld]] = []
        for event in events:
            if self.tell_shared(event, view):
                continue
            if isinstance(event, Bid):
                call = event.call
                if isinstance(call, Push):
                    say("schieber.pushes", event.seat)
                elif isinstance(call, (Trump, NoTrump)):
                    say("schieber.chooses", event.seat, style="bold",
                        contract=self.contract_label(call))
            elif isinstance(event, Claimed):
                say("schieber.claims", event.seat, style="bold")
            elif isinstance(event, Announcement):
                assert isinstance(event.call, WeisCall)
                say("schieber.announces", event.seat, call=self.call_text(event.call))
            elif isinstance(event, MeldsWon):
                won = event.winner
            elif isinstance(event, MeldShown):
                shown.append((event.seat, event.meld))
            elif isinstance(event, Stoeck):
                if won is not None:  # the Weis are told with the trick that shows them
                    self._weis_won(won, shown)
                    won = None
                say("schieber.says-stoeck", event.seat, style="bold")
        if won is not None:
            self._weis_won(won, shown)

    def _weis_won(self, team: int, melds: list[tuple[int, Meld]]) -> None:
        self.console.print(self.t("schieber.weis-winner", team=self.team_name(team),
                                  melds=self.melds_text(tuple(melds)).plain.strip()))

    # -- after the deal ------------------------------------------------------------
    def show_breakdown(self, row: SchieberScoreRow, match: SchieberMatch) -> None:
        t = self.t
        c = self.console
        r = row.result
        me = self.my_team()
        table, add = self.breakdown(t("schieber.breakdown", number=row.number))
        self.add_trick_rows(add, r, r.last_trick, 5)
        add(t("schieber.match"), r.match_bonus)
        add(t("schieber.weis"), r.weis_points)
        add(t("schieber.stoeck"), r.stoeck)
        add(t("schieber.total-before-factor"), r.totals)
        add(t("schieber.total-after-factor", factor=r.factor), r.recorded)
        if r.contract is not None:
            c.print(t.label("schieber.contract") + self.contract_label(r.contract), style="bold")
        c.print(table)
        for team in (me, 1 - me):
            if r.weis[team]:
                c.print(Text(f"{t.label('schieber.weis')}").append_text(self.melds_text(r.weis[team])))
        for team in (0, 1):
            if r.match_bonus[team]:
                c.print(t("schieber.match-bonus", team=self.team_name(team)), style="bold")
        target = match.options.target
        if r.outcome == "false-claim":
            assert r.claimant is not None
            c.print(t("schieber.false-claim", team=self.team_name(r.claimant), target=target),
                    style="yellow")
            c.print(t("schieber.both-keep"))
        elif r.match_winner is not None:
            how = t(f"schieber.reached.{r.reached_by or 'count'}")
            c.print(t("schieber.reached", team=self.team_name(r.match_winner), target=target,
                      how=how), style="bold")
            if r.outcome == "claim":
                c.print(t("schieber.losers-keep"))
        c.print(self.scores_text(row.scores), style="bold")

    def contract_short(self, contract: Trump | NoTrump) -> str:
        """The contract and its factor in a few cells: ``♥ ×2``, ``Obenabe ×3``."""
        factor = FACTORS[contract_index(contract)]
        if isinstance(contract, Trump):
            return f"{contract.suit.symbol} ×{factor}"
        return f"{self.t(f'schieber.{contract.mode}')} ×{factor}"

    def show_scoresheet(self, match: SchieberMatch) -> None:
        """One row per deal, made for 80 columns: the contract with its factor, then for
        each team (ours first) what it wrote for its Weis and Stöck and for its cards
        (the match bonus included), and its total after the deal, in bold."""
        t = self.t
        me = self.my_team()
        table = Table(title=t("label.scores"), box=box.SIMPLE_HEAD, padding=(0, 1),
                      collapse_padding=True, show_edge=False, pad_edge=False)
        table.add_column(t("schieber.sheet.deal"), justify="right")
        table.add_column(t("schieber.sheet.contract"), no_wrap=True)
        for team in (me, 1 - me):  # the team's name heads the first of its three columns
            head = Text(f"{self.team_short(team)}\n", style="bold", justify="left")
            table.add_column(head.append(t("schieber.sheet.melds"), style="not bold"),
                             justify="right", no_wrap=True)
            table.add_column(f"\n{t('schieber.sheet.cards')}", justify="right", no_wrap=True)
            table.add_column(f"\n{t('label.total')}", justify="right", no_wrap=True)
        for row in match.scoresheet:
            contract = self.contract_short(row.contract) if row.contract is not None else "–"
            cells: list[str | Text] = [str(row.number), contract]
            for team in (me, 1 - me):
                melds = row.weis[team] + row.stoeck[team]
                cells += [str(melds) if melds else "", str(row.cards[team]),
                          Text(str(row.scores[team]), style="bold")]
            table.add_row(*cells)
        self.console.print(table)

    def show_match_end(self, match: SchieberMatch) -> None:
        t = self.t
        c = self.console
        assert match.winner is not None
        self.show_winner(match.winner, match.scores)
        if match.schneider:
            c.print(t("schieber.schneider-win", half=match.options.target // 2), style="bold")
        if match.stakes > 1 and not match.schneider:  # Schneider already says it counts twice
            c.print(t("match.stakes", stakes=match.stakes))
