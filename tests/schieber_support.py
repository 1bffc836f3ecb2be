"""An independent reading of RULES.md Schieber 5 (announcing the Weis), for the tests.

It works from the dealt hands alone: each seat's best Weis, compared in playing order
with the best announced before it. A seat speaks when its Weis is not lower on
(points, length, rank, trump); it says the fields of that key up to the first one that
differs from the best so far (all of them when none does), trump only with a trump
contract. The engine computes the same thing its own way (``SchieberDeal._announce``).
"""

from __future__ import annotations

from typing import Any

from atout.games.schieber import WeisCall, best_weis, weis_key


def expected_calls(deal: Any) -> list[WeisCall | None]:
    """What each seat of ``deal`` (contract named) says of its Weis in the first trick."""
    contract = deal.contract
    calls: list[WeisCall | None] = [None] * 4
    if not deal.options.weis:
        return calls
    best: tuple[int, int, int, int] | None = None
    for i in range(4):
        seat = (deal.forehand + i) % 4
        melds = best_weis(deal.initial_hand(seat), contract)
        if not melds:
            continue
        meld = melds[0]
        key = weis_key(meld, contract)
        if best is not None and key < best:
            continue
        fields = [meld.points, meld.length, meld.top, bool(key[3])]
        if best is None:
            said = 1
        else:
            differs = [k != b for k, b in zip(key, best, strict=True)]
            said = differs.index(True) + 1 if any(differs) else 4
            if said == 4 and contract >= 4:
                said = 3  # no trump to compare without a trump contract
        calls[seat] = WeisCall(*fields[:said])
        if best is None or key > best:
            best = key
    return calls


def spoken(deal: Any) -> set[int]:
    """Seats that have played their first card (and so said what they had to say)."""
    if deal.tricks:
        return {0, 1, 2, 3}
    return {(deal.leader + i) % 4 for i in range(len(deal.trick))}


def expected_view_calls(deal: Any) -> tuple[WeisCall | None, ...]:
    """The ``weis_announced`` every view of ``deal`` must show now."""
    if deal.contract < 0:
        return (None, None, None, None)
    calls = expected_calls(deal)
    done = spoken(deal)
    return tuple(calls[s] if s in done else None for s in range(4))
