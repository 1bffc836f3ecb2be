"""The card room in a real headless Chromium: the lobby and names, chat shown as text,
keyboard-only play of a whole match, the rematch, leaving and resuming, the phone
layouts (no two things on top of each other), axe-core on every page, and screenshots
of every page on a desktop and a phone in English, French and Spanish.

Skipped like tests/test_web_browser.py when Playwright or Chromium is missing. The
screenshots go to ``$ATOUT_ROOM_SHOTS`` (the project keeps them in
docs/screenshots/room/: ``ATOUT_ROOM_SHOTS=docs/screenshots/room pytest -k screenshots
tests/test_web_room_browser.py``), else to a temporary folder.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_browser as base
from atout.i18n import LANGUAGES
from atout.web import create_app
from atout.web.limits import Limits
from browser_support import serving
from test_web_browser import DESKTOP, watch_errors

# the same browser fixture as tests/test_web_browser.py
browser = base.browser


@pytest.fixture(scope="module")
def server(module_db_url: str) -> Iterator[str]:
    """A real server as in tests/test_web_browser.py (bots at 0.02 s), without the limit
    on new tables from one address: the screenshots alone open dozens in a minute."""
    app = create_app(module_db_url, bot_delay=0.02, limits=Limits(tables_per_minute=0))
    with serving(app) as url:
        yield url


sync_api = pytest.importorskip("playwright.sync_api")
axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]
LANGS = list(LANGUAGES)


def api(server: str, seats: list[dict[str, Any]], game: str = "deberts", options: str = "",
        lang: str = "en", **extra: Any) -> dict[str, Any]:
    import httpx2 as httpx

    response = httpx.post(server + "/api/tables", json={
        "game": game, "options": options, "lang": lang, "seats": seats, "me": 0, **extra})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def page_at(browser: Any, viewport: dict[str, int] | None = None, **kwargs: Any) -> Any:
    context = browser.new_context(viewport=viewport or DESKTOP, bypass_csp=True, **kwargs)
    return context.new_page()


def seq(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.seq || -1)"))


def labels(page: Any) -> list[str]:
    return [x.strip() for x in page.locator(".seat-label .who").all_inner_texts()]


def wait_for_label(page: Any, name: str) -> None:
    page.wait_for_function(
        "name => [...document.querySelectorAll('.seat-label .who')]"
        ".some(e => e.textContent === name)", arg=name)


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    results = axe_module.Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v["impact"] in ("serious", "critical"):
            found.append(f"{v['id']} ({v['impact']}): "
                         + "; ".join(n["target"][0] for n in v["nodes"][:4]))
    return found


# -- the lobby and names ------------------------------------------------------------------
def test_lobby_join_and_names_everywhere(server: str, browser: Any) -> None:
    ann = page_at(browser)
    errors = watch_errors(ann)
    ann.goto(server + "/?lang=en")
    ann.wait_for_selector("#create")
    ann.check("#game-belote")
    ann.fill("#my-name", "Ann")
    ann.select_option("#seat-1", "bot:expert")
    ann.select_option("#seat-2", "open")
    ann.select_option("#seat-3", "bot:easy")
    assert "lobby" in ann.locator(".seats .help").inner_text()
    ann.click("#create")  # no friend to send a link to: straight to the table
    ann.wait_for_url("**/table/**")
    ann.wait_for_selector(".hand .card")
    ann.wait_for_function("document.querySelectorAll('.seat-label .who').length === 4")
    assert set(labels(ann)) == {"Ann", "Bot (expert)", "Bot (easy)", "free seat"}
    # someone else, in French, finds the table in the lobby and takes the free seat
    chloe = page_at(browser, PHONES[1])
    chloe_errors = watch_errors(chloe)
    chloe.goto(server + "/lobby?lang=fr")
    chloe.wait_for_selector("#lobby-list .take")
    card = chloe.locator(".lobby-table").first
    text = card.inner_text()
    assert "Ann" in text and "Robot (expert)" in text and "Robot (facile)" in text
    assert "Règles classiques" in text and "belote(" not in text  # rules in words
    chloe.fill("#my-name", "Chloé")
    card.locator(".take").click()
    chloe.wait_for_url("**/table/**")
    chloe.wait_for_selector(".hand .card")
    wait_for_label(chloe, "Ann")
    assert set(labels(chloe)) == {"Chloé", "Ann", "Robot (expert)", "Robot (facile)"}
    wait_for_label(ann, "Chloé")
    assert "Chloé" in ann.locator(".seat.top .seat-label").inner_text()  # across: partner
    # a private table never shows in the lobby
    api(server, [{"kind": "you", "name": "Zed"}, {"kind": "friend"}])
    chloe.goto(server + "/lobby?lang=en")
    chloe.wait_for_selector("#lobby-title")
    chloe.wait_for_timeout(300)
    assert "Zed" not in chloe.locator("main").inner_text()
    assert not errors and not chloe_errors, errors + chloe_errors


# -- chat ---------------------------------------------------------------------------------
def test_chat_shows_markup_as_text_and_phrases_in_each_language(server: str, browser: Any) -> None:
    data = api(server, [{"kind": "you", "name": "Ann"}, {"kind": "friend"}])
    ann = page_at(browser)
    bob = page_at(browser, PHONES[0])
    errors = watch_errors(ann) + watch_errors(bob)
    ann.goto(server + data["seats"]["0"]["url"])
    bob.goto(server + data["seats"]["1"]["url"].replace("lang=en", "lang=es"))
    for page in (ann, bob):
        page.wait_for_selector("#chat-toggle")
    bob.fill("#my-name", "Bob")
    bob.click("#name-ask button")
    wait_for_label(ann, "Bob")
    ann.click("#chat-toggle")
    evil = "<script>window.pwned=1</script><b>bold</b><img src=x onerror=window.pwned=2>"
    ann.fill("#chat-text", evil)
    ann.press("#chat-text", "Enter")
    ann.click("[data-phrase='good-luck']")
    bob.wait_for_function("document.querySelector('#chat-toggle').textContent.includes('2')")
    bob.click("#chat-toggle")
    bob.wait_for_selector(".chat-line:nth-child(2)")
    lines = bob.locator(".chat-line").all_inner_texts()
    assert lines[0] == "Ann: " + evil
    assert lines[1] == "Ann: ¡Buena suerte!"
    assert bob.locator(".chat-log b, .chat-log img, .chat-log script").count() == 0
    assert bob.evaluate("window.pwned") is None and ann.evaluate("window.pwned") is None
    assert ann.locator(".chat-line").nth(1).inner_text() == "You: Good luck!"
    assert not errors, errors


# -- keyboard only: a whole match, the rematch, leaving and resuming -----------------------
def play_by_keyboard(page: Any, until: str, limit: float = 120) -> int:
    """Play with the keyboard alone (Tab, the arrows, Enter) until ``until`` shows;
    the number of actions played."""
    played = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if page.locator(until).count():
            return played
        if page.locator(".modal").count():
            page.keyboard.press("Enter")  # the breakdown's Continue has the focus
            page.wait_for_timeout(50)
            continue
        if not page.locator(".status.turn").count():
            page.wait_for_timeout(50)
            continue
        focused = "document.activeElement.matches('.actions .action, .hand .card.playable')"
        for _ in range(40):
            if page.evaluate(focused):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached a choice")
        if page.evaluate("document.activeElement.matches('.actions .action')") and \
                page.locator(".actions .action").count() > 1:
            page.keyboard.press("Tab")  # pass is first: take the trump rather than pass
        before = seq(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=20_000)
        played += 1
    raise AssertionError(f"{until} never showed")


def test_keyboard_match_rematch_leave_and_resume(server: str, browser: Any) -> None:
    data = api(server, [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "medium"}],
               options="deberts(target=1)")
    page = page_at(browser)
    errors = watch_errors(page)
    link = server + data["seats"]["0"]["url"]
    page.goto(link)
    page.wait_for_selector(".status.turn")
    # the tab says it is your turn: its title and its icon
    assert page.title().startswith("● Your turn")
    assert page.get_attribute("link[rel=icon]", "href").endswith("favicon-turn.svg")
    played = play_by_keyboard(page, ".final #rematch")
    assert played >= 9, "a whole deal played with the keyboard"
    assert page.locator("#download").count() and page.locator("#replay").count()
    page.focus("#rematch")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: data["id"] not in url)
    new_id = page.url.split("/table/")[1].split("#")[0]
    page.wait_for_selector(".hand .card")
    assert not page.locator(".final").count()
    assert "Ann" in labels(page) and "Bot (medium)" in labels(page)
    hand = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    # leave, then come back from the home page's list and from the very first link
    page.click("#leave")
    page.click("#leave-go")
    page.wait_for_selector("#mine-title")
    page.locator(".mine a.button").first.click()
    page.wait_for_selector(".hand .card")
    assert new_id in page.url
    assert page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    old = page_at(browser)
    old.goto(link)  # the old link: the finished match, then on to its rematch, same seat
    old.wait_for_url(lambda url: new_id in url)
    old.wait_for_selector(".hand .card")
    assert old.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert not errors, errors


# -- phones: nothing on top of anything ---------------------------------------------------
OVERLAP = """() => {
  const boxes = [];
  const add = (sel, many) => document.querySelectorAll(sel).forEach((e) => {
    const r = e.getBoundingClientRect();
    const where = [r.left, r.top, r.right, r.bottom].map(Math.round);
    const what = `${sel} ${(e.textContent || '').slice(0, 20)} ${where}`;
    if (r.width && r.height) boxes.push([what, r, sel]);
  });
  ['.seat-label', '.trick .card', '.turned', '.hand', '.actions', '.info', '.status',
   '.toolbar'].forEach(add);
  const hits = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r, sa] = boxes[i], [b, s, sb] = boxes[j];
    if (sa === '.trick .card' && sb === sa) continue;  // a trick's cards cross each other
    const x = r.left < s.right - 1 && s.left < r.right - 1;
    if (x && r.top < s.bottom - 1 && s.top < r.bottom - 1) hits.push(a + ' / ' + b);
  }
  const out = [];
  document.querySelectorAll('.hand .card, .seat-label, .toolbar > *').forEach((e) => {
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > innerWidth + 1) out.push(e.className + ' ' + (e.id || ''));
  });
  const bar = document.querySelector('.toolbar');
  const wraps = bar.scrollWidth > bar.clientWidth + 1 || bar.getBoundingClientRect().height > 60;
  return { hits, out, wraps, sideways: document.documentElement.scrollWidth > innerWidth + 1 };
}"""


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_phone_layouts_have_nothing_overlapping(server: str, browser: Any, game: str) -> None:
    seats = [{"kind": "you", "name": "Annabelle-Marguerite"}] + [
        {"kind": "bot", "bot": "expert"}] * (1 if game == "deberts" else 3)
    data = api(server, seats, game=game, lang="fr")
    # the layout at rest: cards in flight cross the table by design
    page = page_at(browser, PHONES[0], reduced_motion="reduce")
    errors = watch_errors(page)
    page.goto(server + data["seats"]["0"]["url"])
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 60
    checked = set()
    while time.monotonic() < deadline and len(checked) < 2:
        phase = page.evaluate("document.querySelector('.trick .card') ? 'trick' : 'bidding'")
        for viewport in PHONES:
            page.set_viewport_size(viewport)
            page.wait_for_timeout(60)
            found = page.evaluate(OVERLAP)
            assert not found["hits"], (viewport, phase, found)
            assert not found["out"] and not found["wraps"] and not found["sideways"], found
        checked.add(phase)
        if page.locator(".modal").count():
            page.locator(".modal .close").click()
        target = page.locator(".actions .action").last
        if not target.count():
            target = page.locator(".hand .card.playable").first
        if page.locator(".status.turn").count() and target.count():
            before = seq(page)
            target.click()
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        else:
            page.wait_for_timeout(100)
    assert checked == {"trick", "bidding"}
    if game == "deberts":
        assert page.locator(".turned figure").count() >= 1  # the indicator, beside the trick
    # the scoresheet scrolls inside its panel, which stays on the screen
    page.click("#scoresheet")
    box = page.locator(".modal-box").bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= PHONES[1]["width"] + 1
    overflow = page.evaluate("getComputedStyle(document.querySelector('.sheet-wrap')).overflow")
    assert overflow == "auto"
    assert not errors, errors


# -- axe-core ------------------------------------------------------------------------------
def finished_table(server: str) -> dict[str, Any]:
    """A Deberts match to 1 played out over the websocket (for the replay)."""
    import json

    from websockets.sync.client import connect

    data = api(server, [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
               options="deberts(target=1)")
    url = server.replace("http", "ws") + f"/ws/{data['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": data["seats"]["0"]["token"]}))
        seen = 0
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "state":
                continue
            if len(message["scoresheet"]) > seen:
                seen = len(message["scoresheet"])
                ws.send(json.dumps({"type": "ready", "deal": seen}))
            if message["table"]["over"]:
                return data
            if message["view"]["to_play"] == 0:
                ws.send(json.dumps({"type": "act", "action": message["view"]["legal_actions"][-1],
                                    "seq": message["seq"]}))


def visit_every_page(server: str, page: Any, lang: str, each: Any) -> None:
    """Open home, lobby, a table, its scoresheet, a hint and a replay; ``each(name)``."""
    page.goto(server + f"/?lang={lang}")
    page.wait_for_selector("#create")
    page.wait_for_timeout(150)
    each("home")
    api(server, [{"kind": "you", "name": "Ann"}, {"kind": "open"},
                 {"kind": "bot", "bot": "expert"}, {"kind": "bot", "bot": "medium"}],
        game="belote", lang=lang)
    page.goto(server + f"/lobby?lang={lang}")
    page.wait_for_selector("#lobby-list")
    each("lobby")
    data = api(server, [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "expert"},
                        {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "medium"}],
               game="schieber", lang=lang)
    page.goto(server + data["seats"]["0"]["url"])
    page.wait_for_selector(".hand .card")
    page.wait_for_selector(".status.turn")
    page.wait_for_timeout(500)
    each("table")
    page.click("#scoresheet")
    page.wait_for_selector(".modal .scoresheet")
    each("scoresheet")
    page.keyboard.press("Escape")
    page.click("#hint")
    page.wait_for_selector(".hint-list", timeout=90_000)  # the advice is slow on a busy machine
    each("hint")
    page.keyboard.press("Escape")
    page.click("#chat-toggle")
    page.click("[data-phrase='well-played']")
    page.wait_for_selector(".chat-line")
    each("chat")
    done = finished_table(server)
    page.goto(server + f"/replay?table={done['id']}&lang={lang}")
    page.wait_for_selector("#next")
    for _ in range(12):
        page.click("#next")
    page.wait_for_timeout(300)
    each("replay")


def test_axe_finds_nothing_serious_on_any_page(server: str, browser: Any) -> None:
    page = page_at(browser)
    errors = watch_errors(page)
    problems: dict[str, list[str]] = {}

    def check(name: str) -> None:
        found = serious(page)
        if found:
            problems[name] = found

    visit_every_page(server, page, "fr", check)
    assert not problems, problems
    assert not errors, errors


# -- screenshots ---------------------------------------------------------------------------
def test_screenshots_of_every_page(server: str, browser: Any, tmp_path: Path) -> None:
    folder = Path(os.environ.get("ATOUT_ROOM_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGS:
        for device, viewport in (("desktop", DESKTOP), ("phone", PHONES[1])):
            page = page_at(browser, viewport, reduced_motion="reduce")
            errors = watch_errors(page)

            def shot(name: str, page: Any = page, device: str = device, lang: str = lang) -> None:
                path = folder / f"{name}-{device}-{lang}.png"
                page.screenshot(path=str(path))
                written.append(path)

            visit_every_page(server, page, lang, shot)
            assert not errors, errors
            page.context.close()
    assert len(written) == len(LANGS) * 2 * 7
