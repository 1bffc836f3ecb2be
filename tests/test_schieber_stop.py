"""Schieber: a match that stops in the middle of a deal (RULES.md Schieber 8).

The team that reaches the target writes all it counted; the losers keep what they had
written, which includes what of that deal was written already: their Weis once the
first trick is complete, their Stöck once announced (multiplied). Only their captures
of the deal are not added. A false claim (manual claims) counts nothing more for
anybody: both teams keep only what was written."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import Card
from atout.games.actions import Claim, Play
from atout.games.actions import parse_action as a
from atout.games.schieber import (
    SchieberDeal,
    SchieberMatch,
    SchieberOptions,
    SchieberScoreRow,
)

MANUAL = SchieberOptions(manual_claim=True)

REPRO_1 = ["CJ CK CA DA H7 H9 HJ HA SQ", "C7 C10 D7 D8 D9 DQ H6 S9 SK",
           "C8 CQ D10 DJ H8 HK S7 S8 SA", "C6 C9 D6 DK H10 HQ S6 S10 SJ"]
REPRO_3 = ["CQ CK D6 D9 H6 HQ HK S6 SK", "C8 C10 CJ DQ DK H7 HA S9 SA",
           "C6 C7 C9 CA D10 DJ H10 S7 S10", "D7 D8 DA H8 H9 HJ S8 SJ SQ"]
PLAY_1 = ["trump H", "HJ", "H6", "HK", "HQ"]
PLAY_3 = ["trump C", "H9", "CK", "HA", "C9", "CA", "S8", "CQ", "CJ"]


def deal_1(scores: tuple[int, int], options: SchieberOptions | None = None) -> SchieberDeal:
    return SchieberDeal.from_hands(REPRO_1, forehand=0, scores=scores, options=options)


def deal_3(scores: tuple[int, int], options: SchieberOptions | None = None) -> SchieberDeal:
    return SchieberDeal.from_hands(REPRO_3, dealer=2, scores=scores, options=options)


def play(deal: SchieberDeal, actions: list[str]) -> SchieberDeal:
    for x in actions:
        deal.apply(a(x))
    return deal


# -- the three reproductions ------------------------------------------------------
def test_losers_keep_their_weis_written_at_the_first_trick() -> None:
    d = SchieberDeal.from_hands(["CJ CK CA DA H7 H9 HJ HA SQ", "C7 C10 D7 D8 D9 DQ H6 S9 SK",
        "C8 CQ D10 DJ H8 HK S7 S8 SA", "C6 C9 D6 DK H10 HQ S6 S10 SJ"], forehand=0,
        scores=(2970, 2838))
    for x in ["trump H", "HJ", "H6", "HK", "HQ"]:
        d.apply(a(x))
    r = d.result
    assert r is not None and r.match_winner == 0 and r.reached_by == "tricks"
    assert r.recorded == (54, 40)


def test_losers_kept_weis_lift_them_out_of_schneider() -> None:
    m = SchieberMatch(seed=106)
    while not m.is_over:
        m.apply(m.legal_actions()[-1])
    assert (m.scores, m.schneider, m.stakes) == ((3092, 1716), False, 1)
    last = m.scoresheet[-1]
    assert last.result.outcome == "claim" and last.recorded == (1028, 240)
    assert last.weis == (0, 240) and last.cards == (1028, 0)


def test_losers_keep_their_announced_stoeck() -> None:
    d = SchieberDeal.from_hands(["CQ CK D6 D9 H6 HQ HK S6 SK", "C8 C10 CJ DQ DK H7 HA S9 SA",
        "C6 C7 C9 CA D10 DJ H10 S7 S10", "D7 D8 DA H8 H9 HJ S8 SJ SQ"], dealer=2,
        scores=(2530, 2990))
    for x in ["trump C", "H9", "CK", "HA", "C9", "CA", "S8", "CQ", "CJ"]:
        d.apply(a(x))
    r = d.result
    assert r is not None and r.match_winner == 1
    assert r.recorded == (20, 34)
    row = SchieberScoreRow.of(1, r, (2550, 3024))
    assert row.stoeck == (20, 0) and row.cards == (0, 34) and row.weis == (0, 0)


# -- the rest of the ruling, on the same hands -----------------------------------------------
def test_losers_unannounced_stoeck_is_not_written() -> None:
    # seat 0 holds CK CQ (trump) and still has both when team 1's HA takes the target
    d = play(deal_3((2530, 2990)), ["trump C", "H9", "H6", "HA", "H10"])
    r = d.result
    assert r is not None and r.match_winner == 1 and r.recorded == (0, 21)
    assert r.stoeck == (0, 0) and r.stoeck_seat == 0  # held, never announced: nothing
    assert r.totals == (0, 21)


def test_manual_claim_the_losers_keep_what_was_written() -> None:
    d = play(deal_1((2970, 2838), MANUAL), PLAY_1)
    assert not d.is_over and d.current_player() == 0
    assert d.claim_total(0) == 3024
    d.apply(Claim())
    r = d.result
    assert r is not None and r.outcome == "claim" and r.match_winner == 0
    assert r.recorded == (54, 40)


def test_false_claim_both_teams_keep_only_what_was_written() -> None:
    d = play(deal_1((2900, 2838), MANUAL), PLAY_1)
    d.apply(Claim())  # 2900 + 54 < 3000
    r = d.result
    assert r is not None and r.outcome == "false-claim" and r.match_winner == 1
    assert r.recorded == (0, 40)  # team 0's capture is not written, team 1's Weis are
    # the claimant's announced Stöck stay written too
    d = play(deal_3((0, 0), MANUAL), PLAY_3)
    assert d.current_player() == 1  # the Puur won the second trick
    d.apply(Claim())
    r = d.result
    assert r is not None and r.outcome == "false-claim" and r.match_winner == 0
    assert r.recorded == (20, 0)
    row = SchieberScoreRow.of(1, r, (20, 0))
    assert row.stoeck == (20, 0) and row.cards == (0, 0)


def test_a_claim_counts_unannounced_stoeck_a_false_one_does_not() -> None:
    d = play(deal_3((2980, 0), MANUAL), ["trump C", "H9"])
    assert d.current_player() == 0 and d.claim_total(0) == 3000
    d.apply(Claim())
    r = d.result
    assert r is not None and r.outcome == "claim" and r.recorded == (20, 0)
    d = play(deal_3((2979, 0), MANUAL), ["trump C", "H9"])
    d.apply(Claim())
    r = d.result
    assert r is not None and r.outcome == "false-claim" and r.match_winner == 1
    assert r.recorded == (0, 0) and r.stoeck == (0, 0)


# -- properties over random play near the target ------------------------------------------------
def stoeck_announced(deal: SchieberDeal) -> bool:
    """Worked out from the actions: the holder played both, or both were among the
    counted (shown) Weis after the first trick."""
    s = deal.stoeck_seat
    assert s >= 0
    kq = {Card(deal.contract * 9 + 6), Card(deal.contract * 9 + 7)}  # Q and K of trump
    assert {c.rank.name for c in kq} == {"QUEEN", "KING"}
    played = {act.card for seat, act in deal.actions if seat == s and isinstance(act, Play)}
    if kq <= played:
        return True
    if deal.tricks and deal.weis_team == s % 2:
        shown = {Card(i) for m in deal.weis[s] for i in range(36) if m.mask >> i & 1}
        return kq <= shown
    return False


def written_of_deal(deal: SchieberDeal, team: int) -> int:
    """What ``team`` had written of this deal when it stopped (multiplied)."""
    points = 0
    if deal.tricks and deal.weis_team == team:
        points += sum(m.points for s in (team, team + 2) for m in deal.weis[s])
    if deal.stoeck_seat >= 0 and deal.stoeck_seat % 2 == team and stoeck_announced(deal):
        points += 20
    return points * deal.factor


def check_stopped(deal: SchieberDeal) -> tuple[int, int]:
    """Check a finished deal against the ruling; return (kept Weis, kept Stöck) flags."""
    r = deal.result
    assert r is not None
    target = deal.options.target
    if r.outcome == "played":
        assert r.recorded == (r.totals[0] * r.factor, r.totals[1] * r.factor)
        return (0, 0)
    claimant = r.claimant
    assert claimant is not None
    if r.outcome == "claim":
        winner = claimant
        assert r.match_winner == winner
        assert r.recorded[winner] == deal.claim_total(winner) - deal.scores[winner]
        assert deal.scores[winner] + r.recorded[winner] >= target
        losers = [1 - winner]
    else:
        assert r.match_winner == 1 - claimant
        assert deal.claim_total(claimant) < target
        losers = [0, 1]
    kept_weis = kept_stoeck = 0
    for team in losers:
        assert r.recorded[team] == written_of_deal(deal, team)
        kept_weis |= bool(deal.tricks and deal.weis_team == team)
        kept_stoeck |= bool(
            deal.stoeck_seat >= 0 and deal.stoeck_seat % 2 == team and stoeck_announced(deal)
        )
    row = SchieberScoreRow.of(1, r, deal.scores)
    for team in (0, 1):
        assert row.weis[team] + row.stoeck[team] + row.cards[team] == r.recorded[team]
        if team in losers:
            assert row.cards[team] == 0
    return (kept_weis, kept_stoeck)


def random_finish(deal: SchieberDeal, rng: random.Random, claim_rate: float = 0.0) -> None:
    while not deal.is_over:
        legal = deal.legal_actions()
        claims = [x for x in legal if isinstance(x, Claim)]
        if claims and rng.random() < claim_rate:
            deal.apply(claims[0])
        else:
            deal.apply(rng.choice([x for x in legal if not isinstance(x, Claim)]))


near = st.tuples(st.integers(2300, 2999), st.integers(2300, 2999))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), scores=near)
def test_property_a_deal_near_the_target(seed: int, dealer: int, scores: tuple[int, int]) -> None:
    deal = SchieberDeal(seed=seed, dealer=dealer, scores=scores)
    random_finish(deal, random.Random(seed))
    check_stopped(deal)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), scores=near)
def test_property_manual_claims_near_the_target(
    seed: int, dealer: int, scores: tuple[int, int]
) -> None:
    deal = SchieberDeal(seed=seed, dealer=dealer, scores=scores, options=MANUAL)
    random_finish(deal, random.Random(seed), claim_rate=0.15)
    check_stopped(deal)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.integers(150, 1000), manual=st.booleans())
def test_property_matches_scores_and_schneider(seed: int, target: int, manual: bool) -> None:
    options = SchieberOptions(target=target, manual_claim=manual)
    match = SchieberMatch(seed=seed, options=options)
    rng = random.Random(seed)
    rows = 0
    while not match.is_over:
        deal, before = match.deal, match.scores
        legal = match.legal_actions()
        claims = [x for x in legal if isinstance(x, Claim)]
        if claims and rng.random() < 0.1:
            match.apply(claims[0])
        else:
            match.apply(rng.choice([x for x in legal if not isinstance(x, Claim)]))
        if len(match.scoresheet) > rows:  # the deal just ended
            rows += 1
            r = deal.result
            assert r is not None
            check_stopped(deal)
            assert match.scores == (before[0] + r.recorded[0], before[1] + r.recorded[1])
            assert match.scoresheet[-1].recorded == r.recorded
            assert match.scoresheet[-1].scores == match.scores
    assert match.winner is not None
    loser = match.scores[1 - match.winner]
    assert match.schneider == (loser * 2 < target)
    assert match.stakes == (2 if loser * 2 < target else 1)


def test_sweep_stops_where_the_losers_keep_weis_and_stoeck() -> None:
    """Not vacuous: over seeded deals near the target, losers do keep Weis and Stöck."""
    seen = [0, 0]
    stops = 0
    for seed in range(2000):
        deal = SchieberDeal(seed=seed, dealer=seed % 4, scores=(2850 + seed % 140, 2900))
        random_finish(deal, random.Random(seed))
        assert deal.result is not None
        if deal.result.outcome == "claim":
            stops += 1
        w, s = check_stopped(deal)
        seen[0] += w
        seen[1] += s
    assert stops > 1500 and seen[0] > 100 and seen[1] > 5


def test_a_record_of_a_stopped_match_reads_back_with_what_the_losers_kept() -> None:
    from atout.notation import parse_match, read_match, write_match

    m = SchieberMatch(seed=106)
    while not m.is_over:
        m.apply(m.legal_actions()[-1])
    text = write_match(m)
    assert parse_match(text).header("Result") == "3092-1716"
    assert "# claim: 1028-240, scores 3092-1716" in text
    again = read_match(text)
    assert again.scores == (3092, 1716) and again.winner == 0
    assert [row.recorded for row in again.scoresheet] == [row.recorded for row in m.scoresheet]
    assert not again.schneider  # type: ignore[attr-defined]
