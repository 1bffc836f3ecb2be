"""Duplicate nights in the card room (issue 26, point 3): a night set up by its admin,
tables that deal the same boards, standings read from the tables, export, real cards,
and secrecy: nothing a seat or the standings page receives gives a board's cards away
before that table plays it."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.clubs.duplicate import BoardResult, Night, round_key, standings, table_seed
from atout.notation import read_position
from atout.web import create_app
from atout.web.clubstore import ClubStore
from atout.web.tables import Watcher
from web_support import card_codes, client_limits, leaks, numbers_in


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as c:
        yield c


def new_night(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/nights", json={"game": "belote", "rounds": 2, "boards": 2,
                                                "lang": "fr", **body})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    made["token"] = made["admin"].split("admin=")[1].split("&")[0]
    return made


def admin(client: TestClient, made: dict[str, Any], what: str, **body: Any) -> Any:
    response = client.post(f"/api/nights/{made['id']}/{what}",
                           json={"admin": made["token"], **body})
    assert response.status_code == 200, response.text
    return response.json()


def play_table(client: TestClient, table_id: str, seed: int, boards: int | None = None,
               received: dict[int, list[Any]] | None = None) -> Any:
    """Play a room table with random legal actions at its people's seats (its bots
    play themselves), to the end or until ``boards`` boards are finished. With
    ``received``, every seat watches and each message is scanned for hidden cards."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    rng = random.Random(seed)

    async def run() -> Any:
        cluster = client.app.state.cluster  # type: ignore[attr-defined]
        if cluster is not None:  # on PostgreSQL, run the table as a page's connection does:
            assert await cluster.route(table_id) is None  # with its lease (else it is let go)
        table = await manager.get(table_id)
        problems: list[str] = []
        if received is not None:
            for seat in range(table.match.num_players if hasattr(table.match, "num_players")
                              else 4):
                async def send(message: dict[str, Any], seat: int = seat) -> None:
                    received.setdefault(seat, []).append(json.loads(json.dumps(message)))
                    problems.extend(leaks(message, table.match, seat))
                table.watchers.add(Watcher(seat, "en", send))
        for _ in range(5000):
            match = table.match
            if match.is_over or (boards is not None and len(match.deals) >= boards):
                break
            seat = match.current_player()
            if seat in table.bots:
                await asyncio.sleep(0.002)
                continue
            await manager.act(table, seat, str(rng.choice(match.legal_actions())), table.seq,
                              "en")
        for w in list(table.watchers):
            table.watchers.discard(w)
        assert not problems, problems[:3]
        return table.match

    return client.portal.call(run)  # type: ignore[union-attr]


def test_a_night_in_the_room(client: TestClient) -> None:
    made = new_night(client, title="Jeudi")
    nid = made["id"]
    assert made["standings"] == f"/night/{nid}#lang=fr" and made["token"] not in made["standings"]
    # only the admin runs it
    for body in ({}, {"admin": "nope"}):
        response = client.post(f"/api/nights/{nid}/entrants", json={**body, "names": ["a", "b"]})
        assert response.status_code == 403
    for i in range(3):
        admin(client, made, "entrants", names=[f"Ann{i}", f"Bob{i}"])
    night = admin(client, made, "rounds")
    assert night["round"] == 1 and len(night["entrants"]) == 4 and night["entrants"][3]["bot"]
    assert len(night["tables"]) == 2 and set(night["links"]) == {"1", "2"}
    assert client.post(f"/api/nights/{nid}/rounds", json={"admin": made["token"]}
                       ).status_code == 409  # the round is still open
    assert client.get(f"/api/nights/{nid}/export").status_code == 403  # not over yet
    matches: dict[tuple[int, int], Any] = {}
    for rnd in (1, 2):
        if rnd == 2:
            night = admin(client, made, "rounds")
        ids = {t: links[0]["url"].split("/table/")[1].split("#")[0]
               for t, links in night["links"].items()}
        for n, (t, table_id) in enumerate(sorted(ids.items())):
            matches[(rnd, int(t))] = play_table(client, table_id, seed=rnd * 10 + n)
            shown = client.get(f"/api/nights/{nid}").json()
            if n == 0:  # table 2 still to play: no board scored yet, no card, no seed
                current = {str(b) for b in (2 * rnd - 1, 2 * rnd)}
                assert all(not set(s["boards"]) & current for s in shown["standings"])
                assert not {str(d["number"]) for d in shown["deals"]} & current
                assert shown["tables"][0]["played"] == 2 and shown["tables"][1]["played"] == 0
    shown = client.get(f"/api/nights/{nid}").json()
    assert shown["over"]
    # each deal's traveller: both tables, what they wrote, scores that cancel out
    assert [d["number"] for d in shown["deals"]] == [4, 3, 2, 1]
    for deal in shown["deals"]:
        assert [r["table"] for r in deal["results"]] == [1, 2]
        assert sum(float(x) for r in deal["results"] for x in r["scores"]) == 0
    # the same decks at every table of a round, and the standings as computed here
    stored = Night.from_json(json.loads(client.app.state.store.get_night(nid)[2])["night"])  # type: ignore[attr-defined]
    results = []
    for (rnd, t), match in matches.items():
        boards = stored.rounds[rnd - 1].boards
        assert len(match.deals) == 2
        for i, deal in enumerate(match.deals):
            assert tuple(deal.deck) == stored.setup.board(boards[i]).deck
            turned = stored.rounds[rnd - 1].tables[t - 1].turned(i)
            results.append(BoardResult(rnd, t, boards[i], turned, deal.result.recorded))
    expected = standings(stored.entrants, stored.rounds, results)
    assert [(s["entrant"], s["value"]) for s in shown["standings"]] == [
        (s.entrant, float(s.total)) for s in expected]
    assert sum(Fraction(s.total) for s in expected) == 0
    text = client.get(f"/api/nights/{nid}/export").text
    lines = [line for line in text.splitlines() if " | " in line]
    assert len(lines) == 8 and all(read_position(line).is_over for line in lines)


def test_real_cards_entered_board_by_board(client: TestClient) -> None:
    made = new_night(client, game="deberts", rounds=1, boards=1, real_cards=True, lang="en")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        admin(client, made, "entrants", names=[name])
    night = admin(client, made, "rounds")
    assert night["links"] == {} and night["next"] == {"1": 1, "2": 1}
    refused = client.post(f"/api/nights/{made['id']}/results",
                          json={"admin": made["token"], "table": 1, "board": 1,
                                "entry": "caller=0 trump=H points=1000,0"})
    assert refused.status_code == 422
    admin(client, made, "results", table=1, board=1, entry="caller=0 trump=H points=72,90")
    shown = client.get(f"/api/nights/{made['id']}").json()
    assert not any(s["boards"] for s in shown["standings"])  # table 2 has not played it
    night = admin(client, made, "results", table=2, board=1,
                  entry="caller=0 trump=S points=100,62")
    assert night["over"]
    # table 1 (straight): bait, 0-162, its side 0 nets -162 with the board's side-0
    # cards; table 2 (turned, dealt by seat 1): made, 100-62, and its side 1 holds
    # those cards: -38. Average -100: -62 and +62 at table 1, +62 and -62 at table 2.
    totals = {s["entrant"]: s["total"] for s in night["standings"]}
    (a,), (b,) = night["tables"][0]["sides"]
    (c,), (d,) = night["tables"][1]["sides"]
    assert totals == {a: "-62", b: "+62", c: "-62", d: "+62"}
    text = client.post(f"/api/nights/{made['id']}/export", json={"admin": made["token"]}).text
    assert text.count("entry caller=") == 2
    # a typo corrected: at table 2 the caller (side 0) had 62 to 100 in fact, a bait
    # (0-162), so its side 1, holding the board's side-0 cards, nets +162 against table
    # 1's -162: average 0, -162 and +162 at table 1, -162 and +162 at table 2
    night = admin(client, made, "results", table=2, board=1, correct=True,
                  entry="caller=0 trump=S points=62,100")
    assert night["entered"]["2"] == [{"board": 1, "entry": "caller=0 trump=S points=62,100"}]
    totals = {s["entrant"]: s["total"] for s in night["standings"]}
    assert totals == {a: "-162", b: "+162", c: "-162", d: "+162"}
    refused = client.post(f"/api/nights/{made['id']}/results",
                          json={"admin": made["token"], "table": 1, "board": 2, "correct": True,
                                "entry": "caller=0 trump=H points=72,90"})
    assert refused.status_code == 409  # nothing entered for that board


def test_no_future_board_reaches_a_table_that_has_not_played_it(client: TestClient) -> None:
    """Table 1 plays its whole round first; every seat of table 2 watches its own table
    from the start and board by board: no message to it names a card hidden from it,
    and no message to anyone, nor the standings page, carries the night's seed, a
    round's key or a table's seed (from which the boards could be dealt)."""
    made = new_night(client, rounds=2, boards=3)
    for i in range(4):
        admin(client, made, "entrants", names=[f"A{i}", f"B{i}"])
    night = admin(client, made, "rounds")
    ids = {int(t): links[0]["url"].split("/table/")[1].split("#")[0]
           for t, links in night["links"].items()}
    stored = Night.from_json(json.loads(client.app.state.store.get_night(made["id"])[2])["night"])  # type: ignore[attr-defined]
    secrets = {stored.setup.seed, round_key(stored.setup.seed, 1),
               round_key(stored.setup.seed, 2),
               *(table_seed(stored.setup, r, t) for r in (1, 2) for t in (1, 2))}
    seen: dict[int, list[Any]] = {}
    play_table(client, ids[1], seed=1, received=seen)
    pages = [client.get(f"/api/nights/{made['id']}").json()]
    other: dict[int, list[Any]] = {}
    for boards in (1, 2, 3):
        play_table(client, ids[2], seed=2, boards=boards, received=other)
        pages.append(client.get(f"/api/nights/{made['id']}").json())
    for page in pages:
        assert not card_codes(page), page
        assert not numbers_in(page) & secrets
    for messages in (*seen.values(), *other.values()):
        assert not numbers_in(messages) & secrets
    assert sum(len(m) for m in other.values()) > 50


def test_a_clubs_night_is_run_by_the_clubs_admin(client: TestClient) -> None:
    """A night opened for a club needs the club's admin secret; that secret then runs
    the night too (besides the night's own), and the standings name the club."""
    response = client.post("/api/clubs", json={"name": "Thursday club", "games": ["belote"],
                                               "lang": "en"})
    assert response.status_code == 201, response.text
    club = response.json()
    club_admin = club["admin_url"].split("#admin=")[1]
    for wrong in (None, "nope"):
        refused = client.post("/api/nights", json={"game": "belote", "club": club["id"],
                                                   "club_admin": wrong})
        assert refused.status_code == 403
    assert client.post("/api/nights", json={"game": "belote", "club": "no-such-club",
                                            "club_admin": club_admin}).status_code == 403
    made = new_night(client, club=club["id"], club_admin=club_admin)
    shown = client.get(f"/api/nights/{made['id']}").json()
    assert shown["club"] == {"id": club["id"], "name": "Thursday club"}
    assert shown["title"] == "Thursday club"
    added = client.post(f"/api/nights/{made['id']}/entrants",
                        json={"admin": club_admin, "names": ["Ann", "Bob"]})
    assert added.status_code == 200 and added.json()["entrants"][0]["names"] == ["Ann", "Bob"]
    # a night of no club is not run by a club's secret
    other = new_night(client)
    assert client.post(f"/api/nights/{other['id']}/entrants",
                       json={"admin": club_admin, "names": ["A", "B"]}).status_code == 403


def test_a_table_of_bots_plays_itself_in_the_background(client: TestClient) -> None:
    """Starting a round answers at once; the table where only bots sit plays its boards
    meanwhile, and the standings find them."""
    import time

    made = new_night(client, rounds=1, boards=2, bot="random")
    admin(client, made, "entrants", names=["Ann", "Bob"])
    for _ in range(3):
        admin(client, made, "entrants", bot=True)
    night = admin(client, made, "rounds")
    assert len(night["links"]) == 1  # the people's table only
    (_table, links), = night["links"].items()
    play_table(client, links[0]["url"].split("/table/")[1].split("#")[0], seed=5)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        shown = client.get(f"/api/nights/{made['id']}").json()
        if shown["over"]:
            break
        time.sleep(0.2)
    assert shown["over"] and all(table["played"] == 2 for table in shown["tables"])
    assert sum(s["value"] for s in shown["standings"]) == 0


def test_a_clubs_night_feeds_the_members_ratings_and_pages(client: TestClient) -> None:
    """At a club's night, a signed-in member who opens their seat link is that seat's
    person (nobody else can claim it); once a round is complete each table counts in
    the ratings like a match won by the side with the better duplicate score there,
    bots by level; later rounds know the members without a new claim; the member page
    shows the night with its place, score and replays; a table with a guest is not
    rated."""
    response = client.post("/api/clubs", json={"name": "Thursday club", "games": ["belote"],
                                               "lang": "en"})
    club = response.json()
    cid, invite = club["id"], club["invite_url"].split("#invite=")[1]
    devices: dict[str, TestClient] = {}
    ids: dict[str, str] = {}
    for name in ("Ann", "Bob", "Cid", "Dan"):
        devices[name] = TestClient(client.app)
        joined = devices[name].post(f"/club/{cid}/api/join", json={
            "invite": invite, "name": name, "password": "sesame-ouvre-toi"})
        assert joined.status_code == 201, joined.text
        ids[name] = joined.json()["me"]["id"]
    made = new_night(client, club=cid, club_admin=club["admin_url"].split("#admin=")[1],
                     rounds=2, boards=1, bot="random")
    admin(client, made, "entrants", names=["Ann", "Bob"])
    admin(client, made, "entrants", names=["Cid", "Dan"])
    admin(client, made, "entrants", names=["Eve", "Fay"])  # guests, no members
    night = admin(client, made, "rounds")
    nid = made["id"]

    def claim(who: str, link: dict[str, Any]) -> int:
        fragment = dict(p.split("=", 1) for p in link["url"].split("#")[1].split("&"))
        table_id = link["url"].split("/table/")[1].split("#")[0]
        return devices[who].post(f"/club/{cid}/api/claim", json={
            "table": table_id, "seat": int(fragment["seat"]),
            "token": fragment["token"]}).status_code

    links = {link["name"]: link for t in night["links"].values() for link in t}
    assert claim("Ann", {**links["Ann"], "url": links["Ann"]["url"].replace(
        "token=", "token=x")}) == 403  # a seat link is needed
    assert client.post(f"/club/{cid}/api/claim", json={  # a member is needed
        "table": "x", "seat": 0, "token": "y"}).status_code == 401
    for name in ("Ann", "Bob", "Cid", "Dan"):
        assert claim(name, links[name]) == 200
    # a night's table links back to its standings (and knows its club)
    with client.websocket_connect(links["Ann"]["url"].split("#")[0].replace(
            "/table/", "/ws/")) as ws:
        ws.send_json({"type": "hello", "lang": "en"})
        room = next(m for m in iter(ws.receive_json, None) if m["type"] == "room")
        assert room["night"] == nid and room["club"] == {"id": cid, "name": "Thursday club"}
    assert claim("Bob", links["Ann"]) == 403  # Ann's seat is Ann's
    assert claim("Ann", links["Bob"]) == 403
    for rnd in (1, 2):
        if rnd == 2:
            night = admin(client, made, "rounds")
        for n, t_links in enumerate(night["links"].values()):
            play_table(client, t_links[0]["url"].split("/table/")[1].split("#")[0],
                       seed=rnd * 10 + n)
        deadline = time.monotonic() + 60
        while not client.get(f"/api/nights/{nid}").json()["round_complete"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        client.get(f"/api/nights/{nid}")  # the complete round is settled on a read
    shown = client.get(f"/api/nights/{nid}").json()
    assert shown["over"]
    info = devices["Ann"].get(f"/club/{cid}/api/info").json()
    rated = {e["player"]: e for e in info["leaderboards"]["belote"]}
    store = client.app.state.store  # type: ignore[attr-defined]
    stored = Night.from_json(json.loads(store.get_night(nid)[2])["night"])
    # who met whom: a table is rated when every seat is a member or a bot
    expected: dict[str, int] = {}
    for rnd in stored.rounds:
        for t in rnd.tables:
            names = [n for e in t.entrants() for n in stored.entrant(e).names]
            bots = [stored.entrant(e).bot for e in t.entrants()]
            if all(bots) or "Eve" in names:
                continue
            for key in {f"member:{ids[n]}" if n in ids else "bot:random" for n in names}:
                expected[key] = expected.get(key, 0) + 1
    assert {p: e["matches"] for p, e in rated.items()} == expected
    assert f"member:{ids['Ann']}" in expected  # Ann's pair met a bot or member pair
    page = devices["Bob"].get(f"/club/{cid}/api/members/{ids['Ann']}").json()
    assert page["matches"] == []  # a night's tables show with their night
    [mine] = page["nights"]
    ann = next(e.number for e in stored.entrants if e.names == ("Ann", "Bob"))
    standing = next(s for s in stored.standings() if s.entrant == ann)
    assert (mine["id"], mine["place"], mine["entrants"]) == (nid, standing.place, 4)
    assert float(mine["score"]) == pytest.approx(float(standing.total), abs=0.05)
    assert mine["standings"].startswith(f"/night/{nid}") and mine["over"]
    assert [t["round"] for t in mine["tables"]] == [1, 2]
    assert all(t["replay"].startswith("/replay?table=") for t in mine["tables"])
    # won: the side with the better duplicate score at its table
    clubs = ClubStore(store)
    tables = {row.table_id: row for row in clubs.night_tables(nid)}
    mine_results = [r for r in clubs.results(cid, f"member:{ids['Ann']}")
                    if r.table_id in tables]
    assert len(mine_results) == 2
    for r in mine_results:
        row = tables[r.table_id]
        totals = stored.table_totals(row.night_round or 0, row.night_table or 0)
        assert r.stats.won == (totals[r.stats.team] > totals[1 - r.stats.team])


def test_another_process_reads_the_tables_it_does_not_run(db_url: str) -> None:
    """Two server processes on one database: the one that does not run a night's table
    reads its boards from the table's log, again as the table goes on (its copy of the
    table is brought up to date, not rebuilt)."""
    with TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as one, \
            TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as two:
        made = new_night(one, rounds=1, boards=2, bot="random")
        admin(one, made, "entrants", names=["Ann", "Bob"])
        admin(one, made, "entrants", bot=True)
        night = admin(one, made, "rounds")
        (links,) = night["links"].values()
        table_id = links[0]["url"].split("/table/")[1].split("#")[0]
        play_table(one, table_id, seed=3, boards=1)  # process one runs the table
        manager = two.app.state.manager  # type: ignore[attr-defined]
        rebuilt: list[str] = []
        peek = manager.peek

        async def counted(table: str) -> Any:
            rebuilt.append(table)
            return await peek(table)

        manager.peek = counted
        assert admin(two, made, "admin")["tables"][0]["played"] == 1
        assert table_id not in manager.tables
        play_table(one, table_id, seed=4)
        shown = admin(two, made, "admin")
        assert shown["tables"][0]["played"] == 2 and shown["over"]
        assert rebuilt == [table_id]  # rebuilt once, then read on from its log
