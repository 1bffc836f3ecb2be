"""atout's bots against the peers' best bots, in duplicate, refereed by atout.

    python benchmarks/peer_bots.py schieber --bot expert --boards 500  # vs ChallengePlayer
    python benchmarks/peer_bots.py belote --bot expert --boards 500    # vs belote-cli Hard
    python benchmarks/peer_bots.py schieber --boards 4 --bot medium   # a quick try
    python benchmarks/peer_bots.py --tests                            # adapter tests, peers in
    python benchmarks/peer_bots.py schieber --set worlds=80 --compare expert.jsonl  # a variant

The peers run in a virtual environment of their own, ``benchmarks/.peer-bots-venv``
(git-ignored; made on the first run and remade when the pins change), never as
dependencies of atout: ``schieber`` 0.1.10 (its rule-based ``ChallengePlayer``) and
``belote-cli`` 4.9.6 (its ``Hard`` AI), pinned, with atout installed there from the
working tree (editable, with its ``search`` extra, so the search bots are compiled).
Run from any interpreter, the script re-runs itself in that environment (with
``PYTHONHASHSEED=0``, so a seed gives the same match).

atout's engine referees every deal. A peer bot is wrapped as an atout bot
(:class:`ChallengeBot`, :class:`BeloteCliBot`): for each decision it builds the peer's
own input from the seat's atout *view* alone (the seat's hand, the public cards and
actions; never another hand), asks the peer, and maps its answer back to an atout
action. An answer outside ``view.legal_actions`` is counted and reported (and
replaced by the peer's next choice that is legal, else atout's first legal action);
the deal itself then goes through atout's checked ``apply``.

The boards are those of ``atout arena`` for the same seed (``atout.arena``'s board
seeds and dealers): every board is played twice with the same cards, atout's bot in
the seats of team 0 and then of team 1. Each finished board is appended to a JSON
lines log (``--log``); a run started again with the same log and settings goes on
from the boards already there.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from peers import make_venv

from atout.arena import ArenaResult, BoardResult, _board_seed, play_deal
from atout.bots.base import Bot, make_bot
from atout.cards import Card, Suit
from atout.games.actions import Action, NoTrump, Pass, Play, Push, Trump
from atout.kits import get_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".peer-bots-venv"
PINS = ("schieber==0.1.10", "belote-cli==4.9.6")

#: The atout options each peer's rules agree with (see docs/bots.md).
OPTIONS = {
    "schieber": "schieber(stoeck=false,undenufe_values=modern,weis=false)",
    "belote": "belote",
}
PEERS = {"schieber": "challenge", "belote": "belote-cli-hard"}


# -- the virtual environment -----------------------------------------------------------
def ensure_venv(*, tests: bool = False) -> Path:
    """Make (or reuse) the peer bots' environment; return its interpreter. atout comes
    with its ``search`` extra (numba, numpy: the schieber package imports numpy without
    declaring it)."""
    return make_venv(VENV, PINS, ["-e", f"{ROOT}[search]"], tests=tests, quiet=True)


def peers_importable() -> bool:
    return all(importlib.util.find_spec(m) is not None for m in ("schieber", "belote"))


# -- translation, without the peers (tested on its own) ------------------------------------
#: atout suit (C D H S) -> the schieber package's suit: Eicheln, Schellen, Rosen, Schilten.
SCHIEBER_SUITS = ("ACORN", "BELL", "ROSE", "SHIELD")
#: The schieber package's names of the values 6..14 (10 Banner, 11 Under, 12 Ober ...).
SCHIEBER_NAMES = {6: "6", 7: "7", 8: "8", 9: "9", 10: "Banner", 11: "Under", 12: "Ober",
                  13: "Koennig", 14: "Ass"}
#: atout Schieber contract index (0..3 trump C D H S, 4 Obenabe, 5 Undenufe) -> Trumpf name.
SCHIEBER_TRUMPF = (*SCHIEBER_SUITS, "OBE_ABE", "UNDE_UFE")


def schieber_card(card: Card | int) -> tuple[str, int]:
    """The schieber package's (suit name, value) of an atout card (6 is value 6)."""
    suit, rank = divmod(int(card), 9)
    return SCHIEBER_SUITS[suit], rank + 6


def schieber_card_str(card: Card | int) -> str:
    """The package's string of a card, as in its state dicts (``<ROSE:Banner>``)."""
    suit, value = schieber_card(card)
    return f"<{suit}:{SCHIEBER_NAMES[value]}>"


def from_schieber_card(suit: str, value: int) -> Card:
    return Card(SCHIEBER_SUITS.index(suit) * 9 + int(value) - 6)


def schieber_contract_action(trumpf: str) -> Action:
    """The atout action of the package's trump choice (``SCHIEBEN`` is a push)."""
    if trumpf == "SCHIEBEN":
        return Push()
    if trumpf == "OBE_ABE":
        return NoTrump("obenabe")
    if trumpf == "UNDE_UFE":
        return NoTrump("undenufe")
    return Trump(Suit(SCHIEBER_SUITS.index(trumpf)))


def schieber_trumpf_name(view: Any) -> str:
    """The package's name of the contract in a Schieber view."""
    contract = view.contract
    if isinstance(contract, Trump):
        return SCHIEBER_TRUMPF[int(contract.suit)]
    return "OBE_ABE" if contract.mode == "obenabe" else "UNDE_UFE"


def played_cards(view: Any) -> list[tuple[int, int, int, Card]]:
    """Every card played so far in a view, in order: (trick, position, seat, card)."""
    out = []
    for t, trick in enumerate((*view.tricks, view.trick)):
        for pos, (seat, card) in enumerate(trick):
            out.append((t, pos, seat, card))
    return out


def schieber_status(view: Any, trick: int, position: int) -> dict[str, Any]:
    """The package's ``Game.get_status()`` dict at the moment the card at (``trick``,
    ``position``) is about to be played (or reported to the players), from a view."""
    name = schieber_trumpf_name(view)
    stiche = []
    for t in range(trick):
        cards = view.tricks[t]
        stiche.append({
            "player_id": view.trick_winners[t],
            "trumpf": name,
            "played_cards": [
                {"player_id": s, "card": schieber_card_str(c)} for s, c in cards
            ],
        })
    current = view.tricks[trick] if trick < len(view.tricks) else view.trick
    return {
        "stiche": stiche,
        "trumpf": name,
        "geschoben": bool(view.pushed),
        "point_limit": 1500,
        "table": [
            {"player_id": s, "card": schieber_card_str(c)} for s, c in current[:position]
        ],
        "teams": [{"points": 0}, {"points": 0}],
    }


def schieber_role(view: Any) -> str:
    """The role the ChallengePlayer gives itself in the first trick (kept for the deal):
    from its place in that trick, which forehand leads."""
    place = (view.seat - view.forehand) % 4
    if place == 0:
        return "Partner" if view.pushed else "Trumpf"
    if place == 2:
        return "Trumpf" if view.pushed else "Partner"
    return "Off"


def belote_bidding(view: Any) -> tuple[int, int]:
    """(bidding round 1 or 2, index of the bidder in that round) of a Belote view."""
    done = len(view.bids)
    return (1, done) if done < 4 else (2, done - 4)


# -- the peer bots as atout bots -------------------------------------------------------
class PeerBot(Bot):
    """An atout bot that asks a peer's bot; counts its answers and any illegal one."""

    name = "peer"
    #: Process-wide counts: decisions asked and illegal answers, per peer bot name.
    asked: ClassVar[Counter[str]] = Counter()
    illegal: ClassVar[Counter[str]] = Counter()
    illegal_examples: ClassVar[list[str]] = []

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        # the order of a hand: the peers keep their cards in the order dealt, which the
        # view does not give; a random order per deal (seeded) stands for it
        order = list(range(36))
        self.rng.shuffle(order)
        self._place = {c: i for i, c in enumerate(order)}

    def ordered(self, cards: Any) -> list[Card]:
        return sorted((Card(int(c)) for c in cards), key=lambda c: self._place[int(c)])

    def checked(self, view: Any, answers: Sequence[Action], what: str) -> Action:
        """The first of the peer's answers that is legal; the first counts alone."""
        type(self).asked[self.name] += 1
        legal = view.legal_actions
        if answers and answers[0] in legal:
            return answers[0]
        type(self).illegal[self.name] += 1
        if len(type(self).illegal_examples) < 20:
            type(self).illegal_examples.append(
                f"{self.name} seat {view.seat}: {what} -> {answers[0] if answers else None}, "
                f"legal {[str(a) for a in legal]}"
            )
        for a in answers[1:]:
            if a in legal:
                return a
        return legal[0]  # type: ignore[no-any-return]


class ChallengeBot(PeerBot):
    """The ``schieber`` package's rule-based ChallengePlayer, asked through its own API
    (``choose_trumpf``, ``move_made``, ``choose_card`` with ``Game.get_status`` dicts)."""

    name = "challenge"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._player: Any = None
        self._fed: list[tuple[int, int, int, Card]] = []
        self._key: tuple[Any, ...] | None = None
        #: The player's own seed: its random fallback reseeds the global random module.
        self.player_seed = self.rng.getrandbits(32)

    def _new_player(self, seat: int, hand: Sequence[Card]) -> Any:
        from schieber.card import Card as SCard
        from schieber.player.challenge_player.challenge_player import ChallengePlayer
        from schieber.suit import Suit as SSuit

        player = ChallengePlayer(name=f"atout-peer-{seat}", seed=self.player_seed)
        player.id = seat  # ids are seats in playing order, as its Tournament numbers them
        for c in hand:
            suit, value = schieber_card(c)
            player.set_card(SCard(SSuit[suit], value))  # the strategy starts at 9 cards
        return player

    def choose(self, view: Any) -> Action:
        if view.phase == "choosing":
            player = self._new_player(view.seat, self.ordered(view.hand))
            gen = player.choose_trumpf(geschoben=bool(view.pushed))
            trumpf = next(gen)
            return self.checked(view, [schieber_contract_action(trumpf.name)], "contract")
        return self.checked(view, self._play(view), "card")

    def _play(self, view: Any) -> list[Action]:
        from schieber.card import Card as SCard
        from schieber.suit import Suit as SSuit

        events = played_cards(view)
        mine = [c for _, _, s, c in events if s == view.seat]
        key = (view.seat, int(view.hand.mask) | sum(1 << int(c) for c in mine),
               str(view.contract), view.pushed)
        if self._key != key or events[: len(self._fed)] != self._fed:
            initial = self.ordered([*view.hand, *mine])
            self._player = self._new_player(view.seat, initial)
            self._key, self._fed = key, []
        player = self._player
        for t, pos, seat, card in events[len(self._fed):]:
            suit, value = schieber_card(card)
            scard = SCard(SSuit[suit], value)
            if seat == view.seat:
                player.cards.remove(scard)
            # as the Game reports a card: after it left the hand, before it joins the table
            player.move_made(seat, scard, schieber_status(view, t, pos))
            self._fed.append((t, pos, seat, card))
        player.role = schieber_role(view)
        trick_no = len(view.tricks)
        gen = player.choose_card(state=schieber_status(view, trick_no, len(view.trick)))
        answers: list[Action] = [Play(from_schieber_card(*_suit_value(next(gen))))]
        # what it would play next if the first were refused (its own loop asks again)
        for alt in player.allowed_cards(schieber_status(view, trick_no, len(view.trick))):
            answers.append(Play(from_schieber_card(*_suit_value(alt))))
        return answers


def _suit_value(card: Any) -> tuple[str, int]:
    return card.suit.name, int(card.value)


class BeloteCliBot(PeerBot):
    """belote-cli's ``AIPlayer`` at the Hard level, asked through its own API
    (``decide_bid``; ``update_memory`` and ``decide_card``) with a ``GameState`` built
    from the view: the seat's own hand only, the partner's hand hidden (its AI reads the
    partner's cards otherwise), no Tout Atout or Sans Atout bid (atout's Belote has
    neither), no coinche (nor that)."""

    name = "belote-cli-hard"
    difficulty = "hard"

    def _ai(self, view: Any) -> Any:
        return classic_ai(view.seat, self.difficulty, self.decision_rng(view))

    def decision_rng(self, view: Any) -> random.Random:
        """The AI's random source for one decision (its bids draw a "personality")."""
        return random.Random(f"{self.seed}:{len(view.history)}")

    def state(self, view: Any) -> Any:
        """belote-cli's ``GameState`` of a view (what the seat knows, nothing else)."""
        from belote.deck import Card as BCard
        from belote.deck import Contract, Rank
        from belote.deck import Suit as BSuit
        from belote.game import BossModifiers, GameState, Phase, Seat, TrickCard

        def bcard(c: Card) -> Any:
            return BCard(BSuit[c.suit.name], Rank[c.rank.name])

        hands: list[tuple[Any, ...]] = [(), (), (), ()]
        hands[view.seat] = tuple(bcard(c) for c in self.ordered(view.hand))
        dealer = Seat(view.dealer)
        hidden = BossModifiers(hide_partner_hand=True)
        if view.phase == "bidding":
            rnd, index = belote_bidding(view)
            return GameState(
                hands=tuple(hands),
                dealer=dealer,
                leader=dealer.next_seat(),
                turn=Seat(view.seat),
                phase=Phase.BIDDING,
                bids=(None,) * index,
                up_card=bcard(view.turned),
                bidder_index=index,
                bidding_round=rnd,
                boss_modifiers=hidden,
            )

        def trick(cards: Any) -> tuple[Any, ...]:
            return tuple(TrickCard(Seat(s), bcard(c)) for s, c in cards)

        leader = view.trick[0][0] if view.trick else view.seat  # asked on its turn
        return GameState(
            hands=tuple(hands),
            trump=BSuit[view.trump.name],
            contract=Contract.NORMAL,
            dealer=dealer,
            leader=Seat(leader),
            turn=Seat(view.seat),
            phase=Phase.PLAYING,
            taker=Seat(view.taker),
            current_trick=trick(view.trick),
            completed_tricks=tuple(trick(t) for t in view.tricks),
            first_trick_done=bool(view.tricks),
            boss_modifiers=hidden,
        )

    def choose(self, view: Any) -> Action:
        ai = self._ai(view)
        state = self.state(view)
        if view.phase == "bidding":
            bid = ai.decide_bid(state)
            action: Action = Pass() if bid is None else Trump(Suit[bid.name])
            return self.checked(view, [action], "bid")
        ai.update_memory(state)
        card = ai.decide_card(state)
        from belote.game import legal_cards

        answers = [Play(Card.of(Suit[card.suit.name], _rank(card)))]
        answers += [Play(Card.of(Suit[c.suit.name], _rank(c)))
                    for c in legal_cards(state, state.turn)]
        return self.checked(view, answers, "card")


def classic_ai(seat: int, difficulty: str, rng: random.Random) -> Any:
    """belote-cli's AIPlayer for a seat, with the rules atout's Belote shares: no Tout
    Atout or Sans Atout bid, no coinche."""
    from belote.ai import AIPlayer, Difficulty
    from belote.game import Seat

    class ClassicAI(AIPlayer):  # type: ignore[misc]
        def _special_bid(self, hand: Any, state: Any) -> Any:
            return None  # Tout Atout / Sans Atout: not in atout's Belote

        def decide_coinche(self, state: Any) -> bool:
            return False

    return ClassicAI(Seat(seat), Difficulty(difficulty), rng=rng)


def _rank(card: Any) -> Any:
    from atout.cards import Rank

    return Rank[card.rank.name]


PEER_BOTS: dict[str, type[PeerBot]] = {"challenge": ChallengeBot, "belote-cli-hard": BeloteCliBot}


# -- duplicate ---------------------------------------------------------------------------
class Timed(Bot):
    """Delegates to a bot and adds up the time of its decisions (those with a choice)."""

    def __init__(self, bot: Bot, clock: dict[str, list[float]], key: str) -> None:
        super().__init__(bot.seed)
        self.bot, self.clock, self.key = bot, clock, key
        self.name = bot.name

    def choose(self, view: Any) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        if len(view.legal_actions) > 1:
            self.clock.setdefault(self.key, []).append(time.perf_counter() - start)
        return action

    def evaluate(self, view: Any) -> list[tuple[Action, float]]:
        return self.bot.evaluate(view)


@dataclass
class Match:
    """A duplicate match of an atout bot (A) against a peer bot (B)."""

    game: str
    bot: str
    peer: str
    seed: int = 0
    options: str = ""
    boards: list[BoardResult] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    #: Per board, the contract's factor in each play (Schieber; 1 elsewhere).
    factors: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: Attributes set on atout's bot after it is made (``--set``): a variant to try.
    settings: dict[str, Any] = field(default_factory=dict)

    def make(self, name: str, seed: int) -> Bot:
        if name in PEER_BOTS:
            return PEER_BOTS[name](seed)
        bot = make_bot(self.game, name, seed=seed)
        for attr, value in self.settings.items():
            if not hasattr(bot, attr):
                raise SystemExit(f"--set: {name} has no attribute {attr!r}")
            setattr(bot, attr, value)
        return bot

    def play_board(self, board: int) -> BoardResult:
        """As ``atout.arena.play_board``: the same deal, dealer and bot seeds."""
        info = get_game(self.game)
        opts = info.options.parse(self.options) if self.options else info.options()
        deal_seed = _board_seed(self.seed, board)
        dealer = board % info.num_players
        a_pts: list[int] = []
        b_pts: list[int] = []
        factors: list[int] = []
        for orientation in (0, 1):
            bots: list[Bot] = []
            for seat in range(info.num_players):
                a_here = (seat % 2 == 0) == (orientation == 0)
                name = self.bot if a_here else self.peer
                bot = self.make(name, deal_seed ^ (seat + 1) * 7919 + orientation)
                bots.append(Timed(bot, self.times, "A" if a_here else "B"))
            result = play_deal(info.deal(seed=deal_seed, dealer=dealer, options=opts), bots)
            recorded = result.recorded if result.played else (0, 0)
            a_team = 0 if orientation == 0 else 1
            a_pts.append(recorded[a_team])
            b_pts.append(recorded[1 - a_team])
            factors.append(int(getattr(result, "factor", 1)))
        self.factors[board] = (factors[0], factors[1])
        return BoardResult(board, (a_pts[0], a_pts[1]), (b_pts[0], b_pts[1]))

    def unmultiplied_share(self) -> float:
        """A's share of the points with each deal's points divided by its factor."""
        a = b = 0.0
        for r in self.boards:
            f = self.factors.get(r.board, (1, 1))
            a += r.a_points[0] / f[0] + r.a_points[1] / f[1]
            b += r.b_points[0] / f[0] + r.b_points[1] / f[1]
        return a / (a + b) if a + b else 0.5

    @property
    def result(self) -> ArenaResult:
        ordered = tuple(sorted(self.boards, key=lambda b: b.board))
        return ArenaResult(self.game, self.bot, self.peer, ordered)

    def report(self) -> str:
        r = self.result
        lines = [r.summary()]
        if any(f != (1, 1) for f in self.factors.values()):
            lines.append(f"  A's share of the points before the factor: "
                         f"{self.unmultiplied_share():.1%}")
        for side, label in (("A", self.bot), ("B", self.peer)):
            t = sorted(self.times.get(side, []))
            if t:
                lines.append(
                    f"  {label}: {len(t)} decisions timed, median {t[len(t) // 2]:.3f} s, "
                    f"90th percentile {t[int(len(t) * 0.9)]:.3f} s, worst {t[-1]:.2f} s"
                )
        peer = self.peer
        lines.append(
            f"  {peer}: {PeerBot.asked[peer]} answers checked, "
            f"{PeerBot.illegal[peer]} illegal"
        )
        lines.extend(f"    {e}" for e in PeerBot.illegal_examples)
        return "\n".join(lines)


def settings(items: Sequence[str]) -> dict[str, Any]:
    """``--set NAME=VALUE`` items as attributes (values are Python literals:
    ``worlds=40``, ``bids_by_rules=frozenset()``, ``depth={'schieber': (4, 5)}``)."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep:
            raise SystemExit(f"--set {item!r}: NAME=VALUE")
        out[name] = frozenset() if text == "frozenset()" else ast.literal_eval(text)
    return out


def load_boards(path: Path) -> dict[int, BoardResult]:
    """The boards of a match log, by number."""
    boards = {}
    for line in path.read_text().splitlines()[1:]:
        row = json.loads(line)
        boards[row["board"]] = BoardResult(
            row["board"], (row["a"][0], row["a"][1]), (row["b"][0], row["b"][1])
        )
    return boards


def paired_change(match: Match, other: dict[int, BoardResult]) -> str:
    """This match against another bot's log on the same boards: the mean change of A - B
    per deal, board by board, with its 95% interval (the same cards both times, so the
    luck of the deal cancels)."""
    changes = [b.advantage - other[b.board].advantage for b in match.boards if b.board in other]
    if len(changes) < 2:
        return "  compared: fewer than two boards in common"
    mean = statistics.fmean(changes)
    half = 1.96 * statistics.stdev(changes) / len(changes) ** 0.5
    return (
        f"  against the compared log, {len(changes)} boards in common: A - B per deal "
        f"{mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"
    )


def run(args: argparse.Namespace) -> Match:
    game = args.game
    peer = args.peer or PEERS[game]
    options = OPTIONS[game] if args.options is None else args.options
    variant = getattr(args, "set", None) or []
    match = Match(game, args.bot, peer, args.seed, options, settings=settings(variant))
    log = Path(args.log) if args.log else None
    header: dict[str, Any] = {
        "game": game, "bot": args.bot, "peer": peer, "seed": args.seed, "options": options,
    }
    if variant:
        header["set"] = sorted(variant)
    if log and log.exists() and log.stat().st_size:
        lines = log.read_text().splitlines()
        if json.loads(lines[0]) != header:
            raise SystemExit(f"{log} holds another match: {lines[0]}")
        for line in lines[1:]:
            row = json.loads(line)
            match.boards.append(
                BoardResult(row["board"], (row["a"][0], row["a"][1]), (row["b"][0], row["b"][1]))
            )
            f = row.get("factors", (1, 1))
            match.factors[row["board"]] = (f[0], f[1])
            PeerBot.illegal[peer] += row.get("illegal", 0)
            PeerBot.asked[peer] += row.get("asked", 0)
        print(f"resuming: {len(match.boards)} boards in {log}", flush=True)
    elif log:
        log.write_text(json.dumps(header) + "\n")
    done = {b.board for b in match.boards}
    print(f"{game}: {args.bot} vs {peer}, options {options}, seed {args.seed}", flush=True)
    from atout.bots.warm import COMPILED, warm_up

    if COMPILED:  # as atout play does before a player's first move: not a decision's time
        print(f"search kernels loaded in {warm_up():.1f} s", flush=True)
    start = time.perf_counter()
    played = 0
    for board in range(args.boards):
        if board in done:
            continue
        asked, illegal = PeerBot.asked[peer], PeerBot.illegal[peer]
        b = match.play_board(board)
        match.boards.append(b)
        played += 1
        if log:
            with log.open("a") as f:
                f.write(json.dumps({
                    "board": b.board, "a": b.a_points, "b": b.b_points,
                    "factors": match.factors[b.board],
                    "asked": PeerBot.asked[peer] - asked,
                    "illegal": PeerBot.illegal[peer] - illegal,
                }) + "\n")
        if args.every and (len(match.boards) % args.every == 0 or board == args.boards - 1):
            r = match.result
            low, high = r.confidence_interval
            per_board = (time.perf_counter() - start) / played
            print(
                f"  {len(match.boards)}/{args.boards} boards: A-B {r.difference:+.1f} per deal "
                f"[{low:+.1f}, {high:+.1f}], A's points {r.points_share:.1%}, "
                f"win rate {r.win_rate:.1%}, illegal {PeerBot.illegal[peer]}; "
                f"{per_board:.1f} s a board",
                flush=True,
            )
    print(match.report(), flush=True)
    if getattr(args, "compare", None):
        print(paired_change(match, load_boards(Path(args.compare))), flush=True)
    return match


def run_tests(python: Path, extra: list[str]) -> int:
    command = [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "tests/test_peer_bots.py", *extra]
    print(" ".join(command), file=sys.stderr)
    return subprocess.run(command, cwd=str(ROOT)).returncode


def arguments() -> argparse.ArgumentParser:
    """The command line (``oracle.py`` passes its matches through it too)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=("schieber", "belote"))
    parser.add_argument("--bot", default="expert", help="atout's bot (expert)")
    parser.add_argument("--peer", default=None, help=f"the peer bot ({', '.join(PEER_BOTS)})")
    parser.add_argument("--boards", type=int, default=500, help="boards, two deals each (500)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default=None, help="atout options (the shared rules)")
    parser.add_argument("--log", default=None, help="JSON lines log of the boards (resumable)")
    parser.add_argument("--every", type=int, default=10, help="progress every N boards (10)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="an attribute of atout's bot to change (a variant), repeatable")
    parser.add_argument("--compare", default=None, metavar="LOG",
                        help="another match's log: the change per deal, board by board")
    parser.add_argument("--tests", nargs=argparse.REMAINDER,
                        help="run tests/test_peer_bots.py in the peers' venv")
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = arguments()
    args = parser.parse_args(argv)
    if args.tests is None and args.game is None:
        parser.error("name a game (schieber or belote) or --tests")
    here_ok = peers_importable() and os.environ.get("PYTHONHASHSEED") == "0"
    if args.tests is not None or not here_ok:
        python = ensure_venv(tests=args.tests is not None)
        if args.tests is not None:
            sys.exit(run_tests(python, args.tests))
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]], env)
    run(args)


if __name__ == "__main__":
    main()
