"""The contract decisions of the rules-of-thumb bots, compiled for the deal kernel.

``play_deals(..., policy="rules")`` takes every decision that is not a card as the
heuristic bots of :mod:`atout.bots` take it (contract, push, bids, doubling, the trump-7
exchange, the four sevens, an announced capot); the cards stay uniformly random. The
bots' judgement stays the definition: the hand values here are tables read from
:mod:`atout.hand_values` (the module the bots bid by, below both the bots and the
kernel: ``schieber_trump_value`` and ``schieber_notrump_value``, ``belote_bid_value``
and ``belote_hand_value``, ``deberts_hand_value``) one 9-bit suit at a time, which
holds because each of them is a sum over the suits of what each suit holds; the
calibration, factors, thresholds and exchange gain are that module's constants. The functions below
only add the tables up and decide as the bots decide (the first best action in the
engine's order of legal actions). Tested equal to the bots, deal by deal.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from atout.kernel.rules import jit

__all__ = [
    "POLICIES", "RANDOM", "RULES", "belote_tables", "deberts_tables", "schieber_tables", "tables",
]

RANDOM, RULES = 0, 1
#: The policies of :func:`atout.kernel.play_deals`, by code.
POLICIES: Final = ("random", "rules")

#: Slots of the Schieber constants array: (slope, break-even) of the trump, Obenabe and
#: Undenufe calibrations, the push threshold, then the six contracts' factors.
_SLOPE_T, _EVEN_T, _SLOPE_O, _EVEN_O, _SLOPE_U, _EVEN_U, _PUSH_AT, _FACTOR = range(8)


def _integral(values: list[float]) -> list[int]:
    """Hand values the bots compute as floats, all whole numbers: as integers (summed
    exactly, then turned into the same float the bot has)."""
    out = [int(v) for v in values]
    if out != values:  # pragma: no cover - a change of the bots' weights
        raise ValueError("a suit's hand value is not a whole number")
    return out


def schieber_tables() -> tuple[Any, Any]:
    from atout.games.schieber import FACTORS
    from atout.hand_values import (
        SCHIEBER_CALIBRATION,
        SCHIEBER_PUSH_THRESHOLD,
        schieber_notrump_value,
        schieber_trump_value,
    )

    val = [
        _integral([schieber_trump_value(m, 0) for m in range(512)]),  # the trump suit
        _integral([schieber_trump_value(m << 9, 0) for m in range(512)]),  # a side suit
        _integral([schieber_notrump_value(m, True) for m in range(512)]),  # Obenabe
        _integral([schieber_notrump_value(m, False) for m in range(512)]),  # Undenufe
    ]
    cal = SCHIEBER_CALIBRATION
    const = [
        *cal["trump"], *cal["obenabe"], *cal["undenufe"], SCHIEBER_PUSH_THRESHOLD, *FACTORS,
    ]
    return np.array(val, dtype=np.int64), np.array(const, dtype=np.float64)


def belote_tables() -> tuple[Any, Any]:
    from atout.hand_values import BELOTE_TAKE, belote_bid_value, belote_hand_value

    trump = [belote_bid_value(m, 0) for m in range(512)]
    val = [
        [-1 if v is None else v for v in trump],  # the trump suit; -1: not worth a bid
        [belote_hand_value(m << 9, 0) for m in range(512)],  # a side suit
    ]
    return np.array(val, dtype=np.int64), np.array([BELOTE_TAKE], dtype=np.int64)


def deberts_tables() -> tuple[Any, Any]:
    from atout import hand_values as hv

    val = [
        [hv.deberts_hand_value(m, 0) for m in range(512)],  # the trump suit
        [hv.deberts_hand_value(m << 9, 0) for m in range(512)],  # a side suit
        [hv.deberts_exchange_gain(c) for c in range(36)] + [0] * (512 - 36),  # by indicator
    ]
    take = hv.DEBERTS_TAKE
    limits = [take, take + hv.DEBERTS_DOUBLE_MARGIN, take + hv.DEBERTS_REDOUBLE_MARGIN]
    return np.array(val, dtype=np.int64), np.array(limits, dtype=np.int64)


_TABLES: dict[str, tuple[Any, Any]] = {}


def tables(game: str) -> tuple[Any, Any]:
    """The rules policy's tables of ``game``: per 9-bit suit mask, what the suit adds
    to the hand's value (as trumps, as a side suit, ...), and the bot's constants (the
    builder is the game's kernel part's, :class:`atout.kernel.deals.KernelGame`)."""
    if game not in _TABLES:
        from atout.kits import kit

        _TABLES[game] = kit(game).compiled().policy()
    return _TABLES[game]


@jit
def _value(hand: int, trump: int, VAL: Any) -> int:
    """The hand's value with ``trump`` as trumps: row 0 for the trump suit, row 1 for
    the others."""
    v = 0
    for s in range(4):
        m = (hand >> (9 * s)) & 511
        if s == trump:
            t = VAL[0, m]
            if t < 0:
                return -1
            v += t
        else:
            v += VAL[1, m]
    return v


@jit
def schieber_score(hand: int, k: int, VAL: Any, C: Any) -> float:
    """``SchieberHeuristicBot.contract_scores(hand)[k]``, to the last bit: slope ×
    (value − break-even) × factor, in the bot's order of operations."""
    if k < 4:
        v = _value(hand, k, VAL)
        trump_score: float = C[_SLOPE_T] * (float(v) - C[_EVEN_T]) * C[_FACTOR + k]
        return trump_score
    row = 2 if k == 4 else 3
    v = 0
    for s in range(4):
        v += VAL[row, (hand >> (9 * s)) & 511]
    if k == 4:
        obenabe: float = C[_SLOPE_O] * (float(v) - C[_EVEN_O]) * C[_FACTOR + k]
        return obenabe
    undenufe: float = C[_SLOPE_U] * (float(v) - C[_EVEN_U]) * C[_FACTOR + k]
    return undenufe


@jit
def schieber_contract(hand: int, can_push: int, VAL: Any, C: Any) -> int:
    """``SchieberHeuristicBot._choose_contract``: the contract index (0..3 a trump suit,
    4 Obenabe, 5 Undenufe), or 6 to push; of equal scores the first, as the legal
    actions list them."""
    best = -1
    top = 0.0
    for k in range(6):
        score = schieber_score(hand, k, VAL, C)
        if best < 0 or score > top:
            best = k
            top = score
    if can_push and top < C[_PUSH_AT]:
        return 6
    return best


@jit
def _bid(hand: int, up: int, second: int, VAL: Any, LIM: Any, belote: int) -> int:
    """The suit a heuristic bot takes, or -1 to pass: of the suits of this round (the
    turned card's or the indicator's suit ``up // 9`` in the first, ``second`` 0; the
    others in the second), the first of the best hand value, if it reaches ``LIM[0]``.
    Belote (``belote`` 1): the taker gets the turned card ``up``, and a suit whose value
    is -1 is not worth a bid; Deberts: a hand holding the 7 of the indicator's suit
    counts the indicator ``up`` it will exchange it for."""
    us = up // 9
    best = -1
    top = 0
    for s in range(4):
        if (s == us) == (second != 0):
            continue
        cards = hand | (1 << up) if belote and s == us else hand
        v = _value(cards, s, VAL)
        if belote:
            if v < 0:
                continue
        elif s == us and (hand >> (9 * s + 1)) & 1:
            v += VAL[2, up]
        if best < 0 or v > top:
            best = s
            top = v
    if best >= 0 and top >= LIM[0]:
        return best
    return -1


@jit
def belote_bid(hand: int, up: int, second: int, VAL: Any, LIM: Any) -> int:
    """``BeloteHeuristicBot._bid`` in the first round (``second`` 0: the turned card's
    suit or pass) or the second (another suit or pass): the suit taken, or -1 to pass."""
    return _bid(hand, up, second, VAL, LIM, 1)


@jit
def deberts_bid(hand: int, ind: int, second: int, VAL: Any, LIM: Any) -> int:
    """``DebertsHeuristicBot._bid``: the suit taken, or -1 to pass (``ind``: the
    indicator)."""
    return _bid(hand, ind, second, VAL, LIM, 0)


@jit
def deberts_doubles(hand: int, trump: int, redouble: int, VAL: Any, LIM: Any) -> int:
    """``DebertsHeuristicBot._double``: 1 to double (the defender) or to redouble (the
    caller, ``redouble`` 1), 0 to pass."""
    return 1 if _value(hand, trump, VAL) >= LIM[2 if redouble else 1] else 0
