"""Differential check of Belote against belote-cli 4.9.6 (``belote.game``).

Thousands of seeded random deals are played in lockstep by atout's ``BeloteDeal`` and
belote-cli's pure state functions (``place_bid``, ``legal_cards``, ``play_card``): the
same cards in every hand, the same dealer, the same bids (round one: pass or take the
turned suit; round two: pass or one of the three other suits) and the same cards. At
every card the sets of legal cards are compared; after every trick its winner and the
card points of both teams (the last trick's 10 included); the holder of the trump king
and queen (belote) must be the same; a deal thrown in by eight passes must be thrown in
by both.

Where the rules are the same: classic Belote with a trump suit, atout's default
options (undertrumping on: a player who cannot follow, whose partner is not winning
the trick and who cannot go over the best trump, must still play a lower trump).
belote-cli also knows Sans Atout, Tout Atout, the coinche and the boss modifiers of its
BelAtro mode; none of them is bid here. Its scoring of a deal is not compared, because
its rules differ there, by choice rather than by error: its capot is worth 252 (atout:
250, as RULES.md rules); a run longer than five counts as one quinte, with nothing cut
off below it (atout cuts 8 into a quinte and a tierce); a four of a kind and a run may
share cards (atout keeps the disjoint set worth the most); and a tie between
announcements goes to the first seat from the taker on (atout: from the first player).

belote-cli is not a dependency of atout: this module is skipped unless it is
installed, as it is in the peers' environment (``python benchmarks/peers.py --tests``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip(
    "belote.game", reason="belote-cli is not installed (python benchmarks/peers.py --tests)"
)

from belote import game as bg
from belote.deck import CARD_SUITS, make_deck
from belote.deck import card_points as bc_card_points

from atout.cards import DECK_32, SUIT_MASK, Card, Suit
from atout.games.actions import Pass, Trump, play
from atout.games.belote import POINTS, BeloteDeal
from peer_convert import (
    belote_cli_deck,
    belote_cli_mask,
    belote_cli_suit,
    from_belote_cli_card,
    to_belote_cli_card,
)

DEALS = 3000


def start(deal: BeloteDeal, rng: random.Random) -> Any:
    """belote-cli's state at the start of the bidding of the same deal (what
    ``start_round`` does, with atout's cards instead of its own shuffle)."""
    state = bg.new_game(1000)
    state = bg.reset_round_fields(state, dealer=bg.Seat(deal.dealer))
    hands, up, rest = bg.deal_cards(tuple(belote_cli_deck(deal.deck, deal.dealer)))
    first = bg.Seat(deal.dealer).next_seat()
    return bg.reset_round_fields(
        state,
        hands=hands,
        initial_hands=hands,
        leader=first,
        turn=first,
        phase=bg.Phase.BIDDING,
        up_card=up,
        remaining_cards=rest,
        bidding_round=1,
        belote_holders={},
        _rng=rng,
    )


def play_lockstep(deals: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    stats: Counter[str] = Counter()
    bg.clear_legal_cards_cache()
    for n in range(deals):
        deal = BeloteDeal(seed=seed * 1_000_003 + n, dealer=rng.randrange(4))
        st = start(deal, random.Random(n))
        for seat in range(4):
            assert belote_cli_mask(st.hands[seat]) == deal.hands[seat]
        assert from_belote_cli_card(st.up_card) == deal.turned
        # the bidding: the same random bid in both
        while deal.phase == "bidding":
            assert st.phase is bg.Phase.BIDDING
            assert st.turn.value == deal.current_player()
            actions = deal.legal_actions()
            action = actions[rng.randrange(len(actions))]
            deal.apply(action)
            if isinstance(action, Pass):
                st = bg.place_bid(st, None)
            else:
                assert isinstance(action, Trump)
                st = bg.place_bid(st, belote_cli_suit(action.suit))
            stats["bids"] += 1
        if deal.is_over:
            assert st.phase is bg.Phase.DEAL  # thrown in by both
            stats["thrown in"] += 1
            continue
        assert st.phase is bg.Phase.PLAYING
        assert st.trump == belote_cli_suit(deal.trump)
        assert st.taker is not None and st.taker.value == deal.taker
        for seat in range(4):
            assert belote_cli_mask(st.hands[seat]) == deal.hands[seat]
        holder = st.belote_holders.get(st.trump)  # trump king and queen in one hand
        assert (-1 if holder is None else holder.value) == deal.belote_seat
        stats["deals played"] += 1
        stats["belote held"] += holder is not None
        while not deal.is_over:
            seat = deal.current_player()
            assert seat is not None and st.turn.value == seat
            ours = deal.legal_mask()
            theirs = belote_cli_mask(bg.legal_cards(st, st.turn))
            stats["decisions"] += 1
            stats[_situation(deal)] += 1
            assert ours == theirs, _describe(deal, ours, theirs)
            cards = [c for c in range(36) if ours >> c & 1]
            card = cards[rng.randrange(len(cards))]
            done = len(deal.tricks)
            deal.apply(play(Card(card)))
            st = bg.play_card(st, to_belote_cli_card(card))
            if len(deal.tricks) > done:
                stats["tricks"] += 1
                *_, winner = deal.tricks[-1]
                assert st.last_trick_winner.value == winner
                captured = list(deal.captured)
                if len(deal.tricks) == 8:  # atout adds the last trick's 10 when scoring
                    captured[winner % 2] += 10
                assert tuple(st.current_round_points) == tuple(captured)
        assert st.phase is bg.Phase.SCORING
    return stats


def _situation(deal: BeloteDeal) -> str:
    """Which rule decides the legal cards of the player to act (for coverage)."""
    trick, hand, trump = deal.trick, deal.hands[deal.turn], deal.trump
    if not trick:
        return "lead"
    led = trick[0] // 9
    trumps = hand & SUIT_MASK[trump]
    if hand & SUIT_MASK[led]:
        return "trump lead, trump held" if led == trump else "follow suit"
    if deal.best_seat == (deal.turn + 2) % 4:
        return "void, partner winning"
    if not trumps:
        return "void, no trump"
    best = deal.best
    if best // 9 == trump and not trumps & _above(best):
        return "void, must undertrump"
    return "void, must (over)trump"


def _above(card: int) -> int:
    order = (0, 1, 2, 7, 5, 8, 3, 4, 6)  # trump order by rank 6..A: 7 8 Q K 10 A 9 J
    suit = card // 9
    return sum(
        1 << (9 * suit + r) for r in range(1, 9) if order[r] > order[card % 9]
    )


def _describe(deal: BeloteDeal, ours: int, theirs: int) -> str:
    names = lambda mask: " ".join(Card(c).name for c in range(36) if mask >> c & 1)  # noqa: E731
    trick = " ".join(Card(c).name for c in deal.trick)
    return (
        f"trump {Suit(deal.trump).name}, trick [{trick}], hand {names(deal.hands[deal.turn])}: "
        f"atout allows {names(ours)}, belote-cli {names(theirs)}"
    )


def test_converters_agree_with_belote_cli() -> None:
    """Every card of the 32 round-trips, and the card values agree for every trump."""
    deck = make_deck()
    assert {from_belote_cli_card(c) for c in deck} == set(DECK_32)
    for card in DECK_32:
        assert from_belote_cli_card(to_belote_cli_card(card)) == card
        assert repr(to_belote_cli_card(card)) == f"{card.rank.code}{card.suit.symbol}"
    for suit in Suit:
        trump = belote_cli_suit(suit)
        assert trump in CARD_SUITS
        for card in DECK_32:
            assert bc_card_points(to_belote_cli_card(card), trump) == POINTS[suit][card]


def test_converted_deck_deals_the_same_hands() -> None:
    for n in range(50):
        deal = BeloteDeal(seed=n, dealer=n % 4)
        st = start(deal, random.Random(n))
        for seat in range(4):
            assert belote_cli_mask(st.hands[seat]) == deal.hands[seat]
        assert from_belote_cli_card(st.up_card) == deal.turned


def test_differential_legality_against_belote_cli() -> None:
    stats = play_lockstep(DEALS, seed=6)
    assert stats["deals played"] + stats["thrown in"] == DEALS
    assert stats["decisions"] == 32 * stats["deals played"]
    assert stats["tricks"] == 8 * stats["deals played"]
    for situation in (
        "lead",
        "follow suit",
        "trump lead, trump held",
        "void, partner winning",
        "void, no trump",
        "void, must undertrump",
        "void, must (over)trump",
    ):
        assert stats[situation] > 100, situation
    print(
        f"\nbelote-cli differential: {DEALS} deals ({stats['deals played']} played, "
        f"{stats['thrown in']} thrown in), {stats['bids']} bids, {stats['decisions']} card "
        f"decisions, {stats['tricks']} tricks, belote held in {stats['belote held']}; "
        "no difference. Decisions by rule: "
        + ", ".join(
            f"{k} {v}"
            for k, v in sorted(stats.items())
            if k.startswith(("lead", "follow", "trump", "void"))
        )
    )

