"""Clubs: what does not depend on the storage or the web (passwords, ratings, the
statistics of a finished match, duplicate nights: :mod:`atout.clubs.duplicate`). The web
room stores clubs (:mod:`atout.web.clubstore`) and nights, and serves their pages
(:mod:`atout.web.clubs`, :mod:`atout.web.nights`); docs/clubs.md tells the story."""

from __future__ import annotations

from atout.clubs.passwords import PASSWORD_MAX, PASSWORD_MIN, hash_password, verify_password
from atout.clubs.ratings import DEFAULT_MU, DEFAULT_SIGMA, Rating, ordinal, rate_match
from atout.clubs.stats import SeatStats, match_stats, team_of

__all__ = [
    "DEFAULT_MU", "DEFAULT_SIGMA", "PASSWORD_MAX", "PASSWORD_MIN", "Rating", "SeatStats",
    "hash_password", "match_stats", "ordinal", "rate_match", "team_of", "verify_password",
]
