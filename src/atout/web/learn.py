"""The Learn page in the browser: ``/learn`` and its JSON endpoints (docs/learn.md).

The lessons and puzzles are those of :mod:`atout.learn`; the engine judges every answer
here, never the page. A learner has no account: the page makes a random secret once,
keeps it in the browser's local storage and sends it in JSON bodies (never in a URL);
the database keeps what that learner answered under the secret's SHA-256
(``atout_learn_progress``). Mounted from :func:`atout.web.app.create_app` by
:func:`learn_routes`.

Endpoints
    ``GET /api/learn/GAME?lang=fr``: the lessons (titles, introductions, step ids), the
    puzzles (ids, difficulty) and today's puzzle.
    ``GET /api/learn/step/ID?lang=fr``: a step's position and question.
    ``POST /api/learn/step/ID/check`` ``{"answer", "lang", "learner"?, "reveal"?}``: the
    engine's verdict, with the reasons for a wrong answer; the answer itself only once
    right or asked for (``reveal``).
    ``GET /api/learn/puzzle/ID?lang=fr``: what the player sees of a puzzle (a view).
    ``POST /api/learn/puzzle/ID/check`` ``{"card", "lang", "learner"?, "reveal"?}``.
    ``POST /api/learn/progress`` ``{"learner"}``: the items that learner answered.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.i18n import LANGUAGES, Translator
from atout.learn import (
    GAMES,
    check_puzzle,
    daily,
    find_puzzle,
    find_step,
    lessons,
    load_puzzles,
    puzzle_situation,
)
from atout.learn.course import check, parse_answer, situation
from atout.web.assets import send_page
from atout.web.limits import json_object
from atout.web.store import Store, hash_token

__all__ = ["learn_routes"]

MAX_BODY = 2048

_T = TypeVar("_T")


def _lang(value: Any) -> str:
    return value if value in LANGUAGES else "en"


def _bad(code: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code}, status_code=status)


def _learner(body: dict[str, Any]) -> str | None:
    """The hash of the learner's secret, when the body carries a plausible one."""
    secret = body.get("learner")
    if isinstance(secret, str) and 16 <= len(secret) <= 100:
        return hash_token(secret)
    return None


async def _answer_to(
    request: Request, find: Callable[[str], _T | None], unknown: str,
) -> tuple[_T, dict[str, Any], str] | Response:
    """What a check reads: the step or puzzle the path's id names (``find``; else a 404
    ``unknown``), the JSON body of the answer and the reader's language."""
    found = find(request.path_params["id"])
    if found is None:
        return _bad(unknown, 404)
    body = await json_object(request, MAX_BODY)
    if body is None:
        return _bad("bad-message")
    return found, body, _lang(body.get("lang"))


def course_json(game: str, lang: str, today: date | None = None) -> dict[str, Any]:
    """The index of a game's course for the page."""
    t = Translator(lang)
    puzzle = daily(game, today or date.today())
    return {
        "game": game,
        "lessons": [
            {"id": lesson.id, "title": t(lesson.title), "intro": t(lesson.intro),
             "steps": [step.id for step in lesson.steps]}
            for lesson in lessons(game)
        ],
        "puzzles": [{"id": p.id, "difficulty": p.difficulty} for p in load_puzzles(game)],
        "daily": puzzle.id if puzzle else None,
    }


def learn_routes(store: Store) -> list[Route]:
    """The Learn page and its endpoints, with progress kept in ``store``."""

    async def page(request: Request) -> Response:
        return send_page("learn")

    async def course(request: Request) -> Response:
        game = request.path_params["game"]
        if game not in GAMES:
            return _bad("unknown-game", 404)
        return JSONResponse(course_json(game, _lang(request.query_params.get("lang"))))

    async def step_show(request: Request) -> Response:
        found = find_step(request.path_params["id"])
        if found is None:
            return _bad("unknown-step", 404)
        lesson, index, step = found
        lang = _lang(request.query_params.get("lang"))
        shown = situation(step, step.build(), lang)
        shown |= {"id": step.id, "lesson": lesson.id, "index": index,
                  "total": len(lesson.steps)}
        return JSONResponse(shown)

    async def step_check(request: Request) -> Response:
        asked = await _answer_to(request, find_step, "unknown-step")
        if isinstance(asked, Response):
            return asked
        (_, _, step), body, lang = asked
        deal = step.build()
        if body.get("reveal") is True:
            verdict = check(step, deal, None, lang)
            return JSONResponse({"correct": False, "reasons": [], "rule": verdict.rule,
                                 "answer": verdict.answer_text})
        text = body.get("answer")
        if not isinstance(text, str) or len(text) > 400:
            return _bad("bad-message")
        try:
            given = parse_answer(step, text)
        except ValueError:
            t = Translator(lang)
            return JSONResponse({"correct": False, "rule": "",
                                 "reasons": [t("learn.cli.unreadable", text=text)]})
        verdict = check(step, deal, given, lang)
        learner = _learner(body)
        if verdict.correct and learner is not None:
            await asyncio.to_thread(store.mark_learned, learner, step.id)
        out: dict[str, Any] = {"correct": verdict.correct, "reasons": list(verdict.reasons),
                               "rule": verdict.rule}
        if verdict.correct:
            out["answer"] = verdict.answer_text
        return JSONResponse(out)

    async def puzzle_show(request: Request) -> Response:
        puzzle = find_puzzle(request.path_params["id"])
        if puzzle is None:
            return _bad("unknown-puzzle", 404)
        return JSONResponse(puzzle_situation(puzzle, _lang(request.query_params.get("lang"))))

    async def puzzle_check(request: Request) -> Response:
        asked = await _answer_to(request, find_puzzle, "unknown-puzzle")
        if isinstance(asked, Response):
            return asked
        puzzle, body, lang = asked
        reveal = body.get("reveal") is True
        card = puzzle.best if reveal else body.get("card")
        if not isinstance(card, str) or len(card) > 10:
            return _bad("bad-message")
        verdict = check_puzzle(puzzle, card, lang)
        learner = _learner(body)
        if verdict.correct and not reveal and learner is not None:
            await asyncio.to_thread(store.mark_learned, learner, f"puzzle:{puzzle.id}")
        out: dict[str, Any] = {"correct": verdict.correct and not reveal,
                               "reasons": list(verdict.reasons)}
        if verdict.correct:  # the solution, and the whole deal, once solved or given up
            out |= {"rule": verdict.rule, "answer": verdict.answer_text,
                    "position": puzzle.position}
        return JSONResponse(out)

    async def progress(request: Request) -> Response:
        body = await json_object(request, MAX_BODY)
        learner = None if body is None else _learner(body)
        if learner is None:
            return _bad("bad-message")
        return JSONResponse({"done": await asyncio.to_thread(store.learned, learner)})

    return [
        Route("/learn", page),
        Route("/api/learn/progress", progress, methods=["POST"]),
        Route("/api/learn/step/{id}", step_show),
        Route("/api/learn/step/{id}/check", step_check, methods=["POST"]),
        Route("/api/learn/puzzle/{id}", puzzle_show),
        Route("/api/learn/puzzle/{id}/check", puzzle_check, methods=["POST"]),
        Route("/api/learn/{game}", course),
    ]
