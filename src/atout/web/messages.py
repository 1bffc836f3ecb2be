"""The words of the web pages (the ``web`` message domain: keys ``web.*``, ``room.*``,
``error.*``).

The rules' and tables' own words come from the ``atout`` domain of :mod:`atout.i18n`;
the browser receives both merged (see :func:`catalog_for`).
"""

from __future__ import annotations

from typing import Any

from atout.i18n import LANGUAGES, catalog, lookup, messages

__all__ = ["catalog_for", "web_text"]


def web_text(key: str, lang: str = "en", /, **params: Any) -> str:
    """A web message in ``lang`` (English when missing)."""
    text = lookup(key, lang, "web") or key
    return text.format(**params) if params else text


def catalog_for(lang: str) -> dict[str, str]:
    """Every message the pages need in ``lang``: the games' catalogs and the web's."""
    if lang not in LANGUAGES:
        lang = "en"
    merged = dict(catalog()["en"])
    merged.update(catalog().get(lang, {}))
    merged.update(messages("web")["en"])
    merged.update(messages("web")[lang])
    return merged
