"""What every game shares: the Deal and Match contract, errors, options and meld helpers.

The step semantics are written once here (checked ``apply``, ``apply_unchecked``,
``undo``, ``copy``) and each game only supplies ``_check`` (why an action is
illegal, or ``None``) and ``_apply`` (the state change). State lives in ``__slots__``
whose values are immutable (ints, tuples, frozen dataclasses), so that a snapshot is
one tuple and a copy is shallow. For speed, a game may name in ``_play_slots`` the
slots that playing a card can change and snapshot only those in its own fast path for
cards (``undo`` tells the kinds of snapshot apart by their length); ``undo`` and
``copy`` set the slots in one generated assignment.

Besides the action objects, every game offers an integer path for card play, the one
search and simulation use: ``legal_mask()`` (the legal cards as a bitmask) and
``play_card(index)`` (unchecked), with no ``Action`` object built on the way.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, TypeVar

from atout.cards import CARDS, Card, CardSet, Rank, Suit, bits, shuffled_indices
from atout.games.actions import Action, Play
from atout.games.decks import DeckSource, SeededDecks, is_pack
from atout.games.events import DealScored, Event, Legal, MatchOver, MatchStarted, turn

__all__ = [
    "OVER",
    "PLAY_SLOTS",
    "SEED_BITS",
    "STATE_SLOTS",
    "Deal",
    "GameError",
    "IllegalActionError",
    "Match",
    "Meld",
    "Options",
    "OptionsParseError",
    "Scored",
    "UnfairOptionsError",
    "run_meld",
    "runs",
    "secret_seed",
]

#: The bits of a seed drawn for a table where people play (:func:`secret_seed`).
SEED_BITS = 128


def secret_seed() -> int:
    """A match seed nobody can guess: :data:`SEED_BITS` bits from the operating system's
    random source (``secrets``). Tables where people play draw one per match unless the
    player chose a seed, and never show it before the match is over (a 48-bit or
    time-based seed could be found by trying them all against one's own first hand)."""
    return secrets.randbits(SEED_BITS)


class GameError(Exception):
    """Base of the errors raised by the games."""


class IllegalActionError(GameError, ValueError):
    """An action the rules forbid in this state. The state is left unchanged.

    ``rule`` is a stable identifier (``"deberts.beat-trump-lead"``) that interfaces
    translate; ``params`` holds the values the message names.
    """

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:  # keep picklable across processes
        return (_rebuild_illegal, (self.rule, self.message, self.params))


def _rebuild_illegal(rule: str, message: str, params: dict[str, Any]) -> IllegalActionError:
    return IllegalActionError(rule, message, **params)


class OptionsParseError(ValueError):
    """Raised for a malformed or unknown options string."""


class UnfairOptionsError(GameError, ValueError):
    """Options that a table where people play refuses, because they would let a seat
    work out cards it may not know. ``rule`` is a stable identifier that interfaces
    translate (under ``rule.<rule>``, as for :class:`IllegalActionError`)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.params: dict[str, Any] = {}


class Options:
    """Mixin for a game's frozen options dataclass: one canonical string each way.

    ``str(options)`` is ``game`` for the defaults and ``game(a=1,b=true)`` otherwise,
    with the changed fields in name order; :meth:`parse` reads it back.
    """

    game: ClassVar[str] = ""
    #: The largest target a match may have: longer matches are not played (and a server
    #: must not keep one going for ever).
    MAX_TARGET: ClassVar[int] = 10_000

    def _check_target(self) -> None:
        """Refuse a ``target`` outside 1..:attr:`MAX_TARGET` (called by ``__post_init__``)."""
        target = getattr(self, "target")  # noqa: B009 - every game's options have one
        if not 1 <= target <= self.MAX_TARGET:
            raise ValueError(f"target must be between 1 and {self.MAX_TARGET}, not {target}")

    def __str__(self) -> str:
        changed = []
        for field in sorted(dataclasses.fields(self), key=lambda f: f.name):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if value != field.default:
                changed.append(f"{field.name}={_format_value(value)}")
        return f"{self.game}({','.join(changed)})" if changed else self.game

    @classmethod
    def parse(cls, text: str) -> Any:
        """Read the canonical string (or any order of ``name=value`` pairs)."""
        text = text.strip()
        name, _, rest = text.partition("(")
        if name.strip() != cls.game:
            raise OptionsParseError(f"expected options for {cls.game!r}, got {text!r}")
        values: dict[str, Any] = {}
        if rest:
            if not rest.endswith(")"):
                raise OptionsParseError(f"missing ')' in {text!r}")
            body = rest[:-1].strip()
            fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            for pair in filter(None, (p.strip() for p in body.split(","))):
                key, eq, raw = pair.partition("=")
                key = key.strip()
                if not eq or key not in fields:
                    raise OptionsParseError(f"unknown option {key!r} for {cls.game}")
                if key in values:
                    raise OptionsParseError(f"option {key!r} given twice")
                values[key] = _parse_value(raw.strip(), fields[key].default, key)
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise OptionsParseError(str(exc)) from exc

    def check_for_people(self) -> None:
        """Raise :class:`UnfairOptionsError` when a table where people play must refuse
        these options (none is refused unless the game says so)."""

    def describe(self) -> dict[str, Any]:
        """Every option with its value, defaults included."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_value(raw: str, default: object, key: str) -> object:
    if isinstance(default, bool):
        if raw.lower() in ("true", "1", "yes", "on"):
            return True
        if raw.lower() in ("false", "0", "no", "off"):
            return False
        raise OptionsParseError(f"option {key!r} takes true or false, not {raw!r}")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise OptionsParseError(f"option {key!r} takes a whole number, not {raw!r}") from None
    return raw


def runs(rank_bits: int, min_length: int = 3) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ranks in a 9-bit rank mask, as ``(top_rank, length)``.

    >>> runs(0b011110111)
    [(2, 3), (7, 4)]
    """
    found = []
    rank = 0
    while rank < 9:
        if rank_bits >> rank & 1:
            start = rank
            while rank < 9 and rank_bits >> rank & 1:
                rank += 1
            if rank - start >= min_length:
                found.append((rank - 1, rank - start))
        else:
            rank += 1
    return found


#: The phase of a deal that has ended, in every game.
OVER: Final = "over"
#: The slots that playing a card changes in every game's deal (a game adds its own, such
#: as its melds, to its ``_play_slots``).
PLAY_SLOTS: tuple[str, ...] = (
    "phase",
    "turn",
    "hands",
    "leader",
    "trick",
    "tricks",
    "captured",
    "won",
    "result",
)
#: The state slots every game's deal has: the options, the dealer, the deck and
#: :data:`PLAY_SLOTS` (a game adds its bidding and melds to its ``_state_slots``).
STATE_SLOTS: tuple[str, ...] = ("options", "dealer", "deck", *PLAY_SLOTS)

def deck_order(
    deck: Sequence[Card | int] | None, pack: CardSet, seed: int | random.Random | None,
    refused: str,
) -> tuple[int, ...]:
    """A deal's deck as card indices in dealing order: ``deck`` as given (``ValueError``
    saying ``refused`` unless it holds the cards of ``pack``, each once), or, when none
    is given, ``pack`` shuffled from ``seed`` (as ``shuffled(pack, Random(seed))``)."""
    if deck is None:
        return shuffled_indices(pack, seed)
    order = tuple(map(int, deck))
    if not is_pack(order, pack):
        raise ValueError(refused)
    return order


DealT = TypeVar("DealT", bound="Deal")
OptionsT_co = TypeVar("OptionsT_co", covariant=True)


class Scored(Protocol[OptionsT_co]):
    """What a match's outcome is read from: a match played here, or a scoresheet kept
    by hand (each game writes what its result counts for once, for both)."""

    @property
    def scores(self) -> tuple[int, int]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def options(self) -> OptionsT_co: ...



class _View(Protocol):
    """What the match reads of a deal's view (a frozen dataclass)."""

    legal_actions: tuple[Action, ...]


ViewT = TypeVar("ViewT", bound=_View)
T = TypeVar("T")


class Deal(ABC):
    """One hand of a game, from the deal to its score; the unit of play and search.

    ``apply`` checks the action and raises :class:`IllegalActionError` naming the rule
    broken, leaving the state as it was. ``apply_unchecked`` skips the check (for
    search over actions taken from :meth:`legal_actions`). ``undo`` takes back the
    last action; ``copy`` is cheap.
    """

    __slots__ = ("_history", "actions")

    #: Number of seats at the table.
    num_players: ClassVar[int] = 0
    #: Name of the game (``deberts``, ``belote``, ``schieber``).
    game: ClassVar[str] = ""
    #: Names of the slots that make up the state (excluding the history).
    _state_slots: ClassVar[tuple[str, ...]] = ()
    _getter: ClassVar[Any] = None
    #: The state slots that playing a card may change, when a game names them (a strict
    #: subset of ``_state_slots``): its fast path for cards then snapshots only those
    #: (``_play_getter``), and ``undo`` tells the two kinds of snapshot by their length.
    _play_slots: ClassVar[tuple[str, ...]] = ()
    _play_getter: ClassVar[Any] = None
    #: The slots that a card which does not end a trick changes (a strict subset of
    #: ``_play_slots``, at least two), for a game whose own ``play_card`` snapshots only
    #: those in that case; ``undo`` knows the snapshot by its length.
    _card_slots: ClassVar[tuple[str, ...]] = ()

    _history: list[tuple[Any, ...]]
    actions: list[tuple[int, Action]]
    #: The deal's phase (each game names its own; :data:`OVER` once it has ended) and
    #: the seat to act (state slots of every game, :data:`STATE_SLOTS`).
    phase: str
    turn: int
    #: The deal's result once it is over (``None`` before), the game's dataclass.
    result: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls._state_slots:
            cls._getter = attrgetter(*cls._state_slots)
            cls._restore = _make_restore(cls._state_slots)  # type: ignore[method-assign]
        if cls._play_slots:
            play, state = cls._play_slots, cls._state_slots
            if len(play) < 2 or len(play) >= len(state) or not set(play) < set(state):
                raise TypeError(f"{cls.__name__}._play_slots: a strict subset of the state")
            cls._play_getter = attrgetter(*play)
            cls._restore_play = _make_restore(play)  # type: ignore[method-assign]
            if "play_card" in cls.__dict__:  # the game's own: cards go through it
                cls.apply_unchecked = Deal._apply_unchecked_own  # type: ignore[method-assign]
            else:
                cls.apply_unchecked = Deal._apply_unchecked_fast  # type: ignore[method-assign]
                cls.play_card = Deal._play_card_fast  # type: ignore[method-assign]
        if cls._card_slots:
            card = cls._card_slots
            if len(card) < 2 or len(card) >= len(cls._play_slots) or not set(card) < set(
                cls._play_slots
            ):
                raise TypeError(f"{cls.__name__}._card_slots: a strict subset of _play_slots")
            cls._restore_card = _make_restore(card)  # type: ignore[method-assign]

    def _restore_play(self, snapshot: tuple[Any, ...]) -> None:
        """Set the ``_play_slots`` from a snapshot taken by ``_play_getter``."""
        for name, value in zip(self._play_slots, snapshot, strict=True):
            object.__setattr__(self, name, value)

    def _restore_card(self, snapshot: tuple[Any, ...]) -> None:
        """Set the ``_card_slots`` from a snapshot a game's ``play_card`` took."""
        for name, value in zip(self._card_slots, snapshot, strict=True):
            object.__setattr__(self, name, value)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        """Set every state slot from a snapshot taken by ``_getter`` (made per game)."""
        for name, value in zip(self._state_slots, snapshot, strict=True):
            object.__setattr__(self, name, value)

    # -- what every game's state says ---------------------------------------------
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over."""
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (played to its end, or thrown in)."""
        return self.phase == OVER

    # -- what each game supplies -------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty only when over)."""

    @abstractmethod
    def _check(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change the state; the action is known to be legal."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now; never a hidden card."""

    # -- shared step semantics ---------------------------------------------------
    def is_legal(self, action: Action) -> bool:
        return self._check(action) is None

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, or ``None`` if it is legal."""
        return self._check(action)

    def apply(self, action: Action) -> None:
        """Apply a legal action, or raise :class:`IllegalActionError` and change nothing."""
        error = self._check(action)
        if error is not None:
            raise error
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (taken from :meth:`legal_actions`)."""
        seat = self.current_player()
        self._history.append(self._getter(self))
        self.actions.append((-1 if seat is None else seat, action))
        self._apply(action)

    def legal_mask(self) -> int:
        """The cards the seat to act may play now, as a bitmask of card indices (0 when
        no card may be played: during the bidding, or once the deal is over)."""
        mask = 0
        for action in self.legal_actions():
            if type(action) is Play:
                mask |= 1 << action.card
        return mask

    def play_card(self, card: int) -> int:
        """Play the card of index ``card`` for the seat to act, unchecked (it must be in
        :meth:`legal_mask`), and return the next :meth:`legal_mask` (0 once no card may
        be played). The integer path of search and simulation: no ``Action`` object is
        built; it records the same action and undoes the same way as
        ``apply_unchecked(Play(card))``."""
        self.apply_unchecked(_PLAYS[card])
        return self.legal_mask()

    def _play_card_fast(self, card: int) -> int:
        """``play_card`` of a game that names ``_play_slots``: snapshot those slots and
        go straight to the game's ``_play(card)``; the game keeps the seat to act in
        ``turn`` (a legal card means the deal is not over)."""
        game: Any = self
        self._history.append(self._play_getter(self))  # what _play may change
        self.actions.append(SEAT_PLAYS[game.turn][card])
        game._play(card)
        return self.legal_mask()

    def _apply_unchecked_fast(self, action: Action) -> None:
        """``apply_unchecked`` of a game that names ``_play_slots``: a card snapshots only
        those slots and goes straight to the game's ``_play(card)``; the game keeps the
        seat to act in ``turn`` (a legal action means the deal is not over)."""
        game: Any = self
        if type(action) is Play:
            self._history.append(self._play_getter(self))  # what _play may change
            self.actions.append((game.turn, action))
            game._play(int(action.card))
        else:
            self._apply_whole(action)

    def _apply_unchecked_own(self, action: Action) -> None:
        """``apply_unchecked`` of a game with its own ``play_card``: cards go to it."""
        if type(action) is Play:
            self.play_card(int(action.card))
        else:
            self._apply_whole(action)

    def _apply_whole(self, action: Action) -> None:
        """Snapshot the whole state, record the action and apply it (the seat to act is
        ``turn`` in the games with a fast path)."""
        game: Any = self
        self._history.append(self._getter(self))
        self.actions.append((game.turn, action))
        self._apply(action)

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise GameError("nothing to undo")
        snapshot = self._history.pop()
        size = len(snapshot)
        if size == len(self._state_slots):
            self._restore(snapshot)
        elif size == len(self._play_slots):  # taken by the fast path for cards
            self._restore_play(snapshot)
        else:  # a card that did not end a trick, in a game's own play_card
            self._restore_card(snapshot)
        return self.actions.pop()[1]

    def copy(self: DealT) -> DealT:
        """An independent copy (with the history, so the copy can undo too)."""
        other = object.__new__(type(self))
        other._restore(self._getter(self))
        other._history = list(self._history)
        other.actions = list(self.actions)
        return other

    # -- events (built at the match level only, never on the integer path) -----------
    def _opening_events(self, number: int, scores: tuple[int, int]) -> list[Event]:
        """The events of the deal's start: who deals, the cards each seat is given."""
        raise NotImplementedError

    def _before(self) -> Any:
        """What :meth:`_narrate` needs to know of the state before an action (the match
        takes it just before applying the action): a few of the state's values, never a
        copy of the state (that would cost more than the action)."""
        raise NotImplementedError

    def _narrate(self, seat: int, action: Action, before: Any) -> list[Event]:
        """The events of ``action``, just applied by ``seat``; ``before`` is what
        :meth:`_before` took before it. The deal's end is told by the match."""
        raise NotImplementedError

    def _narrate_card(self, seat: int, card: int, before: Any) -> list[Event]:
        """The events of the card of index ``card``, just played by ``seat`` (what
        :meth:`_narrate` tells of a ``Play``)."""
        raise NotImplementedError

    def _view(self, seat: int) -> Any:
        """The view of ``seat``, or the public view for seat ``-1``."""
        raise NotImplementedError

    def public_view(self) -> Any:
        """What everyone may know (a spectator): the view with no seat (``seat`` is -1),
        no hand, no own melds and no legal actions."""
        return self._view(-1)

    def state_key(self) -> tuple[Any, ...]:
        """The whole state as a tuple: equal keys mean equal states."""
        return tuple(self._getter(self))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Deal)
        return self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]


#: The Play action of each card index (what ``play_card`` records).
_PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
#: SEAT_PLAYS[seat][card]: the entry ``(seat, Play(card))`` of ``Deal.actions``, made
#: once (entries are immutable, so every deal may share them).
SEAT_PLAYS: tuple[tuple[tuple[int, Action], ...], ...] = tuple(
    tuple((seat, play) for play in _PLAYS) for seat in range(4)
)


_FROZEN_DEFAULTS: dict[type, tuple[int, dict[str, Any]]] = {}


def build_frozen(cls: type[T], fields: dict[str, Any], /) -> T:
    """An instance of the frozen dataclass ``cls`` from its fields, without its
    ``__init__``: a frozen dataclass sets every field through ``object.__setattr__``,
    which costs microseconds for a deal result of twenty fields, once per deal. Fields
    not given take their defaults. For classes with a ``__dict__``, plain defaults and
    no ``__post_init__`` (the games' results); anything else raises ``TypeError``."""
    known = _FROZEN_DEFAULTS.get(cls)
    if known is None:
        known = _FROZEN_DEFAULTS[cls] = _frozen_defaults(cls)
    size, defaults = known
    instance = object.__new__(cls)
    values = instance.__dict__
    values.update(defaults)
    values.update(fields)
    if len(values) != size:
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        raise TypeError(
            f"{cls.__name__}: missing {sorted(names - set(values))}, "
            f"unknown {sorted(set(values) - names)}"
        )
    return instance


def _frozen_defaults(cls: type) -> tuple[int, dict[str, Any]]:
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: not a frozen dataclass without __post_init__")
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a dataclass with slots")
    defaults: dict[str, Any] = {}
    fields = dataclasses.fields(cls)
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory")
        if f.default is not dataclasses.MISSING:
            defaults[f.name] = f.default
    return len(fields), defaults


def _make_restore(slots: tuple[str, ...]) -> Any:
    """A function that sets ``slots`` from a snapshot tuple in one unpacking
    assignment (several times faster than a loop of ``setattr``; the games' slots are
    plain, no game defines ``__setattr__``)."""
    if len(slots) < 2 or not all(name.isidentifier() for name in slots):

        def restore_each(self: Deal, snapshot: tuple[Any, ...]) -> None:
            for name, value in zip(slots, snapshot, strict=True):
                object.__setattr__(self, name, value)

        return restore_each
    targets = ", ".join(f"self.{name}" for name in slots)
    namespace: dict[str, Any] = {}
    exec(f"def _restore(self, snapshot):\n    {targets} = snapshot\n", namespace)
    restore = namespace["_restore"]
    restore.__doc__ = f"Set the slots {', '.join(slots)} from a snapshot tuple."
    return restore


class Match(ABC, Generic[DealT]):
    """A whole game: deals strung together with what spans them (scores, dealer, target).

    ``apply`` forwards to the current deal; when the deal ends the match scores it and
    deals the next one (from its deck source, :mod:`atout.games.decks`), until a winner
    is known.
    The stepping and the undo across deals are written once here; each game supplies
    ``_score`` (write a finished deal and say whether the match is won) and
    ``_next_dealer``, and names in ``_carried`` its attributes that scoring a deal
    changes.

    Every action returns the events it produced (:mod:`atout.games.events`), and the
    match keeps the log: :meth:`events_for` a seat, :meth:`public_events` for a
    spectator. The deal tells what an action did (its ``_narrate``), the match tells
    the deals' starts and ends and whose turn it is.
    """

    #: The match's attributes that finishing a deal changes, restored by ``undo``.
    _carried: ClassVar[tuple[str, ...]] = ("scores", "winner")
    #: The rule id of an action refused because the match is over.
    _over_rule: ClassVar[str] = "match-over"

    deal: DealT
    deals: list[DealT]
    scoresheet: list[Any]
    winner: int | None
    #: Where the match takes its chance: the first dealer and every deck.
    decks: DeckSource
    seed: int | None
    first_dealer: int
    #: Per finished deal: the carried attributes and the deck source's state before it
    #: ended.
    _snapshots: list[tuple[tuple[Any, ...], Any]]
    num_players: ClassVar[int]
    game: ClassVar[str]
    options: Any  # the game's options
    #: The game's options class (a match given none plays its defaults).
    options_class: ClassVar[type[Options]]
    scores: tuple[int, int]
    #: Every event so far, and per action the length of the log before it (for undo).
    _log: list[Event]
    _marks: list[int]
    #: The legal actions of the last :class:`Legal` event, with the deal and its last
    #: snapshot then (``None`` for none): :meth:`legal_actions` reuses them while the
    #: deal is the same (a snapshot is a new tuple at every action, and holding it
    #: keeps its identity from being reused).
    _legal: tuple[Any, Any, tuple[Action, ...]] = (None, None, ())
    #: Whether actions tell their events and the log keeps them. Bulk simulation that
    #: reads only views (the environments) sets it to False: an action then returns no
    #: event and costs what it cost before events existed; the log stops where it was.
    keeps_events: bool = True

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def deal_number(self) -> int:
        """The number of the deal in play (1 for the first)."""
        return len(self.deals) + 1

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action to the deal in play (checked), then settle the deal if
        it ended, and return the events it produced; after the match, every action is
        refused."""
        if self.is_over:
            raise IllegalActionError(self._over_rule, "the match is over")
        error = self.deal.why_illegal(action)
        if error is not None:
            raise error
        return self._step(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply an action known to be legal; return its events."""
        return self._step(action)

    def _step(self, action: Action) -> list[Event]:
        deal: Any = self.deal
        if not self.keeps_events:
            deal.apply_unchecked(action)
            if deal.is_over:
                self._finish_deal()
            self._marks.append(len(self._log))
            return []
        seat = deal.current_player()
        before = deal._before()
        deal.apply_unchecked(action)
        events: list[Event] = (
            deal._narrate_card(seat, int(action.card), before)  # most actions: one call
            if type(action) is Play
            else deal._narrate(-1 if seat is None else seat, action, before)
        )
        if deal.is_over:
            self._finish_deal()
            events.append(DealScored(self.scoresheet[-1]))
            if self.winner is not None:
                events.append(MatchOver(self.winner, self.scores))
            else:
                events += self._deal_events()
        else:  # _turn_events, inlined: the deal goes on, so someone is to act
            seat = deal.current_player()
            legal = tuple(deal.legal_actions())
            self._legal = (deal, deal._history[-1], legal)
            events.append(turn(seat, deal.phase))  # shared: one per seat and phase
            events.append(_make_legal(legal, seat))
        log = self._log
        self._marks.append(len(log))
        log += events
        return events

    def _take_chance(
        self, seed: int | None, decks: DeckSource | None, first_dealer: int | None
    ) -> None:
        """Set the deck source (``decks``, or :class:`SeededDecks` of ``seed``) and the
        first dealer (given, or drawn from the source). ``seed`` is the one a record
        writes: the seed given, or a seeded source's (never a secret one's)."""
        self.decks = SeededDecks(seed) if decks is None else decks
        if seed is None and type(decks) is SeededDecks:
            seed = decks.seed
        self.seed = seed
        n = self.num_players
        self.first_dealer = self.decks.dealer(n) if first_dealer is None else first_dealer
        check_seat(self.first_dealer, n)

    def _fresh_deck(self, pack: CardSet) -> tuple[int, ...]:
        """The next deal's deck, shuffled by the deck source."""
        return self.decks.deck(len(self.deals), pack)

    def _start_log(self) -> None:
        """Begin the log with the match's start and its first deal (the games call it
        at the end of ``__init__``)."""
        self._log = [MatchStarted(self.game, self.options, self.num_players)]
        self._log += self._deal_events()
        self._marks = []

    def _deal_events(self) -> list[Event]:
        return [
            *self.deal._opening_events(self.deal_number, self.scores),
            *self._turn_events(),
        ]

    def _turn_events(self) -> list[Event]:
        seat = self.current_player()
        if seat is None:
            return []
        deal: Any = self.deal
        legal = tuple(deal.legal_actions())
        history = deal._history
        self._legal = (deal, history[-1] if history else None, legal)
        return [turn(seat, deal.phase), Legal(legal, to=seat)]

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log, every seat's events included (for the engine and records)."""
        return tuple(self._log)

    def events_for(self, seat: int) -> list[Event]:
        """What ``seat`` may know, in order: the public events and those addressed to it."""
        return [e for e in self._log if e.to is None or e.to == seat]

    def public_events(self) -> list[Event]:
        """What everyone may know (a spectator's stream), in order."""
        return [e for e in self._log if e.to is None]

    #: What the match adds to its deal's views besides the deal's number and the winner:
    #: its attributes of the same names (none where the deal carries the scores itself).
    _in_views: ClassVar[tuple[str, ...]] = ()

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now: the deal's view with what spans deals."""
        return self._spanning(self.deal.view(seat))

    def public_view(self) -> Any:
        """What everyone may know now (a spectator): see :meth:`Deal.public_view`."""
        return self._spanning(self.deal._view(-1))

    def _spanning(self, view: ViewT) -> ViewT:
        """A deal's view with what spans deals."""
        return dataclasses.replace(
            view,  # type: ignore[type-var]
            **{name: getattr(self, name) for name in self._in_views},
            deal_number=self.deal_number,
            match_winner=self.winner,
            legal_actions=view.legal_actions if self.winner is None else (),
        )

    def __repr__(self) -> str:
        carried = "".join(f" {name}={getattr(self, name)}" for name in self._in_views
                          if name != "scores")
        return (f"<{type(self).__name__} seed={self.seed} deal={self.deal_number} "
                f"scores={self.scores}{carried} winner={self.winner}>")

    def __init__(
        self,
        seed: int | None = None,
        options: Any = None,
        *,
        first_dealer: int | None = None,
        decks: DeckSource | None = None,
    ) -> None:
        """A match dealt from ``decks`` (by default :class:`SeededDecks` of ``seed``:
        the same seed deals the same match); the first dealer is drawn from the
        source unless given. ``options``: the game's (its defaults when not given)."""
        self.options = options or self.options_class()
        self._take_chance(seed, decks, first_dealer)
        self.scores = (0, 0)
        self.winner = None
        self.scoresheet = []
        self.deals = []
        self._snapshots = []
        self.deal = self._first_deal()
        self._start_log()

    def _first_deal(self) -> DealT:
        """The first deal, dealt by the first dealer."""
        return self._new_deal(self.first_dealer)

    @abstractmethod
    def _new_deal(self, dealer: int) -> DealT:
        """A new deal dealt by ``dealer``, its deck from the deck source."""

    def _finish_deal(self) -> None:
        """Score the deal that just ended (the game's :meth:`_score`), then name the
        winner or deal the next one."""
        deal = self.deal
        result = deal.result
        assert result is not None
        self._remember()
        self.deals.append(deal)
        winner = self._score(result)
        if winner is not None:
            self.winner = winner
            return
        self.deal = self._new_deal(self._next_dealer(deal))

    @abstractmethod
    def _score(self, result: Any) -> int | None:
        """Write the result of the deal just added to ``deals``: the scores, what is
        carried over, the scoresheet's row; the match's winner, if there is one now."""

    @abstractmethod
    def _next_dealer(self, deal: DealT) -> int:
        """Who deals after ``deal`` (the last of ``deals``)."""

    def _remember(self) -> None:
        """Keep what finishing the current deal is about to change, for ``undo``."""
        self._snapshots.append(
            (tuple(getattr(self, name) for name in self._carried), self.decks.getstate())
        )

    def undo(self) -> Action:
        """Take back the last action, across deal boundaries too."""
        if not self.deal.actions or self.is_over:
            if not self.deals:
                raise GameError("nothing to undo")
            values, source_state = self._snapshots.pop()
            for name, value in zip(self._carried, values, strict=True):
                setattr(self, name, value)
            self.decks.setstate(source_state)
            self.scoresheet.pop()
            self.deal = self.deals.pop()
        action = self.deal.undo()
        del self._log[self._marks.pop():]
        return action

    def current_player(self) -> int | None:
        return None if self.is_over else self.deal.current_player()

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take now: those of the last :class:`Legal`
        event when the deal has not changed since (its last snapshot, held by the
        cache, is still the last one), else the deal's."""
        if self.winner is not None:
            return []
        deal = self.deal
        known_deal, last, legal = self._legal
        if known_deal is deal:
            history = deal._history
            if (history[-1] if history else None) is last:
                return list(legal)
        return deal.legal_actions()


_make_legal = Legal._make


def check_seat(seat: int, num_players: int) -> None:
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be 0..{num_players - 1}, not {seat}")



class Meld(NamedTuple):
    """A scoring combination held in one hand: a run in one suit, or four of a kind.

    ``top`` is the highest rank of a run, or the rank of a four of a kind (whose
    ``suit`` is ``None``). ``mask`` holds its cards.
    """

    points: int
    length: int
    top: Rank
    suit: Suit | None
    mask: int

    @property
    def cards(self) -> CardSet:
        return CardSet(self.mask)

    @property
    def is_run(self) -> bool:
        return self.suit is not None

    def __str__(self) -> str:
        return " ".join(CARDS[i].name for i in reversed(list(bits(self.mask))))


def run_meld(suit: int, top: int, length: int, points: int) -> Meld:
    """The meld of ``length`` consecutive cards of ``suit`` ending at rank ``top``."""
    mask = ((1 << length) - 1) << (9 * suit + top - length + 1)
    return Meld(points, length, Rank(top), Suit(suit), mask)
