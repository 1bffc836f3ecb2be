"""The lessons: every position is built by the engine and every expected answer is the
engine's; every rule of each rules page is taught; every worked example of the rule
texts is a lesson position; answers are judged and explained in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from atout.games.actions import parse_action
from atout.i18n import LANGUAGES, catalog
from atout.learn import GAMES, find_step, lessons, topics
from atout.learn.course import (
    CHOICE,
    LEGAL,
    Step,
    candidates,
    check,
    engine_answer,
    parse_answer,
    situation,
)

DOCS = Path(__file__).resolve().parent.parent / "docs"
STEPS = [step for game in GAMES for lesson in lessons(game) for step in lesson.steps]


@pytest.mark.parametrize("step", STEPS, ids=[s.id for s in STEPS])
def test_the_engine_agrees_with_every_expected_answer(step: Step) -> None:
    deal = step.build()
    assert engine_answer(step, deal) == step.expect
    if step.kind == LEGAL:
        # the learner is the player to act, and every legal action is on offer
        assert deal.current_player() == step.seat
        assert step.expect <= set(candidates(step, deal))
    if step.kind == CHOICE:
        assert step.expect in step.options
    assert set(step.topics) <= set(topics(deal.game))


@pytest.mark.parametrize("step", STEPS, ids=[s.id for s in STEPS])
def test_every_step_reads_in_every_language(step: Step) -> None:
    deal = step.build()
    for lang in LANGUAGES:
        shown = situation(step, deal, lang)
        assert shown["question"] and "{" not in shown["question"]
        assert all("{" not in fact for fact in shown["facts"])
        verdict = check(step, deal, step.expect, lang)
        assert verdict.correct and verdict.rule and "{" not in verdict.rule
        assert step.why in catalog()[lang] and step.question in catalog()[lang]


def test_a_step_whose_expected_answer_the_engine_disagrees_with_fails() -> None:
    from dataclasses import replace

    _, _, step = find_step("deberts.3.nine-of-hearts")  # type: ignore[misc]
    wrong = replace(step, expect=frozenset({"HJ", "H7"}))
    assert engine_answer(wrong, wrong.build()) != wrong.expect


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_rules_page_is_taught(game: str) -> None:
    taught = {topic for lesson in lessons(game) for step in lesson.steps for topic in step.topics}
    assert taught == set(topics(game))
    page = (DOCS / "learn.md").read_text(encoding="utf-8")
    for topic in topics(game):  # docs/learn.md says which section of the rules page each is
        assert f"`{topic}`" in page, topic


# Rule ids no lesson needs to provoke: mistakes of typing, not of play (a card that is
# not in the hand, an action of another game), the end of a deal or match, claims (an
# option the course leaves to the rules page), and a table's refusal of options.
NOT_TAUGHT = {
    "schieber.card-not-in-hand", "schieber.unknown-action", "schieber.deal-over",
    "schieber.match-over", "schieber.claim-in-play", "belote.gather-with-people",
}
EXTRA = {"deberts": ("exchange", "sevens", "double", "redouble", "pass"),
         "belote": ("capot", "pass"), "schieber": ("push", "claim", "trump H")}


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_of_the_rules_page_is_explained_by_some_step(game: str) -> None:
    """The game's own rule ids (listed on its rules page) all come up as the engine's
    reason for a wrong pick in some legal step."""
    page = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    listed = set(re.findall(rf"`({game}\.[a-z-]+)`", page))
    assert listed
    seen: set[str] = set()
    for lesson in lessons(game):
        for step in lesson.steps:
            if step.kind != LEGAL:
                continue
            deal = step.build()
            for text in (*candidates(step, deal), *EXTRA[game]):
                error = deal.why_illegal(parse_action(text))
                if error is not None:
                    seen.add(error.rule)
    assert listed - NOT_TAUGHT <= seen, sorted(listed - NOT_TAUGHT - seen)


# -- the rule texts' worked examples are lesson positions ------------------------------------
@pytest.mark.parametrize(
    ("step_id", "answer"),
    [
        ("deberts.3.nine-of-hearts", frozenset({"HJ"})),  # 9♥ led: the jack is forced
        ("deberts.3.nine-of-hearts-points", 34),  # 14 + 20 captured
        ("deberts.5.bait", 162),  # 72 against 90: 0 and 162
        ("deberts.5.tie", 81),  # 81 all: 81 hangs
        ("deberts.5.after-tie", 181),  # then 100 against 62: 181 and 62
        ("deberts.5.made", 62),
        ("schieber.2.example-legal", frozenset({"C8", "CQ", "CK", "HJ"})),  # no 6♥ under 9♥
        ("schieber.2.example-points", 45),
        ("schieber.2.example-written", 90),
        ("schieber.5.whole-deal", 240),  # (100 + 20) x 2
        ("belote.3.partner-trumped", frozenset(
            {"H7", "H8", "H9", "HA", "DK", "SJ", "SQ", "SK"})),  # discard, under or over
        ("belote.5.capot", 270),  # capot 250 (+ belote)
    ],
)
def test_worked_examples_are_lessons(step_id: str, answer: object) -> None:
    found = find_step(step_id)
    assert found is not None
    step = found[2]
    assert engine_answer(step, step.build()) == answer == step.expect


def test_worked_example_totals_of_the_texts() -> None:
    """The whole deals found for the Deberts examples have the text's totals, and the
    Schieber example's deal ends 240 to 114."""
    for step_id, totals in (("deberts.5.bait", (72, 90)), ("deberts.5.tie", (81, 81)),
                            ("deberts.5.made", (100, 62))):
        deal = find_step(step_id)[2].build()  # type: ignore[index]
        r = deal.result  # type: ignore[attr-defined]
        assert (r.totals[r.caller], r.totals[1 - r.caller]) == totals
    deal = find_step("schieber.5.whole-deal")[2].build()  # type: ignore[index]
    assert deal.result.recorded == (240, 114)  # type: ignore[attr-defined]


# -- judging answers ------------------------------------------------------------------------
def test_a_wrong_pick_is_explained_by_the_engines_rule_in_the_learners_language() -> None:
    _, _, step = find_step("deberts.3.nine-of-hearts")  # type: ignore[misc]
    deal = step.build()
    verdict = check(step, deal, parse_answer(step, "J♥ 7♥"), "fr")
    assert not verdict.correct
    assert any("7♥" in r and "9♥" in r for r in verdict.problems)  # the engine's refusal
    assert verdict.reasons[-1] == verdict.rule
    missed = check(step, deal, parse_answer(step, "H7"), "es")
    assert any("J♥" in r for r in missed.problems)
    assert check(step, deal, parse_answer(step, "hj"), "en").correct


def test_answers_of_each_kind_are_read() -> None:
    _, _, legal = find_step("deberts.2.round-two")  # type: ignore[misc]
    assert parse_answer(legal, "pass, trump D, trump H,trump S") == legal.expect
    _, _, choice = find_step("deberts.1.plain-order")  # type: ignore[misc]
    assert parse_answer(choice, "1") == "seat:0" and parse_answer(choice, "seat:1") == "seat:1"
    with pytest.raises(ValueError):
        parse_answer(choice, "9")
    _, _, number = find_step("deberts.1.points")  # type: ignore[misc]
    assert parse_answer(number, " 21 ") == 21
    with pytest.raises(ValueError):
        parse_answer(number, "twenty")
    with pytest.raises(ValueError):
        parse_answer(legal, "banana")
    verdict = check(number, number.build(), 20, "en")
    assert not verdict.correct and "20" in verdict.problems[0]
