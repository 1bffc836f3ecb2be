"""Presenters: what a table shows of a game, as message keys with parameters.

A presenter (one per game, in its kit) reads a seat's view and says, as values, what
the table shows: the contract and what hangs in the status line, the cards that lie face
up, what each seat has called, the melds shown, the choices offered and what each seat
did, and what the running commentary says of each of the engine's events
(:meth:`Presenter.told`). It never holds a word: a :class:`Msg` is a catalogue key and
its parameters, and each front end renders it in the reader's language (:func:`render`
for Python front ends; the web page renders the JSON form, :func:`to_json`, with the
same catalogues).

Parameters are plain values (numbers, card symbols, rank codes), other messages, a
:class:`Seat` (named as the front end names seats: "You", "Left", a player's name), a
:class:`SuitName` ("♥ hearts") or :class:`Words` (parts joined by a separator).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from atout.cards import Card, CardSet, Suit
from atout.games.actions import Action, Pass, Play, Trump
from atout.games.base import Meld
from atout.games.events import (
    Acted,
    Announcement,
    Bid,
    DealStarted,
    Event,
    MeldShown,
    MeldsWon,
    TrickWon,
)

__all__ = [
    "PRIVATE_PARTS",
    "Field",
    "GameOptions",
    "GameView",
    "Msg",
    "Note",
    "Param",
    "Presenter",
    "Seat",
    "SuitName",
    "Words",
    "meld_json",
    "meld_words",
    "outcome_text",
    "render",
    "result_json",
    "table_json",
    "to_json",
]


@dataclass(frozen=True)
class Seat:
    """A seat, named as the front end names seats."""

    seat: int


@dataclass(frozen=True)
class SuitName:
    """A suit with its symbol and its name: "♥ hearts"."""

    suit: Suit


@dataclass(frozen=True)
class Words:
    """Parts said one after the other (``sep`` between them)."""

    parts: tuple[Param, ...]
    sep: str = " "


@dataclass(frozen=True)
class Msg:
    """A catalogue ``key`` and its parameters. With ``seat``, the seat is the subject:
    ``key.you`` when it is the reader's own seat and the catalogue has it, else ``key``
    with the seat's name as ``{seat}``. With ``team``, the team is the subject."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)
    seat: int | None = None
    #: A team as the subject: ``key.us`` or ``key.them`` for a player, ``key.team`` (with
    #: ``{n}``, from 1) or ``key.pair`` (the players' names) for a watcher.
    team: int | None = None


Param: TypeAlias = int | str | Msg | Seat | SuitName | Words


@dataclass(frozen=True)
class Field:
    """One item of the status line: ``label`` (none for a bare value) and ``value``."""

    label: Msg | None
    value: Param


@dataclass(frozen=True)
class Note:
    """Something a seat has said that the table shows by it. ``kind``: ``bid`` (its
    last bid while the contract is made), ``pass``, ``call`` (an announcement, a Weis
    call), ``honour`` (bela, belote, Stöck), ``contract`` (the contract it chose) or
    ``melds`` (the melds it has shown, ``melds``; ``text`` is then empty)."""

    text: Param
    kind: str
    melds: tuple[Meld, ...] = ()


class GameOptions(Protocol):
    """What every game's options have (each game's options class has more)."""

    @property
    def target(self) -> int: ...


class GameView(Protocol):
    """What every game's view has (each game's view class has more)."""

    @property
    def seat(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_play(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand(self) -> CardSet: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def history(self) -> Sequence[tuple[int, Action]]: ...
    @property
    def legal_actions(self) -> Sequence[Action]: ...
    @property
    def trick(self) -> Sequence[tuple[int, Card]]: ...
    @property
    def tricks_won(self) -> tuple[int, int]: ...
    @property
    def last_trick(self) -> Sequence[tuple[int, Card]] | None: ...
    @property
    def result(self) -> Any: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def options(self) -> GameOptions: ...


V = TypeVar("V", bound=GameView, contravariant=True)


class Presenter(Generic[V]):
    """What a table shows of one game's view; each game's kit has a subclass."""

    game: str = ""

    # -- the choices -----------------------------------------------------------------
    def action(self, action: Action, view: V) -> Param:
        """An action as a choice offered (a button, a numbered line)."""
        if isinstance(action, Play):
            return action.card.symbol
        return str(action)

    def listed(self, action: Action, view: V) -> Param:
        """An action in a list of choices, where the list says what they have in common
        (Schieber's trump contracts without the word trump: "♥ hearts ×2")."""
        return self.action(action, view)

    def short(self, action: Action) -> Param | None:
        """A shorter form of a choice for a phone's width ("♥ ×2"), when it has one."""
        return None

    def said(self, seat: int, action: Action, view: V) -> Msg:
        """What ``seat`` did, as the running commentary says it (``view``: the view
        before or after the action; only public parts of it are read)."""
        if isinstance(action, Pass):
            return Msg("event.passes", seat=seat)
        if isinstance(action, Play):
            return Msg("event.plays", {"card": action.card.symbol}, seat=seat)
        if isinstance(action, Trump):
            return Msg("event.takes", {"suit": SuitName(action.suit)}, seat=seat)
        return Msg("event.plays", {"card": str(action)}, seat=seat)

    def bid(self, action: Action, view: V) -> Param:
        """A bid as the table notes it by the seat that made it: "passes", "takes ♥"."""
        if isinstance(action, Play):
            return action.card.symbol
        if isinstance(action, Pass):
            return Msg("tui.said.pass")
        if isinstance(action, Trump):
            return Msg("tui.said.take", {"suit": action.suit.symbol})
        return self.action(action, view)

    # -- what happened (the engine's events) ------------------------------------------
    def told(self, event: Event, view: V) -> Msg | None:
        """What the running commentary says of one of the engine's ``event`` (``None``:
        nothing; the event still changes what the table shows). ``view``: the reader's
        view of the event's deal (only public parts of it are read). Each game adds its
        own kinds; an action is said as :meth:`said` says it."""
        if isinstance(event, Acted):
            return self.said(event.seat, event.action, view)
        if isinstance(event, TrickWon):
            return Msg("event.wins-trick", {"points": event.points}, seat=event.seat)
        if isinstance(event, MeldShown):
            return Msg("event.shows", {"melds": meld_words(event.meld)}, seat=event.seat)
        if isinstance(event, DealStarted):
            return Msg("tui.deal-header", {"number": event.number, "dealer": Seat(event.dealer)},
                       seat=event.dealer)  # "you deal" to the dealer
        return None

    def loud(self, event: Event) -> bool:
        """Whether the table calls ``event`` out (a banner on the page): a bid that is
        not a pass, an announcement, the best one found; each game adds its honours."""
        if isinstance(event, Bid):
            return not isinstance(event.call, Pass)
        return isinstance(event, (Announcement, MeldsWon))

    def prompt(self, view: V) -> Msg:
        """What the player to act is asked."""
        return Msg("tui.your-card" if view.phase == "play" else "tui.your-bid")

    # -- the status line -------------------------------------------------------------
    def contract(self, view: V) -> list[Field]:
        """The bidding's round, or the contract and who made it."""
        return []

    def trump(self, view: V) -> Param | None:
        """The contract in a few words: "♥ hearts ×2" (none before it is made)."""
        return None if view.trump is None else SuitName(view.trump)

    def pending(self, view: V, first: int = 0) -> list[Field]:
        """What hangs or is held over, or the deal's running count (team ``first``'s
        first)."""
        return []

    def taker(self, view: V) -> int | None:
        """The seat that made the contract."""
        return None

    def forehand(self, view: V) -> Field | None:
        """The seat that leads the bidding, with its title, when the game names one."""
        return None

    # -- the cards and melds on the table ---------------------------------------------
    def face_up(self, view: V) -> list[tuple[Msg, Card]]:
        """Cards lying face up beside the trick, each with its caption."""
        return []

    #: The lessons' words for the card turned up at the deal (``learn.turned``), none
    #: where the game turns no card.
    turned_key: str | None = None

    def turned(self, view: V) -> tuple[Card | None, Card | None]:
        """The card turned up at the deal, and the stock's bottom card where the game
        shows one, whatever the bidding did with them (the lessons show them)."""
        return None, None

    def notes(self, view: V) -> dict[int, list[Note]]:
        """Per seat, what it has said that is public now."""
        return {}

    def shown_melds(self, view: V) -> list[tuple[int, Meld]]:
        """The melds shown to everyone, with the seat that holds each."""
        return []

    def own_melds(self, view: V) -> tuple[Msg, tuple[Meld, ...]] | None:
        """The seat's own melds not announced yet (private), with their label."""
        return None

    # -- a finished deal ---------------------------------------------------------------
    #: The amount a deal may leave apart for a later one, as the results and views name
    #: it (``hanging``, ``held``), or none.
    apart: str | None = None

    def outcome(self, result: Any) -> Param:
        """What a finished deal came to, in a sentence."""
        return Msg(f"web.outcome.{result.outcome}")

    def outcome_line(self, result: Any, team: Callable[[int], str],
                     target: int | None) -> Param:
        """What a finished deal came to, in the sentence the terminal's advisor and
        replay say (:func:`outcome_text`); ``team`` names a side, ``target`` is the
        match's."""
        return self.outcome(result)

    def result_rows(self, result: Any) -> list[tuple[Msg, tuple[Param, Param]]]:
        """The game's own lines of a deal's breakdown (melds, honours...), each side's."""
        return []

    def result_melds(self, result: Any) -> list[tuple[int, Meld]]:
        """The melds a finished deal counted, with the seat that held each."""
        return []

    def sheet_outcome(self, result: Any) -> Param:
        """A deal in the scoresheet's outcome column, in a word or two."""
        return Msg(f"web.outcome.{result.outcome}")

    # -- helpers ---------------------------------------------------------------------
    def melds_by_seat(
        self, shown: Sequence[tuple[int, Meld]], notes: dict[int, list[Note]]
    ) -> None:
        """Add each seat's shown melds to its notes."""
        by_seat: dict[int, list[Meld]] = {}
        for seat, meld in shown:
            by_seat.setdefault(seat, []).append(meld)
        for seat, melds in by_seat.items():
            notes.setdefault(seat, []).append(Note("", "melds", tuple(melds)))

    def last_bids(self, bids: Sequence[tuple[int, Action]], view: V) -> dict[int, list[Note]]:
        """Each seat's last bid, as its note."""
        last: dict[int, Action] = {}
        for seat, action in bids:
            last[seat] = action
        return {seat: [Note(self.bid(action, view), "pass" if isinstance(action, Pass)
                                                        else "bid")]
                for seat, action in last.items()}


def render(
    value: Param, t: Callable[..., str], seat_name: Callable[[int], str],
    me: int | None = None, has: Callable[[str], bool] | None = None,
) -> str:
    """``value`` in words: ``t(key, **params)`` translates, ``seat_name`` names a seat,
    ``me`` is the reader's seat (``None`` when watching), ``has(key)`` whether the
    catalogue has a key (for the second person, ``key.you``)."""
    def go(v: Param) -> str:
        return render(v, t, seat_name, me, has)

    if isinstance(value, Msg):
        params = {k: go(v) for k, v in value.params.items()}
        if value.team is not None:
            if me is None:
                return t(value.key + ".team", n=value.team + 1, **params)
            return t(value.key + (".us" if value.team == me % 2 else ".them"), **params)
        if value.seat is not None:
            if value.seat == me and has is not None and has(value.key + ".you"):
                return t(value.key + ".you", **params)
            return t(value.key, seat=seat_name(value.seat), **params)
        return t(value.key, **params)
    if isinstance(value, Seat):
        return seat_name(value.seat)
    if isinstance(value, SuitName):
        return f"{value.suit.symbol} {t(f'suit.{value.suit.letter}')}"
    if isinstance(value, Words):
        return value.sep.join(go(p) for p in value.parts)
    return str(value)


def outcome_text(
    game: str,
    result: Any,
    lang: str,
    *,
    seat: Callable[[int], str],
    team: Callable[[int], str],
    me: int | None = None,
    target: int | None = None,
) -> str:
    """The sentence that says how a deal of ``game`` ended (its engine result), in
    ``lang``, from its kit's presenter (:meth:`Presenter.outcome_line`). ``seat`` and
    ``team`` name a seat and a team; a sentence about ``me`` is in the second person
    where the catalogue has it (``key.you``).

    >>> from atout.games.belote import BeloteDealResult
    >>> result = BeloteDealResult(dealer=0, outcome="thrown-in")
    >>> outcome_text("belote", result, "en", seat=str, team=str)
    'Everybody passed twice: the deal is thrown in'
    """
    from atout.i18n import catalog, translate
    from atout.kits import kit

    english = catalog()["en"]
    line = kit(game).present().outcome_line(result, team, target)
    text = render(line, lambda key, **params: translate(key, lang, **params), seat, me,
                  lambda key: key in english)
    return text[:1].upper() + text[1:]


JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | None


def to_json(value: Param | None) -> JSON:
    """``value`` for the web page: a message ``{"key", "params", "seat"}``, ``{"seat_of":
    n}``, ``{"suit": "H"}``, ``{"words": [...], "sep": " "}``, or a plain value."""
    if value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, Msg):
        out: dict[str, JSON] = {"key": value.key}
        if value.params:
            out["params"] = {k: to_json(v) for k, v in value.params.items()}
        if value.seat is not None:
            out["seat"] = value.seat
        if value.team is not None:
            out["team"] = value.team
        return out
    if isinstance(value, Seat):
        return {"seat_of": value.seat}
    if isinstance(value, SuitName):
        return {"suit": value.suit.letter}
    return {"words": [to_json(p) for p in value.parts], "sep": value.sep}


#: The parts of :func:`table_json` that belong to the view's seat alone.
PRIVATE_PARTS = frozenset({"actions", "prompt"})


def table_json(presenter: Presenter[Any], view: Any) -> dict[str, JSON]:
    """What a table shows of ``view`` as JSON, for the web page: the contract in a few
    words (``trump``), who made it (``taker``), the bidding's forehand, what hangs or
    runs (``pending``), the cards face up, each seat's notes, the melds shown and, for
    the seat (:data:`PRIVATE_PARTS`), its choices (``actions``: action -> label and
    short form) and its prompt. What happened comes with the engine's events, each
    with :meth:`Presenter.told`'s words, not with the view."""
    notes: dict[str, JSON] = {
        str(seat): [{"text": to_json(n.text), "kind": n.kind} for n in said if n.kind != "melds"]
        for seat, said in presenter.notes(view).items()
    }
    forehand = presenter.forehand(view)
    return {
        "trump": to_json(presenter.trump(view)),
        "apart": presenter.apart,
        "taker": presenter.taker(view),
        "forehand": None if forehand is None else {
            "label": to_json(forehand.label), "seat": to_json(forehand.value)},
        "pending": [{"label": to_json(f.label), "value": to_json(f.value)}
                    for f in presenter.pending(view)],
        "face_up": [{"label": to_json(label), "card": card.name}
                    for label, card in presenter.face_up(view)],
        "notes": notes,
        "melds": [[seat, meld_json(m)] for seat, m in presenter.shown_melds(view)],
        "actions": {str(a): {"label": to_json(presenter.action(a, view)),
                             "short": to_json(presenter.short(a))}
                    for a in view.legal_actions},
        "prompt": to_json(presenter.prompt(view)) if view.to_play == view.seat else None,
    }


def meld_words(meld: Meld) -> Words:
    """A meld shown, in a few words: its cards, highest first, and its points:
    "♥K ♥Q ♥J (20)"."""
    cards = tuple(card.symbol for card in sorted(meld.cards, key=int, reverse=True))
    return Words((*cards, f"({meld.points})"))


def meld_json(meld: Meld) -> dict[str, JSON]:
    """A meld as the pages read it: its points, length, top rank, suit (none for four
    of a kind) and cards, highest first."""
    return {
        "points": meld.points,
        "length": meld.length,
        "top": meld.top.code,
        "suit": None if meld.suit is None else meld.suit.letter,
        "cards": [card.name for card in sorted(meld.cards, key=int, reverse=True)],
    }


def result_json(presenter: Presenter[Any], result: Any) -> dict[str, JSON]:
    """What a table shows of a finished deal's ``result`` as JSON: its outcome in a
    sentence, the game's own lines of the breakdown (``rows``: ``[label, [a, b]]``), the
    melds counted (``[seat, meld]``), its word in the scoresheet and what it may leave
    apart (``apart``: the result's and views' field, ``hanging`` or ``held``)."""
    return {
        "outcome": to_json(presenter.outcome(result)),
        "rows": [[to_json(label), [to_json(a), to_json(b)]]
                 for label, (a, b) in presenter.result_rows(result)],
        "melds": [[seat, meld_json(m)] for seat, m in presenter.result_melds(result)],
        "sheet": to_json(presenter.sheet_outcome(result)),
        "apart": presenter.apart,
    }
