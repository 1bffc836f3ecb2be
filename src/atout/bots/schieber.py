"""Rules-of-thumb bot for Schieber: what a sound club player does without calculating.

Contract: each contract is valued from the hand (trumps by their power and length,
side aces; for Obenabe the aces and the cards they protect, for Undenufe the sixes
likewise) against what an average hand is worth for it, and the factor scales the
difference, because a good hand in a ×4 contract earns four times as much and a bad
one loses four times as much. Forehand pushes when no contract looks better than
average; the partner after a push takes the best, whatever it is.

Play: the leader draws trumps while holding the best trump and opponents may still
have trumps, cashes master cards, and otherwise leads low from its longest side suit.
A follower smears points on a trick its partner is sure to win, takes a trick as
cheaply as it can when the trick is worth it (trumping in when there are points),
keeps the Puur and big trumps for valuable tricks, and otherwise throws its cheapest
card. With the manual-claim option it claims exactly when its count reaches the target.
"""

from __future__ import annotations

from typing import Final

from atout.bots.heuristic import HeuristicBot
from atout.cards import DECK_36, SUIT_MASK, Card, bits
from atout.games.actions import Action, Claim, NoTrump, Push, Trump
from atout.games.schieber import (
    SchieberView,
    card_points,
    card_strength,
    contract_index,
)
from atout.hand_values import (
    SCHIEBER_CALIBRATION,
    SCHIEBER_PUSH_THRESHOLD,
    schieber_contract_scores,
    schieber_notrump_value,
    schieber_trump_value,
)

__all__ = ["SchieberHeuristicBot"]

#: The hand values are :mod:`atout.hand_values`' (the compiled rules policy reads them
#: too).
_CALIBRATION: Final = SCHIEBER_CALIBRATION
_notrump_value = schieber_notrump_value
_trump_value = schieber_trump_value


class SchieberHeuristicBot(HeuristicBot):
    """Sound rules of thumb for the contract (with pushing) and the card play."""

    pack = DECK_36

    # -- contract ------------------------------------------------------------------
    #: Forehand pushes when no contract is expected to gain this much (points written):
    #: the partner's best contract is worth about that much on average.
    push_threshold: float = SCHIEBER_PUSH_THRESHOLD

    #: Each contract index with its expected gain in written points:
    #: slope × (value − break-even) × factor (:mod:`atout.hand_values`).
    contract_scores = staticmethod(schieber_contract_scores)

    def _call(self, view: SchieberView, legal: tuple[Action, ...]) -> Action | None:
        if view.phase == "choosing":
            return self._choose_contract(view)
        for action in legal:
            if isinstance(action, Claim) and view.running[view.seat % 2] >= view.options.target:
                return action
        return None

    def _choose_contract(self, view: SchieberView) -> Action:
        scores = self.contract_scores(view.hand.mask)
        best: tuple[float, Action] | None = None
        push: Action | None = None
        for action in view.legal_actions:
            if isinstance(action, Push):
                push = action
            elif isinstance(action, (Trump, NoTrump)):
                score = scores[contract_index(action)]
                if best is None or score > best[0]:
                    best = (score, action)
        assert best is not None
        if push is not None and best[0] < self.push_threshold:
            return push
        return best[1]

    # -- play ----------------------------------------------------------------------
    def _contract(self, view: SchieberView) -> int:
        assert view.contract is not None
        return contract_index(view.contract)

    @staticmethod
    def _is_master(card: int, contract: int, unseen: int) -> bool:
        """No unseen card of the same suit beats ``card``."""
        strength = card_strength(card, contract)
        return all(
            card_strength(other, contract) < strength
            for other in bits(unseen & SUIT_MASK[card // 9])
        )

    def _lead(self, view: SchieberView, cards: list[int], contract: int) -> int:
        unseen = self._unseen(view)
        hand = view.hand.mask
        if contract < 4:
            trumps = [c for c in cards if c // 9 == contract]
            opp_trumps = unseen & SUIT_MASK[contract]
            ours = view.chooser is not None and view.chooser % 2 == view.seat % 2
            if trumps and opp_trumps:
                best = max(trumps, key=lambda c: card_strength(c, contract))
                if self._is_master(best, contract, unseen) and (ours or len(trumps) >= 3):
                    return best
                if ours and len(trumps) >= 3:
                    return min(trumps, key=lambda c: card_strength(c, contract))
        side = [c for c in cards if c // 9 != contract]
        masters = [c for c in side if self._is_master(c, contract, unseen)]
        if masters:
            # cash the master card of the longest suit first (it may run on)
            return max(
                masters,
                key=lambda c: ((hand & SUIT_MASK[c // 9]).bit_count(), self._points(c, view)),
            )
        pool = side or cards
        return min(
            pool,
            key=lambda c: (
                self._points(c, view),
                -(hand & SUIT_MASK[c // 9]).bit_count(),
                card_strength(c, contract),
            ),
        )

    @staticmethod
    def _points(card: int, view: SchieberView) -> int:
        assert view.contract is not None
        contract = contract_index(view.contract)
        modern = view.options.undenufe_values == "modern"
        return card_points(Card(card), contract, modern_undenufe=modern)

    @staticmethod
    def _beats(card: int, best: int, contract: int) -> bool:
        """Whether ``card`` beats the card ``best`` now winning the trick."""
        if card // 9 == best // 9:
            return card_strength(card, contract) > card_strength(best, contract)
        return contract < 4 and card // 9 == contract

    def _follow(self, view: SchieberView, cards: list[int], contract: int) -> int:
        trick = [(seat, int(card)) for seat, card in view.trick]
        led_suit = trick[0][1] // 9
        win_seat, win_card = trick[0]
        for seat, card in trick[1:]:
            if self._beats(card, win_card, contract) and (
                card // 9 == led_suit or (contract < 4 and card // 9 == contract)
            ):
                win_seat, win_card = seat, card
        last = len(trick) == 3
        partner = (view.seat + 2) % 4
        unseen = self._unseen(view)
        on_table = sum(self._points(c, view) for _, c in trick)
        is_trump = [contract < 4 and c // 9 == contract for c in cards]

        def cheap_key(c: int) -> tuple[int, int, int]:
            trump_cost = 1 if (contract < 4 and c // 9 == contract) else 0
            return (trump_cost, self._points(c, view), card_strength(c, contract))

        if win_seat == partner:
            safe = last or self._partner_safe(win_card, contract, unseen, led_suit)
            if safe:
                # smear: the most valuable card that is not a trump worth keeping
                plain = [c for c, t in zip(cards, is_trump, strict=True) if not t]
                if plain:
                    return max(
                        plain,
                        key=lambda c: (self._points(c, view), -card_strength(c, contract)),
                    )
                return min(cards, key=cheap_key)
            return min(cards, key=cheap_key)
        winners = [c for c in cards if self._beats(c, win_card, contract)]
        if winners:
            plain_winners = [c for c in winners if not (contract < 4 and c // 9 == contract)]
            if last:
                if plain_winners:
                    return min(plain_winners, key=lambda c: card_strength(c, contract))
                if on_table >= 8 or len(view.tricks) == 8:
                    return min(winners, key=lambda c: card_strength(c, contract))
            else:
                masters = [c for c in plain_winners if self._is_master(c, contract, unseen)]
                if masters and not (
                    contract < 4
                    and led_suit != contract
                    and unseen & SUIT_MASK[contract]
                    and not unseen & SUIT_MASK[led_suit]
                ):
                    return min(masters, key=lambda c: card_strength(c, contract))
                trump_winners = [c for c in winners if c not in plain_winners]
                if trump_winners and on_table >= 10:
                    return min(trump_winners, key=lambda c: card_strength(c, contract))
        return min(cards, key=cheap_key)

    def _partner_safe(self, card: int, contract: int, unseen: int, led_suit: int) -> bool:
        """Whether the partner's winning card is sure to hold against the seats to come."""
        if not self._is_master(card, contract, unseen):
            return False
        if contract < 4 and card // 9 != contract and unseen & SUIT_MASK[contract]:
            # a plain master can still be trumped by someone void in the suit
            return bool(unseen & SUIT_MASK[led_suit]) and (
                (unseen & SUIT_MASK[led_suit]).bit_count() >= 3
            )
        return True
