"""Schieber deals to and from the JSON game format of jass-kit (PyPI ``jass-kit`` 2.0.5).

jass-kit, the kit Jass researchers and students use, saves a deal as its
``GameState.to_json()`` dict (format ``V0.2``) and its logs as one JSON object a line,
``{"game": <state>, "date": "29.11.26 14:05:00", "player_ids": [...]}``
(``GameLogEntry``). This module reads and writes both with the standard library alone;
jass-kit itself is needed only by the tests that check us against it.

How the two numberings meet (the same as ``tests/peer_convert.py``):

- cards: jass-kit index ``color * 9 + offset`` with colors D H S C and offsets
  A K Q J 10 9 8 7 6; its card names (``DA``, ``H10``, ``C6``) are atout's codes;
- seats: jass-kit players go round the other way (``next_player = [3, 0, 1, 2]``), so
  jass-kit player ``j`` is atout seat ``-j mod 4``, which keeps the partnerships;
- contracts: jass-kit's trump codes 0..3 are the colors D H S C, 4 Obenabe, 5 Undenufe;
  ``forehand`` is 1 when forehand named the contract, 0 after a push.

What does not cross over:

- **Weis and Stöck**: jass-kit has neither, so a deal written for jass-kit loses them and
  its ``points`` are card points only; a deal read from jass-kit is replayed by atout's
  rules, which declare the Weis and Stöck of its hands as usual.
- **Contract factors and the Match bonus**: jass-kit's trick points are unmultiplied,
  with 5 for the last trick and no 100 for taking every trick. Undenufe is counted with
  the modern values (six 11, ace 0), as jass-kit does, whatever atout's options say.
- **The match around the deal**: the written scores, the target, claims. A deal stopped
  by a claim is written as the unfinished game it is.
- **The first forehand of a match** (the holder of 7♣ in atout): jass-kit's forehand is
  always the dealer's next player, so such a deal is written with the seat before
  forehand as its dealer.

Reading is strict like :mod:`atout.notation`: malformed data raises
:class:`~atout.notation.RecordSyntaxError`; a card the rules forbid, or a trick whose
recorded winner or points disagree with the replay, raises
:class:`~atout.notation.IllegalRecordError`. Note that jass-kit 2.0.5 lets a player
undertrump when two trumps are already in the trick (a known bug), so some of its logs
hold a card atout refuses (rule ``schieber.no-undertrump``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from atout.cards import CARDS, Card
from atout.games.actions import Action, Push, play
from atout.kits import get_game
from atout.notation import IllegalRecordError, RecordSyntaxError, apply_recorded

__all__ = [
    "FORMAT_VERSION",
    "from_jass_card",
    "from_jass_seat",
    "read_jass_log",
    "read_jass_state",
    "to_jass_card",
    "to_jass_seat",
    "write_jass_log",
    "write_jass_state",
]

FORMAT_VERSION: Final = "V0.2"
_JASS_TYPE: Final = "SCHIEBER"
_PUSH_CODE: Final = 10
_OBENABE: Final = 4
_UNDENUFE: Final = 5


def to_jass_card(card: Card | int) -> int:
    """jass-kit's index of a card."""
    suit, rank = divmod(int(card), 9)
    return ((suit + 3) % 4) * 9 + (8 - rank)


def from_jass_card(index: int) -> Card:
    """The card of a jass-kit index."""
    color, offset = divmod(int(index), 9)
    return CARDS[((color + 1) % 4) * 9 + (8 - offset)]


def to_jass_seat(seat: int) -> int:
    """jass-kit's player number of an atout seat (and back: the map is its own inverse)."""
    return (-seat) % 4


from_jass_seat = to_jass_seat


def _to_jass_contract(contract: int) -> int:
    return (contract + 3) % 4 if contract < 4 else contract


def _from_jass_contract(code: int) -> int:
    return (code + 1) % 4 if code < 4 else code


def _jass_points(cards: Sequence[int], contract: int, last: bool) -> int:
    from atout.games.schieber import card_points

    total = sum(card_points(CARDS[c], contract, modern_undenufe=True) for c in cards)
    return total + (5 if last else 0)


# -- writing ---------------------------------------------------------------------------------
def write_jass_state(deal: Any) -> dict[str, Any]:
    """A Schieber deal as jass-kit's ``GameState.to_json()`` dict (see the module
    docstring for what is dropped)."""
    from atout.games.schieber import SchieberDeal

    if not isinstance(deal, SchieberDeal):
        raise ValueError("jass-kit's format holds Schieber deals only")
    forehand: int = deal.forehand
    contract: int = deal.contract
    tricks: list[dict[str, Any]] = []
    done = deal.tricks
    for index, (leader, cards, winner) in enumerate(done):
        tricks.append(
            {
                "cards": [CARDS[c].name for c in cards],
                "points": _jass_points(cards, contract, index == 8),
                "win": to_jass_seat(winner),
                "first": to_jass_seat(leader),
            }
        )
    if contract >= 0 and len(done) < 9:
        current: dict[str, Any] = {}
        if deal.trick:
            current["cards"] = [CARDS[c].name for c in deal.trick]
        current["first"] = to_jass_seat(deal.leader)
        tricks.append(current)
    if len(done) == 9:
        to_act = -1
    elif deal.is_over:  # stopped by a claim: the seat that would act next
        to_act = to_jass_seat(deal.turn)
    else:
        seat = deal.current_player()
        assert seat is not None
        to_act = to_jass_seat(seat)
    return {
        "version": FORMAT_VERSION,
        "trump": _to_jass_contract(contract) if contract >= 0 else -1,
        "dealer": to_jass_seat((forehand - 1) % 4),
        "currentPlayer": to_act,
        "forehand": -1 if contract < 0 and not deal.pushed else (0 if deal.pushed else 1),
        "tricks": tricks,
        "player": [
            {"hand": [CARDS[c].name for c in sorted(_bits(deal.hands[from_jass_seat(j)]),
                                                   key=to_jass_card)]}
            for j in range(4)
        ],
        "jassTyp": _JASS_TYPE,
    }


def write_jass_log(
    deals: Iterable[Any], *, date: str = "01.01.70 00:00:00", player_ids: Sequence[int] = (0,) * 4
) -> str:
    """jass-kit log lines (``GameLogEntry`` JSON, one a line) for finished deals."""
    lines = []
    for deal in deals:
        entry = {"game": write_jass_state(deal), "date": date, "player_ids": list(player_ids)}
        lines.append(json.dumps(entry, separators=(",", ":")))
    return "\n".join(lines) + ("\n" if lines else "")


def _bits(mask: int) -> list[int]:
    return [c for c in range(36) if mask >> c & 1]


# -- reading ---------------------------------------------------------------------------------
def _field(data: dict[str, Any], name: str, line: int) -> Any:
    if name not in data:
        raise RecordSyntaxError(line, f"jass-kit game: no {name!r}")
    return data[name]


def _int(value: Any, name: str, low: int, high: int, line: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RecordSyntaxError(line, f"jass-kit game: {name} must be {low}..{high}, not {value!r}")
    return value


def _cards(value: Any, name: str, line: int) -> list[int]:
    if not isinstance(value, list):
        raise RecordSyntaxError(line, f"jass-kit game: {name} must be a list of cards")
    cards = []
    for item in value:
        if not isinstance(item, str) or item not in Card.__members__:
            raise RecordSyntaxError(line, f"jass-kit game: {item!r} in {name} is not a card")
        cards.append(int(Card[item]))
    return cards


def read_jass_state(data: Any, *, options: Any = None, line: int = 1) -> Any:
    """The Schieber deal a jass-kit ``GameState`` dict describes, replayed through atout's
    rules (options: modern Undenufe values by default, as jass-kit counts)."""
    info = get_game("schieber")
    if options is None:
        options = info.options(undenufe_values="modern")
    if not isinstance(data, dict):
        raise RecordSyntaxError(line, "jass-kit game: expected a JSON object")
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RecordSyntaxError(line, f"jass-kit game: format {version!r}, not {FORMAT_VERSION}")
    dealer_j = _int(_field(data, "dealer", line), "dealer", 0, 3, line)
    trump = _int(data.get("trump", -1), "trump", -1, 5, line)
    forehand_flag = _int(data.get("forehand", 1 if trump >= 0 else -1), "forehand", -1, 1, line)
    if (trump < 0 and forehand_flag == 1) or (trump >= 0 and forehand_flag < 0):
        raise RecordSyntaxError(line, "jass-kit game: 'forehand' and 'trump' disagree")
    players = _field(data, "player", line)
    if not isinstance(players, list) or len(players) != 4:
        raise RecordSyntaxError(line, "jass-kit game: 'player' must list 4 players")
    tricks = _field(data, "tricks", line)
    if not isinstance(tricks, list) or len(tricks) > 9:
        raise RecordSyntaxError(line, "jass-kit game: 'tricks' must be a list of at most 9")
    # the hands as dealt: what each player holds plus what they played
    held: list[list[int]] = [[] for _ in range(4)]
    for j, player in enumerate(players):
        if not isinstance(player, dict):
            raise RecordSyntaxError(line, f"jass-kit game: player {j} must be an object")
        held[from_jass_seat(j)] += _cards(player.get("hand", []), f"player {j}'s hand", line)
    plays: list[int] = []
    parsed: list[dict[str, Any]] = []
    for i, trick in enumerate(tricks):
        if not isinstance(trick, dict):
            raise RecordSyntaxError(line, f"jass-kit game: trick {i + 1} must be an object")
        cards = _cards(trick.get("cards", []), f"trick {i + 1}", line)
        if len(cards) > 4 or (len(cards) < 4 and i < len(tricks) - 1):
            raise RecordSyntaxError(line, f"jass-kit game: trick {i + 1} has {len(cards)} cards")
        first = from_jass_seat(_int(_field(trick, "first", line), "first", 0, 3, line))
        for k, card in enumerate(cards):
            held[(first + k) % 4].append(card)
        plays += cards
        parsed.append({"cards": cards, "first": first, **{
            key: _int(trick[key], key, 0, 257, line) for key in ("win", "points") if key in trick
        }})
    everything = [c for hand in held for c in hand]
    if sorted(everything) != list(range(36)) or any(len(h) != 9 for h in held):
        raise RecordSyntaxError(
            line, "jass-kit game: the hands and tricks must hold the 36 cards, 9 a player"
        )
    if plays and trump < 0:
        raise RecordSyntaxError(line, "jass-kit game: cards played without a trump")
    dealer = from_jass_seat(dealer_j)
    deal = info.deal.from_hands(
        [" ".join(CARDS[c].name for c in hand) for hand in held], dealer, options=options
    )
    actions: list[Action] = []
    if trump >= 0:
        if forehand_flag == 0:
            actions.append(Push())
        from atout.games.schieber import contract_action

        actions.append(contract_action(_from_jass_contract(trump)))
    elif forehand_flag == 0:
        actions.append(Push())
    actions += [play(CARDS[c]) for c in plays]
    for n, action in enumerate(actions):
        apply_recorded(deal, action, line, f"jass-kit game, action {n + 1}")
    to_act = data.get("currentPlayer", -1)
    expected = -1 if deal.is_over else to_jass_seat(deal.current_player())
    if to_act != expected:
        raise IllegalRecordError(
            line, f"jass-kit game: player {expected} is to act, not {to_act!r}", "jasskit.player"
        )
    for i, trick in enumerate(parsed):
        if len(trick["cards"]) < 4 or i >= len(deal.tricks):
            continue
        leader, cards, winner = deal.tricks[i]
        if leader != trick["first"]:
            raise IllegalRecordError(line, f"jass-kit game: trick {i + 1} led by the wrong "
                                     "player", "jasskit.first")
        if "win" in trick and from_jass_seat(trick["win"]) != winner:
            raise IllegalRecordError(
                line, f"jass-kit game: trick {i + 1} is won by player {to_jass_seat(winner)}, "
                f"not {trick['win']}", "jasskit.winner",
            )
        if "points" in trick and trick["points"] != _jass_points(cards, deal.contract, i == 8):
            raise IllegalRecordError(
                line, f"jass-kit game: trick {i + 1} is worth "
                f"{_jass_points(cards, deal.contract, i == 8)}, not {trick['points']}",
                "jasskit.points",
            )
    return deal


def read_jass_log(text: str, *, options: Any = None) -> list[tuple[Any, dict[str, Any]]]:
    """The deals of a jass-kit log (one ``GameLogEntry`` or ``GameState`` JSON object a
    line), each with the entry's other fields (``date``, ``player_ids``)."""
    found: list[tuple[Any, dict[str, Any]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RecordSyntaxError(number, f"not JSON: {exc.msg}") from None
        if isinstance(entry, dict) and "game" in entry:
            meta = {k: v for k, v in entry.items() if k != "game"}
            found.append((read_jass_state(entry["game"], options=options, line=number), meta))
        else:
            found.append((read_jass_state(entry, options=options, line=number), {}))
    return found
