"""The advisor's page in a real headless Chromium at phone size (390x844): start a game,
tap the cards of a Deberts deal as a bot match plays them, get the advice on the
person's turn, a refused entry, undo, the deal's result and its open-hand review.

Skipped without Playwright or Chromium. Screenshots go to ``$ATOUT_SCREENSHOTS`` when
it is set (docs/screenshots/advise-*.png).
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

import test_scorekeeper_browser as sk
from test_advisor import play_along

PHONE, click, shot, tap = sk.PHONE, sk.click, sk.shot, sk.tap
browser = sk.browser  # the fixtures: a Chromium and a server on a fresh database
server = sk.server


def start(browser: Any, server: str, game: str, dealer: int, lang: str = "en") -> Any:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/advise?lang={lang}")
    page.evaluate("localStorage.removeItem('atout-advise')")
    page.reload()
    page.wait_for_selector("#start")
    tap(page, "game", game)
    tap(page, "dealer", str(dealer))
    tap(page, "level", "easy")
    return page


def count(page: Any) -> str:
    return str(page.locator("#main").get_attribute("data-count"))


def wait_prompt(page: Any, before: str) -> None:
    """Wait for the page to show the server's answer to the last entry."""
    page.wait_for_function("b => document.getElementById('main').dataset.count !== b",
                           arg=before)


def typed(page: Any, text: str) -> None:
    before = count(page)
    page.fill("#typed", text)
    page.press("#typed", "Enter")
    wait_prompt(page, before)


@pytest.mark.pages_only
def test_a_deberts_deal_tapped_on_a_phone(browser: Any, server: str) -> None:
    advisor, match = play_along("deberts", 2, 0, deals=1)
    texts = advisor.entries_text()[0]
    page = start(browser, server, "deberts", match.first_dealer)
    shot(page, "advise-setup")
    click(page.locator("#start"))
    page.wait_for_selector("#prompt", timeout=90_000)  # the first answer starts the worker pool
    hand = texts[0].split()
    cards, up = hand[1:7], hand[8]
    for code in cards:
        click(page.locator(f'.grid button[data-card="{code}"]'))
    click(page.locator(f'.grid button[data-card="{up}"]'))
    assert page.locator("#picked").text_content().count("·") == 1
    shot(page, "advise-hand")
    before = count(page)
    click(page.locator("#done"))
    wait_prompt(page, before)
    advised = False
    refused = False
    for text in texts[1:]:
        words = text.split()
        if page.locator("#advice").count() and not advised:
            # the person's turn: the ranked choices with their reasons
            assert page.locator("#advice li").count() >= 1
            assert "best on average" in page.locator("#advice").text_content()
            shot(page, "advise-advice", full=True)
            advised = True
        if (words[0] == "1" and len(words) == 2 and len(words[1]) <= 3 and words[1][0] in "CDHS"
                and not refused and page.locator("#ann").count()):
            # a card of the person's own hand, played by the other seat: refused
            mine = page.locator(".myhand .card").first.get_attribute("data-card")
            assert page.locator(f'.grid button[data-card="{mine}"]').is_disabled()
            page.fill("#typed", f"1 {mine}")
            page.press("#typed", "Enter")
            page.wait_for_selector("#message:not([hidden])")
            assert "is in your hand" in page.locator("#message").text_content()
            shot(page, "advise-refused")
            refused = True
            # the other seat's card, tapped
            before = count(page)
            click(page.locator(f'.grid button[data-card="{words[1]}"]'))
            wait_prompt(page, before)
            continue
        if words[0] == "0" and page.locator(f'#advice button[data-action="{words[1]}"]').count():
            before = count(page)
            click(page.locator(f'#advice button[data-action="{words[1]}"]'))
            wait_prompt(page, before)
            continue
        typed(page, text)
    assert advised and refused
    page.wait_for_selector("#deals")
    shot(page, "advise-deal-over", full=True)
    click(page.locator('button[data-review="1"]'))
    page.wait_for_selector("#review")
    assert page.locator("#review tr").count() == 19  # a header and 18 cards
    shot(page, "advise-review", full=True)
    # undo takes the last card back into the deal
    before = count(page)
    click(page.locator("#undo"))
    wait_prompt(page, before)
    assert page.locator("#deals").count() == 0
    page.close()


@pytest.mark.pages_only
def test_a_schieber_hand_with_forehand_in_french(browser: Any, server: str) -> None:
    advisor, match = play_along("schieber", 1, 0, deals=1)
    texts = advisor.entries_text()[0]
    page = start(browser, server, "schieber", match.first_dealer, lang="fr")
    click(page.locator("#start"))
    page.wait_for_selector("#prompt", timeout=90_000)  # the first answer starts the worker pool
    words = texts[0].split()
    cards, forehand = words[1:10], int(words[11])
    for code in cards:
        click(page.locator(f'.grid button[data-card="{code}"]'))
    if "C7" not in cards:
        click(page.locator(f'button[data-forehand="{forehand}"]'))
    shot(page, "advise-schieber-hand")
    before = count(page)
    click(page.locator("#done"))
    wait_prompt(page, before)
    for text in texts[1:12]:
        typed(page, text)
    shot(page, "advise-schieber-play", full=True)
    assert "Pli" in page.locator("main").text_content() or "pli" in page.locator(
        "main").text_content()
    page.close()
