"""The full-screen terminal table (Textual): ``atout play`` and ``atout replay`` when
input and output are a terminal; the line mode (:mod:`atout.terminal`) stays for
scripts, pipes and screen readers (``--plain``).

:func:`run_app` plays a match (or watches bots with ``human=None``); :func:`run_replay`
steps through a saved one. Both return the exit status of the command.
"""

from __future__ import annotations

from typing import Any

__all__ = ["run_app", "run_replay"]


def run_app(game: str, **kwargs: Any) -> int:
    """Play ``game`` full-screen; keyword arguments as :class:`atout.tui.app.PlayApp`
    (``seed``, ``lang``, ``human``, ``bots``, ``options``, ``save``, ``pace``,
    ``autoplay``, ``undo``). 0 when the match was played to its end or saved as the
    player left, 1 when left without saving."""
    from atout.tui.app import PlayApp

    app = PlayApp(game, **kwargs)
    result = app.run()
    for line in app.after:  # what the table said off the screen (a record written
        print(line)  # elsewhere than asked), once the screen is the terminal's
    return app.exit_code if result is None else int(result)


def run_replay(text: str, **kwargs: Any) -> int:
    """Step through the match record ``text`` full-screen (``lang``, ``seat``)."""
    from atout.tui.replay import ReplayApp

    app = ReplayApp(text, **kwargs)
    app.run()
    return 0
