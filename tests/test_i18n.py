"""Message catalogs: every key in every language, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

from atout.games.actions import parse_action
from atout.games.base import IllegalActionError
from atout.games.deberts import DebertsDeal
from atout.i18n import LANGUAGES, Translator, catalog, explain, translate

FIELD = re.compile(r"{(\w+)")


def test_all_languages_have_the_same_keys_and_placeholders() -> None:
    table = catalog()
    english = table["en"]
    for lang in LANGUAGES:
        assert set(table[lang]) == set(english), lang
        for key, text in table[lang].items():
            assert set(FIELD.findall(text)) == set(FIELD.findall(english[key])), (lang, key)


def test_every_deberts_rule_error_is_translated() -> None:
    import atout.games.deberts as module

    source = Path(module.__file__).read_text(encoding="utf-8")
    rules = set(re.findall(r'IllegalActionError\(\s*"([\w.-]+)"', source))
    assert "deberts.beat-trump-lead" in rules
    for rule in rules:
        for lang in LANGUAGES:
            assert f"rule.{rule}" in catalog()[lang], (rule, lang)


def test_explain_uses_symbols_and_language() -> None:
    deal = DebertsDeal.from_hands(
        ["HJ H7 SA SK SQ C7 C8 C9 D7", "H9 S7 S8 S9 CA C10 CK DA D10"], "D8", 0
    )
    for text in ("pass", "pass", "trump H", "H9"):
        deal.apply(parse_action(text))
    error = deal.why_illegal(parse_action("H7"))
    assert isinstance(error, IllegalActionError)
    assert explain(error, "en") == "on a trump lead you must beat 9♥ when you can"
    assert "9♥" in explain(error, "fr") and "9♥" in explain(error, "es")
    assert Translator("fr")("suit.H") == "cœur"
    assert translate("no.such.key") == "no.such.key"
