"""The fixed action space shared by the three games (50 discrete actions).

=======  ==========================================================================
index    action (its text form, see :mod:`atout.games.actions`)
=======  ==========================================================================
0..35    play the card of that index (``suit * 9 + rank``: 0 = ``C6`` ... 35 = ``SA``;
         the sixes 0, 9, 18, 27 never occur in Deberts and Belote)
36       ``pass`` (bidding, or declining to double or redouble)
37..40   ``trump C``, ``trump D``, ``trump H``, ``trump S``
41       ``obenabe`` (Schieber)
42       ``undenufe`` (Schieber)
43       ``push`` (Schieber)
44       ``exchange`` (Deberts: the trump 7 for the indicator)
45       ``double`` (Deberts, option ``doubling``)
46       ``redouble`` (Deberts, option ``doubling``)
47       ``sevens`` (Deberts, option ``four_sevens``)
48       ``capot`` (Belote, option ``announced_capot``)
49       ``claim`` (Schieber, option ``manual_claim``)
=======  ==========================================================================

Standard library only: the mapping is usable without numpy. The environments
(:mod:`atout.env`) and the compiled kernel (:mod:`atout.kernel`) both number actions by
this module (``atout.env.space`` re-exports it).
"""

from __future__ import annotations

from typing import Final

from atout.cards import CARDS
from atout.games.actions import Action, parse_action, play

__all__ = [
    "ACTIONS",
    "CAPOT",
    "CLAIM",
    "DOUBLE",
    "EXCHANGE",
    "NUM_ACTIONS",
    "OBENABE",
    "PASS",
    "PUSH",
    "REDOUBLE",
    "SEVENS",
    "TRUMP",
    "UNDENUFE",
    "action_index",
    "action_mask_bits",
    "index_action",
]

PASS: Final = 36
TRUMP: Final = 37
OBENABE: Final = 41
UNDENUFE: Final = 42
PUSH: Final = 43
EXCHANGE: Final = 44
DOUBLE: Final = 45
REDOUBLE: Final = 46
SEVENS: Final = 47
CAPOT: Final = 48
CLAIM: Final = 49
NUM_ACTIONS: Final = 50

#: The actions after the 36 cards, in index order, in their text form (the table above).
_WORDS: Final = (
    "pass", "trump C", "trump D", "trump H", "trump S", "obenabe", "undenufe", "push",
    "exchange", "double", "redouble", "sevens", "capot", "claim",
)
#: ACTIONS[i]: the action of index ``i`` (shared instances).
ACTIONS: Final[tuple[Action, ...]] = (
    *(play(c) for c in CARDS),
    *(parse_action(word) for word in _WORDS),
)
assert len(ACTIONS) == NUM_ACTIONS

_INDEX: Final[dict[Action, int]] = {a: i for i, a in enumerate(ACTIONS)}


def action_index(action: Action | str) -> int:
    """The index of an action (or of its text form)."""
    if isinstance(action, str):
        action = parse_action(action)
    return _INDEX[action]


def index_action(index: int) -> Action:
    """The action of an index 0..49."""
    return ACTIONS[index]


def action_mask_bits(actions: list[Action] | tuple[Action, ...]) -> int:
    """The legal actions as a 50-bit integer (bit ``i`` set: action ``i`` is legal)."""
    bits = 0
    for a in actions:
        bits |= 1 << _INDEX[a]
    return bits
