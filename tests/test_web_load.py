"""One seat must not freeze the room: hints are worked out like the bots' decisions (in
the worker pool, within a budget) and limited per connection and per seat, renames are
limited like chat, and the requests that compute are limited per client address."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.web import create_app
from atout.web.messages import web_text
from test_web_api import hello, new_table, receive_state
from test_web_restart import _post, running
from web_support import client_limits


def _client(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=client_limits(**limits)))


def _answer(ws: Any, kinds: tuple[str, ...] = ("hint", "error")) -> dict[str, Any]:
    """The next message of one of ``kinds`` (skipping states and room messages)."""
    for _ in range(100):
        message = ws.receive_json()
        if message["type"] in kinds:
            return message  # type: ignore[no-any-return]
    raise AssertionError(f"no {kinds} message")


def _to_play(client: TestClient, data: dict[str, Any], stack: ExitStack,
             lang: str = "en") -> tuple[Any, int]:
    """A connection of the seat to play first at a table of people; its seat."""
    state = hello_state(client, data, 0, stack, lang)
    seat = int(state["view"]["to_play"])
    if seat == 0:
        return state["ws"], 0
    return hello_state(client, data, seat, stack, lang)["ws"], seat


def hello_state(client: TestClient, data: dict[str, Any], seat: int, stack: ExitStack,
                lang: str = "en") -> dict[str, Any]:
    """A connection of ``seat`` (its first state, with the connection under ``ws``)."""
    ws = stack.enter_context(client.websocket_connect(f"/ws/{data['id']}"))
    hello(ws, data["seats"][str(seat)]["token"], lang)
    return {**receive_state(ws), "ws": ws}


def _not_pass(legal: list[str]) -> str:
    """The first legal action that is not a pass (a table where everyone passes never
    ends)."""
    return next((a for a in legal if a != "pass"), legal[0])


# -- hints -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[int]:
    """A real server process (``atout serve``, uvicorn) on loopback: its port."""
    with running(f"sqlite:///{tmp_path_factory.mktemp('load') / 'atout.db'}") as port:
        yield port


def _connect(port: int, table: dict[str, Any], seat: int | None, stack: ExitStack,
             lang: str = "en") -> Any:
    """A connection to ``table`` (``seat``: the seat to play first; ``None``: a spectator)
    that has received its room message."""
    sync_client = pytest.importorskip("websockets.sync.client")
    ws = stack.enter_context(sync_client.connect(  # no keepalive: a held server is measured
        f"ws://127.0.0.1:{port}/ws/{table['id']}", ping_interval=None))
    hello: dict[str, Any] = {"type": "hello", "lang": lang}
    if seat is not None:
        hello["token"] = table["seats"][str(seat)]["token"]
    ws.send(json.dumps(hello))
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "room":
            return ws
        to_play = message["view"]["to_play"] if message["type"] == "state" else seat
        if seat is not None and to_play not in (None, seat):
            ws.close()  # not the seat to choose: the one that is
            return _connect(port, table, to_play, stack, lang)


def _ping(ws: Any) -> float:
    """Seconds from a ping to its pong (other messages skipped)."""
    start = time.monotonic()
    ws.send(json.dumps({"type": "ping"}))
    while json.loads(ws.recv(timeout=120))["type"] != "pong":
        pass
    return time.monotonic() - start


def test_a_flood_of_hints_holds_no_other_table(server: int) -> None:
    """300 hints in a row from the seat choosing trump at a Schieber table (a tenth of a
    second of search each: half a minute of the server's loop if each were worked out
    there): another table's pings are answered at once, the hint is worked out once,
    and the requests behind it are answered ``wait`` at once, in the player's language."""
    people = [{"kind": "you"}] + [{"kind": "friend"}] * 3
    flooded = _post(server, "/api/tables", {"game": "schieber", "seats": people})
    other = _post(server, "/api/tables", {"game": "deberts",
                                          "seats": [{"kind": "you"}, {"kind": "friend"}]})
    with ExitStack() as stack:
        ws = _connect(server, flooded, 0, stack, lang="fr")
        watcher = _connect(server, other, None, stack)
        quiet = min(_ping(watcher) for _ in range(3))
        for _ in range(300):
            ws.send(json.dumps({"type": "hint"}))
        during = [_ping(watcher) for _ in range(20)]
        assert max(during) < 1.0, (quiet, during)  # the loop held: half a minute
        answers: list[dict[str, Any]] = []
        while len(answers) < 300:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] in ("hint", "error"):
                answers.append(message)
    hints = [a for a in answers if a["type"] == "hint"]
    refused = [a for a in answers if a["type"] == "error"]
    assert 1 <= len(hints) <= 10, len(hints)  # one at a time, ten a minute
    assert {a["code"] for a in refused} <= {"wait", "too-fast"}
    waits = [a for a in refused if a["code"] == "wait"]
    assert waits and waits[0]["message"] == web_text("error.wait", "fr") != web_text(
        "error.wait", "en")
    assert all(option["action"] for option in hints[0]["options"])


def test_hints_are_limited_per_seat_and_wait_for_nothing(db_url: str) -> None:
    """A seat's hints beyond its share of the minute are refused ``too-fast`` with the
    seconds to wait; asking out of turn costs none of it; with the pool full, the hint
    is the rules of thumb's choice at once, without a value."""
    with _client(db_url, hints_per_minute=3) as client, ExitStack() as stack:
        data = new_table(client, "belote", ["you", "friend", "friend", "friend"])
        ws, seat = _to_play(client, data, stack, lang="de")
        idle = hello_state(client, data, (seat + 1) % 4, stack)["ws"]
        for _ in range(5):  # not its turn: refused, and not counted
            idle.send_json({"type": "hint"})
            assert _answer(idle)["code"] == "not-your-turn"
        workers = client.app.state.manager.workers  # type: ignore[attr-defined]
        workers.max_pending = 0  # every worker busy
        start = time.monotonic()
        ws.send_json({"type": "hint"})
        quick = _answer(ws)
        assert time.monotonic() - start < 2.0
        assert quick["type"] == "hint" and len(quick["options"]) == 1
        assert quick["options"][0]["value"] is None
        assert quick["options"][0]["reason"] == web_text("room.hint-quick", "de")
        for _ in range(2):
            ws.send_json({"type": "hint"})
            assert _answer(ws)["type"] == "hint"
        ws.send_json({"type": "hint"})
        refused = _answer(ws)
        assert refused["code"] == "too-fast" and 1 <= refused["retry_after"] <= 20
        assert refused["message"] == web_text("error.too-fast", "de",
                                              seconds=refused["retry_after"])


def test_a_hint_is_worked_out_in_a_worker(db_url: str) -> None:
    """The served app starts a worker ahead (``warm``); the hint is worked out there."""
    app = create_app(db_url, bot_delay=0, limits=client_limits(bot_budget=30), warm=True)
    with TestClient(app) as client, ExitStack() as stack:
        assert app.state.manager.workers._pool is not None  # started with the server
        data = new_table(client, "deberts", ["you", "friend"])
        ws, _ = _to_play(client, data, stack)
        ws.send_json({"type": "hint"})
        answer = _answer(ws)
        assert answer["type"] == "hint"
        assert all(isinstance(o["value"], float) for o in answer["options"])


# -- names -------------------------------------------------------------------------------
def test_renames_are_limited_like_chat(db_url: str) -> None:
    """300 renames in a row: the seat's share of the minute is stored and told to the
    table; the rest are refused ``too-fast`` and neither written nor broadcast."""
    with _client(db_url, names_per_minute=6) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        url = f"/ws/{data['id']}"
        store = client.app.state.store  # type: ignore[attr-defined]
        writes = 0
        set_name = store.set_name

        def counting(*args: Any) -> None:
            nonlocal writes
            writes += 1
            set_name(*args)

        store.set_name = counting
        with client.websocket_connect(url) as ann, client.websocket_connect(url) as bob:
            hello(ann, data["seats"]["0"]["token"])
            hello(bob, data["seats"]["1"]["token"])
            for i in range(300):
                ann.send_json({"type": "name", "name": f"Ann {i}"})
            ann.send_json({"type": "ping"})
            refused = 0
            while (message := ann.receive_json())["type"] != "pong":
                if message["type"] == "error":
                    assert message["code"] == "too-fast"
                    refused += 1
            bob.send_json({"type": "ping"})
            renamed = 0
            while (message := bob.receive_json())["type"] != "pong":
                renamed += message["type"] == "room"
        assert writes == 6 and refused == 294
        assert renamed <= 6 + 2  # the room messages of the renames (and of arriving)
        assert client.get(f"/api/tables/{data['id']}").json()["seats"][0]["name"] == "Ann 5"


# -- other messages and requests that compute -----------------------------------------------
def test_asking_for_a_rematch_again_tells_only_the_one_who_asks(db_url: str) -> None:
    with _client(db_url) as client:
        data = new_table(client, "deberts", ["you", "friend"], options="deberts(target=1)")
        url = f"/ws/{data['id']}"
        with client.websocket_connect(url) as ann, client.websocket_connect(url) as bob:
            hello(ann, data["seats"]["0"]["token"])
            hello(bob, data["seats"]["1"]["token"])
            ws = {0: ann, 1: bob}
            seq = receive_state(ann)["seq"]
            while True:  # each seat plays
                states = {s: receive_state(w, lambda m, q=seq: m["seq"] >= q)
                          for s, w in ws.items()}
                if states[0]["table"]["over"]:
                    break
                seat = states[0]["view"]["to_play"]
                action = _not_pass(states[seat]["view"]["legal_actions"])
                ws[seat].send_json({"type": "act", "action": action, "seq": seq})
                seq += 1
            for _ in range(50):
                ann.send_json({"type": "rematch"})
            ann.send_json({"type": "ping"})
            told = 0
            while (message := ann.receive_json())["type"] != "pong":
                told += message["type"] == "room" and message["next"] is not None
            assert told == 50
            bob.send_json({"type": "ping"})
            broadcasts = 0
            while (message := bob.receive_json())["type"] != "pong":
                broadcasts += message["type"] == "room" and message["next"] is not None
            assert broadcasts == 1


def test_requests_that_compute_are_limited_per_client(db_url: str) -> None:
    """The advisor, the replays, the records, the scoresheets and the lessons' answers:
    a client's share of the minute, then 429 ``too-fast`` in its language; reading a
    page or a table is not counted, and other clients keep their share."""
    with _client(db_url, work_per_minute=3) as client:
        for _ in range(3):  # counted, whatever the answer
            assert client.post("/api/learn/progress", json={}).status_code == 400
        session = {"game": "deberts", "seat": 0, "dealer": 0, "level": "easy", "deals": []}
        assert client.post("/api/advise", json=session).status_code == 429
        refused = client.post("/api/replay", json={"record": "x"},
                              headers={"accept-language": "de-CH, fr;q=0.8"})
        assert refused.status_code == 429 and refused.json()["error"] == "too-fast"
        seconds = refused.headers["retry-after"]
        assert refused.json()["message"] == web_text("error.too-fast", "de", seconds=seconds)
        for path in ("/api/scoresheets/x", "/api/tables/x/record", "/api/tables/x/replay"):
            assert client.get(path).status_code == 429, path
        assert client.post("/api/learn/progress", json={}).status_code == 429
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/tables/x").status_code == 404
        assert client.get("/api/learn/deberts").status_code == 200
        assert client.post("/api/tables", json={"game": "deberts", "seats": [
            {"kind": "you"}, {"kind": "bot"}]}).status_code == 201
    with TestClient(create_app(db_url, limits=client_limits(work_per_minute=3)),
                    client=("10.0.0.2", 5000)) as other:
        assert other.post("/api/learn/progress", json={}).status_code == 400


def test_a_finished_tables_record_is_written_once(db_url: str) -> None:
    with _client(db_url) as client:
        data = new_table(client, "deberts", ["you", "bot"], options="deberts(target=1)")
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            hello(ws, data["seats"]["0"]["token"])
            state = receive_state(ws)
            while not state["table"]["over"]:
                if state["view"]["to_play"] == 0:
                    ws.send_json({"type": "act", "seq": state["seq"],
                                  "action": _not_pass(state["view"]["legal_actions"])})
                state = receive_state(ws, lambda m, s=state["seq"]: m["seq"] > s)
        import atout.notation as notation

        calls = 0
        write = notation.write_match

        def counting(*args: Any, **kwargs: Any) -> str:
            nonlocal calls
            calls += 1
            return write(*args, **kwargs)

        notation.write_match = counting  # type: ignore[assignment]
        try:
            first = client.get(f"/api/tables/{data['id']}/record").text
            assert all(client.get(f"/api/tables/{data['id']}/record").text == first
                       for _ in range(5))
        finally:
            notation.write_match = write  # type: ignore[assignment]
        assert calls == 1
