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
import re
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
from test_web_browser import DESKTOP, ON_CARD, watch_errors

# the same browser fixture as tests/test_web_browser.py
browser = base.browser


@pytest.fixture(scope="module")
def server(module_db_url: str) -> Iterator[str]:
    """A real server as in tests/test_web_browser.py (bots at 0.02 s), without the limit
    on new tables from one address: the screenshots alone open dozens in a minute, and
    with a long budget for the bots' work, so that a hint on a busy machine (the tests
    run side by side) is the worked-out one, not the late one's rules-of-thumb answer."""
    app = create_app(module_db_url, bot_delay=0.02,
                     limits=Limits(tables_per_minute=0, bot_budget=30.0))
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
@pytest.mark.pages_only
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
  // a seat's cards (backs) on one row
  const tops = (b) => [...b.querySelectorAll('.card')]
    .map((c) => Math.round(c.getBoundingClientRect().top));
  const rows = [...document.querySelectorAll('.backs')].filter((b) => new Set(tops(b)).size > 1)
    .map((b) => b.parentNode.className);
  const sideways = document.documentElement.scrollWidth > innerWidth + 1;
  return { hits, out, wraps, rows, sideways };
}"""


@pytest.mark.pages_only
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
            assert not found["rows"], ("the backs wrap onto a second row", viewport, found)
        checked.add(phase)
        if page.locator(".modal").count():
            page.locator(".modal .close").click()
        target, where = page.locator(".actions .action").last, None
        if not target.count():
            target, where = page.locator(".hand .card.playable").first, ON_CARD
        if page.locator(".status.turn").count() and target.count():
            before = seq(page)
            target.click(position=where)
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


# -- the words: a team's sentence agrees with its subject --------------------------------
#: Per language and kind of team subject, the verb that must follow it: a first person
#: plural after "us", a plural after "them" and after two names, a singular after
#: "Team 2" (known forms: "Nous gagnons", "Eux gagnent", "L'équipe 2 gagne"...).
AGREES = {
    "en": {"us": r"\bWe (won|took|reached|claimed)\b",
           "them": r"\bThey (won|took|reached|claimed)\b",
           "pair": r"\bAnn & Bob (won|took|reached|claimed)\b",
           "team": r"\bTeam 2 (won|took|reached|claimed)\b"},
    "fr": {"us": r"\bNous \w*ons\b", "them": r"\bEux \w*(ent|ont)\b",
           "pair": r"\bAnn et Bob \w*(ent|ont)\b", "team": r"\bL'équipe 2 (?!\w*(ent|ont)\b)\w+"},
    "es": {"us": r"\bNosotros \w+mos\b", "them": r"\bEllos \w+n\b", "pair": r"\bAnn y Bob \w+n\b",
           "team": r"\bEl equipo 2 \w*[^\Wn]\b"},
    "de": {"us": r"\bWir \w+en\b", "them": r"\bDie Gegner \w+en\b",
           "pair": r"\bAnn und Bob \w+en\b", "team": r"\bTeam 2 \w+t\b"},
    "ru": {"us": r"\bМы \w+ли\b", "them": r"\bОни \w+ли\b", "pair": r"\bAnn и Bob \w+ли\b",
           "team": r"\bПара 2 \w+ла\b"},
    "uk": {"us": r"\bМи \w+ли\b", "them": r"\bВони \w+ли\b", "pair": r"\bAnn і Bob \w+ли\b",
           "team": r"\bКоманда 2 \w+ла\b"},
}

# every sentence of the card room whose subject is a team: the match won, a Schieber
# match reached (each way) or lost by a false claim; as a player of team 0
# ("us", "them"), as a spectator who knows the names, and without names (a replay)
TEAM_PHRASES = """async ([lang, names, outcomes]) => {
  await Atout.loadLang(lang);
  const people = names.map((name, seat) => ({ seat, kind: "human", name }));
  const out = {};
  for (const [who, team, me, roster] of [["us", 0, 0, people], ["them", 1, 0, people],
                                         ["pair", 0, null, people], ["team", 1, null, []]]) {
    Atout.setRoster(roster);
    out[who] = [
      Atout.finalText("belote", { winner: team, score: [1001, 812], stakes: 1 }, me, 4),
      Atout.finalText("schieber", { winner: team, score: [1000, 812], stakes: 1 }, me, 4),
      // the deal's outcome as the server sends it: the Schieber kit's presenter's words
      ...outcomes[team].map((present) => Atout.outcomeText("schieber", { present }, me, 4))];
  }
  return out;
}"""


def schieber_team_outcomes() -> list[list[Any]]:
    """Per team, the Schieber presenter's outcome of each stop whose subject is a team
    (the match reached each way, reached by a claim, lost by a false claim), as the
    server sends it to the page (``result.present``)."""
    from types import SimpleNamespace

    from atout.kits import kit
    from atout.kits.present import to_json

    presenter = kit("schieber").present()
    plain = {"claimant": None, "contract": None, "chooser": None}

    def outcome(**fields: Any) -> Any:
        return {"outcome": to_json(presenter.outcome(SimpleNamespace(**{**plain, **fields})))}

    return [[*(outcome(outcome="made", match_winner=team, reached_by=how)
               for how in ("tricks", "weis", "stoeck", "count")),
             outcome(outcome="claim", match_winner=team, reached_by="claim"),
             outcome(outcome="false-claim", claimant=team, match_winner=None)]
            for team in (0, 1)]


@pytest.mark.pages_only
def test_team_phrases_agree_with_their_subject_in_every_language(server: str,
                                                                  browser: Any) -> None:
    page = page_at(browser)
    errors = watch_errors(page)
    page.goto(server + "/?lang=en")
    page.wait_for_function("typeof Atout !== 'undefined'")
    wrong = []
    outcomes = schieber_team_outcomes()
    for lang in LANGS:
        said = page.evaluate(TEAM_PHRASES, [lang, ["Ann", "Cid", "Bob", "Dan"], outcomes])
        for who, pattern in AGREES[lang].items():
            wrong += [(lang, who, text) for text in said[who]
                      if "{" in text or not re.search(pattern, text)]
        if lang == "fr":
            assert said["us"][0] == "Nous gagnons la partie, 1001–812."
            assert said["them"][0] == "Eux gagnent la partie, 1001–812."
    assert not wrong, wrong
    assert not errors, errors


# -- the bots are told apart ---------------------------------------------------------------
@pytest.mark.pages_only
def test_three_bots_of_one_level_are_named_by_where_they_sit(server: str, browser: Any) -> None:
    from test_web_browser import step

    data = api(server, [{"kind": "you", "name": "Ann"}] + [{"kind": "bot", "bot": "medium"}] * 3,
               game="belote")
    page = page_at(browser, reduced_motion="reduce")
    errors = watch_errors(page)
    page.goto(server + data["seats"]["0"]["url"])
    page.wait_for_selector(".hand .card")
    names = {"Bot (medium) on the left", "Bot (medium) across", "Bot (medium) on the right"}
    seen: set[str] = set()
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and seen != names:
        for line in page.locator(".log div").all_inner_texts():
            if line.startswith("Bot (medium)"):
                lines.append(line)
                seen |= {name for name in names if line.startswith((name + " ", name + ":"))}
        if page.locator(".modal").count():
            page.locator(".modal .close").click()
        if not (page.locator(".status.turn").count() and step(page)):
            page.wait_for_timeout(50)
    assert seen == names, lines
    # (each line names its bot in full: "... on the left plays", "... on the left: belote!")
    assert all(any(line.startswith((name + " ", name + ":")) for name in names)
               for line in lines), lines
    # the seat labels keep the bare name, their place on the felt says where
    assert labels(page).count("Bot (medium)") == 3
    # what the page says about a seat (the turn line, the breakdown, the melds) uses
    # the same names; a spectator, who sits nowhere, names them by the side of the screen
    said = page.evaluate("[1, 2, 3].map((s) => Atout.seatName(s, 0, 4))")
    assert set(said) == names
    watcher = page_at(browser)
    watcher.goto(server + data["watch"])
    watcher.wait_for_selector(".seat.top")
    wait_for_label(watcher, "Ann")
    said = watcher.evaluate("[1, 2, 3].map((s) => Atout.seatName(s, null, 4))")
    assert said == ["Bot (medium) on the right", "Bot (medium) at the top",
                    "Bot (medium) on the left"]
    assert watcher.evaluate("Atout.teamName(1, null, 4)") == \
        "Bot (medium) on the right & Bot (medium) on the left"
    assert not errors, errors


# -- the end of a match --------------------------------------------------------------------
END_SCREENS = [({"width": 1280, "height": 800}, "fr"), ({"width": 360, "height": 640}, "fr"),
               ({"width": 360, "height": 640}, "de"), ({"width": 360, "height": 640}, "ru")]

#: The scoresheet's dialog: whether its table fits its panel, else whether it says that it
#: scrolls sideways (the line above it, visible, and the shadows of a panel that scrolls).
SHEET_FITS = """() => {
  const wrap = document.querySelector('.modal .sheet-wrap');
  const hint = document.querySelector('.modal .scroll-hint');
  const seen = (e) => !!e && !e.hidden && e.getBoundingClientRect().height > 0;
  return { fits: wrap.scrollWidth <= wrap.clientWidth + 1,
           says: seen(hint) && wrap.classList.contains('scrolls'),
           rows: document.querySelectorAll('.modal .scoresheet tbody tr:not(.apart)').length,
           apart: !!document.querySelector('.modal .scoresheet th.apart'),
           last: [...document.querySelectorAll('.modal .scoresheet tbody tr:not(.apart)')]
             .pop().lastElementChild.textContent };
}"""


@pytest.mark.pages_only
@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_the_end_of_a_match_is_in_view_and_its_deal_number_is_the_last(
    server: str, browser: Any, game: str
) -> None:
    """The panel with the rematch shows without scrolling, on a laptop and on a phone,
    in the languages with the longest words; the score line names the deal that was
    played last; the scoresheet fits a phone, or says that it scrolls."""
    data = finished_table(server, game)
    for viewport, lang in END_SCREENS:
        page = page_at(browser, viewport, reduced_motion="reduce")
        errors = watch_errors(page)
        page.goto(server + data["seats"]["0"]["url"].replace("lang=en", f"lang={lang}"))
        page.wait_for_selector(".final #rematch")
        page.wait_for_timeout(150)
        box = page.locator("#rematch").bounding_box()
        where = (game, viewport, lang, box)
        assert page.evaluate("scrollY") == 0, where
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], where
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], where
        page.click("#scoresheet")
        page.wait_for_selector(".modal .scoresheet")
        sheet = page.evaluate(SHEET_FITS)
        assert sheet["fits"] or sheet["says"], (where, sheet)
        if viewport["width"] == 360 and not sheet["apart"]:
            assert sheet["fits"], (where, sheet)  # nothing apart: every column fits
        deal = page.evaluate("n => Atout.t('label.deal', { number: n })", sheet["rows"])
        assert deal in page.locator(".info").inner_text(), (where, deal)
        # and the score line's totals are the scoresheet's last (a Schieber match stops
        # in the middle of a deal, with that deal's points)
        a, b = re.findall(r"\d+", sheet["last"])
        line = page.locator(".info .scores").inner_text()
        assert re.search(rf"\b{a}\b.*\b{b}\b", line), (where, line, sheet["last"])
        page.context.close()
        assert not errors, errors


@pytest.mark.pages_only
def test_a_scoresheet_wider_than_a_phone_says_that_it_scrolls(server: str, browser: Any) -> None:
    page = page_at(browser, {"width": 360, "height": 640})
    errors = watch_errors(page)
    page.goto(server + "/?lang=de")
    page.wait_for_function("typeof Atout !== 'undefined'")
    page.evaluate("Atout.loadLang('de')")
    # a Deberts scoresheet with points hanging and paid, as wide as it gets
    page.evaluate("""() => {
      Atout.setRoster([]);
      // (what the game leaves apart comes from its presenter: present.apart)
      const row = (n, hanging) => ({ number: n,
        result: { outcome: "tie", recorded: [0, 0], present: { apart: "hanging" } },
        scores: [1478, 984], hanging, hanging_paid: n > 11 ? [0, 16] : null });
      const rows = [row(11, 16), row(12, 0)];
      Atout.sheetDialog("Punkteliste", Atout.scoresheet("deberts", rows, 0, 2, {}));
    }""")
    sheet = page.evaluate(SHEET_FITS)
    assert not sheet["fits"] and sheet["says"], sheet
    assert page.locator(".modal .scroll-hint").inner_text().endswith("Spalten zu sehen")
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 700, "height": 640})
    page.evaluate("""() => Atout.sheetDialog("Punkteliste", Atout.scoresheet("deberts",
      [{ number: 1, result: { outcome: "made", recorded: [62, 0] }, scores: [62, 0] }],
      0, 2, {}))""")
    sheet = page.evaluate(SHEET_FITS)
    assert sheet["fits"] and not sheet["says"], sheet
    assert not errors, errors


# -- the breakdown's melds -----------------------------------------------------------------
MELD_GAPS = """(result) => {
  const b = Atout.breakdown("belote", result, 0, 4);
  document.body.append(b);
  return [...b.querySelectorAll(".meld")].map((m) => {
    const texts = [];
    const walk = document.createTreeWalker(m, NodeFilter.SHOW_TEXT);
    for (let x = walk.nextNode(); x; x = walk.nextNode()) {
      if (x.textContent.trim() && !x.parentNode.closest("svg")) texts.push(x);
    }
    const box = (node) => {
      const r = document.createRange();
      r.selectNodeContents(node);
      return r.getBoundingClientRect();
    };
    const cards = [...m.querySelectorAll(".card")].map((c) => c.getBoundingClientRect());
    const name = box(texts[0]), points = texts.length > 1 ? box(texts[texts.length - 1]) : null;
    return { texts: texts.map((x) => x.textContent.trim()),
             before: cards[0].left - name.right,
             after: points ? points.left - cards[cards.length - 1].right : null };
  });
}"""


@pytest.mark.pages_only
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_breakdowns_meld_lines_keep_names_cards_and_points_apart(
    server: str, browser: Any, lang: str
) -> None:
    page = page_at(browser, PHONES[0])
    errors = watch_errors(page)
    page.goto(server + f"/?lang={lang}")
    page.wait_for_function("typeof Atout !== 'undefined'")
    page.evaluate(f"Atout.loadLang('{lang}')")
    page.evaluate("Atout.setRoster([{kind: 'human', name: 'Ann'}, {kind: 'bot', bot: 'medium'},"
                  " {kind: 'bot', bot: 'medium'}, {kind: 'bot', bot: 'medium'}])")
    meld = {"points": 50, "length": 4, "top": "A", "suit": "H", "cards": ["HA", "HK", "HQ", "HJ"]}
    result = {"outcome": "made", "taker": 1, "tricks": [3, 5], "card_points": [62, 100],
              "announcement_points": [0, 50], "belote": [0, 0], "totals": [62, 150],
              "recorded": [62, 150], "announcements": [[], [[1, meld]]],
              # the melds counted, as the Belote presenter sends them (result.present)
              "present": {"rows": [], "melds": [[1, meld]]}}
    lines = page.evaluate(MELD_GAPS, result)
    assert len(lines) == 1, lines
    line = lines[0]
    assert line["texts"][0] == page.evaluate("Atout.seatName(1, 0, 4)"), line
    assert line["before"] >= 4, ("the name runs into the cards", line)
    assert line["texts"][-1] == "50" and line["after"] >= 4, ("the points", line)
    assert not errors, errors


# -- one word for the lobby ----------------------------------------------------------------
@pytest.mark.pages_only
def test_the_lobby_has_one_name_in_every_language(server: str, browser: Any) -> None:
    page = page_at(browser)
    errors = watch_errors(page)
    for lang in LANGS:
        page.goto(server + f"/?lang={lang}")
        page.wait_for_selector("#lobby-link")
        home = page.locator("#lobby-link").inner_text().strip()
        nav = page.locator("#nav-lobby").inner_text().strip()
        page.goto(server + f"/lobby?lang={lang}")
        page.wait_for_selector("#lobby-title")
        title = page.locator("#lobby-title").inner_text().strip()
        assert home == nav == title, (lang, home, nav, title)
        assert page.title().endswith(title)
        # and the scorekeeper, linked from the header and from the home page
        page.goto(server + f"/?lang={lang}")
        page.wait_for_selector("#nav-score")
        link = page.locator(".more-links a[href^='/score']").inner_text()
        assert link.startswith(page.locator("#nav-score").inner_text().strip()), (lang, link)
    assert not errors, errors


# -- a phone: the hand fills the bottom, every index readable ------------------------------
COVERED = """() => {
  const cards = [...document.querySelectorAll('.hand .card')];
  // each card's index (its rank and suit, top left): the card itself shows there
  return cards.filter((c) => {
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width * 0.16, r.top + r.height * 0.13);
    return !c.contains(hit);
  }).map((c) => c.dataset.card);
}"""


@pytest.mark.pages_only
@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_phone_hand_fills_the_bottom_and_shows_every_index(
    server: str, browser: Any, lang: str
) -> None:
    from test_web_browser import step

    data = api(server, [{"kind": "you", "name": "Ann"}] + [{"kind": "bot", "bot": "medium"}] * 3,
               game="belote", lang=lang)
    viewport = {"width": 360, "height": 640}
    page = page_at(browser, viewport, reduced_motion="reduce")
    errors = watch_errors(page)
    page.goto(server + data["seats"]["0"]["url"])
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # on to the first card of the play
        if page.locator(".status.turn").count() and page.locator(".hand .card.playable").count():
            break
        if page.locator(".modal").count():
            page.locator(".modal .close").click()
        if not (page.locator(".status.turn").count() and step(page)):
            page.wait_for_timeout(50)
    count = page.locator(".hand .card").count()
    assert count >= 7
    if lang == "fr":  # French puts a (non-breaking) space before a colon
        assert page.locator(".info .trump").inner_text().startswith("Atout\u00a0: ")
    hand = page.locator(".hand").bounding_box()
    card = page.locator(".hand .card").first.bounding_box()
    assert card["width"] >= 70, card  # bigger cards than the trick's
    assert viewport["height"] - (hand["y"] + hand["height"]) <= 24, ("empty below", hand)
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"] + 1
    # the keyboard walks the hand: the card with the focus rises, no index is covered
    for _ in range(40):
        if page.evaluate("document.activeElement.matches('.hand .card')"):
            break
        page.keyboard.press("Tab")
    for i in range(count):
        focused = page.evaluate("document.activeElement.dataset.card")
        covered = page.evaluate(COVERED)
        assert not covered, (i, focused, covered)
        page.keyboard.press("ArrowRight")
    assert serious(page) == []
    assert not errors, errors


@pytest.mark.pages_only
@pytest.mark.parametrize("lang", ["ru", "fr"])
def test_a_phone_shows_the_hand_while_choosing_the_schieber_trump(
    server: str, browser: Any, lang: str
) -> None:
    """Seven choices and nine cards on 360x640: the choices (Schieber's trumps by their
    suit and factor) and the whole hand, without scrolling."""
    viewport = {"width": 360, "height": 640}
    for _ in range(24):  # the forehand is drawn: a new table until it is ours
        data = api(server, [{"kind": "you", "name": "Ann"}]
                   + [{"kind": "bot", "bot": "medium"}] * 3, game="schieber", lang=lang)
        page = page_at(browser, viewport, reduced_motion="reduce")
        errors = watch_errors(page)
        page.goto(server + data["seats"]["0"]["url"])
        page.wait_for_selector(".hand .card")
        page.wait_for_selector(".status.turn, .trick .card")
        if page.locator(".actions .action").count() >= 6:
            break
        page.context.close()
    else:
        pytest.fail("never the forehand")
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"] + 1
    for selector in (".actions .action", ".hand .card"):
        for box in page.locator(selector).evaluate_all(
                "els => els.map((e) => e.getBoundingClientRect().toJSON())"):
            assert box["top"] >= 0 and box["bottom"] <= viewport["height"], (selector, box)
    # the buttons still say the whole contract to a screen reader
    names = page.locator(".actions .action").evaluate_all(
        "els => els.map((e) => e.querySelector('.long').textContent)")
    assert all(len(name) > 6 for name in names), names
    assert serious(page) == []
    assert not errors, errors


# -- axe-core ------------------------------------------------------------------------------
def finished_table(server: str, game: str = "deberts") -> dict[str, Any]:
    """A match of ``game`` to 1 played out over the websocket (Ann against bots)."""
    import json

    from websockets.sync.client import connect

    bots = [{"kind": "bot", "bot": "heuristic"}] * (1 if game == "deberts" else 3)
    data = api(server, [{"kind": "you", "name": "Ann"}, *bots], game=game,
               options=f"{game}(target=1)")
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


@pytest.mark.pages_only
def test_axe_finds_nothing_serious_on_any_page(server: str, browser: Any) -> None:
    page = page_at(browser)
    errors = watch_errors(page)
    problems: dict[str, list[str]] = {}

    def check(name: str) -> None:
        found = serious(page)
        if found:
            problems[name] = found
        if name == "hint":  # the expected points with the French decimal comma
            values = page.locator(".hint-list .value").all_inner_texts()
            assert values and all(re.search(r"[+−]?\d+,\d$", v.strip()) for v in values), values

    visit_every_page(server, page, "fr", check)
    assert not problems, problems
    assert not errors, errors


# -- screenshots ---------------------------------------------------------------------------
@pytest.mark.pages_only
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
