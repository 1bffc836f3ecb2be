"""The terminal table, driven end to end by scripted input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from atout.cards import Card
from atout.cli import main
from atout.games.actions import Play
from atout.i18n import LANGUAGES
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
        ("fr", ["Votre main", "Atout", "la partie", "Interdit\u00a0:", "Indicateur"]),
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
    last = next(line for line in text.splitlines() if line.startswith("6 ")).split()
    assert last[-5:] == ["1028", "3092", "240", "0", "1716"]  # cards, total; Weis, cards, total
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


# -- the line mode in the player's language (issue 14) ------------------------------------
_FR_RANK = {"J": "V", "Q": "D", "K": "R"}
_FR_SUIT = {"C": "T", "D": "K", "H": "C", "S": "P"}
_ES_RANK = {"J": "S", "Q": "C", "K": "R"}
_ES_SUIT = {"C": "T", "D": "D", "H": "C", "S": "P"}
_WORDS = {
    "fr": {"pass": "passer", "trump": "atout", "exchange": "échanger", "double": "contrer",
           "redouble": "surcontrer", "push": "pousser", "obenabe": "par le haut",
           "undenufe": "par le bas", "capot": "capot", "claim": "réclamer",
           "sevens": "quatre sept"},
    "es": {"pass": "pasar", "trump": "triunfo", "exchange": "cambiar", "double": "doblar",
           "redouble": "redoblar", "push": "ceder", "obenabe": "de arriba",
           "undenufe": "de abajo", "capot": "capote", "claim": "reclamar",
           "sevens": "cuatro sietes"},
}
_SUIT_WORD = {"fr": {"C": "trèfle", "D": "carreau", "H": "Cœur", "S": "pique"},
              "es": {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas"}}


def localized(action: object, lang: str) -> str:
    """How a French or Spanish player types ``action``: letters of the language, rank
    first, and the words of the table."""
    from atout.games.actions import Trump

    if isinstance(action, Play):
        ranks, suits = (_FR_RANK, _FR_SUIT) if lang == "fr" else (_ES_RANK, _ES_SUIT)
        card = action.card
        rank, suit = ranks.get(card.rank.code, card.rank.code), suits[card.suit.letter]
        # an English code keeps its English meaning: the French queen of diamonds,
        # "DK", is the English king of diamonds; suit first, "KD", is the queen
        return suit + rank if rank + suit in {c.code for c in Card} else rank + suit
    if isinstance(action, Trump):
        return f"{_WORDS[lang]['trump']} {_SUIT_WORD[lang][action.suit.letter]}"
    return _WORDS[lang][str(action)]


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
@pytest.mark.parametrize("lang", ["fr", "es"])
def test_whole_match_typed_in_the_players_words(game: str, lang: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    holder: list[TerminalGame] = []
    typed_words: list[tuple[tuple[int, int], str]] = []

    def typed(prompt: str) -> str:
        match = holder[0].match
        view = match.view(0)
        text = localized(view.legal_actions[-1], lang)
        position = (len(match.deals), len(match.deal.actions))
        assert not typed_words or typed_words[-1] != (position, text), "read wrongly"
        typed_words.append((position, text))
        return text

    options = {"deberts": None, "belote": "belote(target=301)", "schieber": "schieber(target=500)"}
    game_ = TerminalGame(game, seed=6, lang=lang, console=console, input_fn=typed,
                         options=options[game])
    holder.append(game_)
    assert game_.run() == 0 and game_.match.is_over
    text = out.getvalue()
    assert "did not understand" not in text and "pas compris" not in text
    assert "he entendido" not in text
    assert "Interdit" not in text and "No permitido" not in text
    words = [text for _, text in typed_words]
    assert len(words) >= 8
    if game != "schieber":  # seat 0 always has a say in the bidding
        assert any(" " in w or w in _WORDS[lang].values() for w in words), words


def test_hand_is_shown_at_every_decision_bidding_included() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    prompts: list[str] = []

    def typed(prompt: str) -> str:
        prompts.append(out.getvalue())
        return "quitter"

    game = TerminalGame("belote", seed=5, lang="fr", console=console, input_fn=typed)
    assert game.run() == 1
    first = prompts[0]
    assert game.match.deal.phase == "bidding"
    hand = game.match.view(0).hand
    line = next(line for line in first.splitlines() if line.startswith("Votre main"))
    assert all(card.symbol in line for card in hand)
    assert "Vos choix: 1:passer" in first and "Partie quittée. Au revoir\u202f!" in out.getvalue()


@pytest.mark.parametrize(
    "lang,lines,expected",
    [
        ("fr", ["aide", "marque", "dernier", "conseil", "annuler", "zz", "99", "quitter"],
         ["Commandes\u00a0:", "Conseil\u00a0:", "Rien de vous à reprendre",
          "Je n'ai pas compris 'zz'", "Choisissez un numéro de 1 à", "Aucune levée",
          "Partie quittée"]),
        ("es", ["ayuda", "puntos", "última", "consejo", "deshacer", "zz", "salir"],
         ["Órdenes:", "Consejo:", "No hay nada tuyo que deshacer", "No he entendido 'zz'",
          "Todavía no se ha completado", "Partida abandonada"]),
        ("en", ["hint", "undo", "quit"],
         ["Hint:", "Nothing of yours to take back", "Game left."]),
    ],
)
def test_commands_in_the_players_language(lang: str, lines: list[str], expected: list[str]) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    feed = iter(lines)
    game = TerminalGame("deberts", seed=1, lang=lang, console=console,
                        input_fn=lambda p: next(feed))
    assert game.run() == 1
    text = out.getvalue()
    for word in expected:
        assert word in text, word
    assert "points" in text or "puntos" in text


def test_hint_values_each_legal_choice_in_points() -> None:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    feed = iter(["hint", "quit"])
    game = TerminalGame("schieber", seed=2, console=console, input_fn=lambda p: next(feed))
    game.run()
    text = out.getvalue()
    hint = text[text.index("Hint:"):]
    rows = [line for line in hint.splitlines()[1:] if line.strip().endswith(")") or ":" in line]
    values = [float(word.replace("\u2212", "-")) for line in rows for word in line.split()
              if word[:1] in "+\u2212" and word[1:2].isdigit()]  # the minus sign, not "-"
    assert len(values) >= 2 and set(values) != {0.0, 1.0}
    assert "(the bot's choice)" in hint


def test_ctrl_c_says_goodbye_in_the_players_language() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    game = TerminalGame("deberts", seed=1, lang="es", console=console, input_fn=interrupted)
    assert game.run() == 130
    assert "Interrumpido (Ctrl-C)" in out.getvalue()


def test_cli_ctrl_c_leaves_without_a_traceback() -> None:
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "atout.cli", "play", "deberts", "--seed", "5", "--lang", "fr"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "Votre coup" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Interrompu (Ctrl-C)" in rest and "Traceback" not in err


def test_undo_takes_back_the_last_own_move_and_is_recorded(tmp_path: Path) -> None:
    from atout.notation import parse_match, read_match

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    positions: list[tuple[int, int]] = []
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        match = holder[0].match
        positions.append((len(match.deals), len(match.deal.actions)))
        if len(positions) <= 3:
            return str(match.view(0).legal_actions[-1])
        return "undo" if len(positions) == 4 else "quit"

    save = tmp_path / "undo.txt"
    game = TerminalGame("belote", seed=5, console=console, input_fn=typed, save=str(save))
    holder.append(game)
    assert game.run() == 1
    assert "Taken back:" in out.getvalue()
    # after the undo the person is asked again where they were before their last move
    assert positions[4] == positions[2] and positions[3] != positions[2]
    record = parse_match(save.read_text(encoding="utf-8"))
    assert record.undos == 1
    replayed = read_match(save.read_text(encoding="utf-8"))
    assert list(replayed.deal.actions) == list(game.match.deal.actions)

    feed = iter(["undo", "quit"])
    out2 = io.StringIO()
    off = TerminalGame("belote", seed=5, console=Console(file=out2, color_system=None),
                       input_fn=lambda p: next(feed), undo=False, save=str(save))
    off.run()
    assert "Undo is off" in out2.getvalue()
    assert parse_match(save.read_text(encoding="utf-8")).undos is None


def test_cli_plain_flag_and_rules_in_each_language() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["play", "deberts", "--seed", "2", "--plain", "--lang", "fr"],
                           input="quitter\n")
    assert result.exit_code == 1 and "Partie quittée" in result.output
    result = runner.invoke(main, ["play", "deberts", "--hint-level", "grandmaster"])
    assert result.exit_code != 0 and "grandmaster" in result.output


_KEY_TERMS = {
    "deberts": {"en": ["bertz", "terc", "bela", "indicator", "trump", "501"],
                "fr": ["bertz", "terc", "bela", "indicateur", "atout", "501"],
                "es": ["bertz", "terc", "bela", "indicador", "triunfo", "501"],
                "de": ["Berz", "Terz", "Bela", "Anzeigekarte", "Trumpf", "501"],
                "ru": ["полтинник", "берц", "терц", "бела", "вскрышка", "козырь", "байт",
                       "висят", "501"],
                "uk": ["полтинник", "берц", "терц", "бела", "байт", "висять", "перший козир",
                       "козир", "501"]},
    "belote": {"en": ["belote", "rebelote", "tierce", "capot", "dedans", "litige", "trump"],
               "fr": ["belote", "rebelote", "tierce", "capot", "dedans", "litige", "atout"],
               "es": ["belote", "rebelote", "tierce", "capot", "dedans", "litige", "triunfo"],
               "de": ["Belote", "Rebelote", "Terz", "Capot", "Gleichstand", "Trumpf"],
               "ru": ["белот", "ребелот", "терц", "капот", "внутри", "висят", "козырь"],
               "uk": ["белот", "ребелот", "терц", "капот", "провал", "нічия", "козир"]},
    "schieber": {lang: ["Puur", "Näll", "Weis", "Stöck", "Obenabe", "Undenufe", "Match",
                        "Schneider", "schieben", "3000"] for lang in LANGUAGES},
}


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_for_players_in_each_language(game: str, lang: str) -> None:
    from atout.rules import rules_text

    text = rules_text(game, lang)
    for term in _KEY_TERMS[game][lang]:
        assert term in text, (game, lang, term)
    # plain text: no markup
    assert not any(mark in text for mark in ("`", "**", "|", "#", "_" * 2))
    assert not any(line.startswith(("*", "=")) for line in text.splitlines())
    # and what the table reads, in the player's words
    table_words = {"en": "hint", "fr": "conseil", "es": "consejo", "de": "tipp",
                   "ru": "подсказка", "uk": "підказка"}[lang]
    assert table_words in text
    result = CliRunner().invoke(main, ["rules", game, "--lang", lang])
    assert result.exit_code == 0 and result.output == text
    assert text not in (CliRunner().invoke(main, ["rules", game, "--spec"]).output,)


def test_undos_header_is_a_count() -> None:
    from atout.notation import RecordSyntaxError, parse_match

    text = '[Game "deberts"]\n[Seed "1"]\n[Undos "two"]\n'
    with pytest.raises(RecordSyntaxError, match="Undos"):
        parse_match(text)
    assert parse_match(text.replace('"two"', '"2"')).undos == 2


def test_replay_viewer_ctrl_c_says_goodbye() -> None:
    from atout.terminal.replay import ReplayViewer

    game = TerminalGame("deberts", seed=2, human=None, console=Console(file=io.StringIO()))
    game.run()
    from atout.notation import write_match

    out = io.StringIO()

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    viewer = ReplayViewer(write_match(game.match), lang="fr", input_fn=interrupted,
                          console=Console(file=out, color_system=None))
    assert viewer.run() == 130
    assert "Au revoir" in out.getvalue()


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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_deal_opens_with_its_header_before_anyone_moves_in_it(lang: str) -> None:
    """Issue 22, item 15: after a thrown-in deal, the bots' trump choice and first card
    of the next deal come after its header, not before."""
    from atout.i18n import Translator

    out = io.StringIO()
    lines = iter(["1"] * 4)

    def typed(prompt: str) -> str:
        try:
            return next(lines)  # 1 is pass while the contract is made
        except StopIteration:
            raise EOFError from None

    table = TerminalGame("belote", seed=2, lang=lang, input_fn=typed,
                         console=Console(file=out, width=100, color_system=None))
    table.run()
    t = Translator(lang)
    text = out.getvalue()
    thrown = text.index(t("belote.outcome.thrown-in"))
    header = text.index(t("tui.deal-header", number=2, dealer=table.renderer.seat_name(1)))
    assert thrown < header
    assert text[thrown:header].strip() == t("belote.outcome.thrown-in")  # nothing between
    assert text.lstrip().startswith(t("label.deal", number=1))  # before anything of it


def test_watching_in_the_line_mode_names_the_seats_as_the_table_and_the_records() -> None:
    """Issue 22, item 13: Seat 0, Seat 1 (as --seat, the records and the full-screen
    table count them), not Bot 1, Bot 2."""
    out = io.StringIO()
    TerminalGame("deberts", seed=3, human=None,
                 console=Console(file=out, width=100, color_system=None)).run()
    text = out.getvalue()
    assert "Seat 0" in text and "Seat 1" in text
    assert "Bot " not in text and "Seat 2" not in text


def test_the_line_replay_names_the_players_it_knows_and_who_sat_where() -> None:
    from atout.kits import get_game
    from atout.notation import write_match
    from atout.terminal.replay import ReplayViewer

    match = get_game("deberts").match(seed=5)
    match.apply(match.legal_actions()[0])
    text = write_match(match, {"Seat0": "human", "Name0": "Ann", "Seat1": "hard"})
    out = io.StringIO()
    lines = iter(["seat 1", "n"])
    viewer = ReplayViewer(text, lang="fr", console=Console(file=out, width=100,
                                                           color_system=None),
                          input_fn=lambda prompt: next(lines))
    with pytest.raises(StopIteration):
        viewer.run()
    shown = out.getvalue()
    assert "Joueurs\u00a0: Ann (humain), Place 1 (robot hard)" in shown
    assert "Vous" not in shown and "Adversaire" not in shown  # nobody here is "you"
    assert "Ann" in shown.split("replay>")[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("watching", [False, True])
def test_the_schieber_scoresheet_fits_80_columns_one_row_a_deal(lang: str, watching: bool
                                                                ) -> None:
    """Issue 22, item 8: at 76 cells (a panel's inside at 80 columns) nothing is cut,
    each deal is one row, and the totals read whole."""
    from atout.bots import make_bot
    from atout.i18n import Translator
    from atout.kits import get_game
    from atout.terminal.schieber import Renderer

    match = get_game("schieber").match(seed=7)
    bots = [make_bot("schieber", "heuristic", seed=s) for s in range(4)]
    while not match.is_over:
        seat = match.current_player()
        match.apply(bots[seat].choose(match.view(seat)))
    out = io.StringIO()
    Renderer(Console(file=out, width=76, color_system=None), Translator(lang),
             None if watching else 0, 4).show_scoresheet(match)
    lines = out.getvalue().splitlines()
    assert "…" not in out.getvalue()
    assert all(len(line) <= 76 for line in lines)
    rows = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert [int(row[0]) for row in rows] == [r.number for r in match.scoresheet]
    for row, sheet in zip(rows, match.scoresheet, strict=True):  # seat 0's team first
        assert str(sheet.scores[0]) in row[2:-1] and row[-1] == str(sheet.scores[1])


def test_the_clock_safety_net_only_where_a_person_plays() -> None:
    """A terminal table with a person gives its search bots the wall-clock safety net;
    bots alone at the table (``--watch``) keep budgets in work only, deterministic."""
    from atout.bots.search import TABLE_SAFETY_NET

    console = Console(file=io.StringIO())
    person = TerminalGame("belote", seed=1, console=console, human=0, bots="expert")
    alone = TerminalGame("belote", seed=1, console=console, human=None, bots="expert")
    nets: list[set[Any]] = [
        {getattr(b, "time_budget", "none") for b in table.bots.values()}
        for table in (person, alone)
    ]
    assert nets == [{TABLE_SAFETY_NET}, {None}]
