"""Clubs on the server, on SQLite and PostgreSQL: opening a club, joining by invitation,
signing in (cookies, expiry, sign-out, brute force limited), the admin's reset, club
tables with members seated, ratings and the member page; and what no member may do:
act for another, read another club, or find a password anywhere in the database or
the logs."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("argon2")
pytest.importorskip("openskill")

from sqlalchemy import MetaData, Table, inspect, select
from starlette.testclient import TestClient

from atout.bots.base import make_bot
from atout.web import create_app
from atout.web.clubs import COOKIE
from atout.web.store import Store, hash_token, member_sessions
from atout.web.tables import build_match
from web_support import client_limits

PASSWORD = "sesame-ouvre-toi"
OTHER_PASSWORD = "open-sesame-123"


def fresh_client(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=client_limits(**limits)))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with fresh_client(db_url) as c:
        yield c


def open_club(client: TestClient, games: list[str] | None = None) -> dict[str, Any]:
    response = client.post("/api/clubs", json={
        "name": "Thursday club", "games": games or ["belote", "deberts"], "lang": "en"})
    assert response.status_code == 201, response.text
    out: dict[str, Any] = response.json()
    out["invite"] = out["invite_url"].split("#invite=")[1]
    out["admin"] = out["admin_url"].split("#admin=")[1]
    return out


def api(club: dict[str, Any], path: str) -> str:
    return f"/club/{club['id']}/api/{path}"


def join(client: TestClient, club: dict[str, Any], name: str,
         password: str = PASSWORD) -> dict[str, Any]:
    """A new member, signed in on ``client`` (its cookie jar)."""
    response = client.post(api(club, "join"), json={
        "invite": club["invite"], "name": name, "password": password})
    assert response.status_code == 201, response.text
    return response.json()["me"]  # type: ignore[no-any-return]


def device(client: TestClient) -> TestClient:
    """Another browser on the same server: its own cookies."""
    return TestClient(client.app)


def finish_table(db_url: str, table_id: str) -> None:
    """Play a stored table to its end with bots, straight into its log."""
    store = Store(db_url)
    try:
        row = store.get_table(table_id)
        assert row is not None
        match = build_match(row)
        bots = [make_bot(row.game, "random", seed=i) for i in range(match.num_players)]
        seq = len(store.events(table_id))
        while not match.is_over:
            seat = match.current_player()
            action = bots[seat].choose(match.view(seat))
            store.append_event(table_id, seq, seat, str(action))
            match.apply(action)
            seq += 1
        store.mark_finished(table_id)
    finally:
        store.close()


def test_opening_a_club_gives_an_admin_and_an_invitation_link(client: TestClient) -> None:
    club = open_club(client)
    assert club["admin"] != club["invite"]
    assert client.get(f"/club/{club['id']}").status_code == 200
    assert client.get("/clubs").status_code == 200
    info = client.get(api(club, "info")).json()
    # someone with the club's link but not signed in sees its name, nothing else
    assert info == {"id": club["id"], "name": "Thursday club", "games": ["deberts", "belote"],
                    "lang": "en", "me": None}
    assert client.post("/api/clubs", json={"name": "x", "games": ["poker"]}).status_code == 400
    assert client.post("/api/clubs", json={"name": " ", "games": ["belote"]}).status_code == 400
    assert client.get("/club/nope/api/info").status_code == 404


def test_joining_needs_the_invitation_and_signs_in_with_a_safe_cookie(
        client: TestClient) -> None:
    club = open_club(client)
    bad = client.post(api(club, "join"), json={
        "invite": "guess", "name": "Ann", "password": PASSWORD})
    assert bad.status_code == 403
    response = client.post(api(club, "join"), json={
        "invite": club["invite"], "name": "Ann", "password": PASSWORD})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    lowered = cookie.lower()
    assert "httponly" in lowered and "samesite=strict" in lowered
    assert f"path=/club/{club['id']}".lower() in lowered and "max-age=" in lowered
    info = client.get(api(club, "info")).json()
    assert info["me"]["name"] == "Ann"
    assert [m["name"] for m in info["members"]] == ["Ann"]
    # the same name again (any case) is taken; a short password is refused
    other = device(client)
    assert other.post(api(club, "join"), json={
        "invite": club["invite"], "name": "ann", "password": PASSWORD}).status_code == 409
    assert other.post(api(club, "join"), json={
        "invite": club["invite"], "name": "Bob", "password": "short"}).status_code == 400


def test_sign_in_on_another_device_and_sign_out(client: TestClient) -> None:
    club = open_club(client)
    join(client, club, "Ann")
    phone = device(client)
    assert phone.get(api(club, "info")).json()["me"] is None
    wrong = phone.post(api(club, "signin"), json={"name": "Ann", "password": "nope-nope"})
    assert wrong.status_code == 401
    unknown = phone.post(api(club, "signin"), json={"name": "Zed", "password": PASSWORD})
    assert unknown.status_code == 401 and unknown.json()["error"] == wrong.json()["error"]
    assert phone.post(api(club, "signin"), json={
        "name": "ANN", "password": PASSWORD}).status_code == 200
    assert phone.get(api(club, "info")).json()["me"]["name"] == "Ann"
    # signing out on the phone ends its session, not the other device's
    token = phone.cookies.get(COOKIE)
    assert phone.post(api(club, "signout"), json={}).status_code == 200
    assert phone.get(api(club, "info")).json()["me"] is None
    replayed = device(client)
    replayed.cookies.set(COOKIE, token)
    assert replayed.get(api(club, "info")).json()["me"] is None  # revoked on the server
    assert client.get(api(club, "info")).json()["me"]["name"] == "Ann"


def test_sessions_expire(db_url: str) -> None:
    with fresh_client(db_url, session_seconds=1.0) as client:
        club = open_club(client)
        join(client, club, "Ann")
        assert client.get(api(club, "info")).json()["me"] is not None
        time.sleep(1.5)
        cookie = client.cookies.get(COOKIE)
        stale = device(client)
        stale.cookies.set(COOKIE, cookie)  # the browser kept it past its max-age
        assert stale.get(api(club, "info")).json()["me"] is None
        # signing in again forgets the expired session
        again = device(client)
        assert again.post(api(club, "signin"), json={
            "name": "Ann", "password": PASSWORD}).status_code == 200
        store = Store(db_url)
        try:
            with store.engine.connect() as conn:
                kept = conn.execute(select(member_sessions.c.token_hash)).scalars().all()
        finally:
            store.close()
        assert kept == [hash_token(again.cookies.get(COOKIE))]


def test_sign_in_attempts_are_limited_per_name_and_per_address(db_url: str) -> None:
    with fresh_client(db_url, signins_per_minute=3, signins_per_address=6) as client:
        club = open_club(client)
        join(client, club, "Ann")  # one attempt of the address's six
        for _ in range(3):
            assert client.post(api(club, "signin"), json={
                "name": "Ann", "password": "guess-guess"}).status_code == 401
        # the name is locked for now, even with the right password
        locked = client.post(api(club, "signin"), json={"name": "Ann", "password": PASSWORD})
        assert locked.status_code == 429 and int(locked.headers["retry-after"]) >= 1
        # other names from this address, until the address's own limit
        codes = [client.post(api(club, "signin"), json={
            "name": f"Guess{i}", "password": "guess-guess"}).status_code for i in range(3)]
        assert codes == [401, 429, 429]


def test_sign_in_limits_hold_across_server_processes(db_url: str) -> None:
    """Two server processes on one database count one name's attempts together (and
    one address's): switching process does not give a guesser more tries."""
    with fresh_client(db_url, signins_per_minute=3, signins_per_address=5) as one, \
            fresh_client(db_url, signins_per_minute=3, signins_per_address=5) as two:
        club = open_club(one)
        join(one, club, "Ann")  # the address's first attempt
        codes = [c.post(api(club, "signin"), json={"name": "Ann", "password": "guess-guess"}
                        ).status_code for c in (one, two, one, two)]
        assert codes == [401, 401, 401, 429]
        assert one.post(api(club, "signin"), json={
            "name": "Ann", "password": PASSWORD}).status_code == 429
        # the address has tried five times on the two processes: another name is
        # refused too
        assert two.post(api(club, "signin"), json={
            "name": "Bob", "password": "guess-guess"}).status_code == 429


def test_a_member_changes_their_own_password(db_url: str) -> None:
    """With their current password: the new one works, the old one not, every other
    session of theirs ends (this one stays); attempts are limited as sign-ins are."""
    with fresh_client(db_url, signins_per_minute=5) as client:
        club = open_club(client)
        join(client, club, "Ann")
        phone = device(client)
        assert phone.post(api(club, "signin"), json={
            "name": "Ann", "password": PASSWORD}).status_code == 200
        bob = device(client)
        join(bob, club, "Bob")
        assert device(client).post(api(club, "password"), json={
            "old": PASSWORD, "new": OTHER_PASSWORD}).status_code == 401  # nobody's
        wrong = client.post(api(club, "password"), json={
            "old": "not-my-password", "new": OTHER_PASSWORD})
        assert wrong.status_code == 403 and wrong.json()["error"] == "wrong-password"
        assert client.post(api(club, "password"), json={
            "old": PASSWORD, "new": "short"}).status_code == 400
        assert client.post(api(club, "password"), json={
            "old": PASSWORD, "new": OTHER_PASSWORD}).status_code == 200
        assert client.get(api(club, "info")).json()["me"]["name"] == "Ann"
        assert phone.get(api(club, "info")).json()["me"] is None  # signed out there
        assert bob.get(api(club, "info")).json()["me"]["name"] == "Bob"  # not Bob
        assert device(client).post(api(club, "signin"), json={
            "name": "Ann", "password": OTHER_PASSWORD}).status_code == 200
        # five attempts a minute for Ann's name: the phone's sign-in, the three changes
        # above and the last sign-in; the next change is refused before its password
        # is looked at
        refused = client.post(api(club, "password"), json={
            "old": OTHER_PASSWORD, "new": PASSWORD})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1


def test_the_admin_resets_a_member_with_a_one_time_link(client: TestClient) -> None:
    club = open_club(client)
    ann = join(client, club, "Ann")
    refused = client.post(api(club, "admin"), json={"admin": "guess", "action": "members"})
    assert refused.status_code == 403
    admin = device(client)
    listed = admin.post(api(club, "admin"), json={"admin": club["admin"], "action": "members"})
    assert [m["name"] for m in listed.json()["members"]] == ["Ann"]
    reset = admin.post(api(club, "admin"), json={
        "admin": club["admin"], "action": "reset", "member": ann["id"]}).json()
    token = reset["url"].split("#reset=")[1]
    # the old password and every session end at once
    assert client.get(api(club, "info")).json()["me"] is None
    assert device(client).post(api(club, "signin"), json={
        "name": "Ann", "password": PASSWORD}).status_code == 401
    phone = device(client)
    used = phone.post(api(club, "reset"), json={"reset": token, "password": OTHER_PASSWORD})
    assert used.status_code == 200 and used.json()["me"]["id"] == ann["id"]
    assert phone.get(api(club, "info")).json()["me"]["name"] == "Ann"
    # once only
    assert device(client).post(api(club, "reset"), json={
        "reset": token, "password": "third-password"}).status_code == 403
    assert device(client).post(api(club, "signin"), json={
        "name": "Ann", "password": OTHER_PASSWORD}).status_code == 200
    # a new invitation link: the old one stops working
    fresh = admin.post(api(club, "admin"), json={"admin": club["admin"], "action": "invite"})
    assert device(client).post(api(club, "join"), json={
        "invite": club["invite"], "name": "Bob", "password": PASSWORD}).status_code == 403
    club["invite"] = fresh.json()["invite_url"].split("#invite=")[1]
    join(device(client), club, "Bob")


def test_members_of_one_club_see_nothing_of_another(client: TestClient) -> None:
    first, second = open_club(client), open_club(client)
    ann = join(client, first, "Ann")
    # Ann's cookie is for her club's path; sent to the other club, it signs nobody in
    stray = device(client)
    stray.cookies.set(COOKIE, client.cookies.get(COOKIE))
    assert stray.get(api(second, "info")).json()["me"] is None
    assert stray.get(api(second, f"members/{ann['id']}")).status_code == 401
    bob = device(client)
    join(bob, second, "Bob")
    assert bob.get(api(second, f"members/{ann['id']}")).status_code == 404
    assert device(client).get(api(first, f"members/{ann['id']}")).status_code == 401


def _table(client: TestClient, club: dict[str, Any], seats: list[dict[str, Any]],
           game: str = "deberts", options: str = "deberts(target=251)",
           rated: bool = True) -> str:
    response = client.post(api(club, "tables"), json={
        "game": game, "options": options, "seats": seats, "rated": rated, "lang": "en"})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_a_member_takes_only_their_own_seat(client: TestClient) -> None:
    club = open_club(client)
    ann = join(client, club, "Ann")
    bob_device = device(client)
    bob = join(bob_device, club, "Bob")
    cy_device = device(client)
    join(cy_device, club, "Cy")
    # a table must seat its opener, and only members of the club
    assert client.post(api(club, "tables"), json={
        "game": "deberts", "seats": [{"member": bob["id"]}, {"bot": "medium"}],
    }).status_code == 400
    assert client.post(api(club, "tables"), json={
        "game": "deberts", "seats": [{"member": ann["id"]}, {"member": "someone"}],
    }).status_code == 400
    assert device(client).post(api(club, "tables"), json={
        "game": "deberts", "seats": [{"bot": "medium"}, {"bot": "medium"}],
    }).status_code == 401
    table = _table(client, club, [{"member": ann["id"]}, {"member": bob["id"]}])
    mine = client.post(api(club, f"tables/{table}/seat"), json={})
    assert mine.status_code == 200 and mine.json()["seat"] == 0
    theirs = bob_device.post(api(club, f"tables/{table}/seat"), json={}).json()
    assert theirs["seat"] == 1
    # Cy sits nowhere at it: no seat; nobody can ask for another's seat
    assert cy_device.post(api(club, f"tables/{table}/seat"), json={}).status_code == 403
    assert device(client).post(api(club, f"tables/{table}/seat"), json={}).status_code == 401
    # the seat's link works on the table's websocket, as the member's seat
    token = theirs["url"].split("token=")[1].split("&")[0]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "en"})
        assert ws.receive_json() == {"type": "welcome", "seat": 1, "table": table}
        # its page links back to the club
        room = next(m for m in iter(ws.receive_json, None) if m["type"] == "room")
        assert room["club"] == {"id": club["id"], "name": "Thursday club"}
        assert room["night"] is None
    # a club table is private: the lobby neither lists it nor gives its seats away
    assert table not in client.get("/api/lobby").text
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": "X"}).status_code == 403
    # asked again (another device), the seat gets a new link and the old one stops
    again = bob_device.post(api(club, f"tables/{table}/seat"), json={}).json()
    assert again["url"] != theirs["url"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "en"})
        assert ws.receive_json()["code"] == "bad-token"


def test_a_rated_match_moves_the_leaderboard_and_fills_the_member_page(
        client: TestClient, db_url: str) -> None:
    club = open_club(client)
    ann = join(client, club, "Ann")
    table = _table(client, club, [{"member": ann["id"]}, {"bot": "medium"}])
    assert client.post(api(club, f"tables/{table}/seat"), json={}).status_code == 200
    before = client.get(api(club, "info")).json()
    assert before["leaderboards"]["deberts"] == []
    assert before["tables"][0]["id"] == table and before["tables"][0]["mine"] == 0
    finish_table(db_url, table)
    info = client.get(api(club, "info")).json()
    board = info["leaderboards"]["deberts"]
    assert {e["player"] for e in board} == {f"member:{ann['id']}", "bot:medium"}
    assert [e["matches"] for e in board] == [1, 1]
    assert board[0]["rating"] > board[1]["rating"]
    assert {e.get("name") for e in board} >= {"Ann"}
    page = client.get(api(club, f"members/{ann['id']}")).json()
    [match] = page["matches"]
    assert match["table"] == table and match["rated"] and match["change"] != 0
    assert match["replay"].startswith(f"/replay?table={table}")
    assert match["with"] == [{"seat": 1, "name": None, "bot": "medium"}]
    stats = page["games"]["deberts"]
    assert stats["matches"] == 1 and stats["deals"] >= 1
    assert stats["made"] <= stats["taken"]
    assert stats["rating"]["matches"] == 1 and stats["rank"] in (1, 2)
    assert [b["bot"] for b in stats["bots"]] == ["medium"]
    # the replay link opens the finished table
    assert client.get(f"/api/tables/{table}/replay?step=1").status_code == 200
    # settled once: reading again changes nothing
    assert client.get(api(club, "info")).json()["leaderboards"] == info["leaderboards"]


def test_a_match_is_rated_only_when_every_member_seated_came(
        client: TestClient, db_url: str) -> None:
    club = open_club(client)
    ann = join(client, club, "Ann")
    bob = join(device(client), club, "Bob")
    table = _table(client, club, [{"member": ann["id"]}, {"member": bob["id"]}])
    client.post(api(club, f"tables/{table}/seat"), json={})  # Bob never came
    finish_table(db_url, table)
    info = client.get(api(club, "info")).json()
    assert info["leaderboards"]["deberts"] == []
    [match] = client.get(api(club, f"members/{bob['id']}")).json()["matches"]
    assert not match["rated"] and match["change"] is None


def test_partnerships_are_rated_in_belote(client: TestClient, db_url: str) -> None:
    club = open_club(client, ["belote"])
    ann = join(client, club, "Ann")
    table = _table(client, club, [{"member": ann["id"]}, {"bot": "expert"},
                                  {"bot": "medium"}, {"bot": "expert"}],
                   game="belote", options="belote(target=501)")
    client.post(api(club, f"tables/{table}/seat"), json={})
    finish_table(db_url, table)
    board = client.get(api(club, "info")).json()["leaderboards"]["belote"]
    by = {e["player"]: e for e in board}
    assert set(by) == {f"member:{ann['id']}", "bot:medium", "bot:expert"}
    # Ann and her partner medium won or lost together
    assert by[f"member:{ann['id']}"]["mu"] == by["bot:medium"]["mu"]
    assert (by["bot:medium"]["mu"] > 25) != (by["bot:expert"]["mu"] > 25)


def test_changing_requests_must_be_json_from_the_same_origin(client: TestClient) -> None:
    club = open_club(client)
    form = client.post(api(club, "join"), data={
        "invite": club["invite"], "name": "Ann", "password": PASSWORD})
    assert form.status_code == 400
    body = json.dumps({"invite": club["invite"], "name": "Ann", "password": PASSWORD})
    plain = client.post(api(club, "join"), content=body,
                        headers={"content-type": "text/plain"})
    assert plain.status_code == 400
    cross = client.post(api(club, "join"), json={
        "invite": club["invite"], "name": "Ann", "password": PASSWORD},
        headers={"origin": "https://evil.example"})
    assert cross.status_code == 403


def test_no_password_in_the_database_or_the_logs(
        client: TestClient, db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    club = open_club(client)
    ann = join(client, club, "Ann")
    client.post(api(club, "signin"), json={"name": "Ann", "password": "wrong-" + PASSWORD})
    reset = client.post(api(club, "admin"), json={
        "admin": club["admin"], "action": "reset", "member": ann["id"]}).json()
    token = reset["url"].split("#reset=")[1]
    client.post(api(club, "reset"), json={"reset": token, "password": OTHER_PASSWORD})
    secrets_ = [PASSWORD, OTHER_PASSWORD, club["admin"], club["invite"], token,
                client.cookies.get(COOKIE)]
    store = Store(db_url)
    try:
        dump = []
        with store.engine.connect() as conn:
            for name in inspect(conn).get_table_names():
                table = Table(name, MetaData(), autoload_with=conn)
                dump += [repr(tuple(row)) for row in conn.execute(select(table))]
    finally:
        store.close()
    text = "\n".join(dump)
    assert "$argon2id$" in text
    logs = "\n".join(r.getMessage() for r in caplog.records)
    for secret in secrets_:
        assert secret and secret not in text
        assert secret not in logs


def test_what_members_read_of_each_other_carries_no_secret(
        client: TestClient, db_url: str) -> None:
    """The club's page and a member's page, read by another member: names, tables,
    results; never a digest, a hash, a seat's token or a sign-in link."""
    import re

    club = open_club(client)
    ann = join(client, club, "Ann")
    bob_device = device(client)
    join(bob_device, club, "Bob")
    table = _table(client, club, [{"member": ann["id"]}, {"bot": "medium"}])
    seat_url = client.post(api(club, f"tables/{table}/seat"), json={}).json()["url"]
    token = seat_url.split("token=")[1].split("&")[0]
    finish_table(db_url, table)
    reset = client.post(api(club, "admin"), json={
        "admin": club["admin"], "action": "reset", "member": ann["id"]}).json()["url"]
    read = bob_device.get(api(club, "info")).text + bob_device.get(
        api(club, f"members/{ann['id']}")).text
    assert "Ann" in read and table in read
    for secret in (token, reset.split("#reset=")[1], club["admin"], club["invite"]):
        assert secret not in read
    assert "argon2" not in read
    assert not re.search(r"[0-9a-f]{64}", read)  # no SHA-256 digest of anything


def test_a_finished_table_is_settled_once_by_processes_racing(
        client: TestClient, db_url: str) -> None:
    """Two stores on one database (two server processes) settle the same finished table
    at once: its results are stored once and the ratings move once."""
    import threading

    from atout.web.clubs import ClubRoutes

    club = open_club(client)
    ann = join(client, club, "Ann")
    table = _table(client, club, [{"member": ann["id"]}, {"bot": "medium"}])
    client.post(api(club, f"tables/{table}/seat"), json={})
    finish_table(db_url, table)
    stores = [Store(db_url) for _ in range(4)]
    state: Any = client.app.state  # type: ignore[attr-defined]
    routes = [ClubRoutes(s, state.manager, state.limits) for s in stores]
    done: list[int] = []
    start = threading.Barrier(len(routes))

    def settle(r: ClubRoutes) -> None:
        start.wait()
        done.append(r.settle(club["id"]))

    threads = [threading.Thread(target=settle, args=(r,)) for r in routes]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    try:
        assert sorted(done) == [0, 0, 0, 1]
        board = routes[0].clubs.leaderboard(club["id"], "deberts")
        assert [r.matches for _, r in board] == [1, 1]
        assert len(routes[0].clubs.results(club["id"], f"member:{ann['id']}")) == 1
    finally:
        for s in stores:
            s.close()
