"""Deberts rules: the worked examples of the text and every rule with its edge cases."""

from __future__ import annotations

from dataclasses import replace

import pytest

from atout.cards import Card, CardSet, Rank, Suit
from atout.games.actions import (
    CancelDeal,
    Double,
    Exchange,
    Pass,
    Play,
    Redouble,
    Trump,
    parse_action,
)
from atout.games.base import IllegalActionError
from atout.games.deberts import (
    DebertsDeal,
    DebertsDealResult,
    DebertsMatch,
    DebertsOptions,
    best_sequence_key,
    card_points,
    sequences,
    settle_contract,
    settle_hanging,
)


def make(
    dealer_hand: str,
    nondealer_hand: str,
    indicator: str,
    dealer: int = 0,
    bottom: str | None = None,
    options: DebertsOptions | None = None,
) -> DebertsDeal:
    hands = [dealer_hand, nondealer_hand] if dealer == 0 else [nondealer_hand, dealer_hand]
    return DebertsDeal.from_hands(hands, indicator, dealer, bottom=bottom, options=options)


def run(deal: DebertsDeal, *actions: str) -> DebertsDeal:
    for text in actions:
        deal.apply(parse_action(text))
    return deal


def assert_illegal(deal: DebertsDeal, text: str, rule: str) -> None:
    before = deal.state_key()
    with pytest.raises(IllegalActionError) as info:
        deal.apply(parse_action(text))
    assert info.value.rule == rule
    assert deal.state_key() == before  # nothing changed


# -- the text's worked examples -----------------------------------------------------


def test_worked_example_nine_of_hearts_forces_the_jack() -> None:
    deal = make(
        "HJ H7 SA SK SQ C7 C8 C9 D7",  # dealer (seat 0)
        "H9 S7 S8 S9 CA C10 CK DA D10",  # nondealer leads
        indicator="D8",
    )
    run(deal, "pass", "pass", "trump H", "H9")
    assert deal.legal_actions() == [Play(Card.HJ)]
    assert_illegal(deal, "H7", "deberts.beat-trump-lead")
    run(deal, "HJ")
    assert deal.captured == (34, 0)  # 14 + 20
    assert deal.won == (1, 0)


def test_worked_example_bait_72_90() -> None:
    assert settle_contract((72, 90), caller=0) == ("bait", (0, 162), 0)
    assert settle_contract((90, 72), caller=1) == ("bait", (162, 0), 0)


def test_worked_example_tie_then_181_62() -> None:
    tie = DebertsDealResult(dealer=1, outcome="tie", caller=0, totals=(81, 81),
                            recorded=(0, 81), hanging=81)
    assert settle_contract((81, 81), caller=0) == ("tie", (0, 81), 81)
    scores, hanging, paid = settle_hanging((0, 0), 0, tie)
    assert scores == (0, 81) and hanging == 81 and paid is None
    # the following caller (seat 0 or seat 1) wins with 100 against 62
    for caller in (0, 1):
        totals = (100, 62) if caller == 0 else (62, 100)
        outcome, recorded, new_hanging = settle_contract(totals, caller)
        win = DebertsDealResult(dealer=1 - caller, outcome=outcome, caller=caller,
                                totals=totals, recorded=recorded, hanging=new_hanging)
        after, left, paid = settle_hanging((0, 0), hanging, win)
        assert paid == (caller, 81) and left == 0
        assert after[caller] == 181 and after[1 - caller] == 62


# -- deal, bidding and throw-in ------------------------------------------------------


def test_deal_order_and_hidden_stock() -> None:
    deal = DebertsDeal(seed=11, dealer=1)
    order = deal.deck
    assert len(deal.hand(0)) == 6 and len(deal.hand(1)) == 6
    assert set(order[0:3]) | set(order[6:9]) == {int(c) for c in deal.hand(0)}  # nondealer
    assert deal.indicator == order[12]
    run(deal, "pass", "pass", "pass")
    deal.apply(deal.legal_actions()[1])  # the dealer names a suit in round two
    assert len(deal.hand(0)) == 9 and len(deal.hand(1)) == 9
    assert deal.bottom == order[31]
    assert deal.current_player() == 0  # the nondealer leads


def test_bidding_rounds() -> None:
    deal = DebertsDeal(seed=3, dealer=0)
    ind = Suit(deal.indicator_suit)
    assert deal.current_player() == 1
    assert set(deal.legal_actions()) == {Pass(), Trump(ind)}
    other = next(s for s in Suit if s != ind)
    assert_illegal(deal, str(Trump(other)), "deberts.first-round-indicator")
    assert_illegal(deal, "exchange", "deberts.exchange")
    assert_illegal(deal, str(Play(next(iter(deal.hand(1))))), "play-after-bidding")
    run(deal, "pass")
    assert deal.current_player() == 0
    run(deal, "pass")
    assert deal.current_player() == 1
    assert set(deal.legal_actions()) == {Pass(), *(Trump(s) for s in Suit if s != ind)}
    assert_illegal(deal, str(Trump(ind)), "deberts.second-round-other-suit")
    run(deal, "pass", str(Trump(other)))
    assert deal.caller == 0 and deal.trump == other


def test_four_passes_throw_the_deal_in() -> None:
    deal = run(DebertsDeal(seed=4, dealer=1), "pass", "pass", "pass", "pass")
    assert deal.is_over and deal.result is not None
    assert deal.result.outcome == "thrown-in" and not deal.result.played
    assert deal.legal_actions() == []
    assert_illegal(deal, "pass", "deal-over")


# -- the trump-7 exchange ---------------------------------------------------------------


def test_exchange_by_the_dealer_before_their_first_card() -> None:
    deal = make("H7 H9 H10 S7 S8 D7 D8 C7 C9", "HA SA SK CA CK DA DK S9 C8", "HJ")
    run(deal, "trump H")
    assert Exchange() not in deal.legal_actions()  # the nondealer has no 7
    run(deal, "SA")
    assert Exchange() in deal.legal_actions()
    run(deal, "exchange")
    assert Card.HJ in deal.hand(0) and Card.H7 not in deal.hand(0)
    view = deal.view(1)
    assert view.indicator is Card.H7 and view.exchange == (0, Card.HJ)
    assert_illegal(deal, "exchange", "deberts.exchange")
    run(deal, "S7")
    # judged on the hand after the exchange: J 10 9 of hearts is a terc
    assert deal.view(1).announcements[0] == (3, Rank.JACK)


def test_no_exchange_after_first_card_or_other_suit() -> None:
    deal = make("S7 S8 D7 D8 C7 C9 H8 HK CJ", "H7 SA SK CA CK DA DK S9 C8", "HQ")
    run(deal, "trump H", "SA", "S7")
    assert_illegal(deal, "exchange", "deberts.exchange")  # nondealer already played
    deal = make("S7 S8 D7 D8 C7 C9 H8 HK CJ", "H7 SA SK CA CK DA DK S9 C8", "DQ")
    run(deal, "pass", "pass", "trump H")
    assert Exchange() not in deal.legal_actions()
    assert_illegal(deal, "exchange", "deberts.exchange")


def test_no_exchange_when_the_indicator_is_the_seven() -> None:
    deal = make("S7 S8 D7 D8 C7 C9 H8 HK CJ", "H9 SA SK CA CK DA DK S9 C8", "H7")
    run(deal, "trump H")
    assert Exchange() not in deal.legal_actions()
    run(deal, "SA")
    assert Exchange() not in deal.legal_actions()


# -- sequences and bela -------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,expected",
    [
        ("C7 C8 C9", [(3, Rank.NINE)]),
        ("C7 C8 C9 C10", [(4, Rank.TEN)]),
        ("C7 C8 C9 C10 CJ", [(4, Rank.JACK)]),  # 5 = one bertz
        ("C7 C8 C9 C10 CJ CQ", [(4, Rank.QUEEN)]),  # 6 = one bertz
        ("C7 C8 C9 C10 CJ CQ CK", [(4, Rank.KING), (3, Rank.NINE)]),  # bertz + terc
        ("C7 C8 C9 C10 CJ CQ CK CA", [(4, Rank.ACE), (4, Rank.TEN)]),  # bertz + bertz
        ("HJ SJ CJ DJ", []),  # four of a kind scores nothing
        ("H7 H8 H10 HJ", []),
        ("SA SK SQ D7 D8 D9 H10", [(3, Rank.ACE), (3, Rank.NINE)]),
    ],
)
def test_sequences_cut_from_the_top(hand: str, expected: list[tuple[int, Rank]]) -> None:
    melds = sequences(CardSet.parse(hand))
    assert [(m.length, m.top) for m in melds] == expected
    assert sum(m.points for m in melds) == sum(50 if n == 4 else 20 for n, _ in expected)
    covered = 0
    for meld in melds:
        assert not covered & meld.mask  # no card in two sequences
        covered |= meld.mask


def test_sequence_comparison_keys() -> None:
    terc_k = sequences(CardSet.parse("SK SQ SJ"))
    bertz_10 = sequences(CardSet.parse("D10 D9 D8 D7"))
    assert best_sequence_key(bertz_10, 2) > best_sequence_key(terc_k, 2)  # type: ignore[operator]
    five = sequences(CardSet.parse("CK CQ CJ C10 C9"))
    assert best_sequence_key(five, 2) == (4, Rank.KING, 0)
    assert best_sequence_key((), 2) is None


def _first_trick(dealer: str, nondealer: str, indicator: str = "H8") -> DebertsDeal:
    deal = make(dealer, nondealer, indicator)
    lead = next(iter(sorted(deal.hand(1), key=int)))
    run(deal, "trump H", str(lead))
    deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    return deal


def test_equal_non_trump_sequences_go_to_the_nondealer() -> None:
    deal = _first_trick("CJ C10 C9 S7 D7 H7 SA DA SK", "DJ D10 D9 S8 C7 HK CA SQ H9")
    assert deal.seq_winner == 1


def test_trump_sequence_beats_equal_non_trump() -> None:
    deal = _first_trick("HJ H10 H9 S7 D7 C7 SA DA SK", "DJ D10 D9 S8 C8 HK CA SQ H7")
    assert deal.seq_winner == 0


def test_longer_then_higher_sequence_wins() -> None:
    deal = _first_trick("C7 C8 C9 C10 S7 D7 SA DA H7", "DJ DK DQ S8 CJ HK CA SQ H9")
    assert deal.seq_winner == 0  # a bertz to the 10 beats a terc to the king
    deal = _first_trick("C7 C8 C9 S7 D7 H7 SA DA SK", "D8 D9 D10 S8 CJ HK CA SQ H9")
    assert deal.seq_winner == 1  # terc to the 10 beats terc to the 9


def test_shown_sequences_after_first_trick_and_announcement_public() -> None:
    deal = make("C7 C8 C9 S7 D7 H7 SA DA SK", "DJ D10 D9 S8 CJ HK CA SQ H9", "H8")
    run(deal, "trump H", "SQ")
    assert deal.view(0).announcements[1] == (3, Rank.JACK)
    assert deal.view(0).shown_sequences == ()
    run(deal, "SA")
    view = deal.view(0)
    assert view.sequence_winner == 1
    assert [m.top for m in view.shown_sequences] == [Rank.JACK]


def test_sequence_winner_without_a_trick_scores_nothing() -> None:
    deal = make("C7 C8 C9 D7 D8 D9 S7 S8 S9", "HJ H9 HA H7 SA SK CA CK DA", "H8")
    run(deal, "trump H")
    for lead in ("HJ", "H9", "HA", "H7", "SA", "SK", "CA", "CK", "DA"):
        run(deal, lead)
        deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r is not None and r.sequence_winner == 0 and r.tricks == (0, 9)
    assert r.sequence_points == (0, 0) and r.sequences == ((), ())
    assert r.outcome == "made" and r.recorded == (0, r.totals[1])


def test_bela_counts_with_no_trick() -> None:
    deal = make("HK HQ C7 C8 D7 D8 S7 S8 S9", "HJ H9 HA H10 SA CA DA SK CK", "H7")
    run(deal, "trump H", "HJ", "HQ")
    assert deal.view(1).bela == (True, False)  # announced with the first of K/Q
    for lead in ("H9", "HA", "H10", "SA", "SK", "CA", "CK", "DA"):
        run(deal, lead)
        deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r is not None and r.tricks == (0, 9)
    assert r.bela == (20, 0) and r.totals[0] == 20
    assert r.outcome == "made" and r.caller == 1
    assert r.recorded == (20, r.totals[1])


def test_bela_may_overlap_a_sequence() -> None:
    deal = make("HK HQ HJ C7 D7 D8 S7 S8 CA", "H9 HA H10 SA DA SK CK S9 C9", "H7")
    run(deal, "trump H", "SA", "S7", "HA", "HJ", "HQ")
    assert deal.bela[0] == 20
    assert deal.declared[0] is not None and deal.declared[0][0].top == Rank.KING


# -- play ----------------------------------------------------------------------------


def test_follow_suit_and_must_trump() -> None:
    deal = make("S7 S8 D7 D8 C7 C9 H8 HK CJ", "H9 SA SK CA CK DA DK S9 C8", "HQ")
    run(deal, "trump H", "SA")
    assert set(deal.legal_actions()) == {Play(Card.S7), Play(Card.S8)}
    assert_illegal(deal, "HK", "deberts.follow-suit")
    run(deal, "S8", "DA")
    assert_illegal(deal, "C7", "deberts.follow-suit")
    deal = make("S7 S8 C7 C9 H8 HK CJ CQ CK", "H9 SA SK CA D10 DA DK S9 C8", "HQ")
    run(deal, "trump H", "DA")
    assert set(deal.legal_actions()) == {Play(Card.H8), Play(Card.HK)}
    assert_illegal(deal, "C7", "deberts.must-trump")
    run(deal, "H8")
    assert deal.won == (1, 0) and deal.current_player() == 0


def test_no_obligation_to_beat_a_non_trump_lead() -> None:
    deal = make("SA S8 D7 D8 C7 C9 H8 HK CJ", "H9 S10 SK CA CK DA DK S9 C8", "HQ")
    run(deal, "trump H", "S10")
    assert set(deal.legal_actions()) == {Play(Card.SA), Play(Card.S8)}


def test_trump_lead_with_no_higher_trump_allows_any_trump() -> None:
    deal = make("H7 H8 D7 D8 C7 C9 S8 SK CJ", "HJ S10 SA CA CK DA DK S9 C8", "HQ")
    run(deal, "trump H", "HJ")
    assert set(deal.legal_actions()) == {Exchange(), Play(Card.H7), Play(Card.H8)}


def test_card_values_and_last_trick() -> None:
    assert [card_points(Card.of(Suit.HEARTS, r), Suit.HEARTS) for r in Rank][1:] == [
        0, 0, 14, 10, 20, 3, 4, 11,
    ]
    assert [card_points(Card.of(Suit.SPADES, r), Suit.HEARTS) for r in Rank][1:] == [
        0, 0, 0, 10, 2, 3, 4, 11,
    ]
    deal = DebertsDeal(seed=5, dealer=0)
    run(deal, "pass")
    deal.apply(deal.legal_actions()[1])
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    r = deal.result
    assert r is not None
    in_play = CardSet(sum(1 << c for c in deal.deck[:12] + deal.deck[13:19]))
    assert deal.trump >= 0
    total = sum(card_points(c, Suit(deal.trump)) for c in in_play)
    assert sum(r.card_points) == total + 10
    assert r.card_points[r.last_trick] >= 10  # type: ignore[index]


# -- options ---------------------------------------------------------------------------


def test_four_sevens_option() -> None:
    hands = ("C7 D7 H7 S7 C8 D8 S8 H9 CJ", "SA SK CA CK DA DK S9 C9 HA")
    deal = make(*hands, indicator="HQ")
    run(deal, "trump H", "SA")
    assert CancelDeal() not in deal.legal_actions()
    assert_illegal(deal, "sevens", "deberts.four-sevens")
    deal = make(*hands, indicator="HQ", options=DebertsOptions(four_sevens=True))
    run(deal, "trump H", "SA")
    assert CancelDeal() in deal.legal_actions()
    run(deal, "sevens")
    assert deal.is_over and deal.result is not None and deal.result.outcome == "cancelled"


def test_doubling_option() -> None:
    deal = DebertsDeal(seed=9, dealer=0, options=DebertsOptions(doubling=True))
    run(deal, str(deal.legal_actions()[1]))
    assert deal.phase == "doubling" and deal.current_player() == 0
    assert set(deal.legal_actions()) == {Pass(), Double()}
    assert_illegal(deal, "redouble", "deberts.doubling")
    run(deal, "double")
    assert deal.current_player() == 1 and set(deal.legal_actions()) == {Pass(), Redouble()}
    run(deal, "redouble")
    assert deal.factor == 4 and deal.phase == "play" and deal.current_player() == 1
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    r = deal.result
    assert r is not None and r.factor == 4 and r.caller == 1
    if r.outcome == "made":
        assert r.recorded == (4 * r.totals[0], 4 * r.totals[1])
    elif r.outcome == "bait":
        assert r.recorded == (4 * sum(r.totals), 0)
    else:
        assert r.recorded == (4 * r.totals[0], 0) and r.hanging == 4 * r.totals[1]
    # without the option there is no doubling
    plain = DebertsDeal(seed=9, dealer=0)
    run(plain, str(plain.legal_actions()[1]))
    assert_illegal(plain, "double", "deberts.doubling")


# -- match -------------------------------------------------------------------------------


def _finish_with(match: DebertsMatch, **changes: object) -> None:
    """Play the current deal to its end, then impose a result (to test the match logic)."""
    deal = match.deal
    while not deal.is_over:
        deal.apply_unchecked(deal.legal_actions()[-1])
    assert deal.result is not None
    deal.result = replace(deal.result, **changes)  # type: ignore[arg-type]
    match._finish_deal()


def test_tie_after_tie_and_hanging_kept_apart() -> None:
    match = DebertsMatch(seed=1, first_dealer=0)
    _finish_with(match, outcome="tie", caller=0, totals=(81, 81), recorded=(0, 81), hanging=81)
    assert match.scores == (0, 81) and match.hanging == 81
    assert match.deal.dealer == 0  # the caller deals next
    _finish_with(match, outcome="tie", caller=1, totals=(70, 70), recorded=(70, 0), hanging=70)
    assert match.scores == (70 + 81, 81) and match.hanging == 70
    row = match.scoresheet[-1]
    assert row.hanging_paid == (0, 81) and row.hanging == 70
    _finish_with(match, outcome="bait", caller=1, totals=(50, 90), recorded=(140, 0), hanging=0)
    assert match.scores == (151 + 140 + 70, 81) and match.hanging == 0


def test_throw_in_keeps_the_hanging_amount_and_passes_the_deal() -> None:
    match = DebertsMatch(seed=2, first_dealer=1)
    _finish_with(match, outcome="tie", caller=1, totals=(60, 60), recorded=(60, 0), hanging=60)
    assert match.deal.dealer == 1
    for _ in range(4):
        match.apply(Pass())
    assert match.hanging == 60 and match.scores == (60, 0)
    assert match.scoresheet[-1].result.outcome == "thrown-in"
    assert match.deal.dealer == 0  # after a throw-in the other player deals


def test_both_over_target_defender_wins_501_500() -> None:
    match = DebertsMatch(seed=3, first_dealer=0)
    match.scores = (450, 480)
    _finish_with(match, outcome="made", caller=0, totals=(60, 30), recorded=(60, 30))
    assert match.is_over and match.winner == 1
    assert match.final_score == (500, 501)
    assert match.legal_actions() == [] and match.current_player() is None
    with pytest.raises(IllegalActionError):
        match.apply(Pass())


def test_single_player_over_target_wins_with_unresolved_hanging() -> None:
    match = DebertsMatch(seed=3, first_dealer=0)
    match.scores = (480, 100)
    _finish_with(match, outcome="made", caller=0, totals=(100, 62), recorded=(100, 62))
    assert match.winner == 0 and match.final_score == (580, 162)
    match = DebertsMatch(seed=3, first_dealer=0)
    match.scores = (480, 100)
    _finish_with(match, outcome="tie", caller=1, totals=(70, 70), recorded=(70, 0), hanging=70)
    assert match.winner == 0 and match.hanging == 70  # shown unresolved, not added
    assert match.final_score == (550, 100)


def test_mars_option() -> None:
    for mars, stakes in ((False, 1), (True, 2)):
        match = DebertsMatch(seed=3, first_dealer=0, options=DebertsOptions(mars=mars))
        match.scores = (480, 100)
        _finish_with(match, outcome="made", caller=0, totals=(100, 62), recorded=(100, 62))
        assert match.stakes == stakes


def test_target_option_and_first_dealer_from_seed() -> None:
    dealers = {DebertsMatch(seed=s).first_dealer for s in range(20)}
    assert dealers == {0, 1}
    match = DebertsMatch(seed=1, options=DebertsOptions(target=100))
    match.scores = (90, 0)
    _finish_with(match, outcome="made", caller=0, totals=(20, 10), recorded=(20, 10))
    assert match.winner == 0


def test_match_undo_crosses_deal_boundaries() -> None:
    match = DebertsMatch(seed=8)
    keys = []
    while len(match.scoresheet) < 2:
        keys.append((match.deal.state_key(), match.scores, match.hanging, len(match.deals)))
        match.apply(match.legal_actions()[0])
    while keys:
        match.undo()
        assert (match.deal.state_key(), match.scores, match.hanging, len(match.deals)) == keys.pop()
