"""The engines that ``peers.py`` times, each driven the same way, and a worker loop.

Every engine plays *complete random deals*: shuffle and deal, the contract (bidding or
trump choice) and every card, with each decision drawn uniformly from that engine's own
list of legal actions, and the deal scored the way the engine scores it. One call of
an engine's runner times ``deals`` of them in this process and returns what happened.

The random choice is the same cheap expression everywhere (``a[int(rand() * len(a))]``
with ``random.Random``), so that no engine pays for a costlier random source than
another; the one exception is ``jass-kit-actions``, which steps jass-kit the way its
agents do, numpy's generator included. The peers are imported only inside their own
functions: this module is imported by workers running in the peers' virtual
environment, where they are installed.

Run as a script, it is a worker: it reads lines ``ENGINE DEALS SEED`` on standard input
and answers each with one JSON line; ``peers.py`` starts one worker per engine, so that
every engine runs in a process of its own.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

Result = dict[str, Any]

#: The clock of every measurement: the CPU time of this process by default (what the
#: engine itself used, less disturbed by other work on a shared machine), or the wall
#: clock with ``ATOUT_BENCH_CLOCK=wall``.
_clock = time.perf_counter if os.environ.get("ATOUT_BENCH_CLOCK") == "wall" else time.process_time


def _result(engine: str, deals: int, seconds: float, cards: int, decisions: int) -> Result:
    return {
        "engine": engine,
        "deals": deals,
        "seconds": seconds,
        "cards": cards,
        "decisions": decisions,
    }


# -- atout -------------------------------------------------------------------------------
def _atout(game: str, checked: bool) -> Callable[[int, int], Result]:
    from atout.kits import get_game

    info = get_game(game)
    deal_cls = info.deal
    players = info.num_players
    engine = f"atout-{game}" + ("-checked" if checked else "")

    def run(deals: int, seed: int) -> Result:
        rand = random.Random(seed).random
        cards = decisions = 0
        base = seed * 1_000_003
        start = _clock()
        for i in range(deals):
            deal = deal_cls(seed=base + i, dealer=i % players)
            step = deal.apply if checked else deal.apply_unchecked
            legal = deal.legal_actions
            while not deal.is_over:
                actions = legal()
                step(actions[int(rand() * len(actions))])
            # the cards played: a card per seat in each trick, and those of a trick cut
            # short (nothing is kept from one deal to the next, as in the peers' loops)
            cards += players * len(deal.tricks) + len(deal.trick)
            decisions += len(deal.actions)
        seconds = _clock() - start
        return _result(engine, deals, seconds, cards, decisions)

    return run


def _atout_cards(game: str) -> Callable[[int, int], Result]:
    """atout through its integer path, as search drives it and as jass-kit's lean loop
    drives jass-kit: the legal cards as a bitmask (``legal_mask``), a card index chosen
    from it, ``play_card(index)`` (which returns the next mask); the contract through
    the actions. The deals come from
    one random source for the run (``seed=rng``), as jass-kit's come from numpy's."""
    from atout.kits import get_game

    info = get_game(game)
    deal_cls = info.deal
    players = info.num_players

    def run(deals: int, seed: int) -> Result:
        rng = random.Random(seed)
        rand = rng.random
        cards = decisions = 0
        start = _clock()
        for i in range(deals):
            deal = deal_cls(seed=rng, dealer=i % players)
            play_card = deal.play_card
            mask = deal.legal_mask()
            while True:
                if mask:  # the k-th legal card, k drawn uniformly
                    k = int(rand() * mask.bit_count())
                    while k:
                        mask &= mask - 1
                        k -= 1
                    mask = play_card((mask & -mask).bit_length() - 1)  # the next mask
                elif deal.is_over:  # no card to play: the bidding, or the end
                    break
                else:
                    actions = deal.legal_actions()
                    deal.apply_unchecked(actions[int(rand() * len(actions))])
                    mask = deal.legal_mask()
            cards += players * len(deal.tricks) + len(deal.trick)
            decisions += len(deal.actions)
        seconds = _clock() - start
        return _result(f"atout-{game}-cards", deals, seconds, cards, decisions)

    return run


def _floor_schieber() -> Callable[[int, int], Result]:
    """Not an engine: the least a Python loop stepping one random card at a time can
    cost. Everything is inlined in this one function (no method call, no action object,
    no undo history, no Weis or Stöck, no view), with the Schieber card rules and the
    trick count taken from atout's tables. Its speed bounds what any engine stepped
    from Python per card can reach on this machine and interpreter."""
    from atout.cards import DECK_36, SUIT_MASK, shuffled_indices
    from atout.games import schieber as sch

    key_of = sch._KEY
    points_of = sch.POINTS
    trump_key = sch._TRUMP_KEY
    above = sch._TRUMPS_ABOVE
    puur = sch._PUUR
    without = sch._WITHOUT

    def run(deals: int, seed: int) -> Result:
        rng = random.Random(seed)
        rand = rng.random
        start = _clock()
        for i in range(deals):
            order = shuffled_indices(DECK_36, rng)
            hands = [0, 0, 0, 0]
            for n, c in enumerate(order):
                hands[(n // 3) % 4] |= 1 << c
            t = int(rand() * 6)
            key_t = key_of[t]
            pts = points_of[t]
            turn = (i + 1) % 4
            trick: list[int] = []
            captured = [0, 0]
            for _ in range(36):
                hand = hands[turn]
                if not trick:
                    m = hand
                else:
                    led = trick[0] // 9
                    follow = hand & SUIT_MASK[led]
                    if t >= 4:
                        m = follow or hand
                    else:
                        trumps = hand & SUIT_MASK[t]
                        if not trumps:
                            m = follow or hand
                        elif led == t:
                            m = hand if trumps == puur[t] else trumps
                        else:
                            m = (follow | trumps) if follow else hand
                            if len(trick) > 1 and hand != trumps:
                                best = max(trump_key[t][c] for c in trick[1:])
                                if best >= 0:
                                    m &= ~trumps | above[t][best]
                k = int(rand() * m.bit_count())
                while k:
                    m &= m - 1
                    k -= 1
                card = (m & -m).bit_length() - 1
                hands[turn] &= without[card]
                trick.append(card)
                if len(trick) < 4:
                    turn = (turn + 1) % 4
                    continue
                key = key_t[trick[0] // 9]
                best_i = max(range(4), key=lambda j: key[trick[j]])
                turn = (turn + 1 + best_i) % 4
                captured[turn % 2] += pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
                trick = []
        seconds = _clock() - start
        return _result("floor-schieber", deals, seconds, 36 * deals, 37 * deals)

    return run


# -- jass-kit (Schieber) -------------------------------------------------------------------
def _jass_kit() -> Callable[[int, int], Result]:
    import numpy as np
    from jass.game.const import PUSH
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    flatnonzero = np.flatnonzero
    forehand_choices = (0, 1, 2, 3, 4, 5, PUSH)

    def run(deals: int, seed: int) -> Result:
        """jass-kit's own engine loop: one GameSim with RuleSchieber, dealt afresh for
        each deal, as its arena drives it (without the agents and their observations)."""
        np.random.seed(seed)  # deal_random_hand shuffles with numpy's global source
        rand = random.Random(seed).random
        decisions = 0
        sim = GameSim(rule=rule)
        start = _clock()
        for i in range(deals):
            sim.init_from_cards(hands=deal_random_hand(), dealer=i % 4)
            choice = forehand_choices[int(rand() * 7)]
            sim.action_trump(choice)
            decisions += 1
            if choice == PUSH:
                sim.action_trump(int(rand() * 6))
                decisions += 1
            state = sim.state
            while not sim.is_done():
                valid = flatnonzero(rule.get_valid_cards_from_state(state))
                sim.action_play_card(int(valid[int(rand() * len(valid))]))
                decisions += 1
        seconds = _clock() - start
        return _result("jass-kit", deals, seconds, 36 * deals, decisions)

    return run


def _jass_kit_actions() -> Callable[[int, int], Result]:
    import numpy as np
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    flatnonzero = np.flatnonzero

    def run(deals: int, seed: int) -> Result:
        """jass-kit's engine loop over its full action set, as its agents and training
        loops step it: ``get_valid_actions_from_state`` (trump, push and cards in one
        vector), a choice with numpy's generator, ``GameSim.action``."""
        np.random.seed(seed)
        choice = np.random.default_rng(seed).choice
        decisions = 0
        sim = GameSim(rule=rule)
        start = _clock()
        for i in range(deals):
            sim.init_from_cards(hands=deal_random_hand(), dealer=i % 4)
            state = sim.state
            while not sim.is_done():
                sim.action(int(choice(flatnonzero(rule.get_valid_actions_from_state(state)))))
                decisions += 1
        seconds = _clock() - start
        return _result("jass-kit-actions", deals, seconds, 36 * deals, decisions)

    return run


def _jass_kit_arena() -> Callable[[int, int], Result]:
    import numpy as np
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.arena.arena import Arena

    def run(deals: int, seed: int) -> Result:
        """jass-kit's arena with its random agents (observations built for each move)."""
        np.random.seed(seed)
        arena = Arena(nr_games_to_play=deals, print_every_x_games=10**9)
        arena.set_players(*(AgentRandomSchieber() for _ in range(4)))
        start = _clock()
        dealer = 0
        for _ in range(deals):
            arena.play_game(dealer=dealer)
            dealer = (dealer + 3) % 4  # jass-kit's next player
        seconds = _clock() - start
        return _result("jass-kit-arena", deals, seconds, 36 * deals, 0)

    return run


# -- belote-cli (Belote) --------------------------------------------------------------------
def _belote_cli() -> Callable[[int, int], Result]:
    from belote import game as bg
    from belote import scoring as bs
    from belote.deck import CARD_SUITS

    phase = bg.Phase

    def run(deals: int, seed: int) -> Result:
        """belote-cli's engine as its game flow drives a round (``run_round`` without the
        interface): deal, bidding, play with ``legal_cards``/``play_card``, scoring, the
        scoresheet. Bids are drawn from the classic ones (round 1: pass or take the turned
        suit; round 2: pass or one of the three other suits), as atout's Belote offers."""
        rng = random.Random(seed)
        rand = rng.random
        state = bg.new_game(1000)
        cards = decisions = 0
        start = _clock()
        for _ in range(deals):
            bg.clear_legal_cards_cache()  # as run_round does at the start of each round
            st = bg.start_round(state, rng)
            while st.phase is phase.BIDDING:
                assert st.up_card is not None
                up = st.up_card.suit
                if st.bidding_round == 1:
                    bids: list[Any] = [None, up]
                else:
                    bids = [None, *(s for s in CARD_SUITS if s != up)]
                st = bg.place_bid(st, bids[int(rand() * len(bids))])
                decisions += 1
            if st.phase is phase.DEAL:  # thrown in: the next dealer deals again
                state = st
                continue
            while st.phase is phase.PLAYING:
                legal = bg.legal_cards(st, st.turn)
                st = bg.play_card(st, legal[int(rand() * len(legal))])
                cards += 1
            breakdown = bs.score_round(st)
            state = bs.apply_round_score(st, breakdown)
            if state.phase is phase.GAME_OVER:
                state = bg.new_game(1000)
        seconds = _clock() - start
        return _result("belote-cli", deals, seconds, cards, decisions + cards)

    return run


# -- colver (coinche, Rust core) -------------------------------------------------------
def _colver() -> Callable[[int, int], Result]:
    import colver

    env_deal = colver.Env.deal

    def run(deals: int, seed: int) -> Result:
        """colver stepped from Python: ``Env.deal`` then ``legal_actions``/``step`` to the
        end (its coinche auction included), as a learning loop drives it."""
        rand = random.Random(seed).random
        cards = decisions = 0
        base = seed * 1_000_003
        start = _clock()
        for i in range(deals):
            env = env_deal(dealer=i % 4, seed=base + i)
            legal = env.legal_actions
            step = env.step
            while not env.is_terminal():
                actions = legal()
                step(actions[int(rand() * len(actions))])
                decisions += 1
        seconds = _clock() - start
        # Cards are counted after the clock stops, on replayed deals.
        rand = random.Random(seed).random
        for i in range(deals):
            env = env_deal(dealer=i % 4, seed=base + i)
            while not env.is_terminal():
                actions = env.legal_actions()
                env.step(actions[int(rand() * len(actions))])
            cards += len(env.get_played_cards())
        return _result("colver", deals, seconds, cards, decisions)

    return run


def _colver_obs() -> Callable[[int, int], Result]:
    import colver
    import numpy as np

    env_deal = colver.Env.deal
    asarray, flatnonzero, float32 = np.asarray, np.flatnonzero, np.float32

    def run(deals: int, seed: int) -> Result:
        """colver stepped as a learning loop steps it: at each decision the legal
        action mask (``legal_action_mask()``, a NumPy array) and a random action drawn
        from it, ``step``, and the observation ``step`` returns made a NumPy float32
        array: what atout's vector environment returns for a table (its observation and
        mask as arrays) at every agent step."""
        rand = random.Random(seed).random
        decisions = 0
        base = seed * 1_000_003
        start = _clock()
        for i in range(deals):
            env = env_deal(dealer=i % 4, seed=base + i)
            mask_of = env.legal_action_mask
            step = env.step
            obs = asarray(env.get_observation(), float32)
            done = False
            while not done:
                legal = flatnonzero(mask_of())
                obs_list, _reward, done, _legal = step(int(legal[int(rand() * len(legal))]))
                obs = asarray(obs_list, float32)
                decisions += 1
        seconds = _clock() - start
        assert obs.dtype == float32
        return _result("colver-obs", deals, seconds, 0, decisions)

    return run


def _colver_rollouts() -> Callable[[int, int], Result]:
    import colver

    def run(deals: int, seed: int) -> Result:
        """colver's native rollouts (``Env.rollout(n)``, Rust): a dealt position with a
        contract fixed (spades, 80, by team 0) played out ``deals`` times with random
        cards, in one call; a "deal" here is one playout of the 32 cards."""
        env = colver.Env.deal(dealer=0, seed=seed + 1)
        env.set_contract(0, 80, 0, 0)
        env.set_phase_playing()
        start = _clock()
        env.rollout(deals)
        seconds = _clock() - start
        return _result("colver-rollouts", deals, seconds, 32 * deals, 32 * deals)

    return run


def _kernel(game: str) -> Callable[[int, int], Result]:
    """atout's compiled kernel (``atout.kernel.play_deals``): the deals played in one
    call, results returned as arrays; needs numba (this worker runs in the driver's
    own interpreter, with atout[search])."""
    from atout.kernel import play_deals

    play_deals(game, 10, seed=0)  # load or compile
    per_trick = 2 if game == "deberts" else 4

    def run(deals: int, seed: int) -> Result:
        start = _clock()
        out = play_deals(game, deals, seed=seed)
        seconds = _clock() - start
        cards = int(out["tricks"].sum()) * per_trick
        return _result(f"kernel-{game}", deals, seconds, cards, cards)

    return run


def _kernel_playouts() -> Callable[[int, int], Result]:
    """atout's kernel playing Belote out from a dealt state, as colver's rollouts do
    (see ``bench_kernel.py --rollouts``); a "deal" is one playout of the 32 cards."""
    import bench_kernel

    bench_kernel.rollouts_per_second(10)

    def run(deals: int, seed: int) -> Result:
        rate = bench_kernel.rollouts_per_second(deals)
        return _result("kernel-belote-playouts", deals, deals / rate, 32 * deals, 32 * deals)

    return run


def _vector(game: str, tables: int) -> Callable[[int, int], Result]:
    """atout's vectorized environment (``VectorTables(backend="kernel")``, the arrays
    copied at each step, the default): ``tables`` tables a call, random legal actions
    from ``sample_actions()``; a "deal" here is one call, ``decisions`` the agent steps
    (each with its observation and mask)."""
    from atout.env.vector import VectorTables

    vec = VectorTables(game, num_envs=tables, backend="kernel")
    vec.reset(seed=0)
    for _ in range(20):  # load or compile
        vec.step(vec.sample_actions())

    def run(calls: int, seed: int) -> Result:
        vec.reset(seed=seed)
        step, sample = vec.step, vec.sample_actions
        start = _clock()
        for _ in range(calls):
            step(sample())
        seconds = _clock() - start
        return _result(f"vector-{game}-{tables}", calls, seconds, 0, calls * tables)

    return run


ENGINES: dict[str, Callable[[], Callable[[int, int], Result]]] = {
    **{
        f"vector-{g}-{n}": (lambda g=g, n=n: _vector(g, n))  # type: ignore[misc]
        for g in ("belote", "schieber", "deberts") for n in (1, 256)
    },
    "kernel-schieber": lambda: _kernel("schieber"),
    "kernel-belote": lambda: _kernel("belote"),
    "kernel-deberts": lambda: _kernel("deberts"),
    "kernel-belote-playouts": _kernel_playouts,
    "colver-rollouts": _colver_rollouts,
    "atout-schieber": lambda: _atout("schieber", False),
    "atout-schieber-checked": lambda: _atout("schieber", True),
    "atout-belote": lambda: _atout("belote", False),
    "atout-belote-checked": lambda: _atout("belote", True),
    "atout-deberts": lambda: _atout("deberts", False),
    "atout-deberts-checked": lambda: _atout("deberts", True),
    "atout-schieber-cards": lambda: _atout_cards("schieber"),
    "atout-belote-cards": lambda: _atout_cards("belote"),
    "atout-deberts-cards": lambda: _atout_cards("deberts"),
    "floor-schieber": _floor_schieber,
    "jass-kit": _jass_kit,
    "jass-kit-actions": _jass_kit_actions,
    "jass-kit-arena": _jass_kit_arena,
    "belote-cli": _belote_cli,
    "colver": _colver,
    "colver-obs": _colver_obs,
}


def versions() -> dict[str, str]:
    """Installed versions of atout and of the peers (for the report)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for name in ("atout", "jass-kit", "belote-cli", "colver", "numpy"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "-"
    found["python"] = sys.version.split()[0]
    return found


def worker() -> None:
    """Answer ``ENGINE DEALS SEED`` lines with JSON results (``versions`` for versions)."""
    runners: dict[str, Callable[[int, int], Result]] = {}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "versions":
            print(json.dumps(versions()), flush=True)
            continue
        name, deals, seed = words[0], int(words[1]), int(words[2])
        try:
            if name not in runners:
                runners[name] = ENGINES[name]()
            print(json.dumps(runners[name](deals, seed)), flush=True)
        except Exception as exc:  # reported to the driver, which prints it
            print(json.dumps({"engine": name, "error": f"{type(exc).__name__}: {exc}"}), flush=True)


if __name__ == "__main__":
    worker()
