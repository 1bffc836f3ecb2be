"""Rules-of-thumb bot for Deberts: what a sound club player does without calculating.

Bidding weighs the cards that matter as trumps (jack, nine, ace, ten and length), side
aces and tens, sequences and bela, and takes when the estimate clears a threshold.
In play, the second player (always last to a trick in Deberts) takes a trick when it
is worth more than the card spent, and otherwise throws its cheapest card; the
leader draws trumps with a strong trump holding, cashes master cards, and otherwise
leads low from its longest side suit.
"""

from __future__ import annotations

from typing import Final

from atout.bots.heuristic import HeuristicBot
from atout.cards import DECK_32, SUIT_MASK, bits
from atout.games.actions import Action, Double, Exchange, Pass, Redouble, Trump
from atout.games.deberts import (
    PLAIN_STRENGTH,
    POINTS,
    TRUMP_STRENGTH,
    DebertsView,
)
from atout.hand_values import (
    DEBERTS_DOUBLE_MARGIN,
    DEBERTS_REDOUBLE_MARGIN,
    DEBERTS_TAKE,
    DEBERTS_TRUMP_WORTH,
    deberts_exchange_gain,
    deberts_hand_value,
)

__all__ = ["DebertsHeuristicBot"]

#: Estimated value of holding each rank as a trump (:mod:`atout.hand_values`).
_TRUMP_WORTH: Final = DEBERTS_TRUMP_WORTH


def _strength(card: int, trump: int) -> int:
    """Order across the whole deck for one trump: any trump beats any plain card."""
    if card // 9 == trump:
        return 100 + TRUMP_STRENGTH[card]
    return PLAIN_STRENGTH[card]


class DebertsHeuristicBot(HeuristicBot):
    """Sound rules of thumb for bidding, the trump-7 exchange and card play."""

    pack = DECK_32
    #: Estimated hand value (see :meth:`hand_value`) from which the bot takes.
    take_threshold = DEBERTS_TAKE
    #: How far above ``take_threshold`` the trump suit's value must be for the defender
    #: to double, and for the caller to redouble (with its nine cards).
    double_margin = DEBERTS_DOUBLE_MARGIN
    redouble_margin = DEBERTS_REDOUBLE_MARGIN

    # -- bidding -------------------------------------------------------------------
    #: The hand values of :mod:`atout.hand_values` (the compiled rules policy reads them
    #: too).
    hand_value = staticmethod(deberts_hand_value)
    exchange_gain = staticmethod(deberts_exchange_gain)

    def _call(self, view: DebertsView, legal: tuple[Action, ...]) -> Action | None:
        if view.phase == "bidding":
            return self._bid(view, legal)
        if view.phase == "doubling":
            return self._double(view, legal)
        for action in legal:
            if isinstance(action, Exchange):
                return action  # the indicator is always a better trump than the 7
        return None

    def _bid(self, view: DebertsView, legal: tuple[Action, ...]) -> Action:
        hand = view.hand.mask
        offers = []
        for action in legal:
            if isinstance(action, Trump):
                value = self.hand_value(hand, action.suit)
                if action.suit == view.indicator_suit and hand >> (9 * action.suit + 1) & 1:
                    value += self.exchange_gain(int(view.indicator))
                offers.append((value, action))
        return self._take_or_pass(offers)

    def _double(self, view: DebertsView, legal: tuple[Action, ...]) -> Action:
        assert view.trump is not None
        value = self.hand_value(view.hand.mask, int(view.trump))
        if view.caller == view.seat:  # asked whether to redouble
            wanted: type[Action] = Redouble
            strong = value >= self.take_threshold + self.redouble_margin
        else:
            wanted = Double
            strong = value >= self.take_threshold + self.double_margin
        if strong:
            for action in legal:
                if isinstance(action, wanted):
                    return action
        return Pass()

    def _follow(self, view: DebertsView, cards: list[int], trump: int) -> int:
        led = int(view.trick[0][1])
        points = POINTS[trump]
        led_suit = led // 9
        best_value = -1e9
        choice = cards[0]
        for card in cards:
            trick_points = points[led] + points[card]
            if card // 9 == led_suit:
                wins = _strength(card, trump) > _strength(led, trump)
            else:
                wins = card // 9 == trump
            if wins:
                # spending a high trump costs control for later tricks
                cost = _TRUMP_WORTH[card % 9] / 2 if card // 9 == trump else points[card] / 4
                value = trick_points - cost + 3
            else:
                value = -trick_points - (_TRUMP_WORTH[card % 9] / 3 if card // 9 == trump else 0)
            if value > best_value:
                best_value, choice = value, card
        return choice

    def _lead(self, view: DebertsView, cards: list[int], trump: int) -> int:
        hand = view.hand.mask
        played = 0
        for trick in view.tricks:
            for _, c in trick:
                played |= 1 << c
        trumps = hand & SUIT_MASK[trump]
        outside_trumps = SUIT_MASK[trump] & ~hand & ~played & ~(1 << int(view.indicator))
        if view.bottom is not None:
            outside_trumps &= ~(1 << int(view.bottom))
        # draw trumps while holding the master trump and length
        if trumps and outside_trumps:
            top = max(bits(trumps), key=lambda c: _strength(c, trump))
            master = all(_strength(o, trump) < _strength(top, trump) for o in bits(outside_trumps))
            if master and trumps.bit_count() >= 2:
                return top
        # cash master side cards
        for card in sorted(cards, key=lambda c: -POINTS[trump][c]):
            if card // 9 == trump:
                continue
            suit_rest = SUIT_MASK[card // 9] & ~hand & ~played
            beaten = all(_strength(o, trump) < _strength(card, trump) for o in bits(suit_rest))
            if beaten and POINTS[trump][card] >= 10:
                return card
        # otherwise lead low from the longest side suit, keeping tens behind aces
        side = [c for c in cards if c // 9 != trump] or cards
        return min(
            side,
            key=lambda c: (
                POINTS[trump][c] + (8 if c // 9 == trump else 0),
                -(hand & SUIT_MASK[c // 9]).bit_count(),
                c,
            ),
        )
