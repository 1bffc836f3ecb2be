"""The advisor (atout.advisor, `atout advise`): a seat's view built from the entries of a
real table must be the engine's view of that seat, card by card, for bot games of the
three games; the advice then equals the bot's given the engine's view; refused entries,
undo, the next deal, the record and the open-hand review."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from click.testing import CliRunner

from atout.advisor import (
    Advisor,
    Entry,
    EntryRefused,
    entry_text,
    explain_refusal,
    parse_entry,
    record_text,
    review_deal,
)
from atout.advisor.entries import SILENT
from atout.advisor.session import _seats_played, _shown_masks
from atout.bots.advice import advise
from atout.bots.base import make_bot
from atout.cards import CARDS
from atout.cli import main
from atout.games.actions import Play
from atout.kits import get_game
from atout.notation import read_match


def _announcement(game: str, deal: Any, me: int, seat: int) -> Any:
    view = deal.view(me)
    if game == "deberts":
        said = view.announcements[seat]
        if said is None:
            return None
        best = max(deal.declared[seat], key=lambda m: (m.length, m.top, m.suit == deal.trump))
        return (said[0], said[1], int(best.suit) == deal.trump)
    if game == "belote":
        return view.announcements[seat]
    return view.weis_announced[seat]


def hand_text(advisor: Advisor, deal: Any) -> str:
    """The ``hand`` entry of the person at ``advisor.seat`` for an engine deal."""
    me = advisor.seat
    first = [CARDS[deal.deck[p]].name for p in advisor._first_positions(me)]
    text = "hand " + " ".join(first)
    if advisor.game == "deberts":
        text += f" up {CARDS[deal.deck[12]].name}"
    elif advisor.game == "belote":
        text += f" up {CARDS[deal.deck[20]].name}"
    elif advisor.deal_number == 1:
        text += f" forehand {deal.forehand}"
    return text


def entries_after(advisor: Advisor, deal: Any, seat: int, action: Any, before: Any) -> list[str]:
    """What a person at the table enters once ``seat`` took ``action`` in ``deal``: the
    action (with the announcement and the bela of another seat's card), then their new
    cards and the melds shown when the advisor asks for them."""
    game, me = advisor.game, advisor.seat
    entry = Entry("act", seat=seat, action=action)
    first_card = isinstance(action, Play) and seat not in _seats_played(before)
    if isinstance(action, Play) and seat != me:
        view = deal.view(me)
        bela = (game == "deberts" and view.bela[seat] and not before.bela[seat]) or (
            game == "belote" and view.belote[seat] > 0 and before.belote[seat] == 0)
        ann = _announcement(game, deal, me, seat) if first_card else None
        entry = Entry("act", seat=seat, action=action, ann=ann, bela=bool(bela))
    texts = [entry_text(game, entry)]
    return texts


def follow(advisor: Advisor, match: Any, deal: Any, seat: int, action: Any, before: Any) -> None:
    """Enter into the advisor what the table saw of one action of an engine match."""
    me, game = advisor.seat, advisor.game
    text = entries_after(advisor, deal, seat, action, before)[0]
    try:
        advisor.enter(text)
    except EntryRefused as exc:
        if exc.key != "advisor.error.own-call":
            raise
        call = deal.view(me).weis_announced[me]  # the person says what they said
        advisor.enter(text + " ann=" + ("-" if call is None else _fmt(game, call)))
    need = advisor.need
    if need.kind == "more":
        pos = advisor._later_positions(me, getattr(deal, "taker", -1))
        cards = " ".join(CARDS[deal.deck[p]].name for p in pos)
        bottom = f" bottom {CARDS[deal.deck[31]].name}" if game == "deberts" else ""
        advisor.enter("more " + cards + bottom)
        need = advisor.need
    if need.kind == "show":
        masks = _shown_masks(deal.view(me))
        items = [
            f"{s}:" + (",".join(CARDS[c].name for c in range(36) if masks.get(s, 0) >> c & 1)
                       or "-")
            for s in need.seats
        ]
        advisor.enter("show " + " ".join(items))


def _fmt(game: str, call: Any) -> str:
    from atout.advisor import format_announcement

    return format_announcement(game, call)


def play_along(game: str, seed: int, me: int, deals: int, *, on_turn: Any = None,
               level: str = "easy") -> tuple[Advisor, Any]:
    """A bot match of ``game`` and an advisor at seat ``me`` fed from it card by card;
    at every step the advisor's view must be the engine's view of that seat."""
    info = get_game(game)
    match = info.match(seed)
    advisor = Advisor(game, seat=me, first_dealer=match.first_dealer, level=level, seed=seed)
    bots = [make_bot(game, "heuristic", seed=seed + s) for s in range(info.num_players)]
    while not match.is_over and len(advisor.finished) < deals:
        deal = match.deal
        advisor.enter(hand_text(advisor, deal))
        number = match.deal_number
        while match.deal_number == number and not match.is_over:
            seat = match.current_player()
            if seat == me and on_turn is not None:
                on_turn(advisor, match)
            action = bots[seat].choose(match.view(seat))
            before = deal.view(me)
            match.apply(action)
            follow(advisor, match, deal, seat, action, before)
            if match.deal_number == number and not match.is_over:
                assert advisor.view() == match.view(me)
        assert advisor.match.scores == match.scores  # type: ignore[attr-defined]
        assert advisor.match.scoresheet == match.scoresheet
    return advisor, match


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_view_is_the_engine_view_card_by_card(game: str) -> None:
    n = get_game(game).num_players
    for seed in range(3):
        for me in range(n):
            play_along(game, seed, me, deals=2)


@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_advice_equals_the_bots_on_the_engine_view(game: str) -> None:
    seen: list[int] = []

    def check(advisor: Advisor, match: Any) -> None:
        if len(seen) >= 3:
            return
        real = match.view(advisor.seat)
        mine = [(a.action, a.points, a.reason_key, a.chosen) for a in advisor.advise()]
        bots = [(a.action, a.points, a.reason_key, a.chosen)
                for a in advise(game, real, "easy")]  # the position's own seed
        assert mine == bots
        seen.append(1)

    play_along(game, 5, 1, deals=1, on_turn=check)
    assert seen


def test_two_fillers_give_the_same_view() -> None:
    """The hidden cards come from the filler's random source; the view never shows them."""
    for game in ("deberts", "belote", "schieber"):
        a, match = play_along(game, 11, 0, deals=1)
        texts = a.entries_text()
        b = Advisor.replay(game, texts, seat=0, first_dealer=match.first_dealer, seed=999)
        assert b.finished_deals()[0].deck != a.finished_deals()[0].deck or game != "schieber"
        assert a.match.scoresheet == b.match.scoresheet


def test_views_agree_between_fillers_mid_deal() -> None:
    game = "belote"
    info = get_game(game)
    match = info.match(3)
    one = Advisor(game, seat=2, first_dealer=match.first_dealer, seed=1)
    two = Advisor(game, seat=2, first_dealer=match.first_dealer, seed=2)
    bots = [make_bot(game, "heuristic", seed=s) for s in range(4)]
    deal = match.deal
    for adv in (one, two):
        adv.enter(hand_text(adv, deal))
    differ = False
    while not deal.is_over:
        seat = match.current_player()
        before = deal.view(2)
        action = bots[seat].choose(match.view(seat))
        match.apply(action)
        for adv in (one, two):
            follow(adv, match, deal, seat, action, before)
        w1, w2 = one.world, two.world
        differ |= w1 is not None and w2 is not None and w1.deck != w2.deck
        if not deal.is_over:
            assert one.view() == two.view() == match.view(2)
    assert differ, "the two fillers should have drawn different hidden hands"


def _started(game: str = "deberts") -> Advisor:
    advisor = Advisor(game, seat=0, first_dealer=1)
    advisor.enter("hand SA SK SQ D7 D8 H10 up H9")
    return advisor


def test_refusals_of_the_first_cards() -> None:
    advisor = Advisor("deberts", seat=0, first_dealer=1)
    for text, key in [
        ("hand SA SK SQ D7 D8 up H9", "advisor.error.hand-count"),
        ("hand SA SA SQ D7 D8 H10 up H9", "advisor.error.twice"),
        ("hand SA SK SQ D7 D8 H10", "advisor.error.up"),
        ("hand SA SK SQ D7 D8 H10 up H10", "advisor.error.twice"),
        ("hand SA SK SQ D7 D8 H6 up H9", "advisor.error.not-in-deck"),
        ("1 pass", "advisor.error.expected.hand"),
    ]:
        with pytest.raises(EntryRefused) as info:
            advisor.enter(text)
        assert info.value.key == key, text
    schieber = Advisor("schieber", seat=0, first_dealer=3)
    with pytest.raises(EntryRefused) as info:
        schieber.enter("hand C7 C8 C9 D6 D7 D8 H6 H7 H8 forehand 2")
    assert info.value.key == "advisor.error.seven-clubs"
    assert "7♣" in explain_refusal(info.value, "fr")


def test_refusals_during_play() -> None:
    advisor = _started()
    advisor.enter("0 pass")  # nondealer first
    advisor.enter("1 trump H")
    with pytest.raises(EntryRefused) as info:
        advisor.enter("0 HA")
    assert info.value.key == "advisor.error.expected.more"
    advisor.enter("more HA S7 C8 bottom CA")
    # a card of the person's own hand played by the other seat
    advisor.enter("0 SA")
    with pytest.raises(EntryRefused) as info:
        advisor.enter("1 SK")
    assert info.value.key == "advisor.error.in-your-hand"
    assert explain_refusal(info.value, "es", 0, 2) == "K♠ está en tu mano"
    for text, key in [
        ("1 SA", "advisor.error.played"),
        ("1 H9", "advisor.error.face-up"),
        ("1 CA", "advisor.error.face-up"),
        ("0 S8", "advisor.error.not-turn"),
        ("1 S9 bela", "advisor.error.bela-card"),
    ]:
        with pytest.raises(EntryRefused) as info:
            advisor.enter(text)
        assert info.value.key == key, text
    advisor.enter("1 C9")  # the opponent does not follow: void in spades, and no trump
    assert advisor.need.kind == "act" and advisor.need.seat == 0
    advisor.enter("0 SQ")
    # a revoke against the void shown: the opponent played C9 on a spade lead
    with pytest.raises(EntryRefused) as info:
        advisor.enter("1 S8")
    assert info.value.key == "advisor.error.void"
    assert explain_refusal(info.value, "en", 0, 2) == (
        "8♠: opponent showed earlier not to hold it")
    advisor.enter("1 D9")
    # the person's own card: the full rule
    with pytest.raises(EntryRefused) as info:
        advisor.enter("0 HJ")
    assert info.value.key == "rule.card-not-in-hand"
    advisor.enter("0 D7")
    advisor.enter("1 DJ")  # the jack wins: the opponent leads
    advisor.enter("1 DA")
    with pytest.raises(EntryRefused) as info:
        advisor.enter("0 S7")
    assert info.value.key == "rule.deberts.follow-suit"
    assert "fournir" in explain_refusal(info.value, "fr", 0, 2)


def test_undo_and_the_next_deal() -> None:
    advisor, match = play_along("deberts", 2, 0, deals=1)
    assert len(advisor.finished) == 1
    view_scores = advisor.match.scores  # type: ignore[attr-defined]
    assert advisor.need.kind == "hand"
    assert advisor.dealer == match.deal.dealer  # the engine's rotation
    last = advisor.undo()  # back into the finished deal
    assert not advisor.finished and last.kind == "act"
    assert advisor.match.scores == (0, 0)  # type: ignore[attr-defined]
    advisor.add(last)
    assert advisor.match.scores == view_scores  # type: ignore[attr-defined]
    advisor.enter(hand_text(advisor, match.deal))
    undone = advisor.undo()
    assert undone.kind == "hand" and advisor.need.kind == "hand"
    with pytest.raises(EntryRefused):
        Advisor("belote").undo()


def test_record_and_open_hand_review() -> None:
    for game in ("deberts", "belote", "schieber"):
        advisor, match = play_along(game, 4, 1, deals=2)
        text = record_text(advisor)
        replayed = read_match(text)
        assert replayed.scoresheet[: len(advisor.finished)] == advisor.match.scoresheet[
            : len(advisor.finished)]
        for real, kept in zip(match.deals, advisor.finished_deals(), strict=False):
            assert real.actions == kept.actions
            plays = [a for _, a in kept.actions if isinstance(a, Play)]
            if not plays:  # thrown in: the hidden hands were never seen
                with pytest.raises(ValueError):
                    review_deal(kept)
                continue
            lines = review_deal(kept)
            assert [r.card for r in lines] == [a.card for a in plays]
            assert all(r.cost >= 0 and r.best >= r.value for r in lines)
            assert all(r.cost == 0 for r in lines if r.card in r.best_cards)


def test_review_costs_match_the_solver_at_the_last_trick() -> None:
    advisor, _ = play_along("belote", 6, 0, deals=1)
    lines = review_deal(advisor.finished_deals()[0])
    assert all(r.cost == 0 for r in lines[-4:])  # a single card each: nothing to choose
    assert len(lines) == 32


def test_entry_text_round_trip() -> None:
    for game, text in [
        ("deberts", "1 SK bela ann=3:K:t"),
        ("belote", "2 HJ ann=100:Q:four"),
        ("belote", "3 D9 ann=50:A:t"),
        ("schieber", "0 C7 ann=50:4:K:n"),
        ("schieber", "show 1:HK,HQ,HJ 3:-"),
        ("deberts", "more C9 CJ HA bottom S8"),
        ("schieber", "hand C7 C8 C9 D6 D7 D8 H6 H7 H8 forehand 0"),
        ("schieber", "2 ann=- DA"),
    ]:
        entry = parse_entry(game, text)
        assert parse_entry(game, entry_text(game, entry)) == entry
    assert parse_entry("schieber", "2 DA ann=-").ann == SILENT
    with pytest.raises(EntryRefused):
        parse_entry("belote", "1 HJ ann=120:K")


def test_cli_scripted_session() -> None:
    """`atout advise` driven by a script: the lines a person types for a whole deal."""
    advisor, match = play_along("deberts", 2, 0, deals=1)
    lines = []
    for deal in advisor.entries_text()[:1]:
        lines += deal
    lines += ["review", "record", "quit"]
    result = CliRunner().invoke(
        main, ["advise", "deberts", "--dealer", str(match.first_dealer), "--level", "easy",
               "--lang", "fr"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Conseil (easy)" in result.output
    assert "Fin de la donne 1." in result.output
    assert "Revue cartes sur table de la donne 1" in result.output
    assert '[Game "deberts"]' in result.output


def test_cli_friendly_words_and_refusals() -> None:
    script = "\n".join([
        "SA SK SQ D7 D8 H10 H9",   # six cards, then the face-up card
        "passer",                   # the nondealer (the person) passes
        "atout C",                  # French: the other takes hearts (C = cœur)
        "AC 7P 8T AT",              # three new cards (A♥ 7♠ 8♣) and the bottom (A♣)
        "VC",                       # J♥ is not in the hand: refused with the rule
        "annuler", "annuler",       # undo twice
        "quitter",
    ])
    result = CliRunner().invoke(main, ["advise", "deberts", "--dealer", "1", "--lang", "fr",
                                       "--level", "easy"], input=script + "\n")
    assert result.exit_code == 0, result.output
    assert "Votre main" in result.output
    assert "n'est pas dans votre main" in result.output
    assert "Repris : 0 HA" in result.output or "Repris" in result.output


def test_random_filler_seeds_do_not_change_refusals() -> None:
    rng = random.Random(0)
    for _ in range(3):
        advisor = Advisor("deberts", seat=0, first_dealer=1, seed=rng.randrange(1000))
        advisor.enter("hand SA SK SQ D7 D8 H10 up H9")
        with pytest.raises(EntryRefused):
            advisor.enter("1 pass")  # the nondealer (seat 0) speaks first


def _results(game: str) -> list[Any]:
    """A result of every outcome of ``game``'s deals (and a capot, a stop, a false claim)."""
    from typing import get_args

    from atout.cards import Suit
    from atout.games import belote, deberts, schieber
    from atout.games.actions import NoTrump, Trump

    if game == "deberts":
        return [deberts.DebertsDealResult(dealer=0, outcome=o, caller=1, hanging=81,
                                          recorded=(0, 162))
                for o in get_args(deberts.Outcome)]
    if game == "belote":
        out = [belote.BeloteDealResult(dealer=0, outcome=o, taker=1, held=81, recorded=(0, 162))
               for o in get_args(belote.Outcome)]
        return [*out, belote.BeloteDealResult(dealer=0, outcome="made", taker=2, capot=0,
                                              recorded=(252, 0))]
    out = []
    for o in get_args(schieber.Outcome):
        out.append(schieber.SchieberDealResult(
            dealer=0, forehand=1, outcome=o, chooser=3, contract=Trump(Suit.HEARTS),
            claimant=0, reached_by="tricks" if o == "claim" else None,
            match_winner=None if o == "played" else 0))
    out.append(schieber.SchieberDealResult(dealer=0, forehand=1, outcome="played", chooser=0,
                                           contract=NoTrump("undenufe")))
    return out


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "ru", "uk"])
@pytest.mark.parametrize("game", ["deberts", "belote", "schieber"])
def test_every_outcome_is_said_in_the_language(game: str, lang: str) -> None:
    """The end of each deal as `atout advise` prints it, for every outcome of the game:
    a sentence of the reader's language, never the result's code (``thrown-in``)."""
    from types import SimpleNamespace
    from typing import get_args

    from atout.games import belote, deberts, schieber
    from atout.terminal.advisor import AdviseSession
    from i18n_support import english_left, fell_back, forget

    codes = {"deberts": deberts.Outcome, "belote": belote.Outcome, "schieber": schieber.Outcome}
    forget()
    for result in _results(game):
        for seat in (0, 1):
            lines: list[str] = []
            session = AdviseSession(game, lang=lang, seat=seat, output=lines.append,
                                    input_fn=lambda prompt: "quit")
            row = SimpleNamespace(number=3, result=result)
            session.advisor.match = SimpleNamespace(  # type: ignore[assignment]
                scoresheet=[row], scores=(40, 120), is_over=True, winner=1)
            session.deal_over()
            text = "\n".join(lines)
            assert lines[0].startswith(session.t("advisor.deal-over", number=3, outcome=""))
            assert english_left(text, lang) == [], text
            assert "{" not in text and "  " not in text, text
            if lang != "en":
                for code in get_args(codes[game]):
                    for word in code.split("-"):
                        assert re.search(rf"\b{word}\b", text) is None, (code, text)
    assert fell_back(lang) == set()


@pytest.mark.parametrize(("lang", "hand", "bid", "take", "more", "card"), [
    ("en", "SA SK SQ D7 D8 H10 H9", "pass", "trump H", "HA S7 C8 CA", "ace of spades"),
    ("fr", "as de pique, roi de pique, dame de pique 7K 8K 10C 9C", "passer", "atout C",
     "AC 7P 8T AT", "as de pique"),
    ("es", "as de picas, rey de picas, caballo de picas 7D 8D 10C 9C", "paso", "triunfo c",
     "AC 7P 8T AT", "as de picas"),
    ("de", "Pik Ass, Pik König, Pik Dame, Karo 7, Karo 8, Herz 10, Herz 9", "passe",
     "Trumpf Herz", "AH 7P 8Kr AKr", "Pik Ass"),
    ("ru", "туз пик, король пик, дама пик, 7Б 8Б 10Ч 9Ч", "пас", "козырь черви",
     "ТЧ 7П 8Т ТТ", "туз пик"),
])
def test_the_web_page_reads_typed_words_as_the_terminal(
        lang: str, hand: str, bid: str, take: str, more: str, card: str) -> None:
    """The advisor page's text box: cards, bids and commands in the page's language (or
    the codes), read by the terminal's reader (atout.advisor.typed) on the server."""
    from atout.web.advisor import answer

    body: dict[str, Any] = {"game": "deberts", "seat": 0, "dealer": 1, "level": "easy",
                            "seed": 0, "options": "", "lang": lang, "deals": []}

    def typed(text: str) -> dict[str, Any]:
        status, out = answer({**body, "typed": text})
        assert status == 200, out
        body["deals"] = out["deals"]
        return out

    typed(hand)
    assert body["deals"] == [["hand SA SK SQ D7 D8 H10 up H9"]]
    typed(bid)
    typed(take)
    typed(more)
    assert body["deals"][0][1:] == ["0 pass", "1 trump H", "more HA S7 C8 bottom CA"]
    out = typed(card)  # the person leads: the ace of spades, read in their words
    assert body["deals"][0][-1] == "0 SA", out
    undo = {"en": "undo", "fr": "annuler", "es": "deshacer", "de": "zurück", "ru": "отмена"}
    typed(undo[lang])
    assert body["deals"][0][-1] == "more HA S7 C8 bottom CA"
    status, out = answer({**body, "typed": "valet de cœur" if lang == "fr" else "HJ"})
    assert status == 422 and out["error"] and out["deals"] == body["deals"]
