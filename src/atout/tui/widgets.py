"""The pieces of the table: the seats and the trick, the hand, the status bar.

The table and the hand are drawn on a character grid (:class:`Canvas`) sized to the
widget, so that they adapt to the terminal: the seats keep their places around the
trick and the names and notes get the room that is left. Marks do not rely on colour
alone: the seat to act has an arrow, a card you may not play has a dashed frame, the
selected card stands one row higher, a trick's winning card has a double frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from atout.cards import Card
from atout.tui.describe import card_style

__all__ = ["Canvas", "HandView", "SeatInfo", "TableState", "TableView"]

CARD_W = 5  # │10♥│
SOLID = "╭─╮│╰─╯"
DASHED = "┌┄┐┆└┄┘"
DOUBLE = "╔═╗║╚═╝"


class Canvas:
    """A grid of characters with a style per cell, turned into one ``rich`` Text."""

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = char
                self.styles[y][x + i] = style

    def put_text(self, x: int, y: int, text: Text, width: int | None = None) -> None:
        """Put styled text, cut to ``width`` cells."""
        plain = text.plain if width is None else text.plain[:width]
        styles = [str(text.style) if text.style else ""] * len(plain)
        for span in text.spans:
            for i in range(span.start, min(span.end, len(plain))):
                styles[i] = f"{styles[i]} {span.style}".strip()
        for i, char in enumerate(plain):
            self.put(x + i, y, char, styles[i])

    def card(self, x: int, y: int, card: Card | None, frame: str = SOLID, style: str = "",
             face_style: str | None = None) -> None:
        """A card three rows high and five wide; ``None`` draws its back."""
        tl, h, tr, v, bl, _, br = tuple(frame)
        self.put(x, y, tl + h * 3 + tr, style)
        if card is None:
            self.put(x, y + 1, v + "░░░" + v, style)
        else:
            face = card.symbol.rjust(3)
            self.put(x, y + 1, v, style)
            self.put(x + 1, y + 1, face, face_style if face_style is not None else
                     f"{card_style(card)} {style}".strip())
            self.put(x + 4, y + 1, v, style)
        self.put(x, y + 2, bl + h * 3 + br, style)

    def to_text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for row in range(self.height):
            if row:
                out.append("\n")
            run, style = "", None
            for char, cell_style in zip(self.chars[row], self.styles[row], strict=True):
                if cell_style != style and run:
                    out.append(run, style=style or "")
                    run = ""
                style = cell_style
                run += char
            if run:
                out.append(run, style=style or "")
        return out


def wrap_words(text: str, width: int) -> list[str]:
    """Words on lines of at most ``width`` cells (a word longer than that stays whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


@dataclass
class SeatInfo:
    """One seat as the table shows it."""

    seat: int
    place: str  # S, E, N, W
    name: str
    to_act: bool = False
    leader: bool = False
    notes: list[Text] = field(default_factory=list)
    #: The seat's cards face up (watching, replay with every hand), or None.
    hand: list[Card] | None = None
    #: How many cards the seat holds, shown as backs when its hand is hidden.
    count: int = 0


@dataclass
class TableState:
    seats: list[SeatInfo] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    #: The trick shown is complete (the last trick, until the next card is led).
    trick_done: bool = False
    winner: int | None = None
    #: Face-up cards beside the trick: Deberts' indicator and bottom card, Belote's
    #: turned card during the bidding.
    public: list[tuple[str, Card]] = field(default_factory=list)
    lead_word: str = "lead"


class TableView(Widget):
    """The seats around the trick: names, the seat to act, the leader, what each seat
    has said, and the cards of the trick in front of the seats that played them."""

    DEFAULT_CSS = """
    TableView { width: 1fr; height: 1fr; min-height: 12; }
    """

    state: reactive[TableState] = reactive(TableState, always_update=True, layout=False)

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        canvas = Canvas(width, height)
        draw_table(canvas, self.state)
        return canvas.to_text()


def draw_table(canvas: Canvas, state: TableState) -> None:
    width, height = canvas.width, canvas.height
    four = len(state.seats) == 4
    shown_hand = any(info.hand is not None for info in state.seats if info.place == "N")
    needed = 14 if shown_hand else 13
    top = max(0, (height - needed) // 2)
    cx = width // 2
    box_x = {"N": cx - 2, "S": cx - 2, "W": cx - 9, "E": cx + 5, "C": cx - 2}
    n_box = top + (3 if shown_hand else 2)
    box_y = {"N": n_box, "W": n_box + 3, "E": n_box + 3, "C": n_box + 3, "S": n_box + 6}
    played = {seat: card for seat, card in state.trick}

    # the trick (or the public cards during the bidding)
    for info in state.seats:
        card = played.get(info.seat)
        if card is None:
            continue
        frame, style = SOLID, ""
        if state.trick_done:
            style = "dim"
            if info.seat == state.winner:
                frame, style = DOUBLE, "bold"
        canvas.card(box_x[info.place], box_y[info.place], card, frame, style,
                    face_style=None if style != "dim" else f"{card_style(card)} dim")

    # Deberts' indicator and bottom card at the sides; Belote's turned card in the middle
    sides = ["W", "E"] if not four else ["C"]
    for (word, public_card), place in zip(state.public, sides, strict=False):
        x, y = box_x[place], box_y[place]
        canvas.card(x, y, public_card)
        if place == "C":
            canvas.put(max(0, cx - cell_len(word) // 2), y - 1, word, "italic")
        else:
            _side_lines(canvas, place, x, y, [Text(w, style="italic")
                                             for w in wrap_words(word, _zone(place, x, width))])

    # the seats
    for info in state.seats:
        label = _label(info, state.lead_word)
        extra: list[Text] = list(info.notes)
        if info.hand is not None:
            extra += _hand_lines(info.hand, 40 if info.place in "NS" else _zone(
                info.place, box_x[info.place], width))
        elif info.place in "WEN" and info.count:
            extra.append(Text("▮" * info.count, style="dim"))
        if info.place == "N":
            canvas.put_text(max(0, cx - len(label) // 2), top, label, width)
            rows = extra[: n_box - top - 1]
            for i, line in enumerate(rows):
                canvas.put_text(max(0, cx - len(line) // 2), top + 1 + i, line, width)
        elif info.place == "S":
            y = box_y["S"] + 3
            line = label.copy()
            for note in extra:
                if len(line) + 2 + len(note) <= width or y + 1 >= height:
                    line.append("  ").append_text(note)
                else:
                    canvas.put_text(max(0, cx - len(line) // 2), y, line, width)
                    y, line = y + 1, note.copy()
            canvas.put_text(max(0, cx - len(line) // 2), y, line, width)
        else:
            x = box_x[info.place]
            zone = _zone(info.place, x, width)
            if any(p[1] is not None for p in state.public) and not four:
                continue
            lines = [label[:zone]] + [t[:zone] for t in extra]
            _side_lines(canvas, info.place, x, box_y[info.place] - 1, lines)


def _zone(place: str, box_x: int, width: int) -> int:
    """Cells beside a side box for its seat's name and notes."""
    return max(4, box_x - 1) if place == "W" else max(4, width - (box_x + CARD_W + 1))


def _side_lines(canvas: Canvas, place: str, box_x: int, y: int, lines: list[Text]) -> None:
    """Lines beside a side box, right-aligned against it on the left (W), left-aligned
    after it on the right (E)."""
    for i, line in enumerate(lines):
        if place == "W":
            canvas.put_text(max(0, box_x - 1 - len(line)), y + i, line)
        else:
            canvas.put_text(box_x + CARD_W + 1, y + i, line)


def _label(info: SeatInfo, lead_word: str) -> Text:
    text = Text()
    if info.to_act:
        text.append("▶ ", style="bold")
        text.append(info.name, style="bold reverse")
    else:
        text.append(info.name, style="bold")
    if info.leader:
        text.append(f" ({lead_word})", style="italic")
    return text


def _hand_lines(cards: list[Card], width: int) -> list[Text]:
    lines: list[Text] = []
    line = Text()
    for card in cards:
        word = card.symbol
        if line.plain and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = Text()
        if line.plain:
            line.append(" ")
        line.append(word, style=card_style(card))
    if line.plain:
        lines.append(line)
    return lines


class HandView(Widget, can_focus=True):
    """The player's hand, always visible: trumps first, suits alternating in colour.
    Left and right move the selection, Enter plays, a click plays the card clicked.
    A card that may not be played now has a dashed frame and is dimmed."""

    DEFAULT_CSS = """
    HandView { height: 5; }
    HandView:focus { background: $boost; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "move(-99)", show=False),
        Binding("end", "move(99)", show=False),
        Binding("enter,space", "choose", show=False),
    ]

    class Chosen(Message):
        """The player chose the card at ``index`` (0-based) of the hand."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cards: reactive[list[Card]] = reactive(list, always_update=True)
    legal: reactive[frozenset[Card]] = reactive(frozenset, always_update=True)
    selected: reactive[int] = reactive(0)
    numbered: reactive[bool] = reactive(False)
    label: reactive[str] = reactive("")

    CARD_STEP = CARD_W + 1

    def _left(self) -> int:
        return max(0, (self.size.width - len(self.cards) * self.CARD_STEP) // 2)

    def render(self) -> Text:
        canvas = Canvas(self.size.width, self.size.height)
        x0 = self._left()
        active = self.numbered
        for i, card in enumerate(self.cards):
            x = x0 + i * self.CARD_STEP
            playable = not active or card in self.legal
            raised = active and i == self.selected
            frame = SOLID if playable else DASHED
            style = "" if playable else "dim"
            face = None if playable else f"{card_style(card)} dim"
            if raised and self.has_focus:
                style = "bold" if playable else "dim"
                face = f"{card_style(card)} reverse" + ("" if playable else " dim")
            canvas.card(x, 0 if raised else 1, card, frame, style, face_style=face)
            if active:
                number = str(i + 1)
                canvas.put(x + 2, 4, number, "bold" if playable else "dim")
        if not self.cards and self.label:
            canvas.put(1, 2, self.label, "italic")
        return canvas.to_text()

    def index_at(self, x: int) -> int | None:
        offset = x - self._left()
        if offset < 0:
            return None
        index, within = divmod(offset, self.CARD_STEP)
        if index >= len(self.cards) or within >= CARD_W:
            return None
        return index

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = max(0, min(len(self.cards) - 1, self.selected + step))

    def action_choose(self) -> None:
        if self.numbered and self.cards:
            self.post_message(self.Chosen(self.selected))

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x)
        if index is not None and self.numbered:
            self.selected = index
            self.post_message(self.Chosen(index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self.index_at(event.x)
        if index is not None and self.numbered and index != self.selected:
            self.selected = index
