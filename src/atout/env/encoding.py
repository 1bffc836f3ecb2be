"""The observation vector: one layout for the three games, seat-relative, from a view.

An observation is 570 ``float32`` values (see ``docs/env.md`` for the table, and
:func:`observation_labels` for the name of every index). *Relative seat* ``r`` is the
seat ``r`` places after the observer (``r = 0`` is the observer, ``r = 2`` the partner
in the four-player games; in Deberts only ``r`` 0 and 1 occur). *My team* is the
observer's team (in Deberts, the observer).

==========  ================================================================
indices     meaning
==========  ================================================================
0..35       my hand (1 per card, by card index ``suit * 9 + rank``)
36..179     cards played by relative seat ``r`` in completed tricks: ``36 + 36r + card``
180..323    the card relative seat ``r`` played to the current trick: ``180 + 36r + card``
324..467    cards known to be held by relative seat ``r`` (shown melds not yet played,
            the Belote turned card in the taker's hand, the Deberts indicator taken
            by an exchange, the other bela/belote card): ``324 + 36r + card``
468..503    face-up cards out of play (Deberts indicator and stock bottom, the Belote
            turned card during the bidding): ``468 + card``
504..553    flags (0 or 1), below
554..569    numbers, below
==========  ================================================================

Flags (``504 + k``): k 0..3 phase (bidding or choosing, doubling, play, over); 4..7
relative seat to act; 8..11 relative dealer; 12..15 relative forehand (leads the first
trick); 16..21 contract (trump C, D, H, S, Obenabe, Undenufe); 22..25 relative taker
(Belote taker, Deberts caller, Schieber chooser); 26 pushed (Schieber); 27..30 relative
leader of the current trick (play only); 31..34 suit of the turned card or indicator; 35
second bidding round (during the bidding); 36 doubled; 37 redoubled; 38 capot announced;
39..42 relative seat that announced Stöck, bela or belote; 43..46 relative seat has
announced its best meld (has played its first card; in Schieber, has announced a Weis:
a silent seat stays 0); 47 my team scores the melds; 48 the other team does; 49 my team
is the taking team.

Numbers (``554 + k``): k 0..3 value of the best meld announced by relative seat ``r``
/ 100 (Schieber: the points of its call); 4, 5 tricks won by my team, the other team
/ 9; 6, 7 card points captured by my team, the other (Schieber; 0 in the other games)
/ 100; 8 the contract's factor / 4;
9, 10 written scores of my team, the other / target; 11, 12 written plus counted in this
deal as far as the observer can know (Schieber; the written scores elsewhere) / target;
13 the hanging (Deberts) or held (Belote) amount / target; 14 passes in the bidding / 8;
15 completed tricks / 9.

:func:`encode_view` builds it from any game's view (the definition); the environment
uses :class:`SchieberEncoder` and :class:`BeloteEncoder` for those games, which read the
same facts from the engine's state several times faster, and are tested equal to
:func:`encode_view` at every decision of random deals, under every option set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from atout.cards import Rank
from atout.env.space import CLAIM, NUM_ACTIONS, PUSH, action_mask_bits
from atout.games.actions import Pass, Trump
from atout.games.schieber import FACTORS

if TYPE_CHECKING:
    from atout.games.belote import BeloteView
    from atout.games.deberts import DebertsView
    from atout.games.schieber import SchieberView
    from atout.kits.present import GameView

__all__ = [
    "FLAGS",
    "NUMBERS",
    "OBS_SIZE",
    "PLANES",
    "BeloteEncoder",
    "SchieberEncoder",
    "encode_view",
    "observation_labels",
    "pack",
]

PLANES: Final = 504
FLAGS: Final = 504
NUMBERS: Final = 554
OBS_SIZE: Final = 570
NUM_PLANES: Final = 14

_PHASES: Final = {"bidding": 0, "choosing": 0, "doubling": 1, "play": 2, "over": 3}
_CONTRACTS: Final = {"trump C": 0, "trump D": 1, "trump H": 2, "trump S": 3,
                     "obenabe": 4, "undenufe": 5}
_LEGAL: Final = 560  # bit of the first legal action in the packed integer
_BYTES: Final = 77

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def pack(planes: list[int], flags: int, legal: int, numbers: list[float]) -> tuple[Obs, Mask]:
    """The observation and the action mask from 14 card masks, the flag bits, the legal
    action bits and the 16 numbers: all the bits go into one integer, laid out as in the
    vector, and one ``unpackbits`` spreads them."""
    p = planes
    x = (
        p[0] | p[1] << 36 | p[2] << 72 | p[3] << 108 | p[4] << 144 | p[5] << 180
        | p[6] << 216 | p[7] << 252 | p[8] << 288 | p[9] << 324 | p[10] << 360
        | p[11] << 396 | p[12] << 432 | p[13] << 468 | flags << FLAGS | legal << _LEGAL
    )
    return _observation(x, numbers)


def _observation(x: int, numbers: Sequence[float]) -> tuple[Obs, Mask]:
    """The observation and the action mask from the packed integer ``x`` (planes, flags
    and legal actions laid out as in the vector) and the 16 numbers: one ``unpackbits``
    spreads the bits."""
    bits = np.unpackbits(np.frombuffer(x.to_bytes(_BYTES, "little"), np.uint8), bitorder="little")
    obs = np.empty(OBS_SIZE, np.float32)
    obs[:NUMBERS] = bits[:NUMBERS]
    obs[NUMBERS:] = numbers
    return obs, bits[_LEGAL : _LEGAL + NUM_ACTIONS].view(np.int8)


def observation_labels() -> list[str]:
    """A short name for each of the 570 indices (the layout of the module docstring)."""
    from atout.cards import CARDS

    labels = [f"hand {c}" for c in CARDS]
    for what in ("played", "trick", "known"):
        labels += [f"{what} r{r} {c}" for r in range(4) for c in CARDS]
    labels += [f"faceup {c}" for c in CARDS]
    flags = [
        *(f"phase {p}" for p in ("bidding", "doubling", "play", "over")),
        *(f"to act r{r}" for r in range(4)),
        *(f"dealer r{r}" for r in range(4)),
        *(f"forehand r{r}" for r in range(4)),
        *(f"contract {c}" for c in ("C", "D", "H", "S", "obenabe", "undenufe")),
        *(f"taker r{r}" for r in range(4)),
        "pushed",
        *(f"leader r{r}" for r in range(4)),
        *(f"turned suit {s}" for s in "CDHS"),
        "second bidding round", "doubled", "redoubled", "capot announced",
        *(f"stoeck/bela r{r}" for r in range(4)),
        *(f"meld announced r{r}" for r in range(4)),
        "melds scored by my team", "melds scored by other team", "my team takes",
    ]
    numbers = [
        *(f"best meld r{r} /100" for r in range(4)),
        "tricks mine /9", "tricks theirs /9", "card points mine /100",
        "card points theirs /100", "factor /4", "score mine /target",
        "score theirs /target", "running mine /target", "running theirs /target",
        "hanging or held /target", "passes /8", "tricks done /9",
    ]
    labels += flags + numbers
    assert len(labels) == OBS_SIZE
    return labels


def _mask(cards: Any) -> int:
    return cards.mask if hasattr(cards, "mask") else 1 << int(cards)


@dataclass
class _Facts:
    """What :func:`encode_view` reads from a view, filled in part by the game's own
    reading (:attr:`Encoding.facts`); seats are absolute."""

    flags: int
    numbers: list[float]
    known: list[int]
    gone: list[int]
    announced: list[float | None]
    faceup: int = 0
    forehand: int = 0
    taker: int | None = None
    stoeck: list[int] = field(default_factory=list)
    melds_shown: list[tuple[int, int]] = field(default_factory=list)  # (seat, mask)
    meld_team: int | None = None
    passes: int = 0


def encode_view(view: Any) -> tuple[Obs, Mask]:
    """The observation and action mask of a seat, from its view alone (any game)."""
    n: int = view.num_players
    me: int = view.seat
    myteam = me % 2

    def rel(s: int) -> int:
        return (s - me) % n

    played = [0, 0, 0, 0]
    for trick in view.tricks:
        for s, c in trick:
            played[rel(s)] |= 1 << int(c)
    current = [0, 0, 0, 0]
    for s, c in view.trick:
        current[rel(s)] |= 1 << int(c)
    gone = [played[r] | current[r] for r in range(4)]
    f = _Facts(1 << _PHASES[view.phase], [0.0] * 16, [0, 0, 0, 0], gone, [None] * n)
    phase = view.phase
    if view.to_play is not None:
        f.flags |= 1 << (4 + rel(view.to_play))
    f.flags |= 1 << (8 + rel(view.dealer))
    target = view.options.target
    _facts_of(view)(view, f, rel)
    flags, numbers, known, taker = f.flags, f.numbers, f.known, f.taker
    flags |= 1 << (12 + rel(f.forehand))
    if taker is not None:
        flags |= 1 << (22 + rel(taker))
        if taker % 2 == myteam:
            flags |= 1 << 49
    if phase == "play":
        leader = view.trick[0][0] if view.trick else view.to_play
        flags |= 1 << (27 + rel(leader))
    for s in f.stoeck:
        flags |= 1 << (39 + rel(s))
    for s, m in f.melds_shown:
        known[rel(s)] |= m & ~gone[rel(s)]
    for s in range(n):
        value = f.announced[s]
        if value is not None:
            flags |= 1 << (43 + rel(s))
            numbers[rel(s)] = value / 100
    if f.meld_team is not None:
        flags |= 1 << (47 if f.meld_team % 2 == myteam else 48)
    numbers[4] = view.tricks_won[myteam] / 9
    numbers[5] = view.tricks_won[1 - myteam] / 9
    numbers[9] = view.scores[myteam] / target
    numbers[10] = view.scores[1 - myteam] / target
    numbers[14] = f.passes / 8
    numbers[15] = len(view.tricks) / 9
    planes = [view.hand.mask, *played, *current, *known, f.faceup]
    return pack(planes, flags, action_mask_bits(view.legal_actions), numbers)


#: Each game's reading of its view, by the view's class (from the kits, on first use).
_FACTS: dict[type, Callable[[Any, _Facts, Callable[[int], int]], None]] = {}


def _facts_of(view: GameView) -> Callable[[Any, _Facts, Callable[[int], int]], None]:
    read = _FACTS.get(type(view))
    if read is None:
        from atout.kits import kit_of, load

        game_kit = kit_of(view)
        if game_kit is None:
            raise ValueError(f"not a view of a known game: {type(view).__name__}")
        read = _FACTS[type(view)] = load(game_kit.encoding).facts
    return read


def _schieber_facts(view: SchieberView, f: _Facts, rel: Callable[[int], int]) -> None:
    myteam = view.seat % 2
    target = view.options.target
    numbers = f.numbers
    f.forehand = view.forehand
    f.taker = view.chooser
    if view.contract is not None:
        f.flags |= 1 << (16 + _CONTRACTS[str(view.contract)])
    if view.pushed:
        f.flags |= 1 << 26
    if view.stoeck is not None:
        f.stoeck.append(view.stoeck)
    f.melds_shown = [(s, m.mask) for s, m in view.shown_weis]
    f.announced = [None if c is None else float(c.points) for c in view.weis_announced]
    f.meld_team = view.weis_winner
    numbers[6] = view.card_points[myteam] / 100
    numbers[7] = view.card_points[1 - myteam] / 100
    numbers[8] = view.factor / 4
    numbers[11] = view.running[myteam] / target
    numbers[12] = view.running[1 - myteam] / target


def _bids(view: BeloteView | DebertsView, f: _Facts) -> None:
    """A trump game's bidding: the trump, the passes before it."""
    trump = view.trump
    if trump is not None:
        f.flags |= 1 << (16 + int(trump))
    for _, a in view.history:
        if type(a) is Trump:
            break
        if type(a) is Pass:
            f.passes += 1


def _turned(view: BeloteView | DebertsView, f: _Facts, rel: Callable[[int], int], turned_suit: int,
            second_round: bool) -> None:
    """A trump game's turned card's suit, its bidding round, its honours held."""
    myteam = view.seat % 2
    target = view.options.target
    f.flags |= 1 << (31 + turned_suit)
    if view.phase == "bidding" and second_round:
        f.flags |= 1 << 35
    trump = view.trump
    if trump is not None:
        kq = (1 << (9 * int(trump) + Rank.KING)) | (1 << (9 * int(trump) + Rank.QUEEN))
        for s in f.stoeck:
            f.known[rel(s)] |= kq & ~f.gone[rel(s)]
    f.numbers[11] = view.scores[myteam] / target
    f.numbers[12] = view.scores[1 - myteam] / target


def _deberts_facts(view: DebertsView, f: _Facts, rel: Callable[[int], int]) -> None:
    _bids(view, f)
    f.forehand = 1 - view.dealer
    f.taker = view.caller
    f.faceup |= 1 << int(view.indicator)
    if view.bottom is not None:
        f.faceup |= 1 << int(view.bottom)
    if view.exchange is not None:
        s, c = view.exchange
        f.known[rel(s)] |= (1 << int(c)) & ~f.gone[rel(s)]
    if view.sequence_winner is not None:
        f.melds_shown = [(view.sequence_winner, m.mask) for m in view.shown_sequences]
        f.meld_team = view.sequence_winner
    f.announced = [
        None if not said else (0.0 if run is None else (20.0 if run[0] == 3 else 50.0))
        for said, run in zip(view.announced, view.announcements, strict=True)
    ]
    f.stoeck = [s for s in range(2) if view.bela[s]]
    if view.factor == 2:
        f.flags |= 1 << 36
    elif view.factor == 4:
        f.flags |= 1 << 37
    f.numbers[8] = view.factor / 4
    f.numbers[13] = view.hanging / view.options.target
    _turned(view, f, rel, int(view.indicator_suit), f.passes >= 2)


def _belote_facts(view: BeloteView, f: _Facts, rel: Callable[[int], int]) -> None:
    _bids(view, f)
    f.forehand = (view.dealer + 1) % 4
    taker = f.taker = view.taker
    if view.phase == "bidding":
        f.faceup |= 1 << int(view.turned)
    elif taker is not None:
        f.known[rel(taker)] |= (1 << int(view.turned)) & ~f.gone[rel(taker)]
    f.melds_shown = [(s, m.mask) for s, m in view.shown_announcements]
    if view.announcement_winner is not None:
        f.meld_team = view.announcement_winner % 2
    f.announced = [
        None if not said else (0.0 if call is None else float(call.points))
        for said, call in zip(view.announced, view.announcements, strict=True)
    ]
    f.stoeck = [s for s in range(4) if view.belote[s] > 0]
    if view.capot_announced:
        f.flags |= 1 << 38
    f.numbers[8] = 0.25
    f.numbers[13] = view.held / view.options.target
    _turned(view, f, rel, int(view.turned) // 9, f.passes >= 4)


# -- the fast path for Schieber ---------------------------------------------------------
_CHOOSE_BITS: Final = sum(1 << i for i in range(37, 43))


def fast_encoder(game: str) -> Any:
    """A new encoder that reads ``game``'s engine state straight (its kit's encoding's
    ``fast``, one per environment), or ``None``: :func:`encode_view` then encodes the
    views."""
    from atout.kits import kit, load

    fast = load(kit(game).encoding).fast
    return None if fast is None else fast()


class _FastEncoder:
    """The base of the encoders that read a four-seat deal's state straight: it keeps the
    cards played per seat in the deal it last saw, so that each call only looks at the
    tricks completed since (one encoder per environment)."""

    __slots__ = ("_deal", "_done", "_last", "_played")

    def __init__(self) -> None:
        self._deal: Any = None
        self._done = 0
        self._last: Any = None
        self._played = [0, 0, 0, 0]

    @staticmethod
    def _add_tricks(played: list[int], tricks: Sequence[Any]) -> None:
        """Add to ``played`` (per seat) the cards of the completed ``tricks`` (the
        engine's records of them)."""
        raise NotImplementedError

    def _seen(self, deal: Any, me: int) -> tuple[int, list[int], int]:
        """The packed planes of ``me``'s hand and the cards each seat played (relative to
        ``me``), the cards played per seat, and the number of completed tricks."""
        tricks = deal.tricks
        done = len(tricks)
        played = self._played
        if (
            deal is not self._deal
            or done < self._done
            or (self._done and tricks[self._done - 1] is not self._last)
        ):
            self._deal = deal
            self._done = 0
            played = self._played = [0, 0, 0, 0]
        if done != self._done:
            self._add_tricks(played, tricks[self._done:])
            self._done = done
            self._last = tricks[-1]
        x = (
            deal.hands[me] | played[me] << 36 | played[(me + 1) & 3] << 72
            | played[(me + 2) & 3] << 108 | played[(me + 3) & 3] << 144
        )
        return x, played, done


class SchieberEncoder(_FastEncoder):
    """Encodes a :class:`~atout.games.schieber.SchieberDeal` for a seat, as
    :func:`encode_view` does from ``deal.view(seat)``, reading only what the view holds
    (the seat's own hand and public facts) straight from the engine's state.

    It keeps the cards played per seat in the deal it last saw, so that each call only
    looks at the tricks completed since (one encoder per environment)."""

    __slots__ = ()

    @staticmethod
    def _add_tricks(played: list[int], tricks: Sequence[Any]) -> None:
        for lead, cards, _ in tricks:
            played[lead] |= 1 << cards[0]
            played[(lead + 1) & 3] |= 1 << cards[1]
            played[(lead + 2) & 3] |= 1 << cards[2]
            played[(lead + 3) & 3] |= 1 << cards[3]

    def encode(self, deal: Any, seat: int) -> tuple[Obs, Mask]:
        """The observation and action mask of ``seat`` (a mask of zeros off its turn)."""
        x, played, done = self._seen(deal, seat)
        me = seat
        myteam = me & 1
        leader = deal.leader
        trick = deal.trick
        i = (leader - me) & 3
        for c in trick:
            x |= 1 << (180 + 36 * i + c)
            i = (i + 1) & 3
        phase = deal.phase
        turn = deal.turn
        if phase == "play":
            flags = 4 | 1 << (4 + ((turn - me) & 3)) | 1 << (27 + ((leader - me) & 3))
            if turn == me:
                x |= deal.legal_mask() << _LEGAL
                if deal.options.manual_claim:
                    x |= 1 << (_LEGAL + CLAIM)
        elif phase == "over":
            flags = 8
        else:
            flags = 1 | 1 << (4 + ((turn - me) & 3))
            if turn == me:
                x |= (_CHOOSE_BITS if deal.pushed else _CHOOSE_BITS | 1 << PUSH) << _LEGAL
        flags |= 1 << (8 + ((deal.dealer - me) & 3)) | 1 << (12 + ((deal.forehand - me) & 3))
        if deal.pushed:
            flags |= 1 << 26
        contract = deal.contract
        captured = deal.captured
        other = 1 - myteam
        a0 = a1 = a2 = a3 = 0.0
        run_mine = run_other = 0
        f = 1
        if contract >= 0:
            f = FACTORS[contract]
            chooser = deal.chooser
            flags |= 1 << (16 + contract) | 1 << (22 + ((chooser - me) & 3))
            if chooser & 1 == myteam:
                flags |= 1 << 49
            weis = deal.weis
            calls = deal.calls
            if calls[0] or calls[1] or calls[2] or calls[3]:
                ann = [0.0, 0.0, 0.0, 0.0]
                # each seat speaks (or not) with its first card
                for k in range(4 if done else len(trick)):
                    s = (leader + k) & 3 if not done else k
                    call = calls[s]
                    if call is not None:
                        r = (s - me) & 3
                        flags |= 1 << (43 + r)
                        ann[r] = call.points / 100
                a0, a1, a2, a3 = ann
            wt = deal.weis_team
            counted = [captured[0], captured[1]]
            if wt >= 0 and done:
                flags |= 1 << (47 if wt == myteam else 48)
                shown = 0
                for s in (wt, wt + 2):
                    gone = played[s]
                    k = (s - leader) & 3
                    if k < len(trick):
                        gone |= 1 << trick[k]
                    held = 0
                    for m in weis[s]:
                        held |= m.mask
                        shown += m.points
                    x |= (held & ~gone) << (324 + 36 * ((s - me) & 3))
                counted[wt] += shown
            ss = deal.stoeck_seat
            if ss >= 0:
                if deal._stoeck_public():
                    flags |= 1 << (39 + ((ss - me) & 3))
                    counted[ss & 1] += 20
                elif ss == me:
                    counted[myteam] += 20
            run_mine = counted[myteam] * f
            run_other = counted[other] * f
            if deal.result is not None:  # what was written (a stop mid-deal writes less)
                run_mine, run_other = deal.result.recorded[myteam], deal.result.recorded[other]
        x |= flags << FLAGS
        scores = deal.scores
        won = deal.won
        target = deal.options.target
        return _observation(x, (
            a0, a1, a2, a3,
            won[myteam] / 9, won[other] / 9,
            captured[myteam] / 100, captured[other] / 100,
            f / 4,
            scores[myteam] / target, scores[other] / target,
            (scores[myteam] + run_mine) / target, (scores[other] + run_other) / target,
            0.0, 0.0, done / 9,
        ))

    def observe(self, state: Any, in_match: bool, seat: int) -> tuple[Obs, Mask]:
        """:meth:`encode` of a deal, or of a match's deal (a Schieber deal carries the
        match's scores)."""
        return self.encode(state.deal if in_match else state, seat)


_PASS_BIT: Final = 1 << 36
_CAPOT_BIT: Final = 1 << 48


class BeloteEncoder(_FastEncoder):
    """Encodes a :class:`~atout.games.belote.BeloteDeal` for a seat, as :func:`encode_view`
    does from the view (``scores`` and ``held`` come from the match, when there is one),
    reading only what the view holds straight from the engine's state."""

    __slots__ = ()

    @staticmethod
    def _add_tricks(played: list[int], tricks: Sequence[Any]) -> None:
        for t in tricks:
            lead = t[0]
            played[lead] |= 1 << t[1]
            played[(lead + 1) & 3] |= 1 << t[2]
            played[(lead + 2) & 3] |= 1 << t[3]
            played[(lead + 3) & 3] |= 1 << t[4]

    def observe(self, state: Any, in_match: bool, seat: int) -> tuple[Obs, Mask]:
        """:meth:`encode` of a deal, or of a match's deal with its scores and points
        held over."""
        if in_match:
            return self.encode(state.deal, seat, state.scores, state.held)
        return self.encode(state, seat)

    def encode(
        self, deal: Any, seat: int, scores: tuple[int, int] = (0, 0), held: int = 0
    ) -> tuple[Obs, Mask]:
        """The observation and action mask of ``seat`` (a mask of zeros off its turn)."""
        x, played, done = self._seen(deal, seat)
        me = seat
        myteam = me & 1
        leader = deal.leader
        trick = deal.trick
        gone = list(played)
        s = leader
        for c in trick:
            x |= 1 << (180 + 36 * ((s - me) & 3) + c)
            gone[s] |= 1 << c
            s = (s + 1) & 3
        phase = deal.phase
        turn = deal.turn
        turned = deal.deck[20]
        up = turned // 9
        passes = deal.passes
        flags = 1 << (8 + ((deal.dealer - me) & 3)) | 1 << (12 + ((deal.dealer + 1 - me) & 3))
        flags |= 1 << (31 + up)
        if phase == "play":
            flags |= 4 | 1 << (4 + ((turn - me) & 3)) | 1 << (27 + ((leader - me) & 3))
            if turn == me:
                x |= deal.legal_mask() << _LEGAL
                if deal.options.announced_capot and deal._can_announce_capot(turn):
                    x |= _CAPOT_BIT << _LEGAL
        elif phase == "over":
            flags |= 8
        else:
            flags |= 1 | 1 << (4 + ((turn - me) & 3))
            x |= 1 << (468 + turned)
            if passes >= 4:
                flags |= 1 << 35
            if turn == me:
                if passes < 4:
                    legal = _PASS_BIT | 1 << (37 + up)
                else:
                    legal = _PASS_BIT | (0xF & ~(1 << up)) << 37
                x |= legal << _LEGAL
        tr = deal.trump
        taker = deal.taker
        if tr >= 0:
            flags |= 1 << (16 + tr)
        if taker >= 0:
            flags |= 1 << (22 + ((taker - me) & 3))
            if taker & 1 == myteam:
                flags |= 1 << 49
            if phase != "bidding":
                x |= ((1 << turned) & ~gone[taker]) << (324 + 36 * ((taker - me) & 3))
        if deal.capot_seat >= 0:
            flags |= 1 << 38
        ann = [0.0, 0.0, 0.0, 0.0]
        declared = deal.declared
        for s in range(4):
            melds = declared[s]
            if melds is not None:
                r = (s - me) & 3
                flags |= 1 << (43 + r)
                if melds:
                    ann[r] = max(m.points for m in melds) / 100
        aw = deal.ann_winner
        if aw >= 0:
            team = aw & 1
            flags |= 1 << (47 if team == myteam else 48)
            for s in (team, team + 2):
                shown = 0
                for m in declared[s] or ():
                    shown |= m.mask
                x |= (shown & ~gone[s]) << (324 + 36 * ((s - me) & 3))
        bs = deal.belote_seat
        if bs >= 0:
            kq = _KQ[tr]
            if (played[bs] | gone[bs]) & kq:
                r = (bs - me) & 3
                flags |= 1 << (39 + r)
                x |= (kq & ~gone[bs]) << (324 + 36 * r)
        x |= flags << FLAGS
        won = deal.won
        other = 1 - myteam
        target = deal.options.target
        return _observation(x, (
            *ann,
            won[myteam] / 9, won[other] / 9,
            0.0, 0.0, 0.25,
            scores[myteam] / target, scores[other] / target,
            scores[myteam] / target, scores[other] / target,
            held / target, passes / 8, done / 9,
        ))


_KQ: Final = tuple((1 << (9 * s + Rank.KING)) | (1 << (9 * s + Rank.QUEEN)) for s in range(4))


@dataclass(frozen=True)
class Encoding:
    """How the environments encode one game (its kit names it, ``GameKit.encoding``):
    the game's reading of a view for :func:`encode_view`, and the class of its encoder
    that reads the engine's state straight (``None``: none, the views are encoded)."""

    facts: Callable[[Any, _Facts, Callable[[int], int]], None]
    fast: type | None = None


DEBERTS_ENCODING: Final = Encoding(_deberts_facts)
BELOTE_ENCODING: Final = Encoding(_belote_facts, BeloteEncoder)
SCHIEBER_ENCODING: Final = Encoding(_schieber_facts, SchieberEncoder)
