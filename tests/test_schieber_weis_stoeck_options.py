"""Schieber's ``weis`` and ``stoeck`` options: off, no Weis (or no Stöck) at all."""

from __future__ import annotations

import random

import pytest

from atout.bots.base import make_bot
from atout.games.actions import Play
from atout.games.schieber import SchieberDeal, SchieberMatch, SchieberOptions
from atout.notation import read_match, write_match

#: seat 0: K Q of hearts (Stöck with hearts trump) and a run of 3 in clubs; seat 1 a
#: run of 4 in spades; seat 3 a run of 3 in spades
HANDS = ["HK HQ H10 CA CK CQ D10 SA H9", "S6 S7 S8 S9 C7 D6 D7 HA H6",
         "C6 C8 CJ C10 D8 DJ DK H7 S10", "C9 DA D9 DQ H8 HJ SJ SQ SK"]
NO_WEIS = SchieberOptions(weis=False)
NO_STOECK = SchieberOptions(stoeck=False)
NEITHER = SchieberOptions(weis=False, stoeck=False)


def finish(deal: SchieberDeal, seed: int = 0) -> SchieberDeal:
    rng = random.Random(seed)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    return deal


def hearts(options: SchieberOptions | None = None) -> SchieberDeal:
    deal = SchieberDeal.from_hands(HANDS, forehand=0, options=options)
    deal.apply(deal.legal_actions()[2])  # trump H
    assert str(deal.view(0).contract) == "trump H"
    return deal


def test_options_string() -> None:
    assert str(SchieberOptions()) == "schieber"
    assert str(NEITHER) == "schieber(stoeck=false,weis=false)"
    assert SchieberOptions.parse("schieber(weis=false, stoeck=false)") == NEITHER
    assert SchieberOptions.parse("schieber(stoeck=off)") == NO_STOECK
    assert NEITHER.describe()["weis"] is False


def test_defaults_count_weis_and_stoeck() -> None:
    deal = hearts()
    assert deal.stoeck_seat == 0 and deal.weis_team == 1
    r = finish(deal).result
    assert r is not None and r.stoeck == (20, 0) and r.weis_points == (0, 70)


def test_without_weis_nothing_is_found_announced_shown_or_scored() -> None:
    deal = hearts(NO_WEIS)
    assert deal.weis == ((), (), (), ()) and deal.weis_team == -1
    assert deal.stoeck_seat == 0  # Stöck still count
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    for seat in range(4):
        view = deal.view(seat)
        assert view.weis_announced == (None, None, None, None)
        assert view.own_weis == () and view.shown_weis == () and view.weis_winner is None
    r = finish(deal).result
    assert r is not None and r.weis_points == (0, 0) and r.weis == ((), ())
    assert r.weis_winner is None and r.stoeck == (20, 0)
    assert sum(r.card_points) + sum(r.match_bonus) in (157, 257)


def test_without_stoeck() -> None:
    deal = hearts(NO_STOECK)
    assert deal.stoeck_seat == -1 and deal.weis_team == 1
    assert deal.view(0).running == (0, 0)  # seat 0 counts no Stöck of its own
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
        assert all(deal.view(s).stoeck is None for s in range(4))
    r = deal.result
    assert r is not None and r.stoeck == (0, 0) and r.stoeck_seat is None
    assert r.weis_points == (0, 70)


def test_without_both_the_deal_is_its_card_points() -> None:
    for seed in range(20):
        deal = finish(SchieberDeal(seed=seed, dealer=seed % 4, options=NEITHER), seed)
        r = deal.result
        assert r is not None
        assert sum(r.totals) in (157, 257)
        assert r.recorded == (r.totals[0] * r.factor, r.totals[1] * r.factor)


def test_undo_keeps_the_option() -> None:
    deal = SchieberDeal.from_hands(HANDS, forehand=0, options=NEITHER)
    deal.apply(deal.legal_actions()[2])
    deal.apply(Play(deal.legal_actions()[0].card))  # type: ignore[attr-defined]
    deal.undo()
    deal.undo()
    deal.apply(deal.legal_actions()[2])
    assert deal.weis_team == -1 and deal.stoeck_seat == -1


def test_match_record_round_trip() -> None:
    match = SchieberMatch(seed=3, options=NEITHER)
    bots = [make_bot("schieber", "medium", seed=s) for s in range(4)]
    for _ in range(3):
        deal = match.deal
        while not deal.is_over:
            seat = deal.current_player()
            assert seat is not None
            match.apply(bots[seat].choose(match.view(seat)))
    text = write_match(match)
    assert "weis=false" in text
    again = read_match(text)
    assert again.options == NEITHER  # type: ignore[attr-defined]
    assert again.scores == match.scores  # type: ignore[attr-defined]
    assert all(sum(row.weis) == 0 and sum(row.stoeck) == 0
               for row in again.scoresheet)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["medium", "pimc"])
def test_bots_play_without_weis_and_stoeck(name: str) -> None:
    """The search bots sample worlds with the deal's options and score them by its
    rules: without Weis and Stöck a world counts none."""
    from atout.bots.worlds import sample_worlds

    deal = SchieberDeal(seed=11, dealer=1, options=NEITHER)
    bots = [make_bot("schieber", name, seed=s) for s in range(4)]
    while not deal.is_over and len(deal.tricks) < 2:
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    seat = deal.current_player()
    assert seat is not None
    for world in sample_worlds(deal.view(seat), 5, random.Random(0)):
        assert world.options == NEITHER
        assert world.weis_team == -1 and world.stoeck_seat == -1
    finish(deal)
    r = deal.result
    assert r is not None and sum(r.totals) in (157, 257)
