"""The web pages' files (``atout/web/static``): the pages, scripts, styles and card
images that the server sends as they are."""

from __future__ import annotations

from importlib import resources

__all__ = ["STATIC"]

#: The folder of the static files, inside the installed package.
STATIC = resources.files("atout.web") / "static"
