"""``play_deals(..., policy="rules")``: every decision that is not a card taken as the
heuristic bot takes it, tested against the bot itself on the engine's replay of each
deal, and the deal's results still the engine's."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

from atout.bots import make_bot
from atout.env.space import action_index
from atout.games.actions import Push
from atout.kernel import COMPILED, engine_fields, kernel_fields, play_deals, replay

#: Deals per case: thousands compiled; a few as plain Python (slow, same code).
MANY = 3000 if COMPILED else 60
SOME = 600 if COMPILED else 30
#: The first action index that is not a card (see atout.env.space).
_NOT_A_CARD = 36

CASES = [
    ("schieber", None, MANY),
    ("belote", None, MANY),
    ("belote", "belote(announced_capot=true)", SOME),
    ("deberts", None, MANY),
    ("deberts", "deberts(doubling=true,four_sevens=true)", MANY),
]


@pytest.mark.parametrize(("game", "options", "count"), CASES)
def test_rules_policy_is_the_heuristic_bot(game: str, options: str | None, count: int) -> None:
    """Each deal of a ``policy="rules"`` batch replayed by the engine: at every decision
    where something other than a card is legal, the heuristic bot chooses what the kernel
    chose (``replay`` checks it); the legal sets and the results are the engine's."""
    batch = play_deals(game, count, seed=31, options=options, policy="rules", record=True)
    bot = make_bot(game, "heuristic", seed=0)
    for i in range(count):
        deal, legal = replay(game, batch, i, options, bot=bot)
        assert deal.is_over, i
        assert [int(x) for x in batch["legal"][i][: len(legal)]] == legal, i
        assert kernel_fields(game, batch, i) == engine_fields(game, deal.result), i
    # every deal has the bot's contract, or its passes
    assert (batch["actions"] >= _NOT_A_CARD).any(axis=1).all()


def test_replay_finds_a_decision_the_bot_would_not_take() -> None:
    """``replay(..., bot=...)`` is no rubber stamp: a random batch's contracts are not
    all the bot's."""
    batch = play_deals("schieber", 50, seed=31, record=True)
    bot = make_bot("schieber", "heuristic", seed=0)
    with pytest.raises(ValueError, match="heuristic bot"):
        for i in range(50):
            replay("schieber", batch, i, bot=bot)


def test_rules_contracts_are_the_bots_not_random() -> None:
    """The contract follows the hand: the same deals under the two policies differ in
    their contracts, and the rules' Schieber forehand pushes when its hand is poor (about
    half the time), not one time in seven."""
    rules = play_deals("schieber", 2000, seed=5, policy="rules")
    randomly = play_deals("schieber", 2000, seed=5)
    assert (rules["contract"] != randomly["contract"]).any()
    assert 0.3 < rules["pushed"].mean() < 0.8
    deberts = play_deals("deberts", 2000, seed=5, policy="rules")
    assert (deberts["outcome"] == 3).mean() > (play_deals("deberts", 2000, seed=5)["outcome"]
                                               == 3).mean()


def test_rules_hand_values_are_the_bots() -> None:
    """The compiled hand values add the bots' own values suit by suit: equal to the bots'
    on random hands of every size the bidding sees, for every trump suit."""
    from atout.bots.belote import BeloteHeuristicBot
    from atout.bots.deberts import DebertsHeuristicBot
    from atout.kernel import policy

    rng = random.Random(3)
    b_val, _ = policy.tables("belote")
    d_val, _ = policy.tables("deberts")
    deck32 = [c for c in range(36) if c % 9]
    for _ in range(300 if COMPILED else 60):
        for size in (5, 6, 9):
            hand = sum(1 << c for c in rng.sample(deck32, size))
            for s in range(4):
                want = BeloteHeuristicBot.bid_value(hand, s)
                assert policy._value(hand, s, b_val) == (-1 if want is None else want)
                assert policy._value(hand, s, d_val) == DebertsHeuristicBot.hand_value(hand, s)


def test_rules_schieber_contract_is_the_bots() -> None:
    """Each contract's score to the last bit, and the contract chosen (by forehand, who
    may push, and by the partner after a push), equal to the bot's on random hands."""
    from types import SimpleNamespace

    from atout.bots.schieber import SchieberHeuristicBot
    from atout.cards import CardSet
    from atout.games.schieber import CONTRACT_ACTIONS
    from atout.kernel import policy

    bot = SchieberHeuristicBot(seed=0)
    val, const = policy.tables("schieber")
    with_push = (*CONTRACT_ACTIONS, Push())
    rng = random.Random(4)
    for _ in range(6000 if COMPILED else 300):
        hand = sum(1 << c for c in rng.sample(range(36), 9))
        scores = bot.contract_scores(hand)
        for k in range(6):
            assert policy.schieber_score(hand, k, val, const) == scores[k], (hand, k)
        for legal in (with_push, CONTRACT_ACTIONS):
            view = SimpleNamespace(hand=CardSet(hand), legal_actions=legal)
            want = action_index(bot._choose_contract(view)) - action_index(CONTRACT_ACTIONS[0])
            got = policy.schieber_contract(hand, int(len(legal) == 7), val, const)
            assert got == want, hand


def test_unknown_policy() -> None:
    with pytest.raises(ValueError, match="policy"):
        play_deals("belote", 1, policy="greedy")
