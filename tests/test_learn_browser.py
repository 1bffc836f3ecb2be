"""The Learn page in a real headless Chromium: a lesson answered wrong (the engine's
reason shown) then right, a choice and a number, progress kept across a reload, the
puzzle of the day solved, at desktop and phone sizes.

Skipped without Playwright or Chromium (see tests/test_web_browser.py). Screenshots go
to ``$ATOUT_SCREENSHOTS`` when it is set (docs/screenshots/learn-*.png).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from atout.learn import daily, find_puzzle
from atout.web import create_app
from browser_support import chromium, serving, shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 860}


@pytest.fixture(scope="module")
def server(module_db_url: str) -> Iterator[str]:
    with serving(create_app(module_db_url, bot_delay=0)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def feedback(page: Any) -> Any:
    page.wait_for_selector("#feedback")
    return page.locator("#feedback")


@pytest.mark.pages_only
def test_a_lesson_on_the_desktop(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/learn?lang=fr&game=deberts&step=deberts.3.follow")
    page.wait_for_selector('.answer .pick[data-action="SA"]')
    assert "Quelles cartes pouvez-vous jouer" in page.locator(".question").inner_text()
    page.click('.answer .pick[data-action="SA"]')
    page.click('.answer .pick[data-action="H7"]')
    page.click("#check")
    box = feedback(page)
    assert box.get_attribute("data-correct") == "false"
    text = box.inner_text()
    assert "7♥ ne peut pas être joué\u00a0: vous devez fournir (♠)" in text
    assert "8♠ est permis aussi" in text
    shot(page, "learn-wrong-desktop", full=True)
    page.click('.answer .pick[data-action="H7"]')  # unselect
    page.click('.answer .pick[data-action="SQ"]')
    page.click('.answer .pick[data-action="S8"]')
    page.click("#check")
    page.wait_for_selector('#feedback[data-correct="true"]')
    assert "Juste\u202f!" in page.locator("#feedback").inner_text()
    assert page.locator('[data-lesson="deberts.3"] .count').inner_text() == "1/6"
    shot(page, "learn-right-desktop", full=True)
    # a choice, then a number, in the first lesson
    page.click('[data-lesson="deberts.1"]')
    page.wait_for_selector('.pick[data-option="seat:1"]')
    page.click('.pick[data-option="seat:1"]')
    assert feedback(page).get_attribute("data-correct") == "false"
    page.click('.pick[data-option="seat:0"]')
    page.wait_for_selector('#feedback[data-correct="true"]')
    page.click("#next")
    page.wait_for_selector("#number")
    page.fill("#number", "21")
    page.press("#number", "Enter")
    page.wait_for_selector('#feedback[data-correct="true"]')
    # progress is kept by the server for this browser's learner
    page.reload()
    page.wait_for_selector('[data-lesson="deberts.1"] .count')
    page.wait_for_function(
        "document.querySelector('[data-lesson=\"deberts.1\"] .count').textContent === '2/3'")
    assert page.locator('[data-lesson="deberts.3"] .count').inner_text() == "1/6"
    assert not errors
    context.close()


@pytest.mark.pages_only
def test_the_puzzle_of_the_day_on_a_phone(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/learn?lang=es&game=schieber")
    page.wait_for_selector("#daily")
    page.wait_for_selector(".question")
    assert page.locator(".question").inner_text().startswith("¿Qué puedes decir ahora?")
    shot(page, "learn-lesson-phone", full=True)
    page.click("#daily")
    page.wait_for_selector(".answer .pick[data-card]")
    puzzle_id = page.url.split("puzzle=")[1].split("&")[0]
    puzzle = find_puzzle(puzzle_id)
    assert puzzle is not None and puzzle == daily("schieber", __import__("datetime").date.today())
    page.click(f'.answer .pick[data-card="{puzzle.second}"]')
    assert feedback(page).get_attribute("data-correct") == "false"
    assert "de media" in page.locator("#feedback").inner_text()
    page.click(f'.answer .pick[data-card="{puzzle.best}"]')
    page.wait_for_selector('#feedback[data-correct="true"]')
    page.wait_for_selector("#solution .position")
    assert page.locator("#solution .position").inner_text() == puzzle.position
    shot(page, "learn-puzzle-phone", full=True)
    assert not errors
    context.close()


@pytest.mark.pages_only
def test_the_home_page_links_to_learn(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server + "/?lang=fr")
    page.wait_for_selector("#learn-link")
    page.click("#learn-link")
    page.wait_for_url("**/learn**")
    page.wait_for_selector(".question")
    page.close()
