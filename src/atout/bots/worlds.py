"""Sampling hidden worlds: whole deals consistent with everything one seat knows.

A bot sees only its view. To search, it imagines *worlds*: complete deals (every hand,
the stock, the cards still to be dealt) that agree with that view. A world is drawn in
three steps, the same for every game:

1. What the seat knows for sure: its own hand, every card played or shown, cards the
   rules put in one hand (Belote's turned card with the taker, Deberts' indicator
   with the player who exchanged the trump 7, shown melds, a bela/belote said), and
   the cards each other seat cannot hold. Those come from the plays: a card was legal
   when it was played, so any card whose presence would have made it illegal was not
   in that hand (a player who did not follow is void; in Belote one who did not trump
   or go over when obliged has no (higher) trump; in Schieber only a discard proves a
   void, and on a trump lead a player who did not play trump holds at most the Puur).
   The test is the solver's own legality function, asked about the hand {played card,
   candidate}, so every rule and option is covered by one code path.
2. The unknown cards are dealt at random to the other seats (and to the stock or the
   undealt cards) within those limits. An announced meld whose cards are not shown yet
   is placed first, in a random position that fits (in Schieber, a Weis that fits
   exactly what was said: its points, and its length, top card and trump when they
   were said). A Schieber player who stayed silent may hold a lower Weis: nothing is
   placed or ruled out for them beforehand.
3. The deck is rebuilt, the deal's actions are replayed with the checked ``apply``,
   and the world's view for the seat must equal the real one (melds announced, bela,
   everything). A world that fails is drawn again.

So a returned world's view for the seat *is* the seat's view: the tests check it over
thousands of random positions.

How *likely* a world is, given what the others did, is a second question. The bids are
read by rejection (``bid_model``: a world in which the rules of thumb would have bid
otherwise is kept with probability ``soft`` per difference). The cards played can be
read too (``play_model``): while the deal is replayed, each card another seat played
(with a choice) is compared with what the rules of thumb would have played from that
seat's hand *in this world*; :attr:`WorldSampler.play_differences` counts the plays
that differ in kind (points, trump or not, whether it takes the trick), and a search
weighs the world by ``soft ** differences`` (importance weights: no world is drawn
more than without them). Both read the world's hands alone, never the real ones: the
weights are a function of the view and the world.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from atout.cards import bits
from atout.games.actions import Play
from atout.kits import game_of, kit

__all__ = ["NoWorldError", "WorldSampler", "sample_world", "sample_worlds"]


class NoWorldError(RuntimeError):
    """No consistent world was found within the allowed number of tries."""


def sample_worlds(view: Any, count: int, rng: random.Random, tries: int = 400) -> list[Any]:
    """``count`` worlds (deals) consistent with ``view``."""
    sampler = WorldSampler(view)
    return [sampler.draw(rng, tries) for _ in range(count)]


def sample_world(view: Any, rng: random.Random, tries: int = 400) -> Any:
    """One deal, replayed to this moment, whose view for ``view.seat`` equals ``view``."""
    return WorldSampler(view).draw(rng, tries)


def _plays_by_trick(view: Any) -> list[tuple[tuple[int, int], ...]]:
    tricks = [tuple((s, int(c)) for s, c in t) for t in view.tricks]
    if view.trick:
        tricks.append(tuple((s, int(c)) for s, c in view.trick))
    return tricks


class WorldSampler:
    """The constraints of one view, computed once, and the drawing of worlds from them."""

    def __init__(
        self, view: Any, bid_model: Any = None, soft: float = 0.2, play_model: Any = None
    ) -> None:
        """``bid_model``: a bot whose bidding stands for the others'; a world in which it
        would have bid differently from what was bid is kept only with probability
        ``soft`` per difference (bids say something about the hands). ``play_model``: a
        bot whose card play stands for the others'; the plays of a drawn world that differ
        from its choice are counted in :attr:`play_differences` (nothing is rejected)."""
        self.view = view
        self.bid_model = bid_model
        self.soft = soft
        self.play_model = play_model
        #: Plays of the others in the last drawn world that ``play_model`` would have
        #: made differently (in kind: see :meth:`_same_kind`); 0 without a play model.
        self.play_differences = 0
        self._kinds: Any = None
        self.game = game_of(view)
        game_kit = self._kit = kit(self.game)
        self.n = game_kit.num_players
        self.seat = view.seat
        self.deck = game_kit.deals().deck_mask
        self._lone: Any = None  # the view as a lone deal gives it (_deal_level)
        self.played = [0] * self.n
        for trick in _plays_by_trick(view):
            for s, c in trick:
                self.played[s] |= 1 << c
        played_all = 0
        for m in self.played:
            played_all |= m
        self.played_all = played_all
        self.known = view.hand.mask | played_all  # cards whose place is known
        hidden = game_kit.deals().hidden(view, self.seat, self.played)
        self.sizes, self.must, self.forbid = hidden.sizes, hidden.must, hidden.forbid
        self.public = hidden.public
        #: The cards not dealt yet (in no hand): the unknown ones the hands do not take.
        self.rest_size = (self.deck & ~self.known & ~self.public).bit_count() - sum(self.sizes)
        if view.phase != "bidding" and view.phase != "choosing" and self._trump_known():
            self._infer_from_plays()
        for s in range(self.n):
            self.must[s] &= ~played_all
            self.forbid[s] &= ~self.must[s]
        self.must[self.seat] = 0
        self.forbid[self.seat] = 0
        must_all = 0
        for s in range(self.n):
            must_all |= self.must[s]
        self.pool = self.deck & ~self.known & ~must_all & ~self.public
        self.announced = self._announced()

    # -- per game: sizes, public cards, sure cards ------------------------------------
    def _trump_known(self) -> bool:
        return getattr(self.view, "contract", None) is not None or (
            getattr(self.view, "trump", None) is not None
        )

    # -- inferences from the plays ------------------------------------------------------
    def _infer_from_plays(self) -> None:
        from atout.bots.solver import tables_for
        from atout.kernel.rules import array, legal_cards

        P, _pts, stren, above = tables_for(self.view)
        P, stren, above = array(P), array(list(stren)), array(above)
        cards = array([0, 0, 0, 0])
        for trick in _plays_by_trick(self.view):
            leader = trick[0][0]
            for pos in range(1, len(trick)):
                s, c = trick[pos]
                for i in range(pos):
                    cards[i] = trick[i][1]
                if s == self.seat:
                    continue
                candidates = self.deck & ~self.known & ~(1 << c)
                for x in bits(candidates):
                    hand = (1 << c) | (1 << x)
                    legal = int(legal_cards(P, hand, cards, 0, pos, leader, s, stren, above))
                    if not legal >> c & 1:
                        self.forbid[s] |= 1 << x

    # -- drawing -----------------------------------------------------------------------
    def draw(self, rng: random.Random, tries: int) -> Any:
        for attempt in range(tries):
            hands = self._deal_hidden(rng)
            if hands is None:
                continue
            world = self._rebuild(hands, rng, use_model=attempt < tries // 2)
            if world is not None:
                return world
        raise NoWorldError(f"no world consistent with the view of seat {self.seat} found")

    def _deal_hidden(self, rng: random.Random) -> tuple[list[int], int] | None:
        """Current hidden hands (own hand included) and the rest (stock, undealt)."""
        hands = list(self.must)
        hands[self.seat] = self.view.hand.mask
        pool = self.pool
        need = [self.sizes[s] - hands[s].bit_count() if s != self.seat else 0
                for s in range(self.n)]
        if any(x < 0 for x in need):
            return None
        pool = self._place_announced(rng, hands, need, pool)
        cards = list(bits(pool))
        rng.shuffle(cards)
        # most constrained cards first
        cards.sort(key=lambda c: sum(1 for s in range(self.n) if self.forbid[s] >> c & 1),
                   reverse=True)
        rest = 0
        rest_need = self.rest_size
        for c in cards:
            choices = [s for s in range(self.n) if need[s] > 0 and not self.forbid[s] >> c & 1]
            weights = [need[s] for s in choices]
            total = sum(weights) + rest_need
            if total <= 0:
                return None
            pick = rng.randrange(total)
            for s, w in zip(choices, weights, strict=True):
                if pick < w:
                    hands[s] |= 1 << c
                    need[s] -= 1
                    break
                pick -= w
            else:
                rest |= 1 << c
                rest_need -= 1
        if any(need) or rest_need:
            return None
        return hands, rest

    def _announced(self) -> list[tuple[int, list[int]]]:
        """Melds announced but not shown yet: (seat, the masks that could be it)."""
        return self._kit.deals().unshown_melds(self.view, self.seat)  # type: ignore[no-any-return]

    def _place_announced(
        self, rng: random.Random, hands: list[int], need: list[int], pool: int
    ) -> int:
        """Put each announced meld (not shown yet) in a random position that fits; return
        the pool left. A meld that fits nowhere is left to the replay's check."""
        for seat, options in self.announced:
            have = hands[seat] | self.played[seat]
            fitting = [
                m & ~have for m in options
                if m & ~(pool | have) == 0 and not m & self.forbid[seat]
                and (m & ~have).bit_count() <= need[seat]
            ]
            if fitting:
                mask = fitting[rng.randrange(len(fitting))]
                hands[seat] |= mask
                need[seat] -= mask.bit_count()
                pool &= ~mask
        return pool

    # -- rebuilding the deal -----------------------------------------------------------
    def _rebuild(
        self, dealt: tuple[list[int], int], rng: random.Random, use_model: bool = False
    ) -> Any:
        hands, rest = dealt
        initial = [hands[s] | self.played[s] for s in range(self.n)]
        try:
            deal = self._deck(initial, rest, rng)
        except ValueError:
            return None
        from atout.games.base import IllegalActionError

        model = self.bid_model if use_model else None
        player = self.play_model
        differences = 0
        plays = 0
        try:
            for seat, action in self.view.history:
                if seat != self.seat and not deal.is_over:
                    if deal.phase != "play":
                        if model is not None and model.choose(deal.view(seat)) != action:
                            differences += 1
                    elif player is not None and isinstance(action, Play):
                        plays += self._play_differs(deal, seat, action)
                deal.apply(action)
        except IllegalActionError:
            return None
        if differences and rng.random() >= self.soft**differences:
            return None
        mine = deal.view(self.seat)
        if self._lone is None:
            self._lone = self._deal_level(self.view)
        if mine != self._lone:
            return None
        self.play_differences = plays
        return deal

    def _deck(self, initial: list[int], rest: int, rng: random.Random) -> Any:
        """A world's deal from each seat's initial cards and the cards not dealt yet
        (the game's :meth:`~atout.kits.dealing.Dealing.world_deal`)."""
        return self._kit.deals().world_deal(self.view, initial, rest, rng)

    def _play_differs(self, deal: Any, seat: int, action: Any) -> int:
        """1 if ``play_model`` would have played a card of another kind than ``action``
        from ``seat``'s hand in this world, else 0 (0 too when the card was forced)."""
        view = deal.view(seat)
        if sum(1 for a in view.legal_actions if isinstance(a, Play)) < 2:
            return 0
        chosen = self.play_model.choose(view)
        if chosen == action or not isinstance(chosen, Play):
            return 0 if chosen == action else 1
        trick = [int(c) for _, c in view.trick]
        return 0 if self._same_kind(int(chosen.card), int(action.card), trick, view) else 1

    def _same_kind(self, a: int, b: int, trick: list[int], view: Any) -> bool:
        """Whether two cards say the same about a hand: the same points, both trumps or
        neither, and (following) both taking the trick from the card winning it or
        neither. The rules of thumb break ties between such cards by the cards' order,
        which says nothing of the player's hand."""
        from atout.kernel.rules import card_beats

        if self._kinds is None:
            from atout.bots.solver import tables_for

            params, pts, stren, _above = tables_for(view)
            self._kinds = (int(params[2]), pts, stren)
        trump, pts, stren = self._kinds
        if pts[a] != pts[b] or (a // 9 == trump) != (b // 9 == trump):
            return False
        if not trick:
            return True
        best = trick[0]
        for c in trick[1:]:
            if card_beats(c, best, trump, stren[c], stren[best]):
                best = c
        return bool(card_beats(a, best, trump, stren[a], stren[best])) == bool(
            card_beats(b, best, trump, stren[b], stren[best])
        )

    def _deal_level(self, view: Any) -> Any:
        """The view as a lone deal would give it: no match-level fields (the scores and
        what hangs or is held stay where the deal itself carries the scores)."""
        reset: dict[str, Any] = {"deal_number": 1, "match_winner": None}
        if not kit(self.game).deals().deal_has_scores:
            reset.update(scores=(0, 0), hanging=0, held=0)
        names = {f.name for f in dataclasses.fields(view)}
        return dataclasses.replace(view, **{k: v for k, v in reset.items() if k in names})

