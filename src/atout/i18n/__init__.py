"""Message catalogues for everything a person reads, in each language atout speaks.

The messages live in standard gettext files under ``atout/locale/``: ``<domain>.pot`` holds
each message's key (``msgctxt``) and its English text (``msgid``), and
``<lang>/LC_MESSAGES/<domain>.po`` the translations (``msgstr``). The ``atout`` domain holds
the games, the terminal and the tools; the ``web`` domain the web pages' own words. Values
are ``str.format`` templates. The package reads the files themselves (see
:mod:`atout.i18n.po`): no build step. Untranslated or fuzzy entries fall back to English,
and the tests fail on any of them (docs/translating.md).

French typography is applied as the French messages are read: the space a translator
types before ``:`` becomes a no-break space, and before ``;``, ``!`` and ``?`` a narrow
no-break space (:func:`punctuation` gives the same for text joined in the code).
Numbers are written with Babel's data for the language (:func:`number`, :func:`signed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import files
from typing import Any

from atout.i18n.po import parse

__all__ = [
    "DOMAINS", "LANGUAGES", "LANGUAGE_NAMES", "MINUS", "Translator", "catalog", "explain",
    "fallbacks", "lookup", "messages", "number", "punctuation", "signed", "translate",
]

LANGUAGES = ("en", "fr", "es", "de", "ru", "uk")
#: Each language's name in itself, for the language menus.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch",
                  "ru": "Русский", "uk": "Українська"}
DOMAINS = ("atout", "web")
#: The sign of a negative number as shown (the typographic minus, not the hyphen).
MINUS = "\u2212"

class _Languages(Mapping[str, dict[str, str]]):
    """One domain's messages, language -> key -> template, each language read from its
    file the first time it is asked for (a terminal in French reads two files, not
    six)."""

    def __init__(self, domain: str) -> None:
        template = _read(f"{domain}.pot")
        if template is None:
            raise FileNotFoundError(f"the {domain}.pot template is missing")
        self.domain = domain
        self._loaded = {"en": _keyed(parse(template, f"{domain}.pot"), source=True)}

    def __getitem__(self, lang: str) -> dict[str, str]:
        table = self._loaded.get(lang)
        if table is None:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            text = _read(f"{lang}/LC_MESSAGES/{self.domain}.po")
            entries = parse(text, f"{lang}/{self.domain}.po") if text is not None else []
            english = self._loaded["en"]
            table = self._loaded[lang] = _keyed(
                [e for e in entries if e.text and not e.fuzzy and e.key in english])
            if lang == "fr":
                for key, text in table.items():
                    if not key.startswith("input."):  # the words a player types
                        table[key] = _FRENCH_SPACE.sub(_french_space, text)
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


#: A space before a French mark, and the no-break space that belongs there.
_FRENCH_SPACE = re.compile(r" ([:;!?])")
_FRENCH_MARKS = {":": "\u00a0:", ";": "\u202f;", "!": "\u202f!", "?": "\u202f?"}


def _french_space(match: re.Match[str]) -> str:
    return _FRENCH_MARKS[match.group(1)]


def punctuation(mark: str, lang: str) -> str:
    """``mark`` (``:``, ``;``, ``!``, ``?``) and the space after it, as the code joins two
    texts in ``lang``: ``"; "``, or in French ``" ; "`` with a narrow no-break space
    before (a no-break space before a colon)."""
    return (_FRENCH_MARKS[mark] if lang == "fr" else mark) + " "


_MESSAGES: dict[str, _Languages] = {}
_FALLBACKS: set[tuple[str, str]] = set()


def _read(relative: str) -> str | None:
    resource = files("atout.locale").joinpath(*relative.split("/"))
    return resource.read_text(encoding="utf-8") if resource.is_file() else None


def messages(domain: str = "atout") -> Mapping[str, dict[str, str]]:
    """One domain's messages: language -> key -> template (English from the template;
    an untranslated or fuzzy entry is left out, so it falls back to English)."""
    table = _MESSAGES.get(domain)
    if table is None:
        if domain not in DOMAINS:
            raise ValueError(f"no message domain {domain!r}")
        table = _MESSAGES[domain] = _Languages(domain)
    return table


def _keyed(entries: list[Any], *, source: bool = False) -> dict[str, str]:
    out: dict[str, str] = {}
    for entry in entries:
        if entry.key in out:
            raise KeyError(f"message {entry.key!r} defined twice")
        out[entry.key] = entry.source if source else entry.text
    return out


def catalog() -> Mapping[str, dict[str, str]]:
    """The games' and tools' messages (the ``atout`` domain): language -> key -> template."""
    return messages("atout")


def fallbacks() -> set[tuple[str, str]]:
    """The ``(language, key)`` pairs shown in English (or as the bare key) since the
    program started, because the language lacks them: the tests read it."""
    return _FALLBACKS


def lookup(key: str, lang: str, domain: str = "atout") -> str | None:
    """The template of ``key`` in ``lang`` from ``domain``, English when the language
    lacks it (and noted in :func:`fallbacks`), None when English lacks it too."""
    table = messages(domain)
    text = table.get(lang, {}).get(key)
    if text is None:
        text = table["en"].get(key)
        if lang != "en" or text is None:
            _FALLBACKS.add((lang, key))
    return text


def translate(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English, then to the key)."""
    text = lookup(key, lang)
    if text is None:
        return key
    return text.format(**params) if params else text


class Translator:
    """``t = Translator("fr"); t("deal.result")``: a translate bound to one language."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.lang = lang

    def __call__(self, key: str, /, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def label(self, key: str, /, **params: Any) -> str:
        """The message ``key`` as a label before a value: ``"Dealer: "``, in French
        ``"Donneur : "`` with the no-break space its typography asks for."""
        return translate(key, self.lang, **params) + self.colon

    @property
    def colon(self) -> str:
        """The colon and space the code puts after a label or a name, per language."""
        return punctuation(":", self.lang)

    def has(self, key: str) -> bool:
        return key in catalog()["en"]


def explain(error: Exception, lang: str = "en") -> str:
    """A rule error in a person's language: its ``rule`` message with cards and suits
    shown as symbols (``J♥``, ``♥``)."""
    rule = getattr(error, "rule", None)
    if rule is None:
        return str(error)
    params = {
        name: getattr(value, "symbol", value) for name, value in getattr(error, "params", {}).items()
    }
    key = f"rule.{rule}"
    if key not in catalog()["en"]:
        return str(error)
    try:
        return translate(key, lang, **params)
    except (KeyError, IndexError):
        return str(error)


# -- numbers ---------------------------------------------------------------------------------
@cache
def _locale(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang if lang in LANGUAGES else "en")


def number(value: float, lang: str = "en", digits: int = 0) -> str:
    """``value`` as a reader of ``lang`` writes it, with ``digits`` decimals (Babel's
    number formatting for the locale: ``32.5`` in English, ``32,5`` in French, Spanish,
    German, Russian and Ukrainian); a negative number has the minus sign ``−``."""
    from babel.numbers import format_decimal

    rounded = round(float(value), digits)
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    text = format_decimal(abs(rounded), format=pattern, locale=_locale(lang))
    return MINUS + text if rounded < 0 else text


def signed(value: float, lang: str = "en", digits: int = 1) -> str:
    """``value`` with its sign, as a gain or a loss is shown (``+32,5``, ``−9,3`` in
    French; ``0,0`` without a sign): :func:`number` with a ``+`` before a positive one."""
    text = number(value, lang, digits)
    return "+" + text if round(float(value), digits) > 0 else text
