"""Message catalogues: gettext files that standard tools read, every key in every
language with the same placeholders as English, and every key the code asks for."""

from __future__ import annotations

import gettext
import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from atout.games.actions import parse_action
from atout.games.base import IllegalActionError
from atout.games.deberts import DebertsDeal
from atout.i18n import (
    DOMAINS,
    LANGUAGE_NAMES,
    LANGUAGES,
    Translator,
    catalog,
    explain,
    messages,
    translate,
)
from atout.i18n.catalogs import (
    LOCALE,
    check,
    keys_in_code,
    placeholders,
    po_path,
    pot_path,
    update,
    updated,
)
from atout.i18n.po import Entry, dump, parse, read


def test_every_language_is_complete_with_the_placeholders_of_english() -> None:
    assert check() == []
    for lang in LANGUAGES:
        assert lang in LANGUAGE_NAMES
        for domain in DOMAINS:
            assert set(messages(domain)[lang]) == set(messages(domain)["en"]), (lang, domain)


def test_every_key_the_code_asks_for_is_in_a_template() -> None:
    english = set(messages("atout")["en"]) | set(messages("web")["en"])
    found = keys_in_code()
    assert len(found) > 400  # the extractor reads the Python and the JavaScript
    assert any(w.endswith(".js") or ".js:" in w for w in found["room.play"])
    assert any("tui/" in w for w in found["label.trump"])
    missing = {key: where for key, where in found.items() if key not in english}
    assert missing == {}


def test_the_domains_share_no_key() -> None:
    """The pages receive both domains merged: a shared key would hide one of them."""
    assert not set(messages("atout")["en"]) & set(messages("web")["en"])


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_gettext_tools_read_the_files_as_we_do(lang: str, domain: str) -> None:
    """Babel parses each file, and a ``.mo`` compiled from it gives the standard
    library's gettext the same text for every key as atout's own reader."""
    path = po_path(lang, domain)
    with path.open("rb") as handle:
        babel_catalog = read_po(handle, locale=lang)
    ours = {entry.key: entry for entry in read(path)}
    theirs = {message.context: message for message in babel_catalog if message.id}
    assert set(theirs) == set(ours)
    for key, message in theirs.items():
        assert (message.id, message.string) == (ours[key].source, ours[key].text), key
    compiled = io.BytesIO()
    write_mo(compiled, babel_catalog)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)
    for key, entry in ours.items():
        assert translations.pgettext(key, entry.source) == entry.text, key


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_files_are_as_the_update_tool_writes_them(lang: str, domain: str) -> None:
    """A change of English in a template reached every language (marked fuzzy)."""
    assert updated(lang, domain) == po_path(lang, domain).read_text(encoding="utf-8")


def test_a_change_of_english_marks_the_translation_fuzzy_and_check_reports_it(
        tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    template = pot_path("atout", locale)
    text = template.read_text(encoding="utf-8")
    assert 'msgid "You pass"' in text
    template.write_text(text.replace('msgid "You pass"', 'msgid "You pass your turn"'),
                        encoding="utf-8")
    assert check(("fr",), locale)[0].key == "event.passes.you"
    update(("fr",), locale)
    entry = {e.key: e for e in read(po_path("fr", "atout", locale))}["event.passes.you"]
    assert entry.fuzzy and entry.text == "Vous passez" and entry.source == "You pass your turn"
    assert [p.what for p in check(("fr",), locale)] == ["fuzzy: check and unmark it"]


def test_check_reports_a_missing_entry_and_different_placeholders(tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    path = po_path("es", "atout", locale)
    entries = read(path)
    played = next(e for e in entries if e.key == "event.plays.you")
    played.text = played.text.replace("{card}", "{carta}")
    path.write_text(dump([e for e in entries if e.key != "event.passes.you"],
                         language="es", title="t"), encoding="utf-8")
    found = {(p.key, p.what) for p in check(("es",), locale)}
    assert found == {("event.plays.you", "placeholders differ from English"),
                     ("event.passes.you", "missing")}


def test_placeholders_compare_names_conversions_and_specs() -> None:
    assert placeholders("{text!r} at {n}") == placeholders("{n}: {text!r}")
    assert placeholders("{text!r}") != placeholders("{text}")
    assert placeholders("{p:>3}") != placeholders("{p}")


def test_the_reader_handles_escapes_continuations_comments_and_obsolete_entries() -> None:
    text = (
        '# header\nmsgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#. a comment\n#, fuzzy, python-brace-format\nmsgctxt "a.b"\nmsgid ""\n'
        '"two\\n"\n"lines \\"quoted\\"\\t{x}"\nmsgstr "deux"\n\n'
        '#~ msgctxt "old"\n#~ msgid "gone"\n#~ msgstr "parti"\n\n'
        'msgctxt "c.d"\nmsgid "back\\\\slash"\nmsgstr ""\n'
    )
    first, second = parse(text)
    assert (first.key, first.source, first.text) == ("a.b", 'two\nlines "quoted"\t{x}', "deux")
    assert first.fuzzy and first.comments == ["a comment"]
    assert (second.key, second.source, second.text) == ("c.d", "back\\slash", "")
    again = parse(dump([first, second], language="fr", title="t"))
    assert again == [first, second]
    with pytest.raises(ValueError, match="no key"):
        parse('msgid "x"\nmsgstr "y"\n')
    with pytest.raises(ValueError, match="bad escape"):
        parse('msgctxt "k"\nmsgid "\\q"\nmsgstr ""\n')


def test_the_installed_package_reads_the_catalogues_without_a_build_step() -> None:
    """No ``.mo``: the ``.po`` files themselves are the package's data."""
    assert not list(LOCALE.rglob("*.mo"))
    assert Translator("fr")("suit.H") == "cœur"
    assert Entry("k", "s", "t").fuzzy is False


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
