"""Schieber: the Swiss partnership Jass for four players, played to 3000.

This docstring is the game's specification in atout. Sources: the French rule text in
``shared/seeds`` (``004``) and the project's rulings (``shared/RULES.md``, "Schieber").

Seats and deal
    Seats 0 to 3 in playing order (the next seat plays next); seats 0 and 2 play
    against 1 and 3, and a seat's team is ``seat % 2``. 36 cards (6 to ace). The deck
    order fixes the deal: packets of 3 cards, starting with the seat after the dealer
    and going round three times (9 each). There is no stock.

Forehand and dealer
    In a match the first dealer is drawn from the seed; the holder of 7♣ is forehand of
    the first deal (whoever deals it, and without having to lead that card) and deals
    the second. From then on the dealer moves one seat on and the seat after the
    dealer is forehand.

Contract
    Forehand names the contract: a trump suit (``trump C`` ...), ``obenabe`` (no trump,
    aces high) or ``undenufe`` (no trump, sixes high), or says ``push`` (schieben). After
    a push the partner must name a contract and cannot push back. Forehand always leads
    the first trick. Every point of the deal (cards, Match bonus, Weis, Stöck) is
    multiplied by the contract's factor: ♣ ♠ ×1, ♦ ♥ ×2, Obenabe ×3, Undenufe ×4.

Ranks and values
    Trump: J (Puur) 9 (Näll) A K Q 10 8 7 6 worth 20 14 11 4 3 10 0 0 0. Other suits
    with a trump contract: A K Q J 10 9 8 7 6 worth 11 4 3 2 10 0 0 0 0. Obenabe ranks
    the same way with 8 worth 8. Undenufe ranks 6 7 8 9 10 J Q K A (six highest); with
    the classic values (the default) the cards keep their Obenabe values (A 11, 8 8,
    6 nothing); with the modern values (option) the six is worth 11 and the ace
    nothing. The cards hold 152 points, the last trick adds 5 (157), and a team that
    takes all nine tricks adds 100 more (Match, 257).

Play
    Without trump: follow suit if able, otherwise play anything; the highest card of
    the led suit wins. With trump: a player may always trump instead of following
    suit; without the led suit, any card. Undertrumping (playing a trump lower than a
    trump already in the trick on a non-trump lead) is forbidden unless the hand holds
    only trumps, even when the partner is winning the trick. On a trump lead a trump
    must be played, except that the Puur held as the only trump may be kept. Nobody
    has to overtrump. The highest trump wins, otherwise the highest card of the led
    suit; the winner leads the next trick.

Weis
    Judged on the initial hand, after the contract is fixed. Runs of 3, 4, 5 or more
    cards of one suit in natural order (6 7 8 9 10 J Q K A, also in trump and in
    Undenufe) are worth 20, 50 and 100; four aces, kings, queens or tens 100; four
    jacks 200; four nines (or lower) nothing. No card counts in two Weis; a long run
    may be cut (8 = 5 + 3, 9 = 5 + 4). Declarations are automatic: every player
    declares the disjoint set worth the most points, and between sets worth the same,
    the one whose best Weis is strongest. A Weis's strength is, in this order: points,
    length, rank (the top card of a run, the rank of a four of a kind; inverted in
    Undenufe, where the lower run is stronger), then a run in trump over one that is
    not. The players' best Weis are compared with that key, and a full tie goes to
    the player who plays earlier in the first trick. Only the winner's team scores,
    all the Weis of both partners, once the first trick is complete; those cards then
    become public. With the option ``weis=false`` there are no Weis: none is found,
    announced, shown or scored.

Announcing the Weis
    Each player speaks with their first card, in playing order, and only when their
    best Weis is at least equal to the best announced so far: not lower on points,
    length, rank, trump (the earlier player's advantage is left out, so a later Weis
    equal on all four is announced, and loses). The first to announce says the points.
    A later announcer says the points, and also the length only when the points tie
    the best so far, and also the top card only when the length ties too, and (with
    a trump contract) also whether it is in trump only when the top card ties too: a
    non-trump run that ties a trump one on the rest is lower and stays silent. A
    lower Weis is never announced, and silence says only that. The view holds what
    was said (:class:`WeisCall`); after the first trick the winning team's counted
    Weis are shown, and nothing else of any Weis is revealed (the other team's Weis
    stay as announced, or unknown).

Stöck
    The K and Q of trump in one initial hand are worth 20 (before the factor) to that
    team, whatever happens with the Weis; never without trump. The holder announces
    them when the second of the two is played, or earlier when both are among that
    team's counted Weis. With the option ``stoeck=false`` Stöck never count.

Reaching the target
    The written scores of both teams enter the deal (``scores``). A team wins the match
    as soon as it reaches the target (3000), even in the middle of a deal, counting
    (multiplied) its Stöck from the start of play, its Weis once the first trick is
    complete, and the card points it has captured. Within one moment the order is
    Stöck, then Weis, then the trick: at the end of the first trick the Weis are
    counted before that trick's cards. When the match stops in the middle of a deal
    (or at its last trick), the winning team writes what it counted and the losers
    keep what they had written, which includes what of this deal was written already:
    their Weis once the first trick is complete and their Stöck once announced
    (multiplied); only their captures of the deal are not added. By default the
    software claims for the players. With ``manual_claim`` a player may ``claim`` on
    their own turn during play: a claim that reaches the target wins; a false claim
    loses the match and counts nothing more for anybody, so both teams keep what they
    had written, as losers do (the claimant's Stöck only if announced). Without any
    claim the deal is written in full; if a team is then at the target it wins, and if
    both are, the team that reached it first in the order above wins. A loser strictly
    under half the target, what it kept of the last deal included, is Schneider: the
    win counts twice in a series (``stakes``).

Options (see :class:`SchieberOptions`; canonical string ``schieber`` for the defaults)
    ``target`` (3000), ``undenufe_values`` (``classic`` or ``modern``), ``manual_claim``
    (false), ``weis`` (true) and ``stoeck`` (true).

Actions
    ``trump C``/``trump D``/``trump H``/``trump S``, ``obenabe``, ``undenufe``, ``push``,
    a card code (``HJ``) to play it, and ``claim`` (``manual_claim`` only).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, NamedTuple

from atout.cards import (
    CARDS,
    DECK_36,
    RANK_MASK,
    SUIT_MASK,
    Card,
    CardSet,
    Rank,
    Suit,
)
from atout.games.actions import Action, Claim, NoTrump, Play, Push, Trump, play, trump
from atout.games.base import (
    OVER,
    PLAY_SLOTS,
    SEAT_PLAYS,
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

__all__ = [
    "CHOOSING",
    "CONTRACT_ACTIONS",
    "FACTORS",
    "OBENABE",
    "OVER",
    "PLAY",
    "UNDENUFE",
    "Claimed",
    "SchieberDeal",
    "SchieberDealResult",
    "SchieberFold",
    "SchieberMatch",
    "SchieberOptions",
    "SchieberOutcome",
    "SchieberScoreRow",
    "SchieberView",
    "Stoeck",
    "WeisCall",
    "best_weis",
    "card_points",
    "card_strength",
    "contract_action",
    "contract_index",
    "first_to_target",
    "schneider",
    "weis_key",
    "written",
    "written_at_stop",
]

CHOOSING: Final = "choosing"
PLAY: Final = "play"
Phase = Literal["choosing", "play", "over"]
Outcome = Literal["played", "claim", "false-claim"]
ReachedBy = Literal["stoeck", "weis", "tricks", "claim", "count"]

#: Contract indices: 0..3 name the trump suit (Suit order C D H S), then the two no-trumps.
OBENABE: Final = 4
UNDENUFE: Final = 5
#: Factor of each contract: ♣ ♦ ♥ ♠, Obenabe, Undenufe.
FACTORS: Final = (1, 2, 2, 1, 3, 4)

NUM_TRICKS: Final = 9
LAST_TRICK: Final = 5
MATCH_BONUS: Final = 100
STOECK: Final = 20
#: Card points in every contract (without the last trick).
CARD_TOTAL: Final = 152

# Per rank (6 7 8 9 10 J Q K A).
_TRUMP_POINTS: Final = (0, 0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
_NOTRUMP_POINTS: Final = (0, 0, 8, 0, 10, 2, 3, 4, 11)  # Obenabe, classic Undenufe
_MODERN_UNDENUFE_POINTS: Final = (11, 0, 8, 0, 10, 2, 3, 4, 0)
_TRUMP_ORDER: Final = (0, 1, 2, 7, 3, 8, 4, 5, 6)  # 6 7 8 10 Q K A 9 J

#: POINTS[table][card], what a captured card is worth: tables 0..5 follow the contracts,
#: MODERN_UNDENUFE_TABLE (6) is the modern Undenufe (see :func:`card_points`).
POINTS: Final[tuple[tuple[int, ...], ...]] = (
    *(
        tuple(
            (_TRUMP_POINTS if c // 9 == t else _PLAIN_POINTS)[c % 9] for c in range(36)
        )
        for t in range(4)
    ),
    tuple(_NOTRUMP_POINTS[c % 9] for c in range(36)),
    tuple(_NOTRUMP_POINTS[c % 9] for c in range(36)),
    tuple(_MODERN_UNDENUFE_POINTS[c % 9] for c in range(36)),
)
MODERN_UNDENUFE_TABLE: Final = 6


def _strength(contract: int, card: int) -> int:
    """Trick-taking strength: trumps above 100, other cards 0..8 within their suit."""
    suit, rank = divmod(card, 9)
    if contract == suit:
        return 100 + _TRUMP_ORDER[rank]
    if contract == UNDENUFE:
        return 8 - rank
    return rank


#: _KEY[contract][led suit][card]: strength of a card that can win the trick, else -1.
_KEY: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            _strength(k, c) if (c // 9 == led or c // 9 == k) else -1 for c in range(36)
        )
        for led in range(4)
    )
    for k in range(6)
)
#: Cards of the same suit above ``card`` when its suit is trump.
_TRUMP_ABOVE: Final = tuple(
    sum(
        1 << o
        for o in range(9 * (c // 9), 9 * (c // 9) + 9)
        if _TRUMP_ORDER[o % 9] > _TRUMP_ORDER[c % 9]
    )
    for c in range(36)
)
_TRUMP_RANK: Final = tuple(_TRUMP_ORDER[c % 9] for c in range(36))
#: _TRUMP_KEY[trump suit][card]: the card's place in the trump order, -1 off trump.
_TRUMP_KEY: Final = tuple(
    tuple(_TRUMP_RANK[c] if c // 9 == t else -1 for c in range(36)) for t in range(4)
)
#: _TRUMPS_ABOVE[trump suit][place]: the trumps placed above ``place`` in the order.
_TRUMPS_ABOVE: Final = tuple(
    tuple(
        sum(1 << (9 * t + r) for r in range(9) if _TRUMP_ORDER[r] > place) for place in range(9)
    )
    for t in range(4)
)
#: The Puur (trump jack) of each suit, as a bit.
_PUUR: Final = tuple(1 << (9 * s + Rank.JACK) for s in range(4))
_KQ: Final = tuple((1 << (9 * s + Rank.KING)) | (1 << (9 * s + Rank.QUEEN)) for s in range(4))


def card_points(card: Card, contract: int, *, modern_undenufe: bool = False) -> int:
    """Value of a captured card under a contract (0..3 trump suit, 4 Obenabe, 5 Undenufe)."""
    table = MODERN_UNDENUFE_TABLE if (contract == UNDENUFE and modern_undenufe) else contract
    return POINTS[table][card]


def card_strength(card: Card | int, contract: int) -> int:
    """How strongly a card takes tricks under a contract: trumps are 100 and above,
    other cards 0..8 within their suit (compare only cards of one suit, or trumps)."""
    return _strength(contract, int(card))


def contract_index(action: Trump | NoTrump) -> int:
    """The contract index of a contract action."""
    if isinstance(action, Trump):
        return int(action.suit)
    return OBENABE if action.mode == "obenabe" else UNDENUFE


def contract_action(contract: int) -> Trump | NoTrump:
    """The action that names a contract index."""
    if contract < 4:
        return trump(Suit(contract))
    return _OBENABE if contract == OBENABE else _UNDENUFE


_OBENABE: Final = NoTrump("obenabe")
_UNDENUFE: Final = NoTrump("undenufe")
_PUSH: Final = Push()
_CLAIM: Final = Claim()
_PLAYS: Final = tuple(play(c) for c in CARDS)
#: _WITHOUT[card]: every bit but the card's (to take it out of a hand).
_WITHOUT: Final = tuple(~(1 << c) for c in range(36))
_NEXT_SEAT: Final = (1, 2, 3, 0)
_BIT: Final = tuple(1 << c for c in range(36))
#: _DEALT_TO[dealer][seat]: which packet (0 for the dealer's next seat, ...) a seat gets.
_DEALT_TO: Final = tuple(tuple((seat - dealer - 1) % 4 for seat in range(4)) for dealer in range(4))
#: _SEATS_FROM[seat]: the four seats in playing order from that seat.
_SEATS_FROM: Final = tuple(tuple((s + i) % 4 for i in range(4)) for s in range(4))
#: _SUIT_PLAYS[suit][9-bit mask]: the Play actions of those cards (legal_actions' hot path).
_SUIT_PLAYS: Final[tuple[tuple[tuple[Play, ...], ...], ...]] = tuple(
    tuple(tuple(_PLAYS[9 * s + r] for r in range(9) if m >> r & 1) for m in range(512))
    for s in range(4)
)


def _contract_named() -> IllegalActionError:
    return IllegalActionError("schieber.contract-named", "the contract is already named")

#: Every contract action, in the order the legal actions list them.
CONTRACT_ACTIONS: Final[tuple[Trump | NoTrump, ...]] = tuple(
    contract_action(k) for k in range(6)
)

# -- Weis ---------------------------------------------------------------------------
RUN_POINTS: Final = (0, 0, 0, 20, 50, 100, 100, 100, 100, 100)
#: Four of a kind worth something, by rank: 10 Q K A 100, J 200.
FOUR_POINTS: Final = {Rank.TEN: 100, Rank.JACK: 200, Rank.QUEEN: 100, Rank.KING: 100,
                       Rank.ACE: 100}
_FOUR_RANKS: Final = tuple(sorted(FOUR_POINTS))
#: Bits where a run of three cards can start (within one suit).
_RUN3_START: Final = sum(1 << (9 * s + r) for s in range(4) for r in range(7))
_FOURS_ANY: Final = tuple(RANK_MASK[r] for r in _FOUR_RANKS)


def rank_key(top: int, length: int, undenufe: bool) -> int:
    """Rank part of a Weis's strength: the top card, or inverted in Undenufe."""
    return 8 - (top - length + 1) if undenufe else top


def _best_partition(lo: int, hi: int, undenufe: bool) -> tuple[tuple[int, int], ...]:
    """The best way to cut the run of ranks lo..hi into runs of 3+ (as (top, length)):
    most points, then the strongest best run."""
    best: tuple[tuple[int, tuple[int, int, int]], tuple[tuple[int, int], ...]] | None = None

    def walk(start: int, chosen: tuple[tuple[int, int], ...]) -> None:
        nonlocal best
        if start > hi:
            if not chosen:
                return
            total = sum(RUN_POINTS[length] for _, length in chosen)
            key = max(
                (RUN_POINTS[length], length, rank_key(top, length, undenufe))
                for top, length in chosen
            )
            if best is None or (total, key) > best[0]:
                best = ((total, key), chosen)
            return
        walk(start + 1, chosen)
        for end in range(start + 2, hi + 1):
            walk(end + 1, (*chosen, (end, end - start + 1)))

    walk(lo, ())
    return best[1] if best is not None else ()


def _suit_runs(mask: int, undenufe: bool) -> tuple[tuple[int, int], ...]:
    found: list[tuple[int, int]] = []
    for top, length in runs(mask):
        found.extend(_best_partition(top - length + 1, top, undenufe))
    return tuple(found)


#: RUNS[undenufe][9-bit suit mask] -> the best cut of its runs, as (top, length).
RUNS: Final = tuple(tuple(_suit_runs(m, u) for m in range(512)) for u in (False, True))
#: RUN_MELDS[undenufe][suit][9-bit suit mask]: those runs as melds, in the same order.
RUN_MELDS: Final = tuple(
    tuple(
        tuple(
            tuple(run_meld(suit, top, length, RUN_POINTS[length]) for top, length in cut)
            for cut in RUNS[u]
        )
        for suit in range(4)
    )
    for u in (0, 1)
)
#: The ranks whose four of a kind count, as a 9-bit rank mask.
_FOUR_RANK_BITS: Final = sum(1 << r for r in _FOUR_RANKS)


def weis_key(meld: Meld, contract: int) -> tuple[int, int, int, int]:
    """Strength of one Weis under a contract: (points, length, rank, trump run)."""
    undenufe = contract == UNDENUFE
    if meld.suit is None:
        rank = 8 - int(meld.top) if undenufe else int(meld.top)
        return (meld.points, 4, rank, 0)
    return (
        meld.points,
        meld.length,
        rank_key(int(meld.top), meld.length, undenufe),
        int(int(meld.suit) == contract),
    )


def best_weis(hand: CardSet | int, contract: int) -> tuple[Meld, ...]:
    """The Weis a hand declares under a contract: the disjoint set worth the most points,
    then the one whose best Weis is strongest; strongest Weis first."""
    mask = hand if type(hand) is int else hand.mask  # type: ignore[union-attr]
    if not mask & (mask >> 9) & (mask >> 18) & (mask >> 27) & _FOUR_RANK_BITS:
        # no four of a kind that counts
        if not mask & (mask >> 1) & (mask >> 2) & _RUN3_START:
            return ()
        s0, s1, s2, s3 = mask & 0x1FF, mask >> 9 & 0x1FF, mask >> 18 & 0x1FF, mask >> 27
        t0, t1, t2, t3 = RUN_MELDS[contract == UNDENUFE]  # the runs are the only choice
        runs_only = t0[s0] + t1[s1] + t2[s2] + t3[s3]
        if len(runs_only) > 1:
            return tuple(sorted(runs_only, key=lambda m: weis_key(m, contract), reverse=True))
        return runs_only
    fours = [r for r, m in zip(_FOUR_RANKS, _FOURS_ANY, strict=True) if mask & m == m]
    undenufe = contract == UNDENUFE
    runs_table = RUNS[undenufe]
    best: tuple[tuple[int, tuple[int, int, int, int]], list[Meld]] | None = None
    for subset in range(1 << len(fours)):
        melds: list[Meld] = []
        rest = mask
        for i, rank in enumerate(fours):
            if subset >> i & 1:
                melds.append(Meld(FOUR_POINTS[Rank(rank)], 4, Rank(rank), None, RANK_MASK[rank]))
                rest &= ~RANK_MASK[rank]
        for suit in range(4):
            for top, length in runs_table[(rest >> (9 * suit)) & 0x1FF]:
                melds.append(run_meld(suit, top, length, RUN_POINTS[length]))
        if not melds:
            continue
        total = sum(m.points for m in melds)
        key = max(weis_key(m, contract) for m in melds)
        if best is None or (total, key) > best[0]:
            best = ((total, key), melds)
    if best is None:
        return ()
    return tuple(sorted(best[1], key=lambda m: weis_key(m, contract), reverse=True))


# -- options, results, views --------------------------------------------------------
@dataclass(frozen=True)
class SchieberOptions(Options):
    """Rule options of Schieber; the defaults follow the rule text and RULES.md."""

    game: ClassVar[str] = "schieber"

    target: int = 3000
    undenufe_values: str = "classic"
    manual_claim: bool = False
    #: Weis are found, announced, shown and scored (off: no Weis at all).
    weis: bool = True
    #: Stöck (the K and Q of trump in one hand) score 20 (off: never).
    stoeck: bool = True

    def __post_init__(self) -> None:
        self._check_target()
        if self.undenufe_values not in ("classic", "modern"):
            raise ValueError("undenufe_values must be classic or modern")


class WeisCall(NamedTuple):
    """What a player says when announcing their best Weis: the points, then only what
    the comparison with the best Weis announced before needs (None: not said)."""

    points: int
    #: Said when the points tie the best so far (a four of a kind is 4 long).
    length: int | None = None
    #: Top card of the run (rank of the four): said when the length ties too.
    top: Rank | None = None
    #: Whether the run is in trump: said, with a trump contract, when the top ties too.
    trump: bool | None = None


@dataclass(frozen=True)
class SchieberDealResult:
    """The breakdown of one deal. Points are per team (seats 0+2, 1+3) and before the
    factor, except ``recorded`` (what is written, multiplied).

    The components are what counted when the deal ended. When the match stopped in
    the middle of it (``outcome`` ``claim`` or ``false-claim``), a team's Stöck count
    only if announced, except for the team that reached the target, and ``recorded``
    holds the whole ``totals`` (× factor) for that team alone: the others wrote their
    Weis and Stöck but not their ``card_points``."""

    dealer: int
    forehand: int
    outcome: Outcome
    chooser: int | None = None
    pushed: bool = False
    contract: Trump | NoTrump | None = None
    factor: int = 1
    tricks: tuple[int, int] = (0, 0)
    #: Captured card points counted, with the 5 of the last trick.
    card_points: tuple[int, int] = (0, 0)
    #: The team that won the last trick (when the deal reached it).
    last_trick: int | None = None
    match_bonus: tuple[int, int] = (0, 0)
    weis_winner: int | None = None
    #: The counted Weis of each team, with the seat that held each.
    weis: tuple[tuple[tuple[int, Meld], ...], tuple[tuple[int, Meld], ...]] = ((), ())
    weis_points: tuple[int, int] = (0, 0)
    stoeck: tuple[int, int] = (0, 0)
    stoeck_seat: int | None = None
    totals: tuple[int, int] = (0, 0)
    recorded: tuple[int, int] = (0, 0)
    #: The team that claimed (or for which the software claimed), if any.
    claimant: int | None = None
    #: What brought the winner to the target: stoeck, weis, tricks (automatic claims),
    #: claim (a manual claim) or count (the full count at the end of the deal).
    reached_by: ReachedBy | None = None
    #: The team that won the match in this deal, if the match ended in it.
    match_winner: int | None = None

    @property
    def played(self) -> bool:
        """Schieber has no thrown-in deals: every deal is a played deal."""
        return True

    @property
    def complete(self) -> bool:
        """Whether the deal was played to its last trick and written in full."""
        return self.outcome == "played"

    @property
    def trump(self) -> Suit | None:
        return self.contract.suit if isinstance(self.contract, Trump) else None


@dataclass(frozen=True)
class SchieberView:
    """What one seat may know: its own hand and every public fact, never a hidden card."""

    seat: int
    dealer: int
    forehand: int
    phase: Phase
    to_play: int | None
    hand: CardSet
    hand_sizes: tuple[int, int, int, int]
    pushed: bool
    chooser: int | None
    contract: Trump | NoTrump | None
    trump: Suit | None
    factor: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...] | None
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick_winners: tuple[int, ...]
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    #: What each seat said of its best Weis with its first card (None: nothing said,
    #: not yet or silent; who has played is in ``trick`` and ``tricks``).
    weis_announced: tuple[WeisCall | None, WeisCall | None, WeisCall | None, WeisCall | None]
    weis_winner: int | None
    #: The counted Weis (public once the first trick is complete), with their holders.
    shown_weis: tuple[tuple[int, Meld], ...]
    own_weis: tuple[Meld, ...]
    #: The seat that announced Stöck, once it is public.
    stoeck: int | None
    history: tuple[tuple[int, Action], ...]
    legal_actions: tuple[Action, ...]
    result: SchieberDealResult | None
    #: Written scores (before this deal) and what each team has counted so far that
    #: this seat can know, multiplied.
    scores: tuple[int, int] = (0, 0)
    running: tuple[int, int] = (0, 0)
    options: SchieberOptions = field(default_factory=SchieberOptions)
    deal_number: int = 1
    match_winner: int | None = None

    @property
    def num_players(self) -> int:
        return 4

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def team(self) -> int:
        return self.seat % 2


_DEFAULT_OPTIONS: Final = SchieberOptions()


# -- the game's own events (see atout.games.events) --------------------------------------
@dataclass(frozen=True, slots=True)
class Claimed(Acted):
    """``seat`` claimed that its team has reached the target (``manual_claim``)."""

    @property
    def action(self) -> Action:
        return Claim()


@dataclass(frozen=True, slots=True)
class Stoeck(Event):
    """``seat``'s Stöck (the trump king and queen) are public: announced with the
    second of the two, shown among the counted Weis, or counted by a claim."""

    seat: int


#: Nobody has said anything of a Weis.
_SILENT: Final[tuple[WeisCall | None, ...]] = (None, None, None, None)
#: More than a team can count besides its captures: Stöck and the Weis of two hands
#: (a hand of 9 holds at most 300 in Weis: four jacks and four aces, say).
_WEIS_BOUND: Final = STOECK + 2 * 400
#: A ``watch`` no capture reaches (manual claims: the software never claims).
_NEVER: Final = 1 << 30


def _legal(hand: int, trick: tuple[int, ...], t: int) -> int:
    """The cards of ``hand`` that may be played to ``trick`` under contract ``t``."""
    if not trick:
        return hand
    led_suit = trick[0] // 9
    follow = hand & SUIT_MASK[led_suit]
    if t >= 4:
        return follow or hand
    trumps = hand & SUIT_MASK[t]
    if not trumps:
        return follow or hand
    if led_suit == t:  # a trump lead: a trump, unless the Puur is the only one
        return hand if trumps == _PUUR[t] else trumps
    allowed = (follow | trumps) if follow else hand
    n = len(trick)
    if n > 1 and hand != trumps:  # no undertrumping while holding other cards
        order = _TRUMP_KEY[t]
        best = order[trick[1]]
        if n == 3:
            v = order[trick[2]]
            if v > best:
                best = v
        if best >= 0:
            allowed &= ~trumps | _TRUMPS_ABOVE[t][best]
    return allowed


class SchieberDeal(Deal):
    """One deal of Schieber, from the contract to the score (see the module docstring)."""

    num_players: ClassVar[int] = 4
    game: ClassVar[str] = "schieber"
    _state_slots: ClassVar[tuple[str, ...]] = (
        *STATE_SLOTS,
        "forehand",
        "scores",
        "pushed",
        "chooser",
        "contract",
        "table",
        "weis",
        "weis_team",
        "calls",
        "stoeck_seat",
        "watch",
    )
    __slots__ = _state_slots
    #: What playing a card may change: the fast path for cards snapshots only these.
    _play_slots: ClassVar[tuple[str, ...]] = PLAY_SLOTS
    #: What a card that does not end the trick changes (``play_card``'s small snapshot).
    _card_slots: ClassVar[tuple[str, ...]] = ("hands", "trick", "turn")

    options: SchieberOptions
    dealer: int
    forehand: int
    scores: tuple[int, int]
    deck: tuple[int, ...]
    phase: Phase
    turn: int
    pushed: bool
    chooser: int
    contract: int
    table: int
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    #: Completed tricks: (leader, the four cards in playing order, winner seat).
    tricks: tuple[tuple[int, tuple[int, int, int, int], int], ...]
    captured: tuple[int, int]
    won: tuple[int, int]
    weis: tuple[tuple[Meld, ...], ...]
    weis_team: int
    #: What each seat says of its Weis with its first card (fixed with the contract).
    calls: tuple[WeisCall | None, ...]
    stoeck_seat: int
    #: Per team, the captured points from which a team might reach the target with a
    #: trick (its written score, and the most Weis and Stöck it could count, are
    #: allowed for): below it no trick needs the exact count (a bound, set per deal).
    watch: tuple[int, int]
    result: SchieberDealResult | None

    def __init__(
        self,
        deck: Sequence[Card | int] | None = None,
        dealer: int = 0,
        options: SchieberOptions | None = None,
        *,
        seed: int | random.Random | None = None,
        forehand: int | None = None,
        scores: tuple[int, int] = (0, 0),
    ) -> None:
        """A deal from an explicit deck order (3-card packets from the seat after the
        dealer), or shuffled from ``seed`` (an int, or a ``random.Random`` to draw from).
        ``forehand`` defaults to the seat after the dealer; ``scores`` are the teams'
        written scores before this deal."""
        if not 0 <= dealer <= 3:
            check_seat(dealer, 4)
        if forehand is None:
            forehand = (dealer + 1) % 4
        elif not 0 <= forehand <= 3:
            check_seat(forehand, 4)
        order = deck_order(deck, DECK_36, seed, "a Schieber deck is the 36 cards 6..A, each once")
        # packets i, i + 4 and i + 8 (3 cards each) go to the i-th seat after the dealer
        o, b = order, _BIT
        dealt = (
            b[o[0]] | b[o[1]] | b[o[2]] | b[o[12]] | b[o[13]] | b[o[14]]
            | b[o[24]] | b[o[25]] | b[o[26]],
            b[o[3]] | b[o[4]] | b[o[5]] | b[o[15]] | b[o[16]] | b[o[17]]
            | b[o[27]] | b[o[28]] | b[o[29]],
            b[o[6]] | b[o[7]] | b[o[8]] | b[o[18]] | b[o[19]] | b[o[20]]
            | b[o[30]] | b[o[31]] | b[o[32]],
            b[o[9]] | b[o[10]] | b[o[11]] | b[o[21]] | b[o[22]] | b[o[23]]
            | b[o[33]] | b[o[34]] | b[o[35]],
        )
        s0, s1, s2, s3 = _DEALT_TO[dealer]
        self.options = options or _DEFAULT_OPTIONS
        self.dealer = dealer
        self.forehand = forehand
        self.scores = (int(scores[0]), int(scores[1]))
        self.deck = order
        self.phase = CHOOSING
        self.turn = forehand
        self.pushed = False
        self.chooser = -1
        self.contract = -1
        self.table = -1
        self.hands = (dealt[s0], dealt[s1], dealt[s2], dealt[s3])
        self.leader = forehand
        self.trick = ()
        self.tricks = ()
        self.captured = (0, 0)
        self.won = (0, 0)
        self.weis = ((), (), (), ())
        self.weis_team = -1
        self.calls = _SILENT
        self.stoeck_seat = -1
        self.watch = (0, 0)
        self.result = None
        self._history = []
        self.actions = []

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[Card]],
        dealer: int | None = None,
        *,
        forehand: int | None = None,
        options: SchieberOptions | None = None,
        scores: tuple[int, int] = (0, 0),
    ) -> SchieberDeal:
        """A deal from the 9 cards of each seat 0..3. Without ``dealer`` and ``forehand``
        seat 0 is forehand (seat 3 deals); either one alone fixes the other."""
        seat_cards = [
            [Card.parse(c) for c in h.replace(",", " ").split()] if isinstance(h, str) else list(h)
            for h in hands
        ]
        if len(seat_cards) != 4 or any(len(h) != 9 for h in seat_cards):
            raise ValueError("give 9 cards for each of the four seats")
        used = [c for h in seat_cards for c in h]
        if len(set(used)) != 36:
            raise ValueError("each of the 36 cards exactly once")
        if dealer is None:
            dealer = 3 if forehand is None else (forehand - 1) % 4
        deck: list[Card] = []
        for packet in range(12):
            seat = (dealer + 1 + packet) % 4
            rnd = packet // 4
            deck.extend(seat_cards[seat][3 * rnd: 3 * rnd + 3])
        return cls(deck, dealer, options, forehand=forehand, scores=scores)

    # -- queries -------------------------------------------------------------------
    @property
    def factor(self) -> int:
        return FACTORS[self.contract] if self.contract >= 0 else 1

    @property
    def trump_suit(self) -> Suit | None:
        return Suit(self.contract) if 0 <= self.contract < 4 else None

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.hands[seat])

    def initial_hand(self, seat: int) -> CardSet:
        """The 9 cards dealt to ``seat``."""
        mask = 0
        for packet in range(12):
            if (self.dealer + 1 + packet) % 4 == seat:
                for c in self.deck[3 * packet: 3 * packet + 3]:
                    mask |= 1 << c
        return CardSet(mask)

    def legal_mask(self) -> int:
        """The cards the player to act may play now, as a bitmask (0 outside play)."""
        if self.phase != PLAY:
            return 0
        return _legal(self.hands[self.turn], self.trick, self.contract)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            m = _legal(self.hands[self.turn], self.trick, self.contract)
            acts: list[Action] = [
                *_SUIT_PLAYS[0][m & 0x1FF],
                *_SUIT_PLAYS[1][(m >> 9) & 0x1FF],
                *_SUIT_PLAYS[2][(m >> 18) & 0x1FF],
                *_SUIT_PLAYS[3][m >> 27],
            ]
            if self.options.manual_claim:
                acts.append(_CLAIM)
            return acts
        if phase == CHOOSING:
            if self.pushed:
                return list(CONTRACT_ACTIONS)
            return [*CONTRACT_ACTIONS, _PUSH]
        return []

    def counted(self, team: int) -> int:
        """What ``team`` has counted so far in this deal toward a claim, before the
        factor: its Stöck, its Weis once the first trick is complete, its captures."""
        total = self.captured[team]
        if self.stoeck_seat >= 0 and self.stoeck_seat % 2 == team:
            total += STOECK
        if self.tricks and self.weis_team == team:
            total += sum(m.points for s in (team, team + 2) for m in self.weis[s])
        return total

    def claim_total(self, team: int) -> int:
        """The score ``team`` would have if it claimed now (written + counted × factor)."""
        return self.scores[team] + self.counted(team) * self.factor

    def _check(self, action: Action) -> IllegalActionError | None:
        phase = self.phase
        if phase == OVER:
            return IllegalActionError("schieber.deal-over", "the deal is over")
        seat = self.turn
        if isinstance(action, Play):
            if phase != PLAY:
                return IllegalActionError(
                    "schieber.contract-first", "cards are played once the contract is named"
                )
            card = int(action.card)
            hand = self.hands[seat]
            if not hand >> card & 1:
                return IllegalActionError(
                    "schieber.card-not-in-hand",
                    f"{action.card} is not in your hand",
                    card=action.card,
                )
            if self.legal_mask() >> card & 1:
                return None
            return self._why_illegal(card)
        if isinstance(action, (Trump, NoTrump)):
            if phase != CHOOSING:
                return _contract_named()
            return None
        if isinstance(action, Push):
            if phase != CHOOSING:
                return _contract_named()
            if self.pushed:
                return IllegalActionError(
                    "schieber.no-push-back",
                    "after a push the partner must name the contract",
                )
            return None
        if isinstance(action, Claim):
            if not self.options.manual_claim:
                return IllegalActionError(
                    "schieber.claim-automatic",
                    "the software claims for the players (manual claims are an option)",
                )
            if phase != PLAY:
                return IllegalActionError(
                    "schieber.claim-in-play", "a claim is made during the play, on your turn"
                )
            return None
        return IllegalActionError(
            "schieber.unknown-action", f"{action} is not an action of Schieber", action=str(action)
        )

    def _why_illegal(self, card: int) -> IllegalActionError:
        """The rule that a card in hand but outside the legal mask breaks."""
        hand = self.hands[self.turn]
        led = self.trick[0]
        led_suit = led // 9
        t = self.contract
        if t < 4 and led_suit == t:
            return IllegalActionError(
                "schieber.trump-lead",
                f"on a trump lead you must play a trump ({Suit(t).symbol})",
                suit=Suit(t),
            )
        if t < 4 and card // 9 == t:
            best = max(
                (c for c in self.trick if c // 9 == t), key=lambda c: _TRUMP_RANK[c]
            )
            return IllegalActionError(
                "schieber.no-undertrump",
                f"you may not play a trump lower than {CARDS[best].symbol} "
                "while you hold other cards",
                card=CARDS[card],
                best=CARDS[best],
            )
        assert hand & SUIT_MASK[led_suit]
        if t < 4:
            return IllegalActionError(
                "schieber.follow-suit-or-trump",
                f"you must follow suit ({Suit(led_suit).symbol}) or play a trump",
                suit=Suit(led_suit),
            )
        return IllegalActionError(
            "schieber.follow-suit",
            f"you must follow suit ({Suit(led_suit).symbol})",
            suit=Suit(led_suit),
        )

    # -- state changes -------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if type(action) is Play:
            # play_card snapshots and records the action itself, which the caller of
            # _apply has done already: its own two entries are dropped
            self.play_card(int(action.card))
            self._history.pop()
            self.actions.pop()
        elif type(action) is Push:
            self.pushed = True
            self.turn = (self.forehand + 2) % 4
        elif type(action) is Trump or type(action) is NoTrump:
            self._start_play(contract_index(action))
        elif type(action) is Claim:
            self._claim(self.turn % 2)
        else:  # pragma: no cover - _check rejects everything else
            raise GameError(f"cannot apply {action!r}")

    def _start_play(self, contract: int) -> None:
        self.chooser = self.turn
        self.contract = contract
        modern = contract == UNDENUFE and self.options.undenufe_values == "modern"
        self.table = MODERN_UNDENUFE_TABLE if modern else contract
        self.phase = PLAY
        self.turn = self.leader = self.forehand
        options = self.options
        if options.manual_claim:
            self.watch = (_NEVER, _NEVER)
        else:
            factor, target, (s0, s1) = FACTORS[contract], options.target, self.scores
            self.watch = (
                -((s0 - target) // factor) - _WEIS_BOUND,
                -((s1 - target) // factor) - _WEIS_BOUND,
            )
        if options.weis:  # off: self.weis stays empty and weis_team -1, as dealt
            found = False
            weis: list[tuple[Meld, ...]] = [(), (), (), ()]
            for seat, m in enumerate(self.hands):
                # best_weis's own first test, here to spare the call for most hands
                if m & (m >> 1) & (m >> 2) & _RUN3_START or (
                    m & (m >> 9) & (m >> 18) & (m >> 27) & _FOUR_RANK_BITS
                ):
                    weis[seat] = best_weis(m, contract)
                    found = True
            if found:
                self.weis = (weis[0], weis[1], weis[2], weis[3])
                self._announce()
        if contract < 4 and options.stoeck:
            kq = _KQ[contract]
            for seat, hand in enumerate(self.hands):
                if hand & kq == kq:
                    self.stoeck_seat = seat
                    if not self.options.manual_claim and self._reaches(seat % 2):
                        self._stop(seat % 2, "stoeck")
                    break

    def _announce(self) -> None:
        """Fix the Weis calls and the team of the strongest single Weis (a full tie
        goes to the player who plays earlier in the first trick), in playing order:
        a seat speaks when its best Weis is not lower than the best so far (points,
        length, rank, trump), saying only what the comparison needs."""
        weis = self.weis
        contract = self.contract
        calls: list[WeisCall | None] = [None, None, None, None]
        best: tuple[int, int, int, int] | None = None
        best_seat = -1
        for seat in _SEATS_FROM[self.forehand]:
            melds = weis[seat]
            if not melds:
                continue
            meld = melds[0]
            key = weis_key(meld, contract)
            if best is None or key[0] > best[0]:
                calls[seat] = WeisCall(meld.points)
            elif key < best:
                continue  # lower: silent
            elif key[1] != best[1]:
                calls[seat] = WeisCall(meld.points, meld.length)
            elif key[2] != best[2] or contract >= 4:
                calls[seat] = WeisCall(meld.points, meld.length, meld.top)
            else:
                calls[seat] = WeisCall(meld.points, meld.length, meld.top, bool(key[3]))
            if best is None or key > best:
                best, best_seat = key, seat
        self.calls = (calls[0], calls[1], calls[2], calls[3])
        self.weis_team = best_seat % 2 if best_seat >= 0 else -1

    def _reaches(self, team: int) -> bool:
        return self.scores[team] + self.counted(team) * FACTORS[self.contract] >= (
            self.options.target
        )

    def play_card(self, card: int) -> int:
        """Play card index ``card`` for the seat to act, unchecked (it must be in
        :meth:`legal_mask`), and return the next :meth:`legal_mask`: the hot path of
        search and simulation. A card that does not end the trick snapshots only the
        three slots it changes."""
        seat = self.turn
        trick = self.trick
        h = self.hands
        mid_trick = len(trick) < 3
        if mid_trick:
            self._history.append((h, trick, seat))
        else:
            self._history.append(self._play_getter(self))
        self.actions.append(SEAT_PLAYS[seat][card])
        keep = _WITHOUT[card]
        if seat == 0:
            self.hands = (h[0] & keep, h[1], h[2], h[3])
        elif seat == 1:
            self.hands = (h[0], h[1] & keep, h[2], h[3])
        elif seat == 2:
            self.hands = (h[0], h[1], h[2] & keep, h[3])
        else:
            self.hands = (h[0], h[1], h[2], h[3] & keep)
        if mid_trick:
            self.trick = trick = (*trick, card)
            self.turn = seat = _NEXT_SEAT[seat]
            return _legal(h[seat], trick, self.contract)
        # the fourth card: who wins the trick (its place in the trick, 0..3)
        c0, c1, c2 = trick
        contract = self.contract
        key = _KEY[contract][c0 // 9]
        best_i = 0
        best_v = key[c0]
        v = key[c1]
        if v > best_v:
            best_i, best_v = 1, v
        v = key[c2]
        if v > best_v:
            best_i, best_v = 2, v
        if key[card] > best_v:
            best_i = 3
        leader = self.leader
        winner = (leader + best_i) & 3
        team = winner & 1
        pts = POINTS[self.table]
        gained = pts[c0] + pts[c1] + pts[c2] + pts[card]
        self.tricks = tricks = (*self.tricks, (leader, (c0, c1, c2, card), winner))
        self.trick = ()
        self.leader = self.turn = winner
        if (
            len(tricks) == 1
            and self.weis_team >= 0
            and not self.options.manual_claim
            and self._reaches(self.weis_team)
        ):
            self._stop(self.weis_team, "weis")
            return 0
        w0, w1 = self.won
        last = len(tricks) == NUM_TRICKS
        if team == 0:
            self.won = (w0 + 1, w1)
            if last:
                gained += LAST_TRICK + MATCH_BONUS if w0 == NUM_TRICKS - 1 else LAST_TRICK
            k0, k1 = self.captured
            self.captured = (mine := k0 + gained, k1)
        else:
            self.won = (w0, w1 + 1)
            if last:
                gained += LAST_TRICK + MATCH_BONUS if w1 == NUM_TRICKS - 1 else LAST_TRICK
            k0, k1 = self.captured
            self.captured = (k0, mine := k1 + gained)
        if mine >= self.watch[team] and self._reaches(team):  # the bound, then exactly
            self._stop(team, "tricks")
            return 0
        if last:
            self._score()
            return 0
        return self.hands[winner]  # the winner leads: any card

    def _claim(self, team: int) -> None:
        if self.claim_total(team) >= self.options.target:
            self._stop(team, "claim")
        else:
            self._stop(team, "claim", false_claim=True)

    # -- scoring -------------------------------------------------------------------
    def _breakdown(self) -> dict[str, Any]:
        """The fields of the result: the counted components of both teams at this moment
        (before the factor); the caller adds the outcome and the recorded points."""
        stoeck = [0, 0]
        if self.stoeck_seat >= 0:
            stoeck[self.stoeck_seat % 2] = STOECK
        weis: list[tuple[tuple[int, Meld], ...]] = [(), ()]
        weis_points = [0, 0]
        wt = self.weis_team
        if wt >= 0 and self.tricks:
            weis[wt] = tuple((s, m) for s in (wt, wt + 2) for m in self.weis[s])
            weis_points[wt] = sum(m.points for _, m in weis[wt])
        bonus = [0, 0]
        last: int | None = None
        card_pts = list(self.captured)
        won = self.won
        if won[0] + won[1] == NUM_TRICKS:
            last = self.tricks[-1][2] % 2
            if won[last] == NUM_TRICKS:
                bonus[last] = MATCH_BONUS
                card_pts[last] -= MATCH_BONUS
        contract = self.contract
        return {
            "dealer": self.dealer,
            "forehand": self.forehand,
            "outcome": "played",
            "chooser": self.chooser if self.chooser >= 0 else None,
            "pushed": self.pushed,
            "contract": CONTRACT_ACTIONS[contract] if contract >= 0 else None,
            "factor": FACTORS[contract] if contract >= 0 else 1,
            "tricks": won,
            "card_points": (card_pts[0], card_pts[1]),
            "last_trick": last,
            "match_bonus": (bonus[0], bonus[1]),
            "weis_winner": wt if (wt >= 0 and self.tricks) else None,
            "weis": (weis[0], weis[1]),
            "weis_points": (weis_points[0], weis_points[1]),
            "stoeck": (stoeck[0], stoeck[1]),
            "stoeck_seat": self.stoeck_seat if self.stoeck_seat >= 0 else None,
            "totals": (
                card_pts[0] + bonus[0] + weis_points[0] + stoeck[0],
                card_pts[1] + bonus[1] + weis_points[1] + stoeck[1],
            ),
        }

    def _stop(self, team: int, reached_by: ReachedBy, *, false_claim: bool = False) -> None:
        """End the deal and the match: ``team`` reached the target (or claimed falsely).

        The team that reached the target writes all it counted (its Stöck even before
        they were announced). Every other team keeps what it had written, which
        includes what of this deal was written already: its Weis once the first trick
        is complete and its Stöck once announced; its captures are not added. After a
        false claim nobody counted anything more, so both teams keep only that."""
        announced = self._stoeck_public()  # before the result exists
        self.phase = OVER
        fields = self._breakdown()
        reached = -1 if false_claim else team
        holder = self.stoeck_seat % 2
        if self.stoeck_seat >= 0 and holder != reached and not announced:
            # neither written (not announced) nor counted by a claim: it scores nothing
            stoeck = list(fields["stoeck"])
            totals = list(fields["totals"])
            totals[holder] -= stoeck[holder]
            stoeck[holder] = 0
            fields["stoeck"] = (stoeck[0], stoeck[1])
            fields["totals"] = (totals[0], totals[1])
        f = fields["factor"]
        weis, stoeck, totals = fields["weis_points"], fields["stoeck"], fields["totals"]
        kept = (weis[0] + stoeck[0], weis[1] + stoeck[1])
        fields["recorded"] = written_at_stop(None if reached < 0 else reached, totals, kept, f)
        if false_claim:
            fields["match_winner"] = 1 - team
            fields["outcome"] = "false-claim"
        else:
            fields["match_winner"] = team
            fields["outcome"] = "claim"
        fields["claimant"] = team
        fields["reached_by"] = reached_by
        self.result = build_frozen(SchieberDealResult, fields)

    def _score(self) -> None:
        """Write the whole deal; find who (if anyone) reached the target first."""
        self.phase = OVER
        fields = self._breakdown()
        t0, t1 = written(fields["totals"], fields["factor"])
        fields["recorded"] = recorded = (int(t0), int(t1))
        target = self.options.target
        if self.scores[0] + recorded[0] >= target or self.scores[1] + recorded[1] >= target:
            winner = self._first_to_target()
            if winner is not None:
                fields["reached_by"] = "count"
                fields["match_winner"] = winner
        self.result = build_frozen(SchieberDealResult, fields)

    def _first_to_target(self) -> int | None:
        """Replay the deal's events (Stöck, Weis, tricks) and name the first team whose
        written + counted score reaches the target."""
        f = self.factor
        target = self.options.target
        events: list[tuple[int, int]] = []
        if self.stoeck_seat >= 0:
            events.append((self.stoeck_seat % 2, STOECK))
        pts = POINTS[self.table]
        won = [0, 0]
        for i, (_, cards, winner) in enumerate(self.tricks):
            if i == 0 and self.weis_team >= 0:
                wt = self.weis_team
                events.append((wt, sum(m.points for s in (wt, wt + 2) for m in self.weis[s])))
            gained = sum(pts[c] for c in cards)
            won[winner % 2] += 1
            if i == NUM_TRICKS - 1:
                gained += LAST_TRICK + (MATCH_BONUS if won[winner % 2] == NUM_TRICKS else 0)
            events.append((winner % 2, gained))
        return first_to_target(self.scores, events, f, target)

    # -- views ---------------------------------------------------------------------
    def _stoeck_public(self) -> bool:
        s = self.stoeck_seat
        if s < 0:
            return False
        if self.phase == OVER:
            # A claim shows the Stöck it counted; a stop leaves unannounced ones hidden.
            r = self.result
            if r is not None and r.outcome == "claim" and r.match_winner == s % 2:
                return True
        kq = _KQ[self.contract]
        if not self.hands[s] & kq:
            return True
        if self.tricks and self.weis_team == s % 2:
            shown = 0
            for m in self.weis[s]:
                shown |= m.mask
            return shown & kq == kq
        return False

    def view(self, seat: int) -> SchieberView:
        check_seat(seat, 4)
        return self._view(seat)

    def _view(self, seat: int) -> SchieberView:
        tricks = tuple(
            tuple(((lead + i) % 4, CARDS[c]) for i, c in enumerate(cards))
            for lead, cards, _ in self.tricks
        )
        trick = tuple(((self.leader + i) % 4, CARDS[c]) for i, c in enumerate(self.trick))
        calls = self.calls
        if calls is not _SILENT and not self.tricks:  # said with each seat's first card
            spoken = len(self.trick)
            calls = tuple(
                calls[s] if (s - self.leader) % 4 < spoken else None for s in range(4)
            )
        wt = self.weis_team
        shown: tuple[tuple[int, Meld], ...] = ()
        if wt >= 0 and self.tricks:
            shown = tuple((s, m) for s in (wt, wt + 2) for m in self.weis[s])
        stoeck_public = self._stoeck_public()
        f = self.factor
        running = [0, 0]
        for team in (0, 1):
            counted = self.captured[team]
            if wt == team and self.tricks:
                counted += sum(m.points for _, m in shown)
            if self.stoeck_seat >= 0 and self.stoeck_seat % 2 == team and (
                stoeck_public or self.stoeck_seat == seat
            ):
                counted += STOECK
            running[team] = self.scores[team] + counted * f
        if self.result is not None:  # what was written, also after a stop mid-deal
            running = [self.scores[t] + self.result.recorded[t] for t in (0, 1)]
        if self.phase == CHOOSING or seat < 0:
            own: tuple[Meld, ...] = ()
        else:
            own = self.weis[seat]
        return SchieberView(
            seat=seat,
            dealer=self.dealer,
            forehand=self.forehand,
            phase=self.phase,
            to_play=self.current_player(),
            hand=CardSet(self.hands[seat] if seat >= 0 else 0),
            hand_sizes=(
                self.hands[0].bit_count(),
                self.hands[1].bit_count(),
                self.hands[2].bit_count(),
                self.hands[3].bit_count(),
            ),
            pushed=self.pushed,
            chooser=self.chooser if self.chooser >= 0 else None,
            contract=contract_action(self.contract) if self.contract >= 0 else None,
            trump=self.trump_suit,
            factor=f,
            trick=trick,
            last_trick=tricks[-1] if tricks else None,
            tricks=tricks,
            trick_winners=tuple(w for _, _, w in self.tricks),
            tricks_won=self.won,
            card_points=self.captured,
            weis_announced=(calls[0], calls[1], calls[2], calls[3]),
            weis_winner=wt if (wt >= 0 and self.tricks) else None,
            shown_weis=shown,
            own_weis=own,
            stoeck=self.stoeck_seat if stoeck_public else None,
            history=tuple(self.actions),
            legal_actions=tuple(self.legal_actions()) if self.turn == seat else (),
            result=self.result,
            scores=self.scores,
            running=(running[0], running[1]),
            options=self.options,
        )

    # -- events ----------------------------------------------------------------------
    def _opening_events(self, number: int, scores: tuple[int, int]) -> list[Event]:
        events: list[Event] = [
            DealStarted(number, self.dealer, self.forehand, None, self.scores)
        ]
        for i in range(4):
            s = (self.dealer + 1 + i) % 4
            events += [CardsGiven(s, 9), Dealt(CardSet(self.hands[s]), to=s)]
        return events

    def _before(self) -> tuple[Any, ...]:
        # Whether the Stöck were public before (only asked when someone holds them).
        return self.tricks, self.captured, self.stoeck_seat >= 0 and self._stoeck_public()

    def _narrate(self, seat: int, action: Action, before: tuple[Any, ...]) -> list[Event]:
        events: list[Event]
        if isinstance(action, Play):
            return self._narrate_card(seat, int(action.card), before)
        if type(action) is Claim:
            events = [Claimed(seat)]
        else:
            events = [Bid(seat, action)]
            if type(action) is Trump or type(action) is NoTrump:
                events.append(ContractNamed(seat, action))
        self._narrate_stoeck(before, events)
        return events

    def _narrate_stoeck(self, before: tuple[Any, ...], events: list[Event]) -> None:
        """Tell the Stöck when the action just made them public (after every action)."""
        if self.stoeck_seat >= 0 and not before[2] and self._stoeck_public():
            events.append(Stoeck(self.stoeck_seat))

    def _narrate_card(self, seat: int, card: int, before: tuple[Any, ...]) -> list[Event]:
        tricks, captured = before[0], before[1]
        events: list[Event] = [CARD_PLAYED[seat][card]]
        call = self.calls[seat]
        if not tricks and call is not None:  # the first trick: said with the card
            events.append(Announcement(seat, call))
        if len(self.tricks) > len(tricks):
            lead, cards, winner = self.tricks[-1]
            team = winner % 2
            played = tuple(((lead + i) % 4, CARDS[c]) for i, c in enumerate(cards))
            events.append(TrickWon(winner, played, self.captured[team] - captured[team]))
            wt = self.weis_team
            if len(self.tricks) == 1 and wt >= 0:
                events.append(MeldsWon(wt))
                events += [MeldShown(s, m) for s in (wt, wt + 2) for m in self.weis[s]]
        if self.stoeck_seat >= 0:
            self._narrate_stoeck(before, events)
        return events

    def __repr__(self) -> str:
        contract = "-" if self.contract < 0 else str(contract_action(self.contract))
        return (
            f"<SchieberDeal dealer={self.dealer} forehand={self.forehand} phase={self.phase} "
            f"contract={contract} tricks={len(self.tricks)}>"
        )


# -- the match ----------------------------------------------------------------------
def first_to_target(
    scores: tuple[int, int], events: Iterable[tuple[int, int]], factor: int, target: int
) -> int | None:
    """The first team whose written score plus the deal's events so far (``(team,
    points)`` before the factor, in the order they count: Stöck, Weis, then each
    trick) reaches ``target``; ``None`` when neither does."""
    running = [scores[0], scores[1]]
    for team, points in events:
        running[team] += points * factor
        if running[team] >= target:
            return team
    return None


def written(totals: tuple[float, float], factor: int) -> tuple[float, float]:
    """What each team writes for a deal played to its end: its total (cards with the
    last trick and the match bonus, Weis, Stöck) times the contract's factor."""
    return totals[0] * factor, totals[1] * factor


def written_at_stop(
    team: int | None, totals: tuple[int, int], kept: tuple[int, int], factor: int
) -> tuple[int, int]:
    """What each team writes when the match stops in the middle of a deal: the team
    that reached the target (``team``) its whole counted total (``totals``); every other
    team only what of the deal was already written (``kept``: its Weis once the first
    trick was complete, its Stöck once announced), never its captures. After a false
    claim (``team`` ``None``) nobody counted anything more: both keep only that. All
    before the contract's ``factor``, which multiplies everything."""
    return (
        (totals[0] if team == 0 else kept[0]) * factor,
        (totals[1] if team == 1 else kept[1]) * factor,
    )


def schneider(scores: tuple[int, int], winner: int | None, target: int) -> bool:
    """Whether the losers of a finished match ended strictly under half the target
    (the win then counts twice in a series)."""
    if winner is None:
        return False
    return scores[1 - winner] * 2 < target


@dataclass(frozen=True)
class SchieberScoreRow:
    """One line of the scoresheet: what each team wrote for a deal (multiplied)."""

    number: int
    result: SchieberDealResult
    dealer: int
    chooser: int | None
    pushed: bool
    contract: Trump | NoTrump | None
    factor: int
    weis: tuple[int, int]
    stoeck: tuple[int, int]
    #: Card points written, with the last trick and the Match bonus.
    cards: tuple[int, int]
    recorded: tuple[int, int]
    #: The match totals after this deal.
    scores: tuple[int, int]

    @classmethod
    def of(
        cls, number: int, result: SchieberDealResult, scores: tuple[int, int]
    ) -> SchieberScoreRow:
        """The row of a deal. When the match stopped in the middle of it, only the team
        that reached the target writes its captures; the others wrote their Weis and
        Stöck alone (see :meth:`SchieberDeal._stop`)."""
        f = result.factor
        reached = result.match_winner if result.outcome == "claim" else None
        cards = tuple(
            (result.card_points[t] + result.match_bonus[t]) * f
            if result.outcome == "played" or t == reached
            else 0
            for t in (0, 1)
        )
        weis, stoeck = result.weis_points, result.stoeck
        return cls(
            number=number,
            result=result,
            dealer=result.dealer,
            chooser=result.chooser,
            pushed=result.pushed,
            contract=result.contract,
            factor=f,
            weis=(weis[0] * f, weis[1] * f),
            stoeck=(stoeck[0] * f, stoeck[1] * f),
            cards=(cards[0], cards[1]),
            recorded=result.recorded,
            scores=scores,
        )


class SchieberOutcome:
    """What a Schieber match counts for, read from its scores and winner: the match
    played here and the scoresheet kept by hand share it."""

    @property
    def final_score(self: Scored[SchieberOptions]) -> tuple[int, int] | None:
        return None if self.winner is None else self.scores

    @property
    def schneider(self: Scored[SchieberOptions]) -> bool:
        """Whether the losers ended strictly under half the target."""
        return schneider(self.scores, self.winner, self.options.target)

    @property
    def stakes(self: Scored[SchieberOptions]) -> int:
        """How many games the result counts for in a series: 2 for a Schneider."""
        if self.winner is None:
            return 0
        return 2 if schneider(self.scores, self.winner, self.options.target) else 1


class SchieberMatch(SchieberOutcome, Match[SchieberDeal]):
    """A match of Schieber to the target, dealt from its deck source (by default, its seed)."""

    num_players: ClassVar[int] = 4
    game: ClassVar[str] = "schieber"
    options_class: ClassVar[type[SchieberOptions]] = SchieberOptions
    scoresheet: list[SchieberScoreRow]
    _over_rule: ClassVar[str] = "schieber.match-over"

    def _first_deal(self) -> SchieberDeal:
        """The holder of 7♣ is forehand of the first deal."""
        deck = self._fresh_deck(DECK_36)
        packet = deck.index(int(Card.C7)) // 3
        holder = (self.first_dealer + 1 + packet) % 4  # forehand of the first deal
        return SchieberDeal(
            deck, self.first_dealer, self.options, forehand=holder, scores=self.scores
        )

    def _new_deal(self, dealer: int) -> SchieberDeal:
        return SchieberDeal(
            self._fresh_deck(DECK_36), dealer, self.options, scores=self.scores
        )

    def _score(self, result: SchieberDealResult) -> int | None:
        r0, r1 = result.recorded
        self.scores = (self.scores[0] + r0, self.scores[1] + r1)
        self.scoresheet.append(SchieberScoreRow.of(len(self.deals), result, self.scores))
        return result.match_winner

    def _next_dealer(self, deal: SchieberDeal) -> int:
        # the holder of 7♣ (forehand of the first deal) deals the second; then rotation
        return deal.forehand if len(self.deals) == 1 else (deal.dealer + 1) % 4

class SchieberFold(Fold):
    """Rebuilds a :class:`SchieberView` (a seat's, or the public one) from its events."""

    def _new_deal(self, started: DealStarted | None) -> None:
        super()._new_deal(started)
        self.pushed = False
        self.stoeck: int | None = None
        #: The seat's own Weis and whether it holds the Stöck (fixed with the contract).
        self.own_weis: tuple[Meld, ...] = ()
        self.own_stoeck = False

    def _other(self, event: Event) -> None:
        if isinstance(event, Bid) and type(event.call) is Push:
            self.pushed = True
        elif isinstance(event, Stoeck):
            self.stoeck = event.seat

    def apply(self, event: Event) -> None:
        super().apply(event)
        if type(event) is ContractNamed and self.seat >= 0:
            contract = self._contract()
            options = self.options
            self.own_weis = best_weis(self.hand, contract) if options.weis else ()
            if contract < 4 and options.stoeck:
                self.own_stoeck = self.hand & _KQ[contract] == _KQ[contract]

    def _contract(self) -> int:
        named = None if self.contract is None else self.contract.contract
        return -1 if named is None else contract_index(named)  # type: ignore[arg-type]

    def _scored(self, row: SchieberScoreRow) -> None:
        result = row.result
        self.won = list(result.tricks)
        self.points = [result.card_points[t] + result.match_bonus[t] for t in (0, 1)]

    def view(self) -> SchieberView:
        started = self.started
        assert started is not None, "no deal started"
        seat = self.seat
        contract = self._contract()
        f = FACTORS[contract] if contract >= 0 else 1
        scores = started.scores
        calls = self.calls
        shown = tuple(self.shown)
        result = self.result
        if result is not None:
            running = (scores[0] + result.recorded[0], scores[1] + result.recorded[1])
        else:
            counted = list(self.points)
            if self.melds_winner is not None:
                counted[self.melds_winner] += sum(m.points for _, m in shown)
            if self.stoeck is not None:
                counted[self.stoeck % 2] += STOECK
            elif self.own_stoeck:
                counted[seat % 2] += STOECK
            running = (scores[0] + counted[0] * f, scores[1] + counted[1] * f)
        s = self.sizes
        return SchieberView(
            seat=seat,
            dealer=started.dealer,
            forehand=started.first,
            phase=self.phase,  # type: ignore[arg-type]
            to_play=self.to_play,
            hand=CardSet(self.hand),
            hand_sizes=(s[0], s[1], s[2], s[3]),
            pushed=self.pushed,
            chooser=None if self.contract is None else self.contract.seat,
            contract=contract_action(contract) if contract >= 0 else None,
            trump=Suit(contract) if 0 <= contract < 4 else None,
            factor=f,
            trick=tuple(self.trick),
            last_trick=self._last_trick(),
            tricks=self._tricks(),
            trick_winners=tuple(self.trick_winners),
            tricks_won=(self.won[0], self.won[1]),
            card_points=(self.points[0], self.points[1]),
            weis_announced=(
                calls.get(0), calls.get(1), calls.get(2), calls.get(3)  # type: ignore[arg-type]
            ),
            weis_winner=self.melds_winner,
            shown_weis=shown,
            own_weis=() if self.phase == CHOOSING else self.own_weis,
            stoeck=self.stoeck,
            history=tuple(self.history),
            legal_actions=self.legal,
            result=result,
            scores=scores,
            running=running,
            options=self.options,
            deal_number=self.deal_number,
            match_winner=self.match_winner,
        )
