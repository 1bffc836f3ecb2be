"""The Deberts course: from the first trick to the match (docs/deberts.md, topic by topic).

Positions are built by the engine (``DebertsDeal.from_hands`` and checked actions), or
read from the record notation's position form for whole deals found among seeded
random deals (their totals are those of the rule text's worked examples).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.games.base import Deal, Meld
from atout.games.deberts import (
    DebertsDeal,
    DebertsOptions,
    match_winner,
    next_dealer,
    sequences,
    settle_hanging,
)
from atout.learn.course import CHOICE, LEGAL, NUMBER, Lesson, Step, play_through
from atout.learn.helpers import last_trick_points, last_trick_winner, position

__all__ = ["LESSONS", "TOPICS"]

#: What docs/deberts.md teaches, one id per rule; every one is taught by a step.
TOPICS = (
    "deberts.cards", "deberts.trick", "deberts.bidding", "deberts.throw-in",
    "deberts.hands", "deberts.exchange", "deberts.sequences", "deberts.sequence-compare",
    "deberts.sequence-trick", "deberts.bela", "deberts.follow", "deberts.must-trump",
    "deberts.trump-lead", "deberts.no-overtake", "deberts.last-trick",
    "deberts.contract-made", "deberts.bait", "deberts.tie", "deberts.hanging",
    "deberts.match", "deberts.options",
)

BIDS = ("pass", "trump C", "trump D", "trump H", "trump S")

# A plain deal: nobody holds a sequence or bela; clubs are turned up, so hearts is named
# in the second round (no trump-7 exchange to think of).
BASIC = ("SA SQ H7 D7 D8 DJ S8 H10 DA", "S10 SK CK C7 C10 D9 CA HA D10", "C8")
# The dealer holds neither clubs nor hearts.
VOID = ("SA SQ S8 D7 D8 DJ DA S9 DK", "CK C7 C10 HA H9 S10 CA D10 H7", "C8")
# The rule text's worked example (nondealer leads 9♥, the dealer holds J♥ and 7♥).
NINE = ("HJ H7 SA SK SQ C7 C8 C9 D7", "H9 S7 S8 S9 CA C10 CK DA D10", "D8")
# The nondealer holds the trump 7 when hearts, the indicator's suit, is taken.
SEVEN = ("SA SQ S8 D7 D8 DJ H10 DA C9", "H7 S10 SK CK C7 C10 D9 CA HA", "H8")
# Runs of 7 and 5 in spades for the nondealer.
RUN7 = ("HJ H9 HA CA C10 DA D10 CK DK", "SA SK SQ SJ S10 S9 S8 C7 D7", "H8")
RUN5 = ("HJ H9 HA CA C10 DA D10 CK DK", "SA SK SQ SJ S10 C7 D7 C9 D9", "H8")
# A terc to the king each (the dealer's in clubs, the nondealer's in spades).
TERCS = ("CK CQ CJ H7 D8 S7 DA S8 D10", "SK SQ SJ C7 D7 H9 CA D9 HA")
FOURS = ("SA SQ S8 D8 DJ H10 DA C9 H9", "C7 D7 H7 S7 CA HA D10 SK C10", "C8")

# Whole deals found among seeded random deals (see docs/learn.md).
BAIT = (
    "deberts | dealer=0 | SK HA SJ DA D7 HJ HK D9 CK S9 S7 C8 DK CA CQ CJ DJ D10 H8 SA S8 H7 C7 "
    "DQ D8 SQ S10 H9 C9 C10 HQ H10 | trump D, CQ, exchange, C8, SJ, S7, HK, H8, HA, HJ, D9, "
    "DJ, DA, SK, DK, CJ, D10, CA, S9, CK"
)
TIE = (
    "deberts | dealer=1 | D7 S7 HJ CA CQ D10 C7 SJ SA CK DK S9 H8 D9 C10 DA HA DQ CJ SK H9 H10 "
    "HK SQ S10 HQ DJ C8 D8 H7 C9 S8 | trump H, C7, CA, CJ, C10, D9, DQ, HA, HJ, DA, D10, SA, "
    "S9, SJ, CK, D7, DK, CQ, S7"
)
MADE = (
    "deberts | dealer=1 | D8 C7 H7 H10 S10 CA H9 D10 SA S7 C8 DJ HK H8 HJ HA S9 HQ S8 D7 SQ CJ "
    "CK SK C9 D9 DA SJ DQ DK C10 CQ | trump H, H9, HQ, SA, S9, C7, C8, DJ, D8, S8, HJ, H8, "
    "H10, S7, H7, HA, S10, D10, CA"
)
SEQ_NO_TRICK = (
    "deberts | dealer=1 | SA HA H9 CJ DJ HQ D7 H10 SJ C10 C9 C8 S7 S9 DK D10 H8 C7 CA S10 SQ CQ "
    "H7 S8 CK DA D8 HJ SK HK DQ D9 | trump S, H10, HQ, H9, H8, SA, CJ, D10, DJ, D7, C7, S9, "
    "CA, DK, C8, HA, C9, SJ, C10"
)
BELA_NO_TRICK = (
    "deberts | dealer=1 | C8 H9 C9 S9 D10 DA DQ HJ CJ D9 SQ DJ D8 DK H7 SJ S8 C10 CA CK HQ HA "
    "HK SK SA H10 S10 CQ S7 H8 D7 C7 | pass, trump D, CJ, C10, DA, DK, D10, DQ, D9, C8, SQ, "
    "SJ, CA, C9, S8, HJ, DJ, H7, S9, H9"
)


def make(
    hands: tuple[str, ...], *actions: str, indicator: str | None = None,
    options: DebertsOptions | None = None,
) -> Callable[[], Deal]:
    """A builder: seat 0 deals ``hands[0]``, seat 1 is the nondealer with ``hands[1]``."""
    turned = indicator or hands[2]

    def build() -> Deal:
        deal = DebertsDeal.from_hands(hands[:2], turned, 0, options=options)
        return play_through(deal, actions)

    return build


def _result(deal: Deal) -> Any:
    result = deal.result
    assert result is not None
    return result


def _totals(deal: Deal) -> dict[str, Any]:
    r = _result(deal)
    return {"caller": r.totals[r.caller], "defender": r.totals[1 - r.caller]}


def _fact_totals(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    return [("learn.fact.totals", _totals(deal))]


def _sequence_points(deal: Deal) -> int:
    seat = deal.current_player()
    assert seat is not None
    melds: tuple[Meld, ...] = sequences(deal.hands[seat])  # type: ignore[attr-defined]
    return sum(m.points for m in melds)


def _seq_params(deal: Deal) -> dict[str, Any]:
    seat = deal.current_player()
    assert seat is not None
    melds = sequences(deal.hands[seat])  # type: ignore[attr-defined]
    return {"melds": ", ".join(f"{m} ({m.points})" for m in melds) or "-",
            "points": sum(m.points for m in melds)}


def _seq_winner(deal: Deal) -> str:
    sw = deal.seq_winner  # type: ignore[attr-defined]
    return "none" if sw < 0 else f"seat:{sw}"


def _after_tie(deal: Deal) -> int:
    r = _result(deal)
    scores, _, _ = settle_hanging((0, 0), 81, r)
    return scores[r.caller]


def _bait_params(deal: Deal) -> dict[str, Any]:
    r = _result(deal)
    return {**_totals(deal), "both": r.recorded[1 - r.caller]}


def _hanging_params(deal: Deal) -> dict[str, Any]:
    return {**_totals(deal), "hanging": 81, "total": _after_tie(deal)}


def _match_params(deal: Deal) -> dict[str, Any]:
    r = _result(deal)
    before = (420, 450) if r.caller == 0 else (450, 420)
    after = (before[0] + r.recorded[0], before[1] + r.recorded[1])
    return {"caller_before": before[r.caller], "defender_before": before[1 - r.caller],
            "caller_after": after[r.caller], "defender_after": after[1 - r.caller],
            **_totals(deal)}


def _match_winner(deal: Deal) -> str:
    r = _result(deal)
    before = (420, 450) if r.caller == 0 else (450, 420)
    scores = (before[0] + r.recorded[0], before[1] + r.recorded[1])
    winner = match_winner(scores, r, 501)
    return "none" if winner is None else f"seat:{winner}"


def _fact_match(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    return [("learn.fact.deberts-match", _match_params(deal))]


def _card_points(deal: Deal) -> int:
    r = _result(deal)
    return int(r.card_points[r.caller])


def _fact_cards(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    """The caller's captured cards, and who took the last trick."""
    r = _result(deal)
    last = r.last_trick == r.caller
    captured = r.card_points[r.caller] - (10 if last else 0)
    key = "learn.fact.captured-last" if last else "learn.fact.captured"
    return [(key, {"captured": captured})]


SEATS = ("seat:0", "seat:1")

LESSONS: tuple[Lesson, ...] = (
    Lesson("deberts.1", "deberts", "learn.deberts.1.title", "learn.deberts.1.intro", (
        Step("deberts.1.plain-order", make(BASIC, "pass", "pass", "trump H", "S10", "SA"), 1,
             CHOICE, "learn.q.trick-winner", "learn.why.deberts.cards",
             ("deberts.cards", "deberts.trick"), "seat:0", last_trick_winner, SEATS),
        Step("deberts.1.points", make(BASIC, "pass", "pass", "trump H", "S10", "SA"), 1,
             NUMBER, "learn.q.trick-points", "learn.why.deberts.cards", ("deberts.cards",),
             21, last_trick_points),
        Step("deberts.1.trump-wins", make(BASIC, "pass", "pass", "trump H", "CK", "H7"), 1,
             CHOICE, "learn.q.trick-winner", "learn.why.deberts.trick", ("deberts.trick",),
             "seat:0", last_trick_winner, SEATS),
    )),
    Lesson("deberts.2", "deberts", "learn.deberts.2.title", "learn.deberts.2.intro", (
        Step("deberts.2.round-one", make(BASIC), 1, LEGAL, "learn.q.legal-bid",
             "learn.why.deberts.bidding", ("deberts.bidding",),
             frozenset({"pass", "trump C"}), vocabulary=BIDS),
        Step("deberts.2.round-two", make(BASIC, "pass", "pass"), 1, LEGAL, "learn.q.legal-bid",
             "learn.why.deberts.bidding", ("deberts.bidding",),
             frozenset({"pass", "trump D", "trump H", "trump S"}), vocabulary=BIDS),
        Step("deberts.2.throw-in", make(BASIC, "pass", "pass", "pass", "pass"), 1, CHOICE,
             "learn.q.next-dealer", "learn.why.deberts.throw-in", ("deberts.throw-in",),
             "seat:1", lambda d: f"seat:{next_dealer(_result(d))}", SEATS),
        Step("deberts.2.nine-cards", make(BASIC, "pass", "pass", "trump H"), 1, NUMBER,
             "learn.q.hand-size", "learn.why.deberts.hands", ("deberts.hands",),
             9, lambda d: len(d.hand(1))),  # type: ignore[attr-defined]
    )),
    Lesson("deberts.3", "deberts", "learn.deberts.3.title", "learn.deberts.3.intro", (
        Step("deberts.3.follow", make(BASIC, "pass", "pass", "trump H", "S10"), 0, LEGAL,
             "learn.q.legal", "learn.why.deberts.follow",
             ("deberts.follow", "deberts.no-overtake"), frozenset({"SA", "SQ", "S8"})),
        Step("deberts.3.must-trump", make(BASIC, "pass", "pass", "trump H", "CK"), 0, LEGAL,
             "learn.q.legal", "learn.why.deberts.must-trump", ("deberts.must-trump",),
             frozenset({"H7", "H10"})),
        Step("deberts.3.any-card", make(VOID, "pass", "pass", "trump H", "CK"), 0, LEGAL,
             "learn.q.legal", "learn.why.deberts.any-card", ("deberts.must-trump",),
             frozenset({"SA", "SQ", "S8", "S9", "D7", "D8", "DJ", "DK", "DA"})),
        Step("deberts.3.nine-of-hearts", make(NINE, "pass", "pass", "trump H", "H9"), 0, LEGAL,
             "learn.q.legal", "learn.why.deberts.trump-lead", ("deberts.trump-lead",),
             frozenset({"HJ"})),
        Step("deberts.3.nine-of-hearts-points",
             make(NINE, "pass", "pass", "trump H", "H9", "HJ"), 0, NUMBER,
             "learn.q.trick-points", "learn.why.deberts.cards", ("deberts.cards",),
             34, last_trick_points),
        Step("deberts.3.cannot-beat", make(BASIC, "pass", "pass", "trump H", "HA"), 0, LEGAL,
             "learn.q.legal", "learn.why.deberts.cannot-beat", ("deberts.trump-lead",),
             frozenset({"H7", "H10"})),
    )),
    Lesson("deberts.4", "deberts", "learn.deberts.4.title", "learn.deberts.4.intro", (
        Step("deberts.4.exchange", make(SEVEN, "trump H"), 1, LEGAL, "learn.q.legal",
             "learn.why.deberts.exchange", ("deberts.exchange",),
             frozenset({"exchange", "H7", "S10", "SK", "CK", "C7", "C10", "D9", "CA", "HA"}),
             vocabulary=("exchange",)),
        Step("deberts.4.no-exchange", make(SEVEN, "pass", "pass", "trump D", indicator="C8"),
             1, LEGAL, "learn.q.legal", "learn.why.deberts.exchange", ("deberts.exchange",),
             frozenset({"H7", "S10", "SK", "CK", "C7", "C10", "D9", "CA", "HA"}),
             vocabulary=("exchange",)),
        Step("deberts.4.run-of-seven", make(RUN7, "trump H"), 1, NUMBER,
             "learn.q.sequence-points", "learn.why.deberts.sequences", ("deberts.sequences",),
             70, _sequence_points, params=_seq_params),
        Step("deberts.4.run-of-five", make(RUN5, "trump H"), 1, NUMBER,
             "learn.q.sequence-points", "learn.why.deberts.sequences", ("deberts.sequences",),
             50, _sequence_points, params=_seq_params),
        Step("deberts.4.equal-tercs", make(TERCS, "trump H", "CA", "CJ", indicator="H8"), 1,
             CHOICE, "learn.q.sequence-winner", "learn.why.deberts.sequence-compare",
             ("deberts.sequence-compare",), "seat:1", _seq_winner, (*SEATS, "none"),
             show=(0,)),
        Step("deberts.4.trump-terc", make(TERCS, "trump C", "HA", "H7", indicator="C8"), 1,
             CHOICE, "learn.q.sequence-winner", "learn.why.deberts.sequence-compare",
             ("deberts.sequence-compare",), "seat:0", _seq_winner, (*SEATS, "none"),
             show=(0,)),
        Step("deberts.4.no-trick", position(SEQ_NO_TRICK), 1, NUMBER,
             "learn.q.sequence-scored", "learn.why.deberts.sequence-trick",
             ("deberts.sequence-trick",), 0,
             lambda d: _result(d).sequence_points[1]),
        Step("deberts.4.bela", position(BELA_NO_TRICK), 0, NUMBER, "learn.q.bela-points",
             "learn.why.deberts.bela", ("deberts.bela",), 20,
             lambda d: _result(d).bela[0]),
    )),
    Lesson("deberts.5", "deberts", "learn.deberts.5.title", "learn.deberts.5.intro", (
        Step("deberts.5.last-trick", position(MADE), 0, NUMBER, "learn.q.card-points",
             "learn.why.deberts.last-trick", ("deberts.last-trick",), 100, _card_points,
             facts=_fact_cards),
        Step("deberts.5.made", position(MADE), 0, NUMBER, "learn.q.defender-records",
             "learn.why.deberts.contract-made", ("deberts.contract-made",), 62,
             lambda d: _result(d).recorded[1], facts=_fact_totals),
        Step("deberts.5.bait", position(BAIT), 1, NUMBER, "learn.q.defender-records",
             "learn.why.deberts.bait", ("deberts.bait",), 162,
             lambda d: _result(d).recorded[0], params=_bait_params, facts=_fact_totals),
        Step("deberts.5.tie", position(TIE), 0, NUMBER, "learn.q.hanging",
             "learn.why.deberts.tie", ("deberts.tie",), 81,
             lambda d: _result(d).hanging, facts=_fact_totals),
        Step("deberts.5.after-tie", position(MADE), 0, NUMBER, "learn.q.caller-records-hanging",
             "learn.why.deberts.hanging", ("deberts.hanging",), 181, _after_tie,
             params=_hanging_params, facts=_fact_totals),
    )),
    Lesson("deberts.6", "deberts", "learn.deberts.6.title", "learn.deberts.6.intro", (
        Step("deberts.6.both-over", position(MADE), 0, CHOICE, "learn.q.match-winner",
             "learn.why.deberts.match", ("deberts.match",), "seat:1", _match_winner,
             (*SEATS, "none"), params=_match_params, facts=_fact_match),
        Step("deberts.6.double",
             make(BASIC, "pass", "pass", "trump H", options=DebertsOptions(doubling=True)), 0,
             LEGAL, "learn.q.legal-bid", "learn.why.deberts.options", ("deberts.options",),
             frozenset({"pass", "double"}), vocabulary=("pass", "double", "redouble")),
        Step("deberts.6.four-sevens",
             make(FOURS, "pass", "pass", "trump H", options=DebertsOptions(four_sevens=True)),
             1, LEGAL, "learn.q.legal", "learn.why.deberts.options", ("deberts.options",),
             frozenset({"sevens", "C7", "D7", "H7", "S7", "CA", "HA", "D10", "SK", "C10"}),
             vocabulary=("sevens",)),
    )),
)
