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
    assert "dedans: 90 against 92, 182 to Eux" in out


def test_schieber_stop_and_the_end_of_the_match(tmp_path: Path) -> None:
    save = tmp_path / "jass.txt"
    out = run(["schieber", "--options", "schieber(target=300)", "--save", str(save)], [
        "contract=S points=150,7",
        "", "H", "n", "1", "y", "80", "", "50", "2", "",
        "",
        "q",
    ])
    assert "team 1 reached 300: the match stops, and 140 of this deal stay with team 2" in out
    assert "Match won by team 1, 310 to 147. It counts twice." in out
    assert "the match is over" in out
    again = read_scoresheet(save.read_text(encoding="utf-8"))
    assert again.winner == 0 and again.scores == (310, 147)
    # go on from the saved sheet: it is over
    out = run(["schieber", "--load", str(save)], ["caller=0", "q"])
    assert "Match won by team 1" in out


def test_each_answer_is_checked_when_given_and_asked_again() -> None:
    """A suit or a number that cannot be read is said at once and asked again; the deal
    goes on (nothing typed so far is lost). In German: the suit in German words."""
    out = run(["belote", "--lang", "de"], [
        "", "1",
        "", "X", "Herz",          # nothing, then an unreadable suit, then the German word
        "", "abc", "300", "90",   # capot: no; card points: unreadable, out of range, 90
        "quinte quinte quinte quinte quinte", "quinte",  # 20 cards: more than 16; one
        "dix", "tierce",          # team 2: no such word, then a tierce
        "",                       # belote: nobody
        "q",
    ])
    assert out.count("Trumpffarbe?") == 3
    assert "✗ nicht lesbar: X" in out
    assert "✗ abc: bitte eine Zahl von 0 bis 162" in out
    assert "✗ 300: bitte eine Zahl von 0 bis 162" in out
    assert "20 Karten" in out.split("✗")[4]
    assert "✗ nicht lesbar: dix" in out
    assert "nicht lesbar: \n" not in out
    assert "Spiel 1: 190 – 72" in out and "Spiel 2 ·" in out
    assert out.count("Meldungen von") == 4  # each team asked once again


def test_a_deal_the_rules_refuse_asks_its_questions_again() -> None:
    """Card points that do not add up: the reason as soon as both are given, then the
    points asked again (not the whole deal, and nothing dropped)."""
    out = run(["deberts", "--names", "Ann,Bob"], [
        "", "1", "H", "100", "100",   # 200: more than the cards hold
        "81", "70", "", "", "", "q",
    ])
    assert "✗ the cards played and the last trick make 10 to 162: 100 + 100 is 200" in out
    assert out.count("Trump suit?") == 1 and out.count("Card points of Ann") == 2
    assert "Deal 1: 81 – 70" in out


def test_the_help_shows_each_games_own_example() -> None:
    for game, example in [("deberts", "caller=0 trump=H points=72,90"),
                          ("belote", "taker=2 trump=S points=0:100 belote=1"),
                          ("schieber", "contract=H pushed points=100,57")]:
        out = run([game, "--lang", "fr"], ["h", "q"])
        assert f"'{example}'" in out
        assert "caller=" not in out or game == "deberts"
        # the example itself is a deal the game accepts
        assert "✗" not in run([game], [example, "q"])


def test_after_a_tie_the_row_shows_what_is_written() -> None:
    """The deal after a tie writes its points and the points that hung: the row and the
    sheet show 181, the sum the scores grow by (Belote: the litige's points held)."""
    out = run(["deberts", "--names", "Ann,Bob"], [
        "caller=1 trump=S points=81,81", "caller=0 trump=C points=100,50", "sheet", "q"])
    assert "Deal 2: 181 – 50 — Ann made it" in out
    assert "   2          181           50   = 262:50" in out
    out = run(["belote"], ["taker=0 trump=H points=81,81", "taker=0 trump=H points=100,62", "q"])
    assert "Deal 2: 181 – 62" in out


def test_the_melds_are_read_in_the_words_the_question_names() -> None:
    """The Russian question names the announcements терц, кварта...: they are read."""
    out = run(["belote", "--lang", "ru"], ["", "2", "пики", "", "70", "Терц", "", "", "q"])
    assert "Раздача 1: 90 – 92" in out and "✗" not in out


def test_all_passed_asks_nothing_more() -> None:
    """"p" to who took: the deal is thrown in at once, no other question of it asked."""
    for game, question in (("belote", "Trump suit?"), ("deberts", "Trump suit?")):
        out = run([game], ["", "p", "q"])
        assert question not in out
        assert "Deal 2 ·" in out
