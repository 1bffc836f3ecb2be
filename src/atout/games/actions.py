"""Actions: the small immutable values that players send to a game.

Every action has one text form that :func:`parse_action` reads back exactly, so that
records, the command line and the web all speak the same language:

=================  ===========================================================
text               meaning
=================  ===========================================================
``HJ``             play a card (its canonical code)
``pass``           pass in the bidding, or decline a double
``trump H``        take or name a trump suit (C, D, H, S)
``obenabe``        Schieber: no trump, high cards win
``undenufe``       Schieber: no trump, low cards win
``push``           Schieber: leave the choice to the partner (schieben)
``exchange``       Deberts: swap the trump 7 for the indicator
``double``         double the contract (an option)
``redouble``       redouble after a double (an option)
``sevens``         Deberts: cancel the deal holding the four 7s (an option)
``capot``          Belote: announce that the takers will win every trick (an option)
``claim``          Schieber: claim that the team has reached the target (an option)
=================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from atout.cards import Card, CardParseError, Suit

__all__ = [
    "SUIT_PLAYS",
    "Action",
    "ActionParseError",
    "AnnounceCapot",
    "CancelDeal",
    "Claim",
    "Double",
    "Exchange",
    "NoTrump",
    "Pass",
    "Play",
    "Push",
    "Redouble",
    "Trump",
    "parse_action",
    "play",
    "plays",
    "trump",
]


class ActionParseError(ValueError):
    """Raised for text that is not the text form of any action."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses are hashable values with a text form."""

    keyword: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.keyword


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: Card

    keyword: ClassVar[str] = "play"

    def __str__(self) -> str:
        return self.card.name


@dataclass(frozen=True, slots=True)
class Pass(Action):
    keyword: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Trump(Action):
    suit: Suit

    keyword: ClassVar[str] = "trump"

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"


@dataclass(frozen=True, slots=True)
class NoTrump(Action):
    """A Schieber contract without trump: ``obenabe`` (top down) or ``undenufe``."""

    mode: str

    keyword: ClassVar[str] = "notrump"

    def __post_init__(self) -> None:
        if self.mode not in ("obenabe", "undenufe"):
            raise ValueError(f"no-trump mode must be obenabe or undenufe, not {self.mode!r}")

    def __str__(self) -> str:
        return self.mode


@dataclass(frozen=True, slots=True)
class Push(Action):
    keyword: ClassVar[str] = "push"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    keyword: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class Double(Action):
    keyword: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class Redouble(Action):
    keyword: ClassVar[str] = "redouble"


@dataclass(frozen=True, slots=True)
class CancelDeal(Action):
    keyword: ClassVar[str] = "sevens"


@dataclass(frozen=True, slots=True)
class AnnounceCapot(Action):
    keyword: ClassVar[str] = "capot"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    keyword: ClassVar[str] = "claim"


_SIMPLE: Final[dict[str, Action]] = {
    cls.keyword: cls()
    for cls in (Pass, Push, Exchange, Double, Redouble, CancelDeal, AnnounceCapot, Claim)
}
_PLAYS: Final[dict[Card, Play]] = {card: Play(card) for card in Card}
_TRUMPS: Final[dict[Suit, Trump]] = {suit: Trump(suit) for suit in Suit}


def play(card: Card) -> Play:
    """The shared :class:`Play` instance for ``card`` (saves allocation in hot loops)."""
    return _PLAYS[card]


#: SUIT_PLAYS[s][m]: the shared plays of the 9-bit mask ``m`` placed at suit ``s`` (a hot
#: loop may concatenate the four lookups itself and save the call to :func:`plays`).
SUIT_PLAYS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(_PLAYS[Card(9 * s + r)] for r in range(9) if m >> r & 1) for m in range(512))
    for s in range(4)
)


def plays(mask: int) -> list[Action]:
    """The shared :class:`Play` instances of the cards in a card mask, in card order
    (four table lookups: the legal actions of a hot loop)."""
    c0, c1, c2, c3 = SUIT_PLAYS
    return list(c0[mask & 511] + c1[mask >> 9 & 511] + c2[mask >> 18 & 511] + c3[mask >> 27])


def trump(suit: Suit) -> Trump:
    return _TRUMPS[suit]


def parse_action(text: str) -> Action:
    """Read the text form of an action (see the module docstring); strict."""
    words = text.strip().split()
    if not words:
        raise ActionParseError("empty action")
    head = words[0].lower()
    if len(words) == 1:
        simple = _SIMPLE.get(head)
        if simple is not None:
            return simple
        if head in ("obenabe", "undenufe"):
            return NoTrump(head)
    if head == "trump" and len(words) == 2:
        try:
            return _TRUMPS[Suit.parse(words[1])]
        except CardParseError as exc:
            raise ActionParseError(f"not a suit in {text!r}") from exc
    if head == "play" and len(words) == 2:
        words = words[1:]
    if len(words) == 1:
        try:
            return _PLAYS[Card.parse(words[0])]
        except CardParseError:
            pass
    raise ActionParseError(f"not an action: {text!r}")
