"""The ``atout`` command line: play, arena, bench, rules."""

from __future__ import annotations

import os
import sys
import time
from importlib import import_module

import click

from atout.games import GAMES, get_game
from atout.i18n import LANGUAGES

GAME_CHOICE = click.Choice(sorted(GAMES), case_sensitive=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atout")
def main() -> None:
    """Deberts, Belote and Schieber: play them, pit bots against each other, measure."""


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--seed", type=int, default=None, help="Seed of the match (same seed, same game).")
@click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
    help="Language of everything the player reads.",
)
@click.option("--bot", default="heuristic", show_default=True, help="Bot for the other seats.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option(
    "--options", "options", default=None,
    help="Rule options as one string, e.g. 'deberts(target=301)'.",
)
@click.option("--watch", is_flag=True, help="Let bots play every seat and watch.")
def play(
    game: str, seed: int | None, lang: str, bot: str, seat: int, options: str | None, watch: bool
) -> None:
    """Play a match of GAME in the terminal against bots."""
    from atout.terminal.app import TerminalGame

    info = get_game(game)
    if not 0 <= seat < info.num_players:
        raise click.BadParameter(f"seat must be 0..{info.num_players - 1}", param_hint="--seat")
    try:
        table = TerminalGame(
            game.lower(), seed=seed, lang=lang, human=None if watch else seat, bots=bot,
            options=options,
        )
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    sys.exit(table.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--bots", required=True, help="Two bot names, A,B (e.g. heuristic,random).")
@click.option("--deals", type=int, default=1000, show_default=True,
              help="Boards to play; each is played twice with the seats swapped.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=int, default=None, help="Processes (default: all cores).")
@click.option("--options", "options", default=None, help="Rule options string.")
def arena(
    game: str, bots: str, deals: int, seed: int, workers: int | None, options: str | None
) -> None:
    """Duplicate tournament of two bots at GAME, with a 95% confidence interval."""
    from rich.progress import Progress

    from atout.arena import duplicate

    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2:
        raise click.BadParameter("give two bots, A,B", param_hint="--bots")
    with Progress(transient=True) as progress:
        task = progress.add_task(f"{game} {names[0]} vs {names[1]}", total=deals)
        result = duplicate(
            game.lower(), names[0], names[1], deals, seed=seed, options=options,
            workers=workers or os.cpu_count() or 1,
            progress=lambda n: progress.advance(task, n),
        )
    click.echo(result.summary())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--deals", type=int, default=5000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
def bench(game: str, deals: int, seed: int) -> None:
    """Complete random deals of GAME per second in this process (no bots, no views)."""
    import random

    info = get_game(game)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(deals):
        deal = info.deal(seed=seed * 1_000_003 + i, dealer=i % info.num_players)
        while not deal.is_over:
            actions = deal.legal_actions()
            deal.apply_unchecked(actions[rng.randrange(len(actions))])
    elapsed = time.perf_counter() - start
    click.echo(f"{game}: {deals} random deals in {elapsed:.2f} s = {deals / elapsed:,.0f} deals/s")


@main.command()
@click.argument("game", type=GAME_CHOICE)
def rules(game: str) -> None:
    """Print the specification of GAME as atout implements it."""
    module = import_module(GAMES[game.lower()][0])
    click.echo(module.__doc__)


if __name__ == "__main__":  # pragma: no cover
    main()
