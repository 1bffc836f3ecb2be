"""The Belote course: bidding, the duties of play, belote and announcements, the contract
(docs/belote.md, topic by topic). Seat 3 deals, so seat 0 leads; seat 0 takes unless
a step says otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.games.actions import Action, Play
from atout.games.base import Deal, Meld
from atout.games.belote import STRENGTH, BeloteDeal, BeloteOptions, announcements, match_winner
from atout.learn.course import CHOICE, LEGAL, NUMBER, Lesson, Step, play_through
from atout.learn.helpers import last_trick_points, last_trick_winner, position

__all__ = ["LESSONS", "TOPICS"]

TOPICS = (
    "belote.cards", "belote.trick", "belote.bidding", "belote.hands", "belote.follow",
    "belote.must-trump", "belote.overtrump", "belote.undertrump", "belote.trump-lead",
    "belote.partner-winning", "belote.belote", "belote.announcements",
    "belote.announcement-compare", "belote.made", "belote.dedans", "belote.litige",
    "belote.capot", "belote.match", "belote.options",
)

BIDS = ("pass", "trump C", "trump D", "trump H", "trump S")

# From the rule tests: a trump lead (DEAL_2), a club lead trumped (DEAL_1).
LEAD = ["CA CK HK HQ DA D10 SA S10", "H10 HJ D7 D8 D9 S7 S8 S9",
        "H7 H8 DJ DQ DK SJ SQ SK", "HA H9 C7 C8 C9 C10 CJ CQ"]
TRUMPS = ["HA HQ C7 C8 C9 D7 D8 D9", "H7 HK C10 CJ D10 DJ S7 S8",
          "H9 H8 CQ CK DQ DK S9 S10", "HJ H10 CA DA SJ SQ SK SA"]
# Seat 2 holds the trump ace instead of the 8: it must go over the 10.
OVER = [h.replace("HA", "X").replace("H8", "HA").replace("X", "H8") for h in LEAD]
# The page's example: a partner has trumped with the 10; seat 3 holds the 7, 8, 9, ace.
PARTNER = ["CA CK HK HQ DA D10 SA S10", "HJ H10 D7 D8 D9 S7 S8 S9",
           "C7 C8 C9 C10 CJ CQ DJ DQ", "H7 H8 H9 HA DK SJ SQ SK"]
# Seat 0 holds every heart.
HEARTS = ["H7 H8 H9 H10 HJ HQ HK HA", "C7 C8 C9 C10 D7 D8 D9 D10",
          "CJ CQ CK CA DJ DQ DK DA", "S7 S8 S9 S10 SJ SQ SK SA"]
# A tierce to the 10 in hearts (seat 1) and one in spades (seat 2).
TIERCES = ["C7 C9 CJ CK D7 D9 DJ HQ", "H8 H9 H10 C8 C10 D8 D10 SQ",
           "S8 S9 S10 CQ CA DQ DA H7", "DK HJ HK HA S7 SJ SK SA"]
# Seat 1 takes hearts with the trump king and queen; seat 0 holds the other trumps.
BELOTE_DEDANS = ["H7 H8 H9 H10 HJ HA C7 C8", "HK HQ CA C10 D7 D8 D9 D10",
                 "CJ CQ CK C9 DJ DQ DK DA", "S7 S8 S9 S10 SJ SQ SK SA"]

# Whole deals found among seeded random deals (see docs/learn.md).
DEDANS = (
    "belote | dealer=1 | S9 H8 D10 D9 SJ C8 CQ CJ CA H7 D8 H10 SK DQ HK C7 HQ SQ CK DJ HJ HA DK "
    "DA C10 SA C9 S7 S8 S10 H9 D7 | trump H, HJ, HK, HQ, H9, H8, SJ, CA, H10, CK, HA, C7, CJ, "
    "S9, SA, SQ, S10, D9, CQ, DJ, D10, DK, DA, C9, D7, C8, S8, D8, SK, C10, S7, H7, DQ"
)
LITIGE = (
    "belote | dealer=2 | DK H10 H7 CQ D8 D9 HJ CK D7 DJ HA S8 C9 S9 S10 HK D10 DQ H8 SA S7 C10 "
    "SQ SK C8 CA CJ C7 H9 DA SJ HQ | trump S, SQ, S10, CK, SJ, DJ, DK, D8, D7, C9, CA, CJ, HQ, "
    "HK, H9, HA, H7, SA, S9, SK, HJ, C10, CQ, C7, S8, H8, H10, D9, D10, S7, C8, DQ, DA"
)

Policy = Callable[[BeloteDeal], Action]


def make(
    hands: list[str], turned: str, *actions: str, taker: int = 0, dealer: int = 3,
    bid: bool = True, policy: Policy | None = None, **options: Any,
) -> Callable[[], Deal]:
    def build() -> Deal:
        deal = BeloteDeal.from_hands(hands, turned, dealer, taker=taker, bid=bid,
                                     options=BeloteOptions(**options))
        play_through(deal, actions)
        if policy is not None:
            while not deal.is_over:
                deal.apply(policy(deal))
        return deal

    return build


def first_legal(deal: BeloteDeal) -> Action:
    return deal.legal_actions()[0]


def takers_low(deal: BeloteDeal) -> Action:
    """Seats 0 and 2 play their strongest card, seats 1 and 3 their weakest."""
    tr = deal.trump
    cards = [a for a in deal.legal_actions() if isinstance(a, Play)]

    def strength(a: Play) -> tuple[bool, int, int]:
        return (a.card.suit == tr, STRENGTH[tr][a.card], -int(a.card))

    return max(cards, key=strength) if deal.turn % 2 == 0 else min(cards, key=strength)


def _result(deal: Deal) -> Any:
    result = deal.result
    assert result is not None
    return result


def _totals(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    r = _result(deal)
    return [("learn.fact.team-totals", {"takers": r.totals[r.takers],
                                        "defenders": r.totals[r.defenders]})]


def _announcement_points(deal: Deal) -> int:
    seat = deal.current_player()
    assert seat is not None
    game: Any = deal
    melds: tuple[Meld, ...] = announcements(game.hands[seat], game.trump)
    return sum(m.points for m in melds)


def _ann_params(deal: Deal) -> dict[str, Any]:
    seat = deal.current_player()
    assert seat is not None
    melds = announcements(deal.hands[seat], deal.trump)  # type: ignore[attr-defined]
    return {"melds": ", ".join(f"{m} ({m.points})" for m in melds) or "-"}


def _match(deal: Deal) -> str:
    r = _result(deal)
    scores = (950 + r.recorded[0], 900 + r.recorded[1])
    winner = match_winner(scores, r, 1000)
    return "none" if winner is None else f"team:{winner}"


def _match_facts(deal: Deal) -> list[tuple[str, dict[str, Any]]]:
    r = _result(deal)
    return [("learn.fact.belote-match", {"ours": 950, "theirs": 900,
                                         "ours_now": r.recorded[0], "theirs_now": r.recorded[1]})]


TEAMS = ("team:0", "team:1", "none")
SEATS4 = ("seat:0", "seat:1", "seat:2", "seat:3")

LESSONS: tuple[Lesson, ...] = (
    Lesson("belote.1", "belote", "learn.belote.1.title", "learn.belote.1.intro", (
        Step("belote.1.trump-jack", make(TRUMPS, "HQ", "HA", "H7", "H9", "HJ"), 0, CHOICE,
             "learn.q.trick-winner", "learn.why.belote.cards", ("belote.cards", "belote.trick"),
             "seat:3", last_trick_winner, SEATS4),
        Step("belote.1.trump-jack-points", make(TRUMPS, "HQ", "HA", "H7", "H9", "HJ"), 0,
             NUMBER, "learn.q.trick-points", "learn.why.belote.cards", ("belote.cards",), 45,
             last_trick_points),
        Step("belote.1.trumped", make(LEAD, "HK", "CA", "H10", "H7", "CQ"), 0, CHOICE,
             "learn.q.trick-winner", "learn.why.belote.trick", ("belote.trick",), "seat:1",
             last_trick_winner, SEATS4),
    )),
    Lesson("belote.2", "belote", "learn.belote.2.title", "learn.belote.2.intro", (
        Step("belote.2.round-one", make(LEAD, "HK", bid=False), 0, LEGAL, "learn.q.legal-bid",
             "learn.why.belote.bidding", ("belote.bidding",), frozenset({"pass", "trump H"}),
             vocabulary=BIDS),
        Step("belote.2.round-two", make(LEAD, "HK", "pass", "pass", "pass", "pass", bid=False),
             0, LEGAL, "learn.q.legal-bid", "learn.why.belote.bidding", ("belote.bidding",),
             frozenset({"pass", "trump C", "trump D", "trump S"}), vocabulary=BIDS),
        Step("belote.2.eight-cards", make(LEAD, "HK"), 0, NUMBER, "learn.q.hand-size",
             "learn.why.belote.hands", ("belote.hands",), 8,
             lambda d: len(d.hand(0))),  # type: ignore[attr-defined]
    )),
    Lesson("belote.3", "belote", "learn.belote.3.title", "learn.belote.3.intro", (
        Step("belote.3.follow", make(TRUMPS, "HQ", "C7"), 1, LEGAL, "learn.q.legal",
             "learn.why.belote.follow", ("belote.follow",), frozenset({"C10", "CJ"})),
        Step("belote.3.must-trump", make(LEAD, "HK", "CA"), 1, LEGAL, "learn.q.legal",
             "learn.why.belote.must-trump", ("belote.must-trump",), frozenset({"H10", "HJ"})),
        Step("belote.3.overtrump", make(OVER, "HK", "CA", "H10"), 2, LEGAL, "learn.q.legal",
             "learn.why.belote.overtrump", ("belote.overtrump",), frozenset({"HA"})),
        Step("belote.3.undertrump", make(LEAD, "HK", "CA", "H10"), 2, LEGAL, "learn.q.legal",
             "learn.why.belote.undertrump", ("belote.undertrump",), frozenset({"H7", "H8"})),
        Step("belote.3.trump-lead", make(TRUMPS, "HQ", "HA", "H7"), 2, LEGAL, "learn.q.legal",
             "learn.why.belote.trump-lead", ("belote.trump-lead",), frozenset({"H9"})),
        Step("belote.3.partner-trumped", make(PARTNER, "HK", "CA", "H10", "C7"), 3, LEGAL,
             "learn.q.legal", "learn.why.belote.partner-winning", ("belote.partner-winning",),
             frozenset({"H7", "H8", "H9", "HA", "DK", "SJ", "SQ", "SK"})),
        Step("belote.3.no-undertrump-option",
             make(LEAD, "HK", "CA", "H10", undertrump=False), 2, LEGAL, "learn.q.legal",
             "learn.why.belote.options", ("belote.options",),
             frozenset({"H7", "H8", "DJ", "DQ", "DK", "SJ", "SQ", "SK"})),
    )),
    Lesson("belote.4", "belote", "learn.belote.4.title", "learn.belote.4.intro", (
        Step("belote.4.quinte-tierce", make(HEARTS, "HJ"), 0, NUMBER,
             "learn.q.announcement-points", "learn.why.belote.announcements",
             ("belote.announcements",), 120, _announcement_points, params=_ann_params),
        Step("belote.4.trump-run", make(HEARTS, "HJ", "H7", "C7", "CJ", "S7"), 1, CHOICE,
             "learn.q.announcement-winner", "learn.why.belote.announcement-compare",
             ("belote.announcement-compare",), "seat:0",
             lambda d: f"seat:{d.ann_winner}", SEATS4, show=(0, 2, 3)),  # type: ignore[attr-defined]
        Step("belote.4.earlier", make(TIERCES, "C7", dealer=0, policy=None), 1, CHOICE,
             "learn.q.announcement-winner", "learn.why.belote.announcement-compare",
             ("belote.announcement-compare",), "seat:1",
             lambda d: _first_trick_winner(d), SEATS4, show=(2,)),
        Step("belote.4.belote-kept", make(BELOTE_DEDANS, "HK", taker=1, policy=takers_low,
                                          announcements=False), 1, NUMBER,
             "learn.q.takers-record", "learn.why.belote.belote", ("belote.belote",), 20,
             lambda d: _result(d).recorded[1], facts=_totals),
    )),
    Lesson("belote.5", "belote", "learn.belote.5.title", "learn.belote.5.intro", (
        Step("belote.5.made", make(TIERCES, "C7", dealer=0, policy=takers_low), 0, NUMBER,
             "learn.q.defenders-record", "learn.why.belote.made", ("belote.made",), 84,
             lambda d: _result(d).recorded[1], facts=_totals),
        Step("belote.5.dedans", position(DEDANS), 0, NUMBER, "learn.q.defenders-record",
             "learn.why.belote.dedans", ("belote.dedans",), 162,
             lambda d: _result(d).recorded[1], facts=_totals),
        Step("belote.5.litige", position(LITIGE), 0, NUMBER, "learn.q.held",
             "learn.why.belote.litige", ("belote.litige",), 81,
             lambda d: _result(d).held, facts=_totals),
        Step("belote.5.capot", make(HEARTS, "HJ", policy=first_legal, announcements=False), 0,
             NUMBER, "learn.q.takers-record", "learn.why.belote.capot", ("belote.capot",),
             270, lambda d: _result(d).recorded[0]),
        Step("belote.5.announced-capot", make(HEARTS, "HJ", announced_capot=True), 0, LEGAL,
             "learn.q.legal", "learn.why.belote.options", ("belote.options",),
             frozenset({"capot", "H7", "H8", "H9", "H10", "HJ", "HQ", "HK", "HA"}),
             vocabulary=("capot",)),
        Step("belote.5.match", position(DEDANS), 0, CHOICE, "learn.q.match-winner-team",
             "learn.why.belote.match", ("belote.match",), "team:1", _match, TEAMS,
             facts=_match_facts),
    )),
)


def _first_trick_winner(deal: Deal) -> str:
    """Who wins the announcements once everyone has played to the first trick."""
    probe: Any = deal.copy()
    while len(probe.tricks) < 1:
        probe.apply(probe.legal_actions()[0])
    return f"seat:{probe.ann_winner}"
