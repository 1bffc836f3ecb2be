"""Schieber rules: the text's worked example, every rule with its edge cases, and
property tests over many seeded random deals and matches."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.base import RandomBot, make_bot
from atout.cards import CARDS, DECK_36, Card, CardSet, Rank, Suit
from atout.games.actions import Claim, NoTrump, Play, Push, Trump, parse_action
from atout.games.base import IllegalActionError, Meld
from atout.games.schieber import (
    FACTORS,
    OBENABE,
    UNDENUFE,
    SchieberDeal,
    SchieberMatch,
    SchieberOptions,
    SchieberScoreRow,
    SchieberView,
    WeisCall,
    best_weis,
    card_points,
    contract_index,
    weis_key,
)
from atout.kits import get_game

HEARTS = 2


def make(
    hands: list[str],
    forehand: int = 0,
    *,
    options: SchieberOptions | None = None,
    scores: tuple[int, int] = (0, 0),
) -> SchieberDeal:
    return SchieberDeal.from_hands(hands, forehand=forehand, options=options, scores=scores)


def fill(partial: list[str]) -> list[str]:
    """Complete partial hands to 9 cards each with the unused cards, in card order."""
    used = {Card.parse(c) for h in partial for c in h.split()}
    rest = iter(c for c in DECK_36 if c not in used)
    hands = []
    for h in partial:
        cards = h.split()
        while len(cards) < 9:
            cards.append(next(rest).name)
        hands.append(" ".join(cards))
    return hands


def run(deal: SchieberDeal, actions: str) -> SchieberDeal:
    for text in actions.split(","):
        deal.apply(parse_action(text))
    return deal


def run_words(deal: SchieberDeal, words: str) -> SchieberDeal:
    """Apply space-separated actions; ``trump H`` is written ``trump_H``."""
    for word in words.split():
        deal.apply(parse_action(word.replace("_", " ")))
    return deal


def assert_illegal(deal: SchieberDeal, text: str, rule: str) -> IllegalActionError:
    before = deal.state_key()
    actions_before = list(deal.actions)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(parse_action(text))
    assert info.value.rule == rule
    assert deal.state_key() == before
    assert deal.actions == actions_before
    return info.value


def legal_cards(deal: SchieberDeal) -> set[str]:
    return {a.card.name for a in deal.legal_actions() if isinstance(a, Play)}


# -- the text's worked example ------------------------------------------------------
EXAMPLE_HANDS = [
    "CA D6 D7 D8 DJ HQ DK C9 SA",  # A
    "H9 SK H10 CJ S10 S6 DA SQ S7",  # B
    "HJ C8 H6 D9 CQ S9 CK H8 S8",  # C
    "C7 D10 H7 C6 HA SJ HK C10 DQ",  # D
]
EXAMPLE_PLAY = (
    "trump_H CA H9 HJ C7 H6 H7 HQ H10 D6 DA D9 HA SJ SA S10 S8 C9 CJ H8 HK C6 DK S6 CQ "
    "C8 C10 D8 SQ D10 DJ S7 S9 D7 SK CK DQ"
)


def test_worked_example_first_trick_45_captured_90_written() -> None:
    deal = run_words(make(EXAMPLE_HANDS), "trump_H CA H9")
    assert deal.factor == 2
    # C holds 8♣ but may trump; C may not undertrump B's 9♥ with 6♥ while keeping 8♣
    assert {"C8", "HJ"} <= legal_cards(deal)
    error = assert_illegal(deal, "H6", "schieber.no-undertrump")
    assert error.params == {"card": Card.H6, "best": Card.H9}
    run_words(deal, "HJ C7")
    assert deal.tricks[0][2] == 2  # C's jack wins
    assert deal.captured == (45, 0)
    assert deal.captured[0] * deal.factor == 90


def test_worked_example_whole_deal_240_114() -> None:
    deal = run_words(make(EXAMPLE_HANDS), EXAMPLE_PLAY)
    r = deal.result
    assert r is not None and r.complete
    assert r.card_points == (100, 57)
    assert r.weis_winner == 0 and r.weis_points == (20, 0)
    assert r.stoeck == (0, 0)
    assert r.totals == (120, 57)
    assert r.recorded == (240, 114)


# -- deal and contract --------------------------------------------------------------
def test_deal_in_packets_of_three_from_the_seat_after_the_dealer() -> None:
    deck = list(CARDS)
    deal = SchieberDeal(deck, dealer=1)
    assert deal.forehand == 2 and deal.current_player() == 2
    assert deal.hand(2) == CardSet([CARDS[i] for i in (0, 1, 2, 12, 13, 14, 24, 25, 26)])
    assert deal.hand(1) == CardSet([CARDS[i] for i in (9, 10, 11, 21, 22, 23, 33, 34, 35)])
    for seat in range(4):
        assert deal.initial_hand(seat) == deal.hand(seat)


def test_forehand_chooses_or_pushes_and_partner_cannot_push_back() -> None:
    deal = make(fill(["", "", "", ""]), forehand=1)
    assert Push() in deal.legal_actions() and len(deal.legal_actions()) == 7
    assert_illegal(deal, "CA", "schieber.contract-first")
    deal.apply(Push())
    assert deal.current_player() == 3  # the partner
    assert Push() not in deal.legal_actions()
    assert_illegal(deal, "push", "schieber.no-push-back")
    deal.apply(NoTrump("obenabe"))
    assert deal.current_player() == 1  # forehand always leads
    assert deal.chooser == 3 and deal.pushed
    assert_illegal(deal, "trump H", "schieber.contract-named")
    assert_illegal(deal, "push", "schieber.contract-named")
    assert_illegal(deal, "claim", "schieber.claim-automatic")


@pytest.mark.parametrize(
    ("action", "factor"),
    [("trump C", 1), ("trump S", 1), ("trump D", 2), ("trump H", 2), ("obenabe", 3),
     ("undenufe", 4)],
)
def test_factors(action: str, factor: int) -> None:
    deal = make(fill(["", "", "", ""]))
    deal.apply(parse_action(action))
    assert deal.factor == factor
    rng = random.Random(1)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    r = deal.result
    assert r is not None
    assert r.recorded == (r.totals[0] * factor, r.totals[1] * factor)


# -- ranks and values ---------------------------------------------------------------
def test_card_values_per_contract() -> None:
    trump_vals = {"HJ": 20, "H9": 14, "HA": 11, "HK": 4, "HQ": 3, "H10": 10, "H8": 0}
    for code, value in trump_vals.items():
        assert card_points(Card.parse(code), HEARTS) == value
    plain = {"CA": 11, "CK": 4, "CQ": 3, "CJ": 2, "C10": 10, "C9": 0, "C8": 0, "C6": 0}
    for code, value in plain.items():
        assert card_points(Card.parse(code), HEARTS) == value
    for contract in (OBENABE, UNDENUFE):
        assert card_points(Card.C8, contract) == 8
        assert card_points(Card.CA, contract) == 11
        assert card_points(Card.C6, contract) == 0
    assert card_points(Card.C6, UNDENUFE, modern_undenufe=True) == 11
    assert card_points(Card.CA, UNDENUFE, modern_undenufe=True) == 0
    for contract in range(6):
        for modern in (False, True):
            total = sum(card_points(c, contract, modern_undenufe=modern) for c in DECK_36)
            assert total == 152


def test_trick_winners_per_contract() -> None:
    hands = fill(["C6 CK", "CA", "C7 HJ", "D6"])
    # Undenufe: the six wins
    deal = run(make(hands), "undenufe,C6,CA,C7,D6")
    assert deal.tricks[0][2] == 0
    # Obenabe: the ace wins; an off-suit card never wins
    deal = run(make(hands), "obenabe,CK,CA,C7,D6")
    assert deal.tricks[0][2] == 1
    # trump: the lowest trump beats the ace
    hands = fill(["CK", "CA", "H6", "D6"])
    deal = run(make(hands), "trump H,CK,CA,H6,D6")
    assert deal.tricks[0][2] == 2


def test_modern_undenufe_option_values() -> None:
    options = SchieberOptions(undenufe_values="modern")
    assert str(options) == "schieber(undenufe_values=modern)"
    assert SchieberOptions.parse(str(options)) == options
    hands = fill(["C6", "CK", "C7", "C8"])
    deal = run(make(hands, options=options), "undenufe,C6,CK,C7,C8")
    assert deal.tricks[0][2] == 0
    assert deal.captured == (11 + 4 + 0 + 8, 0)
    deal = run(make(hands), "undenufe,C6,CK,C7,C8")
    assert deal.captured == (0 + 4 + 0 + 8, 0)


# -- legal play -----------------------------------------------------------------------
def test_trump_instead_of_following_is_allowed() -> None:
    hands = ["CA C7 C8 C9 C10 CJ CQ CK S6", "C6 H6 D6 D7 D8 D9 D10 DJ DQ",
             "H7 H8 H9 H10 HJ HQ HK HA DK", "DA S7 S8 S9 S10 SJ SQ SK SA"]
    deal = run(make(hands), "trump H,CA")
    assert legal_cards(deal) == {"C6", "H6"}
    error = assert_illegal(deal, "D7", "schieber.follow-suit-or-trump")
    assert error.params == {"suit": Suit.CLUBS}


def test_without_the_led_suit_any_card() -> None:
    hands = fill(["CA C6 C7 C8 C9 C10 CJ CQ CK", "D6", "", ""])
    deal = run(make(hands), "trump H,CA")
    assert legal_cards(deal) == {c.name for c in deal.hand(1)}


def test_no_undertrump_even_when_the_partner_wins() -> None:
    # seat 1 trumps the diamond lead with the ace; its partner, seat 3, has no diamond
    # and may not play a trump under the ace, though the partner is winning
    hands = ["D6 D7 D8 D9 D10 DJ DQ DK CA", "HA S6 S7 S8 S9 S10 SJ SQ SK",
             "DA C6 C7 C8 C9 C10 CJ CQ CK", "H6 H7 H8 H9 H10 HJ HQ HK SA"]
    deal = run(make(hands), "trump H,D6,HA,DA")
    assert legal_cards(deal) == {"H9", "HJ", "SA"}
    for card in ("H6", "H7", "H8", "H10", "HQ", "HK"):
        assert_illegal(deal, card, "schieber.no-undertrump")
    # and when an opponent is winning, the same
    deal = run(make(hands), "trump H,D6,HA,DA,H9")
    assert deal.tricks[0][2] == 3


def test_undertrump_allowed_when_the_hand_is_all_trumps() -> None:
    hands = ["CA D6 D7 D8 D9 D10 DJ DQ DK", "H9 S6 S7 S8 S9 S10 SJ SQ SK",
             "H6 H7 H8 H10 HQ HK HA HJ C6", "C7 C8 C9 C10 CJ CQ CK DA SA"]
    deal = run(make(hands), "trump H,D6,H9")
    # seat 2 holds a club too: no undertrumping the 9
    assert legal_cards(deal) == {"HJ", "C6"}
    # after the club is gone the same hand may undertrump
    hands2 = ["CA C6 D7 D8 D9 D10 DJ DQ DK", "H9 S6 S7 S8 S9 S10 SJ SQ SK",
              "H6 H7 H8 H10 HQ HK HA HJ D6", "C7 C8 C9 C10 CJ CQ CK DA SA"]
    deal = run(make(hands2), "trump H,CA,S6,D6,C7")  # seat 2 throws its diamond
    assert deal.tricks[0][2] == 0
    run(deal, "C6,H9")
    assert legal_cards(deal) == {c.name for c in deal.hand(2)}
    run(deal, "H6")  # undertrumping with an all-trump hand


BUG_HANDS = [
    "C7 CQ D7 D9 D10 H8 HQ S7 S8",
    "CJ D8 DJ DA H7 S6 S9 SQ SK",
    "C6 C8 C9 CK DK H9 HJ S10 SJ",
    "C10 CA D6 DQ H6 H10 HK HA SA",
]
BUG_PLAY = (
    "trump_H D7 D8 HJ DQ S10 H6 S8 H7 SK SJ SA H8 S7 S9 DK D6 DA C6 C10 D9 DJ C9 CA D10 "
    "SQ H9 H10"
)


def test_two_trumps_in_the_trick_the_best_one_decides() -> None:
    """Jass-kit's bug: after 9♥ and then 10♥ (higher by card order, lower as a trump),
    a player with other cards may not play Q♥, which is under the 9♥ as a trump."""
    deal = run_words(make(BUG_HANDS), BUG_PLAY)
    assert [c for c in deal.trick] == [Card.SQ, Card.H9, Card.H10]
    assert deal.current_player() == 0
    assert deal.hand(0) == CardSet.parse("C7 CQ HQ")
    assert legal_cards(deal) == {"C7", "CQ"}
    error = assert_illegal(deal, "HQ", "schieber.no-undertrump")
    assert error.params["best"] == Card.H9


def test_trump_lead_must_be_followed_with_trump() -> None:
    hands = fill(["HA", "H6 C6", "", ""])
    deal = run(make(hands), "trump H,HA")
    assert all(c.startswith("H") for c in legal_cards(deal))
    assert_illegal(deal, "C6", "schieber.trump-lead")


def test_puur_alone_may_be_kept_on_a_trump_lead() -> None:
    hands = ["HA H6 H7 H8 C7 C8 C9 C10 CJ", "HJ C6 D6 D7 D8 D9 D10 DJ DQ",
             "H9 H10 HQ HK S6 S7 S8 S9 S10", "CQ CK CA DK DA SJ SQ SK SA"]
    deal = run(make(hands), "trump H,HA")
    assert legal_cards(deal) == {c.name for c in deal.hand(1)}  # may keep the Puur
    run(deal, "C6")
    # with another trump beside the Puur, a trump must be played
    hands2 = ["HA H7 H8 C6 C7 C8 C9 C10 CJ", "HJ H6 D6 D7 D8 D9 D10 DJ DQ",
              "H9 H10 HQ HK S6 S7 S8 S9 S10", "CQ CK CA DK DA SJ SQ SK SA"]
    deal = run(make(hands2), "trump H,HA")
    assert legal_cards(deal) == {"HJ", "H6"}


def test_no_obligation_to_overtrump() -> None:
    # trump lead: any trump, also a lower one
    hands = ["HQ C6 C7 C8 C9 C10 CJ CQ CK", "H6 HJ D6 D7 D8 D9 D10 DJ DQ",
             "H7 S6 S7 S8 S9 S10 SJ SQ SK", "CA DK DA SA H8 H9 H10 HK HA"]
    deal = run(make(hands), "trump H,HQ")
    assert legal_cards(deal) == {"H6", "HJ"}
    # non-trump lead trumped: following suit instead of overtrumping is fine
    deal = run(make(hands, forehand=2), "trump H,S6,H8")
    # seat 0 has no spade: a club, or the Q♥ over the 8♥; nobody must overtrump
    assert legal_cards(deal) == {"HQ", "C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK"}


def test_notrump_follow_suit_or_anything() -> None:
    hands = fill(["CA", "C6 H6", "", ""])
    deal = run(make(hands), "obenabe,CA")
    assert legal_cards(deal) == {c.name for c in deal.hand(1).suit(Suit.CLUBS)}
    error = assert_illegal(deal, "H6", "schieber.follow-suit")
    assert error.params == {"suit": Suit.CLUBS}


def test_card_not_in_hand_and_unknown_action() -> None:
    deal = run(make(fill(["CA", "", "", ""])), "trump H")
    assert_illegal(deal, deal.hand(1).cards()[0].name, "schieber.card-not-in-hand")
    with pytest.raises(IllegalActionError) as info:
        deal.apply(parse_action("exchange"))
    assert info.value.rule == "schieber.unknown-action"


# -- Weis -----------------------------------------------------------------------------
def weis_of(hand: str, contract: int = 0) -> list[tuple[int, int, Rank, Suit | None]]:
    return [(m.points, m.length, m.top, m.suit) for m in best_weis(CardSet.parse(hand), contract)]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("C6 C7 C8 DA", [(20, 3, Rank.EIGHT, Suit.CLUBS)]),
        ("C6 C7 C8 C9", [(50, 4, Rank.NINE, Suit.CLUBS)]),
        ("S10 SJ SQ SK SA", [(100, 5, Rank.ACE, Suit.SPADES)]),
        ("S9 S10 SJ SQ SK SA", [(100, 6, Rank.ACE, Suit.SPADES)]),
        ("S8 S9 S10 SJ SQ SK SA", [(100, 7, Rank.ACE, Suit.SPADES)]),
        # 8 = 5 + 3, the five on top
        ("D7 D8 D9 D10 DJ DQ DK DA", [(100, 5, Rank.ACE, Suit.DIAMONDS),
                                      (20, 3, Rank.NINE, Suit.DIAMONDS)]),
        # nine cards: 5 + 4 = 150
        ("H6 H7 H8 H9 H10 HJ HQ HK HA", [(100, 5, Rank.ACE, Suit.HEARTS),
                                         (50, 4, Rank.NINE, Suit.HEARTS)]),
        ("CA DA HA SA", [(100, 4, Rank.ACE, None)]),
        ("C10 D10 H10 S10", [(100, 4, Rank.TEN, None)]),
        ("CJ DJ HJ SJ", [(200, 4, Rank.JACK, None)]),
        ("C9 D9 H9 S9", []),
        ("C6 D6 H6 S6", []),
        ("C6 C8 C10 CQ CA", []),
    ],
)
def test_weis_values(hand: str, expected: list[tuple[int, int, Rank, Suit | None]]) -> None:
    assert weis_of(hand) == expected


def test_four_jacks_and_a_run_share_no_card() -> None:
    # J Q K A of hearts with four jacks: the jacks (200) and Q K A (20), not the run of 4
    assert weis_of("CJ DJ HJ SJ HQ HK HA") == [(200, 4, Rank.JACK, None),
                                              (20, 3, Rank.ACE, Suit.HEARTS)]
    # four jacks plus an unrelated run
    assert weis_of("CJ DJ HJ SJ D6 D7 D8") == [(200, 4, Rank.JACK, None),
                                              (20, 3, Rank.EIGHT, Suit.DIAMONDS)]
    # four queens inside a run of five: the run alone is worth as much and is stronger
    assert weis_of("CQ DQ SQ H10 HJ HQ HK HA") == [(100, 5, Rank.ACE, Suit.HEARTS)]
    # four kings beside 10 J Q: both (the run does not need the king)
    assert weis_of("CK DK HK SK S10 SJ SQ") == [(100, 4, Rank.KING, None),
                                               (20, 3, Rank.QUEEN, Suit.SPADES)]


def test_long_run_cut_is_stronger_at_the_bottom_in_undenufe() -> None:
    hand = "D7 D8 D9 D10 DJ DQ DK DA"
    assert weis_of(hand, UNDENUFE) == [(100, 5, Rank.JACK, Suit.DIAMONDS),
                                       (20, 3, Rank.ACE, Suit.DIAMONDS)]


def test_weis_key_order() -> None:
    def key(hand: str, contract: int = OBENABE) -> tuple[int, int, int, int]:
        return weis_key(best_weis(CardSet.parse(hand), contract)[0], contract)

    assert key("C6 C7 C8 C9") > key("SQ SK SA")  # points
    assert key("C6 C7 C8 C9 C10 CJ") > key("S10 SJ SQ SK SA")  # length
    assert key("CA DA HA SA") > key("CK DK HK SK")  # rank
    assert key("SQ SK SA") > key("C6 C7 C8")  # rank
    # Undenufe inverts the rank comparison
    assert key("C6 C7 C8", UNDENUFE) > key("SQ SK SA", UNDENUFE)
    assert key("C10 D10 H10 S10", UNDENUFE) > key("CA DA HA SA", UNDENUFE)
    # a run in trump beats the same run in another suit
    assert key("HQ HK HA", HEARTS) > key("SQ SK SA", HEARTS)


# hands with no Weis at all, used to build comparison deals
def weis_deal(
    runs: list[str], forehand: int = 0, contract: str = "obenabe"
) -> SchieberDeal:
    """A deal where seat i holds ``runs[i]`` (plus filler cards with no Weis)."""
    deal = make(weis_fill(runs), forehand=forehand)
    deal.apply(parse_action(contract))
    return deal


def weis_fill(runs: list[str]) -> list[str]:
    used = {Card.parse(c) for h in runs for c in h.split()}
    rest = [c for c in DECK_36 if c not in used]
    rng = random.Random(5)
    for _ in range(10000):
        rng.shuffle(rest)
        it = iter(rest)
        hands = []
        for h in runs:
            cards = [Card.parse(c) for c in h.split()]
            while len(cards) < 9:
                cards.append(next(it))
            hands.append(cards)
        # the filler must add no Weis
        ok = all(
            sum(m.points for m in best_weis(CardSet(hands[i]), OBENABE))
            == sum(m.points for m in best_weis(CardSet.parse(runs[i]), OBENABE))
            if runs[i] else not best_weis(CardSet(hands[i]), OBENABE)
            for i in range(4)
        ) and all(
            best_weis(CardSet(hands[i]), k) == best_weis(CardSet.parse(runs[i]), k)
            for i in range(4) if runs[i] for k in (HEARTS, UNDENUFE)
        )
        if ok:
            return [" ".join(c.name for c in h) for h in hands]
    raise AssertionError("no filler found")


def play_first_trick(deal: SchieberDeal) -> None:
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])


def test_undenufe_weis_comparison() -> None:
    runs = ["C6 C7 C8", "SQ SK SA", "", ""]
    deal = weis_deal(runs, contract="undenufe")
    play_first_trick(deal)
    assert deal.weis_team == 0
    deal = weis_deal(runs, contract="obenabe")
    play_first_trick(deal)
    assert deal.weis_team == 1


def test_equal_runs_trump_wins() -> None:
    runs = ["DQ DK DA", "", "", "HQ HK HA"]
    deal = weis_deal(runs, contract="trump H")
    assert deal.weis_team == 1
    deal = weis_deal(runs, contract="trump D")
    assert deal.weis_team == 0


def test_equal_runs_tie_goes_to_the_earlier_player_in_the_first_trick() -> None:
    runs = ["DQ DK DA", "", "", "SQ SK SA"]
    # forehand 0: seat 0 plays before seat 3
    assert weis_deal(runs, forehand=0).weis_team == 0
    # forehand 3: seat 3 plays first
    assert weis_deal(runs, forehand=3).weis_team == 1
    # forehand 1: seat 3 (third) before seat 0 (fourth)
    assert weis_deal(runs, forehand=1).weis_team == 1


def test_only_the_best_team_scores_all_weis_of_both_partners() -> None:
    # team 1: seat 1 has a run of 4 (best single Weis), seat 3 a run of 3
    # team 0: two runs of 3 in one hand (40 in all, but a weaker best Weis)
    runs = ["C6 C7 C8 D6 D7 D8", "S6 S7 S8 S9", "", "HQ HK HA"]
    deal = weis_deal(runs)
    view = deal.view(0)
    assert view.weis_announced == (None, None, None, None)
    assert view.own_weis and sum(m.points for m in view.own_weis) == 40
    deal.apply(deal.legal_actions()[0])
    assert deal.view(2).weis_announced == (WeisCall(20), None, None, None)
    assert deal.view(2).shown_weis == ()
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    view = deal.view(0)
    # seat 3's run of 3 is lower than seat 1's run of 4: silent, shown after the trick
    assert view.weis_announced == (WeisCall(20), WeisCall(50), None, None)
    assert view.weis_winner == 1
    assert {(s, m.points) for s, m in view.shown_weis} == {(1, 50), (3, 20)}
    rng = random.Random(0)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    r = deal.result
    assert r is not None
    assert r.weis_points == (0, 70)
    assert r.totals[1] == r.card_points[1] + r.match_bonus[1] + 70


def test_weis_count_without_a_trick_and_obenabe_match() -> None:
    # seat 0 takes every trick; seat 1's run of 7 beats its four aces + run of 5
    hands = ["CA CK CQ CJ C10 C9 DA HA SA", "D6 D7 D8 D9 D10 DJ DQ C6 C7",
             "C8 DK H6 H8 H10 HQ S6 S8 S10", "HK H7 H9 HJ S7 S9 SJ SQ SK"]
    deal = run(make(hands), "obenabe")
    assert sum(m.points for m in deal.weis[0]) == 200
    assert deal.weis_team == 1
    for card in ("CA", "CK", "CQ", "CJ", "C10", "C9", "DA", "HA", "SA"):
        deal.apply(Play(Card.parse(card)))
        for _ in range(3):
            deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r is not None
    assert r.tricks == (9, 0) and r.card_points == (157, 0) and r.match_bonus == (100, 0)
    assert r.weis_winner == 1 and r.weis_points == (0, 120)
    assert r.totals == (257, 120)
    assert r.recorded == (771, 360)


# -- Stöck and Match ------------------------------------------------------------------
def random_finish(deal: SchieberDeal, seed: int = 0) -> SchieberDeal:
    rng = random.Random(seed)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    return deal


STOECK_HANDS = ["HK HQ H10 CA C10 DA D10 SA S9", "S6 S7 S8 H9 C7 D6 D7 HA H6",
                "C6 C8 CJ CK D8 DJ DK H7 S10", "C9 CQ D9 DQ H8 HJ SJ SQ SK"]


def test_stoeck_with_a_pushed_contract() -> None:
    deal = run(make(STOECK_HANDS), "push,trump H")
    assert deal.chooser == 2 and deal.stoeck_seat == 0
    # public only once the second of the two is played
    assert deal.view(1).stoeck is None
    assert deal.view(0).running == (40, 0)  # seat 0 knows its own Stöck
    assert deal.view(1).running == (0, 0)
    random_finish(deal)
    r = deal.result
    assert r is not None and r.stoeck == (20, 0) and r.stoeck_seat == 0
    assert r.totals[0] == r.card_points[0] + r.match_bonus[0] + r.weis_points[0] + 20
    assert r.recorded[0] == 2 * r.totals[0]


def test_stoeck_announced_with_the_second_card() -> None:
    deal = run(make(STOECK_HANDS), "trump H,HK,H6,H7,HJ")
    assert deal.view(1).stoeck is None
    run(deal, "H8,HQ")  # seat 3 leads after the Puur, seat 0 plays the queen
    assert deal.view(1).stoeck == 0


def test_no_stoeck_without_trump_and_independent_of_weis() -> None:
    deal = random_finish(run(make(STOECK_HANDS), "obenabe"))
    assert deal.result is not None and deal.result.stoeck == (0, 0)
    # K Q of trump inside a counted run: Weis and Stöck both count
    hands = ["HQ HK HA C6 C8 C10 CQ D6 D8", "C7 C9 CJ CK D7 D9 DJ DK S6",
             "CA DA D10 DQ S7 S9 SJ SK H6", "H7 H8 H9 H10 HJ S8 S10 SQ SA"]
    deal = run(make(hands), "trump H")
    assert deal.stoeck_seat == 0 and deal.weis[0] and deal.weis[3]
    random_finish(deal)
    r = deal.result
    assert r is not None and r.stoeck == (20, 0)


def test_match_bonus_for_all_nine_tricks() -> None:
    hands = ["H6 H7 H8 H9 H10 HJ HQ HK HA", "C6 C7 C8 C9 C10 CJ CQ CK CA",
             "D6 D7 D8 D9 D10 DJ DQ DK DA", "S6 S7 S8 S9 S10 SJ SQ SK SA"]
    deal = run(make(hands), "trump H")
    for card in ("HJ", "H9", "HA", "HK", "HQ", "H10", "H8", "H7", "H6"):
        deal.apply(Play(Card.parse(card)))
        for _ in range(3):
            deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r is not None
    assert r.tricks == (9, 0)
    assert r.card_points == (157, 0)
    assert r.match_bonus == (100, 0)
    # hearts run in trump beats the clubs run; team 0 also scores the diamonds run
    assert r.weis_points == (300, 0)
    assert r.stoeck == (20, 0)
    assert r.totals == (157 + 100 + 300 + 20, 0)
    assert r.recorded == (2 * r.totals[0], 0)


# -- reaching the target ----------------------------------------------------------------
def test_claim_by_stoeck_before_weis_at_the_first_trick() -> None:
    # team 0 reaches by Stöck (2×20), team 1 would reach by Weis (2×(20+20))
    deal = run(make(STOECK_HANDS, scores=(2960, 2960)), "trump H")
    assert deal.weis_team == 1
    r = deal.result
    assert r is not None and r.outcome == "claim"
    assert r.match_winner == 0 and r.reached_by == "stoeck"
    assert r.recorded == (40, 0)  # the losers keep only what they had written


def test_weis_before_the_first_trick_points() -> None:
    # Stöck alone is not enough for team 0; its first trick would be, but team 1's
    # Weis are counted first
    deal = run(make(STOECK_HANDS, scores=(2930, 2960)), "trump H,CA,C7,CK")
    assert not deal.is_over
    run(deal, "CQ")
    r = deal.result
    assert r is not None and r.match_winner == 1 and r.reached_by == "weis"
    assert r.recorded == (0, 80)
    # when team 1's Weis do not reach, the trick brings team 0 there
    deal = run(make(STOECK_HANDS, scores=(2930, 2900)), "trump H,CA,C7,CK,CQ")
    r = deal.result
    assert r is not None and r.match_winner == 0 and r.reached_by == "tricks"
    assert r.card_points == (18, 0)
    # team 1's Weis (40) were written at the end of the first trick: they keep them
    assert r.recorded == ((18 + 20) * 2, 40 * 2)


def test_match_stops_mid_deal_and_loser_keeps_what_was_written() -> None:
    deal = make(EXAMPLE_HANDS, scores=(2900, 2500))
    for word in EXAMPLE_PLAY.split():
        if deal.is_over:
            break
        deal.apply(parse_action(word.replace("_", " ")))
    r = deal.result
    assert r is not None and r.outcome == "claim" and r.match_winner == 0
    assert r.recorded[1] == 0
    assert 2900 + r.recorded[0] >= 3000
    assert len(deal.tricks) < 9


def test_manual_claim_true_and_false() -> None:
    options = SchieberOptions(manual_claim=True)
    deal = run(make(STOECK_HANDS, options=options, scores=(2960, 0)), "trump H")
    assert not deal.is_over and Claim() in deal.legal_actions()
    assert deal.claim_total(0) == 3000
    run(deal, "claim")  # seat 0 counts its Stöck from the start of play
    r = deal.result
    assert r is not None and r.outcome == "claim" and r.match_winner == 0
    assert r.recorded == (40, 0)
    # a false claim loses the match
    deal = run(make(STOECK_HANDS, options=options, scores=(2950, 0)), "trump H")
    run(deal, "claim")
    r = deal.result
    assert r is not None and r.outcome == "false-claim" and r.match_winner == 1
    assert r.recorded == (0, 0)
    # a player claims on their own turn: here team 1
    deal = run(make(STOECK_HANDS, options=options, scores=(0, 2990)), "trump H,CA")
    run(deal, "claim")
    assert deal.result is not None and deal.result.match_winner == 0
    assert deal.result.claimant == 1 and deal.result.outcome == "false-claim"


def test_manual_claim_without_claim_the_full_count_decides() -> None:
    options = SchieberOptions(manual_claim=True)
    deal = make(EXAMPLE_HANDS, options=options, scores=(2900, 2900))
    run_words(deal, EXAMPLE_PLAY)
    r = deal.result
    assert r is not None and r.outcome == "played" and r.recorded == (240, 114)
    # both over: team 0 got there first (Weis, then its tricks)
    assert r.match_winner == 0 and r.reached_by == "count"


def test_schneider_counts_twice() -> None:
    seen = set()
    for seed in range(40):
        match = play_match(seed, SchieberOptions(target=600))
        assert match.winner is not None
        loser = match.scores[1 - match.winner]
        assert match.schneider == (loser * 2 < 600)
        assert match.stakes == (2 if loser < 300 else 1)
        seen.add(match.stakes)
    assert seen == {1, 2}


# -- the match ------------------------------------------------------------------------
def play_match(seed: int, options: SchieberOptions | None = None) -> SchieberMatch:
    match = SchieberMatch(seed=seed, options=options)
    bots = [RandomBot(seed * 4 + s) for s in range(4)]
    while not match.is_over:
        seat = match.current_player()
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat)))
    return match


def test_match_dealers_and_forehands() -> None:
    match = play_match(3, SchieberOptions(target=1500))
    first = match.deals[0]
    assert first.dealer == match.first_dealer
    assert first.initial_hand(first.forehand).mask >> Card.C7 & 1  # holder of 7♣ leads
    assert len(match.deals) >= 3
    assert match.deals[1].dealer == first.forehand
    for before, after in zip(match.deals[1:], match.deals[2:], strict=False):
        assert after.dealer == (before.dealer + 1) % 4
    for deal in match.deals[1:]:
        assert deal.forehand == (deal.dealer + 1) % 4


def test_match_scoresheet_and_totals() -> None:
    match = play_match(11)
    totals = [0, 0]
    for row in match.scoresheet:
        assert isinstance(row, SchieberScoreRow)
        for team in (0, 1):
            if row.recorded[team]:
                assert row.weis[team] + row.stoeck[team] + row.cards[team] == row.recorded[team]
            totals[team] += row.recorded[team]
        assert row.scores == (totals[0], totals[1])
        assert row.contract is not None
        assert row.factor == FACTORS[contract_index(row.contract)]
    assert match.winner is not None
    assert match.scores[match.winner] >= 3000
    assert match.scores[1 - match.winner] < 3000
    assert match.final_score == match.scores
    with pytest.raises(IllegalActionError):
        match.apply(Push())


def test_match_undo_crosses_deal_boundaries_and_replays_the_same() -> None:
    match = SchieberMatch(seed=5, options=SchieberOptions(target=500))
    bots = [RandomBot(s) for s in range(4)]
    keys = []
    actions = []
    while not match.is_over:
        keys.append((match.scores, len(match.deals), match.deal.state_key()))
        seat = match.current_player()
        assert seat is not None
        action = bots[seat].choose(match.view(seat))
        actions.append(action)
        match.apply(action)
    assert len(match.deals) >= 2
    for action, key in zip(reversed(actions), reversed(keys), strict=True):
        assert match.undo() == action
        assert (match.scores, len(match.deals), match.deal.state_key()) == key
    assert match.winner is None
    for action in actions:
        match.apply(action)
    assert match.is_over


def test_same_seed_same_match() -> None:
    a, b = play_match(21), play_match(21)
    assert a.scores == b.scores and a.winner == b.winner
    assert [d.actions for d in a.deals] == [d.actions for d in b.deals]


def test_options_string_and_registry() -> None:
    assert str(SchieberOptions()) == "schieber"
    options = SchieberOptions(target=1500, manual_claim=True)
    assert str(options) == "schieber(manual_claim=true,target=1500)"
    assert SchieberOptions.parse(str(options)) == options
    with pytest.raises(ValueError):
        SchieberOptions(undenufe_values="new")
    info = get_game("schieber")
    assert info.deal is SchieberDeal and info.match is SchieberMatch
    assert info.view is SchieberView and info.num_players == 4


# -- properties over random deals -----------------------------------------------------
def _cards_in(value: Any) -> Iterator[Card]:
    """Every card mentioned anywhere in a view (or part of it)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, CardSet):
        yield from value
    elif isinstance(value, Meld):
        yield from value.cards
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))


def check_view(deal: SchieberDeal, seat: int) -> None:
    view = deal.view(seat)
    public = 0
    for _, cards, _ in deal.tricks:
        for c in cards:
            public |= 1 << c
    for c in deal.trick:
        public |= 1 << c
    if deal.tricks and deal.weis_team >= 0:
        for s in (deal.weis_team, deal.weis_team + 2):
            for m in deal.weis[s]:
                public |= m.mask
    own = deal.hands[seat]
    for m in view.own_weis:
        assert m.mask & ~deal.initial_hand(seat).mask == 0
    rest = dataclasses.replace(view, hand=CardSet(), own_weis=())
    for card in _cards_in(rest):
        assert (public | own) >> card & 1, f"seat {seat} sees hidden {card}"
    assert view.hand.mask == own
    assert (view.to_play == seat) == bool(view.legal_actions)


def random_deal(seed: int, options: SchieberOptions | None = None) -> SchieberDeal:
    rng = random.Random(seed)
    deal = SchieberDeal(seed=seed, dealer=seed % 4, options=options)
    steps = 0
    while not deal.is_over:
        acts = deal.legal_actions()
        assert acts
        # every card in play is accounted for exactly once
        in_hands = 0
        for h in deal.hands:
            assert in_hands & h == 0
            in_hands |= h
        played = sum(1 << c for _, cards, _ in deal.tricks for c in cards)
        played |= sum(1 << c for c in deal.trick)
        assert in_hands & played == 0 and in_hands | played == DECK_36.mask
        deal.apply(acts[rng.randrange(len(acts))])
        steps += 1
        assert steps <= 38
    return deal


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_random_deals_count_157_per_deal(seed: int) -> None:
    deal = random_deal(seed)
    r = deal.result
    assert r is not None and r.complete and r.played
    assert sum(r.card_points) == 157
    assert sum(r.match_bonus) in (0, 100)
    assert sum(r.tricks) == 9
    assert r.match_bonus[0] == (100 if r.tricks[0] == 9 else 0)
    f = FACTORS[deal.contract]
    assert r.factor == f
    assert sum(r.totals) == 157 + sum(r.match_bonus) + sum(r.weis_points) + sum(r.stoeck)
    assert r.recorded == (r.totals[0] * f, r.totals[1] * f)
    assert len(r.recorded) == 2
    assert min(r.weis_points) == 0 and sum(r.stoeck) in (0, 20)
    if deal.contract >= 4:
        assert r.stoeck == (0, 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["schieber", "schieber(manual_claim=true)",
                                               "schieber(undenufe_values=modern)"]))
def test_views_never_hold_hidden_cards(seed: int, options: str) -> None:
    opts = SchieberOptions.parse(options)
    rng = random.Random(seed)
    deal = SchieberDeal(seed=seed, dealer=seed % 4, options=opts, scores=(0, 0))
    while not deal.is_over:
        for seat in range(4):
            check_view(deal, seat)
        acts = [a for a in deal.legal_actions() if not isinstance(a, Claim)]
        deal.apply(acts[rng.randrange(len(acts))])
    for seat in range(4):
        check_view(deal, seat)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_illegal_actions_change_nothing_undo_and_copy(seed: int) -> None:
    rng = random.Random(seed)
    deal = SchieberDeal(seed=seed, dealer=seed % 4)
    keys = [deal.state_key()]
    all_actions = [*(Play(c) for c in CARDS), Push(), Claim(), NoTrump("obenabe"),
                   NoTrump("undenufe"), *(Trump(s) for s in Suit)]
    while not deal.is_over:
        legal = set(deal.legal_actions())
        for action in rng.sample(all_actions, 8):
            if action in legal:
                assert deal.is_legal(action)
                continue
            before = deal.state_key()
            with pytest.raises(IllegalActionError) as info:
                deal.apply(action)
            assert info.value.rule.startswith("schieber.")
            assert deal.state_key() == before
        twin = deal.copy()
        assert twin == deal
        action = rng.choice(sorted(legal, key=str))
        deal.apply(action)
        assert twin != deal or deal.is_over
        twin.apply(action)
        assert twin == deal
        keys.append(deal.state_key())
    for key in reversed(keys[:-1]):
        deal.undo()
        assert deal.state_key() == key
    with pytest.raises(Exception, match="nothing to undo"):
        deal.undo()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_same_seed_same_deal(seed: int) -> None:
    a, b = random_deal(seed), random_deal(seed)
    assert a.actions == b.actions and a.result == b.result
    assert SchieberDeal(seed=seed).hands == SchieberDeal(seed=seed).hands


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_random_matches_end(seed: int, manual: bool) -> None:
    match = play_match(seed, SchieberOptions(manual_claim=manual))
    assert match.winner in (0, 1)
    assert match.stakes in (1, 2)
    last = match.scoresheet[-1].result
    assert last.match_winner == match.winner
    if not manual:
        assert match.scores[match.winner] >= 3000


def test_legal_actions_parse_back() -> None:
    deal = make(fill(["", "", "", ""]))
    for action in deal.legal_actions():
        assert parse_action(str(action)) == action


# -- the heuristic bot ----------------------------------------------------------------
def test_heuristic_bot_chooses_legal_actions_and_pushes_weak_hands() -> None:
    bot = make_bot("schieber", "heuristic", seed=1)
    weak = make(fill(["C7 C9 D7 D10 H7 H10 S7 S9 D8", "", "", ""]))
    assert bot.choose(weak.view(0)) == Push()
    strong = make(fill(["HJ H9 HA HK H10 CA DA SA C6", "", "", ""]))
    assert bot.choose(strong.view(0)) == Trump(Suit.HEARTS)
    deal = run(make(fill(["", "", "", ""])), "push")
    assert not isinstance(bot.choose(deal.view(2)), Push)
    for seed in range(20):
        deal = SchieberDeal(seed=seed)
        while not deal.is_over:
            seat = deal.current_player()
            assert seat is not None
            action = bot.choose(deal.view(seat))
            assert action in deal.legal_actions()
            deal.apply(action)


def test_heuristic_beats_random_in_duplicate() -> None:
    from atout.arena import duplicate

    result = duplicate("schieber", "heuristic", "random", 300, seed=7)
    low, _high = result.confidence_interval
    assert result.difference > 0 and low > 0, result.summary()


def test_every_schieber_rule_error_is_translated() -> None:
    import re
    from pathlib import Path

    import atout.games.schieber as module
    from atout.i18n import LANGUAGES, catalog, explain

    source = Path(module.__file__).read_text(encoding="utf-8")
    rules = set(re.findall(r'"(schieber\.[\w-]+)"', source))
    assert {"schieber.follow-suit", "schieber.no-undertrump", "schieber.trump-lead"} <= rules
    for rule in rules:
        for lang in LANGUAGES:
            assert f"rule.{rule}" in catalog()[lang], (rule, lang)
    deal = run_words(make(EXAMPLE_HANDS), "trump_H CA H9")
    error = deal.why_illegal(Play(Card.H6))
    assert error is not None
    assert "6♥" in explain(error, "en") and "9♥" in explain(error, "fr")


# -- the terminal table -------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Your hand", "Contract", "Weis", "Stöck", "Partner", "match won",
                "Not allowed:", "Written (×"]),
        ("fr", ["Votre main", "Contrat", "Weis", "Stöck", "Partenaire", "la partie",
                "Interdit\u00a0:", "Inscrit (×"]),
        ("es", ["Tu mano", "Contrato", "Weis", "Stöck", "Compañero", "la partida",
                "No permitido:", "Anotado (×"]),
    ],
)
def test_terminal_match_in_each_language(lang: str, words: list[str]) -> None:
    import io

    from rich.console import Console

    from atout.terminal.app import TerminalGame

    out = io.StringIO()
    state = {"wrong": True, "asked": 0}
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        view = holder[0].match.view(0)
        legal = view.legal_actions
        state["asked"] += 1
        if state["asked"] == 4:
            return "score"
        if state["wrong"] and view.trick:
            illegal = [c for c in view.hand if Play(c) not in legal]
            if illegal:
                state["wrong"] = False
                return illegal[0].code
        return str(legal[0])

    game = TerminalGame(
        "schieber", seed=4, lang=lang, console=Console(file=out, width=120, color_system=None),
        input_fn=typed, options="schieber(target=1500)",
    )
    holder.append(game)
    assert game.run() == 0 and game.match.is_over
    text = out.getvalue()
    for word in words:
        assert word in text, word
    assert not state["wrong"]


# -- independent reference implementations --------------------------------------------
TRUMP_ORDER = ["6", "7", "8", "10", "Q", "K", "A", "9", "J"]


def reference_legal(hand: list[Card], trick: list[Card], contract: int) -> set[Card]:
    """The play rules written out plainly from the text, card by card."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    if contract >= 4:
        return set(follow or hand)
    trump = Suit(contract)
    trumps = [c for c in hand if c.suit == trump]
    if led == trump:
        if not trumps or trumps == [Card.of(trump, Rank.JACK)]:
            return set(hand)
        return set(trumps)
    allowed = set(follow) | set(trumps) if follow else set(hand)
    played_trumps = [c for c in trick if c.suit == trump]
    if played_trumps and len(trumps) < len(hand):
        best = max(TRUMP_ORDER.index(c.rank.code) for c in played_trumps)
        allowed -= {c for c in trumps if TRUMP_ORDER.index(c.rank.code) < best}
    return allowed


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_cards_agree_with_the_plain_reference(seed: int) -> None:
    rng = random.Random(seed)
    deal = SchieberDeal(seed=seed, dealer=seed % 4)
    deal.apply(CONTRACTS_ALL[seed % 6])
    while not deal.is_over:
        hand = deal.hand(deal.turn).cards()
        trick = [CARDS[c] for c in deal.trick]
        expected = reference_legal(hand, trick, deal.contract)
        assert CardSet(expected).mask == deal.legal_mask()
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])


CONTRACTS_ALL = [*(Trump(s) for s in Suit), NoTrump("obenabe"), NoTrump("undenufe")]


def brute_force_weis(mask: int, contract: int) -> tuple[int, tuple[int, int, int, int]]:
    """Every disjoint set of every possible Weis: (most points, then strongest best)."""
    candidates: list[Meld] = []
    for suit in range(4):
        for low in range(9):
            for length in range(3, 10 - low):
                run = ((1 << length) - 1) << (9 * suit + low)
                if mask & run == run:
                    points = 20 if length == 3 else 50 if length == 4 else 100
                    candidates.append(Meld(points, length, Rank(low + length - 1),
                                           Suit(suit), run))
    for rank, points in ((Rank.TEN, 100), (Rank.JACK, 200), (Rank.QUEEN, 100),
                         (Rank.KING, 100), (Rank.ACE, 100)):
        four = sum(1 << (9 * s + rank) for s in range(4))
        if mask & four == four:
            candidates.append(Meld(points, 4, rank, None, four))
    best = (0, (0, 0, 0, 0))

    def walk(i: int, used: int, chosen: list[Meld]) -> None:
        nonlocal best
        if i == len(candidates):
            if chosen:
                value = (sum(m.points for m in chosen),
                         max(weis_key(m, contract) for m in chosen))
                best = max(best, value)
            return
        walk(i + 1, used, chosen)
        if not used & candidates[i].mask:
            walk(i + 1, used | candidates[i].mask, [*chosen, candidates[i]])

    walk(0, 0, [])
    return best


#: Pools that make long runs and fours common: any card, two suits, high ranks.
WEIS_POOLS = [
    list(range(36)),
    list(range(18)),
    [c for c in range(36) if c % 9 >= 4],
    [c for c in range(36) if c // 9 == 2 or c % 9 in (5, 8)],
]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 5), st.integers(0, 3))
def test_best_weis_is_the_best_disjoint_set(seed: int, contract: int, pool: int) -> None:
    mask = sum(1 << c for c in random.Random(seed).sample(WEIS_POOLS[pool], 9))
    melds = best_weis(mask, contract)
    got = (sum(m.points for m in melds), max((weis_key(m, contract) for m in melds),
                                             default=(0, 0, 0, 0)))
    assert got == brute_force_weis(mask, contract)
    used = 0
    for m in melds:
        assert m.mask & mask == m.mask and not used & m.mask
        used |= m.mask
