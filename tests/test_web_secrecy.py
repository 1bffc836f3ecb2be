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

from atout.games.events import visible_to
from atout.kits import get_game
from atout.web.room import Room
from atout.web.store import Store
from atout.web.tables import ActionRefused, TableManager, Watcher
from web_support import (
    card_codes,
    hidden_from,
    infer_by_gathering,
    ks_2samp,
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

    # the room's messages too: names, chat, the breakdown's wait, the lobby, the rematch
    room = Room(manager, manager.store, breakdown_seconds=0)
    watchers = {seat: watcher(seat) for seat in [*range(n), None]}
    for w in watchers.values():
        table.watchers.add(w)
        await room.welcome(table, w)
    rng = random.Random(seed if play_seed is None else play_seed)
    actions = 0
    finished = 0
    while not table.match.is_over:
        if rng.random() < 0.04:  # someone talks, names themself, or closes a breakdown
            w = watchers[rng.randrange(n)]
            said = rng.choice([
                {"type": "chat", "text": rng.choice(["nice one", "my turn?", "<b>hi</b>"])},
                {"type": "chat", "phrase": rng.choice(["good-luck", "well-played"])},
                {"type": "name", "name": rng.choice(["Ann", "Bob", "Chloé"])},
            ])
            await room.handle(table, w, said)
        if len(table.match.deals) > finished:
            finished = len(table.match.deals)
            for s in range(n):
                await room.handle(table, watchers[s], {"type": "ready", "deal": finished})
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
                hint = await manager.hint(table, nxt, "en")
                assert not card_codes(hint) & hidden_from(table.match.deal, nxt)
    await room.handle(table, watchers[0], {"type": "rematch"})
    assert table.row.next_id is not None
    listed = room.lobby()
    assert not card_codes(listed)
    assert not problems, problems[:5]
    await manager.close()
    manager.store.close()
    return Played(count, actions, table.match, table.row.seed, received)


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_no_hidden_card_in_any_message(game: str, db_url: str) -> None:
    total = 0
    kinds: set[str] = set()
    events: set[str] = set()
    for seed in range(6):
        played = asyncio.run(_random_match(game, seed, db_url))
        assert played.actions > 20
        total += played.messages
        kinds |= {m["type"] for messages in played.received.values() for m in messages}
        log = played.match.events
        for receiver, messages in played.received.items():
            told = [e for m in messages if m["type"] == "state" for e in m["events"]]
            events |= {e["kind"] for e in told}
            # the engine's events a receiver is sent are its own stream's: none addressed
            # to another seat
            assert all(visible_to(log[e["n"]], receiver) for e in told), receiver
    assert total > 500
    assert {"state", "room", "chat"} <= kinds  # the room's messages were scanned too
    # the events were scanned: the cards dealt, played and won among them
    assert {"dealt", "card-played", "trick-won", "deal-scored", "legal"} <= events


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
    # an event that names another seat's cards (the deal's first, or the one in play)
    dealt = {"type": "state", "view": {}, "scoresheet": [],
             "events": [{"n": 3, "deal": 1, "kind": "dealt", "cards": sorted(other)}]}
    assert leaks(dealt, match, 0)
    assert not leaks(dealt, match, 1)


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
        is_over = False

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


# -- when a bot acts tells nothing of what it held ---------------------------------------
class TableClock:
    """The table's clock in a test: time passes only when the table waits on it
    (``sleep``) or a bot is said to think (``advance``), so that what is measured is
    the release time the table's code chooses, not how busy the machine is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


PACE = 0.15  # the table's bot delay


async def _release_times(db: str, decisions: int, seed: int) -> tuple[
        list[float], list[float], list[tuple[float, float]]]:
    """A Belote table of one person and three bots, played until the bots have made
    ``decisions``: how long after the start of its turn each bot action reached the
    person, for forced choices (one legal action: the bot answers at once) and free ones
    (the bot thinks for a random time under the table's pace), and for the free choices
    that think longer than the pace: (thought, released)."""
    clock = TableClock()
    manager = TableManager(Store(db), bot_delay=PACE, clock=clock, sleep=clock.sleep)
    table_id, _ = manager.create(
        "belote", "belote(target=2000)", "en",
        [{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3, seed=seed)
    table = await manager.get(table_id)
    assert table is not None
    rng = random.Random(seed)
    asked: dict[int, tuple[bool, float]] = {}  # step -> (forced, thought)
    decide = manager.workers.decide

    async def thinking(game: str, bot: str, bot_seed: int, view: Any) -> Any:
        """The server's own decision, taking the time a search takes: none with one
        legal action, else a random time (now and then longer than the pace)."""
        action = await decide(game, bot, bot_seed, view)
        forced = len(view.legal_actions) == 1
        thought = 0.0 if forced else rng.uniform(0.002, 0.9 * PACE)
        if not forced and rng.random() < 0.05:
            thought = rng.uniform(1.5, 3) * PACE
        if table.match.deal.actions:  # the first action of a deal waits longer
            asked[table.seq] = (forced, thought)
        clock.advance(thought)
        return action

    manager.workers.decide = thinking  # type: ignore[method-assign]
    seen: dict[int, float] = {}  # step -> when the person received the state of it

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "state":
            seen.setdefault(message["seq"], clock())

    await manager.join(table, Watcher(0, "en", send))
    while len([s for s in asked if s + 1 in seen]) < decisions:
        assert not table.match.is_over
        if table.match.current_player() == 0 and not table.lock.locked():
            action = table.match.legal_actions()[0]  # the person plays at once
            await manager.act(table, 0, str(action), table.seq, "en")
        await asyncio.sleep(0)
    await manager.close()
    manager.store.close()
    forced, free, slow = [], [], []
    for step, (was_forced, thought) in asked.items():
        if step + 1 not in seen:
            continue
        released = seen[step + 1] - seen[step]
        if thought > PACE:
            slow.append((thought, released))
        else:
            (forced if was_forced else free).append(released)
    return forced, free, slow


def test_a_bot_with_one_legal_card_acts_at_the_same_pace(db_url: str) -> None:
    """At a people's table a bot's action comes out at the table's pace counted from
    the start of its turn, whatever the bot computed: a forced card (answered at once)
    and a real choice (a search) cannot be told apart by when they arrive. Over some
    400 decisions a two-sample test does not separate them; a decision that takes longer
    than the pace is sent as soon as it is made."""
    forced, free, slow = asyncio.run(_release_times(db_url, 400, seed=7))
    assert len(forced) >= 40 and len(free) >= 200 and slow
    gap, p = ks_2samp(forced, free)
    assert p > 0.05, (gap, p, min(forced), min(free))
    assert min(forced + free) >= PACE - 1e-9  # never sooner than the pace
    assert all(abs(released - thought) < 1e-6 for thought, released in slow)
