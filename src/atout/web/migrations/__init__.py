"""Alembic migrations of the web server's database (run by :func:`atout.web.store.migrate`)."""
