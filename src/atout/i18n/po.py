"""Reading and writing the gettext ``.po`` catalogues, with the standard library alone.

atout's messages are keyed: each entry's ``msgctxt`` is the key (``deal.result``), its
``msgid`` the English text and its ``msgstr`` the text in the file's language. The
package reads the ``.po`` files themselves, so an installed copy needs no build step
(no ``.mo``); Babel, used by the maintainers' tool :mod:`atout.i18n.catalogs` and by the
tests, reads the same files.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Entry", "dump", "escape", "parse", "read"]


@dataclass(slots=True)
class Entry:
    """One message: its key, its English text, its translation, and its comments."""

    key: str
    source: str
    text: str
    comments: list[str] = field(default_factory=list)  # ``#.`` lines, for translators
    flags: set[str] = field(default_factory=set)  # ``#,`` flags (``fuzzy``...)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}


def _unquote(line: str, where: str) -> str:
    line = line.strip()
    if len(line) < 2 or line[0] != '"' or line[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, found {line!r}")
    body = line[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise ValueError(f"{where}: bad escape in {line!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def parse(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file's text, without its header (the empty msgid).
    Obsolete entries (``#~``) are skipped."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    flags: set[str] = set()
    current: str | None = None

    def close() -> None:
        nonlocal fields, comments, flags, current
        if "msgid" in fields:
            if fields["msgid"] or "msgctxt" in fields:
                if "msgctxt" not in fields:
                    raise ValueError(f"{name}: the message {fields['msgid']!r} has no key")
                entries.append(Entry(fields["msgctxt"], fields["msgid"],
                                     fields.get("msgstr", ""), comments, flags))
        elif fields:
            raise ValueError(f"{name}: an entry without msgid")
        fields, comments, flags, current = {}, [], set(), None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("#~"):
            continue
        elif line.startswith("#"):
            if current is not None and current != "comment":
                close()
            current = "comment" if current in (None, "comment") else current
            if line.startswith("#."):
                comments.append(line[2:].strip())
            elif line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
        elif line.startswith('"'):
            if current not in fields:
                raise ValueError(f"{where}: a string outside an entry")
            fields[current] += _unquote(line, where)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword not in ("msgctxt", "msgid", "msgstr"):
                raise ValueError(f"{where}: unknown keyword {keyword!r}")
            if keyword in fields or (keyword == "msgctxt" and "msgid" in fields):
                close()
            fields[keyword] = _unquote(rest, where)
            current = keyword
    close()
    return entries


def read(path: Path | str) -> list[Entry]:
    """The entries of the ``.po`` file at ``path``."""
    path = Path(path)
    return parse(path.read_text(encoding="utf-8"), path.name)


def escape(text: str) -> str:
    """``text`` as the body of a ``.po`` string."""
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
            .replace("\r", "\\r").replace("\n", "\\n"))


def _quoted(keyword: str, text: str) -> Iterator[str]:
    if "\n" not in text.rstrip("\n") and len(text) < 70:
        yield f'{keyword} "{escape(text)}"'
        return
    yield f'{keyword} ""'
    lines = text.splitlines(keepends=True)
    for part in lines:
        yield f'"{escape(part)}"'


def dump(entries: Iterable[Entry], *, language: str, title: str) -> str:
    """A ``.po`` file's text: a header for ``language`` and the entries in order."""
    out = [
        f"# {title}",
        "# This file is part of atout; see docs/translating.md.",
        "#",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: atout\\n"',
        f'"Language: {language}\\n"' if language else '"Language: \\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        "",
    ]
    for entry in entries:
        out.extend(f"#. {comment}" for comment in entry.comments)
        if entry.flags:
            out.append("#, " + ", ".join(sorted(entry.flags)))
        out.extend(_quoted("msgctxt", entry.key))
        out.extend(_quoted("msgid", entry.source))
        out.extend(_quoted("msgstr", entry.text))
        out.append("")
    return "\n".join(out)
