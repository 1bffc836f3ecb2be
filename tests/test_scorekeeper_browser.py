"""The scorekeeper's page in a real headless Chromium at phone size (390x844): start a
sheet, score deals by tapping, a refused entry, a correction, the read-only share link.

Skipped without Playwright or Chromium (see tests/test_web_browser.py). Screenshots go
to ``$ATOUT_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from atout.web import create_app
from browser_support import chromium, serving, shot

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(module_db_url: str) -> Iterator[str]:
    with serving(create_app(module_db_url, bot_delay=0)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def tap(page: Any, key: str, value: str) -> None:
    click(page.locator(f'button[data-key="{key}"][data-value="{value}"]'))


def click(locator: Any) -> None:
    """Scroll to the middle first: the bar with the main button stays at the bottom."""
    locator.evaluate("e => e.scrollIntoView({block: 'center'})")
    locator.click()


def scored(page: Any, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('tr[data-row]').length === {count}")


@pytest.mark.pages_only
def test_deberts_sheet_on_a_phone(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/score?lang=en")
    page.wait_for_selector("#start")
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bob")
    shot(page, "score-setup")
    page.click("#start")
    page.wait_for_selector("#submit")
    assert "#token=" in page.url
    # deal 1: Ann took hearts, 72 against 90: bait
    tap(page, "who", "0")
    tap(page, "trump", "H")
    page.fill('input[data-key="a"]', "72")
    page.fill('input[data-key="b"]', "90")
    shot(page, "score-deberts-entry")
    page.click("#submit")
    scored(page, 1)
    assert page.locator("#message").inner_text() == (
        "Deal 1: bait: 72 against 90, Bob records 162")
    assert page.locator('.side[data-side="1"] .total').inner_text() == "162"
    # deal 2: a tie, with a bertz for Bob and bela for Ann
    tap(page, "who", "1")
    tap(page, "trump", "S")
    page.fill('input[data-key="a"]', "61")
    page.fill('input[data-key="b"]', "31")
    click(page.locator('button[data-meld="1:50"]'))
    tap(page, "extra", "0")
    page.click("#submit")
    scored(page, 2)
    assert "81 hanging" in page.locator("#headline").inner_text()
    # a refused entry: the reason, nothing written
    tap(page, "who", "0")
    tap(page, "trump", "C")
    page.fill('input[data-key="a"]', "100")
    page.fill('input[data-key="b"]', "100")
    page.click("#submit")
    page.wait_for_function("!document.getElementById('message').hidden && "
                           "document.getElementById('message').textContent.includes('200')")
    assert "make 10 to 162: 100 + 100 is 200" in page.locator("#message").inner_text()
    shot(page, "score-deberts-refused")
    page.fill('input[data-key="b"]', "50")
    page.click("#submit")
    scored(page, 3)
    assert page.locator("tr[data-row='3'] td").nth(3).inner_text() == "262:212"
    shot(page, "score-deberts-sheet", full=True)
    # correct deal 1: Ann made it after all; every deal after it follows
    click(page.locator('button[data-fix="1"]'))
    page.fill('input[data-key="a"]', "90")
    page.fill('input[data-key="b"]', "72")
    page.click("#submit")
    page.wait_for_function("document.querySelector(\"tr[data-row='1'] td:nth-child(2)\")"
                           ".textContent === '90'")
    assert page.locator("tr[data-row='3'] td").nth(3).inner_text() == "352:122"
    # the read-only link: the sheet, no form
    share = page.locator("#share").input_value()
    reader = browser.new_page(viewport=PHONE, is_mobile=True, bypass_csp=True)
    reader.goto(share)
    reader.wait_for_selector("#sheet")
    assert reader.locator("#submit").count() == 0
    assert reader.locator("tr[data-row]").count() == 3
    shot(reader, "score-shared")
    assert not errors


@pytest.mark.pages_only
def test_schieber_sheet_in_french_with_a_stop(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/score?lang=fr&game=schieber")
    page.wait_for_selector("#start")
    page.fill("#target", "300")
    page.click("#start")
    page.wait_for_selector("#submit")
    tap(page, "trump", "S")
    page.fill('input[data-key="a"]', "150")
    assert page.locator("#auto").inner_text() == "Équipe 2\u00a0: 7"
    page.click("#submit")
    scored(page, 1)
    tap(page, "trump", "H")
    tap(page, "stop", "0")
    page.fill('input[data-key="a"]', "80")
    click(page.locator('button[data-meld="1:50"]'))
    tap(page, "extra", "1")
    shot(page, "score-schieber-stop")
    click(page.locator("#submit"))
    scored(page, 2)
    head = page.locator("#headline").inner_text()
    assert head == "Partie gagnée par Équipe 1, 310 à 147. Elle compte double."
    assert page.locator("#submit").is_disabled()
    shot(page, "score-schieber-over", full=True)
    assert not errors
