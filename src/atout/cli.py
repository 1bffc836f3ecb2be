"""The ``atout`` command line: play, replay, score, arena, selfplay, bench, rules, warm,
serve."""

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
@click.option("--save", "save", default=None, metavar="FILE",
              help="Write the match record to FILE (see docs/records.md).")
def play(
    game: str, seed: int | None, lang: str, bot: str, seat: int, options: str | None, watch: bool,
    save: str | None,
) -> None:
    """Play a match of GAME in the terminal against bots."""
    from atout.terminal.app import TerminalGame

    info = get_game(game)
    if not 0 <= seat < info.num_players:
        raise click.BadParameter(f"seat must be 0..{info.num_players - 1}", param_hint="--seat")
    try:
        table = TerminalGame(
            game.lower(), seed=seed, lang=lang, human=None if watch else seat, bots=bot,
            options=options, save=save,
        )
    except ValueError as exc:  # options refused at a table with people, a bad --save...
        from atout.i18n import explain

        raise click.UsageError(explain(exc, lang)) from exc
    from atout.bots import warm
    from atout.bots.search import _SearchBase

    # a person at the table never waits for the compiler (with --watch, bots alone, the
    # first search waits for it instead: a seed then always gives the same match)
    searching = any(isinstance(b, _SearchBase) for b in table.bots.values())
    if searching and not watch and warm.start():
        table.console.print(table.t("bots.warming"))
    sys.exit(table.run())


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
    help="Language of everything the player reads.",
)
@click.option("--seat", type=int, default=None, help="Show what this seat sees (default: all).")
def replay(file: str, lang: str, seat: int | None) -> None:
    """Step through the match saved in FILE: forward, back, jump to a deal (h for help)."""
    from atout.i18n import translate
    from atout.notation import RecordError
    from atout.terminal.replay import ReplayViewer

    try:
        with click.open_file(file, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            translate("replay.not-utf8", lang, file=file, position=exc.start)
        ) from None
    except OSError as exc:
        raise click.ClickException(
            translate("replay.unreadable", lang, file=file, reason=exc.strerror or str(exc))
        ) from None
    try:
        viewer = ReplayViewer(text, lang=lang, seat=seat)
    except RecordError as exc:
        raise click.ClickException(f"{file}: {exc}") from exc
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    sys.exit(viewer.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
    help="Language of the questions and the reasons.",
)
@click.option("--options", "options", default=None,
              help="Rule options as one string, e.g. 'schieber(target=1500)'.")
@click.option("--names", default=None,
              help="The players' (Deberts) or the teams' names, comma-separated.")
@click.option("--dealer", type=int, default=0, show_default=True,
              help="Seat that deals the first deal (0-based).")
@click.option("--load", default=None, metavar="FILE", type=click.Path(dir_okay=False),
              help="Go on with the scoresheet saved in FILE.")
@click.option("--save", default=None, metavar="FILE",
              help="Keep the scoresheet in FILE after every deal (a record, docs/records.md).")
def score(
    game: str, lang: str, options: str | None, names: str | None, dealer: int,
    load: str | None, save: str | None,
) -> None:
    """Keep the score of a game of GAME played with real cards (docs/scorekeeper.md)."""
    from atout.notation import RecordError
    from atout.terminal.scorekeeper import ScoreSession

    try:
        session = ScoreSession(
            game.lower(), lang=lang, options=options,
            names=[n.strip() for n in names.split(",")] if names else None,
            dealer=dealer, load=load, save=save, input_fn=input, output=click.echo,
        )
    except RecordError as exc:
        raise click.ClickException(f"{load}: {exc}") from exc
    except (ValueError, OSError) as exc:
        raise click.UsageError(str(exc)) from exc
    sys.exit(session.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--bots", required=True, help="Two bot names, A,B (e.g. heuristic,random).")
@click.option("--deals", type=int, default=1000, show_default=True,
              help="Boards to play; each is played twice with the seats swapped.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=int, default=None,
              help="Processes, or Ray tasks at once (default: all cores; with Ray, all).")
@click.option("--options", "options", default=None, help="Rule options string.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="Where boards run: processes here, or Ray tasks.")
@click.option("--address", default=None,
              help="Ray cluster to join (auto, HOST:PORT, ray://HOST:PORT); default: local.")
def arena(
    game: str, bots: str, deals: int, seed: int, workers: int | None, options: str | None,
    backend: str, address: str | None,
) -> None:
    """Duplicate tournament of two bots at GAME, with a 95% confidence interval."""
    from rich.progress import Progress

    from atout.arena import duplicate

    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2:
        raise click.BadParameter("give two bots, A,B", param_hint="--bots")
    if address and backend != "ray":
        raise click.BadParameter("--address needs --backend ray", param_hint="--address")
    if backend == "ray":
        _need_ray()
    with Progress(transient=True) as progress:
        task = progress.add_task(f"{game} {names[0]} vs {names[1]}", total=deals)
        result = duplicate(
            game.lower(), names[0], names[1], deals, seed=seed, options=options,
            workers=(workers or 0) if backend == "ray" else (workers or os.cpu_count() or 1),
            progress=lambda n: progress.advance(task, n),
            backend=backend, address=address,
        )
    click.echo(result.summary())


def _need_ray() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        raise click.ClickException("the ray backend needs Ray: pip install 'atout[ray]'") from None


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--bots", default="heuristic", show_default=True,
              help="One bot for every seat, or one per seat (A,B,C,D).")
@click.option("--deals", type=int, default=1000, show_default=True)
@click.option("--out", required=True, type=click.Path(file_okay=False),
              help="Directory for records-*.txt and samples-*.npz (see docs/env.md).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--options", "options", default=None, help="Rule options string.")
@click.option("--chunk", type=int, default=200, show_default=True, help="Deals per file.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True)
@click.option("--address", default=None, help="Ray cluster to join; default: local.")
@click.option("--workers", type=int, default=None, help="Ray tasks at once (default: all).")
def selfplay(
    game: str, bots: str, deals: int, out: str, seed: int, options: str | None, chunk: int,
    backend: str, address: str | None, workers: int | None,
) -> None:
    """Self-play deals of GAME: records and training samples (needs the 'env' extra)."""
    try:
        from atout.distributed import selfplay as run
    except ImportError as exc:  # pragma: no cover - without the extra
        raise click.ClickException(f"{exc}: install with pip install 'atout[env]'") from exc
    if backend == "ray":
        _need_ray()
    names = [b.strip() for b in bots.split(",")]
    start = time.perf_counter()
    files = run(
        game.lower(), names, deals, out, seed=seed, options=options, chunk=max(1, chunk),
        backend=backend, address=address, workers=workers,
    )
    elapsed = time.perf_counter() - start
    click.echo(
        f"{game}: {deals} deals in {elapsed:.1f} s ({deals / elapsed:,.0f} deals/s), "
        f"{len(files)} files in {out}"
    )


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


@main.command()
def warm() -> None:
    """Compile the search bots' kernels now (once per installation), so that no game
    waits for it later (needs the 'search' extra)."""
    from atout.bots.warm import COMPILED, warm_up

    if not COMPILED:
        raise click.ClickException("numba is not installed: pip install 'atout[search]'")
    click.echo(f"atout: search kernels ready ({warm_up():.1f} s)")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--db", "db_url", default=None,
              help="SQLAlchemy database URL (default: $ATOUT_DB or sqlite:///atout.db).")
@click.option("--bot-delay", type=float, default=0.6, show_default=True,
              help="Seconds a bot waits before it plays, so people can follow.")
def serve(host: str, port: int, db_url: str | None, bot_delay: float) -> None:
    """Play in the browser: start the web server (needs the 'web' extra)."""
    from atout.bots import warm
    from atout.web import serve as run_server

    click.echo(f"atout: http://{host}:{port}/")
    if warm.start(lambda spent: click.echo(f"atout: search bots ready ({spent:.1f} s)")):
        click.echo("atout: preparing the search bots in the background; until they are "
                   "ready, they play by the rules of thumb")
    try:
        run_server(host=host, port=port, db_url=db_url, bot_delay=bot_delay)
    except ImportError as exc:  # pragma: no cover - without the extra
        raise click.ClickException(f"{exc}: install with pip install 'atout[web]'") from exc


if __name__ == "__main__":  # pragma: no cover
    main()
