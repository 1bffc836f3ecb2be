"""Clubs without the web: passwords (Argon2), ratings (OpenSkill, partnerships and bots),
and the statistics of a finished match."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("argon2")
pytest.importorskip("openskill")

from atout.bots.base import make_bot
from atout.clubs import (
    Rating,
    hash_password,
    match_stats,
    rate_match,
    team_of,
    verify_password,
)
from atout.kits import get_game


def test_a_password_is_kept_as_an_argon2id_hash_with_its_own_salt() -> None:
    first = hash_password("correct horse")
    second = hash_password("correct horse")
    assert first.startswith("$argon2id$")
    assert "correct horse" not in first
    assert first != second  # a fresh salt each time
    assert verify_password(first, "correct horse")
    assert verify_password(second, "correct horse")
    assert not verify_password(first, "correct horsE")
    assert not verify_password(None, "correct horse")  # no such member
    assert not verify_password("not a hash", "correct horse")
    assert not verify_password(first, "x" * 10_000)  # too long: refused, not hashed


def test_a_password_too_short_or_too_long_is_refused() -> None:
    with pytest.raises(ValueError):
        hash_password("short")
    with pytest.raises(ValueError):
        hash_password("y" * 201)


def test_winners_go_up_losers_down_and_partners_move_together() -> None:
    seats = ["member:a", "member:b", "member:c", "member:d"]
    new = rate_match(seats, [0, 1, 0, 1], winner=0, current={})
    assert new["member:a"] == new["member:c"]
    assert new["member:b"] == new["member:d"]
    assert new["member:a"].mu > 25 > new["member:b"].mu
    assert all(r.sigma < 25 / 3 and r.matches == 1 for r in new.values())
    # the second match starts from the first's ratings
    again = rate_match(seats, [0, 1, 0, 1], winner=1, current=new)
    assert again["member:b"].mu > new["member:b"].mu
    assert again["member:a"].matches == 2


def test_an_upset_moves_ratings_more_than_the_expected_result() -> None:
    strong, weak = Rating(35.0, 3.0, 20), Rating(15.0, 3.0, 20)
    expected = rate_match(["s", "w"], [0, 1], 0, {"s": strong, "w": weak})
    upset = rate_match(["s", "w"], [0, 1], 1, {"s": strong, "w": weak})
    assert upset["w"].mu - weak.mu > expected["s"].mu - strong.mu > 0


def test_a_bot_level_in_two_seats_gets_one_rating() -> None:
    new = rate_match(["member:a", "bot:medium", "member:b", "bot:medium"], [0, 1, 0, 1], 0, {})
    assert set(new) == {"member:a", "member:b", "bot:medium"}
    assert new["bot:medium"].mu < 25 and new["bot:medium"].matches == 1
    with pytest.raises(ValueError):
        rate_match(["a", "b"], [0, 1], 2, {})


def test_the_leaderboard_number_starts_at_zero() -> None:
    assert Rating().ordinal == pytest.approx(0.0)


def _finished(game: str, options: str, seed: int) -> Any:
    info = get_game(game)
    match = info.match(seed=seed, options=info.options.parse(options))
    bots = [make_bot(game, "heuristic", seed=i) for i in range(info.num_players)]
    while not match.is_over:
        seat = match.current_player()
        match.apply(bots[seat].choose(match.view(seat)))
    return match


@pytest.mark.parametrize(("game", "options"), [
    ("deberts", "deberts(target=301)"), ("belote", "belote(target=501)"),
    ("schieber", "schieber(target=1000)"),
])
def test_match_statistics_agree_with_the_deals(game: str, options: str) -> None:
    match = _finished(game, options, seed=11)
    stats = match_stats(game, match)
    assert [s.seat for s in stats] == list(range(match.num_players))
    score = getattr(match, "final_score", None) or match.scores
    for s in stats:
        assert s.team == team_of(game, s.seat)
        assert s.won == (s.team == match.winner)
        assert s.points == score[s.team]
        assert 0 <= s.made <= s.taken <= len(match.deals)
        assert s.deals == len(match.deals)
    # every played contract was taken by exactly one seat
    if game == "belote":
        played = sum(d.result.taker is not None and d.result.outcome != "thrown-in"
                     for d in match.deals)
        made = sum(d.result.outcome == "made" for d in match.deals)
        assert sum(s.made for s in stats) == made
    elif game == "deberts":
        played = sum(d.result.caller is not None and d.result.played for d in match.deals)
    else:
        played = sum(d.result.chooser is not None for d in match.deals)
    assert sum(s.taken for s in stats) == played
    # partners share the team's points; announcements are the seats' own
    if match.num_players == 4:
        assert stats[0].points == stats[2].points and stats[1].points == stats[3].points


def test_statistics_count_weis_and_a_capot() -> None:
    """A Schieber match's Weis are counted at the seat that held them."""
    match = _finished("schieber", "schieber(target=1500)", seed=3)
    held = [0, 0, 0, 0]
    for deal in match.deals:
        for team in (0, 1):
            for seat, _ in deal.result.weis[team]:
                held[seat] += 1
        if deal.result.stoeck_seat is not None and deal.result.stoeck_seat >= 0:
            held[deal.result.stoeck_seat] += 1
    assert [s.announcements for s in match_stats("schieber", match)] == held
    capots = [sum(d.result.match_bonus[t] > 0 for d in match.deals) for t in (0, 1)]
    assert [s.capots for s in match_stats("schieber", match)] == [
        capots[0], capots[1], capots[0], capots[1]]


def test_statistics_refuse_a_match_still_going() -> None:
    info = get_game("belote")
    with pytest.raises(ValueError):
        match_stats("belote", info.match(seed=1))
