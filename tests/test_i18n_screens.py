"""Every screen of each game in each language, and nothing in another language: a whole
match at the line table (help, scores, last trick, a hint, a wrong entry on the way),
every lesson, the puzzle of the day, the rules page, a replay and the web catalogue. A
message missing in the language (shown in English) or an English sentence left on the
screen fails the test."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from atout.cli import main
from atout.games.actions import Play
from atout.i18n import LANGUAGES, messages
from atout.learn import daily, lessons
from atout.notation import write_match
from atout.rules import rules_text
from atout.terminal.app import TerminalGame
from atout.terminal.replay import ReplayViewer
from i18n_support import english_left, fell_back, forget

GAMES = ["deberts", "belote", "schieber"]


def _speaks(text: str, lang: str) -> None:
    assert fell_back(lang) == set(), "shown in English"
    assert english_left(text, lang) == [], "English left on the screen"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_at_the_line_table(game: str, lang: str) -> None:
    forget()
    typed = iter(["help", "score", "last", "hint", "zz", "99", "undo"])

    def person(prompt: str) -> str:
        """The commands first, then a legal card (or the last bid offered), typed as
        the records write it (English is read in every language)."""
        legal = table.match.legal_actions()
        plays = [action for action in legal if isinstance(action, Play)]
        return next(typed, None) or str(plays[0] if plays else legal[-1])

    console = Console(file=io.StringIO(), width=100, color_system=None)
    table = TerminalGame(game, seed=3, lang=lang, console=console, input_fn=person)
    table.run()
    assert table.match.is_over
    text = console.file.getvalue()  # type: ignore[attr-defined]
    _speaks(text, lang)
    out = io.StringIO()
    keys = iter(["n", "n", "d", "s", "q"])
    viewer = ReplayViewer(write_match(table.match), lang=lang,
                          input_fn=lambda prompt: next(keys),
                          console=Console(file=out, width=100, color_system=None))
    viewer.run()
    _speaks(out.getvalue(), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_and_the_puzzle_of_the_day(game: str, lang: str, tmp_path: Path) -> None:
    forget()
    outputs = []
    for number, lesson in enumerate(lessons(game), 1):
        typed = "zz\nshow\n" * (len(lesson.steps) + 1) + "quit\n"
        result = CliRunner().invoke(main, ["learn", game, "--lesson", str(number), "--lang",
                                           lang, "--progress", str(tmp_path / "p.json")],
                                    input=typed)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    puzzle = daily(game, datetime.date(2027, 3, 1))
    assert puzzle is not None
    result = CliRunner().invoke(main, [
        "learn", game, "--puzzle", "daily", "--date", "2027-03-01", "--lang", lang,
        "--progress", str(tmp_path / "p.json")], input=f"{puzzle.second}\n{puzzle.best}\n")
    outputs.append(result.output)
    menu = CliRunner().invoke(main, ["learn", game, "--lang", lang, "--progress",
                                     str(tmp_path / "p.json")], input="q\n")
    outputs.append(menu.output)
    _speaks("\n".join(outputs), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_is_written_in_the_language(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    if lang != "en":
        assert text != rules_text(game, "en")
        english = rules_text(game, "en").splitlines()
        shared = [line for line in text.splitlines() if len(line) > 40 and line in english]
        assert shared == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_web_pages_receive_every_word_in_the_language(lang: str) -> None:
    from atout.web.messages import catalog_for

    merged = catalog_for(lang)
    for domain in ("atout", "web"):
        table = messages(domain)
        assert {key: merged[key] for key in table["en"]} == {
            key: table[lang][key] for key in table["en"]}


def test_the_checks_catch_a_missing_message_and_an_english_sentence() -> None:
    """The controls: a message the language lacks is noted, and an English sentence in a
    French screen is found."""
    from atout.i18n import translate

    forget()
    translate("tui.deal-over", "zz", number=1)
    assert fell_back("zz") == {"tui.deal-over"}
    english = messages("atout")["en"]["input.error.no-card-now"]  # "This is not the moment…"
    assert english_left(f"Votre main\n{english}\n", "fr") != []
    french = messages("atout")["fr"]["input.error.no-card-now"]
    assert english_left(f"Votre main\n{french}\n",
                        "fr") == []
