"""Lessons: positions built by the engine, questions the engine answers.

A *step* is one position (a deal built with ``from_hands`` and actions, or read from
the record notation's position form) and one question about it, asked of the learner
who sits at ``seat``:

``legal``
    Which actions may the player to act take now? The answer is the engine's legal set;
    each wrong pick is explained by the rule the engine names for it
    (:class:`~atout.games.base.IllegalActionError`, translated by
    :func:`atout.i18n.explain`).
``choice``
    One of a few options (a seat, a team, an outcome); the engine's answer is computed
    by the step's ``answer`` function from the deal.
``number``
    A number (points), computed by ``answer`` from the deal.

Every step also names the rule that decides it (``why``, a catalogue key whose values
come from the engine) and the topics of the game's rules page it teaches. ``expect`` is
the author's answer: the tests check that the engine agrees with every one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.cards import CARDS, Card, CardParseError
from atout.games.actions import Action, ActionParseError, Play, parse_action
from atout.games.base import Deal
from atout.i18n import Translator, explain
from atout.kits import kit
from atout.kits.present import GameView, render

__all__ = [
    "Lesson",
    "Step",
    "Verdict",
    "check",
    "option_label",
    "parse_answer",
    "seat_label",
    "situation",
]

LEGAL = "legal"
CHOICE = "choice"
NUMBER = "number"

Params = Callable[[Deal], dict[str, Any]]


@dataclass(frozen=True)
class Step:
    """One position and one question (see the module docstring)."""

    id: str
    build: Callable[[], Deal]
    seat: int
    kind: str
    #: Catalogue key of the question (``learn.q.*``), formatted with ``params``.
    question: str
    #: Catalogue key of the rule that decides the answer, formatted with ``params``.
    why: str
    topics: tuple[str, ...]
    #: The author's answer: a frozenset of action texts (legal), an option id (choice)
    #: or an int (number). The tests check it against the engine's.
    expect: Any
    #: The engine's answer for choice and number steps.
    answer: Callable[[Deal], Any] | None = None
    #: The option ids offered by a choice step (see :func:`option_label`).
    options: tuple[str, ...] = ()
    params: Params | None = None
    #: Other seats whose hands are shown (a lesson may open them).
    show: tuple[int, ...] = ()
    #: Facts shown with the position: (catalogue key, params) computed from the deal.
    facts: Callable[[Deal], list[tuple[str, dict[str, Any]]]] | None = None
    #: Actions a legal step offers beyond the cards in hand (the bidding's vocabulary).
    vocabulary: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    #: Catalogue keys of its title and its introduction.
    title: str
    intro: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Verdict:
    """What the engine says of an answer: right or not, and why, in the learner's words."""

    correct: bool
    #: The reasons for each wrong part of the answer, then the rule that decides it.
    reasons: tuple[str, ...] = ()
    #: The rule that decides the answer, with the engine's values.
    rule: str = ""
    #: The engine's answer, shown to the learner (after a right answer, or on request).
    answer_text: str = ""
    problems: tuple[str, ...] = field(default=())


# -- the engine's answer -------------------------------------------------------------------
def engine_answer(step: Step, deal: Deal) -> Any:
    """The answer the engine gives for ``step`` on its position."""
    if step.kind == LEGAL:
        return frozenset(str(a) for a in deal.legal_actions())
    assert step.answer is not None, step.id
    value = step.answer(deal)
    return int(value) if step.kind == NUMBER else str(value)


def candidates(step: Step, deal: Deal) -> list[str]:
    """What a legal step offers to pick from: the cards in hand, then the vocabulary."""
    seat = deal.current_player()
    found: list[str] = []
    if seat is not None:
        hand = deal.hand(seat)  # type: ignore[attr-defined]
        found = [card.name for card in sorted(hand, key=lambda c: (c.suit, c.rank))]
    return found + list(step.vocabulary)


# -- labels ----------------------------------------------------------------------------------
def seat_label(seat: int, me: int, n: int, lang: str) -> str:
    """A seat as the learner sitting at ``me`` calls it."""
    t = Translator(lang)
    if seat == me:
        return t("seat.you")
    if n == 2:
        return t("seat.opponent")
    return t({1: "seat.right", 2: "seat.partner", 3: "seat.left"}[(seat - me) % 4])


def option_label(option: str, me: int, n: int, lang: str) -> str:
    """The words of a choice's option id: ``seat:N``, ``team:N``, ``pair:A:B`` or a
    ``learn.choice.*`` key."""
    t = Translator(lang)
    kind, _, rest = option.partition(":")
    if kind == "seat":
        return seat_label(int(rest), me, n, lang)
    if kind == "team":
        return t("learn.team.yours") if int(rest) == me % 2 else t("learn.team.theirs")
    if kind == "pair":
        a, b = rest.split(":")
        return f"{a} : {b}"
    return t(f"learn.choice.{option}")


def action_label(text: str) -> str:
    """A card code as a symbol (``J♥``); other actions as written."""
    try:
        return Card.parse(text).symbol
    except CardParseError:
        return text


# -- answers -----------------------------------------------------------------------------
def parse_answer(step: Step, text: str) -> Any:
    """The learner's text as an answer of the step's kind; ``ValueError`` if unreadable.

    Legal steps take cards and actions separated by commas or spaces (``HJ H9``,
    ``J♥, 9♥``, ``pass, trump H``); choice steps an option's number (1-based) or id;
    number steps a whole number."""
    text = text.strip()
    if step.kind == NUMBER:
        return int(text)
    if step.kind == CHOICE:
        if text.isdigit() and 1 <= int(text) <= len(step.options):
            return step.options[int(text) - 1]
        if text in step.options:
            return text
        raise ValueError(text)
    picked: set[str] = set()
    for piece in filter(None, (p.strip() for p in text.split(","))):
        try:
            picked.add(str(parse_action(piece)))
            continue
        except ActionParseError:
            pass
        for word in piece.split():
            try:
                picked.add(str(parse_action(word)))
            except ActionParseError:
                raise ValueError(word) from None
    return frozenset(picked)


def check(step: Step, deal: Deal, given: Any, lang: str = "en") -> Verdict:
    """Judge ``given`` (an answer as :func:`parse_answer` returns it) by the engine."""
    t = Translator(lang)
    right = engine_answer(step, deal)
    params = step.params(deal) if step.params else {}
    rule = t(step.why, **params)
    answer_text = answer_words(step, deal, right, lang)
    if given == right:
        return Verdict(True, (), rule, answer_text)
    if given is None:  # the learner asked for the answer
        return Verdict(False, (rule,), rule, answer_text)
    problems: list[str] = []
    if step.kind == LEGAL:
        for text in sorted(given - right):
            action = parse_action(text)
            error = deal.why_illegal(action)
            reason = explain(error, lang) if error is not None else ""
            problems.append(t("learn.not-allowed", action=action_label(text), reason=reason))
        for text in sorted(right - given):
            problems.append(t("learn.also-allowed", action=action_label(text)))
    elif step.kind == NUMBER:
        problems.append(t("learn.not-that-number", number=given))
    else:
        label = option_label(str(given), step.seat, deal.num_players, lang)
        problems.append(t("learn.not-that-one", option=label))
    return Verdict(False, (*problems, rule), rule, answer_text, tuple(problems))


def answer_words(step: Step, deal: Deal, right: Any, lang: str) -> str:
    if step.kind == LEGAL:
        order = candidates(step, deal)
        ranked = sorted(right, key=lambda a: order.index(a) if a in order else len(order))
        return ", ".join(action_label(a) for a in ranked)
    if step.kind == CHOICE:
        return option_label(str(right), step.seat, deal.num_players, lang)
    return str(right)


# -- what the learner sees ---------------------------------------------------------------------
def _trick_now(deal: Deal, view: GameView) -> list[tuple[int, str]]:
    return [(seat, card.name) for seat, card in view.trick]


def situation(step: Step, deal: Deal, lang: str = "en") -> dict[str, Any]:
    """Everything a page or a terminal shows for a step, as JSON-friendly values: the
    game, the table from the learner's side, the question and what to answer with."""
    t = Translator(lang)
    me = step.seat
    n = deal.num_players
    view: GameView = deal.view(me)
    params = step.params(deal) if step.params else {}
    game = deal.game
    out: dict[str, Any] = {
        "game": game,
        "seat": me,
        "num_players": n,
        "dealer": deal.dealer,  # type: ignore[attr-defined]
        "to_play": deal.current_player(),
        "trump": _trump_text(game, view, lang),
        "hands": {str(s): [c.name for c in _sorted(deal.hand(s))]  # type: ignore[attr-defined]
                  for s in (me, *step.show)},
        "trick": _trick_now(deal, view),
        "last_trick": [(seat, card.name) for seat, card in (view.last_trick or ())],
        "tricks_won": list(view.tricks_won),
        "seats": {str(s): seat_label(s, me, n, lang) for s in range(n)},
        "question": t(step.question, **params),
        "kind": step.kind,
        "facts": [t(key, **values) for key, values in (step.facts(deal) if step.facts else [])],
        "position": _position(deal),
    }
    presenter = kit(game).present()
    turned, bottom = presenter.turned(view)
    if turned is not None:
        out["turned"] = turned.name
        out["turned_key"] = presenter.turned_key
        out["bottom"] = bottom.name if bottom is not None else None
    if step.kind == LEGAL:
        out["candidates"] = [(a, action_label(a)) for a in candidates(step, deal)]
    elif step.kind == CHOICE:
        out["options"] = [(o, option_label(o, me, n, lang)) for o in step.options]
    return out


def _sorted(cards: Any) -> list[Card]:
    return sorted(cards, key=lambda c: (c.suit, c.rank))


def _trump_text(game: str, view: GameView, lang: str) -> str | None:
    """The contract as the table's status line says it (its kit's presenter)."""
    trump = kit(game).present().trump(view)
    if trump is None:
        return None
    return render(trump, Translator(lang), str)


def _position(deal: Deal) -> str:
    from atout.notation import format_position

    return format_position(deal)


def play_through(deal: Deal, actions: Sequence[str | Action]) -> Deal:
    """Apply ``actions`` (texts or actions) with the engine's checks."""
    for action in actions:
        deal.apply(parse_action(action) if isinstance(action, str) else action)
    return deal


def card_names(mask: int) -> list[str]:
    return [CARDS[c].name for c in range(36) if mask >> c & 1]


def plays_of(actions: Sequence[Action]) -> list[Play]:
    return [a for a in actions if isinstance(a, Play)]
