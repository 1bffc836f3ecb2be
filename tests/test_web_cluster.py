"""Several server processes on one database (docs/web.md, Operations): each table runs
in the process holding its lease, the others relay its connections there; a killed
process's tables move to another with no accepted action lost; a lease taken from a
live process wakes it through LISTEN/NOTIFY; SQLite refuses more than one process.

The PostgreSQL tests need ``ATOUT_TEST_POSTGRES_URL`` (``.ci/postgres.sh``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from click.testing import CliRunner
from sqlalchemy import text

from atout.cli import main
from atout.web import create_app
from atout.web.store import Store
from conftest import fresh_database
from test_web_restart import _free_port, _post

sync_client = pytest.importorskip("websockets.sync.client")
# the connections here outlive one block: they are opened without a `with`
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    with fresh_database("postgres", tmp_path) as url:
        yield url


# -- SQLite: one process ------------------------------------------------------------------
def test_sqlite_refuses_more_than_one_worker(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [
        "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'a.db'}"])
    assert result.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in result.output
    assert not (tmp_path / "a.db").exists()  # refused before anything was made
    with pytest.raises(ValueError, match="need PostgreSQL"):
        create_app(f"sqlite:///{tmp_path / 'b.db'}", cluster=True)


def test_sqlite_runs_no_leases(tmp_path: Path) -> None:
    assert create_app(f"sqlite:///{tmp_path / 'c.db'}").state.cluster is None


def test_a_table_let_go_runs_nothing_more(tmp_path: Path) -> None:
    """A table another process took (``forget``): its connections close, its bots stop,
    and nothing it is still asked writes the log."""
    from starlette.testclient import TestClient

    from atout.web.tables import ActionRefused, Watcher
    from test_web_api import hello, new_table, receive_state
    from web_support import client_limits

    app = create_app(f"sqlite:///{tmp_path / 'd.db'}", bot_delay=30, limits=client_limits())
    manager = app.state.manager
    with TestClient(app) as client:
        data = new_table(client, "belote", ["you", "bot", "bot", "bot"])
        tid = data["id"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, data["seats"]["0"]["token"])
            state = receive_state(ws)
            table = manager.tables[tid]
            assert client.portal is not None
            client.portal.call(manager.forget, tid)
            closed = ws.receive()
            while closed.get("type") == "websocket.send":  # the room's message, sent earlier
                closed = ws.receive()
            assert closed["code"] == 1012  # closed: the page connects again
        assert tid not in manager.tables and table.gone
        assert table.runner is None or table.runner.cancelled() or table.runner.done()
        client.portal.call(manager.leave, table, Watcher(0, "en", manager.close))
        assert table.runner is None or table.runner.done()
        assert table.timer is None
        if state["view"]["to_play"] == 0:
            with pytest.raises(ActionRefused):
                client.portal.call(manager.act, table, 0, state["view"]["legal_actions"][0],
                                   state["seq"], "en")
        assert logged(f"sqlite:///{tmp_path / 'd.db'}", tid) == []


# -- PostgreSQL: processes sharing the tables ----------------------------------------------
def start(db: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "atout.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", db, "--bot-delay", "0", "--tables-per-minute", "0", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    import urllib.request

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def lease(db: str, table_id: str) -> str | None:
    store = Store(db)
    try:
        return store.lease(table_id)[0]
    finally:
        store.close()


def logged(db: str, table_id: str) -> list[tuple[int, int, str]]:
    store = Store(db)
    try:
        return store.events(table_id)
    finally:
        store.close()


class Seat:
    """A person's connection to a table through one server's port."""

    def __init__(self, port: int, table_id: str, token: str | None) -> None:
        self.ws = sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table_id}")
        hello: dict[str, Any] = {"type": "hello"}
        if token:
            hello["token"] = token
        self.ws.send(json.dumps(hello))
        self.seat: int | None = None
        self.last: dict[str, Any] | None = None

    def state(self, until: Any = None, timeout: float = 45) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if message["type"] == "welcome":
                self.seat = message["seat"]
            if message["type"] == "state":
                self.last = message
                if until is None or until(message):
                    return message  # type: ignore[no-any-return]

    def current(self, quiet: float = 0.5) -> dict[str, Any]:
        """The latest state, once the table has been quiet for ``quiet`` seconds."""
        latest = self.state() if self.last is None else self.last
        while True:
            try:
                latest = self.state(timeout=quiet)
            except TimeoutError:
                return latest

    def my_turn(self) -> dict[str, Any]:
        return self.state(lambda m: m["view"]["to_play"] == self.seat or m["table"]["over"])

    def act(self, state: dict[str, Any]) -> dict[str, Any]:
        """Play the first legal action; the state that includes it (its acknowledgement)."""
        self.ws.send(json.dumps({"type": "act", "action": state["view"]["legal_actions"][0],
                                 "seq": state["seq"]}))
        return self.state(lambda m: m["seq"] > state["seq"])

    def close(self) -> None:
        self.ws.close()


def reconnect(port: int, table_id: str, token: str) -> Seat:
    """A connection, tried again as a page does while a killed process's connections
    fail (one made just as it died is reset)."""
    for _ in range(20):
        try:
            seat = Seat(port, table_id, token)
            seat.state()
            return seat
        except Exception:
            time.sleep(0.3)
    raise AssertionError("no connection")


def closed(seat: Seat, timeout: float) -> bool:
    """Whether the server closes the connection within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            seat.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except TimeoutError:
        return False
    except Exception:  # ConnectionClosed
        return True
    return False


def test_a_table_back_in_memory_before_the_renewal_keeps_its_lease(pg_url: str) -> None:
    """An idle table leaves memory and a connection brings it back before the next
    renewal: the renewal gives up the leases of the tables that left, but not of this
    one, and a lease freed by a release that crossed the table's return is taken again.
    Before, the renewal released it, found it lost, and closed the player's page."""
    from starlette.testclient import TestClient

    from test_web_api import hello, new_table, receive_state
    from web_support import client_limits

    app = create_app(pg_url, bot_delay=0, limits=client_limits(idle_seconds=3600))
    manager, cluster = app.state.manager, app.state.cluster
    with TestClient(app) as client:
        assert client.portal is not None
        data = new_table(client, "deberts", ["you", "bot"])
        tid = data["id"]
        token = data["seats"]["0"]["token"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, token)
            receive_state(ws, lambda m: m["view"]["to_play"] == 0)  # the bot is done
        assert client.portal.call(manager.sweep, time.monotonic() + 7200) == 1
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, token)
            state = receive_state(ws)
            client.portal.call(cluster.renew)  # the table left, and is back
            assert tid in manager.tables
            assert lease(pg_url, tid) == cluster.owner
            store = Store(pg_url)  # a release that crossed its return
            store.release_leases(cluster.owner, [tid])
            store.close()
            client.portal.call(cluster.renew)
            assert tid in manager.tables
            assert lease(pg_url, tid) == cluster.owner
            ws.send_json({"type": "ping"})  # the page is still served (a closed one raises)
            while ws.receive_json()["type"] != "pong":
                pass
            assert state["view"]["legal_actions"]


def test_a_table_moves_to_another_process_when_its_own_is_killed(pg_url: str) -> None:
    port_a, port_b = _free_port(), _free_port()
    a = start(pg_url, port_a)
    b = start(pg_url, port_b)
    try:
        data = _post(port_a, "/api/tables", {
            "game": "belote",
            "seats": [{"kind": "you"}, {"kind": "bot"}, {"kind": "friend"}, {"kind": "bot"}]})
        tid = data["id"]
        me = Seat(port_a, tid, data["seats"]["0"]["token"])  # process A runs the table
        me.state()
        partner = Seat(port_b, tid, data["seats"]["2"]["token"])  # relayed to A
        accepted: list[tuple[int, int, str]] = []
        for _ in range(3):
            for person in (me, partner):
                state = person.current()
                if state["view"]["to_play"] == person.seat:
                    ack = person.act(state)
                    accepted.append((state["seq"], state["view"]["to_play"],
                                     state["view"]["legal_actions"][0]))
                    assert ack["seq"] > state["seq"]
        owner_a = lease(pg_url, tid)
        assert owner_a is not None
        assert partner.last is not None and me.last is not None
        # the relayed connection sees the same table as the direct one
        assert partner.current()["table"]["seats"][0]["connected"] is True
        a.send_signal(signal.SIGKILL)
        a.wait(10)
        at_kill = logged(pg_url, tid)
        for step, seat, action in accepted:  # no accepted action lost
            assert at_kill[step][1:] == (seat, action)
        # B's connection was relayed to A: it closes; connecting again (to B) moves the
        # table to B, rebuilt from the database
        assert closed(partner, 10)
        again = Seat(port_b, tid, data["seats"]["2"]["token"])
        moved = again.state()
        owner_b = lease(pg_url, tid)
        assert owner_b is not None and owner_b != owner_a
        assert moved["seq"] >= len(at_kill)
        assert logged(pg_url, tid)[:len(at_kill)] == at_kill
        mine = Seat(port_b, tid, data["seats"]["0"]["token"])  # A's person comes over too
        # and play goes on, bots included, in process B (its workers may start cold
        # on a loaded machine: play until the log grows, within a deadline)
        deadline = time.monotonic() + 60
        while len(logged(pg_url, tid)) <= moved["seq"] and time.monotonic() < deadline:
            for person in (mine, again):
                state = person.current()
                if state["view"]["to_play"] == person.seat:
                    assert person.act(state)["seq"] > state["seq"]
        assert len(logged(pg_url, tid)) > moved["seq"]
        for person in (me, again, mine):
            person.close()
    finally:
        stop(a)
        stop(b)


def test_a_lease_taken_from_a_live_process_wakes_it(pg_url: str) -> None:
    """A's lease is long (60 s, renewed every 20 s); when it has expired (here: made to
    expire in the database) and B takes the table, A hears of it through NOTIFY at once
    and closes its connections, which connect again and are relayed to B."""
    port_a, port_b = _free_port(), _free_port()
    a = start(pg_url, port_a, "--lease-seconds", "60")
    b = start(pg_url, port_b, "--lease-seconds", "60")
    try:
        data = _post(port_a, "/api/tables", {
            "game": "deberts", "seats": [{"kind": "you"}, {"kind": "friend"}]})
        tid = data["id"]
        one = Seat(port_a, tid, data["seats"]["0"]["token"])
        one.state()
        owner_a = lease(pg_url, tid)
        store = Store(pg_url)
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE atout_tables SET lease_until = now() - interval '1 hour'"
                              " WHERE id = :id"), {"id": tid})
        store.close()
        started = time.monotonic()
        two = Seat(port_b, tid, data["seats"]["1"]["token"])  # B takes the expired lease
        two.state()
        owner_b = lease(pg_url, tid)
        assert owner_b is not None and owner_b != owner_a
        assert closed(one, 10), "A let the table go when told"
        assert time.monotonic() - started < 10  # long before A's next renewal (20 s)
        back = Seat(port_a, tid, data["seats"]["0"]["token"])  # relayed from A to B
        state = back.state(lambda m: m["table"]["seats"][1]["connected"])
        assert state["table"]["seats"][0]["connected"] is True
        assert lease(pg_url, tid) == owner_b
        turn = back if state["view"]["to_play"] == back.seat else two
        now = turn.current()
        assert turn.act(now)["seq"] > now["seq"]
        for person in (back, two):
            person.close()
    finally:
        stop(a)
        stop(b)


def test_serve_with_two_workers_shares_the_tables(pg_url: str) -> None:
    """``atout serve --workers 2``: two processes on one port; the tables are spread
    over both; killing one moves its tables to a process that is alive."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "atout.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", pg_url, "--bot-delay", "0", "--tables-per-minute", "0",
         "--workers", "2", "--bot-workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        pids: list[int] = []
        assert proc.stdout is not None
        listening: set[int] = set()
        while len(listening) < 2:  # both accept connections before the tables come
            line = proc.stdout.readline()
            assert line, "the supervisor ended"
            if "worker" in line and "started" in line:
                pids.append(int(line.split()[2]))
            if "worker" in line and "listening" in line:
                listening.add(int(line.split()[2]))
        assert listening == set(pids)
        start_deadline = time.monotonic() + 30
        tables = []
        while time.monotonic() < start_deadline and len(tables) < 12:
            try:
                tables.append(_post(port, "/api/tables", {
                    "game": "deberts", "seats": [{"kind": "you"}, {"kind": "bot"}]}))
            except OSError:
                time.sleep(0.2)
        seats = [Seat(port, t["id"], t["seats"]["0"]["token"]) for t in tables]
        for seat in seats:
            seat.act(seat.my_turn())
        owners = {lease(pg_url, t["id"]) for t in tables}
        assert len(owners) == 2, "both processes run tables"
        victim = next(iter(owners))
        assert victim is not None
        lost = [t for t in tables if lease(pg_url, t["id"]) == victim]
        pid = int(victim.split("/")[1].split(".")[0])  # ADDRESS/PID.RANDOM
        assert pid in pids
        before = {t["id"]: len(logged(pg_url, t["id"])) for t in lost}
        os.kill(pid, signal.SIGKILL)
        for t in lost:
            seat = reconnect(port, t["id"], t["seats"]["0"]["token"])
            state = seat.current()
            assert state["seq"] >= before[t["id"]]
            assert seat.act(state)["seq"] > state["seq"]
            assert lease(pg_url, t["id"]) not in (None, victim)
            seat.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
