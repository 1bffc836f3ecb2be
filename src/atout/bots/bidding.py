"""Bidding learned from simulated deals: a small linear model per game and kind of choice.

Each bidding choice (Schieber's contract and push, Belote's take or pass in both rounds,
Deberts' take or pass in both rounds, its double and redouble) is valued from the
bidder's own view alone: the hand, the position, the turned card or indicator, the
bids so far (in these games a bid still open means every earlier bid was a pass, so
the round and the position say it), and in Schieber whether the contract was pushed.
A choice's *features* are a short vector: for a trump candidate the trump-suit-relative
counts (the jack, the nine, the other top trumps, the number of trumps, bela) and the
side cards (aces, tens, kings, voids, singletons), the rules-of-thumb value of that
candidate, and the position; for Obenabe and Undenufe the top (bottom) cards and the
runs they head; for a pass or a push what the hand is worth at its best. Its value is
a dot product with the weights of its kind, in written points per deal for the
bidder's team (its points minus the others'); Schieber's trump and no-trump values are
learned before the contract's factor and multiplied by it.

The weights (``bidding-<game>.npz`` beside this module) are fitted by
:mod:`atout.bots.bidding_train` (``atout train-bidding``) and read with NumPy alone.
``hard`` and ``expert`` bid by :func:`learned_values`; the lower levels keep the rules
of thumb. See docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from atout.cards import Rank
from atout.games.actions import Action, Double, NoTrump, Pass, Push, Redouble, Trump
from atout.kits import ByGame, kit, load

__all__ = [
    "KINDS", "candidate_features", "learned_choice", "learned_values", "load_weights",
    "read_weights",
    "weights_path",
]



@dataclass(frozen=True)
class BiddingGame:
    """The learned bidding of one game (its kit names it, ``GameKit.bidding``)."""

    #: The kinds of choice the model values, each with its own weights (``push``:
    #: passing the choice to the partner, valued by what the partner will choose).
    kinds: tuple[str, ...]
    #: ``(view, action)`` -> ``(kind, features, scale)`` (:func:`candidate_features`).
    features: Callable[[Any, Action], tuple[str, list[float], float]]
    #: The phases whose decisions the model values.
    phases: frozenset[str]
    #: Tricks the solver searches before its static estimate for the training's labels.
    ahead: int = 9
    #: The options the training deals are played with (as keyword arguments).
    train_options: tuple[tuple[str, Any], ...] = ()


@cache
def bidding_game(game: str) -> BiddingGame:
    """The learned bidding's part for ``game`` (its kit's ``bidding``)."""
    part: BiddingGame = load(kit(game).bidding)
    return part


#: Per game, the kinds of choice the model values, each with its own weights.
KINDS: Final[Mapping[str, tuple[str, ...]]] = ByGame(lambda k: bidding_game(k.name).kinds)
#: Trump ranks by power (the jack, the nine, then the rest) for the features.
_BELOTE_TOP: Final = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN)
_SCHIEBER_TOP: Final = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING)
_HERE: Final = Path(__file__).resolve().parent
#: The cap of the rules-of-thumb scores (hundreds of points) in the push's features.
_PUSH_CAP: Final = 2.0


def weights_path(game: str) -> Path:
    """Where the shipped weights of ``game`` are."""
    return _HERE / f"bidding-{game}.npz"


@cache
def load_weights(game: str) -> dict[str, tuple[float, ...]] | None:
    """The shipped weights of ``game`` by kind, or None without the file or without
    NumPy (the bots then bid by the rules of thumb)."""
    path = weights_path(game)
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - numpy comes with the search extra
        return None
    if not path.exists():
        return None
    return read_weights(game, path)


def read_weights(game: str, path: str | Path) -> dict[str, tuple[float, ...]]:
    """The weights of ``game`` by kind from a file ``atout train-bidding`` wrote."""
    import numpy as np

    with np.load(path, allow_pickle=False) as data:
        return {k: tuple(float(v) for v in data[k]) for k in KINDS[game]}


# -- features -----------------------------------------------------------------------------
def _suit(hand: int, s: int) -> int:
    return (hand >> (9 * s)) & 0x1FF


def _trump_features(hand: int, t: int, top: tuple[Rank, ...], rule: float) -> list[float]:
    """A trump candidate in suit ``t``: top trumps, length, bela, side winners, shape."""
    trumps = _suit(hand, t)
    n = trumps.bit_count()
    out = [float(trumps >> r & 1) for r in top]
    out += [n, max(0, n - 3), float(trumps >> Rank.KING & 1 and trumps >> Rank.QUEEN & 1)]
    aces = tens = kings = voids = singles = 0
    for s in range(4):
        if s == t:
            continue
        m = _suit(hand, s)
        aces += m >> Rank.ACE & 1
        tens += m >> Rank.TEN & 1 and m >> Rank.ACE & 1  # a ten behind its ace
        kings += m >> Rank.KING & 1
        voids += m == 0
        singles += m.bit_count() == 1 and not m >> Rank.ACE & 1
    return [*out, aces, tens, kings, voids, singles, rule / 100.0]


def _notrump_features(hand: int, high: bool, rule: float) -> list[float]:
    """Obenabe (``high``) or Undenufe: the top (bottom) three ranks, runs and long suits."""
    order = range(8, -1, -1) if high else range(9)
    ranks = list(order)[:3]
    counts = [float(sum(_suit(hand, s) >> r & 1 for s in range(4))) for r in ranks]
    runs = long_runs = bare = 0
    for s in range(4):
        m = _suit(hand, s)
        run = 0
        for r in order:
            if not m >> r & 1:
                break
            run += 1
        runs += run
        if run >= 2:
            long_runs += m.bit_count() - run
        if m and not run:
            bare += 1
    return [*counts, runs, long_runs, bare, rule / 100.0]


def _schieber(view: Any, action: Action) -> tuple[str, list[float], float]:
    from atout.games.schieber import FACTORS, OBENABE, UNDENUFE, contract_index
    from atout.hand_values import (
        schieber_contract_scores,
        schieber_notrump_value,
        schieber_trump_value,
    )

    hand = view.hand.mask
    pushed = float(view.pushed)
    if isinstance(action, Push):
        scores = sorted(schieber_contract_scores(hand).values(), reverse=True)
        lengths = sorted((_suit(hand, s).bit_count() for s in range(4)), reverse=True)
        jacks = sum(_suit(hand, s) >> Rank.JACK & 1 for s in range(4))
        nines = sum(_suit(hand, s) >> Rank.NINE & 1 for s in range(4))
        aces = sum(_suit(hand, s) >> Rank.ACE & 1 for s in range(4))
        sixes = sum(_suit(hand, s) & 1 for s in range(4))
        # past 200 points the best contract is clearly worth more than pushing: the
        # scores are capped there so that a push is never extrapolated from them
        feats = [
            min(scores[0] / 100.0, _PUSH_CAP), min(scores[1] / 100.0, _PUSH_CAP), lengths[0],
            lengths[1], jacks, nines, aces, sixes,
        ]
        return "push", [1.0, *feats], 1.0
    assert isinstance(action, (Trump, NoTrump))
    k = contract_index(action)
    factor = float(FACTORS[k])
    if k < 4:
        rule = schieber_trump_value(hand, k)
        return "trump", [1.0, pushed, *_trump_features(hand, k, _SCHIEBER_TOP, rule)], factor
    high = k == OBENABE
    assert high or k == UNDENUFE
    rule = schieber_notrump_value(hand, high)
    kind = "obenabe" if high else "undenufe"
    return kind, [1.0, pushed, *_notrump_features(hand, high, rule)], factor


def _position(view: Any, players: int) -> list[float]:
    """One-hot of the seat's place after the dealer (the first to speak is 0)."""
    place = (view.seat - view.dealer - 1) % players
    return [float(place == i) for i in range(players)]


def _round(view: Any, players: int) -> float:
    """1.0 in the second round of bidding (every player has passed once)."""
    return float(sum(1 for _, a in view.history if isinstance(a, Pass)) >= players)


def _pass_features(hand: int, up: int, best: float) -> list[float]:
    """A pass in Belote or Deberts: the best the hand could bid, what it holds of the
    face-up card's suit (``up``: the turned card, the indicator), and that card's rank."""
    rank = up % 9
    mine = _suit(hand, up // 9)
    return [
        best / 100.0, mine.bit_count(), float(mine >> Rank.JACK & 1),
        float(mine >> Rank.NINE & 1), float(rank == Rank.JACK), float(rank == Rank.NINE),
        float(sum(_suit(hand, s) >> Rank.ACE & 1 for s in range(4))),
    ]


def _belote(view: Any, action: Action) -> tuple[str, list[float], float]:
    from atout.hand_values import belote_bid_value

    hand = view.hand.mask
    turned = int(view.turned)
    up = turned // 9
    context = [1.0, *_position(view, 4), _round(view, 4)]
    if isinstance(action, Trump):
        t = int(action.suit)
        cards = hand | (1 << turned) if t == up else hand
        rule = belote_bid_value(cards, t)
        feats = _trump_features(cards, t, _BELOTE_TOP, -30.0 if rule is None else rule)
        return "take", [*context, *feats, float(t == up)], 1.0
    assert isinstance(action, Pass)
    best = -30.0
    for a in view.legal_actions:
        if isinstance(a, Trump):
            t = int(a.suit)
            v = belote_bid_value(hand | (1 << turned) if t == up else hand, t)
            best = max(best, -30.0 if v is None else float(v))
    return "pass", [*context, *_pass_features(hand, turned, best)], 1.0


def _deberts(view: Any, action: Action) -> tuple[str, list[float], float]:
    from atout.hand_values import deberts_exchange_gain, deberts_hand_value

    hand = view.hand.mask
    ind = int(view.indicator)
    isuit = ind // 9
    if view.phase == "doubling":
        assert view.trump is not None
        t = int(view.trump)
        rule = float(deberts_hand_value(hand, t))
        kind = "redouble" if view.caller == view.seat else "double"
        feats = _trump_features(hand, t, _BELOTE_TOP, rule)
        return kind, [1.0, float(view.dealer == view.seat), float(t == isuit), *feats], 1.0
    context = [1.0, *_position(view, 2), _round(view, 2)]
    if isinstance(action, Trump):
        t = int(action.suit)
        rule = float(deberts_hand_value(hand, t))
        seven = t == isuit and bool(hand >> (9 * t + Rank.SEVEN) & 1)
        if seven:
            rule += deberts_exchange_gain(ind)
        feats = _trump_features(hand, t, _BELOTE_TOP, rule)
        return "take", [*context, *feats, float(t == isuit), float(seven)], 1.0
    assert isinstance(action, Pass)
    best = 0.0
    for a in view.legal_actions:
        if isinstance(a, Trump):
            best = max(best, float(deberts_hand_value(hand, int(a.suit))))
    return "pass", [*context, *_pass_features(hand, ind, best)], 1.0


SCHIEBER_BIDDING: Final = BiddingGame(
    ("trump", "obenabe", "undenufe", "push"), _schieber, frozenset({"choosing"}), ahead=4,
)
BELOTE_BIDDING: Final = BiddingGame(("take", "pass"), _belote, frozenset({"bidding"}), ahead=8)
DEBERTS_BIDDING: Final = BiddingGame(
    ("take", "pass", "double", "redouble"), _deberts, frozenset({"bidding", "doubling"}),
    ahead=9, train_options=(("doubling", True),),
)


def candidate_features(game: str, view: Any, action: Action) -> tuple[str, list[float], float]:
    """``(kind, features, scale)`` of one bidding choice: its value is
    ``scale * weights[kind] @ features``. For Deberts' doubling the features describe
    doubling (or redoubling) itself, valued against passing (worth 0)."""
    return bidding_game(game).features(view, action)


def _covered(game: str, view: Any) -> bool:
    """Whether the model values this decision (a bid, a contract, a double)."""
    return view.phase in bidding_game(game).phases


def _dot(weights: Any, feats: list[float]) -> float:
    return float(sum(float(w) * f for w, f in zip(weights, feats, strict=True)))


def learned_values(
    game: str, view: Any, weights: Mapping[str, Any] | None = None,
) -> dict[Action, float] | None:
    """Each legal action of a bidding view with the model's value (written points per
    deal for the seat's team), or None where the model has nothing to say (no weights,
    or not a bidding decision)."""
    if weights is None:
        weights = load_weights(game)
    if weights is None or not _covered(game, view):
        return None
    out: dict[Action, float] = {}
    for action in view.legal_actions:
        if view.phase == "doubling" and not isinstance(action, (Double, Redouble)):
            out[action] = 0.0
            continue
        kind, feats, scale = candidate_features(game, view, action)
        out[action] = scale * _dot(weights[kind], feats)
    return out


def learned_choice(game: str, view: Any, weights: Mapping[str, Any] | None = None) -> Action | None:
    """The legal action the model values most (the first of equals, in the order of the
    legal actions), or None where it has nothing to say."""
    values = learned_values(game, view, weights)
    if values is None:
        return None
    best: Action | None = None
    for action in view.legal_actions:
        if best is None or values[action] > values[best]:
            best = action
    return best
