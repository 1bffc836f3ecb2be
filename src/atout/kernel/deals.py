"""Complete deals in one compiled loop: shuffle, contract, melds, every card, the score.

Each game has one kernel function that plays ``n`` deals in a row and writes one row of
integers per deal (the fields of :data:`FIELDS`), and, when asked, the deck, every
decision and every legal set (as action indices of :mod:`atout.env.space`). The card
rules are those of :mod:`atout.kernel.rules` (the solver's); the tables of points,
strengths and melds are built here from the engines' own tables, so that the rules
stay written once. Decisions are drawn at random (the policy's tables ``None``: numba
then compiles no rules policy), or those that are not cards taken as the heuristic bots
take them (the tables of :mod:`atout.kernel.policy`).
:func:`atout.kernel.play_deals` is the public face.

Random numbers: xoshiro128**, seeded per deal from ``(seed, deal number)``, so deal
``i`` of a seed is the same in any batch and the same compiled or not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from atout.games import belote as _b
from atout.games import deberts as _d
from atout.games import schieber as _s
from atout.games import space as _space
from atout.kernel import policy as _policy
from atout.kernel.policy import (
    POLICIES,
    belote_bid,
    deberts_bid,
    deberts_doubles,
    schieber_contract,
)
from atout.kernel.policy import tables as policy_tables
from atout.kernel.rules import (
    BELOTE,
    DEBERTS,
    SCHIEBER,
    above_table,
    best_of,
    jit,
    jit_typed,
    legal_cards,
    popcount,
)
from atout.kits import ByGame, GameKit, kit

__all__ = [
    "BELOTE_KERNEL", "DEBERTS_KERNEL", "FIELDS", "OUTCOMES", "SCHIEBER_KERNEL", "KernelGame",
    "kernel_game",
]

_M32: Final = (1 << 32) - 1
_RANK_ALL: Final = 1 | (1 << 9) | (1 << 18) | (1 << 27)
_RUN3_START: Final = sum(1 << (9 * s + r) for s in range(4) for r in range(7))
_SEVENS: Final = _RANK_ALL << 1
#: Action indices (:mod:`atout.games.space`, the environments' too).
_PASS: Final = _space.PASS
_TRUMP: Final = _space.TRUMP
_PUSH: Final = _space.PUSH
_EXCHANGE: Final = _space.EXCHANGE
_DOUBLE: Final = _space.DOUBLE
_REDOUBLE: Final = _space.REDOUBLE
_SEVENS_ACT: Final = _space.SEVENS
_CAPOT: Final = _space.CAPOT
#: The engines' scoring constants (read here, never retyped: numba freezes them).
S_FACTORS: Final = _s.FACTORS  # per contract index
S_LAST: Final = _s.LAST_TRICK
S_MATCH: Final = _s.MATCH_BONUS
S_STOECK: Final = _s.STOECK
B_LAST: Final = _b.LAST_TRICK
B_ALL: Final = _b.ALL_CARDS
B_CAPOT: Final = _b.CAPOT
B_ANNOUNCED: Final = _b.ANNOUNCED_CAPOT
B_BELOTE: Final = _b.BELOTE
D_LAST: Final = _d.LAST_TRICK
D_BELA: Final = _d.BELA
#: Room for the decisions of one deal in the recorded arrays.
MAX_DECISIONS: Final = 48

# -- the fields of each game's result row -----------------------------------------------
#: Per game, the result fields in row order; a name ending in ``*2`` is a pair (per team,
#: or per seat in Deberts), stored in two columns. Each game's :class:`KernelGame` holds
#: its own; :data:`FIELDS` reads them by the game's name.
_SCHIEBER_FIELDS: Final = (
    "dealer", "forehand", "chooser", "pushed", "contract", "factor", "tricks*2",
    "card_points*2", "last_trick", "match_bonus*2", "weis_winner", "weis_points*2",
    "stoeck_seat", "stoeck*2", "totals*2", "recorded*2",
)
_BELOTE_FIELDS: Final = (
    "outcome", "dealer", "taker", "trump", "capot_announced", "card_points*2",
    "last_trick", "tricks*2", "capot", "announcement_winner", "announcement_points*2",
    "belote*2", "totals*2", "recorded*2", "held",
)
_DEBERTS_FIELDS: Final = (
    "outcome", "dealer", "caller", "trump", "factor", "card_points*2", "last_trick",
    "tricks*2", "sequence_winner", "sequence_points*2", "bela*2", "totals*2",
    "recorded*2", "hanging",
)


def _read(attribute: str) -> Callable[[GameKit], tuple[str, ...] | None]:
    """Reads one attribute of a kit's kernel part (``None`` for a game without one)."""
    def read(game_kit: GameKit) -> tuple[str, ...] | None:
        part = _part(game_kit)
        return None if part is None else tuple(getattr(part, attribute))
    return read


#: Per game, the result fields in row order (see ``_SCHIEBER_FIELDS``).
FIELDS: Final[Mapping[str, tuple[str, ...]]] = ByGame(_read("fields"))
#: The ``outcome`` codes of each game (Schieber deals are always played out).
OUTCOMES: Final[Mapping[str, tuple[str, ...]]] = ByGame(_read("outcomes"))


def columns(game: str) -> dict[str, int]:
    """Each field's first column in the game's result rows."""
    out = {}
    col = 0
    for name in FIELDS[game]:
        if name.endswith("*2"):
            out[name[:-2]] = col
            col += 2
        else:
            out[name] = col
            col += 1
    return out


def width(game: str) -> int:
    return sum(2 if f.endswith("*2") else 1 for f in FIELDS[game])


# -- random numbers ----------------------------------------------------------------------
# xoshiro128** (four 32-bit words), every product below 2**63: numba's integers are
# signed, and an overflowing product is no safe ground for a generator.
@jit
def _h32(x: int) -> int:
    """A bijective 32-bit mix."""
    x = (((x >> 16) ^ x) * 0x45D9F3B) & _M32
    x = (((x >> 16) ^ x) * 0x45D9F3B) & _M32
    return (x >> 16) ^ x


@jit_typed("int64(int64[:], int64)")
def _rand(st: Any, k: int) -> int:
    """A number in 0..k-1 (from 32 random bits), moving the state ``st`` on."""
    s0 = st[0]
    s1 = st[1]
    s2 = st[2]
    s3 = st[3]
    x = (s1 * 5) & _M32
    x = (((x << 7) | (x >> 25)) & _M32) * 9 & _M32
    t = (s1 << 9) & _M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 11) | (s3 >> 21)) & _M32
    st[0] = s0
    st[1] = s1
    st[2] = s2
    st[3] = s3
    drawn: int = (x * k) >> 32
    return drawn


@jit_typed("void(int64[:], int64, int64)")
def _seed(st: Any, seed: int, i: int) -> None:
    """The state of deal ``i`` of ``seed`` (distinct for distinct pairs)."""
    x0 = _h32((seed & _M32) ^ 0x243F6A88)
    x1 = _h32(((seed >> 32) & _M32) ^ 0x85A308D3 ^ x0)
    x2 = _h32((i & _M32) ^ 0x13198A2E ^ x1)
    x3 = _h32(((i >> 32) & _M32) ^ 0x03707344 ^ x2)
    st[0] = x0
    st[1] = x1
    st[2] = x2
    st[3] = x3 if (x0 | x1 | x2 | x3) else 1
    for _ in range(4):
        _rand(st, 2)


@jit_typed("void(int64[:], int64, int64[:])")
def _shuffle(deck: Any, k: int, st: Any) -> None:
    for j in range(k - 1, 0, -1):
        r = _rand(st, j + 1)
        x = deck[j]
        deck[j] = deck[r]
        deck[r] = x


@jit
def _kth(m: int, k: int) -> int:
    """The card of the ``k``-th set bit of ``m`` (from the lowest)."""
    for _ in range(k):
        m &= m - 1
    return popcount((m & -m) - 1)


# -- melds -------------------------------------------------------------------------------
@jit
def _runs(hand: int, trump: int, rtot: Any, rkey: Any) -> Any:
    """Points and best key of the runs of a hand, each suit cut as the tables say."""
    if not hand & (hand >> 1) & (hand >> 2) & _RUN3_START:
        return 0, -1
    tot = 0
    key = -1
    for s in range(4):
        m = (hand >> (9 * s)) & 511
        t = rtot[m]
        if t:
            tot += t
            k = 2 * rkey[m] + (1 if s == trump else 0)
            if k > key:
                key = k
    return tot, key


@jit
def _melds(hand: int, trump: int, rtot: Any, rkey: Any, fpts: Any, fkey: Any) -> Any:
    """Points, best key (a packed tuple, -1 for none) and fours (a rank mask) of the
    melds a hand declares: of the disjoint sets of fours and runs, the one worth the
    most, then the one whose best meld is strongest (as the engines choose). The
    cards of the melds: :func:`_meld_cards`."""
    quads = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 511
    fq = 0
    for r in range(9):
        if (quads >> r) & 1 and fpts[r] > 0:
            fq |= 1 << r
    if fq == 0:
        tot, key = _runs(hand, trump, rtot, rkey)
        return tot, key, 0
    best_tot = 0
    best_key = -1
    best_sub = 0
    sub = 0
    while True:
        rest = hand
        tot = 0
        key = -1
        for r in range(9):
            if (sub >> r) & 1:
                rest &= ~(_RANK_ALL << r)
                tot += fpts[r]
                if fkey[r] > key:
                    key = fkey[r]
        t2, k2 = _runs(rest, trump, rtot, rkey)
        tot += t2
        if k2 > key:
            key = k2
        if tot > 0 and (tot > best_tot or (tot == best_tot and key > best_key)):
            best_tot = tot
            best_key = key
            best_sub = sub
        if sub == fq:
            break
        sub = (sub - fq) & fq
    return best_tot, best_key, best_sub


@jit
def _meld_cards(hand: int, fours: int, rmask: Any) -> int:
    """The cards of the melds :func:`_melds` chose (``fours`` its rank mask): the fours,
    and the runs of the rest as the tables cut them (``rmask``: per 9-bit suit mask,
    the cards of its runs)."""
    cards = 0
    for r in range(9):
        if (fours >> r) & 1:
            cards |= _RANK_ALL << r
    rest = hand & ~cards
    for s in range(4):
        cards |= rmask[(rest >> (9 * s)) & 511] << (9 * s)
    return cards


# -- Schieber ----------------------------------------------------------------------------
@jit
def _schieber(
    seed: int, first: int, n: int, weis_on: int, stoeck_on: int, modern: int,
    PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any, RKEY: Any, FPTS: Any,
    FKEY: Any, BVAL: Any, BC: Any, out: Any, rec: int, deck_out: Any,
    act_out: Any, legal_out: Any,
) -> None:
    deck = np.zeros(36, dtype=np.int64)
    cards = np.zeros(40, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    wtot = np.zeros(4, dtype=np.int64)
    wkey = np.zeros(4, dtype=np.int64)
    for i in range(n):
        _seed(st, seed, first + i)
        for j in range(36):
            deck[j] = j
        _shuffle(deck, 36, st)
        dealer = (first + i) % 4
        fh = (dealer + 1) % 4
        for p in range(4):
            b = 3 * p
            hands[(fh + p) % 4] = (
                (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
                | (1 << deck[b + 12]) | (1 << deck[b + 13]) | (1 << deck[b + 14])
                | (1 << deck[b + 24]) | (1 << deck[b + 25]) | (1 << deck[b + 26])
            )
        na = 0
        if rec:
            for j in range(36):
                deck_out[i, j] = deck[j]
        # the contract: forehand names one of six or pushes; then the partner names one
        # the random policy has no tables (None): numba then compiles no rules for it
        pick = _rand(st, 7) if BVAL is None else schieber_contract(hands[fh], 1, BVAL, BC)
        if rec:
            legal_out[i, na] = 0x7F << _TRUMP
            act_out[i, na] = _TRUMP + pick
            na += 1
        chooser = fh
        pushed = 0
        if pick == 6:
            pushed = 1
            chooser = (fh + 2) % 4
            pick = _rand(st, 6) if BVAL is None else schieber_contract(hands[chooser], 0, BVAL, BC)
            if rec:
                legal_out[i, na] = 0x3F << _TRUMP
                act_out[i, na] = _TRUMP + pick
                na += 1
        k = pick
        trump = k if k < 4 else -1
        table = 6 if (k == 5 and modern) else k
        P = PAR[k]
        pts = PTS[table]
        stren = STREN[k]
        above = ABOVE[k]
        u = 1 if k == 5 else 0
        # Weis from the dealt hands: the best single Weis wins for its team
        wteam = -1
        if weis_on:
            best = -1
            for q in range(4):
                seat = (fh + q) % 4
                t, kk, _ = _melds(hands[seat], trump, RTOT[u], RKEY[u], FPTS, FKEY[u])
                wtot[seat] = t
                wkey[seat] = kk
                if t > 0 and kk > best:
                    best = kk
                    wteam = seat % 2
        stoeck_seat = -1
        if trump >= 0 and stoeck_on:
            kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            for seat in range(4):
                if hands[seat] & kq == kq:
                    stoeck_seat = seat
        # the play
        leader = fh
        tn = 0
        ti = 0
        won0 = 0
        won1 = 0
        cap0 = 0
        cap1 = 0
        last = -1
        for _ in range(36):
            seat = (leader + tn) % 4
            base = 4 * ti
            legal = legal_cards(P, hands[seat], cards, base, tn, leader, seat, stren, above)
            c = _kth(legal, _rand(st, popcount(legal)))
            if rec:
                legal_out[i, na] = legal
                act_out[i, na] = c
                na += 1
            hands[seat] ^= 1 << c
            cards[base + tn] = c
            tn += 1
            if tn == 4:
                winner = (leader + best_of(cards, base, 4, trump, stren)) % 4
                g = pts[cards[base]] + pts[cards[base + 1]] + pts[cards[base + 2]] + pts[c]
                if ti == 8:
                    g += S_LAST
                    last = winner % 2
                if winner % 2 == 0:
                    won0 += 1
                    cap0 += g
                else:
                    won1 += 1
                    cap1 += g
                leader = winner
                ti += 1
                tn = 0
        if rec:
            for j in range(na, act_out.shape[1]):
                act_out[i, j] = -1
                legal_out[i, j] = 0
        w0 = wtot[0] + wtot[2] if wteam == 0 else 0
        w1 = wtot[1] + wtot[3] if wteam == 1 else 0
        m0 = S_MATCH if won0 == 9 else 0
        m1 = S_MATCH if won1 == 9 else 0
        st0 = S_STOECK if stoeck_seat >= 0 and stoeck_seat % 2 == 0 else 0
        st1 = S_STOECK if stoeck_seat >= 0 and stoeck_seat % 2 == 1 else 0
        f = S_FACTORS[k]
        t0 = cap0 + m0 + w0 + st0
        t1 = cap1 + m1 + w1 + st1
        row = out[i]
        row[0] = dealer
        row[1] = fh
        row[2] = chooser
        row[3] = pushed
        row[4] = k
        row[5] = f
        row[6] = won0
        row[7] = won1
        row[8] = cap0
        row[9] = cap1
        row[10] = last
        row[11] = m0
        row[12] = m1
        row[13] = wteam
        row[14] = w0
        row[15] = w1
        row[16] = stoeck_seat
        row[17] = st0
        row[18] = st1
        row[19] = t0
        row[20] = t1
        row[21] = t0 * f
        row[22] = t1 * f


# -- Belote ------------------------------------------------------------------------------
@jit
def _belote(
    seed: int, first: int, n: int, ann_on: int, belote_in: int, defender_capot: int,
    capot_on: int, DECK: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, BVAL: Any, BLIM: Any, out: Any, rec: int,
    deck_out: Any, act_out: Any, legal_out: Any,
) -> None:
    deck = np.zeros(32, dtype=np.int64)
    cards = np.zeros(36, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    atot = np.zeros(4, dtype=np.int64)
    akey = np.zeros(4, dtype=np.int64)
    for i in range(n):
        _seed(st, seed, first + i)
        for j in range(32):
            deck[j] = DECK[j]
        _shuffle(deck, 32, st)
        dealer = (first + i) % 4
        for p in range(4):
            b = 3 * p
            q = 12 + 2 * p
            hands[(dealer + 1 + p) % 4] = (
                (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
                | (1 << deck[q]) | (1 << deck[q + 1])
            )
        na = 0
        if rec:
            for j in range(32):
                deck_out[i, j] = deck[j]
        up = deck[20]
        us = up // 9
        turn = (dealer + 1) % 4
        passes = 0
        trump = -1
        while True:
            if passes < 4:
                legal = (1 << _PASS) | (1 << (_TRUMP + us))
                if BVAL is None:
                    pick = _rand(st, 2)
                    suit = us
                else:
                    suit = belote_bid(hands[turn], up, 0, BVAL, BLIM)
                    pick = 1 if suit >= 0 else 0
            else:
                legal = (1 << _PASS) | (0xF << _TRUMP) ^ (1 << (_TRUMP + us))
                if BVAL is None:
                    pick = _rand(st, 4)
                    suit = pick - 1
                    if suit >= us:
                        suit += 1
                else:
                    suit = belote_bid(hands[turn], up, 1, BVAL, BLIM)
                    pick = 1 if suit >= 0 else 0
            if rec:
                legal_out[i, na] = legal
                act_out[i, na] = _PASS if pick == 0 else _TRUMP + suit
                na += 1
            if pick == 0:
                passes += 1
                if passes == 8:
                    break
                turn = (turn + 1) % 4
            else:
                trump = suit
                break
        row = out[i]
        if trump < 0:  # thrown in
            if rec:
                for j in range(na, act_out.shape[1]):
                    act_out[i, j] = -1
                    legal_out[i, j] = 0
            for j in range(row.shape[0]):
                row[j] = 0
            row[0] = 3
            row[1] = dealer
            for j in (2, 3, 7, 10, 11):
                row[j] = -1
            continue
        taker = turn
        hands[taker] |= 1 << up
        pos = 21
        for p in range(4):
            seat = (dealer + 1 + p) % 4
            cnt = 2 if seat == taker else 3
            for j in range(cnt):
                hands[seat] |= 1 << deck[pos + j]
            pos += cnt
        kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
        belote_seat = -1
        for seat in range(4):
            if hands[seat] & kq == kq:
                belote_seat = seat
        P = PAR[trump]
        pts = PTS[trump]
        stren = STREN[trump]
        above = ABOVE[trump]
        leader = (dealer + 1) % 4
        tn = 0
        ti = 0
        declared = 0
        capot_seat = -1
        won0 = 0
        won1 = 0
        cap0 = 0
        cap1 = 0
        aw = -1
        last = -1
        while ti < 8:
            seat = (leader + tn) % 4
            base = 4 * ti
            legal = legal_cards(P, hands[seat], cards, base, tn, leader, seat, stren, above)
            k = popcount(legal)
            if BVAL is not None and capot_on and capot_seat < 0 and ti == 0 and (
                seat % 2 == taker % 2 and not (declared >> seat) & 1
            ):  # the rules never announce a capot: a random card
                c = _kth(legal, _rand(st, k))
                if rec:
                    legal_out[i, na] = legal | (1 << _CAPOT)
                    act_out[i, na] = c
                    na += 1
            elif (
                capot_on and capot_seat < 0 and ti == 0 and seat % 2 == taker % 2
                and not (declared >> seat) & 1
            ):
                r = _rand(st, k + 1)
                if rec:
                    legal_out[i, na] = legal | (1 << _CAPOT)
                    act_out[i, na] = _CAPOT if r == 0 else _kth(legal, r - 1)
                    na += 1
                if r == 0:
                    capot_seat = seat
                    continue
                c = _kth(legal, r - 1)
            else:
                c = _kth(legal, _rand(st, k))
                if rec:
                    legal_out[i, na] = legal
                    act_out[i, na] = c
                    na += 1
            if not (declared >> seat) & 1:
                declared |= 1 << seat
                if ann_on:
                    t, kk, _ = _melds(hands[seat], trump, RTOT, RKEY, FPTS, FKEY)
                    atot[seat] = t
                    akey[seat] = kk
                else:
                    atot[seat] = 0
                    akey[seat] = -1
            hands[seat] ^= 1 << c
            cards[base + tn] = c
            tn += 1
            if tn == 4:
                winner = (leader + best_of(cards, base, 4, trump, stren)) % 4
                g = pts[cards[base]] + pts[cards[base + 1]] + pts[cards[base + 2]] + pts[c]
                if winner % 2 == 0:
                    won0 += 1
                    cap0 += g
                else:
                    won1 += 1
                    cap1 += g
                if ti == 0:
                    best = -1
                    for p in range(4):
                        q = (dealer + 1 + p) % 4
                        if atot[q] > 0 and akey[q] > best:
                            best = akey[q]
                            aw = q
                if ti == 7:
                    last = winner
                leader = winner
                ti += 1
                tn = 0
        if rec:
            for j in range(na, act_out.shape[1]):
                act_out[i, j] = -1
                legal_out[i, j] = 0
        _belote_row(
            row, dealer, taker, trump, capot_seat, cap0, cap1, last, won0, won1, aw, atot,
            belote_seat, belote_in, defender_capot,
        )


# -- Deberts -----------------------------------------------------------------------------
@jit
def _deberts(
    seed: int, first: int, n: int, doubling: int, four_sevens: int, DECK: Any, PTS: Any,
    STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any, RKEY: Any, FPTS: Any, FKEY: Any,
    BVAL: Any, BLIM: Any, out: Any, rec: int, deck_out: Any, act_out: Any,
    legal_out: Any,
) -> None:
    deck = np.zeros(32, dtype=np.int64)
    cards = np.zeros(40, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    stot = np.zeros(2, dtype=np.int64)
    skey = np.zeros(2, dtype=np.int64)
    for i in range(n):
        _seed(st, seed, first + i)
        for j in range(32):
            deck[j] = DECK[j]
        _shuffle(deck, 32, st)
        dealer = (first + i) % 2
        non = 1 - dealer
        hands[non] = (
            (1 << deck[0]) | (1 << deck[1]) | (1 << deck[2])
            | (1 << deck[6]) | (1 << deck[7]) | (1 << deck[8])
        )
        hands[dealer] = (
            (1 << deck[3]) | (1 << deck[4]) | (1 << deck[5])
            | (1 << deck[9]) | (1 << deck[10]) | (1 << deck[11])
        )
        na = 0
        if rec:
            for j in range(32):
                deck_out[i, j] = deck[j]
        ind = deck[12]
        isuit = ind // 9
        turn = non
        passes = 0
        trump = -1
        while True:
            if passes < 2:
                legal = (1 << _PASS) | (1 << (_TRUMP + isuit))
                if BVAL is None:
                    pick = _rand(st, 2)
                    suit = isuit
                else:
                    suit = deberts_bid(hands[turn], ind, 0, BVAL, BLIM)
                    pick = 1 if suit >= 0 else 0
            else:
                legal = (1 << _PASS) | (0xF << _TRUMP) ^ (1 << (_TRUMP + isuit))
                if BVAL is None:
                    pick = _rand(st, 4)
                    suit = pick - 1
                    if suit >= isuit:
                        suit += 1
                else:
                    suit = deberts_bid(hands[turn], ind, 1, BVAL, BLIM)
                    pick = 1 if suit >= 0 else 0
            if rec:
                legal_out[i, na] = legal
                act_out[i, na] = _PASS if pick == 0 else _TRUMP + suit
                na += 1
            if pick == 0:
                passes += 1
                if passes == 4:
                    break
                turn = 1 - turn
            else:
                trump = suit
                break
        row = out[i]
        outcome = -1
        caller = -1
        factor = 1
        if trump < 0:
            outcome = 3
        else:
            caller = turn
            hands[non] |= (1 << deck[13]) | (1 << deck[14]) | (1 << deck[15])
            hands[dealer] |= (1 << deck[16]) | (1 << deck[17]) | (1 << deck[18])
            if doubling:
                if BVAL is None:
                    pick = _rand(st, 2)
                else:
                    pick = deberts_doubles(hands[1 - caller], trump, 0, BVAL, BLIM)
                if rec:
                    legal_out[i, na] = (1 << _PASS) | (1 << _DOUBLE)
                    act_out[i, na] = _DOUBLE if pick else _PASS
                    na += 1
                if pick:
                    factor = 2
                    if BVAL is None:
                        pick = _rand(st, 2)
                    else:
                        pick = deberts_doubles(hands[caller], trump, 1, BVAL, BLIM)
                    if rec:
                        legal_out[i, na] = (1 << _PASS) | (1 << _REDOUBLE)
                        act_out[i, na] = _REDOUBLE if pick else _PASS
                        na += 1
                    if pick:
                        factor = 4
        if outcome < 0:
            P = PAR[trump]
            pts = PTS[trump]
            stren = STREN[trump]
            above = ABOVE[trump]
            seven = 9 * trump + 1
            kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            leader = non
            tn = 0
            ti = 0
            declared = 0
            exchanged = 0
            won0 = 0
            won1 = 0
            cap0 = 0
            cap1 = 0
            bela0 = 0
            bela1 = 0
            sw = -1
            last = -1
            while ti < 9:
                seat = (leader + tn) % 2
                base = 4 * ti
                hand = hands[seat]
                legal = legal_cards(P, hand, cards, base, tn, leader, seat, stren, above)
                k = popcount(legal)
                if not (declared >> seat) & 1:
                    cancel = 1 if (four_sevens and hand & _SEVENS == _SEVENS) else 0
                    exch = 1 if (
                        trump == isuit and not exchanged and (hand >> seven) & 1
                    ) else 0
                    if BVAL is None:
                        r = _rand(st, k + cancel + exch)
                    elif exch:  # the rules always exchange the trump 7
                        r = cancel
                    else:  # and never cancel: a random card
                        r = cancel + _rand(st, k)
                    if rec:
                        legal_out[i, na] = (
                            legal | (cancel << _SEVENS_ACT) | (exch << _EXCHANGE)
                        )
                        if r < cancel:
                            act_out[i, na] = _SEVENS_ACT
                        elif r < cancel + exch:
                            act_out[i, na] = _EXCHANGE
                        else:
                            act_out[i, na] = _kth(legal, r - cancel - exch)
                        na += 1
                    if r < cancel:
                        outcome = 4
                        break
                    if r < cancel + exch:
                        hands[seat] = (hand & ~(1 << seven)) | (1 << ind)
                        ind = seven
                        exchanged = 1
                        continue
                    c = _kth(legal, r - cancel - exch)
                    declared |= 1 << seat
                    t, kk, _ = _melds(hand, trump, RTOT, RKEY, FPTS, FKEY)
                    stot[seat] = t
                    skey[seat] = kk
                    if declared == 3:
                        k0 = skey[0] if stot[0] > 0 else -1
                        k1 = skey[1] if stot[1] > 0 else -1
                        if k0 < 0 and k1 < 0:
                            sw = -1
                        elif k0 > k1:
                            sw = 0
                        elif k1 > k0:
                            sw = 1
                        else:
                            sw = non
                else:
                    c = _kth(legal, _rand(st, k))
                    if rec:
                        legal_out[i, na] = legal
                        act_out[i, na] = c
                        na += 1
                if (1 << c) & kq and hand & kq == kq:
                    if seat == 0:
                        bela0 = D_BELA
                    else:
                        bela1 = D_BELA
                hands[seat] = hand ^ (1 << c)
                cards[base + tn] = c
                tn += 1
                if tn == 2:
                    winner = (leader + best_of(cards, base, 2, trump, stren)) % 2
                    g = pts[cards[base]] + pts[c]
                    if winner == 0:
                        won0 += 1
                        cap0 += g
                    else:
                        won1 += 1
                        cap1 += g
                    if ti == 8:
                        last = winner
                    leader = winner
                    ti += 1
                    tn = 0
        if rec:
            for j in range(na, act_out.shape[1]):
                act_out[i, j] = -1
                legal_out[i, j] = 0
        if outcome >= 0:  # thrown in or cancelled: not a played deal
            for j in range(row.shape[0]):
                row[j] = 0
            row[0] = outcome
            row[1] = dealer
            row[2] = caller
            row[3] = trump
            row[4] = 1
            row[7] = -1
            row[10] = -1
            continue
        _deberts_row(
            row, dealer, caller, trump, factor, cap0, cap1, last, won0, won1, sw, stot,
            bela0, bela1,
        )


@jit_typed("void(int64[:], " + "int64, " * 10 + "int64[:], int64, int64, int64)")
def _belote_row(
    row: Any, dealer: int, taker: int, trump: int, capot_seat: int, cap0: int, cap1: int,
    last: int, won0: int, won1: int, aw: int, atot: Any, belote_seat: int, belote_in: int,
    defender_capot: int,
) -> None:
    """The result row of a played Belote deal (the fields of :data:`FIELDS`) from its
    captures (the last trick's 10 not included), announcements and belote."""
    c0 = cap0 + (B_LAST if last % 2 == 0 else 0)
    c1 = cap1 + (B_LAST if last % 2 == 1 else 0)
    takers = taker % 2
    defenders = 1 - takers
    capot = 0 if won1 == 0 else (1 if won0 == 0 else -1)
    b0 = c0
    b1 = c1
    announced = capot_seat >= 0
    if capot >= 0:
        v = defender_capot
        if capot == takers:
            v = B_ANNOUNCED if announced else B_CAPOT
        if capot == 0:
            b0 = v
        else:
            b1 = v
    a0 = 0
    a1 = 0
    if aw >= 0:
        team = aw % 2
        v = atot[team] + atot[team + 2]
        if team == 0:
            a0 = v
        else:
            a1 = v
    bel0 = B_BELOTE if belote_seat >= 0 and belote_seat % 2 == 0 else 0
    bel1 = B_BELOTE if belote_seat >= 0 and belote_seat % 2 == 1 else 0
    t0 = b0 + a0 + bel0
    t1 = b1 + a1 + bel1
    x0 = t0 if belote_in else t0 - bel0
    x1 = t1 if belote_in else t1 - bel1
    xt = x0 if takers == 0 else x1
    xd = x1 if takers == 0 else x0
    if announced and capot != takers:
        outcome = 1
    elif xt > xd:
        outcome = 0
    elif xt < xd:
        outcome = 1
    else:
        outcome = 2
    belt = bel0 if takers == 0 else bel1
    beld = bel1 if takers == 0 else bel0
    held = 0
    if outcome == 0:
        r0 = t0
        r1 = t1
    else:
        if outcome == 1:
            if announced:
                won = B_ANNOUNCED
            elif capot == defenders:
                won = defender_capot
            else:
                won = B_ALL
            rd = won + a0 + a1 + beld
        else:
            rd = t1 if takers == 0 else t0
            held = (t0 if takers == 0 else t1) - belt
        r0 = belt if takers == 0 else rd
        r1 = rd if takers == 0 else belt
    row[0] = outcome
    row[1] = dealer
    row[2] = taker
    row[3] = trump
    row[4] = 1 if announced else 0
    row[5] = c0
    row[6] = c1
    row[7] = last
    row[8] = won0
    row[9] = won1
    row[10] = capot
    row[11] = aw
    row[12] = a0
    row[13] = a1
    row[14] = bel0
    row[15] = bel1
    row[16] = t0
    row[17] = t1
    row[18] = r0
    row[19] = r1
    row[20] = held


@jit_typed("void(int64[:], " + "int64, " * 10 + "int64[:], int64, int64)")
def _deberts_row(
    row: Any, dealer: int, caller: int, trump: int, factor: int, cap0: int, cap1: int,
    last: int, won0: int, won1: int, sw: int, stot: Any, bela0: int, bela1: int,
) -> None:
    """The result row of a played Deberts deal from its captures (the last trick's 10
    not included), sequences and bela."""
    c0 = cap0 + (D_LAST if last == 0 else 0)
    c1 = cap1 + (D_LAST if last == 1 else 0)
    q0 = stot[0] if sw == 0 and won0 > 0 else 0
    q1 = stot[1] if sw == 1 and won1 > 0 else 0
    t0 = c0 + q0 + bela0
    t1 = c1 + q1 + bela1
    tc = t0 if caller == 0 else t1
    td = t1 if caller == 0 else t0
    hanging = 0
    if tc > td:
        outcome = 0
        r0 = t0 * factor
        r1 = t1 * factor
    elif tc < td:
        outcome = 1
        both = (t0 + t1) * factor
        r0 = both if caller == 1 else 0
        r1 = both if caller == 0 else 0
    else:
        outcome = 2
        r0 = td * factor if caller == 1 else 0
        r1 = td * factor if caller == 0 else 0
        hanging = tc * factor
    row[0] = outcome
    row[1] = dealer
    row[2] = caller
    row[3] = trump
    row[4] = factor
    row[5] = c0
    row[6] = c1
    row[7] = last
    row[8] = won0
    row[9] = won1
    row[10] = sw
    row[11] = q0
    row[12] = q1
    row[13] = bela0
    row[14] = bela1
    row[15] = t0
    row[16] = t1
    row[17] = r0
    row[18] = r1
    row[19] = hanging


# -- tables, from the engines -------------------------------------------------------------
def _i64(rows: Any) -> Any:
    return np.array(rows, dtype=np.int64)


def _params(n: int, game: int, trump: int, under: int, last: int, total: int) -> list[int]:
    return [n, game, trump, under, last, 0, 0, 0, 0, total, total, 0]


def _run_tables(per_mask: Any) -> tuple[Any, Any]:
    """Per 9-bit suit mask: the points of its runs and the best run's packed key."""
    tot = []
    best = []
    for m in range(512):
        runs = per_mask[m]
        tot.append(sum(points for points, _ in runs))
        best.append(max((k for _, k in runs), default=-1))
    return _i64(tot), _i64(best)


def _union(melds: Any) -> int:
    """The cards of some melds of suit 0 (a 9-bit mask)."""
    cards = 0
    for m in melds:
        cards |= m.mask
    return cards


def _schieber_tables() -> tuple[Any, ...]:
    strength = [tuple(_s.card_strength(c, k) % 100 for c in range(36)) for k in range(6)]
    par = [_params(4, SCHIEBER, k if k < 4 else -1, 1, _s.LAST_TRICK, 9) for k in range(6)]
    rtot, rkey = [], []
    for u in (0, 1):
        per_mask = [
            [
                (
                    _s.RUN_POINTS[length],
                    (_s.RUN_POINTS[length] * 16 + length) * 16
                    + _s.rank_key(top, length, bool(u)),
                )
                for top, length in _s.RUNS[u][m]
            ]
            for m in range(512)
        ]
        t, k = _run_tables(per_mask)
        rtot.append(t)
        rkey.append(k)
    fpts = [_s.FOUR_POINTS.get(r, 0) for r in range(9)]  # type: ignore[call-overload]
    fkey = [
        [2 * ((p * 16 + 4) * 16 + (8 - r if u else r)) if p else -1 for r, p in enumerate(fpts)]
        for u in (0, 1)
    ]
    return (
        _i64(_s.POINTS), _i64(strength), _i64([above_table(st) for st in strength]),
        _i64(par), _i64(rtot), _i64(rkey), _i64(fpts), _i64(fkey),
    )


def _belote_tables(undertrump: bool) -> tuple[Any, ...]:
    per_mask = [
        [(m.points, m.points * 16 + int(m.top)) for m in _b.SUIT_RUNS[0][x]] for x in range(512)
    ]
    rtot, rkey = _run_tables(per_mask)
    fpts = list(_b.CARRE)
    fkey = [2 * (p * 16 + r) if p else -1 for r, p in enumerate(fpts)]
    par = [_params(4, BELOTE, t, int(undertrump), _b.LAST_TRICK, 8) for t in range(4)]
    return (
        _i64([c for c in range(36) if c % 9]), _i64(_b.POINTS), _i64(_b.STRENGTH),
        _i64([above_table(st) for st in _b.STRENGTH]), _i64(par), rtot, rkey, _i64(fpts),
        _i64(fkey),
    )


def _deberts_tables() -> tuple[Any, ...]:
    per_mask = [
        [(m.points, m.length * 16 + int(m.top)) for m in _d.SUIT_SEQUENCES[0][x]]
        for x in range(512)
    ]
    rtot, rkey = _run_tables(per_mask)
    strength = [
        tuple(_d.TRUMP_STRENGTH[c] if c // 9 == t else _d.PLAIN_STRENGTH[c] for c in range(36))
        for t in range(4)
    ]
    par = [_params(2, DEBERTS, t, 1, _d.LAST_TRICK, 9) for t in range(4)]
    return (
        _i64([c for c in range(36) if c % 9]), _i64(_d.POINTS), _i64(strength),
        _i64([above_table(st) for st in strength]), _i64(par), rtot, rkey, _i64([0] * 9),
        _i64([-1] * 9),
    )


_TABLES: dict[Any, tuple[Any, ...]] = {}


def tables(game: str, undertrump: bool = True) -> tuple[Any, ...]:
    part = kernel_game(game)
    key = (game, undertrump if part.by_undertrump else None)
    if key not in _TABLES:
        _TABLES[key] = part.tables(undertrump)
    return _TABLES[key]


def run_cards(game: str) -> Any:
    """Per 9-bit suit mask, the cards of its runs as the game cuts them (Schieber: per
    ``undenufe``, two rows), for :func:`_meld_cards`."""
    return kernel_game(game).run_cards()


def _schieber_runs() -> Any:
    return _i64([[_union(_s.RUN_MELDS[u][0][m]) for m in range(512)] for u in (0, 1)])


def _belote_runs() -> Any:
    return _i64([_union(_b.SUIT_RUNS[0][m]) for m in range(512)])


def _deberts_runs() -> Any:
    return _i64([_union(_d.SUIT_SEQUENCES[0][m]) for m in range(512)])


#: Each game's option switches, in the order the compiled functions take them (the
#: vectorized tables' ``OP`` slots 1.., the complete-deal kernels' arguments): an
#: option's name, or ``name=value`` for a switch on when the option has that value.
SWITCHES: Final[Mapping[str, tuple[str, ...]]] = ByGame(_read("switches"))


def switches(game: str, options: Any) -> list[int]:
    """The option switches of :data:`SWITCHES` read from a game's options object."""
    out = []
    for name in SWITCHES[game]:
        field, _, value = name.partition("=")
        got = getattr(options, field)
        out.append(int(got == value) if value else int(got))
    return out


def run(
    game: str, n: int, seed: int, first: int, options: Any, out: Any, rec: bool,
    deck_out: Any, act_out: Any, legal_out: Any, policy: str = "random",
) -> None:
    """Play deals ``first .. first + n - 1`` of ``seed`` into the arrays given, the
    decisions by ``policy`` (one of :data:`atout.kernel.policy.POLICIES`)."""
    r = 1 if rec else 0
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
    pol: tuple[Any, ...] = policy_tables(game) if policy == "rules" else (None, None)
    sw = switches(game, options)
    outs = (out, r, deck_out, act_out, legal_out)
    part = kernel_game(game)
    undertrump = bool(getattr(options, "undertrump", True))
    part.play(seed, first, n, sw, tables(game, undertrump), pol, outs)


def _play_schieber(seed: int, first: int, n: int, sw: list[int], tabs: tuple[Any, ...],
                   pol: tuple[Any, ...], outs: tuple[Any, ...]) -> None:
    _schieber(*(seed, first, n, *sw[:3], *tabs, *pol, *outs))


def _play_belote(seed: int, first: int, n: int, sw: list[int], tabs: tuple[Any, ...],
                 pol: tuple[Any, ...], outs: tuple[Any, ...]) -> None:
    _belote(*(seed, first, n, *sw, *tabs, *pol, *outs))


def _play_deberts(seed: int, first: int, n: int, sw: list[int], tabs: tuple[Any, ...],
                  pol: tuple[Any, ...], outs: tuple[Any, ...]) -> None:
    _deberts(*(seed, first, n, *sw, *tabs, *pol, *outs))


# -- each game's part, which its kit names (``GameKit.kernel``) ---------------------------
@dataclass(frozen=True)
class KernelGame:
    """What the kernel holds for one game: its number in the compiled code, its result
    fields and outcomes, its option switches, its tables (points, strengths, melds),
    its complete-deal loop, and its rules policy's tables."""

    #: The game's number in the compiled functions (:mod:`atout.kernel.rules`).
    code: int
    fields: tuple[str, ...]
    outcomes: tuple[str, ...]
    switches: tuple[str, ...]
    #: The tables of :func:`tables` (by whether a player who cannot overtrump must
    #: still trump; ``by_undertrump``: whether that option changes them).
    tables: Callable[[bool], tuple[Any, ...]]
    run_cards: Callable[[], Any]
    #: Plays deals: ``(seed, first, n, switches, tables, policy tables, outputs)``.
    play: Callable[..., None]
    #: The rules policy's tables (:func:`atout.kernel.policy.tables`).
    policy: Callable[[], tuple[Any, Any]]
    by_undertrump: bool = False


def _part(game_kit: GameKit) -> KernelGame | None:
    part: KernelGame | None = game_kit.compiled()
    return part


def kernel_game(game: str) -> KernelGame:
    """The kernel's part for ``game`` (its kit names it); ``ValueError`` without one."""
    part: KernelGame | None = kit(game).compiled()
    if part is None:
        raise ValueError(f"no kernel for {game!r}")
    return part


SCHIEBER_KERNEL: Final = KernelGame(
    SCHIEBER, _SCHIEBER_FIELDS, ("played",),
    ("weis", "stoeck", "undenufe_values=modern", "manual_claim"),
    lambda undertrump: _schieber_tables(), _schieber_runs, _play_schieber, _policy.schieber_tables,
)
BELOTE_KERNEL: Final = KernelGame(
    BELOTE, _BELOTE_FIELDS, ("made", "dedans", "litige", "thrown-in"),
    ("announcements", "belote_in_contract", "defender_capot", "announced_capot"),
    _belote_tables, _belote_runs, _play_belote, _policy.belote_tables, by_undertrump=True,
)
DEBERTS_KERNEL: Final = KernelGame(
    DEBERTS, _DEBERTS_FIELDS, ("made", "bait", "tie", "thrown-in", "cancelled"),
    ("doubling", "four_sevens"),
    lambda undertrump: _deberts_tables(), _deberts_runs, _play_deberts, _policy.deberts_tables,
)
