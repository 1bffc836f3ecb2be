"""Advice for the person at the table: what each choice is worth, in points, and why.

One place for the hint of every interface (the terminal line mode, the full-screen
app, the web hint dialog): :func:`advise` gives, for each legal action of a view, the
written points a search expects it to bring the seat's team (the team's points minus
the others', per deal, as the search bots rank their choices) and a one-line reason
as a message key of the catalogues (``advice.*``), so that each interface says it in
the player's language.

The values come from the search bots (:mod:`atout.bots.search`): with only cards to
choose from, the PIMC search solves sampled deals with open cards; otherwise (a bid,
a trump choice, a push, the Deberts exchange, a claim) each choice is tried in the
same sampled deals and played out by the rules-of-thumb bots. The level chooses the
budget: ``hard`` and ``expert`` use their own searches, the other levels a shallow one
(:func:`estimate`, also what the rules-of-thumb bots' ``evaluate`` returns).

One position, one hint: the searches' seed is :func:`position_seed`, a function of what
the seat knows of the deal and nothing else, and the level is :data:`HINT_LEVEL` unless
a player chose another; so the full-screen table, the line mode, the web room and the
advisor give the same advice for the same position, in any match and at any deal.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.bots.base import make_bot
from atout.bots.bidding import learned_choice
from atout.bots.search import HardBot, ISMCTSBot, PIMCBot, SearchBot
from atout.games.actions import Action, NoTrump, Play, Trump
from atout.i18n import number, translate
from atout.kits import NAMES, game_of

__all__ = ["HINT_LEVEL", "Advice", "action_name", "advise", "estimate", "position_seed"]

#: The bot level of a hint when the player chose none, whatever the front end.
HINT_LEVEL = "hard"

#: What a view says of the match around the deal (its number, the scores, what hangs or
#: is held, the match's winner): not part of the position a hint is about.
_MATCH_FIELDS = frozenset({"deal_number", "scores", "running", "hanging", "held",
                           "match_winner"})


def position_seed(view: Any) -> int:
    """The seed of the hint on ``view``: a stable hash (the same in every process, on
    every machine) of the seat's own view of the deal (the game, the seat, its hand,
    the public cards and everything said and played, the rule options), the match
    around it left out. Only what that seat may know goes in, since a view never holds
    a hidden card; the values of a view (cards, actions, melds, options) print as their
    value, so their ``repr`` is the text hashed."""
    parts = [type(view).__name__]
    parts += [f"{f.name}={getattr(view, f.name)!r}" for f in dataclasses.fields(view)
              if f.name not in _MATCH_FIELDS]
    digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class _Estimator(HardBot):
    """A shallow, fast search: 4 worlds, two tricks ahead then the static estimate,
    6 worlds played out for other decisions (a few milliseconds a decision)."""

    name = "estimate"
    worlds = 4
    min_worlds = 4
    worlds_by_game: dict[str, tuple[int, int]] = {}  # noqa: RUF012 - read-only table
    bid_worlds = 6
    #: Two tricks ahead, to the end from three left, in every game.
    depth = dict.fromkeys(NAMES, (2, 3))


#: Worlds played out at least for a decision that is not a card.
MIN_SIMULATED = 6


@dataclass(frozen=True)
class Advice:
    """One legal action, what it is worth and why.

    ``points``: the written points the search expects the action to bring the seat's
    team, minus the other team's, per deal. ``chosen``: what a bot of the level would
    play here. ``reason_key`` and ``reason_args``: the one-line reason, a message of
    the catalogues (actions among the arguments are named by :meth:`reason`).
    """

    action: Action
    points: float
    reason_key: str
    reason_args: Mapping[str, Any] = field(default_factory=dict)
    chosen: bool = False

    def reason(self, lang: str, name: Callable[[Action], str] | None = None) -> str:
        """The reason in ``lang``; ``name`` says how to name an action (default:
        :func:`action_name`)."""
        namer = name or (lambda action: action_name(action, lang))
        params = {
            key: namer(value) if isinstance(value, Action) else
            number(value, lang, 1) if isinstance(value, float) else value
            for key, value in self.reason_args.items()
        }
        return translate(self.reason_key, lang, **params)


def action_name(action: Action, lang: str) -> str:
    """A short name of an action in ``lang``: the card (``J♥``), or the first word the
    table reads for it (``passer``, ``atout ♥``, ``obenabe``)."""
    if isinstance(action, Play):
        return action.card.symbol
    if isinstance(action, NoTrump):
        return action.mode.capitalize()
    keyword = "trump" if isinstance(action, Trump) else action.keyword
    words = translate(f"input.action.{keyword}", lang).split("|")
    word = words[0] if words[0] != f"input.action.{keyword}" else action.keyword
    return f"{word} {action.suit.symbol}" if isinstance(action, Trump) else word


def estimate(
    view: Any, seed: int = 0, searcher: SearchBot | None = None
) -> tuple[dict[Action, float], str, int]:
    """The points each legal action of ``view`` is worth to the seat's team (see the
    module docstring), how they were found (``"solved"`` or ``"simulated"``) and from
    how many worlds (or iterations). Without ``searcher``, the shallow search."""
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError("no legal action in this view: it is not this seat's turn")
    search = searcher if searcher is not None else _Estimator(seed)
    plays: list[Action] = [a for a in legal if isinstance(a, Play)]
    if len(plays) == len(legal):
        values = search.solve(view, plays)
        method = "solved"
    else:
        values = search.simulate(view, legal, max(search.bid_worlds, MIN_SIMULATED))
        method = "simulated"
    return values, method, search.last_count


def advise(
    game: str, view: Any, level: str = HINT_LEVEL, seed: int | None = None
) -> list[Advice]:
    """Each legal action of ``view`` with its value in points and its reason, best
    first, as a bot of ``level`` (``easy`` ... ``expert``, ``heuristic``, ``pimc``)
    sees it. Seeded: the same view, level and seed give the same advice; the seed is
    the position's own (:func:`position_seed`) unless one is given."""
    game = game.lower()
    if game_of(view) != game:
        raise ValueError(f"not a view of {game}: {type(view).__name__}")
    if seed is None:
        seed = position_seed(view)
    bot = make_bot(game, level, seed=seed)
    searcher: SearchBot
    if isinstance(bot, PIMCBot):
        searcher = bot
    elif isinstance(bot, ISMCTSBot):
        searcher = PIMCBot(seed)
    else:
        searcher = _Estimator(seed)
    legal = list(view.legal_actions)
    values, method, count = estimate(view, seed, searcher)
    rules = make_bot(game, "heuristic", seed=seed).choose(view)
    best = max(legal, key=lambda a: (values[a], a == rules))
    learned = (
        learned_choice(game, view)
        if isinstance(bot, SearchBot) and game in bot.learned_bids and len(legal) > 1 else None
    )
    if method == "solved" and isinstance(bot, SearchBot):
        chosen = best
    elif learned is not None:
        chosen = learned  # the level bids by the learned model (atout.bots.bidding)
    elif isinstance(bot, SearchBot) and bot.bid_worlds > 0:
        margin = bot.bid_margin[game]
        chosen = best if values[best] > values[rules] + margin else rules
    else:
        chosen = rules
    out = []
    args: dict[str, Any]
    for action in sorted(legal, key=lambda a: (-values[a], a != best, a != chosen)):
        behind = values[best] - values[action]
        if len(legal) == 1:
            key, args = "advice.forced", {}
        elif action == best:
            key, args = f"advice.best.{method}", {"worlds": count}
        elif behind < 0.05:
            key, args = "advice.equal", {"best": best}
        elif action == rules:
            key, args = "advice.rules", {"behind": behind, "best": best}
        else:
            key, args = "advice.behind", {"behind": behind, "best": best}
        out.append(Advice(action, values[action], key, args, action == chosen))
    return out
