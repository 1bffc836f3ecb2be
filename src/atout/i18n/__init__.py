"""Message catalogs for everything a person reads, in English, French and Spanish.

Each module in this package (``common``, ``deberts``, ``belote``, ``schieber``) holds a
``MESSAGES`` dict: ``{"en": {...}, "fr": {...}, "es": {...}}``. Keys are dotted names;
the errors of the rules are found under ``rule.<rule id>``. Values are
``str.format`` templates. A test checks that every key exists in every language.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["CATALOG_MODULES", "LANGUAGES", "Translator", "catalog", "explain", "translate"]

LANGUAGES = ("en", "fr", "es")
CATALOG_MODULES = (
    "common", "deberts", "belote", "schieber", "replay", "scorekeeper", "input", "advice",
    "tui", "advisor", "learn",
)

_CATALOG: dict[str, dict[str, str]] | None = None


def catalog() -> dict[str, dict[str, str]]:
    """All messages, merged: language -> key -> template."""
    global _CATALOG
    if _CATALOG is None:
        merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for name in CATALOG_MODULES:
            try:
                module = import_module(f"atout.i18n.{name}")
            except ModuleNotFoundError:
                continue
            for lang, messages in module.MESSAGES.items():
                for key, text in messages.items():
                    if key in merged[lang]:
                        raise KeyError(f"message {key!r} defined twice ({lang})")
                    merged[lang][key] = text
        _CATALOG = merged
    return _CATALOG


def translate(key: str, lang: str = "en", /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falling back to English, then to the key)."""
    table = catalog()
    text = table.get(lang, {}).get(key) or table["en"].get(key)
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
