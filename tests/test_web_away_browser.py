"""In Chromium: the turn timer counts down by the seat to play, a stand-in bot takes
over a seat whose person let it run out or left (everyone sees it beside the seat), and
the person gets the seat back with the button or by opening their link again.

Skipped like the other browser tests when Playwright or Chromium is missing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import test_web_browser
from atout.web import create_app
from atout.web.limits import Limits
from browser_support import serving
from test_web_browser import DESKTOP, shot, watch_errors

chromium = test_web_browser.browser  # the shared Chromium fixture, here as "chromium"


@pytest.fixture(scope="module")
def away_server(module_db_url: str) -> Iterator[str]:
    app = create_app(module_db_url, bot_delay=0.8,
                     limits=Limits(away_seconds=1.5, tables_per_minute=0))
    app.state.manager.TURN_SECONDS = (1, 3600)
    with serving(app) as url:
        yield url


def open_seat(chromium: Any, server: str, data: dict[str, Any], seat: str) -> Any:
    page = chromium.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
    page.goto(server + data["seats"][seat]["url"])
    page.wait_for_selector(".hand .card")
    return page


def test_timer_stand_in_and_the_seat_given_back(away_server: str, chromium: Any) -> None:
    import httpx2 as httpx

    data = httpx.post(away_server + "/api/tables", json={
        "game": "deberts", "seats": [{"kind": "you"}, {"kind": "friend"}], "me": 0,
        "turn_seconds": 3,
    }).json()
    a = open_seat(chromium, away_server, data, "0")
    b = open_seat(chromium, away_server, data, "1")
    errors = [watch_errors(a), watch_errors(b)]
    # the seat to play has its clock, counting down, on both pages
    a.wait_for_selector(".seat-label.to-play .clock")
    b.wait_for_selector(".seat-label.to-play .clock")
    assert "s" in a.locator(".clock").first.inner_text()
    # nobody plays: a stand-in takes over, shown to everyone beside the seat
    a.wait_for_selector(".seat-label .stand-in", timeout=10_000)
    b.wait_for_selector(".seat-label .stand-in", timeout=10_000)
    shot(a, "stand-in-timeout")
    slow, other = (a, b) if a.locator("#come-back").count() else (b, a)
    # the other person never plays either, so their own seat may get a stand-in of its
    # own when their clock runs out: every check below looks at the slow seat's label
    slow_seat = "0" if slow is a else "1"
    slow_label = f'.seat-label[data-seat="{slow_seat}"]'
    no_stand_in = f"!document.querySelector('{slow_label} .stand-in')"
    slow.wait_for_selector("#come-back")
    slow.click("#come-back")
    other.wait_for_function(no_stand_in, timeout=20_000)
    # each page renders the seat given back when its own message comes (the other page
    # may be first); their clock may run out again 3 s later, so this looks every 50 ms
    slow.wait_for_function("!document.querySelector('#come-back')", polling=50,
                           timeout=20_000)
    # the person leaves: after the grace period, a stand-in plays their seat ...
    gone_url = slow.url
    slow.context.close()
    other.wait_for_selector(f"{slow_label} .stand-in", timeout=30_000)
    shot(other, "stand-in-away")
    assert other.locator(f"{slow_label} small", has_text="away").count() >= 1
    # ... until they open their link again: the seat is theirs at once
    again = chromium.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
    errors.append(watch_errors(again))
    again.goto(gone_url)
    again.wait_for_selector(".hand .card")
    other.wait_for_function(no_stand_in, timeout=45_000)
    # (their own clock may run out again later: the seat was theirs once they came)
    again.wait_for_function("!document.querySelector('#come-back')", timeout=20_000)
    assert not any(errors)
