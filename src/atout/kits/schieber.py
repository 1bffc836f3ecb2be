"""The Schieber kit: its engine, bots, scoresheet, lessons and presenter."""

from __future__ import annotations

from atout.games.actions import Action, Claim, NoTrump, Push, Trump
from atout.games.base import Meld
from atout.games.schieber import FACTORS, SchieberView, WeisCall, contract_index
from atout.kits import GameKit
from atout.kits.present import Field, Msg, Note, Param, Presenter, Seat, SuitName, Words

__all__ = ["KIT", "SchieberPresenter", "call_words", "contract_name"]


def contract_name(contract: Trump | NoTrump) -> Msg:
    """A contract in words: "♥ hearts trump", "Obenabe"."""
    if isinstance(contract, Trump):
        return Msg("schieber.contract.trump", {"suit": SuitName(contract.suit)})
    return Msg(f"schieber.{contract.mode}")


def call_words(call: WeisCall) -> Words:
    """What a player said of their Weis: "Weis 100, 5 cards, top card K"."""
    parts: list[Param] = [str(call.points)]
    if call.length is not None:
        parts.append(Msg("schieber.call.length", {"length": call.length}))
    if call.top is not None:
        parts.append(Msg("schieber.call.top", {"rank": call.top.code}))
    if call.trump is not None:
        parts.append(Msg("schieber.call.trump" if call.trump else "schieber.call.not-trump"))
    return Words((Msg("schieber.weis"), Words(tuple(parts), ", ")))


class SchieberPresenter(Presenter[SchieberView]):
    game = "schieber"

    def action(self, action: Action, view: SchieberView) -> Param:
        if isinstance(action, (Trump, NoTrump)):
            factor = FACTORS[contract_index(action)]
            return Msg("schieber.action.contract",
                       {"contract": contract_name(action), "factor": factor})
        if isinstance(action, Push):
            return Msg("schieber.action.push")
        if isinstance(action, Claim):
            return Msg("schieber.action.claim")
        return super().action(action, view)

    def short(self, action: Action) -> Param | None:
        """A trump contract without the word trump: "♥ hearts ×2"."""
        if isinstance(action, Trump):
            return Words((SuitName(action.suit), f"×{FACTORS[contract_index(action)]}"))
        return None

    def bid(self, action: Action, view: SchieberView) -> Param:
        short = self.short(action)
        return short if short is not None else super().bid(action, view)

    def said(self, seat: int, action: Action, view: SchieberView) -> Msg:
        if isinstance(action, (Trump, NoTrump)):
            return Msg("schieber.chooses", {"contract": contract_name(action)}, seat=seat)
        if isinstance(action, Push):
            return Msg("schieber.pushes", seat=seat)
        if isinstance(action, Claim):
            return Msg("schieber.claims", seat=seat)
        return super().said(seat, action, view)

    def prompt(self, view: SchieberView) -> Msg:
        if view.phase == "play":
            return Msg("tui.your-card")
        return Msg("schieber.choosing.pushed.you" if view.pushed else "schieber.choosing.you")

    def contract(self, view: SchieberView) -> list[Field]:
        if view.contract is None:
            return [Field(Msg("schieber.forehand"), Seat(view.forehand))]
        factor = FACTORS[contract_index(view.contract)]
        label = Msg("schieber.action.contract",
                    {"contract": contract_name(view.contract), "factor": factor})
        chooser: Param = Seat(view.chooser) if view.chooser is not None else ""
        if view.pushed:
            chooser = Words((chooser, Words(("(", Msg("schieber.pushed"), ")"), "")))
        return [Field(Msg("schieber.contract"), label), Field(Msg("tui.chooser"), chooser)]

    def trump(self, view: SchieberView) -> Param | None:
        if view.contract is None:
            return None
        name: Param = (SuitName(view.contract.suit) if isinstance(view.contract, Trump)
                       else Msg(f"schieber.{view.contract.mode}"))
        return Words((name, f"×{view.factor}"))

    def pending(self, view: SchieberView, first: int = 0) -> list[Field]:
        """The deal's running count, each side's (none once the scores hold it)."""
        if view.contract is None or view.phase == "over":
            return []
        run = [view.running[s] - view.scores[s] for s in (first, 1 - first)]
        return [Field(Msg("tui.this-deal"), Words((str(run[0]), str(run[1])), " – "))]

    def taker(self, view: SchieberView) -> int | None:
        return view.chooser

    def forehand(self, view: SchieberView) -> int | None:
        return view.forehand

    def notes(self, view: SchieberView) -> dict[int, list[Note]]:
        notes: dict[int, list[Note]] = {}
        if view.pushed:
            notes.setdefault(view.forehand, []).append(Note(Msg("tui.pushed"), "pass"))
        if view.contract is not None and view.chooser is not None and view.phase != "play":
            notes.setdefault(view.chooser, []).append(
                Note(contract_name(view.contract), "contract"))
        for seat in range(4):
            call = view.weis_announced[seat]
            if call is not None and view.weis_winner is None:
                notes.setdefault(seat, []).append(Note(call_words(call), "call"))
        self.melds_by_seat(view.shown_weis, notes)
        if view.stoeck is not None:
            notes.setdefault(view.stoeck, []).append(Note(Msg("schieber.stoeck"), "honour"))
        return notes

    def shown_melds(self, view: SchieberView) -> list[tuple[int, Meld]]:
        return list(view.shown_weis)

    def own_melds(self, view: SchieberView) -> tuple[Msg, tuple[Meld, ...]] | None:
        if (view.seat is None or view.contract is None
                or view.weis_announced[view.seat] is not None or not view.own_weis):
            return None
        return Msg("schieber.your-weis"), tuple(view.own_weis)


KIT = GameKit(
    name="schieber",
    engine="atout.games.schieber",
    presets={
        "standard": "schieber",
        "short": "schieber(target=1500)",
        "plain": "schieber(stoeck=false,weis=false)",
    },
    bots={"heuristic": "atout.bots.schieber:SchieberHeuristicBot"},
    deck=36,
    first_cards=9,
    scoresheet="atout.scorekeeper.schieber:SchieberScoresheet",
    entry="atout.scorekeeper.schieber:SchieberEntry",
    lessons="atout.learn.schieber",
    renderer="atout.terminal.schieber:Renderer",
    presenter="atout.kits.schieber:SchieberPresenter",
)
