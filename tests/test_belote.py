"""Belote: one test per rule and per option, then conformance and property tests.

Hand-made deals use :meth:`BeloteDeal.from_hands` (each seat's 8 final cards); scoring
situations that are tedious to build by hand (a litige, a contract decided by the belote)
are found among seeded random deals and replayed, so the tests stay exact and fast.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import DECK_32, Card, CardSet, Rank, Suit, shuffled
from atout.games.actions import Action, AnnounceCapot, Pass, Play, Trump, parse_action
from atout.games.base import IllegalActionError, Meld, OptionsParseError
from atout.games.belote import (
    PRESETS,
    BeloteDeal,
    BeloteDealResult,
    BeloteMatch,
    BeloteOptions,
    BeloteView,
    announcements,
    parse_options,
    preset,
)
from atout.kits import get_game

H = Suit.HEARTS
PASS = Pass()


# -- helpers ----------------------------------------------------------------------------
def deal_of(
    hands: list[str],
    turned: str,
    *,
    taker: int = 0,
    dealer: int = 3,
    trump_suit: str | None = None,
    **options: Any,
) -> BeloteDeal:
    return BeloteDeal.from_hands(
        hands, turned, dealer, taker=taker, trump_suit=trump_suit,
        options=BeloteOptions(**options),
    )


def play(deal: BeloteDeal, *codes: str) -> None:
    for code in codes:
        deal.apply(parse_action(code))


def legal(deal: BeloteDeal) -> CardSet:
    return CardSet(deal.legal_mask())


def rule_of(deal: BeloteDeal, code: str) -> str:
    before = deal.state_key()
    with pytest.raises(IllegalActionError) as info:
        deal.apply(parse_action(code))
    assert deal.state_key() == before
    return info.value.rule


def play_out(deal: BeloteDeal, choose: Callable[[BeloteDeal], Action] | None = None) -> None:
    """Play to the end: the first legal action, or ``choose``'s."""
    while not deal.is_over:
        deal.apply(choose(deal) if choose else deal.legal_actions()[0])


def highest_first(deal: BeloteDeal) -> Action:
    """Play the strongest legal card (trumps above everything)."""
    from atout.games.belote import STRENGTH

    tr = deal.trump
    cards = [a for a in deal.legal_actions() if isinstance(a, Play)]
    return max(
        cards, key=lambda a: (a.card.suit == tr, STRENGTH[tr][a.card], -int(a.card))
    )


def random_line(
    seed: int, options: BeloteOptions | None = None
) -> tuple[list[int], int, list[Action], BeloteDealResult]:
    """A seeded random deal played at random: deck, dealer, actions, result."""
    rng = random.Random(seed)
    deck = [int(c) for c in shuffled(DECK_32, rng)]
    dealer = rng.randrange(4)
    deal = BeloteDeal(deck, dealer, options)
    actions = []
    while not deal.is_over:
        acts = deal.legal_actions()
        action = acts[rng.randrange(len(acts))]
        actions.append(action)
        deal.apply(action)
    assert deal.result is not None
    return deck, dealer, actions, deal.result


def find_line(
    accept: Callable[[BeloteDealResult], bool], options: BeloteOptions | None = None
) -> tuple[list[int], int, list[Action], BeloteDealResult]:
    for seed in range(20000):
        line = random_line(seed, options)
        if accept(line[3]):
            return line
    raise AssertionError("no such deal found")  # pragma: no cover


def replay(
    deck: list[int], dealer: int, actions: list[Action], options: BeloteOptions | None = None
) -> BeloteDealResult:
    deal = BeloteDeal(deck, dealer, options)
    for action in actions:
        deal.apply(action)
    assert deal.result is not None
    return deal.result


# Deal 1 (trump hearts, seat 0 takes the turned HK, seat 3 deals so seat 0 leads).
DEAL_1 = [
    "CA CK HK HQ DA D10 SA S10",
    "H10 HJ D7 D8 D9 S7 S8 S9",
    "H7 H8 DJ DQ DK SJ SQ SK",
    "HA H9 C7 C8 C9 C10 CJ CQ",
]
# Deal 2: a trump lead.
DEAL_2 = [
    "HA HQ C7 C8 C9 D7 D8 D9",
    "H7 HK C10 CJ D10 DJ S7 S8",
    "H9 H8 CQ CK DQ DK S9 S10",
    "HJ H10 CA DA SJ SQ SK SA",
]
# Deal 3: seat 2 has no clubs while its partner wins the trick.
DEAL_3 = [
    "CA CK HK HQ DA D10 SA S10",
    "C7 C8 H10 HJ D7 D8 S7 S8",
    "H7 HA D9 DJ DQ DK S9 SJ",
    "C9 C10 CJ CQ H8 H9 SQ SK",
]
# Deal C: seat 0 holds every heart (a sure capot with hearts as trump).
DEAL_C = [
    "H7 H8 H9 H10 HJ HQ HK HA",
    "C7 C8 C9 C10 D7 D8 D9 D10",
    "CJ CQ CK CA DJ DQ DK DA",
    "S7 S8 S9 S10 SJ SQ SK SA",
]
# Deal T: a tierce in hearts (seat 1) and one in spades (seat 2) of the same height.
DEAL_T = [
    "C7 C9 CJ CK D7 D9 DJ HQ",
    "H8 H9 H10 C8 C10 D8 D10 SQ",
    "S8 S9 S10 CQ CA DQ DA H7",
    "DK HJ HK HA S7 SJ SK SA",
]


# -- deal and bidding -------------------------------------------------------------------
def test_deal_order_three_then_two_then_turned_card() -> None:
    deck = [int(c) for c in DECK_32]
    deal = BeloteDeal(deck, dealer=2)
    # from the dealer's next seat (3): 3 cards each, then 2 each, then the turned card
    assert deal.hand(3) == CardSet(deck[0:3] + deck[12:14])
    assert deal.hand(0) == CardSet(deck[3:6] + deck[14:16])
    assert deal.hand(1) == CardSet(deck[6:9] + deck[16:18])
    assert deal.hand(2) == CardSet(deck[9:12] + deck[18:20])
    assert deal.turned == Card(deck[20])
    assert deal.current_player() == 3


def test_taker_gets_turned_card_and_two_more_others_three() -> None:
    deck = [int(c) for c in DECK_32]
    deal = BeloteDeal(deck, dealer=2)
    play(deal, "pass", f"trump {deal.turned.suit.letter}")  # seat 0 takes
    rest = deck[21:]
    assert deal.taker == 0
    assert deal.hand(3) == CardSet(deck[0:3] + deck[12:14] + rest[0:3])
    assert deal.hand(0) == CardSet(deck[3:6] + deck[14:16] + [deck[20]] + rest[3:5])
    assert deal.hand(1) == CardSet(deck[6:9] + deck[16:18] + rest[5:8])
    assert deal.hand(2) == CardSet(deck[9:12] + deck[18:20] + rest[8:11])
    assert all(len(deal.hand(s)) == 8 for s in range(4))
    assert deal.current_player() == 3  # the dealer's next seat leads


def test_first_round_only_the_turned_suit() -> None:
    deal = BeloteDeal(seed=1, dealer=0)
    up = deal.turned.suit
    assert deal.legal_actions() == [PASS, Trump(up)]
    other = next(s for s in Suit if s != up)
    assert rule_of(deal, f"trump {other.letter}") == "belote.first-round-turned-suit"


def test_second_round_another_suit() -> None:
    deal = BeloteDeal(seed=1, dealer=0)
    up = deal.turned.suit
    play(deal, "pass", "pass", "pass", "pass")
    assert deal.current_player() == 1
    assert deal.legal_actions() == [PASS] + [Trump(s) for s in Suit if s != up]
    assert rule_of(deal, f"trump {up.letter}") == "belote.second-round-other-suit"
    other = next(s for s in Suit if s != up)
    play(deal, "pass", f"trump {other.letter}")
    assert deal.taker == 2 and deal.trump == other
    assert deal.hand(2) >= CardSet([deal.turned])


def test_all_pass_throws_the_deal_in_and_the_next_seat_deals() -> None:
    match = BeloteMatch(seed=5, first_dealer=1)
    held = match.held
    for _ in range(8):
        match.apply(PASS)
    row = match.scoresheet[-1]
    assert row.result.outcome == "thrown-in" and not row.result.played
    assert row.result.recorded == (0, 0)
    assert match.scores == (0, 0) and match.held == held
    assert match.deal.dealer == 2
    assert match.deal.current_player() == 3


def test_no_card_before_trump_and_no_pass_in_play() -> None:
    deal = BeloteDeal(seed=3)
    card = next(iter(deal.hand(deal.turn)))
    assert rule_of(deal, card.code) == "play-after-bidding"
    deal = deal_of(DEAL_1, "HK")
    assert rule_of(deal, "pass") == "no-pass-in-play"
    assert rule_of(deal, "trump H") == "bidding-over"
    assert rule_of(deal, "C7") == "card-not-in-hand"
    assert rule_of(deal, "push") == "unknown-action"


# -- legal play -------------------------------------------------------------------------
def test_follow_suit() -> None:
    deal = deal_of(DEAL_2, "HQ")
    play(deal, "C7")
    assert legal(deal) == CardSet.parse("C10 CJ")
    assert rule_of(deal, "D10") == "belote.follow-suit"
    assert rule_of(deal, "H7") == "belote.follow-suit"


def test_must_trump_when_an_opponent_wins() -> None:
    deal = deal_of(DEAL_1, "HK")
    assert [deal.hand(s) for s in range(4)] == [CardSet.parse(h) for h in DEAL_1]
    assert deal.taker == 0 and deal.trump == H and deal.current_player() == 0
    play(deal, "CA")
    assert legal(deal) == CardSet.parse("H10 HJ")
    assert rule_of(deal, "D7") == "belote.must-trump"


def test_only_lower_trumps_after_an_opponent_trumped_must_undertrump() -> None:
    deal = deal_of(DEAL_1, "HK")
    play(deal, "CA", "H10")
    assert legal(deal) == CardSet.parse("H7 H8")
    assert rule_of(deal, "SK") == "belote.must-undertrump"
    play(deal, "H7")
    # seat 3 holds clubs: following comes first, though it could overtrump
    assert legal(deal) == CardSet.parse("C7 C8 C9 C10 CJ CQ")
    assert rule_of(deal, "HA") == "belote.follow-suit"


def test_option_no_obligation_to_undertrump() -> None:
    deal = deal_of(DEAL_1, "HK", undertrump=False)
    play(deal, "CA", "H10")
    assert legal(deal) == deal.hand(2)
    play(deal, "SK")


def test_must_overtrump_an_opponent() -> None:
    hands = [h.replace("HA", "X").replace("H8", "HA").replace("X", "H8") for h in DEAL_1]
    deal = deal_of(hands, "HK")
    play(deal, "CA", "H10")
    assert legal(deal) == CardSet.parse("HA")
    assert rule_of(deal, "H7") == "belote.must-overtrump"
    assert rule_of(deal, "SK") == "belote.must-overtrump"
    play(deal, "HA")
    assert deal.best_seat == 2


def test_trump_lead_go_higher_even_over_the_partner() -> None:
    deal = deal_of(DEAL_2, "HQ")
    play(deal, "HA")
    # seat 1 cannot beat the ace: any trump
    assert legal(deal) == CardSet.parse("H7 HK")
    play(deal, "H7")
    # seat 2's partner (seat 0) wins with the ace: seat 2 must still go over it
    assert legal(deal) == CardSet.parse("H9")
    assert rule_of(deal, "H8") == "belote.beat-trump-lead"
    assert rule_of(deal, "CQ") == "belote.follow-suit"
    play(deal, "H9")
    assert legal(deal) == CardSet.parse("HJ")
    play(deal, "HJ")
    assert deal.tricks[-1][-1] == 3


def test_trump_lead_without_trump_any_card() -> None:
    deal = deal_of(DEAL_C, "HJ")
    play(deal, "H7")
    assert legal(deal) == deal.hand(1)


def test_partner_winning_any_card_discard_or_trump() -> None:
    deal = deal_of(DEAL_3, "HK")
    play(deal, "CA", "C7")
    assert legal(deal) == deal.hand(2)  # discard, or trump low, or trump high
    for card in ("D9", "H7", "HA"):
        other = deal.copy()
        play(other, card)
        assert other.current_player() == 3


def test_partner_winning_with_a_trump_player_may_discard_or_undertrump() -> None:
    hands = [
        "CA CK HK HQ DA D10 SA S10",
        "HJ H10 D7 D8 D9 S7 S8 S9",
        "C7 C8 C9 C10 CJ CQ DJ DQ",
        "H7 H8 H9 HA DK SJ SQ SK",
    ]
    deal = deal_of(hands, "HK")
    play(deal, "CA")
    assert legal(deal) == CardSet.parse("HJ H10")
    play(deal, "HJ", "C7")
    # seat 3: no club, its partner (seat 1) wins with the trump jack: any card
    assert legal(deal) == deal.hand(3)
    for card in ("DK", "H7", "HA"):
        other = deal.copy()
        play(other, card)
        assert other.tricks[-1][-1] == 1


def test_trick_winner_and_card_values() -> None:
    deal = deal_of(DEAL_2, "HQ")
    play(deal, "HA", "H7", "H9", "HJ")
    assert deal.captured == (0, 11 + 0 + 14 + 20)
    deal = deal_of(DEAL_1, "HK")
    play(deal, "CA", "H10", "H7", "CQ")
    assert deal.tricks[-1][-1] == 1 and deal.captured == (0, 11 + 10 + 0 + 3)


def test_values_total_162_with_the_last_trick() -> None:
    deal = deal_of(DEAL_2, "HQ", announcements=False)
    play_out(deal)
    assert deal.result is not None
    assert sum(deal.result.card_points) == 162
    assert sum(deal.result.tricks) == 8


# -- announcements ----------------------------------------------------------------------
def points_of(hand: str, trump_suit: Suit = H) -> list[int]:
    return [m.points for m in announcements(CardSet.parse(hand), trump_suit)]


def test_announcement_values() -> None:
    assert points_of("S7 S8 S9 CA DK") == [20]
    assert points_of("S7 S8 S9 S10 DK") == [50]
    assert points_of("S7 S8 S9 S10 SJ DK") == [100]
    assert points_of("CJ DJ HJ SJ") == [200]
    assert points_of("C9 D9 H9 S9") == [150]
    for rank in ("A", "10", "K", "Q"):
        assert points_of(" ".join(s + rank for s in "CDHS")) == [100]
    assert points_of("C8 D8 H8 S8 C7 D7 H7 S7") == []


def test_long_runs_cut_from_the_top() -> None:
    melds = announcements(CardSet.parse("S7 S8 S9 S10 SJ SQ SK SA"), H)
    assert [(m.points, m.length, m.top) for m in melds] == [
        (100, 5, Rank.ACE),
        (20, 3, Rank.NINE),
    ]
    assert points_of("S7 S8 S9 S10 SJ SQ") == [100]
    assert points_of("S7 S8 S9 S10 SJ SQ SK") == [100]


def test_no_card_in_two_announcements() -> None:
    # quinte 8..Q of spades alone is 100; four nines + the tierce 10 J Q is 170
    melds = announcements(CardSet.parse("S8 S9 S10 SJ SQ C9 D9 H9"), H)
    assert sorted(m.points for m in melds) == [20, 150]
    assert all(a.mask & b.mask == 0 for a in melds for b in melds if a is not b)


def test_announcement_comparison_value_then_height() -> None:
    from atout.games.belote import announcement_key

    tierce_a = announcements(CardSet.parse("SQ SK SA"), H)[0]
    quarte_low = announcements(CardSet.parse("C7 C8 C9 C10"), H)[0]
    assert announcement_key(quarte_low, H) > announcement_key(tierce_a, H)
    tierce_k = announcements(CardSet.parse("HJ HQ HK"), H)[0]
    assert announcement_key(tierce_a, H) > announcement_key(tierce_k, H)  # height first
    four_a = announcements(CardSet.parse("CA DA HA SA"), H)[0]
    quinte_trump = announcements(CardSet.parse("H10 HJ HQ HK HA"), H)[0]
    assert announcement_key(quinte_trump, H) > announcement_key(four_a, H)


def first_trick(deal: BeloteDeal) -> None:
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])


def test_announcement_tie_decided_by_trump() -> None:
    deal = deal_of(DEAL_T, "HA", taker=3, dealer=1)  # seat 2 plays first, hearts trump
    first_trick(deal)
    assert deal.ann_winner == 1


def test_announcement_tie_without_trump_goes_to_the_earlier_player() -> None:
    for dealer, winner in ((0, 1), (1, 2), (2, 1), (3, 1)):
        deal = deal_of(DEAL_T, "C7", taker=0, dealer=dealer)  # clubs trump
        first_trick(deal)
        assert deal.ann_winner == winner, dealer


def test_only_the_best_team_scores_all_its_announcements() -> None:
    deal = deal_of(DEAL_C, "HJ")
    view = deal.view(1)
    assert view.announcements == (None, None, None, None)
    first_trick(deal)
    # seat 0: trump quinte to the ace beats seat 3's quinte to the ace in spades
    assert deal.ann_winner == 0
    shown = deal.view(1).shown_announcements
    assert sorted((s, m.points) for s, m in shown) == [(0, 20), (0, 100), (2, 50), (2, 50)]
    assert deal.view(3).announcements[3] == (100, Rank.ACE, True, False)
    assert deal.view(3).announcements[0] == (100, Rank.ACE, True, True)
    assert deal.view(3).announcements[1] == (50, Rank.TEN, True, False)
    play_out(deal)
    assert deal.result is not None
    assert deal.result.announcement_points == (220, 0)


def test_option_announcements_off() -> None:
    deal = deal_of(DEAL_C, "HJ", announcements=False)
    play_out(deal)
    assert deal.result is not None
    assert deal.result.announcement_points == (0, 0)
    assert deal.result.belote == (20, 0)
    assert deal.result.recorded == (250 + 20, 0)


# -- belote -------------------------------------------------------------------------------
def test_belote_rebelote_said_as_played() -> None:
    deal = deal_of(DEAL_C, "HJ")
    assert deal.view(1).belote == (0, 0, 0, 0)
    seq = ["HQ", "C7", "CJ", "S7", "H7", "C8", "CQ", "S8", "HK"]
    play(deal, *seq[:1])
    assert deal.view(2).belote == (1, 0, 0, 0)
    play(deal, *seq[1:])
    assert deal.view(2).belote == (2, 0, 0, 0)


def test_belote_only_in_one_hand() -> None:
    hands = list(DEAL_C)
    hands[0] = hands[0].replace("HK", "CJ")
    hands[2] = hands[2].replace("CJ", "HK")
    deal = deal_of(hands, "HJ")
    play_out(deal)
    assert deal.result is not None and deal.result.belote == (0, 0)


def takers_low(deal: BeloteDeal) -> Action:
    """Seats 0 and 2 play their strongest card, seats 1 and 3 their weakest."""
    from atout.games.belote import STRENGTH

    if deal.turn % 2 == 0:
        return highest_first(deal)
    tr = deal.trump
    cards = [a for a in deal.legal_actions() if isinstance(a, Play)]
    return min(cards, key=lambda a: (a.card.suit == tr, STRENGTH[tr][a.card], int(a.card)))


def test_belote_kept_on_dedans() -> None:
    # seat 1 takes hearts with the trump king and queen; seat 0 holds the other trumps
    hands = [
        "H7 H8 H9 H10 HJ HA C7 C8",
        "HK HQ CA C10 D7 D8 D9 D10",
        "CJ CQ CK C9 DJ DQ DK DA",
        DEAL_C[3],
    ]
    deal = deal_of(hands, "HK", taker=1, announcements=False)
    play_out(deal, takers_low)
    result = deal.result
    assert result is not None
    assert result.outcome == "dedans" and result.takers == 1 and result.capot is None
    assert result.totals == (108, 54 + 20)
    assert result.belote == (0, 20)
    assert result.recorded == (162, 20)
    # also when the takers lose every trick
    deal = deal_of(hands, "HK", taker=1, announcements=False)
    play_out(deal, highest_first)
    assert deal.result is not None and deal.result.capot == 0
    assert deal.result.recorded == (250, 20)


# -- contract -----------------------------------------------------------------------------
def test_made_both_teams_write_their_totals() -> None:
    _, _, _, result = find_line(lambda r: r.outcome == "made" and r.capot is None)
    assert result.recorded == result.totals
    assert sum(result.card_points) == 162


def test_dedans_defenders_score_162_and_all_announcements() -> None:
    _, _, _, result = find_line(
        lambda r: r.outcome == "dedans"
        and r.capot is None
        and r.takers is not None
        and r.announcement_points[r.takers] > 0
    )
    assert result.takers is not None and result.defenders is not None
    ann = sum(result.announcement_points)
    assert result.recorded[result.defenders] == 162 + ann + result.belote[result.defenders]
    assert result.recorded[result.takers] == result.belote[result.takers]


def test_litige_defenders_write_theirs_takers_belote_rest_held() -> None:
    _, _, _, result = find_line(lambda r: r.outcome == "litige")
    t, d = result.takers, result.defenders
    assert t is not None and d is not None
    assert result.totals[t] == result.totals[d]
    assert result.recorded[d] == result.totals[d]
    assert result.recorded[t] == result.belote[t]
    assert result.held == result.totals[t] - result.belote[t] > 0
    assert result.winner is None


def test_option_belote_left_out_of_the_contract() -> None:
    def belote_decides(r: BeloteDealResult) -> bool:
        t, d = r.takers, r.defenders
        return (
            t is not None and d is not None and r.outcome == "made" and r.capot is None
            and r.belote[t] == 20 and r.totals[t] - 20 <= r.totals[d]
        )

    deck, dealer, actions, result = find_line(belote_decides)
    other = replay(deck, dealer, actions, BeloteOptions(belote_in_contract=False))
    assert other.outcome in ("dedans", "litige")
    assert other.totals == result.totals
    t = result.takers
    assert t is not None
    assert other.recorded[t] == 20


def test_capot_by_the_takers_250() -> None:
    deal = deal_of(DEAL_C, "HJ")
    play_out(deal)
    result = deal.result
    assert result is not None
    assert result.outcome == "made" and result.capot == 0 and result.tricks == (8, 0)
    assert result.card_points == (162, 0)
    assert result.totals == (250 + 220 + 20, 0)
    assert result.recorded == (490, 0)


@pytest.mark.parametrize("value", [250, 162])
def test_capot_by_the_defenders(value: int) -> None:
    # seat 1 names hearts in round two; seat 0 (a defender) holds every heart
    hands = list(DEAL_C)
    deal = deal_of(hands, "C7", taker=1, trump_suit="H", defender_capot=value)
    assert deal.taker == 1 and deal.trump == H
    play_out(deal)
    result = deal.result
    assert result is not None
    assert result.outcome == "dedans" and result.capot == 0
    assert result.recorded == (value + 220 + 20, 0)


@pytest.mark.parametrize("value", [250, 162])
def test_capot_option_does_not_change_the_takers_capot(value: int) -> None:
    deal = deal_of(DEAL_C, "HJ", defender_capot=value, announcements=False)
    play_out(deal)
    assert deal.result is not None and deal.result.recorded == (270, 0)


def test_announced_capot_made_500_or_520_with_belote() -> None:
    deal = deal_of(DEAL_C, "HJ", announced_capot=True, announcements=False)
    assert deal.legal_actions()[0] == AnnounceCapot()
    play(deal, "capot")
    assert AnnounceCapot() not in deal.legal_actions()
    assert deal.view(1).capot_announced
    play_out(deal)
    assert deal.result is not None
    assert deal.result.capot_announced and deal.result.outcome == "made"
    assert deal.result.recorded == (520, 0)
    hands = list(DEAL_C)
    hands[0] = hands[0].replace("HK", "CJ")
    hands[2] = hands[2].replace("CJ", "HK")
    deal = deal_of(hands, "HJ", announced_capot=True, announcements=False)
    play(deal, "capot")
    play_out(deal)
    assert deal.result is not None and deal.result.recorded == (500, 0)


def test_announced_capot_failed_is_dedans_for_500() -> None:
    deal = deal_of(DEAL_2, "HQ", announced_capot=True, announcements=False)
    play(deal, "capot")
    play_out(deal)
    result = deal.result
    assert result is not None
    assert result.capot_announced and result.capot != 0
    assert result.outcome == "dedans"
    assert result.recorded == (result.belote[0], 500 + result.belote[1])


def test_announced_capot_who_and_when() -> None:
    deal = deal_of(DEAL_2, "HQ", announced_capot=True, dealer=2)  # seat 3 leads
    assert deal.current_player() == 3
    assert AnnounceCapot() not in deal.legal_actions()  # a defender
    assert rule_of(deal, "capot") == "belote.announce-capot"
    deal.apply(deal.legal_actions()[0])
    assert deal.current_player() == 0
    assert AnnounceCapot() in deal.legal_actions()  # the taker, before their first card
    deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    deal.apply(deal.legal_actions()[0])
    assert deal.current_player() == 2
    assert AnnounceCapot() in deal.legal_actions()  # the taker's partner
    deal = deal_of(DEAL_2, "HQ")
    assert rule_of(deal, "capot") == "belote.announce-capot"  # option off


# -- match --------------------------------------------------------------------------------
class ScriptedMatch(BeloteMatch):
    """A match whose deals come from a list of (deck, dealer)."""

    def __init__(self, deals: list[tuple[list[int], int]], **kwargs: Any) -> None:
        self.script = list(deals)
        super().__init__(**kwargs)

    def _new_deal(self, dealer: int) -> BeloteDeal:
        if not self.script:
            return super()._new_deal(dealer)
        deck, scripted_dealer = self.script.pop(0)
        return BeloteDeal(deck, scripted_dealer, self.options)


def test_litige_carried_to_the_next_deal_and_added_on_another() -> None:
    deck_l, dealer_l, acts_l, res_l = find_line(lambda r: r.outcome == "litige")
    deck_m, dealer_m, acts_m, res_m = find_line(lambda r: r.outcome == "made")
    match = ScriptedMatch([(deck_l, dealer_l), (deck_l, dealer_l), (deck_m, dealer_m)], seed=0)
    for action in acts_l:
        match.apply(action)
    assert match.held == res_l.held
    assert match.scores == res_l.recorded
    assert match.view(0).held == res_l.held
    for action in acts_l:  # a litige after a litige: the amounts add up
        match.apply(action)
    assert match.held == 2 * res_l.held
    assert match.scoresheet[-1].held_paid is None
    for action in acts_m:
        match.apply(action)
    takers = res_m.takers
    assert takers is not None
    assert match.held == 0
    assert match.scoresheet[-1].held_paid == (takers, 2 * res_l.held)
    expected = [2 * res_l.recorded[i] + res_m.recorded[i] for i in (0, 1)]
    expected[takers] += 2 * res_l.held
    assert match.scores == tuple(expected)


def test_litige_goes_to_the_defenders_on_a_dedans() -> None:
    deck_l, dealer_l, acts_l, res_l = find_line(lambda r: r.outcome == "litige")
    deck_d, dealer_d, acts_d, res_d = find_line(lambda r: r.outcome == "dedans")
    match = ScriptedMatch([(deck_l, dealer_l), (deck_d, dealer_d)], seed=0)
    for action in acts_l + acts_d:
        match.apply(action)
    assert match.scoresheet[-1].held_paid == (res_d.defenders, res_l.held)


def scripted_end(scores: tuple[int, int], target: int = 1000) -> tuple[BeloteMatch, Any]:
    deck, dealer, acts, res = find_line(
        lambda r: r.outcome == "made" and min(r.recorded) > 0
    )
    match = ScriptedMatch([(deck, dealer)] * 3, seed=0, options=BeloteOptions(target=target))
    match.scores = scores
    for action in acts:
        match.apply(action)
    return match, res


def test_both_teams_over_the_target_the_higher_total_wins() -> None:
    _, _, _, res = find_line(lambda r: r.outcome == "made" and min(r.recorded) > 0)
    r0, r1 = res.recorded
    match, _ = scripted_end((1000 - r0 + 30, 1000 - r1 + 10))
    assert match.is_over and match.winner == 0
    match, _ = scripted_end((1000 - r0 + 5, 1000 - r1 + 60))
    assert match.is_over and match.winner == 1
    assert match.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        match.apply(PASS)
    assert info.value.rule == "match-over"


def test_both_over_the_target_with_equal_totals_another_deal() -> None:
    _, _, _, res = find_line(lambda r: r.outcome == "made" and min(r.recorded) > 0)
    r0, r1 = res.recorded
    match, _ = scripted_end((1000 - r0 + 7, 1000 - r1 + 7))
    assert not match.is_over and match.deal_number == 2


@pytest.mark.parametrize("target", [501, 1000, 2000])
def test_target_option(target: int) -> None:
    _, _, _, res = find_line(lambda r: r.outcome == "made" and min(r.recorded) > 0)
    r0, _ = res.recorded
    match, _ = scripted_end((target - r0, 0), target)
    assert match.winner == 0
    match, _ = scripted_end((target - r0 - 1, 0), target)
    assert match.winner is None


def test_gather_shuffle_cuts_the_played_cards() -> None:
    match = BeloteMatch(seed=11, options=BeloteOptions(shuffle="gather"), first_dealer=0)
    rng = random.Random(1)
    while match.deal_number == 1:
        acts = match.legal_actions()
        match.apply(acts[rng.randrange(len(acts))])
    first = match.deals[0]
    pack = [c for t in first.tricks for c in t[1:5]] if first.tricks else list(first.deck)
    deck = list(match.deal.deck)
    assert any(pack[k:] + pack[:k] == deck for k in range(2, 31))
    assert match.deal.dealer == 1


def test_fresh_shuffle_option() -> None:
    options = BeloteOptions()
    assert options.shuffle == "fresh"  # the default: the gathered pack reveals the hands
    a = BeloteMatch(seed=11, options=options, first_dealer=0)
    b = BeloteMatch(seed=11, options=options, first_dealer=0)
    rng = random.Random(1)
    while a.deal_number == 1:
        acts = a.legal_actions()
        action = acts[rng.randrange(len(acts))]
        a.apply(action)
        b.apply(action)
    assert a.deal.deck == b.deal.deck
    first = a.deals[0]
    pack = [c for t in first.tricks for c in t[1:5]]
    assert not any(pack[k:] + pack[:k] == list(a.deal.deck) for k in range(32))


# -- options ------------------------------------------------------------------------------
def test_options_string_round_trip_and_presets() -> None:
    assert str(BeloteOptions()) == "belote"
    options = BeloteOptions(
        target=501, announcements=False, undertrump=False, belote_in_contract=False,
        defender_capot=162, announced_capot=True, shuffle="gather",
    )
    text = str(options)
    assert text == (
        "belote(announced_capot=true,announcements=false,belote_in_contract=false,"
        "defender_capot=162,shuffle=gather,target=501,undertrump=false)"
    )
    assert BeloteOptions.parse(text) == options
    for name, opts in PRESETS.items():
        assert BeloteOptions.parse(str(opts)) == opts
        assert preset(name) == opts and parse_options(name) == opts
    assert parse_options("belote(target=2000)") == PRESETS["long"]
    assert BeloteOptions.parse(" Page ") == PRESETS["page"]
    assert str(PRESETS["gather"]) == "belote(shuffle=gather)"
    assert str(BeloteOptions(shuffle="fresh")) == "belote"
    assert str(PRESETS["page"]) == "belote(announced_capot=true,defender_capot=162)"
    for bad in ("belote(defender_capot=200)", "belote(shuffle=riffle)", "belote(x=1)",
                "schieber", "belote(target=0)"):
        with pytest.raises(OptionsParseError):
            BeloteOptions.parse(bad)
    with pytest.raises(OptionsParseError):
        preset("nope")


def test_registered_in_the_game_table() -> None:
    info = get_game("belote")
    assert info.num_players == 4
    assert info.deal is BeloteDeal and info.match is BeloteMatch and info.view is BeloteView


# -- conformance and properties ----------------------------------------------------------
def cards_in(obj: Any) -> Iterator[int]:
    """Every card named anywhere in a view (recursively)."""
    if isinstance(obj, Card):
        yield int(obj)
    elif isinstance(obj, CardSet):
        yield from (int(c) for c in obj)
    elif isinstance(obj, Meld):
        yield from (int(c) for c in obj.cards)
    elif isinstance(obj, Play):
        yield int(obj.card)
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name not in ("hand", "own_announcements", "legal_actions"):
                yield from cards_in(getattr(obj, f.name))


def played_mask(deal: BeloteDeal) -> int:
    mask = 0
    for t in deal.tricks:
        for c in t[1:5]:
            mask |= 1 << c
    for c in deal.trick:
        mask |= 1 << c
    return mask


def check_view(deal: BeloteDeal, seat: int, original: int) -> None:
    view = deal.view(seat)
    assert view.hand.mask == deal.hands[seat]
    assert all(m.mask & ~original == 0 for m in view.own_announcements)
    public = played_mask(deal) | 1 << int(deal.turned)
    if deal.tricks:
        for _, meld in view.shown_announcements:
            public |= meld.mask
    for card in cards_in(view):
        assert public >> card & 1, (card, seat)
    if view.to_play == seat:
        assert list(view.legal_actions) == deal.legal_actions()
    else:
        assert view.legal_actions == ()


def check_total(result: BeloteDealResult, options: BeloteOptions) -> None:
    if not result.played:
        assert result.recorded == (0, 0)
        return
    assert sum(result.card_points) == 162
    if result.capot_announced:
        base = 500
    elif result.capot is None:
        base = 162
    elif result.capot == result.takers:
        base = 250
    else:
        base = options.defender_capot
    expected = base + sum(result.announcement_points) + sum(result.belote)
    assert sum(result.recorded) + result.held == expected
    assert sum(result.tricks) == 8
    assert min(result.announcement_points) == 0
    if not options.announcements:
        assert result.announcement_points == (0, 0)


OPTION_SETS = [*PRESETS.values(), BeloteOptions(belote_in_contract=False)]


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(OPTION_SETS))
def test_random_deals_conform(seed: int, options: BeloteOptions) -> None:
    rng = random.Random(seed)
    deal = BeloteDeal(seed=seed, dealer=seed % 4, options=options)
    start = deal.state_key()
    keys = [start]
    originals = list(deal.hands)
    while not deal.is_over:
        acts = deal.legal_actions()
        assert acts and deal.current_player() is not None
        if deal.phase == "play" and not deal.tricks and not deal.trick:
            originals = list(deal.hands)
        # the cards: nothing lost, nothing duplicated
        hands = deal.hands
        assert sum(h.bit_count() for h in hands) + played_mask(deal).bit_count() in (20, 32)
        union = 0
        for h in (*hands, played_mask(deal)):
            assert union & h == 0
            union |= h
        for seat in range(4):
            check_view(deal, seat, originals[seat] | deal.hands[seat])
        # an illegal action changes nothing
        illegal = [Play(c) for c in Card if Play(c) not in acts] + [PASS]
        bad = illegal[rng.randrange(len(illegal))]
        if bad not in acts:
            before = deal.state_key()
            with pytest.raises(IllegalActionError):
                deal.apply(bad)
            assert deal.state_key() == before
        # copies are equal and independent
        twin = deal.copy()
        assert twin == deal
        action = acts[rng.randrange(len(acts))]
        deal.apply(action)
        keys.append(deal.state_key())
        assert twin != deal
        twin.apply(action)
        assert twin == deal
    assert deal.legal_actions() == [] and deal.current_player() is None
    assert deal.result is not None
    check_total(deal.result, options)
    for seat in range(4):
        check_view(deal, seat, originals[seat] | deal.hands[seat])
    # undo restores every state on the way back
    for key in reversed(keys[:-1]):
        deal.undo()
        assert deal.state_key() == key
    assert deal.state_key() == start


def play_match(seed: int, options: BeloteOptions | None = None) -> BeloteMatch:
    match = BeloteMatch(seed=seed, options=options)
    rng = random.Random(seed)
    while not match.is_over:
        acts = match.legal_actions()
        match.apply_unchecked(acts[rng.randrange(len(acts))])
        assert match.deal_number < 300
    return match


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_end_and_add_up(seed: int) -> None:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    match = play_match(seed, options)
    assert match.winner is not None
    t = options.target
    assert max(match.scores) >= t and match.scores[match.winner] > match.scores[1 - match.winner]
    total = [0, 0]
    held = 0
    for row in match.scoresheet:
        check_total(row.result, options)
        total[0] += row.result.recorded[0]
        total[1] += row.result.recorded[1]
        if row.held_paid:
            total[row.held_paid[0]] += row.held_paid[1]
            assert row.held_paid[1] == held
        held = row.held
        assert tuple(total) == row.scores
    assert match.held == held


def test_same_seed_same_match_and_undo_across_deals() -> None:
    a = play_match(3)
    b = play_match(3)
    assert [r.result for r in a.scoresheet] == [r.result for r in b.scoresheet]
    assert [d.actions for d in a.deals] == [d.actions for d in b.deals]
    c = play_match(4)
    assert [r.result for r in a.scoresheet] != [r.result for r in c.scoresheet]
    # undo the whole match, then replay it
    actions = [act for d in a.deals for _, act in d.actions]
    while a.deals or a.deal.actions:
        a.undo()
    assert a.scores == (0, 0) and a.deal_number == 1 and not a.is_over
    assert a.deal.deck == b.deals[0].deck
    for action in actions:
        a.apply(action)
    assert a.scores == b.scores and a.winner == b.winner


def test_views_through_the_match() -> None:
    match = BeloteMatch(seed=2)
    view = match.view(match.deal.turn)
    assert view.legal_actions and view.deal_number == 1 and view.scores == (0, 0)
    other = match.view((match.deal.turn + 1) % 4)
    assert other.legal_actions == ()
    assert view.partner == (view.seat + 2) % 4 and view.team == view.seat % 2


def test_bots_play_belote_through_the_arena() -> None:
    from atout.arena import duplicate

    result = duplicate("belote", "heuristic", "random", 300, seed=7)
    low, _ = result.confidence_interval
    assert low > 0, result.summary()


# -- messages -----------------------------------------------------------------------------
def test_messages_in_every_language_for_every_rule() -> None:
    import inspect
    import re

    import atout.games.belote as module
    from atout.i18n import LANGUAGES, catalog, translate

    merged = catalog()
    rules = set(re.findall(r'IllegalActionError\(\s*"([^"]+)"', inspect.getsource(module)))
    assert "belote.must-undertrump" in rules and "card-not-in-hand" in rules
    params = {"suit": "♥", "card": "HJ", "action": "push"}
    for lang in LANGUAGES:
        for rule in rules:
            assert f"rule.{rule}" in merged[lang], (lang, rule)
            assert translate(f"rule.{rule}", lang, **params)


# -- the terminal table -----------------------------------------------------------------
def scripted_belote(lang: str, seed: int, options: str | None = None) -> tuple[Any, str, int]:
    """A whole match at the terminal: the 'person' at seat 0 types a legal action's text
    (after one illegal card, to see the rule explained)."""
    import io

    from rich.console import Console

    from atout.terminal.app import TerminalGame

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    state = {"wrong": True}
    holder: list[TerminalGame] = []

    def typed(prompt: str) -> str:
        view: BeloteView = holder[0].match.view(0)
        legal = view.legal_actions
        if state["wrong"] and view.trick:
            illegal = [c for c in view.hand if Play(c) not in legal]
            if illegal:
                state["wrong"] = False
                return illegal[0].code
        return str(legal[-1])

    game = TerminalGame(
        "belote", seed=seed, lang=lang, console=console, input_fn=typed, options=options
    )
    holder.append(game)
    code = game.run()
    return game, out.getvalue(), code


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ["Your hand", "Trump", "Taker", "Partner", "Not allowed:", "Turned card",
                "breakdown", "Announcements"]),
        ("fr", ["Votre main", "Atout", "Preneur", "Partenaire", "Interdit\u00a0:",
                "Carte retournée", "détail", "Annonces"]),
        ("es", ["Tu mano", "Triunfo", "Tomador", "Compañero", "No permitido:", "Carta vuelta",
                "detalle", "Anuncios"]),
    ],
)
def test_terminal_match_in_each_language(lang: str, words: list[str]) -> None:
    game, text, code = scripted_belote(lang, seed=4, options="belote(target=501)")
    assert code == 0 and game.match.is_over
    for word in words:
        assert word in text, word
    scores = game.match.scores
    assert f"{scores[0]}:{scores[1]}" in text


def test_terminal_watch_and_scoresheet() -> None:
    import io

    from rich.console import Console

    from atout.terminal.app import TerminalGame

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    game = TerminalGame("belote", seed=8, human=None, console=console)
    assert game.run() == 0
    game.renderer.show_scoresheet(game.match)
    text = out.getvalue()
    assert "Scoresheet" in text and "Seat 0 & Seat 2" in text and "took" in text
    assert "Seats 0+2" in text  # the scoresheet's short team names


# -- a second, naive reading of the rules, to compare with the engine ---------------------
TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def naive_order(card: Card, trump_suit: Suit) -> int:
    order = TRUMP_ORDER if card.suit == trump_suit else PLAIN_ORDER
    return order.index(card.rank.code)


def naive_winner(trick: list[tuple[int, Card]], trump_suit: Suit) -> int:
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if naive_order(card, trump_suit) > naive_order(best, trump_suit):
                best_seat, best = seat, card
        elif card.suit == trump_suit:
            best_seat, best = seat, card
    return best_seat


def naive_legal(
    hand: set[Card], trick: list[tuple[int, Card]], trump_suit: Suit, seat: int,
    undertrump: bool,
) -> set[Card]:
    """RULES.md, Belote 3, read literally with sets of cards."""
    if not trick:
        return hand
    led = trick[0][1].suit
    same = {c for c in hand if c.suit == led}
    if same:
        if led == trump_suit:
            on_table = [c for _, c in trick if c.suit == trump_suit]
            top = max(on_table, key=lambda c: naive_order(c, trump_suit))
            higher = {c for c in same if naive_order(c, trump_suit) > naive_order(top, trump_suit)}
            return higher or same
        return same
    if naive_winner(trick, trump_suit) == (seat + 2) % 4:
        return hand
    trumps = {c for c in hand if c.suit == trump_suit}
    if not trumps:
        return hand
    on_table = [c for _, c in trick if c.suit == trump_suit]
    if not on_table:
        return trumps
    top = max(on_table, key=lambda c: naive_order(c, trump_suit))
    higher = {c for c in trumps if naive_order(c, trump_suit) > naive_order(top, trump_suit)}
    if higher:
        return higher
    return trumps if undertrump else hand


@pytest.mark.parametrize("undertrump", [True, False])
def test_engine_agrees_with_a_naive_reading(undertrump: bool) -> None:
    options = BeloteOptions(undertrump=undertrump)
    for seed in range(300):
        rng = random.Random(seed)
        deal = BeloteDeal(seed=seed, dealer=seed % 4, options=options)
        while not deal.is_over:
            acts = deal.legal_actions()
            if deal.phase == "play":
                seat = deal.turn
                view = deal.view(seat)
                trump_suit = view.trump
                assert trump_suit is not None
                expected = naive_legal(
                    set(view.hand), list(view.trick), trump_suit, seat, undertrump
                )
                assert {a.card for a in acts if isinstance(a, Play)} == expected
            before = len(deal.tricks)
            deal.apply(acts[rng.randrange(len(acts))])
            if len(deal.tricks) > before:
                trick = deal.view(0).tricks[-1]
                trump_suit = Suit(deal.trump)
                assert deal.tricks[-1][-1] == naive_winner(list(trick), trump_suit)
        if deal.result is not None and deal.result.played:
            trump_suit = Suit(deal.trump)
            total = [0, 0]
            for trick in deal.view(0).tricks:
                winner = naive_winner(list(trick), trump_suit)
                for _, card in trick:
                    values = TRUMP_VALUE if card.suit == trump_suit else PLAIN_VALUE
                    total[winner % 2] += values[card.rank.code]
            assert deal.result.last_trick is not None
            total[deal.result.last_trick % 2] += 10
            assert tuple(total) == deal.result.card_points


def perft(deal: BeloteDeal, depth: int) -> int:
    """Number of legal action sequences of ``depth`` steps (a perft analogue)."""
    if depth == 0 or deal.is_over:
        return 1
    count = 0
    for action in deal.legal_actions():
        deal.apply_unchecked(action)
        count += perft(deal, depth - 1)
        deal.undo()
    return count


def test_perft_counts_of_fixed_deals() -> None:
    """Exact counts of play sequences from the first card: any change in the move
    generator shows here (the counts were checked against the naive reading above)."""
    deal = deal_of(DEAL_1, "HK")
    key = deal.state_key()
    counts = [perft(deal, d) for d in range(1, 8)]
    assert deal.state_key() == key
    assert counts == [8, 20, 52, 136, 952, 2176, 4360]
    deal = BeloteDeal(seed=2024, dealer=1)  # from the first bid
    assert [perft(deal, d) for d in range(1, 10)] == [
        2, 10, 25, 51, 105, 485, 1144, 2301, 4266
    ]


def test_heuristic_bot_bids_on_the_jack_and_passes_a_weak_hand() -> None:
    from atout.bots.belote import BeloteHeuristicBot

    bot = BeloteHeuristicBot(seed=1)
    strong = ["HJ H9 HA SA CA CK C7 C8", "H7 H8 D7 D8 D9 S7 S8 S9",
              "H10 HQ DJ DQ DK SJ SQ SK", "HK DA D10 C9 C10 CJ CQ S10"]
    deal = BeloteDeal.from_hands(strong, "HJ", 3, taker=0, bid=False)
    assert deal.current_player() == 0
    assert bot.choose(deal.view(0)) == Trump(H)
    weak = [strong[1], strong[0], strong[2], strong[3]]
    deal = BeloteDeal.from_hands(weak, "HJ", 3, taker=1, bid=False)
    assert bot.choose(deal.view(0)) == PASS
    # in play it only ever picks a legal action, from its own view
    deal = deal_of(DEAL_1, "HK")
    while not deal.is_over:
        view = deal.view(deal.turn)
        assert bot.choose(view) in view.legal_actions
        deal.apply(bot.choose(view))
