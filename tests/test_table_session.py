"""The table session (:mod:`atout.table.session`): whole matches of every game played
through it with bots in every seat, each seat's stream of updates, undo, the record, and
one hint for one position in the line mode, the full-screen table and the web room."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from atout.games.actions import Play
from atout.games.events import DealStarted, Dealt, Event, Legal
from atout.kits import get_game
from atout.notation import parse_match, replay_match
from atout.table import CannotUndo, Seat, TableSession
from atout.table.session import BOT, PERSON, TableChoices, TableSetup, seats_for

GAMES = ["deberts", "belote", "schieber"]
#: Short matches: a few deals each.
SHORT = {"deberts": "deberts(target=301)", "belote": "belote(target=501)",
         "schieber": "schieber(target=1000)"}


def bots_only(game: str, seed: int) -> TableSession:
    n = get_game(game).num_players
    return TableSession(game, seats_for(n, None, "heuristic"), seed=seed,
                        options=SHORT[game], watched=range(n))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_of_bots_through_the_session(game: str) -> None:
    """Every update tells each seat exactly what the engine's stream for that seat
    gained, never another seat's private event; the views after it are the seat's;
    a deal's end and the match's end come from the events, once each."""
    session = bots_only(game, seed=5)
    n = session.num_players
    streams = {s: session.events_for(s) for s in [*range(n), None]}
    deals_ended = 0
    opened = [session.deal_to_announce()]
    while not session.is_over:
        assert session.person_to_play() is None and session.bot_to_play() is not None
        number = session.deal_to_announce()
        if number is not None:
            opened.append(number)
        assert session.deal_to_announce() is None  # each deal is announced once
        seat = session.to_act()
        views = {who: session.view(who) for who in range(n)}
        update = session.bot_move()
        assert update.seat == seat and update.step == session.steps
        for who in streams:
            mine = update.events_for(who)
            assert all(e.to in (None, who) for e in mine)
            streams[who] += mine
            assert streams[who] == session.events_for(who)
        for who in range(n):
            before, after = update.views[who]
            assert before == views[who]
            if update.deal_over is None:
                assert after == session.view(who)
            else:
                assert after == session.last_deal_view(who)
        if update.deal_over is not None:
            deals_ended += 1
            assert update.deal_over is session.match.scoresheet[-1]
        assert update.match_over == session.is_over
    assert opened == [1, *range(2, deals_ended + 1)]  # deal 1 first, then each once
    assert deals_ended == len(session.match.scoresheet) >= 2
    assert session.steps == sum(len(d.actions) for d in session.match.deals)
    # a seat's stream holds its own cards only; the spectator's none at all
    for who, stream in streams.items():
        dealt = [e for e in stream if isinstance(e, (Dealt, Legal))]
        assert all(e.to == who for e in dealt)
    assert sum(isinstance(e, DealStarted) for e in streams[None]) == deals_ended
    # the record replays to the same end
    again = replay_match(parse_match(session.record()))
    assert again.is_over and again.scores == session.match.scores


def _first_own_move_then_bots(session: TableSession) -> tuple[Any, list[Event], int]:
    """Play bots until seat 0 is to play, note its position, play its first legal
    action and the bots after it until seat 0 is asked again (same deal)."""
    while session.person_to_play() != 0:
        session.bot_move()
    position = session.view(0)
    stream = session.events_for(0)
    steps = session.steps
    session.apply(0, position.legal_actions[0])
    while session.person_to_play() != 0 and not session.match.deal.is_over:
        session.bot_move()
    return position, stream, steps


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_the_persons_move_and_the_bots_after_it(game: str) -> None:
    n = get_game(game).num_players
    session = TableSession(game, seats_for(n, 0, "heuristic"), seed=3)
    assert isinstance(session.can_undo(0), CannotUndo)
    position, stream, steps = _first_own_move_then_bots(session)
    assert session.person_to_play() == 0 and session.match.deal_number == 1
    moved = session.steps - steps
    assert session.undo(0) == moved >= 1
    assert session.view(0) == position and session.steps == steps
    assert session.events_for(0) == stream  # the seat's stream is taken back too
    assert session.undos == 1
    assert '[Undos "1"]' in session.record()
    with pytest.raises(CannotUndo) as refused:
        session.undo(0)  # nothing of seat 0 left in this deal
    assert refused.value.reason == "nothing"


def test_undo_is_refused_off_at_the_wrong_time_and_across_a_finished_deal() -> None:
    off = TableSession("belote", seats_for(4, 0, "heuristic"), seed=3, undo=False)
    _first_own_move_then_bots(off)
    with pytest.raises(CannotUndo) as refused:
        off.undo(0)
    assert refused.value.reason == "off" and "Undos" not in off.record()
    session = TableSession("belote", seats_for(4, 0, "heuristic"), seed=2)
    while session.match.deal_number == 1 or session.person_to_play() != 0:
        if session.person_to_play() == 0:
            session.apply(0, session.view(0).legal_actions[0])
        else:
            session.bot_move()
        if session.bot_to_play() is not None and session.match.deal_number == 2:
            assert session.can_undo(0) is not None  # a bot's turn
    assert not any(seat == 0 for seat, _ in session.match.deal.actions)
    with pytest.raises(CannotUndo) as refused:
        session.undo(0)  # deal 1 was scored: it stays
    assert refused.value.reason == "nothing" and len(session.match.scoresheet) == 1


def test_the_turn_and_the_rules_are_checked_and_stand_ins_play_for_people() -> None:
    seats = [Seat(0, PERSON, name="Ann"), Seat(1, BOT, "heuristic")]
    session = TableSession("deberts", seats, seed=4)
    seat = session.to_act()
    assert seat is not None
    other = 1 - seat
    error = session.why_illegal(other, session.view(seat).legal_actions[0])
    assert error is not None and error.rule == "not-your-turn"
    with pytest.raises(ValueError):
        session.apply(other, session.view(seat).legal_actions[0])
    if seat == 1:
        session.bot_move()
    assert session.person_to_play() == 0 and session.bot_to_play() is None
    session.stand_in(0, "away")
    assert session.person_to_play() is None and session.bot_to_play() == 0
    assert session.bot_to_play(people_present=False) is None  # an empty table rests
    assert session.bot_name(0) == session.stand_in_bot
    session.back(0)
    assert session.person_to_play() == 0
    assert '[Name0 "Ann"]' in session.record() and '[Seat0 "human"]' in session.record()
    with pytest.raises(PermissionError):
        session.open_hands()  # a person plays: no hand is shown whole


def test_the_pace_waits_longer_after_a_trick_and_to_open_a_deal() -> None:
    session = bots_only("belote", seed=8)
    assert session.bot_pause(1.0) == 1.0  # the first deal
    seen = set()
    while session.match.deal_number < 3:
        pause = session.bot_pause(1.0)
        faded = session.bot_pause(1.0, trick_faded=True)
        read = session.bot_pause(1.0, breakdown_read=True)
        if session.opens_deal():
            assert (pause, faded, read) == (3.0, 3.0, 1.0)
        elif session.trick_just_done():
            assert (pause, faded, read) == (2.0, 1.0, 2.0)
            assert session.last_trick_winner() == session.to_act()
        else:
            assert (pause, faded, read) == (1.0, 1.0, 1.0)
        seen.add(pause)
        session.bot_move()
    assert seen == {1.0, 2.0, 3.0}


def test_saving_never_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = bots_only("schieber", seed=1)
    for _ in range(10):
        session.bot_move()
    target = tmp_path / "m.txt"
    saved = session.save(str(target))
    assert saved.written and saved.elsewhere is None
    assert target.read_text(encoding="utf-8") == saved.text
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    saved = session.save(str(tmp_path / "no" / "such" / "folder.txt"))
    assert saved.written and saved.elsewhere is not None and saved.reason
    assert Path(saved.elsewhere).read_text(encoding="utf-8") == saved.text


def test_both_terminal_tables_take_the_same_choices_with_one_set_of_defaults(
        tmp_path: Path) -> None:
    """The line mode and the full-screen table take a person's :class:`TableChoices`;
    :class:`TableSetup` holds each choice's default and opens the session."""
    assert set(TableChoices.__annotations__) == {
        f.name for f in dataclasses.fields(TableSetup)} - {"game"}
    setup = TableSetup("belote", seed=3, human=None, bots="random")
    assert setup.viewer == 0 and setup.lang == "en" and setup.undo
    session = setup.open()
    assert session.seed == 3 and [s.kind for s in session.seats] == [BOT] * 4
    with pytest.raises(ValueError):
        TableSetup("belote", save=str(tmp_path)).open()  # a folder: refused before play


# -- one position, one hint: the line mode, the full-screen table, the web room -----------

def _first_to_act_seed(game: str) -> int:
    """A seed whose first deal asks seat 0 first (no bot moves before the hint)."""
    n = get_game(game).num_players
    for seed in range(1, 200):
        if TableSession(game, seats_for(n, 0, "heuristic"), seed=seed).to_act() == 0:
            return seed
    raise AssertionError("no seed")


@pytest.mark.parametrize("game", GAMES)
def test_one_position_one_hint_in_every_front_end(game: str, tmp_path: Path) -> None:
    pytest.importorskip("textual")
    pytest.importorskip("starlette")
    from atout.terminal.app import TerminalGame
    from atout.tui.app import PlayApp
    from atout.web.store import Store
    from atout.web.tables import TableManager
    from atout.web.workers import Workers

    seed = _first_to_act_seed(game)
    n = get_game(game).num_players
    line = TerminalGame(game, seed=seed)
    table_app = PlayApp(game, seed=seed, pace=0)
    position = line.session.view(0)
    assert table_app.session.view(0) == position
    line_hint = [(a.action, round(a.points, 1)) for a in line.session.hint(0)]
    assert [(a.action, round(a.points, 1)) for a in table_app.session.hint(0)] == line_hint

    async def web() -> list[dict[str, Any]]:
        store = Store(f"sqlite:///{tmp_path / 'hint.db'}")
        manager = TableManager(store, bot_delay=30, workers=Workers(max_workers=1, budget=120))
        table_id, _ = manager.create(
            game, "", "en", [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1), seed=seed)
        table = await manager.get(table_id)
        assert table is not None and table.session.view(0) == position
        try:
            return await manager.hint(table, 0, "en")
        finally:
            await manager.close()
            store.close()

    shown = asyncio.run(web())
    assert [(o["action"], o["value"]) for o in shown] == [(str(a), v) for a, v in line_hint]
    assert any(isinstance(a, Play) for a, _ in line_hint) == (position.phase == "play")


# -- the front ends are views of the session ---------------------------------------------

FRONT_ENDS = ["terminal/app.py", "tui/app.py", "web/tables.py"]


@pytest.mark.parametrize("path", FRONT_ENDS)
def test_the_front_ends_leave_the_match_to_the_session(path: str) -> None:
    """No front end applies or takes back an action on the match, seeds a hint, reads a
    renderer's private winner or drives the line mode's game: the session does."""
    import ast

    source = (Path(__file__).resolve().parent.parent / "src" / "atout" / path).read_text(
        encoding="utf-8")
    tree = ast.parse(source)
    calls = {ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    assert not {c for c in calls if c.endswith(("match.apply", "match.undo", "session._save"))}
    assert not {c for c in calls if c.endswith(".narrate")}, path  # no views compared
    assert not calls & {"advise", "position_seed"}, path
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not names & {"_trick_winner", "_moves"}, path
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "atout.table.session" in imported
    assert "atout.terminal.app" not in imported  # the line mode's game drives no other


#: What the line mode said of every move of two whole matches of each game, at every
#: seat (French, 200 columns): recorded when the renderers still compared two views
#: (``narrate``, since removed), the reference ``tell`` is held to.
TOLD_MOVES = Path(__file__).resolve().parent / "records" / "told-moves.json"


@pytest.mark.parametrize("game", GAMES)
def test_a_move_is_told_from_its_events_as_the_views_told_it(game: str) -> None:
    """The renderers' ``tell`` (the engine's events a seat may know) says, word for
    word, what the line mode said when it compared two views (recorded in
    :data:`TOLD_MOVES`), for every move of whole matches, at every seat."""
    import io
    import json

    from rich.console import Console

    from atout.i18n import Translator
    from atout.terminal import renderer_class

    recorded = json.loads(TOLD_MOVES.read_text(encoding="utf-8"))
    n = get_game(game).num_players
    for seed in (1, 2):
        moves = recorded[f"{game}/{seed}"]
        session = bots_only(game, seed)
        out = [io.StringIO() for _ in range(n)]
        renderers = [renderer_class(game)(
            Console(file=f, width=200, color_system=None), Translator("fr"), w, n)
            for w, f in enumerate(out)]
        move = 0
        while not session.is_over:
            update = session.bot_move()
            for w in range(n):
                start = len(out[w].getvalue())
                renderers[w].tell(*update.told(w))
                assert out[w].getvalue()[start:] == moves[move][w], (seed, move, w)
            move += 1
        assert move == len(moves)
