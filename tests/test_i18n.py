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
    # the full-screen table's own words (its game words come from the kits' presenters)
    assert any("tui/" in w for w in found["tui.lead"])
    assert any("kits/" in w for w in found["label.trump"])
    # a presenter's message about a seat or a team names the key of its forms
    # (``key.you``, ``key.us``, ``key.them``, ``key.team``: atout.kits.present.Msg)
    forms = ("you", "us", "them", "team")
    missing = {key: where for key, where in found.items()
               if key not in english and not any(f"{key}.{f}" in english for f in forms)}
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


# -- the words around names and numbers (docs/translating.md) -------------------------------
#: The placeholders that stand for a player, a seat or a team.
NAMES = "who|caller|defender|other|loser|takers|defenders|team|seat|dealer|names|player|winner"
#: The words around a name that make it no verb's subject ("pris par {who}", "{loser}
#: sous {half}").
PREPOSITIONS = {"par", "pour", "sous", "de", "por", "para", "von", "für", "unter", "by", "for"}


def test_numbers_are_written_as_the_reader_writes_them() -> None:
    """Babel's number formatting for each language: a decimal comma in French, Spanish,
    German, Russian and Ukrainian, the minus sign, no sign for a rounded zero."""
    from atout.bots.advice import Advice
    from atout.games.actions import Pass
    from atout.i18n import number, signed

    assert [signed(32.46, lang) for lang in LANGUAGES] == [
        "+32.5", "+32,5", "+32,5", "+32,5", "+32,5", "+32,5"]
    assert signed(-9.3, "de") == "\u22129,3" and signed(-0.04, "fr") == "0,0"
    assert number(1.5, "ru", 1) == "1,5" and number(-8, "es") == "\u22128"
    reason = Advice(Pass(), -3.0, "advice.behind", {"behind": 2.25, "best": Pass()})
    assert "2,2" in reason.reason("fr") and "2.2" in reason.reason("en")


def test_the_hints_of_the_line_table_have_decimal_commas_in_french() -> None:
    import io

    from rich.console import Console

    from atout.terminal.app import TerminalGame

    out = io.StringIO()
    feed = iter(["conseil", "quitter"])
    TerminalGame("schieber", seed=2, lang="fr", input_fn=lambda p: next(feed),
                 console=Console(file=out, width=140, color_system=None)).run()
    hint = out.getvalue()[out.getvalue().index("Conseil"):]
    assert re.search(r"[+\u2212]\d+,\d\b", hint) and not re.search(r"[+-]\d+\.\d\b", hint)


def test_french_typography() -> None:
    """A no-break space before a colon and a narrow one before ; ! ? in every French
    message (the files hold ordinary spaces: the reader sets them)."""
    from atout.i18n import punctuation

    for domain in DOMAINS:
        for key, text in messages(domain)["fr"].items():
            if not key.startswith("input."):
                assert not re.search(r" [:;!?]", text), (key, text)
    assert translate("advisor.scores", "fr", scores="1") == "Scores\u00a0: 1"
    assert punctuation(";", "fr") == "\u202f; " and punctuation(";", "de") == "; "


def test_no_french_article_or_preposition_is_left_unelided_before_a_name() -> None:
    """``de Ann``, ``que Ève``: a name may start with a vowel, so French messages never
    put de, que, le, la... right before one."""
    for domain in DOMAINS:
        for key, text in messages(domain)["fr"].items():
            found = re.search(rf"\b(de|que|le|la|du|ne|se|ce|si|je)\s+\{{({NAMES})[}}!:]", text)
            assert found is None, (key, text)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_verb_agrees_with_a_team_or_a_side_it_cannot_know(lang: str) -> None:
    """A team is "Us", "Them", "You & Partner", "Team 2" or the names people typed, and a
    scoresheet's side a player or a team: nothing can agree with all of them, so such a
    name is never a verb's subject (it stands as a label, "Team 2: ...", or after a
    preposition). Deberts' own messages name one player: they may."""
    for domain in DOMAINS:
        for key, text in messages(domain)[lang].items():
            if key.startswith("input.") or ".deberts." in key:
                continue
            names = "team|takers|defenders|names"
            if key.startswith(("score.", "rule.score.")):
                names += "|who|other|loser"
            for found in re.finditer(rf"(\w*)\s*\{{({names})\}}\s*(\w+)", text):
                before, after = found.group(1).lower(), found.group(3).lower()
                assert before in PREPOSITIONS or after in PREPOSITIONS, (key, text)


def test_the_reported_sentences() -> None:
    """What players met (issue 22, item 27), each in its language."""
    from atout.scorekeeper import EntryRefused, explain_refusal, new_sheet, why

    sheet = new_sheet("schieber", "schieber(target=3000)")
    with pytest.raises(EntryRefused) as info:
        sheet.add("contract=S stop=1 points=1:80")
    assert explain_refusal(info.value, sheet, "de") == "80 für Team 2, weniger als 3000"
    belote = new_sheet("belote")
    row = belote.add("taker=0 trump=H points=100,62")
    assert why(row, belote, "es") == "contrato cumplido por Equipo 1: 100 contra 62"
    with pytest.raises(EntryRefused) as info:
        belote.add("taker=0 trump=H points=0:170")
    assert explain_refusal(info.value, belote, "es") == "las cartas suman 162: 170 \u2212 8 son 162"
    assert translate("match.winner-team", "es", team="Derecha & Izquierda", score="1:0") == (
        "Derecha & Izquierda: partida ganada, 1:0.")
    assert translate("belote.outcome.made.you", "es") == "Tomaste y cumpliste"
    assert translate("tui.deal-header.you", "ru", number=2) == "Раздача 2 · сдаёшь ты"
    assert not [key for key, text in catalog()["ru"].items() if "торгуйся" in text]
    assert translate("tui.your-bid", "ru") == "Твоё слово: выбери заявку."


def test_schneider_is_said_once_at_the_end_of_a_schieber_match() -> None:
    """"Der Sieg zählt doppelt" and then "Der Sieg zählt 2-fach": one wording."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from atout.terminal.schieber import Renderer

    out = io.StringIO()
    renderer = Renderer(Console(file=out, width=100, color_system=None), Translator("de"), 0, 4)
    match = SimpleNamespace(winner=0, scores=(1010, 400), schneider=True, stakes=2,
                            options=SimpleNamespace(target=1000))
    renderer.show_match_end(match)  # type: ignore[arg-type]
    assert out.getvalue().count("zählt") == 1 and "Schneider" in out.getvalue()


def test_the_advisor_speaks_to_the_person_about_their_own_seat() -> None:
    from atout.advisor import Advisor, EntryRefused, explain_refusal

    advisor = Advisor("deberts", seat=0, first_dealer=1)
    advisor.enter("hand SA SK SQ D7 D8 H10 up H9")
    with pytest.raises(EntryRefused) as info:
        advisor.enter("more HA S7 C8 bottom CA")  # it is the person's turn to bid
    assert explain_refusal(info.value, "en", 0, 2) == "it is your turn to bid or play"
    assert explain_refusal(info.value, "de", 0, 2) == "du bist mit Bieten oder Spielen dran"
    assert explain_refusal(info.value, "en", 1, 2) == "it is opponent's turn to bid or play"
