"""Puzzles: positions from bot games where one card is clearly best, proved by the
open-hand solver over the hidden cards the player cannot know.

A puzzle is a deal as it stands (the record notation's position form, so it can be
shared and read back by any tool that reads records) and the seat to play. The player
sees only that seat's view; the *worlds* are the complete deals that agree with it
(:mod:`atout.bots.worlds`). The solver (:mod:`atout.bots.solver`) gives each legal card's
value in a world: the player's team's points minus the others' over the rest of the
deal, under perfect play. A card is proved best when:

* ``proof == "all"``: every world the view allows was enumerated (``worlds`` of them),
  and in each the card is worth at least as much as any other legal card;
* ``proof == "sampled"``: the worlds were too many, so ``worlds`` of them were drawn
  (from ``random.Random(seed)``), and the card is at least as good in each of them.

In both cases ``margin`` is its lead over the second best card, ``second``, on average
over those worlds (points of the deal, before any factor). The puzzle set in
``puzzles.json`` is made by ``python -m atout.learn.generate`` (see docs/learn.md).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import date
from importlib import resources
from typing import Any

from atout.cards import CARDS, bits
from atout.games.actions import Play
from atout.games.base import Deal

__all__ = [
    "PUZZLE_FILE",
    "Proof",
    "Puzzle",
    "card_values",
    "daily",
    "enumerate_worlds",
    "load_puzzles",
    "prove",
]

PUZZLE_FILE = "puzzles.json"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docstring for the proof)."""

    id: str
    game: str
    position: str
    seat: int
    best: str
    difficulty: int
    proof: str
    worlds: int
    seed: int
    margin: float
    second: str
    #: The average value of each legal card over the worlds (the player's side).
    values: dict[str, float]
    #: Best play on the real cards from here to the end of the deal.
    line: tuple[str, ...] = ()

    def deal(self) -> Deal:
        from atout.notation import read_position

        return read_position(self.position)


@dataclass(frozen=True)
class Proof:
    """What a proof found: the worlds, each card's average value, and whether the best
    card was at least as good as every other card in every world."""

    worlds: int
    values: dict[str, float]
    best_everywhere: bool
    best: str
    second: str
    margin: float


def load_puzzles(game: str | None = None) -> list[Puzzle]:
    """The committed puzzle set (of one game), in id order."""
    text = (resources.files("atout.learn") / PUZZLE_FILE).read_text(encoding="utf-8")
    found = []
    for item in json.loads(text):
        item["line"] = tuple(item.get("line", ()))
        puzzle = Puzzle(**item)
        if game is None or puzzle.game == game:
            found.append(puzzle)
    return sorted(found, key=lambda p: p.id)


def dump_puzzles(puzzles: list[Puzzle]) -> str:
    return json.dumps([asdict(p) for p in puzzles], ensure_ascii=False, indent=1) + "\n"


def daily(game: str, day: date, puzzles: list[Puzzle] | None = None) -> Puzzle | None:
    """The puzzle of the day for ``game``: the same for everyone on a given date (a hash
    of the game and the date picks it), ``None`` when the game has none."""
    found = load_puzzles(game) if puzzles is None else [p for p in puzzles if p.game == game]
    if not found:
        return None
    digest = hashlib.sha256(f"{game}:{day.isoformat()}".encode()).digest()
    return found[int.from_bytes(digest[:8], "big") % len(found)]


# -- worlds ----------------------------------------------------------------------------------
def _sampler(deal: Deal, seat: int) -> Any:
    from atout.bots.worlds import WorldSampler

    return WorldSampler(deal.view(seat))


def count_assignments(deal: Deal, seat: int) -> int:
    """How many ways the unknown cards can be dealt to the other hands (and the stock),
    before the replay checks them: an upper bound on the worlds."""
    sampler = _sampler(deal, seat)
    need, pool = _needs(sampler, deal, seat)
    if need is None:
        return 0
    total = 1
    left = pool.bit_count()
    for n in need:
        total *= _choose(left, n)
        left -= n
    return total


def _choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


def _needs(sampler: Any, deal: Deal, seat: int) -> tuple[list[int] | None, int]:
    hands = list(sampler.must)
    hands[seat] = sampler.view.hand.mask
    need = [sampler.sizes[s] - hands[s].bit_count() if s != seat else 0
            for s in range(sampler.n)]
    if any(x < 0 for x in need):
        return None, 0
    return need, sampler.pool


def enumerate_worlds(deal: Deal, seat: int, limit: int) -> list[Deal] | None:
    """Every world the view of ``seat`` allows (each a deal replayed to this moment whose
    view for ``seat`` is the real one), or ``None`` when there are more than ``limit``
    ways to deal the unknown cards."""
    if count_assignments(deal, seat) > limit:
        return None
    sampler = _sampler(deal, seat)
    need, pool = _needs(sampler, deal, seat)
    assert need is not None
    rng = random.Random(0)
    worlds: list[Deal] = []
    for hands in _assignments(sampler, seat, need, pool):
        rest = pool
        for s in range(sampler.n):
            if s != seat:
                rest &= ~hands[s]
        world = sampler._rebuild((hands, rest), rng)
        if world is not None:
            worlds.append(world)
    return worlds


def _assignments(sampler: Any, seat: int, need: list[int], pool: int) -> Iterator[list[int]]:
    others = [s for s in range(sampler.n) if s != seat and need[s] > 0]
    base = list(sampler.must)
    base[seat] = sampler.view.hand.mask

    def place(i: int, left: int, hands: list[int]) -> Iterator[list[int]]:
        if i == len(others):
            if sampler.rest_size == left.bit_count():
                yield list(hands)
            return
        s = others[i]
        allowed = [c for c in bits(left) if not sampler.forbid[s] >> c & 1]
        for combo in itertools.combinations(allowed, need[s]):
            mask = sum(1 << c for c in combo)
            hands[s] |= mask
            yield from place(i + 1, left & ~mask, hands)
            hands[s] &= ~mask

    yield from place(0, pool, base)


def sample(deal: Deal, seat: int, count: int, seed: int) -> list[Deal]:
    from atout.bots.worlds import sample_worlds

    return sample_worlds(deal.view(seat), count, random.Random(seed))


# -- values ----------------------------------------------------------------------------------
def card_values(world: Deal, seat: int, solver: Any = None) -> dict[str, int]:
    """Each legal card's exact value in a world, for the side of ``seat``: its team's
    points minus the others' over the rest of the deal, under perfect play."""
    from atout.bots.solver import problem_from_deal, shared_solver

    solver = solver or shared_solver()
    values = solver.values(problem_from_deal(world))
    sign = 1 if seat % 2 == 0 else -1
    return {CARDS[c].name: sign * v for c, v in values.items()}


def judge(worlds: list[Deal], seat: int, best: str | None = None) -> Proof:
    """Average each card's value over ``worlds``; the best card (``best``, or the one
    with the highest average) and whether it is at least as good in every world."""
    totals: dict[str, int] = {}
    per_world = [card_values(w, seat) for w in worlds]
    for values in per_world:
        for card, v in values.items():
            totals[card] = totals.get(card, 0) + v
    n = max(len(worlds), 1)
    averages = {card: round(total / n, 2) for card, total in totals.items()}
    ranked = sorted(averages, key=lambda c: (-averages[c], c))
    top = best or ranked[0]
    second = next((c for c in ranked if c != top), top)
    everywhere = all(values[top] >= max(values.values()) for values in per_world)
    margin = round(averages.get(top, 0) - averages.get(second, 0), 2)
    return Proof(len(worlds), averages, everywhere, top, second, margin)


def prove(puzzle: Puzzle, worlds: int | None = None, seed: int | None = None) -> Proof:
    """Check the puzzle's claim again with the solver. By default over the worlds its
    proof names (all of them, or the same sample); with ``worlds`` (and ``seed``) over
    that many worlds drawn from the view instead, a quicker check."""
    deal = puzzle.deal()
    if worlds is not None:
        found = sample(deal, puzzle.seat, worlds, puzzle.seed if seed is None else seed)
    elif puzzle.proof == "all":
        enumerated = enumerate_worlds(deal, puzzle.seat, 10 * puzzle.worlds + 1000)
        assert enumerated is not None
        found = enumerated
    else:
        found = sample(deal, puzzle.seat, puzzle.worlds, puzzle.seed)
    return judge(found, puzzle.seat, puzzle.best)


def legal_cards(deal: Deal) -> list[str]:
    return [a.card.name for a in deal.legal_actions() if isinstance(a, Play)]
