"""Game records: a text notation for whole matches, and a one-line form for one deal.

A deal of every game is fixed by its options, its dealer and its deck order (plus, for
a game that needs them, a few more constructor values such as Schieber's ``forehand``
and ``scores``), and then by the list of actions taken. A record writes exactly that,
so reading it back replays the same states through the rules themselves.

**Match record** (PGN in spirit; see ``docs/records.md``)::

    [Game "deberts"]
    [Options "deberts(target=301)"]
    [Seed "7"]
    [Seat0 "heuristic"]
    [Seat1 "human"]
    [Result "312-140"]
    [Winner "0"]

    deal 1 dealer 1
    deck D9 SK H7 CQ DA S8 C10 DJ H9 ...
    0 pass
    1 trump H
    0 HJ  1 H7
    ...

Every action follows the seat (0-based) that takes it; the writer puts each trick on
one line and every other action on its own, so records diff well. ``#`` starts a
comment, to the end of the line; the writer adds comments (the hands, each deal's
result and the scores) that the reader ignores. A deal without a ``deck`` line is dealt
from the ``Seed`` header; written decks win over the seed.

**Position** (FEN in spirit): the options, the deal's constructor values, the deck and
the actions so far, on one line::

    deberts | dealer=1 | D9 SK H7 ... | pass, trump H, HJ

The readers are strict and load all or nothing. Text that is not a record raises
:class:`RecordSyntaxError`; a well-formed record that the rules refuse (an illegal
action, the wrong seat, a deck or dealer the rules would not produce, a result that
disagrees with the replay) raises :class:`IllegalRecordError`. Both name the line.

Replaying a match feeds it the recorded decks: the match takes its chance from a deck
source (:mod:`atout.games.decks`), and the replay gives it :class:`GivenDecks` of the
record's decks, over :class:`SeededDecks` of the ``Seed`` header. So the match's own
rules (dealer rotation, Schieber's first forehand, the scores) run unchanged, a deal
without a deck is dealt from the seed, the match plays on after the record with the
decks its seed deals next, and a deck the rules cannot deal there (not the pack, or for
Belote's ``shuffle=gather`` not a cut of the gathered tricks) is refused.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from atout.cards import CARDS, Card, CardParseError
from atout.games.actions import Action, ActionParseError, Play, parse_action
from atout.games.base import Deal, IllegalActionError, Match, OptionsParseError
from atout.games.decks import DeckRefused, GivenDecks, SeededDecks
from atout.kits import KITS, get_game

__all__ = [
    "DealRecord",
    "IllegalRecordError",
    "MatchRecord",
    "RecordError",
    "RecordSyntaxError",
    "apply_recorded",
    "deal_extras",
    "format_match",
    "format_position",
    "parse_match",
    "parse_position",
    "read_match",
    "read_position",
    "record_of",
    "replay_match",
    "write_match",
]


# -- errors ------------------------------------------------------------------------------
class RecordError(ValueError):
    """Base of the record errors: ``line`` (1-based) and ``reason`` say where and what."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class RecordSyntaxError(RecordError):
    """The text is not a well-formed record (unknown line, bad card, bad header...)."""


class IllegalRecordError(RecordError):
    """A well-formed record that the rules refuse. ``rule`` is the game's rule identifier
    for an illegal action (``deberts.follow-suit``), or a ``record.*`` identifier."""

    def __init__(self, line: int, reason: str, rule: str = "record") -> None:
        super().__init__(line, reason)
        self.rule = rule


# -- the records -------------------------------------------------------------------------
@dataclass(frozen=True)
class DealRecord:
    """One deal as written: who deals, the deck (``None``: dealt from the seed), the
    extra constructor values (positions only) and every action with its seat."""

    dealer: int
    deck: tuple[Card, ...] | None
    actions: tuple[tuple[int, Action], ...] = ()
    extras: tuple[tuple[str, Any], ...] = ()
    #: A deal scored without cards (kept at a real table): the scorekeeper's entry as
    #: one line of text (``caller=0 trump=H points=72,90``), read by
    #: :mod:`atout.scorekeeper`; such a deal has no deck and no actions.
    scored: str | None = None
    #: Where each part was read (for error messages; not part of equality).
    line: int = field(default=0, compare=False)
    deck_line: int = field(default=0, compare=False)
    action_lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class MatchRecord:
    """A whole match as written: the game, its options, the other headers in order
    (``Seed``, ``Date``, ``Seat0``..., ``Result``, ``Winner``, any others) and the deals."""

    game: str
    options: Any
    headers: tuple[tuple[str, str], ...] = ()
    deals: tuple[DealRecord, ...] = ()
    header_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key == name:
                return value
        return None

    @property
    def seed(self) -> int | None:
        value = self.header("Seed")
        return None if value is None else int(value)

    @property
    def undos(self) -> int | None:
        """How many times the person took back a move against bots (the ``Undos``
        header; None when the record does not say, as when undo was off)."""
        value = self.header("Undos")
        return None if value is None else int(value)

    def line_of(self, name: str) -> int:
        """The line of the header ``name`` in the text read (0 when it is not there)."""
        return dict(self.header_lines).get(name, 0)


# -- small shared pieces ------------------------------------------------------------------
_HEADER_RE: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:#.*)?\Z')
_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_INT_RE: Final = re.compile(r"-?[0-9]{1,18}\Z")
#: A seed: the tables where people play draw 128 bits (39 digits); 40 digits at most.
_SEED_RE: Final = re.compile(r"-?[0-9]{1,40}\Z")
_NUMBER_RE: Final = re.compile(r"[0-9]{1,9}\Z")
_EXTRA_RE: Final = re.compile(r"[a-z_][a-z0-9_]*\Z")


@functools.cache
def deal_extras(deal_cls: type[Deal]) -> tuple[str, ...]:
    """The constructor values of a deal beyond deck, dealer and options (and ``seed``):
    its keyword-only parameters that it keeps in a state slot of the same name."""
    params = inspect.signature(deal_cls.__init__).parameters.values()
    slots = set(getattr(deal_cls, "_state_slots", ()))
    return tuple(
        p.name
        for p in params
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name != "seed" and p.name in slots
    )


def _format_extra(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, tuple)):
        raise TypeError(f"cannot write the deal value {value!r}")
    if isinstance(value, tuple):
        return ",".join(str(int(v)) for v in value) + ("," if len(value) == 1 else "")
    return str(value)


def _parse_extra(text: str) -> int | tuple[int, ...]:
    if "," in text:
        parts = text.split(",")
        if parts[-1] == "":
            parts = parts[:-1]
        if not parts or not all(_INT_RE.match(p) for p in parts):
            raise ValueError(text)
        return tuple(int(p) for p in parts)
    if not _INT_RE.match(text):
        raise ValueError(text)
    return int(text)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def _game_of(options_text: str, line: int) -> Any:
    """The game's classes from the head of an options string (``deberts(...)``)."""
    name = options_text.split("(", 1)[0].strip().lower()
    if name not in KITS:
        raise RecordSyntaxError(
            line, f"unknown game {name!r}; the games are {', '.join(KITS)}"
        )
    return get_game(name)


def _parse_options(info: Any, text: str, line: int) -> Any:
    try:
        return info.options.parse(text)
    except (OptionsParseError, ValueError) as exc:
        raise RecordSyntaxError(line, f"bad options {text!r}: {exc}") from None


def _parse_deck(words: Sequence[str], line: int) -> tuple[Card, ...]:
    cards = []
    for i, word in enumerate(words):
        try:
            cards.append(Card.parse(word))
        except CardParseError:
            raise RecordSyntaxError(
                line, f"card {i + 1} of the deck, {word!r}, is not a card"
            ) from None
    return tuple(cards)


def _check_deck(
    info: Any, deck: tuple[Card, ...], dealer: int, options: Any, line: int
) -> None:
    """A deck must be the game's whole pack, each card once (the deal checks it)."""
    try:
        info.deal(deck, dealer, options)
    except ValueError as exc:
        raise RecordSyntaxError(line, f"bad deck ({len(deck)} cards): {exc}") from None


def _parse_seat(word: str, num_players: int, line: int) -> int:
    if not (len(word) == 1 and "0" <= word <= "9" and int(word) < num_players):
        raise RecordSyntaxError(
            line, f"{word!r} is not a seat: the seats are 0 to {num_players - 1}"
        )
    return int(word)


def _parse_action_text(text: str, line: int, where: str) -> Action:
    try:
        return parse_action(text)
    except ActionParseError:
        raise RecordSyntaxError(line, f"{where}: {text!r} is not an action") from None


# -- positions (one deal on one line) ------------------------------------------------------
def format_position(deal: Deal) -> str:
    """The one-line form of a deal as it stands: options, dealer and extra values, deck,
    the actions so far. :func:`read_position` reads it back to an equal state."""
    settings = [f"dealer={deal.dealer}"]  # type: ignore[attr-defined]
    for name in deal_extras(type(deal)):
        settings.append(f"{name}={_format_extra(getattr(deal, name))}")
    deck = " ".join(CARDS[c].name for c in deal.deck)  # type: ignore[attr-defined]
    parts = [str(deal.options), " ".join(settings), deck]  # type: ignore[attr-defined]
    if deal.actions:
        parts.append(", ".join(str(a) for _, a in deal.actions))
    return " | ".join(parts)


def parse_position(text: str, line: int = 1) -> tuple[Any, DealRecord]:
    """Read a position's syntax: ``(options, deal record)``; ``line`` is for messages."""
    if "\n" in text.strip():
        raise RecordSyntaxError(line, "a position is one line")
    fields = [f.strip() for f in text.strip().split("|")]
    if len(fields) not in (3, 4):
        raise RecordSyntaxError(
            line,
            f"a position has 3 or 4 fields separated by '|' "
            f"(options | dealer=... | deck | actions), not {len(fields)}",
        )
    info = _game_of(fields[0], line)
    options = _parse_options(info, fields[0], line)
    wanted = ("dealer", *deal_extras(info.deal))
    values: dict[str, Any] = {}
    for item in fields[1].split():
        name, eq, raw = item.partition("=")
        if not eq or not _EXTRA_RE.match(name):
            raise RecordSyntaxError(line, f"expected name=value, not {item!r}")
        if name not in wanted:
            raise RecordSyntaxError(
                line, f"{info.name} deals take {', '.join(wanted)}, not {name!r}"
            )
        if name in values:
            raise RecordSyntaxError(line, f"{name} given twice")
        try:
            values[name] = _parse_extra(raw)
        except ValueError:
            raise RecordSyntaxError(line, f"bad value for {name}: {raw!r}") from None
    missing = [n for n in wanted if n not in values]
    if missing:
        raise RecordSyntaxError(line, f"missing {', '.join(missing)}")
    dealer = values.pop("dealer")
    if not isinstance(dealer, int) or not 0 <= dealer < info.num_players:
        raise RecordSyntaxError(
            line, f"dealer must be a seat 0 to {info.num_players - 1}, not {dealer}"
        )
    deck = _parse_deck(fields[2].split(), line)
    extras = tuple((n, values[n]) for n in wanted[1:])
    try:
        probe = info.deal(deck, dealer, options, **dict(extras))
    except (ValueError, TypeError, IndexError) as exc:
        raise RecordSyntaxError(line, f"cannot deal this: {exc}") from None
    for name, value in extras:
        if getattr(probe, name) != value:
            raise RecordSyntaxError(line, f"bad value for {name}: {_format_extra(value)}")
    actions: list[tuple[int, Action]] = []
    if len(fields) == 4 and fields[3]:
        for i, item in enumerate(fields[3].split(",")):
            actions.append((-1, _parse_action_text(item.strip(), line, f"action {i + 1}")))
    return options, DealRecord(
        dealer, deck, tuple(actions), extras, line=line, deck_line=line,
        action_lines=(line,) * len(actions),
    )


def read_position(text: str, line: int = 1) -> Deal:
    """The deal a position describes, every action replayed through the rules."""
    options, record = parse_position(text, line)
    info = get_game(options.game)
    assert record.deck is not None
    deal: Deal = info.deal(record.deck, record.dealer, options, **dict(record.extras))
    for i, (_, action) in enumerate(record.actions):
        if deal.is_over:
            raise IllegalRecordError(
                line, f"action {i + 1} ({action}): the deal is over", "record.deal-over"
            )
        apply_recorded(deal, action, line, f"action {i + 1}")
    return deal


def apply_recorded(deal: Deal, action: Action, line: int, label: str) -> None:
    """Play a recorded ``action`` on ``deal`` through the rules; one they refuse is an
    :class:`IllegalRecordError` at ``line``, saying ``label`` (``action 3``), the action,
    the seat and the rule."""
    error = deal.why_illegal(action)
    if error is not None:
        raise IllegalRecordError(
            line, f"{label} ({action}) by seat {deal.current_player()}: {error.message}",
            error.rule,
        )
    deal.apply_unchecked(action)


# -- match records: writing -----------------------------------------------------------------
def _result_text(match: Match[Any]) -> tuple[str, str]:
    """``(Result, Winner)`` header values: the final score and the winner, or ``*``."""
    if not match.is_over:
        return "*", "*"
    score = getattr(match, "final_score", None) or match.scores
    return f"{score[0]}-{score[1]}", str(match.winner)


def record_of(
    match: Match[Any], headers: Mapping[str, str] | Iterable[tuple[str, str]] = ()
) -> MatchRecord:
    """The record of a match as played so far, with extra headers (``Date``, seats...).

    ``Seed``, ``Result`` and ``Winner`` come from the match; the deals carry their decks.
    """
    pairs = list(headers.items() if isinstance(headers, Mapping) else headers)
    names = {k for k, _ in pairs}
    for reserved in ("Game", "Options"):
        if reserved in names:
            raise ValueError(f"the {reserved} header comes from the match")
    seed = getattr(match, "seed", None)
    out: list[tuple[str, str]] = []
    if seed is not None and "Seed" not in names:
        out.append(("Seed", str(seed)))
    out += [(k, v) for k, v in pairs if k not in ("Result", "Winner")]
    result, winner = _result_text(match)
    out += [("Result", result), ("Winner", winner)]
    deals = [*match.deals, *([] if match.is_over else [match.deal])]
    return MatchRecord(
        game=match.deal.game,
        options=match.options,
        headers=tuple(out),
        deals=tuple(
            DealRecord(d.dealer, tuple(CARDS[c] for c in d.deck), tuple(d.actions))
            for d in deals
        ),
    )


def format_match(record: MatchRecord, match: Match[Any] | None = None) -> str:
    """The text of a record. With the match it describes (replayed or played), the
    writer adds comments: each seat's first cards, each deal's outcome and the scores."""
    lines = [f'[Game "{record.game}"]', f'[Options "{_quote(str(record.options))}"]']
    for name, value in record.headers:
        if not _NAME_RE.match(name) or name in ("Game", "Options"):
            raise ValueError(f"not a header name: {name!r}")
        if "".join(value.splitlines()) != value:
            raise ValueError(f"the {name} header holds a line break")
        lines.append(f'[{name} "{_quote(value)}"]')
    played: list[Deal] = []
    if match is not None:
        played = [*match.deals, *([] if match.is_over else [match.deal])]
    for i, deal in enumerate(record.deals):
        lines.append("")
        head = f"deal {i + 1} dealer {deal.dealer}"
        live = played[i] if i < len(played) else None
        if live is not None:
            extras = [f"{n}={_format_extra(getattr(live, n))}" for n in deal_extras(type(live))]
            if extras:
                head += "  # " + " ".join(extras)
        lines.append(head)
        if deal.deck is not None:
            lines.append("deck " + " ".join(c.name for c in deal.deck))
        if deal.scored is not None:
            lines.append(f"scored {deal.scored}")
        if live is not None and tuple(live.actions) == deal.actions:
            lines += _grouped_actions(live)
        else:
            lines += [f"{seat} {action}" for seat, action in deal.actions]
        if match is not None and i < len(match.scoresheet):
            row = match.scoresheet[i]
            recorded = row.result.recorded
            scores = row.scores
            lines.append(
                f"# {row.result.outcome}: {recorded[0]}-{recorded[1]}, "
                f"scores {scores[0]}-{scores[1]}"
            )
    return "\n".join(lines) + "\n"


def _grouped_actions(live: Any) -> list[str]:
    """The hands as comments, then the actions: one a line, but a trick on one line."""
    deal = live.copy()
    while deal.actions:
        deal.undo()
    lines = [f"# {seat}: {deal.hand(seat)}" for seat in range(deal.num_players)]
    pending: list[str] = []
    for seat, action in live.actions:
        tricks = len(getattr(deal, "tricks", ()))
        deal.apply_unchecked(action)
        pending.append(f"{seat} {action}")
        if not isinstance(action, Play) or len(getattr(deal, "tricks", ())) != tricks:
            lines.append("  ".join(pending))
            pending = []
    if pending:
        lines.append("  ".join(pending))
    return lines


def write_match(
    match: Match[Any], headers: Mapping[str, str] | Iterable[tuple[str, str]] = ()
) -> str:
    """The text record of a match as played so far (see :func:`record_of`)."""
    return format_match(record_of(match, headers), match)


# -- match records: reading ------------------------------------------------------------------
def parse_match(text: str) -> MatchRecord:
    """Read a match record's syntax (nothing is replayed; see :func:`replay_match`)."""
    headers: list[tuple[str, str]] = []
    header_lines: list[tuple[str, int]] = []
    info: Any = None
    options: Any = None
    deals: list[DealRecord] = []
    current: dict[str, Any] | None = None
    in_headers = True
    last_line = 0

    def close() -> None:
        if current is not None:
            deals.append(
                DealRecord(
                    current["dealer"], current["deck"], tuple(current["actions"]),
                    scored=current["scored"],
                    line=current["line"], deck_line=current["deck_line"],
                    action_lines=tuple(current["action_lines"]),
                )
            )

    for number, raw in enumerate(text.splitlines(), start=1):
        last_line = number
        line = raw.strip()
        if line.startswith("["):
            if not in_headers:
                raise RecordSyntaxError(number, "headers come before the first deal")
            m = _HEADER_RE.match(line)
            if m is None:
                raise RecordSyntaxError(number, f'expected a header [Name "value"], not {line!r}')
            name, value = m.group(1), _unquote(m.group(2))
            if name in dict(header_lines):
                raise RecordSyntaxError(number, f"header {name} given twice")
            header_lines.append((name, number))
            if name == "Game":
                if headers or info is not None:
                    raise RecordSyntaxError(number, "the Game header comes first")
                if value.lower() not in KITS:
                    raise RecordSyntaxError(
                        number, f"unknown game {value!r}; the games are {', '.join(KITS)}"
                    )
                info = get_game(value)
                continue
            if info is None:
                raise RecordSyntaxError(number, 'a record starts with [Game "..."]')
            if name == "Options":
                options = _parse_options(info, value, number)
                continue
            if name == "Seed" and not _SEED_RE.match(value):
                raise RecordSyntaxError(number, f"the seed is a whole number, not {value!r}")
            if name == "Undos" and not _NUMBER_RE.match(value):
                raise RecordSyntaxError(number, f"Undos is a count of moves, not {value!r}")
            headers.append((name, value))
            continue
        line = _strip_comment(raw)
        if not line:
            continue
        if info is None:
            raise RecordSyntaxError(number, 'a record starts with [Game "..."]')
        if options is None:
            options = info.options()
        in_headers = False
        words = line.split()
        head = words[0].lower()
        if head == "deal":
            if (
                len(words) != 4
                or words[2].lower() != "dealer"
                or not _NUMBER_RE.match(words[1])
            ):
                raise RecordSyntaxError(number, f"expected 'deal N dealer S', not {line!r}")
            if int(words[1]) != len(deals) + (current is not None) + 1:
                raise RecordSyntaxError(
                    number,
                    f"deal {words[1]} out of order: expected deal "
                    f"{len(deals) + (current is not None) + 1}",
                )
            close()
            current = {
                "dealer": _parse_seat(words[3], info.num_players, number),
                "deck": None, "actions": [], "line": number, "deck_line": 0,
                "action_lines": [], "scored": None,
            }
            continue
        if current is None:
            raise RecordSyntaxError(number, f"expected 'deal 1 dealer S', not {line!r}")
        if head == "scored":
            if current["scored"] is not None or current["deck"] is not None or current[
                "actions"
            ]:
                raise RecordSyntaxError(
                    number, "a deal scored without cards has one scored line and no cards"
                )
            entry = line.split(None, 1)[1].strip() if len(words) > 1 else ""
            if not entry:
                raise RecordSyntaxError(number, "a scored line holds the deal's entry")
            current["scored"] = entry
            continue
        if current["scored"] is not None:
            raise RecordSyntaxError(
                number, "a deal scored without cards has one scored line and no cards"
            )
        if head == "deck":
            if current["deck"] is not None:
                raise RecordSyntaxError(number, "a second deck for this deal")
            if current["actions"]:
                raise RecordSyntaxError(number, "the deck comes before the actions")
            deck = _parse_deck(words[1:], number)
            _check_deck(info, deck, current["dealer"], options, number)
            current["deck"] = deck
            current["deck_line"] = number
            continue
        for seat_word, action_words in _pairs(words):
            seat = _parse_seat(seat_word, info.num_players, number)
            if not action_words:
                raise RecordSyntaxError(number, f"seat {seat} without an action")
            action = _parse_action_text(" ".join(action_words), number, f"seat {seat}")
            current["actions"].append((seat, action))
            current["action_lines"].append(number)
    if info is None:
        raise RecordSyntaxError(max(last_line, 1), 'a record starts with [Game "..."]')
    close()
    record = MatchRecord(
        game=info.name,
        options=options if options is not None else info.options(),
        headers=tuple(headers),
        deals=tuple(deals),
        header_lines=tuple(header_lines),
    )
    if record.seed is None:
        if not deals and record.header("FirstDealer") is None:  # a new scoresheet has one
            raise RecordSyntaxError(max(last_line, 1), "a record needs a Seed header or a deal")
        for deal in deals:
            if deal.deck is None and deal.scored is None:
                raise RecordSyntaxError(
                    deal.line, "this deal has no deck and the record has no Seed header"
                )
    return record


def _pairs(words: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Split ``0 trump H 1 HJ`` into ``(seat, action words)``: a seat is a lone digit,
    which no action word is."""
    pairs: list[tuple[str, list[str]]] = []
    for word in words:
        if _NUMBER_RE.match(word) or not pairs:
            pairs.append((word, []))
        else:
            pairs[-1][1].append(word)
    return pairs


# -- replay ------------------------------------------------------------------------------------
def _new_match(info: Any, record: MatchRecord, first_dealer: int | None) -> Any:
    """The match at its first deal, dealt the recorded decks (:class:`GivenDecks`); the
    seed deals what the record does not give, and the decks after it."""
    given = [None if d.deck is None else tuple(int(c) for c in d.deck) for d in record.deals]
    decks = GivenDecks(given, then=SeededDecks(record.seed))
    return info.match(record.seed, record.options, first_dealer=first_dealer, decks=decks)


def _start(info: Any, record: MatchRecord) -> Any:
    """The match at its first deal: the first dealer is drawn from the seed as in play,
    or given when the record's first dealer says otherwise (or there is no seed)."""
    first = record.deals[0] if record.deals else None
    try:
        if record.seed is not None:
            match = _new_match(info, record, None)
            if first is None or match.first_dealer == first.dealer:
                return match
        assert first is not None
        return _new_match(info, record, first.dealer)
    except DeckRefused as exc:  # pragma: no cover - the parser checks a first deck
        deal = record.deals[exc.index]
        raise IllegalRecordError(
            deal.deck_line, "the rules cannot deal this deck here", "record.deck"
        ) from None


def replay_match(record: MatchRecord) -> Match[Any]:
    """Play a record through the game's match, checking every action, seat, dealer and
    deck, and the ``Result`` and ``Winner`` headers. The match returned can be played on
    (after the recorded decks it deals from its seed, or at random)."""
    info = get_game(record.game)
    for drec in record.deals:
        if drec.scored is not None:
            raise IllegalRecordError(
                drec.line,
                "this deal was scored without cards: read the record as a scoresheet "
                "(atout.scorekeeper.read_scoresheet)",
                "record.scored",
            )
    match: Any = _start(info, record)
    for i, drec in enumerate(record.deals):
        if match.is_over:
            raise IllegalRecordError(
                drec.line, f"the match was over after deal {i}", "record.match-over"
            )
        if len(match.deals) < i:
            raise IllegalRecordError(
                drec.line, f"deal {i} is not over, yet deal {i + 1} starts",
                "record.deal-not-over",
            )
        deal = match.deal
        if deal.dealer != drec.dealer:
            raise IllegalRecordError(
                drec.line,
                f"seat {deal.dealer} deals deal {i + 1} by the rules, not seat {drec.dealer}",
                "record.dealer",
            )
        if drec.deck is not None and deal.deck != tuple(int(c) for c in drec.deck):
            raise IllegalRecordError(  # pragma: no cover - the feeder deals recorded decks
                drec.deck_line, "the rules cannot deal this deck here", "record.deck"
            )
        for k, ((seat, action), line) in enumerate(
            zip(drec.actions, drec.action_lines, strict=True)
        ):
            if len(match.deals) > i:
                raise IllegalRecordError(
                    line, f"deal {i + 1} is over after {k} actions", "record.deal-over"
                )
            to_act = match.current_player()
            if seat != to_act:
                raise IllegalRecordError(
                    line, f"seat {seat} cannot act now: it is seat {to_act}'s turn",
                    "record.turn",
                )
            error = match.deal.why_illegal(action)
            if error is not None:
                raise IllegalRecordError(line, f"seat {seat}: {action}: {error.message}",
                                         error.rule)
            try:
                match.apply_unchecked(action)
            except DeckRefused as exc:
                nxt = record.deals[exc.index]
                raise IllegalRecordError(
                    nxt.deck_line,
                    f"the deck of deal {exc.index + 1} is not one the rules can deal after "
                    f"deal {exc.index}",
                    "record.deck",
                ) from None
            except IllegalActionError as exc:  # pragma: no cover - checked just above
                raise IllegalRecordError(line, exc.message, exc.rule) from None
    result, winner = _result_text(match)
    for name, value in (("Result", result), ("Winner", winner)):
        written = record.header(name)
        if written is not None and written != value:
            raise IllegalRecordError(
                record.line_of(name),
                f"the {name} header says {written!r}, the replay gives {value!r}",
                "record.result",
            )
    return match  # type: ignore[no-any-return]


def read_match(text: str) -> Match[Any]:
    """Parse and replay a match record: the match, or an error and nothing."""
    return replay_match(parse_match(text))
