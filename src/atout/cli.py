"""The ``atout`` command line: play, replay, score, advise, learn, arena, selfplay, bench,
rules, warm, serve."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import click

from atout.bots.base import LEVELS
from atout.i18n import LANGUAGES
from atout.kits import KITS, get_game, kit

GAME_CHOICE = click.Choice(sorted(KITS), case_sensitive=False)
F = TypeVar("F", bound=Callable[..., Any])


def lang_option(help: str) -> Callable[[F], F]:
    """The ``--lang`` option of a command: one of the catalogues' languages."""
    return click.option("--lang", type=click.Choice(LANGUAGES), default="en",
                        show_default=True, help=help)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atout")
def main() -> None:
    """Deberts, Belote and Schieber: play them, pit bots against each other, measure."""


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--seed", type=int, default=None, help="Seed of the match (same seed, same game).")
@lang_option("Language of everything the player reads.")
@click.option("--bot", default="heuristic", show_default=True, help="Bot for the other seats.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option(
    "--options", "options", default=None,
    help="Rule options as one string, e.g. 'deberts(target=301)'.",
)
@click.option("--watch", is_flag=True, help="Let bots play every seat and watch.")
@click.option("--save", "save", default=None, metavar="FILE",
              help="Write the match record to FILE (see docs/records.md).")
@click.option("--plain", is_flag=True,
              help="Line mode: a transcript read line by line (scripts, screen readers); "
                   "the default when input or output is not a terminal.")
@click.option("--undo/--no-undo", "undo", default=True, show_default=True,
              help="Allow taking back your own last move (counted in the saved record).")
@click.option("--hint-level", default=None, metavar="LEVEL",
              help="Bot level whose search values your choices for 'hint' "
                   "(default: the hints' level everywhere, hard).")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.8, show_default=True,
              metavar="SECONDS", help="Full-screen table: seconds between the bots' cards.")
@click.option("--fast", is_flag=True, help="Full-screen table: bots play at once (--pace 0).")
@click.option("--autoplay/--no-autoplay", default=True, show_default=True,
              help="Full-screen table: your last card plays itself.")
def play(
    game: str, seed: int | None, lang: str, bot: str, seat: int, options: str | None, watch: bool,
    save: str | None, plain: bool, undo: bool, hint_level: str | None, pace: float, fast: bool,
    autoplay: bool,
) -> None:
    """Play a match of GAME in the terminal against bots."""
    from atout.terminal.app import TerminalGame

    info = get_game(game)
    if not 0 <= seat < info.num_players:
        raise click.BadParameter(f"seat must be 0..{info.num_players - 1}", param_hint="--seat")
    settings: dict[str, Any] = {
        "seed": seed, "lang": lang, "human": None if watch else seat, "bots": bot,
        "options": options, "save": save, "undo": undo,
    }
    if hint_level is not None:  # else the hints' own level (atout.bots.advice.HINT_LEVEL)
        settings["hint_level"] = hint_level
    run_app = None if plain else _fullscreen_app()
    try:
        if run_app is not None:
            sys.exit(run_app(game.lower(), pace=0.0 if fast else pace, autoplay=autoplay,
                             **settings))
        table = TerminalGame(game.lower(), **settings)
    except ValueError as exc:  # options refused at a table with people, a bad --save...
        from atout.i18n import explain

        raise click.UsageError(explain(exc, lang)) from exc
    from atout.bots import warm
    from atout.bots.search import SearchBot

    # a person at the table never waits for the compiler (with --watch, bots alone, the
    # first search waits for it instead: a seed then always gives the same match)
    searching = any(isinstance(b, SearchBot) for b in table.bots.values())
    if searching and not watch and warm.start():
        table.console.print(table.t("bots.warming"))
    sys.exit(table.run())


@contextlib.contextmanager
def _refusals(*, usage: tuple[type[Exception], ...] = (ValueError,),
              record: str | None = None) -> Iterator[None]:
    """Say what a command's session refused as click says it: a usage error (``usage``),
    or, where ``record`` names the file a record was read from, the record's fault
    (:class:`atout.notation.RecordError`) as an error in that file."""
    from atout.notation import RecordError

    try:
        yield
    except usage as exc:
        if record is not None and isinstance(exc, RecordError):
            raise click.ClickException(f"{record}: {exc}") from exc
        raise click.UsageError(str(exc)) from exc


def _fullscreen_app() -> Any:
    """The full-screen table's ``run_app`` when input and output are a terminal and the
    app is installed; None for the line mode (``--plain``, pipes, scripts)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        from atout.tui import run_app
    except ImportError:
        return None
    return run_app


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@lang_option("Language of everything the player reads.")
@click.option("--seat", type=int, default=None, help="Show what this seat sees (default: all).")
@click.option("--plain", is_flag=True,
              help="Line by line (for scripts and screen readers), not the full-screen table.")
def replay(file: str, lang: str, seat: int | None, plain: bool) -> None:
    """Step through the match saved in FILE: forward, back, jump to a deal or a trick.

    On a terminal the saved match opens on the full-screen table (? shows the keys);
    with --plain, or when input or output is not a terminal, commands are read line by
    line (h for help)."""
    from atout.i18n import translate
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
    with _refusals(record=file):
        if not plain and file != "-" and sys.stdin.isatty() and sys.stdout.isatty():
            from atout.tui import run_replay

            sys.exit(run_replay(text, lang=lang, seat=seat))
        viewer = ReplayViewer(text, lang=lang, seat=seat)
    sys.exit(viewer.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@lang_option("Language of the questions and the reasons.")
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
    from atout.terminal.scorekeeper import ScoreSession

    with _refusals(usage=(ValueError, OSError), record=load):
        session = ScoreSession(
            game.lower(), lang=lang, options=options,
            names=[n.strip() for n in names.split(",")] if names else None,
            dealer=dealer, load=load, save=save, input_fn=input, output=click.echo,
        )
    sys.exit(session.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@lang_option("Language of the questions, the cards you type and the advice.")
@click.option("--seat", type=int, default=0, show_default=True,
              help="Your seat, in playing order from 0 (0 and 2 are partners).")
@click.option("--dealer", type=int, default=0, show_default=True,
              help="Seat that deals the first deal.")
@click.option("--level", type=click.Choice(LEVELS),
              default=None, help="Bot level of the advice (default: the hints' level "
                                 "everywhere, hard).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the cards the advisor imagines in the hidden hands (the advice "
                   "itself depends on your position only).")
@click.option("--options", "options", default=None, help="Rule options as one string.")
@click.option("--save", default=None, metavar="FILE",
              help="Keep the finished deals in FILE as a record (docs/records.md).")
def advise(
    game: str, lang: str, seat: int, dealer: int, level: str | None, seed: int,
    options: str | None, save: str | None,
) -> None:
    """Advice at a real table: enter your cards and each card played (docs/advisor.md)."""
    from atout.bots.advice import HINT_LEVEL
    from atout.terminal.advisor import AdviseSession

    with _refusals():
        session = AdviseSession(
            game.lower(), lang=lang, seat=seat, dealer=dealer, level=level or HINT_LEVEL,
            seed=seed, options=options, save=save, input_fn=input, output=click.echo,
        )
    sys.exit(session.run())


@main.command()
@click.argument("game", type=GAME_CHOICE)
@lang_option("Language of the lessons and the reasons.")
@click.option("--lesson", type=int, default=None, help="Go straight to lesson N (1-based).")
@click.option("--puzzle", default=None, metavar="ID",
              help="Go straight to a puzzle: its id (deberts-001) or 'daily'.")
@click.option("--progress", "progress_file", default=None, metavar="FILE",
              type=click.Path(dir_okay=False),
              help="Where progress is kept (default: $ATOUT_LEARN_PROGRESS or the user's "
                   "data folder, atout/learn.json).")
@click.option("--date", "day", default=None, metavar="YYYY-MM-DD",
              help="The day whose daily puzzle to give (default: today).")
def learn(
    game: str, lang: str, lesson: int | None, puzzle: str | None, progress_file: str | None,
    day: str | None,
) -> None:
    """Lessons and puzzles of GAME in the terminal, line by line (docs/learn.md)."""
    from datetime import date

    from atout.learn import lessons
    from atout.learn.progress import Progress
    from atout.terminal.learn import LearnSession

    count = len(lessons(game.lower()))
    if lesson is not None and not 1 <= lesson <= count:
        raise click.BadParameter(f"choose a lesson from 1 to {count}", param_hint="--lesson")
    try:
        today = date.fromisoformat(day) if day else None
    except ValueError:
        raise click.BadParameter("a date is written YYYY-MM-DD", param_hint="--date") from None
    session = LearnSession(
        game.lower(), lang=lang, progress=Progress(progress_file), input_fn=input,
        output=click.echo, today=today,
    )
    sys.exit(session.run(lesson=lesson, puzzle=puzzle))


@main.command()
@click.argument("game", type=GAME_CHOICE)
@click.option("--bots", required=True,
              help="Two bot names, A,B (e.g. heuristic,random); three or more for a round "
                   "robin with ratings; 'levels' for random and every level.")
@click.option("--deals", type=int, default=1000, show_default=True,
              help="Boards to play (a pair); each is played twice with the seats swapped.")
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
    """Duplicate tournament of bots at GAME, with 95% confidence intervals.

    Two bots play one match; three or more play a round robin (every pair over the same
    boards) and are rated on one Elo scale.
    """
    from rich.progress import Progress

    from atout.arena import duplicate, round_robin

    names = ["random", *LEVELS] if bots.strip() == "levels" else [
        b.strip() for b in bots.split(",")
    ]
    if len(names) < 2 or (len(names) > 2 and len(set(names)) != len(names)):
        # a bot may meet itself (a check of the arena); a round robin names each bot once
        raise click.BadParameter("give two bots, A,B, or three or more different ones",
                                 param_hint="--bots")
    if address and backend != "ray":
        raise click.BadParameter("--address needs --backend ray", param_hint="--address")
    if backend == "ray":
        _need_ray()
    run: dict[str, Any] = dict(
        seed=seed, options=options, backend=backend, address=address,
        workers=(workers or 0) if backend == "ray" else (workers or os.cpu_count() or 1),
    )
    with Progress(transient=True) as progress:
        if len(names) == 2:
            task = progress.add_task(f"{game} {names[0]} vs {names[1]}", total=deals)
            result = duplicate(game.lower(), names[0], names[1], deals,
                               progress=lambda n: progress.advance(task, n), **run)
            click.echo(result.summary())
            return
        pairs = len(names) * (len(names) - 1) // 2
        task = progress.add_task(f"{game} round robin", total=deals * pairs)

        def advance(label: str, n: int) -> None:
            progress.update(task, advance=n, description=f"{game} {label}")

        table = round_robin(game.lower(), names, deals, progress=advance, **run)
    click.echo(table.summary())


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


@main.command("train-bidding")
@click.argument("game", type=GAME_CHOICE)
@click.option("--deals", type=int, default=2000, show_default=True,
              help="Kernel deals to simulate (every bidding choice of each is played out).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Weights file to write (default: the one atout ships, bidding-GAME.npz).")
@click.option("--workers", type=int, default=1, show_default=True,
              help="Processes; blocks of 500 deals each, the same weights for any number.")
def train_bidding(game: str, deals: int, seed: int, out: str | None, workers: int) -> None:
    """Fit the learned bidding of the hard and expert bots on simulated deals of GAME."""
    from atout.bots.bidding import weights_path
    from atout.bots.bidding_train import train

    game = game.lower()
    path = out or str(weights_path(game))
    start = time.perf_counter()

    def progress(done: int) -> None:
        click.echo(f"{done}/{deals} deals, {time.perf_counter() - start:.0f} s", err=True)

    weights = train(game, deals, seed, path, workers=workers, progress=progress)
    counts = ", ".join(f"{k[2:]} {int(v)}" for k, v in weights.items() if k.startswith("n_"))
    click.echo(f"{game}: fitted on {deals} deals (seed {seed}; samples: {counts}) -> {path}")


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
@lang_option("Language of the rules.")
@click.option("--spec", is_flag=True,
              help="Print instead the specification as atout implements it (English).")
def rules(game: str, lang: str, spec: bool) -> None:
    """Print the rules of GAME for players, in plain text."""
    if spec:
        click.echo(kit(game).rules.__doc__)
        return
    from atout.rules import rules_text

    click.echo(rules_text(game, lang), nl=False)


@main.command()
@click.option(
    "--programs", is_flag=True,
    help="Also the kernels programs call: complete deals and the vectorized environment "
    "(about a minute of processor time the first time).",
)
def warm(programs: bool) -> None:
    """Compile the search bots' kernels now (once per installation), so that no game
    waits for it later (needs the 'search' extra)."""
    from atout import warm as kernels

    if not kernels.COMPILED:
        raise click.ClickException("numba is not installed: pip install 'atout[search]'")
    click.echo(f"atout: search kernels ready ({kernels.warm_up():.1f} s)")
    if programs:
        spent = kernels.warm_programs(
            lambda game, seconds: click.echo(
                f"atout: {game.capitalize()} deals and environment ready ({seconds:.1f} s)"
            )
        )
        click.echo(f"atout: program kernels ready ({spent:.1f} s)")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; as a name, also one the server answers to.")
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--db", "db_url", default=None,
              help="SQLAlchemy database URL (default: $ATOUT_DB or sqlite:///atout.db).")
@click.option("--bot-delay", type=float, default=0.6, show_default=True,
              help="The table's pace: seconds from the start of a bot's turn to its action, "
                   "so people can follow (a longer thought is played when made).")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes for the search bots and record replays "
                   "[default: min(processors, 4)].")
@click.option("--bot-budget", type=click.FloatRange(0.05, 60), default=2.0, show_default=True,
              help="Seconds a search bot may think per decision; later, the "
                   "rules-of-thumb bot plays.")
@click.option("--tables-per-minute", type=click.IntRange(0), default=20, show_default=True,
              help="Tables one client address may create per minute (0: no limit).")
@click.option("--max-tables", type=click.IntRange(1), default=1000, show_default=True,
              help="Live tables held in memory; idle ones beyond it leave first.")
@click.option("--idle-minutes", type=click.FloatRange(0), default=10.0, show_default=True,
              help="Minutes after which a table nobody watches leaves memory "
                   "(the database keeps it).")
@click.option("--max-record-kib", type=click.IntRange(1), default=1024, show_default=True,
              help="Largest record the replay page accepts, in KiB.")
@click.option("--work-per-minute", type=click.IntRange(0), default=120, show_default=True,
              help="Requests that compute (advisor, replays, records, scoresheets, "
                   "lessons' answers) one client address may make per minute (0: no limit).")
@click.option("--allow-origin", "allowed_origins", multiple=True, metavar="ORIGIN",
              help="Another origin (https://example.org) whose pages may create tables "
                   "and open websockets, and whose host name the server answers to; "
                   "repeat for more.")
@click.option("--away-seconds", type=click.FloatRange(1), default=30.0, show_default=True,
              help="Seconds a person's seat may stay without a connection, when it is to "
                   "play and someone else is at the table, before a bot plays it.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes behind the one address (more than one: PostgreSQL "
                   "only).")
@click.option("--lease-seconds", type=click.FloatRange(1, 300), default=10.0,
              show_default=True,
              help="How long a server process's hold on a table lasts unrenewed (with "
                   "PostgreSQL): the wait before a killed process's tables move on.")
def serve(
    host: str, port: int, db_url: str | None, bot_delay: float, bot_workers: int | None,
    bot_budget: float, tables_per_minute: int, max_tables: int, idle_minutes: float,
    max_record_kib: int, work_per_minute: int, allowed_origins: tuple[str, ...],
    away_seconds: float, workers: int, lease_seconds: float,
) -> None:
    """Play in the browser: start the web server (needs the 'web' extra)."""
    from atout.bots import warm

    try:
        from atout.web import serve as run_server
        from atout.web.limits import Limits
        from atout.web.supervisor import check_workers
        from atout.web.workers import default_workers
    except ImportError as exc:  # pragma: no cover - without the extra
        raise click.ClickException(f"{exc}: install with pip install 'atout[web]'") from exc

    try:
        check_workers(db_url, workers)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    limits = Limits(
        bot_workers=bot_workers or default_workers(), bot_budget=bot_budget,
        tables_per_minute=tables_per_minute, max_live_tables=max_tables,
        idle_seconds=idle_minutes * 60, max_record_body=max_record_kib * 1024,
        allowed_origins=allowed_origins, away_seconds=away_seconds,
        lease_seconds=lease_seconds, work_per_minute=work_per_minute,
    )
    click.echo(f"atout: http://{host}:{port}/")
    if warm.start(lambda spent: click.echo(f"atout: search bots ready ({spent:.1f} s)")):
        click.echo("atout: preparing the search bots in the background; until they are "
                   "ready, they play by the rules of thumb")
    try:
        run_server(host=host, port=port, db_url=db_url, bot_delay=bot_delay, limits=limits,
                   workers=workers)
    except ImportError as exc:  # pragma: no cover - without the extra
        raise click.ClickException(f"{exc}: install with pip install 'atout[web]'") from exc


if __name__ == "__main__":  # pragma: no cover
    main()
