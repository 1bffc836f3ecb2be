"""The scorekeeper: whole bot matches entered as a person would agree with the engine deal
by deal; the rule texts' worked examples; refused entries; corrections; records."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from atout.bots.base import make_bot
from atout.cards import Rank
from atout.games.belote import BeloteMatch, BeloteOptions
from atout.games.deberts import DebertsMatch, DebertsOptions
from atout.games.schieber import FACTORS, SchieberMatch, SchieberOptions
from atout.i18n import LANGUAGES
from atout.notation import IllegalRecordError, RecordSyntaxError, parse_match, read_match
from atout.scorekeeper import (
    EntryRefused,
    explain_refusal,
    new_sheet,
    read_scoresheet,
    why,
    write_scoresheet,
)
from atout.scorekeeper.belote import BeloteEntry
from atout.scorekeeper.deberts import DebertsEntry
from atout.scorekeeper.schieber import SchieberEntry


def play(match: Any, game: str, seed: int, bot: str = "random") -> Any:
    bots = [make_bot(game, bot, seed * 7 + s) for s in range(match.deal.num_players)]
    while not match.is_over:
        seat = match.current_player()
        match.apply(bots[seat].choose(match.view(seat)))
    return match


def values(melds: Any) -> tuple[int, ...]:
    return tuple(m.points for m in (melds or ()))


# -- entries a person would make, from what happened at the engine's table -----------------
def deberts_entry(deal: Any) -> DebertsEntry:
    r = deal.result
    if not r.played:
        return DebertsEntry(unplayed=r.outcome)
    seqs = (values(deal.declared[0]), values(deal.declared[1]))
    best = [max(v) if v else 0 for v in seqs]
    w = r.sequence_winner
    trick = None
    if w is not None and r.card_points[w] == 0:
        trick = r.tricks[w] > 0
    bela = next((s for s in (0, 1) if r.bela[s]), None)
    return DebertsEntry(
        caller=r.caller, trump=r.trump, points=r.card_points, sequences=seqs,
        sequence_winner=w if (w is not None and best[0] == best[1]) else None,
        trick=trick, bela=bela, factor=r.factor,
    )


def belote_entry(deal: Any) -> BeloteEntry:
    r = deal.result
    if not r.played:
        return BeloteEntry(unplayed="thrown-in")
    anns = tuple(
        tuple(v for seat in (team, team + 2) for v in values(deal.declared[seat]))
        for team in (0, 1)
    )
    best = [max(v) if v else 0 for v in anns]
    w = None if r.announcement_winner is None else r.announcement_winner % 2
    belote = None if deal.belote_seat < 0 else deal.belote_seat % 2
    return BeloteEntry(
        taker=r.taker, trump=r.trump, points=r.card_points, announcements=(anns[0], anns[1]),
        announcement_winner=w if (w is not None and best[0] == best[1]) else None,
        belote=belote, capot=r.capot, capot_announced=r.capot_announced,
    )


def stoeck_announced(deal: Any) -> bool:
    s = deal.stoeck_seat
    kq = (1 << (9 * deal.contract + Rank.KING)) | (1 << (9 * deal.contract + Rank.QUEEN))
    if not deal.hands[s] & kq:
        return True
    if deal.tricks and deal.weis_team == s % 2:
        shown = 0
        for m in deal.weis[s]:
            shown |= m.mask
        return shown & kq == kq
    return False


def schieber_entry(deal: Any) -> SchieberEntry:
    """The entry a person makes; in a stopped deal, the Stöck of a team that did not
    reach the target only when they were announced (RULES.md Schieber 8)."""
    r = deal.result
    weis = tuple(
        tuple(v for seat in (team, team + 2) for v in values(deal.weis[seat])) for team in (0, 1)
    )
    best = [max(v) if v else 0 for v in weis]
    complete = len(deal.tricks) == 9
    wt = r.weis_winner
    stop = None if complete or r.claimant is None else r.claimant
    stoeck = None if r.stoeck_seat is None else r.stoeck_seat % 2
    reached = r.match_winner if r.outcome == "claim" else None
    if stop is not None and stoeck is not None and stoeck != reached \
            and not stoeck_announced(deal):
        stoeck = None
    if stop is not None and not deal.tricks:
        weis = ((), ())  # Weis are said in the first trick, counted once it is complete
        wt = None
    points = r.card_points
    if stop is not None:
        mine = r.card_points[stop] + r.match_bonus[stop]
        points = (mine, 0) if stop == 0 else (0, mine)
    first = r.match_winner if complete and r.match_winner is not None else None
    return SchieberEntry(
        contract=deal.contract, pushed=r.pushed, points=points,
        match=next((t for t in (0, 1) if r.match_bonus[t]), None),
        weis=(weis[0], weis[1]) if any(weis) else ((), ()),
        weis_winner=wt if (wt is not None and best[0] == best[1]) else None,
        stoeck=stoeck, stop=stop, first_trick=bool(deal.tricks), first=first,
    )


# -- whole matches ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_deberts_bot_matches_agree_deal_by_deal(seed: int) -> None:
    options = DebertsOptions(target=301 if seed % 2 else 501, doubling=seed % 3 == 0)
    match = play(DebertsMatch(seed=seed, options=options), "deberts", seed)
    sheet = new_sheet("deberts", options, first_dealer=match.first_dealer)
    for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
        row = sheet.add(deberts_entry(deal))
        assert row.outcome == engine_row.result.outcome
        assert row.recorded == engine_row.result.recorded
        assert (row.scores, row.carried, row.paid) == (
            engine_row.scores, engine_row.hanging, engine_row.hanging_paid
        )
        assert row.dealer == deal.dealer
    assert sheet.winner == match.winner
    assert sheet.final_score == match.final_score
    assert sheet.stakes == match.stakes


@pytest.mark.parametrize("seed", [2390, 3524])
def test_deberts_hanging_chain_in_bot_matches(seed: int) -> None:
    """Seeds whose match plays a tie right after a tie (found by a search over 6000
    seeds): the defender takes the older amount and the new one hangs."""
    match = play(DebertsMatch(seed=seed, options=DebertsOptions(target=301)), "deberts", seed)
    played = [r for r in match.scoresheet if r.result.played]
    assert any(
        a.result.outcome == b.result.outcome == "tie" for a, b in itertools.pairwise(played)
    )
    sheet = new_sheet("deberts", match.options, first_dealer=match.first_dealer)
    for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
        row = sheet.add(deberts_entry(deal))
        assert (row.scores, row.carried, row.paid) == (
            engine_row.scores, engine_row.hanging, engine_row.hanging_paid)
    assert sheet.winner == match.winner


@pytest.mark.parametrize("seed", range(10))
def test_belote_bot_matches_agree_deal_by_deal(seed: int) -> None:
    options = BeloteOptions(shuffle="fresh", target=501 if seed % 2 else 1000)
    match = play(BeloteMatch(seed=seed, options=options), "belote", seed)
    sheet = new_sheet("belote", options, first_dealer=match.first_dealer)
    for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
        row = sheet.add(belote_entry(deal))
        assert row.outcome == engine_row.result.outcome
        assert row.recorded == engine_row.result.recorded
        assert (row.scores, row.carried, row.paid) == (
            engine_row.scores, engine_row.held, engine_row.held_paid
        )
    assert sheet.winner == match.winner


def test_belote_litige_chain_in_bot_matches() -> None:
    found = 0
    for seed in range(300):
        match = play(BeloteMatch(seed=seed, options=BeloteOptions(shuffle="fresh", target=501)),
                     "belote", seed)
        if not any(r.result.outcome == "litige" for r in match.scoresheet):
            continue
        found += 1
        sheet = new_sheet("belote", match.options, first_dealer=match.first_dealer)
        for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
            row = sheet.add(belote_entry(deal))
            assert (row.scores, row.carried, row.paid) == (
                engine_row.scores, engine_row.held, engine_row.held_paid)
        if found == 2:
            break
    assert found == 2


@pytest.mark.parametrize("seed", range(12))
def test_schieber_bot_matches_agree_deal_by_deal(seed: int) -> None:
    options = SchieberOptions(target=1000 if seed % 2 else 1500)
    match = play(SchieberMatch(seed=seed, options=options), "schieber", seed)
    sheet = new_sheet("schieber", options, first_dealer=match.first_dealer,
                      first_forehand=match.deals[0].forehand)
    for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
        row = sheet.add(schieber_entry(deal))
        assert row.recorded == engine_row.result.recorded
        assert row.scores == engine_row.scores
        assert row.dealer == deal.dealer
    assert sheet.winner == match.winner
    assert sheet.schneider == match.schneider


def test_schieber_mid_deal_stops_seen_and_agree() -> None:
    """Matches that stop in the middle of a deal, some where the losers keep Weis or
    Stöck of that deal: the scorekeeper writes what the engine writes."""
    stops = kept = 0
    for seed in range(200):
        match = play(SchieberMatch(seed=seed, options=SchieberOptions(target=700)),
                     "schieber", seed)
        last = match.deals[-1]
        if len(last.tricks) == 9:
            continue
        stops += 1
        sheet = new_sheet("schieber", match.options, first_dealer=match.first_dealer,
                          first_forehand=match.deals[0].forehand)
        for deal in match.deals:
            entry = schieber_entry(deal)
            row = sheet.add(entry)
        assert entry.stop == last.result.claimant and row.outcome == "claim"
        assert row.winner == match.winner
        assert row.recorded == last.result.recorded and sheet.scores == match.scores
        kept += row.recorded[1 - row.winner] != 0
        if stops >= 8 and kept:
            break
    assert stops >= 8 and kept


def test_schieber_manual_claims_bot_matches() -> None:
    options = SchieberOptions(target=800, manual_claim=True)
    for seed in range(6):
        match = play(SchieberMatch(seed=seed, options=options), "schieber", seed)
        sheet = new_sheet("schieber", options, first_dealer=match.first_dealer,
                          first_forehand=match.deals[0].forehand)
        for deal, engine_row in zip(match.deals, match.scoresheet, strict=True):
            row = sheet.add(schieber_entry(deal))
            assert row.recorded == engine_row.result.recorded
        assert sheet.winner == match.winner


# -- the worked examples of the rule texts, entered as a person would ---------------------------
def test_deberts_worked_example_bait_72_90() -> None:
    sheet = new_sheet("deberts", names=["Ann", "Bob"])
    row = sheet.add(DebertsEntry(caller=0, trump=parse_suit("H"), points=(72, 90)))
    assert row.outcome == "bait" and row.recorded == (0, 162)
    assert why(row, sheet) == "bait: 72 against 90, Bob records 162"
    assert why(row, sheet, "fr") == "bait\u00a0: 72 contre 90, Bob marque 162"


def test_deberts_worked_example_tie_then_181_62() -> None:
    for caller in (0, 1):
        sheet = new_sheet("deberts", first_dealer=1)
        tie = sheet.add("caller=0 trump=S points=81,81")
        assert tie.recorded == (0, 81) and tie.carried == 81
        points = "100,62" if caller == 0 else "62,100"
        row = sheet.add(f"caller={caller} trump=D points={points}")
        assert row.paid == (caller, 81) and row.carried == 0
        assert row.scores[caller] == 181 + (81 if caller == 1 else 0)
        assert row.recorded[caller] == 100


def test_deberts_tie_after_tie_the_defender_takes_the_older_amount() -> None:
    sheet = new_sheet("deberts")
    sheet.add("caller=0 trump=S points=81,81")  # 81 hang
    row = sheet.add("caller=1 trump=H points=71,71 sequences=0:terc")  # 91:71? no: 91 vs 71
    assert row.outcome == "bait"
    sheet.undo()
    row = sheet.add("caller=1 trump=H points=81,81")
    assert row.paid == (0, 81) and row.carried == 81  # the defender (0) takes the old 81
    row = sheet.add("caller=0 trump=C points=90,72")
    assert row.paid == (0, 81) and row.carried == 0


def test_deberts_both_over_the_target_501_500() -> None:
    sheet = new_sheet("deberts", DebertsOptions(target=200))
    sheet.add("caller=0 trump=S points=120,42")
    sheet.add("caller=1 trump=S points=40,122")
    row = sheet.add("caller=0 trump=H points=100,62")  # 260 and 226: the defender (1) wins
    assert row.winner == 1 and sheet.final_score == (199, 200)
    assert "both over 200" in why(row, sheet)
    with pytest.raises(EntryRefused) as info:
        sheet.add("caller=0 trump=H points=100,62")
    assert info.value.rule == "score.match-over"


def test_deberts_sequences_need_a_trick_and_bela_counts_without_one() -> None:
    sheet = new_sheet("deberts")
    row = sheet.add("caller=0 trump=H points=162,0 sequences=1:bertz bela=1")
    assert row.totals == (162, 20)  # no trick for 1: no bertz; bela counts anyway
    assert "took no trick" in why(row, sheet)
    sheet.undo()
    row = sheet.add("caller=0 trump=H points=162,0 sequences=1:bertz trick=yes")
    assert row.totals == (162, 50)


def test_belote_litige_held_and_taken() -> None:
    sheet = new_sheet("belote", names=["Us", "Them"])
    row = sheet.add("taker=0 trump=H points=81,81")
    assert row.outcome == "litige" and row.recorded == (0, 81) and row.carried == 81
    assert why(row, sheet) == "litige at 81: 81 to Them, 81 held for the next deal"
    row = sheet.add("taker=1 trump=S points=71,91 belote=0")  # 91 vs 91: another litige
    assert row.outcome == "litige" and row.carried == 81 + 91 and row.recorded == (91, 20 - 20)
    row = sheet.add("taker=2 trump=C points=100,62")
    assert row.paid == (0, 172) and row.carried == 0


def test_belote_dedans_capot_and_announcements() -> None:
    sheet = new_sheet("belote")
    row = sheet.add("taker=0 trump=H points=60,102 announcements=0:tierce,1:quarte belote=0")
    assert row.outcome == "dedans" and row.recorded == (20, 162 + 50 + 20 - 20)
    row = sheet.add("taker=1 trump=S points=0,162 capot=1")
    assert row.outcome == "made" and row.recorded == (0, 250)


def test_schieber_worked_example_240_114() -> None:
    sheet = new_sheet("schieber")
    row = sheet.add("contract=H points=100,57 weis=0:20")
    assert row.recorded == (240, 114)
    assert why(row, sheet) == "hearts ×2: 240 and 114 written"


def test_schieber_stop_losers_keep_their_weis_and_stoeck() -> None:
    sheet = new_sheet("schieber", SchieberOptions(target=500))
    sheet.add("contract=S points=150,7")
    sheet.add("contract=C points=120,37 weis=1:50 stoeck=1")  # 270 : 114
    row = sheet.add("contract=H stop=0 points=0:120 weis=1:100 stoeck=1")
    assert row.winner == 0 and row.outcome == "claim"
    assert row.recorded == (240, 240)  # the losers keep 100 + 20, ×2; never their captures
    assert sheet.scores == (510, 354)
    assert "the match stops, and 240 of this deal stay with team 2" in why(row, sheet)
    # a stop before the first trick is complete: no Weis count at all
    sheet.undo()
    with pytest.raises(EntryRefused) as info:
        sheet.add("contract=H stop=0 points=0:80 weis=1:100 first_trick=no")
    assert info.value.rule == "score.schieber.weis-first-trick"
    row = sheet.add("contract=H stop=0 points=0:100 first_trick=no stoeck=0")
    assert row.recorded == (240, 0) and sheet.stakes == 2  # 114 < 250: Schneider


def test_check_refuses_what_add_refuses_and_writes_nothing() -> None:
    """The sheet's check (the terminal asks it before writing an entry) gives the
    refusal ``add`` would give, and leaves the sheet as it was either way."""
    sheet = new_sheet("schieber", SchieberOptions(target=300))
    refused = sheet.parse_entry("contract=C stop=1 points=1:80")
    with pytest.raises(EntryRefused) as info:
        sheet.check(refused)
    assert info.value.rule == "score.schieber.claim-short"
    fine = sheet.parse_entry("contract=H points=100,57")
    sheet.check(fine)
    assert sheet.rows == [] and sheet.deal_number == 1
    sheet.add(fine)
    assert len(sheet.rows) == 1 and sheet.deal_number == 2


def test_schieber_stop_that_does_not_reach_and_false_claims() -> None:
    sheet = new_sheet("schieber", SchieberOptions(target=300))
    with pytest.raises(EntryRefused) as info:
        sheet.add("contract=C stop=1 points=1:80")
    assert info.value.rule == "score.schieber.claim-short"
    assert "short of 300" in explain_refusal(info.value, sheet)
    sheet = new_sheet("schieber", SchieberOptions(target=300, manual_claim=True))
    row = sheet.add("contract=C stop=1 points=1:80")
    assert row.outcome == "false-claim" and row.winner == 0 and row.recorded == (0, 0)
    sheet.undo()  # a false claim after the first trick: both keep their written Weis
    row = sheet.add("contract=H stop=1 points=1:80 weis=0:50")
    assert row.outcome == "false-claim" and row.recorded == (100, 0)


def test_schieber_both_reach_first_by_stoeck_then_ask() -> None:
    sheet = new_sheet("schieber", SchieberOptions(target=175))
    sheet.add("contract=S points=150,7")
    sheet.add("contract=S points=7,150")
    row_text = "contract=C points=80,77"
    with pytest.raises(EntryRefused) as info:
        sheet.add(row_text)
    assert info.value.rule == "score.schieber.first-needed"
    row = sheet.add(row_text + " first=1")
    assert row.winner == 1 and row.recorded == (0, 77)
    sheet.undo()
    row = sheet.add(row_text + " stoeck=0")  # Stöck count before the tricks
    assert row.winner == 0
    sheet.undo()
    with pytest.raises(EntryRefused) as info:
        sheet.add(row_text + " stoeck=0 first=1")
    assert info.value.rule == "score.schieber.first-wrong"


def test_schieber_schneider_and_match() -> None:
    sheet = new_sheet("schieber", SchieberOptions(target=1000))
    row = sheet.add("contract=undenufe match=0")
    assert row.recorded == (257 * 4, 0) and row.winner == 0
    assert sheet.schneider and sheet.stakes == 2
    assert "Schneider" in why(row, sheet)
    assert FACTORS[5] == 4


# -- refused entries and corrections --------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "text", "rule"),
    [
        ("deberts", "caller=0 trump=H points=100,100", "score.deberts.points-range"),
        ("deberts", "caller=0 trump=H points=4,5", "score.deberts.points-range"),
        ("deberts", "caller=0 trump=H points=100,62 sequences=0:terc,1:bertz seqwin=0",
         "score.meld-beaten"),
        ("deberts", "caller=0 trump=H points=100,62 sequences=0:terc,1:terc", "score.meld-tie"),
        ("deberts", "caller=0 trump=H points=100,62 sequences=0:bertz+bertz+terc",
         "score.meld-cards"),
        ("deberts", "caller=0 trump=H points=100,62 factor=2", "score.factor"),
        ("deberts", "caller=0 trump=H points=100,62 sequences=1:terc trick=no",
         "score.trick-with-points"),
        ("deberts", "caller=0 trump=H points=100,62 sequences=0:30", "score.meld-value"),
        ("deberts", "points=100,62", "score.caller-missing"),
        ("deberts", "caller=0 trump=X points=100,62", "score.bad-entry"),
        ("belote", "taker=0 trump=H points=100,62 capot=0", "score.capot-points"),
        ("belote", "taker=0 trump=H points=162,0 capot=0 capot=1", "score.two-capots"),
        ("belote", "taker=0 trump=H points=162,0 capot=0,1", "score.two-capots"),
        ("belote", "taker=0 trump=H points=100,62 announcements=0:jacks,1:jacks",
         "score.meld-unique"),
        ("belote", "taker=0 trump=H points=100,62 announcements=0:20,1:50 annwin=0",
         "score.meld-beaten"),
        ("belote", "taker=0 trump=H points=100,62 annwin=1", "score.meld-none"),
        ("belote", "taker=0 trump=H points=162,0 capot=0 announced=yes", "score.option-off"),
        ("schieber", "contract=H points=100,50", "score.points-total"),
        ("schieber", "contract=obenabe points=100,57 stoeck=0", "score.schieber.stoeck-no-trump"),
        ("schieber", "contract=H points=100,57 weis=0:50,1:100 weiswin=0", "score.meld-beaten"),
        ("schieber", "contract=H points=100,57 match=0", "score.capot-points"),
        ("schieber", "contract=H stop=0 points=0:80 match=0", "score.schieber.stop-match"),
    ],
)
def test_impossible_entries_are_refused_with_the_rule(game: str, text: str, rule: str) -> None:
    sheet = new_sheet(game)
    with pytest.raises(EntryRefused) as info:
        sheet.add(text)
    assert info.value.rule == rule
    assert not sheet.rows
    for lang in LANGUAGES:
        message = explain_refusal(info.value, sheet, lang)
        assert message and "{" not in message and not message.startswith("rule.")


def test_a_correction_recomputes_every_deal_after_it() -> None:
    sheet = new_sheet("deberts")
    sheet.add("caller=0 trump=H points=81,81")  # tie: 81 hang
    sheet.add("caller=1 trump=S points=62,100")  # 1 takes the 81
    sheet.add("caller=1 trump=C points=90,72")  # bait: 0 records 162
    assert sheet.scores == (224, 262) and sheet.dealer == 1
    sheet.correct(1, "caller=0 trump=H points=90,72")  # deal 1 was made, nothing hung
    assert [r.scores for r in sheet.rows] == [(90, 72), (152, 172), (314, 172)]
    assert sheet.rows[1].paid is None
    assert sheet.dealer == 1
    # a correction that makes a later deal impossible is refused, nothing changes
    sheet2 = new_sheet("schieber", SchieberOptions(target=240))
    sheet2.add("contract=S points=150,7")
    sheet2.add("contract=S stop=0 points=0:100")
    with pytest.raises(EntryRefused) as info:
        sheet2.correct(1, "contract=S points=7,150")
    assert info.value.rule == "score.correction-breaks"
    assert "deal 2" in explain_refusal(info.value, sheet2)
    assert sheet2.rows[0].recorded == (150, 7)
    # one that ends the match before later deals is refused too
    sheet3 = new_sheet("deberts", DebertsOptions(target=200))
    sheet3.add("caller=0 trump=H points=100,62")
    sheet3.add("caller=0 trump=H points=100,62")
    with pytest.raises(EntryRefused) as info:
        sheet3.correct(1, "caller=0 trump=H points=162,0 bela=0 sequences=0:bertz")
    assert info.value.rule == "score.correction-ends"


def test_dealer_rotation() -> None:
    deberts = new_sheet("deberts", first_dealer=1)
    deberts.add("caller=0 trump=H points=90,72")
    assert deberts.dealer == 0  # the caller deals next
    deberts.add("thrown-in")
    assert deberts.dealer == 1
    belote = new_sheet("belote", first_dealer=3)
    belote.add("thrown-in")
    assert belote.dealer == 0
    schieber = new_sheet("schieber", first_dealer=2, first_forehand=1)
    schieber.add("contract=S points=100,57 pushed")
    assert schieber.rows[0].result.chooser == 3 and schieber.dealer == 1
    schieber.add("contract=S points=100,57")
    assert schieber.dealer == 2 and schieber.rows[1].result.chooser == 2


# -- records -----------------------------------------------------------------------------------
def test_scoresheet_records_round_trip() -> None:
    sheets = []
    deberts = new_sheet("deberts", DebertsOptions(target=301), first_dealer=1,
                        names=["Ann", "Bob \"B\""])
    for text in ("caller=0 trump=H points=81,81", "thrown-in", "caller=1 trump=S points=62,100",
                 "caller=1 trump=C points=150,12 sequences=0:bertz+terc,1:terc bela=0"):
        deberts.add(text)
    sheets.append(deberts)
    belote = new_sheet("belote", names=["Nous", "Eux"])
    belote.add("taker=0 trump=H points=81,81")
    belote.add("taker=3 trump=S points=0,162 capot=1 announcements=0:20,1:20 annwin=1")
    sheets.append(belote)
    schieber = new_sheet("schieber", SchieberOptions(target=500), first_forehand=3)
    schieber.add("contract=obenabe points=100,57 weis=0:50")
    schieber.add("contract=H stop=0 points=0:30 weis=1:20 stoeck=1")
    sheets.append(schieber)
    for sheet in sheets:
        text = write_scoresheet(sheet, {"Date": "2026-12-02"})
        again = read_scoresheet(text)
        assert [r.scores for r in again.rows] == [r.scores for r in sheet.rows]
        assert again.entries == sheet.entries and again.names == sheet.names
        assert write_scoresheet(again, {"Date": "2026-12-02"}) == text
        assert "scored " in text
        with pytest.raises(IllegalRecordError) as info:
            read_match(text)  # not a played match
        assert info.value.rule == "record.scored"
    assert parse_match(write_scoresheet(deberts)).deals[1].scored == "thrown-in"


def test_scoresheet_records_refused() -> None:
    text = write_scoresheet(new_sheet("deberts", first_dealer=1))
    assert read_scoresheet(text).dealer == 1  # a new sheet, no deal yet
    with pytest.raises(RecordSyntaxError):
        read_scoresheet(text.replace('[FirstDealer "1"]\n', ""))
    sheet = new_sheet("deberts")
    sheet.add("caller=0 trump=H points=90,72")
    good = write_scoresheet(sheet)
    with pytest.raises(IllegalRecordError) as info:
        read_scoresheet(good.replace("points=90,72", "points=200,72"))
    assert info.value.rule == "score.deberts.points-range"
    with pytest.raises(IllegalRecordError) as info:
        read_scoresheet(good.replace("deal 1 dealer 0", "deal 1 dealer 0\n").replace(
            '[Result "*"]', '[Result "90-72"]'))
    assert info.value.rule == "record.result"
    with pytest.raises(RecordSyntaxError):
        parse_match(good.replace("scored caller", "deck HA\nscored caller"))
    with pytest.raises(RecordSyntaxError):
        parse_match(good + "0 HA\n")


def parse_suit(text: str) -> Any:
    from atout.cards import Suit

    return Suit.parse(text)


@pytest.mark.parametrize("game,texts", [
    ("deberts", ["caller=0 trump=H points=72,90", "thrown-in",
                 "caller=1 trump=S points=61,31 sequences=1:50 bela=0",
                 "caller=0 trump=C points=81,60 sequences=0:20,1:20 seqwin=1"]),
    ("belote", ["taker=2 trump=S points=0:100 belote=1", "thrown-in",
                "taker=1 trump=D capot=0 announcements=0:20+50",
                "taker=0 trump=H points=90,72 announcements=0:20,1:20 annwin=1"]),
    ("schieber", ["contract=H pushed points=100,57", "contract=obenabe match=1",
                  "contract=S stop=0 points=0:80 first_trick=no stoeck=1",
                  "contract=undenufe points=57,100 weis=0:50,1:50 weiswin=0"]),
])
def test_the_answers_to_the_questions_write_the_entry(game: str, texts: list[str]) -> None:
    """Each game's questions (``form``): the answers of an entry write that entry again,
    and only the questions the answers lead to are asked."""
    sheet = new_sheet(game)
    for text in texts:
        entry = sheet.parse_entry(text)
        answers = sheet.answers(entry)
        assert sheet.parse_entry(sheet.entry_of(answers)) == entry
        asked = {q.name for q in sheet.asked(answers)}
        assert set(answers) - {"melds0", "melds1"} >= asked - {"melds", "first", "win"}
    passes = [q for q in sheet.form if q.passes]
    for q in passes:
        assert sheet.entry_of({q.name: "p", "trump": "H"}) == "thrown-in"
        assert sheet.asked({q.name: "p"}) == passes
