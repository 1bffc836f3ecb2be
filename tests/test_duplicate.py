"""Duplicate nights (issue 26, point 3): boards, movement, scoring, Swiss, bots, export."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.clubs.duplicate import (
    BoardResult,
    Entrant,
    Night,
    NightError,
    NightSetup,
    Round,
    Table,
    board_scores,
    fill_with_bots,
    format_score,
    pair_round,
    standings,
)
from atout.clubs.play import play_bot_table
from atout.notation import read_position

GAMES = ("deberts", "belote", "schieber")


def _entrants(n: int, per: int = 2) -> list[Entrant]:
    return [Entrant(i + 1, tuple(f"p{i + 1}{c}" for c in "ab"[:per])) for i in range(n)]


# -- a night computed by hand -------------------------------------------------------------
def test_hand_computed_night() -> None:
    """Four Belote pairs, two rounds of two boards, totals worked out on paper.

    Round 1, table 1: pair 1 (side 0) against pair 2; table 2: pair 3 against pair 4.
    Board 1 is straight at table 1 and turned at table 2 (pairs 1 and 4 hold the same
    cards); board 2 the other way round (pairs 2 and 3 hold board 2's side-0 cards).

    * board 1: table 1 writes 100-62 (pair 1's net +38), table 2 writes 82-80, so
      pair 4 (side 1, the cards of board side 0) nets 80-82 = -2. Average +18:
      pair 1 +20, pair 2 -20, pair 4 -20, pair 3 +20.
    * board 2: table 1 turned, 0-162: pair 2 nets +162; table 2 straight, 90-72: pair 3
      nets +18. Average 90: pair 2 +72, pair 1 -72, pair 3 -72, pair 4 +72.

    After round 1: pair 1 -52, pair 2 +52, pair 3 -52, pair 4 +52. Swiss: 2 and 4 lead
    and have not met, 1 and 3 neither: round 2 is 2 v 4 and 1 v 3.

    * board 3: table 1 straight 50-112 (pair 2 nets -62), table 2 turned 40-122 (pair 3,
      side 1, nets +82). Average +10: pair 2 -72, pair 4 +72, pair 3 +72, pair 1 -72.
    * board 4: table 1 turned 16-146 (pair 4 nets +130), table 2 straight 16-146 (pair 1
      nets -130). Average 0: pair 4 +130, pair 2 -130, pair 1 -130, pair 3 +130.

    Totals: pair 4 +254, pair 3 +150, pair 2 -150, pair 1 -254 (they sum to zero).
    """
    setup = NightSetup("belote", rounds=2, boards_per_round=2, seed=1)
    entrants = _entrants(4)
    r1 = Round(1, (Table(1, ((1,), (2,))), Table(2, ((3,), (4,)))), (1, 2))
    assert [r1.tables[0].turned(i) for i in (0, 1)] == [False, True]
    assert [r1.tables[1].turned(i) for i in (0, 1)] == [True, False]
    results = [
        BoardResult(1, 1, 1, False, (100, 62)), BoardResult(1, 2, 1, True, (82, 80)),
        BoardResult(1, 1, 2, True, (0, 162)), BoardResult(1, 2, 2, False, (90, 72)),
    ]
    after1 = {s.entrant: s.total for s in standings(entrants, [r1], results)}
    assert after1 == {1: -52, 2: 52, 3: -52, 4: 52}
    r2 = pair_round(setup, entrants, [r1], results)
    assert r2.boards == (3, 4)
    assert [t.sides for t in r2.tables] == [((2,), (4,)), ((1,), (3,))]
    results += [
        BoardResult(2, 1, 3, False, (50, 112)), BoardResult(2, 2, 3, True, (40, 122)),
        BoardResult(2, 1, 4, True, (16, 146)), BoardResult(2, 2, 4, False, (16, 146)),
    ]
    final = standings(entrants, [r1, r2], results)
    assert [(s.place, s.entrant, s.total) for s in final] == [
        (1, 4, 254), (2, 3, 150), (3, 2, -150), (4, 1, -254)
    ]
    assert final[0].boards == {1: -20, 2: 72, 3: 72, 4: 130}
    # matchpoints on board 1: pair 1 beat pair 4 with the same cards
    mp = board_scores(results[:2], "matchpoints")
    assert mp == {(1, 0): 2, (1, 1): 0, (2, 1): 0, (2, 0): 2}


def test_an_odd_average_is_kept_exact() -> None:
    rows = [BoardResult(1, t, 1, False, rec) for t, rec in ((1, (1, 0)), (2, (0, 0)),
                                                             (3, (0, 0)))]
    scores = board_scores(rows)
    assert scores[(1, 0)] == Fraction(2, 3)
    assert format_score(scores[(1, 0)]) == "+0.7"
    assert format_score(Fraction(-4)) == "-4"


# -- boards ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_boards_are_reproducible_and_distinct(game: str) -> None:
    a = NightSetup(game, seed=42)
    b = NightSetup(game, seed=42)
    assert a.board(3) == b.board(3)
    assert a.board(3).deck != a.board(4).deck
    assert a.board(3).deck != NightSetup(game, seed=43).board(3).deck
    n = a.num_players
    assert [a.board(k).dealer for k in range(1, 6)] == [(k - 1) % n for k in range(1, 6)]


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**64), number=st.integers(1, 40))
def test_a_turned_board_moves_every_hand_one_seat(game: str, seed: int, number: int) -> None:
    """A turned board is the same board, each hand one seat on: side 1 holds the
    cards side 0 held."""
    setup = NightSetup(game, seed=seed)
    board = setup.board(number)
    straight, turned = board.deal(setup, False), board.deal(setup, True)
    n = setup.num_players
    for seat in range(n):
        assert turned.hand((seat + 1) % n) == straight.hand(seat)  # type: ignore[attr-defined]


# -- movement -----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(tables=st.integers(1, 12), boards=st.integers(1, 8))
def test_each_side_of_each_board_equally_often(tables: int, boards: int) -> None:
    """At each board half the tables hold its side-0 cards on side 0; each entrant holds
    each side of the round's boards equally often (one more of one when odd)."""
    rnd = [Table(t + 1, ((2 * t + 1,), (2 * t + 2,))) for t in range(tables)]
    for k in range(boards):
        turned = sum(t.turned(k) for t in rnd)
        assert abs((tables - turned) - turned) <= 1
    for t in rnd:
        turned = sum(t.turned(k) for k in range(boards))
        assert abs((boards - turned) - turned) <= 1


# -- scoring ----------------------------------------------------------------------------
results_st = st.lists(st.tuples(st.integers(0, 500), st.integers(0, 500)), min_size=1,
                      max_size=40)


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(1, 6), boards=st.integers(1, 4), data=st.data())
def test_points_difference_sums_to_zero(tables: int, boards: int, data: st.DataObject) -> None:
    entrants = _entrants(2 * tables)
    rnd = Round(1, tuple(Table(t + 1, ((2 * t + 1,), (2 * t + 2,))) for t in range(tables)),
                tuple(range(1, boards + 1)))
    results = []
    for t in rnd.tables:
        for k, b in enumerate(rnd.boards):
            rec = data.draw(st.tuples(st.integers(0, 500), st.integers(0, 500)))
            results.append(BoardResult(1, t.number, b, t.turned(k), rec))
    rows = standings(entrants, [rnd], results)
    assert sum((s.total for s in rows), Fraction(0)) == 0
    for b in rnd.boards:
        assert sum((s.boards.get(b, Fraction(0)) for s in rows), Fraction(0)) == 0
    mp = standings(entrants, [rnd], results, "matchpoints")
    assert sum(s.total for s in mp) == boards * tables * 2 * (tables - 1)


# -- Swiss ---------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(half=st.integers(2, 8), seed=st.integers(0, 1000), data=st.data())
def test_swiss_never_repeats_while_the_field_allows(half: int, seed: int,
                                                    data: st.DataObject) -> None:
    """With 2n entrants, up to n rounds can always avoid a repeat (after k < n rounds
    every entrant may still meet 2n-1-k >= n others, so a pairing exists: Dirac); the
    Swiss pairing finds one whatever the standings."""
    n = 2 * half
    setup = NightSetup("deberts", rounds=half, boards_per_round=1, seed=seed)
    entrants = [Entrant(i + 1, (f"p{i + 1}",)) for i in range(n)]
    rounds: list[Round] = []
    results: list[BoardResult] = []
    seen: set[frozenset[int]] = set()
    for _ in range(half):
        rnd = pair_round(setup, entrants, rounds, results)
        assert sorted(e for t in rnd.tables for e in t.entrants()) == list(range(1, n + 1))
        for t in rnd.tables:
            pair = frozenset(t.entrants())
            assert pair not in seen
            seen.add(pair)
            rec = data.draw(st.tuples(st.integers(0, 200), st.integers(0, 200)))
            results.append(BoardResult(rnd.number, t.number, rnd.boards[0], False, rec))
        rounds.append(rnd)


def test_single_players_at_a_four_seat_game_sit_four_to_a_table() -> None:
    setup = NightSetup("belote", rounds=3, boards_per_round=2, pairs=False, seed=5)
    entrants = fill_with_bots(setup, [Entrant(i + 1, (f"p{i + 1}",)) for i in range(6)])
    assert len(entrants) == 8 and [e.bot for e in entrants[6:]] == ["medium", "medium"]
    rounds: list[Round] = []
    for _ in range(2):
        rnd = pair_round(setup, entrants, rounds)
        assert all(len(s) == 2 for t in rnd.tables for s in t.sides)
        assert sorted(e for t in rnd.tables for e in t.entrants()) == list(range(1, 9))
        rounds.append(rnd)
    names = rounds[0].tables[0].seats(setup, {e.number: e for e in entrants})
    assert len(names) == 4 and all(names)


def test_bots_fill_an_odd_field() -> None:
    setup = NightSetup("belote", seed=1, bot="expert")
    filled = fill_with_bots(setup, _entrants(3))
    assert [(e.number, e.bot, len(e.names)) for e in filled[3:]] == [(4, "expert", 2)]
    assert len(fill_with_bots(NightSetup("deberts"), [])) == 2


# -- a whole night ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_night_of_bots_plays_out_and_exports(game: str) -> None:
    per = 2 if game != "deberts" else 1
    night = Night(NightSetup(game, rounds=2, boards_per_round=2, seed=9, bot="random"))
    for i in range(3):
        night.add_entrant([f"p{i}{c}" for c in "ab"[:per]], bot="random")
    for _ in range(2):
        rnd = night.start_round()
        with pytest.raises(NightError):
            night.start_round()  # the round is still open
        for t in rnd.tables:
            play_bot_table(night, t.number, seed=3)
    assert night.is_over and len(night.entrants) == 4
    assert sum((s.total for s in night.standings()), Fraction(0)) == 0
    # every table of a round played the same decks
    for rnd in night.rounds:
        for b in rnd.boards:
            decks = {read_position(night.results[(rnd.number, t.number, b)].record).deck
                     for t in rnd.tables}
            assert len(decks) == 1
    text = night.export()
    positions = [line for line in text.splitlines() if " | " in line]
    assert len(positions) == 2 * 2 * 2
    for res in night.results.values():
        assert read_position(res.record).result.recorded == res.recorded  # type: ignore[attr-defined]
    again = Night.from_json(night.to_json())
    assert again.export() == text


def test_results_in_order_only() -> None:
    night = Night(NightSetup("belote", rounds=1, boards_per_round=2, seed=2))
    for i in range(4):
        night.add_entrant([f"a{i}", f"b{i}"])
    night.start_round()
    with pytest.raises(NightError):
        night.record(1, 1, 2, (0, 162))
    night.record(1, 1, 1, (0, 162))
    with pytest.raises(NightError):
        night.add_entrant(["late", "comer"])


def test_a_board_played_with_real_cards_through_the_scorekeeper() -> None:
    night = Night(NightSetup("belote", rounds=1, boards_per_round=2, seed=2))
    for i in range(4):
        night.add_entrant([f"a{i}", f"b{i}"])
    night.start_round()
    res = night.enter(1, 1, 1, "taker=0 trump=H points=100,62")
    assert res.entered and res.recorded == (100, 62)
    assert "taker=0" in res.record
    res = night.enter(1, 1, 2, "taker=1 trump=S points=100,62")
    assert res.recorded == (162, 0)  # side 1 took and went dedans: the 162 to side 0
    assert "entry taker=1" in night.export()


@pytest.mark.parametrize("game", GAMES)
def test_a_night_tables_match_deals_the_rounds_boards_then_ends(game: str) -> None:
    """The match a night table plays (built from its seed alone, as the room rebuilds
    its tables) deals the round's boards, turned as the movement says, and ends after
    the last; the seed holds the round's key, never the night's seed."""
    from atout.bots import make_bot
    from atout.clubs.boards import night_match
    from atout.clubs.duplicate import NIGHT_SEEDS, round_key, table_seed

    setup = NightSetup(game, rounds=2, boards_per_round=3, seed=7)
    rnd = Round(2, (Table(1, ((1,), (2,))), Table(2, ((3,), (4,)))), setup.board_numbers(2))
    for table in rnd.tables:
        seed = table_seed(setup, 2, table.number)
        assert (seed - NIGHT_SEEDS) >> 8 == round_key(setup.seed, 2)  # the round's key only
        match = night_match(game, None, seed)
        first = setup.board(rnd.boards[0]).deal(setup, table.turned(0))
        for seat in range(setup.num_players):  # each seat's events deal it the board's hand
            dealt = [e for e in match.events_for(seat) if type(e).__name__ == "Dealt"]
            assert dealt and dealt[0].cards == first.hand(seat)  # type: ignore[attr-defined]
        bots = [make_bot(game, "random", seed=i) for i in range(setup.num_players)]
        while not match.is_over:
            seat = match.current_player()
            match.apply(bots[seat].choose(match.view(seat)))
        assert len(match.deals) == 3
        for i, (deal, number) in enumerate(zip(match.deals, rnd.boards, strict=True)):
            board = setup.board(number)
            assert tuple(deal.deck) == board.deck
            assert deal.dealer == board.dealer_at(table.turned(i), setup.num_players)
        match.undo()
        assert not match.is_over and len(match.deals) == 2


def test_the_export_names_the_seed_only_once_the_night_is_over() -> None:
    night = Night(NightSetup("deberts", rounds=2, boards_per_round=1, seed=123456789))
    for name in "abcd":
        night.add_entrant([name])
    night.start_round()
    for t in night.current.tables:  # type: ignore[union-attr]
        night.record(1, t.number, 1, (10, 0))
    assert "123456789" not in night.export()
    night.start_round()
    for t in night.current.tables:  # type: ignore[union-attr]
        night.record(2, t.number, 2, (0, 10))
    assert night.is_over and '[Seed "123456789"]' in night.export()
