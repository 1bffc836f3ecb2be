"""The advisor's session: a seat's view built from what a person entered at a real table.

The person enters their own cards, the deal's face-up cards, every bid and every card
as it falls (their own and the others'), and what the others announced and showed
(:mod:`atout.advisor.entries`). The session keeps one *world*: a whole deal, every
hidden hand filled in, that agrees with all the entries, replayed through the engine's
own :class:`~atout.games.base.Deal`; the seat's view is that world's ``view(seat)``.
The hidden cards of the world are a filler's choice, and never reach the view: every
fact of a view that depends on a hidden hand (an announcement, a bela, a meld shown)
must equal what was entered, so any two worlds that fit the entries give the same view.
When the view would hold such a fact that was not entered yet (your cards dealt after
the bidding, the melds shown after the first trick), the session asks for it first
(:attr:`Advisor.need`) and shows no view until then.

A new entry is tried on the current world first; when it does not fit (a card the
filler had put in another hand, a play the world's hidden cards make illegal), a new
world is drawn from the last view that had everything entered, with the seat-knowledge
sampler of the bots (:mod:`atout.bots.worlds`: voids shown by the play, melds
announced, cards placed by the rules) and the new entries' own constraints, then
replayed and checked. An entry no world fits is refused with why.

Deals string together in the engine's own :class:`~atout.games.base.Match`: each
finished world is scored by it (scores, what hangs or is held, the next dealer, the
winner), so the advisor's view carries the match as a bot at that table would see it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from atout.advisor.entries import SILENT, Entry, EntryRefused, entry_text, parse_entry
from atout.bots.advice import HINT_LEVEL
from atout.bots.worlds import WorldSampler
from atout.cards import DECK_32, RANK_MASK, Card, Rank, bits
from atout.games.actions import CancelDeal, Exchange, Play, Trump
from atout.games.base import Deal, Match
from atout.i18n import catalog, explain, translate
from atout.kits import kit, kit_of
from atout.kits.dealing import Entered

__all__ = ["Advisor", "Need", "explain_refusal", "seat_name"]

#: Tries to draw a world that fits the entries before refusing the last one.
TRIES = 400

NeedKind = Literal["hand", "more", "show", "act", "over"]


@dataclass(frozen=True)
class Need:
    """What the session waits for: ``hand`` (your first cards, ``count`` of them),
    ``more`` (your cards dealt after the bidding), ``show`` (the melds shown by
    ``seats``), ``act`` (a bid or a card of ``seat``), or ``over`` (the match is over)."""

    kind: NeedKind
    seat: int = -1
    count: int = 0
    seats: tuple[int, ...] = ()


@dataclass
class _Step:
    entry: Entry
    world: Deal
    #: None when every fact of the view was entered; else what must be entered next.
    pending: Literal["more", "show"] | None


@dataclass
class _DealLog:
    steps: list[_Step] = field(default_factory=list)


def seat_name(seat: int, me: int, n: int, lang: str = "en") -> str:
    """A seat as the person at ``me`` names it: you, your opponent (two players), or
    the player on your right, your partner, the player on your left."""
    rel = (seat - me) % n
    key = "you" if rel == 0 else "opponent" if n == 2 else ("right", "partner", "left")[rel - 1]
    return translate(f"advisor.seat.{key}", lang)


def explain_refusal(error: EntryRefused, lang: str = "en", me: int = 0, n: int = 4) -> str:
    """A refused entry in ``lang``: its rule, with cards as symbols and seats by name (in
    the second person when the seat is the person's own: ``key.you`` in the catalogue)."""
    if error.key.startswith("rule."):
        inner = error.params.get("error")
        if inner is not None:
            return explain(inner, lang)
    message = error.key
    if me in (error.params.get("seat"), error.params.get("other")) and (
            f"{message}.you" in catalog()["en"]):
        message += ".you"
    params: dict[str, Any] = {}
    for key, value in error.params.items():
        if key in ("seat", "other") and isinstance(value, int):
            params[key] = seat_name(value, me, n, lang)
        elif isinstance(value, Card):
            params[key] = value.symbol
        else:
            params[key] = value
    return translate(message, lang, **params)


class Advisor:
    """One person's seat at a real table, deal after deal (see the module docstring).

    ``seat``: the person's seat, in playing order from 0 (Belote and Schieber: 0 and 2
    are partners). ``first_dealer``: who deals the first deal. ``level``: the bot level
    of the advice (``easy`` ... ``expert``; by default the hints' own). ``seed``: the
    seed of the worlds the session fills in; the advice's own seed is the position's
    (:func:`atout.bots.advice.position_seed`), as at every table.
    """

    def __init__(
        self,
        game: str,
        seat: int = 0,
        options: Any = None,
        first_dealer: int = 0,
        *,
        level: str = HINT_LEVEL,
        seed: int = 0,
    ) -> None:
        self.kit = kit(game)
        self.info = self.kit.game
        self.dealing = self.kit.deals()
        self.game: str = self.info.name
        self.n: int = self.info.num_players
        if not 0 <= seat < self.n or not 0 <= first_dealer < self.n:
            raise ValueError(f"seats are 0 to {self.n - 1}")
        if isinstance(options, str):
            options = self.info.options.parse(options) if options.strip() else None
        self.options = options or self.info.options()
        self.seat = seat
        self.first_dealer = first_dealer
        self.level = level
        self.seed = seed
        self.finished: list[_DealLog] = []
        self.current = _DealLog()
        self.match: Match[Any] = self._rebuild_match()

    # -- words, as the person at this seat reads them ------------------------------------
    def seat_name(self, seat: int, lang: str = "en") -> str:
        """``seat`` as the person names it (:func:`seat_name`: you, your partner...)."""
        return seat_name(seat, self.seat, self.n, lang)

    def explain(self, error: EntryRefused, lang: str = "en") -> str:
        """A refused entry in ``lang``, seats named as the person names them
        (:func:`explain_refusal`)."""
        return explain_refusal(error, lang, self.seat, self.n)

    # -- the match ---------------------------------------------------------------------
    def _rebuild_match(self) -> Match[Any]:
        match: Match[Any] = self.info.match(0, self.options, first_dealer=self.first_dealer)
        for log in self.finished:
            match.deal = log.steps[-1].world
            match._finish_deal()
        return match

    @property
    def deal_number(self) -> int:
        return len(self.finished) + 1

    @property
    def dealer(self) -> int:
        """The dealer of the deal being entered."""
        return int(self.match.deal.dealer)

    @property
    def entries(self) -> list[Entry]:
        """The entries of the deal being entered."""
        return [step.entry for step in self.current.steps]

    @property
    def world(self) -> Deal | None:
        """The current world (a whole deal that fits the entries; hidden cards invented)."""
        return self.current.steps[-1].world if self.current.steps else None

    def _forehand(self) -> int:
        if not self.dealing.has_forehand:
            return -1
        if self.deal_number == 1:
            hand = next((s.entry for s in self.current.steps if s.entry.kind == "hand"), None)
            return -1 if hand is None or hand.forehand is None else hand.forehand
        return (self.dealer + 1) % 4

    # -- what comes next ------------------------------------------------------------------
    @property
    def need(self) -> Need:
        """What the session waits for now."""
        if self.match.is_over:
            return Need("over")
        steps = self.current.steps
        if not steps:
            return Need("hand", count=self.kit.first_cards)
        last = steps[-1]
        world: Any = last.world
        if last.pending == "more":
            taker = getattr(world, "taker", -1)
            return Need("more", count=self.dealing.later_count(self.seat, taker))
        if last.pending == "show":
            return Need("show", seats=self._show_seats(world.view(self.seat)))
        seat = world.current_player()
        assert seat is not None
        return Need("act", seat=seat)

    def view(self) -> Any:
        """The seat's view now (the match's view, scores included), or ``None`` while a
        fact it would show is still to be entered (or before the first cards)."""
        steps = self.current.steps
        if not steps or steps[-1].pending is not None:
            return None
        match: Any = self.match
        match.deal = steps[-1].world
        return match.view(self.seat)

    def advise(self, level: str | None = None) -> list[Any]:
        """On the person's turn: each legal choice with its value in points and its
        reason, best first (:func:`atout.bots.advice.advise`), at ``level`` (default:
        the session's)."""
        from atout.bots.advice import advise

        view = self.view()
        if view is None or view.to_play != self.seat:
            raise EntryRefused("advisor.error.not-your-turn")
        return advise(self.game, view, level or self.level)  # the position's own seed

    # -- entering ---------------------------------------------------------------------------
    def enter(self, text: str) -> Entry:
        """Read one entry's text (:mod:`atout.advisor.entries`) and add it."""
        entry = parse_entry(self.game, text)
        self.add(entry)
        return entry

    def add(self, entry: Entry) -> None:
        """Add one entry, or raise :class:`EntryRefused` and change nothing."""
        need = self.need
        if need.kind == "over":
            raise EntryRefused("advisor.error.match-over")
        if entry.kind != need.kind:
            raise EntryRefused(f"advisor.error.expected.{need.kind}", seat=need.seat,
                               count=need.count)
        if entry.kind == "hand":
            world, pending = self._start_deal(entry)
        elif entry.kind == "act":
            if entry.seat != need.seat:
                raise EntryRefused("advisor.error.not-turn", seat=need.seat)
            entry, world, pending = self._act(entry)
        elif entry.kind == "more":
            self._check_more(entry, need.count)
            world, pending = self._resample(entry)
        else:
            self._check_show(entry, need.seats)
            world, pending = self._resample(entry)
        self.current.steps.append(_Step(entry, world, pending))
        if pending is None and world.is_over:
            self.finished.append(self.current)
            self.current = _DealLog()
            self.match.deal = world
            self.match._finish_deal()

    def undo(self) -> Entry:
        """Take back the last entry (into the previous deal when this one has none)."""
        if not self.current.steps:
            if not self.finished:
                raise EntryRefused("advisor.error.nothing-to-undo")
            self.current = self.finished.pop()
            self.match = self._rebuild_match()
        return self.current.steps.pop().entry

    # -- a new deal ---------------------------------------------------------------------------
    def _start_deal(self, entry: Entry) -> tuple[Deal, None]:
        cards = entry.cards
        count = self.kit.first_cards
        dealing = self.dealing
        if len(cards) != count:
            raise EntryRefused("advisor.error.hand-count", count=count, given=len(cards))
        if len(set(cards)) != len(cards):
            raise EntryRefused("advisor.error.twice", card=_twice(cards))
        deck_mask = dealing.deck_mask
        for card in cards:
            if not deck_mask >> card & 1:
                raise EntryRefused("advisor.error.not-in-deck", card=card)
        if dealing.up_position is None and entry.up is not None:
            raise EntryRefused("advisor.error.no-up")
        if dealing.has_forehand:
            forehand = entry.forehand
            first_card = dealing.first_forehand_card
            if self.deal_number == 1:
                if forehand is None or not 0 <= forehand < self.n:
                    raise EntryRefused("advisor.error.forehand")
                if first_card is not None and (first_card in cards) != (forehand == self.seat):
                    raise EntryRefused("advisor.error.seven-clubs")
            elif forehand is not None and forehand != (self.dealer + 1) % self.n:
                raise EntryRefused("advisor.error.forehand-later", seat=(self.dealer + 1) % self.n)
        if dealing.up_position is not None:
            if entry.up is None:
                raise EntryRefused("advisor.error.up")
            if entry.up in cards:
                raise EntryRefused("advisor.error.twice", card=entry.up)
            if not deck_mask >> entry.up & 1:
                raise EntryRefused("advisor.error.not-in-deck", card=entry.up)
        if not dealing.has_forehand and entry.forehand is not None:
            raise EntryRefused("advisor.error.syntax", text=entry_text(self.game, entry))
        rng = random.Random(self.seed * 7919 + self.deal_number)
        places: dict[int, int] = dict(zip(self._first_positions(self.seat), map(int, cards),
                                          strict=True))
        if dealing.up_position is not None:
            assert entry.up is not None
            places[dealing.up_position] = int(entry.up)
        elif (dealing.first_forehand_card is not None and self.deal_number == 1
              and entry.forehand != self.seat):
            assert entry.forehand is not None
            places[self._first_positions(entry.forehand)[0]] = int(dealing.first_forehand_card)
        free = [c for c in bits(deck_mask) if c not in places.values()]
        rng.shuffle(free)
        size = deck_mask.bit_count()
        deck = [places[i] if i in places else free.pop() for i in range(size)]
        forehand = entry.forehand if dealing.has_forehand and self.deal_number == 1 else None
        return self._new_deal(deck, forehand), None

    def _new_deal(self, deck: list[int], forehand: int | None = None) -> Deal:
        fh = forehand if forehand is not None else self._forehand()
        deal: Deal = self.dealing.new_deal(self.info.deal, deck, self.dealer, self.options,
                                           fh, self.match.scores)
        return deal

    def _first_positions(self, seat: int) -> list[int]:
        """Deck positions of a seat's first cards."""
        positions: list[int] = self.dealing.first_positions(self.dealer, seat)
        return positions

    def _later_positions(self, seat: int, taker: int) -> list[int]:
        """Deck positions of a seat's cards dealt after the bidding."""
        positions: list[int] = self.dealing.later_positions(self.dealer, seat, taker)
        return positions

    # -- checks of the entries -------------------------------------------------------------
    def _my_cards(self) -> set[Card]:
        mine: set[Card] = set()
        for step in self.current.steps:
            if step.entry.kind in ("hand", "more"):
                mine.update(step.entry.cards)
        return mine

    def _check_more(self, entry: Entry, count: int) -> None:
        if len(entry.cards) != count:
            raise EntryRefused("advisor.error.more-count", count=count, given=len(entry.cards))
        seen = [*self._my_cards(), *entry.cards]
        world: Any = self.world
        public = self.dealing.face_up(world)
        if entry.up is not None:
            seen.append(entry.up)
        if len(set(seen)) != len(seen):
            raise EntryRefused("advisor.error.twice", card=_twice(seen))
        for card in [*entry.cards, *([entry.up] if entry.up is not None else [])]:
            if card in public:
                raise EntryRefused("advisor.error.face-up", card=card)
            if not DECK_32.mask >> card & 1:
                raise EntryRefused("advisor.error.not-in-deck", card=card)
        if self.dealing.bottom_with_later != (entry.up is not None):
            raise EntryRefused(
                "advisor.error.bottom" if self.dealing.bottom_with_later else "advisor.error.no-up"
            )

    def _check_show(self, entry: Entry, seats: tuple[int, ...]) -> None:
        view = self._base_view()
        played = _played_by(view)
        mine = self._my_cards()
        listed: list[Card] = []
        for seat, cards in entry.shown:
            if seat not in seats:
                raise EntryRefused("advisor.error.show-seat", seat=seat)
            listed += cards
            for card in cards:
                if card in mine:
                    raise EntryRefused("advisor.error.in-your-hand", card=card)
                by = played.get(card)
                if by is not None and by != seat:
                    raise EntryRefused("advisor.error.played", card=card, seat=by)
        if len(set(listed)) != len(listed):
            raise EntryRefused("advisor.error.twice", card=_twice(listed))

    def _base_view(self) -> Any:
        """The deal-level view of the last step whose facts were all entered."""
        for step in reversed(self.current.steps):
            if step.pending is None:
                return step.world.view(self.seat)
        raise AssertionError("a deal starts with a step that needs nothing")  # pragma: no cover

    def _act(self, entry: Entry) -> tuple[Entry, Deal, Literal["more", "show"] | None]:
        assert entry.action is not None
        world = self.world
        assert world is not None
        action = entry.action
        seat = entry.seat
        if seat == self.seat:
            error = world.why_illegal(action)
            if error is not None:
                raise EntryRefused(f"rule.{error.rule}", error=error)
            if entry.bela or (entry.ann is not None and not self._calls_own(world, entry)):
                raise EntryRefused("advisor.error.own-announce")
            if self._calls_own(world, entry):
                entry = dataclasses.replace(entry, ann=self._own_call(world, entry))
        else:
            self._check_other(entry)
        copy = world.copy()
        if copy.why_illegal(action) is None:
            copy.apply_unchecked(action)
            status = self._verify(copy, [*self.entries, entry])
            if status != "fail":
                return entry, copy, None if status == "ok" else status
        elif not isinstance(action, (Play, Exchange, CancelDeal)):
            error = world.why_illegal(action)
            assert error is not None
            raise EntryRefused(f"rule.{error.rule}", error=error)
        return (entry, *self._resample(entry))

    def _calls_own(self, world: Any, entry: Entry) -> bool:
        """Whether this is the person's first card where melds are called with it (with
        its call: Schieber's Weis)."""
        return (
            self.dealing.calls_with_first_card and isinstance(entry.action, Play)
            and self.seat not in _seats_played(world.view(self.seat))
        )

    def _own_call(self, world: Any, entry: Entry) -> Any:
        """The person's own call with their first card: as entered, or worked out from the
        calls before it when they decide it (else the person must say it)."""
        if entry.ann is not None:
            return entry.ann
        decided, call = self.dealing.own_call(world, self.seat)
        if not decided:
            raise EntryRefused("advisor.error.own-call")
        return SILENT if call is None else call

    def _check_other(self, entry: Entry) -> None:
        """The refusals that need no world: a card entered twice, in the person's hand,
        face up, shown by another seat, or one that seat showed it cannot hold."""
        view = self._base_view()
        action = entry.action
        seat = entry.seat
        if isinstance(action, Exchange) and view.trump is not None:  # the trump 7 for the up card
            seven = Card.of(view.trump, Rank.SEVEN)
            if seven in self._my_cards():
                raise EntryRefused("advisor.error.in-your-hand", card=seven)
        if not isinstance(action, Play):
            if entry.ann is not None or entry.bela:
                raise EntryRefused("advisor.error.ann-card")
            return
        card = action.card
        played = _played_by(view)
        if card in played:
            raise EntryRefused("advisor.error.played", card=card, seat=played[card])
        if card in self._my_cards():
            raise EntryRefused("advisor.error.in-your-hand", card=card)
        face_up = self.dealing.played_face_up(view, seat, card)
        if face_up is not None:
            raise EntryRefused(face_up[0], **face_up[1])
        for other, mask in _shown_masks(view).items():
            if other != seat and mask >> card & 1:
                raise EntryRefused("advisor.error.shown-by", card=card, other=other)
        if entry.ann is not None and seat in _seats_played(view):
            raise EntryRefused("advisor.error.ann-first-card")
        if entry.bela:
            if not self.dealing.honour_said:
                raise EntryRefused("advisor.error.stoeck-auto")
            if view.trump is None or card.suit != view.trump or card.rank not in (
                Rank.KING, Rank.QUEEN
            ):
                raise EntryRefused("advisor.error.bela-card")
        if view.phase == "play":
            sampler = WorldSampler(view)
            if sampler.forbid[seat] >> card & 1:
                raise EntryRefused("advisor.error.void", card=card, seat=seat)

    # -- drawing a world ------------------------------------------------------------------------
    def _resample(self, entry: Entry) -> tuple[Deal, Literal["more", "show"] | None]:
        """A world for every entry, the new one included, drawn from the last view
        whose facts were all entered; :class:`EntryRefused` when none fits."""
        steps = self.current.steps
        base = max(i for i, step in enumerate(steps) if step.pending is None)
        pending = [step.entry for step in steps[base + 1:]] + [entry]
        entries = [*self.entries, entry]
        view = steps[base].world.view(self.seat)
        sampler = _EntrySampler(view)
        sampler.my_first = sum(1 << c for c in steps[0].entry.cards)
        more = next((e for e in pending if e.kind == "more"), None)
        taker = next(
            (e.seat for e in pending if isinstance(e.action, Trump)), -1
        ) if self.dealing.deals_later else -1
        if more is not None:
            sampler.fix_later(self, more, taker)
        sampler.add_pending(self, view, pending)
        rng = random.Random(self.seed * 104729 + len(entries) + 31 * self.deal_number)
        for _ in range(TRIES):
            dealt = sampler._deal_hidden(rng)
            if dealt is None:
                continue
            world = sampler._rebuild(dealt, rng)
            if world is None:
                continue
            for e in pending:
                if e.kind == "act":
                    assert e.action is not None
                    if world.why_illegal(e.action) is not None:
                        break
                    world.apply_unchecked(e.action)
            else:
                status = self._verify(world, entries)
                if status != "fail":
                    return world, None if status == "ok" else status
        raise EntryRefused("advisor.error.no-world")

    def _verify(self, world: Any, entries: list[Entry]) -> Literal["ok", "more", "show", "fail"]:
        """Whether ``world`` holds every entered fact: ``fail`` when one differs,
        ``more`` or ``show`` when its view holds a fact still to be entered."""
        me = self.seat
        deck = world.deck
        hand = next(e for e in entries if e.kind == "hand")
        first = {deck[p] for p in self._first_positions(me)}
        if first != {int(c) for c in hand.cards}:
            return "fail"
        more = next((e for e in entries if e.kind == "more"), None)
        taker = getattr(world, "taker", -1)
        if more is not None:
            later = {deck[p] for p in self._later_positions(me, taker)}
            if later != {int(c) for c in more.cards}:
                return "fail"
            if more.up is not None and deck[31] != int(more.up):
                return "fail"
        view = world.view(me)
        anns: dict[int, Any] = {}
        bela: set[int] = set()
        shown: dict[int, int] | None = None
        for e in entries:
            if e.kind == "act" and e.seat == me and e.ann is not None:
                anns[me] = None if e.ann == SILENT else e.ann
            elif e.kind == "act":
                if e.ann is not None:
                    anns[e.seat] = None if e.ann == SILENT else e.ann
                if e.bela:
                    bela.add(e.seat)
            elif e.kind == "show":
                shown = {s: sum(1 << c for c in cards) for s, cards in e.shown}
        spoke = _seats_played(view)
        dealing = self.dealing
        if (dealing.calls_with_first_card and me in spoke
                and dealing.announcement(world, view, me) != anns.get(me)):
            return "fail"
        for s in range(self.n):
            if s == me:
                continue
            if s in spoke and dealing.announcement(world, view, s) != anns.get(s):
                return "fail"
            if dealing.honour_said and dealing.honour(view, s) != (s in bela):
                return "fail"
        if world.is_over and dealing.stops_unseen(world, view, me):
            return "fail"
        if view.trump is not None and more is None and dealing.deals_later:
            return "more"
        seats = self._show_seats(view)
        if seats:
            if shown is None:
                return "show"
            masks = _shown_masks(view)
            for s in range(self.n):
                if s != me and masks.get(s, 0) != shown.get(s, 0):
                    return "fail"
        return "ok"

    def _show_seats(self, view: Any) -> tuple[int, ...]:
        """The hidden seats whose shown melds the person must enter now (after the first
        trick, when a hidden seat may be in the winning side)."""
        if not view.tricks:
            return ()
        seats: tuple[int, ...] = self.dealing.show_seats(view, self.seat)
        return seats

    # -- records and review ---------------------------------------------------------------
    def finished_deals(self) -> list[Deal]:
        """The worlds of the finished deals (every card played is as entered)."""
        return [log.steps[-1].world for log in self.finished]

    def entries_text(self) -> list[list[str]]:
        """The text of every entry, per deal (finished deals first)."""
        return [
            [entry_text(self.game, step.entry) for step in log.steps]
            for log in [*self.finished, self.current]
        ]

    @classmethod
    def replay(
        cls, game: str, texts: Iterable[Iterable[str]], **kwargs: Any
    ) -> Advisor:
        """A session rebuilt from :meth:`entries_text` (the web page keeps its entries)."""
        advisor = cls(game, **kwargs)
        for deal in texts:
            for text in deal:
                advisor.enter(text)
        return advisor


class _EntrySampler(WorldSampler):
    """The bots' world sampler for a view, with the constraints of entries not in it yet:
    cards a seat played or showed, what it announced, a bela said or not, the person's
    cards dealt after the bidding (placed by :meth:`fix_later`)."""

    later_me: int = 0
    my_first: int = 0
    bottom: int = -1
    taker: int = -1
    advisor: Any = None

    def fix_later(self, advisor: Advisor, more: Entry, taker: int) -> None:
        self.advisor = advisor
        self.later_me = sum(1 << c for c in more.cards)
        self.bottom = -1 if more.up is None else int(more.up)
        self.taker = taker
        fixed = self.later_me | (0 if self.bottom < 0 else 1 << self.bottom)
        self.pool &= ~fixed
        self.rest_size -= fixed.bit_count()

    def add_pending(self, advisor: Advisor, view: Any, pending: list[Entry]) -> None:
        from atout.bots.solver import tables_for
        from atout.kernel.rules import array, legal_cards

        me = advisor.seat
        trick = [(s, int(c)) for s, c in view.trick]
        played_all = self.played_all
        trump = None if view.trump is None else int(view.trump)
        first_card = advisor.dealing.first_forehand_card
        if first_card is not None and advisor.deal_number == 1:
            fh = view.forehand
            if fh != me and not played_all >> first_card & 1:
                self.must[fh] |= 1 << first_card
        for e in pending:
            if e.kind == "show":
                for s, cards in e.shown:
                    self.must[s] |= sum(1 << c for c in cards) & ~played_all
                continue
            if e.kind != "act" or e.seat == me:
                if e.kind == "act" and isinstance(e.action, Play):
                    trick = self._advance(trick, e.seat, int(e.action.card), advisor.n)
                continue
            s = e.seat
            action = e.action
            if isinstance(action, Exchange) and view.trump is not None:
                self.must[s] |= 1 << (9 * int(view.trump) + Rank.SEVEN)
            if isinstance(action, CancelDeal):
                self.must[s] |= RANK_MASK[Rank.SEVEN] & DECK_32.mask
            if not isinstance(action, Play):
                continue
            card = int(action.card)
            self.must[s] |= 1 << card
            if trick and view.phase == "play":
                params, _pts, strength, above = tables_for(view)
                cards = array([c for _, c in trick] + [0] * (4 - len(trick)))
                P, stren, abv = array(params), array(list(strength)), array(above)
                for x in bits(self.deck & ~self.known & ~(1 << card)):
                    legal = int(legal_cards(P, (1 << card) | (1 << x), cards, 0, len(trick),
                                       trick[0][0], s, stren, abv))
                    if not legal >> card & 1:
                        self.forbid[s] |= 1 << x
            if e.ann is not None and e.ann != SILENT:
                self.announced.append((s, advisor.dealing.meld_masks(e.ann, trump)))
            if trump is not None and advisor.dealing.honour_said and card // 9 == trump and (
                card % 9 in (Rank.KING, Rank.QUEEN)
            ):
                other = 1 << (9 * trump + (Rank.QUEEN if card % 9 == Rank.KING else Rank.KING))
                if not self.played[s] & other:
                    if e.bela:
                        self.must[s] |= other
                    else:
                        self.forbid[s] |= other
            trick = self._advance(trick, s, card, advisor.n)
        must_all = 0
        for s in range(self.n):
            if s == me:
                self.must[s] = 0
            self.must[s] &= ~played_all
            self.forbid[s] &= ~self.must[s]
            must_all |= self.must[s]
        self.pool &= ~must_all

    @staticmethod
    def _advance(trick: list[tuple[int, int]], seat: int, card: int, n: int) -> list[
        tuple[int, int]
    ]:
        trick = [*trick, (seat, card)]
        return [] if len(trick) == n else trick

    def _deck(self, initial: list[int], rest: int, rng: random.Random) -> Any:
        entered = Entered(self.seat, self.my_first, self.later_me, self.bottom, self.taker)
        return self._kit.deals().world_deal(self.view, initial, rest, rng, entered)


def _seats_played(view: Any) -> set[int]:
    seats = {s for trick in view.tricks for s, _ in trick}
    return seats | {s for s, _ in view.trick}


def _played_by(view: Any) -> dict[Card, int]:
    out = {c: s for trick in view.tricks for s, c in trick}
    out.update({c: s for s, c in view.trick})
    return out


def _shown_masks(view: Any) -> dict[int, int]:
    """The cards each seat has shown in melds (after the first trick)."""
    game_kit = kit_of(view)
    assert game_kit is not None
    masks: dict[int, int] = {}
    for seat, meld in game_kit.present().shown_melds(view):
        masks[seat] = masks.get(seat, 0) | meld.mask
    return masks


def _twice(cards: Iterable[Card]) -> Card:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    raise AssertionError("no card twice")  # pragma: no cover
