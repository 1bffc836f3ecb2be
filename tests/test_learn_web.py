"""The Learn page's endpoints: the course, a step judged by the engine, a puzzle judged
by its proof, progress kept per learner in the database, nothing hidden given away."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.learn import load_puzzles
from atout.web import create_app
from web_support import client_limits, hidden_from

LEARNER = "a-learner-secret-0123456789"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as c:
        yield c


def test_the_course_and_a_step(client: TestClient) -> None:
    course = client.get("/api/learn/schieber?lang=fr").json()
    assert [lesson["id"] for lesson in course["lessons"]][:2] == ["schieber.1", "schieber.2"]
    assert course["daily"] in {p["id"] for p in course["puzzles"]}
    step = client.get("/api/learn/step/schieber.2.example-legal?lang=fr").json()
    assert step["kind"] == "legal" and step["seat"] == 2
    assert [c for c, _ in step["candidates"]] == step["hands"]["2"]
    assert step["question"].startswith("Quelles cartes")
    assert client.get("/api/learn/nope").status_code == 404
    assert client.get("/api/learn/step/deberts.9.none").status_code == 404
    assert client.get("/learn").status_code == 200


def test_answers_are_judged_and_progress_is_kept(client: TestClient) -> None:
    url = "/api/learn/step/schieber.2.example-legal/check"
    wrong = client.post(url, json={"answer": "HJ, H6", "lang": "es", "learner": LEARNER}).json()
    assert not wrong["correct"] and "answer" not in wrong
    assert any("6♥" in r and "9♥" in r for r in wrong["reasons"])  # the engine's refusal
    right = client.post(url, json={"answer": "C8 CQ CK HJ", "lang": "es",
                                   "learner": LEARNER}).json()
    assert right["correct"] and right["answer"] == "8♣, Q♣, K♣, J♥"
    shown = client.post(url, json={"reveal": True, "lang": "en"}).json()
    assert shown["answer"] and not shown["correct"]
    unreadable = client.post(url, json={"answer": "banana", "learner": LEARNER}).json()
    assert not unreadable["correct"] and "banana" in unreadable["reasons"][0]
    done = client.post("/api/learn/progress", json={"learner": LEARNER}).json()["done"]
    assert done == ["schieber.2.example-legal"]
    assert client.post("/api/learn/progress", json={"learner": "other-learner-secret-xx"}
                       ).json()["done"] == []
    assert client.post("/api/learn/progress", json={"learner": 3}).status_code == 400
    assert client.post(url, content=b"not json").status_code == 400


def test_a_puzzle_hides_the_deal_until_solved(client: TestClient) -> None:
    puzzle = load_puzzles("deberts")[0]
    deal = puzzle.deal()
    view = client.get(f"/api/learn/puzzle/{puzzle.id}").json()
    text = str(view)
    assert not any(f"'{c}'" in text for c in hidden_from(deal, puzzle.seat))
    url = f"/api/learn/puzzle/{puzzle.id}/check"
    worse = client.post(url, json={"card": puzzle.second, "learner": LEARNER}).json()
    assert not worse["correct"] and "position" not in worse
    solved = client.post(url, json={"card": puzzle.best, "learner": LEARNER}).json()
    assert solved["correct"] and solved["position"] == puzzle.position
    assert f"puzzle:{puzzle.id}" in client.post(
        "/api/learn/progress", json={"learner": LEARNER}).json()["done"]
    given_up = client.post(url, json={"reveal": True}).json()
    assert not given_up["correct"] and given_up["position"] == puzzle.position
