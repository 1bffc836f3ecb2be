"""The peer-bot adapters of ``benchmarks/peer_bots.py``.

The translation (cards, contracts, the schieber package's state dicts, belote-cli's
bidding round) is tested without the peers. With the peers installed (``python
benchmarks/peer_bots.py --tests`` runs this module in their environment), each adapter
is checked in lockstep against the peer's own engine: the same deal played by four
peer bots through atout (each asked through its adapter, from atout's views) and by
the peer's own game loop gives the same contract and the same cards.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from atout.cards import Card, Suit
from atout.games.actions import NoTrump, Pass, Play, Push, Trump
from atout.games.belote import BeloteDeal
from atout.games.schieber import SchieberDeal, SchieberOptions

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import peer_bots as pb

SHARED = SchieberOptions.parse(pb.OPTIONS["schieber"])


def test_schieber_cards() -> None:
    assert pb.schieber_card(Card.parse("C6")) == ("ACORN", 6)
    assert pb.schieber_card(Card.parse("HJ")) == ("ROSE", 11)
    assert pb.schieber_card_str(Card.parse("H10")) == "<ROSE:Banner>"
    assert pb.schieber_card_str(Card.parse("SA")) == "<SHIELD:Ass>"
    assert pb.schieber_card_str(Card.parse("D9")) == "<BELL:9>"
    for c in range(36):
        assert pb.from_schieber_card(*pb.schieber_card(c)) == Card(c)


def test_schieber_contracts() -> None:
    assert pb.schieber_contract_action("SCHIEBEN") == Push()
    assert pb.schieber_contract_action("OBE_ABE") == NoTrump("obenabe")
    assert pb.schieber_contract_action("UNDE_UFE") == NoTrump("undenufe")
    assert pb.schieber_contract_action("ROSE") == Trump(Suit.HEARTS)
    assert pb.schieber_contract_action("ACORN") == Trump(Suit.CLUBS)


def test_shared_schieber_options() -> None:
    assert not SHARED.weis and not SHARED.stoeck and SHARED.undenufe_values == "modern"


def played(deal: SchieberDeal, actions: list[str]) -> SchieberDeal:
    for a in actions:
        if a == "push":
            deal.apply(Push())
        elif a == "obenabe":
            deal.apply(NoTrump("obenabe"))
        elif a.startswith("trump "):
            deal.apply(Trump(Suit("CDHS".index(a[-1]))))
        else:
            deal.apply(Play(Card.parse(a)))
    return deal


def test_schieber_status_from_a_view() -> None:
    deal = SchieberDeal(seed=5, dealer=3, options=SHARED)  # forehand 0
    deal.apply(Push())
    deal.apply(Trump(Suit.HEARTS))
    for _ in range(6):  # a trick and two cards
        deal.apply(deal.legal_actions()[0])
    view = deal.view(deal.current_player() or 0)
    events = pb.played_cards(view)
    assert [(t, p) for t, p, _, _ in events] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)]
    status = pb.schieber_status(view, 1, 2)
    assert status["trumpf"] == "ROSE" and status["geschoben"] is True
    assert len(status["stiche"]) == 1
    first = status["stiche"][0]
    assert first["player_id"] == view.trick_winners[0]
    assert [p["player_id"] for p in first["played_cards"]] == [0, 1, 2, 3]
    assert [p["card"] for p in status["table"]] == [
        pb.schieber_card_str(c) for _, c in view.trick
    ]
    assert pb.schieber_status(view, 0, 1)["table"][0]["player_id"] == 0
    assert pb.schieber_status(view, 0, 0)["stiche"] == []
    # roles of the first trick: forehand pushed, so its partner (seat 2) chose
    roles = {s: pb.schieber_role(deal.view(s)) for s in range(4)}
    assert roles == {0: "Partner", 1: "Off", 2: "Trumpf", 3: "Off"}


def test_belote_bidding_round() -> None:
    deal = BeloteDeal(seed=1, dealer=2)
    assert pb.belote_bidding(deal.view(3)) == (1, 0)
    for _ in range(5):
        deal.apply(Pass())
    assert pb.belote_bidding(deal.view(deal.current_player() or 0)) == (2, 1)


# -- with the peers -------------------------------------------------------------------------
def _needs(module: str) -> None:
    pytest.importorskip(
        module, reason="the peer is not installed (python benchmarks/peer_bots.py --tests)"
    )


@pytest.mark.parametrize("seed", range(30))
def test_challenge_bot_lockstep_with_its_own_game(seed: int) -> None:
    """The package's Game with four ChallengePlayers and atout with four ChallengeBots
    (hands in the same order, the same seeds) choose the same contract and cards."""
    _needs("schieber")
    from schieber.game import Game
    from schieber.player.challenge_player.challenge_player import ChallengePlayer
    from schieber.team import Team

    forehand = seed % 4
    players = [ChallengePlayer(name=f"p{i}", seed=1000 + i) for i in range(4)]
    for i, p in enumerate(players):
        p.id = i
    game = Game(teams=[Team([players[0], players[2]]), Team([players[1], players[3]])],
                point_limit=10**6, seed=seed)
    game.play(start_player_index=forehand, whole_rounds=True)
    deck = game.dealer.deck.cards  # as shuffled: player i got cards i, i + 4, ...
    hands = [[pb.from_schieber_card(c.suit.name, c.value) for c in deck[i::4]] for i in range(4)]
    theirs = [(pc.player.id, pb.from_schieber_card(pc.card.suit.name, pc.card.value))
              for stich in game.stiche for pc in stich.played_cards]

    deal = SchieberDeal.from_hands([" ".join(c.name for c in h) for h in hands],
                                   forehand=forehand, options=SHARED)
    bots = []
    for i in range(4):
        bot = pb.ChallengeBot(seed=i)
        bot.player_seed = 1000 + i
        bot._place = {int(c): k for k, c in enumerate(hands[i])}
        bots.append(bot)
    while not deal.is_over:
        seat = deal.current_player()
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))
    view = deal.view(0)
    assert pb.schieber_trumpf_name(view) == game.trumpf.name
    assert view.pushed == game.geschoben
    ours = [(s, c) for trick in view.tricks for s, c in trick]
    assert ours == theirs
    assert pb.PeerBot.illegal["challenge"] == 0


@pytest.mark.parametrize("seed", range(30))
def test_belote_cli_bot_lockstep_with_its_own_engine(seed: int) -> None:
    """belote-cli's AI asked on its own engine's state (partner's hand hidden, classic
    bids only) and through the adapter, from atout's views, gives the same bids and
    cards; its legal cards are atout's."""
    _needs("belote")
    from dataclasses import replace

    from belote import game as bg

    from peer_convert import belote_cli_mask, belote_cli_suit, from_belote_cli_card
    from test_peers_belote_cli import start

    deal = BeloteDeal(seed=seed, dealer=seed % 4)
    st = start(deal, random.Random(seed))
    st = replace(st, boss_modifiers=bg.BossModifiers(hide_partner_hand=True))
    bots = [pb.BeloteCliBot(seed=i) for i in range(4)]

    def order(bot: Any, cards: Any) -> None:  # the engine's hand order
        bot._place = {int(from_belote_cli_card(c)): k for k, c in enumerate(cards)}

    for i in range(4):
        order(bots[i], st.hands[i])
    while deal.phase == "bidding":
        seat = deal.current_player()
        assert seat is not None and st.turn.value == seat
        view = deal.view(seat)
        bid = pb.classic_ai(seat, "hard", bots[seat].decision_rng(view)).decide_bid(st)
        action = bots[seat].choose(view)
        assert action == (Pass() if bid is None else Trump(Suit[bid.name]))
        deal.apply(action)
        st = bg.place_bid(st, belote_cli_suit(action.suit) if isinstance(action, Trump) else None)
    if deal.is_over:
        return
    for i in range(4):
        order(bots[i], st.hands[i])
    while not deal.is_over:
        seat = deal.current_player()
        assert seat is not None and st.turn.value == seat
        view = deal.view(seat)
        assert belote_cli_mask(bg.legal_cards(st, st.turn)) == deal.legal_mask()
        adapter_state = bots[seat].state(view)
        assert belote_cli_mask(bg.legal_cards(adapter_state, st.turn)) == deal.legal_mask()
        ai = pb.classic_ai(seat, "hard", bots[seat].decision_rng(view))
        ai.update_memory(st)
        card = ai.decide_card(st)
        action = bots[seat].choose(view)
        assert action == Play(from_belote_cli_card(card))
        deal.apply(action)
        st = bg.play_card(st, card)
    assert pb.PeerBot.illegal["belote-cli-hard"] == 0


def test_match_plays_the_arena_boards_and_resumes(tmp_path: Path) -> None:
    """Without the peers: two atout bots through the harness play the boards of
    ``atout.arena`` (same deals, dealers, seeds), and a run resumes from its log."""
    from atout.arena import play_board

    match = pb.Match("belote", "medium", "random", seed=3, options="belote")
    for board in range(3):
        assert match.play_board(board) == play_board("belote", "medium", "random", board, 3)
    log = tmp_path / "boards.jsonl"
    args = argparse.Namespace(
        game="schieber", bot="medium", peer="random", boards=3, seed=1, options=None,
        log=str(log), every=1,
    )
    first = pb.run(args)
    assert len(log.read_text().splitlines()) == 4  # the header and three boards
    args.boards = 4
    again = pb.run(args)
    assert again.result.boards[:3] == first.result.boards
    assert len(again.result.boards) == 4 and set(again.factors) == {0, 1, 2, 3}


def test_variant_settings_and_paired_change(tmp_path: Path) -> None:
    """``--set`` makes a variant of atout's bot (attributes set after it is made; an
    unknown one is refused), and ``--compare`` gives the mean change of A - B per deal
    board by board against another match's log."""
    from atout.arena import BoardResult

    wanted = pb.settings(["worlds=40", "bids_by_rules=frozenset()", "depth={'schieber': (4, 5)}"])
    assert wanted == {"worlds": 40, "bids_by_rules": frozenset(), "depth": {"schieber": (4, 5)}}
    match = pb.Match("schieber", "expert", "challenge", settings=wanted)
    bot: Any = match.make("expert", 1)
    assert bot.worlds == 40 and bot.bids_by_rules == frozenset()
    with pytest.raises(SystemExit):
        pb.Match("schieber", "expert", "challenge", settings={"wrolds": 4}).make("expert", 1)
    with pytest.raises(SystemExit):
        pb.settings(["worlds"])
    log = tmp_path / "other.jsonl"
    log.write_text(
        '{"game": "schieber"}\n'
        '{"board": 0, "a": [100, 50], "b": [60, 90]}\n'
        '{"board": 1, "a": [80, 80], "b": [80, 80]}\n'
    )
    other = pb.load_boards(log)
    assert other[0].advantage == (150 - 150) / 2
    match.boards = [BoardResult(0, (120, 50), (60, 90)), BoardResult(1, (90, 80), (80, 80))]
    text = pb.paired_change(match, other)
    assert "2 boards in common" in text and "+7.5" in text  # (+10 and +5) / 2
