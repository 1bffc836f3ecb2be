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
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Rank):
        return value.code
    if isinstance(value, int):
        return int(value)
    if isinstance(value, CardSet):
        return [card.name for card in value]
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, Meld):
        return meld_json(value)
    if isinstance(value, Options):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
        game_kit = kit_of(value)
        if game_kit is not None and "legal_actions" in out and "history" in out:  # a view
            out["present"] = table_json(game_kit.present(), value)
        elif game_kit is not None and "outcome" in out and "recorded" in out:  # a result
            out["present"] = result_json(game_kit.present(), value)
        return out
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {k: to_json(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    raise TypeError(f"cannot serialise {type(value).__name__}")


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
