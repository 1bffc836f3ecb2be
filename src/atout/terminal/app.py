"""The terminal game loop, the same for every game: bots play their seats, the person
at the keyboard is asked for a move, an illegal move is explained and asked again.

Input is read line by line (``input_fn``), so a script on standard input drives a
whole match exactly as a person would; at the end of input the game stops cleanly.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from atout.bots.advice import HINT_LEVEL, advise
from atout.bots.base import Bot, bot_names, make_bot
from atout.games.actions import Action
from atout.games.base import secret_seed
from atout.i18n import Translator, explain
from atout.kits import get_game
from atout.terminal import renderer_class
from atout.terminal.input import Command, InputError, read_input

__all__ = ["TerminalGame"]


class _Quit(Exception):
    pass


class TerminalGame:
    """One match at a terminal table: a person at ``human`` and bots elsewhere."""

    def __init__(
        self,
        game: str,
        *,
        seed: int | None = None,
        lang: str = "en",
        human: int | None = 0,
        bots: list[str] | str = "heuristic",
        options: str | None = None,
        console: Console | None = None,
        input_fn: Callable[[str], str] = input,
        save: str | None = None,
        undo: bool = True,
        hint_level: str = HINT_LEVEL,
    ) -> None:
        info = get_game(game)
        self.info = info
        self.t = Translator(lang)
        opts = info.options.parse(options) if options else info.options()
        if human is not None:  # a person plays: no option that reveals hidden cards
            opts.check_for_people()
        if save is not None:  # before the first deal, not after the whole match
            _check_writable(save, self.t)
        # No seed given: 128 bits from the operating system, shown to nobody (the record
        # written at the end carries it, so the match can be dealt again).
        self.match = info.match(seed=secret_seed() if seed is None else seed, options=opts)
        self.console = console or Console(highlight=False)
        self.human = human
        n = info.num_players
        names = [bots] * n if isinstance(bots, str) else list(bots)
        if len(names) == 1:
            names = names * n
        base = secret_seed() if seed is None else seed  # bots' own draws, also unseen
        self.bots: dict[int, Bot] = {
            seat: make_bot(info.name, names[seat], seed=base * 31 + seat)
            for seat in range(n)
            if seat != human
        }
        if human is not None:
            # a person waits: the wall-clock safety net (counted and logged when hit)
            from atout.bots.search import TABLE_SAFETY_NET, _SearchBase

            for bot in self.bots.values():
                if isinstance(bot, _SearchBase):
                    bot.time_budget = TABLE_SAFETY_NET
        self.renderer = renderer_class(info.name)(self.console, self.t, human, n)
        self.input_fn = input_fn
        #: Where to write the match record when the game ends or stops (atout.notation).
        self.save = save
        self.players = {s: "human" if s == human else names[s] for s in range(n)}
        #: Show what was read when input does not come from a person typing.
        self.echo = input_fn is not input or not sys.stdin.isatty()
        self.seed = seed
        #: May the person take back their own last move (``undo``)? How many times did
        #: they (written to the record as the ``Undos`` header)?
        self.allow_undo = undo
        self.undos = 0
        #: (deal number, actions in that deal before it) for each of the person's moves.
        self._moves: list[tuple[int, int]] = []
        #: The bot level whose search values the choices for ``hint``.
        if hint_level not in bot_names(info.name):
            raise ValueError(
                f"no bot level {hint_level!r} for hints; choose one of "
                f"{', '.join(bot_names(info.name))}"
            )
        self.hint_level = hint_level

    def run(self) -> int:
        """Play until the match ends (0), the person leaves or input ends (1), or
        Ctrl-C (130: a goodbye in the player's language, no traceback)."""
        match = self.match
        announced = 0  # the last deal whose header was printed
        try:
            while not match.is_over:
                if match.deal_number != announced:
                    announced = match.deal_number
                    self._deal_header()
                seat = match.current_player()
                assert seat is not None
                if seat == self.human:
                    action = self._ask(seat)
                    self._moves.append((match.deal_number, len(match.deal.actions)))
                else:
                    action = self.bots[seat].choose(match.view(seat))
                self._apply(seat, action)
        except _Quit:
            return 1
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(self.t("prompt.interrupted"))
            return 130
        finally:
            self._save()
        self.renderer.show_match_end(match)
        return 0

    def _deal_header(self) -> None:
        """Each deal opens with its number and dealer, before anyone speaks or plays
        in it (the bots may move before the person is first shown the table)."""
        watcher = 0 if self.human is None else self.human
        dealer = self.match.view(watcher).dealer
        key = "tui.deal-header"
        if dealer == self.human and self.t.has(f"{key}.you"):  # "you deal", where it reads so
            key += ".you"
        self.console.print()
        self.console.print(self.t(key, number=self.match.deal_number,
                                  dealer=self.renderer.seat_name(dealer)), style="bold")

    def _save(self) -> None:
        """Write the record of the match as far as it went to the ``save`` file. Never
        raises: when that file cannot be written any more, the record goes to a new
        file in the home folder (or the temporary folder), and the player is told where;
        when nothing can be written, the record is printed."""
        if self.save is None:
            return
        from datetime import date

        from atout.notation import write_match

        headers = {"Date": date.today().isoformat()}
        headers |= {f"Seat{seat}": name for seat, name in self.players.items()}
        if self.allow_undo and self.human is not None:
            headers["Undos"] = str(self.undos)
        text = write_match(self.match, headers)
        try:
            Path(self.save).write_text(text, encoding="utf-8")
            return
        except OSError as exc:
            reason = exc.strerror or str(exc)
        t = self.t
        for folder in (Path.home(), Path(tempfile.gettempdir())):
            try:
                handle, name = tempfile.mkstemp(
                    prefix=f"atout-{self.info.name}-", suffix=".txt", dir=folder
                )
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(text)
            except OSError:
                continue
            self.console.print(t("save.elsewhere", path=self.save, reason=reason, written=name))
            return
        self.console.print(t("save.printed", path=self.save, reason=reason))
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def _apply(self, seat: int, action: Action) -> None:
        match = self.match
        watcher = 0 if self.human is None else self.human
        before = match.view(watcher)
        deals_before = len(match.scoresheet)
        match.apply(action)
        if len(match.scoresheet) > deals_before:
            after = match.deals[-1].view(watcher)
            self.renderer.narrate(seat, action, before, after)
            self.renderer.show_deal_end(match)
        else:
            self.renderer.narrate(seat, action, before, match.view(watcher))

    def _ask(self, seat: int) -> Action:
        match = self.match
        t = self.t
        view = match.view(seat)
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
                    view = match.view(seat)
                    read = Command.HAND
                self._command(read, view)
                if read is Command.HAND:
                    options = self.renderer.show_choices(view)
                continue
            error = match.deal.why_illegal(read)
            if error is not None:
                self.console.print(t("prompt.illegal", reason=explain(error, t.lang)))
                continue
            return read

    def _command(self, command: Command, view: Any) -> None:
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
            self.renderer.show_hint(view, advise(self.info.name, view, self.hint_level))

    def _undo(self, seat: int) -> bool:
        """Take back the person's last move in this deal and the bots' moves after it
        (a setting); say what happened. True when something was taken back."""
        t = self.t
        if not self.allow_undo:
            self.console.print(t("advice.undo-off"))
            return False
        match = self.match
        if not self._moves or self._moves[-1][0] != match.deal_number:
            self.console.print(t("advice.no-undo"))
            return False
        _, before = self._moves.pop()
        count = len(match.deal.actions) - before
        for _ in range(count):
            match.undo()
        assert match.current_player() == seat
        self.undos += 1
        self.console.print(t("advice.undone", moves=count), style="yellow")
        return True


def _check_writable(path: str, t: Translator) -> None:
    """Refuse (``ValueError``, in the player's language) a record file that cannot be
    written: opened for appending, so an existing file is left as it is."""
    target = Path(path)
    try:
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        existed = target.exists()
        with target.open("a", encoding="utf-8"):
            pass
        if not existed:
            target.unlink()
    except OSError as exc:
        raise ValueError(
            t("save.cannot-write", path=path, reason=exc.strerror or str(exc))
        ) from None


def play_terminal(game: str, **kwargs: Any) -> int:
    """Run a terminal match; see :class:`TerminalGame` for the arguments."""
    return TerminalGame(game, **kwargs).run()
