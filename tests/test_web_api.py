"""The web server's HTTP API and websocket protocol, through Starlette's test client."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.web import create_app
from web_support import client_limits


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app on a fresh database: SQLite, and PostgreSQL when one is configured."""
    app = create_app(db_url, bot_delay=0, limits=client_limits())
    with TestClient(app) as c:
        yield c


def new_table(client: TestClient, game: str = "deberts", seats: list[str] | None = None,
              options: str = "", lang: str = "en") -> dict[str, Any]:
    seats = seats or ["you", "bot"]
    specs = [{"kind": "bot", "bot": "heuristic"} if s == "bot"
             else {"kind": "you", "name": "Ann"} if s == "you" else {"kind": s} for s in seats]
    response = client.post("/api/tables", json={
        "game": game, "options": options, "lang": lang, "seats": specs, "me": 0,
    })
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def receive_state(ws: Any, until: Any = None, limit: int = 2000) -> dict[str, Any]:
    """The next state message (skipping others), or the first one ``until`` accepts."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "state" and (until is None or until(message)):
            return message  # type: ignore[no-any-return]
    raise AssertionError("no such state")


def receive_error(ws: Any, limit: int = 50) -> dict[str, Any]:
    """The next error message (skipping the states pushed meanwhile)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "error":
            return message  # type: ignore[no-any-return]
    raise AssertionError("no error")


def my_turn(seat: int) -> Any:
    return lambda m: m["view"]["to_play"] == seat or m["table"]["over"]


def hello(ws: Any, token: str | None, lang: str = "en") -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "lang": lang}
    if token is not None:
        message["token"] = token
    ws.send_json(message)
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return welcome  # type: ignore[no-any-return]


# -- pages and the HTTP API -----------------------------------------------------------
def test_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/replay", "/static/common.js", "/static/style.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["referrer-policy"] == "no-referrer"


def test_games_and_catalogs(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert games["deberts"]["num_players"] == 2
    assert games["schieber"]["num_players"] == 4
    assert "classic" in games["belote"]["presets"]
    assert "heuristic" in games["belote"]["bots"]
    for lang in ("en", "fr", "es"):
        catalog = client.get(f"/api/i18n/{lang}").json()
        assert catalog["web.hint"] and catalog["rule.deberts.follow-suit"]
    assert client.get("/api/i18n/fr")
    assert client.get("/api/i18n/xx").status_code == 404
    assert client.get("/api/i18n/fr").json()["web.hint"] == "Conseil"


def test_create_gives_each_person_a_secret_link(client: TestClient) -> None:
    data = new_table(client, "belote", ["you", "friend", "bot", "bot"], options="short")
    assert set(data["seats"]) == {"0", "1"}
    a, b = data["seats"]["0"], data["seats"]["1"]
    assert a["token"] != b["token"] and len(a["token"]) >= 20
    assert a["url"] == f"/table/{data['id']}#seat=0&token={a['token']}&lang=en"
    assert "token" not in data["watch"]
    info = client.get(f"/api/tables/{data['id']}").json()
    assert info["options"] == "belote(target=501)"
    assert a["token"] not in json.dumps(info)
    assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]


@pytest.mark.parametrize("body", [
    "not json",
    json.dumps([1, 2]),
    json.dumps({"game": "poker", "seats": [{"kind": "you"}]}),
    json.dumps({"game": "deberts", "seats": [{"kind": "you"}]}),
    json.dumps({"game": "deberts", "seats": [{"kind": "you"}, {"kind": "alien"}]}),
    json.dumps({"game": "deberts", "seats": [{"kind": "bot"}, {"kind": "bot"}]}),
    json.dumps({"game": "deberts", "seats": [{"kind": "you"}, {"kind": "bot", "bot": "nope"}]}),
    json.dumps({"game": "deberts", "options": "deberts(target=abc)",
                "seats": [{"kind": "you"}, {"kind": "bot"}]}),
    json.dumps({"game": "deberts", "options": "belote",
                "seats": [{"kind": "you"}, {"kind": "bot"}]}),
    json.dumps({"game": "deberts", "seats": "two"}),
])
def test_create_refuses_bad_input(client: TestClient, body: str) -> None:
    response = client.post("/api/tables", content=body,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["message"]


def test_unknown_table(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.get("/api/tables/" + "x" * 100).status_code == 404
    # ids no table can have (PostgreSQL refuses a NUL byte in a string outright)
    for odd in ("a%00b", "%C3%A9t%C3%A9", "a%20b", "a'b"):
        assert client.get(f"/api/tables/{odd}").status_code == 404, odd
    for odd in ("nope", "a%00b"):
        with client.websocket_connect(f"/ws/{odd}") as ws:
            ws.send_json({"type": "hello"})
            message = ws.receive_json()
            assert message == {"type": "error", "code": "unknown-table",
                               "message": "There is no such table."}


# -- the websocket --------------------------------------------------------------------
def test_seat_receives_its_own_view_and_spectator_none(client: TestClient) -> None:
    data = new_table(client, "schieber", ["you", "friend", "bot", "bot"])
    tid = data["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert hello(ws, data["seats"]["1"]["token"])["seat"] == 1
        state = receive_state(ws)
        assert state["table"]["you"] == 1
        assert len(state["view"]["hand"]) == 9
        assert state["view"]["seat"] == 1
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert hello(ws, None)["seat"] is None
        state = receive_state(ws)
        assert state["view"]["hand"] == [] and state["view"]["legal_actions"] == []
        sizes = state["view"]["hand_sizes"]
        assert len(sizes) == 4 and all(6 <= k <= 9 for k in sizes)
        ws.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        assert receive_error(ws)["code"] == "spectator"
        ws.send_json({"type": "hint"})
        assert receive_error(ws)["code"] == "spectator"


def test_a_page_connecting_again_is_sent_the_events_it_missed(client: TestClient) -> None:
    """A new page is sent the deal's events from its first (``resync``); a page that
    connects again says the last it had (``since``) and is sent exactly what followed,
    the end of the deal it missed included, each event once and in order."""
    data = new_table(client, "deberts", ["you", "friend"])
    tid = data["id"]
    tokens = [data["seats"][str(s)]["token"] for s in (0, 1)]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, tokens[0])
        first = receive_state(ws)
    assert first["resync"] and first["events"][0]["kind"] == "match-started"
    assert {"dealt", "turn"} <= {e["kind"] for e in first["events"]}
    last = first["events"][-1]["n"]
    seen: list[dict[str, Any]] = []  # what seat 0's other connection is sent meanwhile
    with client.websocket_connect(f"/ws/{tid}") as w0, \
            client.websocket_connect(f"/ws/{tid}") as w1:
        hello(w0, tokens[0])
        hello(w1, tokens[1])
        seq = first["seq"]
        state = receive_state(w0)
        seen += state["events"]
        while not state["scoresheet"]:  # both play until the first deal is scored
            seat = state["view"]["to_play"]
            mine = state if seat == 0 else receive_state(w1, until=lambda m, q=seq: m["seq"] == q)
            (w0, w1)[seat].send_json(
                {"type": "act", "action": mine["view"]["legal_actions"][0], "seq": seq})
            seq += 1
            state = receive_state(w0, until=lambda m, q=seq: m["seq"] == q)
            seen += state["events"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0], "lang": "en", "since": last})
        assert ws.receive_json()["type"] == "welcome"
        again = receive_state(ws)
    assert not again["resync"]
    told = again["events"]
    assert [e["n"] for e in told] == sorted({e["n"] for e in told})
    assert told[0]["n"] > last and "deal-scored" in {e["kind"] for e in told}
    # exactly what a connection that stayed was sent after that point
    stayed = [e for e in seen if e["n"] > last]
    assert [e["n"] for e in told] == sorted({e["n"] for e in stayed})


def test_bad_token_is_refused(client: TestClient) -> None:
    data = new_table(client)
    for token in ("wrong", "", 12, ["x"], data["seats"]["0"]["token"] + "x"):
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            message = ws.receive_json()
            assert message["code"] == "bad-token"


def test_hello_must_come_first(client: TestClient) -> None:
    data = new_table(client)
    for first in ("nonsense", json.dumps({"type": "act", "action": "pass", "seq": 0}), "[]"):
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            ws.send_text(first)
            assert receive_error(ws)["code"] == "bad-message"


def test_bad_messages_change_nothing(client: TestClient) -> None:
    data = new_table(client, "deberts", ["you", "friend"], lang="fr")
    tid = data["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, data["seats"]["0"]["token"], lang="fr")
        state = receive_state(ws)
        seq = state["seq"]
        me_to_play = state["view"]["to_play"] == 0
        bad: list[tuple[Any, str]] = [
            ("{not json", "bad-message"),
            ("[1,2,3]", "bad-message"),
            (json.dumps({"type": "dance"}), "bad-message"),
            (json.dumps({"type": "act", "action": "pass"}), "bad-message"),
            (json.dumps({"type": "act", "action": "pass", "seq": "0"}), "bad-message"),
            (json.dumps({"type": "act", "action": "pass", "seq": True}), "bad-message"),
            (json.dumps({"type": "act", "action": 42, "seq": seq}), "bad-action"),
            (json.dumps({"type": "act", "action": "x" * 100, "seq": seq}), "bad-action"),
            ("x" * 10000, "bad-message"),
            (json.dumps({"type": "act", "action": "pass", "seq": seq + 5}), "stale"),
            (json.dumps({"type": "act", "action": "pass", "seq": seq - 1}), "stale"),
        ]
        if me_to_play:
            bad.append((json.dumps({"type": "act", "action": "flip table", "seq": seq}),
                        "bad-action"))
            bad.append((json.dumps({"type": "act", "action": "SA", "seq": seq}), "illegal"))
        else:
            bad.append((json.dumps({"type": "act", "action": "pass", "seq": seq}),
                        "not-your-turn"))
        for text, code in bad:
            ws.send_text(text)
            message = receive_error(ws)
            assert message["code"] == code, (text[:40], message)
            assert message["message"]
            if code == "stale":
                assert receive_state(ws)["seq"] == seq
        if me_to_play:
            assert message["message"] == "on joue les cartes une fois l'atout fixé"
        ws.send_json({"type": "ping"})
        message = ws.receive_json()
        while message["type"] == "state":
            message = ws.receive_json()
        assert message == {"type": "pong"}
    assert client.get(f"/api/tables/{tid}").json()["seq"] == seq


def test_nobody_acts_for_another_seat_or_out_of_turn(client: TestClient) -> None:
    data = new_table(client, "deberts", ["you", "friend"])
    tid = data["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws0, \
            client.websocket_connect(f"/ws/{tid}") as ws1:
        hello(ws0, data["seats"]["0"]["token"])
        hello(ws1, data["seats"]["1"]["token"])
        state = receive_state(ws0)
        receive_state(ws1)
        turn = state["view"]["to_play"]
        waiting, acting = (ws1, ws0) if turn == 0 else (ws0, ws1)
        # the waiting seat names the acting seat's legal action: refused
        waiting.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        assert receive_error(waiting)["code"] == "not-your-turn"
        acting.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        after = receive_state(acting, lambda m: m["seq"] == state["seq"] + 1)
        assert after["view"]["history"] == [[turn, "pass"]]
        # the same action again (a double click): stale, nothing changes
        acting.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        assert receive_error(acting)["code"] == "stale"
        assert receive_state(acting)["seq"] == state["seq"] + 1
    assert client.get(f"/api/tables/{tid}").json()["seq"] == 1


def test_updates_are_pushed_to_every_seat(client: TestClient) -> None:
    data = new_table(client, "deberts", ["you", "friend"])  # no bot: nothing moves alone
    tid = data["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws0, \
            client.websocket_connect(f"/ws/{tid}") as ws1:
        hello(ws0, data["seats"]["0"]["token"])
        hello(ws1, data["seats"]["1"]["token"])
        state = receive_state(ws0)
        actor, other = (ws0, ws1) if state["view"]["to_play"] == 0 else (ws1, ws0)
        seat = state["view"]["to_play"]
        actor.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        pushed = receive_state(other, lambda m: m["seq"] >= state["seq"] + 1)
        assert [seat, "pass"] in pushed["view"]["history"]


def test_hint_lists_only_legal_options(db_url: str) -> None:
    # a budget the first hint (a worker started, the search's kernels loaded) keeps to
    # on a busy machine: past it, the hint is the rules of thumb's choice alone
    app = create_app(db_url, bot_delay=0, limits=client_limits(bot_budget=60))
    with TestClient(app) as client:
        data = new_table(client, "schieber", ["you", "bot", "bot", "bot"])
        with client.websocket_connect(f"/ws/{data['id']}") as ws:
            hello(ws, data["seats"]["0"]["token"])
            state = receive_state(ws, my_turn(0))
            ws.send_json({"type": "hint"})
            message = ws.receive_json()
            while message["type"] != "hint":
                message = ws.receive_json()
    assert {o["action"] for o in message["options"]} == set(state["view"]["legal_actions"])
    # values in points with a reason, not a 1 and zeros
    assert not {o["value"] for o in message["options"]} <= {0, 1}
    assert all(o["reason"] for o in message["options"])
    # the value as the page shows it, written for the reader's language (table.js)
    from atout.i18n import signed

    assert [o["text"] for o in message["options"]] == [
        signed(o["value"], "en") for o in message["options"]]


def play_out(client: TestClient, data: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Play seat 0 with random legal actions (the others are bots) to the end."""
    rng = random.Random(seed)
    read = 0  # the deals whose breakdown seat 0 has closed, as a page does
    with client.websocket_connect(f"/ws/{data['id']}") as ws:
        hello(ws, data["seats"]["0"]["token"])
        while True:
            state = receive_state(ws, limit=100000)
            if state["table"]["over"]:
                return state
            if len(state["scoresheet"]) > read:  # the bots wait for it to open the next
                read = len(state["scoresheet"])
                ws.send_json({"type": "ready", "deal": read})
            if my_turn(0)(state):
                action = rng.choice(state["view"]["legal_actions"])
                ws.send_json({"type": "act", "action": action, "seq": state["seq"]})


@pytest.mark.parametrize("game,options", [
    ("deberts", "deberts(target=151)"), ("belote", "belote(target=301)"),
    ("schieber", "schieber(target=600)"),
])
def test_whole_match_record_and_replay(client: TestClient, game: str, options: str) -> None:
    n = 2 if game == "deberts" else 4
    data = new_table(client, game, ["you"] + ["bot"] * (n - 1), options=options)
    tid = data["id"]
    assert client.get(f"/api/tables/{tid}/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    final = play_out(client, data)
    assert final["final"]["winner"] in (0, 1)
    assert final["scoresheet"]
    record = client.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    notation = pytest.importorskip("atout.notation")
    match = notation.read_match(record.text)
    assert match.is_over and match.winner == final["final"]["winner"]
    parsed = notation.parse_match(record.text)
    assert parsed.header("Seat0") == "human" and parsed.header("Name0") == "Ann"
    assert parsed.header("Seat1") == "heuristic" and parsed.header("Name1") is None
    # replay from the table's log and from the record: the same positions
    first = client.get(f"/api/tables/{tid}/replay?step=0").json()
    # every action of the match, to its end: a match can be short (to 151 in a single
    # Deberts deal; a Schieber Weis of four jacks in Obenabe reaches 600 after one trick)
    assert first["step"] == 0 and first["total"] == sum(len(d.actions) for d in match.deals)
    end = client.get(f"/api/tables/{tid}/replay?step={first['total']}").json()
    assert end["final"] == final["final"] and end["scoresheet"] == final["scoresheet"]
    assert all(len(h) > 0 for h in first["view"]["hands"])  # every hand open after the match
    step = first["total"] // 2
    a = client.get(f"/api/tables/{tid}/replay?step={step}").json()
    for _ in range(5):  # a busy server (503) says when to ask again, as the page does
        answer = client.post("/api/replay", json={"record": record.text, "step": step})
        if answer.status_code != 503:
            break
        time.sleep(float(answer.headers.get("retry-after", "1")))
    b = answer.json()
    assert a["view"]["hands"] == b["view"]["hands"]
    assert a["action"] == b["action"]
    # what the replay tells comes from the match's events replayed: the last action in
    # words, the deal's public events so far (the same from the log and the record)
    assert a["action"]["said"]["key"].startswith(("event.", a["game"]))
    assert a["events"] == b["events"] and a["events"][0]["kind"] == "deal-started"
    assert not {"dealt", "legal"} & {e["kind"] for e in a["events"]}  # public events only
    before = client.get(f"/api/tables/{tid}/replay?step={step - 1}").json()
    if len(a["scoresheet"]) == len(before["scoresheet"]):  # the action is in the deal in view
        assert any(e.get("say") == a["action"]["said"] for e in a["events"])
    else:  # the action ended its deal: the next one is in view, told from its start
        assert a["events"][0]["number"] == len(a["scoresheet"]) + 1
    end = client.get(f"/api/tables/{tid}/replay?step=99999").json()
    assert end["step"] == end["total"] and end["final"] == final["final"]
    assert client.get(f"/api/tables/{tid}/replay?step=x").status_code == 400
    bad = client.post("/api/replay", json={"record": "[Game \"nope\"]\n", "step": 0})
    assert bad.status_code == 400
    assert client.post("/api/replay", json={"record": 5}).status_code == 400
    # after the match, acting is refused
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, data["seats"]["0"]["token"])
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "pass", "seq": state["seq"]})
        assert receive_error(ws)["code"] == "match-over"


# -- shuffling and seeds (RULES.md Belote 7) --------------------------------------------
@pytest.mark.parametrize("options", ["belote(shuffle=gather)", "gather",
                                     "belote(shuffle=gather,target=501)"])
def test_a_table_refuses_the_gathered_pack(client: TestClient, options: str) -> None:
    expected = {"en": "fresh shuffle", "fr": "bat les cartes", "es": "baraja en cada mano"}
    for lang, words in expected.items():
        response = client.post("/api/tables", json={
            "game": "belote", "options": options, "lang": lang,
            "seats": [{"kind": "you"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
        })
        assert response.status_code == 400
        assert words in response.json()["message"], response.json()
    assert client.app.state.store.count_tables() == 0  # type: ignore[attr-defined]
    games = client.get("/api/games").json()["games"]
    assert "gather" not in games["belote"]["presets"]
    shuffle = next(o for o in games["belote"]["options"] if o["name"] == "shuffle")
    assert shuffle["default"] == "fresh" and shuffle["choices"] == ["fresh"]


def test_the_seed_reaches_nobody_before_the_match_is_over(client: TestClient) -> None:
    """The table draws 128 bits; neither the creation's answer, the table's details,
    the refused record and replay, nor any websocket message carries it (in decimal
    or hexadecimal) or any other number that deals the match; the record at the end
    does."""
    from web_support import seeds_that_deal

    data = new_table(client, "belote", ["you"] + ["bot"] * 3, options="short")
    tid = data["id"]
    store = client.app.state.store  # type: ignore[attr-defined]
    row = store.get_table(tid)
    assert row.seed.bit_length() > 64
    sent: list[Any] = [data]
    for path in ("", "/record", "/replay"):
        response = client.get(f"/api/tables/{tid}{path}")
        sent.append(response.json())
        assert str(row.seed) not in response.text and f"{row.seed:x}" not in response.text
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, data["seats"]["0"]["token"])
        for _ in range(3):
            while True:  # every message, up to seat 0's turn
                state = ws.receive_json()
                sent.append(state)
                if state["type"] == "state" and my_turn(0)(state):
                    break
            ws.send_json({"type": "act", "action": state["view"]["legal_actions"][0],
                          "seq": state["seq"]})
    text = json.dumps(sent)
    assert str(row.seed) not in text and f"{row.seed:x}" not in text
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = manager.tables[tid]
    first = tuple(table.match.deals[0].deck if table.match.deals else table.match.deal.deck)
    assert seeds_that_deal(sent, "belote", table.match.options, first) == []
    assert seeds_that_deal([*sent, str(row.seed)], "belote", table.match.options, first) == [
        row.seed]
    final = play_out(client, data)
    assert final["final"] is not None
    record = client.get(f"/api/tables/{tid}/record").text
    assert f'[Seed "{row.seed}"]' in record
