"""What the tests of every screen in every language share: the messages that fell back to
English, and the English sentences left in a screen meant for another language."""

from __future__ import annotations

import re
import string
from functools import cache

from atout.i18n import DOMAINS, fallbacks, messages


@cache
def _english_fragments(lang: str) -> tuple[str, ...]:
    """The literal pieces of the English templates that the language translated
    differently: long enough (two words, 12 characters) to be a sentence, not a name."""
    pieces: set[str] = set()
    for domain in DOMAINS:
        table = messages(domain)
        mine = table[lang]
        for key, english in table["en"].items():
            translated = mine.get(key)
            if translated is None or translated == english:
                continue
            for literal, *_ in string.Formatter().parse(english):
                for piece in re.split(r"[\n|()\[\]:;,.!?]", literal):
                    piece = piece.strip()
                    if len(piece) >= 12 and " " in piece and piece not in translated:
                        pieces.add(piece)
    return tuple(sorted(pieces))


def english_left(text: str, lang: str) -> list[str]:
    """The English sentences in ``text``, a screen meant for ``lang``."""
    if lang == "en":
        return []
    return [piece for piece in _english_fragments(lang) if piece in text]


def fell_back(lang: str) -> set[str]:
    """The keys shown in English (or as bare keys) to ``lang`` since :func:`forget`."""
    return {key for seen_lang, key in fallbacks() if seen_lang == lang}


def forget() -> None:
    fallbacks().clear()
