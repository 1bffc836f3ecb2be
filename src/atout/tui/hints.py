"""The help panels: the keys, and the hint (each choice's value for the bot, and why)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from atout.bots.advice import Advice
from atout.games.actions import Action
from atout.i18n import Translator, signed
from atout.kits.present import GameView

__all__ = ["hint_panel", "keys_text"]


def keys_text(t: Translator, watching: bool, replay: bool = False) -> RenderableType:
    if replay:
        return Text(t("tui.keys.replay"))
    if watching:
        return Text(t("tui.keys.watch"))
    return Group(Text(t("tui.keys.play")), Text(""), Text(t("tui.keys.commands")))


def hint_panel(describer: Any, view: GameView, numbered: list[Action], advice: Sequence[Advice]
               ) -> RenderableType:
    """Each legal choice with the points the bot expects it to bring the player's side
    (minus the others') and its one-line reason, best first (``advice``: the table
    session's hint, :meth:`atout.table.session.TableSession.hint`); the bot's own choice
    is marked."""
    t = describer.t
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("", no_wrap=True)  # the bot's choice and the choice's number
    # A long action wraps under itself, so that the reasons keep their room at 80 columns.
    table.add_column(t("tui.hint.head-choice"), max_width=20)
    table.add_column(t("tui.hint.head-points"), justify="right", no_wrap=True)
    table.add_column(t("tui.hint.head-why"))
    numbers = {action: i for i, action in enumerate(numbered, 1)}

    def name(action: Action) -> str:
        label: Text = describer.label(action, view)
        return label.plain

    for choice in advice:
        mark = Text("★ " if choice.chosen else "  ", style="bold")
        number = numbers.get(choice.action)
        mark.append(f"{number:>2}" if number else "  ", style="dim")
        table.add_row(mark, describer.label(choice.action, view), signed(choice.points, t.lang),
                      choice.reason(t.lang, name))
    return Group(table, Text(""), Text(t("tui.hint.note"), style="italic"))
