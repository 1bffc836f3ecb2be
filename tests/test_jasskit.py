"""Schieber deals to and from jass-kit's JSON format (atout.jasskit), checked against
logs that jass-kit 2.0.5 writes itself (its Arena with random agents) and against its
own reader and rules.

``tests/records/jasskit-arena-log.txt`` is a log jass-kit's Arena wrote (41 games), so
the reader is checked on real jass-kit output everywhere; the tests that run jass-kit
itself are skipped when it is not installed (``pip install -e .[interop]``).
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import Card
from atout.games.schieber import SchieberDeal, SchieberMatch, SchieberOptions
from atout.jasskit import (
    from_jass_card,
    read_jass_log,
    read_jass_state,
    to_jass_card,
    to_jass_seat,
    write_jass_log,
    write_jass_state,
)
from atout.notation import IllegalRecordError, RecordError, RecordSyntaxError


def test_card_and_seat_maps() -> None:
    assert [from_jass_card(to_jass_card(c)) for c in range(36)] == list(range(36))
    # jass-kit's card_strings: DA DK ... D6 HA ... SA (18) ... C6 (35)
    assert (to_jass_card(Card.DA), to_jass_card(Card.SA), to_jass_card(Card.C6)) == (0, 18, 35)
    assert [to_jass_seat(to_jass_seat(s)) for s in range(4)] == [0, 1, 2, 3]


def random_deal(seed: int, options: SchieberOptions | None = None) -> SchieberDeal:
    deal = SchieberDeal(seed=seed, dealer=seed % 4, options=options)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply_unchecked(rng.choice(deal.legal_actions()))
    return deal


def test_atout_deals_round_trip_through_the_json_format() -> None:
    modern = SchieberOptions(undenufe_values="modern")
    for seed in range(300):
        deal = random_deal(seed, modern)
        data = json.loads(json.dumps(write_jass_state(deal)))
        back = read_jass_state(data)
        assert back.tricks == deal.tricks and back.result == deal.result
        assert [back.initial_hand(s) for s in range(4)] == [deal.initial_hand(s) for s in range(4)]
        assert write_jass_state(back) == data
        # a position half way through
        partial = deal.copy()
        for _ in range(seed % len(deal.actions)):
            partial.undo()
        data = write_jass_state(partial)
        again = read_jass_state(data)
        assert again.actions == partial.actions and write_jass_state(again) == data


def test_reader_errors() -> None:
    deal = random_deal(1, SchieberOptions(undenufe_values="modern"))
    data = write_jass_state(deal)
    with pytest.raises(RecordSyntaxError, match="line 2"):
        read_jass_log(json.dumps({"game": data}) + "\n{not json\n")
    broken = json.loads(json.dumps(data))
    broken["tricks"][0]["cards"][0] = "X9"
    with pytest.raises(RecordSyntaxError, match="not a card"):
        read_jass_state(broken)
    wrong = json.loads(json.dumps(data))
    wrong["tricks"][3]["win"] = (wrong["tricks"][3]["win"] + 1) % 4
    with pytest.raises(IllegalRecordError) as info:
        read_jass_state(wrong)
    assert info.value.rule == "jasskit.winner"
    swapped = json.loads(json.dumps(data))
    t = swapped["tricks"][0]["cards"]
    t[0], t[1] = t[1], t[0]  # the same cards, played by other players
    with pytest.raises((IllegalRecordError, RecordSyntaxError)):
        read_jass_state(swapped)
    with pytest.raises(ValueError, match="Schieber"):
        from atout.games.deberts import DebertsDeal

        write_jass_state(DebertsDeal(seed=1))


JASS_SAMPLES = [write_jass_state(random_deal(seed, SchieberOptions(undenufe_values="modern")))
                for seed in range(5)]
VALUES = st.sampled_from([-1, 0, 1, 3, 4, 10, 99, "x", None, [], {}, "DA", ["DA"], True])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 4), st.lists(st.tuples(st.integers(0, 10_000), VALUES), max_size=4))
def test_fuzz_jass_states_raise_only_record_errors(which: int, changes: list[Any]) -> None:
    data = json.loads(json.dumps(JASS_SAMPLES[which]))
    for where, value in changes:
        keys = list(data)
        key = keys[where % len(keys)]
        inner = data[key]
        if isinstance(inner, list) and inner and where % 3 == 0:
            item = inner[where % len(inner)]
            if isinstance(item, dict) and item:
                item[list(item)[where % len(item)]] = value
                continue
        if where % 7 == 0:
            del data[key]
        else:
            data[key] = value
    try:
        deal = read_jass_state(data)
    except RecordError:
        return
    assert read_jass_state(write_jass_state(deal)).actions == deal.actions


def test_a_match_deal_with_the_7_of_clubs_forehand_is_written_with_the_seat_before() -> None:
    match = SchieberMatch(seed=3)
    deal = match.deal
    data = write_jass_state(deal)
    assert data["dealer"] == to_jass_seat((deal.forehand - 1) % 4)
    assert data["currentPlayer"] == to_jass_seat(deal.forehand)


def check_jass_log_lines(lines: list[str]) -> tuple[int, int]:
    """Each game loads and writes back to the same JSON, or is refused for jass-kit's
    undertrump bug; ``(loaded, refused)``."""
    loaded = refused = 0
    for line in lines:
        entry = json.loads(line)
        try:
            deal = read_jass_state(entry["game"])
        except IllegalRecordError as exc:
            # jass-kit's known undertrump bug: its player undertrumped where atout forbids it
            assert exc.rule == "schieber.no-undertrump", exc
            refused += 1
            continue
        loaded += 1
        assert deal.is_over and len(deal.tricks) == 9
        assert write_jass_state(deal) == entry["game"]
        points = [0, 0]
        for trick in entry["game"]["tricks"]:
            points[trick["win"] % 2] += trick["points"]
        assert (points[0], points[1]) == deal.result.card_points
    return loaded, refused


def test_the_stored_jass_kit_log() -> None:
    path = Path(__file__).parent / "records" / "jasskit-arena-log.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert check_jass_log_lines(lines) == (40, 1)
    deals = read_jass_log("\n".join(lines[:40]))
    written = write_jass_log([d for d, _ in deals], date=json.loads(lines[0])["date"])
    assert written.splitlines()[0] == lines[0]


# -- against jass-kit itself ----------------------------------------------------------------
needs_jass = pytest.mark.skipif(
    importlib.util.find_spec("jass") is None,
    reason="jass-kit is not installed (pip install -e .[interop])",
)


def jass_arena_log(tmp_path: Path, games: int, seed: int) -> list[str]:
    """Games that jass-kit's own Arena plays (random agents) and saves."""
    import numpy as np
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.arena.arena import Arena

    np.random.seed(seed)
    arena = Arena(nr_games_to_play=games, save_filename=str(tmp_path / "log"),
                  print_every_x_games=games)
    agents = []
    for k in range(4):
        agent = AgentRandomSchieber()
        agent._rng = np.random.default_rng(seed * 10 + k)
        agents.append(agent)
    arena.set_players(*agents)
    arena.play_all_games()
    lines: list[str] = []
    for path in sorted(tmp_path.glob("log*.txt")):
        lines += path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == games
    return lines


@needs_jass
def test_logs_written_by_jass_kit_read_and_write_back_exactly(tmp_path: Path) -> None:
    from jass.game.game_state import GameState

    lines = jass_arena_log(tmp_path, 300, seed=5)
    loaded, refused = check_jass_log_lines(lines)
    assert loaded >= 200 and loaded + refused == 300
    for line in lines[:50]:
        game = json.loads(line)["game"]
        if _loads(line):
            ours = write_jass_state(read_jass_state(game))
            assert GameState.from_json(ours) == GameState.from_json(game)
    # the log as a whole: one line a game, the same JSON text (date and players kept)
    good = [ln for ln in lines if _loads(ln)]
    deals = read_jass_log("\n".join(good))
    assert all(meta["player_ids"] == [0, 0, 0, 0] for _, meta in deals)
    written = write_jass_log([d for d, _ in deals], date=json.loads(good[0])["date"])
    assert written.splitlines()[0] == good[0]


def _loads(line: str) -> bool:
    try:
        read_jass_state(json.loads(line)["game"])
    except IllegalRecordError:
        return False
    return True


@needs_jass
def test_jass_kit_reads_what_atout_writes_and_agrees_with_its_rules() -> None:
    import numpy as np
    from jass.game.game_state import GameState
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    for seed in range(200):
        deal = random_deal(seed)
        state = GameState.from_json(write_jass_state(deal))
        assert state is not None and state.nr_played_cards == 36
        for i in range(9):
            trick = state.tricks[i]
            assert rule.calc_winner(trick, state.trick_first_player[i], state.trump) == \
                state.trick_winner[i]
            assert rule.calc_points(trick, i == 8, state.trump) == state.trick_points[i]
        assert int(np.sum(state.points)) == 157
        assert state.to_json() == write_jass_state(deal)


def test_a_log_entry_with_weis_and_stoeck_loses_them_on_the_way_out() -> None:
    """Weis and Stöck are atout's: jass-kit's points are the cards alone."""
    for seed in range(200):
        deal = random_deal(seed, SchieberOptions(undenufe_values="modern"))
        result: Any = deal.result
        if result.weis_points != (0, 0) or result.stoeck != (0, 0):
            data = write_jass_state(deal)
            total = sum(t["points"] for t in data["tricks"])
            assert total == 157 != sum(result.totals) - sum(result.match_bonus)
            return
    raise AssertionError("no deal with Weis or Stöck in 200")
