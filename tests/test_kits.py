"""Every game's kit, checked part by part (docs/api.md, "Kits"): a new game's kit passes
these tests or the game is not done."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from atout.bots.base import Bot, bot_names, make_bot
from atout.games.events import Acted, Announcement, DealStarted, MeldShown, TrickWon
from atout.i18n import LANGUAGES, Translator, catalog, lookup, messages
from atout.kits import KITS, NAMES, GameKit, get_game, kit
from atout.kits.present import Field, Msg, Param, Presenter, Seat, SuitName, Words, render, to_json
from atout.scorekeeper import new_sheet
from atout.terminal.common import BaseRenderer

KIT_NAMES = list(NAMES)


def test_the_registry_lists_every_kit_once_by_its_own_name() -> None:
    assert list(KITS) == KIT_NAMES and len(KITS) == len(set(KITS))
    for name, game_kit in KITS.items():
        assert isinstance(game_kit, GameKit) and game_kit.name == name
        assert kit(name.upper()) is game_kit
    with pytest.raises(ValueError, match="unknown game"):
        kit("bridge")
    assert "bridge" not in KITS


@pytest.mark.parametrize("game", KIT_NAMES)
def test_the_engine_deals_the_kit_s_deck_to_its_players(game: str) -> None:
    game_kit = KITS[game]
    info = get_game(game)
    assert info is game_kit.game and info.name == game
    assert info.num_players == game_kit.num_players in (2, 4)
    match = info.match(seed=7)
    view = match.view(0)
    assert isinstance(view, info.view) and isinstance(match.options, info.options)
    assert game_kit.deck in (32, 36)
    assert len(view.hand) <= game_kit.deck // info.num_players
    assert 0 < game_kit.first_cards <= game_kit.deck // info.num_players
    assert game_kit.rules.__doc__


@pytest.mark.parametrize("game", KIT_NAMES)
def test_presets_parse_and_have_words_in_every_language(game: str) -> None:
    game_kit = KITS[game]
    assert game_kit.presets
    canonical = game_kit.preset_options()
    web = messages("web")
    for name, text in game_kit.presets.items():
        options = game_kit.parse_options(text)
        assert str(options) == canonical[name]
        assert game_kit.parse_options(canonical[name]) == options  # round trip
        for lang in LANGUAGES:
            assert f"room.preset.{game}.{name}" in web[lang], (lang, name)
    assert game_kit.parse_options(None) == game_kit.game.options()


def _seeded_match(game: str, seed: int = 3) -> tuple[Any, list[tuple[int, Any, Any, Any]]]:
    """A whole match played by the game's own bots: each decision's (seat, action, the
    view before, the view after)."""
    info = get_game(game)
    match = info.match(seed=seed, options=dataclasses.replace(info.options(), target=100))
    bots = [make_bot(game, "heuristic", seed=seed + s) for s in range(info.num_players)]
    steps = []
    while not match.is_over and len(steps) < 600:
        seat = match.current_player()
        before = match.view(seat)
        action = bots[seat].choose(before)
        assert action in before.legal_actions
        match.apply(action)
        steps.append((seat, action, before, match.view(seat)))
    return match, steps


@pytest.mark.parametrize("game", KIT_NAMES)
def test_every_bot_of_the_kit_acts_legally(game: str) -> None:
    names = bot_names(game)
    assert set(KITS[game].bots) <= set(names) and "heuristic" in names
    info = get_game(game)
    for name in KITS[game].bots:
        bot = make_bot(game, name, seed=1)
        assert isinstance(bot, Bot)
        match = info.match(seed=11)
        for _ in range(40):
            if match.is_over:
                break
            view = match.view(match.current_player())
            action = bot.choose(view)
            assert action in view.legal_actions
            match.apply(action)


@pytest.mark.parametrize("game", KIT_NAMES)
def test_the_sampler_deals_worlds_consistent_with_the_seat_s_view(game: str) -> None:
    _, steps = _seeded_match(game)
    rng = random.Random(5)
    for seat, _, before, _ in steps[:: max(1, len(steps) // 12)]:
        if before.phase == "over":
            continue
        for world in KITS[game].sample_worlds(before, 2, rng):
            seen = world.view(seat)  # a deal's view: the match's scores aside
            for name in ("hand", "trick", "history", "legal_actions", "trump", "dealer"):
                assert getattr(seen, name) == getattr(before, name), name
            assert world.hands != tuple(0 for _ in world.hands)


@pytest.mark.parametrize("game", KIT_NAMES)
def test_scoresheet_entries_lessons_and_renderer_are_the_game_s(game: str) -> None:
    game_kit = KITS[game]
    sheet = new_sheet(game)
    assert type(sheet) is game_kit.scoresheet_class()
    assert sheet.num_players == game_kit.num_players
    assert game_kit.entry_class().__module__ == type(sheet).__module__
    course = game_kit.course()
    assert course.LESSONS and course.TOPICS
    assert all(step.id.startswith(f"{game}.") for lesson in course.LESSONS
               for step in lesson.steps)
    assert issubclass(game_kit.renderer_class(), BaseRenderer)


def _params(value: Param) -> list[Param]:
    """``value`` and every value inside it."""
    out: list[Param] = [value]
    if isinstance(value, Msg):
        for p in value.params.values():
            out += _params(p)
    if isinstance(value, Words):
        for p in value.parts:
            out += _params(p)
    return out


def _presented(presenter: Presenter[Any], seat: int, action: Any, before: Any,
               after: Any) -> list[Param]:
    """Everything the presenter says of one decision and the views around it."""
    values: list[Param] = [presenter.said(seat, action, before), presenter.prompt(before)]
    for view in (before, after):
        values += [presenter.action(a, view) for a in view.legal_actions]
        values += [s for a in view.legal_actions if (s := presenter.short(a)) is not None]
        values += [presenter.listed(a, view) for a in view.legal_actions]
        if (forehand := presenter.forehand(view)) is not None:
            values += [forehand.value] + ([forehand.label] if forehand.label else [])
        values += [presenter.bid(a, view) for _, a in view.history[-4:]]
        fields: list[Field] = presenter.contract(view) + presenter.pending(view)
        values += [f.value for f in fields] + [f.label for f in fields if f.label]
        trump = presenter.trump(view)
        values += [trump] if trump is not None else []
        values += [label for label, _ in presenter.face_up(view)]
        values += [n.text for notes in presenter.notes(view).values() for n in notes]
        own = presenter.own_melds(view)
        values += [own[0]] if own else []
    return values


def _pages_translator(lang: str) -> Any:
    """A translation as the pages have it: the games' messages and the web's."""
    def t(key: str, /, **params: Any) -> str:
        text = lookup(key, lang) or lookup(key, lang, "web")
        return key if text is None else text.format(**params)

    return t


def _results_presented(presenter: Presenter[Any], match: Any) -> list[Param]:
    """Everything the presenter says of each finished deal of ``match``."""
    values: list[Param] = []
    for row in match.scoresheet:
        result = row.result
        values += [presenter.outcome(result), presenter.sheet_outcome(result)]
        for label, (a, b) in presenter.result_rows(result):
            values += [label, a, b]
        assert all(0 <= seat < match.num_players for seat, _ in presenter.result_melds(result))
    return values


def _told_presented(presenter: Presenter[Any], match: Any) -> list[Param]:
    """What the presenter says of every event of ``match``'s log (each with seat 0's view
    of its deal): an action, a trick won, an announcement and a meld shown each say
    something."""
    values: list[Param] = []
    deal = 0
    for event in match.events:
        if isinstance(event, DealStarted):
            deal = event.number
        source = match.deals[deal - 1] if 0 < deal <= len(match.deals) else match
        said = presenter.told(event, source.view(0))
        if isinstance(event, (Acted, TrickWon, MeldShown, Announcement, DealStarted)):
            assert said is not None, event
        if said is not None:
            values.append(said)
    return values


@pytest.mark.parametrize("game", KIT_NAMES)
def test_the_presenter_s_keys_exist_in_every_catalogue(game: str) -> None:
    """Over a whole seeded match, every message the presenter gives has its key in every
    language the pages and the terminal speak, and renders without a hole."""
    presenter = KITS[game].present()
    assert isinstance(presenter, Presenter) and presenter.game == game
    match, steps = _seeded_match(game)
    assert match.scoresheet
    keys: set[str] = set()
    seen_kinds: set[str] = set()
    results = _results_presented(presenter, match) + _told_presented(presenter, match)
    for value in [v for step in steps for v in _presented(presenter, *step)] + results:
        for part in _params(value):
            if isinstance(part, Msg) and part.team is None:
                keys.add(part.key)
                if part.seat is not None and part.key + ".you" in catalog()["en"]:
                    keys.add(part.key + ".you")
            if isinstance(part, Msg) and part.team is not None:
                keys.update(f"{part.key}.{form}" for form in ("us", "them", "team"))
            assert to_json(part) is not None
            seen_kinds.add(type(part).__name__)
    assert {"Msg", "SuitName", "Seat"} <= seen_kinds and keys
    web = messages("web")
    for lang in LANGUAGES:
        known = set(catalog()[lang]) | set(web[lang])
        assert not keys - known, (lang, sorted(keys - known))
        t = _pages_translator(lang)
        for values in [_presented(presenter, *step) for step in steps[:60]] + [results]:
            for value in values:
                text = render(value, t, lambda s: f"<{s}>", me=0, has=Translator(lang).has)
                assert text == text.strip() or not text
                assert not re.search(r"\{\w+\}", text), (lang, text)
                assert not any(k in text.split() for k in keys), (lang, text)


def test_messages_render_alike_in_python_and_as_json() -> None:
    t = Translator("fr")
    from atout.cards import Suit

    msg = Msg("schieber.action.contract",
              {"contract": Msg("schieber.contract.trump", {"suit": SuitName(Suit.HEARTS)}),
               "factor": 2})
    assert render(msg, t, str) == t("schieber.action.contract", factor=2, contract=t(
        "schieber.contract.trump", suit=f"♥ {t('suit.H')}"))
    assert to_json(msg) == {"key": "schieber.action.contract", "params": {
        "contract": {"key": "schieber.contract.trump", "params": {"suit": {"suit": "H"}}},
        "factor": 2}}
    said = Msg("event.passes", seat=1)
    assert render(said, t, lambda s: f"S{s}", me=1, has=t.has) == t("event.passes.you")
    assert render(said, t, lambda s: f"S{s}", me=0, has=t.has) == t("event.passes", seat="S1")
    assert render(Words((Seat(2), "×3"), " – "), t, lambda s: f"S{s}") == "S2 – ×3"
    assert to_json(Seat(2)) == {"seat_of": 2}


#: The front ends and features that ask the kits and never branch on a game's name (each
#: game's own modules in them, named after it, are the kits' parts).
_ASK_THE_KIT = ("terminal", "tui", "scorekeeper", "learn", "cli.py", "arena.py",
                "web/scorekeeper.py", "web/static/score.js")
#: A game's name compared, or used as a key: a branch that belongs in the game's kit.
_GAME_BRANCH = re.compile(
    r"""(==|!=)\s*["'](?:{0})["']|["'](?:{0})["']\s*(==|!=|:)|\bin\s*\(["'](?:{0})["']"""
    .format("|".join(NAMES)))


def test_the_front_ends_ask_the_kit_and_name_no_game() -> None:
    """No branch on a game's name in the front ends and features that ask the kits
    (docs/architecture.md, "Where a game's name may appear")."""
    from pathlib import Path

    import atout

    root = Path(atout.__file__).parent
    files = [f for part in _ASK_THE_KIT for f in (
        sorted((root / part).rglob("*.py")) if (root / part).is_dir() else [root / part])]
    assert len(files) > 30
    found = [f"{f.relative_to(root)}:{n}: {line.strip()}"
             for f in files if f.stem not in NAMES
             for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if _GAME_BRANCH.search(line)]
    assert not found, found
    assert _GAME_BRANCH.search('if game == "belote":')
    assert _GAME_BRANCH.search("MELDS = { schieber: 1, 'deberts': [20] }")


def test_the_dealing_says_whether_a_deal_carries_the_scores() -> None:
    """A deal that carries the match's scores itself (Schieber's, for its stops): the
    world sampler and the replay keep them; the others' views get them from the match."""
    for game_kit in KITS.values():
        deal = game_kit.game.deal(seed=1, dealer=0)
        assert game_kit.deals().deal_has_scores == hasattr(deal, "scores"), game_kit.name
