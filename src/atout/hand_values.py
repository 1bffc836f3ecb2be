"""What a hand is worth for a contract: the rules-of-thumb bots' bidding judgement.

The heuristic bots (:mod:`atout.bots.schieber`, :mod:`atout.bots.belote`,
:mod:`atout.bots.deberts`) bid by these values, and the compiled kernel's ``rules``
policy (:mod:`atout.kernel.policy`) reads its tables from the same functions, so that
the judgement is written once. This module sits below both: it needs only the cards
and the games' own tables.
"""

from __future__ import annotations

from typing import Final

from atout.cards import SUIT_MASK, Rank, bits
from atout.games.deberts import sequences

__all__ = [
    "BELOTE_TAKE",
    "BELOTE_TRUMP_WORTH",
    "DEBERTS_DOUBLE_MARGIN",
    "DEBERTS_REDOUBLE_MARGIN",
    "DEBERTS_TAKE",
    "DEBERTS_TRUMP_WORTH",
    "SCHIEBER_CALIBRATION",
    "SCHIEBER_PUSH_THRESHOLD",
    "belote_bid_value",
    "belote_hand_value",
    "deberts_exchange_gain",
    "deberts_hand_value",
    "schieber_contract_scores",
    "schieber_notrump_value",
    "schieber_trump_value",
]

# -- what the three games' values share ------------------------------------------------------
def _trumps_worth(hand: int, trump: int, worth: tuple[int, ...], per_extra: int,
                  beyond: int) -> int:
    """What the trumps of ``hand`` are worth: each by its rank (``worth``, 6 to ace), and
    ``per_extra`` for each trump beyond ``beyond``."""
    trumps = hand & SUIT_MASK[trump]
    value = sum(worth[card % 9] for card in bits(trumps))
    return value + per_extra * max(0, trumps.bit_count() - beyond)


def _side_worth(hand: int, trump: int, worth: tuple[int, ...],
                ten: tuple[int, int, int]) -> int:
    """What the side cards of ``hand`` are worth: each by its rank (``worth``), but a ten
    by whether its ace is held (``ten``: with its ace, without it alone in its suit,
    without it with a guard)."""
    value = 0
    for card in bits(hand & ~SUIT_MASK[trump]):
        if card % 9 != Rank.TEN:
            value += worth[card % 9]
        elif hand >> (card + Rank.ACE - Rank.TEN) & 1:
            value += ten[0]
        else:
            value += ten[2] if (hand & SUIT_MASK[card // 9]).bit_count() > 1 else ten[1]
    return value


def _holds_king_and_queen(hand: int, trump: int) -> bool:
    """Whether ``hand`` holds the king and queen of trumps (Belote's belote, Deberts'
    bela)."""
    return bool(hand >> (9 * trump + Rank.KING) & 1 and hand >> (9 * trump + Rank.QUEEN) & 1)


# -- Schieber ---------------------------------------------------------------------------------
#: Worth of holding each rank (6 7 8 9 10 J Q K A) as a trump: power and points.
_SCHIEBER_TRUMP_WORTH: Final = (3, 3, 4, 18, 6, 26, 6, 7, 12)
#: Worth of a side card with a trump contract (aces win tricks).
_SCHIEBER_SIDE_WORTH: Final = (0, 0, 0, 0, 1, 0, 0, 2, 10)
#: A side ten is worth the same with or without its ace.
_SCHIEBER_TEN: Final = (1, 1, 1)
#: How a contract's hand value turns into expected points: (slope, break-even value) per
#: kind of contract. Fitted on 2,500 seeded deals played out by the heuristic bot in
#: every contract: the chooser's team's point difference (before the factor) grows by
#: ``slope`` per unit of hand value above ``break-even``.
SCHIEBER_CALIBRATION: Final = {
    "trump": (2.27, 34.0), "obenabe": (2.06, 16.2), "undenufe": (3.94, 14.2),
}
#: Forehand pushes when no contract is expected to gain this much (points written): the
#: partner's best contract is worth about that much on average.
SCHIEBER_PUSH_THRESHOLD: Final = 100.0


def schieber_notrump_value(hand: int, high_first: bool) -> float:
    """Tricks a no-trump hand is likely to take: top cards and the suits they protect.

    ``high_first``: ranks counted from the ace (Obenabe) or from the six (Undenufe)."""
    value = 0.0
    for suit in range(4):
        cards = (hand >> (9 * suit)) & 0x1FF
        length = cards.bit_count()
        if not length:
            continue
        order = range(8, -1, -1) if high_first else range(9)
        run = 0
        for rank in order:
            if cards >> rank & 1:
                run += 1
            else:
                break
        # the unbroken top cards are winners; a long suit headed by them runs on
        value += 11 * run
        if run >= 2:
            value += 3 * (length - run)
        elif run == 0:
            # a second-best card with a guard may win later
            second = 7 if high_first else 1
            if cards >> second & 1 and length >= 2:
                value += 4
    return value


def schieber_trump_value(hand: int, suit: int) -> float:
    """What ``hand`` is worth with ``suit`` as trumps: trumps by power and length, side
    aces, and a side king behind its ace."""
    value = float(_trumps_worth(hand, suit, _SCHIEBER_TRUMP_WORTH, 5, 3))
    value += _side_worth(hand, suit, _SCHIEBER_SIDE_WORTH, _SCHIEBER_TEN)
    # a side king with its ace is a second winner
    for s in range(4):
        if s != suit and hand >> (9 * s + Rank.ACE) & 1 and hand >> (9 * s + Rank.KING) & 1:
            value += 4
    return value


def schieber_contract_scores(hand: int) -> dict[int, float]:
    """Each Schieber contract index (the four trumps, Obenabe, Undenufe) with its expected
    gain in written points: slope × (value − break-even) × factor."""
    from atout.games.schieber import FACTORS, OBENABE, UNDENUFE

    scores: dict[int, float] = {}
    slope, even = SCHIEBER_CALIBRATION["trump"]
    for suit in range(4):
        scores[suit] = slope * (schieber_trump_value(hand, suit) - even) * FACTORS[suit]
    slope, even = SCHIEBER_CALIBRATION["obenabe"]
    scores[OBENABE] = slope * (schieber_notrump_value(hand, True) - even) * FACTORS[OBENABE]
    slope, even = SCHIEBER_CALIBRATION["undenufe"]
    scores[UNDENUFE] = slope * (schieber_notrump_value(hand, False) - even) * FACTORS[UNDENUFE]
    return scores


# -- Belote -----------------------------------------------------------------------------------
#: Estimated value of holding each rank as a trump (points plus control), 6 7 8 9 10 J Q K A.
BELOTE_TRUMP_WORTH: Final = (0, 5, 5, 22, 13, 30, 7, 8, 16)
#: Estimated value of a side card: aces win, tens win when covered.
_BELOTE_SIDE_WORTH: Final = (0, 0, 0, 0, 4, 1, 1, 2, 14)
#: A side ten behind its ace is worth 4 more.
_BELOTE_TEN: Final = (8, 4, 4)
#: Estimated hand value (:func:`belote_hand_value`) from which the bot takes.
BELOTE_TAKE: Final = 58


def belote_hand_value(hand: int, trump: int) -> int:
    """A rough estimate of what ``hand`` is worth with ``trump`` as the trump suit."""
    value = _trumps_worth(hand, trump, BELOTE_TRUMP_WORTH, 7, 2)
    value += _side_worth(hand, trump, _BELOTE_SIDE_WORTH, _BELOTE_TEN)
    return value + 12 if _holds_king_and_queen(hand, trump) else value


def belote_bid_value(hand: int, trump: int) -> int | None:
    """:func:`belote_hand_value` when the trumps are worth bidding on (the jack, or the
    nine with two more trumps), else ``None``."""
    trumps = hand & SUIT_MASK[trump]
    has_jack = bool(trumps >> (9 * trump + Rank.JACK) & 1)
    has_nine = bool(trumps >> (9 * trump + Rank.NINE) & 1)
    if not (has_jack or (has_nine and trumps.bit_count() >= 3)):
        return None
    return belote_hand_value(hand, trump)


# -- Deberts ----------------------------------------------------------------------------------
#: Estimated value of holding each rank as a trump (points plus control).
DEBERTS_TRUMP_WORTH: Final = (0, 4, 5, 22, 13, 30, 7, 8, 16)
#: Estimated value of a side card: aces win, tens win when covered.
_DEBERTS_SIDE_WORTH: Final = (0, 0, 0, 0, 5, 1, 2, 3, 14)
#: A side ten without its ace is worth 2 with a guard, else nothing.
_DEBERTS_TEN: Final = (5, 0, 2)
#: Estimated hand value (:func:`deberts_hand_value`) from which the bot takes.
DEBERTS_TAKE: Final = 52
#: How far above :data:`DEBERTS_TAKE` the trump suit's value must be for the defender to
#: double, and for the caller to redouble (with its nine cards).
DEBERTS_DOUBLE_MARGIN: Final = 35
DEBERTS_REDOUBLE_MARGIN: Final = 45


def deberts_hand_value(hand: int, trump: int) -> int:
    """A rough estimate of what ``hand`` is worth with ``trump`` as the trump suit."""
    value = _trumps_worth(hand, trump, DEBERTS_TRUMP_WORTH, 6, 2)
    value += _side_worth(hand, trump, _DEBERTS_SIDE_WORTH, _DEBERTS_TEN)
    value += sum(m.points for m in sequences(hand)) // 2
    return value + 20 if _holds_king_and_queen(hand, trump) else value


def deberts_exchange_gain(indicator: int) -> int:
    """What taking the indicator's suit adds to the value of a hand holding its 7: the 7
    will be exchanged for the indicator card."""
    return DEBERTS_TRUMP_WORTH[indicator % 9] - DEBERTS_TRUMP_WORTH[Rank.SEVEN]
