"""The text form of actions and the options strings."""

import pytest

from atout.cards import Card, Suit
from atout.games.actions import (
    ActionParseError,
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
    parse_action,
)
from atout.games.base import OptionsParseError
from atout.games.deberts import DebertsOptions

ALL = [
    Play(Card.HJ), Play(Card.S10), Pass(), Trump(Suit.HEARTS), Trump(Suit.CLUBS),
    NoTrump("obenabe"), NoTrump("undenufe"), Push(), Exchange(), Double(), Redouble(),
    CancelDeal(), AnnounceCapot(), Claim(),
]


@pytest.mark.parametrize("action", ALL, ids=str)
def test_text_round_trip(action: object) -> None:
    assert parse_action(str(action)) == action


def test_lenient_forms() -> None:
    assert parse_action("J♥") == Play(Card.HJ)
    assert parse_action("play 10♠") == Play(Card.S10)
    assert parse_action("TRUMP ♥") == Trump(Suit.HEARTS)
    assert parse_action("trump coeur") == Trump(Suit.HEARTS)
    assert parse_action(" Pass ") == Pass()


@pytest.mark.parametrize("text", ["", "trump", "trump X", "play", "fold", "HJ HQ", "notrump"])
def test_bad_text(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_options_canonical_string() -> None:
    assert str(DebertsOptions()) == "deberts"
    opts = DebertsOptions(target=301, doubling=True)
    assert str(opts) == "deberts(doubling=true,target=301)"
    assert DebertsOptions.parse(str(opts)) == opts
    assert DebertsOptions.parse("deberts( target = 301 , doubling=on )") == opts
    assert DebertsOptions.parse("deberts") == DebertsOptions()


@pytest.mark.parametrize(
    "text",
    ["belote", "deberts(nope=1)", "deberts(target=x)", "deberts(doubling=maybe)",
     "deberts(target=1", "deberts(target=0)", "deberts(target=1,target=2)"],
)
def test_options_errors(text: str) -> None:
    with pytest.raises(OptionsParseError):
        DebertsOptions.parse(text)
