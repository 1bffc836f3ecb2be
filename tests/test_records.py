"""The records in ``tests/records``: worked examples and rule cases written as records.

``*.rec`` files are match records. Each must load (its ``Result`` and ``Winner``
headers are checked by the replay itself) unless an ``Expect`` header says otherwise:
``[Expect "illegal LINE RULE"]`` or ``[Expect "syntax LINE"]``. ``ExpectScores`` lists the
scores after each finished deal (``98-64 180-64``). Every file that loads must also
write back and read back to the same match.

``positions.txt`` holds one position a line, ``EXPECTATION :: POSITION``, where the
expectation is ``ok`` (optionally with ``recorded=A,B`` or ``outcome=NAME`` about the
finished deal), ``syntax`` or ``illegal RULE``; ``#`` lines are comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.notation import (
    IllegalRecordError,
    RecordSyntaxError,
    format_position,
    parse_match,
    read_match,
    read_position,
    write_match,
)

FOLDER = Path(__file__).parent / "records"
RECORDS = sorted(FOLDER.glob("*.rec"))


def test_the_folder_has_records_of_every_game() -> None:
    games = {parse_match(p.read_text(encoding="utf-8")).game for p in RECORDS
             if "syntax" not in p.name}
    assert games == {"deberts", "belote", "schieber"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_record(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expect = _expectation(text)
    if expect[0] == "syntax":
        with pytest.raises(RecordSyntaxError) as syntax:
            parse_match(text)
        assert syntax.value.line == int(expect[1]), syntax.value
        return
    record = parse_match(text)
    if expect[0] == "illegal":
        with pytest.raises(IllegalRecordError) as illegal:
            read_match(text)
        got = (illegal.value.line, illegal.value.rule)
        assert got == (int(expect[1]), expect[2]), illegal.value
        return
    assert expect == ["ok"]
    match = read_match(text)
    wanted = record.header("ExpectScores")
    if wanted is not None:
        assert " ".join(f"{a}-{b}" for a, b in (r.scores for r in match.scoresheet)) == wanted
    again = read_match(write_match(match))
    assert [d.state_key() for d in again.deals] == [d.state_key() for d in match.deals]
    assert again.deal.state_key() == match.deal.state_key()


def _expectation(text: str) -> list[str]:
    for line in text.splitlines():
        if line.startswith("[Expect "):
            return line.split('"')[1].split()
    return ["ok"]


def _positions() -> list[tuple[int, str, str]]:
    cases = []
    for number, line in enumerate((FOLDER / "positions.txt").read_text("utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            expect, _, position = line.partition(" :: ")
            cases.append((number, expect, position))
    return cases


@pytest.mark.parametrize("number,expect,position", _positions(), ids=lambda v: str(v)[:12])
def test_position(number: int, expect: str, position: str) -> None:
    words = expect.split()
    if words[0] == "syntax":
        with pytest.raises(RecordSyntaxError):
            read_position(position, number)
        return
    if words[0] == "illegal":
        with pytest.raises(IllegalRecordError) as illegal:
            read_position(position, number)
        assert illegal.value.rule == words[1] and illegal.value.line == number
        return
    assert words[0] == "ok"
    deal = read_position(position, number)
    assert format_position(deal) == position  # the canonical form, exactly
    for word in words[1:]:
        name, _, value = word.partition("=")
        result = deal.result  # type: ignore[attr-defined]
        assert result is not None, "the deal is not over"
        if name == "recorded":
            assert ",".join(map(str, result.recorded)) == value
        elif name == "outcome":
            assert result.outcome == value
        else:
            raise AssertionError(f"unknown expectation {word!r}")


def test_the_python_example_of_docs_records_runs() -> None:
    import re

    doc = Path(__file__).resolve().parent.parent / "docs" / "records.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/records.md", "exec"), {})
