"""Properties of Deberts over thousands of seeded random deals and matches."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import Card, CardSet
from atout.games.actions import Play, parse_action
from atout.games.base import IllegalActionError, Meld
from atout.games.deberts import POINTS, DebertsDeal, DebertsMatch, DebertsOptions


def cards_in(value: Any) -> set[Card]:
    """Every card mentioned anywhere in a view (fields, tuples, sets, melds, results)."""
    found: set[Card] = set()
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, CardSet):
        found.update(value)
    elif isinstance(value, Meld):
        found.update(value.cards)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= cards_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            found |= cards_in(item)
    return found


def hidden_from(deal: DebertsDeal, seat: int) -> set[Card]:
    """Cards ``seat`` may not know: the opponent's hand (less what was shown) and the stock."""
    other = 1 - seat
    shown = 0
    if deal.seq_winner == other and deal.tricks:
        shown = sum(m.mask for m in deal.declared[other] or ())
    if deal.exchange_seat == other:
        shown |= 1 << deal.deck[12]
    stock = sum(1 << c for c in deal.deck[19:31])  # the bottom card (31) is public
    if deal.bottom < 0:
        stock = sum(1 << c for c in deal.deck[13:32])
    hidden = (deal.hands[other] & ~shown) | stock
    return set(CardSet(hidden))


def random_deal(seed: int, options: DebertsOptions | None = None) -> DebertsDeal:
    rng = random.Random(seed)
    deal = DebertsDeal(seed=seed, dealer=seed % 2, options=options)
    while not deal.is_over:
        actions = deal.legal_actions()
        assert actions, "legal actions are never empty before the end"
        deal.apply(actions[rng.randrange(len(actions))])
    return deal


def test_thousands_of_random_deals_keep_the_invariants() -> None:
    options = DebertsOptions(doubling=True, four_sevens=True)
    for seed in range(3000):
        rng = random.Random(seed)
        deal = DebertsDeal(seed=seed, dealer=seed % 2, options=options if seed % 3 == 0 else None)
        steps = 0
        while not deal.is_over:
            for seat in (0, 1):
                view = deal.view(seat)
                assert not cards_in(view) & hidden_from(deal, seat), (seed, steps, seat)
                assert view.hand == deal.hand(seat)
            actions = deal.legal_actions()
            assert actions
            deal.apply(actions[rng.randrange(len(actions))])
            steps += 1
            # no card lost or duplicated
            hands = deal.hands[0] | deal.hands[1]
            assert deal.hands[0] & deal.hands[1] == 0
            played = 0
            for _, a, b, _ in deal.tricks:
                played |= 1 << a | 1 << b
            played |= sum(1 << c for c in deal.trick)
            assert hands & played == 0
            assert hands.bit_count() + played.bit_count() == (18 if deal.bottom >= 0 else 12)
        r = deal.result
        assert r is not None
        if not r.played:
            continue
        in_play = sum(1 << c for c in deal.deck[:12] + deal.deck[13:19])
        if deal.exchange_seat >= 0:
            seven = 9 * deal.trump + 1
            in_play = in_play & ~(1 << seven) | 1 << deal.deck[12]
        value = sum(POINTS[deal.trump][c] for c in CardSet(in_play))
        assert sum(r.card_points) == value + 10
        assert sum(r.tricks) == 9
        assert r.totals[0] == r.card_points[0] + r.sequence_points[0] + r.bela[0]
        assert r.totals[1] == r.card_points[1] + r.sequence_points[1] + r.bela[1]
        assert 0 in r.sequence_points
        if r.outcome == "made":
            assert r.recorded == tuple(t * r.factor for t in r.totals)
        elif r.outcome == "bait":
            assert sum(r.recorded) == sum(r.totals) * r.factor and r.recorded[r.caller] == 0
        else:
            assert r.hanging == r.totals[r.caller] * r.factor  # type: ignore[index]


def test_random_matches_end_and_scoresheet_adds_up() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        match = DebertsMatch(seed=seed)
        while not match.is_over:
            actions = match.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
            assert len(match.deals) < 500
        scores = (0, 0)
        hanging = 0
        for row in match.scoresheet:
            r = row.result
            if r.played:
                paid = row.hanging_paid
                add = [r.recorded[0], r.recorded[1]]
                if hanging:
                    assert paid is not None and paid[1] == hanging
                    add[paid[0]] += hanging
                else:
                    assert paid is None
                scores = (scores[0] + add[0], scores[1] + add[1])
                hanging = r.hanging
            assert row.scores == scores and row.hanging == hanging
        assert match.scores == scores and match.winner is not None
        assert max(match.scores) >= 501


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_same_seed_same_game(seed: int) -> None:
    a, b = random_deal(seed), random_deal(seed)
    assert a.actions == b.actions and a.result == b.result
    m1, m2 = DebertsMatch(seed=seed), DebertsMatch(seed=seed)
    assert m1.deal.deck == m2.deal.deck and m1.first_dealer == m2.first_dealer


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.data())
def test_illegal_actions_change_nothing_and_undo_restores(seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deal = DebertsDeal(seed=seed, dealer=seed % 2, options=DebertsOptions(doubling=True))
    everything = [parse_action(t) for t in (
        "pass", "trump C", "trump D", "trump H", "trump S", "exchange", "double", "redouble",
        "sevens", "push", "claim", "obenabe", "capot")] + [Play(c) for c in Card]
    keys = []
    while not deal.is_over:
        legal = set(deal.legal_actions())
        for action in everything:
            error = deal.why_illegal(action)
            assert (error is None) == (action in legal), action
            if error is not None:
                before = deal.state_key()
                try:
                    deal.apply(action)
                except IllegalActionError as exc:
                    assert exc.rule
                else:
                    raise AssertionError(f"{action} should be illegal")
                assert deal.state_key() == before
        copy = deal.copy()
        assert copy == deal and copy is not deal
        keys.append(deal.state_key())
        deal.apply(data.draw(st.sampled_from(sorted(legal, key=str))) if rng.random() < 0.1
                   else sorted(legal, key=str)[rng.randrange(len(legal))])
        assert copy != deal or deal.is_over
    while keys:
        deal.undo()
        assert deal.state_key() == keys.pop()


def test_no_event_a_seat_receives_names_a_card_hidden_from_it() -> None:
    """The secrecy check above, run on the seats' event streams of whole matches: the
    events of each action that a seat may know name no card of the other hand (less
    what was shown) or of the stock, against the deal they belong to."""
    from atout.games.events import DealStarted, Dealt, cards_named

    options = DebertsOptions(doubling=True, four_sevens=True, target=301)
    for seed in range(60):
        rng = random.Random(seed)
        match = DebertsMatch(seed, options if seed % 2 else None)
        while not match.is_over:
            legal = match.legal_actions()
            events = match.apply(legal[rng.randrange(len(legal))])
            cut = next((k for k, e in enumerate(events) if isinstance(e, DealStarted)), None)
            for k, event in enumerate(events):
                new_deal = cut is not None and k >= cut
                deal = match.deal if new_deal or (cut is None and not match.is_over) else (
                    match.deals[-1]
                )
                named = set(cards_named(event))
                for seat in (0, 1):
                    if event.to is None or event.to == seat:
                        assert not named & hidden_from(deal, seat), (seed, seat, event)
                if isinstance(event, Dealt):  # the control: hidden from the other seat
                    assert event.to is not None
                    assert named and named <= hidden_from(deal, 1 - event.to), (seed, event)
