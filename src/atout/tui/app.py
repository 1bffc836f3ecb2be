"""The full-screen table of ``atout play``: a person against bots, or bots watched.

The match, its seats, bots, undo, hints and record are a
:class:`~atout.table.session.TableSession` (``session``), as in the line mode and the web
room; this module draws it and decides when things happen. Bots move on timers, at a pace a
person can follow (``pace`` seconds a card, 0 with ``--fast``); a finished trick stays
on the table until the next card is led; the end of a deal shows its breakdown and
waits for a key; the end of the match shows the result, the winner's score first.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any, ClassVar, Unpack

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from atout.games.actions import Action, Play
from atout.i18n import explain, number
from atout.kits.present import GameView
from atout.table.session import (
    CannotUndo,
    SessionView,
    TableChoices,
    TableSetup,
    Update,
)
from atout.tui.base import KeyBar, StatusBar, TableApp
from atout.tui.describe import Describer, finished_view
from atout.tui.screens import QuitScreen
from atout.tui.widgets import HandView, TableView

__all__ = ["PlayApp"]

#: What each table command typed in the input does (the method of the app).
COMMANDS = {
    "help": "action_keys_panel", "quit": "action_request_quit", "last": "action_last_trick",
    "score": "action_scores", "hand": "action_hand", "hint": "action_hint",
    "undo": "action_undo",
}



#: Bots that choose at once, on the interface's own thread; the others think in a thread.
QUICK_BOTS = frozenset({"random", "heuristic"})

class PlayApp(SessionView, TableApp):
    """One match on the full-screen table: ``human`` is the person's seat, or ``None``
    to watch bots play every seat (seat 0 at the bottom)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "request_quit", priority=True, show=False),
        Binding("q", "request_quit", show=False),
        # Taken before any widget sees them (``check_action``: on the table, not over a
        # panel), so that the keys typed right after them go where they open or close.
        Binding("escape", "escape", priority=True, show=False),
        Binding("slash,colon", "type", priority=True, show=False),
        Binding("h", "hint", show=False),
        Binding("u", "undo", show=False),
        Binding("l", "last_trick", show=False),
        Binding("s", "scores", show=False),
        Binding("question_mark,f1", "keys_panel", show=False),
        Binding("p", "pause", show=False),
        Binding("n", "next_deal", show=False),
        Binding("plus,equals_sign", "speed(-1)", show=False),
        Binding("minus", "speed(1)", show=False),
        *(Binding(str(n), f"number({n or 10})", show=False) for n in range(10)),
    ]

    def __init__(
        self,
        game: str,
        *,
        pace: float = 0.8,
        autoplay: bool = True,
        **choices: Unpack[TableChoices],
    ) -> None:
        setup = TableSetup(game, **choices)
        self.session = setup.open()
        num = self.session.num_players
        #: Where the record goes when the match ends or the player leaves saving it.
        self.save = setup.save
        human = self.human = setup.human
        self.watching = human is None
        self.viewer = setup.viewer
        super().__init__(game, setup.lang,
                         Describer(game, self._t(setup.lang), num, human, self.viewer))
        self.pace = pace
        self.autoplay = autoplay
        self.hint_level = setup.hint_level
        self.allow_undo = self.session.allow_undo
        self.paused = False
        #: Play the rest of the deal at once (watching: ``n``).
        self.rush = False
        self.timer: Timer | None = None
        #: The finished deal's last position, shown while its breakdown is up.
        self.frozen: Any = None
        self.waiting = False  # the person is asked to move
        self.busy = False  # a panel waits for a key before play goes on
        #: A searching bot is choosing in a worker thread.
        self.thinking = False
        self.exit_code = 1
        #: What to print once the screen is the terminal's again (where a record went).
        self.after: list[str] = []

    @staticmethod
    def _t(lang: str) -> Any:
        from atout.i18n import Translator

        return Translator(lang)

    # -- the flow --------------------------------------------------------------------
    def on_mount(self) -> None:
        super().on_mount()
        self.redraw()
        self.step()

    def delay(self, seconds: float, callback: Any) -> None:
        if self.timer is not None:
            self.timer.stop()
        if seconds <= 0 or self.rush:
            self.timer = None
            self.call_later(callback)
        else:
            self.timer = self.set_timer(seconds, callback)

    def step(self) -> None:
        """Decide what happens next: a bot moves, the person is asked, or the match ends."""
        self.waiting = False
        match = self.match
        if self.busy or self.thinking:
            return
        if match.is_over:
            self.finish()
            return
        session = self.session
        deal = session.deal_to_announce()
        if deal is not None:
            self.rush = False
            view = session.view(self.viewer)
            you = ".you" if view.dealer == self.human else ""
            self.log_rule(self.t(f"tui.deal-header{you}", number=deal,
                                 dealer=self.describer.seat_name(view.dealer)))
        if session.to_act() == self.human:
            self.ask()
            return
        self.redraw()
        if self.paused:
            return
        # the breakdown waited for a key: the new deal starts at the plain pace
        self.delay(session.bot_pause(self.pace, breakdown_read=True), self.bot_move)

    def bot_move(self) -> None:
        self.timer = None
        session = self.session
        if self.busy or session.is_over or (self.paused and not self.rush):
            return
        seat = session.bot_to_play()
        if seat is None:
            self.step()
            return
        bot = session.bot(seat)
        view = session.view(seat)
        if bot.name in QUICK_BOTS:
            self.apply(seat, bot.choose(view))
            return
        # A searching bot thinks in a thread: the screen and its keys stay alive.
        stamp = self._stamp()

        def think() -> None:
            action = bot.choose(view)
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self.call_from_thread(self._bot_decided, seat, action, stamp)

        self.thinking = True
        self.run_worker(think, thread=True, group="bot")

    def _stamp(self) -> tuple[int, int]:
        """Where the match stands: a decision made for another moment is dropped."""
        return (self.session.steps, self.session.undos)

    def _bot_decided(self, seat: int, action: Action, stamp: tuple[int, int]) -> None:
        self.thinking = False
        if stamp != self._stamp() or self.match.is_over:
            return
        if self.busy or (self.paused and not self.rush):
            self.step()  # thought while a panel opened or play paused: think again later
            return
        self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        update = self.session.apply(seat, action)
        self._narrate(update)
        if update.deal_over is not None:
            self.deal_end()
            return
        self.step()

    def _narrate(self, update: Update) -> None:
        for line in self.describer.tell(*update.told(self.viewer)):
            self.say(line, "bold" if update.seat == self.human else "")

    def deal_end(self) -> None:
        """Show the finished deal's last trick and its breakdown; wait for a key."""
        self.rush = False
        self.show_message("")
        self.frozen = self._last_deal_view()
        self.busy = True
        self.redraw()
        body = self.describer.panel(self.describer.renderer.show_deal_end, self.match)
        title = self.t("tui.deal-over", number=len(self.match.scoresheet))

        def resume(_: Any = None) -> None:
            self.busy = False
            self.frozen = None
            self.redraw()
            self.step()

        self.show_panel(title, body, resume)

    def finish(self) -> None:
        """The match is over: the result, the winner's score first, then leave."""
        self.busy = True
        self.exit_code = 0
        self.frozen = self._last_deal_view()
        self.show_message("")
        self.redraw()
        body = self.describer.panel(self.describer.renderer.show_match_end, self.match)
        sheet = self.describer.panel(self.describer.renderer.show_scoresheet, self.match)
        from rich.console import Group

        if self.save is not None:
            self._write(self.save)
        self.show_panel(self.t("tui.match-over"), Group(body, sheet),
                        lambda _=None: self.exit(0))

    def _last_deal_view(self) -> Any:
        """The last finished deal as the table shows it while its breakdown (or the
        match's result) is up: its number and the scores after it."""
        match = self.match
        return finished_view(self.session.last_deal_view(self.viewer), match.scoresheet[-1])

    # -- the person's turn -------------------------------------------------------------
    def ask(self) -> None:
        self.waiting = True
        view = self.session.view(self.viewer)
        self.redraw()
        cards, others = self.describer.choices(view)
        legal = [a for a in view.legal_actions if isinstance(a, Play)]
        if self.autoplay and len(view.hand) == 1 and len(legal) == 1 and not others:
            self.show_message(self.t("tui.autoplay", card=legal[0].card.symbol), "italic")
            self.waiting = False
            self.delay(self.pace / 2, lambda: self._play_own(legal[0]))
            return
        self.show_message(self.describer.prompt(view), "bold")
        entry = self.query_one("#entry", Input)
        if not (entry.has_focus and entry.has_class("shown")):
            if others and not cards:
                self.set_focus(self.query_one("#choices", OptionList))
            else:
                self.set_focus(self.query_one("#hand", HandView))

    def numbered(self) -> list[Action]:
        view = self.session.view(self.viewer)
        cards, others = self.describer.choices(view)
        return [Play(c) for c in cards] + others

    def choose(self, action: Action) -> None:
        """The person's choice: refused with the rule when illegal (nothing changes)."""
        if not self.waiting:
            return
        error = self.session.why_illegal(self.viewer, action)
        if error is not None:
            self.show_message(self.t("prompt.illegal", reason=explain(error, self.t.lang)),
                         "bold red")
            self.bell()
            return
        self.waiting = False
        self._play_own(action)

    def _play_own(self, action: Action) -> None:
        """The person's legal move: what the line said to them (their turn, a refusal)
        is done with, and the others play on."""
        self.show_message("")
        self.apply(self.viewer, action)

    def on_hand_view_chosen(self, event: HandView.Chosen) -> None:
        options = self.numbered()
        if event.index < len(options):
            self.choose(options[event.index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        options = self.numbered()
        if index < len(options):
            self.choose(options[index])

    def action_number(self, number: int) -> None:
        if self.watching or not self.waiting:
            return
        options = self.numbered()
        if 1 <= number <= len(options):
            self.choose(options[number - 1])
        else:
            self.show_message(self.t("input.error.number-range", high=len(options)), "bold red")

    def action_type(self) -> None:
        if self.watching:
            return
        self.open_entry(self.t("tui.type-here"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "entry":
            return
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.typed(text)

    def action_escape(self) -> None:
        """Esc closes the input line when it is open, else asks to leave."""
        entry = self.query_one("#entry", Input)
        if entry.has_class("shown"):
            self.close_entry(self.query_one("#hand", HandView))
        else:
            self.action_request_quit()

    def typed(self, text: str) -> None:
        """A line typed in the input: a number, a card, an action or a command, read in
        the player's language (:func:`atout.input.read_input`)."""
        from atout.input import Command, InputError, read_input

        view = self.session.view(self.viewer)
        result = read_input(text, lang=self.t.lang, game=self.game_name,
                            choices=self.numbered(), hand=view.hand)
        if isinstance(result, Command):
            getattr(self, COMMANDS[result])()
        elif isinstance(result, InputError):
            self.show_message(result.message(self.t.lang), "bold red")
        elif self.watching or not self.waiting:
            self.show_message(self.t("rule.not-your-turn"), "bold red")
        else:
            self.choose(result)

    def action_hand(self) -> None:
        self.close_entry(self.query_one("#hand", HandView))
        self.redraw()

    # -- the keys --------------------------------------------------------------------
    def action_request_quit(self) -> None:
        if self.match.is_over:
            self.exit(0)
            return
        if isinstance(self.screen, QuitScreen):
            return
        t = self.t
        saved_to = self.save
        words = {
            "title": t("tui.quit.title"), "question": t("tui.quit.question"),
            "file": t("tui.quit.file"), "save": t("tui.quit.save"),
            "leave": t("tui.quit.leave"), "stay": t("tui.quit.stay"),
            "saved": t("tui.quit.saved", path=saved_to or ""),
        }
        path = saved_to or datetime.now().strftime(f"atout-{self.game_name}-%Y%m%d-%H%M.txt")
        self.push_screen(QuitScreen(words, path, saved_to), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        """Leave as answered: saved, the match is kept and the command succeeds (0);
        left without saving, it is lost (1)."""
        if answer is None or answer == "stay":
            return
        if answer.startswith("save:"):
            path = answer[5:] or datetime.now().strftime(
                f"atout-{self.game_name}-%Y%m%d-%H%M.txt")
            saved = self._write(path)
            if not saved.written:
                return
            self.exit_code = 0
            self.exit(0)
            return
        self.exit(1)

    def _write(self, path: str) -> Any:
        """Save the record to ``path`` (the session's :meth:`~TableSession.save`); say
        so when it could not be written anywhere."""
        saved = self.session.save(path)
        t = self.t
        if saved.elsewhere is not None:  # said once the screen is the terminal's again
            self.after.append(t("save.elsewhere", path=path, reason=saved.reason,
                                written=saved.elsewhere))
        elif not saved.written:
            self.show_message(t("tui.save-failed", path=path, error=saved.reason), "bold red")
            if self.session.is_over:  # the match is done: its record is printed after it
                self.after += [t("save.printed", path=path, reason=saved.reason), saved.text]
        return saved

    def action_hint(self) -> None:
        if self.watching or not self.waiting:
            return
        from atout.tui.hints import hint_panel

        view = self.session.view(self.viewer)
        body = hint_panel(self.describer, view, self.numbered(), self.session.hint(self.viewer))
        self.show_panel(self.t("tui.hint.title"), body)

    def action_undo(self) -> None:
        """Take back the person's last move of the deal in play and the bots' moves after
        it. A finished deal stays as it was scored: its breakdown was shown and its
        score written, so undo never reaches across into it (as in the line mode)."""
        if not self.allow_undo:
            self.show_message(self.t("tui.undo-off"), "bold red")
            return
        if not self.waiting:
            return
        try:
            self.session.undo(self.viewer)
        except CannotUndo:
            self.show_message(self.t("advice.no-undo"), "bold red")
            return
        self.say(self.t("tui.undone"), "italic")
        self.ask()

    def action_last_trick(self) -> None:
        view = self.frozen or self.session.view(self.viewer)
        if not view.last_trick:
            self.show_message(self.t("event.no-last-trick"), "italic")
            return
        winner = self._winner()
        self.show_panel(self.t("label.last-trick"), self.trick_panel(view.last_trick, winner))

    def action_scores(self) -> None:
        if not self.match.scoresheet:
            self.show_message(self.t("tui.no-scores"), "italic")
            return
        body = self.describer.panel(self.describer.renderer.show_scoresheet, self.match)
        self.show_panel(self.t("label.scores"), body)

    def action_keys_panel(self) -> None:
        from atout.tui.hints import keys_text

        self.show_panel(self.t("tui.keys.title"), keys_text(self.t, self.watching))

    def action_pause(self) -> None:
        if not self.watching:
            return
        self.paused = not self.paused
        # Said on the line below the table, where it covers no card.
        self.show_message(self.t("tui.paused") if self.paused else "", "bold")
        self.redraw()
        if not self.paused:
            self.step()

    def action_next_deal(self) -> None:
        if not self.watching or self.busy:
            return
        self.rush = True
        if self.paused:
            self.paused = False
            self.show_message("")
        self.step()

    def action_speed(self, change: int) -> None:
        steps = [0.0, 0.2, 0.4, 0.8, 1.2, 2.0]
        now = min(range(len(steps)), key=lambda i: abs(steps[i] - self.pace))
        self.pace = steps[max(0, min(len(steps) - 1, now + change))]
        self.show_message(self.t("tui.pace", seconds=number(self.pace, self.t.lang, 1)), "italic")

    # -- drawing -----------------------------------------------------------------------
    def show_message(self, text: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(text, style=style))

    def _winner(self) -> int | None:
        """Who took the last trick on the table (of the finished deal while its
        breakdown is up), as the engine recorded it."""
        return self.session.last_trick_winner(finished=self.frozen is not None)

    def redraw(self) -> None:
        session = self.session
        finished = self.frozen is not None
        view = self.frozen or session.view(self.viewer)
        d = self.describer
        to_act = None if finished else session.to_act()
        hands = counts = None
        if self.watching:
            hands = {s: d.sorted_cards(cards, view)
                     for s, cards in session.open_hands(finished).items()}
        else:
            counts = {s: session.hand_size(s, finished)
                      for s in range(d.num_players) if s != self.viewer}
        seats = self.seat_infos(view, to_act, hands, counts)
        own = d.own_melds(view) if not self.watching else None
        if own is not None:
            seats[self.viewer].notes.append(own)
        state = self.table_state(view, seats, self._winner())
        self.query_one("#table", TableView).state = state
        self.query_one("#status", StatusBar).parts = d.status(view)
        self._draw_hand(view)
        self._draw_choices(view)
        self.query_one("#keys", KeyBar).keys = self._keys(view)

    def _draw_hand(self, view: GameView) -> None:
        hand = self.query_one("#hand", HandView)
        d = self.describer
        cards, _ = d.choices(view)
        active = self.waiting and bool(cards)
        shown = cards if cards else d.sorted_cards(view.hand, view)
        if self.watching:
            shown = d.sorted_cards(view.hand, view)
        hand.cards = shown
        hand.legal = frozenset(a.card for a in view.legal_actions if isinstance(a, Play))
        hand.numbered = active
        if hand.selected >= len(shown):
            hand.selected = max(0, len(shown) - 1)
        if active:
            legal_at = [i for i, c in enumerate(shown) if c in hand.legal]
            if legal_at and hand.selected not in legal_at:
                hand.selected = legal_at[0]

    def _draw_choices(self, view: GameView) -> None:
        box = self.query_one("#choices", OptionList)
        cards, others = self.describer.choices(view)
        if not self.waiting or not others:
            box.remove_class("shown")
            box.clear_options()
            return
        box.clear_options()
        first = len(cards)
        for i, action in enumerate(others):
            # the number in its own column, so a long label wraps under itself
            prompt = Table.grid(padding=(0, 1))
            prompt.add_column(no_wrap=True)
            prompt.add_column()
            prompt.add_row(Text(f"{first + i + 1:>2}", style="bold"),
                           self.describer.label(action, view))
            box.add_option(Option(prompt, id=str(first + i)))
        box.border_title = self.t("label.choices")
        box.add_class("shown")
        box.highlighted = 0

    def _keys(self, view: GameView) -> list[tuple[str, str]]:
        t = self.t
        last = [("l", t("tui.key.last")), ("s", t("tui.key.scores"))]
        end = [("?", t("tui.key.keys")), ("q", t("tui.key.quit"))]
        if self.watching:
            pause = t("tui.key.resume" if self.paused else "tui.key.pause")
            return [("p", pause), ("n", t("tui.key.rush")), ("+/-", t("tui.key.speed")),
                    *last, *end]
        if self.frozen is not None:  # a deal's breakdown or the match's result is up
            return [*last, *end]
        keys = []
        if view.phase == "play":
            keys.append(("←→ ⏎", t("tui.key.play")))
        else:
            keys.append(("↑↓ ⏎", t("tui.key.bid")))
        keys += [("h", t("tui.key.hint")), ("u", t("tui.key.undo")), *last,
                 ("/", t("tui.key.type")), *end]
        return keys
