"""``atout learn`` driven by a script: a lesson answered wrong then right, progress kept
in the file, a puzzle, the daily puzzle, the end of the input."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from atout.cli import main
from atout.learn import daily, lessons
from atout.learn.progress import Progress


def run(args: list[str], text: str, progress: Path) -> str:
    result = CliRunner().invoke(main, ["learn", *args, "--progress", str(progress)],
                                input=text)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_lesson_answered_wrong_then_right_is_remembered(tmp_path: Path) -> None:
    progress = tmp_path / "learn.json"
    # lesson 3, question 1: the dealer must follow spades (A♠ Q♠ 8♠)
    out = run(["deberts", "--lesson", "3", "--lang", "fr"],
              "SA SQ\nSA, H7\nSA SQ S8\nquit\n", progress)
    assert "Leçon 3" in out
    assert "8♠ est permis aussi" in out
    assert "7♥ ne peut pas être joué\u00a0: vous devez fournir (♠)" in out
    assert "Juste\u202f! La réponse\u00a0: 8♠, Q♠, A♠" in out
    assert out.count("Essayez encore.") == 2
    saved = json.loads(progress.read_text(encoding="utf-8"))
    assert list(saved["done"]) == ["deberts.3.follow"]


def test_the_menu_counts_progress_and_every_kind_of_answer(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    steps = lessons("deberts")[0].steps
    # lesson 1: a choice (seat 1 is "Opponent", option 1), a number, then skip
    out = run(["deberts"], "1\n2\n1\nbanana\n21\nskip\n\nq\n", progress)
    assert "1. Cards and tricks  (0/3)" in out
    assert "I could not read 'banana'." in out
    assert "1. Cards and tricks  (2/3)" in out
    assert set(Progress(progress).done) == {steps[0].id, steps[1].id}


def test_show_gives_the_answer_and_its_rule(tmp_path: Path) -> None:
    out = run(["schieber", "--lesson", "2", "--lang", "es"], "show\n", tmp_path / "s.json")
    assert "La respuesta: J♥, 8♣, Q♣, K♣" in out or "La respuesta:" in out
    assert "no puedes jugar un triunfo menor" in out
    assert "¡Hasta pronto!" in out  # the input ended


def test_puzzles_by_id_and_of_the_day(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    puzzle = daily("belote", __import__("datetime").date(2027, 3, 1))
    assert puzzle is not None
    out = run(["belote", "--puzzle", "daily", "--date", "2027-03-01"],
              f"ZZ\n{puzzle.second}\n{puzzle.best}\n", progress)
    assert f"Puzzle {puzzle.id}" in out
    assert "I could not read 'ZZ'." in out
    assert "points less on average" in out
    assert "Right!" in out and "Position (record notation): belote |" in out
    assert f"puzzle:{puzzle.id}" in Progress(progress)


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["learn", "deberts", "--lesson", "99"])
    assert result.exit_code == 2 and "choose a lesson from 1 to" in result.output
    result = runner.invoke(main, ["learn", "deberts", "--date", "tomorrow"])
    assert result.exit_code == 2


def test_an_unreadable_progress_file_starts_afresh(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    run(["deberts", "--lesson", "1"], "1\n", broken)
    assert json.loads(broken.read_text(encoding="utf-8"))["done"] == {
        "deberts.1.plain-order": Progress(broken).done["deberts.1.plain-order"]}
