"""The open-hand solver's pruning keeps every value exact: bounds, the canonical table keys
(positions equal up to equivalent cards share an entry), the two-entry buckets and the
stepped MTD(f) search give the values of a plain minimax, to the end of the deal (checked
against the engines themselves) and in the depth-limited trees the bots search early in
a deal, compiled and as plain Python alike."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from atout.bots import solver as solver_module
from atout.bots.solver import Solver, problem_from_deal
from atout.cards import bits
from atout.games.actions import Play
from atout.games.schieber import OBENABE, UNDENUFE, contract_action
from atout.kernel import rules
from atout.kits import get_game
from test_search_bots import TRICKS, _brute, _ending


def _schieber_ending(rng: random.Random, seed: int, left: int, contract: int,
                     options: Any = None) -> Any:
    """A Schieber deal under ``contract``, played at random to ``left`` tricks from the
    end (and a random number of cards into that trick)."""
    info = get_game("schieber")
    deal = info.deal(seed=seed, dealer=seed % 4, options=options)
    deal.apply(contract_action(contract))
    target = (TRICKS["schieber"] - left) * 4 + rng.randrange(4)
    while not deal.is_over and sum(isinstance(a, Play) for _, a in deal.actions) < target:
        plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
        deal.apply_unchecked(rng.choice(plays) if plays else deal.legal_actions()[0])
    assert all(isinstance(a, Play) for a in deal.legal_actions())
    return deal


def _reference(problem: Any) -> dict[int, int]:
    """Plain alpha-beta over the solver's own rules (no table, no bounds, no null
    windows, every card searched): the value of every legal card, to the end or to the
    depth limit ``problem.stop``."""
    P, pts, stren, above, _order, hands, cards = Solver().kernel_state(problem)
    n, total, t = problem.n, problem.total_tricks, problem.trump
    stop = problem.stop if 0 <= problem.stop < total else total
    last = problem.last_bonus
    inf = 10**6

    def bonus(flags: int) -> int:
        v = 0
        if flags == 1:
            v += problem.capot[0]
        elif flags == 2:
            v -= problem.capot[1]
        if flags & 1:
            v += problem.seq[0]
        if flags & 2:
            v -= problem.seq[1]
        return v

    def play(ti: int, tn: int, leader: int, flags: int, c: int, alpha: int, beta: int) -> int:
        seat = (leader + tn) % n
        base = 4 * ti
        hands[seat] ^= 1 << c
        cards[base + tn] = c
        if tn + 1 == n:
            winner = (leader + int(rules.best_of(cards, base, n, t, stren))) % n
            gained = sum(int(pts[cards[base + i]]) for i in range(n))
            if ti + 1 == total:
                gained += last
            signed = gained if winner % 2 == 0 else -gained
            flags |= 1 << (winner % 2)
            v = signed + rest(ti + 1, 0, winner, flags, alpha - signed, beta - signed)
        else:
            v = rest(ti, tn + 1, leader, flags, alpha, beta)
        hands[seat] ^= 1 << c
        return v

    def rest(ti: int, tn: int, leader: int, flags: int, alpha: int, beta: int) -> int:
        if tn == 0 and ti == total:
            return bonus(flags)
        if tn == 0 and ti == stop:
            held = [sum(int(pts[c]) for c in bits(int(hands[o]))) for o in range(n)]
            return sum(h if o % 2 == 0 else -h for o, h in enumerate(held)) // 2
        seat = (leader + tn) % n
        legal = int(rules.legal_cards(
            P, hands[seat], cards, 4 * ti, tn, leader, seat, stren, above))
        best = -inf if seat % 2 == 0 else inf
        for c in bits(legal):
            v = play(ti, tn, leader, flags, c, alpha, beta)
            if seat % 2 == 0:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    ti, tn = problem.tricks_done, len(problem.trick)
    seat = (problem.leader + tn) % n
    legal = int(rules.legal_cards(
        P, hands[seat], cards, 4 * ti, tn, problem.leader, seat, stren, above))
    return {c: play(ti, tn, problem.leader, problem.flags, c, -inf, inf) for c in bits(legal)}


def _engine_values(deal: Any, game: str) -> dict[int, int]:
    """Brute force over the engine: every legal card's value of the deal's rest."""
    before = deal.captured[0] - deal.captured[1]
    out = {}
    for action in deal.legal_actions():
        deal.apply_unchecked(action)
        out[int(action.card)] = _brute(deal, game) - before
        deal.undo()
    return out


CONTRACTS = [
    (0, None), (3, None), (OBENABE, None), (UNDENUFE, None),
    (UNDENUFE, "schieber(undenufe_values=modern)"),
]


@pytest.mark.parametrize(("contract", "options"), CONTRACTS)
def test_schieber_contracts_exact_against_the_engine(contract: int, options: str | None) -> None:
    """Every Schieber contract (a trump suit, Obenabe, Undenufe, classic or modern
    points): the solver, its table shared by all endings of the contract and also
    squeezed to four entries (every bucket collides), gives the engine's brute force."""
    rng = random.Random(contract * 31 + (options is not None))
    opts = get_game("schieber").options.parse(options) if options else None
    shared, tiny = Solver(), Solver(tt_bits=2)
    for i in range(6):
        deal = _schieber_ending(rng, 300 + i, 3, contract, opts)
        problem = problem_from_deal(deal)
        expected = _engine_values(deal, "schieber")
        assert shared.values(problem) == expected, i
        assert tiny.values(problem) == expected, i


DEPTH_CASES = [
    ("deberts", 4, 2), ("deberts", 6, 2), ("belote", 3, 1), ("belote", 4, 2),
    ("belote", 5, 1), ("schieber", 3, 2), ("schieber", 4, 2), ("schieber", 5, 1),
]


@pytest.mark.parametrize(("game", "left", "ahead"), DEPTH_CASES)
def test_depth_limited_and_exact_values_match_plain_minimax(
    game: str, left: int, ahead: int
) -> None:
    """The trees the bots search early in a deal (``ahead`` tricks, then half of the
    points each team holds) and the whole rest: the same values as a plain minimax."""
    rng = random.Random(len(game) * 7 + left)
    solver = Solver()
    for i in range(6):
        deal = _ending(game, rng, 500 + i, left)
        problem = problem_from_deal(deal)
        limited = dataclasses.replace(problem, stop=problem.tricks_done + ahead)
        assert solver.values(limited) == _reference(limited), i
        if left <= 4 or game == "deberts":
            assert solver.values(problem) == _reference(problem), i


@pytest.mark.parametrize("contract", range(6))
def test_longer_schieber_endings_exact(contract: int) -> None:
    """Four and five tricks from the end, where the bounds (the points still out, the
    highest trumps one team holds) and the shared table entries cut most: every
    contract, against plain alpha-beta."""
    rng = random.Random(40 + contract)
    solver = Solver()
    for i, left in enumerate((4, 4, 4, 5)):
        problem = problem_from_deal(_schieber_ending(rng, 600 + i, left, contract))
        assert solver.values(problem) == _reference(problem), i


def test_longer_belote_endings_exact() -> None:
    rng = random.Random(5)
    solver = Solver()
    for i in range(6):
        problem = problem_from_deal(_ending("belote", rng, 650 + i, 5))
        assert solver.values(problem) == _reference(problem), i


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_value_agrees_with_values(game: str) -> None:
    """``value`` (one search of the position, from any first guess) is the best of the
    cards' values for the side to move."""
    rng = random.Random(3)
    solver = Solver()
    for i in range(8):
        deal = _ending(game, rng, 700 + i, 4 if game != "deberts" else 6)
        problem = problem_from_deal(deal)
        values = solver.values(problem)
        best = (max if problem.to_move % 2 == 0 else min)(values.values())
        for guess in (0, best, best + 37, -200):
            assert solver.value(problem, guess=guess) == best, (i, guess)


def test_equivalent_positions_share_a_key() -> None:
    """Obenabe, the spade 8 gone: the 9 and the 7 of spades (no points either) are
    interchangeable, so positions that differ in which of them is left have one key and
    the same values."""
    from atout.cards import Card

    deal = get_game("schieber").deal(seed=1, dealer=0)
    deal.apply(contract_action(OBENABE))
    start = problem_from_deal(deal)

    def position(hands: list[str]) -> Any:
        return dataclasses.replace(
            start, hands=tuple(sum(1 << int(Card.parse(c)) for c in h.split()) for h in hands),
            trick=(), tricks_done=6, leader=0, flags=3,
        )

    a = position(["S9 HA D6", "S6 HK D7", "SA H6 DQ", "SK H7 DA"])
    b = position(["S7 HA D6", "S6 HK D7", "SA H6 DQ", "SK H7 DA"])
    # the same cards, but the higher of the two equivalent spades in the other hand
    c = position(["S6 HA D6", "S9 HK D7", "SA H6 DQ", "SK H7 DA"])
    keys = []
    for p in (a, b, c):
        # a table of one bucket: it keeps the root's entry (the one that cost the most
        # work), the only one with all twelve cards
        one = Solver(tt_bits=1)
        one.value(p)
        tt = [int(x) for x in one._tt]
        keys.extend(
            (tt[e], tt[e + 1]) for e in (0, 3) if bin(tt[e] & ((1 << 36) - 1)).count("1") == 12
        )
    assert len(keys) == 3
    assert keys[0] == keys[1]
    assert keys[2] != keys[0]
    solver = Solver()
    va, vb = solver.values(a), solver.values(b)  # b reuses a's entries
    assert va == _reference(a)
    assert vb == _reference(b)
    s9, s7 = int(Card.parse("S9")), int(Card.parse("S7"))
    assert va.pop(s9) == vb.pop(s7)
    assert va == vb


def test_table_generations_run_out_and_restart() -> None:
    """A new contract starts a new generation of table entries; when the generations
    run out the table is emptied, and the values stay right."""
    rng = random.Random(8)
    solver = Solver(tt_bits=6)
    solver._gen = solver_module._GEN_LIMIT - 3
    for i in range(8):
        deal = _schieber_ending(rng, 900 + i, 3, i % 6)
        problem = problem_from_deal(deal)
        assert solver.values(problem) == _engine_values(deal, "schieber"), i
    assert 1 <= solver._gen < 8


_PURE_SCRIPT = """
import dataclasses, json, random, sys
sys.path.insert(0, {tests!r})
from test_solver import _schieber_ending
from test_search_bots import _ending
from atout.bots.solver import COMPILED, Solver, problem_from_deal
out = [COMPILED]
for game, left, ahead in (("deberts", 6, 2), ("belote", 4, 2), ("schieber", 4, 2)):
    rng = random.Random(9)
    solver, tiny = Solver(), Solver(tt_bits=3)
    for i in range(3):
        problem = problem_from_deal(_ending(game, rng, 80 + i, left))
        limited = dataclasses.replace(problem, stop=problem.tricks_done + ahead)
        out.append(sorted(solver.values(limited).items()))
        out.append(sorted(tiny.values(problem).items()))
        out.append(solver.value(problem, guess=13))
for contract in range(6):
    rng = random.Random(contract)
    problem = problem_from_deal(_schieber_ending(rng, 40 + contract, 3, contract))
    out.append(sorted(Solver().values(problem).items()))
print(json.dumps(out))
"""


def test_pure_python_and_compiled_kernels_agree() -> None:
    """The kernel run as plain Python gives the compiled kernel's values, with the
    pruning, in depth-limited and exact searches, for every game and Schieber contract
    (without numba installed, both runs are plain Python)."""
    script = _PURE_SCRIPT.format(tests=os.path.dirname(__file__))
    runs = []
    for pure in (True, False):
        env = dict(os.environ)
        env.pop("ATOUT_PURE_SOLVER", None)
        if pure:
            env["ATOUT_PURE_SOLVER"] = "1"
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True,
            check=True,
        )
        runs.append(json.loads(done.stdout))
    assert runs[0][0] is False  # plain Python
    assert runs[0][1:] == runs[1][1:]


RANDOM_ENDINGS = [("deberts", 5), ("belote", 3), ("belote", 4), ("schieber", 3), ("schieber", 4)]


@pytest.mark.parametrize(("game", "left"), RANDOM_ENDINGS)
def test_many_random_endings_match_plain_minimax(game: str, left: int) -> None:
    """The solver's loop (the key read from per-suit tables, the trick's winning card
    kept as the cards fall, the legal cards from numbers alone) against plain
    alpha-beta on many random endings, some of them in the middle of a trick: one
    solver keeps its table across them all (as the bots' does), and one of four
    entries collides at every key. Schieber endings cycle through its six contracts."""
    rng = random.Random(1000 * len(game) + left)
    shared, tiny = Solver(), Solver(tt_bits=2)
    count = 60 if left <= 3 or game == "deberts" else 20
    for i in range(count):
        if game == "schieber":
            deal = _schieber_ending(rng, 1200 + i, left, i % 6)
        else:
            deal = _ending(game, rng, 1200 + i, left)
        problem = problem_from_deal(deal)
        expected = _reference(problem)
        assert shared.values(problem) == expected, i
        assert tiny.values(problem) == expected, i
        best = (max if problem.to_move % 2 == 0 else min)(expected.values())
        assert shared.value(problem, guess=rng.randrange(-60, 60)) == best, i


@pytest.mark.parametrize("game", ["belote", "schieber"])
def test_value_searches_test_only_values_the_position_can_take(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value to the end has the parity of the points still out (every bonus is even),
    so MTD(f) tests only thresholds of that parity and never the same one twice; the
    values stay those of plain minimax. A depth-limited search has no such grain."""
    seen: list[int] = []
    search = solver_module._search

    def recording(*args: Any) -> Any:
        seen.append(int(args[8]))  # beta
        return search(*args)

    monkeypatch.setattr(solver_module, "_search", recording)
    rng = random.Random(77)
    solver = Solver()
    for i in range(6):
        deal = _ending(game, rng, 1500 + i, 4)
        problem = problem_from_deal(deal)
        P, pts, _s, _a, _o, hands, cards = solver.kernel_state(problem)
        grain, parity = solver_module._grain(
            P, hands, cards, problem.tricks_done, len(problem.trick), pts
        )
        assert grain == 2
        expected = _reference(problem)
        best = (max if problem.to_move % 2 == 0 else min)(expected.values())
        assert best % 2 == parity
        seen.clear()
        assert solver.value(problem, guess=rng.randrange(-40, 40)) == best, i
        assert all(beta % 2 == parity for beta in seen), (i, seen)
        assert len(seen) == len(set(seen)), (i, seen)
        limited = dataclasses.replace(problem, stop=problem.tricks_done + 1)
        P, pts, _s, _a, _o, hands, cards = solver.kernel_state(limited)
        assert solver_module._grain(
            P, hands, cards, limited.tricks_done, len(limited.trick), pts
        ) == (1, 0)


def test_every_card_values_solve_each_class_of_equal_cards_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``values`` solves one card of each class of equivalent legal cards (adjacent in
    strength among the live cards, worth the same) and gives the class its value: one
    MTD(f) per class, the values those of plain minimax card by card."""
    calls: list[int] = []
    mtd = solver_module._mtd

    def counting(*args: Any) -> Any:
        calls.append(1)
        return mtd(*args)

    monkeypatch.setattr(solver_module, "_mtd", counting)
    rng = random.Random(31)
    solver = Solver()
    merged = 0
    for i in range(30):
        deal = _schieber_ending(rng, 1600 + i, 3, i % 6)
        problem = problem_from_deal(deal)
        P, pts, stren, above, order, hands, cards = solver.kernel_state(problem)
        seat, base = problem.to_move, 4 * problem.tricks_done
        legal = int(rules.legal_cards(
            P, hands[seat], cards, base, len(problem.trick), problem.leader, seat, stren,
            above,
        ))
        classes = solver_module._root_classes(
            hands, cards, base, len(problem.trick), legal, pts, order
        )
        assert sorted(c for cls in classes for c in cls) == list(bits(legal))
        calls.clear()
        values = solver.values(problem)
        assert values == _reference(problem), i
        assert len(calls) == len(classes), i
        for cls in classes:
            assert len({values[c] for c in cls}) == 1
        merged += len(values) - len(classes)
    assert merged > 0


def _assert_exact(
    position: Callable[..., Any], game: str, contract: int, rng_seed: int, seed: int,
    count: int,
) -> None:
    """On ``count`` positions built by ``position``, every card's value and the
    position's, from several first guesses, are plain alpha-beta's."""
    rng = random.Random(rng_seed + contract + len(game))
    solver = Solver()
    lefts = (3, 4) if game != "deberts" else (4, 6)
    for i in range(count):
        problem = position(rng, game, seed + i, lefts[i % 2], contract)
        expected = _reference(problem)
        assert solver.values(problem) == expected, i
        best = (max if problem.to_move % 2 == 0 else min)(expected.values())
        for guess in (0, best - 2, best + 2):
            assert solver.value(problem, guess=guess) == best, (i, guess)


def _trick_start(
    rng: random.Random, game: str, seed: int, left: int, contract: int
) -> Any:
    """A random ending at the start of a trick ``left`` tricks from the end (None when
    the deal's play stopped elsewhere)."""
    if game == "schieber":
        deal = _schieber_ending(rng, seed, left, contract)
    else:
        deal = _ending(game, rng, seed, left)
    problem = problem_from_deal(deal)
    if len(problem.trick) or problem.tricks_done != problem.total_tricks - left:
        return None
    return problem


def _quick_trick_position(
    rng: random.Random, game: str, seed: int, left: int, contract: int
) -> Any:
    """A position at the start of a trick, ``left`` tricks from the end, in which the
    leader's opponents hold no trump (any hands in Obenabe and Undenufe): the remaining
    cards of a random ending dealt again, the trumps to the leader's team."""
    while True:
        problem = _trick_start(rng, game, seed, left, contract)
        seed += 101
        if problem is None:
            continue
        cards = [c for h in problem.hands for c in bits(h)]
        n, t = problem.n, problem.trump
        trumps = [c for c in cards if t >= 0 and c // 9 == t]
        if len(trumps) > (n // 2) * left:
            continue
        leader = rng.randrange(n)
        team = [s for s in range(n) if s % 2 == leader % 2]
        hands = [0] * n
        counts = [0] * n
        rng.shuffle(trumps)
        others = [c for c in cards if c not in trumps]
        rng.shuffle(others)
        for c in trumps:
            s = rng.choice([s for s in team if counts[s] < left])
            hands[s] |= 1 << c
            counts[s] += 1
        for c in others:
            s = rng.choice([s for s in range(n) if counts[s] < left])
            hands[s] |= 1 << c
            counts[s] += 1
        return dataclasses.replace(
            problem, hands=tuple(hands), leader=leader, flags=rng.randrange(4)
        )


QUICK_TRICKS = [
    ("schieber", 0), ("schieber", 2), ("schieber", 4), ("schieber", 5), ("belote", 0),
    ("deberts", 0),
]


@pytest.mark.parametrize(("game", "contract"), QUICK_TRICKS)
def test_quick_tricks_keep_values_exact(game: str, contract: int) -> None:
    """The leader's masters cashed one after another (the leader's opponents holding no
    trump, or no trump contract; a Schieber partner who may have to trump; every trick
    left): positions where that bound decides, against plain alpha-beta, every card and
    the position's value from several first guesses."""
    _assert_exact(_quick_trick_position, game, contract, 90, 1700, 24)


def _trumps_drawn_position(
    rng: random.Random, game: str, seed: int, left: int, contract: int
) -> Any:
    """A position at the start of a trick, ``left`` tricks from the end, in which the
    leader holds the highest trumps left, at least as many of them as each opponent
    holds trumps (leading them draws the opponents' trumps), the opponents holding some:
    the remaining cards of a random ending dealt again. One time in two an opponent may
    hold one trump more (the bound must not apply then)."""
    while True:
        problem = _trick_start(rng, game, seed, left, contract)
        seed += 101
        if problem is None:
            continue
        n, t = problem.n, problem.trump
        cards = [c for h in problem.hands for c in bits(h)]
        trumps = sorted(
            (c for c in cards if c // 9 == t), key=lambda c: -problem.strength[c]
        )
        if len(trumps) < 2:
            continue
        leader = rng.randrange(n)
        run = rng.randrange(1, min(left, len(trumps)) + 1)
        cap = run + rng.randrange(2)
        hands = [0] * n
        counts = [0] * n
        for c in trumps[:run]:
            hands[leader] |= 1 << c
            counts[leader] += 1
        opps = [(leader + 1) % n, (leader + 3) % n] if n == 4 else [(leader + 1) % n]
        for c in trumps[run:]:
            # the opponents take at most ``cap`` trumps each (the partner the rest)
            seats = [s for s in range(n) if counts[s] < left and (
                s not in opps or bin(hands[s] >> (9 * t) & 511).count("1") < cap)]
            if not seats:
                break
            s = rng.choice(seats)
            hands[s] |= 1 << c
            counts[s] += 1
        else:
            others = [c for c in cards if c // 9 != t]
            rng.shuffle(others)
            # the partner's cards the lowest (so that the bound is often the value:
            # what the partner adds beyond it is little)
            others.sort(key=lambda c: problem.points[c])
            partner = (leader + 2) % n
            for c in others:
                seats = [s for s in range(n) if counts[s] < left]
                s = partner if partner in seats and n == 4 else rng.choice(seats)
                hands[s] |= 1 << c
                counts[s] += 1
            if not any(hands[s] >> (9 * t) & 511 for s in opps):
                continue
            return dataclasses.replace(
                problem, hands=tuple(hands), leader=leader, flags=rng.randrange(4)
            )


TRUMPS_DRAWN = [("schieber", 1), ("schieber", 3), ("belote", 0), ("deberts", 0)]


@pytest.mark.parametrize(("game", "contract"), TRUMPS_DRAWN)
def test_trumps_drawn_by_the_leader_keep_values_exact(game: str, contract: int) -> None:
    """The leader's highest trumps led first draw the opponents' trumps, and its masters
    are sure tricks: positions built for that bound, against plain alpha-beta, every
    card and the position's value from several first guesses."""
    _assert_exact(_trumps_drawn_position, game, contract, 70, 1900, 80)


TWO_TRICKS = [
    ("belote", None), ("belote", "belote(undertrump=false)"), *(("schieber", k) for k in range(6)),
]


@pytest.mark.parametrize(("game", "rules_or_contract"), TWO_TRICKS)
def test_two_tricks_left_are_counted_exactly(game: str, rules_or_contract: Any) -> None:
    """With two tricks left the solver plays every first trick out by plain minimax
    (no search, no table): positions at the start of the last two and three tricks,
    whichever team has taken tricks so far (the capot and its bonuses), against plain
    alpha-beta, the position's value and every card's."""
    rng = random.Random(f"{game} {rules_or_contract}")
    solver = Solver()
    for i in range(40):
        left = 2 + i % 2
        if game == "schieber":
            deal = _schieber_ending(rng, 1800 + i, left, int(rules_or_contract))
        else:
            opts = get_game(game).options.parse(rules_or_contract) if rules_or_contract else None
            deal = _ending(game, rng, 1800 + i, left, opts)
        problem = problem_from_deal(deal)
        # the start of the trick: the cards played to it go back to their hands
        hands = list(problem.hands)
        for k, c in enumerate(problem.trick):
            hands[(problem.leader + k) % problem.n] |= 1 << c
        problem = dataclasses.replace(
            problem, hands=tuple(hands), trick=(), flags=rng.randrange(4)
        )
        expected = _reference(problem)
        assert solver.values(problem) == expected, i
        best = (max if problem.to_move % 2 == 0 else min)(expected.values())
        assert solver.value(problem, guess=rng.randrange(-30, 30)) == best, i
