"""What every terminal table shares: cards in colour, seat names, choices, the prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from atout.cards import Card, Suit
from atout.games.actions import Action, Pass, Play
from atout.games.events import Bid, CardPlayed, Event
from atout.i18n import Translator, signed

if TYPE_CHECKING:
    from atout.bots.advice import Advice

__all__ = ["BaseRenderer", "card_text", "seat_label"]

_SUIT_STYLE = {Suit.CLUBS: "bold", Suit.DIAMONDS: "bold red", Suit.HEARTS: "bold red",
               Suit.SPADES: "bold"}


def card_text(card: Card, style: str = "") -> Text:
    """A card as people read it (``J♥``), red for hearts and diamonds."""
    return Text(card.symbol, style=(style + " " + _SUIT_STYLE[card.suit]).strip())


def seat_label(t: Translator, seat: int, names: dict[int, str] | None = None) -> str:
    """A seat as every table names it when nobody there is "you" (watching bots, a
    replay): the player's name where the record gives one, else the seat's number as
    the records, ``--seat`` and the replay's keys count it (Seat 0, Seat 1, ...)."""
    name = (names or {}).get(seat)
    return name if name else t("replay.seat", seat=seat)


class BaseRenderer:
    """Shared drawing helpers; each game's ``Renderer`` fills in its table and breakdown.

    ``human`` is the seat of the person at the keyboard; other seats are named from
    where they sit relative to it (partner, left, right, or opponent with two players).
    """

    game = ""

    def __init__(
        self, console: Console, t: Translator, human: int | None, num_players: int
    ) -> None:
        self.console = console
        self.t = t
        #: With nobody at the keyboard (watching bots), seats are named by number and
        #: seat 0 is drawn at the bottom.
        self.watching = human is None
        self.human = 0 if human is None else human
        self.num_players = num_players
        #: The players' names a record gives, by seat (see :func:`seat_label`).
        self.names: dict[int, str] = {}

    # -- names ---------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if self.watching:
            return seat_label(self.t, seat, self.names)
        if seat == self.human:
            return self.t("seat.you")
        if self.num_players == 2:
            return self.t("seat.opponent")
        offset = (seat - self.human) % self.num_players
        return self.t({1: "seat.right", 2: "seat.partner", 3: "seat.left"}[offset])

    def team_name(self, team: int) -> str:
        """With partners: "You & Partner" or "Right & Left"."""
        if self.num_players == 2:
            return self.seat_name(team)
        seats = [s for s in range(self.num_players) if s % 2 == team]
        return " & ".join(self.seat_name(s) for s in seats)

    def team_short(self, team: int) -> str:
        """A team in a scoresheet's column head: Us / Them, or its seats' numbers when
        nobody here is "you" (Seats 0+2)."""
        if self.num_players == 2:
            return self.seat_name(team)
        if self.watching:
            return self.t("tui.team-seats", a=team, b=team + 2)
        return self.t("tui.us" if team == self.human % 2 else "tui.them")

    def say(self, key: str, seat: int, style: str | None = None, **params: Any) -> None:
        """Print message ``key`` about ``seat``, in the second person when it is the
        player's own seat (``key.you`` in the catalog)."""
        if seat == self.human and not self.watching and self.t.has(key + ".you"):
            text = self.t(key + ".you", **params)
        else:
            text = self.t(key, seat=self.seat_name(seat), **params)
        self.console.print(text, style=style)

    def suit_name(self, suit: Suit) -> str:
        return f"{suit.symbol} {self.t(f'suit.{suit.letter}')}"

    # -- cards and choices ---------------------------------------------------------
    def card_order(self, card: Card, view: Any) -> tuple[int, int]:
        """Sort key for the hand: trump suit first, then by suit, strongest first."""
        trump = getattr(view, "trump", None)
        suit_rank = -1 if trump is not None and card.suit == trump else int(card.suit)
        return (suit_rank, -int(card.rank))

    def sorted_hand(self, view: Any) -> list[Card]:
        return sorted(view.hand, key=lambda c: self.card_order(c, view))

    def choices(self, view: Any) -> list[Action]:
        """The numbered choices: every card in hand while cards are played (the
        illegal ones too, so that choosing one explains the rule), then other actions."""
        legal = list(view.legal_actions)
        cards = [a for a in legal if isinstance(a, Play)]
        others = [a for a in legal if not isinstance(a, Play)]
        if cards or getattr(view, "phase", "") == "play":
            return [Play(c) for c in self.sorted_hand(view)] + others
        return others

    def action_label(self, action: Action, view: Any) -> Text:
        if isinstance(action, Play):
            return card_text(action.card)
        return Text(str(action))

    def hand_text(self, view: Any, numbered: bool = True) -> Text:
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        text = Text()
        for i, card in enumerate(self.sorted_hand(view), 1):
            dim = bool(legal) and card not in legal
            if numbered:
                text.append(f"{i}:", style="dim")
            text.append_text(card_text(card, "dim" if dim else ""))
            text.append("  ")
        return text

    def trick_text(self, trick: Any) -> Text:
        text = Text()
        for seat, card in trick:
            text.append(f"{self.seat_name(seat)} ")
            text.append_text(card_text(card))
            text.append("   ")
        return text

    def show_choices(self, view: Any) -> list[Action]:
        """Print the hand (numbered when cards are the choices; shown at every decision,
        bidding included) and the other choices, numbered; return them in that order."""
        options = self.choices(view)
        hand_cards = any(isinstance(a, Play) for a in options)
        if getattr(view, "hand", None):
            self.console.print(
                Text(self.t("label.hand") + ": ").append_text(
                    self.hand_text(view, numbered=hand_cards)
                )
            )
        extra = [(i, a) for i, a in enumerate(options, 1) if not isinstance(a, Play)]
        if extra:
            line = Text(self.t("label.choices") + ": ")
            for i, action in extra:
                line.append(f"{i}:", style="dim")
                line.append_text(self.action_label(action, view))
                line.append("  ")
            self.console.print(line)
        return options

    def show_hint(self, view: Any, advice: Sequence[Advice]) -> None:
        """Each legal choice with its number, its value in points for the player's team
        and its reason, best first (see :func:`atout.bots.advice.advise`)."""
        t = self.t
        numbers = {action: i for i, action in enumerate(self.choices(view), 1)}
        self.console.print(t("advice.title"), style="bold")
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="dim")
        table.add_column(no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        for item in advice:
            reason = item.reason(t.lang, name=lambda a: self.action_label(a, view).plain)
            if item.chosen:
                reason += f" ({t('advice.chosen')})"
            table.add_row(
                f"{numbers.get(item.action, '')}:",
                self.action_label(item.action, view),
                signed(item.points, t.lang),
                reason,
            )
        self.console.print(table)

    def show_last_trick(self, view: Any) -> None:
        if view.last_trick:
            self.console.print(
                Text(self.t("label.last-trick") + ": ").append_text(
                    self.trick_text(view.last_trick)
                )
            )
        else:
            self.console.print(self.t("event.no-last-trick"))

    # -- what each game supplies ---------------------------------------------------
    def show_table(self, view: Any) -> None:
        raise NotImplementedError

    def narrate(self, seat: int, action: Action, before: Any, after: Any) -> None:
        raise NotImplementedError

    def tell(self, events: Sequence[Event], view: Any) -> None:
        """Say what the engine's ``events`` of one action tell (those the player may
        know); ``view``: the player's view after it, for the words (trump, contract)."""
        raise NotImplementedError

    def tell_shared(self, event: Event) -> bool:
        """Say an event every game words alike (a pass, a card played); True if said."""
        if isinstance(event, CardPlayed):
            self.say("event.plays", event.seat, card=event.card.symbol)
        elif isinstance(event, Bid) and isinstance(event.call, Pass):
            self.say("event.passes", event.seat)
        else:
            return False
        return True

    def show_deal_end(self, match: Any) -> None:
        raise NotImplementedError

    def show_scoresheet(self, match: Any) -> None:
        raise NotImplementedError

    def show_match_end(self, match: Any) -> None:
        raise NotImplementedError
