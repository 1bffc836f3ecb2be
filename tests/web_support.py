"""Helpers for the web tests: which cards a seat may know, and a scan of a message for
any other card."""

from __future__ import annotations

from typing import Any

from atout.cards import CARDS, Card
from atout.games.actions import Play

CODES = {card.name for card in CARDS}


def card_codes(value: Any) -> set[str]:
    """Every card code named anywhere in a JSON value (strings split on spaces)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(word for word in item.split() if word in CODES)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def public_cards(deal: Any) -> set[str]:
    """Cards of ``deal`` that everyone may know now: played cards, the cards turned
    face up, and melds the rules have shown."""
    seen = {action.card.name for _, action in deal.actions if isinstance(action, Play)}
    game = deal.game
    if game == "deberts":
        seen.add(CARDS[deal.indicator].name)
        seen.add(CARDS[deal.deck[12]].name)  # the first indicator (public before an exchange)
        if deal.bottom >= 0:
            seen.add(CARDS[deal.bottom].name)
        shown = deal.view(0).shown_sequences
        seen.update(card.name for meld in shown for card in meld.cards)
        if deal.result is not None and deal.result.outcome == "cancelled":
            seen.update(c.name for c in CARDS if c.rank.code == "7")
    elif game == "belote":
        seen.add(deal.view(0).turned.name)
        shown = deal.view(0).shown_announcements
        seen.update(card.name for _, meld in shown for card in meld.cards)
    elif game == "schieber":
        seen.update(card.name for _, meld in deal.view(0).shown_weis for card in meld.cards)
    return seen


def hidden_from(deal: Any, seat: int | None) -> set[str]:
    """Cards of the deal's deck that ``seat`` (None: a spectator) may not know now."""
    deck = {CARDS[c].name for c in deal.deck}
    known = public_cards(deal)
    if seat is not None:
        known |= {Card(c).name for c in range(36) if deal.hands[seat] >> c & 1}
    return deck - known


def leaks(message: dict[str, Any], match: Any, seat: int | None) -> list[str]:
    """Hidden cards named in a state message, per part: the current deal's view, the
    previous deal and each scoresheet row (checked against what was hidden in that deal)."""
    found: list[str] = []
    if message.get("type") != "state":
        bad = card_codes(message) & hidden_from(match.deal, seat)
        return [f"{message.get('type')}: {sorted(bad)}"] if bad else []
    bad = card_codes(message["view"]) & hidden_from(match.deal, seat)
    if bad:
        found.append(f"view: {sorted(bad)}")
    if message.get("previous") is not None:
        bad = card_codes(message["previous"]) & hidden_from(match.deals[-1], seat)
        if bad:
            found.append(f"previous: {sorted(bad)}")
    for i, row in enumerate(message.get("scoresheet", [])):
        bad = card_codes(row) & hidden_from(match.deals[i], seat)
        if bad:
            found.append(f"scoresheet {i + 1}: {sorted(bad)}")
    rest = {k: v for k, v in message.items() if k not in ("view", "previous", "scoresheet")}
    bad = card_codes(rest)
    if bad:
        found.append(f"elsewhere: {sorted(bad)}")
    return found


class SlowBot:
    """A bot that thinks for :data:`SLOW_SECONDS` (asleep) and plays the first legal
    action: it shows whether a bot's thinking holds the server. Registered for the web
    tests as ``("*", "slow")`` in ``atout.bots.base.BOTS`` (``web_support:SlowBot``)."""

    name = "slow"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        import time

        time.sleep(SLOW_SECONDS)
        return view.legal_actions[0]


SLOW_SECONDS = 1.5
