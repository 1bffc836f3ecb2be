"""``atout score GAME``: a script drives the questions; entries, corrections, saving."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from atout.cli import main
from atout.scorekeeper import read_scoresheet


def run(args: list[str], lines: list[str]) -> str:
    result = CliRunner().invoke(main, ["score", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_deberts_by_questions_the_bait_example(tmp_path: Path) -> None:
    save = tmp_path / "sheet.txt"
    out = run(["deberts", "--names", "Ann,Bob", "--save", str(save)],
              ["", "1", "H", "72", "90", "", "", "", "q"])
    assert "bait: 72 against 90, Bob records 162" in out
    assert "Deal 2 · Ann 0 · Bob 162" in out
    sheet = read_scoresheet(save.read_text(encoding="utf-8"))
    assert sheet.scores == (0, 162) and sheet.names == ("Ann", "Bob")


def test_one_line_entries_refusals_corrections_and_undo(tmp_path: Path) -> None:
    out = run(["deberts", "--lang", "fr"], [
        "caller=0 trump=H points=81,81",
        "caller=1 trump=S points=100,100",
        "fix 1 caller=0 trump=H points=90,72",
        "sheet",
        "undo",
        "q",
    ])
    assert "égalité à 81" in out
    assert "✗ les cartes jouées et le dernier pli font de 10 à 162" in out
    assert "Donne 1 corrigée" in out
    assert "   = 90:72" in out
    assert "La dernière donne est reprise." in out


def test_a_tie_between_melds_asks_who_won(tmp_path: Path) -> None:
    out = run(["belote", "--names", "Nous,Eux"], [
        "", "1", "H", "", "90", "tierce", "tierce", "", "2", "q",
    ])
    assert "who won the comparison" in out
    assert "Nous made it: 90 against 92" not in out
    assert "dedans: 90 against 92, Eux write 182" in out


def test_schieber_stop_and_the_end_of_the_match(tmp_path: Path) -> None:
    save = tmp_path / "jass.txt"
    out = run(["schieber", "--options", "schieber(target=300)", "--save", str(save)], [
        "contract=S points=150,7",
        "", "H", "n", "1", "y", "80", "", "50", "2", "",
        "",
        "q",
    ])
    assert "team 1 reach 300: the match stops, team 2 keep 140 of this deal" in out
    assert "team 1 win the match, 310 to 147. It counts twice." in out
    assert "the match is over" in out
    again = read_scoresheet(save.read_text(encoding="utf-8"))
    assert again.winner == 0 and again.scores == (310, 147)
    # go on from the saved sheet: it is over
    out = run(["schieber", "--load", str(save)], ["caller=0", "q"])
    assert "team 1 win the match" in out
