"""What a person types for the advisor, in their language: the one reader of the terminal
(``atout advise``) and of the web page's text box.

A line is read for what the session needs now (:attr:`Advisor.need`): cards (your hand,
your new cards, the face-up or bottom card last), a bid or a card of the seat to play,
with ``bela`` and ``ann=...`` words, or a table command (undo, help...). Cards, bids and
commands are read by the tables' input layer (:func:`atout.input.read_input`):
in the interface language (``valet de cœur``, ``VC``, ``passer``, ``atout C``) or as the
records' codes (``HJ``, ``trump H``); the advisor's own entry syntax
(:mod:`atout.advisor.entries`: ``hand ... up ...``, ``1 HJ``, ``show ...``) is read as
well, so that scripts and the page's taps say the same.

>>> advisor = Advisor("deberts", seat=0, first_dealer=1)
>>> read_typed(advisor, "as de pique, roi de pique 7K 8K 10C VC", "fr").cards
(Card.SA, Card.SK, Card.D7, Card.D8, Card.H10, Card.HJ)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from atout.advisor.entries import SILENT, Entry, EntryRefused, parse_announcement, parse_entry
from atout.advisor.session import Advisor
from atout.cards import CARDS, Card, bits
from atout.games.actions import Action, Play
from atout.i18n import translate
from atout.input import Command, InputError, fold, read_input
from atout.kits import kit

__all__ = ["choices", "read_cards", "read_typed"]


def choices(advisor: Advisor) -> list[Action]:
    """What may be entered for the seat to act: its legal actions (another seat's card:
    any card of the deck, the engine's world does not know it yet)."""
    need = advisor.need
    if need.kind != "act":
        return []
    world: Any = advisor.world
    if need.seat == advisor.seat:
        return list(world.legal_actions())
    if world.phase == "play":
        extra = [a for a in world.legal_actions() if not isinstance(a, Play)]
        return extra + [Play(CARDS[i]) for i in bits(advisor.dealing.deck_mask)]
    return list(world.legal_actions())


def read_cards(text: str, game: str, lang: str) -> list[Card]:
    """Cards named one after another in ``lang`` or as codes (``VC 10P``, ``HJ S10``,
    ``valet de cœur, as de pique``: a comma between two cards of several words)."""
    offered = [Play(CARDS[i]) for i in bits(kit(game).deals().deck_mask)]
    out: list[Card] = []
    for part in text.split(","):
        words = part.split()
        start = 0
        while start < len(words):
            # the longest run of words that names a card (``valet de cœur``), else one
            for end in range(len(words), start, -1):
                run = " ".join(words[start:end])
                if run.isdigit():  # a number picks a choice in read_input: not a card here
                    continue
                found = read_input(run, lang=lang, game=game, choices=offered)
                if isinstance(found, Play):
                    out.append(found.card)
                    start = end
                    break
            else:
                found = read_input(words[start], lang=lang, game=game, choices=offered)
                text_shown = found.message(lang) if isinstance(found, InputError) else (
                    words[start])
                raise EntryRefused("advisor.error.syntax", text=text_shown)
    return out


def read_typed(
    advisor: Advisor,
    text: str,
    lang: str,
    *,
    forehand: Callable[[], int] | None = None,
    numbered: Sequence[Action] | None = None,
) -> Entry | Command:
    """The entry (or the table command) that ``text`` gives for what ``advisor`` needs
    now; :class:`EntryRefused` with why when it gives none. ``forehand``: asked in
    Schieber's first deal when the hand does not say who is forehand (without it, the
    line must say it: ``forehand 2``). ``numbered``: the actions as the person sees
    them numbered (the advice, best first), when not in the order of :func:`choices`."""
    game = advisor.game
    need = advisor.need
    words = text.split()
    low = words[0].lower() if words else ""
    keywords = {"up", "bottom", "forehand"}
    if low == "show" or (low in ("hand", "more") and keywords & {w.lower() for w in words}) or (
            low.isdigit() and len(words) > 1 and need.kind == "act"):
        return parse_entry(game, text)
    if low in ("hand", "more"):
        text = text.split(None, 1)[1] if len(words) > 1 else ""
    if need.kind in ("hand", "more", "show"):
        command = read_input(text, lang=lang, game=game, choices=[])
        if isinstance(command, Command):
            return command
        if need.kind == "show":
            return parse_entry(game, "show " + text)
        cards = read_cards(text, game, lang)
        up = None
        dealing = advisor.dealing
        if dealing.up_position is not None and len(cards) == need.count + 1:
            up = cards.pop()
        seat = None
        if need.kind == "hand" and dealing.has_forehand and advisor.deal_number == 1:
            if dealing.first_forehand_card in cards:
                seat = advisor.seat
            elif forehand is not None:
                seat = forehand()
            else:
                raise EntryRefused("advisor.error.forehand")
        return Entry(need.kind, cards=tuple(cards), up=up, forehand=seat)
    bela = False
    ann: Any = None
    kept = []
    for word in words:
        folded = fold(word)
        if folded in ("bela", "belote", "rebelote", fold(translate("advisor.bela", lang))):
            bela = True
        elif folded.startswith("ann="):
            ann = parse_announcement(game, word[4:])
        else:
            kept.append(word)
    view = advisor.view()
    hand = view.hand if view is not None and need.seat == advisor.seat else None
    offered = list(numbered) if numbered is not None else choices(advisor)
    found = read_input(" ".join(kept), lang=lang, game=game, choices=offered, hand=hand)
    if isinstance(found, InputError):
        raise EntryRefused(found.key, **found.params)
    if isinstance(found, Command):
        return found
    if ann == SILENT and need.seat != advisor.seat:
        ann = None
    return Entry("act", seat=need.seat, action=found, ann=ann, bela=bela)
