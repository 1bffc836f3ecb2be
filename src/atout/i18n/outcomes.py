"""A finished deal in one sentence, in the reader's language: who made it, bait or
dedans, what hangs or is held, a thrown-in deal, a Schieber stop or claim.

The same sentences as the web pages' ``outcomeText`` (``static/common.js``), for the
terminal's advisor and replay: the outcome codes of the results (``made``, ``bait``,
``thrown-in``...) are never shown as they are.

>>> from atout.games.belote import BeloteDealResult
>>> result = BeloteDealResult(dealer=0, outcome="thrown-in")
>>> outcome_text("belote", result, "fr", seat=str, team=str)
'Tout le monde a passé deux fois : on redonne'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.i18n import catalog, translate

__all__ = ["outcome_text"]


def outcome_text(
    game: str,
    result: Any,
    lang: str,
    *,
    seat: Callable[[int], str],
    team: Callable[[int], str],
    me: int | None = None,
    target: int | None = None,
) -> str:
    """The sentence that says how a deal of ``game`` ended (its engine result).
    ``seat`` and ``team`` name a seat and a team; a sentence about ``me`` is in the
    second person where the catalogue has it (``key.you``). ``target``: Schieber's."""

    def say(key: str, who: int | None, **params: Any) -> str:
        if who is not None and who == me and f"{key}.you" in catalog()["en"]:
            return translate(f"{key}.you", lang, **params)
        if who is None:
            return translate(key, lang, **params)
        return translate(key, lang, seat=seat(who), **params)

    outcome = result.outcome
    if game == "deberts":
        if outcome == "tie":
            text = translate("deberts.outcome.tie", lang, points=result.hanging)
        else:
            text = say(f"deberts.outcome.{outcome}", result.caller)
    elif game == "belote":
        if outcome == "litige":
            text = translate("belote.outcome.litige", lang, points=result.held)
        elif outcome == "thrown-in":
            text = translate("belote.outcome.thrown-in", lang)
        else:
            text = say(f"belote.outcome.{outcome}", result.taker, points=max(result.recorded))
        if result.capot is not None:
            text += ". " + translate("belote.outcome.capot", lang, team=team(result.capot))
    elif game == "schieber":
        text = _schieber(result, lang, say, team, target)
    else:  # pragma: no cover - the three games only
        raise ValueError(f"no game {game!r}")
    return text[:1].upper() + text[1:]


def _schieber(result: Any, lang: str, say: Callable[..., str], team: Callable[[int], str],
              target: int | None) -> str:
    if result.outcome == "false-claim":
        return (translate("schieber.false-claim", lang, team=team(result.claimant),
                          target=target or "")
                + ". " + translate("schieber.both-keep", lang))
    if result.match_winner is not None:
        how = translate(f"schieber.reached.{result.reached_by or 'count'}", lang)
        text = translate("schieber.reached", lang, team=team(result.match_winner),
                         target=target or "", how=how)
        if result.outcome == "claim":
            text += ". " + translate("schieber.losers-keep", lang)
        return text
    contract = result.contract
    if contract is None:  # pragma: no cover - every played deal has a contract
        return ""
    suit = getattr(contract, "suit", None)
    if suit is not None:
        named = translate("schieber.contract.trump", lang,
                          suit=f"{suit.symbol} {translate(f'suit.{suit.letter}', lang)}")
    else:
        named = translate(f"schieber.{contract.mode}", lang)
    chosen: str = say("schieber.chooses", result.chooser, contract=named)
    return chosen
