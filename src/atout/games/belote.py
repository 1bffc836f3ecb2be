"""Belote: the classic French four-player game of the Jass family, played to 1000.

This docstring is the game's specification in atout. Sources: the (incomplete) French
page in ``shared/seeds`` and the project's rulings (``shared/RULES.md``, section Belote),
which fill what the page leaves out with the classic French game.

Seats and teams
    Seats 0 to 3 in playing order: the next seat to act is ``seat + 1`` (mod 4), the
    player on the right. Seats 0 and 2 play against seats 1 and 3; a team is
    ``seat % 2``. Scores, tricks and points are always given per team.

Cards and deal
    32 cards (7 to ace). The deck order fixes the deal: from the dealer's next seat,
    3 cards each, then 2 each (5 each); the 21st card is turned face up (the *turned
    card*). Once trump is fixed, the rest is dealt from the dealer's next seat again:
    the taker gets the turned card and 2 more, every other player 3 (8 each).

Bidding
    Round one, from the dealer's next seat: take the turned card's suit as trump
    (``trump X``) or ``pass``. After four passes, round two, in the same order: name one
    of the three other suits or pass. Eight passes throw the deal in: it is not a
    played deal (a litige held stays held) and the next seat deals. The player who fixes
    trump is the *taker*; the taker's team are the *takers*, the others the *defenders*.

Play
    The dealer's next seat leads the first trick; the winner of a trick leads the next.
    Follow the led suit when able. On a trump lead, play a trump higher than the best
    one in the trick when able (even over a partner), otherwise any trump. Unable to
    follow: when the partner is winning the trick, any card (trumps included); otherwise
    a trump, higher than the best trump in the trick when able, a lower one when not
    (undertrump), and any card only without a trump. Option ``undertrump=false``: a
    player who cannot go over the best trump in the trick may play any card.
    Trumps rank J 9 A 10 K Q 8 7 and are worth 20 14 11 10 4 3 0 0; other suits rank
    A 10 K Q J 9 8 7 and are worth 11 10 4 3 2 0 0 0. The last trick adds 10 (162 in
    all). The best trump in a trick wins it, else the best card of the led suit.

Belote-rebelote
    The trump king and queen in one hand (after the whole deal) are worth 20 to their
    holder's team, whatever happens to the contract. atout says ``belote`` for the
    holder when the first of the two is played and ``rebelote`` with the second.

Announcements (option ``announcements``, on by default)
    Judged on the 8-card hand, declared by atout for each player at their first card
    (nobody chooses to keep one back): runs in one suit in the natural order
    A K Q J 10 9 8 7 (tierce 3 = 20, quarte 4 = 50, quinte 5 = 100) and four of a kind
    (four jacks 200, four nines 150, four aces, tens, kings or queens 100; four 8s or 7s
    nothing). A run longer than 5 is cut from the top: its top 5 cards are a quinte and
    what is left below counts again when 3 or more long (8 = quinte + tierce). No card is
    in two announcements (the belote cards aside): when a four of a kind and a run share
    a card, atout declares the disjoint set worth the most points; between sets worth the
    same, the one whose best announcement is strongest. Each player's best announcement
    is said (its value, its height, whether it is a run and in trump; never its cards)
    as they play their first card; the best of the four wins by value, then height (top
    card of a run, rank of a four, natural order), then a run in trump over anything
    else, then the player who played first in the first trick. Only that team scores,
    every announcement of both partners; they are shown once the first trick is complete.

Contract
    Each team's total is its card points (with the last trick), its announcements and
    its belote. A team taking all 8 tricks (*capot*) gets 250 instead of its 162 card
    points. The takers must have more than the defenders (option
    ``belote_in_contract=false``: the belote is left out of that comparison).
    *Made*: both teams write their totals. *Dedans* (less): the defenders write 162 (250
    when they took every trick; 162 also then with ``defender_capot=162``) plus every
    scored announcement plus their own belote; the takers write their belote only.
    *Litige* (equal totals): the defenders write their total, the takers their belote at
    once, and the rest of the takers' total is *held*: it goes to the team that wins the
    next played deal (the takers if they make it, the defenders on a dedans). A litige
    while an amount is held adds the new amount to it.

Announced capot (option ``announced_capot``, off by default)
    A player of the takers may say ``capot`` on their turn in the first trick, before
    their own first card. If the takers then take every trick they get 500 instead of
    162 (520 with the belote); if not, they are dedans whatever the points, and the
    defenders write 500 plus every scored announcement plus their own belote.

Match
    The first dealer is drawn from the seed (the page draws the lowest card); then the
    next seat deals, also after a thrown-in deal. After each played deal: a team at the
    target (1000) or over wins; both over: the higher total wins; equal totals: another
    deal. An amount still held at the end is shown as unresolved, not added.
    Shuffle (option ``shuffle``): ``fresh`` (the default): every deal is a fresh
    shuffle from the match's deck source. ``gather`` (the page's way, for simulation
    and study only): the pack is shuffled once per match; after a deal the played cards
    are gathered trick by trick (a thrown-in deal's cards in the order they were dealt)
    and cut by the deck source, the cut leaving at least 2 cards in each part. The tricks are
    public and the turned card shows the cut, so with ``gather`` anyone who follows the
    play can work out every hand of every later deal: a table where people play refuses
    it (:meth:`BeloteOptions.check_for_people`).

Presets (see :data:`PRESETS`)
    ``classic`` (the defaults), ``page`` (the page's variants: capot against the takers
    162, announced capot on), ``no-announcements`` (belote only), ``no-undertrump``,
    ``short`` (501), ``long`` (2000) and ``gather`` (the page's gather-and-cut, for
    study: it reveals the hands).

Actions
    ``pass``, ``trump X``, ``capot`` (with that option) and a card code (``HJ``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar, Final, Literal, NamedTuple

from atout.cards import (
    CARDS,
    DECK_32,
    SUIT_MASK,
    Card,
    CardSet,
    Rank,
    Suit,
)
from atout.games.actions import (
    Action,
    AnnounceCapot,
    Pass,
    Play,
    Trump,
    play,
    plays,
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
    OptionsParseError,
    UnfairOptionsError,
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
    "OVER",
    "PLAY",
    "POINTS",
    "PRESETS",
    "STRENGTH",
    "Announced",
    "BeloteDeal",
    "BeloteDealResult",
    "BeloteFold",
    "BeloteMatch",
    "BeloteOptions",
    "BeloteSaid",
    "BeloteScoreRow",
    "BeloteView",
    "CapotAnnounced",
    "announcement_key",
    "announcements",
    "card_points",
    "deck_from_hands",
    "match_winner",
    "parse_options",
    "preset",
    "settle_contract",
    "settle_held",
]

BIDDING: Final = "bidding"
PLAY: Final = "play"
Phase = Literal["bidding", "play", "over"]
Outcome = Literal["made", "dedans", "litige", "thrown-in"]

NUM_TRICKS: Final = 8
LAST_TRICK: Final = 10
ALL_CARDS: Final = 162
CAPOT: Final = 250
ANNOUNCED_CAPOT: Final = 500
BELOTE: Final = 20
TIERCE: Final = 20
QUARTE: Final = 50
QUINTE: Final = 100
#: Four of a kind by rank (6 7 8 9 10 J Q K A): four jacks 200, four nines 150, ...
CARRE: Final = (0, 0, 0, 150, 100, 200, 100, 100, 100)
_RUN_POINTS: Final = {3: TIERCE, 4: QUARTE, 5: QUINTE}

# Per rank (6 7 8 9 10 J Q K A): points and strength, as a trump and as a plain card.
_TRUMP_POINTS: Final = (0, 0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS: Final = (0, 0, 0, 0, 10, 2, 3, 4, 11)
_TRUMP_ORDER: Final = (0, 1, 2, 7, 5, 8, 3, 4, 6)  # 7 8 Q K 10 A 9 J
_PLAIN_ORDER: Final = (0, 1, 2, 3, 7, 4, 5, 6, 8)  # 7 8 9 J Q K 10 A

_SUIT_OF: Final = tuple(i // 9 for i in range(36))
#: POINTS[trump][card]: value of a captured card.
POINTS: Final = tuple(
    tuple((_TRUMP_POINTS if c // 9 == t else _PLAIN_POINTS)[c % 9] for c in range(36))
    for t in range(4)
)
#: STRENGTH[trump][card]: order within the card's own suit (trump order for trumps).
STRENGTH: Final = tuple(
    tuple((_TRUMP_ORDER if c // 9 == t else _PLAIN_ORDER)[c % 9] for c in range(36))
    for t in range(4)
)
#: Trumps of the same suit that beat ``card`` when its suit is trump.
_TRUMP_ABOVE: Final = tuple(
    sum(
        1 << o
        for o in range(9 * (c // 9), 9 * (c // 9) + 9)
        if _TRUMP_ORDER[o % 9] > _TRUMP_ORDER[c % 9]
    )
    for c in range(36)
)
#: The trump king and queen, by trump suit.
_BELOTE_MASK: Final = tuple(
    (1 << (9 * s + Rank.KING)) | (1 << (9 * s + Rank.QUEEN)) for s in range(4)
)
_RANK_ALL: Final = tuple(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))


# -- announcements ---------------------------------------------------------------------
def _runs_of(mask: int) -> list[Meld]:
    """Runs of ``mask`` cut from the top: quinte first, what is left counts if 3+ long."""
    found: list[Meld] = []
    for suit in range(4):
        for top, length in runs((mask >> (9 * suit)) & 0x1FF):
            while length >= 3:
                size = min(length, 5)
                found.append(run_meld(suit, top, size, _RUN_POINTS[size]))
                top -= size
                length -= size
    return found


def announcement_key(meld: Meld, trump_suit: int) -> tuple[int, int, int]:
    """What decides between two announcements: (value, height, 1 for a run in trump)."""
    return (meld.points, int(meld.top), int(meld.suit is not None and meld.suit == trump_suit))


def _set_key(melds: Sequence[Meld], trump_suit: int) -> tuple[int, tuple[int, int, int]]:
    best = max((announcement_key(m, trump_suit) for m in melds), default=(0, 0, 0))
    return (sum(m.points for m in melds), best)


#: Bits where a run of three cards can start (within one suit); ranks whose four count.
_RUN3_START: Final = sum(1 << (9 * s + r) for s in range(4) for r in range(7))
_CARRE_RANKS: Final = sum(1 << r for r in range(9) if CARRE[r])
#: SUIT_RUNS[suit][9-bit rank mask]: what _runs_of gives for that suit alone.
SUIT_RUNS: Final = tuple(
    tuple(tuple(_runs_of(m << (9 * suit))) for m in range(512)) for suit in range(4)
)


def announcements(hand: CardSet | int, trump_suit: Suit | int) -> tuple[Meld, ...]:
    """The announcements a hand declares, best first.

    Four of a kind and runs never share a card: every choice of the fours held is tried
    and the disjoint set worth the most is kept (ties: the strongest best announcement).
    """
    mask = hand.mask if isinstance(hand, CardSet) else hand
    s0, s1, s2, s3 = mask & 0x1FF, mask >> 9 & 0x1FF, mask >> 18 & 0x1FF, mask >> 27 & 0x1FF
    if not s0 & s1 & s2 & s3 & _CARRE_RANKS:  # no four of a kind that counts
        if not mask & (mask >> 1) & (mask >> 2) & _RUN3_START:
            return ()  # and no run of three
        tr = int(trump_suit)
        r0, r1, r2, r3 = SUIT_RUNS
        runs_only = list(r0[s0] + r1[s1] + r2[s2] + r3[s3])  # what _runs_of(mask) gives
        runs_only.sort(key=lambda m: announcement_key(m, tr), reverse=True)
        return tuple(runs_only)
    tr = int(trump_suit)
    fours = [
        Meld(CARRE[r], 4, Rank(r), None, _RANK_ALL[r])
        for r in range(9)
        if CARRE[r] and mask & _RANK_ALL[r] == _RANK_ALL[r]
    ]
    best: list[Meld] = []
    best_key = (0, (0, 0, 0))
    for choice in range(1 << len(fours)):
        chosen = [f for i, f in enumerate(fours) if choice >> i & 1]
        rest = mask
        for f in chosen:
            rest &= ~f.mask
        melds = chosen + _runs_of(rest)
        key = _set_key(melds, tr)
        if key > best_key:
            best, best_key = melds, key
    best.sort(key=lambda m: announcement_key(m, tr), reverse=True)
    return tuple(best)


def card_points(card: Card, trump_suit: Suit) -> int:
    """Value of a captured card under a trump suit."""
    return POINTS[trump_suit][card]


# -- options -----------------------------------------------------------------------------
@dataclass(frozen=True)
class BeloteOptions(Options):
    """Rule options of Belote; the defaults are the project's rulings (RULES.md)."""

    game: ClassVar[str] = "belote"

    #: Points that win the match (1000; 501 and 2000 are also played).
    target: int = 1000
    #: Tierce, quarte, quinte and fours score (belote-rebelote always does).
    announcements: bool = True
    #: A player who cannot go over the best trump in the trick must still play a trump.
    undertrump: bool = True
    #: The belote counts in the takers' "more than the defenders" test.
    belote_in_contract: bool = True
    #: What the defenders' card points become when they take every trick: 250 or 162.
    defender_capot: int = 250
    #: The takers may announce a capot (500, 520 with the belote).
    announced_capot: bool = False
    #: ``fresh``: a new shuffle every deal; ``gather``: shuffle once per match, then
    #: gather the tricks and cut (reveals the hands: for simulation and study only).
    shuffle: str = "fresh"

    def __post_init__(self) -> None:
        self._check_target()
        if self.defender_capot not in (162, 250):
            raise ValueError("defender_capot must be 162 or 250")
        if self.shuffle not in ("gather", "fresh"):
            raise ValueError("shuffle must be gather or fresh")

    def check_for_people(self) -> None:
        """A table where people play refuses ``shuffle=gather``: the gathered pack is
        the public tricks, and the turned card shows where it was cut."""
        if self.shuffle == "gather":
            raise UnfairOptionsError(
                "belote.gather-with-people",
                "shuffle=gather lets anyone who follows the tricks work out every hand; "
                "a table where people play deals each deal from a fresh shuffle",
            )

    @classmethod
    def parse(cls, text: str) -> BeloteOptions:
        """The canonical string (``belote(target=501)``), or a preset's name (``bots``),
        so that ``--options page`` works wherever options are read."""
        named = PRESETS.get(text.strip().lower())
        if named is not None:
            return named
        options: BeloteOptions = super().parse(text)
        return options


#: Named option sets for the variants players are known to disagree on.
PRESETS: Final[dict[str, BeloteOptions]] = {
    "classic": BeloteOptions(),
    "page": BeloteOptions(defender_capot=162, announced_capot=True),
    "no-announcements": BeloteOptions(announcements=False),
    "no-undertrump": BeloteOptions(undertrump=False),
    "short": BeloteOptions(target=501),
    "long": BeloteOptions(target=2000),
    "gather": BeloteOptions(shuffle="gather"),
}


def preset(name: str) -> BeloteOptions:
    """The options of a named preset (see :data:`PRESETS`)."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise OptionsParseError(
            f"no Belote preset {name!r}; choose one of {', '.join(PRESETS)}"
        ) from None


def parse_options(text: str) -> BeloteOptions:
    """A preset name (``bots``) or a canonical options string (``belote(target=501)``)."""
    return BeloteOptions.parse(text)


# -- the score of a deal and of the match --------------------------------------------------
def settle_contract(
    card_points: tuple[int, int],
    takers: int,
    capot: int | None,
    announcement_points: tuple[int, int],
    belote: tuple[int, int],
    options: BeloteOptions,
    *,
    announced_capot: bool = False,
) -> tuple[Outcome, tuple[int, int], tuple[int, int], int]:
    """What each team writes from a deal's counts: ``(outcome, totals, recorded, held)``.

    ``card_points`` holds each team's card points with the last trick (162 between
    them), ``capot`` the team that took every trick, ``announcement_points`` the scored
    announcements (only the comparison's winner has any), ``belote`` 20 for its team.
    A capot's team counts 250 (500 when announced; the defenders' capot is
    ``options.defender_capot``). Made: both write their totals. Dedans: the defenders
    write 162 (or the capot's value) plus every announcement plus their belote, the
    takers their belote. Litige: the defenders write their total, the takers their
    belote, and the rest of the takers' total is held.

    >>> settle_contract((81, 81), 0, None, (0, 0), (0, 0), BeloteOptions())
    ('litige', (81, 81), (0, 81), 81)
    """
    defenders = 1 - takers
    base = [card_points[0], card_points[1]]
    if capot is not None:
        if capot == takers:
            base[capot] = ANNOUNCED_CAPOT if announced_capot else CAPOT
        else:
            base[capot] = options.defender_capot
    ann = announcement_points
    bel = belote
    totals = (base[0] + ann[0] + bel[0], base[1] + ann[1] + bel[1])
    test = totals if options.belote_in_contract else (totals[0] - bel[0], totals[1] - bel[1])
    outcome: Outcome
    if announced_capot and capot != takers:
        outcome = "dedans"
    elif test[takers] > test[defenders]:
        outcome = "made"
    elif test[takers] < test[defenders]:
        outcome = "dedans"
    else:
        outcome = "litige"
    held = 0
    rec = [0, 0]
    if outcome == "made":
        rec = list(totals)
    elif outcome == "dedans":
        if announced_capot:
            won = ANNOUNCED_CAPOT
        elif capot == defenders:
            won = options.defender_capot
        else:
            won = ALL_CARDS
        rec[defenders] = won + ann[0] + ann[1] + bel[defenders]
        rec[takers] = bel[takers]
    else:
        rec[defenders] = totals[defenders]
        rec[takers] = bel[takers]
        held = totals[takers] - bel[takers]
    return outcome, totals, (rec[0], rec[1]), held


def settle_held(
    scores: tuple[int, int], held: int, result: BeloteDealResult
) -> tuple[tuple[int, int], int, tuple[int, int] | None]:
    """Add a deal to the scores: ``(new scores, amount held, (team, amount paid))``.

    A held litige goes to the team that wins the next played deal (the takers when
    they make it, the defenders on a dedans); another litige adds its amount to it. A
    thrown-in deal changes nothing.
    """
    if not result.played:
        return scores, held, None
    r0, r1 = result.recorded
    s = [scores[0] + r0, scores[1] + r1]
    paid: tuple[int, int] | None = None
    team = result.winner
    if team is None:  # another litige: the amounts add up
        held += result.held
    else:
        if held:
            paid = (team, held)
            s[team] += held
        held = 0
    return (s[0], s[1]), held, paid


def match_winner(scores: tuple[int, int], result: BeloteDealResult, target: int) -> int | None:
    """The team that wins once a played deal brings the scores to ``scores``: a team
    at the target or over; both over, the higher total; equal totals, nobody yet."""
    s0, s1 = scores
    if result.played and max(s0, s1) >= target and s0 != s1:
        return 0 if s0 > s1 else 1
    return None


# -- results and views -------------------------------------------------------------------
@dataclass(frozen=True)
class BeloteDealResult:
    """The breakdown of one deal, per team (0: seats 0 and 2, 1: seats 1 and 3)."""

    dealer: int
    outcome: Outcome
    taker: int | None = None
    trump: Suit | None = None
    capot_announced: bool = False
    #: Card points with the last trick (162 between them).
    card_points: tuple[int, int] = (0, 0)
    #: Seat that took the last trick.
    last_trick: int | None = None
    tricks: tuple[int, int] = (0, 0)
    #: Team that took every trick, if one did.
    capot: int | None = None
    #: Seat whose best announcement won the comparison.
    announcement_winner: int | None = None
    #: The announcements that score, as (seat, meld), per team.
    announcements: tuple[tuple[tuple[int, Meld], ...], tuple[tuple[int, Meld], ...]] = ((), ())
    announcement_points: tuple[int, int] = (0, 0)
    belote: tuple[int, int] = (0, 0)
    #: Card points (250 or 500 on a capot) + announcements + belote.
    totals: tuple[int, int] = (0, 0)
    #: Points written for this deal (what the litige rule and the dedans leave).
    recorded: tuple[int, int] = (0, 0)
    #: The takers' points held by a litige of this deal (0 when none).
    held: int = 0

    @property
    def played(self) -> bool:
        """A thrown-in deal is not a played deal."""
        return self.outcome != "thrown-in"

    @property
    def takers(self) -> int | None:
        return None if self.taker is None else self.taker % 2

    @property
    def defenders(self) -> int | None:
        return None if self.taker is None else 1 - self.taker % 2

    @property
    def winner(self) -> int | None:
        """The team that wins this deal (and takes a held litige); ``None`` on a litige."""
        if self.outcome == "made":
            return self.takers
        if self.outcome == "dedans":
            return self.defenders
        return None


Trick = tuple[tuple[int, Card], ...]


class Announced(NamedTuple):
    """A seat's best announcement as said at the table: its kind, never its cards."""

    points: int
    #: Top card of a run, rank of a four of a kind.
    top: Rank
    run: bool
    trump: bool


@dataclass(frozen=True)
class BeloteView:
    """What one seat may know: its own hand and every public fact, never a hidden card."""

    seat: int
    dealer: int
    phase: Phase
    to_play: int | None
    hand: CardSet
    hand_sizes: tuple[int, int, int, int]
    turned: Card
    bids: tuple[tuple[int, Action], ...]
    trump: Suit | None
    taker: int | None
    capot_announced: bool
    trick: Trick
    last_trick: Trick | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    #: Each seat's best announcement once it has played its first card (None: nothing).
    announcements: tuple[Announced | None, Announced | None, Announced | None, Announced | None]
    announced: tuple[bool, bool, bool, bool]
    announcement_winner: int | None
    #: The scoring announcements, shown after the first trick, as (seat, meld).
    shown_announcements: tuple[tuple[int, Meld], ...]
    own_announcements: tuple[Meld, ...]
    #: Per seat: 0, 1 after "belote", 2 after "rebelote".
    belote: tuple[int, int, int, int]
    history: tuple[tuple[int, Action], ...]
    legal_actions: tuple[Action, ...]
    result: BeloteDealResult | None
    # what spans deals (filled in by BeloteMatch.view)
    options: BeloteOptions = field(default_factory=BeloteOptions)
    scores: tuple[int, int] = (0, 0)
    held: int = 0
    deal_number: int = 1
    match_winner: int | None = None

    @property
    def num_players(self) -> int:
        return 4

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def litige(self) -> int:
        """Points held by a litige, waiting for the winner of the next deal."""
        return self.held


def best_call(melds: Sequence[Meld], trump_suit: int) -> Announced:
    """What a player says of their best announcement: never its cards."""
    best = max(melds, key=lambda m: announcement_key(m, trump_suit))
    return Announced(best.points, best.top, best.is_run, best.suit == trump_suit)


# -- the game's own events (see atout.games.events) --------------------------------------
@dataclass(frozen=True, slots=True)
class CapotAnnounced(Acted):
    """``seat`` announced that the takers will take every trick (``announced_capot``)."""

    @property
    def action(self) -> Action:
        return _CAPOT


@dataclass(frozen=True, slots=True)
class BeloteSaid(Event):
    """``seat``, holding the trump king and queen, played one: ``said`` is 1 for
    "belote" (the first), 2 for "rebelote" (the second)."""

    seat: int
    said: int


#: What the narration of an action needs of the state before it (``_before``).
_BEFORE: Final = attrgetter("declared", "tricks", "captured", "hands")
_PLAYS: Final = tuple(play(c) for c in CARDS)
_PASS: Final = Pass()
_CAPOT: Final = AnnounceCapot()
_NO_DECL: Final[tuple[Meld, ...]] = ()


_DEFAULT_OPTIONS: Final = BeloteOptions()
_TRUMPS: Final = tuple(trump(s) for s in Suit)


class BeloteDeal(Deal):
    """One deal of Belote, from the first bid to the score (see the module docstring)."""

    num_players: ClassVar[int] = 4
    game: ClassVar[str] = "belote"
    _state_slots: ClassVar[tuple[str, ...]] = (
        *STATE_SLOTS,
        "passes",
        "trump",
        "taker",
        "capot_seat",
        "best",
        "best_seat",
        "declared",
        "ann_winner",
        "belote_seat",
    )
    __slots__ = _state_slots
    #: What playing a card may change: the fast path for cards snapshots only these.
    _play_slots: ClassVar[tuple[str, ...]] = (
        *PLAY_SLOTS,
        "best",
        "best_seat",
        "declared",
        "ann_winner",
    )

    options: BeloteOptions
    dealer: int
    deck: tuple[int, ...]
    phase: Phase
    turn: int
    passes: int
    hands: tuple[int, int, int, int]
    trump: int
    taker: int
    capot_seat: int
    leader: int
    trick: tuple[int, ...]
    best: int
    best_seat: int
    tricks: tuple[tuple[int, int, int, int, int, int], ...]
    captured: tuple[int, int]
    won: tuple[int, int]
    declared: tuple[tuple[Meld, ...] | None, ...]
    ann_winner: int
    belote_seat: int
    result: BeloteDealResult | None

    def __init__(
        self,
        deck: Sequence[Card | int] | None = None,
        dealer: int = 0,
        options: BeloteOptions | None = None,
        *,
        seed: int | random.Random | None = None,
    ) -> None:
        """A deal from an explicit deck order (see the module docstring for the dealing
        order), or shuffled from ``seed`` when no deck is given (an int, or a
        ``random.Random`` to draw from)."""
        if not 0 <= dealer <= 3:
            check_seat(dealer, 4)
        order = deck_order(deck, DECK_32, seed, "a Belote deck is the 32 cards 7..A, each once")
        self.options = options or _DEFAULT_OPTIONS
        self.dealer = dealer
        self.deck = order
        self.phase = BIDDING
        self.turn = (dealer + 1) % 4
        self.passes = 0
        hands = [0, 0, 0, 0]
        o = order
        for i in range(4):
            p, q = 3 * i, 12 + 2 * i
            hands[(dealer + 1 + i) % 4] = (
                1 << o[p] | 1 << o[p + 1] | 1 << o[p + 2] | 1 << o[q] | 1 << o[q + 1]
            )
        self.hands = (hands[0], hands[1], hands[2], hands[3])
        self.trump = -1
        self.taker = -1
        self.capot_seat = -1
        self.leader = (dealer + 1) % 4
        self.trick = ()
        self.best = -1
        self.best_seat = -1
        self.tricks = ()
        self.captured = (0, 0)
        self.won = (0, 0)
        self.declared = (None, None, None, None)
        self.ann_winner = -1
        self.belote_seat = -1
        self.result = None
        self._history = []
        self.actions = []

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[Card]],
        turned: Card | str,
        dealer: int = 0,
        *,
        taker: int,
        trump_suit: Suit | str | None = None,
        options: BeloteOptions | None = None,
        bid: bool = True,
    ) -> BeloteDeal:
        """A deal from each seat's 8 final cards, for tests and puzzles.

        The taker's hand holds ``turned``; in each hand (the turned card aside) the
        first 5 cards listed are dealt before the bidding and the others after it.
        With ``bid`` (the default) the bidding is played out: passes until ``taker``
        fixes ``trump_suit`` (the turned suit, in round one, when not given; another
        suit in round two), so the deal starts at the first card.
        """
        seat_cards = [
            [Card.parse(c) for c in h.replace(",", " ").split()] if isinstance(h, str) else list(h)
            for h in hands
        ]
        up = Card.parse(turned) if isinstance(turned, str) else turned
        check_seat(taker, 4)
        if len(seat_cards) != 4 or any(len(h) != 8 for h in seat_cards):
            raise ValueError("give 8 cards for each of the four seats")
        used = [c for h in seat_cards for c in h]
        if len(set(used)) != 32 or any(c not in DECK_32 for c in used):
            raise ValueError("each of the 32 cards once")
        if up not in seat_cards[taker]:
            raise ValueError("the taker's hand must hold the turned card")
        rest = [[int(c) for c in h if c != up] for h in seat_cards]
        deal = cls(deck_from_hands(rest, int(up), dealer), dealer, options)
        if bid:
            suit = up.suit if trump_suit is None else (
                Suit.parse(trump_suit) if isinstance(trump_suit, str) else trump_suit
            )
            if suit != up.suit:
                for _ in range(4):
                    deal.apply(_PASS)
            while deal.turn != taker:
                deal.apply(_PASS)
            deal.apply(trump(suit))
        return deal

    # -- queries -------------------------------------------------------------------
    @property
    def turned(self) -> Card:
        """The card turned up at the deal."""
        return CARDS[self.deck[20]]

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.hands[seat])

    def _can_announce_capot(self, seat: int) -> bool:
        return (
            self.options.announced_capot
            and self.capot_seat < 0
            and not self.tricks
            and seat % 2 == self.taker % 2
            and self.declared[seat] is None
        )

    def legal_mask(self) -> int:
        """The cards the player to act may play now, as a bitmask (0 outside play)."""
        if self.phase != PLAY:
            return 0
        seat = self.turn
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        tr = self.trump
        suit = _SUIT_OF[trick[0]]
        follow = hand & SUIT_MASK[suit]
        if follow:
            if suit == tr:
                return follow & _TRUMP_ABOVE[self.best] or follow
            return follow
        if self.best_seat == (seat + 2) & 3:
            return hand
        trumps = hand & SUIT_MASK[tr]
        if not trumps:
            return hand
        best = self.best
        if _SUIT_OF[best] != tr:
            return trumps
        over = trumps & _TRUMP_ABOVE[best]
        if over:
            return over
        return trumps if self.options.undertrump else hand

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            acts = plays(self.legal_mask())
            if self.options.announced_capot and self._can_announce_capot(self.turn):
                acts.insert(0, _CAPOT)
            return acts
        if phase == BIDDING:
            up = self.deck[20] // 9
            if self.passes < 4:
                return [_PASS, _TRUMPS[up]]
            return [_PASS, *(t for s, t in enumerate(_TRUMPS) if s != up)]
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
            return self._why_illegal(seat, card)
        if isinstance(action, Trump):
            if phase != BIDDING:
                return IllegalActionError("bidding-over", "trump is already fixed")
            up = Suit(self.deck[20] // 9)
            if self.passes < 4 and action.suit != up:
                return IllegalActionError(
                    "belote.first-round-turned-suit",
                    f"in the first round only the turned card's suit ({up.symbol}) "
                    "may be taken",
                    suit=up,
                )
            if self.passes >= 4 and action.suit == up:
                return IllegalActionError(
                    "belote.second-round-other-suit",
                    f"in the second round name a suit other than {up.symbol}",
                    suit=up,
                )
            return None
        if isinstance(action, Pass):
            if phase == BIDDING:
                return None
            return IllegalActionError("no-pass-in-play", "you cannot pass during play")
        if isinstance(action, AnnounceCapot):
            if phase != PLAY or not self._can_announce_capot(seat):
                return IllegalActionError(
                    "belote.announce-capot",
                    "with the announced-capot option, a player of the takers may announce "
                    "capot on their turn in the first trick, before their own first card",
                )
            return None
        return IllegalActionError(
            "unknown-action", f"{action} is not an action of Belote", action=str(action)
        )

    def _why_illegal(self, seat: int, card: int) -> IllegalActionError:
        """The rule a card outside :meth:`legal_mask` breaks (the card is in the hand)."""
        hand = self.hands[seat]
        tr = self.trump
        led = self.trick[0]
        suit = _SUIT_OF[led]
        best = CARDS[self.best]
        if hand & SUIT_MASK[suit]:
            if suit == tr and _SUIT_OF[card] == tr:
                return IllegalActionError(
                    "belote.beat-trump-lead",
                    f"on a trump lead you must play higher than {best} when you can",
                    card=best,
                )
            return IllegalActionError(
                "belote.follow-suit",
                f"you must follow suit ({Suit(suit).symbol})",
                suit=Suit(suit),
            )
        trumps = hand & SUIT_MASK[tr]
        if _SUIT_OF[self.best] == tr:
            if trumps & _TRUMP_ABOVE[self.best]:
                return IllegalActionError(
                    "belote.must-overtrump",
                    f"you must trump higher than {best}",
                    card=best,
                )
            return IllegalActionError(
                "belote.must-undertrump",
                f"you cannot trump higher than {best} but must still play a trump",
                card=best,
            )
        return IllegalActionError(
            "belote.must-trump",
            "without the led suit, and your partner not winning the trick, you must trump",
            suit=Suit(tr),
        )

    # -- state changes -------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if type(action) is Play:
            self._play(int(action.card))
        elif type(action) is Pass:
            self.passes += 1
            if self.passes == 8:
                self._throw_in()
            else:
                self.turn = (self.turn + 1) & 3
        elif type(action) is Trump:
            self._fix_trump(int(action.suit))
        elif type(action) is AnnounceCapot:
            self.capot_seat = self.turn
        else:  # pragma: no cover - _check rejects everything else
            raise GameError(f"cannot apply {action!r}")

    def _fix_trump(self, suit: int) -> None:
        self.trump = suit
        taker = self.turn
        self.taker = taker
        order = self.deck
        hands = list(self.hands)
        hands[taker] |= 1 << order[20]
        pos = 21
        for i in range(4):
            seat = (self.dealer + 1 + i) % 4
            n = 2 if seat == taker else 3
            for c in order[pos : pos + n]:
                hands[seat] |= 1 << c
            pos += n
        self.hands = (hands[0], hands[1], hands[2], hands[3])
        kq = _BELOTE_MASK[suit]
        for seat in range(4):
            if hands[seat] & kq == kq:
                self.belote_seat = seat
        self.phase = PLAY
        self.turn = self.leader = (self.dealer + 1) % 4

    def _play(self, card: int) -> None:
        seat = self.turn
        hand = self.hands[seat]
        if self.declared[seat] is None:
            melds = announcements(hand, self.trump) if self.options.announcements else _NO_DECL
            d = list(self.declared)
            d[seat] = melds
            self.declared = tuple(d)
        hand &= ~(1 << card)
        h = self.hands
        if seat == 0:
            self.hands = (hand, h[1], h[2], h[3])
        elif seat == 1:
            self.hands = (h[0], hand, h[2], h[3])
        elif seat == 2:
            self.hands = (h[0], h[1], hand, h[3])
        else:
            self.hands = (h[0], h[1], h[2], hand)
        trick = self.trick
        if not trick:
            self.trick = (card,)
            self.best = card
            self.best_seat = seat
            self.turn = (seat + 1) & 3
            return
        tr = self.trump
        best = self.best
        if _SUIT_OF[card] == _SUIT_OF[best]:
            if STRENGTH[tr][card] > STRENGTH[tr][best]:
                self.best = card
                self.best_seat = seat
        elif _SUIT_OF[card] == tr:
            self.best = card
            self.best_seat = seat
        if len(trick) < 3:
            self.trick = (*trick, card)
            self.turn = (seat + 1) & 3
            return
        winner = self.best_seat
        points = POINTS[tr]
        gained = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[card]
        self.tricks = (*self.tricks, (self.leader, trick[0], trick[1], trick[2], card, winner))
        self.trick = ()
        self.best = -1
        self.best_seat = -1
        c0, c1 = self.captured
        w0, w1 = self.won
        if winner & 1:
            self.captured = (c0, c1 + gained)
            self.won = (w0, w1 + 1)
        else:
            self.captured = (c0 + gained, c1)
            self.won = (w0 + 1, w1)
        self.leader = self.turn = winner
        n = len(self.tricks)
        if n == 1:
            self.ann_winner = self._announcement_winner()
        elif n == NUM_TRICKS:
            self._score(winner)

    def _announcement_winner(self) -> int:
        """The seat with the best announcement (value, height, trump run, earlier player)."""
        tr = self.trump
        best_seat = -1
        best_key: tuple[int, int, int] | None = None
        for i in range(4):
            seat = (self.dealer + 1 + i) % 4  # the first trick's playing order
            melds = self.declared[seat]
            if not melds:
                continue
            key = max(announcement_key(m, tr) for m in melds)
            if best_key is None or key > best_key:
                best_seat, best_key = seat, key
        return best_seat

    def _throw_in(self) -> None:
        self.phase = OVER
        self.result = BeloteDealResult(dealer=self.dealer, outcome="thrown-in")

    def _score(self, last: int) -> None:
        self.phase = OVER
        opts = self.options
        lt = last & 1
        cards = [self.captured[0], self.captured[1]]
        cards[lt] += LAST_TRICK
        card_pts = (cards[0], cards[1])
        takers = self.taker & 1
        capot = 0 if self.won[1] == 0 else 1 if self.won[0] == 0 else -1
        announced = self.capot_seat >= 0
        scored: list[tuple[tuple[int, Meld], ...]] = [(), ()]
        aw = self.ann_winner
        if aw >= 0:
            team = aw & 1
            scored[team] = tuple(
                (seat, m) for seat in (team, team + 2) for m in (self.declared[seat] or ())
            )
        ann = (sum(m.points for _, m in scored[0]), sum(m.points for _, m in scored[1]))
        bel = [0, 0]
        if self.belote_seat >= 0:
            bel[self.belote_seat & 1] = BELOTE
        belote = (bel[0], bel[1])
        outcome, totals, recorded, held = settle_contract(
            card_pts, takers, None if capot < 0 else capot, ann, belote, opts,
            announced_capot=announced,
        )
        self.result = build_frozen(
            BeloteDealResult,
            {
                "dealer": self.dealer,
                "outcome": outcome,
                "taker": self.taker,
                "trump": _SUITS[self.trump],
                "capot_announced": announced,
                "card_points": card_pts,
                "last_trick": last,
                "tricks": self.won,
                "capot": None if capot < 0 else capot,
                "announcement_winner": None if aw < 0 else aw,
                "announcements": (scored[0], scored[1]),
                "announcement_points": ann,
                "belote": belote,
                "totals": totals,
                "recorded": recorded,
                "held": held,
            },
        )

    # -- views ---------------------------------------------------------------------
    def _played_mask(self) -> int:
        mask = 0
        for t in self.tricks:
            mask |= 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4]
        for c in self.trick:
            mask |= 1 << c
        return mask

    def view(self, seat: int) -> BeloteView:
        check_seat(seat, 4)
        return self._view(seat)

    def _view(self, seat: int) -> BeloteView:
        tricks = tuple(
            tuple(((lead + i) % 4, CARDS[t[1 + i]]) for i in range(4))
            for t in self.tricks
            for lead in (t[0],)
        )
        trick = tuple(((self.leader + i) % 4, CARDS[c]) for i, c in enumerate(self.trick))
        tr = self.trump
        shown: list[Announced | None] = [None, None, None, None]
        for s in range(4):
            melds = self.declared[s]
            if melds:
                shown[s] = best_call(melds, tr)
        aw = self.ann_winner
        shown_melds: tuple[tuple[int, Meld], ...] = ()
        if aw >= 0:
            team = aw & 1
            shown_melds = tuple(
                (s, m) for s in (team, team + 2) for m in (self.declared[s] or ())
            )
        own = self.declared[seat] if seat >= 0 else ()
        hand = self.hands[seat] if seat >= 0 else 0
        if own is None:
            own = announcements(hand, tr) if tr >= 0 and self.options.announcements else ()
        belote = [0, 0, 0, 0]
        if self.belote_seat >= 0:
            said = (self._played_mask() & _BELOTE_MASK[tr]).bit_count()
            belote[self.belote_seat] = said
        bids = tuple((s, a) for s, a in self.actions if type(a) is Pass or type(a) is Trump)
        h = self.hands
        return BeloteView(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            to_play=self.current_player(),
            hand=CardSet(hand),
            hand_sizes=(
                h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()
            ),
            turned=self.turned,
            bids=bids,
            trump=None if tr < 0 else Suit(tr),
            taker=None if self.taker < 0 else self.taker,
            capot_announced=self.capot_seat >= 0,
            trick=trick,
            last_trick=tricks[-1] if tricks else None,
            tricks=tricks,
            tricks_won=self.won,
            announcements=(shown[0], shown[1], shown[2], shown[3]),
            announced=(
                self.declared[0] is not None,
                self.declared[1] is not None,
                self.declared[2] is not None,
                self.declared[3] is not None,
            ),
            announcement_winner=None if aw < 0 else aw,
            shown_announcements=shown_melds,
            own_announcements=own,
            belote=(belote[0], belote[1], belote[2], belote[3]),
            history=tuple(self.actions),
            legal_actions=tuple(self.legal_actions()) if self.turn == seat else (),
            result=self.result,
            options=self.options,
        )

    # -- events ----------------------------------------------------------------------
    def _opening_events(self, number: int, scores: tuple[int, int]) -> list[Event]:
        first = (self.dealer + 1) % 4
        events: list[Event] = [DealStarted(number, self.dealer, first, self.turned, scores)]
        for i in range(4):
            s = (first + i) % 4
            events += [CardsGiven(s, 5), Dealt(CardSet(self.hands[s]), to=s)]
        return events

    def _before(self) -> tuple[Any, ...]:
        return _BEFORE(self)

    def _narrate(self, seat: int, action: Action, before: tuple[Any, ...]) -> list[Event]:
        if isinstance(action, Play):
            return self._narrate_card(seat, int(action.card), before)
        if type(action) is AnnounceCapot:
            return [CapotAnnounced(seat)]
        events: list[Event] = [Bid(seat, action)]
        if type(action) is Trump:
            events.append(ContractNamed(seat, action))
            hands = before[3]
            for i in range(4):
                s = (self.dealer + 1 + i) % 4
                given = self.hands[s] & ~hands[s]
                events += [CardsGiven(s, 3), Dealt(CardSet(given), to=s)]
        return events

    def _narrate_card(self, seat: int, card: int, before: tuple[Any, ...]) -> list[Event]:
        declared, tricks, captured = before[:3]
        events: list[Event] = [CARD_PLAYED[seat][card]]
        tr = self.trump
        if declared[seat] is None:
            melds = self.declared[seat]
            if melds:
                events.append(Announcement(seat, best_call(melds, tr)))
        kq = _BELOTE_MASK[tr]
        if seat == self.belote_seat and kq >> card & 1:
            events.append(BeloteSaid(seat, (self._played_mask() & kq).bit_count()))
        if len(self.tricks) > len(tricks):
            t = self.tricks[-1]
            lead, winner = t[0], t[5]
            points = self.captured[winner & 1] - captured[winner & 1]
            if len(self.tricks) == NUM_TRICKS:
                points += LAST_TRICK
            cards = tuple(((lead + i) % 4, CARDS[t[1 + i]]) for i in range(4))
            events.append(TrickWon(winner, cards, points))
            aw = self.ann_winner
            if len(self.tricks) == 1 and aw >= 0:
                events.append(MeldsWon(aw))
                team = aw & 1
                events += [
                    MeldShown(s, m) for s in (team, team + 2) for m in self.declared[s] or ()
                ]
        return events

    def __repr__(self) -> str:
        return (
            f"<BeloteDeal dealer={self.dealer} phase={self.phase} "
            f"trump={'-' if self.trump < 0 else Suit(self.trump).letter} "
            f"tricks={len(self.tricks)}>"
        )


def deck_from_hands(
    cards: Sequence[Sequence[int]], turned: int, dealer: int, later: Sequence[int] = ()
) -> list[int]:
    """The deck order that deals each seat ``cards[seat]`` (card indices, the turned
    card left out): the first 3 listed in the first round, the next 2 in the second,
    the rest once trump is fixed; then ``later``, the cards not dealt yet (given when
    the hands hold only their first 5). The one rebuild of a Belote deck from hands."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    deck: list[int] = []
    for seat in order:
        deck += cards[seat][0:3]
    for seat in order:
        deck += cards[seat][3:5]
    deck.append(turned)
    for seat in order:
        deck += cards[seat][5:]
    deck += later
    return deck


# -- the match ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BeloteScoreRow:
    """One line of the scoresheet: a deal, what each team wrote, the litige held."""

    number: int
    result: BeloteDealResult
    #: The held amount this deal settled, and the team that took it (``None``: nothing).
    held_paid: tuple[int, int] | None
    scores: tuple[int, int]
    held: int


def _gathered(deal: BeloteDeal) -> list[int]:
    """The pack after a deal, before the cut: the tricks in the order they were taken, or
    a thrown-in deal's cards in the order they were dealt."""
    if not deal.tricks:
        return list(deal.deck)
    return [c for t in deal.tricks for c in t[1:5]]


class BeloteMatch(Match[BeloteDeal]):
    """A match of Belote to the target, dealt from its deck source (by default, its seed)."""

    num_players: ClassVar[int] = 4
    game: ClassVar[str] = "belote"
    options_class: ClassVar[type[BeloteOptions]] = BeloteOptions
    #: Points held over from a litige (0 when none).
    held: int = 0
    scoresheet: list[BeloteScoreRow]
    _carried: ClassVar[tuple[str, ...]] = ("scores", "held", "winner")
    _in_views: ClassVar[tuple[str, ...]] = ("scores", "held")

    def _new_deal(self, dealer: int) -> BeloteDeal:
        if self.options.shuffle == "fresh" or not self.deals:
            order = self._fresh_deck(DECK_32)
        else:
            order = self.decks.cut(len(self.deals), _gathered(self.deals[-1]))
        return BeloteDeal(order, dealer, self.options)

    @property
    def litige(self) -> int:
        return self.held

    def _score(self, result: BeloteDealResult) -> int | None:
        self.scores, self.held, paid = settle_held(self.scores, self.held, result)
        self.scoresheet.append(
            BeloteScoreRow(len(self.deals), result, paid, self.scores, self.held)
        )
        return match_winner(self.scores, result, self.options.target)

    def _next_dealer(self, deal: BeloteDeal) -> int:
        return (deal.dealer + 1) % 4

class BeloteFold(Fold):
    """Rebuilds a :class:`BeloteView` (a seat's, or the public one) from its events."""

    def __init__(self, seat: int | None = None) -> None:
        self.held = 0
        super().__init__(seat)

    def _new_deal(self, started: DealStarted | None) -> None:
        super()._new_deal(started)
        self.capot = False
        self.belote = [0, 0, 0, 0]

    def _other(self, event: Event) -> None:
        if isinstance(event, CapotAnnounced):
            self.capot = True
        elif isinstance(event, BeloteSaid):
            self.belote[event.seat] = event.said

    def _scored(self, row: BeloteScoreRow) -> None:
        self.scores, self.held = row.scores, row.held

    def view(self) -> BeloteView:
        started = self.started
        assert started is not None and started.up is not None, "no deal started"
        seat = self.seat
        contract = self.contract
        named = None if contract is None else contract.contract
        tr = int(named.suit) if isinstance(named, Trump) else -1
        melds_on = self.options.announcements and tr >= 0
        if seat < 0:
            own: tuple[Meld, ...] = ()
        elif self.first_hand is not None:
            own = announcements(self.first_hand, tr) if melds_on else ()
        else:
            own = announcements(self.hand, tr) if melds_on else ()
        calls = self.calls
        s = self.sizes
        return BeloteView(
            seat=seat,
            dealer=started.dealer,
            phase=self.phase,  # type: ignore[arg-type]
            to_play=self.to_play,
            hand=CardSet(self.hand),
            hand_sizes=(s[0], s[1], s[2], s[3]),
            turned=started.up,
            bids=tuple((p, a) for p, a in self.history if type(a) is Pass or type(a) is Trump),
            trump=None if tr < 0 else Suit(tr),
            taker=None if contract is None else contract.seat,
            capot_announced=self.capot,
            trick=tuple(self.trick),
            last_trick=self._last_trick(),
            tricks=self._tricks(),
            tricks_won=(self.won[0], self.won[1]),
            announcements=(
                calls.get(0), calls.get(1), calls.get(2), calls.get(3)  # type: ignore[arg-type]
            ),
            announced=(0 in self.played, 1 in self.played, 2 in self.played, 3 in self.played),
            announcement_winner=self.melds_winner,
            shown_announcements=tuple(self.shown),
            own_announcements=own,
            belote=(self.belote[0], self.belote[1], self.belote[2], self.belote[3]),
            history=tuple(self.history),
            legal_actions=self.legal,
            result=self.result,
            options=self.options,
            scores=self.scores,
            held=self.held,
            deal_number=self.deal_number,
            match_winner=self.match_winner,
        )
