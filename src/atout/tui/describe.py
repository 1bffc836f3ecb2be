"""What the full-screen table says about a position, in the player's language.

The words come from each game's terminal renderer (:mod:`atout.terminal`), which
already names seats, bids, contracts and melds and draws the breakdown and the
scoresheet; here they are put where the table shows them: a status bar, short notes by
each seat, the public cards of the deal, the hand in playing order. The renderer prints
to a console; :class:`Sink` stands in for one and keeps what it was given, so that a
panel can show the same breakdown the line mode prints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from itertools import pairwise, permutations
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from atout.cards import Card, Suit
from atout.games.actions import Action, Play, Push, Trump
from atout.i18n import Translator
from atout.kits import kit
from atout.kits.present import Field, GameView, Param, Presenter, render

__all__ = ["Describer", "Sink", "card_style", "finished_view", "suit_order"]

RED = frozenset({Suit.DIAMONDS, Suit.HEARTS})
#: How the table writes what a seat has said, by the presenter's kind of note.
NOTE_STYLES = {"bid": "bold", "pass": "dim", "call": "yellow", "honour": "bold yellow",
               "contract": ""}


def card_style(card: Card) -> str:
    """Red for hearts and diamonds, the terminal's own colour for the black suits."""
    return "bold red" if card.suit in RED else "bold"


def suit_order(suits: set[Suit], trump: Suit | None) -> list[Suit]:
    """The suits of a hand in the order a player holds them: trumps first, then the
    others so that the colours alternate as far as the hand allows (fewest neighbours
    of one colour; between equals, the usual order clubs, diamonds, hearts, spades)."""
    first = [trump] if trump is not None and trump in suits else []
    rest = sorted(s for s in suits if s not in first)
    best: list[Suit] | None = None
    best_cost = 99
    for order in permutations(rest):
        line = first + list(order)
        cost = sum((a in RED) == (b in RED) for a, b in pairwise(line))
        if cost < best_cost:
            best, best_cost = line, cost
    return best if best is not None else first


def finished_view(view: Any, row: Any) -> Any:
    """A finished deal's ``view`` as the status bar shows it while its breakdown is up
    and after the match: the deal's own number and the scores (and what hangs or is
    held) after it, from its scoresheet ``row``; a deal's own view knows neither."""
    after = {"deal_number": row.number, "scores": row.scores, "running": row.scores,
             "hanging": getattr(row, "hanging", 0), "held": getattr(row, "held", 0)}
    names = {f.name for f in dataclasses.fields(view)}
    return dataclasses.replace(view, **{k: v for k, v in after.items() if k in names})


class Sink:
    """A stand-in for a ``rich`` console that keeps what is printed, as renderables."""

    def __init__(self) -> None:
        self.items: list[RenderableType] = []

    def print(self, *objects: Any, style: str | None = None, **_: Any) -> None:
        if not objects:
            self.items.append(Text(""))
            return
        for item in objects:
            if isinstance(item, str):
                item = Text(item, style=style or "")
            elif isinstance(item, Text) and style:
                item = item.copy()
                item.stylize(style)
            self.items.append(item)

    def rule(self, title: str = "", **_: Any) -> None:
        self.items.append(Rule(title))

    def take(self) -> list[RenderableType]:
        items, self.items = self.items, []
        return items

    def group(self) -> Group:
        return Group(*self.take())

    def lines(self) -> list[str]:
        """What was printed, as plain lines (the narration of a move)."""
        return [item.plain for item in self.take() if isinstance(item, Text) and item.plain]


class Describer:
    """The words of one game's table for one player (``human``; ``None`` when watching
    or replaying, where seats are named as in the records: the players' ``names`` a
    record gives, else Seat 0, Seat 1, ...). ``bottom`` is the seat drawn at the bottom
    of the table."""

    def __init__(
        self, game: str, t: Translator, num_players: int, human: int | None, bottom: int = 0,
        names: dict[int, str] | None = None,
    ) -> None:
        self.game = game
        self.t = t
        self.num_players = num_players
        self.human = human
        self.bottom = bottom if human is None else human
        self.sink = Sink()
        self.kit = kit(game)
        self.presenter: Presenter[Any] = self.kit.present()
        self.renderer = self.kit.renderer_class()(self.sink, t, human, num_players)
        self.renderer.names = dict(names or {})  # a record's players, by seat

    # -- seats ---------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The seat's name as the line mode says it: "You", "Left"..., or with nobody
        at the keyboard the players' names or the seats' numbers (Seat 0, ...)."""
        name: str = self.renderer.seat_name(seat)
        return name

    def place(self, seat: int) -> str:
        """Where a seat sits on the screen: S (bottom), E, N, W; the next seat in playing
        order is the one to the right of the bottom player (play runs counter-clockwise)."""
        offset = (seat - self.bottom) % self.num_players
        if self.num_players == 2:
            return "SN"[offset]
        return "SENW"[offset]

    def team_label(self, team: int) -> str:
        """Short team names for the status bar: Us / Them, or the seats' numbers."""
        if self.num_players == 2:
            return self.seat_name(team)
        if self.human is None:
            return self.t("tui.team-seats", a=team, b=team + 2)
        return self.t("tui.us" if team == self.human % 2 else "tui.them")

    # -- cards ---------------------------------------------------------------------
    def trump_of(self, view: GameView) -> Suit | None:
        trump: Suit | None = getattr(view, "trump", None)
        return trump

    def sorted_cards(self, cards: Any, view: GameView) -> list[Card]:
        """Cards in the order a player holds them: trumps first, suits alternating in
        colour, each suit strongest first in this deal's order."""
        cards = list(cards)
        order = suit_order({c.suit for c in cards}, self.trump_of(view))
        position = {suit: i for i, suit in enumerate(order)}
        key = self.renderer.card_order
        return sorted(cards, key=lambda c: (position[c.suit], key(c, view)[1]))

    def choices(self, view: GameView) -> tuple[list[Card], list[Action]]:
        """The numbered choices: the hand's cards when cards are played (all of them,
        so that choosing an illegal one tells the rule), then the other actions."""
        legal = list(view.legal_actions)
        others = [a for a in legal if not isinstance(a, Play)]
        if any(isinstance(a, Play) for a in legal) or view.phase == "play":
            return self.sorted_cards(view.hand, view), others
        return [], others

    def label(self, action: Action, view: GameView) -> Text:
        """An action as a choice offered: "take ♥ hearts"; in its short form where it
        has one (Schieber's trump contracts without the word trump, "♥ hearts ×2"), so
        that a list of them fits."""
        if isinstance(action, Play):
            return Text(action.card.symbol, style=card_style(action.card))
        return Text(self.words(self.presenter.listed(action, view)))

    def action_words(self, action: Action, view: GameView) -> str:
        """An action as the table notes it by the seat that made it: "passes", "takes ♥"."""
        return self.words(self.presenter.bid(action, view))

    # -- the status bar ------------------------------------------------------------
    def words(self, value: Param) -> str:
        """A presenter's value in the player's words."""
        return render(value, self.t, self.seat_name, self.human, self.t.has)

    def _fields(self, fields: list[Field]) -> list[tuple[str, str]]:
        return [("" if f.label is None else self.words(f.label), self.words(f.value))
                for f in fields]

    def status(self, view: GameView) -> list[tuple[str, str]]:
        """The status bar as (label, value) pairs, most important first."""
        t = self.t
        parts: list[tuple[str, str]] = [("", t(f"{self.game}.title")),
                                        ("", t("label.deal", number=view.deal_number))]
        parts += self._fields(self.presenter.contract(view))
        scores = view.scores
        if self.num_players == 2:
            me = self.bottom
            score = f"{self.seat_name(me)} {scores[me]} – {self.seat_name(1 - me)} {scores[1 - me]}"
        else:
            me = self.bottom % 2
            score = (f"{self.team_label(me)} {scores[me]} – "
                     f"{self.team_label(1 - me)} {scores[1 - me]}")
        parts.append((t("label.scores"), score))
        parts.append((t("tui.target"), str(view.options.target)))
        parts += self._fields(self.presenter.pending(view, first=self.bottom % 2))
        parts.append((t("label.dealer"), self.seat_name(view.dealer)))
        return parts

    # -- the public cards of the deal ---------------------------------------------
    def public_cards(self, view: GameView) -> list[tuple[str, Card]]:
        """Cards that lie face up beside the trick (Deberts' indicator and bottom card,
        Belote's turned card during the bidding), each with its caption."""
        return [(self.words(label), card) for label, card in self.presenter.face_up(view)]

    # -- what each seat has said ---------------------------------------------------
    def notes(self, view: GameView) -> dict[int, list[Text]]:
        """Per seat, what it has said that is public now: its bids while the contract
        is made, then its announcements, melds shown, bela, belote, Stöck."""
        notes: dict[int, list[Text]] = {s: [] for s in range(self.num_players)}
        for seat, said in self.presenter.notes(view).items():
            for note in said:
                if note.kind == "melds":
                    notes[seat].append(self._melds(note.melds))
                else:
                    notes[seat].append(Text(self.words(note.text), style=NOTE_STYLES[note.kind]))
        return notes

    def _melds(self, melds: Any) -> Text:
        text = Text()
        for i, meld in enumerate(melds):
            if i:
                text.append(" · ", style="dim")
            for j, card in enumerate(sorted(meld.cards, key=lambda c: -int(c))):
                if j:
                    text.append(" ")
                text.append(card.symbol, style=card_style(card))
        return text

    def own_melds(self, view: GameView) -> Text | None:
        """The player's own melds not announced yet (private: only at their seat)."""
        own = self.presenter.own_melds(view)
        if own is None:
            return None
        label, melds = own
        return Text(self.t.label(label.key)).append_text(self._melds(melds))

    # -- prompts -------------------------------------------------------------------
    def prompt(self, view: GameView) -> str:
        """What the player is asked: a bid, a contract, or a card."""
        return self.words(self.presenter.prompt(view))

    # -- panels (the renderer's own tables) ----------------------------------------
    def panel(self, draw: Callable[..., None], *args: Any) -> Group:
        """What one of the renderer's ``show_*`` methods prints, as one renderable."""
        self.sink.take()
        draw(*args)
        return self.sink.group()

    def narrate(self, seat: int, action: Action, before: Any, after: Any) -> list[str]:
        self.sink.take()
        self.renderer.narrate(seat, action, before, after)
        return self.sink.lines()

    def tell(self, events: Any, view: GameView) -> list[str]:
        """The lines that tell a move's ``events`` (the renderer's ``tell``)."""
        self.sink.take()
        self.renderer.tell(events, view)
        return self.sink.lines()

    def is_contract(self, action: Action) -> bool:
        return isinstance(action, (Trump, Push)) or type(action).__name__ == "NoTrump"
