"""The rules of each game written for players, in each language (``atout rules GAME
--lang xx``): plain text files ``<game>.<lang>.txt`` beside this module, read as
package data. The full specification as atout implements it stays in each game
module's docstring and in ``docs/<game>.md``."""

from __future__ import annotations

from importlib.resources import files

from atout.i18n import LANGUAGES
from atout.kits import KITS

__all__ = ["rules_text"]


def rules_text(game: str, lang: str = "en") -> str:
    """The players' rules of ``game`` in ``lang``, as plain text."""
    game = game.lower()
    if game not in KITS:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(KITS)}")
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return (files(__name__) / f"{game}.{lang}.txt").read_text(encoding="utf-8")
