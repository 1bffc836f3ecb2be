"""The terminal game loop, the same for every game: bots play their seats, the person
at the keyboard is asked for a move, an illegal move is explained and asked again.

Input is read line by line (``input_fn``), so a script on standard input drives a
whole match exactly as a person would; at the end of input the game stops cleanly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Unpack

from rich.console import Console

from atout.bots.base import Bot
from atout.games.actions import Action
from atout.i18n import Translator, explain
from atout.input import Command, InputError, read_input
from atout.kits import get_game
from atout.kits.present import GameView
from atout.table.session import (
    CannotUndo,
    SessionView,
    TableChoices,
    TableSetup,
)
from atout.terminal import renderer_class

__all__ = ["TerminalGame"]


class _Quit(Exception):
    pass


class TerminalGame(SessionView):
    """One match at a terminal table: a person at ``human`` and bots elsewhere, a line
    view of a :class:`~atout.table.session.TableSession` (``session``)."""

    def __init__(
        self,
        game: str,
        *,
        console: Console | None = None,
        input_fn: Callable[[str], str] = input,
        **choices: Unpack[TableChoices],
    ) -> None:
        setup = TableSetup(game, **choices)
        info = get_game(game)
        self.info = info
        self.t = Translator(setup.lang)
        self.session = setup.open()
        self.console = console or Console(highlight=False)
        self.human = setup.human
        #: The seat whose view is shown (seat 0 when bots play every seat).
        self.viewer = setup.viewer
        self.renderer = renderer_class(info.name)(self.console, self.t, setup.human,
                                                  info.num_players)
        self.input_fn = input_fn
        #: Where to write the match record when the game ends or stops (atout.notation).
        self.save = setup.save
        #: Show what was read when input does not come from a person typing.
        self.echo = input_fn is not input or not sys.stdin.isatty()
        self.seed = setup.seed

    @property
    def bots(self) -> dict[int, Bot]:
        return self.session.bots

    def run(self) -> int:
        """Play until the match ends (0), the person leaves or input ends (1), or
        Ctrl-C (130: a goodbye in the player's language, no traceback)."""
        session = self.session
        try:
            while not session.is_over:
                number = session.deal_to_announce()
                if number is not None:
                    self._deal_header(number)
                seat = session.to_act()
                assert seat is not None
                if seat == self.human:
                    update = session.apply(seat, self._ask(seat))
                else:
                    update = session.bot_move()
                self.renderer.tell(*update.told(self.viewer))
                if update.deal_over is not None:
                    self.renderer.show_deal_end(self.match)
        except _Quit:
            return 1
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(self.t("prompt.interrupted"))
            return 130
        finally:
            self._save()
        self.renderer.show_match_end(self.match)
        return 0

    def _deal_header(self, number: int) -> None:
        """Each deal opens with its number and dealer, before anyone speaks or plays
        in it (the bots may move before the person is first shown the table)."""
        dealer = self.session.view(self.viewer).dealer
        key = "tui.deal-header"
        if dealer == self.human and self.t.has(f"{key}.you"):  # "you deal", where it reads so
            key += ".you"
        self.console.print()
        self.console.print(self.t(key, number=number,
                                  dealer=self.renderer.seat_name(dealer)), style="bold")

    def _save(self) -> None:
        """Write the record of the match as far as it went to the ``save`` file (the
        session finds another place when it cannot; the player is told where)."""
        if self.save is None:
            return
        saved = self.session.save(self.save)
        t = self.t
        if saved.elsewhere is not None:
            self.console.print(t("save.elsewhere", path=saved.path, reason=saved.reason,
                                 written=saved.elsewhere))
        elif saved.reason is not None:
            self.console.print(t("save.printed", path=saved.path, reason=saved.reason))
            self.console.print(saved.text, markup=False, highlight=False, soft_wrap=True)

    def _ask(self, seat: int) -> Action:
        session = self.session
        t = self.t
        view = session.view(seat)
        self.renderer.show_table(view)
        options = self.renderer.show_choices(view)
        while True:
            try:
                text = self.input_fn(t("prompt.choose")).strip()
            except EOFError:
                self.console.print()
                self.console.print(t("prompt.end-of-input"))
                raise _Quit from None
            if self.echo:
                self.console.print(text)
            if not text:
                continue
            hand = getattr(view, "hand", None)
            read = read_input(
                text, lang=t.lang, game=self.info.name, choices=options, hand=hand
            )
            if isinstance(read, InputError):
                self.console.print(read.message(t.lang))
                continue
            if isinstance(read, Command):
                if read is Command.QUIT:
                    self.console.print(t("prompt.bye"))
                    raise _Quit
                if read is Command.UNDO and self._undo(seat):
                    view = session.view(seat)
                    read = Command.HAND
                self._command(read, view)
                if read is Command.HAND:
                    options = self.renderer.show_choices(view)
                continue
            error = session.why_illegal(seat, read)
            if error is not None:
                self.console.print(t("prompt.illegal", reason=explain(error, t.lang)))
                continue
            return read

    def _command(self, command: Command, view: GameView) -> None:
        """Answer a table command other than quit and undo (the table is redrawn for
        ``hand``; the caller prints the choices again)."""
        if command is Command.HELP:
            self.console.print(self.t("prompt.help"))
        elif command is Command.LAST:
            self.renderer.show_last_trick(view)
        elif command is Command.SCORE:
            self.renderer.show_scoresheet(self.match)
        elif command is Command.HAND:
            self.renderer.show_table(view)
        elif command is Command.HINT:
            assert view.seat is not None  # a person's view
            self.renderer.show_hint(view, self.session.hint(view.seat))

    def _undo(self, seat: int) -> bool:
        """Take back the person's last move in this deal and the bots' moves after it
        (a setting); say what happened. True when something was taken back."""
        t = self.t
        try:
            count = self.session.undo(seat)
        except CannotUndo as refused:
            self.console.print(t("advice.undo-off" if refused.reason == "off"
                                 else "advice.no-undo"))
            return False
        self.console.print(t("advice.undone", moves=count), style="yellow")
        return True


def play_terminal(game: str, **kwargs: Any) -> int:
    """Run a terminal match; see :class:`TerminalGame` for the arguments."""
    return TerminalGame(game, **kwargs).run()
