"""The Belote kit: its engine, bots, scoresheet, lessons and presenter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.cards import Card, Rank
from atout.games.actions import Action, AnnounceCapot, Pass, Trump
from atout.games.base import Meld
from atout.games.belote import Announced, BeloteDealResult, BeloteSaid, BeloteView, CapotAnnounced
from atout.games.events import Announcement, Event, MeldsWon
from atout.kits import GameKit
from atout.kits.dealing import Dealing, Refusal, run_masks
from atout.kits.present import Field, Msg, Note, Param, Presenter, Seat, SuitName, Words

__all__ = ["KIT", "BeloteDealing", "BelotePresenter", "announced"]

_RUN_KIND = {20: "belote.tierce", 50: "belote.quarte", 100: "belote.quinte"}
#: The fours of a kind that score, as (points, rank).
_FOURS = {(200, Rank.JACK), (150, Rank.NINE), (100, Rank.ACE), (100, Rank.TEN),
          (100, Rank.KING), (100, Rank.QUEEN)}
_FOUR_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)


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

    def told(self, event: Event, view: BeloteView) -> Msg | None:
        if isinstance(event, Announcement):
            assert isinstance(event.call, Announced)
            return Msg("belote.announces", {"kind": announced(event.call)}, seat=event.seat)
        if isinstance(event, BeloteSaid):
            key = "belote.says-rebelote" if event.said == 2 else "belote.says-belote"
            return Msg(key, seat=event.seat)
        if isinstance(event, MeldsWon):
            return Msg("belote.announcement-winner", seat=event.winner)
        return super().told(event, view)

    def loud(self, event: Event) -> bool:
        return isinstance(event, (BeloteSaid, CapotAnnounced)) or super().loud(event)

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

    turned_key = "learn.turned"

    def turned(self, view: BeloteView) -> tuple[Card | None, Card | None]:
        return view.turned, None

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

    apart = "held"

    def outcome(self, result: BeloteDealResult) -> Param:
        if result.outcome == "litige":
            return Msg("belote.outcome.litige", {"points": result.held})
        points = max(result.recorded) if result.recorded else 0
        return Msg(f"belote.outcome.{result.outcome}", {"points": points}, seat=result.taker)

    def outcome_line(self, result: BeloteDealResult, team: Callable[[int], str],
                     target: int | None) -> Param:
        """A capot says which team took every trick."""
        if result.capot is None:
            return self.outcome(result)
        return Words((self.outcome(result),
                      Msg("belote.outcome.capot", {"team": team(result.capot)})), ". ")

    def result_rows(self, result: BeloteDealResult) -> list[tuple[Msg, tuple[Param, Param]]]:
        return [(Msg("belote.label.announcements"), result.announcement_points),
                (Msg("belote.label.belote"), result.belote)]

    def result_melds(self, result: BeloteDealResult) -> list[tuple[int, Meld]]:
        return [pair for team in result.announcements for pair in team]

    def own_melds(self, view: BeloteView) -> tuple[Msg, tuple[Meld, ...]] | None:
        if (view.seat is None or view.trump is None or view.announced[view.seat]
                or not view.own_announcements):
            return None
        return Msg("belote.your-announcements"), tuple(view.own_announcements)


class BeloteDealing(Dealing[BeloteView]):
    """Three cards each, then two; the 21st card turned up; after the bidding the taker
    gets two more (the turned card is its third), the others three (RULES.md Belote 2)."""

    up_position = 20
    deals_later = True
    honour_said = True

    def first_positions(self, dealer: int, seat: int) -> list[int]:
        i = (seat - dealer - 1) % 4
        return [3 * i, 3 * i + 1, 3 * i + 2, 12 + 2 * i, 13 + 2 * i]

    def later_positions(self, dealer: int, seat: int, taker: int) -> list[int]:
        pos = 21
        for i in range(4):
            s = (dealer + 1 + i) % 4
            count = self.later_count(s, taker)
            if s == seat:
                return list(range(pos, pos + count))
            pos += count
        raise ValueError(f"no seat {seat}")

    def later_count(self, seat: int, taker: int) -> int:
        return 2 if seat == taker else 3

    def face_up(self, world: Any) -> set[Card]:
        return {world.turned}

    def played_face_up(self, view: BeloteView, seat: int, card: Card) -> Refusal | None:
        if card == view.turned and view.taker != seat:
            return "advisor.error.taker-holds", {"card": card, "other": view.taker}
        return None

    def honour(self, view: BeloteView, seat: int) -> bool:
        return bool(view.belote[seat] > 0)

    def show_seats(self, view: BeloteView, me: int) -> tuple[int, ...]:
        winner = view.announcement_winner
        if winner is None:
            return ()
        return tuple(s for s in (winner % 2, winner % 2 + 2) if s != me)

    def meld_masks(self, said: Any, trump: int | None) -> list[int]:
        if not said.run:
            return [self.four_mask(int(said.top))]
        length = {20: 3, 50: 4, 100: 5}[said.points]
        return run_masks(length, int(said.top),
                         [s for s in range(4) if (s == trump) == said.trump])

    def parse_call(self, parts: list[str]) -> Any:
        """``20:K``, ``50:A:t``, ``100:A:four``, ``200:J``: the points and the height,
        ``:t`` for a run in trump, ``:four`` for four of a kind."""
        points, top = int(parts[0]), Rank.parse(parts[1])
        marks = set(parts[2:])
        four = "four" in marks or points in (150, 200)
        if marks - {"t", "four"} or points not in (20, 50, 100, 150, 200):
            raise ValueError(":".join(parts))
        if four and (points, top) not in _FOURS:
            raise ValueError(":".join(parts))
        return Announced(points, top, not four, "t" in marks and not four)

    def format_call(self, call: Any) -> str:
        text = f"{call.points}:{Rank(call.top).code}"
        if not call.run:
            return text + (":four" if call.points == 100 else "")
        return text + (":t" if call.trump else "")

    def call_choices(self) -> list[tuple[str, Param]]:
        out: list[tuple[str, Param]] = []
        for points, length in ((20, 3), (50, 4), (100, 5)):
            for top in range(8, length - 1, -1):
                code = Rank(top).code
                label = Words((f"{points}:", Msg("advisor.ann.run",
                                                 {"length": length, "top": code})))
                out.append((f"{points}:{code}", label))
                out.append((f"{points}:{code}:t", Words((label, Msg("advisor.ann.trump")))))
        for points, rank in sorted(_FOURS, key=lambda f: (-f[0], _FOUR_ORDER.index(f[1]))):
            code = rank.code
            out.append((f"{points}:{code}" + (":four" if points == 100 else ""),
                        Words((f"{points}:", Msg("advisor.ann.four", {"top": code})))))
        return out

    def announcement(self, world: Any, view: BeloteView, seat: int) -> Any:
        return view.announcements[seat]


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
    dealing="atout.kits.belote:BeloteDealing",
)
