"""Clubs in a real headless Chromium: open a club, invite a member, sign in on two
devices, play a rated match against a bot from the club page, see the leaderboard and
the member page change; the admin's reset; axe-core on every club page; screenshots
of each page on a phone and a desktop in every language.

Skipped like tests/test_web_browser.py when Playwright or Chromium is missing. The
screenshots go to ``$ATOUT_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("argon2")
pytest.importorskip("openskill")

import test_web_browser as base
from atout.i18n import LANGUAGES
from atout.web import create_app
from atout.web.limits import Limits
from browser_support import serving, shot
from test_web_browser import watch_errors
from test_web_clubs import finish_table
from test_web_room_browser import play_by_keyboard, serious

browser = base.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PASSWORD = "club-password-1"


@pytest.fixture(scope="module")
def db_url(module_db_url: str) -> str:
    return module_db_url


@pytest.fixture(scope="module")
def server(module_db_url: str) -> Iterator[str]:
    app = create_app(module_db_url, bot_delay=0.02, limits=Limits(
        tables_per_minute=0, clubs_per_minute=0, signins_per_address=0))
    with serving(app) as url:
        yield url


def device(browser: Any, viewport: dict[str, int] = DESKTOP) -> Any:
    return browser.new_context(viewport=viewport, bypass_csp=True).new_page()


def open_club(page: Any, server: str, lang: str = "en") -> dict[str, str]:
    page.goto(f"{server}/clubs?lang={lang}")
    page.wait_for_selector("#open-club")
    page.fill("#club-name", "Thursday night")
    page.uncheck("input[value=schieber]")
    page.click("#open-club")
    page.wait_for_selector("#join-mine")
    return {name: page.input_value(f"#{name}-link") for name in ("club", "invite", "admin")}


def join(page: Any, invite: str, name: str) -> None:
    page.goto(invite)
    page.wait_for_selector("#join-form")
    page.fill("#join-name", name)
    page.fill("#join-password", PASSWORD)
    page.click("#join")
    page.wait_for_selector("#signout")


def board(page: Any, game: str) -> list[tuple[str, str]]:
    """The leaderboard of ``game``: (player, matches) per row."""
    rows = page.locator(f"#board-{game} tbody tr")
    return [(rows.nth(i).locator("th").inner_text(), rows.nth(i).locator("td").last.inner_text())
            for i in range(rows.count())]


def test_open_invite_sign_in_twice_play_rated_and_see_the_leaderboard(
        server: str, browser: Any) -> None:
    ann = device(browser)
    errors = watch_errors(ann)
    links = open_club(ann, server)
    assert "#invite=" in links["invite"] and "#admin=" in links["admin"]
    ann.click("#join-mine")
    ann.wait_for_selector("#join-form")
    ann.fill("#join-name", "Ann")
    ann.fill("#join-password", PASSWORD)
    ann.click("#join")
    ann.wait_for_selector("#signout")
    assert "#invite" not in ann.url  # the secret leaves the address bar once used
    assert ann.locator("#club-status").inner_text() == "Welcome, Ann!"
    # the session cookie is HttpOnly: the page's script cannot read it
    assert ann.evaluate("document.cookie") == ""
    bob = device(browser, PHONE)
    join(bob, links["invite"], "Bob")
    # Ann's second device: her phone, signed in with her name and password
    phone = device(browser, PHONE)
    phone.goto(links["club"])
    phone.wait_for_selector("#signin-form")
    phone.fill("#signin-name", "Ann")
    phone.fill("#signin-password", "wrong-password")
    phone.click("#signin")
    phone.wait_for_selector("#club-status[role=alert]")
    phone.fill("#signin-password", PASSWORD)
    phone.click("#signin")
    phone.wait_for_selector("#signout")
    assert "Ann" in phone.locator(".club-who").inner_text()
    # a rated Deberts table opened from the club page's form takes her to her seat
    phone.select_option("#club-game", "deberts")
    phone.select_option("#club-seat-1", "bot:medium")
    assert phone.is_checked("#club-rated")
    phone.click("#open-table")
    phone.wait_for_url(lambda url: "/table/" in url and "token=" in url)
    phone.wait_for_selector(".hand .card")
    # the table links back to its club
    club_id = links["club"].split("/club/")[1].split("?")[0]
    assert phone.get_attribute("#back-club", "href") == f"/club/{club_id}?lang=en"
    # a shorter one (to 1 point, which the form does not offer), played from the list
    phone.goto(links["club"])
    phone.wait_for_selector("#signout")
    table = phone.evaluate(NEW_TABLE, "deberts(target=1)")
    phone.reload()
    phone.click(f".play[data-table='{table}']")
    phone.wait_for_url(lambda url: f"/table/{table}" in url)
    play_by_keyboard(phone, ".final", limit=120)
    # the leaderboard changed, on Bob's device too, without reloading his page
    bob.wait_for_selector("#board-deberts", timeout=25_000)
    rows = board(bob, "deberts")
    assert sorted(p for p, _ in rows) == ["Ann", "Bot (medium)"]
    assert all(n == "1" for _, n in rows)
    assert board(bob, "belote") == []
    # Bob reads Ann's page: her match, its replay
    bob.click("#board-deberts a:text('Ann')")
    bob.wait_for_selector("#member-title")
    assert bob.locator("#member-title").inner_text() == "Ann"
    assert "1 played" in bob.locator("#matches-deberts").inner_text()
    bob.click("#history a")
    bob.wait_for_url(lambda url: "/replay?table=" in url)
    assert not errors, errors


def test_the_admin_resets_a_member_who_signs_in_with_the_new_link(
        server: str, browser: Any) -> None:
    ann = device(browser)
    links = open_club(ann, server)
    join(ann, links["invite"], "Ann")
    admin = device(browser)
    admin.goto(links["admin"])
    admin.wait_for_selector(".reset-member")
    admin.click(".reset-member")
    reset = admin.locator("[id^=reset-]").first.input_value()
    assert "#reset=" in reset
    # Ann's session ended with the reset
    ann.reload()
    ann.wait_for_selector("#signin-form")
    ann.goto(reset)
    ann.wait_for_selector("#reset-form")
    ann.fill("#reset-password", "a-new-password")
    ann.click("#reset")
    ann.wait_for_selector("#signout")
    assert "#reset" not in ann.url
    # on her own page she changes it again, with the current one
    ann.click("#my-page")
    ann.wait_for_selector("#password-form")
    ann.fill("#old-password", "not-the-password")
    ann.fill("#new-password", "another-password")
    ann.click("#change-password")
    ann.wait_for_selector("#club-status[role=alert]")
    ann.fill("#old-password", "a-new-password")
    ann.fill("#new-password", "another-password")
    ann.click("#change-password")
    ann.wait_for_selector("#club-status[role=status]")
    assert "other devices" in ann.locator("#club-status").inner_text()


NEW_TABLE = """async (options) => {
    const club = location.pathname.split('/')[2];
    const info = await (await fetch(`/club/${club}/api/info`)).json();
    const res = await fetch(`/club/${club}/api/tables`, { method: 'POST',
      headers: { 'content-type': 'application/json' }, body: JSON.stringify({
        game: 'deberts', options, rated: true,
        seats: [{ member: info.me.id }, { bot: 'medium' }] }) });
    return (await res.json()).id; }"""


def club_pages(server: str, db_url: str, browser: Any, lang: str, viewport: dict[str, int],
               each: Any) -> None:
    """Every club page in ``lang``: ``each(page, name)`` on each."""
    page = device(browser, viewport)
    errors = watch_errors(page)
    page.goto(f"{server}/clubs?lang={lang}")
    page.wait_for_selector("#open-club")
    each(page, "open")
    page.fill("#club-name", "Jeudi")
    page.click("#open-club")
    page.wait_for_selector("#join-mine")
    admin = page.input_value("#admin-link")
    each(page, "opened")
    page.click("#join-mine")
    page.wait_for_selector("#join-form")
    each(page, "join")
    page.fill("#join-name", "Zoé")
    page.fill("#join-password", PASSWORD)
    page.click("#join")
    page.wait_for_selector("#signout")
    # a finished rated match and a table being played, for the leaderboard and the pages
    for options in ("deberts", "deberts(target=1)"):  # the last one finished
        table = page.evaluate(NEW_TABLE, options)
        page.evaluate("""table => fetch(`/club/${location.pathname.split('/')[2]}/api/tables/`
            + `${table}/seat`, { method: 'POST', headers: { 'content-type': 'application/json' },
            body: '{}' })""", table)
    finish_table(db_url, table)
    page.reload()
    page.wait_for_selector("#board-deberts")
    each(page, "club")
    page.click("#my-page")
    page.wait_for_selector("#member-title")
    each(page, "member")
    page.goto(admin)
    page.wait_for_selector(".reset-member")
    page.click(".reset-member")
    page.wait_for_selector("#signin-form")  # the admin reset this browser's member
    each(page, "admin")
    assert not errors, errors
    page.context.close()


@pytest.mark.pages_only
def test_axe_finds_nothing_serious_on_the_club_pages(
        server: str, db_url: str, browser: Any) -> None:
    found: dict[str, list[str]] = {}

    def check(page: Any, name: str) -> None:
        problems = serious(page)
        if problems:
            found[name] = problems

    club_pages(server, db_url, browser, "en", DESKTOP, check)
    club_pages(server, db_url, browser, "ru", PHONE, check)
    assert found == {}


@pytest.mark.pages_only
@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_every_club_page(
        server: str, db_url: str, browser: Any, lang: str) -> None:
    for viewport, kind in ((PHONE, "phone"), (DESKTOP, "desktop")):
        def each(page: Any, name: str, kind: str = kind) -> None:
            # nothing wider than the screen
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= page.viewport_size["width"], f"{name}: {wide}px wide"
            shot(page, f"club-{name}-{lang}-{kind}", full=True)

        club_pages(server, db_url, browser, lang, viewport, each)
