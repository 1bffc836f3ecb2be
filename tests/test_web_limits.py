"""One table, one client or one request must not stall or swamp the server: bots think
in worker processes, and every limit (bodies, frames, options, tables per client, live
tables in memory, other sites) holds."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import secrets
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from atout.bots.base import BOTS, make_bot
from atout.games.base import OptionsParseError
from atout.kits import get_game
from atout.web import create_app
from atout.web.limits import BodyLimit, Limits, RateLimiter
from atout.web.workers import Workers, bot_seed, think
from test_web_api import hello, new_table, receive_state
from test_web_restart import running
from web_support import SLOW_SECONDS, client_limits


def _client(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=client_limits(**limits)))


@pytest.fixture
def slow_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``slow`` bot (tests/web_support.py), which sleeps while it thinks."""
    monkeypatch.setitem(BOTS, ("*", "slow"), "web_support:SlowBot")


def _create(client: TestClient, game: str = "deberts", **headers: str) -> Any:
    n = get_game(game).num_players
    return client.post("/api/tables", json={
        "game": game, "seats": [{"kind": "you"}] + [{"kind": "friend"}] * (n - 1),
    }, headers=headers)


# -- options in their ranges -----------------------------------------------------------------
@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_targets_are_kept_in_their_range(game: str) -> None:
    options = get_game(game).options
    assert options.parse(f"{game}(target=10000)").target == 10000
    for target in (0, -5, 10001, 1_000_000_000):
        with pytest.raises(OptionsParseError, match="between 1 and 10000"):
            options.parse(f"{game}(target={target})")


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_the_server_refuses_an_option_out_of_range(db_url: str, game: str) -> None:
    n = get_game(game).num_players
    with _client(db_url) as client:
        response = client.post("/api/tables", json={
            "game": game, "options": f"{game}(target=1000000000)",
            "seats": [{"kind": "you"}] + [{"kind": "bot"}] * (n - 1),
        })
        assert response.status_code == 400
        assert "between 1 and 10000" in response.json()["message"]
        assert client.app.state.store.count_tables() == 0  # type: ignore[attr-defined]


# -- request bodies --------------------------------------------------------------------------
def test_a_body_over_its_limit_is_refused(db_url: str) -> None:
    with _client(db_url, max_body=2000, max_record_body=50_000) as client:
        big = json.dumps({"game": "deberts", "seats": [{"kind": "you"}] * 2, "x": "y" * 3000})
        response = client.post("/api/tables", content=big,
                               headers={"content-type": "application/json"})
        assert response.status_code == 413
        assert response.json()["error"] == "too-large"
        record = client.post("/api/replay", json={"record": "x" * 60_000, "step": 0})
        assert record.status_code == 413
        # a record under its own limit is read (and here refused as a record)
        record = client.post("/api/replay", json={"record": "x" * 30_000, "step": 0})
        assert record.status_code == 400 and record.json()["error"] == "bad-record"
        assert _create(client).status_code == 201


def test_an_advisor_session_is_read_up_to_the_record_limit_in_a_worker(db_url: str) -> None:
    """The advisor's page sends its whole session with each request: it may be longer
    than a table's creation, and it is replayed in the worker pool, off the loop."""
    with _client(db_url, max_body=2000, max_record_body=50_000) as client:
        session = {"game": "deberts", "seat": 0, "dealer": 0, "level": "easy",
                   "deals": [["x" * 100] * 30]}
        response = client.post("/api/advise", json=session)
        assert response.status_code == 400  # read whole (3 KiB), then refused as entries
        assert "x" * 100 in response.json()["message"]
        session["deals"] = [["x" * 100] * 100] * 6
        assert client.post("/api/advise", json=session).status_code == 413
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert manager.workers._pool is not None  # the answer was worked out there

def test_a_replay_waits_for_no_busy_worker(db_url: str) -> None:
    """Records are replayed in the worker pool; when it is full the answer is 503 at once."""
    with _client(db_url) as client:
        workers = client.app.state.manager.workers  # type: ignore[attr-defined]
        workers.max_pending = 0
        busy = client.post("/api/replay", json={"record": "x", "step": 0})
        assert busy.status_code == 503 and busy.headers["retry-after"]
        workers.max_pending = 2
        assert client.post("/api/replay", json={"record": "x", "step": 0}).status_code == 400


def _run_asgi(app: Any, scope: dict[str, Any], chunks: Iterator[bytes]) -> tuple[int, int]:
    """Call an ASGI app with a body fed in chunks: (status sent, chunks read)."""
    read = 0
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    asyncio.run(app(scope, receive, send))
    return status, read


def _endless(size: int) -> Iterator[bytes]:
    while True:
        yield b"x" * size


def test_a_streamed_body_is_refused_once_past_the_limit_without_reading_the_rest() -> None:
    reached: list[bytes] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        message = await receive()
        reached.append(message["body"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    limit = BodyLimit(inner, Limits(max_body=100_000))
    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": []}
    # an endless body without Content-Length: refused after about the limit
    status, read = _run_asgi(limit, scope, _endless(64 * 1024))
    assert (status, read) == (413, 2) and not reached
    # a declared length over the limit: refused before reading anything
    declared = {**scope, "headers": [(b"content-length", str(200 * 2**20).encode())]}
    status, read = _run_asgi(limit, declared, _endless(64 * 1024))
    assert (status, read) == (413, 0) and not reached
    # a body under the limit in pieces reaches the application whole
    status, read = _run_asgi(limit, scope, iter([b"ab", b"cd", b"ef"]))
    assert status == 200 and reached == [b"abcdef"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[int]:
    """A real server process (uvicorn, through ``atout serve``) on loopback: its port."""
    with running(f"sqlite:///{tmp_path_factory.mktemp('server') / 'atout.db'}") as port:
        yield port


def test_the_server_refuses_a_huge_body_from_its_header_alone(server: int) -> None:
    """200 MiB announced, none sent: the 413 comes at once (nothing was waited for)."""
    with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 209715200\r\n\r\n"
        )
        reply = sock.recv(4096)
    assert reply.startswith(b"HTTP/1.1 413"), reply[:80]


def _ws_handshake(port: int, path: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(4096)
    assert reply.startswith(b"HTTP/1.1 101"), reply[:80]
    return sock


def test_a_huge_websocket_frame_is_refused_before_it_is_read(server: int) -> None:
    """A frame announcing 100 MiB, of which 1 KiB is sent: the server closes the
    connection (1009, message too big) without waiting for the rest."""
    table = json.loads(_post_raw(server, {"game": "deberts",
                                          "seats": [{"kind": "you"}, {"kind": "friend"}]}))
    sock = _ws_handshake(server, f"/ws/{table['id']}")
    with sock:
        length = 100 * 2**20
        header = bytes([0x81, 0x80 | 127]) + length.to_bytes(8, "big") + secrets.token_bytes(4)
        sock.sendall(header + b"x" * 1024)
        data = b""
        deadline = time.monotonic() + 5
        while len(data) < 4 and time.monotonic() < deadline:
            part = sock.recv(4096)
            if not part:
                break
            data += part
    assert data[0] == 0x88, data[:10]  # a close frame
    assert int.from_bytes(data[2:4], "big") == 1009


def test_a_message_under_the_frame_limit_but_too_long_is_a_bad_message(server: int) -> None:
    sync_client = pytest.importorskip("websockets.sync.client")
    table = json.loads(_post_raw(server, {"game": "deberts",
                                          "seats": [{"kind": "you"}, {"kind": "friend"}]}))
    with sync_client.connect(f"ws://127.0.0.1:{server}/ws/{table['id']}") as ws:
        ws.send("x" * 10_000)
        assert json.loads(ws.recv(timeout=5))["code"] == "bad-message"


def _post_raw(port: int, body: dict[str, Any]) -> str:
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", data=json.dumps(body).encode(),
        headers={"content-type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return str(response.read().decode())


# -- tables per client -----------------------------------------------------------------------
def test_table_creation_is_limited_per_client(db_url: str) -> None:
    with _client(db_url, tables_per_minute=3) as client:
        for _ in range(3):
            assert _create(client).status_code == 201
        refused = _create(client)
        assert refused.status_code == 429
        assert refused.json()["error"] == "too-many-tables"
        assert 1 <= int(refused.headers["retry-after"]) <= 20
        assert client.app.state.store.count_tables() == 3  # type: ignore[attr-defined]


def test_the_token_bucket_refills_and_keeps_clients_apart() -> None:
    now = [0.0]
    limiter = RateLimiter(6, clock=lambda: now[0])  # one table every 10 s, 6 at once
    assert all(limiter.take("a") == 0.0 for _ in range(6))
    assert limiter.take("a") == pytest.approx(10.0)
    assert limiter.take("b") == 0.0  # another address has its own bucket
    now[0] = 10.0
    assert limiter.take("a") == 0.0
    assert limiter.take("a") > 0.0
    assert RateLimiter(0).take("a") == 0.0  # 0: no limit


# -- other sites -----------------------------------------------------------------------------
def test_a_request_from_another_site_changes_nothing(db_url: str) -> None:
    with _client(db_url, allowed_origins=("https://friends.example",)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        for headers in ({"origin": "https://evil.example"}, {"origin": "null"},
                        {"origin": "http://testserver:8080"},
                        {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}):
            response = _create(client, **headers)
            assert response.status_code == 403, headers
            assert response.json()["error"] == "cross-origin"
            replay = client.post("/api/replay", json={"record": "x", "step": 0}, headers=headers)
            assert replay.status_code == 403
        assert store.count_tables() == 0
        for headers in ({}, {"origin": "http://testserver"}, {"sec-fetch-site": "same-origin"},
                        {"origin": "http://testserver", "sec-fetch-site": "same-origin"},
                        {"origin": "https://friends.example"}, {"sec-fetch-site": "none"}):
            assert _create(client, **headers).status_code == 201, headers
        # reading stays open to anyone
        assert client.get("/api/games", headers={"origin": "https://evil.example"}).status_code \
            == 200


def test_a_websocket_from_another_site_is_refused(db_url: str) -> None:
    with _client(db_url) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        for headers in ({"origin": "https://evil.example"}, {"sec-fetch-site": "cross-site"}):
            with pytest.raises(WebSocketDisconnect) as closed, \
                    client.websocket_connect(f"/ws/{data['id']}", headers=headers):
                pass
            assert closed.value.code == 1008
        with client.websocket_connect(f"/ws/{data['id']}",
                                      headers={"origin": "http://testserver"}) as ws:
            assert hello(ws, data["seats"]["0"]["token"])["seat"] == 0


def test_the_real_server_answers_403_to_a_cross_site_websocket(server: int) -> None:
    sync_client = pytest.importorskip("websockets.sync.client")
    exceptions = pytest.importorskip("websockets.exceptions")
    with pytest.raises(exceptions.InvalidStatus) as refused:
        sync_client.connect(f"ws://127.0.0.1:{server}/ws/x", origin="https://evil.example")
    assert refused.value.response.status_code == 403


def test_a_name_the_server_was_not_started_for_is_refused(db_url: str) -> None:
    """DNS rebinding: a page of another site whose name leads to this server sends its
    own name as ``Host`` and its own origin as ``Origin``, so that the two agree; the
    server answers only to the names it was started for (its ``--host``, the hosts of
    ``--allow-origin``, this machine's loopback names) and to addresses."""
    with _client(db_url, allowed_origins=("https://cards.example.org",),
                 hosts=("mybox.lan",)) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        for host in ("evil.example", "evil.example:8000", "localhost.evil.example",
                     "mybox.lan.evil.example", "testserver.", "x:y"):
            same = {"host": host, "origin": f"http://{host}"}
            if host == "testserver.":  # the test client's name, its root dot included
                assert client.get("/api/games", headers=same).status_code == 200
                continue
            for path in ("/", "/api/games", f"/api/tables/{data['id']}"):
                refused = client.get(path, headers=same)
                assert refused.status_code == 421, (host, path)
                assert refused.json()["error"] == "unknown-host"
            assert _create(client, **same).status_code == 421
            with pytest.raises(WebSocketDisconnect) as closed, \
                    client.websocket_connect(f"/ws/{data['id']}", headers=same):
                pass
            assert closed.value.code == 1008, host
        for host in ("localhost:8000", "LOCALHOST", "127.0.0.1:8000", "[::1]:8000", "mybox.lan",
                     "cards.example.org", "192.168.1.5:8000", "[2001:db8::5]"):
            assert client.get("/api/games", headers={"host": host}).status_code == 200, host
            with client.websocket_connect(f"/ws/{data['id']}", headers={"host": host}) as ws:
                assert hello(ws, None)["seat"] is None
        assert store_tables(client) == 1


def store_tables(client: TestClient) -> int:
    return int(client.app.state.store.count_tables())  # type: ignore[attr-defined]


def test_atout_serve_answers_to_its_host(monkeypatch: pytest.MonkeyPatch, tmp_path: Any
                                         ) -> None:
    """``atout serve --host NAME`` adds its name to those the server answers to; its
    options reach the server's limits."""
    import uvicorn
    from click.testing import CliRunner

    from atout.bots import warm
    from atout.cli import main

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: served.append(app))
    monkeypatch.setattr(warm, "start", lambda *args: False)
    result = CliRunner().invoke(main, ["serve", "--host", "cards.lan", "--work-per-minute",
                                       "1", "--db", f"sqlite:///{tmp_path / 'a.db'}"])
    assert result.exit_code == 0, result.output
    with TestClient(served[0], base_url="http://cards.lan:8000") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"host": "testserver"}).status_code == 421
        assert client.get("/api/games", headers={"host": "localhost"}).status_code == 200
        assert client.post("/api/learn/progress", json={}).status_code == 400
        assert client.post("/api/learn/progress", json={}).status_code == 429


def test_the_real_server_refuses_another_name(server: int) -> None:
    """421 over HTTP; a websocket is refused at its handshake (403)."""
    with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: evil.example:8000\r\n\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 421")
    with socket.create_connection(("127.0.0.1", server), timeout=5) as sock:
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        sock.sendall(
            f"GET /ws/x HTTP/1.1\r\nHost: evil.example:{server}\r\nUpgrade: websocket\r\n"
            f"Origin: http://evil.example:{server}\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert sock.recv(4096).startswith(b"HTTP/1.1 403")
    _ws_handshake(server, "/ws/x").close()  # its own name (127.0.0.1) passes


# -- live tables in memory -------------------------------------------------------------------
def _play(ws: Any, seat: int, count: int) -> dict[str, Any]:
    """Seat plays ``count`` of its turns (the first legal action), then its next state."""
    for _ in range(count):
        state = receive_state(ws, lambda m: m["view"]["to_play"] == seat)
        action = state["view"]["legal_actions"][0]
        ws.send_json({"type": "act", "action": action, "seq": state["seq"]})
    return receive_state(ws, lambda m: m["view"]["to_play"] == seat)


def test_an_idle_table_leaves_memory_and_comes_back_the_same(db_url: str) -> None:
    with _client(db_url, idle_seconds=3600) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        data = new_table(client, "belote", ["you", "bot", "bot", "bot"])
        tid = data["id"]
        token = data["seats"]["0"]["token"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, token)
            before = _play(ws, 0, 5)
        assert client.portal is not None
        assert client.portal.call(manager.sweep) == 0  # not idle long enough
        assert tid in manager.tables
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, token)  # a watched table stays, however long it idles
            receive_state(ws)
            assert client.portal.call(manager.sweep, time.monotonic() + 7200) == 0
        assert client.portal.call(manager.sweep, time.monotonic() + 7200) == 1
        assert tid not in manager.tables
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, token)
            after = receive_state(ws)
            assert tid in manager.tables  # rebuilt from the database
            for key in ("seq", "view", "scoresheet", "previous", "final"):
                assert after[key] == before[key], key
            action = after["view"]["legal_actions"][0]  # and play goes on, bots included
            ws.send_json({"type": "act", "action": action, "seq": after["seq"]})
            later = _play(ws, 0, 1)
            assert later["seq"] > after["seq"] + 2


def test_live_tables_are_capped(db_url: str) -> None:
    with _client(db_url, max_live_tables=2) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        ids = [new_table(client, "deberts", ["you", "friend"])["id"] for _ in range(5)]
        for tid in ids:
            assert client.get(f"/api/tables/{tid}").status_code == 200
            assert len(manager.tables) <= 2
        assert set(manager.tables) == set(ids[-2:])  # the least recently used left
        with client.websocket_connect(f"/ws/{ids[-1]}") as ws:
            hello(ws, None)
            receive_state(ws)
            for tid in ids[:3]:  # a watched table is never the one to leave
                assert client.get(f"/api/tables/{tid}").json()["id"] == tid
                assert ids[-1] in manager.tables


# -- bots off the event loop -----------------------------------------------------------------
def test_a_thinking_bot_does_not_hold_other_tables(db_url: str, slow_bot: None) -> None:
    with _client(db_url, bot_workers=1, bot_budget=30) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        other = new_table(client, "deberts", ["you", "friend"])
        slow = client.post("/api/tables", json={
            "game": "schieber", "seats": [{"kind": "you"}] + [{"kind": "bot", "bot": "slow"}] * 3,
        }).json()
        with client.websocket_connect(f"/ws/{slow['id']}") as ws_slow:
            hello(ws_slow, slow["seats"]["0"]["token"])
            first = receive_state(ws_slow)
            while first["view"]["to_play"] == 0:  # let a bot be the one to play
                # (forehand who names a contract also leads: push, or play a card)
                legal = first["view"]["legal_actions"]
                action = "push" if "push" in legal else legal[0]
                ws_slow.send_json({"type": "act", "action": action, "seq": first["seq"]})
                seq = first["seq"]
                first = receive_state(ws_slow, lambda m, seq=seq: m["seq"] > seq)
            thinking_at = first["seq"]
            assert client.portal is not None
            deadline = time.monotonic() + 20
            while not client.portal.call(lambda: manager.workers.pending):
                assert time.monotonic() < deadline, "the bot never started thinking"
                time.sleep(0.01)
            thinking_since = time.monotonic()
            # meanwhile, the other table answers at once
            with client.websocket_connect(f"/ws/{other['id']}") as ws:
                start = time.monotonic()
                assert client.get(f"/api/tables/{other['id']}").status_code == 200
                hello(ws, other["seats"]["0"]["token"])
                state = receive_state(ws)
                if state["view"]["to_play"] == 0:
                    ws.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
                    receive_state(ws, lambda m: m["seq"] == state["seq"] + 1)
                answered = time.monotonic() - start
            assert answered < SLOW_SECONDS / 2, answered  # a bot asleep on the loop: 4 s
            assert client.portal.call(lambda: manager.workers.pending) == 1  # still thinking
            # the bot's decision arrives when it has thought, from another process
            receive_state(ws_slow, lambda m: m["seq"] > thinking_at)
            assert time.monotonic() - thinking_since >= SLOW_SECONDS * 0.5
        assert manager.workers.stats["worker"] >= 1
        assert manager.workers.pids and os.getpid() not in manager.workers.pids


def test_a_late_decision_is_made_by_the_rules_of_thumb(slow_bot: None) -> None:
    info = get_game("deberts")
    match = info.match(seed=5, options=info.options())
    view = match.view(match.current_player())
    workers = Workers(1, budget=0.2)
    try:
        start = time.monotonic()
        action = asyncio.run(workers.decide("deberts", "slow", 7, view))
        assert time.monotonic() - start < SLOW_SECONDS
        assert action == make_bot("deberts", "heuristic", seed=7).choose(view)
        assert workers.stats == {"worker": 0, "fallback": 1, "inline": 0, "late": 1}
        # while the late decision still runs, a full pool starts nothing and waits for
        # nothing: the rules of thumb decide at once
        workers.max_pending = 1
        start = time.monotonic()
        asyncio.run(workers.decide("deberts", "slow", 8, view))
        assert time.monotonic() - start < 0.1
        assert workers.stats["fallback"] == 2
    finally:
        workers.close()


def test_a_search_bot_decides_in_a_worker_as_it_would_at_home() -> None:
    info = get_game("belote")
    match = info.match(seed=11, options=info.options())
    bot = make_bot("belote", "heuristic", seed=1)
    # to the last tricks: the search plays them, exactly and well within its time budget
    # (a decision cut short by the budget would depend on how busy each process is)
    while not (match.deal.phase == "play"
               and len(match.view(match.current_player()).hand) <= 3):
        match.apply(bot.choose(match.view(match.current_player())))
    seat = match.current_player()
    view = match.view(seat)
    seed = bot_seed(123, seat, 9)
    workers = Workers(1, budget=60)
    try:
        # the first decision loads the compiled kernels in the worker, inside the bot's
        # time budget: on a busy machine that can cut it short; the second cannot be
        asyncio.run(workers.decide("belote", "hard", seed, view))
        action = asyncio.run(workers.decide("belote", "hard", seed, view))
        assert workers.stats["worker"] == 2 and os.getpid() not in workers.pids
        # while kernels warm in the background a search bot plays the rules of thumb (an
        # earlier test in this process may have started that, the worker never does), and
        # loading them inside the bot's time budget could cut its decision short: load them
        from atout.bots import warm

        warm.wait()
        warm.warm_up()
        assert action == think("atout.bots.search:HardBot", seed, view)[0]
    finally:
        workers.close()


def test_bot_seeds_depend_on_table_seat_and_step() -> None:
    seeds = {bot_seed(t, s, q) for t in (1, 2) for s in range(4) for q in range(10)}
    assert len(seeds) == 80
    assert bot_seed(1, 2, 3) == bot_seed(1, 2, 3) < 2**64


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_views_cross_to_a_worker_unchanged(game: str) -> None:
    """What a worker receives: every view of a match survives pickling as it was."""
    import pickle

    info = get_game(game)
    match = info.match(seed=21, options=info.options())
    bot = make_bot(game, "heuristic", seed=2)
    while not match.is_over:
        view = match.view(match.current_player())
        assert pickle.loads(pickle.dumps(view)) == view
        match.apply(bot.choose(view))


def test_a_worker_gives_the_search_bot_its_safety_net(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a worker the search bot gets the wall-clock safety net (a person waits at a
    web table): on a machine where every reading of the clock is ten seconds later, the
    decision is cut and the hit counted; without a net, the same call is not cut."""
    from atout.bots import search, warm

    warm.warm_up()
    seed = 3
    deal = get_game("belote").deal(seed=seed, dealer=0)
    rules = make_bot("belote", "heuristic", seed=0)
    while not (deal.phase == "play" and len(deal.legal_actions()) >= 3):
        seat = deal.current_player()
        if seat is None:  # the deal was not played (everyone passed): the next one
            seed += 1
            deal = get_game("belote").deal(seed=seed, dealer=0)
            continue
        deal.apply(rules.choose(deal.view(seat)))
    view = deal.view(deal.current_player())

    class Jumping:
        now = 0.0

        @classmethod
        def perf_counter(cls) -> float:
            cls.now += 10.0
            return cls.now

    monkeypatch.setattr(search, "time", Jumping)
    target = "atout.bots.search:ExpertBot"
    before = search.SAFETY_NET_HITS["expert"]
    assert think(target, 1, view)[0] in view.legal_actions
    assert search.SAFETY_NET_HITS["expert"] == before
    assert think(target, 1, view, 1.5)[0] in view.legal_actions
    assert search.SAFETY_NET_HITS["expert"] == before + 1
