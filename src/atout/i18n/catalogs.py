"""The translators' and maintainers' tool for the message catalogues.

``python -m atout.i18n.catalogs check``   every language complete, placeholders as in
                                          English, files valid for gettext, and every
                                          key the code asks for in a template (Babel)
``python -m atout.i18n.catalogs update``  bring each ``.po`` in line with the templates:
                                          new keys added empty, changed English marked
                                          fuzzy, removed keys dropped (standard library)
``python -m atout.i18n.catalogs stats``   how much of each language is done

The English texts are the templates' ``msgid`` (``atout/locale/<domain>.pot``): to change
one, edit the template and run ``update``. See docs/translating.md.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from atout.i18n import DOMAINS, LANGUAGE_NAMES, LANGUAGES
from atout.i18n.po import Entry, dump, parse

__all__ = [
    "LOCALE", "Problem", "check", "extract_python", "keys_in_code", "placeholders", "po_path", "pot_path",
    "update", "updated",
]

LOCALE = Path(__file__).resolve().parent.parent / "locale"
SOURCE = LOCALE.parent
#: The functions whose first argument is a message key, in the Python and JavaScript code.
KEYWORDS = {"t": None, "translate": None, "web_text": None, "Msg": None}
#: (``Msg``: a presenter's message, :mod:`atout.kits.present`.) Keys built at run time
#: (``f"suit.{suit}"``) are not seen by the extractor; a literal key the code names must
#: be in a template.


def pot_path(domain: str, locale: Path = LOCALE) -> Path:
    return locale / f"{domain}.pot"


def po_path(lang: str, domain: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{domain}.po"


def placeholders(text: str) -> list[tuple[str, str | None, str]]:
    """The ``str.format`` fields of a template, as (name, conversion, spec), sorted."""
    found = []
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            found.append((name, conversion, spec or ""))
    return sorted(found, key=repr)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something a translator or a maintainer must fix."""

    where: str
    key: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.key}: {self.what}"


def _template(domain: str, locale: Path = LOCALE) -> list[Entry]:
    path = pot_path(domain, locale)
    return parse(path.read_text(encoding="utf-8"), path.name)


def check(languages: tuple[str, ...] = LANGUAGES, locale: Path = LOCALE) -> list[Problem]:
    """Every problem of the catalogues of ``languages`` (empty when all is well)."""
    problems: list[Problem] = []
    for domain in DOMAINS:
        template = _template(domain, locale)
        english = {e.key: e.source for e in template}
        for entry in template:
            try:
                placeholders(entry.source)
            except ValueError as error:
                problems.append(Problem(pot_path(domain).name, entry.key, f"English: {error}"))
        for lang in languages[1:] if languages[:1] == ("en",) else languages:
            path = po_path(lang, domain, locale)
            where = f"{lang}/{domain}.po"
            if not path.is_file():
                problems.append(Problem(where, "-", "the file is missing"))
                continue
            entries = parse(path.read_text(encoding="utf-8"), where)
            seen: dict[str, Entry] = {}
            for entry in entries:
                if entry.key in seen:
                    problems.append(Problem(where, entry.key, "defined twice"))
                seen[entry.key] = entry
                if entry.key not in english:
                    problems.append(Problem(where, entry.key, "not in the template"))
                    continue
                if entry.source != english[entry.key]:
                    problems.append(Problem(where, entry.key, "translates an older English text"))
                if entry.fuzzy:
                    problems.append(Problem(where, entry.key, "fuzzy: check and unmark it"))
                if not entry.text:
                    problems.append(Problem(where, entry.key, "not translated"))
                    continue
                try:
                    mine = placeholders(entry.text)
                except ValueError as error:
                    problems.append(Problem(where, entry.key, f"bad template: {error}"))
                    continue
                if mine != placeholders(english[entry.key]):
                    problems.append(Problem(where, entry.key,
                                            "placeholders differ from English"))
            problems.extend(Problem(where, key, "missing") for key in english
                            if key not in seen)
    return problems


def keys_in_code() -> dict[str, list[str]]:
    """The literal message keys the code asks for (``t("key")``, ``translate("key")``,
    ``web_text("key")`` in Python and JavaScript), found by Babel's extractors:
    key -> where."""
    import warnings

    from babel.messages.extract import extract_from_dir

    method_map = [("**.py", "atout.i18n.catalogs:extract_python"), ("**.js", "javascript")]
    found: dict[str, list[str]] = {}
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")  # f-strings and t(""): keys built at run time
        for filename, line, message, _comments, _context in extract_from_dir(
                str(SOURCE), method_map, keywords=KEYWORDS, comment_tags=()):
            key = message if isinstance(message, str) else message[0]
            if key and re.fullmatch(r"[a-z][a-z0-9_-]*(\.[A-Za-z0-9_-]+)+", key):
                found.setdefault(key, []).append(f"{filename}:{line}")
    return found


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for our Python: the literal first argument of each keyword call,
    and both sides of a conditional one (``t("a" if x else "b")``), which Babel's own
    extractor would join into one string."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else None)
        if name is None or name not in keywords:
            continue
        for value in _literals(node.args[0]):
            yield node.lineno, name, value, []


def _literals(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def updated(lang: str, domain: str, locale: Path = LOCALE) -> str:
    """The text ``update`` writes for one ``.po`` file."""
    path = po_path(lang, domain, locale)
    old = {e.key: e for e in parse(path.read_text(encoding="utf-8"), path.name)} \
        if path.is_file() else {}
    entries = list(_merged(_template(domain, locale), old))
    return dump(entries, language=lang,
                title=f"atout: the {domain} messages, {lang} ({LANGUAGE_NAMES.get(lang, lang)})")


def update(languages: tuple[str, ...] = LANGUAGES, locale: Path = LOCALE) -> dict[str, int]:
    """Bring the ``.po`` files of ``languages`` in line with the templates; the number of
    entries that need a translator per file."""
    todo: dict[str, int] = {}
    for domain in DOMAINS:
        for lang in languages:
            if lang == "en":
                continue
            path = po_path(lang, domain, locale)
            text = updated(lang, domain, locale)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            todo[f"{lang}/{domain}.po"] = sum(1 for e in parse(text) if e.fuzzy or not e.text)
    return todo


def _merged(template: list[Entry], old: dict[str, Entry]) -> Iterator[Entry]:
    for source in template:
        entry = Entry(source.key, source.source, "", list(source.comments), set(source.flags))
        before = old.get(source.key)
        if before is not None:
            entry.text = before.text
            if before.fuzzy or (before.source != source.source and before.text):
                entry.flags.add("fuzzy")
        yield entry


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        for name, count in update().items():
            print(f"{name}: {count} to translate")
        return 0
    if command == "stats":
        for domain in DOMAINS:
            total = len(_template(domain))
            for lang in LANGUAGES[1:]:
                path = po_path(lang, domain)
                done = sum(1 for e in parse(path.read_text(encoding="utf-8")) if e.text
                           and not e.fuzzy) if path.is_file() else 0
                print(f"{lang}/{domain}.po: {done}/{total}")
        return 0
    if command == "check":
        problems = check()
        english = {e.key for domain in DOMAINS for e in _template(domain)}
        for key, where in sorted(keys_in_code().items()):
            # a presenter's message about a seat or a team names the key of its forms
            if key not in english and not any(
                    f"{key}.{form}" in english for form in ("you", "us", "them", "team")):
                problems.append(Problem(where[0], key, "asked for by the code, not in a template"))
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
