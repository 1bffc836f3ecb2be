"""No message of the web server names a card its receiver may not know, and nothing
a receiver is sent over a whole match lets it work one out.

Every seat and a spectator watch whole random matches of each game; each message is
scanned when it is sent, against the cards hidden from that receiver at that moment.
Then every receiver's messages, taken together, are attacked: the previous deal's
tricks gathered and cut (the Belote pack as the page deals it), and every number sent
tried as the match's seed. A table forced to gather and a message that carries the
seed are the controls: the attacks must find them.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from atout.games import get_game
from atout.web.store import Store
from atout.web.tables import ActionRefused, TableManager, Watcher
from web_support import (
    card_codes,
    hidden_from,
    infer_by_gathering,
    leaks,
    seeds_that_deal,
    worked_out,
)

SHORT = {
    "deberts": "deberts(doubling=true,four_sevens=true,target=151)",
    "belote": "belote(announced_capot=true,target=301)",
    "schieber": "schieber(target=700)",
}


@dataclass
class Played:
    """A whole match at a web table: what each receiver (a seat, ``None`` for a
    spectator) was sent, as JSON text read back, and the match itself."""

    messages: int
    actions: int
    match: Any
    seed: int
    received: dict[int | None, list[Any]] = field(default_factory=dict)

#: Whole matches to the usual targets, for the attacks (more deals to attack).
FULL = {
    "deberts": "deberts(four_sevens=true)",
    "belote": "belote(announced_capot=true)",
    "schieber": "schieber(target=1000)",
}


async def _random_match(
    game: str, seed: int | None, db: str, options: str | None = None, *, force: bool = False,
    play_seed: int | None = None,
) -> Played:
    """Play a whole match of random legal actions (``seed`` None: the table draws its
    own; the actions are drawn from ``play_seed``, by default ``seed``). ``force``
    stores the table directly, past the options a web table refuses."""
    manager = TableManager(Store(db), bot_delay=0)
    n = get_game(game).num_players
    options = SHORT[game] if options is None else options
    if force:
        table_id = manager.store.create_table(
            game, options, 2**100 + (seed or 0), "en", [("human", None, None)] * n
        )
    else:
        table_id, _tokens = manager.create(game, options, "en", [{"kind": "human"}] * n,
                                           seed=seed)
    table = await manager.get(table_id)
    assert table is not None
    problems: list[str] = []
    count = 0
    received: dict[int | None, list[Any]] = {s: [] for s in [*range(n), None]}

    def watcher(seat: int | None) -> Watcher:
        async def send(message: dict[str, Any]) -> None:
            nonlocal count
            count += 1
            received[seat].append(json.loads(json.dumps(message)))
            found = leaks(message, table.match, seat)
            if found:
                problems.append(f"seat {seat} at step {table.seq}: {found}")

        return Watcher(seat, "en", send)

    for seat in [*range(n), None]:
        table.watchers.add(watcher(seat))
    rng = random.Random(seed if play_seed is None else play_seed)
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
    return Played(count, actions, table.match, table.row.seed, received)


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_no_hidden_card_in_any_message(game: str, db_url: str) -> None:
    total = 0
    for seed in range(6):
        played = asyncio.run(_random_match(game, seed, db_url))
        assert played.actions > 20
        total += played.messages
    assert total > 500


def attack(played: Played, game: str) -> tuple[int, dict[int | None, dict[int, int]], list[int]]:
    """Every receiver's attacks on its own messages: (deals the gathering attack could
    try, per receiver the deals it worked out and how many hidden cards, seeds found)."""
    info = get_game(game)
    options = played.match.options
    first_deck = tuple(played.match.deals[0].deck)
    tried = 0
    found: dict[int | None, dict[int, int]] = {}
    seeds: list[int] = []
    for receiver, messages in played.received.items():
        claims = infer_by_gathering(messages, info.name, receiver)
        tried = max(tried, len(claims))
        found[receiver] = worked_out(claims, played.match)
        seeds += seeds_that_deal(messages, info.name, options, first_deck)
    return tried, found, seeds


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_no_hidden_card_can_be_worked_out(game: str, tmp_path: Any) -> None:
    """Each receiver attacks everything it was sent over whole matches at tables that
    draw their own seeds: nothing is worked out. The same attacks on a Belote table
    forced to gather, and on messages that carry the seed, find the hands."""
    deals = tried = 0
    for number in range(3):
        played = asyncio.run(
            _random_match(game, None, f"sqlite:///{tmp_path / f'{number}.db'}", FULL[game],
                          play_seed=number)
        )
        assert played.seed.bit_length() > 64  # drawn by the table: 128 bits
        count, found, seeds = attack(played, game)
        assert not seeds, f"the seed can be found in the messages: {seeds}"
        assert not any(found.values()), f"hands worked out from the tricks: {found}"
        deals += len(played.match.deals)
        tried += count
        # control: the seed, had it been sent, would have been found
        leaked = [*played.received[0], {"type": "welcome", "table": f"{played.seed:x}"}]
        assert seeds_that_deal(leaked, game, played.match.options,
                               tuple(played.match.deals[0].deck)) == [played.seed]
    assert tried >= 3
    print(f"\n{game}: {deals} deals in 3 matches, {tried} deals attacked by gathering "
          f"by each of {get_game(game).num_players + 1} receivers; no seed and no hidden "
          "card found")  # pytest -s shows it


def test_the_inference_catches_the_gathered_pack(tmp_path: Any) -> None:
    """The control: at a Belote table forced to gather and cut, every receiver, a
    spectator included, works out every hand of each deal that follows a played one."""
    total = right = 0
    for number in range(2):
        played = asyncio.run(_random_match(
            "belote", number, f"sqlite:///{tmp_path / f'{number}.db'}",
            "belote(shuffle=gather,target=501)", force=True,
        ))
        match = played.match
        after_played = [
            k + 2 for k, deal in enumerate(match.deals[:-1]) if deal.tricks
        ]
        _, found, seeds = attack(played, "belote")
        assert not seeds
        for receiver in played.received:
            assert sorted(found[receiver]) == after_played, receiver
            others = 4 if receiver is None else 3
            assert all(found[receiver][k] == 5 * others for k in after_played)
            total += len(after_played)
            right += sum(found[receiver].values())
    assert total >= 10
    print(f"\nbelote(shuffle=gather): {total} receiver-deals, {right} hidden cards worked out")


def test_the_scan_finds_a_leak(tmp_path: Any) -> None:
    """The scan itself works: another seat's card in a message is reported."""
    info = get_game("belote")
    match = info.match(seed=3)
    other = {card.name for card in match.view(1).hand}
    message = {"type": "state", "view": {"hand": sorted(other)}, "scoresheet": []}
    assert leaks(message, match, 0)
    assert not leaks({"type": "state", "view": {"hand": sorted(other)}, "scoresheet": []},
                     match, 1)
