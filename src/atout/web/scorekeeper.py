"""The scorekeeper in the browser: the ``/score`` page and its JSON endpoints.

A scoresheet lives in the database as its record (``atout_scoresheets.record``, the
record format with deals scored without cards). Its id is a read-only share link
(``/score/ID``); writing needs the secret made with it, which the page keeps in the URL
fragment (``/score/ID#token=...``, never sent in a request line) and sends in the JSON
body. Mounted from :func:`atout.web.app.create_app` by :func:`scorekeeper_routes`.

Endpoints
    ``POST /api/scoresheets`` ``{"game", "options", "names", "dealer", "lang"}``: a new
    sheet, ``201 {"id", "token", "edit", "share"}``.
    ``GET /api/scoresheets/ID?lang=fr``: the sheet as JSON (anyone with the id).
    ``POST /api/scoresheets/ID/deals`` ``{"token", "entry", "number"?}``: score the next
    deal (or correct deal ``number``) from the entry's text, or from the answers to the
    sheet's questions (``"answers"`` instead of ``"entry"``, see ``form`` in the sheet);
    the sheet, or ``422`` with the rule and the reason in the sheet's language.
    ``POST /api/scoresheets/ID/undo`` ``{"token"}``: take back the last deal.
    ``GET /api/scoresheets/ID/record``: the record as text.
"""

from __future__ import annotations

import hmac
import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from atout.games.base import OptionsParseError
from atout.i18n import LANGUAGES
from atout.kits import KITS
from atout.scorekeeper import (
    EntryRefused,
    Scoresheet,
    describe,
    explain_refusal,
    new_sheet,
    read_scoresheet,
    why,
    write_scoresheet,
)
from atout.web.documents import document_routes, json_request, refusal
from atout.web.store import Store, hash_token, new_token

__all__ = ["scorekeeper_routes", "sheet_json"]

MAX_BODY = 4096
MAX_DEALS = 400


def sheet_json(sheet: Scoresheet[Any], lang: str) -> dict[str, Any]:
    """What the page shows: the sides, the rows with their reasons (and the answers
    that correct them), the totals, and the questions of a deal (``form``, the game's
    own: the page draws them and sends back the answers)."""
    final = sheet.final_score
    return {
        "form": [q.json() for q in sheet.form],
        "game": sheet.game,
        "options": str(sheet.options),
        "target": getattr(sheet.options, "target", None),
        "teams": sheet.teams,
        "names": [sheet.side_name(i, lang) for i in range(2)],
        "scores": list(sheet.scores),
        "carried": sheet.carried,
        "dealer": sheet.dealer,
        "deal_number": sheet.deal_number,
        "winner": sheet.winner,
        "final": list(final) if final else None,
        "stakes": sheet.stakes,
        "rows": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "entry": sheet.entry_text(row.entry),
                "answers": sheet.answers(row.entry),
                "outcome": row.outcome,
                "recorded": list(row.recorded),
                "written": list(row.written),
                "scores": list(row.scores),
                "carried": row.carried,
                "why": [describe(r, sheet, lang) for r in row.reasons],
                "why_text": why(row, sheet, lang),
            }
            for row in sheet.rows
        ],
    }


def _lang(request: Request, default: str = "en") -> str:
    lang = request.query_params.get("lang", default)
    return lang if lang in LANGUAGES else default


def scorekeeper_routes(store: Store, base_url: str = "") -> list[Route]:
    """The scorekeeper's page and endpoints, on ``store``. Sheets are read, scored and
    written in threads, not on the event loop."""
    writing = threading.Lock()

    def load(sheet_id: str) -> tuple[Scoresheet[Any], str, str] | None:
        found = store.get_scoresheet(sheet_id) if len(sheet_id) <= 40 else None
        if found is None:
            return None
        _game, lang, token_hash, record = found
        return read_scoresheet(record), lang, token_hash

    async def create(request: Request) -> Response:
        body = await json_request(request, MAX_BODY)
        if isinstance(body, Response):
            return body
        return await run_in_threadpool(_create, body)

    def _create(body: dict[str, Any]) -> Response:
        game = body.get("game")
        lang = body.get("lang") if body.get("lang") in LANGUAGES else "en"
        options = body.get("options") or ""
        names = body.get("names") or []
        dealer = body.get("dealer", 0)
        if (
            not isinstance(game, str) or game not in KITS or not isinstance(options, str)
            or not isinstance(names, list)
            or not all(isinstance(n, str) and len(n) <= 40 for n in names) or len(names) > 4
            or not isinstance(dealer, int)
        ):
            return refusal("bad-message", "game, options, names and dealer are expected")
        try:
            sheet = new_sheet(game, options, first_dealer=dealer, names=names)
        except (ValueError, OptionsParseError) as exc:
            return refusal("bad-sheet", str(exc))
        token = new_token()
        sheet_id = store.create_scoresheet(game, str(lang), hash_token(token),
                                           write_scoresheet(sheet))
        return JSONResponse({
            "id": sheet_id, "token": token,
            "edit": f"{base_url}/score/{sheet_id}#token={token}&lang={lang}",
            "share": f"{base_url}/score/{sheet_id}#lang={lang}",
        }, status_code=201)

    def show(request: Request) -> Response:  # a sync endpoint: Starlette runs it in a thread
        loaded = load(request.path_params["id"])
        if loaded is None:
            return refusal("unknown-sheet", "no such scoresheet", 404)
        sheet, lang, _ = loaded
        return JSONResponse(sheet_json(sheet, _lang(request, lang)))

    def record(request: Request) -> Response:
        sheet_id = request.path_params["id"]
        found = store.get_scoresheet(sheet_id) if len(sheet_id) <= 40 else None
        if found is None:
            return refusal("unknown-sheet", "no such scoresheet", 404)
        return PlainTextResponse(found[3], headers={
            "content-disposition": f'attachment; filename="atout-score-{sheet_id}.txt"'})

    async def change(request: Request) -> Response:
        body = await json_request(request, MAX_BODY)
        if isinstance(body, Response):
            return body
        # reading, scoring and writing a sheet of up to MAX_DEALS deals: in a thread
        return await run_in_threadpool(_change, request, body)

    def _change(request: Request, body: dict[str, Any]) -> Response:
        with writing:  # one change at a time: two at once would both start from one sheet
            return _change_now(request, body)

    def _change_now(request: Request, body: dict[str, Any]) -> Response:
        loaded = load(request.path_params["id"])
        if loaded is None:
            return refusal("unknown-sheet", "no such scoresheet", 404)
        sheet, lang, token_hash = loaded
        lang = _lang(request, lang)
        token = body.get("token")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), token_hash):
            return refusal("read-only", "this link only reads the scoresheet", 403)
        try:
            if request.url.path.endswith("/undo"):
                sheet.undo()
            else:
                entry = body.get("entry")
                number = body.get("number")
                answers = body.get("answers")
                if entry is None and isinstance(answers, dict):
                    try:
                        entry = sheet.entry_of(answers)
                    except (TypeError, ValueError, KeyError):
                        return refusal("bad-message", "the answers do not fit the questions")
                if not isinstance(entry, str) or len(entry) > 400:
                    return refusal("bad-message", "an entry is expected")
                if number is None:
                    if len(sheet.rows) >= MAX_DEALS:
                        return refusal("too-long", "this scoresheet is full")
                    sheet.add(entry)
                elif isinstance(number, int):
                    sheet.correct(number, entry)
                else:
                    return refusal("bad-message", "number is a deal number")
        except EntryRefused as exc:
            return JSONResponse({
                "error": "refused", "rule": exc.params.get("inner_rule", exc.rule),
                "message": explain_refusal(exc, sheet, lang),
            }, status_code=422)
        store.save_scoresheet(request.path_params["id"], write_scoresheet(sheet))
        return JSONResponse(sheet_json(sheet, lang))

    return document_routes(
        "score", ("/score", "/score/{id}"), "/api/scoresheets", create=create, show=show,
        reads={"record": record}, changes=dict.fromkeys(("deals", "undo"), change))
