"""The panels over the table: the last trick, the scoresheet, the end of a deal, the
keys, the hint; and the question asked before leaving a match in the middle."""

from __future__ import annotations

import io
from typing import Any, ClassVar

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

__all__ = ["Panel", "QuitScreen"]


class Panel(ModalScreen[None]):
    """A panel that fits the screen (it scrolls when its content does not): any key
    closes it, except the arrows, the page keys, Home and End, which scroll; when it
    scrolls, its last line says so (``scroll_footer``)."""

    DEFAULT_CSS = """
    Panel { align: center middle; }
    Panel > #frame {
        height: auto; max-height: 100%; border: round $accent; background: $surface;
        padding: 0 1;
    }
    Panel #body { width: 100%; height: auto; }
    Panel #content { width: 100%; height: auto; }
    Panel #close { color: $text-muted; width: 100%; height: auto; }
    """

    SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})

    def __init__(self, title: str, body: RenderableType, footer: str, name: str = "",
                 scroll_footer: str = "") -> None:
        super().__init__(name=name or None)
        self.title_text = title
        self.body = body
        self.footer = footer
        self.scroll_footer = scroll_footer or footer

    def compose(self) -> ComposeResult:
        width, height = self.app.size
        inner = max(10, width - 4)
        natural = max(_measure(self.body, inner), len(self.title_text) + 2, len(self.footer))
        with Vertical(id="frame") as frame:
            frame.styles.width = min(width, natural + 4)
            frame.border_title = self.title_text
            with VerticalScroll(id="body") as body:
                body.styles.max_height = max(3, height - 3)
                yield Static(self.body, id="content")
            yield Static(Text(self.footer, style="italic"), id="close")

    def on_mount(self) -> None:
        self.call_after_refresh(self._say_it_scrolls)

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_it_scrolls)

    def _say_it_scrolls(self) -> None:
        scrolls = self.query_one("#body", VerticalScroll).max_scroll_y > 0
        footer = self.scroll_footer if scrolls else self.footer
        self.query_one("#close", Static).update(Text(footer, style="italic"))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        body = self.query_one("#body", VerticalScroll)
        scroll = {"up": body.scroll_up, "down": body.scroll_down,
                  "pageup": body.scroll_page_up, "pagedown": body.scroll_page_down,
                  "home": body.scroll_home, "end": body.scroll_end}.get(event.key)
        if scroll is not None:  # the panel has no focus of its own: it scrolls here
            scroll(animate=False)
            return
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        self.dismiss(None)


def _measure(renderable: RenderableType, limit: int) -> int:
    """The width ``renderable`` takes at most, up to ``limit`` cells."""
    console = Console(width=limit, file=io.StringIO())
    return min(limit, Measurement.get(console, console.options, renderable).maximum)


class QuitScreen(ModalScreen[str]):
    """Leave in the middle of a match? Save and leave, leave, or keep playing.
    Dismissed with ``"save:<path>"``, ``"leave"`` or ``"stay"``. The player has just
    asked to leave, so Enter leaves: the first button, which saves the match (to the
    file named, or to ``saved_to``, the match's own record file, where it has one, and
    then it is the only way out); Esc keeps playing."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > #frame {
        width: 64; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1;
    }
    QuitScreen #buttons { height: auto; width: 100%; }
    QuitScreen Button { margin: 0 1 0 0; min-width: 8; }
    QuitScreen Input { margin: 0 0 1 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "stay", show=False)]

    def __init__(self, words: dict[str, str], path: str, saved_to: str | None) -> None:
        super().__init__()
        self.words = words
        self.path = path
        self.saved_to = saved_to

    def compose(self) -> ComposeResult:
        w = self.words
        with Vertical(id="frame") as frame:
            frame.border_title = w["title"]
            yield Static(w["question"])
            if self.saved_to is None:
                yield Static(Text(w["file"], style="italic"))
                yield Input(self.path, id="path")
            else:
                yield Static(Text(w["saved"], style="italic"))
            with Horizontal(id="buttons"):
                yield Button(w["save"], id="save", variant="primary")
                if self.saved_to is None:
                    yield Button(w["leave"], id="leave", variant="error")
                yield Button(w["stay"], id="stay")

    def on_mount(self) -> None:
        self.query_one("#save", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            path = (self.saved_to if self.saved_to is not None
                    else self.query_one("#path", Input).value.strip())
            self.dismiss("save:" + path)
        else:
            self.dismiss(str(event.button.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss("save:" + event.value.strip())

    def action_stay(self) -> None:
        self.dismiss("stay")


def group(*items: Any) -> Group:
    return Group(*(Text(item) if isinstance(item, str) else item for item in items))
