"""The examples of docs/scorekeeper.md, read out of the page and entered: the session at
the top (each typed line and the row it gives), every one-line entry of the table, the
scripted questions and the Python example. The page and the code cannot drift apart."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from atout.scorekeeper import new_sheet
from atout.terminal.scorekeeper import ScoreSession

DOC = (Path(__file__).parent.parent / "docs" / "scorekeeper.md").read_text(encoding="utf-8")


def blocks(lang: str = "") -> list[str]:
    """The page's fenced code blocks (of one language when given)."""
    return re.findall(rf"```{lang}\n(.*?)```", DOC, flags=re.S)


def session(game: str, lines: list[str], **kwargs: object) -> list[str]:
    out: list[str] = []
    typed = iter(lines)

    def answer(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    ScoreSession(game, input_fn=answer, output=out.append, **kwargs).run()  # type: ignore[arg-type]
    return out


def test_the_session_at_the_top_of_the_page() -> None:
    block = next(b for b in blocks() if b.startswith("> "))
    lines = block.splitlines()
    typed = [line[2:] for line in lines if line.startswith("> ")]
    expected = [line for line in lines if not line.startswith("> ")]
    assert len(typed) == len(expected) == 3
    out = session("deberts", typed, names=["Ann", "Bob"])
    assert [line for line in out if line.startswith("Deal ") and " — " in line] == expected


def table_examples() -> list[tuple[str, str]]:
    rows = re.findall(r"^\| (Deberts|Belote|Schieber) \| (.*) \|$", DOC, flags=re.M)
    found = [(game.lower(), text) for game, cells in rows for text in re.findall(r"`([^`]+)`",
                                                                                   cells)]
    assert {game for game, _ in found} == {"deberts", "belote", "schieber"}
    return found


@pytest.mark.parametrize(("game", "text"), table_examples())
def test_every_one_line_entry_of_the_table_is_accepted(game: str, text: str) -> None:
    if "stop=" in text:
        # a stop ends the match: the team must reach the target with what it captured
        sheet = new_sheet(game, "schieber(target=200)")
        sheet.add("contract=C points=7,150")
    else:
        sheet = new_sheet(game)
    row = sheet.add(text)
    assert sheet.parse_entry(sheet.entry_text(row.entry)) == row.entry


def test_capot_and_match_follow_one_rule() -> None:
    """The rule the page states: the capot (Match) team alone has every card point; with
    ``points`` too, they must agree; its examples, both ways."""
    said = re.search(r"\(`(capot=1 points=1:162)`;\n`(capot=1 points=0:100)` is refused\)", DOC)
    assert said is not None
    agree, refused = said.groups()
    for game, team, total in (("belote", "capot", 162), ("schieber", "match", 157)):
        start = "taker=1 trump=H" if game == "belote" else "contract=H"
        alone = new_sheet(game).add(f"{start} {team}=1")
        with_points = new_sheet(game).add(f"{start} {agree.replace('capot', team)}".replace(
            "162", str(total)))
        assert alone.entry == with_points.entry and alone.entry.points == (0, total)
        with pytest.raises(ValueError, match="every trick"):
            new_sheet(game).add(f"{start} {refused.replace('capot', team)}")


def test_the_scripted_questions() -> None:
    command = next(line for line in DOC.splitlines() if line.startswith("printf "))
    words = shlex.split(command.split("|")[0])
    answers = words[1].replace("\\n", "\n").split("\n")
    game, names = re.search(r"atout score (\w+) --names (\S+)", command).groups()  # type: ignore[union-attr]
    out = session(game, answers, names=names.split(","))
    assert "Deal 1: 0 – 162 — bait: 72 against 90, Bob records 162" in out
    assert not [line for line in out if line.startswith("✗")]


def test_the_python_example() -> None:
    code = blocks("python")[0]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "docs/scorekeeper.md", "exec"), {})
    comment = re.search(r"print\(.*\)\s+# (.*)", code).group(1)  # type: ignore[union-attr]
    # French typography: a no-break space before the colon, shown as a space in the page
    assert printed.getvalue().strip().replace("\u00a0", " ") == comment
