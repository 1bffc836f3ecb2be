"""The scorekeeper: a scoresheet for a game played with real cards (docs/scorekeeper.md).

People enter what was decided at the table, deal by deal; atout computes what the rules
decide (made, bait or dedans, ties, what hangs or is held and who takes it, multipliers,
the written score, the target, Schneider) with the engines' own scoring functions, and
says why in one line. Standard library only, like the rules core.

>>> sheet = new_sheet("deberts")
>>> row = sheet.add("caller=0 trump=H points=72,90")
>>> row.outcome, row.recorded
('bait', (0, 162))
>>> print(describe(row.reasons[0], sheet))
bait: 72 against 90, player 2 records 162
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from atout.i18n import punctuation, translate
from atout.kits import KITS, get_game
from atout.notation import (
    DealRecord,
    IllegalRecordError,
    MatchRecord,
    RecordSyntaxError,
    format_match,
    parse_match,
)
from atout.scorekeeper.base import SIDE_PARAMS, EntryRefused, Question, Reason, Row, Scoresheet

__all__ = [
    "EntryRefused",
    "Question",
    "Reason",
    "Row",
    "Scoresheet",
    "describe",
    "explain_refusal",
    "new_sheet",
    "read_scoresheet",
    "sheet_class",
    "sheet_record",
    "write_scoresheet",
]

def sheet_class(game: str) -> type[Scoresheet[Any]]:
    """The scoresheet of ``game`` (its kit's); ``ValueError`` for no such game."""
    if game.lower() not in KITS:
        raise ValueError(f"no scorekeeper for {game!r}; the games are {', '.join(KITS)}")
    cls: type[Scoresheet[Any]] = KITS[game.lower()].scoresheet_class()
    return cls


def new_sheet(
    game: str, options: Any = None, *, first_dealer: int = 0, names: Iterable[str] = (),
    **extra: Any,
) -> Scoresheet[Any]:
    """A new scoresheet for ``game``; ``options`` an options object or its string."""
    cls = sheet_class(game)
    if isinstance(options, str):
        options = get_game(game).options.parse(options) if options.strip() else None
    return cls(options, first_dealer=first_dealer, names=tuple(names), **extra)


def _param_text(name: str, value: Any, sheet: Scoresheet[Any], lang: str) -> Any:
    if name in SIDE_PARAMS and isinstance(value, int):
        return sheet.side_name(value, lang)
    if name == "what" and isinstance(value, str):
        return translate(f"score.what.{value}", lang)
    if name == "contract" and isinstance(value, str):
        return translate(sheet.contract_keys.get(value, f"suit.{value}"), lang)
    return value


def describe(reason: Reason, sheet: Scoresheet[Any], lang: str = "en") -> str:
    """One reason as a sentence in ``lang``, with the sides' names."""
    params = {k: _param_text(k, v, sheet, lang) for k, v in reason.params.items()}
    return translate(reason.key, lang, **params)


def why(row: Row, sheet: Scoresheet[Any], lang: str = "en") -> str:
    """Every reason of a row in one line."""
    return punctuation(";", lang).join(describe(r, sheet, lang) for r in row.reasons)


def explain_refusal(error: EntryRefused, sheet: Scoresheet[Any], lang: str = "en") -> str:
    """A refused entry in ``lang`` (a correction's refusal names the deal it breaks)."""
    inner = error.params.get("inner")
    if isinstance(inner, EntryRefused):
        return translate("score.correction-breaks", lang, number=error.params["number"],
                         reason=explain_refusal(inner, sheet, lang))
    params = {k: _param_text(k, v, sheet, lang) for k, v in error.params.items()}
    text = translate(f"rule.{error.rule}", lang, **params)
    return error.message if text == f"rule.{error.rule}" else text


# -- records ----------------------------------------------------------------------------------
def sheet_record(sheet: Scoresheet[Any], headers: Mapping[str, str] = {}) -> MatchRecord:
    """The record of a scoresheet: its deals marked as scored without cards."""
    out = [*sheet.headers(), *((k, v) for k, v in headers.items() if k not in (
        "Result", "Winner"))]
    out.append(("FirstDealer", str(sheet.first_dealer)))
    out += sheet.more_headers()
    score = sheet.final_score
    out += [
        ("Result", "*" if score is None else f"{score[0]}-{score[1]}"),
        ("Winner", "*" if sheet.winner is None else str(sheet.winner)),
    ]
    deals = tuple(
        DealRecord(row.dealer, None, scored=sheet.entry_text(row.entry)) for row in sheet.rows
    )
    return MatchRecord(game=sheet.game, options=sheet.options, headers=tuple(out), deals=deals)


def write_scoresheet(sheet: Scoresheet[Any], headers: Mapping[str, str] = {}) -> str:
    """The text of a scoresheet's record (``docs/records.md``), with each deal's written
    points and the scores as comments."""
    text = format_match(sheet_record(sheet, headers))
    lines = text.splitlines()
    out: list[str] = []
    rows = iter(sheet.rows)
    for line in lines:
        out.append(line)
        if line.startswith("scored "):
            row = next(rows)
            out.append(
                f"# {row.outcome}: {row.recorded[0]}-{row.recorded[1]}, "
                f"scores {row.scores[0]}-{row.scores[1]}"
                + (f", {row.carried} carried" if row.carried else "")
            )
    return "\n".join(out) + "\n"


def read_scoresheet(text: str) -> Scoresheet[Any]:
    """A scoresheet from its record; every deal must be scored without cards. Errors are
    the record errors (``RecordSyntaxError``, ``IllegalRecordError`` with the rule of a
    refused entry)."""
    record = parse_match(text)
    first = record.header("FirstDealer")
    if first is not None and not (first.isdigit() and int(first) < 4):
        raise RecordSyntaxError(record.line_of("FirstDealer"), "FirstDealer is a seat")
    if first is None and not record.deals:
        raise RecordSyntaxError(1, "a scoresheet record holds a FirstDealer header or a deal")
    first_dealer = int(first) if first is not None else record.deals[0].dealer
    cls = sheet_class(record.game)
    label = "Team" if cls.teams else "Seat"
    count = 2 if label == "Team" else cls.num_players
    names = [record.header(f"{label}{i}") or "" for i in range(count)]
    extra = cls.from_headers(record.header)
    try:
        sheet = new_sheet(record.game, record.options, first_dealer=first_dealer,
                          names=names, **extra)
    except ValueError as exc:
        raise IllegalRecordError(1, str(exc), "record.dealer") from None
    for number, deal in enumerate(record.deals, start=1):
        if deal.scored is None:
            raise IllegalRecordError(deal.line, "a scoresheet holds deals scored without cards",
                                     "record.scored")
        if deal.dealer != sheet.dealer:
            raise IllegalRecordError(
                deal.line, f"seat {sheet.dealer} deals deal {number} by the rules",
                "record.dealer",
            )
        try:
            sheet.add(deal.scored)
        except EntryRefused as exc:
            raise IllegalRecordError(deal.line, exc.message, exc.rule) from None
    score = sheet.final_score
    values = {
        "Result": "*" if score is None else f"{score[0]}-{score[1]}",
        "Winner": "*" if sheet.winner is None else str(sheet.winner),
    }
    for name, value in values.items():
        written = record.header(name)
        if written is not None and written != value:
            raise IllegalRecordError(
                record.line_of(name), f"the {name} header says {written!r}, the sheet "
                f"gives {value!r}", "record.result",
            )
    return sheet
