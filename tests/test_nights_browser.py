"""Duplicate nights in Chromium (issue 26, point 3): the admin sets a night up on its
page, eight people (scripted websocket clients, with the links the admin page shows)
and bots play two rounds with the same boards at every table, and the standings page
shows what a hand computation from the tables' own records gives. axe-core on every
night page; screenshots of each in six languages, desktop and phone."""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from atout.clubs.duplicate import format_score
from atout.i18n import LANGUAGES
from atout.kits import get_game
from atout.notation import parse_match, read_position
from atout.web import create_app
from browser_support import chromium, serving, shot
from web_support import client_limits

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = f"sqlite:///{tmp_path_factory.mktemp('nights') / 'atout.db'}"
    with serving(create_app(db, bot_delay=0, limits=client_limits())) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def serious(page: Any) -> list[str]:
    results = axe_module.Axe().run(page)
    return [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def post(server: str, path: str, body: dict[str, Any]) -> Any:
    import httpx2 as httpx

    response = httpx.post(server + path, json=body, timeout=30)
    assert response.status_code in (200, 201), response.text
    return response.json() if "json" in response.headers["content-type"] else response.text


def get(server: str, path: str) -> Any:
    import httpx2 as httpx

    response = httpx.get(server + path, timeout=30)
    assert response.status_code == 200, response.text
    return response.json() if "json" in response.headers["content-type"] else response.text


def person(server: str, url: str, seed: int, errors: list[str]) -> None:
    """Someone at a night table, from the link the admin page gave them: random legal
    actions at their seat until the table's match (its boards) is over."""
    from websockets.sync.client import connect

    table = url.split("/table/")[1].split("#")[0]
    fragment = dict(p.split("=") for p in url.split("#")[1].split("&"))
    rng = random.Random(seed)
    try:
        with connect(server.replace("http", "ws") + f"/ws/{table}") as ws:
            ws.send(json.dumps({"type": "hello", "token": fragment["token"]}))
            seen = 0
            while True:
                message = json.loads(ws.recv(timeout=120))
                if message["type"] != "state":
                    continue
                if len(message["scoresheet"]) > seen:  # close the breakdown for the bots
                    seen = len(message["scoresheet"])
                    ws.send(json.dumps({"type": "ready", "deal": seen}))
                if message["table"]["over"]:
                    return
                view = message["view"]
                if view["to_play"] == int(fragment["seat"]) and view["legal_actions"]:
                    ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                        "action": rng.choice(view["legal_actions"])}))
    except Exception as exc:  # reported by the test
        errors.append(f"{url}: {exc!r}")


def table_deals(server: str, table_id: str) -> list[Any]:
    """A room table's deals, replayed by the rules from its record."""
    info = get_game("belote")
    record = parse_match(get(server, f"/api/tables/{table_id}/record"))
    deals = []
    for deal in record.deals:
        played = info.deal(deal.deck, deal.dealer, record.options)
        for _, action in deal.actions:
            played.apply(action)
        deals.append(played)
    return deals


def exported_deals(export: str) -> dict[tuple[int, int], list[Any]]:
    """Each table's deals from the night's export: its position lines, replayed."""
    out: dict[tuple[int, int], list[Any]] = {}
    where = (0, 0)
    for line in export.splitlines():
        if line.startswith("round "):
            words = line.split()
            where = (int(words[1]), int(words[3]))
        elif " | " in line:
            out.setdefault(where, []).append(read_position(line))
    return out


def by_hand(rounds: list[dict[str, Any]], entrants: list[int]) -> dict[int, Fraction]:
    """The standings worked out from the deals alone: per board, each table's net for
    the holders of the cards of the board's own dealer's side (a table that dealt it
    from the next seat holds them on its other side), the field's average, and each
    side's difference from it."""
    totals: dict[int, Fraction] = dict.fromkeys(entrants, Fraction(0))
    for rnd in rounds:
        nets: dict[int, list[tuple[dict[str, Any], bool, int]]] = {}
        for table in rnd["tables"]:
            for k, deal in enumerate(table["deals"]):
                board = rnd["boards"][k]
                a, b = deal.result.recorded
                turned = deal.dealer != (board - 1) % 4
                nets.setdefault(board, []).append((table, turned, (b - a) if turned else (a - b)))
        for rows in nets.values():
            average = Fraction(sum(n for _, _, n in rows), len(rows))
            for table, turned, net in rows:
                holders, others = (1, 0) if turned else (0, 1)
                for e in table["sides"][holders]:
                    totals[e] += net - average
                for e in table["sides"][others]:
                    totals[e] -= net - average
    return totals


def test_a_night_of_eight_people_and_bots(server: str, browser: Any) -> None:
    admin = browser.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
    errors: list[str] = []
    admin.on("pageerror", lambda e: errors.append(str(e)))
    admin.goto(server + "/nights?lang=en")
    admin.wait_for_selector("#setup")
    admin.fill("#night-name", "Thursday club")
    admin.select_option("#game", "belote")
    admin.fill("#rounds", "2")
    admin.fill("#boards", "2")
    admin.click("#setup button[type=submit]")
    admin.wait_for_url("**/night/**#admin=*")
    admin.wait_for_selector("#add")
    for i in range(4):  # four pairs of people: eight people
        admin.fill("#name1", f"Ann{i}")
        admin.fill("#name2", f"Bob{i}")
        admin.click("#add button[type=submit]")
        admin.wait_for_function(f"document.querySelectorAll('#entrants li').length === {i + 1}")
    admin.click("#add-bot")  # a bot pair entered; the draw adds another to fill the tables
    admin.wait_for_function("document.querySelectorAll('#entrants li').length === 5")
    night_id = admin.url.split("/night/")[1].split("#")[0]
    token = admin.url.split("admin=")[1].split("&")[0]
    viewer = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    viewer.goto(server + f"/night/{night_id}#lang=en")
    viewer.wait_for_selector("#status")
    rounds: list[dict[str, Any]] = []
    for rnd in (1, 2):
        admin.click("#start")
        admin.wait_for_function(f"document.getElementById('status').textContent"
                                f".startsWith('Round {rnd} of 2')")
        links = [admin.locator(f"#{i.get_attribute('id')}").input_value()
                 for i in admin.locator(".table-card .seat input").all()]
        state = post(server, f"/api/nights/{night_id}/admin", {"admin": token})
        ids = {t: s[0]["url"].split("/table/")[1].split("#")[0] for t, s in state["links"].items()}
        assert len(state["tables"]) == 3
        people = [u for u in links if "#seat=" in u]
        assert len(people) == 8  # the eight people, whatever tables the bots sit at
        threads = [threading.Thread(target=person, args=(server, u, rnd * 100 + n, errors))
                   for n, u in enumerate(people)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(300)
        assert not errors, errors
        rounds.append({"boards": [2 * rnd - 1, 2 * rnd], "tables": [
            {"id": ids.get(str(t["number"])), "number": t["number"], "sides": t["sides"]}
            for t in state["tables"]]})
        viewer.wait_for_function(
            "n => document.querySelectorAll('.table-card .progress').length === 3 && "
            "[...document.querySelectorAll('#standings thead th.board')].length === n",
            arg=2 * rnd, timeout=30_000)
    night = get(server, f"/api/nights/{night_id}")
    assert night["over"]
    export = get(server, f"/api/nights/{night_id}/export")
    from_export = exported_deals(export)
    for r, rnd in enumerate(rounds):
        for t in rnd["tables"]:
            t["deals"] = (table_deals(server, t["id"]) if t["id"] is not None
                          else from_export[(r + 1, t["number"])])
        # every table of a round dealt the same decks
        assert len({tuple(tuple(d.deck) for d in t["deals"]) for t in rnd["tables"]}) == 1
    expected = by_hand(rounds, [e["number"] for e in night["entrants"]])
    assert sum(expected.values()) == 0
    viewer.wait_for_function("document.getElementById('status').textContent"
                             " === 'The night is over.'", timeout=30_000)
    shown = {int(r.get_attribute("data-entrant")): r.locator("td.total").inner_text()
             for r in viewer.locator("#standings tbody tr").all()}
    assert shown == {e: format_score(v) for e, v in expected.items()}
    assert sum(" | " in line for line in export.splitlines()) == 12  # 3 tables, 2 x 2 boards
    assert serious(viewer) == [] and serious(admin) == []
    assert not errors, errors


@pytest.mark.pages_only
def test_pages_in_six_languages(server: str, browser: Any, tmp_path: Path) -> None:
    """Setup, admin and standings pages on a desktop and a phone in every language:
    nothing serious for axe-core, no page error, no text wider than the screen."""
    made = post(server, "/api/nights", {"game": "belote", "rounds": 2, "boards": 3,
                                        "title": "Club du jeudi", "lang": "fr",
                                        "real_cards": True})
    nid, token = made["id"], made["admin"].split("admin=")[1].split("&")[0]
    for i, (a, b) in enumerate([("Anne", "Bernard"), ("Chloé", "Daniel"),
                                ("Émilie", "François"), ("Gaëlle", "Hugo"), ("Inès", "Jules")]):
        post(server, f"/api/nights/{nid}/entrants", {"admin": token, "names": [a, b]})
        if i == 4:
            night = post(server, f"/api/nights/{nid}/rounds", {"admin": token})
    # two deals entered at every table played with real cards (the bots' table plays
    # in the room): the standings and the deals' results have something to show
    entries = ["taker=0 trump=H points=100,62", "taker=1 trump=S points=92,70"]
    for k in range(2):
        for table in night["tables"]:
            if str(table["number"]) not in night["links"]:
                post(server, f"/api/nights/{nid}/results",
                     {"admin": token, "table": table["number"], "board": k + 1,
                      "entry": entries[(k + table["number"]) % 2]})
    folder = Path(os.environ.get("ATOUT_NIGHT_SHOTS") or tmp_path)
    problems: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        for device, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            context = browser.new_context(viewport=viewport, reduced_motion="reduce",
                                          bypass_csp=True)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            for name, url, ready in (
                ("setup", f"/nights?lang={lang}", "#setup"),
                ("admin", f"/night/{nid}#admin={token}&lang={lang}", ".table-card"),
                ("standings", f"/night/{nid}#lang={lang}", "#standings"),
            ):
                page.goto(server + url)
                page.wait_for_selector(ready)
                page.wait_for_timeout(200)
                found = serious(page)
                wide = page.evaluate("document.documentElement.scrollWidth > innerWidth + 1")
                if found or wide:
                    problems[f"{name} {lang} {device}"] = [*found, *(["too wide"] if wide else [])]
                page.screenshot(path=str(folder / f"night-{name}-{lang}-{device}.png"),
                                full_page=True)
                shot(page, f"night-{name}-{lang}-{device}", full=True)
            assert not errors, errors
            page.context.close()
    assert not problems, problems
