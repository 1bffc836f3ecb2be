"""Differential check of Belote's card play against colver 0.11.1 (coinche, Rust core).

``benchmarks/bench_solver.py --colver`` compares atout's open-hand solver with colver's
on the same deals; this module checks that the two play the same game there. Seeded
deals are bid at random in atout (classic bids), then played in lockstep by atout's
``BeloteDeal`` and colver's ``Env`` (the same hands, dealer, trump and taker, then the
same cards): at every card the player to move and the set of legal cards are compared,
and at the end each team's card points (the last trick's 10 included; a capot compared
as a capot: colver counts it 252, atout 250 by the rulings).

colver does not make a player undertrump: a player who cannot follow, whose partner
is not winning the trick and who cannot go over the best trump may discard. atout's
option ``undertrump=false`` is that rule, and with it every legal set agrees; with
atout's default (undertrumping forced) some do not, which is why the solver benchmark
plays its deals with ``belote(undertrump=false)``.

colver is not a dependency of atout: this module is skipped unless it is installed, as
it is in the peers' environment (``python benchmarks/peers.py --tests``).
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("colver", reason="colver is not installed (python benchmarks/peers.py --tests)")

import colver

from atout.cards import DECK_32, Card
from atout.games.actions import Play
from atout.games.belote import BeloteDeal, BeloteOptions
from peer_convert import colver_mask, to_colver_card, to_colver_suit

DEALS = 2000


def _bid(deal: BeloteDeal, rng: random.Random) -> None:
    while not deal.is_over and deal.phase != "play":
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])


def _lockstep(options: BeloteOptions, deals: int) -> tuple[int, int, list[str]]:
    """(card decisions compared, deals compared, differences)."""
    rng = random.Random(2026)
    decisions = played = 0
    differ: list[str] = []
    for seed in range(deals):
        deal = BeloteDeal(seed=seed, dealer=seed % 4, options=options)
        _bid(deal, rng)
        if deal.is_over:  # thrown in
            continue
        played += 1
        env = colver.Env.deal_with_hands(
            deal.dealer,
            [sorted(to_colver_card(c) for c in range(36) if h >> c & 1) for h in deal.hands],
        )
        env.set_contract(to_colver_suit(deal.trump), 80, deal.taker & 1, 0)
        env.set_phase_playing()
        while not deal.is_over:
            seat = deal.current_player()
            ours = deal.legal_mask()
            theirs = colver_mask(env.legal_actions())
            decisions += 1
            if env.current_player() != seat or ours != theirs:
                differ.append(
                    f"deal {seed}: seat {seat}/{env.current_player()}, atout "
                    f"{sorted(Card(c).name for c in range(36) if ours >> c & 1)}, colver "
                    f"{sorted(Card(c).name for c in range(36) if theirs >> c & 1)}"
                )
                break
            cards = [c for c in range(36) if ours >> c & 1]
            card = cards[rng.randrange(len(cards))]
            deal.apply(Play(Card(card)))
            env.step(to_colver_card(card))
        else:
            result = deal.result
            assert result is not None
            points = result.card_points
            if result.capot is not None:
                points = (252, 0) if result.capot == 0 else (0, 252)
            if tuple(env.get_points()) != tuple(points):
                differ.append(f"deal {seed}: points atout {points}, colver {env.get_points()}")
    return decisions, played, differ


def test_cards_are_colvers() -> None:
    names = [colver.Env.card_name(i) for i in range(32)]
    for card in DECK_32:
        name = Card(card).name
        rank, suit = name[1:], name[0]
        assert names[to_colver_card(card)] == rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]


def test_without_forced_undertrumping_every_legal_set_is_colvers() -> None:
    """The rules ``bench_solver.py --colver`` gives atout's solver are colver's."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    options = BeloteOptions.parse(importlib.import_module("bench_solver").COLVER_RULES)
    assert options == BeloteOptions(undertrump=False)
    decisions, played, differ = _lockstep(options, DEALS)
    assert played > DEALS * 0.9 and decisions == 32 * played
    assert differ == []


def test_with_forced_undertrumping_the_rules_differ() -> None:
    _decisions, _played, differ = _lockstep(BeloteOptions(), 300)
    assert differ, "atout's default forces undertrumping; colver does not"
