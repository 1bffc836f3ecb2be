"""Every front end tells the engine's story: whole matches of every game, recorded once
through the engine, then played again in the line mode, the full-screen table (Textual's
pilot) and the web room (its table manager, as the websocket uses it). Each front end
must receive every event of its seat's stream, once and in order, and show what that
stream's presentation says: the line mode prints, and the full-screen table logs, the
renderer's words for each action's events; the web page is sent each event with the
presenter's words for it (and a spectator the public stream)."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from typing import Any

import pytest

from atout.games.actions import Action
from atout.games.events import DealStarted, Event, visible_to
from atout.kits import NAMES, get_game, kit
from atout.kits.present import to_json as said_json
from atout.table.session import TableSession, seats_for

#: Short matches (a few deals each), with options a web table accepts.
OPTIONS = {
    "deberts": "deberts(doubling=true,target=151)",
    "belote": "belote(target=301)",
    "schieber": "schieber(target=700)",
}
SEED = 11
BOTS = "heuristic"


@dataclass
class Recorded:
    """A whole match of bots, as the engine told it."""

    game: str
    actions: list[tuple[int, Action]]
    #: The whole log (every seat's events), and how much of it came before any action.
    log: tuple[Event, ...]
    opening: int
    match: Any
    #: Each action's events (every seat's), in order.
    updates: list[tuple[Event, ...]]

    def stream(self, seat: int | None, start: int = 0) -> list[tuple[int, Event]]:
        """``seat``'s stream (``None``: the public one) from ``start`` in the log, each
        event with its place in the log."""
        return [(i, e) for i, e in enumerate(self.log) if i >= start and visible_to(e, seat)]

    def per_action(self, seat: int) -> list[list[Event]]:
        """``seat``'s events of each action, in order."""
        return [[e for e in events if visible_to(e, seat)] for events in self.updates]


def _session(game: str) -> TableSession:
    n = get_game(game).num_players
    return TableSession(game, seats_for(n, None, BOTS), seed=SEED, options=OPTIONS[game],
                        undo=False)


_RECORDED: dict[str, Recorded] = {}


def record(game: str) -> Recorded:
    """The match the bots play at seed :data:`SEED`, recorded through the engine."""
    if game not in _RECORDED:
        session = _session(game)
        opening = len(session.match.events)
        actions = []
        updates = []
        while not session.is_over:
            update = session.bot_move()
            actions.append((update.seat, update.action))
            updates.append(update.events)
        match = session.match
        assert len(match.deals) >= 2, "a match of several deals"
        _RECORDED[game] = Recorded(game, actions, match.events, opening, match, updates)
    return _RECORDED[game]


def _same_match(recorded: Recorded, match: Any) -> None:
    assert [type(e) for e in match.events] == [type(e) for e in recorded.log]
    assert match.events == recorded.log


# -- the line mode ------------------------------------------------------------------------
@pytest.mark.parametrize("game", NAMES)
def test_the_line_mode_tells_every_event_of_the_recorded_stream(game: str) -> None:
    from rich.console import Console

    from atout.i18n import Translator
    from atout.terminal.app import TerminalGame

    recorded = record(game)
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    app = TerminalGame(game, seed=SEED, human=None, bots=BOTS, options=OPTIONS[game],
                       console=console)
    told: list[Event] = []
    tell = app.renderer.tell

    def spy(events: Any, view: Any) -> None:
        told.extend(events)
        tell(events, view)

    app.renderer.tell = spy  # type: ignore[method-assign]
    assert app.run() == 0
    _same_match(recorded, app.match)
    assert told == [e for _, e in recorded.stream(0, recorded.opening)]
    # and what it printed is the renderer's words for each action's events, in order
    words = io.StringIO()
    renderer = kit(game).renderer_class()(
        Console(file=words, width=120, highlight=False, color_system=None),
        Translator("en"), None, get_game(game).num_players)
    views = _views_after(recorded, 0)
    for events, view in zip(recorded.per_action(0), views, strict=True):
        renderer.tell(events, view)
    expected = [line for line in words.getvalue().splitlines() if line.strip()]
    assert expected
    _in_order(expected, out.getvalue().splitlines())


def _views_after(recorded: Recorded, seat: int) -> list[Any]:
    """``seat``'s view after each recorded action (the finished deal's when it ended
    one), as the session hands it to a front end."""
    session = _session(recorded.game)
    assert seat in session.watched
    return [session.apply(actor, action).told(seat)[1] for actor, action in recorded.actions]


def _in_order(expected: list[str], shown: list[str]) -> None:
    """Every line of ``expected`` is among ``shown``, in the same order."""
    at = 0
    for line in expected:
        while at < len(shown) and shown[at].strip() != line.strip():
            at += 1
        assert at < len(shown), f"not shown (or out of order): {line!r}"
        at += 1


# -- the full-screen table ---------------------------------------------------------------
@pytest.mark.parametrize("game", NAMES)
def test_the_full_screen_table_logs_every_event_of_the_recorded_stream(game: str) -> None:
    pytest.importorskip("textual")
    from atout.tui.app import PlayApp
    from atout.tui.screens import Panel

    recorded = record(game)
    app = PlayApp(game, seed=SEED, human=None, bots=BOTS, options=OPTIONS[game], pace=0)
    told: list[Event] = []
    lines: list[list[str]] = []
    said: list[str] = []
    tell = app.describer.tell
    say = app.say

    def spy_tell(events: Any, view: Any) -> list[str]:
        told.extend(events)
        out = tell(events, view)
        lines.append([str(line) for line in out])
        return out

    def spy_say(line: Any, style: str = "") -> None:
        said.append(str(line))
        say(line, style)

    app.describer.tell = spy_tell  # type: ignore[method-assign]
    app.say = spy_say  # type: ignore[method-assign]

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(20000):
                if app.match.is_over and not isinstance(app.screen, Panel):
                    break
                if isinstance(app.screen, Panel):
                    await pilot.press("enter")
                await pilot.pause()
            assert app.match.is_over

    asyncio.run(main())
    _same_match(recorded, app.match)
    assert told == [e for _, e in recorded.stream(0, recorded.opening)]
    assert len(lines) == len(recorded.actions)
    _in_order([line for action in lines for line in action], said)


# -- the web room -------------------------------------------------------------------------
@pytest.mark.parametrize("game", NAMES)
def test_the_web_room_sends_every_event_of_the_recorded_stream(game: str, tmp_path: Any
                                                              ) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("sqlalchemy")
    from atout.web.serialize import event_json
    from atout.web.store import Store
    from atout.web.tables import TableManager, Watcher

    recorded = record(game)
    n = get_game(game).num_players
    receivers: list[int | None] = [0, n - 1, None]

    async def main() -> dict[int | None, list[dict[str, Any]]]:
        manager = TableManager(Store(f"sqlite:///{tmp_path / 'web.db'}"), bot_delay=0)
        table_id, _ = manager.create(game, OPTIONS[game], "en", [{"kind": "human"}] * n,
                                     seed=SEED)
        table = await manager.get(table_id)
        assert table is not None
        got: dict[int | None, list[dict[str, Any]]] = {r: [] for r in receivers}
        for receiver in receivers:
            async def send(message: dict[str, Any], receiver: int | None = receiver) -> None:
                if message["type"] == "state":  # as the page reads it
                    got[receiver].append(json.loads(json.dumps(message)))

            await manager.join(table, Watcher(receiver, "en", send))
        for seat, action in recorded.actions:
            await manager.act(table, seat, str(action), table.seq, "en")
        _same_match(recorded, table.match)
        await manager.close()
        manager.store.close()
        return got

    got = asyncio.run(main())
    presenter = kit(game).present()
    match = recorded.match
    for receiver in receivers:
        messages = got[receiver]
        assert messages[0]["resync"] and not any(m["resync"] for m in messages[1:])
        sent = [e for m in messages for e in m["events"]]
        # every event of the receiver's stream, once, in order (from the first deal's)
        stream = recorded.stream(receiver)
        assert [e["n"] for e in sent] == [i for i, _ in stream]
        # each with the presentation of the recorded stream
        deal = 1
        for (i, event), item in zip(stream, sent, strict=True):
            if isinstance(event, DealStarted):
                deal = event.number
            source = match.deals[deal - 1] if 0 < deal <= len(match.deals) else match
            view = source.public_view() if receiver is None else source.view(receiver)
            assert item == json.loads(json.dumps(event_json(presenter, event, view, i, deal)))
            said = presenter.told(event, view)
            assert item.get("say") == (None if said is None else said_json(said))
        assert any("say" in item for item in sent)


# -- the replays ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", NAMES)
def test_the_full_screen_replay_tells_the_recorded_events(game: str) -> None:
    """The full-screen replay's log of a deal is the renderer's telling of the recorded
    match's events that the bottom seat may know, action by action: at the end of the
    first deal, every one of them (from its first action), in order."""
    pytest.importorskip("textual")
    from atout.notation import write_match
    from atout.tui.replay import ReplayApp

    recorded = record(game)
    app = ReplayApp(write_match(recorded.match, {}), lang="en", seat=1)
    told: list[Event] = []
    tell = app.describer.tell

    def spy(events: Any, view: Any) -> list[str]:
        told.extend(events)
        return tell(events, view)

    async def main() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.describer.tell = spy  # type: ignore[method-assign]
            told.clear()
            app.viewer.step = len(app.viewer.deals[0].actions)
            app.redraw()
            await pilot.pause()

    asyncio.run(main())
    first = len(recorded.match.deals[0].actions)
    expected = [e for events in recorded.per_action(1)[:first] for e in events]
    cut = next(i for i, e in enumerate(expected) if isinstance(e, DealStarted))
    assert told == expected[:cut]  # the deal's own: the next one's opening is deal 2's
