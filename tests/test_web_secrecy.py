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
