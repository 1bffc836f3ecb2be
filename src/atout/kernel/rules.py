"""The card rules of the three games in the subset of Python that numba compiles.

One copy of the trick rules serves every compiled path: the open-hand solver
(:mod:`atout.bots.solver`), the complete-deal kernel (:mod:`atout.kernel.deals`) and
the vectorized environment. The functions here take a game's parameters as a small
integer array ``P`` (slots below), and per-contract tables (each card's points, its
strength within its suit, and the cards of its suit above it), so that the same code
decides Deberts, Belote and Schieber.

With numba installed (``pip install atout[search]``) everything here is compiled once
and cached on disk; without it, or with ``ATOUT_PURE_SOLVER=1``, the same functions
run as plain Python (on lists or arrays): exact, only slower. The engines in
:mod:`atout.games` stay the definition: the kernel is tested equal to them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TypeVar, cast

from atout.cards import SUIT_MASK

__all__ = [
    "BELOTE", "COMPILED", "DEBERTS", "P_CAP0", "P_CAP1", "P_GAME", "P_GEN", "P_LAST", "P_N",
    "P_SEQ0", "P_SEQ1", "P_STOP", "P_TOTAL", "P_TRUMP", "P_UNDER", "SCHIEBER", "above_table",
    "array", "best_of", "card_beats", "jit", "jit_bare", "jit_inline",
    "jit_typed", "legal_cards", "legal_cards_scalar", "legal_cards_vs", "now_us", "np",
    "order_table", "popcount",
    "suit_bits",
]

try:  # pragma: no cover - depends on the installation
    if os.environ.get("ATOUT_PURE_SOLVER"):
        raise ImportError("pure kernel requested")
    import numba
    import numpy as np  # for the kernel's users too: numpy when compiled, else None

    COMPILED: bool = True
except ImportError:  # pragma: no cover - depends on the installation
    numba = None  # type: ignore[assignment]
    np = None  # type: ignore[assignment]
    COMPILED = False


# -- the on-disk cache ----------------------------------------------------------------------
#: The sources whose code or constants go into the compiled functions (relative to the
#: ``atout`` package): compiled code inlines functions of other modules and freezes
#: module constants, and numba's own cache checks only the stamp of the file that
#: defines each function, so the cache is keyed by a hash of all of them.
COMPILED_SOURCES: Final = (
    "kernel/*.py", "bots/solver.py", "cards.py", "hand_values.py", "games/space.py",
    "games/schieber.py", "games/belote.py", "games/deberts.py",
)
_PACKAGE: Final = Path(__file__).resolve().parent.parent
#: A function given to the compiler. Compiled, it is called as before, with the same
#: arguments and results: the decorators below keep its type.
F = TypeVar("F", bound=Callable[..., Any])


def sources_hash(package: Path = _PACKAGE) -> str:
    """A hash of the compiled sources (:data:`COMPILED_SOURCES`) of ``package``."""
    digest = hashlib.sha256()
    for pattern in COMPILED_SOURCES:
        for path in sorted(package.glob(pattern)):
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def cache_dir() -> Path:
    """Where the compiled functions are cached: a folder named by :func:`sources_hash`,
    under ``NUMBA_CACHE_DIR`` when it is set, else next to the sources
    (``atout/kernel/__pycache__``), else (a read-only installation) in the user's cache
    folder. An edit to any compiled source leads to a new folder: nothing stale runs."""
    name = f"numba-{sources_hash()}"
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]) / "atout" / name
    here = Path(__file__).resolve().parent / "__pycache__"
    if _writable(here):
        return here / name
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "atout" / name


_CACHE_DIR: str | None = None


@contextlib.contextmanager
def _caching_here() -> Iterator[None]:
    """numba's cache folder set to :func:`cache_dir` while a function is decorated (its
    cache's place is fixed then), and given back after: other numba users keep theirs."""
    global _CACHE_DIR
    if _CACHE_DIR is None:
        _CACHE_DIR = str(cache_dir())
    config: Any = numba.config
    before = config.CACHE_DIR
    config.CACHE_DIR = _CACHE_DIR
    try:
        yield
    finally:
        config.CACHE_DIR = before


def jit(func: F) -> F:
    """Compile ``func`` with numba (cached on disk, see :func:`cache_dir`) when numba is
    there."""
    if COMPILED:
        with _caching_here():
            return cast(F, numba.njit(cache=True)(func))
    return func


def jit_typed(signature: str) -> Callable[[F], F]:
    """:func:`jit` with one signature, compiled when the module is imported (or loaded
    from the cache): for the small functions called with constants, where numba would
    otherwise compile one version per constant (``_rand(st, 7)``, ``_rand(st, 2)``...)."""

    def decorate(func: F) -> F:
        if COMPILED:
            with _caching_here():
                return cast(F, numba.njit(signature, cache=True)(func))
        return func

    return decorate


def jit_inline(func: F) -> F:
    """:func:`jit`, and inlined into the compiled functions that call it: for the small
    functions of the hot loops, where a call that passes arrays costs more than the
    work (each array passed is counted in and out, by atomic operations)."""
    if COMPILED:
        with _caching_here():
            return cast(F, numba.njit(cache=True, inline="always")(func))
    return func


def jit_bare(func: F) -> F:
    """:func:`jit` without numba's reference counts: for the functions that run the
    games' flows (:mod:`atout.kernel.vector`), where every array passed, sliced or chosen
    would otherwise be counted in and out, by atomic operations, at every deal or turn.
    It must not make arrays (nothing would free them); it may read, write and slice those
    it is given."""
    if COMPILED:
        options: dict[str, Any] = {"cache": True, "_nrt": False}  # numba's own option
        with _caching_here():
            return cast(F, numba.njit(**options)(func))
    return func


if COMPILED:  # pragma: no cover - depends on the installation

    @jit
    def now_us() -> int:
        """The wall clock (``time.perf_counter``) in microseconds, from compiled code
        too (the searches check their deadline with it)."""
        with numba.objmode(t="int64"):
            t = int(time.perf_counter() * 1e6)
        return t

else:

    def now_us() -> int:
        """The wall clock (``time.perf_counter``) in microseconds."""
        return int(time.perf_counter() * 1e6)


def array(values: list[int]) -> Any:
    """An int64 array compiled, a list otherwise."""
    if COMPILED:
        return np.array(values, dtype=np.int64)
    return list(values)


_S0: Final = SUIT_MASK[0]
_S1: Final = SUIT_MASK[1]
_S2: Final = SUIT_MASK[2]
_S3: Final = SUIT_MASK[3]

# Slots of the parameter array ``P``: the number of players, the game, the trump suit
# (-1: none), whether a player unable to overtrump must still trump (Belote), the last
# trick's bonus, the capot and sequence bonuses by team, the number of tricks, the
# trick at which a search stops, and (for the solver's table) a generation.
(
    P_N, P_GAME, P_TRUMP, P_UNDER, P_LAST, P_CAP0, P_CAP1, P_SEQ0, P_SEQ1, P_TOTAL, P_STOP,
    P_GEN,
) = range(12)
DEBERTS, BELOTE, SCHIEBER = 0, 1, 2


@jit_inline
def suit_bits(s: int) -> int:
    """The 9-bit field of suit ``s`` in a 36-bit card mask."""
    if s == 0:
        return _S0
    if s == 1:
        return _S1
    if s == 2:
        return _S2
    return _S3


@jit_inline
def popcount(m: int) -> int:
    """Number of set bits of a non-negative mask (no product: nothing can overflow)."""
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    m += m >> 8
    m += m >> 16
    m += m >> 32
    return m & 0x7F


@jit_inline
def card_beats(c: int, best: int, trump: int, sc: int, sb: int) -> bool:
    """Whether card ``c`` (strength ``sc``) takes the trick from ``best`` (``sb``),
    the card winning it so far: a stronger card of its suit, or a trump on a card of
    another suit."""
    if c // 9 == best // 9:
        return sc > sb
    return c // 9 == trump


@jit_inline
def best_of(cards: Any, base: int, n: int, trump: int, stren: Any) -> int:
    """Position (0..n-1) of the card now winning the trick stored at ``base``."""
    best = cards[base]
    bi = 0
    for i in range(1, n):
        c = cards[base + i]
        if card_beats(c, best, trump, stren[c], stren[best]):
            best = c
            bi = i
    return bi


@jit_inline
def legal_cards(
    P: Any, hand: int, cards: Any, base: int, tn: int, leader: int, seat: int,
    stren: Any, above: Any,
) -> int:
    """The cards ``seat`` may play (a mask), from the rules of the game in ``P``; the
    trick so far is ``cards[base:base + tn]``, led by ``leader``."""
    if tn == 0:
        return hand
    bi = best_of(cards, base, tn, P[P_TRUMP], stren)
    return legal_cards_vs(P, hand, cards[base], cards[base + bi], bi, tn, above)


@jit_inline
def legal_cards_vs(
    P: Any, hand: int, led: int, best: int, bi: int, tn: int, above: Any,
) -> int:
    """The cards the player to move may play (a mask) when ``tn`` > 0 cards are on the
    table: ``led`` the first, ``best`` the one now winning, played ``bi``-th (0: the
    lead). This is all the rules need to know of the trick, so that a loop that keeps
    the winning card as it goes (the playouts) asks no more."""
    return legal_cards_scalar(
        P[P_GAME], P[P_TRUMP], P[P_UNDER], hand, led, best, bi, tn, above[best]
    )


@jit_inline
def legal_cards_scalar(
    game: int, t: int, under: int, hand: int, led: int, best: int, bi: int, tn: int,
    above_best: int,
) -> int:
    """:func:`legal_cards_vs` from numbers alone (the game, the trump suit, the undertrump
    option, and the cards above the winning card), for the solver's loop, where a call
    that passes arrays costs more than the rules."""
    ls = led // 9
    follow = hand & suit_bits(ls)
    if game != SCHIEBER:  # Belote, and Deberts: a Belote trick of two (the led card best)
        if follow:
            if ls == t:
                a = follow & above_best
                return a if a else follow
            return follow
        if bi == tn - 2:  # the partner wins the trick so far (never in Deberts)
            return hand
        tr = hand & suit_bits(t)
        if tr == 0:
            return hand
        if best // 9 != t:
            return tr
        over = tr & above_best
        if over:
            return over
        return tr if under else hand
    # Schieber
    if t < 0:
        return follow if follow else hand
    tr = hand & suit_bits(t)
    if ls == t:
        if tr and tr != (1 << (9 * t + 5)):
            return tr
        return hand
    allowed = (follow | tr) if follow else hand
    # no undertrumping: a trump on the table (never the lead, here) is the best card
    if tr and hand != tr and best // 9 == t:
        allowed &= ~tr | above_best
    return allowed


def above_table(strength: tuple[int, ...]) -> list[int]:
    """``above[card]``: the cards of its suit stronger than it (a mask)."""
    out = []
    for c in range(36):
        s = c // 9
        out.append(sum(1 << o for o in range(9 * s, 9 * s + 9) if strength[o] > strength[c]))
    return out


def order_table(strength: tuple[int, ...]) -> list[int]:
    """The cards of each suit, strongest first (nine per suit)."""
    out: list[int] = []
    for s in range(4):
        out.extend(sorted(range(9 * s, 9 * s + 9), key=lambda c: -strength[c]))
    return out
