"""The web pages' files (``atout/web/static``): the scripts, styles and card images that
the server sends as they are, and the pages, each one skeleton (:func:`page_html`) around
its own title, stylesheets, body and script."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources

from starlette.responses import HTMLResponse

__all__ = ["PAGES", "STATIC", "Page", "page_html", "send_page"]

#: The folder of the static files, inside the installed package.
STATIC = resources.files("atout.web") / "static"


@dataclass(frozen=True)
class Page:
    """One page: its title, its stylesheets after ``style.css``, the class of its body,
    the body's markup (its scripts fill it in), and its scripts after ``common.js``
    (names in ``static/``, without ``.css`` or ``.js``)."""

    title: str
    body_class: str
    body: str
    scripts: tuple[str, ...]
    styles: tuple[str, ...] = ()


_SITE_HEAD = '<div id="site-head"></div>\n'
_TABLE = ('<nav id="toolbar" class="toolbar"></nav>\n'
          '<div id="status" class="status" role="status"></div>\n'
          '<main id="table" class="table"></main>\n')
_SCORES = ('<header id="scores" class="score-head"></header>\n'
           '<div id="message" class="score-message" role="alert" hidden></div>\n'
           '<main id="main" class="score-main"></main>\n')

#: Every page, by name (``table``: ``/table/...``; see the routes that send them).
PAGES: dict[str, Page] = {
    "index": Page("atout", "home-page", _SITE_HEAD + '<main id="home" class="page"></main>\n',
                  ("room", "home")),
    "lobby": Page("atout: lobby", "home-page lobby-page",
                  _SITE_HEAD + '<main id="lobby" class="page"></main>\n', ("room", "lobby")),
    "club": Page("atout: club", "home-page club-page",
                 _SITE_HEAD + '<main id="club" class="page"></main>\n', ("room", "clubs"),
                 ("clubs",)),
    "table": Page("atout", "table-page", _TABLE, ("table",)),
    "replay": Page("atout: replay", "table-page replay-page", _TABLE, ("replay",)),
    "score": Page("atout: scorekeeper", "score-page", _SCORES, ("score",), ("score",)),
    "advise": Page("atout: advisor", "score-page advise-page", _SCORES, ("advise",),
                   ("score", "advise")),
    "learn": Page("atout: learn", "learn-page",
                  '<header id="bar" class="learn-bar"></header>\n'
                  '<div class="learn-layout">\n'
                  '<nav id="course" class="learn-course"></nav>\n'
                  '<main id="stage" class="learn-stage"></main>\n'
                  '</div>\n', ("learn",), ("learn",)),
    "night": Page("atout: duplicate night", "night-page",
                  '<header class="night-head"><h1 id="title">atout</h1><div id="lang"></div>'
                  '</header>\n'
                  '<div id="message" class="night-message" role="alert" hidden></div>\n'
                  '<main id="main" class="night-main"></main>\n', ("night",), ("night",)),
}


@cache
def page_html(name: str) -> str:
    """The whole page ``name`` of :data:`PAGES`: the skeleton every page shares (the
    head, the languages and ``common.js``) around the page's own parts."""
    p = PAGES[name]
    styles = "".join(f'<link rel="stylesheet" href="/static/{s}.css">\n'
                     for s in ("style", *p.styles))
    scripts = "".join(f'<script src="/static/{s}.js"></script>\n'
                      for s in ("common", *p.scripts))
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(p.title)}</title>\n{styles}"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n'
        f'</head>\n<body class="{p.body_class}">\n{p.body}'
        f'<script src="/languages.js"></script>\n{scripts}</body>\n</html>\n'
    )


def send_page(name: str) -> HTMLResponse:
    """The response that sends page ``name``."""
    return HTMLResponse(page_html(name))
