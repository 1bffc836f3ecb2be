"""No message of the web server names a card its receiver may not know.

Every seat and a spectator watch whole random matches of each game; each message is
scanned when it is sent, against the cards hidden from that receiver at that moment.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from atout.games import get_game
from atout.web.store import Store
from atout.web.tables import ActionRefused, TableManager, Watcher
from web_support import card_codes, hidden_from, leaks

SHORT = {
    "deberts": "deberts(doubling=true,four_sevens=true,target=151)",
    "belote": "belote(announced_capot=true,target=301)",
    "schieber": "schieber(target=700)",
}


async def _random_match(game: str, seed: int, db: str) -> tuple[int, int]:
    """Play a whole match of random legal actions; returns (messages, actions)."""
    manager = TableManager(Store(db), bot_delay=0)
    n = get_game(game).num_players
    table_id, _tokens = manager.create(
        game, SHORT[game], "en", [{"kind": "human"}] * n, seed=seed
    )
    table = await manager.get(table_id)
    assert table is not None
    problems: list[str] = []
    count = 0

    def watcher(seat: int | None) -> Watcher:
        async def send(message: dict[str, Any]) -> None:
            nonlocal count
            count += 1
            found = leaks(message, table.match, seat)
            if found:
                problems.append(f"seat {seat} at step {table.seq}: {found}")

        return Watcher(seat, "en", send)

    for seat in [*range(n), None]:
        table.watchers.add(watcher(seat))
    rng = random.Random(seed)
    actions = 0
    while not table.match.is_over:
        seat = table.match.current_player()
        legal = table.match.legal_actions()
        if rng.random() < 0.1:  # now and then, an illegal card first: refused, no leak
            wrong = [c for c in card_codes(table.state(seat)["view"]["hand"])
                     if c not in {str(a) for a in legal}]
            if wrong:
                with pytest.raises(ActionRefused) as refused:
                    await manager.act(table, seat, wrong[0], table.seq, "en")
                assert not card_codes(refused.value.message) & hidden_from(table.match.deal, seat)
        await manager.act(table, seat, str(rng.choice(legal)), table.seq, "en")
        actions += 1
        if rng.random() < 0.05:  # a hint names only the seat's own options
            nxt = table.match.current_player()
            if nxt is not None:
                hint = manager.hint(table, nxt, "en")
                assert not card_codes(hint) & hidden_from(table.match.deal, nxt)
    assert not problems, problems[:5]
    await manager.close()
    manager.store.close()
    return count, actions


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_no_hidden_card_in_any_message(game: str, db_url: str) -> None:
    total = 0
    for seed in range(6):
        messages, actions = asyncio.run(_random_match(game, seed, db_url))
        assert actions > 20
        total += messages
    assert total > 500


def test_the_scan_finds_a_leak(tmp_path: Any) -> None:
    """The scan itself works: another seat's card in a message is reported."""
    info = get_game("belote")
    match = info.match(seed=3)
    other = {card.name for card in match.view(1).hand}
    message = {"type": "state", "view": {"hand": sorted(other)}, "scoresheet": []}
    assert leaks(message, match, 0)
    assert not leaks({"type": "state", "view": {"hand": sorted(other)}, "scoresheet": []},
                     match, 1)


# -- Schieber: what of the Weis a seat hears ------------------------------------------
def weis_leaks(message: dict[str, Any], match: Any, seat: int | None) -> list[str]:
    """Weis information in a state message beyond RULES.md Schieber 5: the calls must be
    exactly those of the rule so far (a lower Weis is never said), and the only melds
    named are the receiver's own and, after the first trick, the winning team's."""
    from atout.web.serialize import to_json
    from schieber_support import expected_view_calls

    found: list[str] = []
    parts = [("view", message["view"], match.deal)]
    if message.get("previous") is not None:
        parts.append(("previous", message["previous"], match.deals[-1]))
    for name, view, deal in parts:
        want = to_json(expected_view_calls(deal))
        if view.get("weis_announced") != want:
            found.append(f"{name}: calls {view.get('weis_announced')} instead of {want}")
        allowed = []
        if seat is not None and deal.contract >= 0:
            allowed += [to_json(m) for m in deal.weis[seat]]
        wt = deal.weis_team
        if deal.tricks and wt >= 0:
            allowed += [to_json(m) for s in (wt, wt + 2) for m in deal.weis[s]]
        stack: list[Any] = [view]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if "cards" in item and "points" in item and item not in allowed:
                    found.append(f"{name}: meld {item['cards']} not the seat's to know")
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
    return found


async def _schieber_weis_match(seed: int, db: str) -> tuple[int, int]:
    """A whole match of random actions, every seat and a spectator watching; returns the
    messages checked and the lower Weis that stayed unsaid."""
    manager = TableManager(Store(db), bot_delay=0)
    table_id, _ = manager.create("schieber", "schieber(target=1000)", "en",
                                 [{"kind": "human"}] * 4, seed=seed)
    table = await manager.get(table_id)
    assert table is not None
    problems: list[str] = []
    count = 0

    def watcher(seat: int | None) -> Watcher:
        async def send(message: dict[str, Any]) -> None:
            nonlocal count
            count += 1
            problems.extend(f"seat {seat}: {p}" for p in weis_leaks(message, table.match, seat))

        return Watcher(seat, "en", send)

    for seat in [0, 1, 2, 3, None]:
        table.watchers.add(watcher(seat))
    rng = random.Random(seed)
    while not table.match.is_over:
        seat = table.match.current_player()
        await manager.act(table, seat, str(rng.choice(table.match.legal_actions())),
                          table.seq, "en")
    assert not problems, problems[:5]
    unsaid = sum(
        1 for deal in table.match.deals if deal.tricks
        for s in range(4) if deal.weis[s] and deal.calls[s] is None
    )
    await manager.close()
    manager.store.close()
    return count, unsaid


def test_schieber_weis_messages_say_only_what_the_rule_says(db_url: str) -> None:
    messages = unsaid = 0
    for seed in range(3):
        m, u = asyncio.run(_schieber_weis_match(seed, db_url))
        messages += m
        unsaid += u
    assert messages > 500 and unsaid > 0  # lower Weis were held, and never appeared


def test_the_weis_check_finds_a_lower_weis() -> None:
    """The check itself works: an opponent's lower Weis, said or shown, is reported."""
    from atout.games.schieber import SchieberDeal, WeisCall
    from atout.web.serialize import seat_view, to_json
    from schieber_support import expected_view_calls
    from test_schieber import weis_fill

    # seat 1 (forehand) has a run of 4 (50), seat 0 (last) a lower run of 3 (20): seat 0
    # stays silent, and its team does not score the Weis, so they are never shown
    deal = SchieberDeal.from_hands(weis_fill(["HQ HK HA", "S6 S7 S8 S9", "", ""]), forehand=1)
    deal.apply(deal.legal_actions()[4])  # obenabe
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    assert expected_view_calls(deal) == (None, WeisCall(50), None, None)

    class Holder:  # what weis_leaks reads of a match
        def __init__(self) -> None:
            self.deal, self.deals = deal, []

        def view(self, seat: int) -> Any:
            return deal.view(seat)

    match = Holder()
    good = {"type": "state", "view": seat_view(match, 3), "previous": None}
    assert not weis_leaks(good, match, 3)
    said = dict(good["view"], weis_announced=to_json((WeisCall(20), WeisCall(50), None, None)))
    assert weis_leaks({**good, "view": said}, match, 3)
    melds = dict(good["view"], own_weis=to_json(deal.weis[0]))
    assert weis_leaks({**good, "view": melds}, match, 3)
    # seat 0's own Weis is its own to know
    assert not weis_leaks({"type": "state", "view": seat_view(match, 0)}, match, 0)
