"""The engine's events: a seat's stream rebuilds its view exactly, the public stream
rebuilds the public view, no stream names a card its receiver may not know, and undo
takes the events back with the action."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from atout.cards import CardSet
from atout.games.actions import Claim
from atout.games.belote import BeloteFold
from atout.games.deberts import DebertsFold
from atout.games.events import (
    Acted,
    DealScored,
    DealStarted,
    Dealt,
    Event,
    Fold,
    Legal,
    MatchOver,
    cards_named,
)
from atout.games.schieber import SchieberFold
from atout.kits import get_game
from web_support import hidden_from

FOLDS: dict[str, type[Fold]] = {
    "deberts": DebertsFold,
    "belote": BeloteFold,
    "schieber": SchieberFold,
}

#: Options that reach every kind of event: doubling and the four sevens, the announced
#: capot, manual claims (false ones too) and stops in the middle of a deal.
OPTIONS = {
    "deberts": ["deberts(target=301)", "deberts(doubling=true,four_sevens=true,target=201)"],
    "belote": ["belote(target=501)", "belote(announced_capot=true,target=301)",
               "belote(announcements=false,target=301)"],
    "schieber": ["schieber(target=700)", "schieber(manual_claim=true,target=500)",
                 "schieber(weis=false,stoeck=false,target=500)"],
}


def _match(game: str, seed: int, options: str) -> Any:
    info = get_game(game)
    return info.match(seed, info.options.parse(options))


def _choose(rng: random.Random, legal: list[Any], claims: bool) -> Any:
    if not claims:
        legal = [a for a in legal if not isinstance(a, Claim)] or legal
    return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("game", list(FOLDS))
def test_each_stream_rebuilds_its_view_at_every_step(game: str) -> None:
    n = get_game(game).num_players
    for i, options in enumerate(OPTIONS[game] * 4):
        seed = 1000 * i + 7
        rng = random.Random(seed)
        match = _match(game, seed, options)
        folds = {seat: FOLDS[game](seat) for seat in [*range(n), None]}
        for seat, fold in folds.items():
            fold.feed(match.public_events() if seat is None else match.events_for(seat))
        steps = 0
        while True:
            for seat, fold in folds.items():
                expected = match.public_view() if seat is None else match.view(seat)
                assert fold.view() == expected, (options, seed, steps, seat)
            if match.is_over:
                break
            events = match.apply(_choose(rng, match.legal_actions(), rng.random() < 0.02))
            assert match.events[len(match.events) - len(events):] == tuple(events)
            for seat, fold in folds.items():
                fold.feed(e for e in events if e.to is None or e.to == seat)
            steps += 1
        assert isinstance(match.events[-1], MatchOver)
        # a fresh fold of the whole stream rebuilds the same view as the running one
        for seat in range(n):
            assert FOLDS[game](seat).feed(match.events_for(seat)).view() == match.view(seat)


@pytest.mark.parametrize("game", list(FOLDS))
def test_every_action_is_in_the_streams_once_and_in_order(game: str) -> None:
    match = _match(game, 3, OPTIONS[game][0])
    rng = random.Random(3)
    taken = []
    while not match.is_over:
        seat = match.current_player()
        action = _choose(rng, match.legal_actions(), False)
        taken.append((seat, action))
        match.apply(action)
    for stream in (match.public_events(), match.events_for(0)):
        acted = [(e.seat, e.action) for e in stream if isinstance(e, Acted)]
        assert acted == taken
    assert sum(isinstance(e, DealScored) for e in match.events) == len(match.deals)
    assert sum(isinstance(e, DealStarted) for e in match.events) == len(match.deals)


def _check_stream(events: list[Event], deal: Any, seat: int | None) -> list[str]:
    hidden = hidden_from(deal, seat)
    leaks = []
    for event in events:
        named = {card.name for card in cards_named(event)}
        if named & hidden:
            leaks.append(f"{type(event).__name__}: {sorted(named & hidden)}")
    return leaks


@pytest.mark.parametrize("game", list(FOLDS))
def test_no_stream_names_a_card_its_receiver_may_not_know(game: str) -> None:
    n = get_game(game).num_players
    for i, options in enumerate(OPTIONS[game] * 3):
        seed = 77 * i + 1
        rng = random.Random(seed)
        match = _match(game, seed, options)
        found_in_the_whole_log = False
        while not match.is_over:
            events = match.apply(_choose(rng, match.legal_actions(), rng.random() < 0.02))
            # events before a new deal belong to the deal that ended
            cut = next(
                (k for k, e in enumerate(events) if isinstance(e, DealStarted)), len(events)
            )
            ended = match.deals[-1] if cut < len(events) or match.is_over else match.deal
            for seat in [*range(n), None]:
                mine = [(k, e) for k, e in enumerate(events) if e.to is None or e.to == seat]
                before = [e for k, e in mine if k < cut]
                after = [e for k, e in mine if k >= cut]
                assert not _check_stream(before, ended, seat), (options, seed, seat)
                assert not _check_stream(after, match.deal, seat), (options, seed, seat)
            # the control: every seat's events together name cards hidden from seat 0
            if _check_stream([e for e in events if isinstance(e, (Dealt, Legal))],
                             match.deal, 0):
                found_in_the_whole_log = True
        assert found_in_the_whole_log


@pytest.mark.parametrize("game", list(FOLDS))
def test_undo_takes_back_the_events_of_the_action(game: str) -> None:
    match = _match(game, 11, OPTIONS[game][0])
    rng = random.Random(11)
    logs = [match.events]
    while not match.is_over:
        match.apply(_choose(rng, match.legal_actions(), False))
        logs.append(match.events)
    for expected in reversed(logs[:-1]):
        match.undo()
        assert match.events == expected
    assert len(match.public_events()) < len(logs[0])  # the first deal's cards are private


def test_a_seat_stream_starts_with_the_match_and_its_own_cards() -> None:
    match = _match("belote", 5, "belote")
    stream = match.events_for(2)
    dealt = [e for e in stream if isinstance(e, Dealt)]
    assert [e.to for e in dealt] == [2]
    assert dealt[0].cards == CardSet(match.deal.hands[2])
    assert all(e.to in (None, 2) for e in stream)


#: The fields of a view that belong to its seat (the public view has none of them).
OWN = {"seat", "hand", "legal_actions", "own_sequences", "own_weis", "own_announcements",
       "opponent_hand_size", "running"}


@pytest.mark.parametrize("game", list(FOLDS))
def test_the_public_view_is_what_every_seat_view_shares(game: str) -> None:
    n = get_game(game).num_players
    for i, options in enumerate(OPTIONS[game]):
        rng = random.Random(i)
        match = _match(game, 500 + i, options)
        while True:
            public = match.public_view()
            views = [match.view(seat) for seat in range(n)]
            if match.deals:  # a finished deal's public view too (the web's previous deal)
                last = match.deals[-1]
                seen = [last.view(seat) for seat in range(n)]
                assert last.public_view() == dataclasses.replace(
                    seen[0], seat=-1, hand=CardSet(), legal_actions=(),
                    **_blank_own(seen[0], seen),
                )
            for f in dataclasses.fields(public):
                if f.name in OWN:
                    continue
                assert all(getattr(v, f.name) == getattr(public, f.name) for v in views), f.name
            assert public.seat == -1 and not public.hand and not public.legal_actions
            if game == "schieber":  # what every seat counts: a Stöck only once public
                assert public.running == tuple(
                    min(v.running[team] for v in views) for team in (0, 1)
                )
            if match.is_over:
                break
            match.apply(_choose(rng, match.legal_actions(), rng.random() < 0.02))


def _blank_own(view: Any, views: list[Any]) -> dict[str, Any]:
    """The public values of a view's own fields other than seat, hand and legal actions."""
    blank: dict[str, Any] = {}
    for name in ("own_sequences", "own_weis", "own_announcements"):
        if hasattr(view, name):
            blank[name] = ()
    if hasattr(view, "opponent_hand_size"):
        blank["opponent_hand_size"] = 0
    if hasattr(view, "running"):
        blank["running"] = tuple(min(v.running[t] for v in views) for t in (0, 1))
    return blank


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_the_legal_actions_a_match_reuses_follow_the_deal(game: str) -> None:
    """``Match.legal_actions`` reuses the last ``Legal`` event's actions only while the
    deal is unchanged: after an undo, and after the deal was changed directly (an action
    applied to it, and one undone), it gives the deal's own."""
    info = get_game(game)
    match = info.match(11)
    rng = random.Random(3)
    for step in range(60):
        assert match.legal_actions() == match.deal.legal_actions()
        if step % 7 == 3:
            match.undo()
            assert match.legal_actions() == match.deal.legal_actions()
        elif step % 7 == 5:  # behind the match's back: apply, undo, apply another
            deal = match.deal
            legal = deal.legal_actions()
            deal.apply_unchecked(legal[0])
            assert match.legal_actions() == deal.legal_actions()
            deal.undo()
            deal.apply_unchecked(legal[-1])
            assert match.legal_actions() == deal.legal_actions()
            deal.undo()
        legal = match.legal_actions()
        events = match.apply_unchecked(legal[rng.randrange(len(legal))])
        if match.is_over:
            break
        assert events[-1] == Legal(tuple(match.legal_actions()), to=match.current_player())


def test_events_are_built_as_their_dataclass_builds_them() -> None:
    """The engine builds events through their slots (``_make``, a faster ``__init__``)
    and shares the card and turn events: they equal what the dataclass builds, and stay
    immutable, with the dataclass's parameters and checks."""
    from atout.cards import CARDS
    from atout.games.events import CARD_PLAYED, CardPlayed, Turn, turn

    assert CARD_PLAYED[2][5] == CardPlayed(2, CARDS[5]) == CardPlayed._make(2, CARDS[5])
    assert turn(1, "play") == Turn(1, "play") and turn(1, "play") is turn(1, "play")
    assert Legal._make((), 3) == Legal((), to=3) != Legal(())
    assert DealStarted(1, 0, 1, None, (0, 0)).to is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn(1, "play").seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Turn(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Turn(1, "play", 2)  # type: ignore[call-arg]
    assert dataclasses.replace(Turn(1, "play"), to=1) == Turn(1, "play", to=1)


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_a_match_that_keeps_no_events_plays_the_same_match(game: str) -> None:
    """``keeps_events = False`` (bulk simulation, the environments) changes nothing but
    the events: the same actions give the same deals, scores and winner, undo still
    works, and no event is built or kept."""

    from atout.kits import get_game

    info = get_game(game)
    told, quiet = info.match(seed=11), info.match(seed=11)
    quiet.keeps_events = False
    kept = len(quiet.events)
    rng = random.Random(5)
    while not told.is_over:
        legal = told.legal_actions()
        assert quiet.legal_actions() == legal
        action = legal[rng.randrange(len(legal))]
        assert told.apply(action)
        assert quiet.apply(action) == []
        if rng.random() < 0.05 and quiet.deal._history:
            told.undo()
            quiet.undo()
            assert quiet.view(0) == told.view(0)
    assert quiet.is_over and (quiet.scores, quiet.winner) == (told.scores, told.winner)
    assert quiet.scoresheet == told.scoresheet
    assert len(quiet.events) == kept
