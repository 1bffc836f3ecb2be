"""Duplicate tournaments between bots, with their statistics.

Luck of the cards dominates single deals, so bots are compared in *duplicate*: every
board (a seeded deal with its dealer) is played twice with the same cards, once with
bot A in the seats of team 0 (seat 0 in Deberts, seats 0 and 2 otherwise) and once with
the teams swapped. A board's score is A's average advantage over its two plays; the
mean over boards and a 95% confidence interval (normal approximation) say how much
stronger A is, in points written per deal.

A *round robin* plays every pair of several bots over the same boards and rates them on
one Elo scale from the boards each won, lost or halved (:func:`round_robin`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from atout.bots.base import Bot, make_bot
from atout.kits import get_game

__all__ = [
    "ArenaResult", "BoardResult", "RoundRobinResult", "duplicate", "elo_ratings", "play_board",
    "play_deal", "round_robin",
]


def play_deal(deal: Any, bots: list[Bot]) -> Any:
    """Play ``deal`` to its end, each seat's bot choosing from that seat's view."""
    while not deal.is_over:
        seat = deal.current_player()
        deal.apply(bots[seat].choose(deal.view(seat)))
    return deal.result


@dataclass(frozen=True)
class BoardResult:
    """One board played both ways: points written by A and by B in each play."""

    board: int
    a_points: tuple[int, int]
    b_points: tuple[int, int]

    @property
    def advantage(self) -> float:
        """A's mean advantage per deal on this board."""
        return (sum(self.a_points) - sum(self.b_points)) / 2


def _board_seed(seed: int, board: int) -> int:
    return random.Random(f"atout-board:{seed}:{board}").getrandbits(63)


def play_board(
    game: str, bot_a: str, bot_b: str, board: int, seed: int = 0, options: str | None = None
) -> BoardResult:
    """Play one board in both orientations (deterministic for the same arguments)."""
    info = get_game(game)
    opts = info.options.parse(options) if options else info.options()
    n = info.num_players
    deal_seed = _board_seed(seed, board)
    dealer = board % n
    a_pts: list[int] = []
    b_pts: list[int] = []
    for orientation in (0, 1):
        bots: list[Bot] = []
        for seat in range(n):
            a_here = (seat % 2 == 0) == (orientation == 0)
            name = bot_a if a_here else bot_b
            bots.append(make_bot(game, name, seed=deal_seed ^ (seat + 1) * 7919 + orientation))
        result = play_deal(info.deal(seed=deal_seed, dealer=dealer, options=opts), bots)
        recorded = result.recorded if result.played else (0, 0)
        a_team = 0 if orientation == 0 else 1
        a_pts.append(recorded[a_team])
        b_pts.append(recorded[1 - a_team])
    return BoardResult(board, (a_pts[0], a_pts[1]), (b_pts[0], b_pts[1]))


def _play_boards(args: tuple[str, str, str, list[int], int, str | None]) -> list[BoardResult]:
    game, a, b, boards, seed, options = args
    return [play_board(game, a, b, board, seed, options) for board in boards]


@dataclass(frozen=True)
class ArenaResult:
    """The statistics of a duplicate match between bots A and B."""

    game: str
    bot_a: str
    bot_b: str
    boards: tuple[BoardResult, ...]

    @property
    def deals(self) -> int:
        return 2 * len(self.boards)

    @property
    def mean_a(self) -> float:
        """A's mean points written per deal."""
        return sum(sum(b.a_points) for b in self.boards) / max(1, self.deals)

    @property
    def mean_b(self) -> float:
        return sum(sum(b.b_points) for b in self.boards) / max(1, self.deals)

    @property
    def difference(self) -> float:
        """A minus B, mean points per deal."""
        return self.mean_a - self.mean_b

    @property
    def standard_error(self) -> float:
        # each board's A - B per deal: the mean of these is :attr:`difference`
        values = [b.advantage for b in self.boards]
        n = len(values)
        if n < 2:
            return math.inf
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return math.sqrt(var / n)

    @property
    def confidence_interval(self) -> tuple[float, float]:
        """95% interval of :attr:`difference`."""
        half = 1.96 * self.standard_error
        return (self.difference - half, self.difference + half)

    @property
    def board_wins(self) -> tuple[int, int, int]:
        """Boards where A did better, worse, the same."""
        wins = sum(1 for b in self.boards if b.advantage > 0)
        losses = sum(1 for b in self.boards if b.advantage < 0)
        return wins, losses, len(self.boards) - wins - losses

    @property
    def win_rate(self) -> float:
        """A's share of the boards, an even board counting half (0.5: equal strength)."""
        w, l_, d = self.board_wins
        return (w + d / 2) / max(1, w + l_ + d)

    @property
    def points_share(self) -> float:
        """A's share of all the points written by both bots."""
        total = self.mean_a + self.mean_b
        return self.mean_a / total if total else 0.5

    def summary(self) -> str:
        low, high = self.confidence_interval
        w, l_, d = self.board_wins
        return (
            f"{self.game}: {self.bot_a} vs {self.bot_b}, {len(self.boards)} boards "
            f"({self.deals} deals)\n"
            f"  mean points per deal: {self.bot_a} {self.mean_a:.1f}, "
            f"{self.bot_b} {self.mean_b:.1f} ({self.points_share:.1%} of the points)\n"
            f"  difference {self.difference:+.1f} per deal, 95% CI [{low:+.1f}, {high:+.1f}]\n"
            f"  boards won/lost/even: {w}/{l_}/{d}, win rate {self.win_rate:.1%}"
        )


def duplicate(
    game: str,
    bot_a: str,
    bot_b: str,
    boards: int,
    *,
    seed: int = 0,
    options: str | None = None,
    workers: int = 1,
    first: int = 0,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play ``boards`` boards (twice each) between two bots named as on the command line.

    With ``workers > 1`` the boards are spread over processes; the result is the same.
    The boards are numbered from ``first``: a board's cards and seeds depend on its number
    alone, so runs over consecutive ranges combine into the run over all of them.
    ``backend="ray"`` runs the chunks of boards as Ray tasks instead (a local Ray
    instance, or the cluster at ``address``; see :mod:`atout.distributed`), with the
    same result again. ``progress`` is called with the number of boards just finished.
    """
    if backend not in ("local", "ray"):
        raise ValueError("backend must be 'local' or 'ray'")
    get_game(game)  # fail early on an unknown game
    numbers = list(range(first, first + boards))
    results: list[BoardResult] = []
    chunk = max(1, min(50, boards // max(1, workers * 8) or 1))
    chunks = [numbers[i : i + chunk] for i in range(0, boards, chunk)]
    jobs: Iterable[list[BoardResult]]
    if backend == "ray":
        from atout.distributed import ray_map

        jobs = ray_map(
            _play_boards, [(game, bot_a, bot_b, c, seed, options) for c in chunks],
            address=address, workers=workers,
        )
        for done in jobs:
            results.extend(done)
            if progress:
                progress(len(done))
    elif workers <= 1:
        jobs = (_play_boards((game, bot_a, bot_b, c, seed, options)) for c in chunks)
        for done in jobs:
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done in pool.map(
                _play_boards, [(game, bot_a, bot_b, c, seed, options) for c in chunks]
            ):
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda b: b.board)
    return ArenaResult(game, bot_a, bot_b, tuple(results))


# -- round robin --------------------------------------------------------------------------
#: The rating the bots' mean is pinned to (ratings are differences; this is only a level).
RATING_MEAN = 1500.0
#: Virtual even boards added to every pair that played, so that a bot that won every board
#: gets a finite rating (the prior of a Bayesian Bradley-Terry fit).
PRIOR_EVEN_BOARDS = 1.0


def elo_ratings(
    outcomes: dict[tuple[int, int], tuple[float, int]], players: int,
    *, prior: float = PRIOR_EVEN_BOARDS, mean: float = RATING_MEAN,
) -> list[float]:
    """Elo-scale ratings fitted to pairwise results (a Bradley-Terry fit, by Hunter's MM).

    ``outcomes[(i, j)] = (score, games)``: player i scored ``score`` (a win 1, a draw
    0.5) over ``games`` against j. A rating difference d predicts an expected score of
    1 / (1 + 10^(-d/400)), as in chess. Every pair that played gets ``prior`` virtual
    draws, which keeps a clean sweep finite and pulls small samples toward the middle.
    """
    wins = [0.0] * players
    games: dict[tuple[int, int], float] = {}
    for (i, j), (score, n) in outcomes.items():
        if n <= 0:
            continue
        wins[i] += score + prior / 2
        wins[j] += n - score + prior / 2
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + n + prior
    if any(w <= 0 for i, w in enumerate(wins) if any(i in pair for pair in games)):
        raise ValueError("a player who scored nothing has no finite rating: give a prior > 0")
    strength = [1.0] * players
    for _ in range(10_000):
        new = []
        for i in range(players):
            denominator = sum(
                n / (strength[i] + strength[b if a == i else a])
                for (a, b), n in games.items() if i in (a, b)
            )
            new.append(wins[i] / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(x) for x in new) / players)  # geometric mean 1
        new = [x / scale for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True)) < 1e-9
        strength = new
        if done:
            break
    return [mean + 400 * math.log10(x) for x in strength]


@dataclass(frozen=True)
class RoundRobinResult:
    """Every pair of ``bots`` in duplicate over the same boards, and their ratings."""

    game: str
    bots: tuple[str, ...]
    matches: tuple[ArenaResult, ...]

    def _outcomes(
        self, boards: list[int] | None = None
    ) -> dict[tuple[int, int], tuple[float, int]]:
        index = {name: i for i, name in enumerate(self.bots)}
        outcomes = {}
        for match in self.matches:
            by_board = match.boards if boards is None else [match.boards[b] for b in boards]
            score = sum(1.0 if b.advantage > 0 else 0.5 if b.advantage == 0 else 0.0
                        for b in by_board)
            outcomes[(index[match.bot_a], index[match.bot_b])] = (score, len(by_board))
        return outcomes

    def ratings(self) -> dict[str, float]:
        """Each bot's Elo-scale rating from the boards it won, lost and halved."""
        return dict(zip(self.bots, elo_ratings(self._outcomes(), len(self.bots)), strict=True))

    def rating_intervals(
        self, resamples: int = 400, seed: int = 0
    ) -> dict[str, tuple[float, float]]:
        """A 95% interval of each rating: the boards drawn again with replacement (the
        same draw for every pair, as the boards are shared), the ratings fitted again."""
        count = min(len(m.boards) for m in self.matches) if self.matches else 0
        rng = random.Random(f"atout-ratings:{seed}")
        fits: list[list[float]] = []
        for _ in range(resamples if count > 1 else 0):
            boards = [rng.randrange(count) for _ in range(count)]
            fits.append(elo_ratings(self._outcomes(boards), len(self.bots)))
        intervals = {}
        for i, name in enumerate(self.bots):
            values = sorted(f[i] for f in fits)
            if not values:
                intervals[name] = (-math.inf, math.inf)
                continue
            intervals[name] = (values[int(0.025 * (len(values) - 1))],
                               values[math.ceil(0.975 * (len(values) - 1))])
        return intervals

    def summary(self) -> str:
        boards = len(self.matches[0].boards) if self.matches else 0
        pairs = [f"{m.bot_a} vs {m.bot_b}" for m in self.matches]
        width = max([len("A vs B"), *map(len, pairs)])
        lines = [
            f"{self.game}: round robin of {len(self.bots)} bots, {boards} boards a pair "
            f"({2 * boards} deals)", "",
            f"  {'A vs B':<{width}}  A - B per deal  95% interval      A's points  A's win rate",
        ]
        for pair, m in zip(pairs, self.matches, strict=True):
            low, high = m.confidence_interval
            interval = f"[{low:+.1f}, {high:+.1f}]"
            lines.append(f"  {pair:<{width}}  {m.difference:+14.1f}  {interval:<16}  "
                         f"{m.points_share:10.1%}  {m.win_rate:12.1%}")
        ratings = self.ratings()
        intervals = self.rating_intervals()
        name_width = max([len("bot"), *map(len, self.bots)])
        lines += ["", f"  {'bot':<{name_width}}  rating  95% interval"]
        for name in sorted(self.bots, key=lambda b: -ratings[b]):
            low, high = intervals[name]
            lines.append(f"  {name:<{name_width}}  {ratings[name]:6.0f}  [{low:.0f}, {high:.0f}]")
        lines.append(f"  (Elo scale, mean {RATING_MEAN:.0f}; intervals from the boards resampled)")
        return "\n".join(lines)


def round_robin(
    game: str,
    bots: list[str],
    boards: int,
    *,
    seed: int = 0,
    options: str | None = None,
    workers: int = 1,
    progress: Callable[[str, int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> RoundRobinResult:
    """Every pair of ``bots`` in duplicate over the same ``boards`` boards (as
    :func:`duplicate`), rated together. ``progress`` gets the pair's label and the number
    of boards just finished."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a round robin needs two or more different bots")
    matches = []
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            matches.append(duplicate(
                game, a, b, boards, seed=seed, options=options, workers=workers,
                progress=partial(progress, f"{a} vs {b}") if progress else None,
                backend=backend, address=address,
            ))
    return RoundRobinResult(game, tuple(bots), tuple(matches))
