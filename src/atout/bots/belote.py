"""Rules-of-thumb bot for Belote: what a sound club player does without calculating.

Bidding weighs the cards that matter as trumps (jack, nine, ace, ten, length and the
belote), side aces and covered tens, and takes when the estimate clears a threshold
and the hand holds the jack, or the nine with support. In play the bot remembers the
cards gone: it feeds points to a partner whose card is sure to win, wins a trick as
cheaply as it can when it is worth it, draws trumps as taker when it holds the master
trump, cashes master side cards, and otherwise throws or leads its cheapest card.
It reads nothing but its view.
"""

from __future__ import annotations

from typing import Final

from atout.bots.heuristic import HeuristicBot
from atout.cards import DECK_32, SUIT_MASK, Rank, bits
from atout.games.actions import Action, Trump
from atout.games.belote import POINTS, STRENGTH, BeloteView
from atout.hand_values import BELOTE_TAKE, BELOTE_TRUMP_WORTH, belote_bid_value, belote_hand_value

__all__ = ["BeloteHeuristicBot"]

#: Estimated value of holding each rank as a trump (:mod:`atout.hand_values`).
_TRUMP_WORTH: Final = BELOTE_TRUMP_WORTH


def _power(card: int, trump: int, led_suit: int) -> int:
    """Strength of a card within one trick: trumps first, then the led suit, then nothing."""
    if card // 9 == trump:
        return 100 + STRENGTH[trump][card]
    if card // 9 == led_suit:
        return 10 + STRENGTH[trump][card]
    return 0


class BeloteHeuristicBot(HeuristicBot):
    """Sound rules of thumb for bidding and card play."""

    pack = DECK_32
    #: Estimated hand value (see :meth:`hand_value`) from which the bot takes.
    take_threshold = BELOTE_TAKE

    # -- bidding -------------------------------------------------------------------
    #: The hand values of :mod:`atout.hand_values` (the compiled rules policy reads them
    #: too).
    hand_value = staticmethod(belote_hand_value)
    bid_value = staticmethod(belote_bid_value)

    def _call(self, view: BeloteView, legal: tuple[Action, ...]) -> Action | None:
        return self._bid(view, legal) if view.phase == "bidding" else None

    def _bid(self, view: BeloteView, legal: tuple[Action, ...]) -> Action:
        hand = view.hand.mask
        turned = view.turned
        offers = []
        for action in legal:
            if isinstance(action, Trump):
                suit = int(action.suit)
                # the taker gets the turned card
                cards = hand | 1 << int(turned) if suit == turned.suit else hand
                value = self.bid_value(cards, suit)
                if value is not None:
                    offers.append((value, action))
        return self._take_or_pass(offers)

    @staticmethod
    def _is_master(card: int, trump: int, unseen: int) -> bool:
        """No unseen card of its suit beats it."""
        suit = card // 9
        strength = STRENGTH[trump]
        return all(strength[o] < strength[card] for o in bits(unseen & SUIT_MASK[suit]))

    def _follow(self, view: BeloteView, cards: list[int], trump: int) -> int:
        points = POINTS[trump]
        led_suit = int(view.trick[0][1]) // 9
        best_seat, best_card = max(
            ((s, int(c)) for s, c in view.trick), key=lambda sc: _power(sc[1], trump, led_suit)
        )
        best_power = _power(best_card, trump, led_suit)
        on_table = sum(points[int(c)] for _, c in view.trick)
        last = len(view.trick) == 3
        unseen = self._unseen(view)
        partner_wins = best_seat == view.partner

        def cost(card: int) -> float:
            """What a card is worth keeping: points, and control for trumps."""
            if card // 9 == trump:
                return _TRUMP_WORTH[card % 9] + 4
            return points[card] + (6 if self._is_master(card, trump, unseen) else 0)

        if partner_wins:
            trumps_out = unseen & SUIT_MASK[trump]
            sure = last or (
                self._is_master(best_card, trump, unseen)
                and (best_card // 9 == trump or not trumps_out or len(view.trick) == 2)
            )
            if sure:  # give points, but not a trump
                side = [c for c in cards if c // 9 != trump] or cards
                return max(side, key=lambda c: (points[c] if c // 9 != trump else -cost(c), -c))
            return min(cards, key=lambda c: (cost(c), c))
        winners = [c for c in cards if _power(c, trump, led_suit) > best_power]
        if winners:
            if last:
                plain = [c for c in winners if c // 9 != trump]
                if plain:
                    return max(plain, key=lambda c: (points[c], -c))
                if on_table > 0 or len(cards) == len(winners):
                    return min(winners, key=lambda c: (STRENGTH[trump][c], c))
            else:
                # a master card wins unless someone after us trumps it: worth trying
                masters = [c for c in winners if self._is_master(c, trump, unseen)]
                if masters:
                    return min(masters, key=lambda c: (STRENGTH[trump][c], c))
                trump_winners = [c for c in winners if c // 9 == trump]
                if trump_winners and (on_table >= 10 or len(trump_winners) == len(cards)):
                    return min(trump_winners, key=lambda c: (STRENGTH[trump][c], c))
                if len(winners) == len(cards):
                    return min(winners, key=lambda c: (STRENGTH[trump][c], c))
        return min(cards, key=lambda c: (cost(c), c))

    def _lead(self, view: BeloteView, cards: list[int], trump: int) -> int:
        hand = view.hand.mask
        unseen = self._unseen(view)
        points = POINTS[trump]
        trumps = hand & SUIT_MASK[trump]
        trumps_out = unseen & SUIT_MASK[trump]
        takers = view.taker is not None and view.taker % 2 == view.seat % 2
        # the takers draw trumps while holding the master trump
        if trumps and trumps_out and takers:
            top = max(bits(trumps), key=lambda c: STRENGTH[trump][c])
            if self._is_master(top, trump, unseen):
                return top
            if view.taker == view.seat and trumps.bit_count() >= 3:
                return min(bits(trumps), key=lambda c: STRENGTH[trump][c])
        # cash master side cards
        for card in sorted(cards, key=lambda c: (-points[c], c)):
            if card // 9 == trump:
                continue
            if self._is_master(card, trump, unseen) and points[card] >= 10:
                return card
        # otherwise lead low from a side suit, keeping tens behind aces
        side = [c for c in cards if c // 9 != trump] or cards

        def key(c: int) -> tuple[int, int, int]:
            risk = points[c]
            if c % 9 == Rank.TEN:
                risk += 10  # a bare ten led is caught by the ace
            if c // 9 == trump:
                risk += _TRUMP_WORTH[c % 9]
            return (risk, -(hand & SUIT_MASK[c // 9]).bit_count(), c)

        return min(side, key=key)
