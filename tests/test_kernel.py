"""The compiled deal kernel (atout.kernel) against the Python engines: for the same deck
and the same decisions, the same legal sets at every decision and the same results."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")

from atout.kernel import (
    COMPILED,
    engine_fields,
    kernel_fields,
    play_deals,
    replay,
)

#: Deals per case: thousands compiled; a few as plain Python (slow, same code).
MANY = 3000 if COMPILED else 60
SOME = 600 if COMPILED else 30

CASES = [
    ("schieber", None, MANY),
    ("schieber", "schieber(undenufe_values=modern)", SOME),
    ("schieber", "schieber(weis=false,stoeck=false)", SOME),
    ("belote", None, MANY),
    ("belote", "belote(announced_capot=true,defender_capot=162)", SOME),
    ("belote", "belote(announcements=false,undertrump=false,belote_in_contract=false)", SOME),
    ("deberts", None, MANY),
    ("deberts", "deberts(doubling=true,four_sevens=true)", SOME),
]


@pytest.mark.parametrize(("game", "options", "count"), CASES)
def test_kernel_deals_are_the_engines(game: str, options: str | None, count: int) -> None:
    """Each kernel deal replayed by the engine from its deck: every decision legal there,
    the same legal set at each, and the same result, field by field."""
    batch = play_deals(game, count, seed=2024, options=options, record=True)
    for i in range(count):
        deal, legal = replay(game, batch, i, options)
        assert deal.is_over, i
        assert [int(x) for x in batch["legal"][i][: len(legal)]] == legal, i
        assert kernel_fields(game, batch, i) == engine_fields(game, deal.result), i


def test_a_deal_is_the_same_in_any_batch() -> None:
    """Deal i of a seed depends on (seed, i) alone; another seed deals otherwise."""
    whole = play_deals("belote", 40, seed=9, record=True)
    part = play_deals("belote", 10, seed=9, first=25, record=True)
    assert (whole["deck"][25:35] == part["deck"]).all()
    assert (whole["totals"][25:35] == part["totals"]).all()
    other = play_deals("belote", 10, seed=10, first=25, record=True)
    assert (other["deck"] != part["deck"]).any()


def test_results_add_up() -> None:
    """Every Schieber deal gives out its 157 card points, and the recorded points are the
    totals times the factor; every Belote deal played gives out 162."""
    s = play_deals("schieber", 2000, seed=1)
    assert (s["card_points"].sum(axis=1) == 157).all()
    assert (s["recorded"] == s["totals"] * s["factor"][:, None]).all()
    assert set(s["contract"].tolist()) == set(range(6))
    b = play_deals("belote", 2000, seed=1)
    played = b["outcome"] != 3
    assert (b["card_points"][played].sum(axis=1) == 162).all()
    assert 0 < (~played).sum() < 2000


@pytest.mark.skipif(not COMPILED, reason="numba is not installed")
def test_plain_python_gives_the_compiled_deals() -> None:
    """Without numba the same kernel runs as plain Python, deal for deal the same."""
    code = (
        "from atout.kernel import play_deals, COMPILED; assert not COMPILED\n"
        "for g in ('deberts', 'belote', 'schieber'):\n"
        "    print(play_deals(g, 12, seed=77)['totals'].tolist())\n"
    )
    env = dict(os.environ, ATOUT_PURE_SOLVER="1")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    for game, line in zip(("deberts", "belote", "schieber"), out, strict=False):
        assert line == str(play_deals(game, 12, seed=77)["totals"].tolist())


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="no kernel"):
        play_deals("jass", 1)
    with pytest.raises(ValueError, match="seed"):
        play_deals("schieber", 1, seed=-1)


@pytest.mark.skipif(not COMPILED, reason="numba is not installed")
def test_bare_functions_count_no_references(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``jit_bare`` (the flows and their callers) compiles without numba's reference
    counts (atomic operations at each array passed or sliced), ``jit`` with them; both
    read, write and slice the arrays they are given alike."""
    import numpy as np

    from atout.kernel import rules

    monkeypatch.setattr(rules, "_CACHE_DIR", str(tmp_path))  # nothing cached for good

    def bump(a: Any, i: int) -> int:
        row = a[i]
        row[0] += 1
        return int(row[0])

    bare = rules.jit_bare(bump)
    counted = rules.jit(bump)
    a = np.zeros((3, 2), dtype=np.int64)
    assert bare(a, 1) == 1 and counted(a, 1) == 2 and a[1, 0] == 2
    assert bare.targetoptions.get("_nrt") is False
    assert counted.targetoptions.get("_nrt", True) is True
