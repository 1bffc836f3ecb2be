"""Make the puzzle set: ``python -m atout.learn.generate [--per-game N] [--out FILE]``.

Deals are played by the heuristic bots from seeded shuffles. At each card a seat plays
late in the deal (the last ``--tricks`` tricks), the worlds its view allows are
enumerated when there are at most ``--limit`` ways to deal the hidden cards, or else
``--sample`` of them are drawn; the solver values every legal card in every world. The
position becomes a puzzle when one card is at least as good as any other in every world
and leads the second best by ``--margin`` points or more on average, among at least three
legal cards that are not all equivalent. Difficulty: 1 when the heuristic bot finds the
card and few tricks are left, 3 when the bot misses it with more tricks to play, 2
otherwise. Needs the ``search`` extra (numba) to run in minutes.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from atout.bots.base import make_bot
from atout.games.actions import Play
from atout.kits import NAMES, get_game, kit
from atout.learn.puzzles import (
    PUZZLE_FILE,
    Puzzle,
    card_values,
    dump_puzzles,
    enumerate_worlds,
    judge,
    sample,
)
from atout.notation import format_position

GAMES = NAMES


def best_line(deal: Any, first: str) -> tuple[str, ...]:
    """Perfect play on the real cards from here to the end: ``first`` (the puzzle's
    card), then the solver's best card for the seat to play at every card."""
    world = deal.copy()
    world.apply(_play(first))
    line = [first]
    while not world.is_over:
        seat = world.current_player()
        values = card_values(world, seat)
        card = max(sorted(values), key=lambda c: values[c])
        line.append(card)
        world.apply(_play(card))
    return tuple(line)


def _play(card: str) -> Play:
    from atout.games.actions import parse_action

    action = parse_action(card)
    assert isinstance(action, Play)
    return action


def candidate(
    deal: Any, seat: int, bot_card: str, args: argparse.Namespace, seed: int
) -> Puzzle | None:
    legal = [a.card.name for a in deal.legal_actions() if isinstance(a, Play)]
    if len(legal) < 3:
        return None
    worlds = enumerate_worlds(deal, seat, args.limit)
    proof = "all"
    if worlds is None:
        worlds = sample(deal, seat, args.sample, seed)
        proof = "sampled"
    if len(worlds) < 2:  # a single world is an open-hand problem, not a puzzle
        return None
    found = judge(worlds, seat)
    if not found.best_everywhere or found.margin < args.margin:
        return None
    if len({round(v, 2) for v in found.values.values()}) < 2:
        return None
    left = len(deal.hand(seat))
    missed = bot_card != found.best
    if missed and left >= 4:
        difficulty = 3
    elif not missed and left <= 3:
        difficulty = 1
    else:
        difficulty = 2
    return Puzzle(
        id="", game=deal.game, position=format_position(deal), seat=seat, best=found.best,
        difficulty=difficulty, proof=proof, worlds=found.worlds, seed=seed,
        margin=found.margin, second=found.second, values=found.values,
        line=best_line(deal, found.best),
    )


def generate(game: str, args: argparse.Namespace) -> list[Puzzle]:
    info = get_game(game)
    found: list[Puzzle] = []
    seed = args.seed
    while len(found) < args.per_game and seed < args.seed + args.max_deals:
        seed += 1
        deal = info.deal(seed=seed, dealer=seed % info.num_players)
        bots = [make_bot(game, "heuristic", seed=seed * 10 + s) for s in range(info.num_players)]
        tricks = kit(game).rules.NUM_TRICKS
        taken = False
        while not deal.is_over:
            seat = deal.current_player()
            action = bots[seat].choose(deal.view(seat))
            done = len(deal.tricks)
            if (
                not taken and isinstance(action, Play) and done >= tricks - args.tricks
                and done < tricks - 1
            ):
                puzzle = candidate(deal, seat, action.card.name, args, seed)
                if puzzle is not None:
                    number = len(found) + 1
                    found.append(replace(puzzle, id=f"{game}-{number:03d}"))
                    taken = True  # one puzzle per deal
                    print(f"{game} {number}: seed {seed}, {puzzle.proof} {puzzle.worlds} "
                          f"worlds, {puzzle.best} by {puzzle.margin}", file=sys.stderr)
            deal.apply(action)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=8)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--max-deals", type=int, default=1500)
    parser.add_argument("--tricks", type=int, default=4, help="look at the last N tricks")
    parser.add_argument("--limit", type=int, default=3000, help="enumerate up to N worlds")
    parser.add_argument("--sample", type=int, default=40, help="else draw N worlds")
    parser.add_argument("--margin", type=float, default=6.0)
    parser.add_argument("--out", default=str(Path(__file__).with_name(PUZZLE_FILE)))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    puzzles: list[Puzzle] = []
    for game in args.games.split(","):
        puzzles += generate(game.strip(), args)
    Path(args.out).write_text(dump_puzzles(puzzles), encoding="utf-8")
    print(f"{len(puzzles)} puzzles in {time.perf_counter() - start:.0f} s -> {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
