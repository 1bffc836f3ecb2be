"""What the playing table and the replay share: the layout, the status bar, the key
bar, drawing a position, the panels."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, OptionList, RichLog, Static

from atout.cards import Card
from atout.i18n import Translator
from atout.kits.present import GameView
from atout.tui.describe import Describer, card_style
from atout.tui.screens import Panel
from atout.tui.widgets import Canvas, HandView, SeatInfo, TableState, TableView, draw_table

__all__ = ["KeyBar", "StatusBar", "TableApp"]


def fit_parts(parts: list[Text], width: int, sep: str = " · ") -> Text:
    """Parts on as few lines as fit ``width``, never breaking inside a part."""
    out = Text(no_wrap=True, overflow="crop")
    used = 0
    for part in parts:
        size = cell_len(part.plain)
        if used and used + cell_len(sep) + size > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(sep, style="dim")
            used += cell_len(sep)
        out.append_text(part)
        used += size
    return out


class FittedBar(Widget):
    """A bar of short parts on as few lines as its width allows, never breaking inside a
    part (:func:`fit_parts`), and as tall as its lines."""

    #: Between two parts on one line.
    SEP: ClassVar[str] = " · "

    def texts(self) -> list[Text]:
        """The parts, in order."""
        raise NotImplementedError

    def render(self) -> Text:
        return self._lines(self.size.width or 78)  # the width inside the padding

    def _lines(self, width: int) -> Text:
        return fit_parts(self.texts(), max(10, width), sep=self.SEP)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._lines(width).plain.split("\n")))


class StatusBar(FittedBar):
    """Game, deal, contract, scores, target, pending amount, dealer: as (label, value)
    parts, wrapped between parts."""

    DEFAULT_CSS = """
    StatusBar { height: auto; dock: top; background: $panel; color: $text; padding: 0 1; }
    """

    parts: reactive[list[tuple[str, str]]] = reactive(list, always_update=True, layout=True)

    def __init__(self, colon: str = ": ", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.colon = colon  # after each label, as the reader's language writes it

    def texts(self) -> list[Text]:
        texts = []
        for label, value in self.parts:
            text = Text()
            if label:
                text.append(f"{label}{self.colon}", style="dim")
            text.append(value, style="bold")
            texts.append(text)
        return texts


class KeyBar(FittedBar):
    """The keys that work now, with their words in the player's language: on one line
    when they fit, else on as many as they need, never breaking inside a key and
    never leaving one out (the full list with more words is one key away, ``?``)."""

    DEFAULT_CSS = """
    KeyBar { height: auto; dock: bottom; background: $panel; padding: 0 1; }
    """

    SEP = "  "

    keys: reactive[list[tuple[str, str]]] = reactive(list, always_update=True, layout=True)

    def texts(self) -> list[Text]:
        parts = []
        for key, word in self.keys:
            part = Text()
            part.append(key, style="bold reverse")
            part.append(f" {word}")
            parts.append(part)
        return parts


class TableApp(App[int]):
    """The layout of the table; subclasses decide what happens."""

    CSS = """
    Screen { layout: vertical; }
    #middle { height: 1fr; }
    #left { width: 1fr; }
    #side { width: 26; }
    #choices { height: auto; max-height: 12; border: round $accent; display: none; }
    #choices.shown { display: block; }
    #log {
        height: 1fr; border: round $panel-lighten-2; scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    #message { height: auto; max-height: 3; padding: 0 1; }
    #entry { height: 1; border: none; padding: 0 1; display: none; }
    #entry.shown { display: block; }
    """

    AUTO_FOCUS: ClassVar[str | None] = "#hand"

    def __init__(self, game: str, lang: str, describer: Describer) -> None:
        super().__init__()
        self.game_name = game
        self.t = Translator(lang)
        self.describer = describer

    def compose(self) -> ComposeResult:
        yield StatusBar(colon=self.t.colon, id="status")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield TableView(id="table")
                yield HandView(id="hand")
            with Vertical(id="side"):
                yield OptionList(id="choices")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True,
                              min_width=10)
        yield Static("", id="message")
        yield Input(id="entry")
        yield KeyBar(id="keys")

    def on_resize(self) -> None:
        self._fit_side()

    def on_mount(self) -> None:
        self.title = self.t(f"{self.game_name}.title")
        self._fit_side()
        self.query_one("#log", RichLog).border_title = self.t("tui.log")

    def _fit_side(self) -> None:
        width = self.size.width
        side = self.query_one("#side")
        side.styles.width = min(48, max(26, width - 60)) if width else 26

    # -- drawing a position ----------------------------------------------------------
    def seat_infos(
        self, view: GameView, to_act: int | None, hands: dict[int, list[Card]] | None = None,
        counts: dict[int, int] | None = None,
    ) -> list[SeatInfo]:
        d = self.describer
        notes = d.notes(view)
        leader = None
        if view.phase == "play":
            leader = view.trick[0][0] if view.trick else to_act
        seats = []
        for seat in range(d.num_players):
            info = SeatInfo(
                seat=seat, place=d.place(seat), name=d.seat_name(seat),
                to_act=seat == to_act, leader=seat == leader, notes=list(notes[seat]),
                hand=None if hands is None or seat == d.bottom else hands.get(seat),
                count=0 if counts is None else counts.get(seat, 0),
            )
            seats.append(info)
        return seats

    def table_state(self, view: GameView, seats: list[SeatInfo], winner: int | None) -> TableState:
        d = self.describer
        trick = list(view.trick)
        done = False
        if not trick and view.phase in ("play", "over") and view.last_trick:
            trick, done = list(view.last_trick), True
        public = d.public_cards(view)
        return TableState(seats=seats, trick=trick, trick_done=done,
                          winner=winner if done else None, public=public,
                          lead_word=self.t("tui.lead"))

    #: Actions bound with priority: they run on the table itself, not over a panel
    #: (where the panel's own keys answer).
    TABLE_ONLY: ClassVar[frozenset[str]] = frozenset({"escape", "type", "goto"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.TABLE_ONLY:
            return not isinstance(self.screen, ModalScreen)
        return True

    # -- the input line -----------------------------------------------------------------
    def open_entry(self, placeholder: str) -> None:
        """Show the input line and give it the keys at once, so that what is typed right
        after the key that opened it goes into it, not to the table's shortcuts
        (``Widget.focus`` would only take effect after the keys already typed)."""
        entry = self.query_one("#entry", Input)
        entry.placeholder = placeholder
        entry.add_class("shown")
        self.set_focus(entry)

    def close_entry(self, focus: Widget | None) -> None:
        """Hide the input line, forget what it held, and give the keys to ``focus`` at
        once (the table's shortcuts when ``None``): keys typed right after Esc are
        shortcuts again, not text typed into a hidden line."""
        entry = self.query_one("#entry", Input)
        entry.remove_class("shown")
        self.set_focus(focus)
        entry.clear()
        entry.call_later(entry.clear)  # after the keys that reached it before Esc

    def say(self, line: str | Text, style: str = "") -> None:
        self.query_one("#log", RichLog).write(Text(line, style=style) if isinstance(line, str)
                                               else line)

    def log_rule(self, title: str) -> None:
        self.say(Text(f"── {title} ──", style="bold"))

    def show_panel(self, title: str, body: RenderableType, callback: Any = None) -> None:
        self.push_screen(Panel(title, body, self.t("tui.any-key"),
                               scroll_footer=self.t("tui.scroll-or-any-key")), callback)

    def trick_panel(self, trick: Any, winner: int | None) -> RenderableType:
        """A finished trick laid out by seat, as on the table, the winner framed."""
        d = self.describer
        canvas = Canvas(44, 13)
        seats = [SeatInfo(seat=s, place=d.place(s), name=d.seat_name(s))
                 for s in range(d.num_players)]
        state = TableState(seats=seats, trick=list(trick), trick_done=True, winner=winner,
                           lead_word=self.t("tui.lead"))
        seats[[s.seat for s in seats].index(trick[0][0])].leader = True
        draw_table(canvas, state)
        return canvas.to_text()

    def scores_table(self, rows: list[tuple[str, ...]], head: tuple[str, ...]) -> Table:
        table = Table(*head)
        for row in rows:
            table.add_row(*row)
        return table

    def cards_text(self, cards: list[Card]) -> Text:
        text = Text()
        for i, card in enumerate(cards):
            if i:
                text.append(" ")
            text.append(card.symbol, style=card_style(card))
        return text
