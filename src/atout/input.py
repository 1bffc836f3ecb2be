"""What a person typed at the table, read in the interface language: a move, a table
command, or the reason it was not understood. Every table (the line mode, the
full-screen app, the web advisor) reads its input here, so they all understand the same
words. It sits below every front end and the advisor (the layers in ``pyproject.toml``).

>>> from atout.games.actions import Pass, Trump, play
>>> from atout.cards import Card, Suit
>>> choices = [Pass(), Trump(Suit.HEARTS)]
>>> read_input("prendre", lang="fr", game="belote", choices=choices)
Trump(suit=Suit.HEARTS)
>>> read_input("aide", lang="fr", game="belote", choices=choices)
<Command.HELP: 'help'>
>>> read_input("valet de cœur", lang="fr", game="belote", choices=[play(Card.HJ)])
Play(card=Card.HJ)

How text is read, first match wins:

1. a number from the list of choices (``3``);
2. a card's English code as the records write it, suit letter then rank (``HJ``,
   ``S10``, ``C7``): always the English card, in every language, so that scripts and
   records mean the same thing everywhere;
3. a table command (:class:`Command`) in the interface language or in English;
4. an action word in the interface language or in English (``passer``, ``atout ♥``,
   ``atout coeur``, ``prendre``, ``pasar``, ``trump H``), resolved against the choices
   offered: ``prendre`` alone takes the only trump offered, and a word that names
   several actions (Spanish ``pasar``: pass, or push in Schieber) is the one offered;
5. a card in the interface language, rank then suit or suit then rank, letters or
   words (``VC``, ``10P``, ``dame de pique``; ``SC``, ``rey de picas``), then in English
   and in any of the forms :meth:`atout.cards.Card.parse` reads (``J♥``, ``10♠``, ``jh``).

The words and letters are in the message catalogues (:mod:`atout.i18n.input`); case
and accents do not matter.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from atout.cards import Card, CardParseError, Rank, Suit
from atout.games.actions import (
    Action,
    AnnounceCapot,
    CancelDeal,
    Claim,
    Double,
    Exchange,
    NoTrump,
    Pass,
    Play,
    Push,
    Redouble,
    Trump,
    play,
)
from atout.i18n import LANGUAGES, catalog, translate

__all__ = [
    "Command", "InputError", "command_words", "fold", "read_input", "read_suit",
    "said", "suit_choices",
]


class Command(StrEnum):
    """A request to the table that is not a move."""

    HELP = "help"
    QUIT = "quit"
    LAST = "last"
    SCORE = "score"
    HAND = "hand"
    HINT = "hint"
    UNDO = "undo"


@dataclass(frozen=True)
class InputError:
    """Why the text was not read as a move or a command: a message key of the
    catalogues (``input.error.*`` or ``rule.*``) and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def message(self, lang: str) -> str:
        """The explanation in ``lang``."""
        return translate(self.key, lang, **self.params)


_SYMBOLS = {"♣": Suit.CLUBS, "♧": Suit.CLUBS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
            "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♠": Suit.SPADES, "♤": Suit.SPADES}
_DIGITS = {str(6 + i): Rank(i) for i in range(5)}
_CANONICAL = re.compile(r"^[cdhs](?:[6-9]|10|[jqka])$")
#: Actions without a parameter, by the name of their vocabulary entry.
_SIMPLE: dict[str, Action] = {
    "pass": Pass(),
    "push": Push(),
    "obenabe": NoTrump("obenabe"),
    "undenufe": NoTrump("undenufe"),
    "exchange": Exchange(),
    "double": Double(),
    "redouble": Redouble(),
    "sevens": CancelDeal(),
    "capot": AnnounceCapot(),
    "claim": Claim(),
}
_ACTION_NAMES = (*_SIMPLE, "trump", "play")


def fold(text: str) -> str:
    """``text`` for comparison: lower case, no accents, œ as oe, one space between words,
    apostrophes as spaces (``d'atout`` is ``d atout``)."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("\ufe0f", "")
    text = re.sub(r"['’`,;]", " ", text)
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _words(value: str) -> list[str]:
    return [fold(word) for word in value.split("|") if word.strip()]


@dataclass(frozen=True)
class _Cards:
    """The card letters and words of one language."""

    ranks: dict[str, Rank]
    suits: dict[str, Suit]
    connectors: frozenset[str]

    # Suit.CLUBS and Rank.SIX are 0, a false value: test for None, never with ``or``.
    def suit(self, text: str) -> Suit | None:
        found = _SYMBOLS.get(text)
        return found if found is not None else self.suits.get(text)

    def rank(self, text: str) -> Rank | None:
        found = _DIGITS.get(text)
        return found if found is not None else self.ranks.get(text)

    def card(self, tokens: list[str]) -> Card | None:
        """The card that ``tokens`` name: one token (``vc``, ``10p``, ``v♥``) or two
        (``valet coeur``, ``10 ♠``), rank first preferred; with connectors dropped."""
        found = self._card(tokens)
        if found is None:
            kept = [t for t in tokens if t not in self.connectors]
            if kept != tokens:
                found = self._card(kept)
        return found

    def _card(self, tokens: list[str]) -> Card | None:
        if len(tokens) == 2:
            pairs = [(tokens[0], tokens[1]), (tokens[1], tokens[0])]
        elif len(tokens) == 1:
            word = tokens[0]
            pairs = []
            for cut in range(1, len(word)):
                head, tail = word[:cut], word[cut:]
                pairs += [(head, tail), (tail, head)]
        else:
            return None
        for rank_text, suit_text in pairs:
            rank, suit = self.rank(rank_text), self.suit(suit_text)
            if rank is not None and suit is not None:
                return Card.of(suit, rank)
        return None


@dataclass(frozen=True)
class _Vocabulary:
    """Everything one language reads for one game, its own words before English."""

    commands: dict[str, Command]
    #: phrase -> (action names, language of the phrase), in the order to try them.
    actions: dict[str, tuple[list[str], str]]
    cards: dict[str, _Cards]
    order: tuple[str, ...]


def _catalog_words(key: str, lang: str) -> list[str]:
    """The words of ``key`` in ``lang``; none when the catalogue has no such key (a game
    without words of its own for an action)."""
    value = catalog()[lang].get(key)
    return [] if value is None else _words(value)


def _cards_of(lang: str) -> _Cards:
    ranks = {w: Rank.parse(code) for code in ("J", "Q", "K", "A", "10")
             for w in _catalog_words(f"input.rank.{code}", lang)}
    suits = {w: suit for suit in Suit for w in _catalog_words(f"input.suit.{suit.letter}", lang)}
    return _Cards(ranks, suits, frozenset(_catalog_words("input.connectors", lang)))


@cache
def _vocabulary(lang: str, game: str) -> _Vocabulary:
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    order = (lang,) if lang == "en" else (lang, "en")
    commands: dict[str, Command] = {}
    actions: dict[str, tuple[list[str], str]] = {}
    for source in order:
        for command in Command:
            for word in _catalog_words(f"input.command.{command.value}", source):
                commands.setdefault(word, command)
        for name in _ACTION_NAMES:
            keys = [f"input.action.{name}", f"input.{game}.action.{name}"]
            for key in keys:
                for word in _catalog_words(key, source):
                    names, _ = actions.setdefault(word, ([], source))
                    if name not in names:
                        names.append(name)
    return _Vocabulary(commands, actions, {source: _cards_of(source) for source in order}, order)


def said(text: str, key: str, lang: str) -> bool:
    """Whether ``text`` is one of the words of ``key`` (``input.answer.yes``...) in
    ``lang`` or in English, which is always read."""
    word = fold(text)
    return any(word in _catalog_words(key, source) for source in {lang, "en"})


def read_suit(text: str, *, lang: str) -> Suit | None:
    """The suit that ``text`` names: a symbol (``♥``), a letter or a word of ``lang``
    (French ``c``, ``cœur``), else of English (``h``, ``hearts``); None when none."""
    tokens = fold(text).split(" ")
    return _suit(tokens, lang, _vocabulary(lang, "")) if tokens != [""] else None


def suit_choices(lang: str) -> str:
    """The suits as :func:`read_suit` reads them in ``lang``, for a question: each one's
    letter and name (``T trèfle, K carreau, C cœur, P pique``)."""
    out = []
    for suit in Suit:
        letter = _catalog_words(f"input.suit.{suit.letter}", lang)[0]
        out.append(f"{letter.capitalize()} {translate(f'suit.{suit.letter}', lang)}")
    return ", ".join(out)


def command_words(lang: str, command: Command) -> list[str]:
    """The words that give ``command`` in ``lang``, that language's own first (for help
    texts and key hints)."""
    vocabulary = _vocabulary(lang, "")
    return [word for word, found in vocabulary.commands.items() if found is command]


def read_input(
    text: str,
    *,
    lang: str,
    game: str = "",
    choices: Sequence[Action],
    hand: Collection[Card] | None = None,
) -> Action | Command | InputError:
    """Read what a person typed at the table (see the module docstring).

    ``choices`` are the moves offered, in the order they are numbered; an action is
    returned only when it is one of them (an illegal card still in hand is a choice
    of the line mode, so that the table can explain the rule). ``hand``, when given,
    lets a card that is not in it be refused with the rule that says so.
    """
    vocabulary = _vocabulary(lang, game.lower())
    folded = fold(text)
    if not folded:
        return InputError("input.error.empty")
    if folded.isdigit():
        number = int(folded)
        if 1 <= number <= len(choices):
            return choices[number - 1]
        return InputError("input.error.number-range", {"high": len(choices)})
    if _CANONICAL.match(folded):
        return _offer_card(Card[folded.upper()], choices, hand)
    command = vocabulary.commands.get(folded)
    if command is not None:
        return command
    tokens = folded.split(" ")
    for cut in range(len(tokens), 0, -1):
        entry = vocabulary.actions.get(" ".join(tokens[:cut]))
        if entry is not None:
            names, source = entry
            found = _action(names, source, tokens[cut:], vocabulary, choices, hand, text)
            if found is not None:
                return found
    card = _read_card(tokens, vocabulary)
    if card is not None:
        return _offer_card(card, choices, hand)
    return InputError("input.error.unknown", {"text": text.strip()})


def _read_card(tokens: list[str], vocabulary: _Vocabulary) -> Card | None:
    for source in vocabulary.order:
        card = vocabulary.cards[source].card(tokens)
        if card is not None:
            return card
    try:
        return Card.parse("".join(tokens))
    except CardParseError:
        return None


def _suit(tokens: list[str], source: str, vocabulary: _Vocabulary) -> Suit | None:
    """The suit that ``tokens`` name, read first in the language of the word before it
    (``atout c`` is hearts in French, ``trump c`` clubs)."""
    languages = [source, *(lang for lang in vocabulary.order if lang != source)]
    for lang in languages:
        cards = vocabulary.cards[lang]
        kept = [t for t in tokens if t not in cards.connectors] or tokens
        if len(kept) == 1:
            suit = cards.suit(kept[0])
            if suit is not None:
                return suit
    return None


def _action(
    names: list[str],
    source: str,
    rest: list[str],
    vocabulary: _Vocabulary,
    choices: Sequence[Action],
    hand: Collection[Card] | None,
    text: str,
) -> Action | InputError | None:
    """The action that the words ``names`` (followed by ``rest``) give among the
    choices; None when the words do not fit (the text may still be a card)."""
    offered = set(choices)
    candidates: list[Action] = []
    not_offered = InputError("input.error.not-offered", {"text": text.strip()})
    for name in names:
        if name in _SIMPLE and not rest:
            candidates.append(_SIMPLE[name])
        elif name == "trump":
            if not rest:
                trumps = [a for a in choices if isinstance(a, Trump)]
                if len(trumps) == 1:
                    return trumps[0]
                if trumps:
                    word = text.strip().split()[0]
                    return InputError("input.error.which-suit", {"example": f"{word} ♥"})
                return not_offered
            suit = _suit(rest, source, vocabulary)
            if suit is not None:
                candidates.append(Trump(suit))
        elif name == "play" and rest:
            card = _read_card(rest, vocabulary)
            if card is not None:
                return _offer_card(card, choices, hand)
    for action in candidates:
        if action in offered:
            return action
    return not_offered if candidates else None


def _offer_card(
    card: Card, choices: Iterable[Action], hand: Collection[Card] | None
) -> Action | InputError:
    choices = list(choices)
    action = play(card)
    if action in choices:
        return action
    if not any(isinstance(a, Play) for a in choices):
        return InputError("input.error.no-card-now")
    if hand is not None and card not in hand:
        return InputError("rule.card-not-in-hand", {"card": card.symbol})
    return InputError("input.error.card-not-offered", {"card": card.symbol})
