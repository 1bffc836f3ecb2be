"""The first schema: tables, their seats and the event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

This is the schema that ``metadata.create_all`` made before the migrations existed; a
database made that way is stamped with this revision when first opened
(see :func:`atout.web.store.migrate`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "atout_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("options", sa.String(400), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "atout_seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("atout_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "atout_events",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("atout_tables.id"),
                  primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("atout_events")
    op.drop_table("atout_seats")
    op.drop_table("atout_tables")
