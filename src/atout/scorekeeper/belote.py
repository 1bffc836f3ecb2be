"""The Belote scoresheet: the taker and trump, the card points, the announcements, the
belote and the capot; atout writes the deal (made, dedans, litige), what is held and who
takes it, and the end of the match.

An entry: the *taker* (the seat that fixed trump; its team are the takers) and the
trump; each team's card points with the last trick (162 between them: one is enough),
or the team that took every trick (``capot=1`` alone gives it the 162, as Schieber's
``match=1`` gives the 157; with ``points`` too, they must agree);
the announcements each team showed (tierce 20, quarte 50, quinte or a four 100, four
nines 150, four jacks 200) and, when both teams' best are worth the same, which team won
the comparison; the team with the belote; the team that took every trick (capot); with
that option, an announced capot. A deal thrown in has only that word. The rules are
:mod:`atout.games.belote`'s own functions
(:func:`~atout.games.belote.settle_contract`, :func:`~atout.games.belote.settle_held`,
:func:`~atout.games.belote.match_winner`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from atout.cards import Suit
from atout.games.belote import (
    ALL_CARDS,
    BELOTE,
    BeloteDealResult,
    BeloteOptions,
    match_winner,
    settle_contract,
    settle_held,
)
from atout.scorekeeper.base import (
    ASK_AGAIN,
    PASSED,
    EntryRefused,
    Question,
    Reason,
    Row,
    Scoresheet,
    SheetState,
    check_points,
    format_melds,
    meld_answers,
    meld_questions,
    parse_flag,
    parse_side,
    parse_side_points,
    parse_suit,
    parse_words,
    trump_question,
)

__all__ = ["BeloteEntry", "BeloteScoresheet"]

#: The words of the announcements people type (the scorekeeper's questions name them in
#: each language: French and English, the Russian and German words too).
ANNOUNCEMENT_WORDS: Final = {
    "tierce": 20, "quarte": 50, "quinte": 100, "carre": 100, "carré": 100,
    "nines": 150, "neufs": 150, "jacks": 200, "valets": 200,
    "терц": 20, "кварта": 50, "квинта": 100, "каре": 100, "девятки": 150, "валеты": 200,
    "neuner": 150, "buben": 200,
}
#: The fewest cards each value needs (a run of 3, 4, 5; a four).
_CARDS: Final = {20: 3, 50: 4, 100: 4, 150: 4, 200: 4}
_KEYS: Final = ("taker", "trump", "points", "announcements", "annwin", "belote", "capot",
                "announced")
_FLAGS: Final = ("thrown-in",)


@dataclass(frozen=True)
class BeloteEntry:
    """What was decided at the table in one deal of Belote (sides are teams)."""

    taker: int | None = None
    trump: Suit | None = None
    points: tuple[int, int] = (0, 0)
    announcements: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    announcement_winner: int | None = None
    belote: int | None = None
    capot: int | None = None
    #: The takers announced a capot (the option ``announced_capot``).
    capot_announced: bool = False
    unplayed: str | None = None


class BeloteScoresheet(Scoresheet[BeloteEntry]):
    """A Belote match kept by hand (see the module docstring)."""

    game = "belote"
    num_players = 4
    teams = True
    meld_what = "announcement"
    meld_words = ANNOUNCEMENT_WORDS
    meld_cards = _CARDS
    meld_hand = 16
    example = "taker=2 trump=S points=0:100 belote=1"
    form = (
        Question("who", "seat", "score.ask.belote.taker", "score.page.belote.who", "caller",
                 "taker={value}", passes=True),
        trump_question(),
        Question("capot", "side", "score.ask.belote.capot", "score.page.belote.capot",
                 "points", "capot={value}", none=True),
        Question("a", "points", "score.ask.points", "score.page.points-of", "points",
                 "points=0:{value}", high=ALL_CARDS, other=ALL_CARDS, side=0,
                 unless=("capot",)),
        *meld_questions("belote", "announcements", "annwin", "belote",
                        (("tierce", 20), ("quarte", 50), ("100", 100), ("150", 150),
                         ("200", 200))),
    )
    ask_again = ASK_AGAIN
    options: BeloteOptions

    @staticmethod
    def _default_options() -> BeloteOptions:
        return BeloteOptions()

    @property
    def held(self) -> int:
        return self.state.carried

    def parse_entry(self, text: str) -> BeloteEntry:
        words = parse_words(text, _KEYS, _FLAGS)
        if "thrown-in" in words:
            if len(words) > 1:
                raise EntryRefused("score.bad-entry", "thrown-in takes nothing else", text=text)
            return BeloteEntry(unplayed="thrown-in")
        taker = parse_side(words.get("taker"), 4)
        trump = parse_suit(words.get("trump"))
        if taker is None or trump is None:
            raise EntryRefused("score.caller-missing", "say who took and in which suit")
        capot_text = words.get("capot")
        if capot_text is not None and "," in capot_text:
            raise EntryRefused("score.two-capots", "only one team can take every trick")
        anns = self._parse_melds(words.get("announcements"))
        capot = parse_side(capot_text)
        points_text = words.get("points")
        if points_text is None and capot is not None:  # a capot alone: all the points
            points_text = f"{capot}:{ALL_CARDS}"
        return BeloteEntry(
            taker=taker,
            trump=trump,
            points=parse_side_points(points_text, ALL_CARDS),
            announcements=anns,
            announcement_winner=parse_side(words.get("annwin")),
            belote=parse_side(words.get("belote")),
            capot=capot,
            capot_announced=bool(parse_flag(words.get("announced"))),
        )

    def entry_text(self, entry: BeloteEntry) -> str:
        if entry.unplayed:
            return entry.unplayed
        assert entry.trump is not None
        parts = [f"taker={entry.taker}", f"trump={entry.trump.letter}",
                 f"points={entry.points[0]},{entry.points[1]}"]
        if entry.announcements[0] or entry.announcements[1]:
            parts.append(f"announcements={format_melds(entry.announcements)}")
        if entry.announcement_winner is not None:
            parts.append(f"annwin={entry.announcement_winner}")
        if entry.belote is not None:
            parts.append(f"belote={entry.belote}")
        if entry.capot is not None:
            parts.append(f"capot={entry.capot}")
        if entry.capot_announced:
            parts.append("announced=yes")
        return " ".join(parts)

    def answers(self, entry: BeloteEntry) -> dict[str, Any]:
        if entry.unplayed:
            return {"who": PASSED}
        assert entry.trump is not None
        return {"who": entry.taker, "trump": entry.trump.letter, "capot": entry.capot,
                "a": None if entry.capot is not None else entry.points[0],
                **meld_answers(entry.announcements, entry.announcement_winner,
                               entry.belote)}

    def _settle(
        self, state: SheetState, entry: BeloteEntry, number: int
    ) -> tuple[Row, SheetState]:
        dealer = state.dealer
        following = (dealer + 1) % 4
        if entry.unplayed is not None:
            result = BeloteDealResult(dealer=dealer, outcome="thrown-in")
            reason = Reason("score.belote.thrown-in", {"seat": following + 1})
            row = Row(number, dealer, entry, "thrown-in", (0, 0), (0, 0), None, state.scores,
                      state.carried, None, (reason,), result)
            return row, SheetState(state.scores, state.carried, following, None)
        opts = self.options
        taker, trump = entry.taker, entry.trump
        if taker is None or not 0 <= taker < 4 or trump is None:
            raise EntryRefused("score.caller-missing", "say who took and in which suit")
        takers = taker % 2
        check_points(entry.points, ALL_CARDS)
        if entry.capot is not None and entry.points[entry.capot] != ALL_CARDS:
            raise EntryRefused(
                "score.capot-points", f"a capot takes every trick, so all {ALL_CARDS} points",
                who=entry.capot, total=ALL_CARDS,
            )
        if entry.capot_announced and not opts.announced_capot:
            raise EntryRefused("score.option-off", "that option is off", option="announced_capot")
        if not opts.announcements and (entry.announcements[0] or entry.announcements[1]):
            raise EntryRefused("score.option-off", "that option is off", option="announcements")
        self._check_melds(entry.announcements)
        for unique in (150, 200):
            if sum(values.count(unique) for values in entry.announcements) > 1:
                raise EntryRefused(
                    "score.meld-unique", f"the pack holds only one four worth {unique}",
                    value=unique,
                )
        winner = self._scoring_side(entry.announcements, entry.announcement_winner)
        ann = [0, 0]
        if winner is not None:
            ann[winner] = sum(entry.announcements[winner])
        bel = [0, 0]
        if entry.belote is not None:
            bel[entry.belote] = BELOTE
        outcome, totals, recorded, held = settle_contract(
            entry.points, takers, entry.capot, (ann[0], ann[1]), (bel[0], bel[1]), opts,
            announced_capot=entry.capot_announced,
        )
        result = BeloteDealResult(
            dealer=dealer, outcome=outcome, taker=taker, trump=trump,
            capot_announced=entry.capot_announced, card_points=entry.points,
            capot=entry.capot, announcement_points=(ann[0], ann[1]),
            belote=(bel[0], bel[1]), totals=totals, recorded=recorded, held=held,
        )
        scores, carried, paid = settle_held(state.scores, state.carried, result)
        defenders = 1 - takers
        a, b = totals[takers], totals[defenders]
        reasons: list[Reason] = []
        if outcome == "made":
            reasons.append(Reason("score.belote.made", {"takers": takers, "a": a, "b": b}))
        elif outcome == "dedans":
            reasons.append(Reason("score.belote.dedans", {
                "a": a, "b": b, "defenders": defenders, "points": recorded[defenders],
            }))
        else:
            reasons.append(Reason("score.belote.litige", {
                "a": a, "defenders": defenders, "b": totals[defenders], "held": held,
            }))
        if entry.capot is not None:
            reasons.append(Reason("score.belote.capot", {"who": entry.capot}))
        if bel[takers] and outcome != "made":
            reasons.append(Reason("score.belote.belote-kept", {"who": takers}))
        if paid is not None:
            reasons.append(Reason("score.belote.held-paid", {"who": paid[0], "points": paid[1]}))
        target = opts.target
        won = match_winner(scores, result, target)
        if won is not None:
            reasons.append(Reason("score.won", {"who": won, "a": scores[won],
                                                "b": scores[1 - won]}))
            if carried:
                reasons.append(Reason("score.unresolved", {"points": carried}))
        elif scores[0] == scores[1] >= target:
            reasons.append(Reason("score.belote.equal-over", {"target": target}))
        row = Row(number, dealer, entry, outcome, totals, recorded, paid, scores, carried,
                  won, tuple(reasons), result)
        return row, SheetState(scores, carried, following, won)
