"""The terminal table, driven end to end by scripted input."""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

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

# -- shuffling, seeds and the record file -----------------------------------------------
@pytest.mark.parametrize("lang,words", [
    ("en", "fresh shuffle"), ("fr", "bat les cartes"), ("es", "baraja en cada mano"),
])
@pytest.mark.parametrize("options", ["belote(shuffle=gather)", "gather"])
def test_a_person_is_not_dealt_a_gathered_pack(lang: str, words: str, options: str) -> None:
    """RULES.md Belote 7: the gathered pack reveals every hand; a person's table refuses
    it, in the person's language, before anything is dealt."""
    result = CliRunner().invoke(
        main, ["play", "belote", "--options", options, "--lang", lang], input="1\n"
    )
    assert result.exit_code == 2, result.output
    assert words in result.output and "shuffle=gather" in result.output
    assert "Traceback" not in result.output


def test_bots_alone_may_gather_for_study() -> None:
    result = CliRunner().invoke(
        main, ["play", "belote", "--seed", "3", "--watch", "--options",
               "belote(shuffle=gather,target=301)"]
    )
    assert result.exit_code == 0, result.output


def test_a_match_without_a_seed_draws_128_bits_and_shows_none() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    lines = iter(["1", "1", "score", "1"])
    games = [TerminalGame(game, console=console, input_fn=lambda p: next(lines))
             for game in ("belote", "schieber")]
    seeds = [g.match.seed for g in games]
    assert all(s is not None and s.bit_length() > 64 for s in seeds) and seeds[0] != seeds[1]
    with pytest.raises(StopIteration):
        games[0].run()
    assert games[0].match.deal.actions
    text = out.getvalue()
    assert str(seeds[0]) not in text and f"{seeds[0]:x}" not in text
    chosen = TerminalGame("belote", seed=7, console=console)
    assert chosen.match.seed == 7  # a seed the player chose deals the same match again


@pytest.mark.parametrize("lang,words", [
    ("en", "Cannot write the record"), ("fr", "Impossible d'écrire"), ("es", "No se puede"),
])
def test_save_to_a_path_that_cannot_be_written_stops_before_the_first_deal(
    tmp_path: Any, lang: str, words: str
) -> None:
    for path in (tmp_path / "no" / "such" / "folder" / "m.rec", tmp_path):
        result = CliRunner().invoke(
            main, ["play", "deberts", "--seed", "1", "--lang", lang, "--save", str(path)],
            input="1\n" * 50,
        )
        assert result.exit_code == 2, result.output
        assert words in result.output and str(path) in result.output
        assert "Traceback" not in result.output
        assert "Indicator" not in result.output and "Indicateur" not in result.output
        assert "Indicador" not in result.output  # nothing was dealt
    assert not (tmp_path / "no").exists()
    fine = tmp_path / "fine.rec"
    game = TerminalGame("deberts", seed=1, save=str(fine), input_fn=lambda p: "q")
    assert not fine.exists()  # checked, not left behind
    assert game.run() == 1 and fine.read_text(encoding="utf-8").startswith("[Game")


def _play_losing_the_folder(tmp_path: Any, monkeypatch: Any) -> tuple[TerminalGame, str, Any]:
    """A whole match whose record folder disappears during the first deal."""
    import shutil

    folder = tmp_path / "records"
    folder.mkdir()
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        shutil.rmtree(folder, ignore_errors=True)
        return str(holder[0].match.view(0).legal_actions[0])

    game = TerminalGame("deberts", seed=2, options="deberts(target=151)", console=console,
                        input_fn=typed, save=str(folder / "m.rec"))
    holder.append(game)
    assert game.run() == 0 and game.match.is_over
    return game, out.getvalue(), folder


def test_a_finished_match_is_never_lost(tmp_path: Any, monkeypatch: Any) -> None:
    from atout.notation import read_match

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    game, text, folder = _play_losing_the_folder(tmp_path, monkeypatch)
    assert not folder.exists()
    written = list(home.glob("atout-deberts-*.txt"))
    assert len(written) == 1
    assert str(written[0]) in text.replace("\n", "") and "Could not write" in text
    again = read_match(written[0].read_text(encoding="utf-8"))
    assert again.is_over and again.scores == game.match.scores


def test_a_record_nothing_can_hold_is_printed(tmp_path: Any, monkeypatch: Any) -> None:
    import tempfile

    monkeypatch.setenv("HOME", str(tmp_path / "no-home"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-tmp"))
    game, text, _ = _play_losing_the_folder(tmp_path, monkeypatch)
    assert "here it is" in text and '[Game "deberts"]' in text
    assert f'[Result "{game.match.scores[0]}-{game.match.scores[1]}"]' in text


@pytest.mark.parametrize("lang,words", [
    ("en", "not text in UTF-8"), ("fr", "pas du texte en UTF-8"), ("es", "no es texto en UTF-8"),
])
def test_replay_of_a_file_that_is_not_utf8(tmp_path: Any, lang: str, words: str) -> None:
    path = tmp_path / "picture.rec"
    path.write_bytes(b'[Game "deberts"]\n\xff\xd8\xff\xe0 JFIF\n')
    result = CliRunner().invoke(main, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 1, result.output
    assert words in result.output and " 17 " in result.output  # the first bad byte
    assert str(path) in result.output and "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_play_against_search_bots_warms_their_kernels_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``atout play`` with a search level starts preparing the compiled kernels in the
    background and says so; with the rules-of-thumb bots it does not."""
    from atout.bots import warm

    started: list[bool] = []
    monkeypatch.setattr(warm, "start", lambda *a, **k: started.append(True) or True)
    runner = CliRunner()
    result = runner.invoke(main, ["play", "belote", "--seed", "1", "--bot", "expert"],
                           input="quit\n")
    assert started == [True]
    assert "getting ready in the background" in result.output
    result = runner.invoke(main, ["play", "belote", "--seed", "1"], input="quit\n")
    assert started == [True] and "background" not in result.output
