"""Clubs: people known from one match to the next, and duplicate nights
(:mod:`atout.clubs.duplicate`)."""
