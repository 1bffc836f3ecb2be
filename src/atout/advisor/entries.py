"""What a person enters at a real table, one entry at a time, and its one-line text.

The text is language-neutral (English card codes, as the records write them), so that
the terminal, the web page and scripts share it; the interfaces read friendlier words
and build these entries. The forms (seats counted from 0 in playing order)::

    hand SA SK SQ D7 D8 H10 up H9     your first cards and the face-up card (Deberts'
                                      indicator, Belote's turned card; none in Schieber)
    hand C7 ... forehand 2            Schieber's first deal: who is forehand
    more C9 CJ HA bottom S8           your cards dealt after the bidding (Deberts: with
                                      the bottom card of the stock)
    1 pass / 1 trump H / 1 push       a bid of seat 1
    0 HJ                              a card played by seat 0
    1 SK bela                         bela / belote said with this card
    1 S10 ann=3:K                     what seat 1 announced with its first card
    show 1:HK,HQ,HJ 3:-               the melds shown after the first trick, per seat

Announcements (``ann=``), as the table says them:

* Deberts: length and top card, ``:t`` when in trump: ``3:K``, ``4:A:t``;
* Belote: points and height, ``:t`` for a run in trump, ``:four`` for four of a kind:
  ``20:K``, ``50:A:t``, ``100:Q:four``, ``200:J``, ``150:9``;
* Schieber: what was said, the points then only what the comparison needed: ``50``,
  ``50:4``, ``50:4:K``, ``50:4:K:t`` (``:n`` not in trump). Your own call is worked
  out from your hand when the calls before it decide it; when they do not (the same
  points as the best so far), say it: ``ann=50:4`` or ``ann=-`` (you stayed silent).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from atout.cards import Card, CardParseError
from atout.games.actions import Action, ActionParseError, parse_action
from atout.kits import kit

__all__ = [
    "SILENT",
    "Entry",
    "EntryRefused",
    "entry_text",
    "format_announcement",
    "parse_announcement",
    "parse_entry",
]

Kind = Literal["hand", "more", "act", "show"]
#: ``ann=-``: nothing announced (Schieber: your own silence, when only you know it).
SILENT = "-"


class EntryRefused(ValueError):
    """An entry the advisor refuses: a message key of the catalogues (``advisor.error.*``
    or ``rule.*``) and its parameters; :func:`atout.advisor.explain_refusal` says it in
    a language."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Entry:
    """One thing entered (see the module docstring for the text of each kind)."""

    kind: Kind
    seat: int = -1
    cards: tuple[Card, ...] = ()
    #: ``hand``: the face-up card; ``more``: Deberts' bottom card.
    up: Card | None = None
    #: ``hand``: Schieber's forehand (the first deal only).
    forehand: int | None = None
    action: Action | None = None
    #: ``act``: the announcement said with a seat's first card (game-specific value).
    ann: Any = None
    #: ``act``: bela (Deberts) or belote (Belote) said with this card.
    bela: bool = False
    #: ``show``: per seat, the cards of the melds it showed.
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()


def _cards(words: list[str]) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(w) for w in words)
    except CardParseError as exc:
        raise EntryRefused("advisor.error.syntax", text=" ".join(words)) from exc


def parse_announcement(game: str, text: str) -> Any:
    """The announcement of ``game`` that ``text`` writes (see the module docstring)."""
    parts = [p for p in text.strip().split(":") if p]
    if text.strip() == SILENT:
        return SILENT
    try:
        return kit(game).deals().parse_call(parts)
    except (ValueError, IndexError, KeyError, CardParseError) as exc:
        raise EntryRefused("advisor.error.announcement", text=text) from exc


def format_announcement(game: str, ann: Any) -> str:
    """The text of an announcement (inverse of :func:`parse_announcement`)."""
    if ann == SILENT:
        return SILENT
    text: str = kit(game).deals().format_call(ann)
    return text


def parse_entry(game: str, text: str) -> Entry:
    """The entry that ``text`` writes; :class:`EntryRefused` when it is not one."""
    words = text.replace(",", " , ").split()
    if not words:
        raise EntryRefused("advisor.error.syntax", text=text)
    head = words[0].lower()
    if head in ("hand", "more"):
        cards: list[str] = []
        up: Card | None = None
        forehand: int | None = None
        rest = [w for w in words[1:] if w != ","]
        i = 0
        while i < len(rest):
            word = rest[i].lower()
            if word in ("up", "bottom") and i + 1 < len(rest):
                if (word == "up") != (head == "hand"):
                    raise EntryRefused("advisor.error.syntax", text=text)
                up = _cards([rest[i + 1]])[0]
                i += 2
            elif word == "forehand" and head == "hand" and i + 1 < len(rest):
                if not rest[i + 1].isdigit():
                    raise EntryRefused("advisor.error.syntax", text=text)
                forehand = int(rest[i + 1])
                i += 2
            else:
                cards.append(rest[i])
                i += 1
        kind: Kind = "hand" if head == "hand" else "more"
        return Entry(kind, cards=_cards(cards), up=up, forehand=forehand)
    if head == "show":
        shown: list[tuple[int, tuple[Card, ...]]] = []
        for item in " ".join(words[1:]).replace(" , ", ",").split():
            seat, colon, listed = item.partition(":")
            if not colon or not seat.isdigit():
                raise EntryRefused("advisor.error.syntax", text=text)
            names = [] if listed in ("", "-") else [c for c in listed.split(",") if c]
            shown.append((int(seat), _cards(names)))
        return Entry("show", shown=tuple(shown))
    if not head.isdigit():
        raise EntryRefused("advisor.error.syntax", text=text)
    actor = int(head)
    rest = [w for w in words[1:] if w != ","]
    bela = False
    ann: Any = None
    kept: list[str] = []
    for word in rest:
        low = word.lower()
        if low in ("bela", "belote", "rebelote"):
            bela = True
        elif low.startswith("ann="):
            ann = parse_announcement(game, word[4:])
        else:
            kept.append(word)
    try:
        action = parse_action(" ".join(kept))
    except ActionParseError as exc:
        raise EntryRefused("advisor.error.syntax", text=text) from exc
    return Entry("act", seat=actor, action=action, ann=ann, bela=bela)


def entry_text(game: str, entry: Entry) -> str:
    """The text of an entry (inverse of :func:`parse_entry`)."""
    if entry.kind in ("hand", "more"):
        words = [entry.kind, *(c.name for c in entry.cards)]
        if entry.up is not None:
            words += ["up" if entry.kind == "hand" else "bottom", entry.up.name]
        if entry.forehand is not None:
            words += ["forehand", str(entry.forehand)]
        return " ".join(words)
    if entry.kind == "show":
        items = [
            f"{seat}:{','.join(c.name for c in cards) if cards else '-'}"
            for seat, cards in entry.shown
        ]
        return " ".join(["show", *items])
    words = [str(entry.seat), str(entry.action)]
    if entry.bela:
        words.append("bela")
    if entry.ann is not None:
        words.append("ann=" + format_announcement(game, entry.ann))
    return " ".join(words)
