"""The terminal table, driven end to end by scripted input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from click.testing import CliRunner
from rich.console import Console

from atout.cli import main
from atout.games.actions import Play
from atout.terminal.app import TerminalGame


def scripted_game(lang: str, seed: int, wrong_first: bool = True) -> tuple[TerminalGame, str, int]:
    """A whole match where the 'person' types the text of a legal action (after one
    illegal card on the first play, to see the rule explained)."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    state = {"wrong": wrong_first}
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        game = holder[0]
        view = game.match.view(0)
        legal = view.legal_actions
        if state["wrong"] and view.trick:
            illegal = [c for c in view.hand if Play(c) not in legal]
            if illegal:
                state["wrong"] = False
                return illegal[0].code
        return str(legal[-1])

    game = TerminalGame("deberts", seed=seed, lang=lang, console=console, input_fn=typed)
    holder.append(game)
    code = game.run()
    return game, out.getvalue(), code


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ["Your hand", "Trump", "won the match", "Not allowed:", "Indicator"]),
        ("fr", ["Votre main", "Atout", "la partie", "Interdit :", "Indicateur"]),
        ("es", ["Tu mano", "Triunfo", "la partida", "No permitido:", "Indicador"]),
    ],
)
def test_whole_match_in_each_language(lang: str, words: list[str]) -> None:
    game, text, code = scripted_game(lang, seed=4)
    assert code == 0 and game.match.is_over
    for word in words:
        assert word in text, word
    assert str(game.match.final_score[0]) in text  # type: ignore[index]


def test_number_choice_and_commands(tmp_path: object) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    lines = iter(["help", "score", "last", "99", "nonsense", "1"])
    game = TerminalGame("deberts", seed=1, console=console, input_fn=lambda p: next(lines))
    with pytest.raises(StopIteration):
        game.run()
    text = out.getvalue()
    assert "Commands:" in text and "Choose a number from 1 to" in text
    assert "I did not understand 'nonsense'" in text and "No trick has been completed" in text
    assert len(game.match.deal.actions) >= 1


def test_cli_play_from_stdin_stops_cleanly_at_end_of_input() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "atout.cli", "play", "deberts", "--seed", "5", "--lang", "es"],
        input="1\n1\n1\n1\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "No hay más entrada" in proc.stdout
    assert "Indicador" in proc.stdout


def test_cli_watch_and_rules_and_bench() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["play", "deberts", "--seed", "2", "--watch"])
    assert result.exit_code == 0, result.output
    assert "won the match" in result.output
    result = runner.invoke(main, ["rules", "deberts"])
    assert result.exit_code == 0 and "bertz" in result.output
    result = runner.invoke(main, ["bench", "deberts", "--deals", "200"])
    assert result.exit_code == 0 and "deals/s" in result.output
    result = runner.invoke(main, ["play", "deberts", "--seat", "5"])
    assert result.exit_code != 0
    result = runner.invoke(main, ["play", "deberts", "--options", "deberts(nope=1)"])
    assert result.exit_code != 0 and "nope" in result.output


def test_schieber_breakdown_of_a_stopped_match_shows_what_the_losers_keep() -> None:
    """RULES.md Schieber 8: the losers' Weis written at the first trick stay written."""
    from atout.games.schieber import SchieberMatch
    from atout.i18n import Translator
    from atout.terminal.schieber import Renderer

    match = SchieberMatch(seed=106)
    while not match.is_over:
        match.apply(match.legal_actions()[-1])
    out = io.StringIO()
    renderer = Renderer(Console(file=out, width=200, color_system=None), Translator("en"), 0, 4)
    renderer.show_deal_end(match)
    renderer.show_scoresheet(match)
    text = out.getvalue()
    assert "The losers keep what they had written" in text
    assert "+240 = 1716" in text and "+1028 = 3092" in text
    assert "Schneider" not in text
