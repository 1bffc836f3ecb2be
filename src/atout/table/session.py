"""One table: the one place that owns a match while people and bots play it.

Every front end is a view of a :class:`TableSession`: the line mode
(:mod:`atout.terminal.app`), the full-screen table (:mod:`atout.tui.app`) and the web
room's live tables (:mod:`atout.web.tables`). They render what the session hands out and
send it actions; none of them calls the engine, takes a move back or seeds a hint on its
own. The session holds

- the **seats**: a person's or a bot's (:class:`Seat`), and the stand-in bot that plays a
  person's seat while they are away (:meth:`TableSession.stand_in`);
- the **turn**: whose it is (:meth:`~TableSession.to_act`), which bot is to play
  (:meth:`~TableSession.bot_to_play`), which deal is to be announced before anyone moves
  in it (:meth:`~TableSession.deal_to_announce`);
- the **actions**: :meth:`~TableSession.apply` checks the turn and the rules, applies, and
  hands each watched seat its :class:`Update` (what it saw change);
- **undo**, one algorithm: a person takes back their own last move of the deal in play
  and every move after it; a finished deal stays as it was scored;
- **hints**, one seeding rule: :func:`atout.bots.advice.advise` at the session's level and
  the position's own seed (:func:`atout.bots.advice.position_seed`), so the same position
  gets the same hint in every front end;
- the **pace**: how long a bot's move waits (:meth:`~TableSession.bot_pause`);
- the **record**: :meth:`~TableSession.record` and :meth:`~TableSession.save` (which never
  fails: a record that cannot go where asked goes elsewhere, or is handed back to show).

Narration (what each seat is told of a move) is read from :meth:`Update.told` alone: the
engine's events that seat may know, never two views compared.
"""

from __future__ import annotations

import errno
import functools
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Literal, TypedDict

from atout.bots.advice import HINT_LEVEL, Advice, advise, position_seed
from atout.bots.base import Bot, bot_names, make_bot
from atout.bots.search import TABLE_SAFETY_NET, SearchBot
from atout.games.actions import Action
from atout.games.base import IllegalActionError, secret_seed
from atout.games.events import DealScored, Event, MatchOver, visible_to
from atout.i18n import translate
from atout.kits import get_game

__all__ = [
    "BOT", "PERSON", "CannotUndo", "Saved", "Seat", "SessionView", "TableChoices",
    "TableSession", "TableSetup", "Update", "check_writable", "seats_for",
]

PERSON: Literal["person"] = "person"
BOT: Literal["bot"] = "bot"

#: How many paces a bot waits: to open a deal after another (its breakdown is read),
#: after a finished trick (its cards stay to be seen), otherwise.
OPENING_PACES = 3
AFTER_TRICK_PACES = 2


@dataclass(frozen=True)
class Seat:
    """One seat of the table: a person's, or a bot's of level ``bot``; ``name`` is the
    player's name when one is known (written to the record)."""

    seat: int
    kind: Literal["person", "bot"]
    bot: str | None = None
    name: str | None = None

    @property
    def record_name(self) -> str:
        """The seat as a record's ``SeatN`` header says it: ``human`` or the bot."""
        return "human" if self.kind == PERSON else (self.bot or "bot")


def seats_for(num_players: int, human: int | None, bots: Sequence[str] | str) -> list[Seat]:
    """The seats of a table with a person at ``human`` (``None``: bots everywhere) and
    the bots ``bots`` elsewhere (one name for every bot seat, or one per seat)."""
    names = [bots] * num_players if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names = names * num_players
    return [Seat(s, PERSON) if s == human else Seat(s, BOT, names[s])
            for s in range(num_players)]


def check_writable(path: str, lang: str = "en") -> None:
    """Refuse (``ValueError``, in ``lang``) a record file that cannot be written, before
    the match starts: opened for appending, so an existing file is left as it is."""
    target = Path(path)
    try:
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        existed = target.exists()
        with target.open("a", encoding="utf-8"):
            pass
        if not existed:
            target.unlink()
    except OSError as exc:
        raise ValueError(translate("save.cannot-write", lang, path=path,
                                   reason=exc.strerror or str(exc))) from None


class CannotUndo(Exception):
    """Nothing was taken back; ``reason``: ``off`` (undo is not allowed at this table),
    ``nothing`` (no move of the seat in the deal in play) or ``not-your-turn``."""

    def __init__(self, reason: Literal["off", "nothing", "not-your-turn"]) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Update:
    """One applied action and what the engine said of it.

    ``events``: every event the action produced (:mod:`atout.games.events`; a seat's
    share is :meth:`events_for`); ``deal_over``: the scoresheet row when the action
    ended a deal (from its ``DealScored``; the next deal, if any, is dealt already);
    ``match_over``: it ended the match (``MatchOver``); ``views``: per watched seat,
    its view before and after (the finished deal's last view when the deal ended)."""

    seat: int
    action: Action
    step: int
    events: tuple[Event, ...]
    views: Mapping[int, tuple[Any, Any]] = field(repr=False)

    @property
    def deal_over(self) -> Any:
        for event in self.events:
            if isinstance(event, DealScored):
                return event.row
        return None

    @property
    def match_over(self) -> bool:
        return any(isinstance(event, MatchOver) for event in self.events)

    def events_for(self, seat: int | None) -> list[Event]:
        """What ``seat`` (``None``: a spectator) may know of the action, in order."""
        return [event for event in self.events if visible_to(event, seat)]

    def told(self, seat: int) -> tuple[list[Event], Any]:
        """What ``seat`` is told of the move: the events it may know and its view after
        them (for the words: the trump, the contract), the arguments of a renderer's
        ``tell`` (the one place a front end reads a move from)."""
        return self.events_for(seat), self.views[seat][1]


@dataclass(frozen=True)
class Saved:
    """Where :meth:`TableSession.save` put the record: ``path`` (as asked), else
    ``elsewhere`` (a new file, ``path`` could not be written for ``reason``), else
    nowhere (``text`` is the record, to show)."""

    path: str
    text: str
    elsewhere: str | None = None
    reason: str | None = None

    @property
    def written(self) -> bool:
        return self.reason is None or self.elsewhere is not None


class TableSession:
    """One match at one table: its seats, turn, undo, hints, pace and record.

    ``seats``: one :class:`Seat` per seat of the game. ``seed``: the match's (``None``:
    128 secret bits). ``bot_seed``: the bots' own (default: the match's seed); seat ``s``'s
    bot is seeded ``bot_seed * 31 + s``. ``undo``: may people take moves back.
    ``hint_level``: the bot level whose search values the hints. ``watched``: the seats
    whose :class:`Update` views are kept (default: the people's, else seat 0).
    ``check_options``: refuse the options that reveal hidden cards when people play
    (a table rebuilt from its log was checked when it was made). ``match``: makes the
    match from the parsed options instead of the game's own seeded one (given decks: a
    duplicate night's boards).
    """

    def __init__(
        self,
        game: str,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        options: str | Any | None = None,
        bot_seed: int | None = None,
        undo: bool = True,
        hint_level: str = HINT_LEVEL,
        watched: Iterable[int] | None = None,
        stand_in_bot: str = "medium",
        check_options: bool = True,
        match: Callable[[Any], Any] | None = None,
    ) -> None:
        info = get_game(game)
        self.info = info
        self.game: str = info.name
        if len(seats) != info.num_players or [s.seat for s in seats] != list(
                range(info.num_players)):
            raise ValueError(f"{info.name} needs seats 0..{info.num_players - 1}")
        self.seats: tuple[Seat, ...] = tuple(seats)
        if isinstance(options, str) or options is None:
            opts = info.options.parse(options) if options else info.options()
        else:
            opts = options
        if self.people and check_options:  # a person plays: nothing that reveals cards
            opts.check_for_people()
        if hint_level not in bot_names(info.name):
            raise ValueError(
                f"no bot level {hint_level!r} for hints; choose one of "
                f"{', '.join(bot_names(info.name))}"
            )
        #: The match's seed (128 secret bits unless one was given; the record carries it).
        self.seed: int = secret_seed() if seed is None else seed
        self.match: Any = (info.match(seed=self.seed, options=opts) if match is None
                           else match(opts))
        self._bot_seed = (secret_seed() if seed is None else seed) if bot_seed is None \
            else bot_seed
        self._bots: dict[int, Bot] = {}
        #: May people take moves back (never at a table of bots alone)?
        self.allow_undo = undo and bool(self.people)
        #: How many times a person took a move back (the record's ``Undos`` header).
        self.undos = 0
        self.hint_level = hint_level
        self.watched: tuple[int, ...] = tuple(
            watched if watched is not None else (sorted(self.people) or [0]))
        #: Seats a stand-in bot plays while their person is away: seat -> reason.
        self.standins: dict[int, str] = {}
        self.stand_in_bot = stand_in_bot
        #: Actions applied since the start of the match.
        self.steps = 0
        self._announced = 0

    # -- seats -------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return int(self.info.num_players)

    @property
    def people(self) -> frozenset[int]:
        return frozenset(s.seat for s in self.seats if s.kind == PERSON)

    def is_person(self, seat: int) -> bool:
        return self.seats[seat].kind == PERSON

    def bot_name(self, seat: int) -> str:
        """The bot that plays ``seat``: its own, or the stand-in for a person's seat."""
        return self.seats[seat].bot or self.stand_in_bot

    def bot(self, seat: int) -> Bot:
        """The bot object of a seat (made on first use). Where a person waits, a
        searching bot gets the wall-clock safety net."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.game, self.bot_name(seat),
                                              seed=self._bot_seed * 31 + seat)
            if self.people and isinstance(bot, SearchBot):
                bot.time_budget = TABLE_SAFETY_NET  # counted and logged when hit
        return bot

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots of the bot seats, by seat."""
        return {s.seat: self.bot(s.seat) for s in self.seats if s.kind == BOT}

    def stand_in(self, seat: int, reason: str) -> None:
        """A stand-in bot plays a person's seat (``reason``: why) until :meth:`back`."""
        if not self.is_person(seat):
            raise ValueError(f"seat {seat} is not a person's")
        self.standins[seat] = reason

    def back(self, seat: int) -> None:
        if not self.is_person(seat):
            raise ValueError(f"seat {seat} is not a person's")
        self.standins.pop(seat, None)

    # -- the turn ----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self.match.is_over)

    def to_act(self) -> int | None:
        """The seat to act now; ``None`` once the match is over."""
        seat = self.match.current_player()
        return None if seat is None else int(seat)

    def bot_to_play(self, people_present: bool = True) -> int | None:
        """The seat a bot is to play now: a bot's seat, or a person's that a stand-in
        plays (only while ``people_present``: a table everyone has left rests)."""
        seat = self.to_act()
        if seat is None:
            return None
        if not self.is_person(seat) or (seat in self.standins and people_present):
            return seat
        return None

    def person_to_play(self) -> int | None:
        """The person's seat to play now (not one a stand-in plays), else ``None``."""
        seat = self.to_act()
        if seat is None or not self.is_person(seat) or seat in self.standins:
            return None
        return seat

    def deal_to_announce(self) -> int | None:
        """The number of the deal in play the first time it is asked for, then ``None``:
        a front end announces each deal once, before anyone moves in it."""
        if self.is_over or self.match.deal_number == self._announced:
            return None
        self._announced = int(self.match.deal_number)
        return self._announced

    def opens_deal(self) -> bool:
        """The next action is the first of a deal that follows another."""
        return bool(self.match.deals) and not self.match.deal.actions and not self.is_over

    def trick_just_done(self) -> bool:
        """A trick was just completed and nobody has led to the next one."""
        if self.is_over or not self.match.deal.actions:
            return False
        view = self.view(self.watched[0])
        return view.phase == "play" and not view.trick and bool(view.last_trick)

    def bot_pause(self, pace: float, *, breakdown_read: bool = False,
                  trick_faded: bool = False) -> float:
        """How long a bot's next move waits, in seconds, at ``pace`` seconds a move:
        longer to open a deal, so that the last one's breakdown is read (unless the
        front end waited for a key under it: ``breakdown_read``), and after a finished
        trick, so that its cards are seen before they leave the table (unless the front
        end shows it faded until the next card: ``trick_faded``)."""
        if self.opens_deal():
            return pace if breakdown_read else pace * OPENING_PACES
        if not trick_faded and self.trick_just_done():
            return pace * AFTER_TRICK_PACES
        return pace

    # -- views -------------------------------------------------------------------------
    def view(self, seat: int) -> Any:
        return self.match.view(seat)

    def events_for(self, seat: int | None) -> list[Event]:
        """Everything ``seat`` (``None``: a spectator) may know of the match so far,
        in order (the engine's stream; folding it rebuilds the seat's view)."""
        if seat is None:
            return list(self.match.public_events())
        return list(self.match.events_for(seat))

    def public_view(self) -> Any:
        """What everyone may know now (a spectator's view), from the engine."""
        return self.match.public_view()

    def last_deal_view(self, seat: int) -> Any:
        """``seat``'s view of the last finished deal (its last position)."""
        return self.match.deals[-1].view(seat)

    def last_trick_winner(self, finished: bool = False) -> int | None:
        """Who took the last completed trick of the deal in play (``finished``: of the
        last finished deal), as the engine recorded it; ``None`` before any trick."""
        deal = self.match.deals[-1] if finished else self.match.deal
        tricks = getattr(deal, "tricks", ())
        return int(tricks[-1][-1]) if tricks else None

    def hand_size(self, seat: int, finished: bool = False) -> int:
        deal = self.match.deals[-1] if finished else self.match.deal
        return len(deal.hand(seat))

    def open_hands(self, finished: bool = False) -> dict[int, Any]:
        """Every seat's hand (only for a table that nobody plays: bots watched)."""
        if self.people:
            raise PermissionError("the hands of a table where people play stay hidden")
        deal = self.match.deals[-1] if finished else self.match.deal
        return {s: deal.hand(s) for s in range(self.num_players)}

    # -- actions -----------------------------------------------------------------------
    def why_illegal(self, seat: int, action: Action) -> IllegalActionError | None:
        """Why ``seat`` may not do ``action`` now (the turn, the rules), or ``None``."""
        if self.is_over:
            return IllegalActionError(getattr(self.match, "_over_rule", "match-over"),
                                      "the match is over")
        if self.to_act() != seat:
            return IllegalActionError("not-your-turn", "it is not this seat's turn")
        error: IllegalActionError | None = self.match.deal.why_illegal(action)
        return error

    def apply(self, seat: int, action: Action) -> Update:
        """Apply ``seat``'s action (checked: the turn and the rules); returns what each
        watched seat saw change."""
        error = self.why_illegal(seat, action)
        if error is not None:
            raise error
        match = self.match
        before = {s: match.view(s) for s in self.watched}
        deals = len(match.scoresheet)
        events = tuple(match.apply(action))
        self.steps += 1
        shown = match.deals[-1] if len(match.scoresheet) > deals else match
        views = {s: (before[s], shown.view(s)) for s in self.watched}
        return Update(seat, action, self.steps, events, views)

    def choose(self, seat: int) -> Action:
        """The action the seat's bot (or stand-in) chooses now, from the seat's view."""
        return self.bot(seat).choose(self.view(seat))

    def bot_move(self) -> Update:
        """The bot to play chooses and plays."""
        seat = self.bot_to_play()
        if seat is None:
            raise RuntimeError("no bot is to play")
        return self.apply(seat, self.choose(seat))

    # -- undo --------------------------------------------------------------------------
    def can_undo(self, seat: int) -> CannotUndo | None:
        """Why ``seat`` could not take a move back now, or ``None``."""
        if not self.allow_undo:
            return CannotUndo("off")
        if self.person_to_play() != seat:
            return CannotUndo("not-your-turn")
        if not any(s == seat for s, _ in self.match.deal.actions):
            return CannotUndo("nothing")
        return None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last move of the deal in play and every move after it;
        returns how many moves were taken back. A finished deal stays as it was scored
        (its breakdown was shown and its score written). Raises :class:`CannotUndo`."""
        refused = self.can_undo(seat)
        if refused is not None:
            raise refused
        deal = self.match.deal
        count = 0
        while True:
            mover = deal.actions[-1][0]
            self.match.undo()
            self.steps -= 1
            count += 1
            if mover == seat:
                break
        self.undos += 1
        return count

    # -- hints -------------------------------------------------------------------------
    def hint_view(self, seat: int) -> Any:
        """The view a hint for ``seat`` is worked out from; ``ValueError`` when the
        seat has nothing to choose now."""
        view = self.view(seat)
        if not view.legal_actions:
            raise ValueError("it is not this seat's turn")
        return view

    def hint_job(self, seat: int, level: str | None = None) -> Callable[[], list[Advice]]:
        """The hint for ``seat`` as a call to make (in a worker process, say): the
        advice at ``level`` (default: the session's), seeded by the position alone."""
        return functools.partial(advise, self.game, self.hint_view(seat),
                                 level or self.hint_level)

    def hint(self, seat: int, level: str | None = None) -> list[Advice]:
        """Each legal choice of ``seat``, its value and reason, best first."""
        return self.hint_job(seat, level)()

    def quick_hint(self, seat: int) -> Action:
        """The rules-of-thumb choice for ``seat``, seeded by the position (when the
        search cannot answer in time)."""
        view = self.hint_view(seat)
        return make_bot(self.game, "heuristic", seed=position_seed(view)).choose(view)

    # -- the record --------------------------------------------------------------------
    def record(self, headers: Mapping[str, str] | None = None) -> str:
        """The record of the match as far as it went: the date, the seats, the players'
        names, the undos where people could take moves back; ``headers`` after the
        date (and in place of it when they give one)."""
        from atout.notation import write_match

        out = {"Date": date.today().isoformat()} | dict(headers or {})
        out |= {f"Seat{s.seat}": s.record_name for s in self.seats}
        out |= {f"Name{s.seat}": s.name for s in self.seats if s.name}
        if self.allow_undo:
            out["Undos"] = str(self.undos)
        return str(write_match(self.match, out))

    def save(self, path: str, headers: Mapping[str, str] | None = None) -> Saved:
        """Write the record to ``path``. Never raises: when ``path`` cannot be written,
        the record goes to a new file in the home folder (or the temporary folder);
        when nothing can be written, :attr:`Saved.text` is the record to show."""
        text = self.record(headers)
        try:
            Path(path).write_text(text, encoding="utf-8")
            return Saved(path, text)
        except OSError as exc:
            reason = exc.strerror or str(exc)
        for folder in (Path.home(), Path(tempfile.gettempdir())):
            try:
                handle, name = tempfile.mkstemp(
                    prefix=f"atout-{self.game}-", suffix=".txt", dir=folder)
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(text)
            except OSError:
                continue
            return Saved(path, text, elsewhere=name, reason=reason)
        return Saved(path, text, reason=reason)


class TableChoices(TypedDict, total=False):
    """What a person chooses for a match against bots at the terminal: the keyword
    arguments of the line mode's and the full-screen table's tables (defaults: those of
    :class:`TableSetup`)."""

    seed: int | None
    lang: str
    human: int | None
    bots: list[str] | str
    options: str | None
    save: str | None
    undo: bool
    hint_level: str


@dataclass(frozen=True)
class TableSetup:
    """A person's :class:`TableChoices` for ``game``, with their defaults: no ``seed``
    (128 bits from the operating system, shown to nobody; the record carries it), the
    person at seat 0 (``human=None``: bots everywhere), ``save``: where the match's
    record goes."""

    game: str
    seed: int | None = None
    lang: str = "en"
    human: int | None = 0
    bots: list[str] | str = "heuristic"
    options: str | None = None
    save: str | None = None
    undo: bool = True
    hint_level: str = HINT_LEVEL

    @property
    def viewer(self) -> int:
        """The seat whose view is shown (seat 0 when bots play every seat)."""
        return 0 if self.human is None else self.human

    def open(self) -> TableSession:
        """The table's session, once the record's file is known to be writable (refused
        before the first deal, not after the whole match)."""
        seats = seats_for(get_game(self.game).num_players, self.human, self.bots)
        if self.save is not None:
            check_writable(self.save, self.lang)
        return TableSession(self.game, seats, seed=self.seed, options=self.options,
                            undo=self.undo, hint_level=self.hint_level)


class SessionView:
    """What a front end of a table (the line mode, the full-screen table, the web room's
    live table) reads of its session, written once; read only: every change goes
    through the session."""

    session: TableSession

    @property
    def match(self) -> Any:
        """The match in play."""
        return self.session.match

    @property
    def undos(self) -> int:
        """How many times a person took a move back (written to the record)."""
        return self.session.undos

    @property
    def num_players(self) -> int:
        return self.session.num_players
