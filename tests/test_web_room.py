"""The card room on the server: names, the lobby and its free seats, chat (limits,
storage, quick phrases), hints switched off, the wait after a breakdown, the rematch."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.web import create_app
from atout.web.room import CHAT_MAX, Room, clean_name
from atout.web.store import Store
from atout.web.tables import TableManager, Watcher
from web_support import client_limits


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_delay=0, limits=client_limits())
    with TestClient(app) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, Any]], game: str = "deberts",
           options: str = "", **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={
        "game": game, "options": options, "lang": "en", "seats": seats, "me": 0, **extra,
    })
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def join(ws: Any, token: str | None) -> dict[str, Any]:
    """Say hello; the room message that follows the first state."""
    return join_state(ws, token)[1]


def join_state(ws: Any, token: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello; the latest state and the room message that follows the first."""
    hello: dict[str, Any] = {"type": "hello", "lang": "en"}
    if token:
        hello["token"] = token
    ws.send_json(hello)
    state: dict[str, Any] = {}
    while True:  # the latest state before the room message (a bot may move meanwhile)
        message = ws.receive_json()
        if message["type"] == "state":
            state = message
        elif message["type"] == "room" and state:
            return state, message


def receive(ws: Any, kind: str, until: Any = None, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == kind and (until is None or until(message)):
            return message  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message")


def test_the_lobby_page_and_the_games_presets(client: TestClient) -> None:
    response = client.get("/lobby")
    assert response.status_code == 200 and "lobby.js" in response.text
    assert "script-src 'self'" in response.headers["content-security-policy"]
    games = client.get("/api/games").json()["games"]
    assert games["deberts"]["room_presets"]["quick"] == "deberts(target=251)"
    assert games["schieber"]["room_presets"]["plain"] == "schieber(stoeck=false,weis=false)"
    words = client.get("/api/i18n/es").json()
    for game, info in games.items():  # every preset and house rule has its words
        for name in info["room_presets"]:
            assert f"room.preset.{game}.{name}" in words
        for option in info["options"]:
            if option["name"] != "shuffle":
                assert f"room.opt.{game}.{option['name']}.help" in words


def test_names_are_cleaned() -> None:
    assert clean_name("  Ann\u0000 \n Marie  ") == "Ann Marie"
    assert clean_name("x" * 100) == "x" * 24
    assert clean_name("\u202e\u200b") is None
    assert clean_name(12) is None


def test_the_lobby_lists_public_tables_and_anyone_takes_a_free_seat(client: TestClient) -> None:
    public = create(client, [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "medium"},
                             {"kind": "open"}, {"kind": "bot", "bot": "expert"}], game="belote",
                    options="belote(target=501)")
    assert public["public"] is True and set(public["seats"]) == {"0"}
    private = create(client, [{"kind": "you", "name": "Bob"}, {"kind": "friend"}])
    assert private["public"] is False
    tables = client.get("/api/lobby").json()["tables"]
    assert [t["id"] for t in tables] == [public["id"]]
    listed = tables[0]
    assert listed["game"] == "belote" and listed["options"] == "belote(target=501)"
    assert [s["name"] for s in listed["seats"]] == ["Ann", None, None, None]
    assert [s["free"] for s in listed["seats"]] == [False, False, True, False]
    assert listed["seats"][3]["bot"] == "expert"
    assert "token" not in str(listed) and "seed" not in str(listed)
    # a seat that is not free, a private table, an unknown table
    assert client.post(f"/api/tables/{public['id']}/seats/0", json={}).status_code == 409
    assert client.post(f"/api/tables/{public['id']}/seats/1", json={}).status_code == 409
    assert client.post(f"/api/tables/{private['id']}/seats/1", json={}).status_code == 403
    assert client.post("/api/tables/nope/seats/1", json={}).status_code == 404
    with client.websocket_connect(f"/ws/{public['id']}") as ann:
        room = join(ann, public["seats"]["0"]["token"])
        assert room["seats"][2] == {"seat": 2, "name": None, "free": True}
        taken = client.post(f"/api/tables/{public['id']}/seats/2?lang=fr",
                            json={"name": " Chloé\u0007 "})
        assert taken.status_code == 201, taken.text
        seat = taken.json()
        assert seat["url"].endswith(f"#seat=2&token={seat['token']}&lang=fr")
        # the others see the name arrive
        room = receive(ann, "room", lambda m: m["seats"][2]["name"] == "Chloé")
        assert room["seats"][2]["free"] is False
    again = client.post(f"/api/tables/{public['id']}/seats/2", json={"name": "Eve"})
    assert again.status_code == 409 and again.json()["error"] == "seat-taken"
    assert client.get("/api/lobby").json()["tables"] == []  # no free seat left
    with client.websocket_connect(f"/ws/{public['id']}") as chloe:
        room = join(chloe, seat["token"])
        assert room["seats"][2]["name"] == "Chloé"


def test_a_player_names_themself_and_everyone_sees_it(client: TestClient) -> None:
    data = create(client, [{"kind": "you", "name": "Ann"}, {"kind": "friend"}])
    with client.websocket_connect(f"/ws/{data['id']}") as ann, \
            client.websocket_connect(f"/ws/{data['id']}") as spectator:
        assert join(ann, data["seats"]["0"]["token"])["seats"][1]["name"] is None
        join(spectator, None)
        with client.websocket_connect(f"/ws/{data['id']}") as bob:
            join(bob, data["seats"]["1"]["token"])
            bob.send_json({"type": "name", "name": "Bob <b>"})
            for ws in (ann, spectator, bob):
                room = receive(ws, "room", lambda m: m["seats"][1]["name"] is not None)
                assert room["seats"][1]["name"] == "Bob <b>"  # kept as typed; shown as text
        spectator.send_json({"type": "name", "name": "Mallory"})
        assert receive(spectator, "error")["code"] == "spectator"
    with client.websocket_connect(f"/ws/{data['id']}") as later:  # stored
        assert join(later, None)["seats"][1]["name"] == "Bob <b>"


def test_chat_is_limited_stored_and_phrases_are_keys(db_url: str) -> None:
    app = create_app(db_url, bot_delay=0, limits=client_limits())
    with TestClient(app) as client:
        data = create(client, [{"kind": "you"}, {"kind": "friend"}])
        url = f"/ws/{data['id']}"
        with client.websocket_connect(url) as ann, client.websocket_connect(url) as bob:
            join(ann, data["seats"]["0"]["token"])
            join(bob, data["seats"]["1"]["token"])
            ann.send_json({"type": "chat", "text": "<script>alert(1)</script>\nhi"})
            line = receive(bob, "chat")["messages"][0]
            assert line["text"] == "<script>alert(1)</script> hi" and line["seat"] == 0
            ann.send_json({"type": "chat", "phrase": "good-luck"})
            line = receive(bob, "chat")["messages"][0]
            assert line["phrase"] == "good-luck" and "text" not in line
            for wrong, code in (({"text": "x" * (CHAT_MAX + 1)}, "chat-too-long"),
                                ({"text": " \u0000 "}, "chat-empty"),
                                ({"phrase": "insult"}, "bad-message"),
                                ({"text": 5}, "bad-message")):
                ann.send_json({"type": "chat", **wrong})
                assert receive(ann, "error")["code"] == code
            sent = 2
            while True:  # the rate limit: a burst, then refused
                ann.send_json({"type": "chat", "text": f"line {sent}"})
                message = ann.receive_json()
                while message["type"] not in ("chat", "error"):
                    message = ann.receive_json()
                if message["type"] == "error":
                    assert message["code"] == "too-fast"
                    break
                sent += 1
                assert sent < 40
            assert 10 <= sent <= 14
    # stored with the table: a newcomer after a restart gets the history
    with TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as client, \
            client.websocket_connect(f"/ws/{data['id']}") as later:
        join(later, None)
        history = receive(later, "chat")
        assert history["history"] is True
        assert history["messages"][0]["text"].startswith("<script>")
        assert history["messages"][1]["phrase"] == "good-luck"
        assert len(history["messages"]) == sent


def test_hints_can_be_switched_off(client: TestClient) -> None:
    data = create(client, [{"kind": "you"}, {"kind": "bot", "bot": "heuristic"}], hints=False)
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        assert join(ws, data["seats"]["0"]["token"])["hints"] is False
        ws.send_json({"type": "hint"})
        assert receive(ws, "error")["code"] == "hints-off"


def play_out(ws: Any, seat: int, state: dict[str, Any]) -> dict[str, Any]:
    """From ``state`` on, play the seat's first legal action each turn until the match
    is over, closing each breakdown (``ready``) as a person does."""
    seen = 0
    first = True
    while True:
        if not first:
            state = receive(ws, "state")
        first = False
        if len(state["scoresheet"]) > seen:
            seen = len(state["scoresheet"])
            ws.send_json({"type": "ready", "deal": seen})
        if state["table"]["over"]:
            return state
        if state["view"]["to_play"] != seat:
            continue
        ws.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                      "seq": state["seq"]})


def test_rematch_same_seats_same_links_fresh_shuffle(client: TestClient) -> None:
    data = create(client, [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "medium"}],
                  options="deberts(target=1)", hints=False)
    token = data["seats"]["0"]["token"]
    with client.websocket_connect(f"/ws/{data['id']}") as early:
        join(early, token)
        early.send_json({"type": "rematch"})
        assert receive(early, "error")["code"] == "not-over"
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        state, _ = join_state(ws, token)
        final = play_out(ws, 0, state)
        assert final["final"] is not None
        ws.send_json({"type": "rematch"})
        room = receive(ws, "room", lambda m: m["next"] is not None)
        next_id = room["next"]
        ws.send_json({"type": "rematch"})  # a second click: the same rematch
        assert receive(ws, "room")["next"] == next_id
    store = client.app.state.store  # type: ignore[attr-defined]
    old, new = store.get_table(data["id"]), store.get_table(next_id)
    assert (new.game, new.options, new.lang, new.hints) == (old.game, old.options, "en", False)
    assert [(s.kind, s.bot, s.token_hash, s.name) for s in new.seats] == [
        (s.kind, s.bot, s.token_hash, s.name) for s in old.seats]
    assert new.seed != old.seed and new.next_id is None
    # the same link (token) holds the same seat at the rematch
    with client.websocket_connect(f"/ws/{next_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json() == {"type": "welcome", "seat": 0, "table": next_id}
        state = receive(ws, "state")
        assert not state["table"]["over"] and state["scoresheet"] == []
    # the old table says where the rematch is, to its spectators too
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        assert join(ws, None)["next"] == next_id


def test_bots_wait_for_the_people_reading_the_breakdown(tmp_path: Any) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'gate.db'}")
        manager = TableManager(store, bot_delay=0)
        room = Room(manager, store, breakdown_seconds=5)
        table_id, _ = manager.create("belote", "", "en", [
            {"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}])
        table = await manager.get(table_id)
        assert table is not None

        async def nothing(message: dict[str, Any]) -> None:
            return None

        # nobody connected: no wait
        start = time.monotonic()
        await room.gate(table)
        assert time.monotonic() - start < 0.5
        table.room = None
        for seat in (0, 2):
            table.watchers.add(Watcher(seat, "en", nothing))
        gate = asyncio.ensure_future(room.gate(table))
        await asyncio.sleep(0.3)
        assert not gate.done()
        await room.handle(table, Watcher(0, "en", nothing), {"type": "ready", "deal": 0})
        await asyncio.sleep(0.3)
        assert not gate.done()  # seat 2 still reads
        await room.handle(table, Watcher(2, "en", nothing), {"type": "ready", "deal": 0})
        await asyncio.wait_for(gate, 2)
        await room.gate(table)  # released: a second call passes at once
        # nobody answers: the timeout lets the bots go on
        table.room = None
        room.breakdown_seconds = 0.4
        start = time.monotonic()
        await room.gate(table)
        assert 0.3 < time.monotonic() - start < 2
        await manager.close()
        store.close()

    asyncio.run(run())


def test_an_action_cancelled_while_written_is_applied_and_the_bots_play_on(
        tmp_path: Any) -> None:
    """A page that closes while its action is being written cancels its handler: the
    step is in the log, so it is applied too (the table's memory never falls behind its
    log), and the bots go on from it."""
    import threading

    release = threading.Event()

    class SlowStore(Store):
        def append_event(self, *args: Any) -> None:
            release.wait(5)
            super().append_event(*args)

    async def run() -> None:
        store = SlowStore(f"sqlite:///{tmp_path / 'cancel.db'}")
        manager = TableManager(store, bot_delay=0)
        table_id, _ = manager.create("deberts", "", "en", [
            {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
        table = await manager.get(table_id)
        assert table is not None
        release.set()
        for _ in range(200):  # the bot may open the deal
            if table.session.to_act() == 0:
                break
            manager.wake(table)
            await asyncio.sleep(0.05)
        assert table.session.to_act() == 0
        release.clear()
        seq = table.seq
        action = str(table.session.view(0).legal_actions[0])
        acting = asyncio.ensure_future(manager.act(table, 0, action, seq, "en"))
        await asyncio.sleep(0.2)  # the write has begun and waits
        acting.cancel()
        await asyncio.sleep(0.1)
        assert not acting.done()  # the step completes before the cancellation lands
        release.set()
        with contextlib.suppress(asyncio.CancelledError):
            await acting
        assert acting.cancelled()
        assert table.seq == seq + 1 == len(store.events(table_id))
        assert not table.lock.locked()
        manager.wake(table)  # as the next connection would
        for _ in range(100):
            if table.seq > seq + 1 or table.session.to_act() == 0:
                break
            await asyncio.sleep(0.05)
        assert table.seq == len(store.events(table_id))
        await manager.close()
        store.close()

    asyncio.run(run())
