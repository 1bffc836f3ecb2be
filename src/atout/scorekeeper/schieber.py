"""The Schieber scoresheet: the contract and who named it, the points captured, Weis and
Stöck, a Match, and a stop in the middle of a deal; atout multiplies, writes, and says
who reached the target and whether the losers are Schneider.

An entry: the contract (a trump suit, ``obenabe`` or ``undenufe``) and whether forehand
pushed (then the partner named it); each team's card points with the last trick (157
between them: one is enough), or the team that took all nine tricks (a *Match*, 257);
the Weis each team showed (20, 50, 100, 200) and, when both teams' best are worth the
same, which team won the comparison; the team whose Stöck counted.

A *stop*: the match ends as soon as a team reaches the target, even in the middle of a
deal. Enter the team that reached it (or claimed), whether the first trick was complete
(Weis count only then), and that team's captured points so far. The winners write what
they counted; the losers keep what of the deal was already written (their Weis after the
first trick, their Stöck once announced: enter the losers' Stöck only when it was),
never their captures (RULES.md, Schieber 8). With manual claims (the option
``manual_claim``) a claim that does not reach the target loses the match, and both teams
keep only what was written (the claimants' Stöck as entered: enter them only if
announced). A complete deal that takes a team to the target is written the same way (the
match stopped when it got there), unless claims are manual (the option
``manual_claim``), in which case the full deal is written and the first team to the
target wins.
The rules are :mod:`atout.games.schieber`'s own functions
(:func:`~atout.games.schieber.first_to_target`,
:func:`~atout.games.schieber.written_at_stop`, :func:`~atout.games.schieber.schneider`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from atout.cards import Suit
from atout.games.schieber import (
    CARD_TOTAL,
    CONTRACT_ACTIONS,
    FACTORS,
    LAST_TRICK,
    MATCH_BONUS,
    OBENABE,
    STOECK,
    UNDENUFE,
    SchieberDealResult,
    SchieberOptions,
    SchieberOutcome,
    first_to_target,
    schneider,
    written_at_stop,
)
from atout.scorekeeper.base import (
    ASK_AGAIN,
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
    parse_side,
    parse_side_points,
    parse_words,
    terms,
)

__all__ = ["CONTRACT_WORDS", "POINTS_TOTAL", "SchieberEntry", "SchieberScoresheet"]

#: Card points of a deal: 152 in the cards and 5 for the last trick.
POINTS_TOTAL: Final = CARD_TOTAL + LAST_TRICK
CONTRACT_WORDS: Final = ("C", "D", "H", "S", "obenabe", "undenufe")
WEIS_WORDS: Final = {"dreiblatt": 20, "vierblatt": 50, "fuenfblatt": 100, "puure": 200}
_CARDS: Final = {20: 3, 50: 4, 100: 4, 200: 4}
_KEYS: Final = ("contract", "pushed", "points", "match", "weis", "weiswin", "stoeck", "stop",
                "first_trick", "first")


@dataclass(frozen=True)
class SchieberEntry:
    """What was decided at the table in one deal of Schieber (sides are teams)."""

    #: 0..3 the trump suit (♣ ♦ ♥ ♠), 4 Obenabe, 5 Undenufe.
    contract: int = 0
    pushed: bool = False
    #: Each team's card points with the last trick; in a stop, only the claimants' count.
    points: tuple[int, int] = (0, 0)
    #: The team that took all nine tricks.
    match: int | None = None
    weis: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    weis_winner: int | None = None
    stoeck: int | None = None
    #: The team that reached the target (or claimed) in the middle of the deal.
    stop: int | None = None
    #: In a stop: whether the first trick was complete (Weis count only then).
    first_trick: bool = True
    #: When both teams reach the target in one deal and Stöck and Weis do not tell:
    #: the team that got there first.
    first: int | None = None


def parse_contract(text: str | None) -> int:
    if text is None:
        raise EntryRefused("score.caller-missing", "say which contract was named")
    word = text.strip()
    for index, name in enumerate(CONTRACT_WORDS):
        if word.lower() == name.lower():
            return index
    from atout.scorekeeper.base import parse_suit

    suit = parse_suit(word)
    assert suit is not None
    return int(suit)


class SchieberScoresheet(SchieberOutcome, Scoresheet[SchieberEntry]):
    """A Schieber match kept by hand (see the module docstring)."""

    game = "schieber"
    num_players = 4
    teams = True
    meld_what = "weis"
    meld_words = WEIS_WORDS
    meld_cards = _CARDS
    meld_hand = 18
    example = "contract=H pushed points=100,57"
    _YES_NO = ((True, "score.page.yes", ""), (False, "score.page.no", ""))
    form = (
        Question("trump", "contract", "score.ask.schieber.contract",
                 "score.page.schieber.contract", "caller", "contract={value}", choices=tuple(
                     (word, "" if i < OBENABE else f"schieber.{word}",
                      (Suit(i).symbol + " " if i < OBENABE else "") + f"×{FACTORS[i]}")
                     for i, word in enumerate(CONTRACT_WORDS))),
        Question("pushed", "yes", "score.ask.schieber.pushed", "score.page.schieber.pushed",
                 "caller", "pushed", choices=_YES_NO[::-1]),
        Question("stop", "side", "score.ask.schieber.stop", "score.page.schieber.stop",
                 "points", "stop={value}", none=True),
        Question("firstTrick", "yes", "score.ask.schieber.first-trick",
                 "score.page.schieber.first-trick", "points", "", word_no="first_trick=no",
                 when=("stop",), choices=_YES_NO),
        Question("a", "points", "score.ask.schieber.captured", "score.page.schieber.captured",
                 "points", "points={stop}:{value}", high=POINTS_TOTAL + MATCH_BONUS,
                 who_of="stop", when=("stop",)),
        Question("capot", "side", "score.ask.schieber.match", "score.page.schieber.match",
                 "points", "match={value}", none=True, unless=("stop",)),
        Question("a", "points", "score.ask.points", "score.page.points-of", "points",
                 "points=0:{value}", high=POINTS_TOTAL, other=POINTS_TOTAL, side=0,
                 unless=("stop", "capot")),
        *meld_questions("schieber", "weis", "weiswin", "stoeck", (
            (str(v), v) for v in sorted(set(WEIS_WORDS.values())))),
        Question("first", "side", "score.ask.schieber.first", "score.page.schieber.first",
                 "extra", "first={value}", on_refusal="score.schieber.first-needed"),
    )
    ask_again: ClassVar[Mapping[str, str]] = {
        **ASK_AGAIN, "score.schieber.stop-points": "points",
        "score.schieber.claim-short": "points", "score.schieber.other-first": "points",
        "score.schieber.stop-match": "points", "score.schieber.weis-first-trick": "points",
        "score.schieber.stoeck-no-trump": "extra",
    }
    contract_keys: ClassVar[Mapping[str, str]] = {
        word: f"schieber.{word}" for word in CONTRACT_WORDS[OBENABE:]}
    options: SchieberOptions

    def __init__(
        self, options: SchieberOptions | None = None, *, first_dealer: int = 0,
        names: tuple[str, ...] | list[str] = (), first_forehand: int | None = None,
    ) -> None:
        #: Forehand of the first deal (the holder of 7♣), who deals the second.
        self.first_forehand = (first_dealer + 1) % 4 if first_forehand is None else first_forehand
        super().__init__(options, first_dealer=first_dealer, names=names)

    @staticmethod
    def _default_options() -> SchieberOptions:
        return SchieberOptions()

    def forehand(self, number: int, dealer: int) -> int:
        return self.first_forehand if number == 1 else (dealer + 1) % 4

    def parse_entry(self, text: str) -> SchieberEntry:
        words = parse_words(text, _KEYS, ("pushed",))
        weis = self._parse_melds(words.get("weis"))
        stop = parse_side(words.get("stop"))
        points_text = words.get("points")
        if stop is not None and points_text is not None and ":" not in points_text \
                and "," not in points_text:
            points_text = f"{stop}:{points_text}"
        if stop is not None and points_text is not None and ":" in points_text:
            side_text, _, value = points_text.partition(":")
            points = (int(value), 0) if side_text.strip() == "0" else (0, int(value))
        elif points_text is None and words.get("match") is not None:
            team = parse_side(words.get("match"))
            points = (POINTS_TOTAL, 0) if team == 0 else (0, POINTS_TOTAL)
        else:
            points = parse_side_points(points_text, POINTS_TOTAL)
        return SchieberEntry(
            contract=parse_contract(words.get("contract")),
            pushed=bool(parse_flag(words.get("pushed"))),
            points=points,
            match=parse_side(words.get("match")),
            weis=weis,
            weis_winner=parse_side(words.get("weiswin")),
            stoeck=parse_side(words.get("stoeck")),
            stop=stop,
            first_trick=parse_flag(words.get("first_trick")) is not False,
            first=parse_side(words.get("first")),
        )

    def entry_text(self, entry: SchieberEntry) -> str:
        parts = [f"contract={CONTRACT_WORDS[entry.contract]}"]
        if entry.pushed:
            parts.append("pushed")
        if entry.stop is not None:
            parts.append(f"stop={entry.stop}")
            parts.append(f"points={entry.stop}:{entry.points[entry.stop]}")
            if not entry.first_trick:
                parts.append("first_trick=no")
        else:
            parts.append(f"points={entry.points[0]},{entry.points[1]}")
        if entry.match is not None:
            parts.append(f"match={entry.match}")
        if entry.weis[0] or entry.weis[1]:
            parts.append(f"weis={format_melds(entry.weis)}")
        if entry.weis_winner is not None:
            parts.append(f"weiswin={entry.weis_winner}")
        if entry.stoeck is not None:
            parts.append(f"stoeck={entry.stoeck}")
        if entry.first is not None:
            parts.append(f"first={entry.first}")
        return " ".join(parts)

    def answers(self, entry: SchieberEntry) -> dict[str, Any]:
        stop = entry.stop
        return {"trump": CONTRACT_WORDS[entry.contract], "pushed": entry.pushed,
                "stop": stop, "firstTrick": entry.first_trick if stop is not None else None,
                "a": entry.points[0 if stop is None else stop] if entry.match is None else None,
                "capot": entry.match, "first": entry.first,
                **meld_answers(entry.weis, entry.weis_winner, entry.stoeck)}

    def more_headers(self) -> list[tuple[str, str]]:
        return [("FirstForehand", str(self.first_forehand))]

    @classmethod
    def from_headers(cls, header: Any) -> dict[str, Any]:
        forehand = header("FirstForehand")
        return {} if forehand is None else {"first_forehand": int(forehand)}

    def _settle(
        self, state: SheetState, entry: SchieberEntry, number: int
    ) -> tuple[Row, SheetState]:
        opts = self.options
        dealer = state.dealer
        forehand = self.forehand(number, dealer)
        next_dealer = self.first_forehand if number == 1 else (dealer + 1) % 4
        contract = entry.contract
        if not 0 <= contract <= UNDENUFE:
            raise EntryRefused("score.caller-missing", "say which contract was named")
        f = FACTORS[contract]
        if entry.stoeck is not None:
            if contract >= OBENABE:
                raise EntryRefused("score.schieber.stoeck-no-trump",
                                   "Stöck count only with a trump contract")
            if not opts.stoeck:
                raise EntryRefused("score.option-off", "that option is off", option="stoeck")
        if not opts.weis and (entry.weis[0] or entry.weis[1]):
            raise EntryRefused("score.option-off", "that option is off", option="weis")
        self._check_melds(entry.weis)
        if sum(values.count(200) for values in entry.weis) > 1:
            raise EntryRefused("score.meld-unique", "the pack holds only one four worth 200",
                               value=200)
        weis_team = self._scoring_side(entry.weis, entry.weis_winner)
        stoeck = [0, 0]
        if entry.stoeck is not None:
            stoeck[entry.stoeck] = STOECK
        weis = [0, 0]
        if weis_team is not None:
            weis[weis_team] = sum(entry.weis[weis_team])
        points = entry.points
        bonus = [0, 0]
        reasons: list[Reason] = []
        events: list[tuple[int, int]] = []  # what counts before the tricks: Stöck, Weis
        if entry.stoeck is not None:
            events.append((entry.stoeck, STOECK))
        if entry.stop is not None:
            claimant = entry.stop
            if not entry.first_trick and weis_team is not None:
                raise EntryRefused("score.schieber.weis-first-trick",
                                   "Weis count only once the first trick is complete")
            captured = points[claimant]
            if points[1 - claimant] or not 0 <= captured <= POINTS_TOTAL + MATCH_BONUS:
                raise EntryRefused(
                    "score.schieber.stop-points",
                    f"give the captured points of the team that stopped, 0 to {POINTS_TOTAL}",
                    total=POINTS_TOTAL,
                )
            if entry.match is not None:
                raise EntryRefused("score.schieber.stop-match",
                                   "a Match takes all nine tricks: enter the whole deal")
        else:
            if points[0] < 0 or points[1] < 0 or points[0] + points[1] != POINTS_TOTAL:
                raise EntryRefused(
                    "score.points-total",
                    f"the card points must add up to {POINTS_TOTAL}",
                    a=points[0], b=points[1], terms=terms(points[0], points[1]),
                    sum=points[0] + points[1], total=POINTS_TOTAL,
                )
            if entry.match is not None:
                if points[entry.match] != POINTS_TOTAL:
                    raise EntryRefused(
                        "score.capot-points",
                        f"a Match takes every trick, so all {POINTS_TOTAL} points",
                        who=entry.match, total=POINTS_TOTAL,
                    )
                bonus[entry.match] = MATCH_BONUS
                reasons.append(Reason("score.schieber.match", {"who": entry.match}))
        if weis_team is not None and (entry.stop is None or entry.first_trick):
            events.append((weis_team, weis[weis_team]))
        totals = (
            points[0] + bonus[0] + weis[0] + stoeck[0],
            points[1] + bonus[1] + weis[1] + stoeck[1],
        )
        target = opts.target
        scores = state.scores
        first_early = first_to_target(scores, events, f, target)
        won: int | None = None
        outcome = "played"
        claimant_team: int | None = None
        if entry.stop is not None:
            claimant = entry.stop
            loser = 1 - claimant
            kept = (weis[0] + stoeck[0], weis[1] + stoeck[1])
            if first_early == loser:
                raise EntryRefused(
                    "score.schieber.other-first",
                    "the other team reached the target first, with its Stöck or Weis",
                    who=loser, target=target,
                )
            claim = scores[claimant] + totals[claimant] * f
            claimant_team = claimant
            if claim >= target:
                won, outcome = claimant, "claim"
                recorded = written_at_stop(claimant, totals, kept, f)
                reasons.append(Reason("score.schieber.stop", {
                    "who": claimant, "target": target, "loser": loser,
                    "kept": kept[loser] * f,
                }))
            elif opts.manual_claim:
                # a false claim: nobody counts anything more, both keep what was written
                won, outcome = loser, "false-claim"
                recorded = written_at_stop(None, totals, kept, f)
                reasons.append(Reason("score.schieber.false-claim", {
                    "who": claimant, "total": claim, "target": target, "other": loser,
                }))
            else:
                raise EntryRefused(
                    "score.schieber.claim-short",
                    f"team {claimant + 1} counts {claim}, short of {target}",
                    who=claimant, total=claim, target=target,
                )
        else:
            recorded = (totals[0] * f, totals[1] * f)
            full = (scores[0] + recorded[0], scores[1] + recorded[1])
            reach = [full[0] >= target, full[1] >= target]
            if reach[0] or reach[1]:
                first = first_early
                if first is None:
                    if reach[0] and reach[1]:
                        if entry.first is None:
                            raise EntryRefused(
                                "score.schieber.first-needed",
                                f"both teams reach {target}: say which got there first",
                                target=target,
                            )
                        first = entry.first
                    else:
                        first = 0 if reach[0] else 1
                if entry.first is not None and entry.first != first:
                    raise EntryRefused(
                        "score.schieber.first-wrong",
                        "Stöck and Weis count before the tricks: the other team was first",
                        who=first,
                    )
                won = first
                if opts.manual_claim:
                    reasons.append(Reason("score.schieber.count", {"who": first,
                                                                   "target": target}))
                else:
                    loser = 1 - first
                    kept = (weis[0] + stoeck[0], weis[1] + stoeck[1])
                    recorded = written_at_stop(first, totals, kept, f)
                    outcome = "claim"
                    claimant_team = first
                    reasons.append(Reason("score.schieber.stop", {
                        "who": first, "target": target, "loser": loser,
                        "kept": kept[loser] * f,
                    }))
        reasons.insert(0, Reason("score.schieber.written", {
            "contract": CONTRACT_WORDS[contract], "factor": f,
            "a": recorded[0], "b": recorded[1],
        }))
        new_scores = (scores[0] + recorded[0], scores[1] + recorded[1])
        if won is not None:
            reasons.append(Reason("score.won", {"who": won, "a": new_scores[won],
                                                "b": new_scores[1 - won]}))
            if schneider(new_scores, won, target):
                reasons.append(Reason("score.schieber.schneider", {
                    "loser": 1 - won, "half": target // 2,
                }))
        chooser = (forehand + 2) % 4 if entry.pushed else forehand
        result = SchieberDealResult(
            dealer=dealer, forehand=forehand, outcome=outcome,  # type: ignore[arg-type]
            chooser=chooser, pushed=entry.pushed, contract=CONTRACT_ACTIONS[contract],
            factor=f, card_points=(points[0], points[1]),
            match_bonus=(bonus[0], bonus[1]), weis_winner=weis_team,
            weis_points=(weis[0], weis[1]), stoeck=(stoeck[0], stoeck[1]),
            totals=totals, recorded=recorded, claimant=claimant_team, match_winner=won,
        )
        row = Row(number, dealer, entry, outcome, totals, recorded, None, new_scores, 0, won,
                  tuple(reasons), result)
        return row, SheetState(new_scores, 0, next_dealer, won)
