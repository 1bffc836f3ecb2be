"""``atout replay FILE`` on the full-screen table: the saved match, step by step.

The record is read and the cursor moved by :class:`atout.terminal.replay.ReplayViewer`
(the line replay's own; nothing is printed, its console is a sink). The table shows
every hand face up, or what one seat saw (that seat at the bottom), with the contract,
the indicator or turned card and the scores at each step; the log holds the deal so
far; the end of a deal shows its breakdown.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Input, RichLog, Static

from atout.games.actions import Play
from atout.games.events import Acted, DealStarted, Event
from atout.i18n import Translator
from atout.kits import kit
from atout.terminal.replay import ReplayViewer, players_text
from atout.tui.base import KeyBar, StatusBar, TableApp
from atout.tui.describe import Describer, Sink, finished_view
from atout.tui.widgets import HandView, TableView

__all__ = ["ReplayApp"]


class ReplayApp(TableApp):
    """A saved match on the table; ``seat`` ``None`` shows every hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q,q", "leave", priority=False, show=False),
        Binding("escape", "escape", priority=True, show=False),
        Binding("g,slash", "goto", priority=True, show=False),
        Binding("right,n,space", "forward(1)", show=False),
        Binding("left,b", "step_back(1)", show=False),
        Binding("pagedown,down", "trick(1)", show=False),
        Binding("pageup,up", "trick(-1)", show=False),
        Binding("right_square_bracket", "deal(1)", show=False),
        Binding("left_square_bracket", "deal(-1)", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("a", "every_hand", show=False),
        Binding("s", "scores", show=False),
        Binding("l", "last_trick", show=False),
        Binding("question_mark,f1", "keys_panel", show=False),
        *(Binding(str(n), f"seat({n})", show=False) for n in range(4)),
    ]

    #: The arrows move through the record, not through a hand.
    AUTO_FOCUS: ClassVar[str | None] = None

    def __init__(self, text: str, *, lang: str = "en", seat: int | None = None) -> None:
        self.viewer = ReplayViewer(text, lang=lang, seat=seat, console=Sink())  # type: ignore[arg-type]
        game = self.viewer.record.game
        self.num = self.viewer.num_players
        t = Translator(lang)
        super().__init__(game, lang, Describer(game, t, self.num, None, seat or 0,
                                               names=self.viewer.names))
        self.seat = seat
        #: Per deal number and seat, that seat's events of the deal, action by action.
        self._events: dict[tuple[int, int], list[list[Event]]] = {}

    # -- moving ------------------------------------------------------------------------
    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#log", RichLog).border_title = self.t("tui.replay.title")
        self.redraw()

    def _moved(self, forward: bool = False) -> None:
        self.redraw()
        deal = self.viewer.position()
        if forward and deal.is_over and self.viewer.index < len(self.viewer.match.scoresheet):
            self.show_breakdown()

    def action_forward(self, count: int) -> None:
        before = (self.viewer.index, self.viewer.step)
        self.viewer.forward(count)
        self._moved(forward=(self.viewer.index, self.viewer.step) != before)

    def action_step_back(self, count: int) -> None:
        self.viewer.back(count)
        self._moved()

    def trick_starts(self) -> list[int]:
        """The step before the first card of each trick of the deal at the cursor."""
        actions = self.viewer.deals[self.viewer.index].actions
        plays = [i for i, (_, action) in enumerate(actions) if isinstance(action, Play)]
        return plays[:: self.num]

    def action_trick(self, direction: int) -> None:
        v = self.viewer
        starts = self.trick_starts()
        end = len(v.deals[v.index].actions)
        if direction > 0:
            later = [s for s in starts if s > v.step]
            v.step = later[0] if later else end
        else:
            earlier = [s for s in starts if s < v.step]
            v.step = earlier[-1] if earlier else 0
        self._moved(forward=direction > 0)

    def action_deal(self, direction: int) -> None:
        self.viewer.goto_deal(self.viewer.index + 1 + direction)
        self._moved()

    def action_edge(self, end: int) -> None:
        v = self.viewer
        v.step = len(v.deals[v.index].actions) if end else 0
        self._moved(forward=bool(end))

    def action_goto(self) -> None:
        self.open_entry(self.t("tui.replay.goto"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.close_entry(None)
        if not self.goto(text):
            self.note(self.t("tui.replay.bad-goto", deals=len(self.viewer.deals)), "bold red")

    def goto(self, text: str) -> bool:
        """Go to ``3`` (deal 3) or ``3.5`` (deal 3, before the first card of trick 5)."""
        deal_text, _, trick_text = text.replace(",", ".").partition(".")
        if not deal_text.isdigit() or (trick_text and not trick_text.isdigit()):
            return False
        if not self.viewer.goto_deal(int(deal_text)):
            return False
        if trick_text:
            starts = self.trick_starts()
            number = int(trick_text)
            if not 1 <= number <= len(starts):
                return False
            self.viewer.step = starts[number - 1]
        self._moved()
        return True

    def action_escape(self) -> None:
        """Esc closes the input line when it is open, else leaves."""
        if self.query_one("#entry", Input).has_class("shown"):
            self.close_entry(None)
        else:
            self.action_leave()

    def action_every_hand(self) -> None:
        self.set_seat(None)

    def action_seat(self, seat: int) -> None:
        if seat < self.num:
            self.set_seat(seat)

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.viewer.seat = seat
        bottom = self.describer.bottom if seat is None else seat
        self.describer = Describer(self.game_name, self.t, self.num, None, bottom,
                                   names=self.viewer.names)
        self.redraw()

    def action_leave(self) -> None:
        self.exit(0)

    # -- panels ------------------------------------------------------------------------
    def _sheet(self, upto: int) -> Any:
        """The match as the renderer's tables read it, cut after deal ``upto``."""
        match = self.viewer.match
        return SimpleNamespace(scoresheet=match.scoresheet[:upto], options=match.options,
                               winner=match.winner, scores=match.scores)

    def show_breakdown(self) -> None:
        index = self.viewer.index
        d = self.describer
        body = d.panel(d.renderer.show_deal_end, self._sheet(index + 1))
        self.show_panel(self.t("tui.deal-over", number=index + 1), body)

    def action_scores(self) -> None:
        upto = self.viewer.index + (1 if self.viewer.position().is_over else 0)
        if not upto:
            self.note(self.t("tui.no-scores"), "italic")
            return
        d = self.describer
        self.show_panel(self.t("label.scores"),
                        d.panel(d.renderer.show_scoresheet, self._sheet(upto)))

    def action_last_trick(self) -> None:
        view = self.position_view(self.viewer.position())
        if not view.last_trick:
            self.note(self.t("event.no-last-trick"), "italic")
            return
        self.show_panel(self.t("label.last-trick"),
                        self.trick_panel(view.last_trick, self._winner()))

    def action_keys_panel(self) -> None:
        from atout.tui.hints import keys_text

        self.show_panel(self.t("tui.keys.title"), keys_text(self.t, True, replay=True))

    # -- drawing -----------------------------------------------------------------------
    def note(self, text: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(text, style=style))

    def position_view(self, deal: Any) -> Any:
        """The view of the bottom seat at the cursor, with the scores before the deal (after
        it once it is over)."""
        v = self.viewer
        view = deal.view(self.describer.bottom)
        sheet = v.match.scoresheet
        if deal.is_over and v.index < len(sheet):  # as its breakdown: the scores after it
            return finished_view(view, sheet[v.index])
        previous = sheet[v.index - 1] if v.index > 0 else None
        extra: dict[str, Any] = {"deal_number": v.index + 1}
        if not kit(self.game_name).deals().deal_has_scores:
            extra["scores"] = previous.scores if previous is not None else (0, 0)
        if previous is not None:
            extra["hanging"] = getattr(previous, "hanging", 0)
            extra["held"] = getattr(previous, "held", 0)
        names = {f.name for f in dataclasses.fields(view)}
        return dataclasses.replace(view, **{k: x for k, x in extra.items() if k in names})

    def _winner(self) -> int | None:
        """Who took the last trick of the position shown, as the engine recorded it."""
        tricks = getattr(self.viewer.position(), "tricks", ())
        return int(tricks[-1][-1]) if tricks else None

    def redraw(self) -> None:
        v = self.viewer
        d = self.describer
        deal = v.position()
        view = self.position_view(deal)
        to_act = deal.current_player()
        if self.seat is None:
            hands = {s: d.sorted_cards(deal.hand(s), view) for s in range(self.num)}
            seats = self.seat_infos(view, to_act, hands=hands)
        else:
            counts = {s: len(deal.hand(s)) for s in range(self.num) if s != self.seat}
            seats = self.seat_infos(view, to_act, counts=counts)
        self.query_one("#table", TableView).state = self.table_state(view, seats,
                                                                     self._winner())
        parts = d.status(view)
        steps = len(v.deals[v.index].actions)
        position = self.t("tui.replay.position", deal=v.index + 1, deals=len(v.deals),
                          step=v.step, steps=steps)
        parts[1] = ("", position)
        mode = (self.t("tui.replay.every-hand") if self.seat is None else
                self.t("tui.replay.seat-view", seat=d.seat_name(self.seat)))
        parts.insert(2, ("", mode))
        self.query_one("#status", StatusBar).parts = parts
        hand = self.query_one("#hand", HandView)
        hand.cards = d.sorted_cards(view.hand, view)
        hand.numbered = False
        self._fill_log(deal)
        self.query_one("#keys", KeyBar).keys = self._keys()
        if deal.actions:
            seat, action = deal.actions[-1]
            last = self.t("tui.replay.last", seat=d.seat_name(seat),
                          action=d.action_words(action, view))
        else:
            last = self.t("tui.replay.start")
        if deal.is_over and v.index == len(v.deals) - 1 and v.match.is_over:
            last += "  " + self.t("tui.replay.result",
                                  result=v.record.header("Result") or "*")
        self.note(last, "bold")

    def _fill_log(self, deal: Any) -> None:
        """The deal so far, as the table told it: the recorded match's events that the
        bottom seat may know, action by action (its view after each, for the words)."""
        log = self.query_one("#log", RichLog)
        log.clear()
        d = self.describer
        players = players_text(self.viewer.record, self.num, self.t)
        if players:
            self.say(Text(players, style="italic"))
        start = deal.copy()
        while start.actions:
            start.undo()
        self.say(Text(self.t("tui.deal-header", number=self.viewer.index + 1,
                             dealer=d.seat_name(start.dealer)), style="bold"))
        told = self._told(self.viewer.index + 1, d.bottom)
        for (_, action), events in zip(deal.actions, told, strict=False):
            start.apply(action)
            for line in d.tell(events, start.view(d.bottom)):
                self.say(line)

    def _told(self, number: int, seat: int) -> list[list[Event]]:
        """``seat``'s events of deal ``number`` of the replayed match, one list per
        action (each action's events open with the event of the action itself)."""
        key = (number, seat)
        if key not in self._events:
            actions: list[list[Event]] = []
            deal = 0
            for event in self.viewer.match.events_for(seat):
                if isinstance(event, DealStarted):
                    deal = event.number
                elif deal == number and isinstance(event, Acted):
                    actions.append([event])
                elif deal == number and actions:
                    actions[-1].append(event)
            self._events[key] = actions
        return self._events[key]

    def _keys(self) -> list[tuple[str, str]]:
        t = self.t
        return [("←→", t("tui.key.next")), ("PgUp/Dn", t("tui.key.trick")),
                ("[ ]", t("tui.key.deal")), ("g", t("tui.key.goto")),
                ("a", t("tui.key.all")), (f"0-{self.num - 1}", t("tui.key.seat")),
                ("s", t("tui.key.scores")), ("?", t("tui.key.keys")),
                ("q", t("tui.key.quit"))]
