"""The scorekeeper's JSON endpoints: a sheet kept in the database, written with its secret,
read by anyone with its id (the share link), refused entries in the sheet's language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient

from atout.scorekeeper import read_scoresheet
from atout.web import create_app
from web_support import client_limits


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, limits=client_limits())) as c:
        yield c


def new_sheet(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/scoresheets", json={"game": "deberts", **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def test_create_score_share_and_record(client: TestClient) -> None:
    made = new_sheet(client, names=["Ann", "Bob"], lang="fr")
    sid, token = made["id"], made["token"]
    assert made["edit"] == f"/score/{sid}#token={token}&lang=fr"
    assert token not in made["share"]
    response = client.post(f"/api/scoresheets/{sid}/deals",
                           json={"token": token, "entry": "caller=0 trump=H points=72,90"})
    assert response.status_code == 200
    sheet = response.json()
    assert sheet["scores"] == [0, 162] and sheet["rows"][0]["outcome"] == "bait"
    assert sheet["rows"][0]["why"] == ["bait\u00a0: 72 contre 90, Bob marque 162"]
    # the share link reads, in any language, and never writes
    shown = client.get(f"/api/scoresheets/{sid}?lang=en").json()
    assert shown["rows"][0]["why"] == ["bait: 72 against 90, Bob records 162"]
    for body in ({}, {"token": "nope", "entry": "thrown-in"}):
        response = client.post(f"/api/scoresheets/{sid}/deals", json=body)
        assert response.status_code == 403
    assert client.post(f"/api/scoresheets/{sid}/undo", json={"token": "x"}).status_code == 403
    # the record is the sheet, and reads back
    text = client.get(f"/api/scoresheets/{sid}/record").text
    assert "scored caller=0 trump=H points=72,90" in text
    assert read_scoresheet(text).scores == (0, 162)
    assert client.get("/score").status_code == 200
    assert client.get(f"/score/{sid}").status_code == 200


def test_refusals_corrections_and_undo(client: TestClient) -> None:
    made = new_sheet(client, game="belote", lang="es", options="belote(target=501)")
    sid, token = made["id"], made["token"]
    url = f"/api/scoresheets/{sid}"
    response = client.post(f"{url}/deals", json={
        "token": token, "entry": "taker=0 trump=H points=162,0 capot=0 capot=1"})
    assert response.status_code == 422
    assert response.json() == {"error": "refused", "rule": "score.two-capots",
                               "message": "solo un equipo puede hacer todas las bazas"}
    for entry in ("taker=0 trump=H points=81,81", "taker=1 trump=S points=60,102"):
        assert client.post(f"{url}/deals", json={"token": token, "entry": entry}).is_success
    sheet = client.get(url).json()
    assert sheet["rows"][1]["scores"] == [60, 81 + 102 + 81] and sheet["carried"] == 0
    response = client.post(f"{url}/deals", json={
        "token": token, "entry": "taker=0 trump=H points=100,62", "number": 1})
    assert response.is_success
    assert response.json()["rows"][1]["scores"] == [100 + 60, 62 + 102]
    response = client.post(f"{url}/undo", json={"token": token})
    assert response.is_success and len(response.json()["rows"]) == 1
    # a server restart keeps it: the database holds the record
    assert client.get(url).json()["scores"] == [100, 62]


def test_bad_requests(client: TestClient) -> None:
    assert client.post("/api/scoresheets", json={"game": "chess"}).status_code == 400
    assert client.post("/api/scoresheets", content=b"[").status_code == 400
    assert client.post("/api/scoresheets", json={"game": "deberts",
                                                 "options": "deberts(x=1)"}).status_code == 400
    assert client.get("/api/scoresheets/nope").status_code == 404
    assert client.get("/api/scoresheets/" + "a" * 60).status_code == 404
    made = new_sheet(client, names=["a\nb"])
    response = client.post(f"/api/scoresheets/{made['id']}/deals",
                           json={"token": made["token"], "entry": "x" * 500})
    assert response.status_code == 400
    assert client.get(f"/api/scoresheets/{made['id']}").json()["names"][0] == "a b"


def test_a_row_after_a_tie_shows_what_is_written(client: TestClient) -> None:
    """The page's row shows the deal's points with the hanging ones taken (100 + 81), and
    the reasons joined as the reader's language joins them."""
    made = new_sheet(client, names=["Ann", "Bob"], lang="fr")
    sid, token = made["id"], made["token"]
    for entry in ("caller=1 trump=S points=81,81", "caller=0 trump=C points=100,50"):
        sheet = client.post(f"/api/scoresheets/{sid}/deals",
                            json={"token": token, "entry": entry}).json()
    row = sheet["rows"][1]
    assert row["recorded"] == [100, 50] and row["written"] == [181, 50]
    assert row["scores"] == [81 + 181, 50]
    assert row["why_text"] == "\u202f; ".join(row["why"])


def test_a_deal_from_the_answers_to_the_sheets_questions(client: TestClient) -> None:
    """The page sends the answers to the questions the sheet lists (its ``form``); the
    server writes the entry, and each row gives back the answers that correct it."""
    made = new_sheet(client, game="schieber", options="schieber(target=300)")
    sid, token = made["id"], made["token"]
    sheet = client.get(f"/api/scoresheets/{sid}").json()
    names = [q["name"] for q in sheet["form"]]
    assert names[:3] == ["trump", "pushed", "stop"] and "melds" in names
    answers = {"trump": "H", "pushed": True, "a": 100, "melds0": [20], "extra": None}
    response = client.post(f"/api/scoresheets/{sid}/deals",
                           json={"token": token, "answers": answers})
    assert response.status_code == 200, response.text
    row = response.json()["rows"][0]
    assert row["entry"] == "contract=H pushed points=100,57 weis=0:20"
    assert row["answers"]["trump"] == "H" and row["answers"]["a"] == 100
    again = client.post(f"/api/scoresheets/{sid}/deals", json={
        "token": token, "answers": row["answers"], "number": 1})
    assert again.json()["rows"][0]["entry"] == row["entry"]
    bad = client.post(f"/api/scoresheets/{sid}/deals",
                      json={"token": token, "answers": {"trump": "H", "a": "many"}})
    assert bad.status_code == 400
