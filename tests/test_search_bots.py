"""Search bots: sampled worlds agree with the view, the open-hand solver is exact against
brute force over the engines (compiled and pure Python), and the bots play legally,
deterministically and explain themselves."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

import pytest

from atout.bots.base import make_bot
from atout.bots.search import PIMCBot, _scoring, world_utility
from atout.bots.solver import SearchTimeout, Solver, problem_from_deal
from atout.bots.worlds import WorldSampler, sample_world, sample_worlds
from atout.cards import SUIT_MASK, Card, Suit
from atout.games.actions import Play
from atout.games.belote import BeloteDeal
from atout.kits import get_game

GAMES = ("deberts", "belote", "schieber")
TRICKS = {"deberts": 9, "belote": 8, "schieber": 9}


def _random_position(game: str, rng: random.Random, seed: int) -> Any:
    """A deal stopped at a random moment, reached by a mix of heuristic and random bots."""
    info = get_game(game)
    deal = info.deal(seed=seed, dealer=seed % info.num_players)
    bots = [
        make_bot(game, "heuristic" if rng.random() < 0.7 else "random", seed=seed * 10 + k)
        for k in range(info.num_players)
    ]
    stop = rng.randrange(45)
    for _ in range(stop):
        if deal.is_over:
            break
        seat = deal.current_player()
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal


# -- worlds ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_sampled_worlds_agree_with_the_view(game: str) -> None:
    """Over a thousand random positions per game, every seat's sampled world gives that
    seat exactly the view it has (hands, melds announced, bela, legal actions...)."""
    rng = random.Random(7)
    checked = 0
    seed = 0
    while checked < 1000:
        deal = _random_position(game, rng, seed)
        seed += 1
        if deal.is_over:
            continue
        for seat in range(deal.num_players):
            view = deal.view(seat)
            world = sample_world(view, rng)
            assert world.view(seat) == view
            # hidden cards really were redrawn: the world is a whole deal
            assert world.state_key() != () and world.actions == deal.actions
            checked += 1


def test_a_discard_proves_a_void_in_every_world() -> None:
    """Belote: seat 2, unable to follow clubs, trumps; every world has it void in clubs."""
    rng = random.Random(3)
    deal = BeloteDeal.from_hands(
        ["HJ H9 HA D7 D8 C7 C8 S7", "SA S10 SK DA D10 DK CA C10",
         "H7 H8 HQ HK SQ SJ S9 S8", "H10 DQ DJ D9 CK CQ CJ C9"],
        "HJ", dealer=3, taker=0,
    )
    for card in ("C7", "CA", "H7"):
        deal.apply(Play(Card.parse(card)))
    view = deal.view(3)
    unknown_clubs = (1 << Card.C8) | (1 << Card.C10)  # the clubs seat 3 has not seen
    assert WorldSampler(view).forbid[2] & unknown_clubs == unknown_clubs
    for world in sample_worlds(view, 50, rng):
        assert world.hands[2] & SUIT_MASK[Suit.CLUBS] == 0
        assert world.view(3) == view


@pytest.mark.parametrize("game", GAMES)
def test_worlds_from_match_views(game: str) -> None:
    """Views from a match (scores, hanging points, later deals) sample as well."""
    info = get_game(game)
    match = info.match(seed=4)
    bots = [make_bot(game, "heuristic", seed=s) for s in range(info.num_players)]
    rng = random.Random(0)
    steps = 0
    while not match.is_over and steps < 140:
        seat = match.current_player()
        view = match.view(seat)
        if steps % 7 == 0:
            world = sample_world(view, rng)
            assert world.view(seat) == WorldSampler(view)._deal_level(view)
        match.apply(bots[seat].choose(view))
        steps += 1


# -- solver ----------------------------------------------------------------------------------
def _fixed_diff(result: Any, game: str) -> int:
    t = result.totals
    if game == "deberts":
        f = result.bela
    elif game == "belote":
        f = (result.announcement_points[0] + result.belote[0],
             result.announcement_points[1] + result.belote[1])
    else:
        f = (result.weis_points[0] + result.stoeck[0], result.weis_points[1] + result.stoeck[1])
    return (t[0] - f[0]) - (t[1] - f[1])


def _brute(deal: Any, game: str) -> int:
    """Minimax over the engine itself: team 0 maximizes its totals minus team 1's (the
    parts that depend on the play)."""
    if deal.is_over:
        return _fixed_diff(deal.result, game)
    seat = deal.current_player()
    values = []
    for action in deal.legal_actions():
        if not isinstance(action, Play):
            continue
        deal.apply_unchecked(action)
        values.append(_brute(deal, game))
        deal.undo()
    return max(values) if seat % 2 == 0 else min(values)


def _ending(game: str, rng: random.Random, seed: int, left: int, options: Any = None) -> Any:
    info = get_game(game)
    while True:
        deal = info.deal(seed=seed, dealer=seed % info.num_players, options=options)
        seed += 7919
        while not deal.is_over and deal.phase != "play":
            acts = deal.legal_actions()
            if rng.random() < 0.6:
                acts = [a for a in acts if type(a).__name__ != "Pass"] or acts
            deal.apply_unchecked(rng.choice(acts))
        if deal.is_over:
            continue
        target = (TRICKS[game] - left) * info.num_players + rng.randrange(info.num_players)
        while not deal.is_over and sum(isinstance(a, Play) for _, a in deal.actions) < target:
            plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
            deal.apply_unchecked(rng.choice(plays) if plays else deal.legal_actions()[0])
        legal = deal.legal_actions() if not deal.is_over else []
        if legal and all(isinstance(a, Play) for a in legal):
            return deal


ENDINGS = [
    ("deberts", 5, None),
    ("belote", 3, None),
    ("belote", 3, "belote(undertrump=false,defender_capot=162)"),
    ("schieber", 3, None),
    ("schieber", 3, "schieber(undenufe_values=modern)"),
]


@pytest.mark.parametrize(("game", "left", "options"), ENDINGS)
def test_solver_is_exact_against_brute_force(game: str, left: int, options: str | None) -> None:
    """Every legal card's solved value equals a brute-force minimax over the engine."""
    rng = random.Random(11)
    info = get_game(game)
    opts = info.options.parse(options) if options else None
    solver = Solver()
    for i in range(25):
        deal = _ending(game, rng, 1000 + i, left, opts)
        values = solver.values(problem_from_deal(deal))
        before = deal.captured[0] - deal.captured[1]
        legal = deal.legal_actions()
        assert sorted(values) == sorted(int(a.card) for a in legal)
        for action in legal:
            deal.apply_unchecked(action)
            assert before + values[int(action.card)] == _brute(deal, game), (i, action)
            deal.undo()


_PURE_SCRIPT = """
import json, random, sys
sys.path.insert(0, {tests!r})
from test_search_bots import _ending, _brute
from atout.bots.solver import COMPILED, Solver, problem_from_deal
assert not COMPILED
out = []
for game, left in (("deberts", 3), ("belote", 2), ("schieber", 2)):
    rng = random.Random(5)
    for i in range(4):
        deal = _ending(game, rng, 50 + i, left)
        values = Solver().values(problem_from_deal(deal))
        brute = []
        for a in deal.legal_actions():
            deal.apply_unchecked(a); brute.append(_brute(deal, game)); deal.undo()
        before = deal.captured[0] - deal.captured[1]
        assert [before + values[int(a.card)] for a in deal.legal_actions()] == brute
        out.append(sorted(values.items()))
print(json.dumps(out))
"""


def test_pure_python_solver_agrees() -> None:
    """The same kernel run as plain Python (no numba) is exact too, and gives the same
    values as the compiled one."""
    env = dict(os.environ, ATOUT_PURE_SOLVER="1")
    script = _PURE_SCRIPT.format(tests=os.path.dirname(__file__))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    pure = json.loads(done.stdout)
    compiled = []
    for game, left in (("deberts", 3), ("belote", 2), ("schieber", 2)):
        rng = random.Random(5)
        for i in range(4):
            deal = _ending(game, rng, 50 + i, left)
            compiled.append([list(kv) for kv in sorted(Solver().values(
                problem_from_deal(deal)).items())])
    assert pure == compiled


def test_depth_limited_search_stops_and_full_search_does_not() -> None:
    rng = random.Random(2)
    deal = _ending("belote", rng, 3, 8)
    problem = problem_from_deal(deal)
    solver = Solver()
    solver.stats[0] = 0
    solver.values(dataclasses.replace(problem, stop=problem.tricks_done + 1))
    shallow = int(solver.stats[0])
    assert shallow < 5000


# -- scoring ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_world_utility_is_monotone_and_antisymmetric(game: str) -> None:
    """A better difference never scores worse (so solving the difference is solving the
    result), and what one team gains the other loses. One exception, the engine's own
    (the values are the engine's, ``test_world_values.py``): in Deberts a player's
    sequences count only if that player takes a trick, so a bait written to the other
    player can be worth less when it took every trick; deals with sequences are then
    checked for antisymmetry only."""
    rng = random.Random(4)
    monotone = 0
    for i in range(20):
        deal = _ending(game, rng, 200 + i, 4)
        problem = problem_from_deal(deal)
        scoring = _scoring(deal, problem)
        check = not (game == "deberts" and any(scoring.melds))
        monotone += check
        last = None
        for diff in range(-300, 301, 7):
            u0 = world_utility(deal, diff, scoring, 0)
            assert u0 == -world_utility(deal, diff, scoring, 1)
            if last is not None and check:
                assert u0 >= last
            last = u0
    assert monotone >= 10


# -- bots ------------------------------------------------------------------------------------
class _TinyPIMC(PIMCBot):
    worlds = 3
    min_worlds = 3
    bid_worlds = 2
    time_budget = None  # the choices depend on the seed alone


# -- deadlines -------------------------------------------------------------------------------
def test_solver_gives_up_at_its_node_limit_and_stays_exact() -> None:
    """A search past its node limit raises SearchTimeout (no approximate value), and the
    table it leaves behind still gives exact values afterwards."""
    rng = random.Random(8)
    deal = _ending("schieber", rng, 77, 9)
    problem = problem_from_deal(deal)
    solver = Solver()
    with pytest.raises(SearchTimeout):
        solver.values(problem, max_nodes=5000)
    with pytest.raises(SearchTimeout):
        solver.values(problem, deadline=time.perf_counter())
    shallow = dataclasses.replace(problem, stop=problem.tricks_done + 2)
    assert solver.values(shallow) == Solver().values(shallow)
    ending = problem_from_deal(_ending("schieber", rng, 78, 3))
    with pytest.raises(SearchTimeout):
        solver.values(ending, max_nodes=10)
    assert solver.values(ending) == Solver().values(ending)


class _SlowExpert(PIMCBot):
    """PIMC that searches every world to the end from the first trick: seconds a world
    in Schieber, far past any deadline."""

    worlds = 50
    min_worlds = 50
    depth = {"deberts": (9, 9), "belote": (8, 8), "schieber": (9, 9)}  # noqa: RUF012


@pytest.mark.parametrize("name", ["slow-pimc", "ismcts"])
def test_a_search_bot_decides_within_its_time_budget(name: str) -> None:
    """On a slow position (the opening lead of Schieber, searched to the end by PIMC;
    ISMCTS with a huge number of iterations) the decision comes back within its time
    budget plus a small slack, with a legal card and the note that time ran out."""
    from atout.bots import warm

    warm.warm_up()
    rng = random.Random(4)
    deal = _ending("schieber", rng, 91, 9)
    view = deal.view(deal.current_player())
    bot: Any = _SlowExpert(seed=1, time_budget=0.3) if name == "slow-pimc" else make_bot(
        "schieber", "ismcts", seed=1)
    if name == "ismcts":
        bot.iterations = 10**7
        bot.time_budget = 0.3
    start = time.perf_counter()
    action = bot.choose(view)
    spent = time.perf_counter() - start
    assert action in view.legal_actions
    assert bot.cut and "time budget" in bot.explain(view)
    assert spent < 0.3 + 1.5, spent  # slack for a loaded machine; all 1,000 worlds: ~10 s


def test_bidding_by_simulation_stops_at_its_time_budget() -> None:
    """A Schieber trump choice simulated on a thousand worlds stops at the budget and
    returns one of the legal choices."""
    deal = get_game("schieber").deal(seed=5, dealer=0)
    view = deal.view(deal.current_player())
    bot: Any = make_bot("schieber", "expert", seed=1)
    bot.bids_by_rules = frozenset()  # the expert's Schieber contract: by simulation here
    bot.learned_bids = frozenset()  # (not by the learned model)
    bot.bid_worlds = 1000
    bot.time_budget = 0.3
    start = time.perf_counter()
    action = bot.choose(view)
    spent = time.perf_counter() - start
    assert action in view.legal_actions and bot.cut
    assert spent < 0.3 + 1.5, spent  # slack for a loaded machine; all 1,000 worlds: ~10 s


def test_expert_schieber_contract_is_the_rules_and_searches_forty_worlds() -> None:
    """The expert chooses its Schieber contract (or push) as the rules of thumb do, with
    no simulation, and solves up to 40 worlds per Schieber card (20 in Belote)."""
    rules = make_bot("schieber", "heuristic", seed=0)
    for seed in range(12):
        deal = get_game("schieber").deal(seed=seed, dealer=seed % 4)
        view = deal.view(deal.current_player())
        bot: Any = make_bot("schieber", "expert", seed=seed)
        bot.learned_bids = frozenset()  # the learned model aside (tests/test_bidding.py)
        assert bot.choose(view) == rules.choose(view)
        assert bot.last_note == "rules of thumb"
    for game, worlds in (("schieber", 40), ("belote", 20)):
        rng = random.Random(7)
        view = None
        while view is None or sum(isinstance(a, Play) for a in view.legal_actions) < 3:
            deal = _ending(game, rng, rng.randrange(1000), 6)
            view = deal.view(deal.current_player())
        expert: Any = make_bot(game, "expert", seed=3)
        expert.time_budget = None
        expert.decisive = float("inf")  # no early stop: every world is solved
        expert.node_budget_by_game = {}  # nor a stop at the budget (Schieber's is 3 million)
        expert.node_budget = None
        expert.choose(view)
        assert expert.last_count == worlds, (game, expert.last_count)
    assert "belote" not in expert.bids_by_rules and expert.bid_worlds > 0
    # the horizons: Schieber's expert 4 tricks ahead (exact from 5 left), hard 3 (from
    # 4); Belote's expert 6 ahead (exact from 7 left), hard 4 (from 5)
    for game, levels in (("schieber", (("expert", 4), ("hard", 3))),
                         ("belote", (("expert", 6), ("pimc", 6), ("hard", 4)))):
        deal = get_game(game).deal(seed=2, dealer=0)
        while deal.phase != "play":
            deal.apply(deal.legal_actions()[-1])  # a contract (all passing ends a Belote deal)
        for level, ahead in levels:
            bot = make_bot(game, level, seed=0)
            assert bot._problem(deal, game).stop == ahead, (game, level)


def test_levels_budgets_are_work_and_the_safety_net_is_off() -> None:
    """Every level's budget is counted in work (worlds, solver nodes, iterations); no
    level has a wall-clock limit unless a table with a person sets one."""
    for name in ("pimc", "ismcts", "hard", "expert"):
        bot: Any = make_bot("belote", name, seed=0)
        assert bot.time_budget is None, name
    hard, expert = make_bot("belote", "hard", seed=0), make_bot("belote", "expert", seed=0)
    assert 0 < hard.node_budget <= expert.node_budget  # type: ignore[attr-defined]
    assert PIMCBot(seed=0, time_budget=0.5).time_budget == 0.5


def test_a_decision_stops_at_its_node_budget() -> None:
    """A PIMC decision stops at its node budget, spends exactly that many nodes whatever
    the shared solver searched before (a fresh table each decision), and chooses the
    same either way."""
    rng = random.Random(4)
    deal = _ending("schieber", rng, 91, 7)
    view = deal.view(deal.current_player())
    runs = []
    for other_first in (False, True):
        if other_first:  # the same worlds solved first: the shared table holds them
            other: Any = _SlowExpert(seed=1)
            other.node_budget, other.node_budget_by_game = None, {}
            other.choose(view)
        bot: Any = _SlowExpert(seed=1)
        bot.node_budget, bot.node_budget_by_game = 500_000, {}
        bot.decisive = float("inf")
        ranked = bot.evaluate(view)
        assert bot.at_budget and not bot.cut and bot.last_nodes == 500_000
        assert 0 < bot.last_count < 40
        runs.append((ranked, bot.last_count))
    assert runs[0] == runs[1]


class _JumpingClock:
    """A clock that jumps ten seconds at each reading: a machine so slow (or so loaded)
    that any deadline has passed by the next look at the clock."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        self.now += 10.0
        return self.now

    monotonic = perf_counter


def _positions(game: str) -> list[Any]:
    """A bid (the deal's first decision) and a card to play with at least three choices."""
    deal = get_game(game).deal(seed=11, dealer=0)
    views = [deal.view(deal.current_player())]
    rng = random.Random(5)
    view = None
    while view is None or sum(isinstance(a, Play) for a in view.legal_actions) < 3:
        end = _ending(game, rng, rng.randrange(1000), 6)
        view = end.view(end.current_player())
    return [*views, view]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "pimc", "ismcts"])
def test_the_same_seed_chooses_the_same_under_any_slowness(
    game: str, level: str, monkeypatch: Any
) -> None:
    """The same seed and position give the same choice, with the same values, when the
    machine is so slow that every reading of the clock is ten seconds later: the budgets
    are work, not time (a clock-based budget falls back to the rules of thumb here)."""
    from atout.bots import search, solver, warm

    warm.warm_up()
    def fresh() -> Any:
        return make_bot(game, level, seed=7)

    for view in _positions(game):
        choice, values = fresh().choose(view), fresh().evaluate(view)
        hits = sum(search.SAFETY_NET_HITS.values())
        with monkeypatch.context() as m:
            clock = _JumpingClock()
            m.setattr(search, "time", clock)
            m.setattr(solver, "time", clock)
            slow = fresh()
            assert slow.evaluate(view) == values
            assert fresh().choose(view) == choice
        assert not getattr(slow, "cut", False)
        assert sum(search.SAFETY_NET_HITS.values()) == hits


def test_the_safety_net_counts_and_logs_its_hits(monkeypatch: Any, caplog: Any) -> None:
    """At a table with a person the clock is a safety net: a decision it cuts plays a
    legal card, and the hit is counted and logged as a warning."""
    from atout.bots import search, warm

    warm.warm_up()
    view = _positions("schieber")[1]
    bot: Any = make_bot("schieber", "expert", seed=1)
    bot.time_budget = search.TABLE_SAFETY_NET
    before = search.SAFETY_NET_HITS["expert"]
    monkeypatch.setattr(search, "time", _JumpingClock())
    with caplog.at_level("WARNING", logger="atout.bots.search"):
        action = bot.choose(view)
    assert action in view.legal_actions and bot.cut
    assert search.SAFETY_NET_HITS["expert"] == before + 1
    assert any("safety net" in r.getMessage() for r in caplog.records)


def test_search_bots_play_the_rules_while_the_kernels_warm(monkeypatch: Any) -> None:
    """While the kernels are prepared in the background, a search bot plays what the
    rules of thumb play instead of waiting for the compiler."""
    from atout.bots import warm

    monkeypatch.setattr(warm, "warming", lambda: True)
    rng = random.Random(3)
    for i in range(5):
        deal = _ending("belote", rng, 300 + i, 6)
        view = deal.view(deal.current_player())
        rules = make_bot("belote", "heuristic", seed=0).choose(view)
        bot = make_bot("belote", "expert", seed=i)
        assert bot.choose(view) == rules
        assert "rules of thumb" in bot.explain(view)


@pytest.mark.parametrize("game", GAMES)
def test_pimc_plays_legally_and_is_seeded(game: str) -> None:
    """A PIMC bot in seat 0 against rules of thumb: every action legal (checked apply),
    and the same seeds give the same deal."""
    info = get_game(game)

    def play(seed: int) -> list[Any]:
        deal = info.deal(seed=seed, dealer=1)
        bots = [_TinyPIMC(seed=1)] + [
            make_bot(game, "heuristic", seed=s) for s in range(1, info.num_players)
        ]
        while not deal.is_over:
            seat = deal.current_player()
            deal.apply(bots[seat].choose(deal.view(seat)))
        return list(deal.actions)

    assert play(9) == play(9)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["pimc", "ismcts", "easy", "medium", "hard", "expert"])
def test_every_level_evaluates_and_explains(game: str, name: str) -> None:
    info = get_game(game)
    rng = random.Random(1)
    deal = _ending(game, rng, 31, 6)
    seat = deal.current_player()
    view = deal.view(seat)
    bot = make_bot(game, name, seed=5)
    if name == "ismcts":
        bot.iterations = 300  # type: ignore[attr-defined]
    ranked = bot.evaluate(view)
    assert {a for a, _ in ranked} == set(view.legal_actions)
    assert ranked[0][0] in view.legal_actions
    assert isinstance(bot.explain(view), str) and bot.explain(view)
    assert info.num_players in (2, 4)


def test_arena_reports_win_rate_and_points_share() -> None:
    from atout.arena import duplicate

    result = duplicate("deberts", "heuristic", "random", 12, seed=3)
    w, _, d = result.board_wins
    assert result.win_rate == pytest.approx((w + d / 2) / 12)
    assert 0.5 < result.points_share <= 1
    assert "win rate" in result.summary() and "of the points" in result.summary()


@pytest.mark.parametrize("game", GAMES)
def test_levels_spend_more_from_hard_to_expert(game: str) -> None:
    """``hard`` is PIMC on a small budget that bids by the rules of thumb; ``expert`` is
    PIMC on the full budget (the ``pimc`` bot), which bids by simulation."""
    from atout.bots.search import PIMCBot

    hard, expert, pimc = (make_bot(game, n, seed=1) for n in ("hard", "expert", "pimc"))
    assert isinstance(hard, PIMCBot) and isinstance(expert, PIMCBot)
    assert isinstance(pimc, PIMCBot)
    assert hard.worlds < expert.worlds == pimc.worlds
    assert hard.bid_worlds == 0 < expert.bid_worlds == pimc.bid_worlds
    info = get_game(game)
    for seed in range(3):
        deal = info.deal(seed=seed, dealer=seed % info.num_players)
        view = deal.view(deal.current_player())
        rules = make_bot(game, "heuristic", seed=0).choose(view)
        hard: Any = make_bot(game, "hard", seed=seed)
        hard.learned_bids = frozenset()  # the learned model aside (tests/test_bidding.py)
        assert hard.choose(view) == rules


def _reference_rollout(P: Any, hands: list[int], cards: list[int], ti: int, tn: int,
                       leader: int, flags: int, pts: Any, stren: Any, above: Any,
                       seed: int) -> int:
    """The random playout written plainly: the shared legal-move function on the whole
    trick, the k-th lowest legal card for the same random stream."""
    from atout.bots.solver import _bonus
    from atout.kernel.rules import best_of, legal_cards

    n, t, total = int(P[0]), int(P[2]), int(P[9])
    state = seed & 0x7FFFFFFF
    v = 0
    while ti < total:
        seat = (leader + tn) % n
        legal = int(legal_cards(P, hands[seat], cards, 4 * ti, tn, leader, seat, stren, above))
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        pick = (state >> 8) % bin(legal).count("1")
        c = [i for i in range(36) if legal >> i & 1][pick]
        hands[seat] ^= 1 << c
        cards[4 * ti + tn] = c
        tn += 1
        if tn == n:
            winner = (leader + int(best_of(cards, 4 * ti, n, t, stren))) % n
            gained = sum(int(pts[cards[4 * ti + i]]) for i in range(n))
            gained += int(P[4]) if ti + 1 == total else 0
            v += gained if winner % 2 == 0 else -gained
            flags |= 1 << (winner % 2)
            leader, ti, tn = winner, ti + 1, 0
    return v + int(_bonus(P, flags))


@pytest.mark.parametrize("game", GAMES)
def test_random_playout_follows_the_rules(game: str) -> None:
    """The compiled playout (which keeps the trick's winning card as it goes and picks
    the k-th legal card suit by suit) plays exactly the cards and the value of the plain
    playout over the shared rules, from positions in the middle of tricks too."""
    from atout.bots.solver import _rollout

    rng = random.Random(12)
    for i in range(40):
        deal = _ending(game, rng, 500 + i, rng.randrange(1, TRICKS[game] + 1))
        problem = problem_from_deal(deal)
        P, pts, stren, above, _o, hands, cards = Solver(tt_bits=4).kernel_state(problem)
        args = (problem.tricks_done, len(problem.trick), problem.leader, problem.flags)
        for seed in range(5):
            h, c = hands.copy(), cards.copy()
            fast = int(_rollout(P, h, c, *args, pts, stren, above, seed))
            h2, c2 = [int(x) for x in hands], [int(x) for x in cards]
            slow = _reference_rollout(P, h2, c2, *args, pts, stren, above, seed)
            assert fast == slow and [int(x) for x in c] == c2, (i, seed)
