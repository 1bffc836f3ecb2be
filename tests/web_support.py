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
    previous deal, each scoresheet row and each event (checked against what was hidden
    in that deal)."""
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
    for event in message.get("events", []):
        deal = match.deals[event["deal"] - 1] if event["deal"] <= len(match.deals) else match.deal
        bad = card_codes(event) & hidden_from(deal, seat)
        if bad:
            found.append(f"event {event['n']} ({event['kind']}): {sorted(bad)}")
    rest = {k: v for k, v in message.items()
            if k not in ("view", "previous", "scoresheet", "events")}
    bad = card_codes(rest)
    if bad:
        found.append(f"elsewhere: {sorted(bad)}")
    return found


# -- inference: what a receiver can work out from everything it was sent -----------------
CARD_INDEX = {card.name: int(card) for card in CARDS}


def numbers_in(value: Any) -> set[int]:
    """Every number a JSON value carries: integers, and strings of decimal or
    hexadecimal digits (a seed could be sent as any of them)."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            found.add(item)
        elif isinstance(item, str):
            for word in item.replace("/", " ").replace("=", " ").replace("&", " ").split():
                if word.isdigit():
                    found.add(int(word))
                elif len(word) >= 8 and all(c in "0123456789abcdefABCDEF" for c in word):
                    found.add(int(word, 16))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def seeds_that_deal(received: list[Any], game: str, options: Any, first_deck: tuple[int, ...]
                    ) -> list[int]:
    """The numbers in ``received`` that, taken as the match's seed, deal its real first
    deck: with one of them, every hand of every deal can be computed."""
    from atout.kits import get_game

    info = get_game(game)
    hits = []
    for number in sorted(numbers_in(received)):
        try:
            match = info.match(seed=number, options=options)
        except (ValueError, OverflowError):
            continue
        if tuple(match.deal.deck) == tuple(first_deck):
            hits.append(number)
    return hits


def starting_hands(deal: Any) -> list[set[str]]:
    """Each seat's cards when ``deal`` has just been dealt (before any action)."""
    n = deal.num_players
    fresh = type(deal)(list(deal.deck), deal.dealer, deal.options)
    return [{card.name for card in fresh.view(s).hand} for s in range(n)]


def infer_by_gathering(received: list[dict[str, Any]], game: str, seat: int | None
                       ) -> dict[int, dict[int, set[str]]]:
    """What a receiver works out if each pack is the previous deal's cards in the order
    they were played (then the cards not played), cut once: for each deal it saw begin
    (after a deal with cards played), every cut is tried; the cuts that give the receiver
    the hand it was dealt and show the face-up card it saw are kept; for each other seat,
    the cards that every kept cut deals it are the claim (deal number -> seat -> cards).
    Only what the receiver was sent is used."""
    from atout.cards import DECK_32, DECK_36
    from atout.kits import get_game

    info = get_game(game)
    deck = [int(c) for c in (DECK_36 if game == "schieber" else DECK_32)]
    claims: dict[int, dict[int, set[str]]] = {}
    for message in received:
        if message.get("type") != "state" or message.get("previous") is None:
            continue
        view = message["view"]
        number = view["deal_number"]
        if view["history"] or number in claims:
            continue  # only a deal seen from its very start
        claims[number] = {}
        played = [CARD_INDEX[a] for _, a in message["previous"]["history"] if a in CARD_INDEX]
        if not played:
            continue
        pack = played + sorted(set(deck) - set(played))
        options = info.options.parse(message["table"]["options"])
        face_up = {k: v for k, v in view.items() if isinstance(v, str) and v in CARD_INDEX}
        own = None if seat is None else set(view["hand"])
        kept: list[list[set[str]]] = []
        for cut in range(len(pack)):
            deal = info.deal(pack[cut:] + pack[:cut], view["dealer"], options)
            start = deal.view(0 if seat is None else seat)
            if own is not None and {c.name for c in start.hand} != own:
                continue
            if any(getattr(getattr(start, k), "name", None) != v for k, v in face_up.items()):
                continue
            kept.append([{c.name for c in deal.view(s).hand} for s in range(info.num_players)])
        if kept:
            claims[number] = {
                s: set.intersection(*(hands[s] for hands in kept))
                for s in range(info.num_players) if s != seat
            }
    return claims


def worked_out(claims: dict[int, dict[int, set[str]]], match: Any) -> dict[int, int]:
    """Per deal, the hidden cards the claims got right, counted only when every claimed
    card of that deal is right (a wrong guess that happens to hit a card is no leak)."""
    found: dict[int, int] = {}
    for number, per_seat in claims.items():
        truth = starting_hands(match.deals[number - 1])  # the match is over
        claimed = sum(len(cards) for cards in per_seat.values())
        right = sum(len(cards & truth[s]) for s, cards in per_seat.items())
        if claimed and right == claimed:
            found[number] = right
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


SLOW_SECONDS = 4.0  # long enough to tell a held loop from a loaded machine


#: The host name Starlette's test client asks for (``http://testserver``): the apps the
#: tests drive through it are started for that name, as ``atout serve --host`` would be.
TEST_HOST = "testserver"


def client_limits(**settings: Any) -> Any:
    """The server's limits for an app driven by Starlette's test client: the defaults,
    or ``settings``, and the test client's host name among those the server answers to."""
    from atout.web.limits import Limits

    return Limits(**{**settings, "hosts": (TEST_HOST, *settings.get("hosts", ()))})


def ks_2samp(a: list[float], b: list[float]) -> tuple[float, float]:
    """The two-sample Kolmogorov-Smirnov test: the largest gap between the two samples'
    distribution functions and its p-value (scipy's when installed, else the asymptotic
    Kolmogorov distribution with Stephens' correction, as in Numerical Recipes)."""
    try:
        from scipy.stats import ks_2samp as scipy_ks
    except ImportError:
        pass
    else:
        result = scipy_ks(a, b)
        return float(result.statistic), float(result.pvalue)
    import math

    xs, ys = sorted(a), sorted(b)
    n, m = len(xs), len(ys)
    i = j = 0
    gap = 0.0
    while i < n and j < m:
        value = min(xs[i], ys[j])
        while i < n and xs[i] <= value:
            i += 1
        while j < m and ys[j] <= value:
            j += 1
        gap = max(gap, abs(i / n - j / m))
    size = math.sqrt(n * m / (n + m))
    lam = (size + 0.12 + 0.11 / size) * gap
    if lam < 1e-3:
        return gap, 1.0
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    return gap, min(1.0, max(0.0, p))
