"""Club nights and sign-in attempts: a table knows the duplicate night it belongs to
(its page links back to the standings), a club table may be a table of one of the
club's nights (its night, round and table number), and the sign-in attempts are
counted in the database, so that several server processes hold one limit.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03

Nothing existing changes: a club table made before is no night's.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import stamp

revision = "0009"
down_revision: str | None = "0008"


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("night_id", sa.String(40), nullable=True))
    with op.batch_alter_table("atout_club_tables") as batch:
        batch.add_column(sa.Column("night_id", sa.String(40), nullable=True))
        batch.add_column(sa.Column("night_round", sa.Integer, nullable=True))
        batch.add_column(sa.Column("night_table", sa.Integer, nullable=True))
    op.create_index("ix_atout_club_tables_night", "atout_club_tables", ["night_id"])
    op.create_table(
        "atout_signin_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        stamp("at"),
    )
    op.create_index("ix_atout_signin_attempts_key", "atout_signin_attempts", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_atout_signin_attempts_key", "atout_signin_attempts")
    op.drop_table("atout_signin_attempts")
    op.drop_index("ix_atout_club_tables_night", "atout_club_tables")
    with op.batch_alter_table("atout_club_tables") as batch:
        batch.drop_column("night_table")
        batch.drop_column("night_round")
        batch.drop_column("night_id")
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("night_id")
