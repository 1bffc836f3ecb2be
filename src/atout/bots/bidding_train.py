"""Training the bidding model of :mod:`atout.bots.bidding` from simulated deals.

The deals are those of the compiled kernel (:func:`atout.kernel.play_deals`, seeded: deal
``i`` of a seed is always the same deck and dealer). In each deal the bidding follows
the rules of thumb; at every bidding decision on that path each legal choice is tried
on a copy of the deal, the rest of the bidding (and Deberts' trump-7 exchange, and its
doubling) is finished by the rules-of-thumb bots, and the deal's card play is valued by
the open-hand solver (:mod:`atout.bots.solver`; Schieber searched 4 tricks ahead, then
half of the points still out to each team, as ``expert`` searches its first tricks;
Belote and Deberts to the end): the written points of the bidder's team minus the
others', by the engine's own settlement (failures, capot and Match, the factor). A
deal thrown in is worth 0. Each choice becomes one sample: its features from the
bidder's view, and that value (Schieber's contracts before their factor).

Schieber's push: the partner's six contracts are valued as above (samples of the pushed
chooser), and the push is worth the contract the fitted model chooses for the partner.
Deberts' doubling: each played deal gives the defender's double (its gain over passing,
the caller then redoubling by the rules of thumb) and the caller's redouble after a
double (over passing); the deals are generated with the ``doubling`` option on.

The weights are a ridge regression per kind (NumPy's exact solve, no randomness), so the
same deals give the same weights bit for bit. ``atout train-bidding GAME --deals N
--seed S`` writes them (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from atout.bots.bidding import KINDS, bidding_game, candidate_features
from atout.games.actions import Action, Double, Pass, Play, Push

__all__ = ["Samples", "fit", "generate", "save", "train"]

#: The ridge penalty on every weight but the bias.
RIDGE = 1.0
#: Deals per block: the unit of work of a process, and of the sums' order.
BLOCK = 500


@dataclass
class Samples:
    """What the fit needs of the samples, by kind: the sums ``X'X`` and ``X'y`` and the
    count (a million deals fit in a few kilobytes), and Schieber's push samples whole
    (one a deal at most: their labels need the partner's fitted model).

    Samples are added to a pending list and folded into the sums by :meth:`fold`, at the
    end of each block of :data:`BLOCK` deals: the blocks are summed in deal order, so the
    same deals give the same sums bit for bit however many processes made them."""

    game: str
    gram: dict[str, Any] = field(default_factory=dict)
    xty: dict[str, Any] = field(default_factory=dict)
    n: dict[str, int] = field(default_factory=dict)
    #: Schieber: the push samples' features, and per push sample the partner's
    #: contracts as (kind, features, scale, value).
    push_x: list[list[float]] = field(default_factory=list)
    push_options: list[list[tuple[str, list[float], float, float]]] = field(
        default_factory=list,
    )
    deals: int = 0
    _pending_x: dict[str, list[list[float]]] = field(default_factory=dict, repr=False)
    _pending_y: dict[str, list[float]] = field(default_factory=dict, repr=False)

    def add(self, kind: str, feats: list[float], value: float) -> None:
        self._pending_x.setdefault(kind, []).append(feats)
        self._pending_y.setdefault(kind, []).append(value)

    def fold(self) -> None:
        """Add the pending samples to the sums."""
        for kind, xs in self._pending_x.items():
            x = np.array(xs, dtype=np.float64)
            y = np.array(self._pending_y[kind], dtype=np.float64)
            self._sum(kind, x.T @ x, x.T @ y, len(xs))
        self._pending_x.clear()
        self._pending_y.clear()

    def merge(self, other: Samples) -> None:
        """Add ``other``'s samples (deals after these) to these."""
        self.fold()
        other.fold()
        for kind in other.n:
            self._sum(kind, other.gram[kind], other.xty[kind], other.n[kind])
        self.push_x += other.push_x
        self.push_options += other.push_options
        self.deals += other.deals

    def _sum(self, kind: str, gram: Any, xty: Any, n: int) -> None:
        if kind in self.n:
            self.gram[kind] = self.gram[kind] + gram
            self.xty[kind] = self.xty[kind] + xty
            self.n[kind] += n
        else:
            self.gram[kind], self.xty[kind], self.n[kind] = gram, xty, n


class _Valuer:
    """The value of a deal whose bidding is settled, for one team, by the solver."""

    def __init__(self, game: str) -> None:
        from atout.bots import make_bot
        from atout.bots.solver import Solver

        self.game = game
        self.solver = Solver()
        self.ahead = bidding_game(game).ahead
        self.rules = make_bot(game, "heuristic", seed=0)
        self._cache: dict[Any, int] = {}

    def finish(self, deal: Any) -> Any:
        """``deal`` with the rest of its bidding (and any exchange) by the rules of thumb,
        up to its first card (or its end)."""
        while not deal.is_over:
            seat = deal.current_player()
            action = self.rules.choose(deal.view(seat))
            if deal.phase == "play" and isinstance(action, Play):
                break
            deal.apply_unchecked(action)
        return deal

    def value(self, deal: Any, team: int) -> float:
        from atout.bots.search import _scoring, world_utility
        from atout.bots.solver import problem_from_deal

        if deal.is_over:
            result = deal.result
            if not result.played:
                return 0.0
            rec = result.recorded
            return float(rec[team] - rec[1 - team])
        problem = problem_from_deal(deal)
        if self.ahead < problem.total_tricks - problem.tricks_done:
            problem = replace(problem, stop=problem.tricks_done + self.ahead)
        diff = self._cache.get(problem)
        if diff is None:
            self.solver.new_table()
            diff = self.solver.value(problem)
            self._cache[problem] = diff
        scoring = _scoring(deal, problem)
        return world_utility(deal, scoring.fixed + diff, scoring, team)

    def after(self, deal: Any, action: Action, team: int) -> float:
        d = deal.copy()
        d.apply_unchecked(action)
        return self.value(self.finish(d), team)

    def new_deal(self) -> None:
        self._cache.clear()


def _schieber_deal(deal: Any, val: _Valuer, out: Samples) -> None:
    seat = deal.current_player()
    view = deal.view(seat)
    team = seat % 2
    for action in view.legal_actions:
        if isinstance(action, Push):
            pushed = deal.copy()
            pushed.apply_unchecked(action)
            partner = pushed.current_player()
            pview = pushed.view(partner)
            options = []
            for choice in pview.legal_actions:
                kind, feats, scale = candidate_features("schieber", pview, choice)
                value = val.after(pushed, choice, team)
                out.add(kind, feats, value / scale)
                options.append((kind, feats, scale, value))
            kind, feats, _ = candidate_features("schieber", view, action)
            out.push_x.append(feats)
            out.push_options.append(options)
            continue
        kind, feats, scale = candidate_features("schieber", view, action)
        out.add(kind, feats, val.after(deal, action, team) / scale)


def _bidding_deal(game: str, deal: Any, val: _Valuer, out: Samples) -> None:
    """Belote and Deberts: every decision on the rules-of-thumb bidding path."""
    while not deal.is_over and deal.phase in ("bidding", "doubling"):
        seat = deal.current_player()
        view = deal.view(seat)
        team = seat % 2
        if view.phase == "doubling":
            stay = val.after(deal, Pass(), team)
            for action in view.legal_actions:
                if isinstance(action, Pass):
                    continue
                kind, feats, _ = candidate_features(game, view, action)
                out.add(kind, feats, val.after(deal, action, team) - stay)
                if isinstance(action, Double):
                    doubled = deal.copy()
                    doubled.apply_unchecked(action)
                    cview = doubled.view(doubled.current_player())
                    base = val.after(doubled, Pass(), 1 - team)
                    for answer in cview.legal_actions:
                        if not isinstance(answer, Pass):
                            kind, feats, _ = candidate_features(game, cview, answer)
                            out.add(kind, feats, val.after(doubled, answer, 1 - team) - base)
        else:
            for action in view.legal_actions:
                kind, feats, _ = candidate_features(game, view, action)
                out.add(kind, feats, val.after(deal, action, team))
        deal.apply_unchecked(val.rules.choose(view))


def generate(
    game: str, deals: int, seed: int = 0, *, first: int = 0, workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Samples:
    """The samples of ``deals`` kernel deals of ``seed`` (deal numbers ``first`` on), in
    blocks of :data:`BLOCK` deals spread over ``workers`` processes (the same samples
    for any number of workers)."""
    blocks = [(start, min(BLOCK, first + deals - start))
              for start in range(first, first + deals, BLOCK)]
    out = Samples(game)
    if workers <= 1 or len(blocks) <= 1:
        for start, count in blocks:
            out.merge(_block(game, seed, start, count))
            if progress is not None:
                progress(out.deals)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")  # no compiled state shared by fork
    with ProcessPoolExecutor(min(workers, len(blocks)), mp_context=context) as pool:
        jobs = [pool.submit(_block, game, seed, start, count) for start, count in blocks]
        for job in jobs:  # in deal order
            out.merge(job.result())
            if progress is not None:
                progress(out.deals)
    return out


def _block(game: str, seed: int, first: int, deals: int) -> Samples:
    """The samples of one block of deals, folded."""
    from atout.kernel import play_deals
    from atout.kits import get_game

    info = get_game(game)
    part = bidding_game(game)
    opts = info.options(**dict(part.train_options))
    batch = play_deals(game, deals, seed, policy="rules", first=first, record=True)
    val = _Valuer(game)
    out = Samples(game)
    for i in range(deals):
        deck = [int(c) for c in batch["deck"][i]]
        deal = info.deal(deck, int(batch["dealer"][i]), opts)
        val.new_deal()
        if "push" in part.kinds:  # the choice may be passed to the partner
            _schieber_deal(deal, val, out)
        else:
            _bidding_deal(game, deal, val, out)
        out.deals += 1
    out.fold()
    return out


def _ridge(gram: Any, xty: Any) -> Any:
    penalty = RIDGE * np.eye(gram.shape[0])
    penalty[0, 0] = 0.0  # the bias is free
    return np.linalg.solve(gram + penalty, xty)


def fit(samples: Samples) -> dict[str, Any]:
    """The weights per kind (and ``n_<kind>``, the samples behind each)."""
    samples.fold()
    weights: dict[str, Any] = {}
    for kind in KINDS[samples.game]:
        if kind == "push":
            continue
        if not samples.n.get(kind):
            raise ValueError(f"no sample of {kind!r}: generate more deals")
        weights[kind] = _ridge(samples.gram[kind], samples.xty[kind])
        weights[f"n_{kind}"] = np.array(samples.n[kind])
    if "push" in KINDS[samples.game]:
        # the push is worth what the partner will choose, by the model just fitted
        ys = []
        for options in samples.push_options:
            best = None
            for kind, feats, scale, value in options:
                guess = scale * float(weights[kind] @ np.array(feats))
                if best is None or guess > best[0]:
                    best = (guess, value)
            assert best is not None
            ys.append(best[1])
        x = np.array(samples.push_x, dtype=np.float64)
        weights["push"] = _ridge(x.T @ x, x.T @ np.array(ys, dtype=np.float64))
        weights["n_push"] = np.array(len(ys))
    return weights


def save(weights: dict[str, Any], path: str, *, deals: int, seed: int) -> None:
    """Write the weights (with the deals and seed they came from) as ``.npz``."""
    np.savez(path, deals=np.array(deals), seed=np.array(seed), **weights)


def train(
    game: str, deals: int, seed: int = 0, out: str | None = None, *, workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Generate, fit and (with ``out``) save: the command ``atout train-bidding``."""
    samples = generate(game, deals, seed, workers=workers, progress=progress)
    weights = fit(samples)
    if out is not None:
        save(weights, out, deals=deals, seed=seed)
    return weights
