"""The kernel's constants come from the engines, never retyped (issue 24, point 2).

The Schieber factors, the scoring constants, the action numbering and the option
switches of the compiled kernel (:mod:`atout.kernel.deals`, :mod:`atout.kernel.vector`)
and of the observation encoder are read at import from the engines' own tables and
from :mod:`atout.games.space`.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from atout.games import belote, deberts, schieber, space
from atout.kernel import deals, vector
from atout.kits import get_game

SRC = Path(__file__).resolve().parent.parent / "src" / "atout"


def test_scoring_constants_are_the_engines() -> None:
    assert deals.S_FACTORS is schieber.FACTORS and vector._FACTORS is schieber.FACTORS
    assert (deals.S_LAST, deals.S_MATCH, deals.S_STOECK) == (
        schieber.LAST_TRICK, schieber.MATCH_BONUS, schieber.STOECK,
    )
    assert (deals.B_LAST, deals.B_ALL, deals.B_CAPOT, deals.B_ANNOUNCED, deals.B_BELOTE) == (
        belote.LAST_TRICK, belote.ALL_CARDS, belote.CAPOT, belote.ANNOUNCED_CAPOT,
        belote.BELOTE,
    )
    assert (deals.D_LAST, deals.D_BELA) == (deberts.LAST_TRICK, deberts.BELA)


def test_action_numbers_are_the_action_space() -> None:
    assert (vector._PUSH_A, vector._EXCH_A, vector._SEVENS_A, vector._CAPOT_A) == (
        space.PUSH, space.EXCHANGE, space.SEVENS, space.CAPOT,
    )
    assert (vector._PASS, vector._TRUMP_A, vector._CLAIM_A, vector._NUM_ACTIONS) == (
        space.PASS, space.TRUMP, space.CLAIM, space.NUM_ACTIONS,
    )


def test_no_factor_table_or_action_number_is_retyped() -> None:
    """No kernel or encoder source spells the factor table or an action index out."""
    factors = re.compile(r"\(\s*1,\s*2,\s*2,\s*1,\s*3,\s*4\s*\)")
    actions = re.compile(r"^_[A-Z_]+(, _[A-Z_]+)* = \(?\s*3[6-9]\b", re.MULTILINE)
    for path in [*(SRC / "kernel").glob("*.py"), SRC / "env" / "encoding.py"]:
        text = path.read_text(encoding="utf-8")
        assert not factors.search(text), path
        assert not actions.search(text), path


@pytest.mark.parametrize("game", ["schieber", "belote", "deberts"])
def test_option_switches_follow_each_option(game: str) -> None:
    """Each switch is read from its option: changing one option changes its switch and
    no other."""
    options = get_game(game).options()
    fields = {f.name for f in dataclasses.fields(options)}
    base = deals.switches(game, options)
    for k, name in enumerate(deals.SWITCHES[game]):
        field, _, value = name.partition("=")
        assert field in fields
        if value:
            other = "classic" if getattr(options, field) == value else value
        elif isinstance(getattr(options, field), bool):
            other = not getattr(options, field)
        else:
            other = 162 if getattr(options, field) != 162 else 250
        changed = deals.switches(game, dataclasses.replace(options, **{field: other}))
        assert [i for i in range(len(base)) if base[i] != changed[i]] == [k], name
