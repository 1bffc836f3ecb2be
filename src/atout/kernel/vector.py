"""The step machine: each game's deal written once in compiled code, stepped at N tables
or run to the end.

Each table's whole state is one row of integers (the columns below). A game's *flow*
(in ``_sch_run``, ``_bel_run``, ``_deb_run``) plays a deal on from the state in a row:
the contract, the doubling, the melds, every card, the stops of the match (Schieber)
and the score, as the engine does. It reads the row into local variables once, plays
decision after decision with them, and writes them back once, so that a deal run to its
end keeps its state in registers. A decision is the action it is given, else the
policy's: uniformly random among the legal actions, or the rules of thumb
(:mod:`atout.kernel.policy`, when its tables are passed). The flows have two faces,
one function per game compiled for each (a compile-time choice, see :func:`_sch_run`):

- the vectorized environment: one call of a game's ``step`` function applies one given
  action at each of N tables, plays on to the next decision, starts a new deal at a
  table whose deal ended (writing that deal's rewards and the last observation first),
  and writes the observation (exactly :func:`atout.env.encoding.encode_view`'s vector)
  and the action mask of the seat to act at every table into preallocated arrays;
  :class:`atout.env.vector.VectorTables` (``backend="kernel"``) is its public face;
- complete deals (:func:`run_deals`, :func:`atout.kernel.play_deals`'s engine): deal
  after deal shuffled, dealt and run to the end by the policy, the result rows and,
  when asked, every decision and legal set recorded.

The card rules are :mod:`atout.kernel.rules`; the melds, the tables, the random numbers
and the result rows :mod:`atout.kernel.deals`. Tests compare both faces with the
engines, decision by decision.

Random numbers: xoshiro128** (:mod:`atout.kernel.deals`). Each vector table draws its
decks and dealers from its own state, seeded from ``(seed, table)``; complete deal
``i`` is shuffled and played from the state of ``(seed, i)``, its dealer ``i`` modulo
the players, so that deal ``i`` of a seed is the same in any batch.
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
    _schieber_row,
    _seed,
    _shuffle,
    _unplayed_row,
    kernel_game,
    run_cards,
    switches,
    tables,
)
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
    best_of,
    jit,
    jit_bare,
    jit_inline,
    legal_cards,
    popcount,
)
from atout.kits import kit

__all__ = ["WIDTH", "Kernel", "run_deals"]

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
_CARDS: Final = (1 << _PASS) - 1  # the card actions' bits


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
def _gone(s: Any, seat: int, n: int) -> Any:
    """The cards ``seat`` has played (completed tricks and the trick on the table)."""
    g = s[_PLAYED + seat]
    k = (seat - s[_LEADER]) % n
    if k < s[_TN]:
        g |= 1 << s[_TRICK + k]
    return g


@jit_inline
def _common(s: Any, me: int, n: int, o: Any, mk: Any) -> Any:
    """What every game's observation shows alike (the hand, the completed tricks and the
    trick on the table, the phase, the seat to act and its mask, the leader, the dealer
    and the first hand, the tricks won and done), over a cleared ``o``; the phase and
    the seat to act. Inlined: ``n``, the players, a constant in each game's
    observation."""
    _clear(o, mk)
    _bits(o, 0, s[_HANDS + me])
    for r in range(n):
        _bits(o, 36 + 36 * r, s[_PLAYED + (me + r) % n])
    leader = s[_LEADER]
    for k in range(s[_TN]):
        o[180 + 36 * ((leader + k - me) % n) + s[_TRICK + k]] = 1.0
    phase = s[_PHASE]
    turn = s[_TURN]
    o[_FLAGS + phase] = 1.0
    if phase != _DONE:
        o[_FLAGS + 4 + (turn - me) % n] = 1.0
        if turn == me:
            _mask(mk, s[_LEGAL])
    if phase == _PLAY:
        o[_FLAGS + 27 + (leader - me) % n] = 1.0
    dealer = s[_DEALER]
    o[_FLAGS + 8 + (dealer - me) % n] = 1.0
    o[_FLAGS + 12 + (dealer + 1 - me) % n] = 1.0
    team = me % 2
    o[_NUMS + 4] = s[_WON0 + team] / 9
    o[_NUMS + 5] = s[_WON0 + 1 - team] / 9
    o[_NUMS + 15] = s[_TI] / 9
    return phase, turn



# -- the flows' shared steps -----------------------------------------------------------------
_PLAIN: Final = -1  # a flow's ``given`` for none: the policy decides
_NEVER: Final = 1 << 62  # the target of complete deals: no match stops them
# the game's tables (the ``T`` tuple of a flow, :func:`game_tables`' order)
_T_DECK, _T_PTS, _T_STREN, _T_ABOVE, _T_PAR = 0, 1, 2, 3, 4


@jit_bare
def _load(s: Any) -> Any:
    """The row's scalars every flow keeps in local variables (see :func:`_save`); each
    flow reads and writes the few columns of its own game itself."""
    return (
        s[_PHASE], s[_TURN], s[_LEADER], s[_TN], s[_TI], s[_TRUMP], s[_TAKER], s[_PASSES],
        s[_WON0], s[_WON1], s[_CAP0], s[_CAP1], s[_LAST], s[_DECLARED], s[_MWIN],
        s[_LEGAL], s[_DEALER],
    )


@jit_bare
def _save(
    s: Any, phase: int, turn: int, leader: int, tn: int, ti: int, trump: int, taker: int,
    passes: int, won0: int, won1: int, cap0: int, cap1: int, last: int, declared: int,
    mwin: int, legal: int, actor: int, over: int, row: Any, col: int,
) -> None:
    """A flow's local variables back into the row: the table waits for the next decision,
    or its deal is over (``over`` 1 played, 2 not played); a played deal's written points
    from its result ``row``, columns ``col`` and ``col + 1`` (its rewards read them)."""
    s[_PHASE] = _DONE if over else phase
    s[_TURN] = turn
    s[_LEADER] = leader
    s[_TN] = tn
    s[_TI] = ti
    s[_TRUMP] = trump
    s[_TAKER] = taker
    s[_PASSES] = passes
    s[_WON0] = won0
    s[_WON1] = won1
    s[_CAP0] = cap0
    s[_CAP1] = cap1
    s[_LAST] = last
    s[_DECLARED] = declared
    s[_MWIN] = mwin
    s[_LEGAL] = legal
    s[_ACTOR] = actor
    s[_OVER] = over
    if over == 1:
        s[_REC0] = row[col]
        s[_REC1] = row[col + 1]


@jit_inline
def _table(
    start: Any, S: Any, acts: Any, R: Any, T: Any, st: Any, seed: Any, first: int, i: int,
    rec: int,
) -> Any:
    """The row a flow plays at its ``i``-th turn, the given action, the result row, the
    decisions and legal sets and their index: stepped table ``i`` (``acts``), or complete
    deal ``first + i`` of ``seed`` in ``S[0]``, shuffled from its own numbers (``st``)
    and dealt by the game's ``start`` (inlined: its first state known to the flow) from
    dealer ``first + i`` (modulo the players)."""
    if acts is None:  # complete deal first + i
        s = S[0]
        if seed is not None:  # (None in the stepped face: numba compiles none of this)
            _seed(st, seed, first + i)
            _shuffled(s, st, T[_T_DECK])
            start(s, first + i)
        given = _PLAIN
        oi = i
        r = i if rec else 0
    else:  # table i, its given action
        s = S[i]
        given = acts[i]
        oi = 0
        r = 0
    return s, given, R[0][oi], R[1][r], R[2][r], r


@jit_bare
def _next(
    game: int, s: Any, acts: Any, i: int, na: int, act: Any, leg: Any, r: int, rec: int,
    R: Any, OP: Any, V: Any, DECK: Any,
) -> None:
    """After a flow's turn: a complete deal's record (when asked); at a stepped table, a
    deal that ended writes its rewards and last observation and a new deal starts, and
    the observation and mask of the seat to act are written."""
    if acts is None:
        if rec:
            _record(s, na, act, leg, R[3][r])
    else:
        obs, mask, rew, term, final, to_act, scale = V
        if _ended(s, rew[i], term, i, OP[_O_WIN], scale):
            _obs(game, s, s[_ACTOR], OP, final[i], mask[i])
            _deal(game, s, DECK)
        to_act[i] = s[_TURN]
        _obs(game, s, s[_TURN], OP, obs[i], mask[i])


@jit_bare
def _ends(acts: Any, V: Any) -> int:
    """A flow's answer: -1 minus the number of stepped tables whose deal ended."""
    ended = 0
    if acts is not None:
        term = V[3]
        for i in range(term.shape[0]):
            if term[i]:
                ended += 1
    return -1 - ended


@jit_inline
def _draw(legal: int, st: Any) -> Any:
    """A uniformly random action of ``legal``: the calls (the actions from ``pass`` on)
    first, in their order, then the cards."""
    r = _rand(st, popcount(legal))
    calls = legal >> _PASS
    if calls == 0:  # cards only (most decisions)
        return _kth(legal, r)
    k = popcount(calls)
    if r < k:
        return _PASS + _kth(calls, r)
    return _kth(legal, r - k)


@jit_inline
def _noted(act: Any, leg: Any, na: int, a: int, legal: int, rec: int) -> int:
    """A decision and its legal set recorded when asked (``rec``: complete deals that
    keep their decisions); the decisions' count."""
    if rec:
        act[na] = a
        leg[na] = legal
    return na + 1


@jit_inline
def _given(given: int, na: int) -> int:
    """The action a stepped table was given, at its first decision; -1 at the next (the
    table waits there); -2 for a deal run by its policy."""
    if given < 0:
        return -2
    return -1 if na else given


@jit_inline
def _bids(passes: int, rounds: int, suit: int) -> int:
    """The legal bids after ``passes`` passes (Belote, Deberts): pass, or the turned
    ``suit`` in the first round (``rounds`` passes long), another suit in the second."""
    if passes < rounds:
        return (1 << _PASS) | (1 << (_TRUMP_A + suit))
    return (1 << _PASS) | ((0xF << _TRUMP_A) ^ (1 << (_TRUMP_A + suit)))


@jit_inline
def _passed(row: Any, passes: int, legal: int, rounds: int, dealer: int, suit: int) -> Any:
    """A pass in the bids (Belote, Deberts: two rounds of ``rounds`` passes): the passes,
    the legal bids next (:func:`_bids`) and 2 when it throws the deal in (its result row
    then written, the legal set kept), else 0."""
    passes += 1
    if passes == 2 * rounds:
        _unplayed_row(row, 3, dealer, -1, -1)
        return passes, legal, 2
    return passes, _bids(passes, rounds, suit), 0


@jit_inline
def _trumps(T: Any, k: int, kp: int) -> Any:
    """The tables of a trick under contract ``k`` (rules, strengths, the cards above),
    and the card points of ``kp``."""
    return T[_T_PAR][k], T[_T_STREN][k], T[_T_ABOVE][k], T[_T_PTS][kp]


@jit_inline
def _declare(s: Any, seat: int, trump: int, M: Any, keep: bool) -> Any:
    """The melds of ``seat``'s hand into the row (points, best key, and with ``keep``, for
    a stepped table's observation, their cards); their points. ``M``: the meld tables
    (per run, its points and key, per four of a kind, its points and key, per run, its
    cards)."""
    hand = s[_HANDS + seat]
    t, kk, fours = _melds(hand, trump, M[0], M[1], M[2], M[3])
    s[_MTOT + seat] = t
    s[_MKEY + seat] = kk
    s[_MCARDS + seat] = _meld_cards(hand, fours, M[4]) if t and keep else 0
    return t


@jit_bare
def _holder(s: Any, trump: int) -> int:
    """The seat holding the king and the queen of trumps, or -1."""
    kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
    for p in range(4):
        if s[_HANDS + p] & kq == kq:
            return p
    return -1


@jit_inline
def _laid(s: Any, seat: int, a: int, tn: int, n: int) -> Any:
    """Card ``a`` from ``seat``'s hand onto the trick: the trick's cards, the next seat."""
    s[_HANDS + seat] ^= 1 << a
    s[_TRICK + tn] = a
    return tn + 1, (seat + 1) % n


@jit_inline
def _gather(s: Any, leader: int, n: int, pts: Any, keep: bool) -> int:
    """The points of the complete trick on the table; with ``keep`` (a stepped table,
    whose observation shows them), its cards moved to the players' played cards."""
    g = 0
    for j in range(n):
        c = s[_TRICK + j]
        g += pts[c]
        if keep:
            s[_PLAYED + (leader + j) % n] |= 1 << c
    return g


@jit_inline
def _taken(
    s: Any, leader: int, n: int, trump: int, stren: Any, pts: Any, keep: bool,
) -> Any:
    """The complete trick on the table: its winner and its points (:func:`_gather`)."""
    return (leader + best_of(s, _TRICK, n, trump, stren)) % n, _gather(s, leader, n, pts, keep)


@jit_inline
def _credit(team: int, g: int, won0: int, won1: int, cap0: int, cap1: int) -> Any:
    """A trick of ``g`` points counted to ``team``: the tricks and points of both."""
    if team:
        return won0, won1 + 1, cap0, cap1 + g
    return won0 + 1, won1, cap0 + g, cap1


@jit_inline
def _shuffled(s: Any, st: Any, DECK: Any) -> None:
    """The deck of the row: the game's cards, shuffled from ``st``."""
    k = DECK.shape[0]
    deck = s[_DECK:_DECK + k]
    for j in range(k):
        deck[j] = DECK[j]
    _shuffle(deck, k, st)


@jit_inline
def _fresh(s: Any, dealer: int, first: int) -> None:
    """A row cleared for a new deal from ``dealer`` (its random state and deck kept):
    ``first`` to play, no trump, taker, last trick or meld winner yet."""
    for j in range(4, _DECK):
        s[j] = 0
    s[_DEALER] = dealer
    s[_TURN] = first
    s[_LEADER] = first
    s[_TRUMP] = -1
    s[_TAKER] = -1
    s[_LAST] = -1
    s[_MWIN] = -1


@jit_bare
def _record(s: Any, na: int, act: Any, leg: Any, deck: Any) -> None:
    """A complete deal's record: after its ``na`` decisions, -1 (and no legal set); its
    deck."""
    for j in range(na, act.shape[0]):
        act[j] = -1
        leg[j] = 0
    for j in range(deck.shape[0]):
        deck[j] = s[_DECK + j]


# -- Schieber -------------------------------------------------------------------------------
@jit_bare
def _sch_reaches(
    s: Any, team: int, cap: int, kq: int, ti: int, mwin: int, k: int, target: int,
) -> bool:
    """Whether ``team`` has counted the target (the engine's ``counted``: captures, Stöck,
    Weis once the first trick is complete, times the factor)."""
    total = cap
    if kq >= 0 and kq % 2 == team:
        total += S_STOECK
    if ti > 0 and mwin == team:
        total += s[_MTOT + team] + s[_MTOT + team + 2]
    return total * _FACTORS[k] >= target


@jit_inline
def _sch_weis(s: Any, fh: int, trump: int, u: int, T: Any, keep: bool) -> int:
    """Each seat's Weis, the seats that call (in playing order, as good as the best so
    far) and the team of the best one (-1: none); ``u``: the meld tables of the contract
    (1 for Obenabe and Undenufe, 0 otherwise); ``keep``: as :func:`_declare`."""
    M = (T[5][u], T[6][u], T[7], T[8][u], T[9][u])
    best = -1
    best_seat = -1
    calls = 0
    for q in range(4):
        p = (fh + q) % 4
        if _declare(s, p, trump, M, keep) > 0:
            kk = s[_MKEY + p]
            if kk >= best:
                calls |= 1 << p
                if kk > best:
                    best = kk
                    best_seat = p
    s[_CALLS] = calls
    return best_seat % 2 if best_seat >= 0 else -1


@jit_bare
def _sch_run(
    S: Any, acts: Any, OP: Any, T: Any, POL: Any, R: Any, st: Any, seed: Any, first: int,
    n: int, rec: int, V: Any,
) -> int:
    """Schieber's flow, at ``n`` tables or for ``n`` complete deals (see the module
    docstring); returns -1 minus the number of tables whose deal ended. ``T``: the game's
    tables (:func:`game_tables`); ``POL``: the rules' tables, None for random play.

    Stepped tables (``acts``: one action per table of ``S``, each legal): each table
    applies its action and plays on to the next decision, a deal that ended writes its
    rewards and last observation and a new deal starts, and the observation and mask of
    the seat to act are written (``V``: the observations, masks, rewards, ends, last
    observations, seats to act, reward scale); ``R``, ``st``: scratch.

    Complete deals (``acts`` None, a compile-time choice: numba prunes what the other
    face needs and compiles this face alone, with nothing a stepped table needs at each
    decision; it prunes a test against None only where the argument is None, so the
    stepped face, with no ``seed``, compiles no deal's start): deals ``first .. first +
    n - 1`` of ``seed`` in the row ``S[0]``, each shuffled from its own random state
    (``st``) and played to the end by the policy; each result row into ``R[0]``, and
    with ``rec`` each deal's decisions, legal sets and deck into ``R[1]``, ``R[2]``,
    ``R[3]``.

    One function per game holds the flow and both loops around it, compiled once per
    face and without reference counts (:func:`jit_bare`); the per-decision helpers and a
    table's choice with a complete deal's start (:func:`_table`) are inlined into it (a
    complete deal's flow starts from known values); the row's read and write, what
    follows a turn (:func:`_next`) and the result rows are compiled apart, once for every
    face and game (LLVM inlines the first two). A helper picked by the game's number is
    inlined with every game's branches before numba prunes them, so the flows pass the
    game's own start to :func:`_table`; :func:`_next`, compiled apart, picks the
    observation by the game's number at run time."""
    manual, target = OP[_O_D], OP[_O_TARGET]
    stops = not manual and target < _NEVER  # whether the flow checks for the target
    for i in range(n):
        s, given, row, act, leg, r = _table(_sch_start, S, acts, R, T, st, seed, first, i, rec)
        (
            phase, turn, leader, tn, ti, k, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, dealer,
        ) = _load(s)
        kq, factor, pushed = s[_KQSEAT], s[_FACTOR], s[_PUSHED]
        fh = (dealer + 1) % 4
        # the team that stops the match in the middle of the deal, and after a false claim
        actor, over, stop, false_claim, na, a = turn, 0, -1, 0, 0, 0
        while phase == _BID:
            a = _sch_choose(given, na, legal, st, s, phase, turn, pushed, POL)
            if a < 0:
                break
            na = _noted(act, leg, na, a, legal, rec)
            actor = turn
            if a == _PUSH_A:
                pushed = 1
                turn = (dealer + 3) % 4
                legal = 0x3F << _TRUMP_A
                continue
            k = a - _TRUMP_A
            trump = k if k < 4 else -1
            factor = _FACTORS[k]
            taker = actor
            phase = _PLAY
            turn = fh
            leader = fh
            if OP[_O_A]:
                mwin = _sch_weis(s, fh, trump, 1 if k == 5 else 0, T, given >= 0)
            if trump >= 0 and OP[_O_B]:
                kq = _holder(s, trump)
                team = kq % 2
                if acts is not None:  # noqa: SIM102 (a lone None test: see below)
                    if kq >= 0 and stops and _sch_reaches(
                        s, team, cap1 if team else cap0, kq, ti, mwin, k, target
                    ):
                        stop = team
        if phase == _PLAY and a >= 0 and stop < 0:
            trump = k if k < 4 else -1
            P, stren, above, pts = _trumps(T, k, 6 if (k == 5 and OP[_O_C]) else k)
            claim = (1 << _CLAIM_A) if manual else 0
            while True:
                legal = legal_cards(P, s[_HANDS + turn], s, _TRICK, tn, leader, turn, stren, above)
                legal |= claim
                a = _sch_choose(given, na, legal, st, s, phase, turn, pushed, POL)
                if a < 0:
                    break
                na = _noted(act, leg, na, a, legal, rec)
                seat = turn
                actor = seat
                if acts is not None:  # noqa: SIM102 (a lone None test: see below)
                    if a == _CLAIM_A:
                        stop = seat % 2
                        false_claim = 0 if _sch_reaches(
                            s, stop, cap1 if stop else cap0, kq, ti, mwin, k, target
                        ) else 1
                        break
                tn, turn = _laid(s, seat, a, tn, 4)
                if tn < 4:
                    continue
                winner, g = _taken(s, leader, 4, trump, stren, pts, given >= 0)
                tn, ti, leader, turn = 0, ti + 1, winner, winner
                team = winner % 2
                if acts is not None:  # noqa: SIM102 (a lone None test: see below)
                    if ti == 1 and mwin >= 0 and stops and _sch_reaches(
                        s, mwin, cap1 if mwin else cap0, kq, ti, mwin, k, target
                    ):
                        stop = mwin
                        break
                if ti == 9:
                    g += S_LAST
                    last = team
                    if (won1 if team else won0) == 8:
                        g += S_MATCH
                won0, won1, cap0, cap1 = _credit(team, g, won0, won1, cap0, cap1)
                if acts is not None:  # noqa: SIM102 (a lone None test: see below)
                    if stops and _sch_reaches(
                        s, team, cap1 if team else cap0, kq, ti, mwin, k, target
                    ):
                        stop = team
                        break
                if ti == 9:
                    _schieber_row(
                        row, dealer, taker, pushed, k, won0, won1, cap0, cap1, last, mwin,
                        s[_MTOT:_MTOT + 4], kq,
                    )
                    over = 1
                    break
        _save(
            s, phase, turn, leader, tn, ti, k, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, actor, over, row, 21,
        )
        s[_KQSEAT], s[_FACTOR], s[_PUSHED] = kq, factor, pushed
        if acts is not None:  # noqa: SIM102 (complete deals never stop: numba compiles
            if stop >= 0:  # none of the stops, the claims and the target checks for them)
                _sch_stop(s, stop, false_claim)
        _next(SCHIEBER, s, acts, i, na, act, leg, r, rec, R, OP, V, T[_T_DECK])
    return _ends(acts, V)


@jit_inline
def _sch_choose(
    given: int, na: int, legal: int, st: Any, s: Any, phase: int, turn: int, pushed: int,
    POL: Any,
) -> Any:
    """The action: the given one, else the policy's (the rules choose the contract, a
    random card)."""
    a = _given(given, na)
    if a != -2:
        return a
    if POL is not None:  # noqa: SIM102 (numba prunes a lone None test: random compiles none)
        if phase == _BID:
            return _TRUMP_A + schieber_contract(s[_HANDS + turn], 1 - pushed, POL[0], POL[1])
    return _draw(legal, st)


@jit_inline
def _sch_start(s: Any, dealer: int) -> None:
    """The deal of the deck in the row, from ``dealer`` (modulo the players, as the other
    games' starts)."""
    dealer %= 4
    fh = (dealer + 1) % 4
    _fresh(s, dealer, fh)
    deck = s[_DECK:_DECK + 36]
    for p in range(4):
        b = 3 * p
        s[_HANDS + (fh + p) % 4] = (
            (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
            | (1 << deck[b + 12]) | (1 << deck[b + 13]) | (1 << deck[b + 14])
            | (1 << deck[b + 24]) | (1 << deck[b + 25]) | (1 << deck[b + 26])
        )
    s[_KQSEAT] = -1
    s[_FACTOR] = 1
    s[_LEGAL] = 0x7F << _TRUMP_A
@jit
def _sch_stoeck_public(s: Any) -> Any:
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
        return s[_MCARDS + ss] & kq == kq
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
def _sch_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Schieber deal of row ``s`` for seat ``me``."""
    phase, _ = _common(s, me, 4, o, mk)
    leader = s[_LEADER]
    tn = s[_TN]
    done = s[_TI]
    myteam = me % 2
    other = 1 - myteam
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
    o[_NUMS + 6] = s[_CAP0 + myteam] / 100
    o[_NUMS + 7] = s[_CAP0 + other] / 100
    o[_NUMS + 8] = f / 4
    o[_NUMS + 11] = run_mine / target
    o[_NUMS + 12] = run_other / target



# -- Belote ---------------------------------------------------------------------------------
@jit_bare
def _bel_run(
    S: Any, acts: Any, OP: Any, T: Any, POL: Any, R: Any, st: Any, seed: Any, first: int,
    n: int, rec: int, V: Any,
) -> int:
    """Belote's flow, as :func:`_sch_run` (its two faces)."""
    capot_on, announce = OP[_O_D], OP[_O_A]
    for i in range(n):
        s, given, row, act, leg, r = _table(_bel_start, S, acts, R, T, st, seed, first, i, rec)
        (
            phase, turn, leader, tn, ti, trump, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, dealer,
        ) = _load(s)
        kq, capot = s[_KQSEAT], s[_SPECIAL]
        turned = s[_DECK + 20]
        up = turned // 9
        actor, over, na, a = turn, 0, 0, 0
        while phase == _BID:
            a = _bel_choose(given, na, legal, st, s, phase, turn, passes, turned, POL)
            if a < 0:
                break
            na = _noted(act, leg, na, a, legal, rec)
            actor = turn
            if a == _PASS:
                passes, legal, over = _passed(row, passes, legal, 4, dealer, up)
                if over:
                    break
                turn = (actor + 1) % 4
                continue
            trump = a - _TRUMP_A
            taker = actor
            s[_HANDS + taker] |= 1 << turned
            pos = 21
            for p in range(4):
                q = (dealer + 1 + p) % 4
                cnt = 2 if q == taker else 3
                for j in range(cnt):
                    s[_HANDS + q] |= 1 << s[_DECK + pos + j]
                pos += cnt
            kq = _holder(s, trump)
            phase = _PLAY
            turn = (dealer + 1) % 4
            leader = turn
        if phase == _PLAY and a >= 0 and not over:
            P, stren, above, pts = _trumps(T, trump, trump)
            while True:
                legal = legal_cards(P, s[_HANDS + turn], s, _TRICK, tn, leader, turn, stren, above)
                if capot_on and capot < 0 and ti == 0 and turn % 2 == taker % 2 and not (
                    declared >> turn
                ) & 1:
                    legal |= 1 << _CAPOT_A
                a = _bel_choose(given, na, legal, st, s, phase, turn, passes, turned, POL)
                if a < 0:
                    break
                na = _noted(act, leg, na, a, legal, rec)
                seat = actor = turn
                if a == _CAPOT_A:
                    capot = seat
                    continue
                if not (declared >> seat) & 1:
                    declared |= 1 << seat
                    if announce:
                        _declare(s, seat, trump, T[5:], given >= 0)
                    else:
                        s[_MKEY + seat] = -1
                tn, turn = _laid(s, seat, a, tn, 4)
                if tn < 4:
                    continue
                winner, g = _taken(s, leader, 4, trump, stren, pts, given >= 0)
                won0, won1, cap0, cap1 = _credit(winner % 2, g, won0, won1, cap0, cap1)
                tn, ti, leader, turn = 0, ti + 1, winner, winner
                if ti == 1:  # the announcements' winner, after the first trick
                    best = -1
                    for p in range(4):
                        q = (dealer + 1 + p) % 4
                        if s[_MTOT + q] > 0 and s[_MKEY + q] > best:
                            best = s[_MKEY + q]
                            mwin = q
                if ti == 8:
                    last = winner
                    _belote_row(
                        row, dealer, taker, trump, capot, cap0, cap1, winner, won0, won1,
                        mwin, s[_MTOT:_MTOT + 4], kq, OP[_O_B], OP[_O_C],
                    )
                    over = 1
                    break
        _save(
            s, phase, turn, leader, tn, ti, trump, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, actor, over, row, 18,
        )
        s[_KQSEAT], s[_SPECIAL] = kq, capot
        _next(BELOTE, s, acts, i, na, act, leg, r, rec, R, OP, V, T[_T_DECK])
    return _ends(acts, V)


@jit_inline
def _bel_choose(
    given: int, na: int, legal: int, st: Any, s: Any, phase: int, turn: int, passes: int,
    turned: int, POL: Any,
) -> Any:
    a = _given(given, na)
    if a != -2:
        return a
    if POL is not None:  # (numba compiles this only for the rules)
        if phase == _BID:
            suit = belote_bid(s[_HANDS + turn], turned, 1 if passes >= 4 else 0, POL[0], POL[1])
            return _PASS if suit < 0 else _TRUMP_A + suit
        legal &= _CARDS  # the rules never announce a capot: a random card
    return _draw(legal, st)


@jit_inline
def _bel_start(s: Any, dealer: int) -> None:
    dealer %= 4
    _fresh(s, dealer, (dealer + 1) % 4)
    deck = s[_DECK:_DECK + 32]
    for p in range(4):
        b = 3 * p
        q = 12 + 2 * p
        s[_HANDS + (dealer + 1 + p) % 4] = (
            (1 << deck[b]) | (1 << deck[b + 1]) | (1 << deck[b + 2])
            | (1 << deck[q]) | (1 << deck[q + 1])
        )
    s[_KQSEAT] = -1
    s[_SPECIAL] = -1
    s[_LEGAL] = _bids(0, 4, deck[20] // 9)


@jit
def _bel_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Belote deal of row ``s`` for seat ``me``."""
    phase, _ = _common(s, me, 4, o, mk)
    myteam = me % 2
    turned = s[_DECK + 20]
    passes = s[_PASSES]
    o[_FLAGS + 31 + turned // 9] = 1.0
    if phase == _BID:
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
    o[_NUMS + 8] = 0.25
    o[_NUMS + 14] = passes / 8



# -- Deberts --------------------------------------------------------------------------------
@jit_bare
def _deb_run(
    S: Any, acts: Any, OP: Any, T: Any, POL: Any, R: Any, st: Any, seed: Any, first: int,
    n: int, rec: int, V: Any,
) -> int:
    """Deberts's flow, as :func:`_sch_run` (its two faces): the bids on the indicator in
    two rounds, the doubling, then the play with the sequences, bela, the exchange of the
    trump seven and the four sevens."""
    sevens = OP[_O_B]
    for i in range(n):
        s, given, row, act, leg, r = _table(_deb_start_deal, S, acts, R, T, st, seed, first, i, rec)
        (
            phase, turn, leader, tn, ti, trump, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, dealer,
        ) = _load(s)
        bela, exch, factor, ind = s[_KQSEAT], s[_SPECIAL], s[_FACTOR], s[_INDICATOR]
        non = 1 - dealer
        isuit = s[_DECK + 12] // 9
        actor, over, na, a = turn, 0, 0, 0
        while phase != _PLAY:  # the bids, then the doubling
            a = _deb_choose(given, na, legal, st, s, phase, turn, passes, trump, factor, POL)
            if a < 0:
                break
            na = _noted(act, leg, na, a, legal, rec)
            actor = turn
            if phase == _DOUBLING:
                if a == _DOUBLE_A:
                    factor = 2
                    turn = taker
                    legal = (1 << _PASS) | (1 << _REDOUBLE_A)
                    continue
                if a == _REDOUBLE_A:
                    factor = 4
                phase = _PLAY
            elif a == _PASS:
                passes, legal, over = _passed(row, passes, legal, 2, dealer, isuit)
                if over:
                    break
                turn = 1 - actor
                continue
            else:
                trump = a - _TRUMP_A
                taker = actor
                s[_HANDS + non] |= (
                    (1 << s[_DECK + 13]) | (1 << s[_DECK + 14]) | (1 << s[_DECK + 15])
                )
                s[_HANDS + dealer] |= (
                    (1 << s[_DECK + 16]) | (1 << s[_DECK + 17]) | (1 << s[_DECK + 18])
                )
                s[_BOTTOM] = s[_DECK + 31]
                if OP[_O_A]:
                    phase = _DOUBLING
                    turn = 1 - actor
                    legal = (1 << _PASS) | (1 << _DOUBLE_A)
                    continue
                phase = _PLAY
            turn = non
            leader = non
        if phase == _PLAY and a >= 0 and not over:
            P, stren, above, pts = _trumps(T, trump, trump)
            kq = (1 << (9 * trump + 7)) | (1 << (9 * trump + 6))
            seven = 9 * trump + 1
            while True:
                hand = s[_HANDS + turn]
                legal = legal_cards(P, hand, s, _TRICK, tn, leader, turn, stren, above)
                if not (declared >> turn) & 1:
                    if sevens and hand & _SEVENS_MASK == _SEVENS_MASK:
                        legal |= 1 << _SEVENS_A
                    if trump == isuit and exch < 0 and (hand >> seven) & 1:
                        legal |= 1 << _EXCH_A
                a = _deb_choose(given, na, legal, st, s, phase, turn, passes, trump, factor, POL)
                if a < 0:
                    break
                na = _noted(act, leg, na, a, legal, rec)
                seat = actor = turn
                if a == _SEVENS_A:
                    _unplayed_row(row, 4, dealer, taker, trump)
                    over = 2
                    break
                if a == _EXCH_A:
                    s[_HANDS + seat] = (hand & ~(1 << seven)) | (1 << ind)
                    ind = seven
                    exch = seat
                    continue
                if not (declared >> seat) & 1:
                    declared |= 1 << seat
                    _declare(s, seat, trump, T[5:], given >= 0)
                    if declared == 3:  # the better sequence, the forehand's on a tie
                        k0 = s[_MKEY] if s[_MTOT] > 0 else -1
                        k1 = s[_MKEY + 1] if s[_MTOT + 1] > 0 else -1
                        if k0 < 0 and k1 < 0:
                            mwin = -1
                        elif k0 != k1:
                            mwin = 0 if k0 > k1 else 1
                        else:
                            mwin = non
                if (1 << a) & kq and hand & kq == kq:
                    bela |= 1 << seat
                tn, turn = _laid(s, seat, a, tn, 2)
                if tn < 2:
                    continue
                winner, g = _taken(s, leader, 2, trump, stren, pts, given >= 0)
                won0, won1, cap0, cap1 = _credit(winner, g, won0, won1, cap0, cap1)
                tn, ti, leader, turn = 0, ti + 1, winner, winner
                if ti == 9:
                    last = winner
                    _deberts_row(
                        row, dealer, taker, trump, factor, cap0, cap1, winner, won0, won1,
                        mwin, s[_MTOT:_MTOT + 2], D_BELA * (bela & 1), D_BELA * ((bela >> 1) & 1),
                    )
                    over = 1
                    break
        _save(
            s, phase, turn, leader, tn, ti, trump, taker, passes, won0, won1, cap0, cap1, last,
            declared, mwin, legal, actor, over, row, 17,
        )
        s[_KQSEAT], s[_SPECIAL], s[_FACTOR], s[_INDICATOR] = bela, exch, factor, ind
        _next(DEBERTS, s, acts, i, na, act, leg, r, rec, R, OP, V, T[_T_DECK])
    return _ends(acts, V)


@jit_inline
def _deb_choose(
    given: int, na: int, legal: int, st: Any, s: Any, phase: int, turn: int, passes: int,
    trump: int, factor: int, POL: Any,
) -> Any:
    a = _given(given, na)
    if a != -2:
        return a
    if POL is not None:  # (numba compiles this only for the rules)
        hand = s[_HANDS + turn]
        if phase == _BID:
            suit = deberts_bid(hand, s[_DECK + 12], 1 if passes >= 2 else 0, POL[0], POL[1])
            return _PASS if suit < 0 else _TRUMP_A + suit
        if phase == _DOUBLING:
            redouble = 1 if factor == 2 else 0
            if not deberts_doubles(hand, trump, redouble, POL[0], POL[1]):
                return _PASS
            return _REDOUBLE_A if redouble else _DOUBLE_A
        if (legal >> _EXCH_A) & 1:  # the rules always exchange the trump 7
            return _EXCH_A
        legal &= _CARDS  # and never cancel: a random card
    return _draw(legal, st)


@jit_inline
def _deb_start_deal(s: Any, dealer: int) -> None:
    dealer %= 2
    non = 1 - dealer
    _fresh(s, dealer, non)
    deck = s[_DECK:_DECK + 32]
    s[_HANDS + non] = (
        (1 << deck[0]) | (1 << deck[1]) | (1 << deck[2])
        | (1 << deck[6]) | (1 << deck[7]) | (1 << deck[8])
    )
    s[_HANDS + dealer] = (
        (1 << deck[3]) | (1 << deck[4]) | (1 << deck[5])
        | (1 << deck[9]) | (1 << deck[10]) | (1 << deck[11])
    )
    s[_KQSEAT] = 0  # bela: bit per seat
    s[_SPECIAL] = -1  # the seat that exchanged
    s[_INDICATOR] = deck[12]
    s[_BOTTOM] = -1
    s[_FACTOR] = 1
    s[_LEGAL] = _bids(0, 2, deck[12] // 9)


@jit
def _deb_obs(s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """``encode_view`` of the Deberts deal of row ``s`` for seat ``me``."""
    phase, _ = _common(s, me, 2, o, mk)
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
    o[_NUMS + 8] = f / 4
    o[_NUMS + 14] = passes / 8



# -- N tables stepped ------------------------------------------------------------------------
@jit
def _illegal(S: Any, acts: Any) -> int:
    """The first table whose action is not legal there, or -1."""
    for i in range(S.shape[0]):
        a = acts[i]
        if a < 0 or a >= _NUM_ACTIONS or not (S[i, _LEGAL] >> a) & 1:
            return i
    return -1


@jit
def _ended(s: Any, rew: Any, term: Any, i: int, win: int, scale: float) -> bool:
    """After a step at table ``i``: whether its deal ended (its rewards then written)."""
    for p in range(rew.shape[0]):
        rew[p] = 0.0
    term[i] = s[_PHASE] == _DONE
    if term[i]:
        _rewards(s, rew, win, scale)
    return bool(term[i])


#: By the kernel's number of a game (:mod:`atout.kernel.rules`: Deberts 0, Belote 1,
#: Schieber 2): its flow, run to the end of complete deals or stepped.
_RUNS: Final[tuple[Callable[..., int], ...]] = (_deb_run, _bel_run, _sch_run)


def _stepper(code: int) -> Callable[..., Any]:
    """The step function of the game numbered ``code``, over its flow (compiled for each
    game apart; the closure holds the number, not the flow, so that numba's cache, which
    keys a closure by its variables, finds it again in the next process)."""

    def step(
        S: Any, acts: Any, OP: Any, obs: Any, mask: Any, rew: Any, term: Any, final: Any,
        to_act: Any, DECK: Any, PTS: Any, STREN: Any, ABOVE: Any, PAR: Any, RTOT: Any,
        RKEY: Any, FPTS: Any, FKEY: Any, RMASK: Any, scale: float, row: Any, note: Any,
        notes: Any,
    ) -> Any:
        """One step at every table (see the module docstring); returns the first table
        whose action is illegal (then nothing is applied), or -1 minus the number of
        tables whose deal ended. ``row``, ``note`` and ``notes``: the flow's scratch (a
        result row, a random state, the decision noted)."""
        bad = _illegal(S, acts)
        if bad >= 0:
            return bad
        return _RUNS[code](
            S, acts, OP, (DECK, PTS, STREN, ABOVE, PAR, RTOT, RKEY, FPTS, FKEY, RMASK), None,
            (row, notes, notes, row), note, None, 0, S.shape[0], 0,
            (obs, mask, rew, term, final, to_act, scale),
        )

    return jit_bare(step)


step_schieber: Final = _stepper(SCHIEBER)
step_belote: Final = _stepper(BELOTE)
step_deberts: Final = _stepper(DEBERTS)


@jit
def reset(game: int, S: Any, OP: Any, obs: Any, mask: Any, to_act: Any, DECK: Any) -> None:
    """A new deal at every table."""
    for i in range(S.shape[0]):
        _deal(game, S[i], DECK)
    observe(game, S, OP, obs, mask, to_act)


@jit_inline
def _obs(game: int, s: Any, me: int, OP: Any, o: Any, mk: Any) -> None:
    """The observation and mask of ``me`` at the table of row ``s``."""
    if game == SCHIEBER:
        _sch_obs(s, me, OP, o, mk)
    elif game == BELOTE:
        _bel_obs(s, me, OP, o, mk)
    else:
        _deb_obs(s, me, OP, o, mk)


# -- complete deals --------------------------------------------------------------------------
@jit
def observe(game: int, S: Any, OP: Any, obs: Any, mask: Any, to_act: Any) -> None:
    """The observation and mask of the seat to act at every table."""
    for i in range(S.shape[0]):
        s = S[i]
        to_act[i] = s[_TURN]
        _obs(game, s, s[_TURN], OP, obs[i], mask[i])


@jit_inline
def start(game: int, s: Any, dealer: int) -> None:
    """A table's deal from the deck order in its row."""
    if game == SCHIEBER:
        _sch_start(s, dealer)
    elif game == BELOTE:
        _bel_start(s, dealer)
    else:
        _deb_start_deal(s, dealer)


@jit_bare
def _deal(game: int, s: Any, DECK: Any) -> None:
    """A new deal at the table of row ``s``, from its own random numbers (compiled once
    for the three games: :func:`reset` and the stepped tables' next deals)."""
    st = s[0:4]
    _shuffled(s, st, DECK)
    start(game, s, _rand(st, 2 if game == DEBERTS else 4))


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


#: By the kernel's number of a game: its step function.
_STEPS: Final[tuple[Callable[..., Any], ...]] = (step_deberts, step_belote, step_schieber)


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
        self.OP = _options(self.game, options, win, options.target)
        self.tables = game_tables(game, options)
        self._rng = np.zeros(4, dtype=np.int64)
        # the step function and its arguments after the actions, chosen once
        self._step: Callable[..., Any] = _STEPS[self.code]
        row = np.zeros((1, 32), dtype=np.int64)  # the flow's scratch: a result row,
        note = np.zeros(1, dtype=np.int64)  # a random state (unused: actions are given),
        notes = np.zeros((1, 1), dtype=np.int64)  # the decision noted
        self._args = (
            self.OP, self.obs, self.mask, self.rew, self.term, self.final, self.to_act,
            *self.tables, self.scale, row, note, notes,
        )

    def reset(self, seed: int) -> None:
        seed_tables(self.S, seed)
        _seed(self._rng, seed, 1 << 40)  # the sampler's own stream
        reset(
            self.code, self.S, self.OP, self.obs, self.mask, self.to_act,
            self.tables[0],
        )

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


def _options(game: str, options: Any, win: bool, target: int) -> Any:
    """The ``OP`` array of a game's options: the reward mode, the switches, the target."""
    o = np.zeros(8, dtype=np.int64)
    o[_O_WIN] = int(win)
    o[_O_TARGET] = target
    sw = switches(game, options)  # the slots _O_A, _O_B, ... in SWITCHES' order
    o[_O_A:_O_A + len(sw)] = sw
    return o


def game_tables(game: str, options: Any) -> tuple[Any, ...]:
    """The tables a game's flow reads (the deck, points, strengths, rules, melds), as its
    compiled functions take them."""
    undertrump = bool(getattr(options, "undertrump", True))
    return (*tables(game, undertrump), run_cards(game))


def run_deals(
    game: str, n: int, seed: int, first: int, options: Any, out: Any, rec: bool,
    deck_out: Any, act_out: Any, legal_out: Any, policy: str = "random",
) -> None:
    """Play deals ``first .. first + n - 1`` of ``seed`` to the end into the arrays given
    (``out``: one result row per deal, the fields of :data:`atout.kernel.deals.FIELDS`;
    with ``rec``, each deal's deck, decisions and legal sets), the decisions by
    ``policy`` (one of :data:`atout.kernel.policy.POLICIES`). Each deal is scored in
    full: no match target stops it, and a Schieber player never claims."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}")
    pol = policy_tables(game) if policy == "rules" else None
    o = _options(game, options, False, _NEVER)
    part = kernel_game(game)
    if "manual_claim" in part.switches:  # nobody claims: every deal is scored in full
        o[_O_A + part.switches.index("manual_claim")] = 0
    S = np.zeros((1, WIDTH), dtype=np.int64)
    _RUNS[part.code](
        S, None, o, game_tables(game, options), pol, (out, act_out, legal_out, deck_out),
        np.zeros(4, dtype=np.int64), seed, first, n, int(rec), None,
    )
