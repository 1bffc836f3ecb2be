"""The Schieber course: the contract and its factor, trumping and undertrumping, Weis and
Stöck, the whole deal and the target (docs/schieber.md, topic by topic). Seat 0 is
forehand (seat 3 deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.cards import CARDS, DECK_36, Card
from atout.games.base import Deal
from atout.games.schieber import SchieberDeal, SchieberOptions, card_points
from atout.learn.course import CHOICE, LEGAL, NUMBER, Lesson, Step, play_through
from atout.learn.helpers import last_trick_points, last_trick_winner

__all__ = ["LESSONS", "TOPICS"]

TOPICS = (
    "schieber.contract", "schieber.push", "schieber.factor", "schieber.cards",
    "schieber.trick", "schieber.no-trump", "schieber.trump-anytime", "schieber.discard",
    "schieber.no-undertrump", "schieber.trump-lead", "schieber.puur", "schieber.weis",
    "schieber.weis-compare", "schieber.stoeck", "schieber.match-bonus", "schieber.deal",
    "schieber.target",
)

CONTRACTS = ("push", "trump C", "trump D", "trump H", "trump S", "obenabe", "undenufe")


def fill(partial: list[str]) -> list[str]:
    """Complete partial hands to 9 cards each with the unused cards, in card order."""
    used = {Card.parse(c) for h in partial for c in h.split()}
    rest = iter(c for c in DECK_36 if c not in used)
    hands = []
    for h in partial:
        cards = h.split()
        while len(cards) < 9:
            cards.append(next(rest).name)
        hands.append(" ".join(cards))
    return hands


# The rule text's worked example (A, B, C, D are seats 0 to 3; hearts, factor 2).
EXAMPLE = ["CA D6 D7 D8 DJ HQ DK C9 SA", "H9 SK H10 CJ S10 S6 DA SQ S7",
           "HJ C8 H6 D9 CQ S9 CK H8 S8", "C7 D10 H7 C6 HA SJ HK C10 DQ"]
EXAMPLE_CARDS = (
    "CA H9 HJ C7 H6 H7 HQ H10 D6 DA D9 HA SJ SA S10 S8 C9 CJ H8 HK C6 DK S6 CQ C8 C10 "
    "D8 SQ D10 DJ S7 S9 D7 SK CK DQ"
)
EXAMPLE_PLAY = ["trump H", *EXAMPLE_CARDS.split()]
TRUMP_INSTEAD = ["CA C7 C8 C9 C10 CJ CQ CK S6", "C6 H6 D6 D7 D8 D9 D10 DJ DQ",
                 "H7 H8 H9 H10 HJ HQ HK HA DK", "DA S7 S8 S9 S10 SJ SQ SK SA"]
VOID = fill(["CA C6 C7 C8 C9 C10 CJ CQ CK", "D6", "", ""])
UNDER = ["D6 D7 D8 D9 D10 DJ DQ DK CA", "HA S6 S7 S8 S9 S10 SJ SQ SK",
         "DA C6 C7 C8 C9 C10 CJ CQ CK", "H6 H7 H8 H9 H10 HJ HQ HK SA"]
PUUR = ["HA H6 H7 H8 C7 C8 C9 C10 CJ", "HJ C6 D6 D7 D8 D9 D10 DJ DQ",
        "H9 H10 HQ HK S6 S7 S8 S9 S10", "CQ CK CA DK DA SJ SQ SK SA"]
PUUR_AND_SIX = ["HA H7 H8 C6 C7 C8 C9 C10 CJ", "HJ H6 D6 D7 D8 D9 D10 DJ DQ",
                "H9 H10 HQ HK S6 S7 S8 S9 S10", "CQ CK CA DK DA SJ SQ SK SA"]
NO_TRUMP = fill(["C6 CK", "CA", "C7 HJ", "D6"])
JACKS = ["CJ DJ HJ SJ C6 C7 C8 D10 H10", "CA CK CQ C10 C9 DA DK DQ D9",
         "HA HK HQ H9 H8 H7 H6 SA SK", "SQ S10 S9 S8 S7 S6 D8 D7 D6"]
STOECK = ["HK HQ HA C6 D7 S8 C10 DJ SQ", "H6 H7 H8 C7 D8 S9 CJ DQ SK",
          "H9 H10 C8 D6 D9 S10 CQ DK SA", "HJ C9 CK CA D10 DA S6 S7 SJ"]
ALL_HEARTS = ["H6 H7 H8 H9 H10 HJ HQ HK HA", "C6 C7 C8 C9 C10 CJ CQ CK CA",
              "D6 D7 D8 D9 D10 DJ DQ DK DA", "S6 S7 S8 S9 S10 SJ SQ SK SA"]


def make(
    hands: list[str], *actions: str, scores: tuple[int, int] = (0, 0),
    to_end: bool = False, **options: Any,
) -> Callable[[], Deal]:
    def build() -> Deal:
        deal = SchieberDeal.from_hands(hands, options=SchieberOptions(**options),
                                       scores=scores)
        play_through(deal, actions)
        while to_end and not deal.is_over:
            deal.apply(deal.legal_actions()[0])
        return deal

    return build


def _result(deal: Deal) -> Any:
    result = deal.result
    assert result is not None
    return result


def _weis_points(deal: Deal) -> int:
    return sum(m.points for m in deal.view(0).own_weis)


def _weis_params(deal: Deal) -> dict[str, Any]:
    melds = deal.view(0).own_weis
    return {"melds": ", ".join(f"{m} ({m.points})" for m in melds) or "-"}


def _written(deal: Deal) -> int:
    factor: int = deal.factor  # type: ignore[attr-defined]
    return last_trick_points(deal) * factor


def _trick_params(deal: Deal) -> dict[str, Any]:
    """Each card's points in the trick just played, as the engine counts them."""
    game: Any = deal
    _, cards, _ = game.tricks[-1]
    values = [card_points(CARDS[c], game.contract) for c in cards]
    return {"sum": " + ".join(map(str, values)), "points": sum(values)}


def _deal_params(deal: Deal) -> dict[str, Any]:
    r = _result(deal)
    f = r.factor
    return {"ours": r.card_points[0], "weis": r.weis_points[0], "factor": f,
            "written": r.recorded[0], "theirs": r.card_points[1], "theirs_written": r.recorded[1]}


def _deal_facts(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    r = _result(deal)
    return [("learn.fact.schieber-deal", {
        "ours": r.card_points[0], "theirs": r.card_points[1], "weis_ours": r.weis_points[0],
        "weis_theirs": r.weis_points[1], "factor": r.factor})]


def _target_facts(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    return [("learn.fact.scores-before", {"ours": 2900, "theirs": 2950})]


TEAMS = ("team:0", "team:1", "none")
SEATS4 = ("seat:0", "seat:1", "seat:2", "seat:3")

LESSONS: tuple[Lesson, ...] = (
    Lesson("schieber.1", "schieber", "learn.schieber.1.title", "learn.schieber.1.intro", (
        Step("schieber.1.choose", make(EXAMPLE), 0, LEGAL, "learn.q.legal-contract",
             "learn.why.schieber.contract", ("schieber.contract",),
             frozenset(CONTRACTS), vocabulary=CONTRACTS),
        Step("schieber.1.no-push-back", make(EXAMPLE, "push"), 2, LEGAL,
             "learn.q.legal-contract", "learn.why.schieber.push", ("schieber.push",),
             frozenset(CONTRACTS[1:]), vocabulary=CONTRACTS),
        Step("schieber.1.factor", make(EXAMPLE, "trump H"), 0, NUMBER, "learn.q.factor",
             "learn.why.schieber.factor", ("schieber.factor",), 2,
             lambda d: d.factor),  # type: ignore[attr-defined]
    )),
    Lesson("schieber.2", "schieber", "learn.schieber.2.title", "learn.schieber.2.intro", (
        Step("schieber.2.example-legal", make(EXAMPLE, "trump H", "CA", "H9"), 2, LEGAL,
             "learn.q.legal", "learn.why.schieber.no-undertrump",
             ("schieber.trump-anytime", "schieber.no-undertrump"),
             frozenset({"C8", "CQ", "CK", "HJ"})),
        Step("schieber.2.example-winner", make(EXAMPLE, "trump H", "CA", "H9", "HJ", "C7"), 0,
             CHOICE, "learn.q.trick-winner", "learn.why.schieber.trick", ("schieber.trick",),
             "seat:2", last_trick_winner, SEATS4),
        Step("schieber.2.example-points", make(EXAMPLE, "trump H", "CA", "H9", "HJ", "C7"), 0,
             NUMBER, "learn.q.trick-points", "learn.why.schieber.cards", ("schieber.cards",),
             45, last_trick_points, params=_trick_params),
        Step("schieber.2.example-written", make(EXAMPLE, "trump H", "CA", "H9", "HJ", "C7"), 0,
             NUMBER, "learn.q.trick-written", "learn.why.schieber.factor", ("schieber.factor",),
             90, _written),
        Step("schieber.2.undenufe", make(NO_TRUMP, "undenufe", "C6", "CA", "C7", "D6"), 0,
             CHOICE, "learn.q.trick-winner", "learn.why.schieber.no-trump",
             ("schieber.no-trump",), "seat:0", last_trick_winner, SEATS4),
        Step("schieber.2.obenabe", make(NO_TRUMP, "obenabe", "CK", "CA", "C7", "D6"), 0,
             CHOICE, "learn.q.trick-winner", "learn.why.schieber.no-trump",
             ("schieber.no-trump",), "seat:1", last_trick_winner, SEATS4),
    )),
    Lesson("schieber.3", "schieber", "learn.schieber.3.title", "learn.schieber.3.intro", (
        Step("schieber.3.follow-no-trump", make(EXAMPLE, "obenabe", "CA"), 1, LEGAL,
             "learn.q.legal", "learn.why.schieber.no-trump", ("schieber.no-trump",),
             frozenset({"CJ"})),
        Step("schieber.3.trump-instead", make(TRUMP_INSTEAD, "trump H", "CA"), 1, LEGAL,
             "learn.q.legal", "learn.why.schieber.trump-anytime", ("schieber.trump-anytime",),
             frozenset({"C6", "H6"})),
        Step("schieber.3.discard", make(VOID, "trump H", "CA"), 1, LEGAL, "learn.q.legal",
             "learn.why.schieber.discard", ("schieber.discard",),
             frozenset(VOID[1].split())),
        Step("schieber.3.no-undertrump", make(UNDER, "trump H", "D6", "HA", "DA"), 3, LEGAL,
             "learn.q.legal", "learn.why.schieber.no-undertrump", ("schieber.no-undertrump",),
             frozenset({"H9", "HJ", "SA"})),
        Step("schieber.3.trump-lead", make(PUUR_AND_SIX, "trump H", "HA"), 1, LEGAL,
             "learn.q.legal", "learn.why.schieber.trump-lead", ("schieber.trump-lead",),
             frozenset({"HJ", "H6"})),
        Step("schieber.3.puur", make(PUUR, "trump H", "HA"), 1, LEGAL, "learn.q.legal",
             "learn.why.schieber.puur", ("schieber.puur",), frozenset(PUUR[1].split())),
    )),
    Lesson("schieber.4", "schieber", "learn.schieber.4.title", "learn.schieber.4.intro", (
        Step("schieber.4.weis", make(JACKS, "trump S"), 0, NUMBER, "learn.q.weis-points",
             "learn.why.schieber.weis", ("schieber.weis",), 220, _weis_points,
             params=_weis_params),
        Step("schieber.4.weis-winner", make(EXAMPLE, *EXAMPLE_PLAY), 0, CHOICE,
             "learn.q.weis-team", "learn.why.schieber.weis-compare",
             ("schieber.weis-compare",), "team:0",
             lambda d: "none" if _result(d).weis_winner is None
             else f"team:{_result(d).weis_winner}", TEAMS, show=(1, 2, 3)),
        Step("schieber.4.stoeck", make(STOECK, "trump H", to_end=True), 0, NUMBER,
             "learn.q.stoeck", "learn.why.schieber.stoeck", ("schieber.stoeck",), 20,
             lambda d: _result(d).stoeck[0]),
    )),
    Lesson("schieber.5", "schieber", "learn.schieber.5.title", "learn.schieber.5.intro", (
        Step("schieber.5.whole-deal", make(EXAMPLE, *EXAMPLE_PLAY), 0, NUMBER,
             "learn.q.team-writes", "learn.why.schieber.deal", ("schieber.deal",), 240,
             lambda d: _result(d).recorded[0], params=_deal_params, facts=_deal_facts),
        Step("schieber.5.match-bonus",
             make(ALL_HEARTS, "trump H", to_end=True, weis=False, stoeck=False), 0, NUMBER,
             "learn.q.team-writes", "learn.why.schieber.match-bonus",
             ("schieber.match-bonus",), 514, lambda d: _result(d).recorded[0]),
        Step("schieber.5.target", make(EXAMPLE, *EXAMPLE_PLAY[:5], scores=(2900, 2950)), 0,
             CHOICE, "learn.q.match-winner-team", "learn.why.schieber.target",
             ("schieber.target",), "team:0",
             lambda d: "none" if _result(d).match_winner is None
             else f"team:{_result(d).match_winner}", TEAMS, facts=_target_facts),
    )),
)
