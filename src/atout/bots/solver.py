"""Open-hand (double-dummy) solver for the card play of Deberts, Belote and Schieber.

Given every hand (a sampled world, never a seat's view), the solver finds the value of
the rest of the deal under perfect play: alpha-beta over the cards, with a
transposition table at trick boundaries, the table's best move tried first, a cheap
move ordering, and equivalent-card reduction (two cards of one hand adjacent in
strength among the cards still live, and worth the same, lead to the same values, so
only one is searched).

What keeps whole deals fast (Schieber above all, where any player may trump):

* the table's key is the position *up to equivalent cards*: each suit's remaining cards
  are renamed to a canonical set with the same order of strength and the same points,
  so positions that differ only in which of two such cards was played share an entry;
  the key is read from per-suit tables (a suit's remaining cards in order of strength,
  their canonical names, each hand's cards packed among them), a few lookups per suit;
  entries are kept in two-entry buckets (the one that cost more nodes to search is
  kept first), three numbers each;
* bounds: a team cannot take more than the points still out, plus the bonuses still
  possible; the highest trumps, as far as one team holds them all, are that team's
  points for sure; and quick tricks: while the leader's opponents hold no trump (or in
  Obenabe and Undenufe, or when the leader's top trumps, led first, are at least as
  many as each opponent's trumps and so draw them), the leader's masters, each suit's
  highest cards left in an unbroken run, win one trick after another, with every trump
  and, from each other hand, at least its lowest cards of the suits cashed that it
  must follow with (all the points when the masters are every trick left); a search
  whose window lies outside those bounds returns at once (the sure points are counted
  after the table's lookup: a position found there needs none of that work);
* in Belote and Deberts, leads are tried in the order of their history: a lead that
  refuted a position is tried early in the others (weighted by the tricks it decided);
  this searched a third fewer nodes in Belote and a sixth fewer in Deberts, while in
  Schieber, where any player may trump at any time, the static order searched fewer
  and is kept;
* in every game the last lead that refuted a position of the same seat and trick (a
  killer move) is tried first after the table's move: a fifth fewer nodes in Schieber's
  whole deals, an eighth fewer in Belote's (killers for the other three cards of a
  trick searched twice as many, and are not used);
* the value is found by null-window searches (MTD(f)) whose steps double while the
  tests keep failing the same way, then halve the bracket (:func:`_mtd`), testing only
  values of the parity the position allows (:func:`_grain`);
* every legal card's value (:meth:`Solver.values`) is searched once per class of
  equivalent cards, sharing one table, each class's search starting from the last
  one's value;
* the last trick, where every hand holds one card, is counted, not searched; with two
  tricks left (four players), the ways to play the first (at most 16) are played out
  by alpha-beta within the search's window, neither searched nor stored in the table
  (a tenth faster on Schieber's whole deals, a third fewer nodes);
* the search is one loop that calls no compiled function taking arrays: numba counts
  every array passed in and out of a call with atomic operations, which cost more than
  a node's work (removing them made the solver 2-3x faster at the same node counts).

None of this changes a value: every value is exact (or exact for the depth-limited
tree, with its static estimate, that the bots search early in a deal).

The value is *team 0's points minus team 1's* over the tricks still to play, last
trick included, plus the bonuses that depend on who takes tricks (a capot, Deberts'
sequences that count only for a player who takes a trick). Everything else in a deal's
score is fixed once the cards are dealt, and every game's final result is a monotone
function of that difference, so perfect play for the difference is perfect play for
the result: the bots convert the value with the game's scoring afterwards.

The kernel is written once in the subset of Python that numba compiles, and its card
rules (what a seat may play, who takes a trick) are those of :mod:`atout.kernel.rules`,
shared with the complete-deal kernel and the vectorized environment. With numba
installed (``pip install atout[search]``) it runs compiled (cached on disk); without
it, or with ``ATOUT_PURE_SOLVER=1``, the same code runs as plain Python on lists, fast
enough for endings and for the tests. The tests check both against a brute-force
minimax over the game engines themselves.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from atout.cards import bits
from atout.kernel.rules import (
    BELOTE,
    COMPILED,
    DEBERTS,
    P_CAP0,
    P_CAP1,
    P_GAME,
    P_GEN,
    P_LAST,
    P_N,
    P_SEQ0,
    P_SEQ1,
    P_STOP,
    P_TOTAL,
    P_TRUMP,
    P_UNDER,
    SCHIEBER,
    best_of,
    card_beats,
    legal_cards,
    legal_cards_scalar,
    legal_cards_vs,
    np,
    popcount,
    suit_bits,
)
from atout.kernel.rules import above_table as _above
from atout.kernel.rules import array as _array
from atout.kernel.rules import jit as _jit
from atout.kernel.rules import now_us as _now_us
from atout.kernel.rules import order_table as _order
from atout.kits import parts

if TYPE_CHECKING:
    from atout.games.belote import BeloteView
    from atout.games.deberts import DebertsView
    from atout.games.schieber import SchieberView

__all__ = [
    "BELOTE",
    "COMPILED",
    "DEBERTS",
    "SCHIEBER",
    "PlayProblem",
    "SearchTimeout",
    "Solver",
    "problem_from_deal",
    "shared_solver",
]

def _kth_tables() -> tuple[Any, Any]:
    """For each 9-bit mask: its number of cards, and its k-th lowest card (k < 9)."""
    pop = [bin(m).count("1") for m in range(512)]
    kth = [0] * (512 * 9)
    for m in range(512):
        for k, r in enumerate(r for r in range(9) if m >> r & 1):
            kth[9 * m + k] = r
    return _array(pop), _array(kth)


_POP9, _KTH9 = _kth_tables()
_INF: Final = 1_000_000
_STEP: Final = 4  # first step of the value search after a test fails (see _mtd)
_GEN_SHIFT: Final = 44
_GEN_LIMIT: Final = 1 << 19
_CLAMP: Final = 1 << 15  # table bounds are kept within +-_CLAMP (beyond: infinite)
_NO_LIMIT: Final = 1 << 62  # a node limit never reached


if COMPILED:  # pragma: no cover - depends on the installation

    @_jit
    def _ints(size: int) -> Any:
        """Room for ``size`` integers (an array compiled, a list otherwise)."""
        return np.zeros(size, dtype=np.int64)

else:

    def _ints(size: int) -> Any:
        """Room for ``size`` integers (an array compiled, a list otherwise)."""
        return [0] * size


class SearchTimeout(TimeoutError):
    """A search stopped at its deadline (or node limit) before finding the value."""


def _pext_table() -> Any:
    """``PX[512 * r + a]``: the bits of ``a`` at the places of the bits of ``r``,
    packed low (nine-bit masks), for the table's key in :func:`_search`."""
    if COMPILED:
        r = np.arange(512, dtype=np.int64)[:, None]
        a = np.arange(512, dtype=np.int64)[None, :]
        out = np.zeros((512, 512), dtype=np.int64)
        k = np.zeros((512, 1), dtype=np.int64)
        for b in range(9):
            inr = (r >> b) & 1
            out |= ((a >> b) & 1) * inr << k
            k = k + inr
        return out.reshape(-1)
    # plain Python: only the masks ``a`` within ``r`` (the only ones looked up: a
    # hand's cards are among the remaining ones), 3^9 entries instead of 512^2
    table = [0] * (512 * 512)
    for rest in range(512):
        places = [b for b in range(9) if rest >> b & 1]
        sub = rest
        while True:
            v = 0
            for i, b in enumerate(places):
                v |= (sub >> b & 1) << i
            table[512 * rest + sub] = v
            if sub == 0:
                break
            sub = (sub - 1) & rest
    return table


_PX: Any = None


def _pext() -> Any:
    global _PX
    if _PX is None:
        _PX = _pext_table()
    return _PX


@functools.lru_cache(maxsize=64)
def _suit_tables(points: tuple[int, ...], strength: tuple[int, ...]) -> tuple[int, ...]:
    """Per contract, three tables of ``4 * 512`` by suit and nine-bit mask ``m`` of
    the suit's cards: ``m`` in order of strength (bit j: the j-th strongest card of the
    suit), the canonical cards of a suit whose remaining cards are ``m`` (the table's
    key in :func:`_search`), and the points of a mask in order of strength; then one of
    ``4 * 512 * 10``: the points of the ``k`` lowest-valued cards of ``m`` (all of them
    when ``k`` is larger), at ``5120 * suit + 10 * m + k``. Kept per contract (tens of
    milliseconds to build; a game has a few contracts)."""
    order = _order(strength)
    sp = [0] * 2048
    can = [0] * 2048
    psp = [0] * 2048
    for s in range(4):
        b = 9 * s
        for m in range(512):
            v = 0
            p = 0
            for j in range(9):
                r = order[b + j] - b
                if m >> r & 1:
                    v |= 1 << j
                if m >> j & 1:
                    p += points[order[b + j]]
            sp[512 * s + m] = v
            psp[512 * s + m] = p
            cm = 0
            q = 0
            for j in range(9):
                c = order[b + j]
                if m >> (c - b) & 1:
                    while points[order[b + q]] != points[c]:
                        q += 1
                    cm |= 1 << (order[b + q] - b)
                    q += 1
            can[512 * s + m] = cm
    low = [0] * (4 * 512 * 10)
    for s in range(4):
        for m in range(512):
            held = sorted(points[9 * s + r] for r in range(9) if m >> r & 1)
            for k in range(10):
                low[5120 * s + 10 * m + k] = sum(held[:k])
    return (*sp, *can, *psp, *low)


@_jit
def _bonus(P: Any, flags: int) -> int:
    """The bonuses of a finished deal in which the teams in ``flags`` took tricks."""
    v = 0
    if flags == 1:
        v += P[P_CAP0]
    elif flags == 2:
        v -= P[P_CAP1]
    if flags & 1:
        v += P[P_SEQ0]
    if flags & 2:
        v -= P[P_SEQ1]
    return v


@_jit
def _search(
    P: Any, hands: Any, cards: Any, ti0: int, tn0: int, leader0: int, flags0: int,
    alpha_in: int, beta_in: int, pts: Any, stren: Any, above: Any, order: Any,
    ctab: Any, px: Any, tt: Any, hist: Any, stats: Any,
) -> int:
    """Value (team 0 minus team 1) of the rest of the deal by alpha-beta; ``ti0`` is the
    number of the trick being played, ``tn0`` the cards already in it. Iterative, with an
    explicit stack (numba cannot cache recursive functions), and one loop that calls no
    function taking arrays: numba counts each array passed in and out of a call by
    atomic operations, which cost more than a node's work. The trick's winning card is
    kept as the cards fall (:func:`legal_cards_scalar` needs no more of the trick)."""
    n = P[P_N]
    total = P[P_TOTAL]
    t = P[P_TRUMP]
    stop = P[P_STOP]
    gen = P[P_GEN]
    game = P[P_GAME]
    under = P[P_UNDER]
    lastb = P[P_LAST]
    mask = len(tt) // 3 - 2
    horizon = stop < total and (ti0 < stop or (ti0 == stop and tn0 == 0))
    # leads are ordered by their history of cutoffs (see Solver) where that was measured
    # to save nodes: Belote and Deberts, where a trick must be trumped; in Schieber the
    # static order alone searched fewer
    by_history = game != SCHIEBER
    # Bounds on the rest: each team takes at most the points still out (the last
    # trick's bonus included when the search goes to the end), plus the bonuses that
    # the teams having taken a trick (``flags``) still allow.
    BON = _ints(4)
    BMAX = _ints(4)
    BMIN = _ints(4)
    for f in range(4):
        BON[f] = _bonus(P, f)
    if not horizon:
        for f in range(4):
            hi = -_INF
            lo = _INF
            for g in range(1, 4):
                b = BON[f | g]
                if b > hi:
                    hi = b
                if b < lo:
                    lo = b
            BMAX[f] = hi
            BMIN[f] = lo
    D = 40
    TI = _ints(D)
    TN = _ints(D)
    LD = _ints(D)
    FL = _ints(D)
    AL = _ints(D)
    BE = _ints(D)
    A0 = _ints(D)
    B0 = _ints(D)
    BEST = _ints(D)
    BMV = _ints(D)
    NM = _ints(D)
    K = _ints(D)
    SG = _ints(D)
    UT = _ints(D)
    IX = _ints(D)
    K1 = _ints(D)
    K2 = _ints(D)
    RP = _ints(D)
    NS = _ints(D)
    RM = _ints(D)
    BC = _ints(D)  # the card winning the trick so far (before the frame's move)
    BI = _ints(D)  # its place in the trick
    moves = _ints(9 * D)
    # the killer lead of each seat and trick: the last one that refuted a position
    KL = _ints(40)
    for i in range(40):
        KL[i] = -1
    scores = _ints(9)
    d = 0
    TI[0] = ti0
    TN[0] = tn0
    LD[0] = leader0
    FL[0] = flags0
    AL[0] = alpha_in
    BE[0] = beta_in
    if tn0 > 0:
        bi0 = best_of(cards, 4 * ti0, tn0, t, stren)
        BI[0] = bi0
        BC[0] = cards[4 * ti0 + bi0]
    out = 0
    for o in range(n):
        m = hands[o]
        while m:
            low = m & -m
            out += pts[popcount(low - 1)]
            m ^= low
    for i in range(tn0):
        out += pts[cards[4 * ti0 + i]]
    RP[0] = out if horizon else out + lastb
    entering = True
    ret = 0
    while True:
        if entering:
            stats[0] += 1
            if stats[0] >= stats[1] or (
                stats[0] & 1023 == 0 and stats[3] and _now_us() >= stats[3]
            ):
                # out of nodes (the caller's deadline): give up at once, storing nothing
                stats[2] = 1
                return 0
            ti = TI[d]
            tn = TN[d]
            flags = FL[d]
            alpha = AL[d]
            beta = BE[d]
            A0[d] = alpha
            B0[d] = beta
            UT[d] = 0
            done = False
            if tn == 0 and ti == total:
                ret = BON[flags]
                done = True
            elif tn == 0 and ti + 1 == total and ti != stop:
                # the last trick: one card in each hand, nothing to choose
                ld = LD[d]
                gained = lastb
                best = -1
                bi = 0
                for i in range(n):
                    m = hands[(ld + i) % n]
                    c = popcount((m & -m) - 1)
                    gained += pts[c]
                    if i == 0 or card_beats(c, best, t, stren[c], stren[best]):
                        best = c
                        bi = i
                team = ((ld + bi) % n) % 2
                ret = (gained if team == 0 else -gained) + BON[flags | (1 << team)]
                done = True
            elif tn == 0 and ti + 2 == total and n == 4 and not horizon:
                # two tricks left, two cards in each hand: every way to play the
                # first (at most 16) by alpha-beta, the last one forced; cheaper
                # than searching them and keeps these positions out of the table.
                # ``u`` is the leader's team's value, which seats 0 and 2 from the
                # leader raise and seats 1 and 3 lower.
                ld = LD[d]
                sgn = 1 if ld % 2 == 0 else -1
                # the window in the leader's team's view: fail-soft alpha-beta
                # within it (each level's loop stops at its cutoff)
                wa = alpha if sgn == 1 else -beta
                wb = beta if sgn == 1 else -alpha
                h0 = hands[ld]
                h1 = hands[(ld + 1) % 4]
                h2 = hands[(ld + 2) % 4]
                h3 = hands[(ld + 3) % 4]
                u0 = -_INF
                m0 = h0
                while m0 and u0 < wb:
                    b0 = m0 & -m0
                    m0 ^= b0
                    a = popcount(b0 - 1)
                    a1 = max(wa, u0)
                    u1 = _INF
                    m1 = legal_cards_scalar(game, t, under, h1, a, a, 0, 1, above[a])
                    while m1 and u1 > a1:
                        b1 = m1 & -m1
                        m1 ^= b1
                        c1 = popcount(b1 - 1)
                        w1 = a
                        i1 = 0
                        if card_beats(c1, w1, t, stren[c1], stren[w1]):
                            w1 = c1
                            i1 = 1
                        b2w = min(wb, u1)
                        u2 = -_INF
                        m2 = legal_cards_scalar(
                            game, t, under, h2, a, w1, i1, 2, above[w1]
                        )
                        while m2 and u2 < b2w:
                            b2 = m2 & -m2
                            m2 ^= b2
                            c2 = popcount(b2 - 1)
                            w2 = w1
                            i2 = i1
                            if card_beats(c2, w2, t, stren[c2], stren[w2]):
                                w2 = c2
                                i2 = 2
                            a3 = max(a1, u2)
                            u3 = _INF
                            m3 = legal_cards_scalar(
                                game, t, under, h3, a, w2, i2, 3, above[w2]
                            )
                            while m3 and u3 > a3:
                                b3 = m3 & -m3
                                m3 ^= b3
                                c3 = popcount(b3 - 1)
                                i3 = i2
                                if card_beats(c3, w2, t, stren[c3], stren[w2]):
                                    i3 = 3
                                g1 = pts[a] + pts[c1] + pts[c2] + pts[c3]
                                # the last trick, from the first one's winner
                                g2 = lastb
                                wl = -1
                                il = 0
                                for j in range(4):
                                    o = (i3 + j) % 4
                                    if o == 0:
                                        rm = h0 ^ b0
                                    elif o == 1:
                                        rm = h1 ^ b1
                                    elif o == 2:
                                        rm = h2 ^ b2
                                    else:
                                        rm = h3 ^ b3
                                    cl = popcount(rm - 1)
                                    g2 += pts[cl]
                                    if j == 0 or card_beats(cl, wl, t, stren[cl], stren[wl]):
                                        wl = cl
                                        il = j
                                ta = (ld + i3) % 2
                                tb = (ld + i3 + il) % 2
                                u = sgn * (
                                    (g1 if ta == 0 else -g1) + (g2 if tb == 0 else -g2)
                                    + BON[flags | (1 << ta) | (1 << tb)]
                                )
                                if u < u3:
                                    u3 = u
                            if u3 > u2:
                                u2 = u3
                        if u2 < u1:
                            u1 = u2
                    if u1 > u0:
                        u0 = u1
                ret = sgn * u0
                done = True
            elif tn == 0 and ti == stop:
                # depth limit: each team is credited half the points it still holds
                v = 0
                for o in range(n):
                    m = hands[o]
                    held = 0
                    while m:
                        low = m & -m
                        held += pts[popcount(low - 1)]
                        m ^= low
                    v += held if o % 2 == 0 else -held
                ret = v // 2
                done = True
            else:
                hi = RP[d] + BMAX[flags]
                lo = BMIN[flags] - RP[d]
                if hi <= alpha or lo >= beta:
                    ret = hi if hi <= alpha else lo
                    done = True
            hint = -1
            k1 = -1
            k2 = 0
            if not done and tn == 0:
                rem = hands[0] | hands[1] | hands[2] | hands[3]
                if n == 2 or popcount(rem) <= 32:
                    # The table's key, up to equivalent cards: the value of the rest
                    # depends only on each suit's remaining cards in order of
                    # strength, their points and who holds them, not on which cards
                    # of the suit were played. So each remaining card is renamed to
                    # the first card of its suit, in order of strength, that keeps
                    # the order and the points (the first embedding of the suit's
                    # sequence of points, the same for every position with that
                    # sequence; the trump Jack, the only trump of its value, stays
                    # itself): ``k1`` holds the renamed cards, with the leader, the
                    # flags and the depth limit, ``k2`` the holders of the remaining
                    # cards suit by suit in order of strength (a bit per card for
                    # hands 1 and 3, then one for hands 2 and 3; one bit for hand 1
                    # with two players), from the tables of _suit_tables/_pext_table.
                    cmask = 0
                    shift = 0
                    for s in range(4):
                        r = (rem >> (9 * s)) & 511
                        if r == 0:
                            continue
                        rp = 512 * ctab[512 * s + r]
                        cmask |= ctab[2048 + 512 * s + r] << (9 * s)
                        k = _POP9[r]
                        if n == 2:
                            k2 |= px[rp + ctab[512 * s + ((hands[1] >> (9 * s)) & 511)]] << shift
                            shift += k
                        else:
                            lo4 = ((hands[1] | hands[3]) >> (9 * s)) & 511
                            hi4 = ((hands[2] | hands[3]) >> (9 * s)) & 511
                            k2 |= (
                                px[rp + ctab[512 * s + lo4]]
                                | (px[rp + ctab[512 * s + hi4]] << k)
                            ) << shift
                            shift += 2 * k
                    k1 = cmask | (LD[d] << 36) | (flags << 38) | (stop << 40)
                    RM[d] = rem
            if k1 >= 0:
                x1 = k1 ^ (k1 >> 20) ^ (k1 >> 40)
                x2 = k2 ^ (k2 >> 20) ^ (k2 >> 40)
                idx = ((x1 * 0x9E3779B1) ^ x2) & mask
                UT[d] = 1
                IX[d] = idx
                K1[d] = k1
                K2[d] = k2
                NS[d] = stats[0]
                slot = 3 * idx
                if not (tt[slot] == k1 and tt[slot + 1] == k2
                        and tt[slot + 2] >> _GEN_SHIFT == gen):
                    slot += 3
                    if not (tt[slot] == k1 and tt[slot + 1] == k2
                            and tt[slot + 2] >> _GEN_SHIFT == gen):
                        slot = -1
                if slot >= 0:
                    data = tt[slot + 2]
                    lo = (data & 0xFFFF) - _CLAMP
                    hi = ((data >> 16) & 0xFFFF) - _CLAMP
                    if lo == -_CLAMP:
                        lo = -_INF
                    if hi == _CLAMP - 1:
                        hi = _INF
                    if lo >= beta or lo == hi:
                        ret = lo
                        done = True
                    elif hi <= alpha:
                        ret = hi
                        done = True
                    else:
                        if lo > alpha:
                            AL[d] = lo
                        if hi < beta:
                            BE[d] = hi
                        # the best move stored: its suit and its place in the suit
                        # among the remaining cards
                        code = (data >> 32) & 63
                        b9 = 9 * (code // 9)
                        i = code % 9
                        for r in range(9):
                            c = order[b9 + r]
                            if RM[d] & (1 << c):
                                if i == 0:
                                    hint = c
                                    break
                                i -= 1
            if not done and tn == 0 and not horizon:
                # (after the table: a position found there needs none of this)
                alpha = AL[d]
                beta = BE[d]
                hi = _INF
                lo = -_INF
                # the highest trumps left, as far as one team holds them all, each
                # win the trick they fall in: that team takes at least their points
                sure = 0
                team = -1
                rem = hands[0] | hands[1] | hands[2] | hands[3]
                tr = 0
                if t >= 0:
                    tr = (rem >> (9 * t)) & 511
                if tr:
                    rp = ctab[512 * t + tr]
                    c0 = px[512 * rp + ctab[
                        512 * t + (((hands[0] | hands[2]) >> (9 * t)) & 511)]]
                    k = _POP9[tr]
                    team = 0
                    if not c0 & 1:
                        team = 1
                        c0 = ~c0 & ((1 << k) - 1)
                    run = _POP9[c0 ^ (c0 + 1)] - 1  # its trumps from the top
                    top = rp if run >= k else rp & ((1 << _KTH9[9 * rp + run]) - 1)
                    sure = ctab[4096 + 512 * t + top]
                # Quick tricks: when the leader's opponents hold no trump (or there
                # is none), the leader's masters (each suit's highest cards left, in
                # an unbroken run) win one trick after another, the lead staying
                # with the leader; every trump is the leader's team's then.
                ld = LD[d]
                lt = ld % 2
                # (with two players, hands 2 and 3 are empty)
                opp = hands[(ld + 1) % 4] | hands[(ld + 3) % 4]
                drawn = t < 0 or not opp & suit_bits(t)
                if not drawn:
                    # Trumps drawn by the leader: when the leader's top trumps
                    # (an unbroken run from the highest) are at least as many as
                    # each opponent's trumps, leading them first takes every
                    # trump the opponents hold (they must follow), and the
                    # masters are sure as above, trumps included.
                    rp = ctab[512 * t + tr]
                    c0 = px[512 * rp + ctab[512 * t + ((hands[ld] >> (9 * t)) & 511)]]
                    run = _POP9[c0 ^ (c0 + 1)] - 1
                    drawn = (
                        run >= popcount(hands[(ld + 1) % 4] & suit_bits(t))
                        and run >= popcount(hands[(ld + 3) % 4] & suit_bits(t))
                    )
                if drawn:
                    lh = hands[ld]
                    q = 0
                    side = 0
                    qs = 0
                    for s in range(4):
                        r = (rem >> (9 * s)) & 511
                        lm = (lh >> (9 * s)) & 511
                        if lm == 0:
                            continue
                        rp = ctab[512 * s + r]
                        c0 = px[512 * rp + ctab[512 * s + lm]]
                        run = _POP9[c0 ^ (c0 + 1)] - 1
                        if run == 0:
                            continue
                        q += run
                        if s != t:
                            side += run
                            k = _POP9[r]
                            top = rp if run >= k else rp & ((1 << _KTH9[9 * rp + run]) - 1)
                            qs += ctab[4096 + 512 * s + top]
                            # each other hand plays at least min(run, its cards
                            # of the suit) of them to those tricks (following
                            # suit, the partner by choice, or earlier as a
                            # discard): at least their lowest points
                            for i in range(1, n):
                                m = (hands[(ld + i) % n] >> (9 * s)) & 511
                                qs += ctab[6144 + 5120 * s + 10 * m + run]
                    if q and t >= 0 and n == 4 and game == SCHIEBER:
                        # a Schieber partner void in the suit led and holding only
                        # trumps must trump, taking the lead: sure only while the
                        # partner has another card for each side trick
                        pt = hands[(ld + 2) % 4]
                        if pt & suit_bits(t) and popcount(pt & ~suit_bits(t)) < side:
                            q = 0
                    if q:
                        if tr:
                            qs += ctab[4096 + 512 * t + ctab[512 * t + tr]]
                        if q == popcount(lh):
                            qs = RP[d]  # every trick left
                        if qs > sure or team < 0:
                            sure = qs
                            team = lt
                # (and so it takes a trick: only the bonuses that allow)
                if team == 0:
                    lo = 2 * sure - RP[d] + BMIN[flags | 1]
                    hi = RP[d] + BMAX[flags | 1]
                elif team == 1:
                    hi = RP[d] - 2 * sure + BMAX[flags | 2]
                    lo = BMIN[flags | 2] - RP[d]
                if hi <= alpha or lo >= beta:
                    ret = hi if hi <= alpha else lo
                    done = True
            if done:
                entering = False
            else:
                # the moves of the player to act, reduced and ordered: of two legal
                # cards adjacent in strength among the live cards and worth the same,
                # only the higher is searched (they lead to the same values)
                leader = LD[d]
                seat = (leader + tn) % n
                hand = hands[seat]
                base = 4 * ti
                mb = 9 * d
                live = hands[0] | hands[1] | hands[2] | hands[3]
                bestc = -1
                my_team_wins = False
                if tn == 0:
                    legal = hand
                else:
                    for i in range(tn):
                        live |= 1 << cards[base + i]
                    bestc = BC[d]
                    led = cards[base]
                    legal = legal_cards_scalar(
                        game, t, under, hand, led, bestc, BI[d], tn, above[bestc]
                    )
                    my_team_wins = ((leader + BI[d]) % n) % 2 == seat % 2
                nm = 0
                for s in range(4):
                    if not legal & suit_bits(s):
                        continue
                    prev = -1
                    for r in range(9):
                        c = order[9 * s + r]
                        bit = 1 << c
                        if not live & bit:
                            continue
                        if not legal & bit:
                            prev = -1
                            continue
                        if prev >= 0 and pts[c] == pts[prev]:
                            continue  # equivalent to the card just above it
                        prev = c
                        if c == hint:
                            sc = 1 << 62
                        elif tn == 0:
                            sc = stren[c] + (20 if c // 9 == t else 0) + pts[c] // 4
                            if by_history:
                                sc += hist[36 * seat + c]
                            if c == KL[10 * seat + ti]:
                                sc += 1 << 40
                        else:
                            beats = card_beats(c, bestc, t, stren[c], stren[bestc])
                            if my_team_wins:
                                sc = 200 + pts[c] if not beats else 100 - stren[c]
                            elif beats:
                                sc = 300 - stren[c] - (10 if c // 9 == t else 0)
                            else:
                                sc = 100 - pts[c]
                        j = nm
                        while j > 0 and scores[j - 1] < sc:
                            moves[mb + j] = moves[mb + j - 1]
                            scores[j] = scores[j - 1]
                            j -= 1
                        moves[mb + j] = c
                        scores[j] = sc
                        nm += 1
                NM[d] = nm
                K[d] = 0
                BEST[d] = -_INF if seat % 2 == 0 else _INF
                BMV[d] = moves[mb]
        else:
            # ``ret`` is the value of the child of frame d - 1 (or of the root)
            if d == 0:
                return ret
            d -= 1
            seat = (LD[d] + TN[d]) % n
            c = moves[9 * d + K[d] - 1]
            hands[seat] ^= 1 << c
            v = SG[d] + ret
            if seat % 2 == 0:
                if v > BEST[d]:
                    BEST[d] = v
                    BMV[d] = c
                if BEST[d] > AL[d]:
                    AL[d] = BEST[d]
            else:
                if v < BEST[d]:
                    BEST[d] = v
                    BMV[d] = c
                if BEST[d] < BE[d]:
                    BE[d] = BEST[d]
            if AL[d] < BE[d] and K[d] < NM[d]:
                entering = True  # play the next move below
            else:
                if TN[d] == 0 and AL[d] >= BE[d]:
                    KL[10 * seat + TI[d]] = BMV[d]
                if by_history and TN[d] == 0 and AL[d] >= BE[d]:
                    # a lead that refuted the position: tried earlier in the others,
                    # the more so the more tricks it decided
                    hist[36 * seat + BMV[d]] += 1 << (total - TI[d])
                best = BEST[d]
                if UT[d]:
                    # store the value as bounds in the two-entry bucket: into the
                    # entry of the same position if there is one, else into the
                    # first entry when this search took at least as much work as
                    # the one stored there (which moves to the second entry), else
                    # into the second. An entry is three numbers: the two keys,
                    # then the bounds, the best move (its suit and place among the
                    # remaining cards), the work (log2 of the nodes searched) and
                    # the table's generation packed in one.
                    work = stats[0] - NS[d]
                    w = 0
                    while work > 1 and w < 63:
                        work >>= 1
                        w += 1
                    k1 = K1[d]
                    k2 = K2[d]
                    lo = -_INF
                    hi = _INF
                    e = 3 * IX[d]
                    slot = -1
                    if tt[e] == k1 and tt[e + 1] == k2 and tt[e + 2] >> _GEN_SHIFT == gen:
                        slot = e
                    elif (tt[e + 3] == k1 and tt[e + 4] == k2
                          and tt[e + 5] >> _GEN_SHIFT == gen):
                        slot = e + 3
                    if slot >= 0:
                        data = tt[slot + 2]
                        lo = (data & 0xFFFF) - _CLAMP
                        hi = ((data >> 16) & 0xFFFF) - _CLAMP
                        if lo == -_CLAMP:
                            lo = -_INF
                        if hi == _CLAMP - 1:
                            hi = _INF
                        w = max(w, (data >> 38) & 63)
                    else:
                        data = tt[e + 2]
                        if w >= (data >> 38) & 63 or data >> _GEN_SHIFT != gen:
                            slot = e
                            tt[e + 3] = tt[e]
                            tt[e + 4] = tt[e + 1]
                            tt[e + 5] = data
                        else:
                            slot = e + 3
                    if best <= A0[d]:
                        if best < hi:
                            hi = best
                    elif best >= B0[d]:
                        if best > lo:
                            lo = best
                    else:
                        lo = best
                        hi = best
                    # bounds beyond the packed range are stored weaker (still true)
                    lo = max(-_CLAMP, min(lo, _CLAMP - 2))
                    hi = max(1 - _CLAMP, min(hi, _CLAMP - 1))
                    bm = BMV[d]
                    move = 9 * (bm // 9) + popcount(RM[d] & above[bm])
                    tt[slot] = k1
                    tt[slot + 1] = k2
                    tt[slot + 2] = (
                        (lo + _CLAMP) | ((hi + _CLAMP) << 16) | (move << 32) | (w << 38)
                        | (gen << _GEN_SHIFT)
                    )
                ret = best
                continue
        if entering:
            # play move K[d] of frame d and enter the child
            ti = TI[d]
            tn = TN[d]
            leader = LD[d]
            seat = (leader + tn) % n
            c = moves[9 * d + K[d]]
            K[d] += 1
            hands[seat] ^= 1 << c
            base = 4 * ti
            cards[base + tn] = c
            if tn == 0:
                best = c
                bi = 0
            else:
                best = BC[d]
                bi = BI[d]
                if card_beats(c, best, t, stren[c], stren[best]):
                    best = c
                    bi = tn
            if tn + 1 == n:
                winner = (leader + bi) % n
                gained = 0
                for i in range(n):
                    gained += pts[cards[base + i]]
                if ti + 1 == total:
                    gained += lastb
                team = winner % 2
                signed = gained if team == 0 else -gained
                SG[d] = signed
                TI[d + 1] = ti + 1
                TN[d + 1] = 0
                LD[d + 1] = winner
                FL[d + 1] = FL[d] | (1 << team)
                AL[d + 1] = AL[d] - signed
                BE[d + 1] = BE[d] - signed
                RP[d + 1] = RP[d] - gained
            else:
                SG[d] = 0
                TI[d + 1] = ti
                TN[d + 1] = tn + 1
                LD[d + 1] = leader
                FL[d + 1] = FL[d]
                AL[d + 1] = AL[d]
                BE[d + 1] = BE[d]
                RP[d + 1] = RP[d]
                BC[d + 1] = best
                BI[d + 1] = bi
            d += 1


@_jit
def _rollout(
    P: Any, hands: Any, cards: Any, ti: int, tn: int, leader: int, flags: int,
    pts: Any, stren: Any, above: Any, seed: int,
) -> int:
    """Play the deal out with uniformly random legal cards (for ISMCTS); returns the
    value of the rest (team 0 minus team 1, bonuses included). ``hands`` and ``cards``
    are changed. The trick's winning card is kept as the cards fall (the rules need
    nothing else of the trick), and the k-th legal card is found suit by suit."""
    n = P[P_N]
    t = P[P_TRUMP]
    total = P[P_TOTAL]
    state = seed & 0x7FFFFFFF
    v = 0
    best = 0
    bi = 0
    gained = 0
    if tn > 0:
        base = 4 * ti
        bi = best_of(cards, base, tn, t, stren)
        best = cards[base + bi]
        for i in range(tn):
            gained += pts[cards[base + i]]
    while ti < total:
        seat = (leader + tn) % n
        hand = hands[seat]
        legal = hand if tn == 0 else legal_cards_vs(P, hand, cards[4 * ti], best, bi, tn, above)
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        pick = (state >> 8) % popcount(legal)
        # the pick-th card of the legal mask, suit by suit
        c = 0
        for s in range(4):
            m = (legal >> (9 * s)) & 511
            k = _POP9[m]
            if pick < k:
                c = 9 * s + _KTH9[9 * m + pick]
                break
            pick -= k
        hands[seat] = hand ^ (1 << c)
        cards[4 * ti + tn] = c
        gained += pts[c]
        if tn == 0:
            best = c
            bi = 0
        elif c // 9 == best // 9:
            if stren[c] > stren[best]:
                best = c
                bi = tn
        elif c // 9 == t:
            best = c
            bi = tn
        tn += 1
        if tn == n:
            if ti + 1 == total:
                gained += P[P_LAST]
            winner = (leader + bi) % n
            team = winner % 2
            v += gained if team == 0 else -gained
            flags |= 1 << team
            leader = winner
            gained = 0
            ti += 1
            tn = 0
    return v + _bonus(P, flags)


@_jit
def _legal_of(
    P: Any, hands: Any, cards: Any, ti: int, tn: int, leader: int, stren: Any, above: Any
) -> Any:
    n = P[P_N]
    seat = (leader + tn) % n
    return legal_cards(P, hands[seat], cards, 4 * ti, tn, leader, seat, stren, above)


def _grain(
    P: Any, hands: Any, cards: Any, ti: int, tn: int, pts: Any,
) -> tuple[int, int]:
    """The values a search to the end can take: ``(2, r)`` when every value is ``r``
    modulo 2, else ``(1, 0)``. A value is team 0's points minus team 1's over the rest,
    ``2 * team0 - rest``, plus bonuses: so it has the parity of the points still out
    (the last trick's included) when every bonus is even, as it is in every game's
    rules. A depth-limited search (half the points held) has no such grain."""
    stop = int(P[P_STOP])
    total = int(P[P_TOTAL])
    if stop < total:
        return 1, 0
    for f in range(4):
        if int(_bonus(P, f)) % 2:
            return 1, 0
    out = int(P[P_LAST])
    for o in range(int(P[P_N])):
        for c in bits(int(hands[o])):
            out += int(pts[c])
    for i in range(tn):
        out += int(pts[cards[4 * ti + i]])
    return 2, out % 2


def _mtd(
    P: Any, hands: Any, cards: Any, ti: int, tn: int, leader: int, flags: int,
    guess: int, pts: Any, stren: Any, above: Any, order: Any, ctab: Any, px: Any,
    tt: Any, hist: Any, stats: Any,
) -> int:
    """Exact value of a position by null-window searches sharing the transposition
    table (MTD(f) from ``guess``). A fail-soft result is often only just past the
    test, so after tests that fail the same way the next test goes further (steps
    doubling), and once the value is bracketed no test lies beyond the middle. Only
    values the position can take are tested (:func:`_grain`: in a search to the end,
    the parity of the points still out), so no test repeats another."""
    grain, res = _grain(P, hands, cards, ti, tn, pts)

    def up(x: int) -> int:  # the first possible value at or above x
        return x + (res - x) % grain

    def down(x: int) -> int:  # the last possible value at or below x
        return x - (x - res) % grain

    lower, upper = -_INF, _INF
    g = up(guess)
    step = 0
    last = 0
    while lower < upper:
        beta = g + grain if g == lower else g
        r = int(_search(
            P, hands, cards, ti, tn, leader, flags, beta - 1, beta, pts, stren, above,
            order, ctab, px, tt, hist, stats,
        ))
        if stats[2]:
            return 0  # out of nodes: no value
        if r < beta:
            upper = down(r)
            way = -1
        else:
            lower = up(r)
            way = 1
        step = 2 * step if way == last else _STEP
        last = way
        if way > 0:
            g = r + step - 1
            if upper < _INF:
                g = min(g, (lower + upper) // 2)
        else:
            g = r - step + 1
            if lower > -_INF:
                g = max(g, (lower + upper + 1) // 2)
        g = max(lower, min(upper, up(g)))
    return lower


def _root_classes(
    hands: Any, cards: Any, base: int, tn: int, legal: int, pts: Any, order: Any,
) -> list[list[int]]:
    """The legal cards of the player to move in classes of equal value: as in the
    search, two legal cards adjacent in strength among the live cards (the hands and
    the trick) and worth the same lead to the same values, so each class is solved
    once. The cards of a class are listed strongest first."""
    live = 0
    for h in hands:
        live |= int(h)
    for i in range(tn):
        live |= 1 << int(cards[base + i])
    classes: list[list[int]] = []
    for s in range(4):
        prev = -1
        for r in range(9):
            c = int(order[9 * s + r])
            if not live >> c & 1:
                continue
            if not legal >> c & 1:
                prev = -1
                continue
            if prev >= 0 and pts[c] == pts[prev]:
                classes[-1].append(c)
            else:
                classes.append([c])
            prev = c
    return classes


def _root(
    P: Any, hands: Any, cards: Any, ti: int, tn: int, leader: int, flags: int,
    pts: Any, stren: Any, above: Any, order: Any, ctab: Any, px: Any, out: Any,
    tt: Any, hist: Any, stats: Any,
) -> int:
    """Exact value of every legal card of the player to move (``out[card]``, team 0's
    view); returns the legal mask. Equivalent cards (:func:`_root_classes`) are solved
    once; each class's value is found by MTD(f), starting from the last one's value."""
    n = P[P_N]
    t = P[P_TRUMP]
    seat = (leader + tn) % n
    base = 4 * ti
    legal = int(legal_cards(P, hands[seat], cards, base, tn, leader, seat, stren, above))
    guess = 0
    for cls in _root_classes(hands, cards, base, tn, legal, pts, order):
        c = cls[0]
        hands[seat] ^= 1 << c
        cards[base + tn] = c
        if tn + 1 == n:
            wi = best_of(cards, base, n, t, stren)
            winner = (leader + wi) % n
            gained = sum(int(pts[cards[base + i]]) for i in range(n))
            if ti + 1 == P[P_TOTAL]:
                gained += int(P[P_LAST])
            team = winner % 2
            signed = gained if team == 0 else -gained
            g = signed + _mtd(
                P, hands, cards, ti + 1, 0, winner, flags | (1 << team), guess - signed,
                pts, stren, above, order, ctab, px, tt, hist, stats,
            )
        else:
            g = _mtd(
                P, hands, cards, ti, tn + 1, leader, flags, guess, pts, stren, above,
                order, ctab, px, tt, hist, stats,
            )
        hands[seat] ^= 1 << c
        if stats[2]:
            break  # out of nodes: the values are incomplete
        for e in cls:
            out[e] = g
        guess = g
    return legal


@dataclass(frozen=True)
class PlayProblem:
    """A card-play position with every hand known, in the solver's compact terms.

    ``points``/``strength`` are per card index for this contract (strength orders cards
    within their suit; trump order for trumps). ``trick`` holds the cards already played
    to the current trick, from ``leader``. ``flags`` says which teams have taken a trick
    (bit 0: team 0, bit 1: team 1). ``capot``/``seq`` are the bonuses by team (see the
    module docstring).
    """

    game: int
    n: int
    trump: int
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    tricks_done: int
    total_tricks: int
    flags: int
    points: tuple[int, ...]
    strength: tuple[int, ...]
    last_bonus: int
    capot: tuple[int, int] = (0, 0)
    seq: tuple[int, int] = (0, 0)
    undertrump: bool = True
    #: Stop the search at the start of this trick (a static estimate there); the
    #: default (``total_tricks``) searches to the end, exactly.
    stop: int = -1

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def params(self) -> list[int]:
        return [
            self.n, self.game, self.trump, int(self.undertrump), self.last_bonus,
            self.capot[0], self.capot[1], self.seq[0], self.seq[1], self.total_tricks,
            self.stop if 0 <= self.stop < self.total_tricks else self.total_tricks,
        ]


def shared_solver() -> Solver:
    """One solver per process, shared by the bots (its table is large)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Solver()
    return _SHARED


class Solver:
    """Solves :class:`PlayProblem` positions; keeps its transposition table between calls
    with the same contract (entries stay valid: a key is the whole position, up to
    equivalent cards, with the depth limit). ``tt_bits``: the table holds
    ``2 ** tt_bits`` entries of 24 bytes (48 MiB compiled, by default)."""

    def __init__(self, tt_bits: int | None = None) -> None:
        if tt_bits is None:
            tt_bits = 21 if COMPILED else 14
        size = 1 << max(tt_bits, 1)
        self._tt = np.zeros(3 * size, dtype=np.int64) if COMPILED else [0] * (3 * size)
        self._size = size
        self._gen = 0
        self._signature: tuple[Any, ...] | None = None
        self._tables: tuple[Any, Any, Any, Any] | None = None
        self._ctab: Any = None
        #: Nodes searched (cumulative), the node count at which a search gives up,
        #: whether the last search gave up, and its deadline (microseconds of
        #: ``time.perf_counter``, 0: none).
        self.stats = _array([0, _NO_LIMIT, 0, 0])
        #: Per seat and card, how often (weighted by the tricks left) a lead refuted a
        #: position in the current search (the history heuristic); emptied per call.
        self._hist = _array([0] * 144)

    @property
    def nodes(self) -> int:
        """Nodes searched since the solver was made (all searches together)."""
        return int(self.stats[0])

    def new_table(self) -> None:
        """Forget every stored position (a new generation of the table, at no cost): the
        next searches take the nodes they would take with an empty table, whatever was
        searched before, so that a node budget gives the same result in any process."""
        self._gen += 1
        if self._gen == _GEN_LIMIT:
            self._gen = 1
            if isinstance(self._tt, list):
                self._tt[:] = [0] * (3 * self._size)
            else:
                self._tt.fill(0)

    def _start(self, deadline: float | None, max_nodes: int | None) -> float:
        """Set the limits of the next search: a deadline (``time.perf_counter``), which
        the search checks every 1,024 nodes, and a number of nodes; return the start."""
        stats = self.stats
        stats[2] = 0
        if COMPILED:
            self._hist.fill(0)
        else:
            self._hist[:] = [0] * 144
        stats[1] = _NO_LIMIT if max_nodes is None else int(stats[0]) + max_nodes
        stats[3] = 0 if deadline is None else max(1, int(deadline * 1e6))
        return time.perf_counter()

    def _finish(self, start: float, nodes0: int) -> None:
        """Clear the limits; raise :class:`SearchTimeout` if the search gave up."""
        stats = self.stats
        stats[1] = _NO_LIMIT
        stats[3] = 0
        if stats[2]:
            stats[2] = 0
            spent = time.perf_counter() - start
            nodes = int(stats[0]) - nodes0
            raise SearchTimeout(f"search stopped after {nodes} nodes ({spent:.3f} s)")

    def _prepare(self, problem: PlayProblem) -> tuple[Any, Any, Any, Any, Any]:
        params = problem.params()
        # the depth limit is part of each key, so it does not empty the table
        signature = (
            problem.game, problem.trump, problem.points, problem.strength,
            tuple(params[:P_STOP]),
        )
        if signature != self._signature:
            # a new contract: entries of the old one no longer match (each entry holds
            # the generation it was stored in); the table is emptied only when the
            # generations run out
            self._signature = signature
            self.new_table()
            self._tables = (
                _array(list(problem.points)),
                _array(list(problem.strength)),
                _array(_above(problem.strength)),
                _array(_order(problem.strength)),
            )
            self._ctab = _array(list(_suit_tables(problem.points, problem.strength)))
        assert self._tables is not None
        return (_array([*params, self._gen]), *self._tables)

    def values(
        self, problem: PlayProblem, *, deadline: float | None = None,
        max_nodes: int | None = None,
    ) -> dict[int, int]:
        """Each legal card of the player to move with the exact value of the deal's rest
        after it (team 0's points minus team 1's, bonuses included).

        ``deadline`` (a ``time.perf_counter()`` time) or ``max_nodes`` bound the search:
        past them it raises :class:`SearchTimeout` (no value is ever approximate)."""
        P, pts, stren, above, order = self._prepare(problem)
        hands = _array(list(problem.hands) + [0] * (4 - problem.n))
        cards = _array([0] * (4 * (problem.total_tricks + 1)))
        base = 4 * problem.tricks_done
        for i, c in enumerate(problem.trick):
            cards[base + i] = c
        out = _array([0] * 36)
        nodes0 = int(self.stats[0])
        start = self._start(deadline, max_nodes)
        try:
            legal = _root(
                P, hands, cards, problem.tricks_done, len(problem.trick), problem.leader,
                problem.flags, pts, stren, above, order, self._ctab, _pext(), out, self._tt,
                self._hist, self.stats,
            )
        finally:
            self._finish(start, nodes0)
        return {c: int(out[c]) for c in bits(int(legal))}

    def kernel_state(self, problem: PlayProblem) -> tuple[Any, ...]:
        """The arrays the kernels work on, for callers that step positions themselves
        (ISMCTS): (P, pts, strength, above, order, hands, cards)."""
        P, pts, stren, above, order = self._prepare(problem)
        hands = _array(list(problem.hands) + [0] * (4 - problem.n))
        cards = _array([0] * (4 * (problem.total_tricks + 1)))
        base = 4 * problem.tricks_done
        for i, c in enumerate(problem.trick):
            cards[base + i] = c
        return P, pts, stren, above, order, hands, cards

    def value(
        self, problem: PlayProblem, guess: int = 0, *, deadline: float | None = None,
        max_nodes: int | None = None,
    ) -> int:
        """The value of the position under perfect play (team 0's view), by MTD(f) from
        ``guess``: one search from the position, cheaper than :meth:`values`.
        ``deadline`` and ``max_nodes`` as for :meth:`values`."""
        P, pts, stren, above, order, hands, cards = self.kernel_state(problem)
        nodes0 = int(self.stats[0])
        start = self._start(deadline, max_nodes)
        try:
            value = int(_mtd(
                P, hands, cards, problem.tricks_done, len(problem.trick), problem.leader,
                problem.flags, guess, pts, stren, above, order, self._ctab, _pext(),
                self._tt, self._hist, self.stats,
            ))
        finally:
            self._finish(start, nodes0)
        return value


_SHARED: Solver | None = None


# -- from the engines --------------------------------------------------------------------
@dataclass(frozen=True)
class SolverGame:
    """What the solver holds for one game (its kit names it, ``GameKit.solver``): the
    kernel's number for the game, a play-phase view's contract index, the contract's
    tables, and the solver's position for a deal."""

    #: The game's number in the compiled rules (:mod:`atout.kernel.rules`).
    code: int
    #: A view's contract index: a trump suit 0..3 (Schieber also 4 Obenabe, 5 Undenufe).
    contract: Callable[[Any], int]
    #: ``(contract, options)`` -> points and within-suit strength of each card index.
    tables: Callable[[int, Any], tuple[tuple[int, ...], tuple[int, ...]]]
    #: A deal in its play phase (every hand known) -> the solver's position.
    problem: Callable[[Any], PlayProblem]


_GAMES = parts("solver")


def solver_game(game: str) -> SolverGame:
    """The solver's part for ``game`` (its kit's ``solver``)."""
    part: SolverGame = _GAMES(game)
    return part


def contract_tables(game: str, contract: int, options: Any = None) -> tuple[
    tuple[int, ...], tuple[int, ...]
]:
    """Points and within-suit strength of each card index under a contract (a trump
    suit 0..3; Schieber also 4 Obenabe and 5 Undenufe)."""
    return solver_game(game).tables(contract, options)


def _deberts_tables(contract: int, options: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from atout.games import deberts as d

    strength = tuple(
        d.TRUMP_STRENGTH[c] if c // 9 == contract else d.PLAIN_STRENGTH[c]
        for c in range(36)
    )
    return d.POINTS[contract], strength


def _belote_tables(contract: int, options: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from atout.games import belote as b

    return b.POINTS[contract], b.STRENGTH[contract]


def _schieber_tables(contract: int, options: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from atout.games import schieber as s

    modern = (
        contract == s.UNDENUFE and options is not None
        and options.undenufe_values == "modern"
    )
    table = s.MODERN_UNDENUFE_TABLE if modern else contract
    return s.POINTS[table], tuple(s.card_strength(c, contract) % 100 for c in range(36))


def _trump_index(view: BeloteView | DebertsView) -> int:
    assert view.trump is not None
    return int(view.trump)


def _schieber_contract(view: SchieberView) -> int:
    assert view.contract is not None
    from atout.games.schieber import contract_index

    return contract_index(view.contract)


def tables_for(view: Any) -> tuple[list[int], tuple[int, ...], tuple[int, ...], list[int]]:
    """Kernel parameters and tables for the contract of a view in its play phase (what
    the rules need to decide legality: no hidden card is used)."""
    from atout.kits import kit_of

    game_kit = kit_of(view)
    assert game_kit is not None, view
    part = solver_game(game_kit.name)
    k = part.contract(view)
    trump = k if k < 4 else -1
    pts, strength = part.tables(k, view.options)
    undertrump = int(getattr(view.options, "undertrump", True))
    params = [game_kit.num_players, part.code, trump, undertrump, 0, 0, 0, 0, 0, 9, 9]
    return params, pts, strength, _above(strength)


def problem_from_deal(deal: Any) -> PlayProblem:
    """The solver's position for a deal in its play phase (every hand known)."""
    return solver_game(deal.game).problem(deal)


def _flags(won: tuple[int, int]) -> int:
    return (1 if won[0] else 0) | (2 if won[1] else 0)


def _deberts_problem(deal: Any) -> PlayProblem:
    from atout.games import deberts as d

    tr = deal.trump
    points = d.POINTS[tr]
    strength = tuple(
        d.TRUMP_STRENGTH[c] if c // 9 == tr else d.PLAIN_STRENGTH[c] for c in range(36)
    )
    # who scores sequences (if they take a trick): as the engine will judge it
    declared = [
        deal.declared[s] if deal.declared[s] is not None else d.sequences(deal.hands[s])
        for s in (0, 1)
    ]
    sw = deal._sequence_winner(declared[0], declared[1])
    seq = [0, 0]
    if sw >= 0:
        seq[sw] = sum(m.points for m in declared[sw])
    return PlayProblem(
        game=DEBERTS, n=2, trump=tr, hands=tuple(deal.hands), trick=tuple(deal.trick),
        leader=deal.leader, tricks_done=len(deal.tricks), total_tricks=d.NUM_TRICKS,
        flags=_flags(deal.won), points=points, strength=strength, last_bonus=d.LAST_TRICK,
        seq=(seq[0], seq[1]),
    )


def _belote_problem(deal: Any) -> PlayProblem:
    from atout.games import belote as b

    tr = deal.trump
    takers = deal.taker & 1
    cap = [0, 0]
    cap[takers] = (b.ANNOUNCED_CAPOT if deal.capot_seat >= 0 else b.CAPOT) - b.ALL_CARDS
    cap[1 - takers] = deal.options.defender_capot - b.ALL_CARDS
    return PlayProblem(
        game=BELOTE, n=4, trump=tr, hands=tuple(deal.hands), trick=tuple(deal.trick),
        leader=deal.leader, tricks_done=len(deal.tricks), total_tricks=b.NUM_TRICKS,
        flags=_flags(deal.won), points=b.POINTS[tr], strength=b.STRENGTH[tr],
        last_bonus=b.LAST_TRICK, capot=(cap[0], cap[1]), undertrump=deal.options.undertrump,
    )


def _schieber_problem(deal: Any) -> PlayProblem:
    from atout.games import schieber as s

    k = deal.contract
    strength = tuple(s.card_strength(c, k) % 100 for c in range(36))
    points = s.POINTS[deal.table]
    # captured includes the last trick and the Match bonus only at the very end
    return PlayProblem(
        game=SCHIEBER, n=4, trump=k if k < 4 else -1, hands=tuple(deal.hands),
        trick=tuple(deal.trick), leader=deal.leader, tricks_done=len(deal.tricks),
        total_tricks=s.NUM_TRICKS, flags=_flags(deal.won), points=points,
        strength=strength, last_bonus=s.LAST_TRICK,
        capot=(s.MATCH_BONUS, s.MATCH_BONUS),
    )


DEBERTS_SOLVER: Final = SolverGame(DEBERTS, _trump_index, _deberts_tables, _deberts_problem)
BELOTE_SOLVER: Final = SolverGame(BELOTE, _trump_index, _belote_tables, _belote_problem)
SCHIEBER_SOLVER: Final = SolverGame(
    SCHIEBER, _schieber_contract, _schieber_tables, _schieber_problem,
)
