"""The shared input layer: moves and commands typed in each interface language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import Card, Suit
from atout.games.actions import (
    Action,
    CancelDeal,
    Double,
    Exchange,
    NoTrump,
    Pass,
    Push,
    Redouble,
    Trump,
    play,
)
from atout.i18n import LANGUAGES, catalog
from atout.input import Command, InputError, command_words, fold, read_input

BID = [Pass(), Trump(Suit.HEARTS)]
SECOND_ROUND = [Pass(), Trump(Suit.CLUBS), Trump(Suit.DIAMONDS), Trump(Suit.SPADES)]
SCHIEBER = [*(Trump(s) for s in Suit), NoTrump("obenabe"), NoTrump("undenufe"), Push()]
DEBERTS_EXTRA = [Exchange(), Double(), Redouble(), CancelDeal()]
HAND = [play(c) for c in (Card.HJ, Card.H10, Card.HA, Card.C10, Card.CA, Card.DQ, Card.DK,
                          Card.SJ, Card.S7)]


def read(text: str, lang: str, choices: list[Action], game: str = "belote") -> object:
    return read_input(text, lang=lang, game=game, choices=choices)


@pytest.mark.parametrize(
    "lang,text,command",
    [
        ("en", "help", Command.HELP), ("en", "?", Command.HELP), ("en", "q", Command.QUIT),
        ("en", "last", Command.LAST), ("en", "score", Command.SCORE),
        ("en", "hand", Command.HAND), ("en", "hint", Command.HINT), ("en", "undo", Command.UNDO),
        ("fr", "aide", Command.HELP), ("fr", "Quitter", Command.QUIT),
        ("fr", "dernière levée", Command.LAST), ("fr", "DERNIER", Command.LAST),
        ("fr", "marque", Command.SCORE), ("fr", "main", Command.HAND),
        ("fr", "conseil", Command.HINT), ("fr", "annuler", Command.UNDO),
        ("fr", "help", Command.HELP), ("fr", "quit", Command.QUIT),
        ("es", "ayuda", Command.HELP), ("es", "salir", Command.QUIT),
        ("es", "última", Command.LAST), ("es", "puntuación", Command.SCORE),
        ("es", "mano", Command.HAND), ("es", "consejo", Command.HINT),
        ("es", "deshacer", Command.UNDO), ("es", "score", Command.SCORE),
        ("uk", "допомога", Command.HELP), ("uk", "Вийти", Command.QUIT),
        ("uk", "остання взятка", Command.LAST), ("uk", "рахунок", Command.SCORE),
        ("uk", "стіл", Command.HAND), ("uk", "підказка", Command.HINT),
        ("uk", "назад", Command.UNDO), ("uk", "hint", Command.HINT),
    ],
)
def test_commands_in_each_language_and_in_english(lang: str, text: str, command: Command) -> None:
    assert read(text, lang, HAND) is command


@pytest.mark.parametrize(
    "lang,text,choices,action",
    [
        ("en", "pass", BID, Pass()), ("en", "take", BID, Trump(Suit.HEARTS)),
        ("en", "trump H", BID, Trump(Suit.HEARTS)), ("en", "trump ♥", BID, Trump(Suit.HEARTS)),
        ("en", "push", SCHIEBER, Push()), ("en", "obenabe", SCHIEBER, NoTrump("obenabe")),
        ("en", "exchange", DEBERTS_EXTRA, Exchange()),
        ("en", "sevens", DEBERTS_EXTRA, CancelDeal()),
        ("fr", "passer", BID, Pass()), ("fr", "Je passe", BID, Pass()),
        ("fr", "prendre", BID, Trump(Suit.HEARTS)), ("fr", "atout ♥", BID, Trump(Suit.HEARTS)),
        ("fr", "atout cœur", BID, Trump(Suit.HEARTS)),
        ("fr", "atout coeur", BID, Trump(Suit.HEARTS)),
        ("fr", "atout C", BID, Trump(Suit.HEARTS)),  # C is cœur in French
        ("fr", "prendre à pique", SECOND_ROUND, Trump(Suit.SPADES)),
        ("fr", "atout T", SECOND_ROUND, Trump(Suit.CLUBS)),
        ("fr", "atout K", SECOND_ROUND, Trump(Suit.DIAMONDS)),
        ("fr", "trump C", SECOND_ROUND, Trump(Suit.CLUBS)),  # the English text stays English
        ("fr", "pousser", SCHIEBER, Push()), ("fr", "par le haut", SCHIEBER, NoTrump("obenabe")),
        ("fr", "ondenoufe", SCHIEBER, NoTrump("undenufe")),
        ("fr", "échanger", DEBERTS_EXTRA, Exchange()), ("fr", "contrer", DEBERTS_EXTRA, Double()),
        ("fr", "surcontre", DEBERTS_EXTRA, Redouble()),
        ("es", "pasar", BID, Pass()), ("es", "paso", BID, Pass()),
        ("es", "tomar", BID, Trump(Suit.HEARTS)),
        ("es", "triunfo corazones", BID, Trump(Suit.HEARTS)),
        ("es", "triunfo P", SECOND_ROUND, Trump(Suit.SPADES)),
        ("es", "pasar", SCHIEBER, Push()),  # no pass in Schieber: pasar pushes
        ("es", "de abajo", SCHIEBER, NoTrump("undenufe")),
        ("es", "doblar", DEBERTS_EXTRA, Double()), ("es", "cambiar", DEBERTS_EXTRA, Exchange()),
        ("uk", "пас", BID, Pass()), ("uk", "граю", BID, Trump(Suit.HEARTS)),
        ("uk", "козир чирви", BID, Trump(Suit.HEARTS)), ("uk", "козир Ч", BID, Trump(Suit.HEARTS)),
        ("uk", "замовляю піки", SECOND_ROUND, Trump(Suit.SPADES)),
        ("uk", "граю в трефи", SECOND_ROUND, Trump(Suit.CLUBS)),
        ("uk", "козир Б", SECOND_ROUND, Trump(Suit.DIAMONDS)),
        ("uk", "пас", SCHIEBER, Push()),  # no pass in Schieber: пас pushes
        ("uk", "шибен", SCHIEBER, Push()), ("uk", "згори", SCHIEBER, NoTrump("obenabe")),
        ("uk", "унденуфе", SCHIEBER, NoTrump("undenufe")),
        ("uk", "обмін", DEBERTS_EXTRA, Exchange()), ("uk", "контра", DEBERTS_EXTRA, Double()),
        ("uk", "реконтра", DEBERTS_EXTRA, Redouble()),
        ("uk", "чотири сімки", DEBERTS_EXTRA, CancelDeal()),
    ],
)
def test_actions_in_each_language(
    lang: str, text: str, choices: list[Action], action: Action
) -> None:
    game = "schieber" if choices is SCHIEBER else "belote"
    assert read(text, lang, choices, game) == action


@pytest.mark.parametrize(
    "lang,text,card",
    [
        ("en", "HJ", Card.HJ), ("en", "jh", Card.HJ), ("en", "J♥", Card.HJ),
        ("en", "jack of hearts", Card.HJ), ("en", "10♠", None),
        ("en", "queen of diamonds", Card.DQ),
        # French letters: rank V D R A, suit T K C P, rank first or suit first
        ("fr", "VC", Card.HJ), ("fr", "cv", Card.HJ), ("fr", "10C", Card.H10),
        ("fr", "AC", Card.HA), ("fr", "DK", Card.DK),  # an English code stays English
        ("fr", "KD", Card.DQ), ("fr", "RK", Card.DK), ("fr", "VP", Card.SJ),
        ("fr", "valet de cœur", Card.HJ), ("fr", "as de trèfle", Card.CA),
        ("fr", "dame de carreau", Card.DQ), ("fr", "V♥", Card.HJ), ("fr", "J♥", Card.HJ),
        ("fr", "C10", Card.C10), ("fr", "CA", Card.CA), ("fr", "HJ", Card.HJ),
        ("fr", "jouer 10 ♥", Card.H10), ("fr", "7 de pique", Card.S7),
        # Spanish letters: rank S C R A, suit T D C P
        ("es", "SC", Card.HJ), ("es", "sota de corazones", Card.HJ), ("es", "CD", Card.DQ),
        ("es", "RD", Card.DK), ("es", "caballo de diamantes", Card.DQ), ("es", "AC", Card.HA),
        ("es", "as de tréboles", Card.CA), ("es", "SP", Card.SJ), ("es", "S10", None),
        ("es", "C10", Card.C10), ("es", "10♥", Card.H10),
        # Ukrainian letters: rank В Д К Т, suit Т Б Ч П (Т is the ace and clubs)
        ("uk", "ВЧ", Card.HJ), ("uk", "чв", Card.HJ), ("uk", "ТТ", Card.CA),
        ("uk", "КБ", Card.DK), ("uk", "БД", Card.DQ), ("uk", "10Ч", Card.H10),
        ("uk", "ТЧ", Card.HA), ("uk", "ВП", Card.SJ), ("uk", "валет чирв", Card.HJ),
        ("uk", "трефовий туз", Card.CA), ("uk", "дама бубон", Card.DQ),
        ("uk", "хід тузом треф", Card.CA), ("uk", "жир т", Card.CA), ("uk", "ТП", None),
        ("uk", "7 пік", Card.S7), ("uk", "J♥", Card.HJ), ("uk", "HJ", Card.HJ),
    ],
)
def test_cards_in_each_language(lang: str, text: str, card: Card | None) -> None:
    found = read(text, lang, HAND)
    if card is None:  # a real card, not in this hand
        assert isinstance(found, InputError) and found.key == "input.error.card-not-offered"
    else:
        assert found == play(card), (text, found)


@pytest.mark.parametrize(
    "lang,text,card",
    [("fr", "6T", Card.C6), ("fr", "6 de trèfle", Card.C6), ("fr", "valet ♣", Card.CJ),
     ("fr", "roi de ♣", Card.CK), ("es", "6 de tréboles", Card.C6), ("es", "6P", Card.S6),
     ("en", "six of clubs", None), ("en", "jack ♣", Card.CJ)],
)
def test_sixes_and_clubs_in_words(lang: str, text: str, card: Card | None) -> None:
    """The six and clubs are the enums' zero members: a false value must still be found."""
    found = read(text, lang, [play(c) for c in Card], game="schieber")
    if card is None:  # no word for six: the digit is the way to type it
        assert isinstance(found, InputError)
    else:
        assert found == play(card), (text, found)


def test_numbers_and_errors() -> None:
    assert read("2", "fr", HAND) == HAND[1]
    error = read("12", "es", HAND)
    assert isinstance(error, InputError) and error.message("es") == "Elige un número del 1 al 9."
    error = read("blah", "fr", HAND)
    assert isinstance(error, InputError) and "Je n'ai pas compris 'blah'" in error.message("fr")
    error = read("prendre", "fr", SECOND_ROUND)
    assert isinstance(error, InputError) and "prendre ♥" in error.message("fr")
    error = read("passer", "fr", HAND)
    assert isinstance(error, InputError) and error.key == "input.error.not-offered"
    error = read("VC", "fr", BID)
    assert isinstance(error, InputError) and error.key == "input.error.no-card-now"
    error = read_input("SA", lang="en", choices=HAND, hand=[p.card for p in HAND])  # type: ignore[attr-defined]
    assert isinstance(error, InputError) and error.message("en") == "A♠ is not in your hand"
    assert isinstance(read("   ", "en", HAND), InputError)
    with pytest.raises(ValueError):
        read("pass", "xx", BID)


def test_vocabulary_lives_in_the_catalogues() -> None:
    for lang in LANGUAGES:
        assert catalog()[lang]["input.command.help"]
    assert command_words("fr", Command.HINT)[0] == "conseil"
    assert "hint" in command_words("fr", Command.HINT)
    assert fold("  Dernière   LEVÉE ") == "derniere levee" and fold("Cœur") == "coeur"


@given(st.sampled_from(list(Card)), st.sampled_from(LANGUAGES))
def test_every_code_and_symbol_reads_in_every_language(card: Card, lang: str) -> None:
    choices = [play(c) for c in Card]
    assert read(card.code, lang, choices) == play(card)
    assert read(card.symbol, lang, choices) == play(card)
    assert read(card.code.lower(), lang, choices) == play(card)


@pytest.mark.parametrize(("lang", "text", "key"), [
    ("fr", "oui", "input.answer.yes"), ("ru", "Да", "input.answer.yes"),
    ("uk", "т", "input.answer.yes"), ("de", "j", "input.answer.yes"),
    ("es", "sí", "input.answer.yes"), ("ru", "y", "input.answer.yes"),  # English too
    ("fr", "suivant", "input.learn.skip"), ("uk", "показати", "input.learn.show"),
    ("de", "Rückblick", "input.advisor.review"), ("ru", "запись", "input.advisor.record"),
])
def test_answers_and_tool_words_are_read_in_the_language_and_in_english(
        lang: str, text: str, key: str) -> None:
    from atout.input import said

    assert said(text, key, lang)
    assert not said("peut-être", key, lang)
    assert not said(text, "input.answer.no", lang)
