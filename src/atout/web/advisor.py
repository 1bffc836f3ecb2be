"""The advisor in the browser: the ``/advise`` page and its one JSON endpoint.

The server keeps nothing: the page keeps its entries (in the phone's local storage) and
sends them all with each request; the server replays them through
:class:`atout.advisor.Advisor` (the same entries give the same worlds, so the same view
and the same advice), adds the new entry or takes the last one back, and answers with
what the page shows. Mounted from :func:`atout.web.app.create_app`.

``POST /api/advise`` ``{"game", "seat", "dealer", "level", "seed", "options", "lang",
"deals": [[entry text, ...], ...], "add": entry text, "typed": what the person typed,
"undo": true, "review": n, "record": true}``: ``{"deals", "need", "view", "advice",
...}``, or ``422`` with the reason (and the state before the refused entry). ``add`` is
the entry syntax the page's taps build; ``typed`` is read as the terminal reads a line
(:func:`atout.advisor.typed.read_typed`: cards and bids in the page's language or as
codes, ``undo``...).
"""

from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.advisor import (
    Advisor,
    Entry,
    EntryRefused,
    record_text,
    review_deal,
)
from atout.advisor.typed import read_typed
from atout.bots.advice import HINT_LEVEL, action_name
from atout.bots.base import LEVELS
from atout.cards import CARDS, bits
from atout.games.actions import Play
from atout.games.base import OptionsParseError
from atout.i18n import LANGUAGES, Translator, signed, translate
from atout.input import Command
from atout.kits import KITS, kit
from atout.kits.present import render
from atout.web.assets import send_page
from atout.web.limits import json_object
from atout.web.messages import web_text
from atout.web.serialize import to_json
from atout.web.workers import Workers, WorkersBusy

__all__ = ["advisor_routes", "announcement_choices", "answer"]

MAX_BODY = 65536
MAX_DEALS = 60
MAX_ENTRIES = 120


def announcement_choices(game: str, lang: str) -> list[dict[str, str]]:
    """What another seat may announce with its first card, as entry values and labels."""
    t = Translator(lang)
    out: list[dict[str, str]] = []

    def add(value: str, label: str) -> None:
        out.append({"value": value, "label": label})

    for value, label in kit(game).deals().call_choices():
        add(value, render(label, t, str))
    return out


def _cards(cards: Any) -> list[str]:
    return [c.name for c in sorted(cards, key=lambda c: (c.suit, -c.rank))]


def state_json(advisor: Advisor, lang: str) -> dict[str, Any]:
    """What the page shows: the need, the view, the choices, the advice, the deals."""
    me, n = advisor.seat, advisor.n
    need = advisor.need
    view = advisor.view()
    world: Any = advisor.world
    prompt: str
    if need.kind == "hand":
        suffix = "" if advisor.dealing.up_position is None else "-up"
        prompt = translate(f"advisor.need.hand{suffix}", lang, count=need.count)
    elif need.kind == "more":
        bottom = "-bottom" if advisor.dealing.bottom_with_later else ""
        prompt = translate(f"advisor.need.more{bottom}", lang, count=need.count)
    elif need.kind == "act":
        key = "advisor.need.act" if world.phase == "play" else "advisor.need.bid"
        if need.seat == me:
            key = "advisor.need.you-play" if world.phase == "play" else "advisor.need.you-bid"
        prompt = translate(key, lang, seat=advisor.seat_name(need.seat, lang))
    else:
        prompt = translate(f"advisor.need.{need.kind}", lang)
    prompt = prompt[:1].upper() + prompt[1:]
    out: dict[str, Any] = {
        "game": advisor.game, "seat": me, "n": n, "level": advisor.level,
        "deals": advisor.entries_text(),
        "names": [advisor.seat_name(s, lang) for s in range(n)],
        "need": {"kind": need.kind, "seat": need.seat, "count": need.count,
                 "seats": list(need.seats), "prompt": prompt},
        "deal_number": advisor.deal_number,
        "dealer": advisor.dealer,
        "scores": list(advisor.match.scores),
        "winner": advisor.match.winner,
        "deck": [CARDS[i].name for i in bits(advisor.dealing.deck_mask)],
        # what the page asks of a deal: the face-up card with the first cards, the
        # bottom card with the later ones, who leads the first deal, the honour said
        "dealing": {"up": advisor.dealing.up_position is not None,
                    "bottom": advisor.dealing.bottom_with_later,
                    "forehand_card": None if advisor.dealing.first_forehand_card is None
                    else advisor.dealing.first_forehand_card.name,
                    "honour": advisor.dealing.honour_said},
        "results": [
            {"number": row.number, "outcome": row.result.outcome,
             "result": to_json(row.result),
             "recorded": list(row.result.recorded), "scores": list(row.scores)}
            for row in advisor.match.scoresheet
        ],
        "view": None, "choices": [], "advice": [],
        "announcements": announcement_choices(advisor.game, lang),
        "mine": [c.name for c in advisor._my_cards()],
    }
    if world is not None:
        wview = world.view(me)
        out["played"] = [c.name for t in wview.tricks for _, c in t] + [
            c.name for _, c in wview.trick]
        up = getattr(wview, "indicator", None) or getattr(wview, "turned", None)
        out["up"] = None if up is None or advisor.dealing.up_position is None else up.name
    if need.kind == "act" and world is not None:
        # the cards lying face up that this seat cannot be entered as playing
        wview = world.view(me)
        lying = [getattr(wview, name, None) for name in ("indicator", "bottom", "turned")]
        out["face_up_out"] = [c.name for c in lying if c is not None and (
            advisor.dealing.played_face_up(wview, need.seat, c) is not None)]
        out["first_card"] = need.seat not in {
            s for t in world.view(me).tricks for s, _ in t} | {s for s, _ in world.view(me).trick}
    if view is not None:
        trump = getattr(view, "trump", None)
        contract = getattr(view, "contract", None)
        out["view"] = {
            "phase": view.phase,
            "hand": _cards(view.hand),
            "trick": [[s, c.name] for s, c in view.trick],
            "last_trick": [[s, c.name] for s, c in (view.last_trick or ())],
            "trump": None if trump is None else trump.letter,
            "contract": None if contract is None else action_name(contract, lang),
            "bottom": getattr(view, "bottom", None) and view.bottom.name,
            "tricks_won": list(view.tricks_won),
        }
    if need.kind == "act":
        legal = world.legal_actions() if need.seat == me or world.phase != "play" else [
            a for a in world.legal_actions() if not isinstance(a, Play)]
        out["choices"] = [{"text": str(a), "label": action_name(a, lang)} for a in legal
                          if not isinstance(a, Play)]
        if need.seat == me and view is not None:
            out["advice"] = [
                {"text": str(a.action), "label": action_name(a.action, lang),
                 "points": round(a.points, 1), "points_text": signed(a.points, lang),
                 "reason": a.reason(lang), "chosen": a.chosen,
                 "card": a.action.card.name if isinstance(a.action, Play) else None}
                for a in advisor.advise()
            ]
    return out


def _bad(message: str) -> tuple[int, dict[str, Any]]:
    return 400, {"error": "bad-message", "message": message}


def _lang_of(body: dict[str, Any]) -> str:
    """The language a request asks for, English when it names none that atout speaks."""
    asked = body.get("lang")
    return asked if isinstance(asked, str) and asked in LANGUAGES else "en"


def answer(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The status and JSON answer to one request: the entries replayed, the new entry
    or the undo applied, the advice, review or record asked for. Pure and picklable, so
    that it runs in a worker process, away from the server's event loop."""
    lang = _lang_of(body)
    game = body.get("game")
    deals = body.get("deals") or []
    level = body.get("level") or HINT_LEVEL
    seat, dealer, seed = body.get("seat", 0), body.get("dealer", 0), body.get("seed", 0)
    options = body.get("options") or ""
    if (
        not isinstance(game, str) or game not in KITS or level not in LEVELS
        or not all(isinstance(x, int) and not isinstance(x, bool)
                   for x in (seat, dealer, seed))
        or not isinstance(options, str) or not isinstance(deals, list)
        or len(deals) > MAX_DEALS
        or not all(isinstance(d, list) and len(d) <= MAX_ENTRIES
                   and all(isinstance(e, str) and len(e) <= 200 for e in d) for d in deals)
    ):
        return _bad("game, seat, dealer, level, seed, options and deals are expected")
    try:
        advisor = Advisor(game, seat=seat, options=options, first_dealer=dealer,
                          level=level, seed=seed)
    except (ValueError, OptionsParseError) as exc:
        return _bad(str(exc))
    for deal in deals:
        for text in deal:
            try:
                advisor.enter(text)
            except EntryRefused as exc:
                return _bad(f"{text}: {advisor.explain(exc, lang)}")
    error: str | None = None
    typed = body.get("typed")
    try:
        if body.get("undo"):
            advisor.undo()
        elif isinstance(typed, str) and len(typed) <= 200:
            found = read_typed(advisor, typed, lang)
            if found is Command.UNDO:
                advisor.undo()
            elif isinstance(found, Entry):
                advisor.add(found)
        elif isinstance(body.get("add"), str) and len(body["add"]) <= 200:
            advisor.enter(body["add"])
    except EntryRefused as exc:
        error = advisor.explain(exc, lang)
    out = state_json(advisor, lang)
    review = body.get("review")
    if isinstance(review, int) and 1 <= review <= len(advisor.finished):
        try:
            out["review"] = [
                {"seat": r.seat, "card": r.card.name, "value": r.value, "best": r.best,
                 "value_text": signed(r.value, lang, 0), "best_text": signed(r.best, lang, 0),
                 "best_cards": [c.name for c in r.best_cards], "cost": r.cost}
                for r in review_deal(advisor.finished_deals()[review - 1])
            ]
        except ValueError:
            out["review"] = []
    if body.get("record"):
        out["record"] = record_text(advisor)
    if error is not None:
        out["error"] = error
        return 422, out
    return 200, out


def advisor_routes(workers: Workers | None = None, seconds: float = 30.0) -> list[Route]:
    """The advisor's page and endpoint. With ``workers`` (the server's pool) each answer
    is worked out in a worker process within ``seconds``; without, in a thread."""

    async def page(request: Request) -> Response:
        return send_page("advise")

    async def api(request: Request) -> Response:
        body = await json_object(request, MAX_BODY)
        if body is None:
            return JSONResponse(_bad("a JSON object is expected")[1], status_code=400)
        try:
            if workers is None:
                status, out = await run_in_threadpool(answer, body)
            else:
                status, out = await workers.run(seconds, answer, body)
        except (WorkersBusy, TimeoutError, BrokenProcessPool):
            lang = _lang_of(body)
            return JSONResponse({"error": "busy", "message": web_text("error.busy", lang)},
                                status_code=503, headers={"retry-after": "5"})
        return JSONResponse(out, status_code=status)

    return [
        Route("/advise", page),
        Route("/api/advise", api, methods=["POST"]),
    ]
