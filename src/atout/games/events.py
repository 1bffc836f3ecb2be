"""What happened at a table, as the engine tells it: typed, immutable events.

A match produces events as it goes (:meth:`atout.games.base.Match.apply` returns the
events of one action, and the match keeps the whole log). Every event is either public
(``to`` is ``None``: every seat and every spectator may know it) or addressed to one
seat (``to`` is that seat: its own cards, its legal actions). A seat's stream,
:meth:`~atout.games.base.Match.events_for`, is exactly what that seat may know, in
order; folding it (each game's ``Fold``) rebuilds that seat's view, and folding the
public stream rebuilds the public view.

The kinds every game shares are here; each game adds its own in its module (Deberts'
bela and trump-seven exchange, Belote's belote-rebelote, Schieber's Stöck...). An event
that records a player's action is an :class:`Acted` (its ``action`` is the action
taken), so a stream also rebuilds the history of actions.

Events are produced at the match level only: the deals' integer path
(``apply_unchecked``, ``play_card``) that search and simulation use builds none.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from atout.cards import CARDS, Card, CardSet
from atout.games.actions import Action, Play

if TYPE_CHECKING:  # base imports this module: the names are for annotations only
    from atout.games.base import Meld, Options

__all__ = [
    "CARD_PLAYED",
    "Acted",
    "Announcement",
    "Bid",
    "CardPlayed",
    "CardsGiven",
    "ContractNamed",
    "DealScored",
    "DealStarted",
    "Dealt",
    "Event",
    "Legal",
    "MatchOver",
    "MatchStarted",
    "MeldShown",
    "MeldsWon",
    "TrickWon",
    "Turn",
    "cards_named",
    "turn",
    "visible_to",
]

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``to``: ``None`` for a public event, else the one seat it
    is addressed to (keyword-only, last).

    Events are frozen dataclasses with slots; each subclass's ``__init__`` is made
    again here to set its slots straight through their descriptors (a frozen
    dataclass's own goes through ``object.__setattr__`` field by field, which made
    building the few events of an action cost as much as the action itself). The
    signature, the checks of arity and the defaults are the dataclass's."""

    to: int | None = field(default=None, kw_only=True)
    #: ``Kind._make(*fields, to)``: the event from its fields in order, ``to`` last and
    #: optional, without the class's call machinery (for the engine's hot paths).
    _make: ClassVar[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Event, cls).__init_subclass__(**kwargs)
        if "__slots__" in cls.__dict__ and "__dataclass_fields__" in cls.__dict__:
            _fast_init(cls)  # the class dataclass(slots=True) makes


def _fast_init(cls: type) -> None:
    """Give the frozen slots dataclass ``cls`` an ``__init__`` that sets each slot
    through its member descriptor (same parameters as the dataclass's). Left as the
    dataclass made it when a field has a default factory or is not in ``__init__``, or
    the class has a ``__post_init__``."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.default_factory is not dataclasses.MISSING for f in fields
    ):
        return
    namespace: dict[str, Any] = {}
    params: list[str] = []
    kw_only: list[str] = []
    body: list[str] = []
    for f in fields:
        slot = getattr(cls, f.name)
        if type(slot).__name__ != "member_descriptor":
            return
        namespace[f"_set_{f.name}"] = slot.__set__
        text = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            text += f"=_default_{f.name}"
        (kw_only if f.kw_only else params).append(text)
        body.append(f"    _set_{f.name}(self, {f.name})")
    make_params = [*params, *kw_only]
    if kw_only:
        params += ["*", *kw_only]
    namespace["_new"], namespace["_cls"] = object.__new__, cls
    source = (
        f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
        f"def _make({', '.join(make_params)}):\n    self = _new(_cls)\n"
        + "\n".join(body) + "\n    return self\n"
    )
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__  # type: ignore[misc]
    cls.__init__ = init  # type: ignore[misc]
    namespace["_make"].__qualname__ = f"{cls.__qualname__}._make"
    cls._make = staticmethod(namespace["_make"])  # type: ignore[attr-defined]


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may know ``event``."""
    return event.to is None or event.to == seat


# -- the match and its deals ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    """A match began: its game, its options and its number of seats."""

    game: str
    options: Options
    num_players: int


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A deal began: its number (1 for the first), its dealer, the seat that acts first
    (Schieber's forehand), the card turned face up at the deal (Deberts' indicator,
    Belote's turned card; ``None`` in Schieber) and the written scores before it."""

    number: int
    dealer: int
    first: int
    up: Card | None
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Cards given to the seat ``to`` (addressed: only that seat knows them)."""

    cards: CardSet


@dataclass(frozen=True, slots=True)
class CardsGiven(Event):
    """Public: ``seat`` was given ``count`` cards (which, only that seat knows)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Turn(Event):
    """Public: ``seat`` is to act, in the deal's ``phase`` (``bidding``, ``play``...)."""

    seat: int
    phase: str


@dataclass(frozen=True, slots=True)
class Legal(Event):
    """Addressed to the seat to act: the actions it may take now."""

    actions: tuple[Action, ...]


# -- actions ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Acted(Event):
    """Base of the events that record a player's action: ``seat`` acted; the
    ``action`` property is the action taken (each kind says how)."""

    seat: int

    @property
    def action(self) -> Action:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Bid(Acted):
    """A call of the bidding (public): pass, take or name a trump, push, double..."""

    call: Action

    @property
    def action(self) -> Action:
        return self.call


@dataclass(frozen=True, slots=True)
class CardPlayed(Acted):
    """``seat`` played ``card`` (public)."""

    card: Card

    @property
    def action(self) -> Action:
        return Play(self.card)


@dataclass(frozen=True, slots=True)
class ContractNamed(Event):
    """The contract is fixed: ``seat`` took it; ``contract`` is ``trump X`` (or, in
    Schieber, ``obenabe``/``undenufe``)."""

    seat: int
    contract: Action


@dataclass(frozen=True, slots=True)
class Announcement(Event):
    """``seat`` said its best announcement with its first card: what the game says of
    it, never its cards (Deberts: ``(length, top)``; Belote: ``Announced``; Schieber:
    ``WeisCall``)."""

    seat: int
    call: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class MeldsWon(Event):
    """The announcements were compared: ``winner`` (a seat; a team in Schieber, as the
    game's view and result say) scores them."""

    winner: int


@dataclass(frozen=True, slots=True)
class MeldShown(Event):
    """A scoring meld of ``seat`` is shown to everyone (its cards become public)."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won the trick ``cards`` (``(seat, card)`` in playing order), worth
    ``points`` (with the last trick's bonus, before any factor)."""

    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int


@dataclass(frozen=True, slots=True)
class DealScored(Event, Generic[R]):
    """The deal ended: ``row`` is its line of the scoresheet (the game's ``ScoreRow``,
    with the deal's result and the scores after it)."""

    row: R


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match is won by ``winner`` (a seat in Deberts, a team in the other games)
    with the written ``scores``."""

    winner: int
    scores: tuple[int, int]


#: CARD_PLAYED[seat][card index]: the public event of that card played by that seat,
#: made once (events are immutable: the engine shares these instead of building one
#: per card, which a match would then keep in its log).
CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat, card) for card in CARDS) for seat in range(4)
)
_TURNS: dict[tuple[int, str], Turn] = {}


def turn(seat: int, phase: str) -> Turn:
    """The event ``Turn(seat, phase)``, made once per seat and phase (shared)."""
    event = _TURNS.get((seat, phase))
    if event is None:
        event = _TURNS[seat, phase] = Turn(seat, phase)
    return event


def cards_named(event: Event) -> CardSet:
    """Every card an event names, anywhere in its fields (for secrecy checks). A card
    set or a meld (anything with an integer ``mask``) names its cards."""
    mask = 0
    stack: list[Any] = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            mask |= 1 << int(item)
        elif isinstance(getattr(item, "mask", None), int):
            mask |= item.mask
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__") and not isinstance(item, type):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return CardSet(mask)


class Fold:
    """Rebuilds a view from an event stream: a seat's (what that seat may know) or the
    public one (``seat`` ``None``: a spectator). :meth:`apply` takes one event at a
    time, so a front end can keep one up to date; :meth:`view` gives the game's view.

    The events every game shares are folded here into plain attributes; each game's
    fold adds its own kinds (:meth:`_other`) and builds its view (:meth:`view`).
    Events addressed to another seat must not be fed (they are ignored if they are).
    """

    def __init__(self, seat: int | None = None) -> None:
        #: The seat whose view this is, -1 for the public view.
        self.seat = -1 if seat is None else seat
        self.options: Any = None
        self.num_players = 0
        self.deal_number = 1
        self.scores: tuple[int, int] = (0, 0)
        self.match_winner: int | None = None
        self._new_deal(None)

    def _new_deal(self, started: DealStarted | None) -> None:
        self.started = started
        self.hand = 0
        self.sizes = [0] * self.num_players
        self.phase = ""
        self.to_play: int | None = None
        self.legal: tuple[Action, ...] = ()
        self.history: list[tuple[int, Action]] = []
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.won = [0, 0]
        self.points = [0, 0]
        #: The seat that named the contract and the contract, once fixed.
        self.contract: ContractNamed | None = None
        #: Who has played a card in this deal (their announcements are said).
        self.played: set[int] = set()
        #: The own hand when the seat played its first card (the melds it declared).
        self.first_hand: int | None = None
        self.calls: dict[int, tuple[Any, ...]] = {}
        self.melds_winner: int | None = None
        self.shown: list[tuple[int, Meld]] = []
        self.result: Any = None

    def feed(self, events: Any) -> Fold:
        """Fold every event of an iterable; return the fold."""
        for event in events:
            self.apply(event)
        return self

    def apply(self, event: Event) -> None:
        """Fold one event."""
        if event.to is not None and event.to != self.seat:
            return
        kind = type(event)
        if isinstance(event, Acted):
            self.history.append((event.seat, event.action))
            self.legal = ()
            self.to_play = None
            if kind is CardPlayed:
                assert isinstance(event, CardPlayed)
                self._card(event.seat, event.card)
            else:
                self._other(event)
        elif kind is Turn:
            assert isinstance(event, Turn)
            self.to_play, self.phase = event.seat, event.phase
        elif kind is Legal:
            assert isinstance(event, Legal)
            self.legal = event.actions
        elif kind is TrickWon:
            assert isinstance(event, TrickWon)
            self.tricks.append(event.cards)
            self.trick = []
            self.trick_winners.append(event.seat)
            self.won[event.seat % 2] += 1
            self.points[event.seat % 2] += event.points
        elif kind is Dealt:
            assert isinstance(event, Dealt)
            self.hand |= event.cards.mask
        elif kind is CardsGiven:
            assert isinstance(event, CardsGiven)
            self.sizes[event.seat] += event.count
        elif kind is Announcement:
            assert isinstance(event, Announcement)
            self.calls[event.seat] = event.call
        elif kind is MeldsWon:
            assert isinstance(event, MeldsWon)
            self.melds_winner = event.winner
        elif kind is MeldShown:
            assert isinstance(event, MeldShown)
            self.shown.append((event.seat, event.meld))
        elif kind is ContractNamed:
            assert isinstance(event, ContractNamed)
            self.contract = event
        elif kind is DealScored:
            assert isinstance(event, DealScored)
            self.result = event.row.result
            self.to_play = None
            self.legal = ()
            self.phase = "over"
            self.deal_number = event.row.number + 1
            self._scored(event.row)
        elif kind is DealStarted:
            assert isinstance(event, DealStarted)
            self._new_deal(event)
            self.deal_number = event.number
        elif kind is MatchOver:
            assert isinstance(event, MatchOver)
            self.match_winner = event.winner
        elif kind is MatchStarted:
            assert isinstance(event, MatchStarted)
            self.options = event.options
            self.num_players = event.num_players
            self._new_deal(None)
        else:
            self._other(event)

    def _card(self, seat: int, card: Card) -> None:
        if seat not in self.played:
            self.played.add(seat)
            if seat == self.seat:
                self.first_hand = self.hand
        if seat == self.seat:
            self.hand &= ~(1 << int(card))
        self.sizes[seat] -= 1
        self.trick.append((seat, card))

    def _scored(self, row: Any) -> None:
        """A deal was scored (``row``: its line of the scoresheet)."""

    def _other(self, event: Event) -> None:
        """Fold an event of the game's own kinds (and its own action events)."""

    def view(self) -> Any:
        """The view the events so far rebuild."""
        raise NotImplementedError

    # -- helpers for the games' views ------------------------------------------------
    def _tricks(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        return tuple(self.tricks)

    def _last_trick(self) -> tuple[tuple[int, Card], ...] | None:
        return self.tricks[-1] if self.tricks else None
