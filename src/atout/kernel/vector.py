"""N tables stepped in one compiled call: the vectorized environment's backend.

Each table's whole state is one row of integers (the columns below); one call of a
game's ``step`` function applies one action at each of N tables, plays on to the next
decision, starts a new deal at a table whose deal ended (writing that deal's rewards
and the last observation first), and writes the observation (exactly
:func:`atout.env.encoding.encode_view`'s vector) and the action mask of the seat to
act at every table into preallocated arrays. The card rules are
:mod:`atout.kernel.rules`; the melds, the tables and the scoring of played deals those
of :mod:`atout.kernel.deals` (the complete-deal kernel), so that the rules stay
written once. :class:`atout.env.vector.VectorTables` (``backend="kernel"``) is the
public face; tests compare it with the engines table by table.

Random numbers: each table draws its decks and dealers from its own xoshiro128**
state (:mod:`atout.kernel.deals`), seeded from ``(seed, table)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from atout.games import space as _space
from atout.kernel.deals import (
    D_BELA,
    S_FACTORS,
    S_LAST,
    S_MATCH,
    S_STOECK,
    _belote_row,
    _deberts_row,
    _kth,
    _meld_cards,
    _melds,
    _rand,
    _seed,
    _shuffle,
    kernel_game,
    run_cards,
    switches,
    tables,
)
from atout.kernel.rules import best_of, jit, legal_cards, popcount
from atout.kits import kit

__all__ = ["WIDTH", "Kernel"]

# -- the columns of a table's row ----------------------------------------------------------
_PHASE, _DEALER, _TURN, _LEADER, _TN, _TI = 4, 5, 6, 7, 8, 9
_HANDS: Final = 10  # 4 columns
_TRICK: Final = 14  # 4 columns: the cards of the trick, in playing order
_PLAYED: Final = 18  # 4 columns: each seat's cards in completed tricks
_TRUMP, _TAKER, _PASSES, _PUSHED = 22, 23, 24, 25
_WON0, _WON1, _CAP0, _CAP1, _LAST, _DECLARED = 26, 27, 28, 29, 30, 31
_MTOT: Final = 32  # 4 columns: each seat's melds, points
_MKEY: Final = 36  # 4 columns: best meld's key
_MCARDS: Final = 40  # 4 columns: the melds' cards
_MWIN, _KQSEAT, _SPECIAL, _INDICATOR, _BOTTOM, _FACTOR, _CALLS = 44, 45, 46, 47, 48, 49, 50
_REC0, _REC1, _OVER, _STOP, _LEGAL, _ACTOR = 51, 52, 53, 54, 55, 56
_DECK: Final = 60  # 36 columns
WIDTH: Final = 96

# phases (the observation's phase flags)
_BID, _DOUBLING, _PLAY, _DONE = 0, 1, 2, 3
# _OVER: 1 a played deal (rewards from the recorded points), 2 not played (thrown in or
# cancelled: no reward). _STOP (Schieber): 0, or 1 + the team that reached the target
# in the middle of the deal, or -1 after a false claim.

# options slots (the ``OP`` array): reward mode, then the game's switches in the order of
# atout.kernel.deals.SWITCHES (Schieber weis, stoeck, modern, manual claim; Belote
# announcements, belote in contract, defender capot, announced capot; Deberts doubling,
# four sevens), then the target
_O_WIN, _O_A, _O_B, _O_C, _O_D, _O_TARGET = 0, 1, 2, 3, 4, 5

# action indices (:mod:`atout.games.space`)
_PASS: Final = _space.PASS
_TRUMP_A: Final = _space.TRUMP
_PUSH_A: Final = _space.PUSH
_EXCH_A: Final = _space.EXCHANGE
_DOUBLE_A: Final = _space.DOUBLE
_REDOUBLE_A: Final = _space.REDOUBLE
_SEVENS_A: Final = _space.SEVENS
_CAPOT_A: Final = _space.CAPOT
_CLAIM_A: Final = _space.CLAIM
_NUM_ACTIONS: Final = _space.NUM_ACTIONS
_SEVENS_MASK: Final = ((1 | (1 << 9) | (1 << 18) | (1 << 27)) << 1)
_FLAGS, _NUMS = 504, 554
_FACTORS: Final = S_FACTORS  # Schieber, per contract (the engine's)


@jit
def _bits(o: Any, base: int, m: int) -> None:
    """Set ``o[base + c]`` to 1 for every card ``c`` of mask ``m``."""
    while m:
        low = m & -m
        o[base + popcount(low - 1)] = 1.0
        m ^= low


@jit
def _clear(o: Any, mk: Any) -> None:
    for j in range(o.shape[0]):
        o[j] = 0.0
    for j in range(mk.shape[0]):
        mk[j] = 0


@jit
def _mask(mk: Any, legal: int) -> None:
    while legal:
        low = legal & -legal
        mk[popcount(low - 1)] = 1
        legal ^= low


@jit
def _rewards(s: Any, rew: Any, win: int, scale: float) -> None:
    """Each seat's reward for a deal that ended: its team's written points less the
    other team's (``/ scale``), or their sign (``win``); nothing for a deal not played."""
    if s[_OVER] != 1:
        return
    diff = s[_REC0] - s[_REC1]
    for p in range(rew.shape[0]):
        mine = diff if p % 2 == 0 else -diff
        if win:
            rew[p] = 1.0 if mine > 0 else (-1.0 if mine < 0 else 0.0)
        else:
            rew[p] = mine / scale


@jit
def _gone(s: Any, seat: int, n: int) -> int:
    """The cards ``seat`` has played (completed tricks and the trick on the table)."""
    g: int = s[_PLAYED + seat]
    k = (seat - s[_LEADER]) % n
    if k < s[_TN]:
        g |= 1 << s[_TRICK + k]
    return g


@jit
def _common(s: Any, me: int, n: int, o: Any) -> None:
    """The planes of the hand, the completed tricks and the trick on the table."""
    _bits(o, 0, s[_HANDS + me])
    for r in range(n):
        _bits(o, 36 + 36 * r, s[_PLAYED + (me + r) % n])
    leader = s[_LEADER]
    for k in range(s[_TN]):
        o[180 + 36 * ((leader + k - me) % n) + s[_TRICK + k]] = 1.0


# -- Schieber -------------------------------------------------------------------------------
@jit
def _sch_deal(s: Any) -> None:
    st = s[0:4]
    deck = s[_DECK:_DECK + 36]
    for j in range(36):
        deck[j] = j
    _shuffle(deck, 36, st)
    _sch_start(s, _rand(st, 4))


@jit
def _sch_start(s: Any, dealer: int) -> None:
    """The deal of the deck in the row, from ``dealer``."""
    for j in range(4, _DECK):
        s[j] = 0
    deck = s[_DECK:_DECK + 36]
    fh = (dealer + 1) % 4
    for p in range(4):
        b = 3 * p
        s[_HANDS + (fh + p) % 4] = (
            (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
            | (1 << deck[b + 12]) | (1 << deck[b + 13]) | (1 << deck[b + 14])
            | (1 << deck[b + 24]) | (1 << deck[b + 25]) | (1 << deck[b + 26])
        )
    s[_DEALER] = dealer
    s[_TURN] = fh
    s[_LEADER] = fh
    s[_TRUMP] = -1
    s[_TAKER] = -1
    s[_LAST] = -1
    s[_MWIN] = -1
    s[_KQSEAT] = -1
    s[_FACTOR] = 1
    s[_LEGAL] = 0x7F << _TRUMP_A


@jit
def _sch_counted(s: Any, team: int) -> int:
    """What ``team`` has counted so far (before the factor), as the engine's
    ``counted``: captures, Stöck, Weis once the first trick is complete."""
    total: int = s[_CAP0 + team]
    ss = s[_KQSEAT]
    if ss >= 0 and ss % 2 == team:
        total += S_STOECK
    if s[_TI] > 0 and s[_MWIN] == team:
        total += s[_MTOT + team] + s[_MTOT + team + 2]
    return total


@jit
def _sch_stoeck_public(s: Any) -> bool:
    ss = s[_KQSEAT]
    if ss < 0:
        return False
    if s[_PHASE] == _DONE and s[_STOP] == 1 + ss % 2:
        return True
    t = s[_TRUMP]
    kq = (1 << (9 * t + 7)) | (1 << (9 * t + 6))
    if not s[_HANDS + ss] & kq:
        return True
    if s[_TI] > 0 and s[_MWIN] == ss % 2:
        shown: bool = s[_MCARDS + ss] & kq == kq
        return shown
    return False


@jit
def _sch_stop(s: Any, team: int, false_claim: int) -> None:
    """The match stops in the middle of the deal: ``team`` reached the target (or
    claimed falsely), as the engine's ``_stop``."""
    announced = _sch_stoeck_public(s)
    f = _FACTORS[s[_TRUMP]]
    reached = -1 if false_claim else team
    ss = s[_KQSEAT]
    for t in range(2):
        weis = 0
        if s[_TI] > 0 and s[_MWIN] == t:
            weis = s[_MTOT + t] + s[_MTOT + t + 2]
        stoeck = S_STOECK if ss >= 0 and ss % 2 == t else 0
        if stoeck and t != reached and not announced:
            stoeck = 0
        if t == reached:
            s[_REC0 + t] = (s[_CAP0 + t] + weis + stoeck) * f
        else:
            s[_REC0 + t] = (weis + stoeck) * f
    s[_PHASE] = _DONE
    s[_OVER] = 1
    s[_STOP] = -1 if false_claim else 1 + team


@jit
def _sch_reaches(s: Any, team: int, target: int) -> bool:
    return _sch_counted(s, team) * _FACTORS[s[_TRUMP]] >= target


@jit
def _sch_legal(s: Any, OP: Any, PAR: Any, STREN: Any, ABOVE: Any) -> None:
    k = s[_TRUMP]
    seat = s[_TURN]
    tn = s[_TN]
    legal = legal_cards(
        PAR[k], s[_HANDS + seat], s, _TRICK, tn, s[_LEADER], seat, STREN[k], ABOVE[k]
    )
    if OP[_O_D]:
        legal |= 1 << _CLAIM_A
    s[_LEGAL] = legal


@jit
def _sch_apply(
    s: Any, a: int, OP: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any,
) -> None:
    """Apply action ``a`` (legal) at the table of row ``s``, as the engine does."""
    seat = s[_TURN]
    s[_ACTOR] = seat
    target = OP[_O_TARGET]
    manual = OP[_O_D]
    if s[_PHASE] == _BID:
        if a == _PUSH_A:
            s[_PUSHED] = 1
            s[_TURN] = (s[_DEALER] + 3) % 4
            s[_LEGAL] = 0x3F << _TRUMP_A
            return
        k = a - _TRUMP_A
        trump = k if k < 4 else -1
        fh = (s[_DEALER] + 1) % 4
        s[_TAKER] = seat
        s[_TRUMP] = k
        s[_FACTOR] = _FACTORS[k]
        s[_PHASE] = _PLAY
        s[_TURN] = fh
        s[_LEADER] = fh
        if OP[_O_A]:  # the Weis, the calls in playing order, the team of the best
            u = 1 if k == 5 else 0
            best = -1
            best_seat = -1
            calls = 0
            for q in range(4):
                p = (fh + q) % 4
                hand = s[_HANDS + p]
                t, kk, fours = _melds(hand, trump, RTOT[u], RKEY[u], FPTS, FKEY[u])
                s[_MTOT + p] = t
                s[_MKEY + p] = kk
                s[_MCARDS + p] = _meld_cards(hand, fours, RMASK[u]) if t else 0
                if t > 0 and kk >= best:
                    calls |= 1 << p
                    if kk > best:
                        best = kk
                        best_seat = p
            s[_CALLS] = calls
            s[_MWIN] = best_seat % 2 if best_seat >= 0 else -1
        if trump >= 0 and OP[_O_B]:
            kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            for p in range(4):
                if s[_HANDS + p] & kq == kq:
                    s[_KQSEAT] = p
                    if not manual and _sch_reaches(s, p % 2, target):
                        _sch_stop(s, p % 2, 0)
                        return
                    break
        _sch_legal(s, OP, PAR, STREN, ABOVE)
        return
    if a == _CLAIM_A:
        team = seat % 2
        _sch_stop(s, team, 0 if _sch_reaches(s, team, target) else 1)
        return
    s[_HANDS + seat] ^= 1 << a
    tn = s[_TN]
    s[_TRICK + tn] = a
    tn += 1
    if tn < 4:
        s[_TN] = tn
        s[_TURN] = (seat + 1) % 4
        _sch_legal(s, OP, PAR, STREN, ABOVE)
        return
    k = s[_TRUMP]
    leader = s[_LEADER]
    winner = (leader + best_of(s, _TRICK, 4, k if k < 4 else -1, STREN[k])) % 4
    pts = PTS[6 if (k == 5 and OP[_O_C]) else k]
    g = 0
    for j in range(4):
        c = s[_TRICK + j]
        g += pts[c]
        s[_PLAYED + (leader + j) % 4] |= 1 << c
    s[_TN] = 0
    ti = s[_TI] + 1
    s[_TI] = ti
    s[_LEADER] = winner
    s[_TURN] = winner
    team = winner % 2
    if ti == 1 and s[_MWIN] >= 0 and not manual and _sch_reaches(s, s[_MWIN], target):
        _sch_stop(s, s[_MWIN], 0)
        return
    if ti == 9:
        g += S_LAST
        if s[_WON0 + team] == 8:
            g += S_MATCH
        s[_LAST] = team
    s[_WON0 + team] += 1
    s[_CAP0 + team] += g
    if not manual and _sch_reaches(s, team, target):
        _sch_stop(s, team, 0)
        return
    if ti == 9:
        f = _FACTORS[k]
        for t in range(2):
            s[_REC0 + t] = _sch_counted(s, t) * f
        s[_PHASE] = _DONE
        s[_OVER] = 1
        return
    s[_LEGAL] = s[_HANDS + winner] | ((1 << _CLAIM_A) if manual else 0)


@jit
def _sch_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Schieber deal of row ``s`` for seat ``me``."""
    _clear(o, mk)
    _common(s, me, 4, o)
    phase = s[_PHASE]
    turn = s[_TURN]
    leader = s[_LEADER]
    tn = s[_TN]
    done = s[_TI]
    myteam = me % 2
    other = 1 - myteam
    o[_FLAGS + phase] = 1.0
    if phase != _DONE:
        o[_FLAGS + 4 + (turn - me) % 4] = 1.0
        if turn == me:
            _mask(mk, s[_LEGAL])
    if phase == _PLAY:
        o[_FLAGS + 27 + (leader - me) % 4] = 1.0
    dealer = s[_DEALER]
    o[_FLAGS + 8 + (dealer - me) % 4] = 1.0
    o[_FLAGS + 12 + (dealer + 1 - me) % 4] = 1.0
    if s[_PUSHED]:
        o[_FLAGS + 26] = 1.0
    k = s[_TRUMP]
    f = 1
    run_mine = 0
    run_other = 0
    if k >= 0:
        f = _FACTORS[k]
        chooser = s[_TAKER]
        o[_FLAGS + 16 + k] = 1.0
        o[_FLAGS + 22 + (chooser - me) % 4] = 1.0
        if chooser % 2 == myteam:
            o[_FLAGS + 49] = 1.0
        calls = s[_CALLS]
        if calls:  # each seat speaks (or not) with its first card
            for q in range(4 if done else tn):
                p = q if done else (leader + q) % 4
                if (calls >> p) & 1:
                    r = (p - me) % 4
                    o[_FLAGS + 43 + r] = 1.0
                    o[_NUMS + r] = (s[_MKEY + p] >> 9) / 100
        c_mine = s[_CAP0 + myteam]
        c_other = s[_CAP0 + other]
        wt = s[_MWIN]
        if wt >= 0 and done:
            o[_FLAGS + (47 if wt == myteam else 48)] = 1.0
            shown = 0
            for p in (wt, wt + 2):
                _bits(o, 324 + 36 * ((p - me) % 4), s[_MCARDS + p] & ~_gone(s, p, 4))
                shown += s[_MTOT + p]
            if wt == myteam:
                c_mine += shown
            else:
                c_other += shown
        ss = s[_KQSEAT]
        if ss >= 0:
            if _sch_stoeck_public(s):
                o[_FLAGS + 39 + (ss - me) % 4] = 1.0
                if ss % 2 == myteam:
                    c_mine += S_STOECK
                else:
                    c_other += S_STOECK
            elif ss == me:
                c_mine += S_STOECK
        run_mine = c_mine * f
        run_other = c_other * f
        if phase == _DONE:
            run_mine = s[_REC0 + myteam]
            run_other = s[_REC0 + other]
    target = OP[_O_TARGET]
    o[_NUMS + 4] = s[_WON0 + myteam] / 9
    o[_NUMS + 5] = s[_WON0 + other] / 9
    o[_NUMS + 6] = s[_CAP0 + myteam] / 100
    o[_NUMS + 7] = s[_CAP0 + other] / 100
    o[_NUMS + 8] = f / 4
    o[_NUMS + 11] = run_mine / target
    o[_NUMS + 12] = run_other / target
    o[_NUMS + 15] = done / 9


@jit
def step_schieber(
    S: Any, acts: Any, OP: Any, obs: Any, mask: Any, rew: Any, term: Any, final: Any,
    to_act: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any, RKEY: Any,
    FPTS: Any, FKEY: Any, RMASK: Any, scale: float,
) -> int:
    """One step at every table (see the module docstring); returns the first table whose
    action is illegal (then nothing is applied), or -1 minus the number of tables whose
    deal ended."""
    n = S.shape[0]
    for i in range(n):
        a = acts[i]
        if a < 0 or a >= _NUM_ACTIONS or not (S[i, _LEGAL] >> a) & 1:
            return i
    win = OP[_O_WIN]
    ended = 0
    for i in range(n):
        s = S[i]
        _sch_apply(s, acts[i], OP, PTS, STREN, ABOVE, PAR, RTOT, RKEY, FPTS, FKEY, RMASK)
        for p in range(4):
            rew[i, p] = 0.0
        term[i] = False
        if s[_PHASE] == _DONE:
            term[i] = True
            ended += 1
            _rewards(s, rew[i], win, scale)
            _sch_obs(s, s[_ACTOR], OP, final[i], mask[i])
            _sch_deal(s)
        to_act[i] = s[_TURN]
        _sch_obs(s, s[_TURN], OP, obs[i], mask[i])
    return -1 - ended


@jit
def reset_schieber(S: Any, OP: Any, obs: Any, mask: Any, to_act: Any) -> None:
    for i in range(S.shape[0]):
        s = S[i]
        _sch_deal(s)
        to_act[i] = s[_TURN]
        _sch_obs(s, s[_TURN], OP, obs[i], mask[i])


# -- Belote ---------------------------------------------------------------------------------
@jit
def _bel_deal(s: Any, DECK: Any) -> None:
    st = s[0:4]
    deck = s[_DECK:_DECK + 32]
    for j in range(32):
        deck[j] = DECK[j]
    _shuffle(deck, 32, st)
    _bel_start(s, _rand(st, 4))


@jit
def _bel_start(s: Any, dealer: int) -> None:
    for j in range(4, _DECK):
        s[j] = 0
    deck = s[_DECK:_DECK + 32]
    for p in range(4):
        b = 3 * p
        q = 12 + 2 * p
        s[_HANDS + (dealer + 1 + p) % 4] = (
            (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
            | (1 << deck[q]) | (1 << deck[q + 1])
        )
    s[_DEALER] = dealer
    s[_TURN] = (dealer + 1) % 4
    s[_LEADER] = (dealer + 1) % 4
    s[_TRUMP] = -1
    s[_TAKER] = -1
    s[_LAST] = -1
    s[_MWIN] = -1
    s[_KQSEAT] = -1
    s[_SPECIAL] = -1
    s[_LEGAL] = (1 << _PASS) | (1 << (_TRUMP_A + deck[20] // 9))


@jit
def _bel_legal(s: Any, OP: Any, PAR: Any, STREN: Any, ABOVE: Any) -> None:
    t = s[_TRUMP]
    seat = s[_TURN]
    legal = legal_cards(
        PAR[t], s[_HANDS + seat], s, _TRICK, s[_TN], s[_LEADER], seat, STREN[t], ABOVE[t]
    )
    if (
        OP[_O_D] and s[_SPECIAL] < 0 and s[_TI] == 0 and seat % 2 == s[_TAKER] % 2
        and not (s[_DECLARED] >> seat) & 1
    ):
        legal |= 1 << _CAPOT_A
    s[_LEGAL] = legal


@jit
def _bel_apply(
    s: Any, a: int, OP: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any, row: Any,
) -> None:
    seat = s[_TURN]
    s[_ACTOR] = seat
    if s[_PHASE] == _BID:
        up = s[_DECK + 20] // 9
        if a == _PASS:
            passes = s[_PASSES] + 1
            s[_PASSES] = passes
            if passes == 8:
                s[_PHASE] = _DONE
                s[_OVER] = 2
                return
            s[_TURN] = (seat + 1) % 4
            if passes < 4:
                s[_LEGAL] = (1 << _PASS) | (1 << (_TRUMP_A + up))
            else:
                s[_LEGAL] = (1 << _PASS) | ((0xF << _TRUMP_A) ^ (1 << (_TRUMP_A + up)))
            return
        trump = a - _TRUMP_A
        s[_TRUMP] = trump
        s[_TAKER] = seat
        dealer = s[_DEALER]
        s[_HANDS + seat] |= 1 << s[_DECK + 20]
        pos = 21
        for p in range(4):
            q = (dealer + 1 + p) % 4
            cnt = 2 if q == seat else 3
            for j in range(cnt):
                s[_HANDS + q] |= 1 << s[_DECK + pos + j]
            pos += cnt
        kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
        for p in range(4):
            if s[_HANDS + p] & kq == kq:
                s[_KQSEAT] = p
        s[_PHASE] = _PLAY
        s[_TURN] = (dealer + 1) % 4
        s[_LEADER] = (dealer + 1) % 4
        _bel_legal(s, OP, PAR, STREN, ABOVE)
        return
    if a == _CAPOT_A:
        s[_SPECIAL] = seat
        _bel_legal(s, OP, PAR, STREN, ABOVE)
        return
    trump = s[_TRUMP]
    if not (s[_DECLARED] >> seat) & 1:
        s[_DECLARED] |= 1 << seat
        if OP[_O_A]:
            hand = s[_HANDS + seat]
            t, kk, fours = _melds(hand, trump, RTOT, RKEY, FPTS, FKEY)
            s[_MTOT + seat] = t
            s[_MKEY + seat] = kk
            s[_MCARDS + seat] = _meld_cards(hand, fours, RMASK) if t else 0
        else:
            s[_MKEY + seat] = -1
    s[_HANDS + seat] ^= 1 << a
    tn = s[_TN]
    s[_TRICK + tn] = a
    tn += 1
    if tn < 4:
        s[_TN] = tn
        s[_TURN] = (seat + 1) % 4
        _bel_legal(s, OP, PAR, STREN, ABOVE)
        return
    leader = s[_LEADER]
    winner = (leader + best_of(s, _TRICK, 4, trump, STREN[trump])) % 4
    pts = PTS[trump]
    g = 0
    for j in range(4):
        c = s[_TRICK + j]
        g += pts[c]
        s[_PLAYED + (leader + j) % 4] |= 1 << c
    team = winner % 2
    s[_WON0 + team] += 1
    s[_CAP0 + team] += g
    s[_TN] = 0
    ti = s[_TI] + 1
    s[_TI] = ti
    s[_LEADER] = winner
    s[_TURN] = winner
    dealer = s[_DEALER]
    if ti == 1:
        best = -1
        for p in range(4):
            q = (dealer + 1 + p) % 4
            if s[_MTOT + q] > 0 and s[_MKEY + q] > best:
                best = s[_MKEY + q]
                s[_MWIN] = q
    if ti == 8:
        s[_LAST] = winner
        _belote_row(
            row, dealer, s[_TAKER], trump, s[_SPECIAL], s[_CAP0], s[_CAP1], winner,
            s[_WON0], s[_WON1], s[_MWIN], s[_MTOT:_MTOT + 4], s[_KQSEAT], OP[_O_B], OP[_O_C],
        )
        s[_REC0] = row[18]
        s[_REC1] = row[19]
        s[_PHASE] = _DONE
        s[_OVER] = 1
        return
    _bel_legal(s, OP, PAR, STREN, ABOVE)


@jit
def _bel_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Belote deal of row ``s`` for seat ``me``."""
    _clear(o, mk)
    _common(s, me, 4, o)
    phase = s[_PHASE]
    turn = s[_TURN]
    leader = s[_LEADER]
    myteam = me % 2
    other = 1 - myteam
    turned = s[_DECK + 20]
    dealer = s[_DEALER]
    passes = s[_PASSES]
    o[_FLAGS + 8 + (dealer - me) % 4] = 1.0
    o[_FLAGS + 12 + (dealer + 1 - me) % 4] = 1.0
    o[_FLAGS + 31 + turned // 9] = 1.0
    o[_FLAGS + phase] = 1.0
    if phase != _DONE:
        o[_FLAGS + 4 + (turn - me) % 4] = 1.0
        if turn == me:
            _mask(mk, s[_LEGAL])
    if phase == _PLAY:
        o[_FLAGS + 27 + (leader - me) % 4] = 1.0
    elif phase == _BID:
        o[468 + turned] = 1.0
        if passes >= 4:
            o[_FLAGS + 35] = 1.0
    tr = s[_TRUMP]
    taker = s[_TAKER]
    if tr >= 0:
        o[_FLAGS + 16 + tr] = 1.0
    if taker >= 0:
        o[_FLAGS + 22 + (taker - me) % 4] = 1.0
        if taker % 2 == myteam:
            o[_FLAGS + 49] = 1.0
        if phase != _BID:
            _bits(o, 324 + 36 * ((taker - me) % 4), (1 << turned) & ~_gone(s, taker, 4))
    if s[_SPECIAL] >= 0:
        o[_FLAGS + 38] = 1.0
    declared = s[_DECLARED]
    for p in range(4):
        if (declared >> p) & 1:
            r = (p - me) % 4
            o[_FLAGS + 43 + r] = 1.0
            if s[_MKEY + p] >= 0:
                o[_NUMS + r] = (s[_MKEY + p] >> 5) / 100
    aw = s[_MWIN]
    if aw >= 0:
        team = aw % 2
        o[_FLAGS + (47 if team == myteam else 48)] = 1.0
        for p in (team, team + 2):
            _bits(o, 324 + 36 * ((p - me) % 4), s[_MCARDS + p] & ~_gone(s, p, 4))
    bs = s[_KQSEAT]
    if bs >= 0:
        kq = (1 << (9 * tr + 7)) | (1 << (9 * tr + 6))
        gone = _gone(s, bs, 4)
        if gone & kq:
            r = (bs - me) % 4
            o[_FLAGS + 39 + r] = 1.0
            _bits(o, 324 + 36 * r, kq & ~gone)
    o[_NUMS + 4] = s[_WON0 + myteam] / 9
    o[_NUMS + 5] = s[_WON0 + other] / 9
    o[_NUMS + 8] = 0.25
    o[_NUMS + 14] = passes / 8
    o[_NUMS + 15] = s[_TI] / 9


@jit
def step_belote(
    S: Any, acts: Any, OP: Any, obs: Any, mask: Any, rew: Any, term: Any, final: Any,
    to_act: Any, DECK: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any, scale: float,
) -> int:
    n = S.shape[0]
    for i in range(n):
        a = acts[i]
        if a < 0 or a >= _NUM_ACTIONS or not (S[i, _LEGAL] >> a) & 1:
            return i
    win = OP[_O_WIN]
    ended = 0
    row = np.zeros(21, dtype=np.int64)
    for i in range(n):
        s = S[i]
        _bel_apply(
            s, acts[i], OP, PTS, STREN, ABOVE, PAR, RTOT, RKEY, FPTS, FKEY, RMASK, row
        )
        for p in range(4):
            rew[i, p] = 0.0
        term[i] = False
        if s[_PHASE] == _DONE:
            term[i] = True
            ended += 1
            _rewards(s, rew[i], win, scale)
            _bel_obs(s, s[_ACTOR], OP, final[i], mask[i])
            _bel_deal(s, DECK)
        to_act[i] = s[_TURN]
        _bel_obs(s, s[_TURN], OP, obs[i], mask[i])
    return -1 - ended


@jit
def reset_belote(S: Any, OP: Any, obs: Any, mask: Any, to_act: Any, DECK: Any) -> None:
    for i in range(S.shape[0]):
        s = S[i]
        _bel_deal(s, DECK)
        to_act[i] = s[_TURN]
        _bel_obs(s, s[_TURN], OP, obs[i], mask[i])


# -- Deberts --------------------------------------------------------------------------------
@jit
def _deb_deal(s: Any, DECK: Any) -> None:
    st = s[0:4]
    deck = s[_DECK:_DECK + 32]
    for j in range(32):
        deck[j] = DECK[j]
    _shuffle(deck, 32, st)
    _deb_start_deal(s, _rand(st, 2))


@jit
def _deb_start_deal(s: Any, dealer: int) -> None:
    for j in range(4, _DECK):
        s[j] = 0
    deck = s[_DECK:_DECK + 32]
    non = 1 - dealer
    s[_HANDS + non] = (
        (1 << deck[0]) | (1 << deck[1]) | (1 << deck[2])
        | (1 << deck[6]) | (1 << deck[7]) | (1 << deck[8])
    )
    s[_HANDS + dealer] = (
        (1 << deck[3]) | (1 << deck[4]) | (1 << deck[5])
        | (1 << deck[9]) | (1 << deck[10]) | (1 << deck[11])
    )
    s[_DEALER] = dealer
    s[_TURN] = non
    s[_LEADER] = non
    s[_TRUMP] = -1
    s[_TAKER] = -1
    s[_LAST] = -1
    s[_MWIN] = -1
    s[_KQSEAT] = 0  # bela: bit per seat
    s[_SPECIAL] = -1  # the seat that exchanged
    s[_INDICATOR] = deck[12]
    s[_BOTTOM] = -1
    s[_FACTOR] = 1
    s[_LEGAL] = (1 << _PASS) | (1 << (_TRUMP_A + deck[12] // 9))


@jit
def _deb_legal(s: Any, OP: Any, PAR: Any, STREN: Any, ABOVE: Any) -> None:
    t = s[_TRUMP]
    seat = s[_TURN]
    hand = s[_HANDS + seat]
    legal = legal_cards(PAR[t], hand, s, _TRICK, s[_TN], s[_LEADER], seat, STREN[t], ABOVE[t])
    if not (s[_DECLARED] >> seat) & 1:
        if OP[_O_B] and hand & _SEVENS_MASK == _SEVENS_MASK:
            legal |= 1 << _SEVENS_A
        if t == s[_DECK + 12] // 9 and s[_SPECIAL] < 0 and (hand >> (9 * t + 1)) & 1:
            legal |= 1 << _EXCH_A
    s[_LEGAL] = legal


@jit
def _deb_start(s: Any, OP: Any, PAR: Any, STREN: Any, ABOVE: Any) -> None:
    s[_PHASE] = _PLAY
    non = 1 - s[_DEALER]
    s[_TURN] = non
    s[_LEADER] = non
    _deb_legal(s, OP, PAR, STREN, ABOVE)


@jit
def _deb_apply(
    s: Any, a: int, OP: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any, row: Any,
) -> None:
    seat = s[_TURN]
    s[_ACTOR] = seat
    phase = s[_PHASE]
    dealer = s[_DEALER]
    if phase == _BID:
        isuit = s[_DECK + 12] // 9
        if a == _PASS:
            passes = s[_PASSES] + 1
            s[_PASSES] = passes
            if passes == 4:
                s[_PHASE] = _DONE
                s[_OVER] = 2
                return
            s[_TURN] = 1 - seat
            if passes < 2:
                s[_LEGAL] = (1 << _PASS) | (1 << (_TRUMP_A + isuit))
            else:
                s[_LEGAL] = (1 << _PASS) | ((0xF << _TRUMP_A) ^ (1 << (_TRUMP_A + isuit)))
            return
        s[_TRUMP] = a - _TRUMP_A
        s[_TAKER] = seat
        non = 1 - dealer
        s[_HANDS + non] |= (
            (1 << s[_DECK + 13]) | (1 << s[_DECK + 14]) | (1 << s[_DECK + 15])
        )
        s[_HANDS + dealer] |= (
            (1 << s[_DECK + 16]) | (1 << s[_DECK + 17]) | (1 << s[_DECK + 18])
        )
        s[_BOTTOM] = s[_DECK + 31]
        if OP[_O_A]:
            s[_PHASE] = _DOUBLING
            s[_TURN] = 1 - seat
            s[_LEGAL] = (1 << _PASS) | (1 << _DOUBLE_A)
        else:
            _deb_start(s, OP, PAR, STREN, ABOVE)
        return
    if phase == _DOUBLING:
        if a == _DOUBLE_A:
            s[_FACTOR] = 2
            s[_TURN] = s[_TAKER]
            s[_LEGAL] = (1 << _PASS) | (1 << _REDOUBLE_A)
            return
        if a == _REDOUBLE_A:
            s[_FACTOR] = 4
        _deb_start(s, OP, PAR, STREN, ABOVE)
        return
    trump = s[_TRUMP]
    hand = s[_HANDS + seat]
    if a == _SEVENS_A:
        s[_PHASE] = _DONE
        s[_OVER] = 2
        return
    if a == _EXCH_A:
        seven = 9 * trump + 1
        s[_HANDS + seat] = (hand & ~(1 << seven)) | (1 << s[_INDICATOR])
        s[_INDICATOR] = seven
        s[_SPECIAL] = seat
        _deb_legal(s, OP, PAR, STREN, ABOVE)
        return
    if not (s[_DECLARED] >> seat) & 1:
        declared = s[_DECLARED] | (1 << seat)
        s[_DECLARED] = declared
        t, kk, fours = _melds(hand, trump, RTOT, RKEY, FPTS, FKEY)
        s[_MTOT + seat] = t
        s[_MKEY + seat] = kk
        s[_MCARDS + seat] = _meld_cards(hand, fours, RMASK) if t else 0
        if declared == 3:
            k0 = s[_MKEY] if s[_MTOT] > 0 else -1
            k1 = s[_MKEY + 1] if s[_MTOT + 1] > 0 else -1
            if k0 < 0 and k1 < 0:
                s[_MWIN] = -1
            elif k0 > k1:
                s[_MWIN] = 0
            elif k1 > k0:
                s[_MWIN] = 1
            else:
                s[_MWIN] = 1 - dealer
    kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
    if (1 << a) & kq and hand & kq == kq:
        s[_KQSEAT] |= 1 << seat
    s[_HANDS + seat] = hand ^ (1 << a)
    tn = s[_TN]
    s[_TRICK + tn] = a
    if tn == 0:
        s[_TN] = 1
        s[_TURN] = 1 - seat
        _deb_legal(s, OP, PAR, STREN, ABOVE)
        return
    leader = s[_LEADER]
    winner = (leader + best_of(s, _TRICK, 2, trump, STREN[trump])) % 2
    led = s[_TRICK]
    pts = PTS[trump]
    s[_PLAYED + leader] |= 1 << led
    s[_PLAYED + 1 - leader] |= 1 << a
    s[_WON0 + winner] += 1
    s[_CAP0 + winner] += pts[led] + pts[a]
    s[_TN] = 0
    ti = s[_TI] + 1
    s[_TI] = ti
    s[_LEADER] = winner
    s[_TURN] = winner
    if ti == 9:
        s[_LAST] = winner
        bela = s[_KQSEAT]
        _deberts_row(
            row, dealer, s[_TAKER], trump, s[_FACTOR], s[_CAP0], s[_CAP1], winner,
            s[_WON0], s[_WON1], s[_MWIN], s[_MTOT:_MTOT + 2], D_BELA * (bela & 1),
            D_BELA * ((bela >> 1) & 1),
        )
        s[_REC0] = row[17]
        s[_REC1] = row[18]
        s[_PHASE] = _DONE
        s[_OVER] = 1
        return
    _deb_legal(s, OP, PAR, STREN, ABOVE)


@jit
def _deb_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Deberts deal of row ``s`` for seat ``me``."""
    _clear(o, mk)
    _common(s, me, 2, o)
    phase = s[_PHASE]
    turn = s[_TURN]
    dealer = s[_DEALER]
    o[_FLAGS + phase] = 1.0
    if phase != _DONE:
        o[_FLAGS + 4 + (turn - me) % 2] = 1.0
        if turn == me:
            _mask(mk, s[_LEGAL])
    if phase == _PLAY:
        o[_FLAGS + 27 + (s[_LEADER] - me) % 2] = 1.0
    o[_FLAGS + 8 + (dealer - me) % 2] = 1.0
    o[_FLAGS + 12 + (1 - dealer - me) % 2] = 1.0
    tr = s[_TRUMP]
    if tr >= 0:
        o[_FLAGS + 16 + tr] = 1.0
    o[_FLAGS + 31 + s[_DECK + 12] // 9] = 1.0
    o[468 + s[_INDICATOR]] = 1.0
    if s[_BOTTOM] >= 0:
        o[468 + s[_BOTTOM]] = 1.0
    ex = s[_SPECIAL]
    if ex >= 0:
        _bits(o, 324 + 36 * ((ex - me) % 2), (1 << s[_DECK + 12]) & ~_gone(s, ex, 2))
    sw = s[_MWIN]
    if sw >= 0:
        if s[_TI] > 0:
            _bits(o, 324 + 36 * ((sw - me) % 2), s[_MCARDS + sw] & ~_gone(s, sw, 2))
        o[_FLAGS + (47 if sw == me else 48)] = 1.0
    declared = s[_DECLARED]
    for p in range(2):
        if (declared >> p) & 1:
            r = (p - me) % 2
            o[_FLAGS + 43 + r] = 1.0
            if s[_MTOT + p] > 0:
                o[_NUMS + r] = (20 if (s[_MKEY + p] >> 5) == 3 else 50) / 100
    bela = s[_KQSEAT]
    if bela:
        kq = (1 << (9 * tr + 7)) | (1 << (9 * tr + 6))
        for p in range(2):
            if (bela >> p) & 1:
                r = (p - me) % 2
                o[_FLAGS + 39 + r] = 1.0
                _bits(o, 324 + 36 * r, kq & ~_gone(s, p, 2))
    passes = s[_PASSES]
    if phase == _BID and passes >= 2:
        o[_FLAGS + 35] = 1.0
    f = s[_FACTOR]
    if f == 2:
        o[_FLAGS + 36] = 1.0
    elif f == 4:
        o[_FLAGS + 37] = 1.0
    caller = s[_TAKER]
    if caller >= 0:
        o[_FLAGS + 22 + (caller - me) % 2] = 1.0
        if caller == me:
            o[_FLAGS + 49] = 1.0
    o[_NUMS + 4] = s[_WON0 + me] / 9
    o[_NUMS + 5] = s[_WON0 + 1 - me] / 9
    o[_NUMS + 8] = f / 4
    o[_NUMS + 14] = passes / 8
    o[_NUMS + 15] = s[_TI] / 9


@jit
def step_deberts(
    S: Any, acts: Any, OP: Any, obs: Any, mask: Any, rew: Any, term: Any, final: Any,
    to_act: Any, DECK: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
    RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any, scale: float,
) -> int:
    n = S.shape[0]
    for i in range(n):
        a = acts[i]
        if a < 0 or a >= _NUM_ACTIONS or not (S[i, _LEGAL] >> a) & 1:
            return i
    win = OP[_O_WIN]
    ended = 0
    row = np.zeros(20, dtype=np.int64)
    for i in range(n):
        s = S[i]
        _deb_apply(
            s, acts[i], OP, PTS, STREN, ABOVE, PAR, RTOT, RKEY, FPTS, FKEY, RMASK, row
        )
        for p in range(2):
            rew[i, p] = 0.0
        term[i] = False
        if s[_PHASE] == _DONE:
            term[i] = True
            ended += 1
            _rewards(s, rew[i], win, scale)
            _deb_obs(s, s[_ACTOR], OP, final[i], mask[i])
            _deb_deal(s, DECK)
        to_act[i] = s[_TURN]
        _deb_obs(s, s[_TURN], OP, obs[i], mask[i])
    return -1 - ended


@jit
def reset_deberts(S: Any, OP: Any, obs: Any, mask: Any, to_act: Any, DECK: Any) -> None:
    for i in range(S.shape[0]):
        s = S[i]
        _deb_deal(s, DECK)
        to_act[i] = s[_TURN]
        _deb_obs(s, s[_TURN], OP, obs[i], mask[i])


@jit
def observe(game: int, S: Any, OP: Any, obs: Any, mask: Any, to_act: Any) -> None:
    """The observation and mask of the seat to act at every table."""
    for i in range(S.shape[0]):
        s = S[i]
        to_act[i] = s[_TURN]
        if game == 2:
            _sch_obs(s, s[_TURN], OP, obs[i], mask[i])
        elif game == 1:
            _bel_obs(s, s[_TURN], OP, obs[i], mask[i])
        else:
            _deb_obs(s, s[_TURN], OP, obs[i], mask[i])


@jit
def start(game: int, s: Any, dealer: int) -> None:
    """A table's deal from the deck order in its row."""
    if game == 2:
        _sch_start(s, dealer)
    elif game == 1:
        _bel_start(s, dealer)
    else:
        _deb_start_deal(s, dealer)


# -- shared helpers --------------------------------------------------------------------------
@jit
def seed_tables(S: Any, seed: int) -> None:
    """Table ``i``'s random state from ``(seed, i)``."""
    for i in range(S.shape[0]):
        _seed(S[i, 0:4], seed, i)


@jit
def sample_legal(S: Any, out: Any, st: Any) -> None:
    """A uniformly random legal action at every table (from the state ``st``)."""
    for i in range(S.shape[0]):
        legal = S[i, _LEGAL]
        out[i] = _kth(legal, _rand(st, popcount(legal)))


#: By the kernel's number of a game (:mod:`atout.kernel.rules`: Deberts 0, Belote 1,
#: Schieber 2): its step function, and its reset function with how many of the game's
#: tables it takes.
_STEPS: Final = (step_deberts, step_belote, step_schieber)
_RESETS: Final = ((reset_deberts, 1), (reset_belote, 1), (reset_schieber, 0))


class Kernel:
    """The compiled state of N tables of one game and the arrays it writes."""

    def __init__(self, game: str, num_envs: int, options: Any, win: bool, scale: float):
        self.game = game
        self.n = num_envs
        game_kit = kit(game)
        self.players = game_kit.num_players
        self.size = game_kit.deck
        self.code = kernel_game(game).code
        self.S = np.zeros((num_envs, WIDTH), dtype=np.int64)
        self.obs = np.zeros((num_envs, 570), dtype=np.float32)
        self.mask = np.zeros((num_envs, _NUM_ACTIONS), dtype=np.int8)
        self.final = np.zeros((num_envs, 570), dtype=np.float32)
        self.final_mask = np.zeros((num_envs, _NUM_ACTIONS), dtype=np.int8)
        self.rew = np.zeros((num_envs, self.players), dtype=np.float32)
        self.term = np.zeros(num_envs, dtype=np.bool_)
        self.to_act = np.zeros(num_envs, dtype=np.int64)
        self.scale = float(scale)
        o = np.zeros(8, dtype=np.int64)
        o[_O_WIN] = int(win)
        o[_O_TARGET] = options.target
        sw = switches(game, options)  # the slots _O_A, _O_B, ... in SWITCHES' order
        o[_O_A:_O_A + len(sw)] = sw
        undertrump = bool(getattr(options, "undertrump", True))
        self.tables = (*tables(game, undertrump), run_cards(game))
        self.OP = o
        self._rng = np.zeros(4, dtype=np.int64)
        # the step function and its arguments after the actions, chosen once
        self._step: Callable[..., Any] = _STEPS[self.code]
        self._args = (
            self.OP, self.obs, self.mask, self.rew, self.term, self.final, self.to_act,
            *self.tables, self.scale,
        )

    def reset(self, seed: int) -> None:
        seed_tables(self.S, seed)
        _seed(self._rng, seed, 1 << 40)  # the sampler's own stream
        reset, k = _RESETS[self.code]
        reset(self.S, self.OP, self.obs, self.mask, self.to_act, *self.tables[:k])

    def set_deal(self, i: int, deck: Any, dealer: int) -> None:
        """Table ``i`` starts the deal of ``deck`` (the engine's deck order) from
        ``dealer``; call :meth:`observe` after the last one."""
        size = self.size
        cards = [int(c) for c in deck]
        if len(cards) != size or len(set(cards)) != size or not set(cards) <= set(
            range(36) if size == 36 else (c for c in range(36) if c % 9)
        ):
            raise ValueError(f"a {self.game} deck is its {size} cards, each once")
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be 0..{self.players - 1}")
        self.S[i, _DECK:_DECK + size] = cards
        start(self.code, self.S[i], dealer)

    def observe(self) -> None:
        observe(self.code, self.S, self.OP, self.obs, self.mask, self.to_act)

    def step(self, acts: Any) -> int:
        """Apply ``acts`` (int64, one per table): the first illegal table (then nothing
        is applied), or -1 minus the number of tables whose deal ended."""
        return int(self._step(self.S, acts, *self._args))

    def sample(self, out: Any) -> None:
        """A random legal action per table into ``out`` (int64)."""
        sample_legal(self.S, out, self._rng)

    def decks(self) -> Any:
        """Each table's deck order (the engine's ``deck``) and dealer, this deal."""
        size = self.size
        return self.S[:, _DECK:_DECK + size].copy(), self.S[:, _DEALER].copy()
