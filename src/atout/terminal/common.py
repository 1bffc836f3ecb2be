"""What every terminal table shares: cards in colour, seat names, choices, the prompt."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar

from rich.console import Console
from rich.table import Table
from rich.text import Text

from atout.cards import Card, Suit
from atout.games.actions import Action, Pass, Play, Trump
from atout.games.base import Meld
from atout.games.events import Bid, CardPlayed, Event, TrickWon
from atout.i18n import Translator, signed
from atout.kits import game_of

if TYPE_CHECKING:
    from atout.bots.advice import Advice
    from atout.kits.present import GameView

__all__ = ["BaseRenderer", "LineSession", "card_text", "seat_label"]

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


#: The view of the renderer's game.
V = TypeVar("V", bound="GameView")


class LineChoices(TypedDict, total=False):
    """The keyword arguments of every :class:`LineSession` (defaults: its own)."""

    lang: str
    input_fn: Callable[[str], str]
    output: Callable[[str], None]
    save: str | None


class LineSession:
    """What the line mode's question-and-answer sessions (the scorekeeper, the advisor,
    the lessons) share: the person's language, where the answers come from and the lines
    go, and where the session is saved."""

    def __init__(self, *, lang: str = "en", input_fn: Callable[[str], str] = input,
                 output: Callable[[str], None] = print, save: str | None = None) -> None:
        self.t = Translator(lang)
        self.lang = lang
        self.save = save
        self.input_fn = input_fn
        self.output = output
        #: Echo each answer when the input is not a person at a terminal (a script).
        self.echo = input_fn is input and not sys.stdin.isatty()

    def say(self, text: str) -> None:
        self.output(text)


class BaseRenderer(Generic[V]):
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

    def my_team(self) -> int:
        """The reader's side of the scores (with two players, their seat)."""
        return self.human % 2

    def scores_text(self, scores: Sequence[int], me: int | None = None) -> str:
        """``Scores: You & Partner 120 – Right & Left 80``, the reader's side (``me``, by
        default :meth:`my_team`) first."""
        me = self.my_team() if me is None else me
        return (f"{self.t.label('label.scores')}{self.team_name(me)} {scores[me]} – "
                f"{self.team_name(1 - me)} {scores[1 - me]}")

    def deal_head(self, view: V, scores: str) -> Text:
        """The table's first line: the deal's number in bold, then ``scores``."""
        head = Text(f"{self.t('label.deal', number=view.deal_number)}   ", style="bold")
        return head.append(scores)

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
    def card_order(self, card: Card, view: V) -> tuple[int, int]:
        """Sort key for the hand: trump suit first, then by suit, strongest first."""
        trump = getattr(view, "trump", None)
        suit_rank = -1 if trump is not None and card.suit == trump else int(card.suit)
        return (suit_rank, -int(card.rank))

    def sorted_hand(self, view: V) -> list[Card]:
        return sorted(view.hand, key=lambda c: self.card_order(c, view))

    def choices(self, view: V) -> list[Action]:
        """The numbered choices: every card in hand while cards are played (the
        illegal ones too, so that choosing one explains the rule), then other actions."""
        legal = list(view.legal_actions)
        cards = [a for a in legal if isinstance(a, Play)]
        others = [a for a in legal if not isinstance(a, Play)]
        if cards or getattr(view, "phase", "") == "play":
            return [Play(c) for c in self.sorted_hand(view)] + others
        return others

    def action_label(self, action: Action, view: V) -> Text:
        if isinstance(action, Play):
            return card_text(action.card)
        return Text(str(action))

    def bid_label(self, action: Action, up: Suit) -> Text | None:
        """A pass, or a trump taken (the face-up card's suit, ``up``) or named (another),
        as the game's bidding words it (``<game>.bid.pass``, ``.take``, ``.name``); None
        for any other action."""
        if isinstance(action, Pass):
            return Text(self.t(f"{self.game}.bid.pass"))
        if isinstance(action, Trump):
            way = "take" if action.suit == up else "name"
            return Text(self.t(f"{self.game}.bid.{way}", suit=self.suit_name(action.suit)))
        return None

    def hand_text(self, view: V, numbered: bool = True) -> Text:
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

    def show_choices(self, view: V) -> list[Action]:
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

    def show_hint(self, view: V, advice: Sequence[Advice]) -> None:
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

    def show_tricks(self, view: V) -> None:
        """The last trick (dimmed) and the trick being played, where there are."""
        t = self.t
        if view.last_trick:
            self.console.print(Text(t.label("label.last-trick"), style="dim").append_text(
                self.trick_text(view.last_trick)))
        if view.trick:
            self.console.print(Text(t.label("label.trick")).append_text(
                self.trick_text(view.trick)))

    def meld_cards(self, meld: Meld) -> Text:
        """A meld's cards, highest first, in brackets, and its points: "(A♥ K♥ Q♥) 50"."""
        text = Text("(")
        for i, card in enumerate(sorted(meld.cards, key=lambda c: -int(c))):
            if i:
                text.append(" ")
            text.append_text(card_text(card))
        return text.append(f") {meld.points}")

    def show_last_trick(self, view: V) -> None:
        if view.last_trick:
            self.console.print(
                Text(self.t("label.last-trick") + ": ").append_text(
                    self.trick_text(view.last_trick)
                )
            )
        else:
            self.console.print(self.t("event.no-last-trick"))

    # -- what each game supplies ---------------------------------------------------
    def show_table(self, view: V) -> None:
        raise NotImplementedError

    def tell(self, events: Sequence[Event], view: V) -> None:
        """Say what the engine's ``events`` of one action tell (those the player may
        know); ``view``: the player's view after it, for the words (trump, contract)."""
        raise NotImplementedError

    #: Each trump suit's card points (``POINTS[trump][card]``), where the game has one
    #: table by trump suit.
    points: Any = None

    def trick_points(self, view: V, cards: Sequence[tuple[int, Card]]) -> int:
        """The card points of a trick's ``cards`` under the contract of ``view``."""
        assert view.trump is not None
        return sum(self.points[view.trump][card] for _, card in cards)

    def show_head(self, view: V) -> None:
        """A blank line and the rule with the game's title, above the table."""
        self.console.print()
        self.console.rule(self.t(f"{game_of(view)}.title"))

    def deal_end_row(self, match: Any) -> Any | None:
        """The finished deal's row of the scoresheet, after a blank line; ``None`` for a
        deal that was not played (its outcome said)."""
        row = match.scoresheet[-1]
        self.console.print()
        if row.result.played:
            return row
        self.console.print(self.t(f"{game_of(row.result)}.outcome.{row.result.outcome}"),
                           style="yellow")
        return None

    def _trick_winner(self, view: V) -> int:
        """Who won the last completed trick: the next leader (or the last-trick holder)."""
        if view.result is not None and view.result.last_trick is not None:
            return int(view.result.last_trick)
        return view.to_play if view.to_play is not None else 0

    def tell_shared(self, event: Event, view: V) -> bool:
        """Say an event every game words alike (a pass, a card played, a trick won, with
        its points under the contract of ``view``); True if said."""
        if isinstance(event, CardPlayed):
            self.say("event.plays", event.seat, card=event.card.symbol)
        elif isinstance(event, Bid) and isinstance(event.call, Pass):
            self.say("event.passes", event.seat)
        elif isinstance(event, TrickWon):
            self.say("event.wins-trick", event.seat, points=self.trick_points(view, event.cards))
        else:
            return False
        return True

    def show_deal_end(self, match: Any) -> None:
        """After a deal, a blank line and its breakdown (:meth:`show_breakdown`), or the
        outcome of a deal that was not played."""
        row = self.deal_end_row(match)
        if row is not None:
            self.show_breakdown(row, match)

    def show_breakdown(self, row: Any, match: Any) -> None:
        """A played deal's breakdown: the scoresheet's ``row`` of it, in ``match``."""
        raise NotImplementedError

    def breakdown(
        self, title: str, role: Callable[[int], str] | None = None,
    ) -> tuple[Table, Callable[[str, Sequence[int]], None]]:
        """A breakdown's table: a column of labels, then one per side, the reader's first,
        headed by its name (and its ``role`` in the deal); and ``add(label, values)``,
        which adds a row of each side's value."""
        me = self.my_team()
        sides = (me, 1 - me)
        table = Table(title=title)
        table.add_column("")
        for side in sides:
            head = self.team_name(side)
            table.add_column(head if role is None else f"{head} ({role(side)})", justify="right")

        def add(label: str, values: Sequence[int]) -> None:
            table.add_row(label, *(str(values[side]) for side in sides))

        return table, add

    def add_trick_rows(self, add: Callable[[str, Sequence[int]], None], result: Any,
                       last_side: int | None, bonus: int) -> None:
        """A breakdown's first rows: the tricks, the card points without the last trick's
        ``bonus``, and that bonus (to ``last_side``)."""
        last = tuple(bonus if last_side == side else 0 for side in (0, 1))
        add(self.t("label.tricks"), result.tricks)
        add(self.t("label.card-points"),
            (result.card_points[0] - last[0], result.card_points[1] - last[1]))
        add(self.t("label.last-trick-bonus"), last)

    def show_scoresheet(self, match: Any) -> None:
        raise NotImplementedError

    def show_match_end(self, match: Any) -> None:
        raise NotImplementedError

    def show_winner(self, winner: int, scores: Sequence[int]) -> None:
        """The match's end: a rule, then who won and the score, the winner's first (a
        player of two, or a team)."""
        self.console.print()
        self.console.rule()
        score = f"{scores[winner]}:{scores[1 - winner]}"
        if self.num_players == 2:
            self.say("match.winner", winner, style="bold green", score=score)
        else:
            self.console.print(self.t("match.winner-team", team=self.team_name(winner),
                                      score=score), style="bold green")

    def sheet_table(self, title: str, heads: Sequence[str], carried: str) -> Table:
        """A scoresheet's table: the deal's number and trump, ``heads``, each side (the
        reader's first) and what is ``carried`` (held, hanging) after the deal."""
        table = Table(title=title)
        table.add_column("#", justify="right")
        table.add_column(self.t("label.trump"))
        for head in heads:
            table.add_column(head)
        me = self.my_team()
        for side in (me, 1 - me):
            table.add_column(self.team_short(side), justify="right")
        table.add_column(carried, justify="right")
        return table

    def sheet_row(self, table: Table, row: Any, cells: Sequence[str],
                  written: Sequence[int] | None, carried: int) -> None:
        """A deal's line in :meth:`sheet_table`: its number and trump, ``cells``, what each
        side wrote (``None``: a deal not played) with its total, and what is carried."""
        trump = row.result.trump
        me = self.my_team()
        sides = ["–" if written is None else f"{written[side]:+d} = {row.scores[side]}"
                 for side in (me, 1 - me)]
        table.add_row(str(row.number), "–" if trump is None else trump.symbol, *cells, *sides,
                      str(carried or ""))
