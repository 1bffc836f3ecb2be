"""Nothing is lost: a table is rebuilt from its log by a new app, and after a killed
server process, with every accepted action and the same secret seats."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.web import create_app
from test_web_api import hello, my_turn, new_table, receive_state
from web_support import client_limits


def test_a_new_app_on_the_same_database_continues(db_url: str) -> None:
    db = db_url
    with TestClient(create_app(db, bot_delay=0, limits=client_limits())) as client:
        data = new_table(client, "belote", ["you", "bot", "bot", "bot"])
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            hello(ws, data["seats"]["0"]["token"])
            for _ in range(6):  # bid, then play a few cards
                state = receive_state(ws, my_turn(0))
                action = state["view"]["legal_actions"][-1]
                ws.send_json({"type": "act", "action": action, "seq": state["seq"]})
            before = receive_state(ws, my_turn(0))
    with TestClient(create_app(db, bot_delay=0, limits=client_limits())) as client, \
            client.websocket_connect(f"/ws/{data['id']}") as ws:
        hello(ws, data["seats"]["0"]["token"])
        after = receive_state(ws)
        assert after["seq"] == before["seq"]
        assert after["view"] == before["view"]
        assert after["scoresheet"] == before["scoresheet"]
        action = after["view"]["legal_actions"][0]
        ws.send_json({"type": "act", "action": action, "seq": after["seq"]})
        assert receive_state(ws, lambda m: m["seq"] > after["seq"])["seq"] > after["seq"]


def test_the_log_is_checked_when_a_table_is_rebuilt(db_url: str) -> None:
    db = db_url
    with TestClient(create_app(db, bot_delay=0, limits=client_limits())) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        info = client.get(f"/api/tables/{data['id']}").json()
        assert info["seq"] == 0
    from atout.web.store import Store

    store = Store(db)
    store.append_event(data["id"], 0, 1 - _first_to_act(db, data["id"]), "pass")
    store.close()
    with TestClient(create_app(db, bot_delay=0, limits=client_limits()),
                    raise_server_exceptions=False) as client:
        assert client.get(f"/api/tables/{data['id']}").status_code == 500


def _first_to_act(db: str, table_id: str) -> int:
    from atout.web.store import Store
    from atout.web.tables import build_match

    store = Store(db)
    row = store.get_table(table_id)
    store.close()
    assert row is not None
    return int(build_match(row).current_player())


# -- a real server process, killed in the middle of a deal ----------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "atout.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", db, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server process as a service manager does (SIGTERM), killing it if it hangs."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextmanager
def running(db: str) -> Iterator[int]:
    """A real server process (``atout serve``) on a free loopback port: its port."""
    port = _free_port()
    proc = _start(db, port)
    try:
        yield port
    finally:
        _stop(proc)


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
        headers={"content-type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def _state(ws: Any, seat: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "state" and (
            message["view"]["to_play"] == seat or message["table"]["over"]
        ):
            return message  # type: ignore[no-any-return]


def test_a_killed_server_loses_no_accepted_action(db_url: str, tmp_path: Any) -> None:
    sync_client = pytest.importorskip("websockets.sync.client")
    db = db_url
    port = _free_port()
    proc = _start(db, port)
    try:
        data = _post(port, "/api/tables", {
            "game": "schieber", "seats": [{"kind": "you"}] + [{"kind": "bot"}] * 3, "me": 0,
        })
        token = data["seats"]["0"]["token"]
        url = f"ws://127.0.0.1:{port}/ws/{data['id']}"
        with sync_client.connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            for _ in range(4):
                state = _state(ws, 0)
                action = state["view"]["legal_actions"][0]
                ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))
            before = _state(ws, 0)
        assert before["view"]["tricks"], "the kill comes in the middle of a deal"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    proc = _start(db, port)
    try:
        with sync_client.connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            after = _state(ws, 0)
            assert after["seq"] == before["seq"]
            assert after["view"]["hand"] == before["view"]["hand"]
            assert after["view"]["history"] == before["view"]["history"]
            action = after["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "act", "action": action, "seq": after["seq"]}))
            assert _state(ws, 0)["seq"] > after["seq"]
    finally:
        _stop(proc)
    if db.startswith("sqlite"):
        assert os.path.exists(tmp_path / "atout.db")
