"""The Deberts kit: its engine, bots, scoresheet, lessons and presenter."""

from __future__ import annotations

from typing import Any

from atout.cards import CARDS, Card, Rank
from atout.games.actions import Action, CancelDeal, Double, Exchange, Pass, Redouble, Trump
from atout.games.base import Meld
from atout.games.deberts import Bela, DebertsDealResult, DebertsView, FourSevens, SevenExchanged
from atout.games.events import Announcement, Event, MeldsWon
from atout.kits import GameKit
from atout.kits.dealing import Dealing, Refusal, run_masks
from atout.kits.present import Field, Msg, Note, Param, Presenter, Seat, SuitName, Words

__all__ = ["KIT", "DebertsDealing", "DebertsPresenter"]


class DebertsPresenter(Presenter[DebertsView]):
    game = "deberts"

    def action(self, action: Action, view: DebertsView) -> Param:
        if isinstance(action, Pass):
            return Msg("deberts.bid.pass")
        if isinstance(action, Trump):
            key = "deberts.bid.take" if action.suit == view.indicator_suit else "deberts.bid.name"
            return Msg(key, {"suit": SuitName(action.suit)})
        if isinstance(action, Exchange):
            return Msg("deberts.action.exchange", {"card": view.indicator.symbol})
        if isinstance(action, Double):
            return Msg("deberts.action.double")
        if isinstance(action, Redouble):
            return Msg("deberts.action.redouble")
        if isinstance(action, CancelDeal):
            return Msg("deberts.action.sevens")
        return super().action(action, view)

    def said(self, seat: int, action: Action, view: DebertsView) -> Msg:
        if isinstance(action, Exchange):
            card = view.exchange[1] if view.exchange else view.indicator
            return Msg("deberts.exchanges", {"card": card.symbol}, seat=seat)
        if isinstance(action, Double):
            return Msg("deberts.doubles", seat=seat)
        if isinstance(action, Redouble):
            return Msg("deberts.redoubles", seat=seat)
        if isinstance(action, CancelDeal):
            return Msg("deberts.cancels", seat=seat)
        return super().said(seat, action, view)

    def told(self, event: Event, view: DebertsView) -> Msg | None:
        if isinstance(event, SevenExchanged):
            return Msg("deberts.exchanges", {"card": event.indicator.symbol}, seat=event.seat)
        if isinstance(event, Announcement):
            length, top = event.call
            kind = Msg("deberts.bertz" if length == 4 else "deberts.terc")
            return Msg("deberts.announces", {"kind": kind, "rank": Rank(top).code},
                       seat=event.seat)
        if isinstance(event, Bela):
            return Msg("deberts.says-bela", seat=event.seat)
        if isinstance(event, MeldsWon):
            return Msg("deberts.sequence-winner", seat=event.winner)
        return super().told(event, view)

    def loud(self, event: Event) -> bool:
        return isinstance(event, (Bela, FourSevens)) or super().loud(event)

    def contract(self, view: DebertsView) -> list[Field]:
        if view.trump is None:
            passes = sum(1 for _, a in view.history if isinstance(a, Pass))
            return [Field(None, Msg("deberts.round", {"round": 1 if passes < 2 else 2}))]
        fields = [Field(Msg("label.trump"), SuitName(view.trump))]
        if view.caller is not None:
            fields.append(Field(Msg("deberts.caller"), Seat(view.caller)))
        if view.factor > 1:
            fields.append(Field(None, Msg("deberts.factor", {"factor": view.factor})))
        return fields

    def trump(self, view: DebertsView) -> Param | None:
        if view.trump is None:
            return None
        if view.factor > 1:
            return Words((SuitName(view.trump), Msg("deberts.factor", {"factor": view.factor})))
        return SuitName(view.trump)

    def pending(self, view: DebertsView, first: int = 0) -> list[Field]:
        return [Field(Msg("deberts.hanging"), view.hanging)] if view.hanging else []

    def taker(self, view: DebertsView) -> int | None:
        return view.caller

    def face_up(self, view: DebertsView) -> list[tuple[Msg, Card]]:
        shown = [(Msg("deberts.indicator"), view.indicator)]  # the 7 once exchanged
        if view.bottom is not None:
            shown.append((Msg("deberts.bottom"), view.bottom))
        return shown

    turned_key = "learn.indicator"

    def turned(self, view: DebertsView) -> tuple[Card | None, Card | None]:
        return view.indicator, view.bottom

    def notes(self, view: DebertsView) -> dict[int, list[Note]]:
        if view.phase == "bidding":
            return self.last_bids(view.history, view)
        notes: dict[int, list[Note]] = {}
        for seat in range(2):
            said = view.announcements[seat]
            if said is not None and view.sequence_winner is None:
                length, top = said
                kind = Msg("deberts.bertz" if length == 4 else "deberts.terc")
                notes.setdefault(seat, []).append(Note(Words((kind, Rank(top).code)), "call"))
            if view.bela[seat]:
                notes.setdefault(seat, []).append(Note(Msg("deberts.bela"), "honour"))
        self.melds_by_seat(self.shown_melds(view), notes)
        return notes

    def shown_melds(self, view: DebertsView) -> list[tuple[int, Meld]]:
        if view.sequence_winner is None:
            return []
        return [(view.sequence_winner, meld) for meld in view.shown_sequences]

    apart = "hanging"

    def outcome(self, result: DebertsDealResult) -> Param:
        if result.outcome == "tie":
            return Msg("deberts.outcome.tie", {"points": result.hanging})
        return Msg(f"deberts.outcome.{result.outcome}", seat=result.caller)

    def result_rows(self, result: DebertsDealResult) -> list[tuple[Msg, tuple[Param, Param]]]:
        return [(Msg("deberts.sequences"), result.sequence_points),
                (Msg("deberts.bela"), result.bela)]

    def result_melds(self, result: DebertsDealResult) -> list[tuple[int, Meld]]:
        return [(seat, m) for seat, melds in enumerate(result.sequences) for m in melds]

    def own_melds(self, view: DebertsView) -> tuple[Msg, tuple[Meld, ...]] | None:
        if view.seat is None or view.announced[view.seat] or not view.own_sequences:
            return None
        return Msg("deberts.your-sequences"), tuple(view.own_sequences)


class DebertsDealing(Dealing[DebertsView]):
    """Three cards each, twice; the 13th card turned up; three more each after the
    bidding, the bottom card last (RULES.md Deberts 2)."""

    up_position = 12
    deals_later = True
    bottom_with_later = True
    honour_said = True

    def first_positions(self, dealer: int, seat: int) -> list[int]:
        return [0, 1, 2, 6, 7, 8] if seat != dealer else [3, 4, 5, 9, 10, 11]

    def later_positions(self, dealer: int, seat: int, taker: int) -> list[int]:
        return [13, 14, 15] if seat != dealer else [16, 17, 18]

    def face_up(self, world: Any) -> set[Card]:
        return {Card(CARDS[world.deck[12]])}

    def played_face_up(self, view: DebertsView, seat: int, card: Card) -> Refusal | None:
        if card == view.indicator or card == view.bottom:
            return "advisor.error.face-up", {"card": card}
        return None

    def honour(self, view: DebertsView, seat: int) -> bool:
        return bool(view.bela[seat])

    def show_seats(self, view: DebertsView, me: int) -> tuple[int, ...]:
        return (1 - me,) if view.sequence_winner == 1 - me else ()

    def meld_masks(self, said: Any, trump: int | None) -> list[int]:
        length, top, in_trump = said
        return run_masks(length, int(top), [s for s in range(4) if (s == trump) == in_trump])

    def parse_call(self, parts: list[str]) -> Any:
        """``3:K``, ``4:A:t``: the length and the top card, ``:t`` when in trump."""
        length, top = int(parts[0]), Rank.parse(parts[1])
        flags = parts[2:]
        if length not in (3, 4) or flags not in ([], ["t"]):
            raise ValueError(":".join(parts))
        return (length, top, flags == ["t"])

    def format_call(self, call: Any) -> str:
        length, top, in_trump = call
        return f"{length}:{Rank(top).code}" + (":t" if in_trump else "")

    def call_choices(self) -> list[tuple[str, Param]]:
        out: list[tuple[str, Param]] = []
        for length in (3, 4):
            for top in range(8, length - 1, -1):
                code = Rank(top).code
                label = Msg("advisor.ann.run", {"length": length, "top": code})
                out.append((f"{length}:{code}", label))
                out.append((f"{length}:{code}:t", Words((label, Msg("advisor.ann.trump")))))
        return out

    def announcement(self, world: Any, view: DebertsView, seat: int) -> Any:
        said = view.announcements[seat]
        if said is None:
            return None
        best = max(world.declared[seat], key=lambda m: (m.length, m.top, m.suit == world.trump))
        return (said[0], Rank(said[1]), int(best.suit) == world.trump)


KIT = GameKit(
    name="deberts",
    engine="atout.games.deberts",
    presets={
        "standard": "deberts",
        "quick": "deberts(target=251)",
        "lively": "deberts(doubling=true,four_sevens=true)",
    },
    bots={"heuristic": "atout.bots.deberts:DebertsHeuristicBot"},
    deck=32,
    first_cards=6,
    scoresheet="atout.scorekeeper.deberts:DebertsScoresheet",
    entry="atout.scorekeeper.deberts:DebertsEntry",
    lessons="atout.learn.deberts",
    renderer="atout.terminal.deberts:Renderer",
    presenter="atout.kits.deberts:DebertsPresenter",
    dealing="atout.kits.deberts:DebertsDealing",
)
