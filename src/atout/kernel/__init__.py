"""Complete deals at native speed: the compiled rules kernel (numba, the ``search`` extra).

``play_deals("schieber", 100_000, seed=1)`` shuffles, deals, fixes the contract, finds
the melds, plays every card and scores each deal, in one compiled loop, and returns the
results as NumPy arrays (one entry per deal; pairs per team as ``(n, 2)``). With
``record=True`` it also returns the deck of each deal, every decision and every legal
set, as indices and bit masks of the environment's action space
(:mod:`atout.games.space`), from which the Python engine replays the same deal
(:func:`replay`). ``policy="rules"`` fixes the contract as the rules-of-thumb bots do
(:mod:`atout.kernel.policy`). Without numba the same kernel runs as plain Python:
exact, slow.

The card rules are :mod:`atout.kernel.rules`, the ones the open-hand solver searches
with; everything else (points, strengths, melds) comes from the engines' own tables.
See ``docs/api.md``.
"""

from __future__ import annotations

from typing import Any

from atout.games.space import PASS
from atout.kernel.rules import COMPILED

__all__ = [
    "COMPILED", "FIELDS", "OUTCOMES", "engine_fields", "kernel_fields", "play_deals", "replay",
]

_CARDS = PASS  # action indices below PASS are cards (atout.games.space)


def __getattr__(name: str) -> Any:  # numpy loads on first use
    if name in ("FIELDS", "OUTCOMES"):
        from atout.kernel import deals

        return getattr(deals, name)
    raise AttributeError(name)


def play_deals(
    game: str,
    n: int,
    seed: int = 0,
    *,
    policy: str = "random",
    options: Any = None,
    first: int = 0,
    record: bool = False,
) -> dict[str, Any]:
    """Play ``n`` complete deals of ``game`` and return their results as arrays.

    Deal ``i`` (``first`` <= i < ``first + n``) is drawn from ``(seed, i)`` alone, with
    dealer ``i % players``. ``policy="random"``: every decision (contract, push, bids,
    doubling, the trump-7 exchange, the four sevens, an announced capot, the cards) is
    drawn uniformly from the legal ones. ``policy="rules"``: every decision that is not
    a card is the heuristic bot's (:mod:`atout.kernel.policy`), the cards are drawn as
    with ``"random"``. ``options``: the game's options (an options object or its text
    form); the match target plays no part (each deal is played and scored in full, from
    written scores of 0).

    The result maps each field of :data:`FIELDS` to an int64 array (``-1`` stands for
    none); with ``record=True`` also ``deck`` (the deck order the engine deals from),
    ``actions`` (each decision's action index, ``-1`` after the last) and ``legal`` (the
    legal actions at each decision, bit ``i`` for action index ``i``).
    """
    import numpy as np

    from atout.kernel import deals, vector
    from atout.kits import KITS

    with_kernel = [name for name, k in KITS.items() if k.kernel is not None]
    if game not in with_kernel:
        raise ValueError(f"no kernel for {game!r}; choose one of {', '.join(with_kernel)}")
    if policy not in ("random", "rules"):
        raise ValueError("policy must be 'random' or 'rules'")
    if not 0 <= seed < 1 << 63:
        raise ValueError("seed must be in 0 .. 2**63 - 1")
    if n < 0 or first < 0:
        raise ValueError("n and first must not be negative")
    info = KITS[game].game
    if options is None:
        opts = info.options()
    elif isinstance(options, str):
        opts = info.options.parse(options)
    else:
        opts = options
    out = np.zeros((n, deals.width(game)), dtype=np.int64)
    rows = n if record else 1
    deck = np.zeros((rows, KITS[game].deck), dtype=np.int64)
    actions = np.zeros((rows, deals.MAX_DECISIONS), dtype=np.int64)
    legal = np.zeros((rows, deals.MAX_DECISIONS), dtype=np.int64)
    vector.run_deals(game, n, seed, first, opts, out, record, deck, actions, legal, policy)
    result: dict[str, Any] = {}
    for name, col in deals.columns(game).items():
        pair = f"{name}*2" in deals.FIELDS[game]
        result[name] = out[:, col:col + 2] if pair else out[:, col]
    if record:
        result["deck"] = deck
        result["actions"] = actions
        result["legal"] = legal
    return result


def replay(
    game: str, record: dict[str, Any], i: int, options: Any = None, *, bot: Any = None,
) -> Any:
    """The Python engine's deal for deal ``i`` of a recorded batch, played through the
    recorded decisions (each one checked legal), with the legal sets the engine gives at
    each decision. Returns ``(deal, legal_sets)``: ``legal_sets[j]`` is the engine's
    legal actions at decision ``j`` as a bit mask, to compare with ``record["legal"]``.

    ``bot`` (for a batch played with ``policy="rules"``: the heuristic bot,
    ``atout.bots.make_bot(game, "heuristic")``): at each decision where something other
    than a card is legal, the bot is asked with the seat's view, and must choose what
    the kernel chose (a card where it played a card: which card is random), else
    ``ValueError``. The kernel does not import the bots: the caller brings it."""
    from atout.games.space import action_index, action_mask_bits, index_action
    from atout.kits import get_game

    info = get_game(game)
    opts = options if options is None or not isinstance(options, str) else (
        info.options.parse(options)
    )
    deck = [int(c) for c in record["deck"][i]]
    dealer = int(record["dealer"][i])
    deal = info.deal(deck, dealer, opts)
    seen = []
    for j, a in enumerate(record["actions"][i]):
        if a < 0:
            break
        legal = deal.legal_actions()
        bits = action_mask_bits(legal)
        seen.append(bits)
        if bot is not None and bits >> _CARDS:
            mine = action_index(bot.choose(deal.view(deal.current_player())))
            if (mine >= _CARDS or a >= _CARDS) and mine != a:
                raise ValueError(
                    f"deal {i}, decision {j}: the heuristic bot chooses {index_action(mine)}, "
                    f"the kernel {index_action(int(a))}"
                )
        deal.apply(index_action(int(a)))
    return deal, seen


def engine_fields(game: str, result: Any) -> dict[str, Any]:
    """The kernel's fields read from an engine's deal result (ints, ``-1`` for none,
    pairs as tuples): what :func:`play_deals` returns for the same deal."""
    from atout.kernel import deals

    out: dict[str, Any] = {}
    for name in deals.columns(game):
        value = getattr(result, name)
        if name == "outcome":
            value = deals.OUTCOMES[game].index(value)
        elif name == "contract":
            from atout.games.schieber import contract_index

            value = contract_index(value)
        elif isinstance(value, tuple):
            value = tuple(int(v) for v in value)
        else:
            value = -1 if value is None else int(value)
        out[name] = value
    return out


def kernel_fields(game: str, batch: dict[str, Any], i: int) -> dict[str, Any]:
    """Deal ``i``'s fields of a :func:`play_deals` batch, as :func:`engine_fields` gives
    them."""
    from atout.kernel import deals

    out: dict[str, Any] = {}
    for name in deals.columns(game):
        v = batch[name][i]
        out[name] = tuple(int(x) for x in v) if getattr(v, "ndim", 0) else int(v)
    return out
