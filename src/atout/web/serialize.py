"""Turning the games' views, results and events into JSON, and the public view of a
spectator.

Everything a browser receives goes through :func:`to_json`. It only converts: what a
seat may know is decided by the games' own ``view(seat)``, what a spectator may know by
their ``public_view()`` (:func:`public_view` leaves out the fields of a seat's own). A
view also carries what its game's presenter says of it (``present``: message keys with
parameters, see :func:`atout.kits.present.table_json`), so that the page holds no game's
rules; a spectator's leaves out the seat's own choices.

An event of the engine (:func:`event_json`) goes to the page with its fields, its place
in the match's log and what its game's presenter says of it (``say``), so that the page
tells what happened from the events alone.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from atout.cards import Card, CardSet, Rank, Suit
from atout.games.actions import Action
from atout.games.base import Meld, Options
from atout.games.events import Acted, DealScored, DealStarted, Event
from atout.kits import kit, kit_of
from atout.kits.present import PRIVATE_PARTS, Presenter, meld_json, result_json, table_json
from atout.kits.present import to_json as said_json

__all__ = [
    "PRIVATE_FIELDS", "event_json", "event_kind", "public_view", "replay_events", "seat_view",
    "to_json",
]

#: Fields of a view that belong to its seat alone.
PRIVATE_FIELDS = frozenset(
    {"seat", "hand", "legal_actions", "own_sequences", "own_weis", "own_announcements",
     "opponent_hand_size", "running"}
)


def to_json(value: Any) -> Any:
    """A JSON-ready copy of a view, result or score row (cards as codes such as ``HJ``)."""
    convert = _CONVERTERS.get(type(value))
    if convert is None:
        convert = _CONVERTERS[type(value)] = _converter(type(value))
    return convert(value)


#: How each type met so far is converted: chosen once per type (every state message of
#: every table converts the same few types thousands of times).
_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


#: Each card's code (an enum member's ``name`` is slow to read).
_CARD_NAMES: dict[Card, str] = {card: card.name for card in Card}


def _same(value: Any) -> Any:
    return value


def _list(value: Any) -> Any:
    return [to_json(v) for v in value]


def _dict(value: Any) -> Any:
    return {str(k): to_json(v) for k, v in value.items()}


def _named(value: Any) -> Any:
    return {k: to_json(v) for k, v in value._asdict().items()}


def _refuse(value: Any) -> Any:
    raise TypeError(f"cannot serialise {type(value).__name__}")


def _converter(cls: type) -> Callable[[Any], Any]:
    """The conversion of the values of type ``cls``: the checks made in this order for
    any value, once for its type."""
    if cls is type(None) or issubclass(cls, (bool, str, float)):
        return _same
    if issubclass(cls, Card):
        return _CARD_NAMES.__getitem__
    if issubclass(cls, Suit):
        return lambda value: value.letter
    if issubclass(cls, Rank):
        return lambda value: value.code
    if issubclass(cls, int):
        return int
    if issubclass(cls, CardSet):
        return lambda value: [_CARD_NAMES[card] for card in value]
    if issubclass(cls, Action | Options):
        return str
    if issubclass(cls, Meld):
        return meld_json
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        view = "legal_actions" in names and "history" in names
        result = "outcome" in names and "recorded" in names

        def record(value: Any) -> Any:
            out = {name: to_json(getattr(value, name)) for name in names}
            game_kit = kit_of(value)
            if game_kit is not None and view:
                out["present"] = table_json(game_kit.present(), value)
            elif game_kit is not None and result:
                out["present"] = result_json(game_kit.present(), value)
            return out

        return record
    if issubclass(cls, tuple) and hasattr(cls, "_asdict"):
        return _named
    if issubclass(cls, tuple | list):
        return _list
    if issubclass(cls, dict):
        return _dict
    return _refuse


def _hand_sizes(deal: Any) -> list[int]:
    return [int(h).bit_count() for h in deal.hands]


def _last_deal_number(match: Any, view: dict[str, Any]) -> dict[str, Any]:
    """A finished match's view shows its last deal: its number is that deal's, not the
    number a next deal would have had."""
    if match.is_over and match.deals and "deal_number" in view:
        view["deal_number"] = len(match.deals)
    return view


def seat_view(match: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, as JSON, with every seat's number of cards added."""
    view = to_json(match.view(seat))
    view["hand_sizes"] = _hand_sizes(match.deal)
    return _last_deal_number(match, view)


def public_view(match: Any, deal: Any | None = None) -> dict[str, Any]:
    """What anyone may know about ``deal`` (the match's current deal by default): the
    engine's public view (``public_view()``), without the fields of a seat's own."""
    source = match if deal is None else deal
    view = to_json(source.public_view())
    public = {name: value for name, value in view.items() if name not in PRIVATE_FIELDS}
    if "running" in view:  # Schieber: what everyone counts (Stöck only once public)
        public["running"] = view["running"]
    if isinstance(public.get("present"), dict):  # the presenter's words, not a seat's choices
        public["present"] = {part: value for part, value in public["present"].items()
                             if part not in PRIVATE_PARTS}
    public["seat"] = None
    public["hand"] = []
    public["legal_actions"] = []
    public["hand_sizes"] = _hand_sizes(match.deal if deal is None else deal)
    return public if deal is not None else _last_deal_number(match, public)


def event_kind(event: Event) -> str:
    """An event's kind as the page names it: ``CardPlayed`` -> ``card-played``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", type(event).__name__).lower()


def event_json(presenter: Presenter[Any], event: Event, view: Any, n: int, deal: int
               ) -> dict[str, Any]:
    """One event of the match's log for the page: ``n``, its place in the log (the same
    for every receiver: the page keeps the last it has), ``deal``, the number of the
    deal it belongs to, ``kind``, its fields (cards as codes; a scored deal gives its
    ``number``: its row is in the scoresheet), ``say``, what the presenter says of it
    (a message, or none) and ``loud`` when the table calls it out. ``view``: the
    receiver's view of that deal, for the presenter's words."""
    out: dict[str, Any] = {"n": n, "deal": deal, "kind": event_kind(event)}
    if isinstance(event, DealScored):
        out["number"] = int(event.row.number)
    else:
        for f in dataclasses.fields(event):
            if f.name != "to":
                out[f.name] = to_json(getattr(event, f.name))
    said = presenter.told(event, view)
    if said is not None:
        out["say"] = said_json(said)
    if presenter.loud(event):
        out["loud"] = True
    return out


def replay_events(match: Any) -> tuple[list[dict[str, Any]], Any]:
    """What a replay tells at the match's position, from its public events: the deal
    in view's events as the page receives them, and what was said of the last action
    (``None`` before any)."""
    presenter = kit(match.deal.game).present()
    log = match.public_events()
    starts = [i for i, event in enumerate(log) if type(event) is DealStarted]
    deal = max(1, len(starts))
    first = starts[-1] if starts else 0
    view = match.public_view()
    events = [event_json(presenter, event, view, first + i, deal)
              for i, event in enumerate(log[first:])]
    last = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], Acted)), None)
    if last is None:
        return events, None
    source = match.deals[-1] if last < first and match.deals else match
    said = presenter.told(log[last], source.public_view())
    return events, None if said is None else said_json(said)
