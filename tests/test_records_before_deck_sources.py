"""Records saved by atout before matches took their decks from a deck source (commit
cc666cb, ``tests/records/before-deck-sources``) still replay: with their decks, from
their seed alone, from their decks alone (Belote's gathered packs and cuts included),
and a match stopped midway plays on with the decks the old code dealt next."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.notation import parse_match, read_match, replay_match

FIXTURES = Path(__file__).parent / "records" / "before-deck-sources"
NAMES = ["deberts-fresh", "belote-fresh", "belote-gather", "schieber-fresh"]


def _decks(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("deck ")]


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_record_replays_from_its_decks_its_seed_or_its_decks_alone(name: str) -> None:
    full = (FIXTURES / f"{name}.rec").read_text()
    record = parse_match(full)
    decks = [tuple(d.deck or ()) for d in record.deals]
    for variant in ("", "-seed-only", "-no-seed"):
        match = read_match((FIXTURES / f"{name}{variant}.rec").read_text())
        assert match.is_over
        assert [tuple(d.deck) for d in match.deals] == [
            tuple(int(c) for c in deck) for deck in decks
        ], variant
        assert f"{match.scores[0]}-{match.scores[1]}" == record.header("Result")


@pytest.mark.parametrize("name", NAMES)
def test_a_record_stopped_midway_plays_on_with_the_decks_dealt_then(name: str) -> None:
    midway = read_match((FIXTURES / f"{name}-midway.rec").read_text())
    later = parse_match((FIXTURES / f"{name}-midway-full.rec").read_text())
    assert not midway.is_over
    done = len(midway.deals)
    for i, drec in enumerate(later.deals):
        if i < done:
            continue
        for k, (seat, action) in enumerate(drec.actions):
            if i == done and k < len(midway.deal.actions):
                continue
            assert midway.current_player() == seat
            midway.apply(action)
        if i + 1 < len(later.deals):
            assert midway.deal.deck == tuple(int(c) for c in later.deals[i + 1].deck or ())
    assert midway.is_over
    assert f"{midway.scores[0]}-{midway.scores[1]}" == later.header("Result")
    assert replay_match(later).scores == midway.scores
