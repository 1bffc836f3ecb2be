"""The Belote kit: its engine, bots, scoresheet, lessons and presenter."""

from __future__ import annotations

from atout.cards import Card
from atout.games.actions import Action, AnnounceCapot, Pass, Trump
from atout.games.base import Meld
from atout.games.belote import Announced, BeloteView
from atout.kits import GameKit
from atout.kits.present import Field, Msg, Note, Param, Presenter, Seat, SuitName, Words

__all__ = ["KIT", "BelotePresenter", "announced"]

_RUN_KIND = {20: "belote.tierce", 50: "belote.quarte", 100: "belote.quinte"}


def announced(said: Announced) -> Words:
    """An announcement as players say it, with its points: "tierce to the K (20)"."""
    if said.run:
        kind = Msg("belote.run", {"kind": Msg(_RUN_KIND[said.points]), "card": said.top.code})
    else:
        kind = Msg("belote.carre", {"rank": Msg(f"belote.rank.{said.top.code}")})
    return Words((kind, f"({said.points})"))


class BelotePresenter(Presenter[BeloteView]):
    game = "belote"

    def action(self, action: Action, view: BeloteView) -> Param:
        if isinstance(action, Pass):
            return Msg("belote.bid.pass")
        if isinstance(action, Trump):
            key = "belote.bid.take" if action.suit == view.turned.suit else "belote.bid.name"
            return Msg(key, {"suit": SuitName(action.suit)})
        if isinstance(action, AnnounceCapot):
            return Msg("belote.action.capot")
        return super().action(action, view)

    def said(self, seat: int, action: Action, view: BeloteView) -> Msg:
        if isinstance(action, AnnounceCapot):
            return Msg("belote.announces-capot", seat=seat)
        return super().said(seat, action, view)

    def contract(self, view: BeloteView) -> list[Field]:
        if view.trump is None:
            passes = sum(1 for _, a in view.bids if isinstance(a, Pass))
            return [Field(None, Msg("belote.round", {"round": 1 if passes < 4 else 2}))]
        fields = [Field(Msg("label.trump"), SuitName(view.trump))]
        if view.taker is not None:
            fields.append(Field(Msg("belote.taker"), Seat(view.taker)))
        if view.capot_announced:
            fields.append(Field(None, Msg("belote.capot-announced")))
        return fields

    def pending(self, view: BeloteView, first: int = 0) -> list[Field]:
        return [Field(Msg("belote.label.held"), view.held)] if view.held else []

    def taker(self, view: BeloteView) -> int | None:
        return view.taker

    def face_up(self, view: BeloteView) -> list[tuple[Msg, Card]]:
        return [(Msg("belote.turned"), view.turned)] if view.trump is None else []

    def notes(self, view: BeloteView) -> dict[int, list[Note]]:
        if view.trump is None:
            return self.last_bids(view.bids, view)
        notes: dict[int, list[Note]] = {}
        for seat in range(4):
            said = view.announcements[seat]
            if said is not None and not view.shown_announcements:
                notes.setdefault(seat, []).append(Note(announced(said), "call"))
            if view.belote[seat]:
                word = "belote.rebelote" if view.belote[seat] == 2 else "belote.belote"
                notes.setdefault(seat, []).append(Note(Msg(word), "honour"))
        self.melds_by_seat(view.shown_announcements, notes)
        return notes

    def shown_melds(self, view: BeloteView) -> list[tuple[int, Meld]]:
        return list(view.shown_announcements)

    def own_melds(self, view: BeloteView) -> tuple[Msg, tuple[Meld, ...]] | None:
        if (view.seat is None or view.trump is None or view.announced[view.seat]
                or not view.own_announcements):
            return None
        return Msg("belote.your-announcements"), tuple(view.own_announcements)


KIT = GameKit(
    name="belote",
    engine="atout.games.belote",
    presets={
        "classic": "belote",
        "short": "belote(target=501)",
        "long": "belote(target=2000)",
        "page": "belote(announced_capot=true,defender_capot=162)",
        "no-announcements": "belote(announcements=false)",
    },
    bots={"heuristic": "atout.bots.belote:BeloteHeuristicBot"},
    deck=32,
    first_cards=5,
    scoresheet="atout.scorekeeper.belote:BeloteScoresheet",
    entry="atout.scorekeeper.belote:BeloteEntry",
    lessons="atout.learn.belote",
    renderer="atout.terminal.belote:Renderer",
    presenter="atout.kits.belote:BelotePresenter",
)
