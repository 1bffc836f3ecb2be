"""Game records (atout.notation): exact round trips over random matches of every game,
strict errors with their lines, fuzzing of both readers, and the viewer and CLI."""

from __future__ import annotations

import contextlib
import io
import random
import re
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from atout.cards import DECK_32
from atout.cli import main
from atout.kits import get_game
from atout.notation import (
    IllegalRecordError,
    RecordError,
    RecordSyntaxError,
    format_position,
    parse_match,
    read_match,
    read_position,
    replay_match,
    write_match,
)
from atout.terminal.replay import ReplayViewer

GAMES = ("deberts", "belote", "schieber")

#: Short targets keep random matches to a few deals, so thousands run in seconds.
SHORT: dict[str, list[str]] = {
    "deberts": [
        "deberts(target=101)", "deberts(doubling=true,four_sevens=true,target=101)",
        "deberts(mars=true,target=151)",
    ],
    "belote": [
        "belote(target=301)", "belote(shuffle=fresh,target=201)",
        "belote(announced_capot=true,defender_capot=162,target=201)",
        "belote(announcements=false,target=201,undertrump=false)",
    ],
    "schieber": [
        "schieber(target=600)", "schieber(manual_claim=true,target=400)",
        "schieber(target=800,undenufe_values=modern)",
    ],
}


def random_match(game: str, seed: int, options: str | None = None, stop: int | None = None) -> Any:
    """A match of random legal actions (``stop``: at most that many actions)."""
    info = get_game(game)
    opts = info.options.parse(options) if options else info.options()
    match = info.match(seed=seed, options=opts)
    rng = random.Random(seed)
    steps = 0
    while not match.is_over and (stop is None or steps < stop):
        actions = match.legal_actions()
        match.apply_unchecked(actions[rng.randrange(len(actions))])
        steps += 1
    return match


def scores_of(match: Any) -> list[tuple[int, int]]:
    return [row.scores for row in match.scoresheet]


# -- round trips ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_round_trip_thousands_of_random_matches(game: str) -> None:
    """Every random match writes, reads back and replays to the same scoresheet and the
    same final state, and writing the replay gives the same text."""
    count = 1500 if game == "deberts" else 1000
    for seed in range(count):
        options = SHORT[game][seed % len(SHORT[game])]
        match = random_match(game, seed, options)
        text = write_match(match, {"Date": "2026-11-29", "Seat0": "random"})
        again = read_match(text)
        assert scores_of(again) == scores_of(match), (game, seed)
        assert again.winner == match.winner
        assert again.deal.state_key() == match.deal.state_key()
        assert write_match(again, {"Date": "2026-11-29", "Seat0": "random"}) == text


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_full_matches_with_default_options(game: str) -> None:
    for seed in range(15):
        match = random_match(game, 10_000 + seed)
        again = read_match(write_match(match))
        assert scores_of(again) == scores_of(match)
        assert [d.state_key() for d in again.deals] == [d.state_key() for d in match.deals]


@pytest.mark.parametrize("game", GAMES)
def test_positions_round_trip_at_every_step(game: str) -> None:
    """Every state reached in random deals (every prefix) reads back equal."""
    info = get_game(game)
    states = 0
    for seed in range(60):
        options = info.options.parse(SHORT[game][seed % len(SHORT[game])])
        deal = info.deal(seed=seed, dealer=seed % info.num_players, options=options)
        rng = random.Random(seed)
        while True:
            text = format_position(deal)
            assert "\n" not in text
            back = read_position(text)
            assert back.state_key() == deal.state_key(), text
            assert back.actions == deal.actions
            states += 1
            if deal.is_over:
                break
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
    assert states > 1000


@pytest.mark.parametrize("game", GAMES)
def test_a_match_stopped_midway_reads_back_and_plays_on(game: str) -> None:
    for seed in range(30):
        match = random_match(game, seed, SHORT[game][0], stop=7 + 11 * seed)
        again = read_match(write_match(match))
        assert again.deal.state_key() == match.deal.state_key()
        assert scores_of(again) == scores_of(match)
        if not match.is_over:
            assert parse_match(write_match(match)).header("Result") == "*"
            # both go on identically: the recorded decks are spent, the seed deals on
            rng = random.Random(seed)
            for _ in range(40):
                if match.is_over:
                    break
                legal = match.legal_actions()
                assert again.legal_actions() == legal
                action = legal[rng.randrange(len(legal))]
                match.apply(action)
                again.apply(action)
            assert again.deal.state_key() == match.deal.state_key()


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_alone_deals_the_decks(game: str) -> None:
    match = random_match(game, 5, SHORT[game][0])
    text = write_match(match)
    no_decks = "\n".join(line for line in text.splitlines() if not line.startswith("deck "))
    assert scores_of(read_match(no_decks)) == scores_of(match)


@pytest.mark.parametrize("game", GAMES)
def test_explicit_decks_alone_replay_without_the_seed(game: str) -> None:
    """Without the Seed header the decks decide, through the match's own rules (Belote's
    gathered and cut pack is found; Schieber's first forehand is the holder of 7♣)."""
    for seed in range(10):
        match = random_match(game, seed, SHORT[game][0])
        text = write_match(match)
        unseeded = re.sub(r'\[Seed "\d+"\]\n', "", text)
        assert "[Seed" not in unseeded
        again = read_match(unseeded)
        assert scores_of(again) == scores_of(match)
        assert [d.state_key() for d in again.deals] == [d.state_key() for d in match.deals]


def test_comments_and_blank_lines_are_ignored_and_one_action_a_line_is_read() -> None:
    match = random_match("deberts", 3, "deberts(target=51)")
    text = write_match(match)
    body: list[str] = []
    for line in text.splitlines():
        if re.match(r"\d ", line):  # split grouped tricks: one action a line
            body += [p.strip() + "   # a comment" for p in re.split(r"\s{2,}", line)]
        elif not line.startswith("#"):
            body.append(line)
        body.append("")
    assert scores_of(read_match("\n".join(body))) == scores_of(match)


# -- strict errors ---------------------------------------------------------------------------
def sample_text() -> str:
    return write_match(random_match("deberts", 11, "deberts(target=151)"))


def line_of(text: str, predicate: Any) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if predicate(line):
            return number
    raise AssertionError("no such line")


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "mutate,error,words",
    [
        (lambda t: t.replace('[Game "deberts"]', '[Game "poker"]'), RecordSyntaxError,
         "unknown game"),
        (lambda t: re.sub(r'\[Options "[^"]*"\]', '[Options "deberts(tar=5)"]', t),
         RecordSyntaxError, "bad options"),
        (lambda t: re.sub(r'Seed "\d+"', 'Seed "1x"', t), RecordSyntaxError, "whole number"),
        (lambda t: t.replace("deal 2 dealer", "deal 3 dealer"), RecordSyntaxError,
         "out of order"),
        (lambda t: t.replace("deal 1 dealer 0", "deal 1 dealer 2").replace(
            "deal 1 dealer 1", "deal 1 dealer 2"), RecordSyntaxError, "not a seat"),
        (lambda t: re.sub(r"deck (\S+) ", "deck ", t, count=1), RecordSyntaxError, "bad deck"),
        (lambda t: re.sub(r"deck (\S+) ", "deck XX ", t, count=1), RecordSyntaxError,
         "is not a card"),
        (lambda t: re.sub(r"\n(\d) ", r"\n\1 fold ", t, count=1), RecordSyntaxError,
         "not an action"),
        (lambda t: t.replace("[Result", "[Result]"), RecordSyntaxError, "header"),
    ],
)
def test_syntax_errors_name_the_line(mutate: Any, error: type[RecordError], words: str) -> None:
    text = sample_text()
    bad = mutate(text)
    assert bad != text
    with pytest.raises(error, match=words) as info:
        read_match(bad)
    assert info.type is error
    assert 1 <= info.value.line <= len(bad.splitlines())
    assert str(info.value).startswith(f"line {info.value.line}: ")


def test_an_illegal_card_is_an_illegal_record_error_with_the_rule() -> None:
    """The first card of the record replaced by a card its player does not hold."""
    text = sample_text()
    number = line_of(text, lambda ln: bool(re.match(r"\d [CDHS]", ln)))
    seat = int(text.splitlines()[number - 1][0])
    hand_line = line_of(text, lambda ln: ln.startswith(f"# {seat}: "))
    held = set(text.splitlines()[hand_line - 1].split()[2:])
    missing = next(c.name for c in DECK_32 if c.name not in held)
    bad = replace_line(text, number, f"{seat} {missing}")
    with pytest.raises(IllegalRecordError) as info:
        read_match(bad)
    assert info.value.line == number
    assert info.value.rule == "card-not-in-hand"
    assert str(info.value).startswith(f"line {number}: seat {seat}: {missing}: ")


def test_wrong_seat_wrong_dealer_result_and_extra_actions() -> None:
    text = sample_text()
    first_action = line_of(text, lambda ln: bool(re.match(r"\d \w", ln)))
    line = text.splitlines()[first_action - 1]
    other = str(1 - int(line[0]))
    with pytest.raises(IllegalRecordError, match="turn") as info:
        read_match(replace_line(text, first_action, other + line[1:]))
    assert info.value.line == first_action and info.value.rule == "record.turn"

    deal2 = line_of(text, lambda ln: ln.startswith("deal 2 "))
    dealer = int(text.splitlines()[deal2 - 1].split()[3])
    with pytest.raises(IllegalRecordError, match="deals deal 2") as info:
        read_match(replace_line(text, deal2, f"deal 2 dealer {1 - dealer}"))
    assert info.value.line == deal2

    result = line_of(text, lambda ln: ln.startswith("[Result"))
    with pytest.raises(IllegalRecordError, match="Result header") as info:
        read_match(replace_line(text, result, '[Result "1-2"]'))
    assert info.value.line == result

    with pytest.raises(IllegalRecordError, match="over") as info:
        read_match(text + "0 pass\n")

    # a deal cut short, then the next deal starts
    lines = text.splitlines()
    last_action_of_1 = deal2 - 1
    while not re.match(r"\d \w", lines[last_action_of_1 - 1]):
        last_action_of_1 -= 1
    cut = "\n".join(lines[: last_action_of_1 - 1] + lines[last_action_of_1:]) + "\n"
    with pytest.raises(IllegalRecordError):
        read_match(cut)


def test_a_deck_the_rules_cannot_deal_is_illegal() -> None:
    """Belote gathers the tricks and cuts: a deck that is no cut of the gathered pack
    cannot come next (the record has no seed, so the cut is searched)."""
    match = random_match("belote", 2, "belote(shuffle=gather,target=501)")
    assert len(match.deals) > 2
    text = re.sub(r'\[Seed "\d+"\]\n', "", write_match(match))
    deck2 = line_of(text, lambda ln: ln.startswith("deal 2 ")) + 1
    cards = text.splitlines()[deck2 - 1].split()[1:]
    cards[0], cards[1] = cards[1], cards[0]
    with pytest.raises(IllegalRecordError, match="deck of deal 2") as info:
        read_match(replace_line(text, deck2, "deck " + " ".join(cards)))
    assert info.value.line == deck2 and info.value.rule == "record.deck"


def test_position_errors() -> None:
    deal = get_game("deberts").deal(seed=1)
    text = format_position(deal)
    with pytest.raises(RecordSyntaxError, match="3 or 4 fields"):
        read_position("deberts | dealer=0")
    with pytest.raises(RecordSyntaxError, match="missing dealer"):
        read_position(text.replace("dealer=0", ""))
    with pytest.raises(RecordSyntaxError, match="not an action"):
        read_position(text + " | pass, fold")
    with pytest.raises(IllegalRecordError, match="action 2") as info:
        read_position(text + " | pass, exchange")
    assert info.value.rule.startswith("deberts.")
    schieber = format_position(get_game("schieber").deal(seed=1, dealer=2))
    assert "dealer=2 forehand=3 scores=0,0" in schieber
    with pytest.raises(RecordSyntaxError, match="forehand"):
        read_position(schieber.replace(" forehand=3", ""))


# -- fuzzing ---------------------------------------------------------------------------------
SAMPLE_OPTIONS = {"deberts": "deberts(target=201)", "belote": "belote(target=401)",
                  "schieber": "schieber(target=700)"}
SAMPLES = {game: write_match(random_match(game, 1, SAMPLE_OPTIONS[game])) for game in GAMES}
ALPHABET = st.sampled_from(
    [*'[]"#|=,. \n0123456789', "deal", "dealer", "deck", "pass", "trump H", "HJ", "S10",
     "Game", "Options", "Seed", "deberts", "schieber", "claim", "²", "١", "\t", "é", "-1"]
)
PREFIXES = st.sampled_from(
    ["", '[Game "deberts"]\n[Seed "1"]\n', '[Game "schieber"]\n[Seed "2"]\ndeal 1 dealer ',
     '[Game "deberts"]\n[Seed "1"]\ndeal 1 dealer 0\n', "deberts | dealer=", "schieber | "]
)


@settings(max_examples=300, deadline=None)
@given(PREFIXES, st.lists(ALPHABET, max_size=60).map("".join) | st.text(max_size=80))
def test_fuzz_garbage_raises_only_record_errors(prefix: str, garbage: str) -> None:
    for reader in (read_match, read_position):
        with contextlib.suppress(RecordError):
            reader(prefix + garbage)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GAMES),
    st.lists(
        st.tuples(st.sampled_from(["delete", "swap", "dup", "token", "insert"]),
                  st.integers(0, 10_000), st.integers(0, 10_000), ALPHABET),
        min_size=1, max_size=3,
    ),
)
def test_fuzz_mutated_records_raise_the_right_error_or_load(
    game: str, mutations: list[tuple[str, int, int, str]]
) -> None:
    lines = SAMPLES[game].splitlines()
    for kind, a, b, token in mutations:
        i, j = a % len(lines), b % len(lines)
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "dup":
            lines.insert(j, lines[i])
        elif kind == "insert":
            lines.insert(i, token)
        else:
            words = lines[i].split(" ")
            words[b % len(words)] = token
            lines[i] = " ".join(words)
    text = "\n".join(lines)
    try:
        record = parse_match(text)
    except RecordSyntaxError:
        return
    try:
        match = replay_match(record)
    except IllegalRecordError:
        return
    # what loads is a real match that writes and reads back the same
    assert scores_of(read_match(write_match(match))) == scores_of(match)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 200), ALPHABET)
def test_fuzz_mutated_positions(game: str, seed: int, where: int, token: str) -> None:
    info = get_game(game)
    deal = info.deal(seed=seed, dealer=seed % info.num_players)
    rng = random.Random(seed)
    for _ in range(seed % 30):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    text = format_position(deal)
    cut = where % (len(text) + 1)
    for bad in (text[:cut] + token + text[cut:], text[:cut] + text[cut + 1:]):
        try:
            back = read_position(bad)
        except RecordError:
            continue
        assert read_position(format_position(back)).state_key() == back.state_key()


# -- the viewer and the command line ---------------------------------------------------------
def viewer_output(text: str, commands: list[str], **kwargs: Any) -> tuple[str, ReplayViewer]:
    out = io.StringIO()
    feed = iter(commands)

    def typed(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    viewer = ReplayViewer(
        text, console=Console(file=out, width=100, color_system=None), input_fn=typed, **kwargs
    )
    assert viewer.run() == 0
    return out.getvalue(), viewer


@pytest.mark.parametrize("game", GAMES)
def test_viewer_steps_forward_back_and_jumps(game: str) -> None:
    text = SAMPLES[game]
    match = read_match(text)
    out, viewer = viewer_output(text, ["n", "n 3", "b", "d 2", "end", "seat 1", "all", "score",
                                       "d 999", "seat 9", "what", "h"])
    assert viewer.index == 1 and viewer.seat is None
    assert viewer.step == len(match.deals[1].actions)
    assert viewer.position().state_key() == match.deals[1].state_key()
    assert "Deal 2 of" in out and "There are deals 1 to" in out and "Unknown command" in out
    assert "After deal 1:" in out and "Seats are 0 to" in out


def test_viewer_walks_every_position_both_ways() -> None:
    text = SAMPLES["deberts"]
    total = sum(len(d.actions) for d in read_match(text).deals)
    _, viewer = viewer_output(text, [f"n {total + 5}"])
    assert viewer.index == len(viewer.deals) - 1 and viewer.position().is_over
    _, viewer = viewer_output(text, [f"n {total + 5}", f"b {total + 5}"])
    assert viewer.index == 0 and viewer.step == 0


@pytest.mark.parametrize(
    "game,options", [("deberts", "deberts"), ("belote", "belote(target=301)"),
                     ("schieber", "schieber(target=800)")]
)
def test_cli_play_saves_and_replay_reads_it(tmp_path: Any, game: str, options: str) -> None:
    path = tmp_path / "game.rec"
    runner = CliRunner()
    result = runner.invoke(
        main, ["play", game, "--seed", "4", "--watch", "--options", options, "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    record = parse_match(path.read_text(encoding="utf-8"))
    assert record.header("Seed") == "4" and record.header("Seat0") == "heuristic"
    assert record.header("Winner") in ("0", "1") and str(record.options) == options
    match = read_match(path.read_text(encoding="utf-8"))
    assert match.is_over
    result = runner.invoke(main, ["replay", str(path), "--seat", "0"], input="n\nd 2\nend\nq\n")
    assert result.exit_code == 0, result.output
    assert "Deal 2 of" in result.output
    bad = tmp_path / "bad.rec"
    bad.write_text(path.read_text(encoding="utf-8").replace("deal 1 dealer", "deal 7 dealer"))
    result = runner.invoke(main, ["replay", str(bad)])
    assert result.exit_code == 1 and "out of order" in result.output


def test_cli_play_saves_a_game_left_midway(tmp_path: Any) -> None:
    path = tmp_path / "left.rec"
    result = CliRunner().invoke(
        main, ["play", "deberts", "--seed", "9", "--save", str(path)], input="1\nq\n"
    )
    assert result.exit_code == 1
    text = path.read_text(encoding="utf-8")
    record = parse_match(text)
    assert record.header("Result") == "*" and record.header("Seat0") == "human"
    assert read_match(text).deal.actions


@pytest.mark.parametrize("game", GAMES)
def test_a_replayed_match_undoes_pickles_and_deals_the_recorded_decks_again(game: str) -> None:
    import pickle

    match = random_match(game, 8, SAMPLE_OPTIONS[game])
    unseeded = re.sub(r'\[Seed "\d+"\]\n', "", write_match(match))
    again = read_match(unseeded)
    copy = pickle.loads(pickle.dumps(again))
    actions = [a for d in again.deals for _, a in d.actions]
    for _ in actions:
        copy.undo()
    assert not copy.deals and not copy.deal.actions
    for action in actions:
        copy.apply(action)
    assert [d.state_key() for d in copy.deals] == [d.state_key() for d in match.deals]


def test_replay_from_a_script_on_stdin(tmp_path: Any) -> None:
    import subprocess
    import sys

    path = tmp_path / "schieber.rec"
    path.write_text(SAMPLES["schieber"], encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "atout.cli", "replay", str(path), "--lang", "fr"],
        input="n 10\nb 3\nd 2\nseat 2\nend\n", capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Donne 2 sur" in proc.stdout and "action 7 sur" in proc.stdout
