"""Schieber: announcing the Weis (RULES.md Schieber 5).

In playing order, a player speaks only when their best Weis is at least equal to the best
announced so far, and says only what the comparison needs: the points; the length when
the points tie; the top card when the length ties too; whether it is in trump when the
top card ties too (trump contracts). A lower Weis is never announced.
"""

from __future__ import annotations

import random

import pytest

from atout.bots.worlds import WorldSampler, sample_worlds
from atout.cards import Rank, Suit
from atout.games.actions import parse_action
from atout.games.schieber import (
    SchieberDeal,
    SchieberMatch,
    SchieberOptions,
    WeisCall,
    best_weis,
    weis_key,
)
from atout.kits.schieber import weis_masks as schieber_weis_masks
from atout.notation import read_match, write_match
from schieber_support import expected_calls, expected_view_calls, spoken
from test_schieber import play_first_trick, weis_deal, weis_fill

A, K, Q = Rank.ACE, Rank.KING, Rank.QUEEN

#: seat 0 four kings (100, 4 long), seat 1 a run of 5 (100, 5), seat 2 four aces (100,
#: 4: lower than the run), seat 3 a run of 6 (100, 6)
HUNDREDS = ["CK DK HK SK", "C6 C7 C8 C9 C10", "CA DA HA SA", "H6 H7 H8 H9 H10 HJ"]
#: runs of 3 (20 each): seat 0 to the K (clubs), seat 1 to the A (spades), seat 2 to
#: the Q (diamonds), seat 3 to the A (hearts)
THREES = ["CJ CQ CK", "SQ SK SA", "D10 DJ DQ", "HQ HK HA"]


def calls_after_first_trick(runs: list[str], contract: str, forehand: int = 0) -> SchieberDeal:
    deal = weis_deal(runs, forehand=forehand, contract=contract)
    play_first_trick(deal)
    return deal


def test_points_tie_says_the_length_and_a_lower_weis_is_silent() -> None:
    deal = calls_after_first_trick(HUNDREDS, "obenabe")
    assert [sum(m.points for m in deal.weis[s]) for s in range(4)] == [100, 100, 100, 100]
    assert deal.view(0).weis_announced == (
        WeisCall(100), WeisCall(100, 5), None, WeisCall(100, 6)
    )
    assert deal.weis_team == 1


def test_length_tie_says_the_top_card_and_an_equal_later_weis_speaks() -> None:
    # Obenabe: the A beats the K; seat 2's Q is lower (silent); seat 3's hearts run to
    # the A equals seat 1's on everything: it is announced, and loses to the earlier
    deal = calls_after_first_trick(THREES, "obenabe")
    assert deal.view(2).weis_announced == (
        WeisCall(20), WeisCall(20, 3, A), None, WeisCall(20, 3, A)
    )
    assert deal.weis_team == 1
    # the same equal Weis played first: the other one is still announced in full
    deal = calls_after_first_trick(THREES, "obenabe", forehand=3)
    assert deal.view(0).weis_announced == (None, WeisCall(20, 3, A), None, WeisCall(20))
    assert deal.weis_team == 1 and deal.view(0).weis_winner == 1


def test_undenufe_inverts_the_rank_of_the_calls() -> None:
    # the lower run is stronger: K run (low J) first, A run (low Q) lower, Q run (low 10)
    # stronger, the hearts A run lower again
    deal = calls_after_first_trick(THREES, "undenufe")
    assert deal.view(1).weis_announced == (WeisCall(20), None, WeisCall(20, 3, Q), None)
    assert deal.weis_team == 0


def test_trump_contracts_say_trump_only_when_the_top_card_ties() -> None:
    # hearts trump: seat 3's run equals seat 1's but is in trump: stronger, and says so
    deal = calls_after_first_trick(THREES, "trump H")
    assert deal.view(0).weis_announced == (
        WeisCall(20), WeisCall(20, 3, A), None, WeisCall(20, 3, A, True)
    )
    # spades trump: seat 1's run is in trump; seat 3's equal non-trump run is lower
    deal = calls_after_first_trick(THREES, "trump S")
    assert deal.view(0).weis_announced == (WeisCall(20), WeisCall(20, 3, A), None, None)
    assert deal.weis_team == 1
    # clubs trump: neither A run is in trump: equal, both announced, the earlier wins
    deal = calls_after_first_trick(THREES, "trump C")
    assert deal.view(0).weis_announced == (
        WeisCall(20), WeisCall(20, 3, A), None, WeisCall(20, 3, A, False)
    )
    # seat 0's K run is in trump, but trump comes after the rank: the A runs still win
    assert deal.weis_team == 1


def test_higher_points_say_only_the_points() -> None:
    runs = ["C6 C7 C8", "", "S6 S7 S8 S9", "HJ DJ CJ SJ"]
    deal = calls_after_first_trick(runs, "trump D")
    assert deal.view(1).weis_announced == (WeisCall(20), None, WeisCall(50), WeisCall(200))
    # in the other order every Weis after the four jacks is lower: silent
    deal = calls_after_first_trick(runs, "trump D", forehand=3)
    assert deal.view(1).weis_announced == (None, None, None, WeisCall(200))
    assert deal.weis_team == 1


def test_calls_appear_one_by_one_with_the_first_cards() -> None:
    deal = weis_deal(THREES, forehand=1, contract="obenabe")
    for view in (deal.view(s) for s in range(4)):
        assert view.weis_announced == (None, None, None, None)
    order = [1, 2, 3, 0]
    expected = {1: WeisCall(20), 2: None, 3: WeisCall(20, 3, A), 0: None}
    for k in range(4):
        deal.apply(deal.legal_actions()[0])
        shown = tuple(expected[s] if s in order[: k + 1] else None for s in range(4))
        for s in range(4):
            assert deal.view(s).weis_announced == shown
    # after the first trick the winners' Weis are shown; seat 0's lower K run and seat
    # 2's Q run are never revealed
    view = deal.view(1)
    assert view.weis_winner == 1
    assert {s for s, _ in view.shown_weis} == {1, 3}
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
        assert deal.view(1).weis_announced == tuple(expected[s] for s in range(4))


@pytest.mark.parametrize("options", [SchieberOptions(), SchieberOptions(weis=False)])
def test_views_show_exactly_the_calls_of_the_rule(options: SchieberOptions) -> None:
    """Random deals: every view's calls are those of the independent reading, the
    seat's own Weis are its own, and only the winners' Weis are ever shown."""
    rng = random.Random(11)
    silent_with_weis = 0
    for i in range(150):
        deal = SchieberDeal(seed=i, dealer=i % 4, options=options)
        while True:
            want = expected_view_calls(deal)
            for seat in range(4):
                view = deal.view(seat)
                assert view.weis_announced == want, (i, seat)
                if view.phase != "choosing":
                    assert view.own_weis == deal.weis[seat]
                wt = deal.weis_team
                if deal.tricks and wt >= 0:
                    assert {s for s, _ in view.shown_weis} <= {wt, wt + 2}
                    assert view.shown_weis == tuple(
                        (s, m) for s in (wt, wt + 2) for m in deal.weis[s]
                    )
                else:
                    assert view.shown_weis == ()
            if deal.is_over:
                break
            acts = deal.legal_actions()
            deal.apply(acts[rng.randrange(len(acts))])
        if deal.contract >= 0 and deal.tricks:
            silent_with_weis += sum(
                1 for s in range(4) if deal.weis[s] and deal.view(0).weis_announced[s] is None
            )
    if options.weis:
        assert silent_with_weis > 20  # lower Weis that stayed unsaid
    else:
        assert silent_with_weis == 0


def test_calls_survive_a_record_round_trip() -> None:
    match = SchieberMatch(seed=4, options=SchieberOptions(target=1000))
    rng = random.Random(4)
    while not match.is_over:
        acts = match.legal_actions()
        match.apply(acts[rng.randrange(len(acts))])
    copy = read_match(write_match(match))
    assert len(copy.deals) == len(match.deals)
    for a, b in zip(match.deals, copy.deals, strict=True):
        assert a.calls == b.calls
        assert all(a.view(s) == b.view(s) for s in range(4))


# -- the world sampler ---------------------------------------------------------------
def test_weis_masks_fit_exactly_what_was_said() -> None:
    hearts = int(Suit.HEARTS)
    # a run of 5 to the K in trump: one place only
    assert schieber_weis_masks(WeisCall(100, 5, K, True), hearts) == [0x1F << (9 * hearts + 3)]
    # 100 with length 4: a four of a kind (10 Q K A), never a run
    fours = schieber_weis_masks(WeisCall(100, 4), hearts)
    assert len(fours) == 4 and all(m.bit_count() == 4 for m in fours)
    # a run of 3 to the A not in trump: the three other suits
    masks = schieber_weis_masks(WeisCall(20, 3, A, False), hearts)
    assert len(masks) == 3 and all(not m >> (9 * hearts) & 0x1FF for m in masks)
    # every mask of a bare call is a Weis of those points
    for points in (20, 50, 100, 200):
        for mask in schieber_weis_masks(WeisCall(points), hearts):
            assert best_weis(mask, hearts)[0].points == points


def _views_in_the_first_trick(count: int) -> list[tuple[SchieberDeal, int]]:
    """Positions of random deals with a call already said, in or just after the first
    trick, and a seat to look from."""
    rng = random.Random(3)
    found: list[tuple[SchieberDeal, int]] = []
    i = 0
    while len(found) < count:
        i += 1
        deal = SchieberDeal(seed=1000 + i, dealer=i % 4)
        deal.apply(rng.choice(deal.legal_actions()[:6]))
        if sum(1 for m in deal.weis if m) < 2:
            continue
        for _ in range(rng.randrange(2, 6)):
            deal.apply(rng.choice(deal.legal_actions()))
        if any(deal.view(0).weis_announced):
            found.append((deal, rng.randrange(4)))
    return found


def test_sampled_worlds_agree_with_what_was_said_and_no_more() -> None:
    """Each world's calls (by the independent reading) are the real ones; silent seats
    are left free to hold a lower Weis."""
    rng = random.Random(8)
    silent_lower = 0
    for deal, seat in _views_in_the_first_trick(25):
        view = deal.view(seat)
        for world in sample_worlds(view, 6, rng):
            assert expected_view_calls(world) == view.weis_announced
            assert world.view(seat) == view
            assert world.weis_team == deal.weis_team or not world.tricks
            for s in spoken(world) - {seat}:
                if view.weis_announced[s] is None and world.weis[s]:
                    silent_lower += 1
                    # silent, so lower than the best announced before it
                    before = [
                        weis_key(world.weis[o][0], world.contract)
                        for o in ((world.forehand + k) % 4 for k in range(4))
                        if o != s and view.weis_announced[o] is not None
                        and (o - world.forehand) % 4 < (s - world.forehand) % 4
                    ]
                    assert before and weis_key(world.weis[s][0], world.contract) < max(before)
    assert silent_lower > 0  # the sampler no longer rules out a silent player's Weis


def test_sampler_places_the_said_weis() -> None:
    # seat 1 said (20, 3, A); seen from seat 0, its run to the A must be in a world
    deal = weis_deal(THREES, contract="obenabe")
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    view = deal.view(0)
    assert view.weis_announced[1] == WeisCall(20, 3, A)
    sampler = WorldSampler(view)
    assert sampler.announced and sampler.announced[0][0] == 1
    rng = random.Random(1)
    for _ in range(20):
        world = sampler.draw(rng, 400)
        best = world.weis[1][0]
        assert (best.points, best.length, best.top) == (20, 3, A)
        assert expected_calls(world)[1] == WeisCall(20, 3, A)


def test_a_deal_with_weis_off_has_no_calls() -> None:
    deal = SchieberDeal.from_hands(
        weis_fill(HUNDREDS), forehand=0, options=SchieberOptions(weis=False)
    )
    deal.apply(parse_action("obenabe"))
    play_first_trick(deal)
    assert deal.calls == (None, None, None, None)
    assert all(deal.view(s).weis_announced == (None, None, None, None) for s in range(4))
