"""The Schieber kit: its engine, bots, scoresheet, lessons and presenter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.cards import RANK_MASK, Card, Rank
from atout.games.actions import Action, Claim, NoTrump, Push, Trump
from atout.games.base import Meld
from atout.games.events import Announcement, Event
from atout.games.schieber import (
    FACTORS,
    Claimed,
    SchieberDealResult,
    SchieberView,
    Stoeck,
    WeisCall,
    contract_index,
    weis_key,
)
from atout.kits import GameKit
from atout.kits.dealing import Dealing
from atout.kits.present import Field, Msg, Note, Param, Presenter, Seat, SuitName, Words

__all__ = [
    "KIT", "SchieberDealing", "SchieberPresenter", "call_words", "contract_name", "weis_masks",
]


def contract_name(contract: Trump | NoTrump) -> Msg:
    """A contract in words: "♥ hearts trump", "Obenabe"."""
    if isinstance(contract, Trump):
        return Msg("schieber.contract.trump", {"suit": SuitName(contract.suit)})
    return Msg(f"schieber.{contract.mode}")


def call_words(call: WeisCall) -> Words:
    """What a player said of their Weis: "Weis 100, 5 cards, top card K"."""
    return Words((Msg("schieber.weis"), call_parts(call)))


def call_parts(call: WeisCall) -> Words:
    """A Weis call's points and what it says of the cards: "100, 5 cards, top card K"."""
    parts: list[Param] = [str(call.points)]
    if call.length is not None:
        parts.append(Msg("schieber.call.length", {"length": call.length}))
    if call.top is not None:
        parts.append(Msg("schieber.call.top", {"rank": call.top.code}))
    if call.trump is not None:
        parts.append(Msg("schieber.call.trump" if call.trump else "schieber.call.not-trump"))
    return Words(tuple(parts), ", ")


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

    def listed(self, action: Action, view: SchieberView) -> Param:
        """A trump contract without the word trump: "♥ hearts ×2"."""
        if isinstance(action, Trump):
            return Words((SuitName(action.suit), f"×{FACTORS[contract_index(action)]}"))
        return super().listed(action, view)

    def short(self, action: Action) -> Param | None:
        """A trump contract as its suit and factor: "♥ ×2"."""
        if isinstance(action, Trump):
            return f"{action.suit.symbol} ×{FACTORS[contract_index(action)]}"
        return None

    def bid(self, action: Action, view: SchieberView) -> Param:
        if isinstance(action, Trump):
            return self.listed(action, view)
        return super().bid(action, view)

    def said(self, seat: int, action: Action, view: SchieberView) -> Msg:
        if isinstance(action, (Trump, NoTrump)):
            return Msg("schieber.chooses", {"contract": contract_name(action)}, seat=seat)
        if isinstance(action, Push):
            return Msg("schieber.pushes", seat=seat)
        if isinstance(action, Claim):
            return Msg("schieber.claims", seat=seat)
        return super().said(seat, action, view)

    def told(self, event: Event, view: SchieberView) -> Msg | None:
        if isinstance(event, Announcement):
            assert isinstance(event.call, WeisCall)
            return Msg("schieber.announces", {"call": call_parts(event.call)}, seat=event.seat)
        if isinstance(event, Stoeck):
            return Msg("schieber.says-stoeck", seat=event.seat)
        return super().told(event, view)

    def loud(self, event: Event) -> bool:
        return isinstance(event, (Stoeck, Claimed)) or super().loud(event)

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

    def forehand(self, view: SchieberView) -> Field | None:
        return Field(Msg("schieber.forehand"), Seat(view.forehand))

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

    def outcome(self, result: SchieberDealResult) -> Param:
        """A stop in the middle of a deal says what the losers kept (RULES.md Schieber 8)."""
        if result.outcome == "false-claim" and result.claimant is not None:
            return Words((Msg("room.false-claim", team=result.claimant),
                          Msg("schieber.both-keep")), ". ")
        if result.match_winner is not None:
            if result.reached_by == "claim":
                text = Msg("room.reached-claim", team=result.match_winner)
            else:
                how = Msg(f"schieber.reached.{result.reached_by or 'count'}")
                text = Msg("room.reached", {"how": how}, team=result.match_winner)
            if result.outcome == "claim":
                return Words((text, Msg("schieber.losers-keep")), ". ")
            return text
        if result.contract is None or result.chooser is None:
            return ""
        return Msg("schieber.chooses", {"contract": contract_name(result.contract)},
                   seat=result.chooser)

    def outcome_line(self, result: SchieberDealResult, team: Callable[[int], str],
                     target: int | None) -> Param:
        """A stop or a claim says who reached the target and what the losers keep."""
        goal = target or ""
        if result.outcome == "false-claim" and result.claimant is not None:
            return Words((Msg("schieber.false-claim", {"team": team(result.claimant),
                                                       "target": goal}),
                          Msg("schieber.both-keep")), ". ")
        if result.match_winner is not None:
            how = Msg(f"schieber.reached.{result.reached_by or 'count'}")
            text = Msg("schieber.reached", {"team": team(result.match_winner),
                                            "target": goal, "how": how})
            if result.outcome == "claim":
                return Words((text, Msg("schieber.losers-keep")), ". ")
            return text
        if result.contract is None:
            return ""
        return Msg("schieber.chooses", {"contract": contract_name(result.contract)},
                   seat=result.chooser)

    def result_rows(self, result: SchieberDealResult) -> list[tuple[Msg, tuple[Param, Param]]]:
        rows: list[tuple[Msg, tuple[Param, Param]]] = [
            (Msg("schieber.weis"), result.weis_points), (Msg("schieber.stoeck"), result.stoeck)]
        if any(result.match_bonus):
            rows.append((Msg("schieber.match"), result.match_bonus))
        if result.factor > 1:
            rows.append((Msg("schieber.sheet.factor"), (f"×{result.factor}",) * 2))
        return rows

    def result_melds(self, result: SchieberDealResult) -> list[tuple[int, Meld]]:
        return [pair for team in result.weis for pair in team]

    def sheet_outcome(self, result: SchieberDealResult) -> Param:
        if result.contract is None:
            return super().sheet_outcome(result)
        name: Param = (result.contract.suit.symbol if isinstance(result.contract, Trump)
                       else Msg(f"schieber.{result.contract.mode}"))
        return Words((name, f"×{result.factor}"))

    def own_melds(self, view: SchieberView) -> tuple[Msg, tuple[Meld, ...]] | None:
        if (view.seat is None or view.contract is None
                or view.weis_announced[view.seat] is not None or not view.own_weis):
            return None
        return Msg("schieber.your-weis"), tuple(view.own_weis)


#: Lengths of a single run worth these points (a longer one is cut into two Weis).
_RUN_LENGTHS: dict[int, tuple[int, ...]] = {20: (3,), 50: (4,), 100: (5, 6, 7)}
#: Ranks whose four of a kind is worth these points (10 Q K A; J).
_FOUR_RANKS: dict[int, tuple[int, ...]] = {100: (4, 6, 7, 8), 200: (5,)}


def weis_masks(call: WeisCall, trump: int | None) -> list[int]:
    """The cards of every Weis that fits a call exactly: its points, and its length,
    top card and trump when they were said."""
    p, length, top, in_trump = call.points, call.length, call.top, call.trump
    masks = []
    for n in _RUN_LENGTHS.get(p, ()):
        if length is not None and n != length:
            continue
        for su in range(4):
            if in_trump is not None and (su == trump) != in_trump:
                continue
            for low in range(0, 10 - n):
                if top is None or low + n - 1 == int(top):
                    masks.append(((1 << n) - 1) << (9 * su + low))
    if (length is None or length == 4) and in_trump is None:
        masks.extend(
            RANK_MASK[r] for r in _FOUR_RANKS.get(p, ()) if top is None or r == int(top)
        )
    return masks


class SchieberDealing(Dealing[SchieberView]):
    """Three cards each, three times, nothing turned up; the holder of the 7 of clubs
    leads the first deal's bidding; each seat calls its Weis with its first card; Stöck
    counts by itself (RULES.md Schieber 2, 5)."""

    deck_size = 36
    has_forehand = True
    first_forehand_card = Card.C7
    calls_with_first_card = True
    deal_has_scores = True

    def first_positions(self, dealer: int, seat: int) -> list[int]:
        i = (seat - dealer - 1) % 4
        return [p + 3 * i + k for p in (0, 12, 24) for k in range(3)]

    def new_deal(self, deal_class: Any, deck: list[int], dealer: int, options: Any,
                 forehand: int, scores: Any) -> Any:
        return deal_class(deck, dealer, options, forehand=forehand, scores=scores)

    def stops_unseen(self, world: Any, view: SchieberView, me: int) -> bool:
        """The world stops the match mid-deal on a hidden seat's unannounced Stöck."""
        result = world.result
        return bool(
            result is not None and result.reached_by == "stoeck"
            and result.stoeck_seat is not None and result.stoeck_seat != me
            and view.stoeck is None
        )

    def show_seats(self, view: SchieberView, me: int) -> tuple[int, ...]:
        if view.weis_winner is None:
            return ()
        return tuple(s for s in range(4) if s != me)

    def meld_masks(self, said: Any, trump: int | None) -> list[int]:
        return weis_masks(said, trump)

    def announcement(self, world: Any, view: SchieberView, seat: int) -> Any:
        return view.weis_announced[seat]

    def parse_call(self, parts: list[str]) -> Any:
        """What was said, the points then only what the comparison needed: ``50``,
        ``100:5``, ``100:5:K``, ``100:5:K:t`` (``:n``: not in trump)."""
        said = int(parts[0])
        long = int(parts[1]) if len(parts) > 1 else None
        high = Rank.parse(parts[2]) if len(parts) > 2 else None
        in_trump = {"t": True, "n": False}[parts[3]] if len(parts) > 3 else None
        if said not in (20, 50, 100, 150, 200) or len(parts) > 4:
            raise ValueError(":".join(parts))
        return WeisCall(said, long, high, in_trump)

    def format_call(self, call: Any) -> str:
        parts = [str(call.points)]
        if call.length is not None:
            parts.append(str(call.length))
        if call.top is not None:
            parts.append(Rank(call.top).code)
        if call.trump is not None:
            parts.append("t" if call.trump else "n")
        return ":".join(parts)

    def call_choices(self) -> list[tuple[str, Param]]:
        out: list[tuple[str, Param]] = [(str(p), str(p)) for p in (20, 50, 100, 200)]
        for points, length in ((20, 3), (50, 4), (100, 5), (100, 4), (200, 4)):
            out.append((f"{points}:{length}", Words(
                (f"{points},", Msg("advisor.ann.length", {"length": length})))))
        return out

    def own_call(self, world: Any, seat: int) -> tuple[bool, Any]:
        """Worked out from the calls before it when they decide it: more points than
        every call before is called, fewer is kept silent."""
        melds = world.weis[seat]
        if not melds:
            return True, None
        points = weis_key(melds[0], world.contract)[0]
        said = [c.points for c in world.view(seat).weis_announced if c is not None]
        if not said or points > max(said):
            return True, WeisCall(points)
        if points < max(said):
            return True, None
        return False, None


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
    dealing="atout.kits.schieber:SchieberDealing",
)
