"""People who go away: the turn timer, the stand-in bot that plays an absent person's
seat, the seat given back when its person returns, and all of it in the log, so that a
table rebuilt from the database is the same table."""

from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.bots.base import make_bot
from atout.games.actions import parse_action
from atout.web import create_app
from atout.web.store import Store
from atout.web.tables import build_match
from atout.web.workers import bot_seed
from test_web_api import hello, new_table
from web_support import client_limits

AWAY = 0.4  # seconds without a connection before a stand-in plays (the tests' setting)


@contextmanager
def server(db_url: str, bot_delay: float = 0, **limits: Any) -> Iterator[TestClient]:
    settings = {"tables_per_minute": 0, "away_seconds": AWAY, **limits}
    app = create_app(db_url, bot_delay=bot_delay, limits=client_limits(**settings))
    app.state.manager.TURN_SECONDS = (1, 3600)  # the tests' timers run for a second
    with TestClient(app) as client:
        yield client


_pool = concurrent.futures.ThreadPoolExecutor(4)


def receive(ws: Any, until: Callable[[dict[str, Any]], bool], seconds: float = 10) -> Any:
    """The first state ``until`` accepts, within ``seconds`` (else the test fails)."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("no such state in time")
        try:
            message = _pool.submit(ws.receive_json).result(timeout=left)
        except concurrent.futures.TimeoutError:
            raise AssertionError("no such state in time") from None
        if message["type"] == "state" and until(message):
            return message


def stand_in(state: dict[str, Any], seat: int) -> Any:
    return state["table"]["seats"][seat]["stand_in"]


def later(seq: int, or_stand_in: int | None = None) -> Callable[[dict[str, Any]], bool]:
    """A state after step ``seq`` (or one where seat ``or_stand_in`` is taken over)."""
    return lambda m: m["seq"] > seq or (
        or_stand_in is not None and stand_in(m, or_stand_in) is not None)


def events(db_url: str, table_id: str) -> list[tuple[int, int, str]]:
    store = Store(db_url)
    try:
        return store.events(table_id)
    finally:
        store.close()


def create(client: TestClient, game: str, seats: list[str], turn_seconds: int = 0) -> Any:
    specs = [{"kind": "bot", "bot": "heuristic"} if s == "bot" else {"kind": s} for s in seats]
    response = client.post("/api/tables", json={
        "game": game, "seats": specs, "turn_seconds": turn_seconds})
    assert response.status_code == 201, response.text
    return response.json()


def test_the_turn_timer_is_a_table_option_off_by_default(db_url: str) -> None:
    with server(db_url) as client:
        plain = new_table(client, "deberts", ["you", "friend"])
        assert client.get(f"/api/tables/{plain['id']}").json()["turn_seconds"] == 0
        timed = create(client, "deberts", ["you", "friend"], turn_seconds=30)
        assert client.get(f"/api/tables/{timed['id']}").json()["turn_seconds"] == 30
        for bad in (-1, 0.5, "30", 100_000, True):
            response = client.post("/api/tables", json={
                "game": "deberts", "seats": [{"kind": "you"}, {"kind": "friend"}],
                "turn_seconds": bad})
            assert response.status_code == 400, bad
            assert response.json()["error"] == "bad-table"


def test_a_person_who_lets_the_timer_run_out_is_played_by_a_bot(db_url: str) -> None:
    with server(db_url) as client:
        data = create(client, "deberts", ["you", "friend"], turn_seconds=1)
        tid = data["id"]
        with client.websocket_connect(f"/ws/{tid}") as a, \
                client.websocket_connect(f"/ws/{tid}") as b:
            hello(a, data["seats"]["0"]["token"])
            hello(b, data["seats"]["1"]["token"])
            first = receive(a, lambda m: all(s["connected"] for s in m["table"]["seats"]))
            slow = first["view"]["to_play"]
            assert first["table"]["clock"]["seat"] == slow
            assert first["table"]["clock"]["reason"] == "timeout"
            assert 0 < first["table"]["clock"]["left"] <= 1
            started = time.monotonic()
            # everyone sees the seat taken over, and the stand-in plays it
            taken = receive(a, lambda m: stand_in(m, slow) is not None)
            assert time.monotonic() - started >= 0.5
            assert stand_in(taken, slow) == {"bot": "medium", "reason": "timeout"}
            receive(b, lambda m: stand_in(m, slow) is not None)
            receive(a, lambda m: m["seq"] > taken["seq"])
    log = events(db_url, tid)
    assert (0, slow, "@bot timeout") in log
    assert log[1][1] == slow and not log[1][2].startswith("@")  # the bot's action


def test_a_person_who_left_is_played_by_a_bot_until_they_come_back(db_url: str) -> None:
    with server(db_url) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        tid = data["id"]
        friend = data["seats"]["1"]["token"]
        with client.websocket_connect(f"/ws/{tid}") as a:
            hello(a, data["seats"]["0"]["token"])
            state = receive(a, lambda m: True)
            assert state["table"]["seats"][1]["connected"] is False
            # the friend never came: when seat 1 is to play, a stand-in plays it
            while stand_in(state, 1) is None:
                if state["view"]["to_play"] == 0:
                    a.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                                 "seq": state["seq"]})
                else:
                    assert state["table"]["clock"] == {
                        "seat": 1, "reason": "away", "left": state["table"]["clock"]["left"]}
                state = receive(a, later(state["seq"], or_stand_in=1))
            assert stand_in(state, 1) == {"bot": "medium", "reason": "away"}
            # ... through several of its turns, while seat 0 plays
            target = state["seq"] + 6
            while state["seq"] < target and not state["table"]["over"]:
                if state["view"]["to_play"] == 0:
                    a.send_json({"type": "act", "action": state["view"]["legal_actions"][-1],
                                 "seq": state["seq"]})
                state = receive(a, later(state["seq"]))
            played = [e for e in events(db_url, tid) if e[1] == 1 and not e[2].startswith("@")]
            assert played, "the stand-in played seat 1"
            # the friend comes back: the seat is theirs at once
            with client.websocket_connect(f"/ws/{tid}") as b:
                hello(b, friend)
                back = receive(b, lambda m: True)
                assert stand_in(back, 1) is None
                assert back["table"]["seats"][1]["connected"] is True
                receive(a, lambda m: stand_in(m, 1) is None)
                assert events(db_url, tid)[-1][1:] == (1, "@back")
                # and nobody plays for them any more
                if back["view"]["to_play"] == 1:
                    time.sleep(3 * AWAY)
                    assert events(db_url, tid)[-1][1:] == (1, "@back")


def test_a_table_everyone_has_left_rests(db_url: str) -> None:
    with server(db_url) as client:
        data = new_table(client, "deberts", ["you", "friend"])
        tid = data["id"]
        with client.websocket_connect(f"/ws/{tid}") as a:
            hello(a, data["seats"]["0"]["token"])
            state = receive(a, lambda m: True)
            if state["view"]["to_play"] == 0:
                a.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                             "seq": state["seq"]})
            receive(a, lambda m: stand_in(m, 1) is not None)
        steps = len(events(db_url, tid))
        time.sleep(5 * AWAY)  # no person is connected: neither stand-in nor timer plays
        assert len(events(db_url, tid)) == steps
        with client.websocket_connect(f"/ws/{tid}") as watch:  # a spectator is no person
            hello(watch, None)
            time.sleep(3 * AWAY)
        assert len(events(db_url, tid)) == steps


def test_a_back_message_or_an_action_gives_the_seat_back(db_url: str) -> None:
    with server(db_url, bot_delay=1.5) as client:  # time to act before the stand-in does
        data = create(client, "deberts", ["you", "friend"], turn_seconds=1)
        tid = data["id"]
        with client.websocket_connect(f"/ws/{tid}") as a, \
                client.websocket_connect(f"/ws/{tid}") as b:
            hello(a, data["seats"]["0"]["token"])
            hello(b, data["seats"]["1"]["token"])
            ws = {0: a, 1: b}
            first = receive(a, lambda m: all(s["connected"] for s in m["table"]["seats"]))
            slow = first["view"]["to_play"]
            other = 1 - slow
            taken = receive(ws[slow], lambda m: stand_in(m, slow) is not None)
            ws[slow].send_json({"type": "back"})
            back = receive(ws[slow], lambda m: stand_in(m, slow) is None)
            assert back["seq"] == taken["seq"] + 1 and back["view"]["to_play"] == slow
            ws[other].send_json({"type": "back"})  # not taken over: nothing happens
            # the timer runs again; once more the stand-in takes over ...
            taken = receive(ws[slow], lambda m: stand_in(m, slow) is not None)
            # ... until the person acts: acting is coming back
            action = taken["view"]["legal_actions"][0]
            ws[slow].send_json({"type": "act", "action": action, "seq": taken["seq"]})
            after = receive(ws[slow], lambda m: m["seq"] >= taken["seq"] + 2)
            assert stand_in(after, slow) is None
            log = events(db_url, tid)
            assert log[taken["seq"] - 1][1:] == (slow, "@bot timeout")
            assert log[taken["seq"]][1:] == (slow, "@back")
            assert log[taken["seq"] + 1][1:] == (slow, action)
            ws[other].send_json({"type": "ping"})


def test_a_restarted_server_replays_the_same_and_the_stand_in_chose_as_seeded(
    db_url: str,
) -> None:
    with server(db_url) as client:
        data = new_table(client, "schieber", ["you", "friend", "bot", "bot"])
        tid = data["id"]
        token = data["seats"]["0"]["token"]
        with client.websocket_connect(f"/ws/{tid}") as a:
            hello(a, token)
            state = receive(a, lambda m: True)
            while len([e for e in events(db_url, tid) if e[1] == 1]) < 4:
                if state["view"]["to_play"] == 0:
                    a.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                                 "seq": state["seq"]})
                state = receive(a, later(state["seq"]), 20)
            a.send_json({"type": "ping"})
        before = client.get(f"/api/tables/{tid}").json()["seq"]
    log = events(db_url, tid)
    assert next(e for e in log if e[1] == 1)[2] == "@bot away"
    assert before == len(log)
    with server(db_url, away_seconds=3600) as client, \
            client.websocket_connect(f"/ws/{tid}") as a:
        hello(a, token)
        again = receive(a, lambda m: True)
        assert again["seq"] == len(log)
        assert stand_in(again, 1) == {"bot": "medium", "reason": "away"}
    # every action of the stand-in is the one its seeded bot chooses in the seat's view
    store = Store(db_url)
    row = store.get_table(tid)
    store.close()
    assert row is not None
    match = build_match(row)
    standing = False
    for step, seat, text in log:
        if text.startswith("@"):
            standing = seat == 1 and text.startswith("@bot")
            continue
        if seat == 1 and standing:
            chosen = make_bot("schieber", "medium", seed=bot_seed(row.seed, 1, step)).choose(
                match.view(1))
            assert str(chosen) == text, step
        match.apply(parse_action(text))


def test_the_stand_in_decides_from_its_seat_s_view_only(db_url: str) -> None:
    """What the stand-in is given: the view of the seat it plays, nothing more, through
    the worker pool like any bot."""
    with server(db_url) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        asked: list[tuple[str, int]] = []
        decide = manager.workers.decide

        async def spy(game: str, bot: str, seed: int, view: Any) -> Any:
            asked.append((bot, view.seat))
            return await decide(game, bot, seed, view)

        manager.workers.decide = spy
        data = new_table(client, "belote", ["you", "bot", "friend", "bot"])
        tid = data["id"]
        with client.websocket_connect(f"/ws/{tid}") as a:
            hello(a, data["seats"]["0"]["token"])
            state = receive(a, lambda m: True)
            while not any(bot == "medium" for bot, _ in asked):
                if state["view"]["to_play"] == 0:
                    a.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                                 "seq": state["seq"]})
                state = receive(a, later(state["seq"]), 20)
        assert {seat for bot, seat in asked if bot == "medium"} == {2}
        assert {seat for bot, seat in asked if bot == "heuristic"} <= {1, 3}
        log = events(db_url, tid)
        assert (2, "@bot away") in [(s, a) for _, s, a in log]
