"""Deberts: the two-player game of the Jass family, played to 501.

This docstring is the game's specification in atout. Sources: the club text in
``shared/seeds`` (English, French and Spanish versions) and the project's rulings.

Cards and deal
    32 cards (7 to ace). Seats 0 and 1; the first dealer is drawn from the seed.
    The deck order fixes the deal: 3 to the nondealer, 3 to the dealer, 3 and 3 again
    (6 each), then the next card is turned face up as the *indicator*. After the trump
    is fixed, 3 more each (nondealer first, 9 each); the 13 cards left form the stock,
    whose bottom card is turned face up. Indicator and bottom card are public, neither
    is ever played, and the stock is unknown to both players.

Trump
    Round one: nondealer, then dealer, may take the indicator's suit (``trump X``) or
    ``pass``. Round two: nondealer, then dealer, may name one of the three other suits
    or pass. Four passes throw the deal in: it is not a played deal, hanging points stay
    where they are, and the other player deals. The player who fixes trump is the
    *caller*; the other is the *defender*.

Trump-7 exchange
    Only when trump is the indicator's suit: the holder of the trump 7 may, on a turn of
    theirs before their own first card, swap it for the indicator (``exchange``). The 7
    then lies face up in the indicator's place. It is a choice, never automatic. When
    the indicator is itself the trump 7 there is nothing to exchange.

Sequences and bela
    Judged on the hand a player actually plays (after any exchange), at their first
    card. Runs in natural order A K Q J 10 9 8 7: 3 cards are a terc (20), 4 a bertz
    (50). Longer runs are cut from the top: the top 4 cards are a bertz and what is left
    below counts again when 3 or more long (5 or 6 = one bertz, 7 = bertz + terc,
    8 = bertz + bertz). No card is in two sequences; four of a kind scores nothing.
    Each player's best sequence is announced (its length and top card) with their first
    card. Best against best: longer wins (a run of 5 or 6 counts as its bertz), then the
    higher top card, then trump over non-trump; equal non-trump sequences go to the
    nondealer, who announces first. Only the winner scores, all their sequences, and
    only if they take at least one trick; the winner's sequences are shown once the
    first trick is complete. Bela (trump K and Q in one hand) is 20 to its holder,
    announced with the first of the two played, even with no trick, and may share cards
    with a sequence.

Play
    The nondealer leads. Follow suit if able; on a trump lead, beat the led trump if
    able; unable to follow, trump if able; otherwise any card. No obligation to beat a
    non-trump lead. Trumps rank J 9 A 10 K Q 8 7 (20 14 11 10 4 3 0 0), other suits
    A 10 K Q J 9 8 7 (11 10 4 3 2 0 0 0). Nine tricks; the last adds 10.

Contract
    Each total is card points + last trick + scoring sequences + bela. Caller more:
    both record their totals. Caller less (*bait*): the caller records 0 and the
    defender both totals (the caller's bela included). Equal: the defender records
    theirs and the caller's total *hangs*: it goes to the winner of the next played
    deal (the caller if the caller has more, the defender on a bait). On another tie
    the defender of that deal takes the older amount and the new one hangs. Only one
    amount hangs at a time; it is kept apart from the totals.

Match
    After each deal: one player at the target (501) or more wins; both at it or over:
    the defender of that deal wins, recorded target:target-1 (501:500). An amount still
    hanging at the end is shown as unresolved. The caller of the deal just played deals
    next; after a throw-in, the other player.

Options (all off by default; see :class:`DebertsOptions`)
    ``target``: the winning score. ``four_sevens``: the holder of the four 7s may cancel
    the deal before their first card (``sevens``; treated as a throw-in).
    ``doubling``: after trump is fixed the defender may ``double`` and the caller then
    ``redouble``; the deal's recorded points and a new hanging amount are multiplied by
    2 or 4. ``mars``: a loser who ends under half the target loses double (the match
    result counts twice in a series).

Actions
    ``pass``, ``trump X``, ``exchange``, ``double``, ``redouble``, ``sevens`` and a card
    code (``HJ``) to play it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar, Final, Literal

from atout.cards import (
    CARDS,
    DECK_32,
    DECK_36,
    SUIT_MASK,
    Card,
    CardSet,
    Rank,
    Suit,
)
from atout.games.actions import (
    SUIT_PLAYS,
    Action,
    CancelDeal,
    Double,
    Exchange,
    Pass,
    Play,
    Redouble,
    Trump,
    play,
    trump,
)
from atout.games.base import (
    OVER,
    PLAY_SLOTS,
    STATE_SLOTS,
    Deal,
    GameError,
    IllegalActionError,
    Match,
    Meld,
    Options,
    Scored,
    build_frozen,
    check_seat,
    deck_order,
    run_meld,
    runs,
)
from atout.games.events import (
    CARD_PLAYED,
    Acted,
    Announcement,
    Bid,
    CardsGiven,
    ContractNamed,
    DealStarted,
    Dealt,
    Event,
    Fold,
    MeldShown,
    MeldsWon,
    TrickWon,
)

#: The suits by index (``Suit(i)`` through the enum costs far more).
_SUITS: Final = tuple(Suit)

__all__ = [
    "BIDDING",
    "DOUBLING",
    "OVER",
    "PLAY",
    "Bela",
    "BottomCard",
    "DebertsDeal",
    "DebertsDealResult",
    "DebertsFold",
    "DebertsMatch",
    "DebertsOptions",
    "DebertsOutcome",
    "DebertsScoreRow",
    "DebertsView",
    "FourSevens",
    "SevenExchanged",
    "best_sequence_key",
    "card_points",
    "final_score",
    "match_winner",
    "next_dealer",
    "sequences",
    "settle_contract",
    "settle_hanging",
    "stakes",
]

BIDDING: Final = "bidding"
DOUBLING: Final = "doubling"
PLAY: Final = "play"
Phase = Literal["bidding", "doubling", "play", "over"]
Outcome = Literal["made", "bait", "tie", "thrown-in", "cancelled"]

NUM_TRICKS: Final = 9
LAST_TRICK: Final = 10
BELA: Final = 20
TERC: Final = 20
BERTZ: Final = 50

# Per rank (6 7 8 9 10 J Q K A): points and strength, as a trump and as a plain card.
_TRUMP_POINTS: Final = (0, 0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
_TRUMP_ORDER: Final = (0, 1, 2, 7, 5, 8, 3, 4, 6)  # 7 8 Q K 10 A 9 J
_PLAIN_ORDER: Final = (0, 1, 2, 3, 7, 4, 5, 6, 8)  # 7 8 9 J Q K 10 A

_SUIT_OF: Final = tuple(i // 9 for i in range(36))
_RANK_OF: Final = tuple(i % 9 for i in range(36))
#: POINTS[trump][card]
POINTS: Final = tuple(
    tuple(
        (_TRUMP_POINTS if c // 9 == t else _PLAIN_POINTS)[c % 9] for c in range(36)
    )
    for t in range(4)
)
#: Order within a suit when trump / when plain.
TRUMP_STRENGTH: Final = tuple(_TRUMP_ORDER[c % 9] for c in range(36))
PLAIN_STRENGTH: Final = tuple(_PLAIN_ORDER[c % 9] for c in range(36))
#: Cards of the same suit that beat ``card`` when its suit is trump.
_TRUMP_ABOVE: Final = tuple(
    sum(
        1 << o
        for o in range(9 * (c // 9), 9 * (c // 9) + 9)
        if TRUMP_STRENGTH[o] > TRUMP_STRENGTH[c]
    )
    for c in range(36)
)


def card_points(card: Card, trump_suit: Suit) -> int:
    """Value of a captured card under a trump suit."""
    return POINTS[trump_suit][card]


def _suit_sequences(suit: int, rank_bits: int) -> tuple[Meld, ...]:
    """The sequences of one suit's 9-bit rank mask, in the order they are cut."""
    found: list[Meld] = []
    for top, length in runs(rank_bits):
        while length >= 4:
            found.append(run_meld(suit, top, 4, BERTZ))
            top -= 4
            length -= 4
        if length >= 3:
            found.append(run_meld(suit, top, 3, TERC))
    return tuple(found)


#: SUIT_SEQUENCES[suit][9-bit rank mask]: that suit's sequences (a table, for speed).
SUIT_SEQUENCES: Final = tuple(tuple(_suit_sequences(s, m) for m in range(512)) for s in range(4))
#: Bits where a run of three cards can start (within one suit).
_RUN3_START: Final = sum(1 << (9 * s + r) for s in range(4) for r in range(7))


def _sequence_order(meld: Meld) -> tuple[int, int]:
    return (meld.length, meld.top)


def sequences(hand: CardSet | int) -> tuple[Meld, ...]:
    """The sequences a hand scores, best first: long runs cut from the top into bertz
    (4 cards, 50) and what is left below as a terc (3 cards, 20) when 3 or more long."""
    mask = hand.mask if isinstance(hand, CardSet) else hand
    if not mask & (mask >> 1) & (mask >> 2) & _RUN3_START:
        return ()
    t0, t1, t2, t3 = SUIT_SEQUENCES
    found = t0[mask & 511] + t1[mask >> 9 & 511] + t2[mask >> 18 & 511] + t3[mask >> 27 & 511]
    if len(found) > 1:
        return tuple(sorted(found, key=_sequence_order, reverse=True))
    return found


def best_sequence_key(melds: Sequence[Meld], trump_suit: int) -> tuple[int, int, int] | None:
    """What decides the comparison: (length, top card, 1 if in trump), or ``None``."""
    if not melds:
        return None
    return max((m.length, int(m.top), int(m.suit == trump_suit)) for m in melds)


def settle_contract(
    totals: tuple[int, int], caller: int, factor: int = 1
) -> tuple[Outcome, tuple[int, int], int]:
    """What each player records from the deal's totals: ``(outcome, recorded, hanging)``.

    Caller more: both record their own totals. Caller less (bait): the caller records
    0 and the defender both totals. Equal: the defender records their own and the
    caller's total hangs. A double multiplies what is recorded and what hangs.

    >>> settle_contract((72, 90), caller=0)
    ('bait', (0, 162), 0)
    >>> settle_contract((81, 81), caller=1)
    ('tie', (81, 0), 81)
    """
    defender = 1 - caller
    if totals[caller] > totals[defender]:
        return "made", (totals[0] * factor, totals[1] * factor), 0
    if totals[caller] < totals[defender]:
        both = (totals[0] + totals[1]) * factor
        return "bait", ((both, 0) if defender == 0 else (0, both)), 0
    own = totals[defender] * factor
    return "tie", ((own, 0) if defender == 0 else (0, own)), totals[caller] * factor


def settle_hanging(
    scores: tuple[int, int], hanging: int, result: DebertsDealResult
) -> tuple[tuple[int, int], int, tuple[int, int] | None]:
    """Add a deal to the scores: ``(new scores, new hanging amount, (taker, amount paid))``.

    The amount hanging goes to the winner of the next played deal (the caller when the
    caller has more, the defender on a bait); on another tie the defender of that deal
    takes the older amount and the new equal amount hangs. A deal that was not played
    (thrown in, cancelled) changes nothing.
    """
    if not result.played:
        return scores, hanging, None
    s0 = scores[0] + result.recorded[0]
    s1 = scores[1] + result.recorded[1]
    paid: tuple[int, int] | None = None
    if hanging:
        taker = result.winner if result.winner is not None else result.defender
        assert taker is not None
        paid = (taker, hanging)
        if taker == 0:
            s0 += hanging
        else:
            s1 += hanging
    return (s0, s1), result.hanging, paid


def match_winner(
    scores: tuple[int, int], result: DebertsDealResult, target: int
) -> int | None:
    """Who wins the match once ``result`` is added and the scores are ``scores``:
    checked after a played deal only; one player at the target or over wins, and when
    both are, the defender of that deal wins. ``None`` while the match goes on."""
    if not result.played:
        return None
    s0, s1 = scores
    if s0 >= target and s1 >= target:
        return result.defender
    if s0 >= target:
        return 0
    if s1 >= target:
        return 1
    return None


def final_score(
    scores: tuple[int, int], winner: int | None, target: int
) -> tuple[int, int] | None:
    """The recorded result of a finished match: the totals, or target:target-1
    (501:500) when both players passed the target."""
    if winner is None:
        return None
    a, b = scores
    if a >= target and b >= target:
        return (target, target - 1) if winner == 0 else (target - 1, target)
    return scores


def next_dealer(result: DebertsDealResult) -> int:
    """Who deals after ``result``: its caller after a played deal, else the other player."""
    if result.played and result.caller is not None:
        return result.caller
    return 1 - result.dealer


def stakes(scores: tuple[int, int], winner: int | None, target: int, mars: bool) -> int:
    """How many games a result counts for: 2 for a mars (the option: the loser under
    half the target), else 1; 0 while the match goes on."""
    if winner is None:
        return 0
    return 2 if mars and scores[1 - winner] < target / 2 else 1


@dataclass(frozen=True)
class DebertsOptions(Options):
    """Rule options of Deberts; the defaults are the club rules."""

    game: ClassVar[str] = "deberts"

    target: int = 501
    four_sevens: bool = False
    doubling: bool = False
    mars: bool = False

    def __post_init__(self) -> None:
        self._check_target()


@dataclass(frozen=True)
class DebertsDealResult:
    """The breakdown of one deal, as both players see it at the end."""

    dealer: int
    outcome: Outcome
    caller: int | None = None
    trump: Suit | None = None
    factor: int = 1
    #: Each player's points for the cards they took, the 10 of the last trick included.
    card_points: tuple[int, int] = (0, 0)
    #: The seat that took the last trick (its 10 is already in ``card_points``).
    last_trick: int | None = None
    tricks: tuple[int, int] = (0, 0)
    sequence_winner: int | None = None
    sequences: tuple[tuple[Meld, ...], tuple[Meld, ...]] = ((), ())
    sequence_points: tuple[int, int] = (0, 0)
    bela: tuple[int, int] = (0, 0)
    totals: tuple[int, int] = (0, 0)
    recorded: tuple[int, int] = (0, 0)
    hanging: int = 0

    @property
    def played(self) -> bool:
        """A thrown-in or cancelled deal is not a played deal."""
        return self.outcome in ("made", "bait", "tie")

    @property
    def defender(self) -> int | None:
        return None if self.caller is None else 1 - self.caller

    @property
    def winner(self) -> int | None:
        """Who wins this deal's contract (takes a hanging amount), ``None`` on a tie."""
        if self.outcome == "made":
            return self.caller
        if self.outcome == "bait":
            return self.defender
        return None


@dataclass(frozen=True)
class DebertsView:
    """What one seat may know: its own hand and every public fact, never a hidden card."""

    seat: int
    dealer: int
    phase: Phase
    to_play: int | None
    hand: CardSet
    opponent_hand_size: int
    indicator: Card
    indicator_suit: Suit
    bottom: Card | None
    trump: Suit | None
    caller: int | None
    factor: int
    exchange: tuple[int, Card] | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...] | None
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    tricks_won: tuple[int, int]
    announcements: tuple[tuple[int, Rank] | None, tuple[int, Rank] | None]
    announced: tuple[bool, bool]
    sequence_winner: int | None
    shown_sequences: tuple[Meld, ...]
    own_sequences: tuple[Meld, ...]
    bela: tuple[bool, bool]
    history: tuple[tuple[int, Action], ...]
    legal_actions: tuple[Action, ...]
    result: DebertsDealResult | None
    # what spans deals (filled in by DebertsMatch.view)
    options: DebertsOptions = field(default_factory=DebertsOptions)
    scores: tuple[int, int] = (0, 0)
    hanging: int = 0
    deal_number: int = 1
    match_winner: int | None = None

    @property
    def num_players(self) -> int:
        return 2


# -- the game's own events (see atout.games.events) --------------------------------------
@dataclass(frozen=True, slots=True)
class SevenExchanged(Acted):
    """``seat`` exchanged the trump ``seven`` for the ``indicator`` (both public)."""

    seven: Card
    indicator: Card

    @property
    def action(self) -> Action:
        return _EXCHANGE


@dataclass(frozen=True, slots=True)
class FourSevens(Acted):
    """``seat`` cancelled the deal holding the four 7s (the option ``four_sevens``)."""

    @property
    def action(self) -> Action:
        return _CANCEL


@dataclass(frozen=True, slots=True)
class Bela(Event):
    """``seat`` said bela: it played the first of the trump king and queen it holds."""

    seat: int


@dataclass(frozen=True, slots=True)
class BottomCard(Event):
    """The bottom card of the stock, turned face up once trump is fixed."""

    card: Card


class DebertsDeal(Deal):
    """One deal of Deberts, from the first bid to the score (see the module docstring)."""

    num_players: ClassVar[int] = 2
    game: ClassVar[str] = "deberts"
    _state_slots: ClassVar[tuple[str, ...]] = (
        *STATE_SLOTS,
        "passes",
        "indicator",
        "bottom",
        "trump",
        "caller",
        "factor",
        "exchange_seat",
        "declared",
        "seq_winner",
        "bela",
    )
    __slots__ = _state_slots
    _play_slots: ClassVar[tuple[str, ...]] = (
        *PLAY_SLOTS,
        "declared",
        "seq_winner",
        "bela",
    )

    options: DebertsOptions
    dealer: int
    deck: tuple[int, ...]
    phase: Phase
    turn: int
    passes: int
    hands: tuple[int, int]
    indicator: int
    bottom: int
    trump: int
    caller: int
    factor: int
    exchange_seat: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[tuple[int, int, int, int], ...]
    captured: tuple[int, int]
    won: tuple[int, int]
    declared: tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None]
    seq_winner: int
    bela: tuple[int, int]
    result: DebertsDealResult | None

    def __init__(
        self,
        deck: Sequence[Card | int] | None = None,
        dealer: int = 0,
        options: DebertsOptions | None = None,
        *,
        seed: int | random.Random | None = None,
    ) -> None:
        """A deal from an explicit deck order (see the module docstring for the dealing
        order), or shuffled from ``seed`` when no deck is given (an int, or a
        ``random.Random`` to draw from)."""
        if dealer != 0 and dealer != 1:
            check_seat(dealer, 2)
        order = deck_order(deck, DECK_32, seed, "a Deberts deck is the 32 cards 7..A, each once")
        self.options = options or _DEFAULT_OPTIONS
        self.dealer = dealer
        self.deck = order
        self.phase = BIDDING
        self.turn = 1 - dealer
        self.passes = 0
        o = order
        nondealer_hand = 1 << o[0] | 1 << o[1] | 1 << o[2] | 1 << o[6] | 1 << o[7] | 1 << o[8]
        dealer_hand = 1 << o[3] | 1 << o[4] | 1 << o[5] | 1 << o[9] | 1 << o[10] | 1 << o[11]
        self.hands = (
            (dealer_hand, nondealer_hand) if dealer == 0 else (nondealer_hand, dealer_hand)
        )
        self.indicator = order[12]
        self.bottom = -1
        self.trump = -1
        self.caller = -1
        self.factor = 1
        self.exchange_seat = -1
        self.leader = 1 - dealer
        self.trick = ()
        self.tricks = ()
        self.captured = (0, 0)
        self.won = (0, 0)
        self.declared = (None, None)
        self.seq_winner = -1
        self.bela = (0, 0)
        self.result = None
        self._history = []
        self.actions = []

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[Card]],
        indicator: Card | str,
        dealer: int = 0,
        *,
        bottom: Card | str | None = None,
        options: DebertsOptions | None = None,
    ) -> DebertsDeal:
        """A deal from the 9 cards of each seat (the first 6 listed are dealt before the
        bidding, the last 3 after it), the indicator and, optionally, the bottom card."""
        seat_cards = [
            [Card.parse(c) for c in h.replace(",", " ").split()] if isinstance(h, str) else list(h)
            for h in hands
        ]
        if len(seat_cards) != 2 or any(len(h) != 9 for h in seat_cards):
            raise ValueError("give 9 cards for each of the two seats")
        ind = Card.parse(indicator) if isinstance(indicator, str) else indicator
        bot = Card.parse(bottom) if isinstance(bottom, str) else bottom
        used = [*seat_cards[0], *seat_cards[1], ind] + ([bot] if bot is not None else [])
        if len(set(used)) != len(used) or any(c not in DECK_32 for c in used):
            raise ValueError("each card once, from the 32-card deck")
        stock = [c for c in DECK_32 if c not in used]
        if bot is not None:
            stock.append(bot)
        non, dea = seat_cards[1 - dealer], seat_cards[dealer]
        deck = [*non[0:3], *dea[0:3], *non[3:6], *dea[3:6], ind, *non[6:9], *dea[6:9], *stock]
        return cls(deck, dealer, options)

    # -- queries -------------------------------------------------------------------
    @property
    def indicator_suit(self) -> int:
        """The suit of the card turned up at the deal (unchanged by the exchange)."""
        return self.deck[12] // 9

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.hands[seat])

    def _can_exchange(self, seat: int) -> bool:
        return (
            self.trump == self.indicator_suit
            and self.exchange_seat < 0
            and self.declared[seat] is None
            and bool(self.hands[seat] >> (9 * self.trump + Rank.SEVEN) & 1)
        )

    def _can_cancel(self, seat: int) -> bool:
        return (
            self.options.four_sevens
            and self.declared[seat] is None
            and self.hands[seat] & _SEVENS == _SEVENS
        )

    def legal_mask(self) -> int:
        """The cards the player to act may play now, as a bitmask (0 outside play)."""
        if self.phase != PLAY:
            return 0
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        led = self.trick[0]
        suit = _SUIT_OF[led]
        follow = hand & SUIT_MASK[suit]
        if follow:
            if suit == self.trump:
                return follow & _TRUMP_ABOVE[led] or follow
            return follow
        return hand & SUIT_MASK[self.trump] or hand

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            seat = self.turn
            hand = self.hands[seat]
            trick = self.trick
            if trick:  # legal_mask, inlined
                led = trick[0]
                follow = hand & _SUIT_MASK_OF[led]
                if not follow:
                    mask = hand & SUIT_MASK[self.trump] or hand
                elif _SUIT_OF[led] == self.trump:
                    mask = follow & _TRUMP_ABOVE[led] or follow
                else:
                    mask = follow
            else:
                mask = hand
            c0, c1, c2, c3 = SUIT_PLAYS  # plays(mask), inlined
            acts = list(
                c0[mask & 511] + c1[mask >> 9 & 511] + c2[mask >> 18 & 511] + c3[mask >> 27]
            )
            if self.declared[seat] is None:  # before the seat's first card
                if self.trump == self.deck[12] // 9 and self._can_exchange(seat):
                    acts.insert(0, _EXCHANGE)
                if self.options.four_sevens and self._can_cancel(seat):
                    acts.insert(0, _CANCEL)
            return acts
        if phase == BIDDING:
            ind = self.deck[12] // 9  # the indicator's suit
            if self.passes < 2:
                return [_PASS, _TRUMPS[ind]]
            return [_PASS, *(t for s, t in enumerate(_TRUMPS) if s != ind)]
        if phase == DOUBLING:
            return [_PASS, _REDOUBLE if self.factor == 2 else _DOUBLE]
        return []

    def _check(self, action: Action) -> IllegalActionError | None:
        phase = self.phase
        if phase == OVER:
            return IllegalActionError("deal-over", "the deal is over")
        seat = self.turn
        if isinstance(action, Play):
            if phase != PLAY:
                return IllegalActionError(
                    "play-after-bidding", "cards are played once trump is fixed"
                )
            card = int(action.card)
            hand = self.hands[seat]
            if not hand >> card & 1:
                return IllegalActionError(
                    "card-not-in-hand", f"{action.card} is not in your hand", card=action.card
                )
            if self.legal_mask() >> card & 1:
                return None
            led = self.trick[0]
            suit = _SUIT_OF[led]
            if hand & SUIT_MASK[suit]:
                if suit == self.trump and _SUIT_OF[card] == suit:
                    return IllegalActionError(
                        "deberts.beat-trump-lead",
                        f"on a trump lead you must beat {CARDS[led]} when you can",
                        card=CARDS[led],
                    )
                return IllegalActionError(
                    "deberts.follow-suit",
                    f"you must follow suit ({Suit(suit).symbol})",
                    suit=Suit(suit),
                )
            return IllegalActionError(
                "deberts.must-trump",
                "without the led suit you must play a trump",
                suit=Suit(self.trump),
            )
        if isinstance(action, Trump):
            if phase != BIDDING:
                return IllegalActionError("bidding-over", "trump is already fixed")
            ind = self.indicator_suit
            if self.passes < 2 and action.suit != ind:
                return IllegalActionError(
                    "deberts.first-round-indicator",
                    f"in the first round only the indicator's suit ({Suit(ind).symbol}) "
                    "may be taken",
                    suit=Suit(ind),
                )
            if self.passes >= 2 and action.suit == ind:
                return IllegalActionError(
                    "deberts.second-round-other-suit",
                    f"in the second round name a suit other than {Suit(ind).symbol}",
                    suit=Suit(ind),
                )
            return None
        if isinstance(action, Pass):
            if phase in (BIDDING, DOUBLING):
                return None
            return IllegalActionError("no-pass-in-play", "you cannot pass during play")
        if isinstance(action, Exchange):
            if phase != PLAY or not self._can_exchange(seat):
                return IllegalActionError(
                    "deberts.exchange",
                    "only the holder of the trump 7, when trump is the indicator's suit, "
                    "may exchange it for the indicator, before their own first card",
                )
            return None
        if isinstance(action, CancelDeal):
            if phase != PLAY or not self._can_cancel(seat):
                return IllegalActionError(
                    "deberts.four-sevens",
                    "only a player holding the four 7s may cancel the deal, before their "
                    "first card, when that option is on",
                )
            return None
        if isinstance(action, (Double, Redouble)):
            if phase != DOUBLING:
                return IllegalActionError(
                    "deberts.doubling",
                    "doubling is possible only with that option, right after trump is fixed",
                )
            wanted = _REDOUBLE if self.factor == 2 else _DOUBLE
            if action != wanted:
                return IllegalActionError(
                    "deberts.doubling", f"only {wanted} is possible now", action=str(wanted)
                )
            return None
        return IllegalActionError(
            "unknown-action", f"{action} is not an action of Deberts", action=str(action)
        )

    # -- state changes -------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if type(action) is Play:
            self._play(int(action.card))
        elif type(action) is Pass:
            if self.phase == BIDDING:
                self.passes += 1
                if self.passes == 4:
                    self._end_unplayed("thrown-in")
                else:
                    self.turn = 1 - self.turn
            else:  # declining a double or a redouble ends the doubling
                self._start_play()
        elif type(action) is Trump:
            self._fix_trump(int(action.suit))
        elif type(action) is Exchange:
            seat = self.turn
            seven = 9 * self.trump + Rank.SEVEN
            hands = list(self.hands)
            hands[seat] = hands[seat] & ~(1 << seven) | 1 << self.indicator
            self.hands = (hands[0], hands[1])
            self.indicator = seven
            self.exchange_seat = seat
        elif type(action) is Double:
            self.factor = 2
            self.turn = self.caller
        elif type(action) is Redouble:
            self.factor = 4
            self._start_play()
        elif type(action) is CancelDeal:
            self._end_unplayed("cancelled")
        else:  # pragma: no cover - _check rejects everything else
            raise GameError(f"cannot apply {action!r}")

    def _fix_trump(self, suit: int) -> None:
        self.trump = suit
        self.caller = self.turn
        order = self.deck
        non = 1 << order[13] | 1 << order[14] | 1 << order[15]
        dea = 1 << order[16] | 1 << order[17] | 1 << order[18]
        h0, h1 = self.hands
        if self.dealer == 0:
            self.hands = (h0 | dea, h1 | non)
        else:
            self.hands = (h0 | non, h1 | dea)
        self.bottom = order[31]
        if self.options.doubling:
            self.phase = DOUBLING
            self.turn = 1 - self.caller
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.turn = self.leader = 1 - self.dealer

    def _play(self, card: int) -> None:
        seat = self.turn
        hands = self.hands
        hand = hands[seat]
        declared = self.declared
        if declared[seat] is None:
            melds = sequences(hand)
            declared = (melds, declared[1]) if seat == 0 else (declared[0], melds)
            self.declared = declared
            if declared[0] is not None and declared[1] is not None:
                self.seq_winner = self._sequence_winner(declared[0], declared[1])
        other = _BELA_OTHER[card]  # the queen for a king and the king for a queen
        if other and hand & other and _SUIT_OF[card] == self.trump:
            self.bela = (BELA, self.bela[1]) if seat == 0 else (self.bela[0], BELA)
        hand &= _ALL_BUT[card]
        self.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        trick = self.trick
        if not trick:
            self.trick = (card,)
            self.turn = 1 - seat
            return
        led = trick[0]
        tr = self.trump
        winner = seat if _SECOND_WINS[tr][36 * led + card] else 1 - seat
        points = POINTS[tr]
        gained = points[led] + points[card]
        tricks = (*self.tricks, (self.leader, led, card, winner))
        self.tricks = tricks
        self.trick = ()
        c0, c1 = self.captured
        w0, w1 = self.won
        if winner == 0:
            self.captured = (c0 + gained, c1)
            self.won = (w0 + 1, w1)
        else:
            self.captured = (c0, c1 + gained)
            self.won = (w0, w1 + 1)
        self.leader = self.turn = winner
        if len(tricks) == NUM_TRICKS:
            self._score(winner)

    def _sequence_winner(self, melds0: tuple[Meld, ...], melds1: tuple[Meld, ...]) -> int:
        k0 = best_sequence_key(melds0, self.trump)
        k1 = best_sequence_key(melds1, self.trump)
        if k0 is None and k1 is None:
            return -1
        if k1 is None or (k0 is not None and k0 > k1):
            return 0
        if k0 is None or k1 > k0:
            return 1
        return 1 - self.dealer  # equal non-trump sequences: the nondealer announced first

    def _end_unplayed(self, outcome: Outcome) -> None:
        self.phase = OVER
        self.result = DebertsDealResult(
            dealer=self.dealer,
            outcome=outcome,
            caller=None if self.caller < 0 else self.caller,
            trump=None if self.trump < 0 else Suit(self.trump),
        )

    def _score(self, last: int) -> None:
        self.phase = OVER
        card_pts = (self.captured[0] + (LAST_TRICK if last == 0 else 0),
                    self.captured[1] + (LAST_TRICK if last == 1 else 0))
        sw = self.seq_winner
        scored: list[tuple[Meld, ...]] = [(), ()]
        if sw >= 0 and self.won[sw] > 0:
            melds = self.declared[sw]
            assert melds is not None
            scored[sw] = melds
        seq_pts = (
            sum([m.points for m in scored[0]]) if scored[0] else 0,
            sum([m.points for m in scored[1]]) if scored[1] else 0,
        )
        totals = (
            card_pts[0] + seq_pts[0] + self.bela[0],
            card_pts[1] + seq_pts[1] + self.bela[1],
        )
        caller = self.caller
        f = self.factor
        outcome, recorded, hanging = settle_contract(totals, caller, f)
        self.result = build_frozen(
            DebertsDealResult,
            {
                "dealer": self.dealer,
                "outcome": outcome,
                "caller": caller,
                "trump": _SUITS[self.trump],
                "factor": f,
                "card_points": card_pts,
                "last_trick": last,
                "tricks": self.won,
                "sequence_winner": None if sw < 0 else sw,
                "sequences": (scored[0], scored[1]),
                "sequence_points": seq_pts,
                "bela": self.bela,
                "totals": totals,
                "recorded": recorded,
                "hanging": hanging,
            },
        )

    # -- views ---------------------------------------------------------------------
    def view(self, seat: int) -> DebertsView:
        check_seat(seat, 2)
        return self._view(seat)

    def _view(self, seat: int) -> DebertsView:
        tricks = tuple(
            ((lead, CARDS[a]), (1 - lead, CARDS[b])) for lead, a, b, _ in self.tricks
        )
        trick = tuple(
            ((self.leader + i) % 2, CARDS[c]) for i, c in enumerate(self.trick)
        )
        announcements: list[tuple[int, Rank] | None] = [None, None]
        for s in (0, 1):
            melds = self.declared[s]
            if melds:
                announcements[s] = best_call(melds, self.trump)
        sw = self.seq_winner
        shown: tuple[Meld, ...] = ()
        if sw >= 0 and self.tricks:
            melds = self.declared[sw]
            shown = melds if melds is not None else ()
        own: tuple[Meld, ...] | None = ()
        hand = 0
        if seat >= 0:
            own = self.declared[seat]
            hand = self.hands[seat]
        exchange = None
        if self.exchange_seat >= 0:
            exchange = (self.exchange_seat, CARDS[self.deck[12]])
        return DebertsView(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            to_play=self.current_player(),
            hand=CardSet(hand),
            opponent_hand_size=self.hands[1 - seat].bit_count() if seat >= 0 else 0,
            indicator=CARDS[self.indicator],
            indicator_suit=Suit(self.indicator_suit),
            bottom=None if self.bottom < 0 else CARDS[self.bottom],
            trump=None if self.trump < 0 else Suit(self.trump),
            caller=None if self.caller < 0 else self.caller,
            factor=self.factor,
            exchange=exchange,
            trick=trick,
            last_trick=tricks[-1] if tricks else None,
            tricks=tricks,
            tricks_won=self.won,
            announcements=(announcements[0], announcements[1]),
            announced=(self.declared[0] is not None, self.declared[1] is not None),
            sequence_winner=None if sw < 0 else sw,
            shown_sequences=shown,
            own_sequences=own if own is not None else sequences(hand),
            bela=(self.bela[0] > 0, self.bela[1] > 0),
            history=tuple(self.actions),
            legal_actions=tuple(self.legal_actions()) if self.turn == seat else (),
            result=self.result,
            options=self.options,
        )

    # -- events ----------------------------------------------------------------------
    def _opening_events(self, number: int, scores: tuple[int, int]) -> list[Event]:
        first = 1 - self.dealer
        events: list[Event] = [DealStarted(number, self.dealer, first, CARDS[self.deck[12]],
                                           scores)]
        for s in (first, self.dealer):
            events += [CardsGiven(s, 6), Dealt(CardSet(self.hands[s]), to=s)]
        return events

    def _before(self) -> tuple[Any, ...]:
        return _BEFORE(self)

    def _narrate(self, seat: int, action: Action, before: tuple[Any, ...]) -> list[Event]:
        kind = type(action)
        if isinstance(action, Play):
            return self._narrate_card(seat, int(action.card), before)
        indicator, hands = before[5], before[6]
        if kind is Exchange:
            return [SevenExchanged(seat, CARDS[self.indicator], CARDS[indicator])]
        if kind is CancelDeal:
            return [FourSevens(seat)]
        events: list[Event] = [Bid(seat, action)]
        if kind is Trump:
            events.append(ContractNamed(seat, action))
            for s in (1 - self.dealer, self.dealer):
                given = self.hands[s] & ~hands[s]
                events += [CardsGiven(s, 3), Dealt(CardSet(given), to=s)]
            events.append(BottomCard(CARDS[self.bottom]))
        return events

    def _narrate_card(self, seat: int, card: int, before: tuple[Any, ...]) -> list[Event]:
        declared, seq_winner, bela, tricks, captured = before[:5]
        events: list[Event] = [CARD_PLAYED[seat][card]]
        if declared[seat] is None:
            melds = self.declared[seat]
            if melds:
                events.append(Announcement(seat, best_call(melds, self.trump)))
            if self.seq_winner >= 0 and seq_winner < 0:
                events.append(MeldsWon(self.seq_winner))
        if self.bela != bela:
            events.append(Bela(seat))
        if len(self.tricks) > len(tricks):
            lead, a, b, winner = self.tricks[-1]
            points = self.captured[winner] - captured[winner]
            if len(self.tricks) == NUM_TRICKS:
                points += LAST_TRICK
            events.append(TrickWon(winner, ((lead, CARDS[a]), (1 - lead, CARDS[b])), points))
            sw = self.seq_winner
            if len(self.tricks) == 1 and sw >= 0:
                events += [MeldShown(sw, m) for m in self.declared[sw] or ()]
        return events

    def __repr__(self) -> str:
        return (
            f"<DebertsDeal dealer={self.dealer} phase={self.phase} "
            f"trump={'-' if self.trump < 0 else Suit(self.trump).letter} "
            f"tricks={len(self.tricks)}>"
        )


#: What the narration of an action needs of the state before it (``_before``).
_BEFORE: Final = attrgetter(
    "declared", "seq_winner", "bela", "tricks", "captured", "indicator", "hands"
)
_SEVENS: Final = sum(1 << (9 * s + Rank.SEVEN) for s in range(4))
_DEFAULT_OPTIONS: Final = DebertsOptions()
_TRUMPS: Final = tuple(trump(s) for s in Suit)
_SUIT_MASK_OF: Final = tuple(SUIT_MASK[c // 9] for c in range(36))
#: _ALL_BUT[card]: every card but that one (clears it from a hand).
_ALL_BUT: Final = tuple(DECK_36.mask & ~(1 << c) for c in range(36))
#: _BELA_OTHER[card]: for a king the bit of its queen, for a queen that of its king.
_BELA_OTHER: Final = tuple(
    1 << (c - c % 9 + (Rank.QUEEN if c % 9 == Rank.KING else Rank.KING))
    if c % 9 in (Rank.KING, Rank.QUEEN)
    else 0
    for c in range(36)
)


def best_call(melds: Sequence[Meld], trump_suit: int) -> tuple[int, Rank]:
    """What a player says of their best sequence: its length and top card."""
    best = max(melds, key=lambda m: (m.length, m.top, m.suit == trump_suit))
    return (best.length, best.top)


def _second_wins(tr: int, led: int, card: int) -> bool:
    """Whether the second card of a trick beats the led card under trump ``tr``."""
    if _SUIT_OF[card] == _SUIT_OF[led]:
        strength = TRUMP_STRENGTH if _SUIT_OF[led] == tr else PLAIN_STRENGTH
        return strength[card] > strength[led]
    return _SUIT_OF[card] == tr


#: _SECOND_WINS[trump][36 * led + card]: the trick's winner in one lookup.
_SECOND_WINS: Final = tuple(
    tuple(_second_wins(t, led, c) for led in range(36) for c in range(36)) for t in range(4)
)
_PLAYS: Final = tuple(play(c) for c in CARDS)
_PASS: Final = Pass()
_EXCHANGE: Final = Exchange()
_CANCEL: Final = CancelDeal()
_DOUBLE: Final = Double()
_REDOUBLE: Final = Redouble()


@dataclass(frozen=True)
class DebertsScoreRow:
    """One line of the scoresheet: a deal, what each player recorded, the hanging amount."""

    number: int
    result: DebertsDealResult
    #: The hanging amount this deal settled, and who took it (``None`` when nothing did).
    hanging_paid: tuple[int, int] | None
    scores: tuple[int, int]
    hanging: int


class DebertsOutcome:
    """What a Deberts match counts for, read from its scores and winner: the match
    played here and the scoresheet kept by hand share it."""

    @property
    def final_score(self: Scored[DebertsOptions]) -> tuple[int, int] | None:
        """The recorded result: the totals, or target:target-1 when both passed it."""
        return final_score(self.scores, self.winner, self.options.target)

    @property
    def stakes(self: Scored[DebertsOptions]) -> int:
        """How many games the result counts for: 2 for a mars (an option), else 1."""
        return stakes(self.scores, self.winner, self.options.target, self.options.mars)


class DebertsMatch(DebertsOutcome, Match[DebertsDeal]):
    """A match of Deberts to the target, dealt from its deck source (by default, its seed)."""

    num_players: ClassVar[int] = 2
    game: ClassVar[str] = "deberts"
    options_class: ClassVar[type[DebertsOptions]] = DebertsOptions
    #: Points hanging from tied deals (0 when none).
    hanging: int = 0
    scoresheet: list[DebertsScoreRow]
    _carried: ClassVar[tuple[str, ...]] = ("scores", "hanging", "winner")
    _in_views: ClassVar[tuple[str, ...]] = ("scores", "hanging")

    def _new_deal(self, dealer: int) -> DebertsDeal:
        return DebertsDeal(self._fresh_deck(DECK_32), dealer, self.options)

    def _score(self, result: DebertsDealResult) -> int | None:
        self.scores, self.hanging, paid = settle_hanging(self.scores, self.hanging, result)
        self.scoresheet.append(
            DebertsScoreRow(len(self.deals), result, paid, self.scores, self.hanging)
        )
        return match_winner(self.scores, result, self.options.target)

    def _next_dealer(self, deal: DebertsDeal) -> int:
        assert deal.result is not None
        return next_dealer(deal.result)

class DebertsFold(Fold):
    """Rebuilds a :class:`DebertsView` (a seat's, or the public one) from its events."""

    def __init__(self, seat: int | None = None) -> None:
        self.hanging = 0
        super().__init__(seat)

    def _new_deal(self, started: DealStarted | None) -> None:
        super()._new_deal(started)
        self.indicator = None if started is None else started.up
        self.bottom: Card | None = None
        self.factor = 1
        self.exchange: tuple[int, Card] | None = None
        self.bela = [False, False]

    def _other(self, event: Event) -> None:
        if isinstance(event, Bid):
            if type(event.call) is Double:
                self.factor = 2
            elif type(event.call) is Redouble:
                self.factor = 4
        elif isinstance(event, SevenExchanged):
            assert self.indicator is not None
            self.exchange = (event.seat, self.indicator)
            self.indicator = event.seven
            if event.seat == self.seat:
                self.hand = self.hand & ~(1 << int(event.seven)) | 1 << int(event.indicator)
        elif isinstance(event, Bela):
            self.bela[event.seat] = True
        elif isinstance(event, BottomCard):
            self.bottom = event.card

    def _scored(self, row: DebertsScoreRow) -> None:
        self.scores, self.hanging = row.scores, row.hanging

    def view(self) -> DebertsView:
        started = self.started
        assert started is not None and self.indicator is not None, "no deal started"
        seat = self.seat
        contract = self.contract
        named = None if contract is None else contract.contract
        trump_suit = int(named.suit) if isinstance(named, Trump) else -1
        calls = self.calls
        if seat < 0:
            own: tuple[Meld, ...] = ()
        elif self.first_hand is not None:
            own = sequences(self.first_hand)
        else:
            own = sequences(self.hand)
        up = started.up
        assert up is not None
        return DebertsView(
            seat=seat,
            dealer=started.dealer,
            phase=self.phase,  # type: ignore[arg-type]
            to_play=self.to_play,
            hand=CardSet(self.hand),
            opponent_hand_size=self.sizes[1 - seat] if seat >= 0 else 0,
            indicator=self.indicator,
            indicator_suit=up.suit,
            bottom=self.bottom,
            trump=None if trump_suit < 0 else Suit(trump_suit),
            caller=None if contract is None else contract.seat,
            factor=self.factor,
            exchange=self.exchange,
            trick=tuple(self.trick),
            last_trick=self._last_trick(),
            tricks=self._tricks(),
            tricks_won=(self.won[0], self.won[1]),
            announcements=(calls.get(0), calls.get(1)),
            announced=(0 in self.played, 1 in self.played),
            sequence_winner=self.melds_winner,
            shown_sequences=tuple(m for _, m in self.shown),
            own_sequences=own,
            bela=(self.bela[0], self.bela[1]),
            history=tuple(self.history),
            legal_actions=self.legal,
            result=self.result,
            options=self.options,
            scores=self.scores,
            hanging=self.hanging,
            deal_number=self.deal_number,
            match_winner=self.match_winner,
        )
