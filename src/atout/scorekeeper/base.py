"""What the three scorekeepers share: refusals, reasons, rows, the sheet and its record.

A scoresheet is a list of *entries*, one per deal: what the people at the table decided
(who took, the points, the announcements...), in the game's own dataclass. Everything
else is computed from the entries by the game's rules, through the same pure functions
the engines call (``atout.games.*.settle_*``, ``match_winner``...): a :class:`Row` per
deal, with the written points, the running scores, what hangs or is held, the match's
winner, and the reasons in a few words. A correction replaces one entry and computes
every row again, so everything after it follows.

Entries have a canonical one-line text (``caller=0 trump=H points=72,90``): it is how
records keep them (``scored`` lines, see ``docs/records.md``) and what a script types.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from atout.cards import Suit

__all__ = [
    "ASK_AGAIN",
    "PASSED",
    "EntryRefused",
    "Question",
    "Reason",
    "Row",
    "Scoresheet",
    "SheetState",
    "meld_answers",
    "meld_questions",
    "parse_melds",
    "parse_side_points",
    "parse_words",
    "scoring_side",
    "trump_question",
]


class EntryRefused(ValueError):
    """An entry the rules make impossible; ``rule`` (``score.points-total``) names the
    rule for the translations, ``params`` the values its message names."""

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.params = params


@dataclass(frozen=True)
class Reason:
    """One part of why a deal was written as it was: a message key and its values.
    Values named ``who``, ``caller``, ``defender``, ``other``... are sides (seat or
    team numbers) that the interfaces show as names."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


#: Parameters of a reason that are sides (shown as the players' or teams' names).
SIDE_PARAMS = frozenset({"who", "caller", "defender", "other", "loser", "takers", "defenders"})


@dataclass(frozen=True)
class Row:
    """One deal of the scoresheet, as computed from its entry."""

    number: int
    dealer: int
    entry: Any
    outcome: str
    #: Each side's total for the deal (before a factor; Schieber: before the factor).
    totals: tuple[int, int]
    #: What each side writes for the deal.
    recorded: tuple[int, int]
    #: An amount hanging or held that this deal settled: ``(side, amount)``.
    paid: tuple[int, int] | None
    #: The match scores after this deal.
    scores: tuple[int, int]
    #: What hangs (Deberts) or is held (Belote) after this deal.
    carried: int
    #: The side that won the match with this deal, if it ended here.
    winner: int | None
    reasons: tuple[Reason, ...]
    #: The engine's result dataclass for this deal (its breakdown), when played.
    result: Any = None

    @property
    def written(self) -> tuple[int, int]:
        """What each side writes on the sheet for this deal: its ``recorded`` points and
        the amount hanging or held that it takes (``paid``); the scores grow by these."""
        written = list(self.recorded)
        if self.paid is not None:
            written[self.paid[0]] += self.paid[1]
        return (written[0], written[1])


@dataclass(frozen=True)
class SheetState:
    """What spans deals: the scores, the amount hanging or held, the next dealer."""

    scores: tuple[int, int] = (0, 0)
    carried: int = 0
    dealer: int = 0
    winner: int | None = None


E = TypeVar("E")


@dataclass(frozen=True)
class Question:
    """One question of a deal's entry, as the terminal asks it and the page draws it.

    A game's sheet lists its questions (:attr:`Scoresheet.form`); the front ends ask
    them in order and hand the answers to :meth:`Scoresheet.entry_of`, which writes the
    entry's text, so neither front end knows a game. ``name``: the answer's name (the
    page's ``data-key``). ``kind``: ``side`` (a player or team), ``seat`` (1 to 4),
    ``suit``, ``contract`` (``choices``), ``yes`` (``choices``: yes and no, in the
    order shown), ``points`` (0 to ``high``), ``melds`` (each side's; ``choices``: the
    page's buttons, word and value), ``winner`` (who won a comparison of equal melds).
    ``ask``/``label``: the terminal's question and the page's label (catalogue keys;
    their ``who`` is side ``side``, or the side answered to ``who_of``). ``group``:
    what a refusal asks again (``caller``, ``points``, ``melds``, ``extra``). ``none``:
    nobody is an answer; ``passes``: "all passed" is an answer, and the deal is thrown
    in. ``when``/``unless``: asked only when these answers are given / not given.
    ``on_refusal``: asked only when the rules refuse the entry with this rule (the page
    also asks a ``winner`` when the melds tie). ``other``: the page shows the other
    side's points, ``other`` less these. ``word``: the entry's word for the answer
    (``{value}`` and the other answers by name; a ``yes`` answer writes ``word`` or
    ``word_no``).
    """

    name: str
    kind: str
    ask: str
    label: str
    group: str
    word: str
    word_no: str = ""
    none: bool = False
    passes: bool = False
    high: int = 0
    other: int = 0
    side: int | None = None
    who_of: str | None = None
    when: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    on_refusal: str | None = None
    choices: tuple[tuple[Any, str, str], ...] = ()

    def asked(self, answers: Mapping[str, Any]) -> bool:
        """Whether the question is asked after ``answers``."""
        return (all(answers.get(name) is not None for name in self.when)
                and all(answers.get(name) is None for name in self.unless))

    def json(self) -> dict[str, Any]:
        """The question for the page (``choices`` as value, label key or text, class)."""
        return {
            "name": self.name, "kind": self.kind, "label": self.label, "none": self.none,
            "passes": self.passes, "high": self.high, "other": self.other,
            "side": self.side, "who_of": self.who_of, "when": list(self.when),
            "unless": list(self.unless), "on_refusal": self.on_refusal,
            "choices": [list(choice) for choice in self.choices],
        }


#: The answer that says every player passed (the deal is thrown in).
PASSED = "p"

#: The refusals that one group of questions answers, in every game (rule -> group).
ASK_AGAIN: Mapping[str, str] = {
    "score.points-total": "points", "score.capot-points": "points",
    "score.trick-with-points": "points",
    "score.meld-value": "melds", "score.meld-cards": "melds", "score.meld-none": "melds",
    "score.meld-beaten": "melds", "score.meld-unique": "melds",
}


def trump_question() -> Question:
    """Which suit is trump."""
    return Question("trump", "suit", "score.ask.trump", "score.page.trump", "caller",
                    "trump={value}")


def meld_questions(game: str, word: str, winner: str, extra: str,
                   buttons: Iterable[tuple[str, int]]) -> tuple[Question, ...]:
    """What each side showed (``word``), who won a comparison of equal melds
    (``winner``), and who scored the game's ``extra`` (bela, belote, Stöck)."""
    return (
        Question("melds", "melds", f"score.ask.{game}.melds", f"score.page.{game}.melds",
                 "melds", word, choices=tuple((w, "", str(v)) for w, v in buttons)),
        Question("win", "winner", "score.ask.meld-winner", "score.page.comparison", "melds",
                 f"{winner}={{value}}", on_refusal="score.meld-tie"),
        Question("extra", "side", f"score.ask.{game}.{extra}", f"score.page.{game}.extra",
                 "extra", f"{extra}={{value}}", none=True),
    )


def meld_answers(melds: tuple[tuple[int, ...], tuple[int, ...]], winner: int | None,
                 extra: int | None) -> dict[str, Any]:
    """The answers to :func:`meld_questions` of an entry."""
    return {"melds0": list(melds[0]), "melds1": list(melds[1]), "win": winner, "extra": extra}


class Scoresheet(ABC, Generic[E]):
    """A match kept by hand: entries in, rows computed (see the module docstring)."""

    game: ClassVar[str] = ""
    num_players: ClassVar[int] = 2
    #: Whether the sides are teams (seats 0+2 and 1+3) or the two players.
    teams: ClassVar[bool] = False
    #: The melds of the game (sequences, announcements, Weis): the word that names them
    #: in the refusals, the words people say for them, the cards each value needs.
    meld_what: ClassVar[str] = ""
    meld_words: ClassVar[Mapping[str, int]] = {}
    meld_cards: ClassVar[Mapping[int, int]] = {}
    #: The cards a side holds, that its melds must fit in.
    meld_hand: ClassVar[int] = 0
    #: A deal in the one-line syntax, for the help texts.
    example: ClassVar[str] = ""
    #: The questions of a deal's entry, in the order they are asked (:class:`Question`).
    form: ClassVar[tuple[Question, ...]] = ()
    #: The refusals that one group of questions answers (rule -> group), asked again
    #: after the reason; each game adds its own to :data:`ASK_AGAIN`.
    ask_again: ClassVar[Mapping[str, str]] = {}
    #: The catalogue keys of the contracts that are not a suit (``suit.H`` otherwise).
    contract_keys: ClassVar[Mapping[str, str]] = {}

    def __init__(
        self, options: Any = None, *, first_dealer: int = 0, names: Sequence[str] = ()
    ) -> None:
        if not 0 <= first_dealer < self.num_players:
            raise ValueError(f"the dealer is a seat 0..{self.num_players - 1}")
        self.options = options if options is not None else self._default_options()
        self.first_dealer = first_dealer
        named = [" ".join(str(name).split()) for name in names]
        while named and not named[-1]:
            named.pop()
        self.names: tuple[str, ...] = tuple(named)
        self.entries: list[E] = []
        self.rows: list[Row] = []
        self.state = self._start()

    # -- what each game supplies ---------------------------------------------------------
    @staticmethod
    @abstractmethod
    def _default_options() -> Any:
        """The game's default options."""

    @abstractmethod
    def _settle(self, state: SheetState, entry: E, number: int) -> tuple[Row, SheetState]:
        """The row of ``entry`` played as deal ``number`` from ``state``, and the state
        after it; :class:`EntryRefused` for an impossible entry."""

    @abstractmethod
    def parse_entry(self, text: str) -> E:
        """An entry from its canonical text (:class:`EntryRefused` when unreadable)."""

    @abstractmethod
    def entry_text(self, entry: E) -> str:
        """The canonical text of an entry (what :meth:`parse_entry` reads back)."""

    def _start(self) -> SheetState:
        return SheetState(dealer=self.first_dealer)

    def read_melds(self, text: str, side: int = 0) -> tuple[int, ...]:
        """The melds of ``side`` as a person says them: values or the game's words,
        between spaces, commas or ``+`` (``terc bertz``, ``20+50``); refused when one is
        not a meld of the game, or when they need more cards than the side holds."""
        words = text.replace(",", " ").replace("+", " ").split()
        if not words:
            return ()
        values = self._parse_melds("0:" + "+".join(words))[0]
        self._check_melds((values, ()) if side == 0 else ((), values))
        return values

    # -- the game's melds, as its class attributes describe them -------------------------
    def _parse_melds(self, text: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each side's melds from an entry's word (``0:50+20,1:20``: values or the
        game's words)."""
        melds = parse_melds(text, self.meld_words)
        return (melds[0], melds[1])

    def _check_melds(self, melds: tuple[tuple[int, ...], ...]) -> None:
        """Refuse values the game does not have and more than a side's cards can hold."""
        check_melds(melds, self.meld_cards, self.meld_hand, self.meld_what)

    def _scoring_side(self, melds: tuple[tuple[int, ...], ...], winner: int | None) -> int | None:
        """The side whose melds score (:func:`scoring_side`)."""
        return scoring_side(melds, winner, self.meld_what)

    # -- the sheet -----------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, int]:
        return self.state.scores

    @property
    def carried(self) -> int:
        """What hangs (Deberts) or is held (Belote) now; 0 in Schieber."""
        return self.state.carried

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    @property
    def dealer(self) -> int:
        """Who deals the next deal."""
        return self.state.dealer

    @property
    def deal_number(self) -> int:
        return len(self.rows) + 1

    @property
    def final_score(self) -> tuple[int, int] | None:
        """The result as written once the match is over."""
        return None if self.winner is None else self.scores

    @property
    def stakes(self) -> int:
        """How many games the result counts for (2 for a Schneider or a mars)."""
        return 0 if self.winner is None else 1

    def check(self, entry: E) -> None:
        """Refuse ``entry`` (:class:`EntryRefused`) if the rules would refuse it as the
        next deal; nothing is written."""
        self._settle(self.state, entry, self.deal_number)

    def add(self, entry: E | str) -> Row:
        """Score the next deal from its entry (or its text); refused when impossible."""
        if isinstance(entry, str):
            entry = self.parse_entry(entry)
        if self.is_over:
            raise EntryRefused("score.match-over", "the match is over")
        row, state = self._settle(self.state, entry, len(self.rows) + 1)
        self.entries.append(entry)
        self.rows.append(row)
        self.state = state
        return row

    def correct(self, number: int, entry: E | str) -> None:
        """Replace the entry of deal ``number`` and compute every deal again; refused
        (and nothing changed) when the correction makes a later deal impossible."""
        if isinstance(entry, str):
            entry = self.parse_entry(entry)
        if not 1 <= number <= len(self.entries):
            raise EntryRefused("score.no-deal", f"there is no deal {number}", number=number)
        entries = list(self.entries)
        entries[number - 1] = entry
        self._replace_all(entries)

    def undo(self) -> E:
        """Take back the last deal's entry."""
        if not self.entries:
            raise EntryRefused("score.nothing", "there is nothing to take back")
        entries = self.entries[:-1]
        last = self.entries[-1]
        self._replace_all(entries)
        return last

    def _replace_all(self, entries: Iterable[E]) -> None:
        state = self._start()
        rows: list[Row] = []
        kept: list[E] = []
        for entry in entries:
            number = len(rows) + 1
            if state.winner is not None:
                raise EntryRefused(
                    "score.correction-ends",
                    f"the match would end at deal {number - 1}, before the deals after it",
                    number=number - 1,
                )
            try:
                row, state = self._settle(state, entry, number)
            except EntryRefused as exc:
                raise EntryRefused(
                    "score.correction-breaks", f"deal {number}: {exc.message}",
                    number=number, inner_rule=exc.rule, reason=exc.message, inner=exc,
                ) from exc
            rows.append(row)
            kept.append(entry)
        self.entries, self.rows, self.state = kept, rows, state

    def side_name(self, side: int, lang: str = "en") -> str:
        """The name of a side (seat or team), or ``player 1``, ``team 2``... in ``lang``."""
        if side < len(self.names) and self.names[side]:
            return self.names[side]
        from atout.i18n import translate

        return translate("score.team" if self.teams else "score.player", lang, n=side + 1)

    # -- the questions of an entry ---------------------------------------------------------
    def asked(self, answers: Mapping[str, Any]) -> list[Question]:
        """The questions asked after ``answers`` (none after "all passed"), those asked
        on a refusal included."""
        if any(q.passes and answers.get(q.name) == PASSED for q in self.form):
            return [q for q in self.form if q.passes]
        return [q for q in self.form if q.asked(answers)]

    def entry_of(self, answers: Mapping[str, Any]) -> str:
        """The entry's text from the answers to :attr:`form` (the answers not asked are
        left out); ``ValueError`` for an answer of the wrong kind."""
        values = {q.name: answers.get(q.name) for q in self.form}
        numbers = {name: 0 if value is None else value for name, value in values.items()}
        words: list[str] = []
        for q in self.asked(answers):
            value = values[q.name]
            if q.kind == "melds":
                listed = ",".join(f"{side}:{'+'.join(str(int(v)) for v in shown)}"
                                  for side in (0, 1)
                                  if (shown := answers.get(f"{q.name}{side}") or []))
                words.append(f"{q.word}={listed}" if listed else "")
            elif value is None:
                continue
            elif q.passes and value == PASSED:
                return "thrown-in"
            elif q.kind == "yes":
                words.append(q.word if value else q.word_no)
            else:
                if q.kind in ("side", "seat", "winner", "points"):
                    value = int(value)
                elif not isinstance(value, str) or not value.isalnum():
                    raise ValueError(f"{q.name}: not an answer: {value!r}")
                words.append(q.word.format(value=value, **{
                    k: int(v) for k, v in numbers.items() if isinstance(v, (int, str))
                    and str(v).isdigit()}))
        return " ".join(w for w in words if w)

    def answers(self, entry: E) -> dict[str, Any]:
        """The answers that give ``entry`` (what the page shows to correct a deal)."""
        return {}

    # -- records -------------------------------------------------------------------------
    def headers(self) -> list[tuple[str, str]]:
        """The record's headers for the names (``Seat0``.. or ``Team0``, ``Team1``)."""
        label = "Team" if self.teams else "Seat"
        return [(f"{label}{i}", name) for i, name in enumerate(self.names) if name]

    def more_headers(self) -> list[tuple[str, str]]:
        """The game's own headers of a record, after ``FirstDealer``."""
        return []

    @classmethod
    def from_headers(cls, header: Any) -> dict[str, Any]:
        """What the constructor takes from a record's headers (``header(name)`` reads
        one) beyond the names and the first dealer."""
        return {}


# -- small parsers the games share -------------------------------------------------------------
def parse_words(text: str, keys: Iterable[str], flags: Iterable[str] = ()) -> dict[str, str]:
    """``key=value`` words (and bare ``flags``) into a dict; unknown or repeated keys
    are refused."""
    allowed = set(keys)
    bare = set(flags)
    out: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        key = key.strip().lower()
        if not eq:
            if key not in bare:
                raise EntryRefused("score.bad-entry", f"cannot read {word!r}", text=word)
            value = "yes"
        elif key not in allowed:
            raise EntryRefused("score.bad-entry", f"cannot read {word!r}", text=word)
        if key in out:
            if key == "capot":
                raise EntryRefused("score.two-capots", "only one team can take every trick")
            raise EntryRefused("score.bad-entry", f"{key} given twice", text=word)
        out[key] = value
    return out


def parse_int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise EntryRefused(
            "score.bad-entry", f"{what}: not a number: {text!r}", text=text
        ) from None


def parse_side(text: str | None, sides: int = 2) -> int | None:
    """A side (seat or team number), or ``None`` for an absent value or ``none``."""
    if text is None or text.lower() in ("", "none", "-"):
        return None
    value = parse_int(text, "side")
    if not 0 <= value < sides:
        raise EntryRefused("score.bad-entry", f"no side {value}", text=text)
    return value


def parse_suit(text: str | None) -> Suit | None:
    if text is None:
        return None
    try:
        return Suit.parse(text)
    except ValueError:
        raise EntryRefused("score.bad-entry", f"not a suit: {text!r}", text=text) from None


def parse_flag(text: str | None) -> bool | None:
    if text is None:
        return None
    value = text.lower()
    if value in ("yes", "1", "true", "y"):
        return True
    if value in ("no", "0", "false", "n"):
        return False
    raise EntryRefused("score.bad-entry", f"yes or no, not {text!r}", text=text)


def parse_side_points(text: str | None, total: int) -> tuple[int, int]:
    """``72,90`` (both) or ``1:90`` (one side; the other's from the total)."""
    if text is None:
        raise EntryRefused("score.points-missing", "the card points are missing")
    if ":" in text:
        side_text, _, value_text = text.partition(":")
        side = parse_side(side_text)
        value = parse_int(value_text, "points")
        if side is None:
            raise EntryRefused("score.bad-entry", f"cannot read {text!r}", text=text)
        return (value, total - value) if side == 0 else (total - value, value)
    first, comma, second = text.partition(",")
    if not comma:
        raise EntryRefused("score.bad-entry", f"give both sides (72,90) or one (0:72): {text!r}",
                           text=text)
    return parse_int(first, "points"), parse_int(second, "points")


def parse_melds(text: str | None, names: Mapping[str, int]) -> tuple[tuple[int, ...], ...]:
    """``0:50+20,1:20`` (values or the game's words) into each side's values."""
    out: list[tuple[int, ...]] = [(), ()]
    if not text or text.lower() == "none":
        return (out[0], out[1])
    for part in text.split(","):
        side_text, colon, values = part.partition(":")
        side = parse_side(side_text)
        if not colon or side is None:
            raise EntryRefused("score.bad-entry", f"cannot read {part!r}", text=part)
        found: list[int] = []
        for word in values.split("+"):
            word = word.strip().lower()
            if word in names:
                found.append(names[word])
            else:
                found.append(parse_int(word, "announcement"))
        out[side] = out[side] + tuple(found)
    return (out[0], out[1])


def format_melds(melds: tuple[tuple[int, ...], ...]) -> str:
    return ",".join(
        f"{side}:{'+'.join(str(v) for v in values)}" for side, values in enumerate(melds) if values
    )


def check_melds(
    melds: tuple[tuple[int, ...], ...],
    cards: Mapping[int, int],
    hand_size: int,
    what: str,
) -> None:
    """Refuse values the game does not have and more than a side's cards can hold."""
    for side, values in enumerate(melds):
        for value in values:
            if value not in cards:
                raise EntryRefused(
                    "score.meld-value", f"{value} is not a value of a {what}",
                    value=value, what=what,
                )
        need = sum(cards[v] for v in values)
        if need > hand_size:
            raise EntryRefused(
                "score.meld-cards",
                f"side {side + 1}: those need {need} cards, and it holds {hand_size}",
                who=side, need=need, cards=hand_size,
            )


def scoring_side(
    melds: tuple[tuple[int, ...], ...], winner: int | None, what: str
) -> int | None:
    """The side whose announcements score: the one with the best value; when both have
    the same best value (height, trump or order decide), the ``winner`` entered. A
    ``winner`` that the values contradict is refused."""
    best = [max(values) if values else 0 for values in melds]
    if winner is not None:
        if not melds[winner]:
            raise EntryRefused(
                "score.meld-none", f"side {winner + 1} has no {what} to win with",
                who=winner, what=what,
            )
        if best[1 - winner] > best[winner]:
            raise EntryRefused(
                "score.meld-beaten",
                f"{best[1 - winner]} beats {best[winner]}: the {what} go to side {2 - winner}",
                who=winner, other=1 - winner, best=best[1 - winner], value=best[winner], what=what,
            )
        return winner
    if not best[0] and not best[1]:
        return None
    if best[0] == best[1]:
        raise EntryRefused(
            "score.meld-tie", f"both sides have {best[0]}: say who won the comparison",
            value=best[0], what=what,
        )
    return 0 if best[0] > best[1] else 1


def terms(a: int, b: int) -> str:
    """``a + b`` as written in a sentence: ``170 − 8`` when ``b`` is negative (the minus
    sign, not a hyphen), ``−8 + 170`` when ``a`` is."""
    first = f"\u2212{-a}" if a < 0 else str(a)
    return f"{first} \u2212 {-b}" if b < 0 else f"{first} + {b}"


def check_points(points: tuple[int, int], total: int) -> None:
    a, b = points
    if a < 0 or b < 0 or a + b != total:
        raise EntryRefused(
            "score.points-total",
            f"the card points must add up to {total}: {terms(a, b)} = {a + b}",
            a=a, b=b, terms=terms(a, b), sum=a + b, total=total,
        )
