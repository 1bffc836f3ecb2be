"""Duplicate nights in the card room: the ``/night`` pages and their JSON endpoints.

A night (:class:`atout.clubs.duplicate.Night`) lives in the database as JSON, with the
ids of its tables and the links of their seats. Its id opens the live standings (anyone
with the link); running it needs the admin's secret, made with it and kept by the admin
page in the URL fragment (``/night/ID#admin=...``), sent in the JSON body.

Each round, the admin's start seats the tables (Swiss) and makes one room table per
table where a person sits: its seed is the table's night seed, so its match deals the
round's boards (:mod:`atout.clubs.boards`) and ends after the last; hints are off. A
table of bots only plays itself in the background (a thread), and again after a
restart when the night is next read. A night played with real cards makes no room
tables, except where bots fill seats (those people play their bots on a screen): the
admin enters each board's facts (the scorekeeper's entry) table by table.

The standings read the results from the room's tables as they finish boards. A board is
scored once every table of its round has played it; until then the page shows how many
boards each table has played, never a score, and nothing it sends holds a card.

Endpoints
    ``POST /api/nights`` ``{"game", "options", "rounds", "boards", "pairs", "scoring",
    "bot", "real_cards", "title", "lang"}``: ``201 {"id", "admin", "standings"}``; with
    ``"club"`` and ``"club_admin"`` (the club's admin secret) the night is the club's,
    and the club's admin secret runs it too.
    ``GET /api/nights/ID``: the standings (anyone with the id).
    ``POST /api/nights/ID/admin`` ``{"admin"}``: the night with the seats' links.
    ``POST /api/nights/ID/entrants`` ``{"admin", "names"}``: add a pair or a player
    (``{"admin", "bot": true}``: a bot pair or player).
    ``POST /api/nights/ID/rounds`` ``{"admin"}``: seat and start the next round.
    ``POST /api/nights/ID/results`` ``{"admin", "table", "board", "entry"}``: a board
    played with real cards, from the scorekeeper's entry (``"correct": true``: in place
    of the entry made for that board).
    ``GET /api/nights/ID/export``: the night as text, once it is over;
    ``POST /api/nights/ID/export`` ``{"admin"}``: the same, at any time (the boards that
    every table of their round has played).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import json
import logging
import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from atout.clubs.duplicate import (
    BOT_LEVELS,
    SCORINGS,
    Night,
    NightError,
    NightSetup,
    board_scores,
    format_score,
    table_seed,
)
from atout.clubs.play import bot_levels, bot_table_results, finished_result
from atout.clubs.stats import SeatStats
from atout.games.base import OptionsParseError, secret_seed
from atout.i18n import LANGUAGES
from atout.kits import KITS
from atout.scorekeeper import EntryRefused
from atout.web.clubs import finished_stats
from atout.web.clubstore import ClubRow, ClubStore, ClubTableRow
from atout.web.documents import document_routes, json_request, refusal
from atout.web.messages import web_text
from atout.web.room import clean_name
from atout.web.store import Store, hash_token, new_token
from atout.web.tables import LiveTable, TableManager

__all__ = ["night_routes", "standings_json"]

log = logging.getLogger("atout.web.nights")

MAX_BODY = 4096
MAX_ENTRANTS = 80
#: How old a night read from the database may be for the standings (seconds).
READ_AGE = 2.0
#: Nights kept read in memory.
MAX_CACHED = 64
#: Tables run by other server processes kept read in memory (a night's rounds).
MAX_ELSEWHERE = 256


def standings_json(night: Night, extra: dict[str, Any]) -> dict[str, Any]:
    """What anyone with the night's link sees: the setup, the entrants, the current
    round's tables and how far each has played, and the standings over the boards that
    every table of their round has played. No card, no table link, no seed."""
    rnd = night.current
    tables = []
    if rnd is not None:
        for t in rnd.tables:
            done = sum((rnd.number, t.number, b) in night.results for b in rnd.boards)
            tables.append({"number": t.number, "sides": [list(s) for s in t.sides],
                           "played": done})
    rows = night.standings(complete_only=True)
    return {
        "deals": deals_json(night),
        "title": extra.get("title", ""),
        "club": extra.get("club"),
        "game": night.setup.game,
        "rounds": night.setup.rounds,
        "boards_per_round": night.setup.boards_per_round,
        "scoring": night.setup.scoring,
        "real_cards": bool(extra.get("real_cards")),
        "round": rnd.number if rnd else 0,
        "round_complete": bool(rnd and night.round_complete(rnd)),
        "over": night.is_over,
        "entrants": [{"number": e.number, "names": list(e.names), "bot": e.bot}
                     for e in night.entrants],
        "tables": tables,
        "standings": [
            {"place": s.place, "entrant": s.entrant, "total": format_score(s.total),
             "value": float(s.total),
             "boards": {str(b): format_score(v) for b, v in s.boards.items()}}
            for s in rows
        ],
    }


def deals_json(night: Night) -> list[dict[str, Any]]:
    """Each deal that every table of its round has played (the latest first): what each
    table wrote for it and what each side scored (a bridge club's travellers)."""
    out = []
    for rnd in night.rounds:
        tables = {t.number: t for t in rnd.tables}
        for b in rnd.boards:
            rows = sorted((r for r in night.results.values() if r.board == b),
                          key=lambda r: r.table)
            if len(rows) < len(rnd.tables):
                continue
            scores = board_scores(rows, night.setup.scoring)
            out.append({"number": b, "results": [
                {"table": r.table, "sides": [list(s) for s in tables[r.table].sides],
                 "recorded": list(r.recorded),
                 "scores": [format_score(scores[(r.table, 0)]),
                            format_score(scores[(r.table, 1)])]}
                for r in rows]})
    return out[::-1]


def night_routes(store: Store, manager: TableManager, base_url: str = "") -> list[Route]:
    """The nights' pages and endpoints on ``store``; tables made through ``manager``."""
    lock = asyncio.Lock()
    saving = asyncio.Lock()
    #: night id -> (read at, night, extra, lang, admin hash, version): the nights read
    #: lately, and their standings as sent (bytes, per version).
    cache: dict[str, tuple[float, Night, dict[str, Any], str, str, int]] = {}
    shown: dict[str, tuple[int, bytes]] = {}
    #: Tables of bots only being played here, and their tasks.
    playing: set[tuple[str, int, int]] = set()
    #: Nights being read from the database by a standings reader.
    reading: set[str] = set()
    #: Tables that other server processes run, as read here lately (their logs).
    elsewhere: dict[str, LiveTable] = {}
    jobs: set[asyncio.Task[None]] = set()

    def load(night_id: str) -> tuple[Night, dict[str, Any], str, str, int] | None:
        found = store.get_night(night_id) if len(night_id) <= 40 else None
        if found is None:
            return None
        lang, token_hash, data, version = found
        body = json.loads(data)
        return Night.from_json(body["night"]), body["extra"], lang, token_hash, version

    def save(night_id: str, night: Night, extra: dict[str, Any], version: int) -> bool:
        data = json.dumps({"night": night.to_json(), "extra": extra})
        return store.save_night(night_id, data, version)

    async def sync(night_id: str, night: Night, extra: dict[str, Any], deep: bool) -> bool:
        """Read the finished boards of the current round's room tables into the night;
        whether anything new was written. The tables live in this process are read
        always; with ``deep`` (a copy just read from the database), the others too,
        rebuilt from the database (another process runs them). A table of bots only
        that has boards to play is set playing in the background (again after a
        restart)."""
        rnd = night.current
        if rnd is None:
            return False
        changed = False
        if extra.get("club") and night.round_complete(rnd) and rnd.number not in extra.get(
                "settled", []):
            await run_in_threadpool(settle_round, night_id, night, extra, rnd.number)
            return True
        ids: dict[str, str] = extra.get("tables", {}).get(str(rnd.number), {})
        for t in rnd.tables:
            table_id = ids.get(str(t.number))
            if table_id is None:
                if night.next_board(rnd.number, t.number) is not None and bot_levels(
                        night, t.number) is not None:
                    start_bots(night_id, night, rnd.number, t.number)
                continue
            live = manager.tables.get(table_id) or (
                await read_elsewhere(table_id) if deep else None)
            if live is None:
                continue
            for i, deal in enumerate(list(live.match.deals)[: len(rnd.boards)]):
                board = rnd.boards[i]
                if (rnd.number, t.number, board) in night.results:
                    continue
                recorded, position = finished_result(deal)
                night.record(rnd.number, t.number, board, recorded, position)
                changed = True
        return changed

    def settle_round(night_id: str, night: Night, extra: dict[str, Any],
                     round_number: int) -> None:
        """A club night's round is complete: each of its tables counts in its
        players' club ratings, rated like a match whose winner is the side with the
        better duplicate score at that table (equal: a draw), each table once
        whichever process gets there first (:meth:`ClubStore.settle`); the members
        who took seats are remembered for the next rounds' tables."""
        clubs = ClubStore(store)
        known: dict[str, str] = extra.setdefault("members", {})
        for row in clubs.night_tables(night_id):
            if row.night_round != round_number or row.night_table is None:
                continue
            people = night.seat_people(round_number, row.night_table)
            for seat, (member, _bot, _name) in enumerate(row.seats):
                if member is not None and seat in people:
                    e, i = people[seat]
                    known.setdefault(f"{e}:{i}", member)
            a, b = night.table_totals(round_number, row.night_table)
            winner = 0 if a > b else 1 if b > a else None

            def stats_of(r: ClubTableRow, winner: int | None = winner
                         ) -> tuple[int | None, list[SeatStats]] | None:
                found = finished_stats(store, r.table_id)
                if found is None:
                    return None
                return winner, [dataclasses.replace(s, won=s.team == winner)
                                for s in found[1]]

            clubs.settle(row.table_id, stats_of)
        extra.setdefault("settled", []).append(round_number)

    async def read_elsewhere(table_id: str) -> LiveTable | None:
        """A table another server process runs, as far as its log goes: rebuilt from
        the database once, then brought up to date with the steps written since."""
        copy = elsewhere.get(table_id)
        if copy is None:
            copy = await manager.peek(table_id)
            if copy is not None and table_id not in manager.tables:
                elsewhere[table_id] = copy
                while len(elsewhere) > MAX_ELSEWHERE:
                    elsewhere.pop(next(iter(elsewhere)))
            return copy

        def catch_up() -> None:
            for step, seat, text in store.events(table_id, copy.seq):
                copy.apply_event(step, seat, text)

        await run_in_threadpool(catch_up)
        return copy

    async def fresh(night_id: str, max_age: float = 0.0
                    ) -> tuple[Night, dict[str, Any], str, str, int] | None:
        """The night with its tables' finished boards written (saved when new), and the
        version it now has. With ``max_age``, a copy read from the database that long
        ago at most will do (the standings' readers: several a second at a club night,
        they find the new boards in the live tables, and read the database only when
        their copy is older)."""
        for _ in range(5):
            shared = max_age > 0  # else a private copy, for the admin's changes
            hit = cache.get(night_id) if shared else None
            if hit is not None and (saving.locked() or night_id in reading):
                # another reader is bringing the night up to date: this one does not
                # wait for it, the copy it has will do (a standings page polls again)
                return hit[1:]
            deep = hit is None or time.monotonic() - hit[0] > max_age
            if hit is not None and not deep:
                _at, night, extra, lang, token_hash, version = hit
            else:
                if shared:
                    reading.add(night_id)
                try:
                    loaded = await run_in_threadpool(load, night_id)
                finally:
                    reading.discard(night_id)
                if loaded is None:
                    return None
                night, extra, lang, token_hash, version = loaded
                if shared:
                    remember(night_id, night, extra, lang, token_hash, version)
            async with saving:  # the standings' readers write new boards one at a time
                if shared and cache.get(night_id, (0, night))[1] is not night:
                    continue  # another reader wrote meanwhile: start from its copy
                if not await sync(night_id, night, extra, deep):
                    return night, extra, lang, token_hash, version
                if await run_in_threadpool(save, night_id, night, extra, version):
                    if shared:
                        remember(night_id, night, extra, lang, token_hash, version + 1,
                                 keep_time=True)
                    return night, extra, lang, token_hash, version + 1
                # another process wrote first: read again (meanwhile the other
                # readers keep the copy they had)
                if night_id in cache:
                    cache[night_id] = (0.0, *cache[night_id][1:])
        return None

    def remember(night_id: str, night: Night, extra: dict[str, Any], lang: str,
                 token_hash: str, version: int, *, keep_time: bool = False) -> None:
        at = cache[night_id][0] if keep_time and night_id in cache else time.monotonic()
        cache[night_id] = (at, night, extra, lang, token_hash, version)
        shown.pop(night_id, None)
        while len(cache) > MAX_CACHED:
            old = next(iter(cache))
            cache.pop(old)
            shown.pop(old, None)

    def start_bots(night_id: str, night: Night, round_number: int, table: int) -> None:
        key = (night_id, round_number, table)
        if key in playing:
            return
        playing.add(key)
        job = asyncio.get_running_loop().create_task(
            bots_play(key, Night.from_json(night.to_json())))
        jobs.add(job)
        job.add_done_callback(jobs.discard)

    async def bots_play(key: tuple[str, int, int], night: Night) -> None:
        """Play a table of bots only (in a thread), then write its boards."""
        night_id, round_number, table = key
        try:
            rows = await run_in_threadpool(bot_table_results, night, table)
            for _ in range(5):
                async with lock:
                    got = await fresh(night_id)
                    if got is None:
                        return
                    now, extra, lang, token_hash, version = got
                    for board, recorded, position in rows:
                        if (round_number, table, board) not in now.results:
                            now.record(round_number, table, board, recorded, position)
                    if await run_in_threadpool(save, night_id, now, extra, version):
                        remember(night_id, now, extra, lang, token_hash, version + 1)
                        return
        except Exception:  # logged; the next reader starts it again
            log.exception("night %s: the bots of table %s", night_id, table)
        finally:
            playing.discard(key)

    def lang_of(request: Request, default: str) -> str:
        lang = request.query_params.get("lang", default)
        return lang if lang in LANGUAGES else default

    async def create(request: Request) -> Response:
        body = await json_request(request, MAX_BODY)
        if isinstance(body, Response):
            return body
        lang = body.get("lang") if body.get("lang") in LANGUAGES else "en"
        game, options = body.get("game"), body.get("options") or ""
        rounds, boards = body.get("rounds", 2), body.get("boards", 4)
        scoring, bot = body.get("scoring", "points"), body.get("bot", "medium")
        title = clean_name(body.get("title")) or ""
        if (not isinstance(game, str) or game not in KITS
                or not isinstance(options, str) or len(options) > 200
                or type(rounds) is not int or type(boards) is not int
                or scoring not in SCORINGS or bot not in BOT_LEVELS):
            return refusal("bad-message", "game, options, rounds, boards, scoring, bot")
        try:
            setup = NightSetup(str(game), options, rounds, boards,
                               pairs=body.get("pairs", True) is not False, scoring=scoring,
                               bot=str(bot), seed=secret_seed())
        except (NightError, OptionsParseError, ValueError) as exc:
            return refusal("bad-night", str(exc))
        club = None
        if body.get("club") is not None:  # a club's night: its admin's secret opens it
            club = await run_in_threadpool(club_of, body.get("club"))
            if club is None or not same(body.get("club_admin"), club.admin_hash):
                return refusal("not-admin", web_text("night.not-club-admin", str(lang)), 403)
        token = new_token()
        extra = {"title": title or (club.name if club else ""),
                 "real_cards": body.get("real_cards") is True, "tables": {}, "links": {},
                 "club": {"id": club.id, "name": club.name} if club else None}
        data = json.dumps({"night": Night(setup).to_json(), "extra": extra})
        night_id = await run_in_threadpool(store.create_night, str(lang), hash_token(token),
                                           data)
        return JSONResponse({
            "id": night_id,
            "admin": f"{base_url}/night/{night_id}#admin={token}&lang={lang}",
            "standings": f"{base_url}/night/{night_id}#lang={lang}",
        }, status_code=201)

    async def show(request: Request) -> Response:
        night_id = request.path_params["id"]
        got = await fresh(night_id, max_age=READ_AGE)
        if got is None:
            return refusal("unknown-night", "no such night", 404)
        night, extra, _lang, _hash, version = got
        done = shown.get(night_id)
        if done is None or done[0] != version:
            done = (version, json.dumps(standings_json(night, extra)).encode())
            shown[night_id] = done
        return Response(done[1], media_type="application/json",
                        headers={"cache-control": "no-store"})

    def same(token: Any, token_hash: str) -> bool:
        return isinstance(token, str) and hmac.compare_digest(hash_token(token), token_hash)

    def club_of(club_id: Any) -> ClubRow | None:
        if not isinstance(club_id, str) or len(club_id) > 40:
            return None
        return ClubStore(store).club(club_id)

    async def admin_ok(body: dict[str, Any], token_hash: str, extra: dict[str, Any]) -> bool:
        """The night's admin secret, or its club's admin secret."""
        token = body.get("admin")
        if same(token, token_hash):
            return True
        bound = extra.get("club")
        if not bound or not isinstance(token, str):
            return False
        club = await run_in_threadpool(club_of, bound["id"])
        return club is not None and same(token, club.admin_hash)

    async def change(request: Request) -> Response:
        body = await json_request(request, MAX_BODY)
        if isinstance(body, Response):
            return body
        night_id = request.path_params["id"]
        async with lock:  # one change at a time in this process; versions across processes
            for _ in range(5):
                got = await fresh(night_id)
                if got is None:
                    return refusal("unknown-night", "no such night", 404)
                night, extra, lang, token_hash, version = got
                lang = lang_of(request, lang)
                if not await admin_ok(body, token_hash, extra):
                    return refusal("not-admin", web_text("night.not-admin", lang), 403)
                if request.url.path.endswith("/export"):
                    return exported(night, request.path_params["id"])
                try:
                    reply = await act(request.url.path.rsplit("/", 1)[-1], night_id, night,
                                      extra, body, lang)
                except NightError as exc:
                    return refusal(exc.code, str(exc), 409)
                except EntryRefused as exc:
                    return refusal("refused", str(exc), 422)
                if reply is None:  # nothing changed
                    return JSONResponse(admin_json(night, extra))
                if await run_in_threadpool(save, night_id, night, extra, version):
                    remember(night_id, night, extra, lang, token_hash, version + 1)
                    return JSONResponse(admin_json(night, extra) | reply)
                cache.pop(night_id, None)
        return refusal("busy", "the night changed meanwhile; try again", 409)

    async def act(what: str, night_id: str, night: Night, extra: dict[str, Any],
                  body: dict[str, Any], lang: str) -> dict[str, Any] | None:
        if what == "admin":
            return None
        if what == "entrants":
            if len(night.entrants) >= MAX_ENTRANTS:
                raise NightError("night.full", f"a night has at most {MAX_ENTRANTS} entrants")
            if body.get("bot") is True:  # a bot pair (or player) entered on purpose
                level = night.setup.bot
                night.add_entrant([f"{level} bot"] * night.setup.per_entrant, bot=level)
                return {}
            names = body.get("names")
            if not isinstance(names, list):
                raise NightError("night.names", "names are expected")
            night.add_entrant([clean_name(n) or "" for n in names])
            return {}
        if what == "rounds":
            rnd = night.start_round()
            ids: dict[str, str] = {}
            links: dict[str, list[dict[str, Any]]] = {}
            everyone = {e.number: e for e in night.entrants}
            for t in rnd.tables:
                people = [everyone[e] for e in t.entrants()]
                if all(p.bot for p in people):
                    continue  # it plays itself, in the background (see sync)
                if extra.get("real_cards") and not any(p.bot for p in people):
                    continue  # its results are entered; where bots sit, it plays here
                specs, names = seats_of(night, t.number)
                table_id, tokens = manager.create(
                    night.setup.game, night.setup.options, lang, specs,
                    seed=table_seed(night.setup, rnd.number, t.number), names=names,
                    hints=False, night_id=night_id,
                )
                if extra.get("club"):  # a club's night: its tables are the club's
                    known = extra.get("members", {})
                    members = {seat: known[f"{e}:{i}"] for seat, (e, i) in
                               night.seat_people(rnd.number, t.number).items()
                               if f"{e}:{i}" in known}
                    await run_in_threadpool(
                        ClubStore(store).add_table, table_id, extra["club"]["id"], True, None,
                        members, (night_id, rnd.number, t.number))
                ids[str(t.number)] = table_id
                links[str(t.number)] = [
                    {"seat": seat, "name": names[seat],
                     "url": f"{base_url}/table/{table_id}#seat={seat}&token={token}"
                            f"&lang={lang}"}
                    for seat, token in sorted(tokens.items())
                ]
            extra.setdefault("tables", {})[str(rnd.number)] = ids
            extra.setdefault("links", {})[str(rnd.number)] = links
            return {}
        if what == "results":
            now = night.current
            table, board, entry = body.get("table"), body.get("board"), body.get("entry")
            if (now is None or type(table) is not int or type(board) is not int
                    or not isinstance(entry, str) or len(entry) > 400):
                raise NightError("night.result", "table, board and entry are expected")
            if str(table) in extra.get("tables", {}).get(str(now.number), {}):
                raise NightError("night.played-here", "this table plays in the room")
            night.enter(now.number, table, board, entry, correct=body.get("correct") is True)
            return {}
        raise NightError("night.unknown", "unknown change")

    def seats_of(night: Night, table_number: int) -> tuple[list[dict[str, Any]],
                                                           list[str | None]]:
        rnd = night.current
        assert rnd is not None
        t = night.table(rnd.number, table_number)
        n = night.setup.num_players
        specs: list[dict[str, Any]] = [{}] * n
        names: list[str | None] = [None] * n
        for side in (0, 1):
            people: list[tuple[str, str | None]] = []
            for number in t.sides[side]:
                e = night.entrant(number)
                people += [(name, e.bot) for name in e.names]
            for i, (name, bot) in enumerate(people):
                seat = side + 2 * i
                specs[seat] = ({"kind": "bot", "bot": bot} if bot else {"kind": "human"})
                names[seat] = None if bot else name
        return specs, names

    def admin_json(night: Night, extra: dict[str, Any]) -> dict[str, Any]:
        out = standings_json(night, extra)
        rnd = night.current
        out["links"] = extra.get("links", {}).get(str(rnd.number), {}) if rnd else {}
        out["next"] = {}
        if rnd is not None:
            for t in rnd.tables:
                nxt = night.next_board(rnd.number, t.number)
                out["next"][str(t.number)] = None if nxt is None else nxt[0]
                out.setdefault("entered", {})[str(t.number)] = [
                    {"board": b, "entry": r.record}
                    for b in rnd.boards
                    if (r := night.results.get((rnd.number, t.number, b))) and r.entered]
        out["can_start"] = (len(night.rounds) < night.setup.rounds
                            and (rnd is None or night.round_complete(rnd)))
        out["per_entrant"] = night.setup.per_entrant
        return out

    def exported(night: Night, night_id: str) -> Response:
        return PlainTextResponse(night.export(complete_only=True), headers={
            "content-disposition": f'attachment; filename="atout-night-{night_id}.txt"'})

    async def export(request: Request) -> Response:
        """Anyone with the link, once the night is over (the admin: any time, by POST)."""
        got = await fresh(request.path_params["id"])
        if got is None:
            return refusal("unknown-night", "no such night", 404)
        night, _extra, lang, _hash, _version = got
        if not night.is_over:
            return refusal("not-over", web_text("night.not-over", lang_of(request, lang)), 403)
        return exported(night, request.path_params["id"])

    return document_routes(
        "night", ("/nights", "/night/{id}"), "/api/nights", create=create, show=show,
        reads={"export": export},
        changes=dict.fromkeys(("export", "admin", "entrants", "rounds", "results"), change))
