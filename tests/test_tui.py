"""The full-screen table, driven headless with Textual's pilot: whole deals of every
game in every language, the keys (undo, hint, last trick, scoresheet, quit and save),
watching bots, the replay, and what fits at 80 and 100 columns."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from atout.bots.base import make_bot
from atout.games.actions import Pass, Play
from atout.i18n import LANGUAGES, Translator, explain
from atout.kits import get_game
from atout.notation import parse_match, write_match
from atout.tui.app import PlayApp
from atout.tui.replay import ReplayApp
from atout.tui.screens import Panel, QuitScreen
from atout.tui.widgets import TableView

GAMES = ["deberts", "belote", "schieber"]


def run(app: Any, script: Callable[[Any], Awaitable[None]], size: tuple[int, int] = (80, 24)
        ) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def settle(pilot: Any, app: PlayApp, limit: int = 400) -> None:
    """Let the bots play until the person is asked or a panel waits for a key."""
    for _ in range(limit):
        if app.waiting or isinstance(app.screen, (Panel, QuitScreen)) or app.match.is_over:
            return
        await pilot.pause()
    raise AssertionError("the table never came back to the person")


async def press_number(pilot: Any, number: int) -> None:
    await pilot.press("0" if number == 10 else str(number))


def first_legal(app: PlayApp, prefer_bid: bool = True) -> int:
    """The number of a legal choice: the first legal card, or a bid that makes a
    contract (the last choice offered), so that the deal is played."""
    options = app.numbered()
    legal = [i for i, action in enumerate(options, 1) if app.match.deal.is_legal(action)]
    view = app.match.view(app.viewer)
    if view.phase != "play" and prefer_bid:
        return legal[-1]
    return legal[0]


def illegal_cards(app: PlayApp) -> list[int]:
    """The numbers of the cards the person may not play now (none outside the play)."""
    if app.match.view(0).phase != "play":
        return []
    return [i for i, a in enumerate(app.numbered(), 1)
            if isinstance(a, Play) and not app.match.deal.is_legal(a)]


async def move_then_press(pilot: Any, app: PlayApp, key: str) -> None:
    """Make the person's first move, let the bots answer, then press ``key``."""
    await settle(pilot, app)
    await press_number(pilot, first_legal(app))
    await settle(pilot, app)
    await pilot.press(key)
    await pilot.pause()


def screen_text(app: Any) -> str:
    """What the table and the panels say, as plain text (for words and cut names)."""
    return app.export_screenshot().replace("&#160;", " ")


async def play_one_deal(pilot: Any, app: PlayApp, seen: list[str]) -> None:
    """Play the person's seat through one whole deal, bidding included, and go past
    the breakdown; ``seen`` collects the screens' text on the way."""
    start = len(app.match.scoresheet)
    for _ in range(200):
        await settle(pilot, app)
        if isinstance(app.screen, Panel):
            seen.append(screen_text(app))
            await pilot.press("enter")
            await pilot.pause()
            if len(app.match.scoresheet) > start:
                return
            continue
        if app.match.is_over:
            return
        if len(seen) < 3:
            seen.append(screen_text(app))
        await press_number(pilot, first_legal(app))
        await pilot.pause()
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_with_its_bidding_in_every_game_and_language(game: str, lang: str) -> None:
    app = PlayApp(game, seed=7, lang=lang, pace=0)  # seat 0 speaks in the first deal
    t = Translator(lang)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        await play_one_deal(pilot, app, seen)
        row = app.match.scoresheet[0]
        assert row.result.played
        assert app.match.deal_number == 2 or app.match.is_over
        actions = app.match.deals[0].actions
        assert any(seat == 0 and not isinstance(a, Play) for seat, a in actions)  # a bid
        assert sum(1 for seat, a in actions if seat == 0 and isinstance(a, Play)) >= 8

    run(app, script)
    text = "\n".join(seen)
    assert t(f"{game}.title") in text
    assert t("tui.deal-over", number=1).split()[0] in text
    assert t("label.scores") in text
    if lang != "en":  # nothing of the English table is left
        assert "Your turn" not in text and "Dealer" not in text


def test_an_illegal_card_is_refused_with_the_rule_and_nothing_changes() -> None:
    app = PlayApp("deberts", seed=1, lang="fr", pace=0)

    async def script(pilot: Any) -> None:
        for _ in range(60):
            await settle(pilot, app)
            if isinstance(app.screen, Panel):
                await pilot.press("enter")
                continue
            options = app.numbered()
            illegal = illegal_cards(app)
            if illegal:
                before = len(app.match.deal.actions)
                error = app.match.deal.why_illegal(options[illegal[0] - 1])
                await press_number(pilot, illegal[0])
                await pilot.pause()
                assert len(app.match.deal.actions) == before
                assert app.waiting
                message = str(app.query_one("#message").render())
                assert explain(error, "fr") in message
                assert "Interdit" in message
                return
            await press_number(pilot, first_legal(app))
        raise AssertionError("no illegal card came up")

    run(app, script)


def test_undo_takes_back_the_persons_last_move_and_the_bots_after_it() -> None:
    app = PlayApp("belote", seed=2, pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await pilot.press("u")
        await pilot.pause()
        assert app.undos == 0  # nothing of yours to take back yet
        while app.match.view(0).phase != "play":
            await press_number(pilot, first_legal(app))
            await settle(pilot, app)
        hand = app.match.view(0).hand
        marks = len(app.match.deal.actions)
        await press_number(pilot, first_legal(app))
        await settle(pilot, app)
        assert len(app.match.deal.actions) > marks
        await pilot.press("u")
        await pilot.pause()
        assert app.undos == 1
        assert len(app.match.deal.actions) == marks
        assert app.match.current_player() == 0 and app.waiting
        assert app.match.view(0).hand == hand

    run(app, script)


def test_undo_can_be_switched_off() -> None:
    app = PlayApp("deberts", seed=2, pace=0, undo=False)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await press_number(pilot, first_legal(app))
        await settle(pilot, app)
        actions = len(app.match.deal.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(app.match.deal.actions) == actions
        assert "off" in str(app.query_one("#message").render())

    run(app, script)


def test_hint_lists_every_legal_choice_with_points_and_a_reason() -> None:
    app = PlayApp("schieber", seed=3, lang="es", pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        legal = len(app.match.legal_actions())
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, Panel)
        text = screen_text(app)
        assert "Consejo" in text and "Puntos" in text
        assert text.count("★") == 2  # the bot's choice, and the note that says so
        assert legal >= 2
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Panel)
        assert app.waiting  # nothing changed

    run(app, script)


def test_last_trick_and_scoresheet_are_one_key_away() -> None:
    app = PlayApp("belote", seed=6, pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert "No deal has been scored" in str(app.query_one("#message").render())
        await pilot.press("l")
        await pilot.pause()
        assert not isinstance(app.screen, Panel)
        while not app.match.view(0).last_trick:
            await press_number(pilot, first_legal(app))
            await settle(pilot, app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, Panel)
        assert "Last trick" in screen_text(app)
        await pilot.press("enter")
        await play_one_deal(pilot, app, [])
        await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, Panel)
        assert "Scores" in screen_text(app)

    run(app, script)


def test_quit_asks_and_saves_the_match(tmp_path: Path) -> None:
    app = PlayApp("deberts", seed=9, pace=0)
    target = tmp_path / "left.txt"

    async def script(pilot: Any) -> None:
        await move_then_press(pilot, app, "ctrl+c")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # keep playing
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen)
        await pilot.press("q")
        await pilot.pause()
        path = app.screen.query_one("#path")
        path.value = str(target)
        await pilot.click("#save")
        await pilot.pause()

    run(app, script)
    assert app.exit_code == 0 and app.return_value == 0  # saved: nothing is lost
    record = parse_match(target.read_text(encoding="utf-8"))
    assert record.game == "deberts"


def test_watching_bots_names_seats_as_the_records_and_waits_after_each_deal() -> None:
    app = PlayApp("schieber", seed=5, human=None, pace=0)

    async def script(pilot: Any) -> None:
        for _ in range(2000):
            if isinstance(app.screen, Panel):
                break
            await pilot.pause()
        assert isinstance(app.screen, Panel)
        deals = len(app.match.scoresheet)
        await pilot.pause(0.05)
        assert len(app.match.scoresheet) == deals  # the breakdown waits for a key
        table = app.query_one(TableView).state
        assert {s.name for s in table.seats} == {"Seat 0", "Seat 1", "Seat 2", "Seat 3"}
        assert all(s.hand is not None for s in table.seats if s.place != "S")
        await pilot.press("enter")  # the next deal, played at once (pace 0), and its breakdown
        for _ in range(2000):
            if len(app.match.scoresheet) > deals or app.match.is_over:
                break
            await pilot.pause()
        assert len(app.match.scoresheet) == deals + 1

    run(app, script)


def test_watching_can_pause_and_rush_to_the_end_of_the_deal() -> None:
    app = PlayApp("deberts", seed=5, human=None, pace=5)  # a slow pace: nothing moves alone

    async def script(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("p")
        assert app.paused
        await pilot.press("p")
        await pilot.press("n")
        for _ in range(500):
            if isinstance(app.screen, Panel):
                break
            await pilot.pause()
        assert isinstance(app.screen, Panel)
        assert len(app.match.scoresheet) == 1

    run(app, script)


def test_typed_moves_are_read_in_the_players_language() -> None:
    app = PlayApp("belote", seed=4, lang="fr", pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await pilot.press("slash")
        for char in "passer":
            await pilot.press(char)
        await pilot.press("enter")
        await pilot.pause()
        mine = [a for seat, a in app.match.deal.actions if seat == 0]
        assert mine == [Pass()]
        await settle(pilot, app)
        for char in "xyz":
            await pilot.press(char)
        await pilot.press("enter")
        await pilot.pause()
        assert "xyz" in str(app.query_one("#message").render())

    run(app, script)


@pytest.mark.parametrize("autoplay", [True, False])
def test_the_last_card_plays_itself_when_it_is_the_only_choice(autoplay: bool) -> None:
    app = PlayApp("schieber", seed=8, pace=0, autoplay=autoplay)
    chosen: list[Any] = []
    choose = app.choose

    def spy(action: Any) -> None:
        chosen.append(action)
        choose(action)

    app.choose = spy  # type: ignore[method-assign]

    async def script(pilot: Any) -> None:
        await play_one_deal(pilot, app, [])

    run(app, script)
    cards = [a for seat, a in app.match.deals[0].actions if seat == 0 and isinstance(a, Play)]
    asked = [a for a in chosen if isinstance(a, Play)]
    assert len(cards) == 9
    assert len(asked) == (8 if autoplay else 9)


def _record(game: str, deals: int = 2) -> str:
    """A record of ``deals`` deals, all played (none thrown in)."""
    info = get_game(game)
    for seed in range(20, 60):
        match = info.match(seed=seed)
        bots = [make_bot(game, "heuristic", seed=s) for s in range(info.num_players)]
        while not match.is_over and len(match.scoresheet) < deals:
            seat = match.current_player()
            match.apply(bots[seat].choose(match.view(seat)))
        if all(row.result.played for row in match.scoresheet):
            break
    return write_match(match, {f"Seat{s}": "heuristic" for s in range(info.num_players)})


@pytest.mark.parametrize("game", GAMES)
def test_replay_steps_jumps_and_switches_seats(game: str) -> None:
    app = ReplayApp(_record(game), lang="fr")

    async def script(pilot: Any) -> None:
        v = app.viewer
        await pilot.press("right", "right", "right")
        assert (v.index, v.step) == (0, 3)
        await pilot.press("left")
        assert v.step == 2
        await pilot.press("pagedown")
        starts = [s for s in app.trick_starts() if s > 2]
        assert v.step == starts[0]
        await pilot.press("pagedown")
        assert v.step == starts[1]
        await pilot.press("pageup")
        assert v.step == starts[0]
        await pilot.press("g", "2", "full_stop", "3", "enter")
        await pilot.pause()
        assert (v.index, v.step) == (1, app.trick_starts()[2])
        assert "Donne 2/2" in screen_text(app)
        await pilot.press("1")
        assert app.seat == 1 and app.describer.bottom == 1
        state = app.query_one(TableView).state
        assert all(s.hand is None for s in state.seats)
        await pilot.press("a")
        state = app.query_one(TableView).state
        assert all(s.hand is not None for s in state.seats if s.place != "S")
        await pilot.press("end")
        await pilot.pause()
        assert isinstance(app.screen, Panel)  # the breakdown of the deal
        await pilot.press("enter", "s")
        await pilot.pause()
        assert isinstance(app.screen, Panel)

    run(app, script)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_cut_at_100_columns(game: str, lang: str) -> None:
    app = PlayApp(game, seed=4, lang=lang, pace=0)
    seen: list[str] = []

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        seen.append(screen_text(app))
        while app.match.view(0).phase != "play":
            await press_number(pilot, first_legal(app))
            await settle(pilot, app)
        seen.append(screen_text(app))

    run(app, script, size=(100, 30))
    for text in seen:
        assert "…" not in text and "&#8230;" not in text


# -- snapshots of the main screens (pytest-textual-snapshot; --snapshot-update) ----------

SIZES = [(80, 24), (120, 40)]


def _until_asked(phase: str) -> Callable[[Any], Awaitable[None]]:
    async def run_before(pilot: Any) -> None:
        app = pilot.app
        await settle(pilot, app)
        while app.match.view(0).phase != phase:
            if isinstance(app.screen, Panel):
                await pilot.press("enter")
            else:
                await press_number(pilot, first_legal(app))
            await settle(pilot, app)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize(("game", "lang", "phase"), [
    ("deberts", "en", "bidding"), ("belote", "fr", "bidding"), ("schieber", "es", "choosing"),
    ("deberts", "fr", "play"), ("belote", "es", "play"), ("schieber", "en", "play"),
])
def test_snapshot_table(snap_compare: Any, game: str, lang: str, phase: str,
                        size: tuple[int, int]) -> None:
    app = PlayApp(game, seed=7, lang=lang, pace=0)
    assert snap_compare(app, terminal_size=size, run_before=_until_asked(phase))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_deal_breakdown(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        app = pilot.app
        for _ in range(100):
            await settle(pilot, app)
            if isinstance(app.screen, Panel):
                return
            await press_number(pilot, first_legal(app))

    app = PlayApp("belote", seed=7, lang="en", pace=0)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_snapshot_replay_every_hand(snap_compare: Any, size: tuple[int, int]) -> None:
    app = ReplayApp(_record("belote"), lang="en")
    assert snap_compare(app, terminal_size=size, press=["pagedown", "pagedown", "right"])


@pytest.mark.parametrize("game", GAMES)
def test_the_match_result_gives_the_winners_score_first(game: str) -> None:
    from atout.tui.describe import Describer

    info = get_game(game)
    match = info.match(seed=1)
    bots = [make_bot(game, "random", seed=s) for s in range(info.num_players)]
    while not match.is_over:
        seat = match.current_player()
        match.apply(bots[seat].choose(match.view(seat)))
    loser = (match.winner + 1) % info.num_players  # the person sat on the losing side
    describer = Describer(game, Translator("en"), info.num_players, loser)
    shown = describer.panel(describer.renderer.show_match_end, match)
    text = " ".join(getattr(item, "plain", "") for item in shown.renderables)
    scores = match.final_score if game == "deberts" else match.scores
    win = match.winner if info.num_players == 2 else match.winner % 2
    assert f"{scores[win]}:{scores[1 - win]}" in text


class _SlowBot:
    """A searching bot that takes its time: it shows whether the screen waits for it."""

    name = "slow"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        import time

        time.sleep(2.0)
        return view.legal_actions[0]


def test_a_searching_bot_thinks_while_the_screen_answers(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    import sys
    import time

    from atout.bots.base import BOTS

    monkeypatch.setattr(sys.modules[__name__], "_SlowBot", _SlowBot, raising=False)
    monkeypatch.setitem(BOTS, ("*", "slow"), f"{__name__}:_SlowBot")
    app = PlayApp("deberts", seed=5, human=None, bots="slow", pace=0)

    async def script(pilot: Any) -> None:
        for _ in range(500):
            if app.thinking:
                break
            await pilot.pause(0.01)
        assert app.thinking
        start = time.monotonic()
        await pilot.press("question_mark")  # the keys panel opens while the bot thinks
        assert isinstance(app.screen, Panel)
        assert time.monotonic() - start < 1.0  # a bot on the screen's thread: 2 s
        await pilot.press("escape")
        for _ in range(1000):
            if app.match.deal.actions:
                break
            await pilot.pause(0.01)
        assert app.match.deal.actions  # and its decision arrives and is played

    run(app, script)


def test_a_weis_call_shows_by_its_seat_in_words() -> None:
    """RULES.md Schieber 5: by the seat that called, the words of the call (its points,
    and more only when needed), never the value object behind them."""
    from atout.games.schieber import SchieberDeal
    from atout.tui.describe import Describer

    hands = ["C6 C7 C8 D6 D7 D8 H6 H7 S6", "D9 D10 DJ DQ DK H8 H9 S7 S8",
             "C9 C10 CJ CQ CK CA H10 S9 S10", "DA HJ HQ HK HA SJ SQ SK SA"]
    deal = SchieberDeal.from_hands(hands, forehand=0)
    deal.apply(deal.legal_actions()[0])  # forehand names a contract
    while deal.view(0).weis_announced[1] is None:
        deal.apply(deal.legal_actions()[0])
    view = deal.view(0)
    call = view.weis_announced[1]
    describer = Describer("schieber", Translator("en"), 4, 0)
    said = " ".join(text.plain for text in describer.notes(view)[1])
    assert "WeisCall" not in said and f"Weis {describer.renderer.call_text(call)}" in said


# -- the status bar and the status line say where the match is (issue 22, item 5) -------

def _status(app: Any) -> str:
    from atout.tui.base import StatusBar

    return str(app.query_one(StatusBar).render()).replace("\n", " ")


def _message(app: Any) -> str:
    return str(app.query_one("#message").render())


def test_the_status_bar_shows_the_finished_deal_and_its_scores_under_its_breakdown() -> None:
    app = PlayApp("deberts", seed=7, lang="fr", pace=0, options="deberts(target=301)")
    t = Translator("fr")
    seen: list[tuple[int, str]] = []

    async def script(pilot: Any) -> None:
        for _ in range(3000):
            if isinstance(app.screen, Panel):
                sheet = app.match.scoresheet
                seen.append((len(sheet), _status(app)))
                row = sheet[-1]
                status = _status(app)
                assert t("label.deal", number=row.number) in status
                assert t("label.deal", number=row.number + 1) not in status
                me = 0
                assert f"{row.scores[me]} – " in status and f" {row.scores[1 - me]}" in status
                await pilot.press("enter")
                await pilot.pause()
                if app.return_value is not None:  # the match's result was the last panel
                    return
                continue
            if app.waiting:
                await press_number(pilot, first_legal(app))
            await pilot.pause()
        raise AssertionError("the match did not end")

    run(app, script)
    assert len(seen) >= 3  # deals 1, 2, ... and the match's end
    assert app.match.is_over and seen[-1][0] == seen[-2][0] == len(app.match.scoresheet)


def test_the_status_line_forgets_the_persons_turn_and_a_refusal_once_they_play() -> None:
    app = PlayApp("deberts", seed=1, lang="en", pace=30)  # the bots wait: the line is seen

    async def script(pilot: Any) -> None:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, Panel):
                await pilot.press("enter")
                continue
            if not app.waiting:
                app.bot_move()  # the bot's turn, at once
                continue
            illegal = illegal_cards(app)
            if illegal:
                await press_number(pilot, illegal[0])
                await pilot.pause()
                assert "Not allowed" in _message(app)
                await press_number(pilot, first_legal(app, prefer_bid=False))
                await pilot.pause()
                assert app.match.current_player() == 1  # the opponent is to play
                assert _message(app) == ""
                return
            await press_number(pilot, first_legal(app))
            await pilot.pause()
            if app.match.current_player() == 1:
                assert _message(app) == ""
        raise AssertionError("no illegal card came up")

    run(app, script)


# -- the input line takes the keys typed right after / and gives them back after Esc ---
# (issue 22, item 7). The keys are posted at once, as a quick typist's reach the app
# before it has answered the first one.

def _type_at_once(app: Any, keys: str) -> None:
    from textual import events

    names = {"/": "slash", "\n": "enter", "\x1b": "escape", " ": "space"}
    for char in keys:
        name = names.get(char, char)
        app.post_message(events.Key(name, None if name in ("enter", "escape") else char))


def test_keys_typed_right_after_slash_go_into_the_input_line() -> None:
    app = PlayApp("belote", seed=4, lang="fr", pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        _type_at_once(app, "/passer\n")
        await pilot.pause(0.2)
        assert not isinstance(app.screen, Panel)
        assert [a for seat, a in app.match.deal.actions if seat == 0] == [Pass()]
        await settle(pilot, app)
        moves = len(app.match.deal.actions)
        _type_at_once(app, "/xyz\x1b1")  # Esc forgets the text; 1 is a choice again
        await pilot.pause(0.2)
        assert app.query_one("#entry").value == ""
        assert app.match.deal.actions[moves][0] == 0  # the first choice, by its shortcut

    run(app, script)


def test_after_typing_a_move_and_esc_the_hint_key_answers_at_once() -> None:
    app = PlayApp("deberts", seed=7, lang="fr", pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        for text in ("passer", "atout pique", "RP"):
            _type_at_once(app, f"/{text}\n")
            await pilot.pause(0.2)
            await settle(pilot, app)
        assert app.match.view(0).phase == "play" and app.waiting
        _type_at_once(app, "\x1bh")
        await pilot.pause(0.2)
        await pilot.pause(0.2)
        assert isinstance(app.screen, Panel)
        assert Translator("fr")("tui.hint.title") in screen_text(app)
        assert app.query_one("#entry").value == ""

    run(app, script)


# -- every key a player needs is on the key bar at 80 columns (issue 22, item 9) -------

def _key_bar(app: Any) -> list[str]:
    from atout.tui.base import KeyBar

    bar = app.query_one(KeyBar)
    lines = bar.render().plain.split("\n")
    assert bar.size.height == len(lines)  # every line in view
    assert all(len(line) <= 78 for line in lines)
    return lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_bar_shows_every_key_at_80_columns(lang: str) -> None:
    t = Translator(lang)
    playing = PlayApp("belote", seed=7, lang=lang, pace=0)
    watching = PlayApp("schieber", seed=7, lang=lang, human=None, pace=30)
    replay = ReplayApp(_record("deberts"), lang=lang)
    bars: dict[str, list[str]] = {}

    async def play(pilot: Any) -> None:
        await settle(pilot, playing)
        bars["bid"] = _key_bar(playing)
        while playing.match.view(0).phase != "play":
            await press_number(pilot, first_legal(playing))
            await settle(pilot, playing)
        bars["play"] = _key_bar(playing)

    async def watch(pilot: Any) -> None:
        bars["watch"] = _key_bar(watching)
        await pilot.press("p")
        bars["paused"] = _key_bar(watching)

    async def step(pilot: Any) -> None:
        bars["replay"] = _key_bar(replay)

    run(playing, play)
    run(watching, watch)
    run(replay, step)
    common = [("l", "tui.key.last"), ("s", "tui.key.scores"), ("?", "tui.key.keys"),
              ("q", "tui.key.quit")]
    table = [("h", "tui.key.hint"), ("u", "tui.key.undo"), ("/", "tui.key.type"), *common]
    wanted = {
        "bid": [("↑↓ ⏎", "tui.key.bid"), *table], "play": [("←→ ⏎", "tui.key.play"), *table],
        "watch": [("p", "tui.key.pause"), ("n", "tui.key.rush"), ("+/-", "tui.key.speed"),
                  *common],
        "paused": [("p", "tui.key.resume"), *common],
        "replay": [("←→", "tui.key.next"), ("PgUp/Dn", "tui.key.trick"), ("[ ]", "tui.key.deal"),
                   ("g", "tui.key.goto"), ("a", "tui.key.all"), ("0-1", "tui.key.seat"),
                   ("s", "tui.key.scores"), ("?", "tui.key.keys"), ("q", "tui.key.quit")],
    }
    for name, keys in wanted.items():
        text = " ".join(bars[name]) + " "
        for key, word in keys:
            assert f"{key} {t(word)} " in text, (name, key, text)


def test_pausing_a_watched_match_says_so_below_the_table_and_covers_no_card() -> None:
    app = PlayApp("belote", seed=3, human=None, pace=30)  # the turned card in the middle

    async def script(pilot: Any) -> None:
        await pilot.pause()
        table = app.query_one(TableView)
        before = table.render().plain
        await pilot.press("p")
        await pilot.pause()
        assert app.paused
        assert table.render().plain == before  # nothing drawn over the cards
        assert _message(app) == "Paused"
        await pilot.press("p")
        await pilot.pause()
        assert _message(app) == ""

    run(app, script)


def test_a_panel_longer_than_the_screen_scrolls_and_says_so() -> None:
    """Issue 22, item 6: the hint at the first card, on a screen too short for it."""
    app = PlayApp("deberts", seed=143117343355050702656760730407984104689, pace=0,
                  hint_level="medium")
    t = Translator("en")

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await press_number(pilot, 2)  # take
        await settle(pilot, app)
        assert app.match.view(0).phase == "play"
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, Panel)
        body = app.screen.query_one("#body")
        assert body.max_scroll_y > 0
        assert t("tui.scroll-or-any-key") in screen_text(app)
        note = " ".join(t("tui.hint.note").split()[-3:])
        assert note not in screen_text(app)  # the end of the panel is below
        for key in ("down", "pagedown", "end"):
            before = body.scroll_y
            await pilot.press(key)
            await pilot.pause()
            assert body.scroll_y > before or body.scroll_y == body.max_scroll_y
        assert body.scroll_y == body.max_scroll_y
        assert note in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert body.scroll_y == 0 and isinstance(app.screen, Panel)
        await pilot.press("x")  # any other key closes it
        await pilot.pause()
        assert not isinstance(app.screen, Panel)

    run(app, script, size=(80, 16))


def test_undo_never_reaches_back_into_a_finished_deal() -> None:
    """Issue 22, item 11: at the first decision of deal 2, the last card of deal 1 stays
    played (its breakdown was shown and its score written); undo says there is
    nothing of yours to take back in this deal."""
    app = PlayApp("belote", seed=2, pace=0)
    t = Translator("en")

    async def script(pilot: Any) -> None:
        await play_one_deal(pilot, app, [])
        await settle(pilot, app)
        assert app.match.deal_number == 2 and app.waiting
        assert not any(seat == 0 for seat, _ in app.match.deal.actions)
        actions = list(app.match.deal.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(app.match.scoresheet) == 1 and app.match.deal_number == 2
        assert list(app.match.deal.actions) == actions
        assert app.undos == 0 and app.waiting
        assert _message(app) == t("advice.no-undo")
        assert not isinstance(app.screen, Panel)  # no breakdown of deal 1 again

    run(app, script)


@pytest.mark.parametrize("given", [False, True])
def test_in_the_quit_dialog_enter_saves_and_leaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   given: bool) -> None:
    """Issue 22, item 12: the player asked to leave, so Enter leaves, keeping the match
    (to --save FILE, or to the file the dialog proposes); that exits with 0."""
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "given.txt"
    app = PlayApp("deberts", seed=9, pace=0, save=str(target) if given else None)

    async def script(pilot: Any) -> None:
        await move_then_press(pilot, app, "q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("enter")
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0 and app.exit_code == 0
    files = [target] if given else list(tmp_path.glob("atout-deberts-*.txt"))
    assert len(files) == 1
    assert parse_match(files[0].read_text(encoding="utf-8")).game == "deberts"


def test_leaving_without_saving_exits_with_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.chdir(tmp_path)
    app = PlayApp("deberts", seed=9, pace=0)

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        await pilot.click("#leave")
        await pilot.pause()

    run(app, script)
    assert app.return_value == 1
    assert not list(tmp_path.iterdir())


# -- one position, one hint, whatever the front end (issue 22, item 14) ----------------

def _points(text: str) -> list[float]:
    """The signed values a hint shows, whatever the minus sign and decimal mark."""
    import re

    found = re.findall(r"[+\-\u2212]\d+[.,]\d", text)
    return [float(v.replace("\u2212", "-").replace(",", ".")) for v in found]


@pytest.mark.parametrize("game", GAMES)
def test_one_position_gets_the_same_hint_on_the_table_and_in_the_line_mode(game: str) -> None:
    import io

    from rich.console import Console

    from atout.bots.advice import advise
    from atout.terminal.app import TerminalGame

    seed = 11
    out = io.StringIO()
    lines = iter(["hint"])

    def typed(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    line = TerminalGame(game, seed=seed, console=Console(file=out, width=200, color_system=None),
                        input_fn=typed)
    line.run()
    title = Translator("en")("advice.title")
    printed = out.getvalue().split(title, 1)[1]
    view = line.match.view(0)
    direct = [round(a.points, 1) for a in advise(game, view)]
    assert _points(printed)[: len(direct)] == direct

    app = PlayApp(game, seed=seed, pace=0)
    shown: list[str] = []

    async def script(pilot: Any) -> None:
        await settle(pilot, app)
        assert app.match.view(0) == view  # the same position
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, Panel)
        panel = io.StringIO()
        Console(file=panel, width=120, color_system=None).print(app.screen.body)
        shown.extend(_points(panel.getvalue()))

    run(app, script)
    assert shown == direct  # the advisor's path: tests/test_advisor.py, the same advise()


# -- one naming of the seats everywhere (issue 22, item 13) -----------------------------

def test_a_two_player_replay_names_the_players_and_offers_its_two_seats() -> None:
    text = _record("deberts").replace('[Seat0 "heuristic"]', '[Seat0 "human"]\n[Name0 "Ann"]')
    app = ReplayApp(text, lang="en")
    t = Translator("en")

    async def script(pilot: Any) -> None:
        await pilot.press("right")
        bar = " ".join(_key_bar(app))
        assert f"0-1 {t('tui.key.seat')}" in bar and "0-3" not in bar
        names = {s.name for s in app.query_one(TableView).state.seats}
        assert names == {"Ann", "Seat 1"}
        assert "Ann 0 – Seat 1 0" in _status(app)
        log = " ".join(" ".join(str(line.text) for line in app.query_one("#log").lines).split())
        assert "Players: Ann (person), Seat 1 (bot heuristic)" in log
        await pilot.press("1")
        assert "What Seat 1 sees" in _status(app)

    run(app, script)


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_shows_the_scores_after_a_deal_at_its_end(game: str) -> None:
    app = ReplayApp(_record(game), lang="en")

    async def script(pilot: Any) -> None:
        await pilot.press("right_square_bracket", "end")  # the end of deal 2
        await pilot.pause()
        row = app.viewer.match.scoresheet[1]
        status = _status(app)
        assert f" {row.scores[0]} – " in status and status.count(str(row.scores[1])) >= 1
        await pilot.press("enter", "home")  # its start: the scores before it
        first = app.viewer.match.scoresheet[0]
        assert f" {first.scores[0]} – " in _status(app)

    run(app, script)
