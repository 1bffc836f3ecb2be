"""The Deberts scoresheet: who took and in which suit, the card points, the sequences
and the bela; atout writes the deal (made, bait, tie), the hanging chain and the end.

An entry in the words of the table: the *caller* (who fixed trump) and the trump suit;
each player's card points with the last trick (both: only 18 of the 32 cards are
played, so their sum is not fixed; it is at most 162); the sequences each player showed
(terc 20, bertz 50) and, when both showed a sequence of the same length, who won the
comparison (top card, trump, the nondealer decide it); who said bela. A deal thrown in
after four passes (or cancelled with the four 7s, an option) has only that word. The rules are
:mod:`atout.games.deberts`'s own functions (:func:`~atout.games.deberts.settle_contract`,
:func:`~atout.games.deberts.settle_hanging`, :func:`~atout.games.deberts.match_winner`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from atout.cards import Suit
from atout.games.deberts import (
    BELA,
    BERTZ,
    LAST_TRICK,
    TERC,
    DebertsDealResult,
    DebertsOptions,
    DebertsOutcome,
    match_winner,
    next_dealer,
    settle_contract,
    settle_hanging,
    stakes,
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
    format_melds,
    meld_answers,
    meld_questions,
    parse_flag,
    parse_int,
    parse_side,
    parse_side_points,
    parse_suit,
    parse_words,
    terms,
    trump_question,
)

__all__ = ["CARD_TOTAL", "DebertsEntry", "DebertsScoresheet"]

#: The most card points of a deal: 152 in the pack and 10 for the last trick. Only 18
#: of the 32 cards are played (the stock is not), so both players' points are entered:
#: their sum is at most this.
CARD_TOTAL: Final = 162
#: The words of the sequences and the cards each needs.
SEQUENCE_WORDS: Final = {"terc": TERC, "bertz": BERTZ, "терц": TERC, "полтинник": BERTZ}
_SEQUENCE_CARDS: Final = {TERC: 3, BERTZ: 4}
_KEYS: Final = ("caller", "trump", "points", "sequences", "seqwin", "trick", "bela", "factor")
_FLAGS: Final = ("thrown-in", "cancelled")


@dataclass(frozen=True)
class DebertsEntry:
    """What was decided at the table in one deal of Deberts."""

    caller: int | None = None
    trump: Suit | None = None
    #: Each player's card points with the last trick.
    points: tuple[int, int] = (0, 0)
    #: The sequences each player showed (20 terc, 50 bertz).
    sequences: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    #: Who won the comparison, when both had a sequence of the same length.
    sequence_winner: int | None = None
    #: Whether the comparison's winner took a trick (``None``: they did when they have
    #: card points; say it only for a winner with 0 card points).
    trick: bool | None = None
    bela: int | None = None
    #: 2 doubled, 4 redoubled (the doubling option).
    factor: int = 1
    #: ``thrown-in`` (four passes) or ``cancelled`` (the four 7s), else ``None``.
    unplayed: str | None = None



class DebertsScoresheet(DebertsOutcome, Scoresheet[DebertsEntry]):
    """A Deberts match kept by hand (see the module docstring)."""

    game = "deberts"
    num_players = 2
    teams = False
    meld_what = "sequence"
    meld_words = SEQUENCE_WORDS
    meld_cards = _SEQUENCE_CARDS
    meld_hand = 9
    example = "caller=0 trump=H points=72,90"
    form = (
        Question("who", "side", "score.ask.deberts.caller", "score.page.who", "caller",
                 "caller={value}", passes=True),
        trump_question(),
        Question("a", "points", "score.ask.deberts.points", "score.page.points-of",
                 "points", "points={value},{b}", high=CARD_TOTAL, side=0),
        Question("b", "points", "score.ask.deberts.points", "score.page.points-of",
                 "points", "", high=CARD_TOTAL, side=1),
        *meld_questions("deberts", "sequences", "seqwin", "bela",
                        (("terc", TERC), ("bertz", BERTZ))),
    )
    ask_again: ClassVar[Mapping[str, str]] = {**ASK_AGAIN, "score.deberts.points-range": "points"}
    options: DebertsOptions

    @staticmethod
    def _default_options() -> DebertsOptions:
        return DebertsOptions()

    @property
    def hanging(self) -> int:
        return self.state.carried

    # -- text ----------------------------------------------------------------------------
    def parse_entry(self, text: str) -> DebertsEntry:
        words = parse_words(text, _KEYS, _FLAGS)
        for flag in _FLAGS:
            if flag in words:
                if len(words) > 1:
                    raise EntryRefused("score.bad-entry", f"{flag} takes nothing else", text=text)
                return DebertsEntry(unplayed=flag)
        caller = parse_side(words.get("caller"))
        trump = parse_suit(words.get("trump"))
        if caller is None or trump is None:
            raise EntryRefused("score.caller-missing", "say who took and in which suit")
        return DebertsEntry(
            caller=caller,
            trump=trump,
            points=parse_side_points(words.get("points"), CARD_TOTAL),
            sequences=self._parse_melds(words.get("sequences")),
            sequence_winner=parse_side(words.get("seqwin")),
            trick=parse_flag(words.get("trick")),
            bela=parse_side(words.get("bela")),
            factor=parse_int(words.get("factor", "1"), "factor"),
        )

    def entry_text(self, entry: DebertsEntry) -> str:
        if entry.unplayed:
            return entry.unplayed
        assert entry.trump is not None
        parts = [
            f"caller={entry.caller}", f"trump={entry.trump.letter}",
            f"points={entry.points[0]},{entry.points[1]}",
        ]
        if entry.sequences[0] or entry.sequences[1]:
            parts.append(f"sequences={format_melds(entry.sequences)}")
        if entry.sequence_winner is not None:
            parts.append(f"seqwin={entry.sequence_winner}")
        if entry.trick is not None:
            parts.append(f"trick={'yes' if entry.trick else 'no'}")
        if entry.bela is not None:
            parts.append(f"bela={entry.bela}")
        if entry.factor != 1:
            parts.append(f"factor={entry.factor}")
        return " ".join(parts)

    def answers(self, entry: DebertsEntry) -> dict[str, Any]:
        if entry.unplayed:
            return {"who": PASSED} if entry.unplayed == "thrown-in" else {}
        assert entry.trump is not None
        return {"who": entry.caller, "trump": entry.trump.letter, "a": entry.points[0],
                "b": entry.points[1],
                **meld_answers(entry.sequences, entry.sequence_winner, entry.bela)}

    # -- the rules -----------------------------------------------------------------------
    def _settle(
        self, state: SheetState, entry: DebertsEntry, number: int
    ) -> tuple[Row, SheetState]:
        dealer = state.dealer
        if entry.unplayed is not None:
            if entry.unplayed == "cancelled" and not self.options.four_sevens:
                raise EntryRefused("score.option-off", "that option is off", option="four_sevens")
            result = DebertsDealResult(dealer=dealer, outcome=entry.unplayed)  # type: ignore[arg-type]
            reason = Reason(f"score.deberts.{entry.unplayed}", {"who": 1 - dealer})
            row = Row(number, dealer, entry, entry.unplayed, (0, 0), (0, 0), None,
                      state.scores, state.carried, None, (reason,), result)
            return row, SheetState(state.scores, state.carried, next_dealer(result), None)
        caller, trump = entry.caller, entry.trump
        if caller not in (0, 1) or trump is None:
            raise EntryRefused("score.caller-missing", "say who took and in which suit")
        a, b = entry.points
        if a < 0 or b < 0 or not LAST_TRICK <= a + b <= CARD_TOTAL:
            raise EntryRefused(
                "score.deberts.points-range",
                f"the 18 cards played and the last trick make {LAST_TRICK} to {CARD_TOTAL}",
                a=a, b=b, terms=terms(a, b), sum=a + b, low=LAST_TRICK, total=CARD_TOTAL,
            )
        if entry.factor not in (1, 2, 4) or (entry.factor != 1 and not self.options.doubling):
            raise EntryRefused(
                "score.factor", "doubling is off in these rules", factor=entry.factor
            )
        self._check_melds(entry.sequences)
        winner = self._scoring_side(entry.sequences, entry.sequence_winner)
        reasons: list[Reason] = []
        seq_points = [0, 0]
        if winner is not None:
            took = entry.trick
            if took is None:
                took = entry.points[winner] > 0
            elif not took and entry.points[winner] > 0:
                raise EntryRefused(
                    "score.trick-with-points",
                    "with card points, that player took a trick", who=winner,
                )
            if took:
                seq_points[winner] = sum(entry.sequences[winner])
            else:
                reasons.append(Reason("score.deberts.no-trick", {"who": winner}))
        bela = [0, 0]
        if entry.bela is not None:
            bela[entry.bela] = BELA
        totals = (
            entry.points[0] + seq_points[0] + bela[0],
            entry.points[1] + seq_points[1] + bela[1],
        )
        outcome, recorded, hanging = settle_contract(totals, caller, entry.factor)
        result = DebertsDealResult(
            dealer=dealer, outcome=outcome, caller=caller, trump=trump, factor=entry.factor,
            card_points=entry.points, sequence_winner=winner,
            sequence_points=(seq_points[0], seq_points[1]), bela=(bela[0], bela[1]),
            totals=totals, recorded=recorded, hanging=hanging,
        )
        scores, carried, paid = settle_hanging(state.scores, state.carried, result)
        defender = 1 - caller
        mine, theirs = totals[caller], totals[defender]
        if outcome == "made":
            reasons.insert(0, Reason("score.deberts.made",
                                     {"caller": caller, "a": mine, "b": theirs}))
        elif outcome == "bait":
            reasons.insert(0, Reason("score.deberts.bait", {
                "a": mine, "b": theirs, "defender": defender, "both": recorded[defender],
            }))
        else:
            reasons.insert(0, Reason("score.deberts.tie", {
                "a": mine, "defender": defender, "caller": caller, "held": hanging,
            }))
        if entry.factor != 1:
            reasons.append(Reason("score.factor", {"factor": entry.factor}))
        if paid is not None:
            reasons.append(Reason("score.deberts.hanging-paid",
                                  {"who": paid[0], "points": paid[1]}))
        target = self.options.target
        won = match_winner(scores, result, target)
        if won is not None:
            if scores[0] >= target and scores[1] >= target:
                reasons.append(Reason("score.deberts.both-over", {
                    "who": won, "target": target, "loser_score": target - 1,
                }))
            else:
                reasons.append(Reason("score.won", {"who": won, "a": scores[won],
                                                    "b": scores[1 - won]}))
            if carried:
                reasons.append(Reason("score.unresolved", {"points": carried}))
            if stakes(scores, won, target, self.options.mars) == 2:
                reasons.append(Reason("score.deberts.mars", {"loser": 1 - won}))
        row = Row(number, dealer, entry, outcome, totals, recorded, paid, scores, carried,
                  won, tuple(reasons), result)
        return row, SheetState(scores, carried, next_dealer(result), won)

