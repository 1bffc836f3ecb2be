"""Duplicate nights: every table plays the same boards, and results are compared.

A club night where luck cancels out, as bridge clubs run them, adapted to the three
games. Everything here is pure logic on values: no storage, no clock, no network. The
web room (``atout.web.nights``) keeps a :class:`Night` as JSON and drives it.

**Boards.** A board is one deal: a deck and a dealer, made from the night's secret seed
and the board's number (the same seed and number always give the same board), the dealer
moving round the table from board to board as in bridge (board 1 dealt by seat 0, board
2 by seat 1...). Each round has its own boards; every table of the round plays them all.

**Sides.** A table holds two entrants facing each other: side 0 (seats 0 and 2 in
Belote and Schieber, seat 0 in Deberts) and side 1. An entrant is a pair (4-seat games
with pairs), one player (Deberts) or, at a night of single players in a 4-seat game, a
player whose partner for the round is drawn by the standings (see :func:`pair_round`).

**Movement.** Every table plays the round's boards, half of them *turned*: a turned board
is dealt by the seat after the board's dealer, so that every hand moves one seat on (the
rules deal from the dealer, so this is the same board with the cards of side 0 held by
side 1). Board ``k`` of the round is turned at table ``t`` when ``t + k`` is odd: at every
board, half the tables hold its side-0 cards on side 0 and half on side 1, and each
entrant holds each side of the round's boards equally often (one more of one side when
the round has an odd number of boards). With two tables, the two pairs that hold the
same cards are the two that did not meet: exactly a bridge club's two-table duplicate.

**Scoring** (``points``, the default). A board's result at a table is the points each
side wrote for it (the scoresheet's ``recorded``: a Belote litige's held points are not
carried to another board, a Deberts hanging amount neither); its *net* is what the
holders of the board's side-0 cards wrote minus what their opponents wrote. Each entrant
scores, on each board, its net minus the average net of every table that played the
board, from its side's point of view: the total points difference against the field.
On every board these sum to zero, so the standings do too; a board that only one table
played scores nothing (there is nothing to compare it with). Bridge's IMP scale is made
for bridge's scores; a plain points difference keeps what the card games themselves
count (a capot or a dedans weighs what it costs at the table), the way Belote and Jass
clubs total their tournament sheets. ``matchpoints`` is the other bridge way, offered as
an option: on each board, 2 points for each table with the same cards that you beat, 1
for each tie; only the order counts, never the size.

**Swiss.** The first round draws the tables from the seed; each later round sorts the
entrants by their standing (their total, then their number) and seats each with the
highest one below it that it has not met yet, going back a step when the last ones left
have all met (no repeat opponents whenever the field allows it). Bots fill empty seats:
a bot pair (or bot player) is an entrant like the others, marked as a bot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

from atout.cards import CARDS
from atout.games.base import Deal
from atout.kits import get_game

__all__ = [
    "NIGHT_SEEDS",
    "SCORINGS",
    "Board",
    "BoardResult",
    "Entrant",
    "Night",
    "NightError",
    "NightSetup",
    "Round",
    "Standing",
    "Table",
    "board_scores",
    "fill_with_bots",
    "format_score",
    "pair_round",
    "round_key",
    "standings",
    "table_boards",
    "table_seed",
]

Scoring = Literal["points", "matchpoints"]
SCORINGS: Final[tuple[str, ...]] = ("points", "matchpoints")
#: Bot levels that may fill a night's empty seats.
BOT_LEVELS: Final[tuple[str, ...]] = ("random", "heuristic", "medium", "expert")


class NightError(ValueError):
    """A setup, result or round that a night refuses; ``code`` names the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class NightSetup:
    """What the admin chose for the evening."""

    game: str
    #: The game's options text (``""``: the game's defaults).
    options: str = ""
    rounds: int = 2
    boards_per_round: int = 4
    #: 4-seat games: pairs that stay together (True) or single players (False).
    #: Deberts is always played by single players.
    pairs: bool = True
    scoring: Scoring = "points"
    #: The level of the bots that fill empty seats.
    bot: str = "medium"
    #: The secret seed every board is made from.
    seed: int = 0

    def __post_init__(self) -> None:
        info = get_game(self.game)  # refuses an unknown game
        object.__setattr__(self, "game", info.name)
        if self.options.strip():
            try:
                info.options.parse(self.options)
            except ValueError as exc:
                raise NightError("night.options", str(exc)) from None
        if not 1 <= self.rounds <= 20:
            raise NightError("night.rounds", "a night has 1 to 20 rounds")
        if not 1 <= self.boards_per_round <= 16:
            raise NightError("night.boards", "a round has 1 to 16 boards")
        if self.scoring not in SCORINGS:
            raise NightError("night.scoring", f"scoring is one of {', '.join(SCORINGS)}")
        if self.bot not in BOT_LEVELS:
            raise NightError("night.bot", f"bots are one of {', '.join(BOT_LEVELS)}")

    @property
    def num_players(self) -> int:
        """Seats at a table."""
        return int(get_game(self.game).num_players)

    @property
    def per_entrant(self) -> int:
        """People in one entrant: 2 for pairs in a 4-seat game, else 1."""
        return 2 if self.num_players == 4 and self.pairs else 1

    @property
    def per_side(self) -> int:
        """Entrants on one side of a table: 2 single players side by side at a 4-seat
        game of single players, else 1."""
        return 2 if self.num_players == 4 and not self.pairs else 1

    def parsed_options(self) -> Any:
        info = get_game(self.game)
        return info.options.parse(self.options) if self.options.strip() else None

    def board(self, number: int) -> Board:
        """Board ``number`` (1-based): its deck from its round's key, its dealer in turn."""
        if number < 1:
            raise NightError("night.board", "boards are numbered from 1")
        r, k = divmod(number - 1, self.boards_per_round)
        return round_board(self.game, self.parsed_options(), round_key(self.seed, r + 1), k,
                           number, (number - 1) % self.num_players)

    def board_numbers(self, round_number: int) -> tuple[int, ...]:
        """The boards of round ``round_number`` (1-based)."""
        first = (round_number - 1) * self.boards_per_round + 1
        return tuple(range(first, first + self.boards_per_round))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "rounds": self.rounds,
            "boards_per_round": self.boards_per_round, "pairs": self.pairs,
            "scoring": self.scoring, "bot": self.bot, "seed": str(self.seed),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NightSetup:
        return cls(
            game=str(data["game"]), options=str(data.get("options", "")),
            rounds=int(data["rounds"]), boards_per_round=int(data["boards_per_round"]),
            pairs=bool(data.get("pairs", True)), scoring=data.get("scoring", "points"),
            bot=str(data.get("bot", "medium")), seed=int(data["seed"]),
        )


#: Seeds at or above this are a night table's (a plain table's secret seed has 128 bits).
NIGHT_SEEDS: Final[int] = 1 << 128


def round_key(seed: int, round_number: int) -> int:
    """The secret a round's boards are made from (120 bits): the night's seed and the
    round's number. A table's match knows its round's key only, never the night's seed,
    so nothing a table is told after its match reveals another round's boards."""
    return random.Random(f"atout-night:{seed}:round:{round_number}").getrandbits(120)


def round_board(game: str, options: Any, key: int, index: int, number: int,
                dealer: int) -> Board:
    """Board ``index`` (0-based) of the round whose key is ``key``."""
    deal_seed = random.Random(f"atout-board:{key}:{index}").getrandbits(64)
    deck = get_game(game).deal(None, dealer, options, seed=deal_seed).deck
    return Board(number, tuple(int(c) for c in deck), dealer)


def table_seed(setup: NightSetup, round_number: int, table_number: int) -> int:
    """The seed of a table's match at a night: at or above :data:`NIGHT_SEEDS`, it
    holds the round's key, the round's first dealer, its number of boards and whether
    the table's first board is turned (:func:`table_boards` reads it back)."""
    first_dealer = (round_number - 1) * setup.boards_per_round % setup.num_players
    parity = (table_number - 1) % 2
    payload = (round_key(setup.seed, round_number) << 8 | first_dealer << 6
               | (setup.boards_per_round - 1) << 1 | parity)
    return NIGHT_SEEDS + payload


def table_boards(game: str, options: Any, seed: int) -> list[tuple[Board, bool]]:
    """The boards a night table plays, in order, each with whether it is turned there
    (board numbers counted from 1 within the round)."""
    if seed < NIGHT_SEEDS:
        raise ValueError("not a night table's seed")
    payload = seed - NIGHT_SEEDS
    key, first_dealer = payload >> 8, payload >> 6 & 3
    boards, parity = (payload >> 1 & 15) + 1, payload & 1
    n = get_game(game).num_players
    return [
        (round_board(game, options, key, k, k + 1, (first_dealer + k) % n),
         (parity + k) % 2 == 1)
        for k in range(boards)
    ]


@dataclass(frozen=True)
class Board:
    """One deal that every table of a round plays."""

    number: int
    deck: tuple[int, ...]
    dealer: int

    def dealer_at(self, turned: bool, num_players: int) -> int:
        """The seat that deals this board at a table: the seat after the board's dealer
        when the board is turned there."""
        return (self.dealer + int(turned)) % num_players

    def deal(self, setup: NightSetup, turned: bool = False) -> Deal:
        """The deal a table plays: the board's deck, its dealer (turned or not)."""
        info = get_game(setup.game)
        deal: Deal = info.deal(
            self.deck, self.dealer_at(turned, info.num_players), setup.parsed_options()
        )
        return deal

    def deck_text(self) -> str:
        return " ".join(CARDS[c].name for c in self.deck)


@dataclass(frozen=True)
class Entrant:
    """A pair or a single player; ``bot`` holds the level of a bot entrant."""

    number: int
    names: tuple[str, ...]
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "names": list(self.names), "bot": self.bot}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entrant:
        bot = data.get("bot")
        return cls(int(data["number"]), tuple(str(n) for n in data["names"]),
                   None if bot is None else str(bot))


@dataclass(frozen=True)
class Table:
    """One table of a round: the entrants of each side (one each, or two single players
    side by side)."""

    number: int
    sides: tuple[tuple[int, ...], tuple[int, ...]]

    def turned(self, board_index: int) -> bool:
        """Whether the round's ``board_index``-th board (0-based) is turned here."""
        return (self.number - 1 + board_index) % 2 == 1

    def entrants(self) -> tuple[int, ...]:
        return (*self.sides[0], *self.sides[1])

    def side_of(self, entrant: int) -> int | None:
        for side in (0, 1):
            if entrant in self.sides[side]:
                return side
        return None

    def seats(self, setup: NightSetup, entrants: Mapping[int, Entrant]) -> list[str]:
        """The name at each seat: a pair's first name at the side's first seat, its
        partner across (seats ``s`` and ``s + 2``); single players of a side likewise."""
        n = setup.num_players
        names = [""] * n
        for side in (0, 1):
            people: list[str] = []
            for number in self.sides[side]:
                people.extend(entrants[number].names)
            for i, name in enumerate(people):
                names[side + 2 * i] = name
        return names

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "sides": [list(self.sides[0]), list(self.sides[1])]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        a, b = data["sides"]
        return cls(int(data["number"]), (tuple(map(int, a)), tuple(map(int, b))))


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    boards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "boards": list(self.boards),
                "tables": [t.to_json() for t in self.tables]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(int(data["number"]), tuple(Table.from_json(t) for t in data["tables"]),
                   tuple(int(b) for b in data["boards"]))


@dataclass(frozen=True)
class BoardResult:
    """What a table wrote for a board, per side of the table (not of the board).

    ``record`` is how it was played: the position line of the played deal
    (:func:`atout.notation.format_position`), or the scorekeeper's entry for a board
    played with real cards; ``""`` when not kept."""

    round: int
    table: int
    board: int
    turned: bool
    recorded: tuple[int, int]
    record: str = ""
    entered: bool = False

    @property
    def net(self) -> int:
        """What the holders of the board's side-0 cards wrote, minus their opponents'."""
        a, b = self.recorded
        return b - a if self.turned else a - b

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "table": self.table, "board": self.board,
                "turned": self.turned, "recorded": list(self.recorded),
                "record": self.record, "entered": self.entered}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoardResult:
        a, b = data["recorded"]
        return cls(int(data["round"]), int(data["table"]), int(data["board"]),
                   bool(data["turned"]), (int(a), int(b)), str(data.get("record", "")),
                   bool(data.get("entered", False)))


@dataclass(frozen=True)
class Standing:
    """An entrant's place: its total and its score on each board it played."""

    place: int
    entrant: int
    total: Fraction
    boards: Mapping[int, Fraction]


# -- scoring ---------------------------------------------------------------------------
def board_scores(
    results: Sequence[BoardResult], scoring: Scoring = "points"
) -> dict[tuple[int, int], Fraction]:
    """The score of each side of each table on one board: ``(table, side) -> score``,
    from every table's result for that board."""
    nets = [r.net for r in results]
    out: dict[tuple[int, int], Fraction] = {}
    for r in results:
        holders = 1 if r.turned else 0  # the table's side holding the board's side-0 cards
        if scoring == "points":
            mine = Fraction(r.net) - Fraction(sum(nets), len(nets))
            out[(r.table, holders)] = mine
            out[(r.table, 1 - holders)] = -mine
        else:
            beaten = sum(2 if r.net > n else 1 if r.net == n else 0 for n in nets) - 1
            out[(r.table, holders)] = Fraction(beaten)
            out[(r.table, 1 - holders)] = Fraction(2 * (len(nets) - 1) - beaten)
    return out


def standings(
    entrants: Iterable[Entrant], rounds: Sequence[Round], results: Iterable[BoardResult],
    scoring: Scoring = "points", *, complete_only: bool = False,
) -> list[Standing]:
    """The night's standings, best first: each entrant's total over the boards scored.

    With ``complete_only`` a board counts only once every table of its round has a
    result for it (the live page shows no half-scored board)."""
    by_board: dict[int, list[BoardResult]] = {}
    for r in results:
        by_board.setdefault(r.board, []).append(r)
    round_of_board = {b: rnd for rnd in rounds for b in rnd.boards}
    per: dict[int, dict[int, Fraction]] = {e.number: {} for e in entrants}
    for board, rows in by_board.items():
        rnd = round_of_board.get(board)
        if rnd is None:
            continue
        if complete_only and len(rows) < len(rnd.tables):
            continue
        tables = {t.number: t for t in rnd.tables}
        for (table, side), score in board_scores(rows, scoring).items():
            for entrant in tables[table].sides[side]:
                if entrant in per:
                    per[entrant][board] = score
    ordered = sorted(per, key=lambda e: (-sum(per[e].values(), Fraction(0)), e))
    out: list[Standing] = []
    for i, e in enumerate(ordered):
        total = sum(per[e].values(), Fraction(0))
        place = i + 1
        if out and out[-1].total == total:
            place = out[-1].place  # a tie shares the place
        out.append(Standing(place, e, total, dict(sorted(per[e].items()))))
    return out


# -- entrants and pairing ----------------------------------------------------------------
def fill_with_bots(setup: NightSetup, entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants with bot entrants added so that every table is full (at least one
    table): pairs and Deberts players come in twos, single players of a 4-seat game in
    fours."""
    out = list(entrants)
    group = 4 if setup.per_side == 2 else 2
    number = max((e.number for e in out), default=0)
    while len(out) < group or len(out) % group:
        number += 1
        names = tuple(f"{setup.bot} bot" for _ in range(setup.per_entrant))
        out.append(Entrant(number, names, setup.bot))
    return out


def _met(tables: Iterable[Table]) -> set[frozenset[int]]:
    """Pairs of entrants that sat at the same table."""
    met: set[frozenset[int]] = set()
    for t in tables:
        everyone = t.entrants()
        for i, a in enumerate(everyone):
            for b in everyone[i + 1:]:
                met.add(frozenset((a, b)))
    return met


def _pairs_avoiding(order: Sequence[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Adjacent pairs down ``order``, each with the highest one below it not met yet,
    going back when needed; when the field allows no such pairing, the fewest repeats
    greedily."""
    budget = [20000]

    def solve(left: list[int]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first = left[0]
        for j in range(1, len(left)):
            other = left[j]
            if frozenset((first, other)) in met:
                continue
            rest = solve(left[1:j] + left[j + 1:])
            if rest is not None:
                return [(first, other), *rest]
        return None

    found = solve(list(order))
    if found is not None:
        return found
    left = list(order)
    pairs: list[tuple[int, int]] = []
    while left:
        first = left.pop(0)
        j = next((i for i, o in enumerate(left) if frozenset((first, o)) not in met), 0)
        pairs.append((first, left.pop(j)))
    return pairs


def pair_round(
    setup: NightSetup, entrants: Sequence[Entrant], previous: Sequence[Round],
    results: Iterable[BoardResult] = (),
) -> Round:
    """The next round's tables (Swiss): the first drawn from the seed, each later one by
    the standings, no two entrants meeting again when the field allows it.

    Pairs (and Deberts players) meet in twos, the higher placed on side 0. Single
    players of a 4-seat game sit four to a table, taken down the standings with the
    same rule, the first and fourth against the second and third."""
    number = len(previous) + 1
    if number > setup.rounds:
        raise NightError("night.over", "every round has been played")
    group = 4 if setup.per_side == 2 else 2
    if len(entrants) < group or len(entrants) % group:
        raise NightError("night.entrants", f"a round needs entrants in {group}s; add bots")
    if number == 1:
        order = [e.number for e in entrants]
        random.Random(f"atout-night:{setup.seed}:draw").shuffle(order)
    else:
        order = [s.entrant for s in standings(entrants, previous, results, setup.scoring)]
    met = _met(t for rnd in previous for t in rnd.tables)
    tables: list[Table] = []
    if group == 2:
        for i, (a, b) in enumerate(_pairs_avoiding(order, met)):
            tables.append(Table(i + 1, ((a,), (b,))))
    else:
        # quads: pair the order into twos, then the twos into fours, no one met
        duos = _pairs_avoiding(order, met)
        duo_met = {
            frozenset((i, j)) for i, a in enumerate(duos) for j, b in enumerate(duos)
            if i != j and any(frozenset((x, y)) in met for x in a for y in b)
        }
        quads = _pairs_avoiding(list(range(len(duos))), duo_met)
        for i, (x, y) in enumerate(quads):
            (a, b), (c, d) = duos[x], duos[y]
            tables.append(Table(i + 1, ((a, d), (b, c))))
    return Round(number, tuple(tables), setup.board_numbers(number))


# -- the night as a whole -----------------------------------------------------------------
@dataclass
class Night:
    """A night's state: the setup, the entrants, the rounds so far and their results."""

    setup: NightSetup
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    results: dict[tuple[int, int, int], BoardResult] = field(default_factory=dict)

    def entrant(self, number: int) -> Entrant:
        for e in self.entrants:
            if e.number == number:
                return e
        raise NightError("night.entrant", f"no entrant {number}")

    def add_entrant(self, names: Sequence[str], bot: str | None = None) -> Entrant:
        if self.rounds:
            raise NightError("night.started", "the night has started")
        names = tuple(n.strip() for n in names)
        if len(names) != self.setup.per_entrant or not all(names):
            raise NightError("night.names", f"an entrant has {self.setup.per_entrant} name(s)")
        e = Entrant(max((x.number for x in self.entrants), default=0) + 1, names, bot)
        self.entrants.append(e)
        return e

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round_complete(self, rnd: Round) -> bool:
        return all(
            (rnd.number, t.number, b) in self.results for t in rnd.tables for b in rnd.boards
        )

    @property
    def is_over(self) -> bool:
        return len(self.rounds) == self.setup.rounds and self.round_complete(self.rounds[-1])

    def start_round(self) -> Round:
        """Fill empty seats with bots (first round) and seat the next round."""
        if self.rounds and not self.round_complete(self.rounds[-1]):
            raise NightError("night.round-open", "the round has boards still to play")
        if not self.rounds:
            self.entrants = fill_with_bots(self.setup, self.entrants)
        rnd = pair_round(self.setup, self.entrants, self.rounds, self.results.values())
        self.rounds.append(rnd)
        return rnd

    def table(self, round_number: int, table_number: int) -> Table:
        try:
            rnd = self.rounds[round_number - 1]
            return rnd.tables[table_number - 1]
        except IndexError:
            raise NightError("night.table", "no such table") from None

    def next_board(self, round_number: int, table_number: int) -> tuple[int, bool] | None:
        """The board a table plays next, and whether it is turned; ``None`` when done."""
        rnd = self.rounds[round_number - 1]
        table = self.table(round_number, table_number)
        for i, b in enumerate(rnd.boards):
            if (round_number, table_number, b) not in self.results:
                return b, table.turned(i)
        return None

    def record(self, round_number: int, table_number: int, board: int,
               recorded: tuple[int, int], record: str = "", *, entered: bool = False
               ) -> BoardResult:
        """Write a table's result for a board (per side of the table). The table plays
        its boards in order: only its next board may be written."""
        if round_number != len(self.rounds):
            raise NightError("night.round", "only the current round takes results")
        nxt = self.next_board(round_number, table_number)
        if nxt is None or nxt[0] != board:
            raise NightError("night.board-order", "a table writes its next board only")
        result = BoardResult(round_number, table_number, board, nxt[1],
                             (int(recorded[0]), int(recorded[1])), record, entered)
        self.results[(round_number, table_number, board)] = result
        return result

    def seat_people(self, round_number: int, table_number: int) -> dict[int, tuple[int, int]]:
        """Who sits where at a table: seat -> (entrant, index of the name in the
        entrant's names), as :meth:`Table.seats` seats them."""
        table = self.table(round_number, table_number)
        out: dict[int, tuple[int, int]] = {}
        for side in (0, 1):
            people = [(number, i) for number in table.sides[side]
                      for i in range(len(self.entrant(number).names))]
            for k, person in enumerate(people):
                out[side + 2 * k] = person
        return out

    def table_totals(self, round_number: int, table_number: int) -> tuple[Fraction, Fraction]:
        """Each side's duplicate score at a table over its round's boards (the boards
        that every table of the round has played), side 0 first."""
        rnd = self.rounds[round_number - 1]
        totals = [Fraction(0), Fraction(0)]
        for b in rnd.boards:
            rows = [r for r in self.results.values() if r.round == round_number and r.board == b]
            if len(rows) < len(rnd.tables):
                continue
            scores = board_scores(rows, self.setup.scoring)
            for side in (0, 1):
                totals[side] += scores[(table_number, side)]
        return totals[0], totals[1]

    def played(self, board: int) -> set[int]:
        """The tables (of the board's round) that have played ``board``."""
        return {t for (_, t, b) in self.results if b == board}

    def standings(self, *, complete_only: bool = False) -> list[Standing]:
        return standings(self.entrants, self.rounds, self.results.values(),
                         self.setup.scoring, complete_only=complete_only)

    def enter(self, round_number: int, table_number: int, board: int, entry: str, *,
              correct: bool = False) -> BoardResult:
        """Write a board played with real cards from the scorekeeper's entry (what was
        decided at the table: who took it, trump, points, melds...), sides as at the
        table; the scorekeeper computes what each side writes. With ``correct``, the
        entry replaces one entered before for that board (in the current round)."""
        from atout.scorekeeper import new_sheet  # the scorekeeper sits beside the clubs

        key = (round_number, table_number, board)
        if correct:
            old = self.results.get(key)
            if old is None or not old.entered or round_number != len(self.rounds):
                raise NightError("night.correct", "only a board entered in this round")
            turned = old.turned
        else:
            nxt = self.next_board(round_number, table_number)
            if nxt is None or nxt[0] != board:
                raise NightError("night.board-order", "a table writes its next board only")
            turned = nxt[1]
        b = self.setup.board(board)
        sheet = new_sheet(self.setup.game, self.setup.options,
                          first_dealer=b.dealer_at(turned, self.setup.num_players))
        row = sheet.add(entry)
        if correct:
            self.results[key] = BoardResult(round_number, table_number, board, turned,
                                            row.recorded, sheet.entry_text(row.entry), True)
            return self.results[key]
        return self.record(round_number, table_number, board, row.recorded,
                           sheet.entry_text(row.entry), entered=True)

    def to_json(self) -> dict[str, Any]:
        return {
            "setup": self.setup.to_json(),
            "entrants": [e.to_json() for e in self.entrants],
            "rounds": [r.to_json() for r in self.rounds],
            "results": [r.to_json() for r in self.results.values()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Night:
        night = cls(NightSetup.from_json(data["setup"]),
                    [Entrant.from_json(e) for e in data["entrants"]],
                    [Round.from_json(r) for r in data["rounds"]])
        for r in data["results"]:
            res = BoardResult.from_json(r)
            night.results[(res.round, res.table, res.board)] = res
        return night

    def export(self, *, complete_only: bool = False) -> str:
        """The whole night as text: a header, then each table's boards, each board as
        the one-line position of the played deal (:func:`atout.notation.read_position`
        reads it back) or, for a board played with real cards, the scorekeeper's entry.
        ``#`` lines are comments. With ``complete_only``, only the boards that every table
        of their round has played (what a table still to play a board must not see)."""
        s = self.setup
        lines = [
            f'[Night "{s.game}"]', f'[Options "{s.options}"]',
            *([f'[Seed "{s.seed}"]'] if self.is_over else []),  # it deals every board
            f'[Rounds "{s.rounds}"]', f'[BoardsPerRound "{s.boards_per_round}"]',
            f'[Scoring "{s.scoring}"]',
        ]
        for e in self.entrants:
            bot = f" (bot {e.bot})" if e.bot else ""
            lines.append(f'[Entrant{e.number} "{" & ".join(e.names)}{bot}"]')
        for rnd in self.rounds:
            for t in rnd.tables:
                lines.append("")
                lines.append(f"round {rnd.number} table {t.number} "
                             f"side0 {','.join(map(str, t.sides[0]))} "
                             f"side1 {','.join(map(str, t.sides[1]))}")
                for i, b in enumerate(rnd.boards):
                    res = self.results.get((rnd.number, t.number, b))
                    if res is None or (complete_only and len(self.played(b)) < len(
                            rnd.tables)):
                        continue
                    how = "entered" if res.entered else "played"
                    lines.append(f"board {b} {'turned' if t.turned(i) else 'straight'} "
                                 f"{how} {res.recorded[0]}-{res.recorded[1]}")
                    if res.record:
                        lines.append(("entry " if res.entered else "") + res.record)
        lines.append("")
        lines.append("# standings")
        for st in self.standings(complete_only=complete_only):
            lines.append(f"# {st.place}. {' & '.join(self.entrant(st.entrant).names)} "
                         f"{format_score(st.total)}")
        return "\n".join(lines) + "\n"


def format_score(value: Fraction) -> str:
    """A score as the standings show it: a whole number, or one decimal (``+12.5``);
    zero without a sign."""
    text = f"{float(value):+.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text in ("+0", "-0") else text
